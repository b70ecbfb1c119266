//! What a seat is asked in SETUP (`rules::setup`): Select Factions.

use super::options::{one, opt};
use crate::state::Villains;
use backroom_engine::Ask;

/// Select Factions: the factions still free.
pub(super) fn select_faction_asks(state: &Villains) -> Vec<Ask> {
    let mut asks: Vec<Ask> = Vec::new();
    let o = crate::rules::setup::available_factions(state).iter().map(|f| opt(f, f.faction().name.clone())).collect();
    asks.extend(one(Ask::new("choose_faction", "Choose your faction"), "faction", "Faction", o));
    asks
}
