//! X-Men's own stored matches (`tests/corpus/xmen-*`) restore and play to
//! the end under today's engine, each at the version it was stored under:
//! the catalogue's corpus test checks every game, this one lets a change to
//! X-Men's action format (e.g. a discard naming copies, `id#2`) be checked
//! without the other games' fixtures.

use backroom_games::corpus::{Fixture, corpus_dir, fixture_paths};

#[test]
fn xmen_stored_matches_restore() {
    let paths: Vec<_> = fixture_paths(&corpus_dir())
        .expect("tests/corpus/ exists")
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("xmen-")))
        .collect();
    assert!(paths.len() >= 4, "X-Men fixtures: {paths:?}");
    for (i, path) in paths.iter().enumerate() {
        let f = Fixture::load(path).unwrap_or_else(|e| panic!("{e}"));
        let checked = f.check(i as u64).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(checked.replayed, f.actions.len(), "{}", path.display());
    }
}
