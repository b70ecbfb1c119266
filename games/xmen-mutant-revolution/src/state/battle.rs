//! The battle's state: the PCs and Mission Characters in the arena, the
//! step a Mission Turn is at, the decisions that pause it, and what an
//! attack is aimed at. Types only: the rules that move them are in
//! [`crate::battle`].

use crate::content::{MissionId, RecruitId};
use crate::state::CharKey;
use backroom_engine::Seat;
use serde::{Deserialize, Serialize};

/// What an attack is aimed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// The PC of this seat.
    Pc(Seat),
    /// The Mission Token with this index.
    Token(u8),
}

/// A Player Character in the arena.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pc {
    /// Owner.
    pub seat: Seat,
    /// The Character.
    pub who: CharKey,
    /// Its hex; `None` once defeated and removed.
    pub hex: Option<[i32; 2]>,
    /// Current stats `[atk, def, spd]`.
    pub stats: [u8; 3],
    /// Stats at the start of the Mission (the cap for regaining).
    pub start: [u8; 3],
    /// Attack Range.
    pub range: u8,
    /// Characters attacked this Mission Turn.
    #[serde(default)]
    pub attacked: Vec<Mark>,
}

/// A Mission Token (Mission Character) in the arena.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    /// Index into the Mission card's token kinds.
    pub spec: u8,
    /// Its hex.
    pub hex: [i32; 2],
    /// Damage sustained.
    pub damage: u8,
    /// Still in the arena.
    pub alive: bool,
    /// The School that destroyed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destroyed_by: Option<Seat>,
}

/// An objective of the Mission's Special Action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Objective {
    /// Its hex.
    pub hex: [i32; 2],
    /// The School whose PC completed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub done_by: Option<Seat>,
}

/// Where a Mission Turn is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Set Up Mission: the Mission Commander places the next token.
    Place,
    /// The initiative winner chooses the PC that acts first.
    First {
        /// The winner.
        winner: Seat,
    },
    /// PCs act in order.
    Act {
        /// PC indices in acting order.
        order: Vec<usize>,
        /// Position in `order`.
        at: usize,
        /// Actions left to the acting PC.
        left: u8,
        /// The acting PC's last action was a Move.
        moved: bool,
    },
    /// The controller moves each Mission Character, in the order it
    /// chooses; each attacks every PC in range right after its move, in the
    /// order the controller chooses (`token_attack`; the last one is
    /// automatic).
    Tokens {
        /// Tokens not yet moved this Mission Turn.
        todo: Vec<u8>,
        /// Attacks still to resolve: (token, PC).
        pending: Vec<(u8, usize)>,
    },
}

/// How many attacks [`XMen::last_attacks`] keeps.
pub const ATTACKS_KEPT: usize = 6;

/// One attack as everyone saw it (for the board: the dice are public once
/// rolled).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackRecord {
    /// Mission Turn.
    pub turn: u32,
    /// The attacker: a PC (by its seat) or a Mission Token (by index).
    pub attacker: Mark,
    /// Its name.
    pub attacker_name: String,
    /// The target: a PC (by its seat) or a Mission Token (by index).
    pub target: Mark,
    /// Its name.
    pub target_name: String,
    /// Attack dice rolled.
    pub attack: Vec<u8>,
    /// Defense dice rolled (Reaction dice included).
    pub defense: Vec<u8>,
    /// Damage dealt.
    pub damage: u8,
    /// For a PC target: the `[atk, def, spd]` points lost, once allocated
    /// (`null` while its allocation is pending).
    #[serde(default)]
    pub allocation: Option<[u8; 3]>,
    /// Who allocated the Damage (for a PC target).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocated_by: Option<Seat>,
    /// The target was destroyed (a Mission Character) or defeated (a PC).
    #[serde(default)]
    pub defeated: bool,
}

/// Who makes an attack on a PC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attacker {
    /// The PC with this index.
    Pc(u8),
    /// The Mission Token with this index.
    Token(u8),
}

/// A decision that pauses the battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Interrupt {
    /// Allocate Damage to a PC under the Rule of One.
    Allocate {
        /// The PC hit.
        pc: usize,
        /// Damage.
        damage: u8,
        /// Who allocates (the owner, or Psylocke's owner with her Power).
        chooser: Seat,
        /// The attacking School, if a PC attacked.
        by: Option<Seat>,
    },
    /// A defeated Hero or Student: its owner pays its Hope Value or
    /// discards it.
    Penalty {
        /// Owner.
        seat: Seat,
        /// The Character.
        who: CharKey,
        /// The School that defeated it, if a PC did.
        by: Option<Seat>,
    },
    /// A PC is attacked: its owner may play a Reaction that triggers on it
    /// before the dice are rolled.
    Guard {
        /// The attacker.
        attacker: Attacker,
        /// The PC attacked.
        pc: usize,
        /// Extra attack dice already paid for.
        bonus: u8,
        /// The attacker allocates the Damage (Psylocke).
        allocate: bool,
    },
    /// The victorious School may pay the Hope Value and recruit the
    /// discarded Student.
    Claim {
        /// The victorious School.
        seat: Seat,
        /// The Student.
        who: RecruitId,
        /// Its Training Card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        training: Option<RecruitId>,
        /// It keeps its Injured token.
        injured: bool,
        /// The price.
        hope: u8,
    },
}

/// A Mission or a tournament match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// The Mission; `None` for a Final Tournament match.
    pub mission: Option<MissionId>,
    /// PCs by Character Position.
    pub pcs: Vec<Pc>,
    /// Mission Tokens placed so far.
    pub tokens: Vec<Token>,
    /// Token kinds still to place, in order.
    pub to_place: Vec<u8>,
    /// Damage each School inflicted on Mission Characters.
    pub damage: Vec<u32>,
    /// Mission Characters each School destroyed.
    pub destroyed: Vec<u32>,
    /// Who moves the Mission Characters.
    pub controller: Seat,
    /// Control already passed from the Mission Commander.
    pub transferred: bool,
    /// Mission Turn, from 1 (0 during set-up).
    pub turn: u32,
    /// Consecutive Mission Turns without an attack or Special Action.
    pub quiet: u8,
    /// Someone attacked during this Mission Turn.
    pub busy: bool,
    /// The step.
    pub step: Step,
    /// A pending decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interrupt: Option<Interrupt>,
    /// Objectives of the Mission's Special Action (public).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<Objective>,
    /// Set when the battle is decided: success of a Mission, or the
    /// tournament match winner's seat as `Some(true)` on that PC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub over: Option<bool>,
}
