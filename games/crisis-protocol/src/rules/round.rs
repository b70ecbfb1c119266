//! The round (digest §1.2) as the match moves through it: the Power phase
//! that starts it ([`start_round`]), the turns of the Activation phase
//! ([`next_turn_or_cleanup`]), what follows an action ([`after_action`]:
//! an activation ends by itself once nothing is left to do, with Bleed at
//! its end), the hand-back once the queued reactions are answered
//! ([`resume`]), and the Cleanup phase when nobody has a ready character.
//!
//! Every section that takes an action hands on through here; this calls
//! only the steps below it (Cleanup's scoring, damage, victory), never a
//! section, so what happens next is decided in one place.

use super::cleanup;
use super::common::{interact_refusal, model_name};
use crate::content::{Condition, Power};
use crate::state::{Crisis, Phase};
use backroom_engine::{LogEntry, Seat};

/// The start of a round: the Power phase (every character gains 1 ⚡,
/// then Poison), then the Activation phase, priority player first.
pub fn start_round(g: &mut Crisis) -> Vec<LogEntry> {
    g.round += 1;
    g.phase = Phase::Activation;
    g.last_activator = None;
    let mut log = vec![LogEntry::public(format!("Round {} begins; {} priority.", g.round, seat_ref_has(g.priority)))];
    for m in g.models.iter_mut().filter(|m| m.present()) {
        m.gain_power(1);
        // Player effects: a Gem Bearer's gem.
        let gem: u8 = m.powers().map(|p| if let Power::PowerPhaseGain { n } = p { *n } else { 0 }).sum();
        if gem > 0 {
            m.gain_power(gem);
        }
        if m.has(Condition::Poison) {
            m.power = m.power.saturating_sub(1);
        }
    }
    log.push(LogEntry::public("Power phase: every character gains 1 power; Poison takes 1.".to_string()));
    g.turn = g.priority;
    log.extend(next_turn_or_cleanup(g, g.priority));
    log
}

fn seat_ref_has(seat: Seat) -> String {
    backroom_engine::seat_verb(seat, "has", "have")
}

/// Gives the turn to `seat`, or to the other player when `seat` has no
/// ready character (it could only pass), or runs Cleanup when nobody has
/// one left.
pub fn next_turn_or_cleanup(g: &mut Crisis, seat: Seat) -> Vec<LogEntry> {
    if g.phase != Phase::Activation {
        return Vec::new();
    }
    if !g.reactions.is_empty() {
        // Held back until the reactions are answered ([`resume`]).
        g.turn = seat;
        return Vec::new();
    }
    if g.ready_count(seat) > 0 {
        g.turn = seat;
        Vec::new()
    } else if g.ready_count(1 - seat) > 0 {
        g.turn = 1 - seat;
        Vec::new()
    } else {
        let mut log = cleanup::cleanup(g);
        if g.phase != Phase::Over {
            log.extend(start_round(g));
        }
        log
    }
}

/// Ends `m`'s activation; `by_itself` says why when nobody chose to end it
/// (the log says so, so a player sees why the turn moved on).
pub fn activation_ends(g: &mut Crisis, m: usize, by_itself: Option<&str>) -> Vec<LogEntry> {
    let mut log = Vec::new();
    if let Some(why) = by_itself {
        log.push(LogEntry::public(format!("The activation of {} ends by itself: {why}.", model_name(g, m))));
    }
    g.activation = None;
    if g.models[m].present() && !g.models[m].dazed && g.models[m].has(Condition::Bleed) {
        log.push(LogEntry::public(format!("{} bleeds.", model_name(g, m))));
        log.extend(super::damage::suffer(g, m, 1, false));
    }
    g.models[m].activated = true;
    if super::victory::check_last_standing(g, &mut log) {
        return log;
    }
    let owner = g.models[m].owner;
    log.extend(next_turn_or_cleanup(g, 1 - owner));
    log
}

/// After an action: count it; a character Dazed or KO'd in its own
/// activation ends it; with both actions spent and nothing left to
/// interact with, the activation ends by itself.
pub fn after_action(g: &mut Crisis) -> Vec<LogEntry> {
    let Some(act) = g.activation.as_mut() else { return Vec::new() };
    act.actions += 1;
    let m = act.model;
    if !g.models[m].present() || g.models[m].dazed {
        let why = if g.models[m].dazed { "it is Dazed" } else { "it is KO'd" };
        return activation_ends(g, m, Some(why));
    }
    maybe_auto_end(g)
}

/// Ends the activation by itself once both actions are spent and no
/// token is left to interact with.
pub fn maybe_auto_end(g: &mut Crisis) -> Vec<LogEntry> {
    let Some(act) = g.activation.clone() else { return Vec::new() };
    if act.actions >= 2 + act.extra_actions && (0..g.tokens.len()).all(|t| interact_refusal(g, &act, t).is_some()) {
        return activation_ends(g, act.model, Some("both actions are spent and no token is in reach"));
    }
    Vec::new()
}

/// After a queued reaction: the match ends if a side is gone; once no
/// reaction waits, a turn (or Cleanup) held back meanwhile comes.
pub fn resume(g: &mut Crisis, log: &mut Vec<LogEntry>) {
    if super::victory::check_last_standing(g, log) || !g.reactions.is_empty() {
        return;
    }
    if g.phase == Phase::Activation && g.activation.is_none() && g.pending_attack.is_none() {
        let seat = g.turn;
        log.extend(next_turn_or_cleanup(g, seat));
    }
}
