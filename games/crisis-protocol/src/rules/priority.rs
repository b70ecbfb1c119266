//! The priority roll (digest §1.1 PRIORITY_ROLL): 5 dice each, most
//! C+W+H, then C, W, H; ties are rerolled. Engine version 1 rolls it at
//! once; the full setup rolls it once the battlefield is agreed (the
//! rulebook builds the battlefield first). Below both [`super::setup`] and
//! [`super::battlefield`], so the agreement hands on without calling back.

use crate::rules::dice::{self, Face};
use crate::state::{Crisis, Phase};
use backroom_engine::{GameRng, LogEntry, Seat, seat_verb};

/// The priority roll: 5 dice each, most C+W+H, then C, W, H; reroll ties.
pub fn roll_priority(rng: &mut GameRng, log: &mut Vec<LogEntry>) -> Seat {
    loop {
        let a = dice::roll_n(rng, 5);
        let b = dice::roll_n(rng, 5);
        log.push(LogEntry::public(format!(
            "Priority roll: {} {}, {} {}.",
            seat_verb(0, "rolls", "roll"),
            dice::show(&a),
            seat_verb(1, "rolls", "roll"),
            dice::show(&b)
        )));
        let key = |d: &[Face]| {
            let n = |f: Face| d.iter().filter(|x| **x == f).count();
            (n(Face::Critical) + n(Face::Wild) + n(Face::Hit), n(Face::Critical), n(Face::Wild), n(Face::Hit))
        };
        match key(&a).cmp(&key(&b)) {
            std::cmp::Ordering::Greater => break 0,
            std::cmp::Ordering::Less => break 1,
            std::cmp::Ordering::Equal => continue,
        }
    }
}

/// The battlefield is agreed: the priority roll, then the deck choice.
pub fn settle_battlefield(g: &mut Crisis, rng: &mut GameRng) -> Vec<LogEntry> {
    let mut log = Vec::new();
    g.priority = roll_priority(rng, &mut log);
    g.turn = g.priority;
    g.phase = Phase::DeckChoice;
    log.push(LogEntry::public(format!(
        "{} priority and picks the crisis deck to draw from.",
        seat_verb(g.priority, "has", "have")
    )));
    log
}
