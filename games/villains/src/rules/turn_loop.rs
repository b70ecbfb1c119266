//! The order of the turn's last steps: the Combat Step, then the END PHASE
//! (Determine Control, Collect Resources, Score Targets, Score Plans, Check
//! for Victory, Collect Upgrades, Refresh Skilled Units, Cleanup) and the
//! next turn's Start Phase.
//!
//! Score Plans is the one END PHASE step where players choose: in player
//! order each player scores the plans it chooses ([`score_plans`]); the
//! other steps run by themselves ([`crate::rules::determine_control`], [`crate::rules::end_phase`]).
//!
//! This is the top of the rules: the router runs [`after_action`] after
//! every action, so the Combat Step's battles follow the last pass of Take
//! Actions and each battle fought there. No section imports this file, so
//! a section that ends Take Actions or a battle only leaves the table in
//! the Combat Step, and what happens next is decided here.

use crate::action::choices::PlanScore;
use crate::content::CardId;
use crate::content::effect::{Ongoing, Requirement};
use crate::rules::combat;
use crate::rules::end_phase::{self, Victory};
use crate::rules::standing;
use crate::state::{Phase, Villains};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat};

/// The rule named in refusals.
pub const SCORE_PLANS: &str = "Score Plans";

/// What follows any action, run by the router once the action's own
/// section has ruled: in the Combat Step with no battle under way (Take
/// Actions just ended with everyone passed, or a marked area's battle just
/// ended), the next marked area fights.
pub fn after_action(state: &mut Villains, log: &mut Vec<LogEntry>) {
    if matches!(state.phase, Phase::Combat { .. }) && state.battle.is_none() && state.attacks.is_none() {
        next_battle(state, log);
    }
}

/// The next marked area (after the one just fought, or the first in area
/// order as the Combat Step begins) fights one round; an area where combat
/// cannot take place is passed over; with none left, the END PHASE.
fn next_battle(state: &mut Villains, log: &mut Vec<LogEntry>) {
    loop {
        let Phase::Combat { at } = state.phase else {
            return;
        };
        let Some(area) = combat::next_marked_area(state, at) else {
            begin_end_phase(state, log);
            return;
        };
        state.phase = Phase::Combat { at: Some(area) };
        if combat::combat_possible(state, area) {
            log.extend(combat::start_battle(state, area, 0).expect("combat is possible"));
            if state.battle.is_some() {
                return;
            }
        } else {
            log.push(LogEntry::public(format!(
                "No combat can take place in {} despite its combat marker.",
                area.area().name
            )));
        }
    }
}

/// The END PHASE up to Score Plans.
fn begin_end_phase(state: &mut Villains, log: &mut Vec<LogEntry>) {
    log.push(LogEntry::public("End Phase."));
    log.extend(crate::rules::determine_control::determine_control(state));
    log.extend(end_phase::collect_resources(state));
    log.extend(end_phase::score_targets(state));
    state.phase = Phase::ScorePlans { current: state.first_player };
}

