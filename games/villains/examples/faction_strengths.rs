//! How well the heuristic bot does with each faction: bots at every seat,
//! factions dealt at random, AP + PP averaged per faction (how the bot's
//! faction preference in `bot.rs` was chosen):
//! `cargo run --release -p villains --example faction_strengths -- 60`.
use backroom_engine::{Game, GameRng};
use villains::Villains;
use villains::state::Phase;

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let mut points: std::collections::BTreeMap<String, (u32, u32)> = Default::default();
    for seats in [4u8, 5] {
        for m in 0..games {
            let seed = 1000 + m;
            let mut rng = GameRng::seeded(seed);
            let mut bots = GameRng::seeded(seed ^ 0xb07);
            let mut s = Villains::setup(&Default::default(), seats, &mut rng).expect("setup");
            while s.outcome().is_none() {
                let seat = s.pending().awaited().iter().next().expect("someone is awaited");
                // Factions dealt at random; the bot plays everything else.
                let a = if matches!(s.phase, Phase::SelectFactions { .. }) {
                    s.random_action(seat, &mut bots)
                } else {
                    s.bot_action(seat, &mut bots)
                }
                .expect("a legal action");
                s.apply(seat, &a, &mut rng).expect("the bot's action applies");
            }
            for p in &s.players {
                let e = points.entry(p.faction.expect("chosen").faction().id.clone()).or_default();
                e.0 += u32::from(p.ap) + u32::from(p.pp);
                e.1 += 1;
            }
        }
    }
    for (f, (pts, n)) in points {
        println!("{f}: {:.1} points over {n} games", f64::from(pts) / f64::from(n));
    }
}
