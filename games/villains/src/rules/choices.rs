//! Choices other players make in turn after an effect: sacrificing units
//! anywhere (Let God Sort Them Out) and discarding cards of their choice
//! (Shakedown). They are queued in player order and answered one at a time;
//! when the queue is empty the player whose effect it was ends its action.

use crate::content::CardId;
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
        Owed::ChampionAttack { seat, from } => !crate::rules::abilities::champion_targets(state, seat, from).is_empty(),
        Owed::ChooseVictim { seat, area } => !crate::rules::units::enemies_in(state, seat, area).is_empty(),
        Owed::SacrificeIn { seat, area, .. } => state.area(area).has_units_of(seat),
        Owed::Fusion { seat, .. } => !state.players[seat as usize].hand.is_empty(),
        Owed::LabCard { .. } | Owed::KeepFighting { .. } | Owed::CancelHit { .. } => true,
    }
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
        return crate::rules::abilities::sacrifice_in(state, seat, unit);
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

/// The Laboratory's revealed card: `seat` takes it into its hand.
///
/// # Errors
/// No revealed card of `seat`'s waiting.
pub fn lab_draw(state: &mut Villains, seat: Seat) -> Result<Vec<LogEntry>, RuleError> {
    let Some(Owed::LabCard { card, .. }) = next(state).filter(|o| o.seat() == seat) else {
        return Err(RuleError::not_your_turn(LABORATORY, "You have no revealed card to take."));
    };
    state.owed.remove(0);
    state.players[seat as usize].hand.push(card);
    let mut log =
        vec![LogEntry::public(format!("{} {} into hand.", state.who_verb(seat, "takes", "take"), card.card().name))];
    settle(state, &mut log);
    Ok(log)
}

/// The Laboratory's revealed card: `seat` plays it for free in the
/// Laboratory, with `choices` and `payment` for whatever else it costs.
///
/// # Errors
/// No revealed card of `seat`'s waiting, or a play the rules refuse (then
/// nothing changes).
pub fn lab_play(
    state: &mut Villains,
    seat: Seat,
    payment: crate::state::payment::Payment,
    choices: &crate::action::choices::CardChoices,
    rng: &mut backroom_engine::GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let Some(Owed::LabCard { card, area, .. }) = next(state).filter(|o| o.seat() == seat) else {
        return Err(RuleError::not_your_turn(LABORATORY, "You have no revealed card to play."));
    };
    let mut work = state.clone();
    work.owed.remove(0);
    work.players[seat as usize].hand.push(card);
    let leaving = crate::rules::abilities::leavers(&work);
    let champions_before = crate::rules::abilities::champions_in_play(&work, seat);
    let (mut log, goes_on) =
        crate::rules::card_token::play_as(&mut work, seat, area, card, 0, payment, choices, rng, true)?;
    crate::rules::abilities::after_leaving(&mut work, &leaving, &mut log);
    let redeployed: Vec<UnitUid> = choices.units.iter().filter_map(|p| p.from).collect();
    let deployed = crate::rules::abilities::newly_deployed(&work, seat, &champions_before, &redeployed);
    if !goes_on && crate::versions::abilities(&work) {
        crate::rules::abilities::on_champion_deployed(&mut work, seat, &deployed, &mut log)?;
    }
    settle(&mut work, &mut log);
    *state = work;
    Ok(log)
}

/// The Laboratory's skill, named in refusals.
pub const LABORATORY: &str = "Activating an Area's Skill Ability";

/// To The Death!: `seat` says whether to fight another round; the first
/// "yes" starts it, when everyone says "no" the battle is over.
///
/// # Errors
/// No such question for `seat` now.
pub fn keep_fighting(state: &mut Villains, seat: Seat, yes: bool) -> Result<Vec<LogEntry>, RuleError> {
    let Some(Owed::KeepFighting { area, .. }) = next(state).filter(|o| o.seat() == seat) else {
        return Err(RuleError::not_your_turn(crate::rules::combat::COMBAT, "You are not asked to fight on."));
    };
    let mut log = vec![LogEntry::public(format!(
        "{}.",
        if yes {
            state.who_verb(seat, "fights on", "fight on")
        } else {
            state.who_verb(seat, "has had enough", "have had enough")
        }
    ))];
    if yes {
        state.owed.retain(|o| !matches!(o, Owed::KeepFighting { area: a, .. } if *a == area));
        log.extend(crate::rules::combat::start_battle(state, area, 0)?);
        if let Some(b) = state.battle.as_mut() {
            b.repeat = true;
        }
    } else {
        state.owed.remove(0);
        if !state.owed.iter().any(|o| matches!(o, Owed::KeepFighting { area: a, .. } if *a == area)) {
            settle(state, &mut log);
        }
    }
    Ok(log)
}
