//! Deals: resources given or traded between players at any time, through
//! offers the receiver accepts (the rulebook's table talk made binding).
//!
//! Only resource cubes change hands; nothing else is tradable (the issue's
//! reading of "Deals": cards, tokens, units and promises are not). Talk is
//! the table's chat. An offer is public, like a deal struck aloud at the
//! table: who offers whom how many resources for how many back. It stands
//! until the receiver accepts or declines it, its maker withdraws it or
//! makes a new one to the same player (which replaces it), or the turn's
//! Cleanup step ends it. Accepting checks again that both sides can still
//! pay, so an offer never moves resources a player no longer has.
//!
//! Deals are any-time actions: a seat may make, withdraw, accept or
//! decline one whether or not the game is waiting for it, from the Start
//! Phase of turn 1 (every faction chosen) until the game ends. They never
//! change whose turn it is.

use crate::state::deals::Offer;
use crate::state::{Phase, Villains};
use backroom_engine::{LogEntry, RuleError, Seat};

/// The rule named in refusals.
pub const DEALS: &str = "Deals";

/// The most resources one offer may move each way (a bound on the prompt's
/// number fields; no player holds more in practice).
pub const MOST: u16 = 99;

/// Whether deals can be made now: every faction chosen, the game not over.
pub fn open(state: &Villains) -> bool {
    !matches!(state.phase, Phase::SelectFactions { .. } | Phase::Over { .. })
        && state.players.iter().all(|p| p.faction.is_some())
}

fn closed() -> RuleError {
    RuleError::illegal(DEALS, "Deals are made from the first Start Phase until the game ends.")
}

/// The offer from `from` to `to`, if one is open.
pub fn offer_between(state: &Villains, from: Seat, to: Seat) -> Option<Offer> {
    state.offers.iter().copied().find(|o| o.from == from && o.to == to)
}

/// `from` offers `to` `give` resources for `want` back; it replaces an
/// offer `from` had open to `to`.
///
/// # Errors
/// Deals closed, an offer to oneself or a seat not at the table, nothing
/// offered either way, or more resources than either side holds now.
pub fn offer(state: &mut Villains, from: Seat, to: Seat, give: u16, want: u16) -> Result<Vec<LogEntry>, RuleError> {
    if !open(state) {
        return Err(closed());
    }
    if to == from || to >= state.seats {
        return Err(RuleError::illegal(DEALS, "Make an offer to another player at the table."));
    }
    if give == 0 && want == 0 {
        return Err(RuleError::illegal(DEALS, "An offer gives or asks for at least 1 resource."));
    }
    if give > state.players[from as usize].resources {
        return Err(RuleError::illegal(
            DEALS,
            format!(
                "You offer {} and have {}.",
                backroom_engine::plural(i64::from(give), "resource", "resources"),
                state.players[from as usize].resources
            ),
        ));
    }
    if want > state.players[to as usize].resources {
        return Err(RuleError::illegal(
            DEALS,
            format!("{} has {} resources.", state.who(to), state.players[to as usize].resources),
        ));
    }
    state.offers.retain(|o| !(o.from == from && o.to == to));
    state.offers.push(Offer { from, to, give, want });
    Ok(vec![LogEntry::public(format!(
        "{} {} {}.",
        state.who_verb(from, "offers", "offer"),
        state.who(to),
        terms(give, want)
    ))])
}

/// "2 resources for 1 resource", "2 resources as a gift", "1 resource in
/// return for nothing".
pub fn terms(give: u16, want: u16) -> String {
    let r = |n: u16| backroom_engine::plural(n, "resource", "resources");
    match (give, want) {
        (g, 0) => format!("{} as a gift", r(g)),
        (0, w) => format!("nothing for {}", r(w)),
        (g, w) => format!("{} for {}", r(g), r(w)),
    }
}

fn take(state: &mut Villains, from: Seat, to: Seat) -> Result<Offer, RuleError> {
    if !open(state) {
        return Err(closed());
    }
    let i = state
        .offers
        .iter()
        .position(|o| o.from == from && o.to == to)
        .ok_or_else(|| RuleError::illegal(DEALS, "There is no such open offer."))?;
    Ok(state.offers.remove(i))
}

/// `to` accepts the offer `from` made it: the resources change hands.
///
/// # Errors
/// No such offer, or a side that no longer holds what it would give.
pub fn accept(state: &mut Villains, to: Seat, from: Seat) -> Result<Vec<LogEntry>, RuleError> {
    let Some(o) = offer_between(state, from, to) else {
        return Err(RuleError::illegal(DEALS, "There is no such open offer."));
    };
    if state.players[from as usize].resources < o.give {
        return Err(RuleError::illegal(
            DEALS,
            format!("{} no longer has {}.", state.who(from), backroom_engine::plural(o.give, "resource", "resources")),
        ));
    }
    if state.players[to as usize].resources < o.want {
        return Err(RuleError::illegal(
            DEALS,
            format!(
                "The offer asks {} back, and you have {}.",
                backroom_engine::plural(i64::from(o.want), "resource", "resources"),
                state.players[to as usize].resources
            ),
        ));
    }
    take(state, from, to)?;
    state.players[from as usize].resources -= o.give;
    state.players[to as usize].resources += o.give;
    state.players[to as usize].resources -= o.want;
    state.players[from as usize].resources += o.want;
    Ok(vec![LogEntry::public(format!(
        "{} the offer of {}: {}.",
        state.who_verb(to, "accepts", "accept"),
        state.who(from),
        terms(o.give, o.want)
    ))])
}

/// `to` declines the offer `from` made it.
///
/// # Errors
/// No such offer.
pub fn decline(state: &mut Villains, to: Seat, from: Seat) -> Result<Vec<LogEntry>, RuleError> {
    take(state, from, to)?;
    Ok(vec![LogEntry::public(format!(
        "{} the offer of {}.",
        state.who_verb(to, "declines", "decline"),
        state.who(from)
    ))])
}

/// `from` withdraws its offer to `to`.
///
/// # Errors
/// No such offer.
pub fn withdraw(state: &mut Villains, from: Seat, to: Seat) -> Result<Vec<LogEntry>, RuleError> {
    take(state, from, to)?;
    Ok(vec![LogEntry::public(format!(
        "{} the offer to {}.",
        state.who_verb(from, "withdraws", "withdraw"),
        state.who(to)
    ))])
}

/// The Cleanup step ends every open offer.
pub fn cleanup(state: &mut Villains) -> Option<LogEntry> {
    if state.offers.is_empty() {
        return None;
    }
    state.offers.clear();
    Some(LogEntry::public("Open offers end at Cleanup.".to_string()))
}