/// Score Plans: `seat` scores the plans in `scores` (possibly none), each
/// objective met now, top-down unless it controls the Church; then the next
/// player, and after the last the rest of the END PHASE.
///
/// # Errors
/// Not `seat`'s turn to score, a plan not in its hand or listed twice, an
/// objective not met or out of order, or wrong discards; the state is
/// unchanged.
pub fn score_plans(
    state: &mut Villains,
    seat: Seat,
    scores: &[PlanScore],
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let Phase::ScorePlans { current } = state.phase else {
        return Err(RuleError::illegal(SCORE_PLANS, "Plans are scored in the End Phase."));
    };
    if current != seat {
        return Err(RuleError::not_your_turn(SCORE_PLANS, "Another player scores plans now."));
    }
    let any_order = standing::has(state, seat, &Ongoing::AnyOrderObjectives);
    let mut discards: Vec<CardId> = Vec::new();
    let mut pp = 0u8;
    let mut log = Vec::new();
    for (k, s) in scores.iter().enumerate() {
        if !state.players[seat as usize].plans.contains(&s.plan) || scores[..k].iter().any(|x| x.plan == s.plan) {
            return Err(RuleError::illegal(SCORE_PLANS, "Score each plan in your hand once."));
        }
        let objectives = &s.plan.plan().objectives;
        let mut chosen = s.objectives.clone();
        chosen.sort_unstable();
        chosen.dedup();
        if chosen.is_empty() || chosen.len() != s.objectives.len() || chosen.iter().any(|i| *i >= objectives.len()) {
            return Err(RuleError::illegal(SCORE_PLANS, "Name the objectives you complete, each once."));
        }
        if !any_order && chosen.iter().enumerate().any(|(n, i)| n != *i) {
            return Err(RuleError::illegal(
                SCORE_PLANS,
                "Objectives are completed from the top down (in any order only with the Church).",
            ));
        }
        let mut need = 0usize;
        for &i in &chosen {
            for r in &objectives[i].requires {
                if let Requirement::DiscardActionCards(n) = r {
                    need += *n as usize;
                } else if !end_phase::requirement_met(state, seat, r) {
                    return Err(RuleError::illegal(
                        SCORE_PLANS,
                        format!("{}: objective {} is not met now.", s.plan.plan().name, i + 1),
                    ));
                }
            }
            pp += objectives[i].pp;
        }
        if s.discards.len() != need {
            return Err(RuleError::illegal(
                SCORE_PLANS,
                format!("{}: discard exactly {need} action cards.", s.plan.plan().name),
            ));
        }
        discards.extend(s.discards.iter().copied());
        log.push(LogEntry::public(format!(
            "{} {} (objective{} {}).",
            state.who_verb(seat, "scores", "score"),
            s.plan.plan().name,
            if chosen.len() == 1 { "" } else { "s" },
            backroom_engine::and_list(&chosen.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>())
        )));
    }
    let mut hand = state.players[seat as usize].hand.clone();
    for c in &discards {
        let Some(i) = hand.iter().position(|x| x == c) else {
            return Err(RuleError::illegal(SCORE_PLANS, "Discard cards from your hand, each once."));
        };
        hand.remove(i);
    }
    let p = &mut state.players[seat as usize];
    p.hand = hand;
    for s in scores {
        p.plans.retain(|x| *x != s.plan);
        p.scored_plans.push(s.plan);
    }
    p.pp = p.pp.saturating_add(pp);
    state.discards.extend(discards);
    if scores.is_empty() {
        log.push(LogEntry::public(format!("{} no plan.", state.who_verb(seat, "scores", "score"))));
    }
    let next = state.next_clockwise(seat);
    if next == state.first_player {
        finish_end_phase(state, &mut log, rng);
    } else {
        state.phase = Phase::ScorePlans { current: next };
    }
    Ok(log)
}

/// After Score Plans: Check for Victory, then Collect Upgrades, Refresh,
/// Cleanup and the next turn's Start Phase.
fn finish_end_phase(state: &mut Villains, log: &mut Vec<LogEntry>, rng: &mut GameRng) {
    match end_phase::check_victory(state) {
        Victory::Winner(w) => {
            log.push(LogEntry::public(end_phase::victory_words(state, &[w])));
            state.phase = Phase::Over { winners: vec![w] };
        }
        Victory::Draw(ws) => {
            log.push(LogEntry::public("The game ends in a draw. Such is life."));
            state.phase = Phase::Over { winners: ws };
        }
        Victory::NotYet => {
            log.extend(end_phase::collect_upgrades(state));
            end_phase::refresh(state);
            log.extend(crate::rules::deals::cleanup(state));
            log.extend(end_phase::cleanup(state));
            // Mother Ooze's free deploys come first (`abilities`).
            if state.owed.is_empty() {
                log.extend(crate::rules::start_phase::begin_turn(state, rng));
            }
        }
    }
}
