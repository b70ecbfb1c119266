//! Where a character is worth standing: near the objective tokens its side
//! still needs (a Secure token it would tip or tie, a token to take
//! control of or pick up), in the enemy half when it carries a token that
//! scores more there, and in reach of a good attack when it has an action
//! left. The bot compares a handful of such places (the movement plans and
//! place points its prompt offers) with staying put.

use super::estimate;
use crate::content::TokenMode;
use crate::geometry::{Disc, Pt, dist_discs, len, standing_on, sub, within};
use crate::state::{Crisis, Edge};
use backroom_engine::Seat;

fn token_disc(g: &Crisis, t: usize) -> Disc {
    Disc { c: g.token_pos(t), r: g.geo().token_diameter / 2.0 }
}

/// VP a token is worth this round.
fn token_vp(g: &Crisis, t: usize) -> f64 {
    let tok = &g.tokens[t];
    let card = g.crisis_card(tok.crisis);
    let bonus: u8 = card.bonus.iter().filter(|b| b.token == tok.index && g.round >= b.from_round).map(|b| b.vp).sum();
    f64::from(card.vp_per_token + bonus)
}

/// Healthy and Injured contesters of token `t` per side, leaving out `skip`.
fn contesters(g: &Crisis, t: usize, skip: usize) -> [(u32, u32); 2] {
    let geo = g.geo();
    let d = token_disc(g, t);
    let mut c = [(0, 0); 2];
    for (i, m) in g.models.iter().enumerate() {
        if i == skip || !m.present() || m.dazed || !within(geo, dist_discs(m.disc(geo), d), 1) {
            continue;
        }
        let side = &mut c[usize::from(m.owner)];
        if m.injured { side.1 += 1 } else { side.0 += 1 }
    }
    c
}

/// Who secures a token with these contesters: more Healthy ones, else
/// more Injured ones (Leverage left out).
fn securer(c: [(u32, u32); 2]) -> Option<usize> {
    let pick = |a: u32, b: u32| match a.cmp(&b) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    if c[0].0 + c[1].0 > 0 { pick(c[0].0, c[1].0) } else { pick(c[0].1, c[1].1) }
}

/// Would `m` contesting token `t` change who secures it (win it, or stop
/// the other side from winning it)?
fn needed_at(g: &Crisis, m: usize, t: usize) -> bool {
    let me = &g.models[m];
    let without = contesters(g, t, m);
    let mut with = without;
    let side = &mut with[usize::from(me.owner)];
    if me.injured {
        side.1 += 1
    } else {
        side.0 += 1
    }
    securer(with) != securer(without)
}

/// How many more characters of `seat` a token calls for: a Secure token
/// one more than the enemies contesting it, a token to take control of or
/// pick up (or to take back from an enemy holder) one, else none.
fn demand(g: &Crisis, seat: Seat, t: usize) -> u32 {
    let tok = &g.tokens[t];
    match g.crisis_card(tok.crisis).token_mode {
        TokenMode::Secure => {
            let c = contesters(g, t, usize::MAX);
            let enemy = c[usize::from(1 - seat)];
            enemy.0 + enemy.1 + 1
        }
        TokenMode::Control => u32::from(tok.control != Some(seat)),
        TokenMode::PickUp => u32::from(tok.holder.is_none_or(|h| g.models[h].owner != seat)),
    }
}

