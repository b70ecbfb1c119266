//! The rules, one file per rulebook section, and their router: an
//! [`Action`] goes to the section that rules on it ([`apply_to`]), and a
//! seat that is not awaited is told why in the words of the step under way.
//!
//! Layering, with no import circle: the primitives every section speaks of
//! sit in lower files and import no section above them: `standing` (the
//! rules that apply to a player now), `units` (a unit's name, the enemies
//! present, entering, leaving and attacking, a hit wounding or killing,
//! the Graveyards), `setup`, `determine_control`, `deals`,
//! `place_action_tokens` and `start_phase`. Then, each importing only
//! those below it: `take_actions` (the step's frame and the next player),
//! `choices` (the owed queue; settling it moves to the next player),
//! `combat`, `abilities`, `end_phase`, `skill_abilities`, `card_token`,
//! `mr_fusion`, `action_tokens`, `paying_costs`; on top `turn_loop`, the
//! turn's order, which the router runs after every action
//! ([`turn_loop::after_action`]): a section that ends Take Actions or a
//! battle of the Combat Step leaves the table in the Combat Step, and the
//! next marked area is fought from there, never from below.

pub mod abilities;
pub mod action_tokens;
pub mod card_token;
pub mod choices;
pub mod combat;
pub mod deals;
pub mod determine_control;
pub mod end_phase;
pub mod mr_fusion;
pub mod paying_costs;
pub mod place_action_tokens;
pub mod setup;
pub mod skill_abilities;
pub mod standing;
pub mod start_phase;
pub mod take_actions;
pub mod turn_loop;
pub mod units;

use crate::action::choices::{Activation, SkillChoice};
use crate::action::{Action, FusionCard, LabPlay, SkillPick};
use crate::content::content;
use crate::state::payment::Payment;
use crate::state::{Phase, Villains};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat};

/// Applies `action`, then holds it to the standing rule of a Suitcase
/// Nuke: no unit may enter its area until Cleanup (every way a unit could
/// enter, checked once here). The caller works on a copy.
pub(crate) fn apply_to(
    state: &mut Villains,
    seat: Seat,
    action: &Action,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let mut log = apply_each(state, seat, action, rng)?;
    turn_loop::after_action(state, &mut log);
    if let Some(a) = content().area_ids().find(|a| state.area(*a).nuked.is_some() && !state.area(*a).units.is_empty()) {
        return Err(RuleError::illegal(
            crate::rules::card_token::CARD_TOKEN,
            format!("No unit may enter {} this turn (Suitcase Nuke).", a.area().name),
        ));
    }
    Ok(log)
}

