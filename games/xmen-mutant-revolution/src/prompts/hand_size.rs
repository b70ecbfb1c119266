//! The Hand Size step's prompt: a School over its limit discards.

use super::*;

/// Hand Size: the Plot Cards an over-limit School discards.
pub(super) fn hand_size(g: &XMen, seat: Seat, over: &SeatSet) -> Option<Prompt> {
    let mut asks: Vec<Ask> = vec![];
    if !over.contains(seat) {
        return None;
    }
    let p = &g.players[seat as usize];
    let k = (p.hand.len() - p.hand_size()) as u32;
    let title =
        format!("Discard {} to your Hand Size of {}", backroom_engine::plural(k, "card", "cards"), p.hand_size());
    let opts = hand_opts(&p.hand, |c| c.card().name.clone());
    asks.push(Ask::new("discard_to_hand_size", "Discard").param(
        "cards",
        "Cards",
        Input::Many { options: opts, min: k, max: k },
    ));
    finish(title, asks)
}
