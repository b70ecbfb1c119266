//! One name per player: log lines, prompt titles and labels and the outcome
//! name seats only by token (`backroom_engine::names`), never "Seat 2", and
//! read as plain English once rendered (no stray braces, brackets or
//! "(s)").

use backroom_engine::{Game, GameRng, render_names, testkit};
use xmen_mutant_revolution::{Options, XMen};

#[test]
fn random_games_name_seats_by_token_only() {
    let mut lines = 0;
    for seed in 0..6u64 {
        let seats = 3 + (seed % 2) as u8;
        let o = Options { pick_schools: seed % 3 != 0, max_rounds: 3 };
        let r = testkit::names_by_token::<XMen>(&o, seats, seed, 4000, &["offer 0"])
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        lines += r.lines;
    }
    assert!(lines > 500, "only {lines} log lines");
}

#[test]
fn the_readers_own_seat_reads_you() {
    let mut rng = GameRng::seeded(3);
    let g = XMen::setup(&Options { pick_schools: false, max_rounds: 2 }, 3, &mut rng).unwrap();
    let line = format!("{} the Mission Commander token.", g.who_verb(1, "holds", "hold"));
    let names: Vec<String> = ["Ana", "Jean", "Bas"].map(String::from).to_vec();
    assert_eq!(render_names(&line, &names, Some(0)), "Jean (Cyclops) holds the Mission Commander token.");
    assert_eq!(render_names(&line, &names, Some(1)), "You hold the Mission Commander token.");
}
