//! Runs every rulebook example in `scenarios/` through the generic runner.

use std::path::Path;

#[test]
fn rulebook_scenarios() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let files = backroom_games::scenario::files_in(&dir);
    assert!(!files.is_empty(), "no scenarios in {}", dir.display());
    let mut failures = vec![];
    for f in &files {
        let result = backroom_games::scenario::load(f).and_then(|s| backroom_games::scenario::run(&s));
        if let Err(e) = result {
            failures.push(format!("{}: {e}", f.file_name().unwrap().to_string_lossy()));
        }
    }
    assert!(failures.is_empty(), "{} of {} scenarios failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}
