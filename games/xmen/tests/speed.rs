//! Random-play speed, for the report: `cargo test --release -p
//! xmen-mutant-revolution --test speed -- --ignored --nocapture`.

use backroom_engine::{Game, GameRng};
use std::time::Instant;
use xmen::{Options, XMen};

#[test]
#[ignore]
fn random_play_speed() {
    let start = Instant::now();
    let mut actions = 0usize;
    let mut games = 0;
    let mut ends = std::collections::BTreeMap::new();
    for seed in 0..40u64 {
        let mut rng = GameRng::seeded(seed);
        let mut bot = GameRng::seeded(seed + 99);
        let mut g = XMen::setup(&Options::default(), 3 + (seed % 2) as u8, &mut rng).unwrap();
        while !g.pending().is_over() {
            let awaited: Vec<u8> = g.pending().awaited().iter().collect();
            let seat = awaited[bot.index(awaited.len())];
            let a = g.random_action(seat, &mut bot).expect("a legal action");
            g.apply(seat, &a, &mut rng).unwrap();
            actions += 1;
        }
        let summary = g.outcome().unwrap().summary;
        let kind = summary
            .split(':')
            .next()
            .unwrap_or("")
            .split(' ')
            .skip(2)
            .collect::<Vec<_>>()
            .join(" ");
        *ends.entry(kind).or_insert(0) += 1;
        games += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!("{ends:?}");
    eprintln!(
        "{games} games, {actions} actions in {secs:.2}s: {:.0} actions/s",
        actions as f64 / secs
    );
}