fn apply_each(
    state: &mut Villains,
    seat: Seat,
    action: &Action,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    match action.clone() {
        Action::Offer { to, give, want } => crate::rules::deals::offer(state, seat, to, give, want),
        Action::AcceptOffer { from } => crate::rules::deals::accept(state, seat, from),
        Action::DeclineOffer { from } => crate::rules::deals::decline(state, seat, from),
        Action::WithdrawOffer { to } => crate::rules::deals::withdraw(state, seat, to),
        Action::ChooseFaction { faction } => {
            let mut log = crate::rules::setup::choose_faction(state, seat, faction, rng)?;
            if state.phase == Phase::Start {
                log.extend(crate::rules::start_phase::begin_turn(state, rng));
            }
            Ok(log)
        }
        Action::BottomPlan { plan } => crate::rules::start_phase::bottom_plan(state, seat, plan),
        Action::InsideJob { enemy } => crate::rules::start_phase::inside_job(state, seat, enemy),
        Action::SelectTarget { card } => crate::rules::start_phase::select_target(state, seat, card),
        Action::PlaceToken { kind, area, space, payment } => {
            if !matches!(state.phase, Phase::PlaceTokens { .. }) || state.players[seat as usize].faction.is_none() {
                return Err(RuleError::illegal(
                    crate::rules::place_action_tokens::PLACE_ACTION_TOKENS,
                    "Tokens are placed in the Main Phase.",
                ));
            }
            let pay = payment.unwrap_or_else(|| {
                Payment::energy_first(state, seat, crate::rules::place_action_tokens::placement_cost(state, seat))
            });
            crate::rules::place_action_tokens::place_token(state, seat, kind, area, space, pay)
        }
        Action::PassPlacing => crate::rules::place_action_tokens::pass(state, seat),
        Action::Reveal { spot } => {
            busy(state)?;
            take_actions::reveal(state, seat, spot)
        }
        Action::Activate { activation } => {
            busy(state)?;
            crate::rules::action_tokens::activate(state, seat, &activation, rng)
        }
        Action::ActivatePaying { activation, energy, choices } => {
            busy(state)?;
            let activation = match (activation, choices) {
                (Activation::Card { card, payment, .. }, Some(choices)) => Activation::Card { card, payment, choices },
                (_, Some(_)) => {
                    return Err(RuleError::illegal(
                        crate::rules::card_token::CARD_TOKEN,
                        "Only a card has choices to make; a battle or a unique token takes none.",
                    ));
                }
                (a, None) => a,
            };
            activate_priced(state, seat, energy, &|p| activation.with_payment(p), rng)
        }
        Action::Deploy { units, energy } => {
            busy(state)?;
            activate_priced(state, seat, energy, &|payment| Activation::Deploy { units: units.clone(), payment }, rng)
        }
        Action::Move { units, energy } => {
            busy(state)?;
            activate_priced(state, seat, energy, &|payment| Activation::Move { units: units.clone(), payment }, rng)
        }
        Action::Discard => {
            busy(state)?;
            take_actions::discard(state, seat)
        }
        Action::UseSkill { skill: (area, choice) } => {
            busy(state)?;
            crate::rules::skill_abilities::use_skill(state, seat, area, &choice, rng)
        }
        Action::UseSkillBringing { skill: SkillPick::Whole((area, whole)), choice, brings, energy, to, unit } => {
            busy(state)?;
            if choice != SkillChoice::default() || energy.is_some() || to.is_some() || unit.is_some() {
                return Err(RuleError::illegal(
                    crate::rules::skill_abilities::SKILL,
                    "Name the skill's area alone when its choice or the energy is given apart.",
                ));
            }
            let choice = crate::rules::skill_abilities::with_brought(state, seat, area, &whole, &brings);
            crate::rules::skill_abilities::use_skill(state, seat, area, &choice, rng)
        }
        Action::UseSkillBringing { skill: SkillPick::Area(area), choice, brings, energy, to, unit } => {
            busy(state)?;
            let choice = crate::rules::skill_abilities::deploy_anywhere_choice(choice, to, unit)?;
            let make = |payment| Action::UseSkill {
                skill: (area, SkillChoice { payment, champion_moves: brings.clone(), ..choice.clone() }),
            };
            let a = paying_costs::priced_at(apply_to, state, seat, energy, &make)?;
            apply_each(state, seat, &a, rng)
        }
        Action::SkillDeploy { skill, to, unit, energy } => {
            busy(state)?;
            let choice = paying_costs::skill_deploy_choice(apply_to, state, seat, skill, to, unit, energy)?;
            crate::rules::skill_abilities::use_skill(state, seat, skill, &choice, rng)
        }
        Action::UseSkillPaying { skill, choice, energy } => {
            busy(state)?;
            let make = |payment| Action::UseSkill { skill: (skill, SkillChoice { payment, ..choice.clone() }) };
            let a = paying_costs::priced_at(apply_to, state, seat, energy, &make)?;
            apply_each(state, seat, &a, rng)
        }
        Action::LabPaying { choices, energy } => {
            let make = |payment| Action::LabPlay { play: LabPlay { payment, choices: choices.clone() } };
            let a = paying_costs::priced_at(apply_to, state, seat, energy, &make)?;
            apply_each(state, seat, &a, rng)
        }
        Action::FusionPaying { card, choices, energy } => {
            let make = |payment| Action::FusionPlay { play: FusionCard { card, payment, choices: choices.clone() } };
            let a = paying_costs::priced_at(apply_to, state, seat, Some(energy), &make)?;
            apply_each(state, seat, &a, rng)
        }
        Action::Locked => {
            busy(state)?;
            take_actions::locked(state, seat)
        }
        Action::Pass => {
            busy(state)?;
            take_actions::pass(state, seat)
        }
        Action::Attack { unit, defender } => combat::attack(state, seat, unit, defender, rng),
        Action::AssignHit { unit } => combat::assign_hit(state, seat, unit),
        Action::Sacrifice { unit } => combat::sacrifice(state, seat, unit),
        Action::CardAttack { defender } => combat::card_attack(state, seat, defender, rng),
        Action::SacrificeUnit { unit } => crate::rules::choices::sacrifice_unit(state, seat, unit),
        Action::DiscardCard { card } => crate::rules::choices::discard_card(state, seat, card),
        Action::LabDraw => crate::rules::card_token::lab_draw(state, seat),
        Action::FusionPlay { play } => {
            crate::rules::mr_fusion::play(state, seat, play.card, play.payment, &play.choices, rng)
        }
        Action::FusionStop => crate::rules::mr_fusion::stop(state, seat),
        Action::KeepFighting { yes } => combat::keep_fighting(state, seat, yes),
        Action::LabPlay { play } => crate::rules::card_token::lab_play(state, seat, play.payment, &play.choices, rng),
        Action::ScorePlans { scores } => crate::rules::turn_loop::score_plans(state, seat, &scores, rng),
        Action::FreeDeploy { unit } => crate::rules::abilities::free_deploy(state, seat, unit, rng),
        Action::ChampionAttack { target } => crate::rules::abilities::champion_attack(state, seat, target, rng),
        Action::CancelHit { pay } => crate::rules::abilities::cancel_hit(state, seat, pay),
        Action::ChooseVictim { enemy } => crate::rules::abilities::choose_victim(state, seat, enemy),
    }
}

