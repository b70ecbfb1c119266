//! Throwing and destroying terrain (digest §1.6, §2.4). Terrain is
//! interactive: a piece thrown is destroyed at once, and the straight tool
//! laid from the thrower's base along the throw meets the first base or
//! piece in its way (ignoring the terrain the thrower stands on): a
//! character there dodges against the thrown piece's Size + 1, a smaller
//! piece is destroyed. A character thrown into a piece smaller than itself
//! destroys it too. A destroyed piece is removed; whatever stood on it
//! stays where it is.
//!
//! House ruling: a piece a character stands on can't be thrown (nobody
//! falls from a flying truck).

use super::common::model_name;
pub use super::common::piece_name;
use crate::geometry::{Disc, Hit, along, dist_disc_piece, sweep, unit, within};
use crate::rules::movement::tool_for;
use crate::state::Crisis;
use backroom_engine::{GameRng, LogEntry};

/// Why `thrower` can't throw `piece` (Size ≤ `max_size`, within
/// R`range`) toward `angle`, if it can't.
pub fn throw_refusal(
    g: &Crisis,
    thrower: usize,
    piece: Option<usize>,
    angle: Option<f64>,
    range: u8,
    max_size: u8,
) -> Option<String> {
    if angle.is_none_or(|x| !x.is_finite()) {
        return Some("name the direction of the throw".into());
    }
    let Some(i) = piece else { return Some("name the terrain to throw".into()) };
    let pieces = g.pieces();
    let Some(p) = pieces.get(i).filter(|_| !g.destroyed.contains(&i)) else {
        return Some("no such piece of terrain on the battlefield".into());
    };
    let name = piece_name(g, i);
    if p.size > max_size {
        return Some(format!("the {name} is Size {}: only terrain of Size {max_size} or less is thrown", p.size));
    }
    let geo = g.geo();
    let d = dist_disc_piece(g.models[thrower].disc(geo), p);
    if !within(geo, d, range) {
        return Some(format!(
            "the {name} is {d:.1}\" from {}, beyond R{range}: the terrain thrown is within R{range}",
            g.models[thrower].card().name
        ));
    }
    if let Some(m) = (0..g.models.len()).find(|&m| g.models[m].present() && g.on(m) == Some(i)) {
        return Some(format!(
            "{} stands on the {name}: a piece a character stands on can't be thrown",
            g.models[m].card().name
        ));
    }
    None
}

/// The pieces `thrower` may throw, each toward 8 directions.
pub fn throw_choices(g: &Crisis, thrower: usize, range: u8, max_size: u8) -> Vec<(usize, f64)> {
    let mut out = Vec::new();
    for i in 0..g.pieces().len() {
        if throw_refusal(g, thrower, Some(i), Some(0.0), range, max_size).is_none() {
            out.extend((0..8).map(|k| (i, f64::from(k) * 45.0)));
        }
    }
    out
}

/// Destroys piece `i`.
pub fn destroy(g: &mut Crisis, i: usize) -> LogEntry {
    g.destroy_piece(i);
    LogEntry::public(format!("The {} is destroyed.", piece_name(g, i)))
}

/// What the tool laid from the thrower toward `angle` meets first once the
/// thrown piece is gone (a model's index for a base), ignoring the piece
/// the thrower stood on (`on`).
fn thrown_hit(g: &Crisis, thrower: usize, on: Option<usize>, angle: f64, n: u8) -> Hit {
    let geo = g.geo();
    let u = unit(angle);
    let me = g.models[thrower].disc(geo);
    let tool = Disc { c: along(me.c, u, me.r), r: geo.tool_width / 2.0 };
    let order: Vec<usize> = (0..g.models.len()).filter(|&m| m != thrower && g.models[m].present()).collect();
    let bases: Vec<Disc> = order.iter().map(|&m| g.models[m].disc(geo)).collect();
    let ignore: Vec<usize> = on.into_iter().collect();
    match sweep(geo, tool, u, tool_for(n).length(geo), &bases, g.pieces(), &ignore).1 {
        Hit::Base(k) => Hit::Base(order[k]),
        hit => hit,
    }
}

/// What throwing piece `i` toward `angle` with tool `n` would hit,
/// foreseen from the public board as [`throw_terrain`] sweeps it, in the
/// words of the option that offers it.
pub fn throw_preview(g: &Crisis, thrower: usize, i: usize, angle: f64, n: u8) -> String {
    let on = g.on(thrower);
    let size = g.pieces()[i].size;
    let mut probe = g.clone();
    probe.destroy_piece(i);
    match thrown_hit(&probe, thrower, on, angle, n) {
        Hit::Base(m) => format!("hits {}, who dodges {}", g.models[m].card().name, size + 1),
        Hit::Terrain(j) => {
            let broken = if probe.pieces()[j].size < size { ", which is destroyed" } else { "" };
            format!("hits the {} (Size {}){broken}", piece_name(g, j), probe.pieces()[j].size)
        }
        Hit::Edge | Hit::Nothing => "hits nothing".into(),
    }
}

/// Throws piece `i` a distance of `n` toward `angle` (checked by
/// [`throw_refusal`]): the piece is destroyed, then the tool from the
/// thrower's base meets the first base or piece in its way.
pub fn throw_terrain(g: &mut Crisis, thrower: usize, i: usize, angle: f64, n: u8, rng: &mut GameRng) -> Vec<LogEntry> {
    let size = g.pieces()[i].size;
    let on = g.on(thrower);
    let mut log = vec![LogEntry::public(format!(
        "{} throws the {} toward {angle} degrees.",
        model_name(g, thrower),
        piece_name(g, i)
    ))];
    log.push(destroy(g, i));
    g.last_throw = Some((i, angle));
    match thrown_hit(g, thrower, on, angle, n) {
        Hit::Base(m) => {
            log.push(LogEntry::public(format!("The {} hits {}.", piece_name(g, i), model_name(g, m))));
            if !g.models[m].dazed {
                log.extend(super::damage::dodge(g, m, usize::from(size) + 1, rng));
            }
        }
        Hit::Terrain(j) => {
            log.push(LogEntry::public(format!("The {} hits the {}.", piece_name(g, i), piece_name(g, j))));
            if g.pieces()[j].size < size {
                log.push(destroy(g, j));
            }
        }
        Hit::Edge | Hit::Nothing => {}
    }
    log
}
