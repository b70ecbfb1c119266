//! How good a position is, for the search bot ([`backroom_engine::search`]):
//! a bot aid, not a rule. The search reads it only in worlds it re-dealt
//! for its own seat, so reading hands and decks here leaks nothing.
//!
//! The Villain wins by a Major Plot at 4 counters (or by the Heroes running
//! out of Characters); the Heroes win by the Masterminds running out, by
//! the Villain's deck running out, or at the turn limit. The Villain's
//! chance is a logistic of the things that move those endings closer
//! ([`features`]), weighed by a logistic regression on the positions of
//! heuristic-against-heuristic matches (`examples/fit_evaluation.rs`
//! prints them; the weights are in [`WEIGHTS`]).

use crate::content::Kind;
use crate::state::{HERO, Schemes, VILLAIN};
use backroom_engine::Seat;

/// How many features [`features`] gives.
pub const FEATURES: usize = 11;

/// The features' names, in order.
pub const NAMES: [&str; FEATURES] = [
    "bias",
    "major_plot",
    "minor_counters",
    "masterminds",
    "mastermind_wounds",
    "minions",
    "heroes",
    "hero_wounds",
    "masterminds_to_come",
    "characters_to_come",
    "clock",
];

/// The Villain's log-odds per feature, fitted on 200 heuristic matches
/// (seeds 5000–5199, 13 009 positions, ridge 1).
const WEIGHTS: [f64; FEATURES] = [-1.741, 0.938, -0.024, 1.479, -0.022, -0.034, -0.272, -0.048, 0.446, -0.009, -2.968];

/// What the Villain's chance is read from: the most advanced Major Plot
/// (`4 / counters left - 1`: the last counters count most), the Minor
/// Plots' counters, Masterminds in play with their Wounds and Minions,
/// Heroes in play with their Wounds, Masterminds and Characters still in
/// hand or deck, and the clock (the turn limit and the Villain's deck,
/// both running for the Heroes).
pub fn features(g: &Schemes) -> [f64; FEATURES] {
    let rules = &crate::content::content().rules;
    let mut f = [0.0; FEATURES];
    f[0] = 1.0;
    let mut major = 0u8;
    for plot in g.plots() {
        let Some(p) = g.piece(plot) else { continue };
        if g.plot_is_major(plot) {
            major = major.max(p.counters);
        } else {
            f[2] += f64::from(p.counters);
        }
    }
    f[1] = 4.0 / f64::from(rules.major_plot_counters.saturating_sub(major).max(1)) - 1.0;
    for p in g.pieces.iter().filter(|p| p.on.is_none()) {
        match (p.side, p.kind()) {
            (VILLAIN, Kind::Mastermind) => {
                f[3] += 1.0;
                f[4] += f64::from(p.wounds);
                f[5] += f64::from(p.minions);
            }
            (HERO, Kind::Character) => {
                f[6] += 1.0;
                f[7] += f64::from(p.wounds);
            }
            _ => {}
        }
    }
    let cards = |seat: Seat, kind: Kind| {
        let side = &g.sides[usize::from(seat)];
        side.hand.iter().chain(&side.deck).filter(|c| c.card().kind == kind).count() as f64
    };
    f[8] = cards(VILLAIN, Kind::Mastermind);
    f[9] = cards(HERO, Kind::Character);
    let turns = f64::from(g.turn) / f64::from(g.turn_limit.max(1));
    let deck = g.sides[usize::from(VILLAIN)].deck.len() as f64;
    f[10] = turns * turns + (1.0 - deck / 8.0).max(0.0);
    f
}

/// `seat`'s chance to win, from 0 to 1.
pub fn evaluate(g: &Schemes, seat: Seat) -> f64 {
    if let Some(e) = &g.ending {
        return if e.winner == seat { 1.0 } else { 0.0 };
    }
    let edge: f64 = features(g).iter().zip(WEIGHTS).map(|(x, w)| x * w).sum();
    let villain = 1.0 / (1.0 + (-edge).exp());
    if seat == VILLAIN { villain } else { 1.0 - villain }
}
