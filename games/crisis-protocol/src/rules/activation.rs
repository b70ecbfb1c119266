//! The Activation phase (digest §1.2–1.3): alternating turns, priority
//! player first; on a turn a player activates a ready character or passes
//! (only when behind on ready characters). An activation holds up to two
//! actions (advance or climb, attack, shake) and free interactions with
//! tokens within R1 for 1 ⚡; Bleed bites at its end. What follows an
//! action (counting it, ending the activation, the next turn) is the
//! round's ([`super::round`]).

use super::common::{Lines, model_name};
pub use super::common::{action_refusal, interact_refusal, move_limit, move_refusal, phase_words, with_mover};
use super::round::{activation_ends, after_action, maybe_auto_end, next_turn_or_cleanup};
use crate::content::{Condition, TokenMode};
use crate::rules::movement::{self, Plan};
use crate::state::{Activation, Crisis, Phase};
use backroom_engine::{LogEntry, RuleError, Seat, seat_verb};

fn my_turn(g: &Crisis, seat: Seat, rule: &str) -> Result<(), RuleError> {
    if g.phase != Phase::Activation {
        return Err(RuleError::not_your_turn(
            rule,
            format!("characters act in the Activation phase; the match is in {}", phase_words(g.phase)),
        ));
    }
    if g.turn != seat {
        return Err(RuleError::not_your_turn(rule, "it is the other player's turn in the Activation phase"));
    }
    Ok(())
}

/// Activates a ready character of the player whose turn it is.
pub fn activate(g: &mut Crisis, seat: Seat, model: usize) -> Lines {
    my_turn(g, seat, "Activation")?;
    if let Some(a) = &g.activation {
        return Err(RuleError::illegal(
            "Activation",
            format!("{} is activating: end its activation first", g.models[a.model].card().name),
        ));
    }
    let why = match g.models.get(model) {
        None => Some(format!("there is no character {model}")),
        Some(m) if m.owner != seat => Some(format!("{} is the other player's character", m.card().name)),
        Some(m) if !m.deployed => Some(format!("{} is not deployed", m.card().name)),
        Some(m) if m.ko => Some(format!("{} is knocked out", m.card().name)),
        Some(m) if m.dazed => Some(format!("{} is Dazed: a Dazed character does not activate", m.card().name)),
        Some(m) if m.activated => {
            Some(format!("{} has an Activated token: it has activated this round", m.card().name))
        }
        Some(_) => None,
    };
    if let Some(why) = why {
        return Err(RuleError::illegal("Activation", why));
    }
    g.activation = Some(Activation {
        model,
        actions: 0,
        moves: 0,
        interacted: Vec::new(),
        used: Vec::new(),
        bonus_dice: 0,
        extra_actions: 0,
        interact_range: 1,
        coordinated: None,
    });
    g.last_activator = Some(seat);
    Ok(vec![LogEntry::public(format!("{} activates.", model_name(g, model)))])
}

/// Passing: only when the player has fewer ready characters than the
/// opponent at the start of the turn.
pub fn pass(g: &mut Crisis, seat: Seat) -> Lines {
    my_turn(g, seat, "Passing")?;
    if let Some(a) = &g.activation {
        return Err(RuleError::illegal(
            "Passing",
            format!("a player passes instead of activating; {} is activating", g.models[a.model].card().name),
        ));
    }
    let (mine, theirs) = (g.ready_count(seat), g.ready_count(1 - seat));
    if mine >= theirs {
        return Err(RuleError::illegal(
            "Passing",
            format!(
                "a player may pass only with fewer ready characters than the opponent: you have {mine} and the opponent {theirs}"
            ),
        ));
    }
    let mut log = vec![LogEntry::public(format!("{}.", seat_verb(seat, "passes", "pass")))];
    log.extend(next_turn_or_cleanup(g, 1 - seat));
    Ok(log)
}

/// The activation under way, if it is `seat`'s.
fn current(g: &Crisis, seat: Seat, rule: &str) -> Result<Activation, RuleError> {
    my_turn(g, seat, rule)?;
    g.activation.clone().ok_or_else(|| RuleError::illegal(rule, "activate a character first"))
}

