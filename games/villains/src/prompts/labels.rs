//! Option labels for whole candidate actions (an activation, a skill use, a
//! Laboratory play, a plan score), in words rather than raw JSON.
//!
//! A label is read by the seat that may take the action, so it may name
//! that seat's own cards and plans; other seats' face-down tokens are named
//! only by where they lie, and seats only by token (`backroom_engine::names`).

use crate::action::Action;
use crate::action::choices::{Activation, CardChoices, DeployPick};
use crate::content::content;
use crate::rules::units::a_unit;
use crate::state::payment::Payment;
use crate::state::{TokenUid, UnitUid, Villains};
use backroom_engine::{Seat, and_list};

/// A candidate `seat` may take, in words.
pub fn label(state: &Villains, seat: Seat, a: &Action) -> String {
    match a {
        Action::Activate { activation } => activation_words(state, seat, activation),
        Action::UseSkill { skill: (area, c) } => {
            let mut out = format!("The skill of {}", area.area().name);
            if let Some(w) = skill_choice_words(state, seat, c) {
                out = format!("{out}: {w}");
            }
            with_payment(out, c.payment)
        }
        Action::FusionPlay { play } => {
            let card = &play.card.card().name;
            let out = match choices_words(state, seat, &play.choices) {
                Some(w) => format!("{card}: {w}"),
                None => card.clone(),
            };
            with_payment(out, play.payment)
        }
        Action::LabPlay { play } => {
            let out = choices_words(state, seat, &play.choices).unwrap_or_else(|| "Play it".to_string());
            with_payment(out, play.payment)
        }
        Action::ScorePlans { scores } if scores.is_empty() => "Score no plan".into(),
        Action::ScorePlans { scores } => {
            let each: Vec<String> = scores
                .iter()
                .map(|s| {
                    let objs: Vec<String> = s.objectives.iter().map(|i| (i + 1).to_string()).collect();
                    let discarding = if s.discards.is_empty() {
                        String::new()
                    } else {
                        let cards: Vec<String> = s.discards.iter().map(|c| c.card().name.clone()).collect();
                        format!(", discarding {}", and_list(&cards))
                    };
                    format!(
                        "{} (objective{} {}{discarding})",
                        s.plan.plan().name,
                        if objs.len() == 1 { "" } else { "s" },
                        and_list(&objs)
                    )
                })
                .collect();
            format!("Score {}", and_list(&each))
        }
        Action::FreeDeploy { unit: Some(k) } => {
            format!("{} free", crate::rules::units::unit_name(state, seat, *k))
        }
        Action::FreeDeploy { unit: None } => "No unit".into(),
        Action::ChampionAttack { target: (area, d) } => {
            format!("{} in {}", state.who(*d), area.area().name)
        }
        Action::CancelHit { pay: true } => match crate::rules::choices::next(state) {
            Some(crate::state::owed::Owed::CancelHit { area, .. }) => {
                format!("Pay {} to cancel it", crate::rules::combat::cancel_cost(state, seat, area).unwrap_or(0))
            }
            _ => "Pay to cancel it".into(),
        },
        Action::CancelHit { pay: false } => "Let it land".into(),
        Action::ChooseVictim { enemy } => state.who(*enemy),
        other => serde_json::to_value(other)
            .ok()
            .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_string))
            .unwrap_or_default()
            .replace('_', " "),
    }
}

fn activation_words(state: &Villains, seat: Seat, a: &Activation) -> String {
    match a {
        Activation::Deploy { units, payment } => {
            let u: Vec<String> = units.iter().map(|p| pick_words(state, seat, p)).collect();
            with_payment(format!("Deploy {}", and_list(&u)), *payment)
        }
        Activation::Move { units, payment } => with_payment(format!("Move in {}", units_words(state, units)), *payment),
        Activation::Battle { payment } => with_payment("Battle".into(), *payment),
        Activation::Unique { payment, target } => {
            let name = &state.faction_of(seat).unique_token.name;
            let out = match target {
                Some(u) => format!("{name} on {}", unit_words(state, *u)),
                None => name.clone(),
            };
            with_payment(out, *payment)
        }
        Activation::Card { card, payment, choices } => {
            let mut out = format!("Play {}", card.card().name);
            if let Some(c) = choices_words(state, seat, choices) {
                out = format!("{out}: {c}");
            }
            with_payment(out, *payment)
        }
    }
}

