//! What a character may react with (Appendix A; digest §1.3): the reactive
//! superpowers and reactive Team Tactic cards each window offers, read from
//! the public stat and card texts, so a window opens only when something in
//! it can be used. The windows themselves are answered in
//! [`super::reactions`]; these predicates sit below the attack pipeline and
//! damage, which ask them whether to open a window at all.

use crate::content::{Condition, Power, PowerKind, Tactic, TacticEffect, content};
use crate::geometry::{dist_discs, within};
use crate::rules::dice::Face;
use crate::state::{Crisis, Reaction};
use backroom_engine::Seat;

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
    let normal = against_normal_attack(g);
    let geo = g.geo();
    for (i, x) in g.models.iter().enumerate() {
        if i == t || x.owner != m.owner || !x.present() || x.dazed || !normal {
            continue;
        }
        for sp in x
            .card()
            .sides
            .healthy
            .superpowers
            .iter()
            .filter(|s| s.kind == PowerKind::Reactive && !used.contains(&s.name))
        {
            for e in &sp.effects {
                if let Power::Bodyguard { range } = e
                    && x.power >= sp.cost + u8::from(x.has(Condition::Root))
                    && within(geo, dist_discs(x.disc(geo), m.disc(geo)), *range)
                {
                    out.push((
                        format!("bodyguard:{i}:{}", sp.name),
                        format!("{}: {} becomes the target, cost {}", sp.name, x.card().name, sp.cost),
                    ));
                }
            }
        }
    }
    let cover_counts =
        g.pending_attack.as_ref().is_some_and(|p| {
            !p.cover
                && g.models[p.attacker].card().sides.healthy.attacks.get(p.attack).is_some_and(|a| {
                    !a.rules.iter().any(|r| matches!(r.effect, crate::content::Effect::IgnoreCover {}))
                })
        });
    for id in &g.tactics[usize::from(m.owner)] {
        let Some(card) = content().tactic(id) else { continue };
        let usable = card.kind == PowerKind::Reactive
            && card.effects.iter().any(|e| {
                matches!(e, TacticEffect::DefenseDice { .. })
                    || (cover_counts && matches!(e, TacticEffect::TakeCover {}))
            })
            && m.power >= card.cost
            && !used.contains(id);
        if usable {
            out.push((format!("tactic:{id}"), format!("{}, cost {}", card.name, card.cost)));
        }
    }
    out
}

/// Whether the attack being resolved is a normal one (not a beam or an
/// area attack), whose targets a reaction may still change.
pub fn against_normal_attack(g: &Crisis) -> bool {
    g.pending_attack.as_ref().is_some_and(|p| {
        g.models[p.attacker]
            .card()
            .sides
            .healthy
            .attacks
            .get(p.attack)
            .is_some_and(|a| a.range.kind == crate::content::RangeKind::Normal)
    })
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

/// A reactive card in `seat`'s hand with an effect `want` picks, with
/// that effect.
pub fn hand_card<T>(g: &Crisis, seat: Seat, want: impl Fn(&TacticEffect) -> Option<T>) -> Option<(&'static Tactic, T)> {
    g.tactics[usize::from(seat)]
        .iter()
        .filter_map(|id| content().tactic(id))
        .filter(|c| c.kind == PowerKind::Reactive)
        .find_map(|c| c.effects.iter().find_map(&want).map(|x| (c, x)))
}

/// Overwatch options for `seat` after `mover` advanced:
/// `(overwatch:ally:attack, label)`.
pub fn overwatch_options(g: &Crisis, seat: Seat, mover: usize) -> Vec<(String, String)> {
    let Some((card, range)) =
        hand_card(g, seat, |e| if let TacticEffect::Overwatch { range } = e { Some(*range) } else { None })
    else {
        return Vec::new();
    };
    let geo = g.geo();
    let mv = &g.models[mover];
    if mv.owner == seat || !mv.present() || mv.dazed {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, x) in g.models.iter().enumerate() {
        if x.owner != seat
            || !x.ready()
            || x.power < card.cost
            || !within(geo, dist_discs(x.disc(geo), mv.disc(geo)), range)
        {
            continue;
        }
        for (k, a) in x.card().sides.healthy.attacks.iter().enumerate() {
            if a.cost == 0 && super::targeting::target_refusal(g, i, k, mover).is_none() {
                out.push((
                    format!("overwatch:{i}:{k}"),
                    format!("{}: {} attacks with {}, cost {}", card.name, x.card().name, a.name, card.cost),
                ));
            }
        }
    }
    out
}

/// Evasive Roll for a dodge of `model` showing `dice`: `(tactic:id, label)`
/// when a die can be rerolled and the dodger can pay.
pub fn evasive_options(g: &Crisis, model: usize, dice: &[Face]) -> Vec<(String, String)> {
    let m = &g.models[model];
    let Some((card, ())) = hand_card(g, m.owner, |e| matches!(e, TacticEffect::RerollDodge {}).then_some(())) else {
        return Vec::new();
    };
    let rerollable = dice.iter().any(|d| !d.defense_success() && *d != Face::Failure);
    if !m.present() || m.dazed || m.power < card.cost || !rerollable {
        return Vec::new();
    }
    vec![(format!("tactic:{}", card.id), format!("{}: reroll the dodge, cost {}", card.name, card.cost))]
}

/// Whether a dodge waiting (engine version 7) still has something to
/// choose that could change it: damage would get through and a reroll
/// ability has a die that is neither a success nor one it has rerolled,
/// or Evasive Roll can be played.
pub fn dodge_open(g: &Crisis, r: &Reaction) -> bool {
    let Reaction::Dodge { model, dice, incoming, by, sources } = r else { return false };
    let saved = dice.iter().filter(|f| f.defense_success()).count();
    if usize::from(*incoming) <= saved {
        return false;
    }
    let by = if by.len() == dice.len() { by.clone() } else { vec![Vec::new(); dice.len()] };
    let ability = sources.iter().any(|(name, n)| {
        *n > 0
            && super::rerolls::rerollable(dice, &by, name).iter().zip(dice).any(|(ok, d)| *ok && !d.defense_success())
    });
    ability || !evasive_options(g, *model, dice).is_empty()
}

/// Last Stand for `model`, about to be KO'd: `(tactic:id, label)`.
pub fn last_stand_options(g: &Crisis, model: usize) -> Vec<(String, String)> {
    let m = &g.models[model];
    match hand_card(g, m.owner, |e| if let TacticEffect::LastStand { dice } = e { Some(*dice) } else { None }) {
        Some((card, dice)) if m.power >= card.cost && m.injured => {
            vec![(format!("tactic:{}", card.id), format!("{}: roll {dice} dice, cost {}", card.name, card.cost))]
        }
        _ => Vec::new(),
    }
}
