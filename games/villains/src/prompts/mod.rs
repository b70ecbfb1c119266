//! Villains' prompts: what each seat may do now, with only workable
//! options.
//!
//! A composite choice is built from whole candidates, each one tried on a
//! copy of the table ([`priced`] learns its cost and whether it works in
//! one trial, `state::Quote`), then asked step by step (`composite`): the
//! card or skill first, then what it needs as follow-ups (`Opt::then`),
//! then the energy to spend; a plan scoring is still one option per
//! candidate. The candidates are a useful subset, not every possible
//! combination (an action may also be sent with other choices; the rules
//! check it the same way). Deals are any-time asks in every seat's prompt.

pub mod candidates;
mod choices;
mod combat;
pub mod composite;
pub mod labels;
mod options;
mod place_action_tokens;
mod setup;
mod start_phase;
mod take_actions;

use crate::action::Action;
use crate::action::choices::PlanScore;
use crate::prompts::candidates::workable;
use crate::prompts::options::{minimal, one, opt};
use crate::rules::end_phase::completable_objectives;
use crate::state::{Phase, Villains};
use backroom_engine::{Ask, Game, Input, Opt, Prompt, Seat};
pub(crate) use choices::{fusion_plays, lab_plays};

/// What `seat` may do now: its decision when the game waits for it, and
/// its deals at any time.
pub fn prompt(state: &Villains, seat: Seat) -> Option<Prompt> {
    if !state.pending().awaited().contains(seat) {
        let asks = deal_asks(state, seat);
        return (!asks.is_empty()).then(|| Prompt { title: "Deals, at any time (it is not your move)".into(), asks });
    }
    let mut asks: Vec<Ask> = Vec::new();
    if let Some(o) = crate::rules::choices::next(state) {
        asks.extend(choices::owed_asks(state, seat, o));
    } else if let Some(b) = &state.battle {
        asks.extend(combat::battle_asks(state, seat, b));
    } else if let Some(a) = &state.attacks {
        asks.extend(combat::card_attack_asks(state, seat, a));
    } else {
        match &state.phase {
            Phase::SelectFactions { .. } => asks.extend(setup::select_faction_asks(state)),
            Phase::SelectPlans { .. } => asks.extend(start_phase::select_plan_asks(state, seat)),
            Phase::SelectTargets { inside_job } => {
                asks.extend(start_phase::select_target_asks(state, seat, *inside_job));
            }
            Phase::PlaceTokens { .. } => asks.extend(place_action_tokens::place_asks(state, seat)),
            Phase::TakeActions { revealed: Some(uid), .. } => {
                asks.extend(take_actions::revealed_asks(state, seat, *uid));
            }
            Phase::TakeActions { revealed: None, .. } => asks.extend(take_actions::unrevealed_asks(state, seat)),
            Phase::ScorePlans { .. } => {
                asks.extend(candidates_ask(
                    state,
                    seat,
                    "score_plans",
                    "Score plans",
                    "scores",
                    workable(state, seat, plan_scorings(state, seat)),
                ));
            }
            Phase::Start | Phase::Combat { .. } | Phase::Over { .. } => {}
        }
    }
    asks.extend(deal_asks(state, seat));
    (!asks.is_empty()).then(|| Prompt { title: step_title(state).into(), asks })
}

/// The Deals asks `seat` has now: any-time asks (`Ask::any_time`).
fn deal_asks(state: &Villains, seat: Seat) -> Vec<Ask> {
    use crate::rules::deals::{MOST, offer_between, terms};
    if !crate::rules::deals::open(state) || seat >= state.seats {
        return Vec::new();
    }
    let mine = state.players[seat as usize].resources;
    let mut asks = Vec::new();
    let others: Vec<Seat> = (0..state.seats).filter(|o| *o != seat).collect();
    for o in &others {
        let theirs = state.players[*o as usize].resources;
        if mine == 0 && theirs == 0 {
            continue;
        }
        asks.push(
            Ask::new("offer", format!("Offer {} a deal", state.who(*o)))
                .with("to", *o)
                .param("give", "Resources you give", Input::Number { min: 0, max: i64::from(mine.min(MOST)) })
                .default_to(u16::from(mine > 0))
                .param("want", "Resources you ask back", Input::Number { min: 0, max: i64::from(theirs.min(MOST)) })
                .default_to(u16::from(mine == 0))
                .at_any_time(),
        );
    }
    let to_me: Vec<crate::state::deals::Offer> = state.offers.iter().copied().filter(|o| o.to == seat).collect();
    let acceptable: Vec<Opt> = to_me
        .iter()
        .filter(|o| state.players[o.from as usize].resources >= o.give && mine >= o.want)
        .map(|o| opt(&o.from, format!("{}: {}", state.who(o.from), terms(o.give, o.want))))
        .collect();
    asks.extend(one(Ask::new("accept_offer", "Accept an offer"), "from", "Offer", acceptable).map(Ask::at_any_time));
    let declinable: Vec<Opt> =
        to_me.iter().map(|o| opt(&o.from, format!("{}: {}", state.who(o.from), terms(o.give, o.want)))).collect();
    asks.extend(one(Ask::new("decline_offer", "Decline an offer"), "from", "Offer", declinable).map(Ask::at_any_time));
    let withdrawable: Vec<Opt> = others
        .iter()
        .filter_map(|o| offer_between(state, seat, *o))
        .map(|o| opt(&o.to, format!("To {}: {}", state.who(o.to), terms(o.give, o.want))))
        .collect();
    asks.extend(
        one(Ask::new("withdraw_offer", "Withdraw an offer"), "to", "Offer", withdrawable).map(Ask::at_any_time),
    );
    asks
}

