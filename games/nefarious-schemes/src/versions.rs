//! Saved matches across versions: the rules that changed with an
//! `engine_version`, kept behind the version a match was set up under.
//!
//! A stored match is its seed and action log, replayed by the engine of
//! the day (`Game::setup_at_version`). A change to what the rules deal or
//! accept applies only to matches set up under the version that made it;
//! older matches keep the rules they were played with and replay exactly.
//! Log wording and prompts are not rules: they change for every version.
//!
//! Version 2 (issue 29) added:
//! * **The house mulligan**: the Villain's opening hand must hold a
//!   Mastermind. After the rulebook's mulligan, a Villain hand with none
//!   goes back into the deck, the deck is shuffled and 7 are drawn again,
//!   until one does. Version 1 kept a hand whose only Unit was a Minor
//!   Villain, and such a Villain could put nothing into play until a
//!   Mastermind was drawn (games/nefarious-schemes/README.md has the figures).

use crate::state::Schemes;

/// The engine version of matches set up today.
pub const CURRENT: u32 = 2;
/// The oldest engine version whose matches this engine still replays.
pub const OLDEST: u32 = 1;

/// States stored before the field existed were version 1.
pub(crate) fn version_1() -> u32 {
    1
}

/// Version 1 states are written as version 1 wrote them: without the field.
pub(crate) fn is_version_1(v: &u32) -> bool {
    *v == 1
}

/// Whether the Villain's opening hand must hold a Mastermind: version 2.
pub fn house_mulligan(g: &Schemes) -> bool {
    g.engine_version >= 2
}