/// Where `m` heads: the token the squad's nearest-first assignment gives
/// it (each token takes as many characters as it calls for, each
/// character one token), so the squad spreads over the objectives; a
/// holder of a token worth more in the enemy half heads just across the
/// middle; everyone else goes for the nearest enemy.
pub fn goal(g: &Crisis, m: usize) -> Pt {
    let geo = g.geo();
    let me = &g.models[m];
    let seat = me.owner;
    if g.held_by(m).any(|t| g.crisis_card(g.tokens[t].crisis).enemy_half_bonus.unwrap_or(0) > 0) {
        let own = crate::rules::common::edge_of(g, seat);
        let half = geo.table_inches / 2.0;
        let target = own.from_card([0.0, half + 2.0], geo.table_inches);
        // Keep the coordinate along the edge, cross the middle line.
        let p = match own {
            Edge::South | Edge::North => [me.pos[0], target[1]],
            Edge::West | Edge::East => [target[0], me.pos[1]],
        };
        return if own.dist(me.pos, geo.table_inches) > half + 1.0 { me.pos } else { p };
    }
    let squad: Vec<usize> = (0..g.models.len())
        .filter(|&i| {
            g.models[i].owner == seat && g.models[i].present() && !g.models[i].dazed && g.held_by(i).next().is_none()
        })
        .collect();
    let mut need: Vec<u32> = (0..g.tokens.len()).map(|t| demand(g, seat, t)).collect();
    let mut pairs: Vec<(f64, usize, usize)> = Vec::new();
    for &i in &squad {
        for t in 0..g.tokens.len() {
            pairs.push((len(sub(g.token_pos(t), g.models[i].pos)), i, t));
        }
    }
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut placed: Vec<usize> = Vec::new();
    for (_, i, t) in pairs {
        if need[t] == 0 || placed.contains(&i) {
            continue;
        }
        need[t] -= 1;
        placed.push(i);
        if i == m {
            return g.token_pos(t);
        }
    }
    let near = |a: &Pt, b: &Pt| len(sub(*a, me.pos)).total_cmp(&len(sub(*b, me.pos)));
    let enemies = g.models.iter().filter(|x| x.owner != seat && x.present() && !x.dazed).map(|x| x.pos);
    enemies.min_by(near).unwrap_or([18.0, 18.0])
}

/// What `m` standing at `p` is worth: tokens it would secure, control or
/// pick up from there, the bonus for carrying a token in the enemy half,
/// a pull toward its goal, and (with `attack_after`) the best attack it
/// could make from there.
pub fn value_at(g: &Crisis, m: usize, p: Pt, attack_after: bool, can_interact: bool) -> f64 {
    let geo = g.geo();
    let me = &g.models[m];
    let disc = Disc { c: p, r: me.disc(geo).r };
    let mut v = 0.0;
    for t in 0..g.tokens.len() {
        let tok = &g.tokens[t];
        let card = g.crisis_card(tok.crisis);
        let reach = within(geo, dist_discs(disc, token_disc(g, t)), 1);
        match card.token_mode {
            TokenMode::Secure if reach => v += if needed_at(g, m, t) { 3.0 * token_vp(g, t) } else { 0.4 },
            TokenMode::Control if reach && can_interact && tok.control != Some(me.owner) && me.power >= 1 => {
                v += 2.5 * token_vp(g, t)
            }
            TokenMode::PickUp if reach && can_interact && tok.holder.is_none() && me.power >= 1 => {
                v += 3.0 * token_vp(g, t)
            }
            TokenMode::PickUp if tok.holder == Some(m) => {
                let own = crate::rules::common::edge_of(g, me.owner);
                if own.dist(p, geo.table_inches) > geo.table_inches / 2.0 {
                    v += 2.0 * f64::from(card.enemy_half_bonus.unwrap_or(0));
                }
            }
            _ => {}
        }
    }
    v -= 0.15 * len(sub(goal(g, m), p));
    if attack_after && let Some((s, _, _)) = estimate::best_from(g, m, disc, standing_on(geo, disc, g.pieces()), 0) {
        v += 0.8 * s.max(0.0);
    }
    v
}

/// How the Secure tokens stand for `seat` as the characters stand now:
/// the VP of those it secures less those the other side secures.
pub fn secured(g: &Crisis, seat: Seat) -> f64 {
    (0..g.tokens.len())
        .filter(|&t| g.crisis_card(g.tokens[t].crisis).token_mode == TokenMode::Secure)
        .map(|t| match crate::rules::cleanup::securer(g, t) {
            Some(s) if s == seat => token_vp(g, t),
            Some(_) => -token_vp(g, t),
            None => 0.0,
        })
        .sum()
}

/// What holding token `t` is worth to `m` where it stands: the enemy-half
/// bonus there (weighed as in [`value_at`]), and a little for the Stamina
/// it has left (a Dazed holder scores nothing and drops the token).
pub fn holding(g: &Crisis, m: usize, t: usize) -> f64 {
    let geo = g.geo();
    let x = &g.models[m];
    let card = g.crisis_card(g.tokens[t].crisis);
    let own = crate::rules::common::edge_of(g, x.owner);
    let half = if own.dist(x.pos, geo.table_inches) > geo.table_inches / 2.0 {
        2.0 * f64::from(card.enemy_half_bonus.unwrap_or(0))
    } else {
        0.0
    };
    half + 0.3 * f64::from(x.stamina().saturating_sub(x.damage).min(4))
}
