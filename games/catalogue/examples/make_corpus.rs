//! Writes the upgrade-corpus fixtures today's engines do not have yet into
//! `tests/corpus/` (see `backroom_games::corpus`). Never overwrites: run it
//! after adding a game, a seat count or bumping an `engine_version`, and
//! commit the new files.
//!
//! `cargo run -p backroom-games --example make_corpus [DIR]`

fn main() {
    let dir = std::env::args().nth(1).map(std::path::PathBuf::from).unwrap_or_else(backroom_games::corpus::corpus_dir);
    let result = backroom_games::corpus::write_missing(&dir);
    let dir = dir.canonicalize().unwrap_or(dir);
    match result {
        Ok(written) if written.is_empty() => println!("{}: nothing to add", dir.display()),
        Ok(written) => {
            for p in written {
                println!("wrote {}", dir.join(p.file_name().unwrap_or_default()).display());
            }
        }
        Err(e) => {
            eprintln!("make_corpus: {e}");
            std::process::exit(1);
        }
    }
}
