//! What a seat is asked in the START PHASE (`rules::start_phase`): the
//! Select Plans and Select Targets Steps.

use super::options::{one, opt};
use crate::state::Villains;
use backroom_engine::{Ask, Seat};

/// The Select Plans Step: the plan to put on the bottom.
pub(super) fn select_plan_asks(state: &Villains, seat: Seat) -> Vec<Ask> {
    let mut asks: Vec<Ask> = Vec::new();
    let o = state.players[seat as usize].plans.iter().map(|p| opt(p, p.plan().name.clone())).collect();
    asks.extend(one(Ask::new("bottom_plan", "Put a plan on the bottom of your deck"), "plan", "Plan", o));
    asks
}

/// The Select Targets Step: the target, and the Mafia's Inside Job.
pub(super) fn select_target_asks(state: &Villains, seat: Seat, inside_job: Option<Seat>) -> Vec<Ask> {
    let mut asks: Vec<Ask> = Vec::new();
    let o = state.players[seat as usize].hand.iter().map(|c| opt(c, c.card().name.clone())).collect();
    asks.extend(one(Ask::new("select_target", "Select your target"), "card", "Card", o));
    if inside_job.is_none()
        && state.faction_of(seat).passive_rules().any(|r| *r == crate::content::effect::Ongoing::TargetsLast)
    {
        let o = (0..state.seats)
            .filter(|e| *e != seat && state.players[*e as usize].target.is_some())
            .map(|e| opt(&e, state.who(e)))
            .collect();
        asks.extend(one(Ask::new("inside_job", "Inside Job: look at a target"), "enemy", "Opponent", o));
    }
    asks
}
