//! Which Preconstructed list does best against each Uprising boss: the
//! heuristic bot plays each list (both copies of its six designs) against
//! each boss over the same seeded matches, and, for comparison, the list
//! the bot builds itself. The builder's "Recommended 12" for a boss
//! (`recommended` in `content/bosses.json`) is the list with the most wins.
//! `cargo run --release -p mutants --example recommend -- [matches] [first seed]`

use backroom_engine::{Game, GameRng};
use mutants::content::content;
use mutants::{Action, Mutants, Options};
use serde_json::json;

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let first: u64 = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let c = content();
    for boss in &c.bosses {
        let mut lists: Vec<(String, Option<Action>)> = vec![("the bot's own".into(), None)];
        for p in &c.precons {
            let cards: Vec<String> =
                p.cards.iter().flat_map(|id| [id.key().to_string(), format!("{}:2", id.key())]).collect();
            lists.push((
                p.id.clone(),
                Some(serde_json::from_value(json!({"type": "construct", "cards": cards})).expect("a construct action")),
            ));
        }
        for (name, construct) in lists {
            let (mut wins, mut life, mut played) = (0u64, 0i64, 0u64);
            for seed in first..first + n {
                let o = Options { boss: boss.id.clone(), ..Options::default() };
                let mut rng = GameRng::seeded(seed);
                let mut bot = GameRng::seeded(seed + 1_000_000);
                let mut g = Mutants::setup(&o, 1, &mut rng).expect("setup");
                let mut own = construct.clone();
                let mut refused = false;
                while !g.pending().is_over() {
                    let a = match own.take() {
                        Some(a) => a,
                        None => {
                            g.bot_action(0, &mut bot).or_else(|| g.random_action(0, &mut bot)).expect("a legal action")
                        }
                    };
                    if g.apply(0, &a, &mut rng).is_err() {
                        refused = true;
                        break;
                    }
                }
                if refused {
                    break;
                }
                played += 1;
                let b = g.boss.as_ref().expect("solo");
                wins += u64::from(b.life <= 0);
                life += i64::from(b.life.max(0));
            }
            if played == 0 {
                println!("{:>18} {name:>18}: not allowed in Uprising", boss.id);
                continue;
            }
            println!(
                "{:>18} {name:>18}: {wins}/{played} bosses defeated, {:.1} Life left on average",
                boss.id,
                life as f64 / played as f64
            );
        }
    }
}
