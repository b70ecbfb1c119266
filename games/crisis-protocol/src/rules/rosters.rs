//! Rosters (digest §1.1 ROSTERS, engine version 2): each player commits
//! in secret "10 characters (no shared name + alter ego), 10 different TT
//! cards, 3 different Secure and 3 different Extraction Crisis cards". The
//! house set holds exactly three crises of each kind, so the crisis decks
//! are the whole house decks and are not chosen. A commit may be changed
//! until both are in. A roster stays its player's secret for the whole
//! match (§3: "Keep it private and have the server validate it"): the
//! opponent learns only the squad and Team Tactic cards revealed from it.
//! With the `open_rosters` option each roster is public as soon as it is
//! committed (§3: "Offer an open rosters setting").

use super::common::Lines;
use crate::content::content;
use crate::state::{Crisis, Phase, Roster};
use backroom_engine::{LogEntry, RuleError, Seat, SeatSet, and_list, seat_verb};

/// Characters in a roster.
pub const ROSTER_CHARACTERS: usize = 10;
/// Team Tactic cards in a roster.
pub const ROSTER_TACTICS: usize = 10;

/// Why a roster is not legal, if it is not.
pub fn roster_error(characters: &[String], tactics: &[String]) -> Option<String> {
    if characters.len() != ROSTER_CHARACTERS {
        return Some(format!("a roster has {ROSTER_CHARACTERS} characters, not {}", characters.len()));
    }
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for id in characters {
        let Some(c) = content().roster_character(id) else { return Some(roster_miss(id)) };
        if seen.contains(&(c.name.as_str(), c.alter_ego.as_str())) {
            return Some(format!("{} ({}) is in the roster twice", c.name, c.alter_ego));
        }
        seen.push((&c.name, &c.alter_ego));
    }
    if tactics.len() != ROSTER_TACTICS {
        return Some(format!("a roster has {ROSTER_TACTICS} different Team Tactic cards, not {}", tactics.len()));
    }
    for (i, id) in tactics.iter().enumerate() {
        let Some(t) = content().tactic(id) else { return Some(format!("no Team Tactic card {id}")) };
        if tactics[..i].contains(id) {
            return Some(format!("{} is in the roster twice", t.name));
        }
    }
    None
}

/// Why `id` can't be in a roster: a Transform form (named as such), or no
/// house character at all.
pub fn roster_miss(id: &str) -> String {
    match content().character(id) {
        Some(f) => format!("{} is a Transform form: a roster holds the Normal form only", f.name),
        None => format!("no character {id} in the house set"),
    }
}

/// Commits (or changes) a roster; both revealed together once both are in.
pub fn commit(g: &mut Crisis, seat: Seat, characters: &[String], tactics: &[String]) -> Lines {
    if g.phase != Phase::Rosters {
        return Err(RuleError::not_your_turn(
            "Rosters",
            format!(
                "rosters are committed before the battlefield is set; the match is in {}",
                super::common::phase_words(g.phase)
            ),
        ));
    }
    if let Some(e) = roster_error(characters, tactics) {
        return Err(RuleError::illegal("Rosters", e));
    }
    let mut chars = characters.to_vec();
    chars.sort();
    let mut cards = tactics.to_vec();
    cards.sort();
    g.rosters[usize::from(seat)] = Some(Roster { characters: chars.clone(), tactics: cards });
    let names: Vec<&str> =
        chars.iter().filter_map(|id| content().roster_character(id)).map(|c| c.name.as_str()).collect();
    let public = if g.options.open_rosters {
        format!("{} an open roster: {}.", seat_verb(seat, "commits", "commit"), and_list(&names))
    } else {
        format!("{} a roster.", seat_verb(seat, "commits", "commit"))
    };
    let mut log = vec![LogEntry::split(
        SeatSet::only(seat),
        format!("{} a roster: {}.", seat_verb(seat, "commits", "commit"), and_list(&names)),
        Some(public),
    )];
    if g.rosters.iter().all(Option::is_some) {
        g.phase = Phase::Battlefield;
        log.push(LogEntry::public("Both rosters are in. Agree the battlefield: confirm the proposed layout, ask for another, or propose a house set.".to_string()));
    }
    Ok(log)
}

/// Whether the viewer may see `seat`'s roster: its own, or any with open
/// rosters.
pub fn visible(g: &Crisis, seat: Seat, viewer: backroom_engine::Viewer) -> bool {
    viewer.is(seat) || g.options.open_rosters
}