/// A token activated from its parts (units, then the energy to spend):
/// priced by one trial of the whole activation, then made.
fn activate_priced(
    state: &mut Villains,
    seat: Seat,
    energy: u8,
    make: &dyn Fn(Payment) -> Activation,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let how = paying_costs::resolve(apply_to, state, seat, energy, make)?;
    crate::rules::action_tokens::activate(state, seat, &how, rng)
}

/// Take Actions waits while a battle or attacks are under way.
fn busy(state: &Villains) -> Result<(), RuleError> {
    if state.battle.is_some() || state.attacks.is_some() {
        return Err(RuleError::illegal(combat::COMBAT, "Finish the combat first."));
    }
    Ok(())
}

/// Why `seat` may not act now, in the words of the step under way: who
/// the game waits for is public, and so is whether `seat` passed, chose
/// or holds no card.
pub(crate) fn not_awaited(state: &Villains, seat: Seat) -> RuleError {
    use crate::rules::start_phase::step;
    let p = &state.players[seat as usize];
    if crate::rules::choices::next(state).is_some() {
        return RuleError::not_your_turn(crate::rules::choices::CHOICES, "Another player answers a choice owed now.");
    }
    if let Some(b) = &state.battle {
        let words = format!("Another player attacks or takes hits in {} now.", b.area.area().name);
        return RuleError::not_your_turn(combat::COMBAT, words);
    }
    if state.attacks.is_some() {
        return RuleError::not_your_turn(combat::COMBAT, "Another player's attacks are being resolved now.");
    }
    let (rule, words) = match &state.phase {
        Phase::SelectFactions { .. } => (crate::rules::setup::SELECT_FACTIONS, "Another player chooses a faction now."),
        Phase::SelectPlans { .. } if p.plan_deck.is_empty() => {
            (step::SELECT_PLANS, "You have no plan to put back: your plan deck could not fill your hand to 3.")
        }
        Phase::SelectPlans { .. } => {
            (step::SELECT_PLANS, "You have put a plan on the bottom already this turn; the others are still choosing.")
        }
        Phase::SelectTargets { .. } if p.target.is_some() => {
            (step::SELECT_TARGETS, "You have selected your target already this turn.")
        }
        Phase::SelectTargets { .. } if p.hand.is_empty() => {
            (step::SELECT_TARGETS, "You have no action card to select as your target.")
        }
        Phase::SelectTargets { .. } => (step::SELECT_TARGETS, "The Mafia chooses its target after every other player."),
        Phase::PlaceTokens { .. } if p.passed => (
            crate::rules::place_action_tokens::PLACE_ACTION_TOKENS,
            "You have passed for the rest of the Place Action Tokens Step.",
        ),
        Phase::PlaceTokens { .. } => {
            (crate::rules::place_action_tokens::PLACE_ACTION_TOKENS, "Another player places now.")
        }
        Phase::TakeActions { .. } if p.passed => {
            (take_actions::PASSING, "You have passed for the rest of the Take Actions Step.")
        }
        Phase::TakeActions { .. } => (take_actions::TAKE_ACTIONS, "Another player takes an action now."),
        Phase::ScorePlans { .. } => (crate::rules::turn_loop::SCORE_PLANS, "Another player scores plans now."),
        Phase::Start | Phase::Combat { .. } | Phase::Over { .. } => ("Actions", "It is not your turn."),
    };
    RuleError::not_your_turn(rule, words)
}

/// Who acts in a battle, attacks or owed choices under way.
pub(crate) fn fighting(state: &Villains) -> Option<Seat> {
    if let Some(o) = crate::rules::choices::next(state) {
        return Some(o.seat());
    }
    if state.battle.is_some() {
        return combat::battle_actor(state);
    }
    state.attacks.as_ref().map(|a| a.hits.map_or(a.attacker, |h| h.defender))
}
