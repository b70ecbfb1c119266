//! Choices other players make in turn after an effect: sacrificing units
//! anywhere (Let God Sort Them Out) or in one area (Basta's victim) and
//! discarding cards of their choice (Shakedown). They are queued in player
//! order and answered one at a time; when the queue is empty the player
//! whose effect it was ends its action ([`settle`], on to the next player).
//!
//! The queue sits below every section that owes a choice (`combat`,
//! `abilities`, `card_token`, `skill_abilities`, `mr_fusion`) and imports
//! none of them: what decides whether a choice can still be made (Bully
//! G.O.A.T.'s reach, [`champion_targets`]) lives here. The Laboratory's
//! card is answered in `card_token`, To The Death!'s "fight on?" in
//! `combat`.

use crate::content::effect::UnitType;
use crate::content::{AreaId, CardId, content};
use crate::state::owed::Owed;
use crate::state::{Phase, UnitUid, Villains};
use backroom_engine::{LogEntry, RuleError, Seat};

/// The rule named in refusals.
pub const CHOICES: &str = "Hits and Sacrifices";

/// Queues choices; those that cannot be made (no unit, no card) are
/// dropped. Returns whether any is left.
pub fn owe(state: &mut Villains, owed: Vec<Owed>) -> bool {
    for o in owed {
        if can_make(state, o) {
            state.owed.push(o);
        }
    }
    !state.owed.is_empty()
}

/// Whether the choice can still be made (a unit, a card left).
fn can_make(state: &Villains, o: Owed) -> bool {
    match o {
        Owed::Sacrifice { seat, count, .. } => count > 0 && state.units_of(seat).next().is_some(),
        Owed::Discard { seat, count } => count > 0 && !state.players[seat as usize].hand.is_empty(),
        Owed::FreeDeploy { seat, .. } => state.players[seat as usize].reserve_units.iter().any(|(_, n)| *n > 0),
        Owed::ChampionAttack { seat, from } => !champion_targets(state, seat, from).is_empty(),
        Owed::ChooseVictim { seat, area } => !crate::rules::units::enemies_in(state, seat, area).is_empty(),
        Owed::SacrificeIn { seat, area, .. } => state.area(area).has_units_of(seat),
        Owed::Fusion { seat, .. } => !state.players[seat as usize].hand.is_empty(),
        Owed::LabCard { .. } | Owed::KeepFighting { .. } | Owed::CancelHit { .. } => true,
    }
}

/// Where `seat`'s champion in `from` may attack now (Bully G.O.A.T.): an
/// opponent with units in an area adjacent to `from` (never `from`) where
/// attacks are not forbidden (Cease Fire). None if he is no longer there.
pub fn champion_targets(state: &Villains, seat: Seat, from: AreaId) -> Vec<(AreaId, Seat)> {
    let here = state.area(from).units.iter().any(|u| u.owner == seat && u.kind == UnitType::Champion);
    if !here {
        return Vec::new();
    }
    content()
        .adjacent(from)
        .iter()
        .filter(|a| **a != from && !crate::rules::units::attacks_forbidden(state, **a))
        .flat_map(|a| crate::rules::units::enemies_in(state, seat, *a).into_iter().map(move |s| (*a, s)))
        .collect()
}

/// The first choice owed, if any. A champion's attack after a skill waits
/// while the skill's own hits or battle are under way.
pub fn next(state: &Villains) -> Option<Owed> {
    state
        .owed
        .first()
        .copied()
        .filter(|o| !(matches!(o, Owed::ChampionAttack { .. }) && (state.battle.is_some() || state.attacks.is_some())))
}

pub(crate) fn settle(state: &mut Villains, log: &mut Vec<LogEntry>) {
    // Drop what can no longer be paid (no unit left, no card left).
    while let Some(o) = state.owed.first().copied() {
        if can_make(state, o) {
            return;
        }
        state.owed.remove(0);
    }
    if let Phase::TakeActions { current, revealed: None } = state.phase
        && state.battle.is_none()
        && state.attacks.is_none()
    {
        crate::rules::take_actions::advance(state, current, log);
    }
}

