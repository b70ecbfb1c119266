//! The TARGETED reaction window (Appendix A, after A2): when an enemy is
//! targeted, its player may use reactive superpowers and reactive Team
//! Tactic cards, each once per event, paying their ⚡ from the target
//! (Root: 1 more for a superpower). Card and stat-card texts are public,
//! so the window opens only when the target has something it can use.
//! Interpreted here: extra defense dice (Brace, Fortify) and defense
//! rerolls declared when targeted (Danger Sense).

use super::{Lines, attack::continue_attack, model_name};
use crate::content::{Condition, Power, PowerKind, TacticEffect, content};
use crate::state::Crisis;
use backroom_engine::{GameRng, LogEntry, RuleError, Seat, seat_verb};

/// What the target `t` may react with now: `(key, label)`, the key being
/// `power:Name` or `tactic:id`.
pub fn available(g: &Crisis, t: usize, used: &[String]) -> Vec<(String, String)> {
    let m = &g.models[t];
    let mut out = Vec::new();
    if !m.present() || m.dazed {
        return out;
    }
    for sp in &m.card().sides.healthy.superpowers {
        let usable = sp.kind == PowerKind::Reactive
            && sp.effects.iter().any(|e| matches!(e, Power::DefenseDice { .. } | Power::RerollDefense { .. }))
            && m.power >= sp.cost + u8::from(m.has(Condition::Root))
            && !used.contains(&sp.name);
        if usable {
            out.push((format!("power:{}", sp.name), format!("{}, cost {}", sp.name, sp.cost)));
        }
    }
    for id in &g.tactics[usize::from(m.owner)] {
        let Some(card) = content().tactic(id) else { continue };
        let usable = card.kind == PowerKind::Reactive
            && card.effects.iter().any(|e| matches!(e, TacticEffect::DefenseDice { .. }))
            && m.power >= card.cost
            && !used.contains(id);
        if usable {
            out.push((format!("tactic:{id}"), format!("{}, cost {}", card.name, card.cost)));
        }
    }
    out
}

/// Answers the window: a reaction (the window stays open for another) or
/// a decline (the attack on this target resolves).
pub fn react(g: &mut Crisis, seat: Seat, with: Option<&str>, rng: &mut GameRng) -> Lines {
    let Some(p) = g.pending_attack.clone() else { return Err(RuleError::not_your_turn("Reactions", "no attack is waiting")) };
    let Some(t) = p.current else { return Err(RuleError::not_your_turn("Reactions", "no attack is waiting")) };
    let Some(key) = with else {
        let mut log = vec![LogEntry::public(format!("{} no more reactions.", seat_verb(seat, "makes", "make")))];
        log.extend(continue_attack(g, rng));
        return Ok(log);
    };
    if !available(g, t, &p.used).iter().any(|(k, _)| k == key) {
        return Err(RuleError::illegal("Reactions", "react with a reactive superpower or card the target can pay for, once per event"));
    }
    let m = &g.models[t];
    let mut log = Vec::new();
    let (mut dice, mut rerolls) = (0u8, 0u8);
    if let Some(name) = key.strip_prefix("power:") {
        let sp = m.card().sides.healthy.superpowers.iter().find(|s| s.name == name).expect("available");
        let cost = sp.cost + u8::from(m.has(Condition::Root));
        for e in &sp.effects {
            match e {
                Power::DefenseDice { n } => dice += n,
                Power::RerollDefense { n } => rerolls += n,
                _ => {}
            }
        }
        g.models[t].power -= cost;
        log.push(LogEntry::public(format!("{} uses {name}.", model_name(g, t))));
    } else if let Some(id) = key.strip_prefix("tactic:") {
        let card = content().tactic(id).expect("available");
        for e in &card.effects {
            if let TacticEffect::DefenseDice { n } = e {
                dice += n;
            }
        }
        g.models[t].power -= card.cost;
        let hand = &mut g.tactics[usize::from(seat)];
        if let Some(i) = hand.iter().position(|c| c == id) {
            hand.remove(i);
        }
        g.discards.push(id.to_string());
        log.push(LogEntry::public(format!("{} {}, paid by {}.", seat_verb(seat, "plays", "play"), card.name, model_name(g, t))));
    }
    if let Some(pa) = g.pending_attack.as_mut() {
        pa.used.push(key.split_once(':').map_or(key, |(_, k)| k).to_string());
        pa.extra_defense += dice;
        pa.defense_rerolls += rerolls;
    }
    let used = g.pending_attack.as_ref().map(|p| p.used.clone()).unwrap_or_default();
    if available(g, t, &used).is_empty() {
        log.extend(continue_attack(g, rng));
    }
    Ok(log)
}
