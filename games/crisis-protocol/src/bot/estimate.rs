//! What an attack is worth before it is made: the exact distribution of
//! successes of each pool from the die's faces (C W H H B _ _ F: four of
//! eight faces hit, three of eight block, a critical in the initial roll
//! adds one die), cover as one more defense success, damage reduction and
//! the Stamina left. Rerolls and reactions are left out of an attack's
//! worth: they move the figure a little and cost more to foresee than they
//! would change. A reaction's own worth ([`outlook_against`]) adds what it
//! gives the target: extra dice, rerolls of failed dice, cover.

use crate::content::{Condition, Effect, Power, RangeKind};
use crate::geometry::{Disc, dist_discs, has_cover, line_of_sight, within};
use crate::rules::targeting::beam_touches;
use crate::state::Crisis;

/// A die's chance of a success: attack (C, W, H, H) and defense (C, W, B).
const HIT: f64 = 4.0 / 8.0;
const BLOCK: f64 = 3.0 / 8.0;
const CRIT: f64 = 1.0 / 8.0;

/// The distribution of successes of an `n`-die pool (index = successes).
fn pool(n: usize, p: f64, hexed: bool) -> Vec<f64> {
    let crit = if hexed { 0.0 } else { CRIT };
    // One die: a critical is a success and brings a die that succeeds with p.
    let die = [1.0 - p, p - crit + crit * (1.0 - p), crit * p];
    let mut dist = vec![1.0];
    for _ in 0..n {
        let mut next = vec![0.0; dist.len() + 2];
        for (k, q) in dist.iter().enumerate() {
            for (j, r) in die.iter().enumerate() {
                next[k + j] += q * r;
            }
        }
        dist = next;
    }
    dist
}

/// The expected damage an attack deals and the chance it reaches the
/// Stamina left (Dazed when Healthy, KO when Injured).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outlook {
    /// Expected damage dealt.
    pub damage: f64,
    /// Chance the target is Dazed or KO'd.
    pub down: f64,
}

/// The outlook of attack `idx` of `me`, made from `from` (standing on
/// `from_on`), with `bonus` extra attack dice, against `target`.
pub fn outlook(
    g: &Crisis,
    me: usize,
    idx: usize,
    target: usize,
    from: Disc,
    from_on: Option<usize>,
    bonus: u8,
) -> Outlook {
    let _ = from_on;
    outlook_against(g, me, idx, target, from, bonus, Defense::default())
}

/// What the target of an attack adds to its defense by reacting: extra
/// defense dice, rerolls of failed defense dice, and cover wherever it
/// stands (Take Cover).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Defense {
    /// Extra defense dice.
    pub dice: u8,
    /// Failed defense dice rerolled once.
    pub rerolls: u8,
    /// Cover whatever the geometry says.
    pub cover: bool,
}

/// The outlook of attack `idx` of `me` from `from` against `target`
/// defending with `extra` besides its own dice and the terrain.
pub fn outlook_against(
    g: &Crisis,
    me: usize,
    idx: usize,
    target: usize,
    from: Disc,
    bonus: u8,
    extra: Defense,
) -> Outlook {
    let geo = g.geo();
    let a = &g.models[me];
    let t = &g.models[target];
    let Some(atk) = a.card().sides.healthy.attacks.get(idx) else { return Outlook::default() };
    let a_n = (i32::from(atk.strength) + i32::from(bonus) - i32::from(a.has(Condition::Shock))).max(1) as usize;
    let d_n = (i32::from(t.card().sides.healthy.defense.against(atk.kind)) + i32::from(extra.dice)
        - i32::from(t.has(Condition::Incinerate)))
    .max(1) as usize;
    let ignore_cover = atk.rules.iter().any(|r| matches!(r.effect, Effect::IgnoreCover {}));
    let cover = !ignore_cover
        && (extra.cover || has_cover(geo, from, t.disc(geo), g.eff_size(target), g.on(target), g.pieces()));
    let reduce: usize = t.powers().map(|p| if let Power::ReduceDamage { n } = p { usize::from(*n) } else { 0 }).sum();
    let left = usize::from(t.stamina().saturating_sub(t.damage));
    let pa = pool(a_n, HIT, a.has(Condition::Hex));
    let pd = rerolled(&pool(d_n, BLOCK, t.has(Condition::Hex)), d_n, usize::from(extra.rerolls), BLOCK);
    let mut out = Outlook::default();
    for (s, qa) in pa.iter().enumerate() {
        for (b, qd) in pd.iter().enumerate() {
            let net = s.saturating_sub(b + usize::from(cover)).saturating_sub(reduce);
            let q = qa * qd;
            out.damage += q * net.min(left) as f64;
            if net >= left && left > 0 {
                out.down += q;
            }
        }
    }
    out
}

/// The distribution `dist` of an `n`-die pool's successes after up to
/// `r` of its failed dice are rerolled once, each then succeeding with
/// `p` (the failed dice counted as `n` less the successes, which a
/// critical's extra die, one roll in eight, makes a little low).
fn rerolled(dist: &[f64], n: usize, r: usize, p: f64) -> Vec<f64> {
    if r == 0 {
        return dist.to_vec();
    }
    let mut out = vec![0.0; dist.len() + r];
    for (k, q) in dist.iter().enumerate() {
        let tries = n.saturating_sub(k).min(r);
        // Binomial(tries, p) more successes.
        let mut ways = 1.0;
        for j in 0..=tries {
            out[k + j] += q * ways * p.powi(j as i32) * (1.0 - p).powi((tries - j) as i32);
            ways = ways * (tries - j) as f64 / (j + 1) as f64;
        }
    }
    out
}

