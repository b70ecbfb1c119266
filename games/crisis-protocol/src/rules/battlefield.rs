//! The battlefield (digest §1.1 BATTLEFIELD, engine version 2): "at
//! least 12 features of Size 1–5, mostly Size 2–4, none within R2 of an
//! edge or of another feature", and both players agree the layout.
//!
//! Agreement (house ruling): the server proposes a generated layout, seeded
//! by the match; each player confirms it, asks for another generated one,
//! or proposes a house terrain set (Downtown-12). Any change withdraws both
//! confirmations. After [`MAX_LAYOUT_CHANGES`] changes the last layout
//! stands without further confirmation, so the step always ends. Once the
//! layout is settled the priority roll follows (the rulebook builds the
//! battlefield first).
//!
//! The generator is legal by construction: the pieces are the kinds of the
//! house terrain set laid long side along x, one per cell of a 3 × 4 grid
//! whose columns and rows are separated from each other and from the edges
//! by at least [`MIN_GAP`] (more than R2); each piece sits anywhere inside
//! its cell; the grid may then be turned a quarter and mirrored.

use super::common::Lines;
use crate::content::cards::TerrainPiece;
use crate::content::content;
use crate::state::{Crisis, Phase};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat, seat_verb};

/// How many times the layout may change before the last one stands.
pub const MAX_LAYOUT_CHANGES: u8 = 3;
/// The smallest gap the generator leaves between pieces and to the edges
/// (R2 is 4"; the digest asks for more than R2).
pub const MIN_GAP: f64 = 4.125;
/// The terrain set whose kinds of pieces the generator lays out.
pub const KINDS_FROM: &str = "downtown-12";

pub use crate::action::LayoutChoice;

/// Why a layout breaks the digest's terrain rules, if it does.
pub fn layout_error(pieces: &[TerrainPiece]) -> Option<String> {
    let geo = &content().geometry;
    let (t, r2) = (geo.table_inches, crate::geometry::range(geo, 2));
    if pieces.len() < 12 {
        return Some(format!("a battlefield has at least 12 terrain features, not {}", pieces.len()));
    }
    if let Some(p) = pieces.iter().find(|p| !(1..=5).contains(&p.size)) {
        return Some(format!("{} is Size {}; features are Size 1 to 5", p.name, p.size));
    }
    if pieces.iter().filter(|p| (2..=4).contains(&p.size)).count() * 2 <= pieces.len() {
        return Some("most terrain features must be Size 2 to 4".into());
    }
    for (i, p) in pieces.iter().enumerate() {
        let edge = (p.center[0] - p.w / 2.0)
            .min(p.center[1] - p.h / 2.0)
            .min(t - p.center[0] - p.w / 2.0)
            .min(t - p.center[1] - p.h / 2.0);
        if edge <= r2 {
            return Some(format!("{} is within R2 of a battlefield edge", p.name));
        }
        for q in &pieces[..i] {
            if rect_gap(p, q) <= r2 {
                return Some(format!("{} is within R2 of {}", p.name, q.name));
            }
        }
    }
    None
}

/// The distance between two axis-aligned pieces.
pub fn rect_gap(a: &TerrainPiece, b: &TerrainPiece) -> f64 {
    let dx = ((a.center[0] - b.center[0]).abs() - (a.w + b.w) / 2.0).max(0.0);
    let dy = ((a.center[1] - b.center[1]).abs() - (a.h + b.h) / 2.0).max(0.0);
    dx.hypot(dy)
}

/// The kinds of pieces the generator lays out, long side along x.
fn kinds() -> Vec<TerrainPiece> {
    let set = content().terrain_sets.iter().find(|s| s.id == KINDS_FROM).unwrap_or(&content().terrain_sets[0]);
    let mut out: Vec<TerrainPiece> = Vec::new();
    for p in &set.pieces {
        let mut k = p.clone();
        if k.h > k.w {
            std::mem::swap(&mut k.w, &mut k.h);
        }
        k.center = [0.0, 0.0];
        if !out.iter().any(|o| o.name == k.name) {
            out.push(k);
        }
    }
    out
}

/// Eighths of an inch, the generator's grain (every dimension of the house
/// pieces is a multiple, so the layout is exact).
fn eighths(v: f64) -> i64 {
    (v * 8.0).floor() as i64
}

/// Splits `slack` eighths among `n` gaps at random.
fn split(rng: &mut GameRng, slack: i64, n: usize) -> Vec<f64> {
    let w: Vec<i64> = (0..n).map(|_| 1 + rng.index(8) as i64).collect();
    let total: i64 = w.iter().sum();
    let mut parts: Vec<i64> = w.iter().map(|x| slack * x / total).collect();
    let used: i64 = parts.iter().sum();
    parts[rng.index(n)] += slack - used;
    parts.into_iter().map(|p| p as f64 / 8.0).collect()
}

