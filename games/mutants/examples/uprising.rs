//! Uprising measured: how often a player beats each boss, played by the
//! heuristic bot or by random legal play, over seeded matches.
//! `cargo run -p mutants --example uprising -- [matches] [first seed]`

use backroom_engine::{Game, GameRng};
use mutants::{Mutants, Options};

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let first: u64 = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    for boss in ["singularity-wizard", "jack-ice"] {
        for heuristic in [true, false] {
            let mut wins = 0;
            let mut life = 0i64;
            for seed in first..first + n {
                let o = Options { boss: boss.into(), ..Options::default() };
                let mut rng = GameRng::seeded(seed);
                let mut bot = GameRng::seeded(seed + 1_000_000);
                let mut g = Mutants::setup(&o, 1, &mut rng).expect("setup");
                while !g.pending().is_over() {
                    let a = if heuristic { g.bot_action(0, &mut bot) } else { None }
                        .or_else(|| g.random_action(0, &mut bot))
                        .expect("a legal action");
                    g.apply(0, &a, &mut rng).expect("applies");
                }
                let b = g.boss.as_ref().expect("solo");
                if b.life <= 0 {
                    wins += 1;
                }
                life += i64::from(b.life.max(0));
            }
            println!(
                "{boss:>18} {:>9}: {wins}/{n} bosses defeated, {:.1} Life left on average",
                if heuristic { "heuristic" } else { "random" },
                life as f64 / n as f64
            );
        }
    }
}
