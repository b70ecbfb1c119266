//! The heuristic bot against the first, simple bot (`bot::baseline`) over
//! seeded matches, seats alternating: `cargo run -p crisis-protocol
//! --example duel -- [matches] [first seed]`. The arena measures the bot
//! against random play; this measures it against the bot it replaced.

use backroom_engine::{Game, GameRng};
use crisis_protocol::{Crisis, Options, bot};

fn main() {
    let mut args = std::env::args().skip(1);
    let matches: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let (mut wins, mut draws, mut vp, mut actions) = (0.0f64, 0u64, [0u64; 2], 0u64);
    let mut ends: std::collections::BTreeMap<(String, bool), u32> = Default::default();
    // Time the heuristic bot takes per decision: total, longest, count.
    let mut think = (0.0f64, 0.0f64, 0u64);
    for m in 0..matches {
        let heuristic_seat = (m % 2) as u8;
        let mut rng = GameRng::seeded(seed + m);
        let mut bots = GameRng::seeded((seed + m) ^ 0xd0e1);
        let mut g = Crisis::setup(&Options::default(), 2, &mut rng).expect("setup");
        let mut n = 0;
        while g.outcome().is_none() {
            let seat = g.pending().awaited().iter().next().expect("someone is awaited");
            let a = if seat == heuristic_seat {
                let t = std::time::Instant::now();
                let a = bot::action(&g, seat, &mut bots);
                let e = t.elapsed().as_secs_f64();
                (think.0, think.1, think.2) = (think.0 + e, think.1.max(e), think.2 + 1);
                a
            } else {
                bot::baseline::action(&g, seat, &mut bots)
            };
            let a = a.expect("the bot has an action");
            let log = g.apply(seat, &a, &mut rng).unwrap_or_else(|e| panic!("seed {}: {a:?} refused: {e}", seed + m));
            for line in log.iter().filter_map(|l| l.public.as_deref()) {
                if let Some(why) = line.split(" the match (").nth(1).or_else(|| line.split("is a draw (").nth(1)) {
                    let why = why.split(')').next().unwrap_or("").to_string();
                    let won = !line.contains("draw") && (o_winner(line) == Some(heuristic_seat));
                    *ends.entry((why, won)).or_insert(0u32) += 1;
                }
            }
            n += 1;
            assert!(n < 4000, "seed {}: no end", seed + m);
        }
        actions += n;
        let o = g.outcome().expect("over");
        vp[0] += o.scores[usize::from(heuristic_seat)] as u64;
        vp[1] += o.scores[usize::from(1 - heuristic_seat)] as u64;
        match o.ranking.as_slice() {
            [first, ..] if first.len() == 2 => {
                draws += 1;
                wins += 0.5;
            }
            [first, ..] if first[0] == heuristic_seat => wins += 1.0,
            _ => {}
        }
    }
    let n = matches as f64;
    let (lo, hi) = wilson(wins, n, 1.96);
    println!(
        "heuristic vs baseline: {matches} matches, heuristic win rate {:.1}% (95% CI {:.1}–{:.1}%), {draws} draws, mean VP {:.2} to {:.2}, {:.0} actions per match",
        100.0 * wins / n,
        100.0 * lo,
        100.0 * hi,
        vp[0] as f64 / n,
        vp[1] as f64 / n,
        actions as f64 / n
    );
    println!(
        "  heuristic decision time: mean {:.2} ms, longest {:.1} ms over {} decisions",
        1e3 * think.0 / think.2.max(1) as f64,
        1e3 * think.1,
        think.2
    );
    for ((why, won), k) in ends {
        println!("  {k:4} ended by {why}, {}", if won { "heuristic won" } else { "baseline won" });
    }
}

/// The seat a "... wins the match" line names (seat tokens `{seat:N}`).
fn o_winner(line: &str) -> Option<u8> {
    let i = line.find("{seat:")?;
    line[i + 6..].chars().next()?.to_digit(10).map(|d| d as u8)
}

/// Wilson's score interval for `k` successes in `n` trials.
fn wilson(k: f64, n: f64, z: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let p = k / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
