//! The Final Tournament's prompt: each School of the pair picks its champion.

use super::*;

/// Final Tournament: each School of the pair picks an Uninjured Character.
pub(super) fn champion(g: &XMen, seat: Seat, t: &Tournament) -> Option<Prompt> {
    let mut asks: Vec<Ask> = vec![];
    if t.pair.get(t.chosen.len()) != Some(&seat) {
        return None;
    }
    let title = "Final Tournament: choose your Character".into();
    asks.push(Ask::new("champion", "Fight").param(
        "character",
        "Character",
        Input::One { options: chars_opts(g, seat, |c| !c.injured) },
    ));
    finish(title, asks)
}
