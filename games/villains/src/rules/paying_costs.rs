//! Paying Costs for actions given in parts: the player names what it
//! does (the units, the skill's choice, the card's) and at most how much
//! energy to spend, and the rules make the whole action. Its cost is found
//! by one price trial of the whole action on a copy of the table
//! (`state::Quote`, [`Payment::QUOTE`]), then paid with that much energy at
//! most and resources for the rest (R21: the split is the player's; energy
//! first by default). The whole action is what the rules then check, the
//! same a whole candidate carries (the bot's, every stored match's), so an
//! action given in parts is refused or accepted exactly as it would be
//! whole.
//!
//! The trial runs the whole action through the router, which itself
//! sends actions given in parts here: the router is handed in
//! ([`Rules`], always `rules::apply_to`) rather than imported, so the two
//! do not import each other.

use crate::action::Action;
use crate::action::choices::{Activation, SkillChoice};
use crate::content::AreaId;
use crate::content::effect::UnitType;
use crate::rules::skill_abilities::deploy_from_reserve;
use crate::state::Quote;
use crate::state::Villains;
use crate::state::payment::Payment;
use backroom_engine::{GameRng, LogEntry, RuleError, Seat};

/// The rules that check a whole action on the table (`rules::apply_to`),
/// run here on a copy as the price trial.
pub(crate) type Rules = fn(&mut Villains, Seat, &Action, &mut GameRng) -> Result<Vec<LogEntry>, RuleError>;

/// The activation `make` builds, paid with at most `energy` energy and
/// resources for the rest.
///
/// # Errors
/// What the rules refuse about the activation itself (limits, adjacency,
/// funds), as they would refuse it whole.
pub(crate) fn resolve(
    apply_to: Rules,
    state: &Villains,
    seat: Seat,
    energy: u8,
    make: &dyn Fn(Payment) -> Activation,
) -> Result<Activation, RuleError> {
    let mut trial = state.clone();
    trial.quote = Quote::asking(state, seat);
    let quoted = Action::Activate { activation: make(Payment::QUOTE) };
    apply_to(&mut trial, seat, &quoted, &mut GameRng::seeded(0))?;
    let cost = trial.quote.cost().unwrap_or(0);
    let e = energy.min(cost);
    Ok(make(Payment { energy: e, resources: u16::from(cost - e) }))
}

/// The action `make` builds, priced by one trial on a copy and paid with
/// at most `energy` energy (all it takes, energy first, when unset) and
/// resources for the rest: a skill, a Laboratory or a Fusion play asked
/// step by step.
///
/// # Errors
/// What the rules refuse about the action itself, as they would refuse
/// it whole.
pub(crate) fn priced_at(
    apply_to: Rules,
    state: &Villains,
    seat: Seat,
    energy: Option<u8>,
    make: &dyn Fn(Payment) -> Action,
) -> Result<Action, RuleError> {
    let mut trial = state.clone();
    trial.quote = Quote::asking(state, seat);
    apply_to(&mut trial, seat, &make(Payment::QUOTE), &mut GameRng::seeded(0))?;
    let cost = trial.quote.cost().unwrap_or(0);
    let pay = match energy {
        None => Payment::energy_first(state, seat, cost),
        Some(e) => Payment { energy: e.min(cost), resources: u16::from(cost - e.min(cost)) },
    };
    Ok(make(pay))
}

/// The Subway's choice: `unit` from the reserve into `to`, paid with at
/// most `energy` energy (resources for the rest), priced by one trial.
///
/// # Errors
/// What the rules refuse about the skill use itself.
pub(crate) fn skill_deploy_choice(
    apply_to: Rules,
    state: &Villains,
    seat: Seat,
    skill: AreaId,
    to: AreaId,
    unit: UnitType,
    energy: u8,
) -> Result<SkillChoice, RuleError> {
    quote_skill_deploy(apply_to, state, seat, skill, to, unit, energy).map(|(c, _)| c)
}

/// [`skill_deploy_choice`], and whether the price trial settled it (the
/// trial was the skill use itself, unless the funds changed before the
/// payment: `Quote::unsure`).
pub(crate) fn quote_skill_deploy(
    apply_to: Rules,
    state: &Villains,
    seat: Seat,
    skill: AreaId,
    to: AreaId,
    unit: UnitType,
    energy: u8,
) -> Result<(SkillChoice, bool), RuleError> {
    let make = |payment| deploy_from_reserve(to, unit, payment);
    let mut trial = state.clone();
    trial.quote = Quote::asking(state, seat);
    let quoted = Action::UseSkill { skill: (skill, make(Payment::QUOTE)) };
    apply_to(&mut trial, seat, &quoted, &mut GameRng::seeded(0))?;
    let cost = trial.quote.cost().unwrap_or(0);
    let e = energy.min(cost);
    Ok((make(Payment { energy: e, resources: u16::from(cost - e) }), !trial.quote.unsure()))
}
