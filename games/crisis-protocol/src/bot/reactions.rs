//! The bot's reactions, each weighed by what it is worth against what it
//! costs, from the same exact dice odds as its attacks ([`estimate`]).
//!
//! * **Targeted** (extra defense dice, defense rerolls, Take Cover): the
//!   attack's expected damage and chance of putting the target down, with
//!   the reaction and without (on top of what was already used in this
//!   window); taken when the damage avoided, plus the chance of staying up
//!   weighed as the bot weighs putting an enemy down, beats 0.7 per power
//!   (the figure the bot spends power by everywhere) and, for a Team
//!   Tactic card, what keeping the card for a later attack is worth. Of
//!   several, the one that saves most for its cost.
//! * **Evasive Roll**: the dodge dice are known, so the rerolled dice's
//!   successes are counted exactly; the same test.
//! * **Last Stand**: the chance of standing up again (a critical or a
//!   wild on its dice) times what a KO is worth, against its cost: the card
//!   does nothing else, so with a free card this is always taken.
//! * **Overwatch**: the ally whose cost-0 attack on the mover scores best.
//! * A **bodyguard** whose guard has more Stamina left than the target, and
//!   **striking back** always (free damage).
//!
//! Card effects are read from content ([`TacticEffect`], [`Power`]), never
//! from card names.

use super::{estimate, opts};
use crate::Action;
use crate::content::{Power, TacticEffect, content};
use crate::rules::dice::Face;
use crate::state::{Crisis, Reaction};
use backroom_engine::Prompt;
use estimate::Defense;

/// What keeping a reactive Team Tactic card for a later attack is worth,
/// in expected damage (a card is played once).
const CARD_KEPT: f64 = 0.25;

/// Power is worth this much damage to the bot (as for its attacks).
const PER_POWER: f64 = 0.7;

/// The bot's answer to an open reaction window or a queued reaction.
pub fn react(g: &Crisis, p: &Prompt) -> Action {
    if let Some(a) = dodge_reroll(g) {
        return a;
    }
    let keys: Vec<String> =
        opts(p, "react").into_iter().flat_map(|(_, o)| o).filter_map(|v| v.as_str().map(str::to_string)).collect();
    let with = match g.reactions.first() {
        Some(Reaction::Dodge { model, dice, incoming, .. }) => {
            keys.into_iter().find(|k| dodge_gain(g, *model, dice, *incoming, k) > 0.0)
        }
        Some(Reaction::LastStand { model }) => keys.into_iter().find(|k| last_stand_gain(g, *model, k) > 0.0),
        Some(Reaction::Overwatch { mover, .. }) => best(keys.into_iter().map(|k| (overwatch_score(g, *mover, &k), k))),
        _ => targeted(g, &keys),
    };
    Action::React { with }
}

/// The key with the highest positive score.
fn best(scored: impl Iterator<Item = (f64, String)>) -> Option<String> {
    scored.filter(|(v, _)| *v > 0.0).max_by(|a, b| a.0.total_cmp(&b.0)).map(|(_, k)| k)
}

/// A reactive card's cost and effects, from a `tactic:id` key.
fn card(key: &str) -> Option<&'static crate::content::Tactic> {
    content().tactic(key.strip_prefix("tactic:")?)
}

/// The TARGETED window (and the after-attack one): strike back always; a
/// bodyguard with more Stamina left than the target; else the defense
/// that pays best.
fn targeted(g: &Crisis, keys: &[String]) -> Option<String> {
    if let Some(k) = keys.iter().find(|k| k.starts_with("counter:")) {
        return Some(k.clone());
    }
    let pa = g.pending_attack.as_ref()?;
    let t = pa.window()?;
    let left = |m: usize| g.models[m].stamina().saturating_sub(g.models[m].damage);
    let guard = keys.iter().find(|k| {
        k.strip_prefix("bodyguard:")
            .and_then(|r| r.split(':').next())
            .and_then(|x| x.parse::<usize>().ok())
            .is_some_and(|guard| left(guard) > left(t) + 1)
    });
    let already = Defense { dice: pa.extra_defense, rerolls: pa.defense_rerolls, cover: pa.cover };
    let defense = best(keys.iter().filter_map(|k| Some((defense_gain(g, t, already, k)?, k.clone()))));
    defense.or_else(|| guard.cloned())
}

/// What a defense reaction adds (dice, rerolls, cover) and costs (power
/// and, for a card, the card), from its key.
fn defense_of(g: &Crisis, t: usize, key: &str) -> Option<(Defense, f64)> {
    let mut d = Defense::default();
    if let Some(name) = key.strip_prefix("power:") {
        let sp = g.models[t].card().sides.healthy.superpowers.iter().find(|s| s.name == name)?;
        for e in &sp.effects {
            match e {
                Power::DefenseDice { n } => d.dice += n,
                Power::RerollDefense { n } => d.rerolls += n,
                _ => {}
            }
        }
        let root = u8::from(g.models[t].has(crate::content::Condition::Root));
        return Some((d, PER_POWER * f64::from(sp.cost + root)));
    }
    let c = card(key)?;
    for e in &c.effects {
        match e {
            TacticEffect::DefenseDice { n } => d.dice += n,
            TacticEffect::TakeCover {} => d.cover = true,
            _ => {}
        }
    }
    Some((d, PER_POWER * f64::from(c.cost) + CARD_KEPT))
}

