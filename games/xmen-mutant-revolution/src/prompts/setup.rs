//! Setup's prompt: each School in turn chooses its School.

use super::*;

/// Setup: the next School in the order chooses a School no one holds.
pub(super) fn choose_school(g: &XMen, seat: Seat, order: &[Seat]) -> Option<Prompt> {
    let mut asks: Vec<Ask> = vec![];
    if order.first() != Some(&seat) {
        return None;
    }
    let title = "Setup: choose your School".to_string();
    let opts: Vec<Opt> = content()
        .schools
        .iter()
        .enumerate()
        .filter(|(i, _)| !g.players.iter().any(|p| p.school == Some(*i as u8)))
        .map(|(_, s)| Opt::new(s.id.as_str(), s.name.as_str()))
        .collect();
    asks.push(Ask::new("pick_school", "Take this School").param("school", "School", Input::One { options: opts }));
    finish(title, asks)
}
