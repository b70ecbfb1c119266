//! What a seat is asked in COMBAT (`rules::combat`): in a battle, the hit
//! to assign, the sacrifice owed or the attack; in a card's attacks, the
//! hit or the defender.

use super::options::{one, opt, units_opts};
use crate::rules::combat;
use crate::rules::units;
use crate::state::Villains;
use crate::state::battle::{Battle, CardAttacks};
use backroom_engine::{Ask, Opt, Seat};

/// A round of combat under way: the hit to assign, the sacrifice owed or
/// the attack to make.
pub(super) fn battle_asks(state: &Villains, seat: Seat, b: &Battle) -> Vec<Ask> {
    let mut asks: Vec<Ask> = Vec::new();
    if let Some(h) = b.hits {
        asks.extend(one(Ask::new("assign_hit", "Assign a hit"), "unit", "Unit", units_opts(state, seat, h.area)));
    } else if let Some(q) = b.sacrifices.first() {
        asks.extend(one(Ask::new("sacrifice", "Sacrifice a unit"), "unit", "Unit", units_opts(state, seat, q.area)));
    } else {
        let mine: Vec<Opt> = b
            .to_attack
            .iter()
            .filter(|a| a.owner == seat)
            .map(|a| opt(&a.uid, units::unit_name(state, seat, a.kind)))
            .collect();
        let defs: Vec<Opt> = combat::defenders(state, seat).iter().map(|d| opt(d, state.who(*d))).collect();
        if let Some(ask) = one(Ask::new("attack", "Attack"), "unit", "Unit", mine) {
            asks.extend(one(ask, "defender", "Defender", defs));
        }
    }
    asks
}

/// A card's non-combat attacks under way: the hit to assign or the
/// defender to attack.
pub(super) fn card_attack_asks(state: &Villains, seat: Seat, a: &CardAttacks) -> Vec<Ask> {
    let mut asks: Vec<Ask> = Vec::new();
    if let Some(h) = a.hits {
        asks.extend(one(Ask::new("assign_hit", "Assign a hit"), "unit", "Unit", units_opts(state, seat, h.area)));
    } else {
        let defs: Vec<Opt> =
            units::enemies_in(state, seat, a.queue[0].0).iter().map(|d| opt(d, state.who(*d))).collect();
        asks.extend(one(Ask::new("card_attack", "Attack"), "defender", "Defender", defs));
    }
    asks
}
