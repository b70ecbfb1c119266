//! Every rulebook scenario file of every game, through the one generic
//! runner. Here rather than in the server's integration binary, so that a
//! game author runs them with `cargo test -p backroom-games` alone.

use std::path::Path;

#[test]
fn every_scenario_file_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = vec![];
    for game in std::fs::read_dir(&root).unwrap().flatten() {
        files.extend(backroom_games::scenario::files_in(&game.path().join("scenarios")));
    }
    assert!(!files.is_empty());
    let mut failures = vec![];
    for f in &files {
        if let Err(e) = backroom_games::scenario::load(f).and_then(|s| backroom_games::scenario::run(&s)) {
            failures.push(format!("{}: {e}", f.display()));
        }
    }
    assert!(failures.is_empty(), "{} of {} scenarios failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}

/// Every catalogued game keeps its rulebook examples in
/// `games/<id>/scenarios/`, so a game whose folder lost them (or was renamed
/// away from its id) fails here rather than silently running none.
#[test]
fn every_catalogued_game_has_scenario_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for game in backroom_games::catalogue() {
        let dir = root.join(&game.info().id).join("scenarios");
        assert!(!backroom_games::scenario::files_in(&dir).is_empty(), "no scenarios in {}", dir.display());
    }
}

#[test]
fn a_wrong_expectation_fails_the_scenario() {
    let s: backroom_games::scenario::Scenario = toml::from_str(
        r#"
name = "deliberately wrong"
game = "sealed-bids"
seats = 2
[[step]]
seat = 0
action = { type = "bid", value = 3, round = 0 }
[[step.expect]]
of = "view"
seat = 1
pointer = "/my_bid"
equals = 3
"#,
    )
    .unwrap();
    let e = backroom_games::scenario::run(&s).unwrap_err();
    assert!(e.message.contains("after step 1"), "{e}");
}

#[test]
fn an_accepted_step_the_prompt_does_not_offer_fails_unless_it_says_why() {
    // The dial offers bids for the current round; a bid without its round is
    // accepted by the engine (an old client's shape) but no control sends it.
    let text = |extra: &str| {
        format!(
            r#"
name = "a move the table cannot make"
game = "sealed-bids"
seats = 2
[[step]]
seat = 0
action = {{ type = "bid", value = 3 }}
{extra}
"#
        )
    };
    let s: backroom_games::scenario::Scenario = toml::from_str(&text("")).unwrap();
    let e = backroom_games::scenario::run(&s).unwrap_err();
    assert!(e.message.contains("does not offer") && e.message.contains("'round'"), "{e}");
    let s: backroom_games::scenario::Scenario =
        toml::from_str(&text(r#"unreachable = "an older client's bid, without its round""#)).unwrap();
    backroom_games::scenario::run(&s).unwrap();
}
