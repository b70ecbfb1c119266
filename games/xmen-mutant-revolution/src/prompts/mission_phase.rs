//! The Mission Phase's prompts before battle: the Mission Commander invites Schools, and the invited answer.

use super::*;

/// The Mission Commander invites a School; the invited School answers.
pub(super) fn invite(g: &XMen, seat: Seat, inv: &Invite) -> Option<Prompt> {
    let mut asks: Vec<Ask> = vec![];
    let title;
    match inv.asking {
        None => {
            if seat != g.mc {
                return None;
            }
            title = format!("Invite a School to Character Position {}", inv.positions.len() + 1);
            asks.push(Ask::new("invite", "Invite").param(
                "school",
                "School",
                Input::One { options: seat_opts(g, |s| !inv.invited.contains(s)) },
            ));
        }
        Some(a) => {
            if a != seat {
                return None;
            }
            title = format!("{}: send a Character or refuse", inv.mission.card().name);
            let opts: Vec<Opt> =
                g.eligible(seat, inv.mission).into_iter().map(|c| Opt::new(c.id(), c.name())).collect();
            if !opts.is_empty() {
                asks.push(Ask::new("send", "Send").param("character", "Character", Input::One { options: opts }));
            }
            asks.push(Ask::new("refuse_invitation", "Refuse (lose 1 Revolution Point)"));
        }
    }
    finish(title, asks)
}
