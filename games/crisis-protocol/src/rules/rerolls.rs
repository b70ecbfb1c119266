//! Modifying dice (Appendix A, A9; digest §1.4–1.5, ruling 20): the reroll
//! abilities a character may use on its own roll (allies' Tactician-like
//! powers within range, itself included; attacking, Target Lock and Steady
//! Aim), each die remembering the abilities that have rerolled it, and a
//! failure never rerolled. Shared by the attack pipeline and the dodge,
//! below both.

use crate::content::Power;
use crate::geometry::{dist_discs, within};
use crate::rules::dice::{self, Face};
use crate::state::Crisis;
use backroom_engine::{GameRng, RuleError};

/// Rerolls granted to `m` (allies' Tactician-like powers within range,
/// itself included; each named ability counts once).
pub fn ally_rerolls(g: &Crisis, m: usize) -> usize {
    let geo = g.geo();
    let me = g.models[m].disc(geo);
    let owner = g.models[m].owner;
    let mut names: Vec<&str> = Vec::new();
    let mut n = 0;
    for (i, x) in g.models.iter().enumerate() {
        if x.owner != owner || !x.present() || x.dazed {
            continue;
        }
        for sp in &x.card().sides.healthy.superpowers {
            for e in &sp.effects {
                if let Power::RerollAllies { range, dice } = e
                    && !names.contains(&sp.name.as_str())
                    && (i == m || within(geo, dist_discs(me, x.disc(geo)), *range))
                {
                    names.push(&sp.name);
                    n += usize::from(*dice);
                }
            }
        }
    }
    n
}

/// Rerolls up to `n` dice that are not successes for their roller.
pub fn reroll(rng: &mut GameRng, dice: &mut [Face], n: usize, success: fn(Face) -> bool) -> usize {
    let mut done = 0;
    for d in dice.iter_mut() {
        if done == n {
            break;
        }
        if !success(*d) && *d != Face::Failure {
            *d = dice::roll(rng);
            done += 1;
        }
    }
    done
}

/// Whether a reroll source named `name` is an ally's (Tactician-like)
/// rather than `m`'s own attacking power.
pub fn is_ally_source(g: &Crisis, m: usize, name: &str) -> bool {
    g.models.iter().any(|x| {
        x.owner == g.models[m].owner
            && x.card()
                .sides
                .healthy
                .superpowers
                .iter()
                .any(|sp| sp.name == name && sp.effects.iter().any(|e| matches!(e, Power::RerollAllies { .. })))
    })
}

/// The reroll abilities `m` may use on its own roll in the modify step,
/// each named once with its dice: allies' Tactician-like powers within
/// range (itself included); attacking, its own rerolls (Target Lock, one
/// per critical in `other`, the opposing roll; Steady Aim).
pub fn sources(g: &Crisis, m: usize, attacking: bool, other: &[Face]) -> Vec<(String, u8)> {
    let geo = g.geo();
    let me = g.models[m].disc(geo);
    let owner = g.models[m].owner;
    let mut out: Vec<(String, u8)> = Vec::new();
    for (i, x) in g.models.iter().enumerate() {
        if x.owner != owner || !x.present() || x.dazed {
            continue;
        }
        for sp in &x.card().sides.healthy.superpowers {
            for e in &sp.effects {
                let n = match e {
                    Power::RerollAllies { range, dice }
                        if i == m || within(geo, dist_discs(me, x.disc(geo)), *range) =>
                    {
                        *dice
                    }
                    Power::RerollPerDefenderCrit {} if i == m && attacking => dice::count(other, Face::Critical) as u8,
                    Power::RerollOwnAttack { dice } if i == m && attacking => *dice,
                    _ => 0,
                };
                if n > 0 && !out.iter().any(|(k, _)| k == &sp.name) {
                    out.push((sp.name.clone(), n));
                }
            }
        }
    }
    out
}

/// The dice a source may still reroll: not a failure, not rerolled by it.
pub fn rerollable(dice: &[Face], by: &[Vec<String>], name: &str) -> Vec<bool> {
    dice.iter().zip(by).map(|(d, b)| *d != Face::Failure && !b.iter().any(|x| x == name)).collect()
}

/// Why `picks` (indices into `dice`) can't be rerolled by the ability
/// `name` with `n` dice, if they can't: 1 to `n` dice, none a failure,
/// none rerolled by it already, none named twice.
pub fn check_picks(
    dice: &[Face],
    by: &[Vec<String>],
    name: &str,
    n: u8,
    picks: &[usize],
    side: &str,
) -> Result<(), RuleError> {
    const RULE: &str = "Modifying dice";
    if picks.is_empty() || picks.len() > usize::from(n) {
        return Err(RuleError::illegal(RULE, format!("{name} rerolls 1 to {n} dice, not {}", picks.len())));
    }
    let mut seen = Vec::new();
    for &i in picks {
        let Some(d) = dice.get(i) else {
            return Err(RuleError::illegal(RULE, format!("the {side} roll has no die {}", i + 1)));
        };
        if *d == Face::Failure {
            return Err(RuleError::illegal("Dice", format!("die {} is a failure: a failure can't be rerolled", i + 1)));
        }
        if by[i].iter().any(|x| x == name) {
            return Err(RuleError::illegal(
                RULE,
                format!("{name} has already rerolled die {}: the same ability rerolls a die only once", i + 1),
            ));
        }
        if seen.contains(&i) {
            return Err(RuleError::illegal(RULE, format!("die {} is named twice", i + 1)));
        }
        seen.push(i);
    }
    Ok(())
}

/// Rerolls the dice `picks` (checked) with the ability `name`, which
/// each of them remembers.
pub fn reroll_picks(dice: &mut [Face], by: &mut [Vec<String>], name: &str, picks: &[usize], rng: &mut GameRng) {
    for &i in picks {
        dice[i] = dice::roll(rng);
        by[i].push(name.to_string());
    }
}
