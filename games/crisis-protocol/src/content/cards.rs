//! Content types for the cards on the table beside the stat cards: Team
//! Tactic cards, crisis cards and terrain sets (re-exported by
//! [`crate::content`]).

use crate::content::PowerKind;
use serde::{Deserialize, Serialize};

/// What a Team Tactic card does, when the engine plays it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub enum TacticEffect {
    /// The active character gains 1 non-attack action.
    ExtraAction {},
    /// Allies within R`range` of the active character (itself included)
    /// each remove 1 condition.
    ShakeAllies {
        /// Range.
        range: u8,
    },
    /// The active character may interact with tokens within R`range`.
    InteractRange {
        /// Range.
        range: u8,
    },
    /// Reactive, when an ally is targeted: +n defense dice (the ally pays).
    DefenseDice {
        /// Dice.
        n: u8,
    },
    /// Reactive, when an ally is targeted: it has cover against this
    /// attack, even within R2 and with no terrain near.
    TakeCover {},
    /// Reactive, after an ally rolls a dodge: reroll its dodge dice that
    /// are not successes (never a failure); the dodger pays.
    RerollDodge {},
    /// Reactive, when an enemy ends an advance within R`range` of a ready
    /// ally: that ally makes an attack of printed cost 0 against it (the
    /// ally pays the card).
    Overwatch {
        /// Range.
        range: u8,
    },
    /// Reactive, when an Injured ally would be KO'd: roll `dice` dice; on
    /// any critical or wild it is left at 1 Stamina.
    LastStand {
        /// Dice rolled.
        dice: u8,
    },
    /// Active: the active character throws terrain of Size ≤ `max_size`
    /// within R`range` a distance of `n`.
    ThrowTerrain {
        /// Range.
        range: u8,
        /// Largest Size.
        #[serde(rename = "maxSize")]
        max_size: u8,
        /// Tool number 1..=3.
        n: u8,
    },
    /// Active: the active character's attacks this activation get +1 die
    /// per other ally within R`range` of the target, at most `max`.
    AttackDicePerAllyNearTarget {
        /// Range.
        range: u8,
        /// Most dice added.
        max: u8,
    },
    /// Active: the player's contesting characters get +n defense dice
    /// until Cleanup.
    ContestingDefenseDice {
        /// Dice.
        n: u8,
    },
    /// Active: the active character passes a token it holds to an ally
    /// within R`range` (one not at its carry limit).
    PassToken {
        /// Range.
        range: u8,
    },
    /// Active: the active character Transforms into the form its Transform
    /// superpower names (rulebook, Transform: "How and when a character
    /// can Transform is described in its various attacks, superpowers,
    /// special rules, and tactic cards"), the new form placed within R1.
    Transform {},
    /// Active, on the player's turn inside or outside an activation (the
    /// rulebook's Cosmic Invigoration): if the character `with` is within
    /// R`range` of another ally with an Activated token, the two pay
    /// `each` ⚡ each; the ally's Activated token is removed, then `dice`
    /// dice are rolled and it suffers 1 damage per critical, wild or hit
    /// (no ⚡: not an enemy effect).
    ReadyAlly {
        /// The character id named on the card.
        with: String,
        /// Range from it to the ally.
        range: u8,
        /// ⚡ each of the two pays.
        each: u8,
        /// Dice rolled for the ally's damage.
        dice: u8,
    },
}

impl TacticEffect {
    /// Whether the effect works on the active character, so the card is
    /// played during the player's own activation (the house reading of
    /// the cards that name no payer); the others are played any time in
    /// the player's turn.
    pub fn needs_activation(&self) -> bool {
        !matches!(self, TacticEffect::ReadyAlly { .. })
    }
}

/// A Team Tactic card.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs, reason = "the fields are the card's printed entries, documented in content/README")]
pub struct Tactic {
    pub id: String,
    pub source: String,
    pub name: String,
    pub kind: PowerKind,
    pub cost: u8,
    pub affiliation: Option<String>,
    pub text: String,
    /// What the engine plays (empty: text only, not yet played).
    #[serde(default)]
    pub effects: Vec<TacticEffect>,
}

/// Secure or Extraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CrisisKind {
    /// Secure.
    Secure,
    /// Extraction.
    Extraction,
}

/// How a crisis's tokens score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TokenMode {
    /// Secured in Cleanup by the side with more contesters.
    Secure,
    /// Interact to place your control token.
    Control,
    /// Interact to pick up and hold.
    PickUp,
}

/// Extra VP for one token from a round on.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TokenBonus {
    /// Token index.
    pub token: usize,
    /// Extra VP.
    pub vp: u8,
    /// First round it applies.
    pub from_round: u8,
}

/// +vp for controlling at least `at_least` tokens.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ControlBonus {
    /// Threshold.
    pub at_least: u8,
    /// VP.
    pub vp: u8,
}

/// Limits on a character holding this crisis's token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum HolderRule {
    /// Can't use the L tool.
    NoLongTool,
    /// Only one move action per activation.
    OneMovePerActivation,
}

/// A crisis card.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Crisis {
    /// Stable id.
    pub id: String,
    /// `house`.
    pub source: String,
    /// Card name.
    pub name: String,
    /// Secure or Extraction.
    pub kind: CrisisKind,
    /// Maximum Threat.
    pub max_threat: u8,
    /// Token kind (target, asset, civilian).
    pub token: String,
    /// How tokens score.
    pub token_mode: TokenMode,
    /// Token centres; y = 0 is the non-priority player's edge.
    pub tokens: Vec<[f64; 2]>,
    /// VP per token secured, controlled or held.
    pub vp_per_token: u8,
    /// Round 6 VP per held token, when different.
    #[serde(default)]
    pub round6_vp_per_token: Option<u8>,
    /// Extra VP per token.
    pub bonus: Vec<TokenBonus>,
    /// Extra VP for controlling many.
    #[serde(default)]
    pub control_bonus: Option<ControlBonus>,
    /// Extra VP per token held in the enemy half.
    #[serde(default)]
    pub enemy_half_bonus: Option<u8>,
    /// Limits on holders.
    pub holder_rules: Vec<HolderRule>,
    /// Most tokens of this card one character may hold.
    #[serde(default)]
    pub carry: Option<u8>,
    /// Mission setup (engine version 2): the card's player places each
    /// token anywhere within this range of its map point (house); absent,
    /// the tokens go exactly on the map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place_within: Option<u8>,
    /// An interaction that calls for a roll (engine version 6; the
    /// rulebook's Origin Bomb): the ⚡ is paid, the dice rolled, and the
    /// interaction happens only on a roll showing one of these icons;
    /// otherwise nothing changes and the power is still spent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interact_roll: Option<InteractRoll>,
}

/// The roll an interaction calls for.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InteractRoll {
    /// Dice rolled.
    pub dice: u8,
    /// The interaction happens when any die shows one of these.
    pub on: Vec<crate::content::Icon>,
}

/// A piece of terrain: an axis-aligned rectangle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainPiece {
    /// What it is.
    pub name: String,
    /// Size 1..=6.
    pub size: u8,
    /// Centre.
    pub center: [f64; 2],
    /// Width (x).
    pub w: f64,
    /// Height (y).
    pub h: f64,
    /// Whether a character may stand on top.
    #[serde(default = "yes")]
    pub standable: bool,
}

fn yes() -> bool {
    true
}

/// A terrain layout.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainSet {
    /// Stable id.
    pub id: String,
    /// `house`.
    pub source: String,
    /// Name.
    pub name: String,
    /// Notes.
    pub note: String,
    /// The pieces.
    pub pieces: Vec<TerrainPiece>,
}