/// The chance that `n` dice show at least one of `faces` of the die's
/// eight (Last Stand: a critical or a wild, 2 of 8).
pub fn any_of(n: u8, faces: u8) -> f64 {
    1.0 - (1.0 - f64::from(faces) / 8.0).powi(i32::from(n))
}

/// The chance of each number of defense successes (3 of 8 faces) among
/// `n` dice rerolled once, no criticals adding dice (a dodge's reroll).
pub fn rerolled_successes(n: usize) -> Vec<f64> {
    rerolled(&[1.0], n, n, BLOCK)
}

/// Can `me` standing at `from` make attack `idx` against `target`
/// (cost, range, line of sight)? The same tests as the attack's own
/// targeting, for a position the character may move to.
pub fn can_target(g: &Crisis, me: usize, idx: usize, target: usize, from: Disc, from_on: Option<usize>) -> bool {
    let geo = g.geo();
    let a = &g.models[me];
    let t = &g.models[target];
    let Some(atk) = a.card().sides.healthy.attacks.get(idx) else { return false };
    if a.power < atk.cost || t.owner == a.owner || !t.present() || t.dazed {
        return false;
    }
    let td = t.disc(geo);
    let in_range = match atk.range.kind {
        RangeKind::Beam => beam_touches(geo, from, td.c, td, atk.range.n),
        _ => within(geo, dist_discs(from, td), atk.range.n),
    };
    if !in_range {
        return false;
    }
    atk.rules.iter().any(|r| matches!(r.effect, Effect::IgnoreLos {}))
        || line_of_sight(geo, from, from_on, td, g.eff_size(target), g.pieces())
}

/// How much the bot wants a model down: its threat, and a KO (Injured)
/// is for good.
pub fn down_value(g: &Crisis, target: usize) -> f64 {
    let t = &g.models[target];
    3.0 + f64::from(t.card().threat) * 0.5 + if t.injured { 3.0 } else { 0.0 }
}

/// The score of attack `idx` aimed at `target` from `from`: expected
/// damage, the chance of putting the target down weighed by what it is
/// worth, a little for a target already hurt (focus fire), less the power
/// spent; beams and areas add every enemy they catch and count each ally
/// caught against them.
pub fn score(g: &Crisis, me: usize, idx: usize, target: usize, from: Disc, from_on: Option<usize>, bonus: u8) -> f64 {
    let geo = g.geo();
    let a = &g.models[me];
    let Some(atk) = a.card().sides.healthy.attacks.get(idx) else { return f64::MIN };
    let members: Vec<usize> = match atk.range.kind {
        RangeKind::Normal => vec![target],
        kind => {
            let aim = g.models[target].pos;
            (0..g.models.len())
                .filter(|&i| i != me && g.models[i].present() && !g.models[i].dazed)
                .filter(|&i| {
                    let d = g.models[i].disc(geo);
                    if kind == RangeKind::Beam {
                        beam_touches(geo, from, aim, d, atk.range.n)
                    } else {
                        within(geo, dist_discs(from, d), atk.range.n)
                    }
                })
                .collect()
        }
    };
    let gains = atk.rules.iter().any(|r| matches!(r.effect, Effect::GainPowerFromDamage {}));
    let mut total = 0.0;
    for t in members {
        let x = &g.models[t];
        if x.owner == a.owner {
            // Caught in its own side's beam or area: 1 damage.
            let left = x.stamina().saturating_sub(x.damage);
            total -= 1.0 + if left <= 1 { down_value(g, t) } else { 0.0 };
            continue;
        }
        if atk.range.kind != RangeKind::Normal && !can_target(g, me, idx, t, from, from_on) && t != target {
            continue;
        }
        let o = outlook(g, me, idx, t, from, from_on, bonus);
        total += o.damage * if gains { 1.25 } else { 1.0 }
            + o.down * down_value(g, t)
            + if x.damage > 0 { 0.3 } else { 0.0 }
            + contesting(g, t) * o.down;
    }
    total - 0.7 * f64::from(atk.cost)
}

/// 1.5 when the model is within R1 of an objective token (putting it down
/// removes a contester), else 0.
fn contesting(g: &Crisis, m: usize) -> f64 {
    let geo = g.geo();
    let d = g.models[m].disc(geo);
    let near = (0..g.tokens.len())
        .any(|t| within(geo, dist_discs(d, Disc { c: g.token_pos(t), r: geo.token_diameter / 2.0 }), 1));
    if near { 1.5 } else { 0.0 }
}

/// The best attack `me` could make from `from` with `bonus` extra dice:
/// `(score, attack, target)`.
pub fn best_from(g: &Crisis, me: usize, from: Disc, from_on: Option<usize>, bonus: u8) -> Option<(f64, usize, usize)> {
    let mut best: Option<(f64, usize, usize)> = None;
    for idx in 0..g.models[me].card().sides.healthy.attacks.len() {
        for t in 0..g.models.len() {
            if !can_target(g, me, idx, t, from, from_on) {
                continue;
            }
            let s = score(g, me, idx, t, from, from_on, bonus);
            if best.is_none_or(|(b, _, _)| s > b) {
                best = Some((s, idx, t));
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::pool;

    #[test]
    fn a_pool_is_a_distribution_with_the_expected_mean() {
        let d = pool(4, 0.5, false);
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        let mean: f64 = d.iter().enumerate().map(|(k, q)| k as f64 * q).sum();
        // Per die: 1/2 plus a critical's extra die, 1/8 · 1/2.
        assert!((mean - 4.0 * (0.5 + 0.0625)).abs() < 1e-9);
        let hexed = pool(4, 0.5, true);
        assert_eq!(hexed.len(), 9);
        assert!((hexed.iter().enumerate().map(|(k, q)| k as f64 * q).sum::<f64>() - 2.0).abs() < 1e-9);
    }
}
