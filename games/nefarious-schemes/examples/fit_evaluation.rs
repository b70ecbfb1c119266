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

use backroom_engine::{Game, GameRng, testkit};
use nefarious_schemes::bot::{NAMES, features};
use nefarious_schemes::{Options, Schemes, VILLAIN};

fn main() {
    let a: Vec<u64> = std::env::args().skip(1).filter_map(|s| s.parse().ok()).collect();
    let (matches, seed) = (a.first().copied().unwrap_or(200), a.get(1).copied().unwrap_or(5000));
    let mut rows = vec![];
    for m in 0..matches {
        let mut rng = GameRng::seeded(seed + m);
        let mut bot = GameRng::seeded((seed + m) ^ 0xf17);
        let mut g = Schemes::setup(&Options::default(), 2, &mut rng).expect("setup");
        let mut seen = vec![];
        for step in 0..Schemes::max_actions(2) {
            let pending = g.pending();
            if pending.is_over() {
                break;
            }
            if step % 5 == 0 {
                seen.push(features(&g).to_vec());
            }
            let awaited: Vec<_> = pending.awaited().iter().collect();
            let seat = awaited[bot.index(awaited.len())];
            let act = g.bot_action(seat, &mut bot).or_else(|| g.random_action(seat, &mut bot)).expect("an action");
            if g.apply(seat, &act, &mut rng).is_err() {
                let act = g.random_action(seat, &mut bot).expect("an action");
                g.apply(seat, &act, &mut rng).expect("a legal action");
            }
        }
        let Some(o) = g.outcome() else { continue };
        let won = backroom_engine::search::reward(&o, VILLAIN);
        rows.extend(seen.into_iter().map(|x| (x, won)));
    }
    let w = testkit::fit_logistic(&rows, 1.0);
    println!("{} positions from {matches} matches", rows.len());
    for (n, w) in NAMES.iter().zip(&w) {
        println!("  {n:<22} {w:+.3}");
    }
    let list: Vec<String> = w.iter().map(|w| format!("{w:.3}")).collect();
    println!("const WEIGHTS: [f64; FEATURES] = [{}];", list.join(", "));
}
