//! Random games end by every rule, not only by the turn limit.

use backroom_engine::{Game, GameRng};
use nefarious_schemes::{Options, Schemes};

#[test]
fn random_games_end_in_several_ways() {
    let mut reasons = std::collections::BTreeMap::new();
    for seed in 0..40u64 {
        let mut rng = GameRng::seeded(seed);
        let mut bot = GameRng::seeded(seed + 1000);
        let mut g = Schemes::setup(&Options::default(), 2, &mut rng).unwrap();
        let mut n = 0;
        while !g.pending().is_over() {
            let seat = g.pending().awaited().iter().next().unwrap();
            let a = g.random_action(seat, &mut bot).unwrap();
            g.apply(seat, &a, &mut rng).unwrap();
            n += 1;
        }
        let e = g.ending.clone().unwrap();
        let key = e.reason.split_whitespace().skip(1).take(4).collect::<Vec<_>>().join(" ");
        *reasons.entry(key).or_insert(0) += 1;
        assert!(n < Schemes::max_actions(2));
    }
    eprintln!("{reasons:#?}");
    assert!(reasons.len() >= 3, "{reasons:?}");
}
