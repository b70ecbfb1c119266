//! One name per player: log lines, prompt titles and labels and the outcome
//! name seats only by token (`backroom_engine::names`), never "Seat 2", and
//! read as plain English once rendered: no stray braces, no "(s)", and
//! "you" takes the verb's second-person form ("you gain", never "you
//! gains").

use backroom_engine::{Game, GameRng, Pending, render_names};
use villains::{Options, Villains};

/// Every text a reader would see, for one rendering check.
fn check(text: &str, seats: u8) {
    let lower = text.to_lowercase();
    for bad in [
        "seat 0", "seat 1", "seat 2", "seat 3", "seat 4", "seat 5", "(s)", "[", "]",
    ] {
        assert!(!lower.contains(bad), "'{bad}' in: {text}");
    }
    let names: Vec<String> = (0..seats).map(|s| format!("Name{s}")).collect();
    for reader in [None, Some(0), Some(1)] {
        let shown = render_names(text, &names, reader);
        let words: Vec<&str> = shown.split_whitespace().collect();
        for w in words.windows(2) {
            let verb = w[1].trim_end_matches([',', '.', ';', ':']);
            assert!(
                !(w[0].eq_ignore_ascii_case("you")
                    && verb.ends_with('s')
                    && !verb.ends_with("ss")
                    && verb.chars().all(|c| c.is_ascii_lowercase())),
                "'{} {}' in: {shown}",
                w[0],
                w[1]
            );
            assert!(
                !(w[0].eq_ignore_ascii_case("you") && ["is", "has", "was"].contains(&verb)),
                "'{} {}' in: {shown}",
                w[0],
                w[1]
            );
        }
        assert!(
            !shown.contains(['{', '}', '|']),
            "an unrendered token in: {text} -> {shown}"
        );
        for n in [0u8, 1] {
            assert!(!shown.contains(&format!(" 1 {}s", ["action card", "resource"][n as usize])));
        }
    }
}

/// Every `title` and `label` in a serialized prompt (asks, parameters,
/// options).
fn texts(v: &serde_json::Value, f: &mut impl FnMut(&str)) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("title" | "label", serde_json::Value::String(t)) => f(t),
                    _ => texts(x, f),
                }
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| texts(x, f)),
        _ => {}
    }
}

#[test]
fn random_games_name_seats_by_token_only() {
    let mut lines = 0;
    let mut tokens = 0;
    for seed in 0..4u64 {
        let seats = 4 + (seed % 2) as u8;
        let mut rng = GameRng::seeded(seed);
        let mut g = Villains::setup(&Options::default(), seats, &mut rng).unwrap();
        for _ in 0..6000 {
            if matches!(g.pending(), Pending::Over) {
                break;
            }
            for s in 0..seats {
                if let Some(p) = g.prompt(s) {
                    texts(&serde_json::to_value(&p).unwrap(), &mut |t| check(t, seats));
                }
            }
            let first = rng.index(seats as usize) as u8;
            let Some((s, a)) = (0..seats)
                .map(|i| (first + i) % seats)
                .find_map(|s| g.random_action(s, &mut rng).map(|a| (s, a)))
            else {
                panic!("stuck at {:?}", g.pending());
            };
            for l in g.apply(s, &a, &mut rng).unwrap() {
                for t in [&l.public, &l.private].into_iter().flatten() {
                    check(t, seats);
                    lines += 1;
                    tokens += usize::from(t.contains("{seat:"));
                }
            }
        }
        assert!(
            matches!(g.pending(), Pending::Over),
            "seed {seed} did not end"
        );
        let out = g.outcome().expect("an outcome");
        check(&out.summary, seats);
        assert!(out.summary.contains("{seat:"), "{}", out.summary);
    }
    assert!(
        lines > 500 && tokens > 200,
        "only {lines} log lines, {tokens} with a seat"
    );
}

#[test]
fn the_readers_own_seat_reads_you_and_others_read_the_faction() {
    let mut rng = GameRng::seeded(3);
    let mut g = Villains::setup(&Options::default(), 4, &mut rng).unwrap();
    let names: Vec<String> = ["Ana", "Jean", "Bas", "Kim"].map(String::from).to_vec();
    // Before Select Factions a seat has no role yet.
    let line = format!("{} 2 resources.", g.who_verb(1, "gains", "gain"));
    assert_eq!(
        render_names(&line, &names, Some(0)),
        "Jean gains 2 resources."
    );
    assert_eq!(
        render_names(&line, &names, Some(1)),
        "You gain 2 resources."
    );
    g.players[1].faction = Some(
        villains::content::content()
            .faction_id("mafia")
            .expect("the Mafia"),
    );
    let faction = &g.faction_of(1).name;
    let line = format!("{} 2 resources.", g.who_verb(1, "gains", "gain"));
    assert_eq!(
        render_names(&line, &names, Some(0)),
        format!("Jean ({faction}) gains 2 resources.")
    );
    assert_eq!(
        render_names(&line, &names, Some(1)),
        "You gain 2 resources."
    );
}
