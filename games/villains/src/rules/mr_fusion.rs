//! Mr. Fusion (the Scientists' unique token): "on activation you may play
//! any number of action cards, one after another (each fully resolved and
//! paid before deciding on the next; cards drawn meanwhile may be played
//! too)". The first card is the activation itself (`activate`); after it,
//! while the player holds a card, it owes a choice ([`Owed::Fusion`]):
//! play another card in Mr. Fusion's area, or stop. Each card counts on the
//! fusion track.
//!
//! Ruling: a card that starts a battle or attacks, or leaves other players
//! a choice to make, ends the chain once that is over (the rulebook's
//! "each fully resolved before deciding on the next" with a battle fought
//! at once); the fusion track keeps every card played.

use crate::action::choices::CardChoices;
use crate::content::CardId;
use crate::rules::choices::{next, settle};
use crate::state::Villains;
use crate::state::owed::Owed;
use crate::state::payment::Payment;
use backroom_engine::{GameRng, LogEntry, RuleError, Seat};

/// The rule named in refusals.
pub const MR_FUSION: &str = "Mr. Fusion";

/// After a card played through Mr. Fusion in `area`: owe the next choice
/// when the chain may go on. Returns whether it does.
pub fn offer_more(state: &mut Villains, seat: Seat, area: crate::content::AreaId, card_goes_on: bool) -> bool {
    if card_goes_on || state.players[seat as usize].hand.is_empty() || !crate::versions::abilities(state) {
        return false;
    }
    state.owed.push(Owed::Fusion { seat, area });
    true
}

fn owed_area(state: &Villains, seat: Seat) -> Result<crate::content::AreaId, RuleError> {
    match next(state) {
        Some(Owed::Fusion { seat: s, area }) if s == seat => Ok(area),
        _ => Err(RuleError::not_your_turn(MR_FUSION, "You are not playing cards with Mr. Fusion now.")),
    }
}

/// `seat` plays `card` as Mr. Fusion's next card.
///
/// # Errors
/// No such choice owed, or a card play the rules refuse (as for any card
/// token); the state is unchanged.
pub fn play(
    state: &mut Villains,
    seat: Seat,
    card: CardId,
    payment: Payment,
    choices: &CardChoices,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let area = owed_area(state, seat)?;
    let mut work = state.clone();
    let mut r = rng.clone();
    work.owed.remove(0);
    let (mut log, goes_on) = crate::rules::card_token::play(&mut work, seat, area, card, 0, payment, choices, &mut r)?;
    work.players[seat as usize].fusion += 1;
    log.push(LogEntry::public(format!(
        "Mr. Fusion: {} on the fusion track.",
        backroom_engine::plural(work.players[seat as usize].fusion, "card", "cards")
    )));
    if !offer_more(&mut work, seat, area, goes_on) && !goes_on {
        settle(&mut work, &mut log);
    }
    *state = work;
    *rng = r;
    Ok(log)
}

/// `seat` plays no more cards with Mr. Fusion.
///
/// # Errors
/// No such choice owed.
pub fn stop(state: &mut Villains, seat: Seat) -> Result<Vec<LogEntry>, RuleError> {
    owed_area(state, seat)?;
    state.owed.remove(0);
    let mut log =
        vec![LogEntry::public(format!("{} playing cards with Mr. Fusion.", state.who_verb(seat, "stops", "stop")))];
    settle(state, &mut log);
    Ok(log)
}