/// A generated layout, legal by construction (checked, with the house set
/// itself as the fallback).
pub fn generate(rng: &mut GameRng) -> Vec<TerrainPiece> {
    let t = content().geometry.table_inches;
    let kinds = kinds();
    let big: Vec<&TerrainPiece> = kinds.iter().filter(|k| k.size == 5).collect();
    let small: Vec<&TerrainPiece> = kinds.iter().filter(|k| k.size == 1).collect();
    let mid: Vec<&TerrainPiece> = kinds.iter().filter(|k| (2..=4).contains(&k.size)).collect();
    let (cols, rows) = (3usize, 4usize);
    for _ in 0..16 {
        let mut pick: Vec<TerrainPiece> = Vec::new();
        if !big.is_empty() {
            pick.push(big[rng.index(big.len())].clone());
        }
        if !small.is_empty() {
            pick.push(small[rng.index(small.len())].clone());
        }
        while pick.len() < cols * rows && !mid.is_empty() {
            pick.push(mid[rng.index(mid.len())].clone());
        }
        rng.shuffle(&mut pick);
        let cell = |c: usize, r: usize| &pick[r * cols + c];
        let widths: Vec<f64> = (0..cols).map(|c| (0..rows).map(|r| cell(c, r).w).fold(0.0, f64::max)).collect();
        let heights: Vec<f64> = (0..rows).map(|r| (0..cols).map(|c| cell(c, r).h).fold(0.0, f64::max)).collect();
        let slack_x = eighths(t - widths.iter().sum::<f64>() - MIN_GAP * (cols + 1) as f64);
        let slack_y = eighths(t - heights.iter().sum::<f64>() - MIN_GAP * (rows + 1) as f64);
        if slack_x < 0 || slack_y < 0 {
            continue;
        }
        let gx = split(rng, slack_x, cols + 1);
        let gy = split(rng, slack_y, rows + 1);
        let starts = |sizes: &[f64], gaps: &[f64]| {
            let mut at = 0.0;
            sizes
                .iter()
                .zip(gaps)
                .map(|(s, g)| {
                    at += MIN_GAP + g;
                    let here = at;
                    at += s;
                    here
                })
                .collect::<Vec<f64>>()
        };
        let (x0, y0) = (starts(&widths, &gx), starts(&heights, &gy));
        let (turn, flip_x, flip_y) = (rng.index(2) == 1, rng.index(2) == 1, rng.index(2) == 1);
        let mut out = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let mut p = cell(c, r).clone();
                let jx = rng.index(usize::try_from(eighths(widths[c] - p.w)).unwrap_or(0) + 1) as f64 / 8.0;
                let jy = rng.index(usize::try_from(eighths(heights[r] - p.h)).unwrap_or(0) + 1) as f64 / 8.0;
                let mut centre = [x0[c] + jx + p.w / 2.0, y0[r] + jy + p.h / 2.0];
                if turn {
                    centre = [centre[1], centre[0]];
                    std::mem::swap(&mut p.w, &mut p.h);
                }
                if flip_x {
                    centre[0] = t - centre[0];
                }
                if flip_y {
                    centre[1] = t - centre[1];
                }
                p.center = centre;
                out.push(p);
            }
        }
        if layout_error(&out).is_none() {
            return out;
        }
    }
    content().terrain_sets.iter().find(|s| s.id == KINDS_FROM).unwrap_or(&content().terrain_sets[0]).pieces.clone()
}

/// Whether `seat` may still answer the layout, and why not.
pub fn refusal(g: &Crisis, seat: Seat) -> Option<RuleError> {
    if g.phase != Phase::Battlefield {
        return Some(RuleError::not_your_turn(
            "Battlefield",
            format!(
                "the layout is agreed before the priority roll; the match is in {}",
                super::common::phase_words(g.phase)
            ),
        ));
    }
    if g.layout_confirmed[usize::from(seat)] {
        return Some(RuleError::not_your_turn(
            "Battlefield",
            "you have confirmed the layout; your opponent is deciding",
        ));
    }
    None
}

/// The house terrain sets a player may propose instead (not the one on
/// the table).
pub fn proposable_sets(g: &Crisis) -> Vec<&'static crate::content::cards::TerrainSet> {
    content().terrain_sets.iter().filter(|s| !(g.terrain.is_empty() && g.layout == s.id)).collect()
}

/// Answers the layout: confirm, ask for another, or propose a set.
pub fn answer(g: &mut Crisis, seat: Seat, choice: &LayoutChoice, rng: &mut GameRng) -> Lines {
    if let Some(e) = refusal(g, seat) {
        return Err(e);
    }
    let mut log = Vec::new();
    match choice {
        LayoutChoice::Confirm => {
            g.layout_confirmed[usize::from(seat)] = true;
            log.push(LogEntry::public(format!("{} the terrain layout.", seat_verb(seat, "confirms", "confirm"))));
            if g.layout_confirmed.iter().all(|c| *c) {
                log.push(LogEntry::public("Both players agree the battlefield.".to_string()));
                log.extend(super::priority::settle_battlefield(g, rng));
            }
            return Ok(log);
        }
        LayoutChoice::Generate | LayoutChoice::Set(_) if g.layout_changes >= MAX_LAYOUT_CHANGES => {
            return Err(RuleError::illegal(
                "Battlefield",
                format!("the layout has changed {MAX_LAYOUT_CHANGES} times; the last one stands"),
            ));
        }
        LayoutChoice::Generate => {
            g.set_terrain(generate(rng));
            log.push(LogEntry::public(format!(
                "{} for another terrain layout; a new one is generated.",
                seat_verb(seat, "asks", "ask")
            )));
        }
        LayoutChoice::Set(id) => {
            let Some(set) = proposable_sets(g).into_iter().find(|s| &s.id == id) else {
                return Err(RuleError::illegal(
                    "Battlefield",
                    "propose a house terrain set other than the one on the table",
                ));
            };
            g.layout = set.id.clone();
            g.terrain = Vec::new();
            g.built = Default::default();
            log.push(LogEntry::public(format!(
                "{} the {} terrain set.",
                seat_verb(seat, "proposes", "propose"),
                set.name
            )));
        }
    }
    g.layout_changes += 1;
    g.layout_confirmed = [false, false];
    if g.layout_changes >= MAX_LAYOUT_CHANGES {
        log.push(LogEntry::public(format!("The layout has changed {MAX_LAYOUT_CHANGES} times: this one stands.")));
        log.extend(super::priority::settle_battlefield(g, rng));
    }
    Ok(log)
}
