//! How a cost is paid (R21: the split of energy and resources is the
//! player's), as actions carry it. The rules that check and take a payment
//! are `rules::place_action_tokens` (Paying Costs); a price trial's open
//! payment is [`Payment::QUOTE`], read with [`crate::state::Quote`].

use crate::state::Villains;
use backroom_engine::Seat;
use serde::{Deserialize, Serialize};

/// How a cost is paid: this much energy, the rest in resources.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Payment {
    /// Energy spent.
    pub energy: u8,
    /// Resource cubes spent.
    pub resources: u16,
}

impl Payment {
    /// Nothing to pay.
    pub fn is_free(self) -> bool {
        self.energy == 0 && self.resources == 0
    }

    /// The payment a price trial leaves open: the one payment a trial
    /// quotes (`state::Quote`). Any other payment made during the trial
    /// (a skill's own, inside a card) is checked as it stands.
    pub const QUOTE: Payment = Payment { energy: u8::MAX, resources: u16::MAX };

    /// The default split: energy first, then resources.
    pub fn energy_first(state: &Villains, seat: Seat, cost: u8) -> Payment {
        let e = state.players[seat as usize].energy.min(cost);
        Payment { energy: e, resources: u16::from(cost - e) }
    }
}
