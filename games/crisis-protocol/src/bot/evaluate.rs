//! How good a position is, for the search bot ([`backroom_engine::search`]):
//! a bot aid, not a rule. The search reads it only in worlds it re-dealt
//! for its own seat, so nothing here can leak.
//!
//! A match is a VP race: 16 VP wins, else the most VP at the end of Round
//! 6. So seat 0's chance is a logistic of the VP lead, what each side would
//! score at this round's Cleanup if it came now ([`cleanup::score`]), and
//! what wins the next rounds: characters standing, Stamina left and Power
//! ([`features`]). The weights come from a logistic regression on the
//! positions of heuristic-against-heuristic matches
//! (`examples/fit_evaluation.rs`). Before the squads are on the table
//! every feature is 0 and the chance is the fitted first seat's share.

use crate::rules::cleanup;
use crate::state::{Crisis, Phase};
use backroom_engine::Seat;

/// How many features [`features`] gives.
pub const FEATURES: usize = 8;

/// The features' names, in order.
pub const NAMES: [&str; FEATURES] =
    ["bias", "vp_lead", "cleanup_lead", "vp_lead_by_round", "standing", "stamina_left", "power", "near_16"];

/// Seat 0's log-odds per feature, fitted on 100 heuristic matches (seeds
/// 5000–5099, 4 751 positions, ridge 1).
const WEIGHTS: [f64; FEATURES] = [-0.494, 0.083, 0.184, 0.371, 1.071, 0.118, -0.017, 0.118];

/// Seat 0's side of each feature (seat 1's is subtracted): the VP lead,
/// the lead at this Cleanup, the VP lead times the round (a lead late is
/// worth more), characters standing, Stamina left over them, Power, and
/// how far past 10 VP each side would be after this Cleanup (the 16 VP
/// line).
pub fn features(g: &Crisis) -> [f64; FEATURES] {
    let mut f = [0.0; FEATURES];
    f[0] = 1.0;
    if matches!(g.phase, Phase::Leadership | Phase::Activation) {
        let vp = [f64::from(g.vp[0]), f64::from(g.vp[1])];
        let now = cleanup::score(g);
        let now = [f64::from(now[0]), f64::from(now[1])];
        f[1] = vp[0] - vp[1];
        f[2] = now[0] - now[1];
        f[3] = (vp[0] - vp[1]) * f64::from(g.round) / 6.0;
        f[7] = (vp[0] + now[0] - 10.0).max(0.0) - (vp[1] + now[1] - 10.0).max(0.0);
        for m in g.models.iter().filter(|m| m.present()) {
            let sign = if m.owner == 0 { 1.0 } else { -1.0 };
            f[4] += sign;
            f[5] += sign * f64::from(m.stamina().saturating_sub(m.damage)) / 2.0;
            f[6] += sign * f64::from(m.power);
        }
    }
    f
}

/// `seat`'s chance to win, from 0 to 1 (a draw is half a win).
pub fn evaluate(g: &Crisis, seat: Seat) -> f64 {
    if let Some(result) = g.result {
        return match result {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    let edge: f64 = features(g).iter().zip(WEIGHTS).map(|(x, w)| x * w).sum();
    let first = 1.0 / (1.0 + (-edge).exp());
    if seat == 0 { first } else { 1.0 - first }
}
