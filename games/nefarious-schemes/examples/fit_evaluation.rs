//! Fits the search bot's evaluation (`src/bot/evaluate.rs`): plays
//! heuristic-against-heuristic matches (match `m` from seed `seed + m`),
//! takes the evaluation's features every 5th step, and fits the Villain's
//! log-odds of winning on them by logistic regression
//! ([`backroom_engine::testkit::fit_logistic`]). Prints the weights to
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
    let w = testkit::fit_logistic(&rows, 1.0);
    println!("{} positions from {matches} matches", rows.len());
    for (n, w) in NAMES.iter().zip(&w) {
        println!("  {n:<22} {w:+.3}");
    }
    // In-sample Brier scores of the fitted chance and of the mean rate.
    let rate = rows.iter().map(|r| r.1).sum::<f64>() / rows.len().max(1) as f64;
    let (mut fitted, mut flat) = (0.0, 0.0);
    for (x, y) in &rows {
        let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
        fitted += (1.0 / (1.0 + (-z).exp()) - y).powi(2);
        flat += (rate - y).powi(2);
    }
    let n = rows.len().max(1) as f64;
    println!("Brier {:.4} (the mean rate {rate:.3}: {:.4})", fitted / n, flat / n);
    let list: Vec<String> = w.iter().map(|w| format!("{w:.3}")).collect();
    println!("const WEIGHTS: [f64; FEATURES] = [{}];", list.join(", "));
}
