//! Which horizon, test level and spread buy the search most at the same
//! thinking time (a look for tuning `Game::search_config`, not a check):
//! at the awaited seats of positions from 6 heuristic matches (every 40th
//! step), the search chooses with each setting, and every move that
//! leaves the heuristic's is measured with 300 paired playouts of about a
//! turn (horizon 100), whatever the setting's horizon.
//!
//! ```text
//! cargo run --profile profiling -p villains --example horizons -- [horizon/iterations/risk[/spread],...]
//! ```
//!
//! The iterations of a setting should be what its horizon runs in about
//! 200 ms on one core (`search_speed` in `games/catalogue`).

use backroom_engine::Game;
use backroom_engine::search::Config;
use backroom_engine::testkit;
use villains::{Options, Villains};

fn main() {
    let settings = std::env::args().nth(1).unwrap_or_else(|| "100/28/0.1,30/85/0.1,30/85/0.3".into());
    let positions: Vec<Villains> =
        testkit::labelled_positions::<Villains, _>(&Options::default(), 4, 77, 6, 40, |g| g.clone())
            .expect("heuristic matches")
            .into_iter()
            .map(|(g, _)| g)
            .collect();
    let reference = Config { horizon: 100, spread: 1.0, ..Villains::search_config() };
    for (setting, gains) in testkit::search_gains_by_setting(&positions, &reference, &settings, 300) {
        println!("{setting}: {gains:?}");
    }
}
