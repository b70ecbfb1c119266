//! The bot's Recruit and Train Phase (and the Mission Commander's bid): bids within its means.

use super::*;

/// Recruit and Train: attach a won Training Card, or bid for the Recruit.
pub(super) fn recruit(g: &XMen, seat: Seat, r: &Recruit) -> Option<Action> {
    let p = &g.players[seat as usize];
    if r.training_for == Some(seat) {
        let c = g.training_holders(seat, r.current).into_iter().max_by_key(|c| strength(g, seat, *c))?;
        return Some(Action::Train { character: c });
    }
    let card = r.current.card();
    let max = g.dial_max(seat, &r.auction) as u32;
    let heroes = p.count(Rank::Hero) as u32;
    let want = match card.kind {
        RecruitType::Student => card.hope as u32 + 2,
        RecruitType::Hero => (card.hope as u32 + 1).min(p.hope.saturating_sub(heroes + 2)),
        RecruitType::Training => 1,
    };
    Some(Action::Bid { value: want.min(max).min(9) as u8 })
}

/// The Mission Commander's bid.
pub(super) fn mc_bid(g: &XMen, seat: Seat, auction: &Auction) -> Option<Action> {
    let p = &g.players[seat as usize];
    let max = g.dial_max(seat, auction) as u32;
    Some(Action::Bid { value: (p.hope / 3).min(max).min(5) as u8 })
}