/// A skill's choices in words (the tokens, area, unit, defender, unit
/// deployed, units brought), or `None` when it needs none.
pub(crate) fn skill_choice_words(
    state: &Villains,
    seat: Seat,
    c: &crate::action::choices::SkillChoice,
) -> Option<String> {
    let mut bits = Vec::new();
    if !c.tokens.is_empty() {
        let t: Vec<String> = c.tokens.iter().map(|t| token_words(state, *t)).collect();
        bits.push(and_list(&t));
    }
    if let Some(a) = c.area {
        bits.push(format!("in {}", a.area().name));
    }
    if let Some(u) = c.unit {
        bits.push(format!("with {}", unit_words(state, u)));
    }
    if let Some(d) = c.defender {
        bits.push(format!("against {}", state.who(d)));
    }
    if let Some(p) = &c.deploy {
        bits.push(format!("deploying {}", pick_words(state, seat, p)));
    }
    if !c.champion_moves.is_empty() {
        bits.push(format!("bringing in {}", units_words(state, &c.champion_moves)));
    }
    (!bits.is_empty()).then(|| bits.join(", "))
}

/// A card's choices, or `None` when it needs none.
pub(crate) fn choices_words(state: &Villains, seat: Seat, c: &CardChoices) -> Option<String> {
    let mut bits = Vec::new();
    if !c.units.is_empty() {
        let u: Vec<String> = c.units.iter().map(|p| pick_words(state, seat, p)).collect();
        bits.push(format!("deploy {}", and_list(&u)));
    }
    if !c.moving.is_empty() {
        bits.push(format!("move in {}", units_words(state, &c.moving)));
    }
    if let Some(t) = c.token {
        bits.push(token_words(state, t));
    }
    if let Some(k) = c.unit_type {
        bits.push(format!("a {}", k.word()));
    }
    if let Some(o) = c.opponent {
        bits.push(format!("with {}", state.who(o)));
    }
    if let Some(u) = c.sacrifice {
        bits.push(format!("sacrificing {}", unit_words(state, u)));
    }
    if let Some((a, _)) = &c.skill {
        bits.push(format!("the skill of {}", a.area().name));
    }
    (!bits.is_empty()).then(|| bits.join(", "))
}

fn pick_words(state: &Villains, seat: Seat, p: &DeployPick) -> String {
    let what = a_unit(state, seat, p.kind);
    match p.from {
        Some(u) => match unit_area(state, u) {
            Some(a) => format!("{what} (re-deployed from {})", a.area().name),
            None => format!("{what} (re-deployed)"),
        },
        None => what,
    }
}

fn unit_area(state: &Villains, uid: UnitUid) -> Option<crate::content::AreaId> {
    content().area_ids().find(|a| state.area(*a).units.iter().any(|u| u.uid == uid))
}

/// A unit in play: "a goon of {seat:1} in The Bank".
fn unit_words(state: &Villains, uid: UnitUid) -> String {
    for a in content().area_ids() {
        if let Some(u) = state.area(a).units.iter().find(|u| u.uid == uid) {
            return format!("{} of {} in {}", a_unit(state, u.owner, u.kind), state.who(u.owner), a.area().name);
        }
    }
    "a unit".into()
}

/// The seat's own units, with where they come from.
fn units_words(state: &Villains, uids: &[UnitUid]) -> String {
    let each: Vec<String> = uids
        .iter()
        .map(|uid| {
            content()
                .area_ids()
                .find_map(|a| {
                    state
                        .area(a)
                        .units
                        .iter()
                        .find(|u| u.uid == *uid)
                        .map(|u| format!("{} from {}", a_unit(state, u.owner, u.kind), a.area().name))
                })
                .unwrap_or_else(|| "a unit".into())
        })
        .collect();
    and_list(&each)
}

/// A token by where it lies only (a face-down token's kind stays hidden).
fn token_words(state: &Villains, uid: TokenUid) -> String {
    match crate::rules::take_actions::find(state, uid) {
        Some((a, i)) => format!("the token in {}, space {}", a.area().name, i + 1),
        None => "a token".into(),
    }
}

fn with_payment(text: String, p: Payment) -> String {
    if p == Payment::default() { text } else { format!("{text}; {}", payment_words(p)) }
}

/// A payment in words: "pay 2 energy and 1 resource" ("pay nothing").
pub fn payment_words(p: Payment) -> String {
    let mut cost = Vec::new();
    if p.energy > 0 {
        cost.push(format!("{} energy", p.energy));
    }
    if p.resources > 0 {
        cost.push(backroom_engine::plural(p.resources, "resource", "resources"));
    }
    if cost.is_empty() { "pay nothing".to_string() } else { format!("pay {}", and_list(&cost)) }
}