/// The worth of defense reaction `key` for target `t` of the pending
/// attack, less its cost (`None` for a key that is not a defense).
fn defense_gain(g: &Crisis, t: usize, already: Defense, key: &str) -> Option<f64> {
    let pa = g.pending_attack.as_ref()?;
    let (add, cost) = defense_of(g, t, key)?;
    let me = pa.attacker;
    let from = g.models[me].disc(g.geo());
    let bonus = g.activation.as_ref().filter(|a| a.model == me).map_or(0, |a| a.bonus_dice);
    let bonus = bonus + u8::try_from(crate::rules::attack::coordinated_dice(g, me, t).max(0)).unwrap_or(0);
    let with = Defense {
        dice: already.dice + add.dice,
        rerolls: already.rerolls + add.rerolls,
        cover: already.cover || add.cover,
    };
    let before = estimate::outlook_against(g, me, pa.attack, t, from, bonus, already);
    let after = estimate::outlook_against(g, me, pa.attack, t, from, bonus, with);
    let saved = (before.damage - after.damage) + (before.down - after.down) * estimate::down_value(g, t);
    Some(saved - cost)
}

/// A dodge's free rerolls first (engine version 7: Tactician-like
/// abilities), each on the dice that are not yet successes; Evasive Roll,
/// which costs a card and ⚡, is weighed afterwards on what is left.
fn dodge_reroll(g: &Crisis) -> Option<Action> {
    let Some(Reaction::Dodge { dice, by, sources, .. }) = g.reactions.first() else { return None };
    if !crate::versions::v7(g) {
        return None;
    }
    let by = if by.len() == dice.len() { by.clone() } else { vec![Vec::new(); dice.len()] };
    sources.iter().find_map(|(name, n)| {
        let ok = crate::rules::rerolls::rerollable(dice, &by, name);
        let picks: Vec<usize> =
            (0..dice.len()).filter(|&i| ok[i] && !dice[i].defense_success()).take(usize::from(*n)).collect();
        (!picks.is_empty()).then(|| Action::Reroll { ability: Some(name.clone()), dice: picks })
    })
}

/// Evasive Roll's worth for a dodge showing `dice` against `incoming`
/// damage: the failed dice that may be rerolled succeed 3 times in 8,
/// each saving 1 damage; less the card's cost.
fn dodge_gain(g: &Crisis, m: usize, dice: &[Face], incoming: u8, key: &str) -> f64 {
    let Some(c) = card(key).filter(|c| c.effects.iter().any(|e| matches!(e, TacticEffect::RerollDodge {}))) else {
        return 0.0;
    };
    let x = &g.models[m];
    let left = usize::from(x.stamina().saturating_sub(x.damage));
    let saved = dice.iter().filter(|d| d.defense_success()).count();
    let tries = dice.iter().filter(|d| !d.defense_success() && **d != Face::Failure).count();
    let hurt = |saved: usize| {
        let dmg = usize::from(incoming).saturating_sub(saved).min(left);
        dmg as f64 + if dmg >= left && left > 0 { estimate::down_value(g, m) } else { 0.0 }
    };
    let now = hurt(saved);
    let after: f64 = estimate::rerolled_successes(tries).iter().enumerate().map(|(k, q)| q * hurt(saved + k)).sum();
    now - after - PER_POWER * f64::from(c.cost) - CARD_KEPT
}

/// Last Stand's worth for `m` about to be KO'd: the chance of a critical
/// or a wild on its dice times what the KO would cost, less its cost.
fn last_stand_gain(g: &Crisis, m: usize, key: &str) -> f64 {
    let Some(c) = card(key) else { return 0.0 };
    let Some(n) =
        c.effects.iter().find_map(|e| if let TacticEffect::LastStand { dice } = e { Some(*dice) } else { None })
    else {
        return 0.0;
    };
    estimate::any_of(n, 2) * estimate::down_value(g, m) - PER_POWER * f64::from(c.cost)
}

/// An Overwatch key `overwatch:ally:attack`: the score of that cost-0
/// attack at the mover from where the ally stands (the card is already
/// paid for when offered; any harm done is worth it).
fn overwatch_score(g: &Crisis, mover: usize, key: &str) -> f64 {
    let mut parts =
        key.strip_prefix("overwatch:").into_iter().flat_map(|r| r.split(':')).filter_map(|x| x.parse::<usize>().ok());
    let (Some(ally), Some(idx)) = (parts.next(), parts.next()) else { return 0.0 };
    let from = g.models[ally].disc(g.geo());
    // At least a little, so any offered Overwatch is taken.
    estimate::score(g, ally, idx, mover, from, g.on(ally), 0).max(0.01)
}
