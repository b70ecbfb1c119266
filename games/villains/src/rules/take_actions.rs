//! MAIN PHASE, The Take Actions Step: in player order each player reveals
//! an action token, activates a skill ability, declares itself locked or
//! passes, until everyone has passed.
//!
//! This module holds the step's frame: which tokens may be revealed (no
//! face-down token before it on its track), revealing (a refunded token
//! pays its resource at once, before the choice; the Cult's Nothing is
//! removed as soon as it is revealed), discarding a revealed token, Locked
//! and Pass. Activating a revealed token is `rules::action_tokens`, and
//! skill abilities are `rules::skill_abilities`; both resolve through the
//! effect vocabulary.

use crate::action::choices::Spot;
use crate::state::{Phase, TokenKind, TokenUid, Villains};
use backroom_engine::{LogEntry, RuleError, Seat, SeatSet};

/// The rulebook step, named in refusals.
pub const TAKE_ACTIONS: &str = "Take Actions";
/// Revealing an Action Token.
pub const REVEAL: &str = "Revealing an Action Token";
/// Declaring You Are Locked.
pub const LOCKED: &str = "Declaring You Are Locked";
/// Passing.
pub const PASSING: &str = "Passing";

/// `seat`'s face-down tokens it may reveal now: no face-down token (anyone's)
/// lies before it on its track.
pub fn revealable(state: &Villains, seat: Seat) -> Vec<Spot> {
    let mut out = Vec::new();
    for a in crate::content::content().area_ids() {
        let track = &state.area(a).track;
        if let Some(i) = track.iter().position(|t| t.as_ref().is_some_and(|t| !t.face_up))
            && track[i].as_ref().is_some_and(|t| t.owner == seat)
        {
            out.push((a, i));
        }
    }
    out
}

/// Where the token with this board id is.
pub fn find(state: &Villains, uid: TokenUid) -> Option<Spot> {
    crate::content::content()
        .area_ids()
        .find_map(|a| state.area(a).track.iter().position(|t| t.as_ref().is_some_and(|t| t.uid == uid)).map(|i| (a, i)))
}

fn acting(state: &Villains, seat: Seat) -> Result<Option<TokenUid>, RuleError> {
    let Phase::TakeActions { current, revealed } = state.phase else {
        return Err(RuleError::illegal(TAKE_ACTIONS, "Actions are taken in the Main Phase."));
    };
    if current != seat {
        return Err(RuleError::not_your_turn(TAKE_ACTIONS, "Another player takes an action now."));
    }
    Ok(revealed)
}

fn idle(state: &Villains, seat: Seat) -> Result<(), RuleError> {
    if state.battle.is_some() || state.attacks.is_some() || !state.owed.is_empty() {
        return Err(RuleError::illegal(TAKE_ACTIONS, "Finish the combat and the owed choices first."));
    }
    if acting(state, seat)?.is_some() {
        return Err(RuleError::illegal(REVEAL, "Activate or discard the token you revealed first."));
    }
    Ok(())
}

/// Reveals `seat`'s face-down token at `spot`.
///
/// # Errors
/// Not `seat`'s action, a token awaiting its choice, not its face-down token,
/// or a face-down token lies before it. Refusals say where, never what.
pub fn reveal(state: &mut Villains, seat: Seat, spot: Spot) -> Result<Vec<LogEntry>, RuleError> {
    idle(state, seat)?;
    let (area, space) = spot;
    let name = &area.area().name;
    match state.area(area).track.get(space).and_then(Option::as_ref) {
        Some(t) if t.owner == seat && !t.face_up => {}
        _ => {
            return Err(RuleError::illegal(
                REVEAL,
                format!("You have no face-down token in {name}, space {}.", space + 1),
            ));
        }
    }
    if !revealable(state, seat).contains(&spot) {
        return Err(RuleError::illegal(
            REVEAL,
            format!("A face-down token lies before space {} of {name}.", space + 1),
        ));
    }
    let seats = state.seats;
    let faction = state.faction_of(seat);
    let token = state.area_mut(area).track[space].as_mut().expect("checked");
    token.face_up = true;
    token.kind = backroom_engine::Hidden::known_to(*token.kind.rules_value(), SeatSet::first(seats));
    let kind = *token.kind.rules_value();
    let uid = token.uid;
    let what = crate::rules::place_action_tokens::a_token(state, seat, kind);
    let mut log = vec![LogEntry::public(format!(
        "{} {what} in {name}, space {}.",
        state.who_verb(seat, "reveals", "reveal"),
        space + 1
    ))];
    let refunded = match kind.basic() {
        Some(t) => crate::content::content().basic_tokens[&t].refunded,
        None => faction.unique_token.refunded,
    };
    if refunded {
        state.players[seat as usize].resources += 1;
        log.push(LogEntry::public(format!("{} 1 resource (refunded token).", state.who_verb(seat, "gains", "gain"))));
    }
    if kind == TokenKind::Unique && !faction.unique_token.activatable {
        remove(state, spot);
        log.push(LogEntry::public(format!(
            "The {} token cannot be activated and is removed.",
            crate::rules::place_action_tokens::kind_name(state, seat, kind)
        )));
        advance(state, seat, &mut log);
    } else {
        state.phase = Phase::TakeActions { current: seat, revealed: Some(uid) };
    }
    Ok(log)
}

