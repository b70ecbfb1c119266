//! How good a position is, for the search bot ([`backroom_engine::search`]):
//! a bot aid, not a rule. The search reads it only in worlds it re-dealt
//! for its own seat, so reading hands, targets and plan decks here leaks
//! nothing.
//!
//! A player wins in the Check for Victory Step with 10 AP or 12 PP, and
//! after the last turn the most AP+PP wins (Check for Victory's
//! tiebreakers). So each player's chance is read from its own race and
//! from the best opponent's: points, the nearer of the two thresholds,
//! what earns points at the next End Phase (areas held, captured markers,
//! units on the board, resources for the next turn) and the clock. A
//! logistic of those features ([`features`], weighed by a logistic
//! regression on heuristic matches: `examples/fit_evaluation.rs` prints the
//! weights in [`WEIGHTS`]) gives each player a score; the chances are the
//! scores shared out so that they sum to one.

use crate::rules::end_phase::{LAST_TURN, WIN_AP, WIN_PP};
use crate::state::{Marker, Villains};
use backroom_engine::Seat;

/// How many features [`features`] gives.
pub const FEATURES: usize = 10;

/// The features' names, in order.
pub const NAMES: [&str; FEATURES] = [
    "bias",
    "points",
    "nearest_threshold",
    "best_rival_points",
    "best_rival_threshold",
    "lead_by_the_clock",
    "areas_held",
    "captured_markers",
    "units",
    "resources",
];

/// A player's log-odds of winning per feature, fitted on heuristic
/// matches at 4 seats (seeds 5000–5199, 61 840 player-positions, ridge 1;
/// `examples/fit_evaluation.rs`).
const WEIGHTS: [f64; FEATURES] = [-1.335, -0.309, 1.574, 0.813, -2.820, 3.227, 0.088, 0.185, 0.061, 0.052];

/// How far `seat` is along its nearer road to victory: 1 at 10 AP or 12 PP.
fn threshold(g: &Villains, seat: Seat) -> f64 {
    let p = &g.players[usize::from(seat)];
    (f64::from(p.ap) / f64::from(WIN_AP)).max(f64::from(p.pp) / f64::from(WIN_PP))
}

/// AP+PP, the final tiebreak, in tens.
fn points(g: &Villains, seat: Seat) -> f64 {
    let p = &g.players[usize::from(seat)];
    (f64::from(p.ap) + f64::from(p.pp)) / 10.0
}

/// What `seat`'s chance is read from: its points and threshold, the best
/// rival's, its lead in points weighed by how late it is, the areas it
/// controls, its captured markers, its units on the board and its
/// resources.
pub fn features(g: &Villains, seat: Seat) -> [f64; FEATURES] {
    let rivals = (0..g.seats).filter(|s| *s != seat);
    let rival_points = rivals.clone().map(|s| points(g, s)).fold(0.0, f64::max);
    let rival_threshold = rivals.map(|s| threshold(g, s)).fold(0.0, f64::max);
    let clock = f64::from(g.turn.min(LAST_TURN)) / f64::from(LAST_TURN);
    let p = &g.players[usize::from(seat)];
    let held = g.areas.iter().filter(|a| a.controller == Some(Marker::Player(seat))).count();
    [
        1.0,
        points(g, seat),
        threshold(g, seat),
        rival_points,
        rival_threshold,
        (points(g, seat) - rival_points) * clock,
        held as f64,
        p.captured.len() as f64,
        g.units_of(seat).count() as f64,
        f64::from(p.resources) / 10.0,
    ]
}

/// `seat`'s chance to win, from 0 to 1: its logistic score shared out over
/// every player's.
pub fn evaluate(g: &Villains, seat: Seat) -> f64 {
    let score = |s: Seat| {
        let edge: f64 = features(g, s).iter().zip(WEIGHTS).map(|(x, w)| x * w).sum();
        1.0 / (1.0 + (-edge).exp())
    };
    let total: f64 = (0..g.seats).map(score).sum();
    if total <= 0.0 { 1.0 / f64::from(g.seats.max(1)) } else { score(seat) / total }
}
