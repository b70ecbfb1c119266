//! The bot's Mission Phase invitations: invite clockwise, send its strongest eligible Character.

use super::*;

/// Invite the next School clockwise; answer with the strongest eligible Character.
pub(super) fn invite(g: &XMen, seat: Seat, inv: &Invite) -> Option<Action> {
    match inv.asking {
        None => {
            let next = g
                .clockwise(g.mc)
                .into_iter()
                .skip(1)
                .chain(std::iter::once(g.mc))
                .find(|s| !inv.invited.contains(*s))?;
            Some(Action::Invite { school: next })
        }
        Some(_) => match g.eligible(seat, inv.mission).into_iter().max_by_key(|c| strength(g, seat, *c)) {
            Some(c) => Some(Action::Send { character: c }),
            None => Some(Action::RefuseInvitation),
        },
    }
}