/// Takes the token at `spot` off the track into its owner's spent tokens.
fn remove(state: &mut Villains, (area, space): Spot) {
    let t = state.area_mut(area).track[space].take().expect("a token");
    state.players[t.owner as usize].spent_tokens.push(crate::state::SpentToken { kind: t.kind, revealed: t.face_up });
}

/// Discards the token `seat` has just revealed, without effect.
///
/// # Errors
/// Not `seat`'s action or no token awaiting its choice.
pub fn discard(state: &mut Villains, seat: Seat) -> Result<Vec<LogEntry>, RuleError> {
    let Some(uid) = acting(state, seat)? else {
        return Err(RuleError::illegal(REVEAL, "You have no revealed token to discard."));
    };
    let spot = find(state, uid).expect("the revealed token is on the board");
    let what = crate::rules::place_action_tokens::a_token(
        state,
        seat,
        *state.area(spot.0).track[spot.1].as_ref().expect("token").kind.rules_value(),
    );
    remove(state, spot);
    let mut log = vec![LogEntry::public(format!(
        "{} {what} from {}.",
        state.who_verb(seat, "discards", "discard"),
        spot.0.area().name
    ))];
    advance(state, seat, &mut log);
    Ok(log)
}

/// Declares `seat` locked: it has face-down tokens but may reveal none.
///
/// # Errors
/// Not `seat`'s action, a token awaiting its choice, no face-down token, or
/// one it may reveal.
pub fn locked(state: &mut Villains, seat: Seat) -> Result<Vec<LogEntry>, RuleError> {
    idle(state, seat)?;
    if state.face_down_tokens_of(seat) == 0 {
        return Err(RuleError::illegal(LOCKED, "You have no unrevealed token left: pass instead."));
    }
    if let Some((a, i)) = revealable(state, seat).first() {
        return Err(RuleError::illegal(
            LOCKED,
            format!("You are not locked: you may reveal your token in {}, space {}.", a.area().name, i + 1),
        ));
    }
    let mut log = vec![LogEntry::public(format!("{} locked.", state.who_verb(seat, "is", "are")))];
    advance(state, seat, &mut log);
    Ok(log)
}

/// `seat` passes for the rest of Take Actions: only once all its tokens are
/// revealed.
///
/// # Errors
/// Not `seat`'s action, a token awaiting its choice, or face-down tokens
/// left.
pub fn pass(state: &mut Villains, seat: Seat) -> Result<Vec<LogEntry>, RuleError> {
    idle(state, seat)?;
    if state.face_down_tokens_of(seat) > 0 {
        return Err(RuleError::illegal(
            PASSING,
            format!(
                "A player may pass only after all of their action tokens have been revealed: you have {} face down.",
                state.face_down_tokens_of(seat)
            ),
        ));
    }
    state.players[seat as usize].passed = true;
    let mut log = vec![LogEntry::public(format!("{}.", state.who_verb(seat, "passes", "pass")))];
    advance(state, seat, &mut log);
    Ok(log)
}

/// The next player clockwise who has not passed; when all have, the Combat
/// Step begins (its battles are fought from `rules::turn_loop`, which
/// takes the turn on after every action).
pub fn advance(state: &mut Villains, from: Seat, log: &mut Vec<LogEntry>) {
    let mut s = from;
    for _ in 0..state.seats {
        s = state.next_clockwise(s);
        if !state.players[s as usize].passed {
            state.phase = Phase::TakeActions { current: s, revealed: None };
            return;
        }
    }
    log.push(LogEntry::public("Everyone has passed: the Combat Step."));
    state.phase = Phase::Combat { at: None };
}
