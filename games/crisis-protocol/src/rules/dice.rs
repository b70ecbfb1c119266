//! The eight-sided Crisis Protocol die (digest §1.5): faces critical, wild,
//! hit, hit, block, blank, blank, failure. Rolled from the match's
//! generator; tests force faces 1..=8 through `GameRng::force_dice`.

use backroom_engine::GameRng;

pub use crate::state::Face;

/// Rolls one die: a forced value when one is queued, else uniform 1..=8.
pub fn roll(rng: &mut GameRng) -> Face {
    if rng.forced_dice_left() > 0 { Face::of(rng.d6()) } else { Face::of(rng.range(1, 8) as u8) }
}

/// Rolls `n` dice.
pub fn roll_n(rng: &mut GameRng, n: usize) -> Vec<Face> {
    (0..n).map(|_| roll(rng)).collect()
}

/// "C W H _" for a log line.
pub fn show(dice: &[Face]) -> String {
    let s: Vec<String> = dice.iter().map(|f| f.letter().to_string()).collect();
    s.join(" ")
}

/// Halves a value, rounding up (core rules: "Whenever a number is halved,
/// always round the final result up"): half of 5 is 3.
pub fn halve(n: u8) -> u8 {
    n.div_ceil(2)
}

/// A dice pool: the stat (halved first when an effect halves it), then
/// dice added or removed (`delta`); a pool never drops below one die
/// (Appendix A, steps 4 and 5).
pub fn pool(stat: u8, halved: bool, delta: i32) -> usize {
    let base = if halved { halve(stat) } else { stat };
    (i32::from(base) + delta).max(1) as usize
}

/// How many of `d` show face `f`.
pub fn count(d: &[Face], f: Face) -> usize {
    d.iter().filter(|x| **x == f).count()
}

/// Rolls a pool, adding one die per critical in the initial roll unless
/// Hexed (Appendix A, A8; a dodge too).
pub fn roll_pool(rng: &mut GameRng, n: usize, hexed: bool) -> Vec<Face> {
    let mut d = roll_n(rng, n);
    if !hexed {
        let crits = count(&d, Face::Critical);
        d.extend(roll_n(rng, crits));
    }
    d
}