/// One ask whose single parameter is a whole candidate action, each
/// labelled in words (`labels`).
fn candidates_ask(
    state: &Villains,
    seat: Seat,
    verb: &str,
    label: &str,
    param: &str,
    actions: Vec<Action>,
) -> Option<Ask> {
    let options: Vec<Opt> = actions
        .iter()
        .map(|a| {
            let mut v = serde_json::to_value(a).expect("serializes");
            let mut inner = v.as_object_mut().and_then(|m| m.remove(param)).unwrap_or(serde_json::Value::Null);
            minimal(&mut inner);
            Opt::new(inner, crate::prompts::labels::label(state, seat, a))
        })
        .collect();
    one(Ask::new(verb, label), param, label, options)
}

/// The rulebook step a prompt belongs to.
fn step_title(state: &Villains) -> &'static str {
    if let Some(crate::state::owed::Owed::FreeDeploy { .. }) = crate::rules::choices::next(state) {
        return "Cleanup";
    }
    if state.battle.is_some() || state.attacks.is_some() {
        return "Combat";
    }
    match state.phase {
        Phase::SelectFactions { .. } => "Select Factions",
        Phase::SelectPlans { .. } => "Select Plans",
        Phase::SelectTargets { .. } => "Select Targets",
        Phase::PlaceTokens { .. } => "Place Action Tokens",
        Phase::TakeActions { .. } => "Take Actions",
        Phase::ScorePlans { .. } => "Score Plans",
        Phase::Start | Phase::Combat { .. } | Phase::Over { .. } => "Villains",
    }
}

/// Candidate plan scorings for `seat`: none; each plan alone with each set
/// of its objectives it may complete now (from the top down, or any subset
/// with the Church), paying discard objectives with its cheapest cards;
/// and every plan at its fullest at once.
fn plan_scorings(state: &Villains, seat: Seat) -> Vec<Action> {
    use crate::content::effect::Requirement;
    let any_order = crate::rules::standing::has(state, seat, &crate::content::effect::Ongoing::AnyOrderObjectives);
    let mut cheapest: Vec<crate::content::CardId> = state.players[seat as usize].hand.to_vec();
    cheapest.sort_by_key(|c| c.card().cost);
    let need = |plan: crate::content::PlanId, set: &[usize]| -> usize {
        set.iter()
            .flat_map(|i| plan.plan().objectives[*i].requires.iter())
            .map(|r| match r {
                Requirement::DiscardActionCards(n) => *n as usize,
                _ => 0,
            })
            .sum()
    };
    let mut out = vec![Action::ScorePlans { scores: vec![] }];
    let mut fullest: Vec<(crate::content::PlanId, Vec<usize>)> = Vec::new();
    for p in &state.players[seat as usize].plans {
        let objs = completable_objectives(state, seat, *p);
        if objs.is_empty() {
            continue;
        }
        let sets: Vec<Vec<usize>> = if any_order {
            (1..(1u32 << objs.len()))
                .map(|m| objs.iter().enumerate().filter(|(k, _)| m & (1 << k) != 0).map(|(_, i)| *i).collect())
                .collect()
        } else {
            (1..=objs.len()).map(|n| objs[..n].to_vec()).collect()
        };
        for set in &sets {
            let n = need(*p, set);
            if n <= cheapest.len() {
                out.push(Action::ScorePlans {
                    scores: vec![PlanScore { plan: *p, objectives: set.clone(), discards: cheapest[..n].to_vec() }],
                });
            }
        }
        fullest.push((*p, objs));
    }
    if fullest.len() > 1 {
        let mut left = cheapest.as_slice();
        let mut scores = Vec::new();
        for (p, set) in fullest {
            let n = need(p, &set);
            if n > left.len() {
                continue;
            }
            scores.push(PlanScore { plan: p, objectives: set, discards: left[..n].to_vec() });
            left = &left[n..];
        }
        out.push(Action::ScorePlans { scores });
    }
    out
}
