//! How many iterations a second the search bot runs in each game
//! (`backroom_engine::search`), on the positions of a few heuristic
//! matches: the yardstick for making playouts quicker, since a decision's
//! strength grows with the iterations its thinking time buys.
//!
//! ```text
//! cargo run --profile profiling -p backroom-games --example search_speed -- [game or all] [stride] [horizon]
//! ```
//!
//! Matches from seeds 1–3, played by the heuristic; every `stride`-th
//! position (default 40) the awaited seat searches 150 iterations (with the
//! game's own horizon, or `horizon` when given, to weigh a shorter one). The
//! figure is the iterations actually run (a position with a single move runs
//! none) over this thread's CPU time (Linux: `/proc/thread-self/stat`), so
//! other work on the machine does not skew it. On the server's allocator.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use backroom_engine::search::{self, Budget};
use backroom_engine::{Game, GameRng};

/// This thread's CPU time in seconds (user + system, in clock ticks of 10 ms).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").expect("a Linux /proc");
    let after_name = stat.rsplit(')').next().unwrap_or_default();
    let fields: Vec<f64> = after_name.split_whitespace().map(|f| f.parse().unwrap_or(0.0)).collect();
    (fields[11] + fields[12]) / 100.0
}

/// One game's measurement: iterations run and CPU seconds.
type Measure<'a> = &'a dyn Fn() -> (usize, f64);

/// Iterations run and CPU seconds over the positions of three matches.
fn measure<G: Game>(options: &G::Options, seats: u8, stride: usize) -> (usize, f64) {
    let mut config = G::search_config();
    if let Some(h) = std::env::args().nth(3).and_then(|h| h.parse().ok()) {
        config.horizon = h;
    }
    let (mut iterations, started) = (0, cpu_seconds());
    for seed in 1..=3u64 {
        let mut rng = GameRng::seeded(seed);
        let mut bots = GameRng::seeded(seed ^ 0x5eed);
        let mut g = G::setup(options, seats, &mut rng).expect("setup");
        for step in 0..400 {
            let pending = g.pending();
            let awaited: Vec<_> = pending.awaited().iter().collect();
            if pending.is_over() || awaited.is_empty() {
                break;
            }
            let seat = awaited[bots.index(awaited.len())];
            if step % stride == stride / 4 {
                let choice = search::choose(&g, seat, step as u64, &config, Budget::iterations(150));
                iterations += choice.map_or(0, |c| c.iterations);
            }
            let a = g.bot_action(seat, &mut bots).or_else(|| g.random_action(seat, &mut bots)).expect("a move");
            g.apply(seat, &a, &mut rng).expect("the heuristic's move is legal");
        }
    }
    (iterations, cpu_seconds() - started)
}

fn main() {
    let only = std::env::args().nth(1).filter(|g| g != "all");
    let stride: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(40).max(1);
    let games: [(&str, Measure<'_>); 5] = [
        ("nefarious-schemes", &|| measure::<nefarious_schemes::Schemes>(&Default::default(), 2, stride)),
        ("crisis-protocol", &|| measure::<crisis_protocol::Crisis>(&Default::default(), 2, stride)),
        ("mutants", &|| measure::<mutants::Mutants>(&Default::default(), 2, stride)),
        ("villains", &|| measure::<villains::Villains>(&Default::default(), 4, stride)),
        ("xmen-mutant-revolution", &|| measure::<xmen_mutant_revolution::XMen>(&Default::default(), 3, stride)),
    ];
    for (id, run) in games {
        if only.as_deref().is_some_and(|o| o != id) {
            continue;
        }
        let (iterations, seconds) = run();
        println!("{id}: {iterations} iterations in {seconds:.2} s of CPU: {:.0} a second", iterations as f64 / seconds);
    }
}
