//! One name per player: log lines, prompt titles and labels and the outcome
//! name seats only by token (`backroom_engine::names`), never "Seat 2", and
//! read as plain English once rendered: no stray braces, no "(s)", and
//! "you" takes the verb's second-person form ("you gain", never "you
//! gains").

use backroom_engine::{Game, GameRng, render_names, testkit};
use villains::{Options, Villains};

#[test]
fn random_games_name_seats_by_token_only() {
    let (mut lines, mut tokens) = (0, 0);
    for seed in 0..4u64 {
        let seats = 4 + (seed % 2) as u8;
        let r = testkit::names_by_token::<Villains>(
            &Options::default(),
            seats,
            seed,
            6000,
            &[" 1 action cards", " 1 resources"],
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let summary = r.summary.unwrap_or_else(|| panic!("seed {seed} did not end"));
        assert!(summary.contains("{seat:"), "{summary}");
        (lines, tokens) = (lines + r.lines, tokens + r.tokens);
    }
    assert!(lines > 500 && tokens > 200, "only {lines} log lines, {tokens} with a seat");
}

#[test]
fn the_readers_own_seat_reads_you_and_others_read_the_faction() {
    let mut rng = GameRng::seeded(3);
    let mut g = Villains::setup(&Options::default(), 4, &mut rng).unwrap();
    let names: Vec<String> = ["Ana", "Jean", "Bas", "Kim"].map(String::from).to_vec();
    // Before Select Factions a seat has no role yet.
    let line = format!("{} 2 resources.", g.who_verb(1, "gains", "gain"));
    assert_eq!(render_names(&line, &names, Some(0)), "Jean gains 2 resources.");
    assert_eq!(render_names(&line, &names, Some(1)), "You gain 2 resources.");
    g.players[1].faction = Some(villains::content::content().faction_id("mafia").expect("the Mafia"));
    let faction = &g.faction_of(1).name;
    let line = format!("{} 2 resources.", g.who_verb(1, "gains", "gain"));
    assert_eq!(render_names(&line, &names, Some(0)), format!("Jean ({faction}) gains 2 resources."));
    assert_eq!(render_names(&line, &names, Some(1)), "You gain 2 resources.");
}
