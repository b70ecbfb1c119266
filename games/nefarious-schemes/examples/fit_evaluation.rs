//! Fits the search bot's evaluation (`src/bot/evaluate.rs`): plays
//! heuristic-against-heuristic matches (match `m` from seed `seed + m`),
//! takes the evaluation's features every 5th step, and fits the Villain's
//! log-odds of winning on them by logistic regression
//! ([`backroom_engine::testkit::report_fit`]). Prints the weights to
//! paste into `WEIGHTS`.
//!
//! ```text
//! cargo run --profile profiling -p nefarious-schemes --example fit_evaluation -- [matches] [seed]
//! ```

use backroom_engine::{search, testkit};
use nefarious_schemes::bot::{NAMES, features};
use nefarious_schemes::{Options, Schemes, VILLAIN};

fn main() {
    let a: Vec<u64> = std::env::args().skip(1).filter_map(|s| s.parse().ok()).collect();
    let (matches, seed) = (a.first().copied().unwrap_or(200), a.get(1).copied().unwrap_or(5000));
    let read = |g: &Schemes| features(g).to_vec();
    let positions = testkit::labelled_positions(&Options::default(), 2, seed, matches, 5, read).expect("matches");
    let rows: Vec<(Vec<f64>, f64)> = positions.into_iter().map(|(f, o)| (f, search::reward(&o, VILLAIN))).collect();
    print!("{matches} matches: {}", testkit::report_fit(&rows, &NAMES));
}
