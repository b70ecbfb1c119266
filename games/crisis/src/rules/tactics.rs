//! Team Tactic cards (digest §1.3): chosen secretly with the squad (up to
//! 5, an affiliated card needs the squad's affiliation), revealed with it,
//! then played from the hand and discarded. Active cards are played during
//! the player's own activation, the active character paying the ⚡ (house
//! ruling); what a card does is data ([`crate::content::TacticEffect`]).
//! Reactive cards are not yet played.

use super::{Lines, activation, model_name};
use crate::content::{PowerKind, TacticEffect, content};
use crate::geometry::{dist_discs, within};
use crate::state::{Crisis, Phase};
use backroom_engine::{LogEntry, RuleError, Seat, seat_verb};

/// Why `seat` can't play `card` now, if it can't.
pub fn play_refusal(g: &Crisis, seat: Seat, card: &str) -> Option<String> {
    let Some(t) = content().tactic(card) else { return Some(format!("no Team Tactic card {card}")) };
    if !g.tactics[usize::from(seat)].iter().any(|c| c == card) {
        return Some(format!("{} is not in your hand", t.name));
    }
    if t.kind != PowerKind::Active || t.effects.is_empty() {
        return Some(format!("{} is not a card this engine plays yet", t.name));
    }
    let Some(a) = g.activation.as_ref().filter(|_| g.phase == Phase::Activation && g.turn == seat) else {
        return Some("play an active card during your own activation".into());
    };
    let m = &g.models[a.model];
    if m.power < t.cost {
        return Some(format!("{} costs {} power; {} has {}", t.name, t.cost, m.card().name, m.power));
    }
    None
}

/// Plays a card from the hand.
pub fn play(g: &mut Crisis, seat: Seat, card: &str) -> Lines {
    if let Some(r) = play_refusal(g, seat, card) {
        let code = if g.turn == seat && g.activation.is_some() { RuleError::illegal } else { RuleError::not_your_turn };
        return Err(code("Team Tactic cards", r));
    }
    let t = content().tactic(card).expect("checked");
    let m = g.activation.as_ref().expect("checked").model;
    g.models[m].power -= t.cost;
    let hand = &mut g.tactics[usize::from(seat)];
    if let Some(i) = hand.iter().position(|c| c == card) {
        hand.remove(i);
    }
    g.discards.push(card.to_string());
    let mut log = vec![LogEntry::public(format!("{} {}, paid by {}.", seat_verb(seat, "plays", "play"), t.name, model_name(g, m)))];
    let geo = g.geo();
    for e in &t.effects {
        match e {
            TacticEffect::ExtraAction {} => {
                if let Some(a) = g.activation.as_mut() {
                    a.extra_actions += 1;
                }
            }
            TacticEffect::InteractRange { range } => {
                if let Some(a) = g.activation.as_mut() {
                    a.interact_range = a.interact_range.max(*range);
                }
            }
            TacticEffect::DefenseDice { .. } => {}
            TacticEffect::ShakeAllies { range } => {
                let me = g.models[m].disc(geo);
                for i in 0..g.models.len() {
                    let x = &g.models[i];
                    if x.owner == seat && x.present() && !x.dazed && !x.conditions.is_empty() && within(geo, dist_discs(me, x.disc(geo)), *range) {
                        let c = g.models[i].conditions.remove(0);
                        log.push(LogEntry::public(format!("{} shakes off {c:?}.", model_name(g, i))));
                    }
                }
            }
        }
    }
    log.extend(activation::maybe_auto_end(g));
    Ok(log)
}
