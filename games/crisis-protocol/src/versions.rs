//! Saved matches across versions: the readings that changed with an
//! `engine_version`, kept behind the version a match was set up under.
//!
//! A stored match is its seed and action log, replayed by the engine of
//! the day (`Game::setup_at_version`). A change that alters what follows
//! an action applies only to matches set up under the version that made
//! it; older matches keep the flow they were played with and replay
//! exactly. Cards and powers version 1 did not play (no effects in its
//! content) are simply played now: no stored match holds them.
//!
//! Version 2 (issue 17, the remaining rules) added **destroying terrain**:
//! a character thrown into a smaller piece destroys it (version 1 only
//! dealt the collision's damage).
//!
//! Version 3 added:
//! * **Dropped tokens**: the opponent places each within R2 (versions 1
//!   and 2 left them at the holder's centre);
//! * **Leadership choice**: with several qualifying leaders, the player
//!   picks one after deployment (versions 1 and 2 took the first).
//!
//! Version 4 added the **full setup** (README ruling 1): secret rosters
//! (or open ones by option), the terrain agreement over generated layouts,
//! the priority roll once the battlefield is settled, the deck choice and
//! the crisis draw from named decks, mission token placement, squads from
//! the roster. Versions 1 to 3 keep the setup shortcuts they were played
//! with: Downtown-12, both crises drawn at once, tokens on the map, any
//! house character.

//!
//! Version 5 **ignores the thrower** (rulebook, "Throwing a Character";
//! digest §2.4): a character thrown or pushed passes the one throwing or
//! pushing it when it can end clear of it, else stops against it, with no
//! collision either way; earlier versions collided with it (The Broker
//! dodged its own Hired Muscle throw).

//!
//! Version 6 plays **the rest of the rulebook** (issue 24): the modify
//! step is the players' (each reroll ability chosen in turn with its dice,
//! a die rerolled again only by a different ability), a beam's or area's
//! targets are attacked in the order the attacker chooses, and an
//! interaction may call for a roll (Reactor Vents). Earlier versions
//! applied every reroll for the player in one pass (a die rerolled at most
//! once), attacked in model order and took control without a roll.

//!
//! Version 7 gives the players **every modify step** (issue 24): an attack
//! made back (Counterblow) or from Overwatch is modified through the same
//! prompts as any attack, and a dodge's rerolls (Tactician-like abilities,
//! then or before Evasive Roll, in the player's order) are chosen die by
//! die. Version 6 applied those rerolls for the player in one pass.

use crate::state::Crisis;

/// The engine version of matches set up today.
pub const CURRENT: u32 = 7;
/// The oldest engine version whose matches this engine still replays.
pub const OLDEST: u32 = 1;

/// The first engine version playing the full setup.
pub use crate::state::FULL_SETUP;

/// Whether the full setup applies (version 4).
pub fn full_setup(g: &Crisis) -> bool {
    g.full_setup()
}

/// Whether the version-2 readings apply (see the module docs).
pub fn v2(g: &Crisis) -> bool {
    g.version >= 2
}

/// Whether the version-3 readings apply (see the module docs).
pub fn v3(g: &Crisis) -> bool {
    g.version >= 3
}

/// Whether a throw or push ignores the character making it (version 5).
pub fn thrower_ignored(g: &Crisis) -> bool {
    g.version >= 5
}

/// Whether the rest of the rulebook applies (version 6; see the module docs).
pub fn v6(g: &Crisis) -> bool {
    g.version >= 6
}

/// Whether every modify step is the players' (version 7; see the module
/// docs): attacks made back or from Overwatch, and dodges.
pub fn v7(g: &Crisis) -> bool {
    g.version >= 7
}
