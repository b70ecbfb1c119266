//! Victory (digest §1.7): the match ends, with a winner or a draw, when a
//! side is the last standing or at Cleanup's checks. Below every section
//! that can end the match, so they call it without calling each other.

use crate::state::{Crisis, Phase};
use backroom_engine::{LogEntry, Seat};

/// Last side standing: a player who alone has characters left wins at
/// once; both wiped out at once is a draw. True when the match ended.
pub fn check_last_standing(g: &mut Crisis, log: &mut Vec<LogEntry>) -> bool {
    if g.phase == Phase::Over || g.models.is_empty() {
        return g.phase == Phase::Over;
    }
    // A character set aside for Last Stand is still in the game.
    let standing =
        |i: usize| g.reactions.iter().any(|r| matches!(r, crate::state::Reaction::LastStand { model } if *model == i));
    let alive = |s: Seat| g.models.iter().enumerate().any(|(i, m)| m.owner == s && (!m.ko || standing(i)));
    match (alive(0), alive(1)) {
        (true, true) => false,
        (a, b) => {
            let winner = if a {
                Some(0)
            } else if b {
                Some(1)
            } else {
                None
            };
            end(g, winner, log, "last side standing");
            true
        }
    }
}

/// Ends the match.
pub fn end(g: &mut Crisis, winner: Option<Seat>, log: &mut Vec<LogEntry>, why: &str) {
    g.phase = Phase::Over;
    g.activation = None;
    g.result = Some(winner);
    log.push(LogEntry::public(match winner {
        Some(w) => format!(
            "{} the match ({why}), {} VP to {}.",
            backroom_engine::seat_verb(w, "wins", "win"),
            g.vp[usize::from(w)],
            g.vp[usize::from(1 - w)]
        ),
        None => format!("The match is a draw ({why}), {} VP to {}.", g.vp[0], g.vp[1]),
    }));
}
