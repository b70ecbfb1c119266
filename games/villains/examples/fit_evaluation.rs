//! Fits the search bot's evaluation (`src/bot/evaluate.rs`): plays
//! heuristic matches at 4 seats (match `m` from seed `seed + m`), takes
//! every player's features every 5th step, and fits a player's log-odds
//! of winning on them by logistic regression
//! ([`backroom_engine::testkit::report_fit`]). Prints the weights to paste
//! into `WEIGHTS`.
//!
//! ```text
//! cargo run --profile profiling -p villains --example fit_evaluation -- [matches] [seed]
//! ```

use backroom_engine::{search, testkit};
use villains::Villains;
use villains::bot::{NAMES, features};

fn main() {
    let a: Vec<u64> = std::env::args().skip(1).filter_map(|s| s.parse().ok()).collect();
    let (matches, seed) = (a.first().copied().unwrap_or(200), a.get(1).copied().unwrap_or(5000));
    let read = |g: &Villains| (0..g.seats).map(|s| features(g, s).to_vec()).collect::<Vec<_>>();
    let positions = testkit::labelled_positions(&Default::default(), 4, seed, matches, 5, read).expect("matches");
    let rows: Vec<(Vec<f64>, f64)> = positions
        .into_iter()
        .flat_map(|(seats, o)| {
            seats.into_iter().enumerate().map(move |(s, f)| (f, search::reward(&o, s as u8))).collect::<Vec<_>>()
        })
        .collect();
    print!("{matches} matches: {}", testkit::report_fit(&rows, &NAMES));
}