/// Move action: advance (or climb) along a movement tool.
pub fn advance(g: &mut Crisis, seat: Seat, plan: &Plan) -> Lines {
    let a = current(g, seat, "Advance")?;
    if let Some(r) = move_refusal(g, &a) {
        return Err(RuleError::illegal("Advance", r));
    }
    let mut plan = plan.clone();
    plan.to = crate::geometry::quantize_pt(plan.to);
    let m = a.model;
    with_mover(g, m, |mv| movement::check(g.geo(), mv, &plan)).map_err(|(rule, why)| RuleError::illegal(rule, why))?;
    g.models[m].pos = plan.to;
    let verb = if plan.climb { "climbs" } else { "advances" };
    let mut log = vec![LogEntry::public(format!(
        "{} {verb} with the {:?} tool to ({:.1}, {:.1}).",
        model_name(g, m),
        plan.tool,
        plan.to[0],
        plan.to[1]
    ))];
    if let Some(act) = g.activation.as_mut() {
        act.moves += 1;
    }
    let enemy = 1 - seat;
    if !super::reactive::overwatch_options(g, enemy, m).is_empty() {
        g.reactions.push(crate::state::Reaction::Overwatch { seat: enemy, mover: m });
        log.push(LogEntry::public(format!("{} react with Overwatch.", seat_verb(enemy, "may", "may"))));
        return Ok(log);
    }
    log.extend(after_action(g));
    Ok(log)
}

/// Shake: an action removing one condition.
pub fn shake(g: &mut Crisis, seat: Seat, condition: Condition) -> Lines {
    let a = current(g, seat, "Shake")?;
    if let Some(r) = action_refusal(g, &a, true) {
        return Err(RuleError::illegal("Shake", r));
    }
    let m = &mut g.models[a.model];
    if !m.has(condition) {
        let has = if m.conditions.is_empty() {
            "none".to_string()
        } else {
            m.conditions.iter().map(|c| format!("{c:?}")).collect::<Vec<_>>().join(", ")
        };
        return Err(RuleError::illegal(
            "Shake",
            format!("{} has no {condition:?} condition to remove (it has {has})", m.card().name),
        ));
    }
    if m.has(Condition::Stagger) && a.actions == 0 && condition != Condition::Stagger {
        return Err(RuleError::illegal(
            "Stagger",
            format!("{} is Staggered: the first action must be a Shake removing Stagger", m.card().name),
        ));
    }
    m.conditions.retain(|c| *c != condition);
    let mut log = vec![LogEntry::public(format!("{} shakes off {:?}.", model_name(g, a.model), condition))];
    log.extend(after_action(g));
    Ok(log)
}

/// Interact: not an action; 1 ⚡ to pick up or take control of a token.
pub fn interact(g: &mut Crisis, seat: Seat, t: usize, rng: &mut backroom_engine::GameRng) -> Lines {
    let a = current(g, seat, "Interact")?;
    if let Some(r) = interact_refusal(g, &a, t) {
        return Err(RuleError::illegal("Interact", r));
    }
    let m = a.model;
    g.models[m].power -= 1;
    let card = g.crisis_card(g.tokens[t].crisis);
    if let Some(roll) = card.interact_roll.as_ref().filter(|_| crate::versions::v6(g)) {
        if let Some(act) = g.activation.as_mut() {
            act.interacted.push(t);
        }
        let dice = crate::rules::dice::roll_n(rng, usize::from(roll.dice));
        let hit = dice.iter().any(|d| {
            roll.on.iter().any(|i| {
                matches!(
                    (i, d),
                    (crate::content::Icon::Critical, crate::rules::dice::Face::Critical)
                        | (crate::content::Icon::Wild, crate::rules::dice::Face::Wild)
                )
            })
        });
        let head = format!(
            "{} interacts with {} token {} and rolls {}",
            model_name(g, m),
            card.name,
            g.tokens[t].index + 1,
            crate::rules::dice::show(&dice)
        );
        if !hit {
            let mut log = vec![LogEntry::public(format!("{head}: nothing changes; the power is spent."))];
            log.extend(maybe_auto_end(g));
            return Ok(log);
        }
        g.tokens[t].control = Some(seat);
        if card.token_mode == TokenMode::PickUp {
            g.tokens[t].control = None;
            g.tokens[t].holder = Some(m);
        }
        let mut log = vec![LogEntry::public(format!(
            "{head}: {} it.",
            if card.token_mode == TokenMode::PickUp { "picks up" } else { "takes control of" }
        ))];
        log.extend(maybe_auto_end(g));
        return Ok(log);
    }
    let what = match card.token_mode {
        TokenMode::Control => {
            g.tokens[t].control = Some(seat);
            "takes control of"
        }
        _ => {
            g.tokens[t].holder = Some(m);
            "picks up"
        }
    };
    if let Some(act) = g.activation.as_mut() {
        act.interacted.push(t);
    }
    let mut log =
        vec![LogEntry::public(format!("{} {what} {} token {}.", model_name(g, m), card.name, g.tokens[t].index + 1))];
    log.extend(maybe_auto_end(g));
    Ok(log)
}

/// Ends the activation: Bleed deals 1 (no ⚡), then the Activated token.
pub fn end_activation(g: &mut Crisis, seat: Seat) -> Lines {
    let a = current(g, seat, "End of activation")?;
    Ok(activation_ends(g, a.model, None))
}
