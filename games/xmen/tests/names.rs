//! One name per player: log lines, prompt titles and labels and the outcome
//! name seats only by token (`backroom_engine::names`), never "Seat 2", and
//! read as plain English once rendered (no stray braces, brackets or
//! "(s)").

use backroom_engine::{Game, GameRng, Pending, render_names};
use xmen::{Options, XMen};

/// Every text a reader would see, for one rendering check.
fn check(text: &str, seats: u8) {
    let lower = text.to_lowercase();
    for bad in [
        "seat 1", "seat 2", "seat 3", "seat 4", "seat 0", "(s)", "offer 0", "[", "]",
    ] {
        assert!(!lower.contains(bad), "'{bad}' in: {text}");
    }
    let names: Vec<String> = (0..seats).map(|s| format!("Name{s}")).collect();
    for reader in [None, Some(0)] {
        let shown = render_names(text, &names, reader);
        // "you" takes the verb's second-person form: never "you gains".
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
        }
        assert!(
            !shown.contains(['{', '}', '|']),
            "an unrendered token in: {text} -> {shown}"
        );
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
    for seed in 0..6u64 {
        let seats = 3 + (seed % 2) as u8;
        let o = Options {
            pick_schools: seed % 3 != 0,
            max_rounds: 3,
        };
        let mut rng = GameRng::seeded(seed);
        let mut g = XMen::setup(&o, seats, &mut rng).unwrap();
        for _ in 0..4000 {
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
                }
            }
        }
        if let Some(out) = g.outcome() {
            check(&out.summary, seats);
        }
    }
    assert!(lines > 500, "only {lines} log lines");
}

#[test]
fn the_readers_own_seat_reads_you() {
    let mut rng = GameRng::seeded(3);
    let g = XMen::setup(
        &Options {
            pick_schools: false,
            max_rounds: 2,
        },
        3,
        &mut rng,
    )
    .unwrap();
    let line = format!(
        "{} the Mission Commander token.",
        g.who_verb(1, "holds", "hold")
    );
    let names: Vec<String> = ["Ana", "Jean", "Bas"].map(String::from).to_vec();
    assert_eq!(
        render_names(&line, &names, Some(0)),
        "Jean (Cyclops) holds the Mission Commander token."
    );
    assert_eq!(
        render_names(&line, &names, Some(1)),
        "You hold the Mission Commander token."
    );
}
