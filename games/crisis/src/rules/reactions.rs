//! The TARGETED reaction window (Appendix A, after A2): when an enemy is
//! targeted, its player may use reactive superpowers and reactive Team
//! Tactic cards, each once per event, paying their ⚡ from the target
//! (Root: 1 more for a superpower). Card and stat-card texts are public,
//! so the window opens only when the target has something it can use.
//! Interpreted here: extra defense dice (Brace, Fortify) and defense
//! rerolls declared when targeted (Danger Sense).

use super::{Lines, attack::continue_attack, model_name};
use crate::content::{Condition, Power, PowerKind, TacticEffect, content};
use crate::geometry::{dist_discs, within};
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
    let normal = g.pending_attack.as_ref().is_some_and(|p| {
        g.models[p.attacker].card().sides.healthy.attacks.get(p.attack).is_some_and(|a| a.range.kind == crate::content::RangeKind::Normal)
    });
    let geo = g.geo();
    for (i, x) in g.models.iter().enumerate() {
        if i == t || x.owner != m.owner || !x.present() || x.dazed || !normal {
            continue;
        }
        for sp in x.card().sides.healthy.superpowers.iter().filter(|s| s.kind == PowerKind::Reactive && !used.contains(&s.name)) {
            for e in &sp.effects {
                if let Power::Bodyguard { range } = e
                    && x.power >= sp.cost + u8::from(x.has(Condition::Root))
                    && within(geo, dist_discs(x.disc(geo), m.disc(geo)), *range)
                {
                    out.push((format!("bodyguard:{i}:{}", sp.name), format!("{}: {} becomes the target, cost {}", sp.name, x.card().name, sp.cost)));
                }
            }
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

/// What the target `t` may strike back with after the attack resolved:
/// `(counter:Name, label)`.
pub fn counters(g: &Crisis, t: usize) -> Vec<(String, String)> {
    let Some(p) = &g.pending_attack else { return Vec::new() };
    let m = &g.models[t];
    let a = &g.models[p.attacker];
    if !m.present() || m.dazed || !a.present() || a.dazed {
        return Vec::new();
    }
    let geo = g.geo();
    let mut out = Vec::new();
    for sp in m.card().sides.healthy.superpowers.iter().filter(|s| s.kind == PowerKind::Reactive) {
        for e in &sp.effects {
            if let Power::CounterAttack { range, attack } = e
                && m.power >= sp.cost + u8::from(m.has(Condition::Root))
                && within(geo, dist_discs(m.disc(geo), a.disc(geo)), *range)
                && m.card().sides.healthy.attacks.iter().any(|x| &x.name == attack)
            {
                out.push((format!("counter:{}", sp.name), format!("{}: {} back, cost {}", sp.name, attack, sp.cost)));
            }
        }
    }
    out
}

/// The after-attack window: strike back or let it go.
fn after_window(g: &mut Crisis, t: usize, with: Option<&str>, rng: &mut GameRng) -> Lines {
    let mut log = Vec::new();
    if let Some(key) = with {
        if !counters(g, t).iter().any(|(k, _)| k == key) {
            return Err(RuleError::illegal("Reactions", "strike back with a reactive superpower the character can pay for"));
        }
        let name = key.trim_start_matches("counter:");
        let sp = g.models[t].card().sides.healthy.superpowers.iter().find(|s| s.name == name).expect("offered");
        let Some(Power::CounterAttack { attack, .. }) = sp.effects.iter().find(|e| matches!(e, Power::CounterAttack { .. })) else {
            return Err(RuleError::illegal("Reactions", "not a counter-attack"));
        };
        let idx = g.models[t].card().sides.healthy.attacks.iter().position(|x| &x.name == attack).expect("offered");
        g.models[t].power -= sp.cost + u8::from(g.models[t].has(Condition::Root));
        let attacker = g.pending_attack.as_ref().map(|p| p.attacker).expect("open");
        log.push(LogEntry::public(format!("{} uses {name}.", model_name(g, t))));
        log.extend(super::attack::resolve_attack(g, t, idx, attacker, rng, 0, 0));
    }
    if let Some(pa) = g.pending_attack.as_mut() {
        pa.after = None;
    }
    let mut done = Vec::new();
    if super::check_last_standing(g, &mut done) {
        log.extend(done);
        return Ok(log);
    }
    log.extend(continue_attack(g, rng));
    Ok(log)
}

/// Answers the window: a reaction (the window stays open for another) or
/// a decline (the attack on this target resolves).
pub fn react(g: &mut Crisis, seat: Seat, with: Option<&str>, rng: &mut GameRng) -> Lines {
    let Some(p) = g.pending_attack.clone() else { return Err(RuleError::not_your_turn("Reactions", "no attack is waiting")) };
    if let Some(t) = p.after {
        return after_window(g, t, with, rng);
    }
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
    if let Some(rest) = key.strip_prefix("bodyguard:") {
        let (i, name) = rest.split_once(':').expect("available");
        let i: usize = i.parse().expect("available");
        let sp = g.models[i].card().sides.healthy.superpowers.iter().find(|s| s.name == name).expect("available");
        g.models[i].power -= sp.cost + u8::from(g.models[i].has(Condition::Root));
        log.push(LogEntry::public(format!("{} uses {name} and becomes the target.", model_name(g, i))));
        if let Some(pa) = g.pending_attack.as_mut() {
            pa.current = Some(i);
            pa.used.push(name.to_string());
        }
        let used = g.pending_attack.as_ref().map(|p| p.used.clone()).unwrap_or_default();
        if available(g, i, &used).is_empty() {
            log.extend(continue_attack(g, rng));
        }
        return Ok(log);
    }
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