/// `seat` sacrifices one of its units in play.
///
/// # Errors
/// No sacrifice owed by `seat` now, or not its unit in play.
pub fn sacrifice_unit(state: &mut Villains, seat: Seat, unit: UnitUid) -> Result<Vec<LogEntry>, RuleError> {
    if let Some(Owed::SacrificeIn { .. }) = next(state).filter(|o| o.seat() == seat) {
        return sacrifice_in(state, seat, unit);
    }
    let Some(Owed::Sacrifice { seat: s, killer, count }) = next(state).filter(|o| o.seat() == seat) else {
        return Err(RuleError::not_your_turn(CHOICES, "You owe no sacrifice now."));
    };
    let Some((area, kind)) = state.units_of(s).find(|(_, u)| u.uid == unit).map(|(a, u)| (a, u.kind)) else {
        return Err(RuleError::illegal(CHOICES, "Sacrifice one of your units in play."));
    };
    crate::rules::units::kill(state, area, unit, killer);
    let mut log = vec![LogEntry::public(format!(
        "{} {} in {} (a kill for {}).",
        state.who_verb(seat, "sacrifices", "sacrifice"),
        crate::rules::units::a_unit(state, seat, kind),
        area.area().name,
        state.who(killer)
    ))];
    state.owed[0] = Owed::Sacrifice { seat: s, killer, count: count - 1 };
    settle(state, &mut log);
    Ok(log)
}

/// `seat` discards one action card of its choice (it goes face up to the
/// discard pile).
///
/// # Errors
/// No discard owed by `seat` now, or not a card in its hand.
pub fn discard_card(state: &mut Villains, seat: Seat, card: CardId) -> Result<Vec<LogEntry>, RuleError> {
    let Some(Owed::Discard { seat: s, count }) = next(state).filter(|o| o.seat() == seat) else {
        return Err(RuleError::not_your_turn(CHOICES, "You owe no discard now."));
    };
    let Some(i) = state.players[s as usize].hand.iter().position(|c| *c == card) else {
        return Err(RuleError::illegal(CHOICES, "Discard a card from your hand."));
    };
    state.players[s as usize].hand.remove(i);
    state.discards.push(card);
    let mut log =
        vec![LogEntry::public(format!("{} {}.", state.who_verb(seat, "discards", "discard"), card.card().name))];
    state.owed[0] = Owed::Discard { seat: s, count: count - 1 };
    settle(state, &mut log);
    Ok(log)
}

/// The picked opponent sacrifices one of its units in the area (its
/// choice; toughness does not help; the kill Basta's owner's).
///
/// # Errors
/// No such sacrifice owed by `seat`, or not its unit there.
pub fn sacrifice_in(state: &mut Villains, seat: Seat, unit: UnitUid) -> Result<Vec<LogEntry>, RuleError> {
    let Some(Owed::SacrificeIn { killer, area, .. }) = next(state).filter(|o| o.seat() == seat) else {
        return Err(RuleError::not_your_turn(CHOICES, "You owe no sacrifice now."));
    };
    let Some(kind) = state.area(area).units.iter().find(|u| u.uid == unit && u.owner == seat).map(|u| u.kind) else {
        return Err(RuleError::illegal(CHOICES, format!("Sacrifice one of your units in {}.", area.area().name)));
    };
    crate::rules::units::kill(state, area, unit, killer);
    state.owed.remove(0);
    let mut log = vec![LogEntry::public(format!(
        "{} {} in {} (a kill for {}).",
        state.who_verb(seat, "sacrifices", "sacrifice"),
        crate::rules::units::a_unit(state, seat, kind),
        area.area().name,
        state.who(killer)
    ))];
    settle(state, &mut log);
    Ok(log)
}
