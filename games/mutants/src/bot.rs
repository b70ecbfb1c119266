//! A heuristic player: drafts and builds for gene synergy, then plays to
//! score (placeholder until the heuristics land: random legal play).

use crate::{Action, Mutants};
use backroom_engine::{GameRng, Seat};

/// The heuristic bot's action, or `None` to fall back to random play.
pub fn bot_action(_g: &Mutants, _seat: Seat, _rng: &mut GameRng) -> Option<Action> {
    None
}
