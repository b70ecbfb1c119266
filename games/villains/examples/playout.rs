//! Random legal play through the prompt path, for profiling:
//! `cargo run --release -p villains --example playout -- 20000`.
use backroom_engine::{Game, GameRng, Pending};
use villains::Villains;

fn main() {
    let steps: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let mut rng = GameRng::seeded(7);
    let mut bot = GameRng::seeded(8);
    let mut state = Villains::setup(&Default::default(), 4, &mut rng).unwrap();
    let start = std::time::Instant::now();
    let mut games = 0;
    for _ in 0..steps {
        let awaited = state.pending().awaited();
        if awaited.is_empty() {
            games += 1;
            state = Villains::setup(&Default::default(), 4, &mut rng).unwrap();
            continue;
        }
        let seats: Vec<_> = awaited.iter().collect();
        let seat = seats[bot.index(seats.len())];
        let a = state.random_action(seat, &mut bot).expect("legal");
        state.apply(seat, &a, &mut rng).expect("applies");
    }
    let _ = Pending::Over;
    let s = start.elapsed().as_secs_f64();
    println!("{steps} actions, {games} games, {:.0} actions/s", steps as f64 / s);
}
