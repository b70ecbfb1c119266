//! A heuristic player (placeholder until measured; see `bot_action`).

use crate::action::Action;
use crate::state::Schemes;
use backroom_engine::{GameRng, Seat};

/// The heuristic bot's choice, or `None` to fall back to random play.
pub fn bot_action(_g: &Schemes, _seat: Seat, _rng: &mut GameRng) -> Option<Action> {
    None
}
