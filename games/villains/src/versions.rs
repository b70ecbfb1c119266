//! Saved matches across versions: the readings that changed with an
//! `engine_version`, kept behind the version a match was set up under.
//!
//! A stored match is its seed and action log, replayed by the engine of the
//! day (`Game::setup_at_version`). A change that alters what follows an
//! action (a choice now owed, a battle or attack now started) applies only
//! to matches set up under the version that made it; older matches keep
//! the flow they were played with and replay exactly. Cards and abilities
//! that version 1 refused outright (Blackstone Encryption, the Suitcase
//! Nuke, Bully G.O.A.T.'s attack) and deals are simply accepted now: no
//! stored match holds them, so accepting them breaks no replay.
//!
//! Version 2 (issue 14) added:
//! * **Mr. Fusion**: further cards after the first, one after another
//!   (`fusion`); version 1 played one card and moved on.
//! * **Mother Ooze**: the free deploy after healing at Cleanup.
//! * **The Gnome of Zurich**: the paid cancel of a hit in his area.
//! * **Basta**: the sacrifice owed when she leaves an area.
//! * **Murder Inc. / Capo di Tutti Capi**: the attack when the Fixer is
//!   deployed; and a champion deployed by a card or a skill triggering his
//!   "when deployed" abilities (Dr. Tyrannosaurus' battle, the Fixer
//!   readied); version 1 did so for deploy tokens only.
//!
//! Version 3 fixed:
//! * **Non-combat attacks that find no enemy** while a card is played
//!   after the token's own step (Mr. Fusion's further cards, the
//!   Laboratory's card): the turn now moves on once, when the play ends;
//!   version 2 moved it on from inside the play too, so the next player
//!   was skipped.

use crate::state::Villains;

/// The engine version of matches set up today.
pub const CURRENT: u32 = 3;
/// The oldest engine version whose matches this engine still replays.
pub const OLDEST: u32 = 1;

/// Whether the champion and upgrade abilities that wait on a choice or
/// start a fight (and Mr. Fusion's further cards) are played: version 2.
pub fn abilities(state: &Villains) -> bool {
    state.engine_version >= 2
}

/// Whether a card's non-combat attacks that all find no enemy leave moving
/// the turn on to the card's play: version 3.
pub fn card_attacks_leave_the_turn(state: &Villains) -> bool {
    state.engine_version >= 3
}
