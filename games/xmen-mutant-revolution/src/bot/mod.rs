//! A heuristic bot: bids within its means, plays Events that score
//! Revolution Points, sends its strongest Character on Missions and attacks
//! the Mission Characters. Every choice is probed with `apply` on a clone;
//! an illegal idea falls back to a random legal action.

//!
//! [`choose`] probes the idea of the phase's file: `upkeep`, `plot`,
//! `change_allegiance`, `recruit_and_train`, `mission_phase` and `battle`
//! (the short ones, the School pick, Hand Size and the Final Tournament's
//! pick, stay here).

mod battle;
mod change_allegiance;
mod mission_phase;
mod plot;
mod recruit_and_train;
mod upkeep;

use crate::action::Action;
use crate::battle::Battle;
use crate::battle::{Interrupt, Step, allocations};
use crate::content::{PlotKind, RecruitType, Target, distance};
use crate::state::battle::Mark;
use crate::state::phase::{Allegiance, Auction, Invite, Phase, Plot, Recruit, Upkeep, UpkeepStage};
use crate::state::{CharKey, Log, Rank, XMen};
use backroom_engine::{Game, GameRng, Seat};

fn strength(g: &XMen, seat: Seat, id: CharKey) -> u32 {
    let p = &g.players[seat as usize];
    p.find(id)
        .map(|i| {
            let a = p.chars[i].attributes();
            (a.atk + a.def + a.spd) as u32
        })
        .unwrap_or(0)
}

/// The bot's choice for `seat`, if it has an idea that is legal.
pub fn choose(g: &XMen, seat: Seat, rng: &mut GameRng) -> Option<Action> {
    if !g.pending().awaited().contains(seat) {
        return None;
    }
    let a = idea(g, seat)?;
    let mut probe = g.clone();
    probe.dispatch(seat, &a, &mut rng.clone(), &mut Log::new(&mut vec![])).ok()?;
    Some(a)
}

fn idea(g: &XMen, seat: Seat) -> Option<Action> {
    let p = &g.players[seat as usize];
    if let Some(w) = g.windows.first() {
        return Some(
            match p
                .hand
                .iter()
                .find(|c| c.card().trigger.as_deref() == Some(w.trigger.as_str()) && c.card().plot <= p.pp)
            {
                Some(c) => Action::React { card: *c },
                None => Action::Decline,
            },
        );
    }
    match &g.phase {
        Phase::PickSchool { .. } => {
            let c = crate::content::content();
            let free =
                c.schools.iter().enumerate().find(|(i, _)| !g.players.iter().any(|p| p.school == Some(*i as u8)))?;
            Some(Action::PickSchool { school: free.1.id.clone() })
        }
        Phase::Upkeep(u) => upkeep::upkeep(g, seat, u),
        Phase::Plot(pl) => plot::plot(g, seat, pl),
        Phase::HandSize { .. } => {
            let k = p.hand.len().saturating_sub(p.hand_size());
            let mut hand = p.hand.clone();
            hand.sort_by_key(|c| (c.card().kind == PlotKind::Reaction, c.card().hope));
            Some(Action::DiscardToHandSize { cards: crate::state::HandCard::numbered(&hand[..k]) })
        }
        Phase::Allegiance(al) => change_allegiance::allegiance(g, seat, al),
        Phase::Recruit(r) => recruit_and_train::recruit(g, seat, r),
        Phase::McBid { auction, .. } => recruit_and_train::mc_bid(g, seat, auction),
        Phase::Invite(inv) => mission_phase::invite(g, seat, inv),
        Phase::Battle(b) => battle::battle(g, seat, b),
        Phase::TournamentPick(_) => {
            let c = p.chars.iter().filter(|c| !c.injured).max_by_key(|c| strength(g, seat, c.id))?;
            Some(Action::Champion { character: c.id })
        }
        Phase::Over { .. } => None,
    }
}
