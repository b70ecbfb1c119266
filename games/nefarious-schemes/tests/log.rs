//! The game log as players read it: turn 1's deal and first phases are
//! there from the start, a phase where nothing happens leaves no line, and
//! sentences agree with the reader.

use backroom_engine::{Game, GameRng, LogEntry, Viewer, render_names};
use nefarious_schemes::{Options, Schemes};

fn read(lines: &[LogEntry], viewer: Viewer) -> Vec<String> {
    let names = vec!["Hana".to_string(), "Bea".to_string()];
    lines.iter().filter_map(|e| e.for_viewer(viewer)).map(|t| render_names(t, &names, viewer.seat())).collect()
}

fn is_heading(line: &str) -> bool {
    line.starts_with("Turn ") && line.contains(", phase ")
}

#[test]
fn turn_one_is_logged_from_the_deal() {
    let mut rng = GameRng::seeded(3);
    let g = Schemes::setup(&Options::default(), 2, &mut rng).unwrap();
    let hana = read(&g.opening_log(), Viewer::Seat(0));
    assert!(hana[0].starts_with("Setup: each player shuffles"), "{hana:#?}");
    // The deal: your own cards by name, the other's as a count.
    assert!(hana.iter().any(|l| l.starts_with("You draw ") && !l.contains("7 cards")), "{hana:#?}");
    assert!(hana.iter().any(|l| l == "Bea draws 7 cards."), "{hana:#?}");
    assert!(hana.iter().any(|l| l == "Turn 1, phase 1: New Day Phase."), "{hana:#?}");
    // Nothing is in play yet: phases 2 to 5 have nothing to do.
    for n in 2..=5 {
        assert!(!hana.iter().any(|l| l.starts_with(&format!("Turn 1, phase {n}:"))), "{hana:#?}");
    }
    assert_eq!(hana.last().map(String::as_str), Some("Turn 1, phase 6: Recruit Phase."), "{hana:#?}");
    // The spectator reads the public side of the same lines.
    let spectator = read(&g.opening_log(), Viewer::Spectator);
    assert_eq!(spectator.len(), hana.len());
    assert!(spectator.iter().all(|l| !l.starts_with("You ")), "{spectator:#?}");
}

#[test]
fn quiet_phases_leave_no_line_and_lines_agree_with_the_reader() {
    for seed in 0..6 {
        let mut rng = GameRng::seeded(seed);
        let mut bots = GameRng::seeded(seed ^ 0x10f);
        let mut g = Schemes::setup(&Options { turn_limit: 4, ..Options::default() }, 2, &mut rng).unwrap();
        let mut lines = g.opening_log();
        while !g.pending().is_over() {
            let seat = g.pending().awaited().iter().next().unwrap();
            let a = g.bot_action(seat, &mut bots).or_else(|| g.random_action(seat, &mut bots)).unwrap();
            lines.extend(g.apply(seat, &a, &mut rng).unwrap());
        }
        for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
            let text = read(&lines, viewer);
            // At most one heading a phase, and fewer than 13 a turn.
            let headings = text.iter().filter(|l| is_heading(l)).count();
            assert!(headings < 13 * g.turn as usize, "seed {seed}: {headings} headings in {} turns", g.turn);
            for l in &text {
                assert!(!l.contains("You find") || !l.contains(" and shows"), "seed {seed}: {l}");
                assert!(!l.starts_with("You ") || !l.contains(" and rolls "), "seed {seed}: {l}");
            }
        }
    }
}
