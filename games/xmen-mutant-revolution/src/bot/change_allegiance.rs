//! The bot's Change Allegiance: a trade offered to it is accepted when it gains at least as much as it gives.

use super::*;

/// Change Allegiance: answer the offers made to this School, then ready.
pub(super) fn allegiance(g: &XMen, seat: Seat, al: &Allegiance) -> Option<Action> {
    // Answer offers made to this School: accept a trade that gains
    // at least as much (Attribute totals + Hope) as it gives.
    if let Some(o) = al.offers.iter().find(|o| o.to == seat) {
        let gain: u32 = o.give.iter().map(|c| strength(g, o.from, *c)).sum::<u32>() + o.give_hope;
        let loss: u32 = o.take.iter().map(|c| strength(g, seat, *c)).sum::<u32>() + o.take_hope;
        return Some(if gain >= loss && gain > 0 {
            Action::Accept { from: o.from, n: o.n }
        } else {
            Action::Reject { from: o.from, n: o.n }
        });
    }
    Some(Action::Ready)
}
