//! The eight-sided Crisis Protocol die (digest §1.5): faces critical, wild,
//! hit, hit, block, blank, blank, failure. Rolled from the match's
//! generator; tests force faces 1..=8 through `GameRng::force_dice`.

use backroom_engine::GameRng;
use serde::{Deserialize, Serialize};

/// A die face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Face {
    /// Critical: a success for both sides; adds a die in the initial roll.
    Critical,
    /// Wild: a success for both sides.
    Wild,
    /// Hit: an attack success.
    Hit,
    /// Block: a defense success.
    Block,
    /// Blank.
    Blank,
    /// Failure: can't be rerolled or modified.
    Failure,
}

impl Face {
    /// The face of a die showing `n` (1..=8; out-of-range forced values
    /// read as blank).
    pub fn of(n: u8) -> Face {
        match n {
            1 => Face::Critical,
            2 => Face::Wild,
            3 | 4 => Face::Hit,
            5 => Face::Block,
            8 => Face::Failure,
            _ => Face::Blank,
        }
    }

    /// A success when attacking.
    pub fn attack_success(self) -> bool {
        matches!(self, Face::Critical | Face::Wild | Face::Hit)
    }

    /// A success when defending or dodging.
    pub fn defense_success(self) -> bool {
        matches!(self, Face::Critical | Face::Wild | Face::Block)
    }

    /// The short letter the digest writes (C, W, H, B, _, F).
    pub fn letter(self) -> char {
        match self {
            Face::Critical => 'C',
            Face::Wild => 'W',
            Face::Hit => 'H',
            Face::Block => 'B',
            Face::Blank => '_',
            Face::Failure => 'F',
        }
    }
}

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
