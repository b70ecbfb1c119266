//! The Recruit and Train Phase's prompts: Training Cards attached, and the Bidding Dial (also the Mission Commander's bid).

use super::*;

/// Train: the winner of a Training Card attaches it to one of its Characters.
pub(super) fn train(g: &XMen, seat: Seat, r: &Recruit) -> Option<Prompt> {
    let mut asks: Vec<Ask> = vec![];
    if r.training_for != Some(seat) {
        return None;
    }
    let title = format!("Attach {}", r.current.card().name);
    let opts: Vec<Opt> = g.training_holders(seat, r.current).into_iter().map(|c| Opt::new(c.id(), c.name())).collect();
    asks.push(Ask::new("train", "Train").param("character", "Character", Input::One { options: opts }));
    finish(title, asks)
}

/// A round of bids: for a Recruit, or for Mission Commander.
pub(super) fn bid(g: &XMen, seat: Seat, auction: &Auction) -> Option<Prompt> {
    let mut asks: Vec<Ask> = vec![];
    if !auction.bidders.contains(seat) {
        return None;
    }
    let title = match &g.phase {
        Phase::Recruit(r) => format!("Bid for {} (round {})", r.current.card().name, auction.round),
        _ => format!("Bid for Mission Commander (round {})", auction.round),
    };
    asks.push(Ask::new("bid", "Lock your Bidding Dial").param(
        "value",
        "Hope",
        Input::Number { min: 0, max: g.dial_max(seat, auction) as i64 },
    ));
    finish(title, asks)
}
