//! Saved matches across versions: the readings that changed with an
//! `engine_version`, kept behind the version a match was set up under.
//!
//! A stored match is its seed and action log, replayed by the engine of
//! the day (`Game::setup_at_version`). So a rules correction that changes
//! which actions are legal or what they do applies only to matches set up
//! under the version that made it; older matches keep the reading they
//! were played with, and replay exactly. Each change is one question asked
//! here, named by the rulebook section it concerns; the rules ask it where
//! that section is played (`rules::plot`, `rules::event_cards`,
//! `rules::upkeep`, the bot).
//!
//! Version 2 (issue 12 item 10) changed:
//! * **Asking for Support** (Play 1 Event Card): the Event uses every
//!   pledge, and pledged Plot Points are held aside when pledged and given
//!   back at once when the request is abandoned. Version 1: the Event
//!   accepts any subset of the pledges and only accepted pledges are paid,
//!   when the Event is played; an abandoned request releases the pledges.
//! * **Power Token limits** (Setup 5, Recruit and Train): a Hero's or
//!   Student's limit is its printed `power_limit` (Students 2, Heroes 3).
//!   Version 1: the limit was the Power Tokens it arrives with (Students
//!   1, Heroes 2). Leaders' limits did not change, nor did the tokens a
//!   Character arrives with.
//!
//! Version 3 (the second table pass) changed:
//! * **Playing Event Cards**: an Event that gives a Power Token (Intensive
//!   Training) may not name a Character already at its Power Token limit,
//!   so a Plot Point is never spent for nothing; with every Character at
//!   its limit the Event cannot be played. Versions 1 and 2 accepted it
//!   (the Event resolved and changed nothing).

use crate::state::{CharKey, Character, XMen};

/// The engine version of matches set up today.
pub const CURRENT: u32 = 3;
/// The oldest engine version whose matches this engine still replays.
pub const OLDEST: u32 = 1;

/// States stored before [`XMen::engine_version`] existed were version 1.
pub(crate) fn version_1() -> u32 {
    1
}

/// Version 1 states are written as version 1 wrote them: without the field.
pub(crate) fn is_version_1(v: &u32) -> bool {
    *v == 1
}

impl XMen {
    /// The readings of this match's engine version.
    pub fn readings(&self) -> Readings {
        Readings { engine_version: self.engine_version }
    }
}

/// The readings a match is played with, from the engine version it was set
/// up under (a copy, so the rules can ask while they change the state).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Readings {
    engine_version: u32,
}

impl Readings {
    /// Asking for Support, from version 2: the Event uses every pledge, and
    /// a pledge's Plot Points are held aside when it is made (given back at
    /// once if the request is abandoned).
    pub fn every_pledge_held_aside(self) -> bool {
        self.engine_version >= 2
    }

    /// Playing Event Cards, from version 3: an Event giving a Power Token
    /// must name a Character below its Power Token limit (one that gains
    /// something).
    pub fn power_token_event_needs_room(self) -> bool {
        self.engine_version >= 3
    }

    /// A Character's Power Token limit (Recover Characters, Events that
    /// give Power Tokens). From version 2 the printed `power_limit`; in
    /// version 1 a Hero's or Student's limit was the Power Tokens it
    /// arrives with.
    pub fn power_token_limit(self, c: &Character) -> u8 {
        match c.id {
            CharKey::Recruit(r) if self.engine_version < 2 => r.card().kind.arrival_tokens(),
            _ => c.attributes().limit,
        }
    }
}
