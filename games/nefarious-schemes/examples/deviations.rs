//! How often the search leaves the heuristic's move, and what that gains
//! (a look for tuning `Game::search_config`, not a check): at every
//! awaited seat of positions from 12 heuristic matches (every 9th step),
//! the search chooses with each setting, and every departure is measured
//! with 2 000 paired playouts of the game's own setting.
//!
//! ```text
//! cargo run --profile profiling -p nefarious-schemes --example deviations -- [horizon/iterations/risk[/spread],...]
//! ```
//!
//! The iterations of a setting should be what its horizon runs in about
//! 200 ms on one core (`search_speed` in `games/catalogue`: about 1 600 at
//! horizon 60).

use backroom_engine::Game;
use backroom_engine::testkit;
use nefarious_schemes::{Options, Schemes};

fn main() {
    let settings = std::env::args().nth(1).unwrap_or_else(|| "60/1600/0.1/1,60/1600/0.3/1,60/1600/0.3/0.5".into());
    let positions: Vec<Schemes> =
        testkit::labelled_positions::<Schemes, _>(&Options::default(), 2, 77, 12, 9, |g| g.clone())
            .expect("heuristic matches")
            .into_iter()
            .map(|(g, _)| g)
            .collect();
    for (setting, gains) in testkit::search_gains_by_setting(&positions, &Schemes::search_config(), &settings, 2000) {
        println!("{setting}: {gains:?}");
    }
}
