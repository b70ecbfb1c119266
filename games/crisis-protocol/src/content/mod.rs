//! Content as validated data: characters (stat cards with attacks and
//! superpowers), Team Tactic cards, crisis cards, terrain sets and the
//! geometry constants, all from JSON under `content/`.
//!
//! The printed cards are proprietary and the rulebook gives only fragments,
//! so everything played is the digest's **house starter set**, each entry
//! marked `"source": "house"`; the rulebook fragments sit in
//! `content/fixtures/` and are never played. Effects are data (the
//! [`Effect`] and [`Power`] primitives) that the engine interprets; no rule
//! branches on a card's name. A mistake is reported at load with the file,
//! the entry and the field.

pub mod cards;
pub mod validate;

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The geometry constants (digest §2.2), all house assumptions.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct GeometryConfig {
    /// Always `house`.
    pub source: String,
    /// Why these numbers.
    pub note: String,
    /// The table is `[0, t]²` inches.
    pub table_inches: f64,
    /// Tolerance: a tie counts as "within".
    pub eps: f64,
    /// Range 1..=5 in inches (R1 is the width of a range tool).
    pub range_inches: Vec<f64>,
    /// Movement tool lengths.
    pub tools: ToolLengths,
    /// Movement tool width.
    pub tool_width: f64,
    /// Objective token diameter.
    pub token_diameter: f64,
    /// Base sizes are given in millimetres.
    pub mm_per_inch: f64,
    /// Deployment: within this range of the owner's edge.
    pub deploy_range: u8,
    /// The movement Size of a climb, Flight and Wall Crawler.
    pub climb_size: u8,
}

/// Lengths of the S, M and L movement tools, in inches.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(non_snake_case, missing_docs, reason = "the movement tools are named S, M, L as printed on the tools")]
pub struct ToolLengths {
    pub S: f64,
    pub M: f64,
    pub L: f64,
}

/// A movement tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Tool {
    /// Short.
    S,
    /// Medium.
    M,
    /// Long.
    L,
}

impl Tool {
    /// All tools, shortest first.
    pub const ALL: [Tool; 3] = [Tool::S, Tool::M, Tool::L];
    /// Its length under `g`.
    pub fn length(self, g: &GeometryConfig) -> f64 {
        match self {
            Tool::S => g.tools.S,
            Tool::M => g.tools.M,
            Tool::L => g.tools.L,
        }
    }
}

/// Attack and defense types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum AttackType {
    /// Physical.
    Physical,
    /// Energy.
    Energy,
    /// Mystic.
    Mystic,
}

/// The conditions of Appendix B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs, reason = "each variant is a rulebook Condition of the same name")]
pub enum Condition {
    Bleed,
    Hex,
    Incinerate,
    Judgment,
    Poison,
    Root,
    Shock,
    Slow,
    Stagger,
    Stun,
}

/// How an attack measures its targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RangeKind {
    /// A target within Rn.
    Normal,
    /// Beam n.
    Beam,
    /// Area n.
    Area,
}

/// An attack's range.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackRange {
    /// Normal, beam or area.
    pub kind: RangeKind,
    /// The range number.
    pub n: u8,
}

/// When an attack rule applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum When {
    /// A property of the attack (ignores cover or LOS).
    Always,
    /// Step A11, before damage.
    BeforeDamage,
    /// Step A14, after the attack resolves.
    AfterAttack,
}

/// Die faces as icons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Icon {
    /// Critical.
    Critical,
    /// Wild.
    Wild,
}

/// Direction of a push.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Dir {
    /// Away from the attacker.
    Away,
    /// Toward the attacker.
    Toward,
}

/// An attack effect, interpreted by `rules::attack`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub enum Effect {
    /// "+⚡": the attacker gains ⚡ equal to the damage dealt.
    GainPowerFromDamage {},
    /// The target gains a special condition.
    GainCondition {
        /// Which.
        condition: Condition,
    },
    /// Push the target with the n tool, away or toward (no collisions).
    Push {
        /// Away or toward the attacker.
        dir: Dir,
        /// Tool number 1..=3.
        n: u8,
    },
    /// Throw the target away a distance n (collisions).
    Throw {
        /// Tool number 1..=3.
        n: u8,
        /// Largest Size thrown.
        #[serde(rename = "maxSize")]
        max_size: u8,
    },
    /// Other enemies within R`range` of the target suffer `amount`.
    DamageNearby {
        /// Range.
        range: u8,
        /// Damage.
        amount: u8,
    },
    /// The target's defense pool is halved, rounded up, before dice are
    /// added or removed (core rules, "halved values round up").
    HalveDefense {},
    /// The target's defense pool loses `n` dice (a pool never drops below 1).
    RemoveDefenseDice {
        /// Dice removed.
        n: u8,
    },
    /// The attack ignores cover.
    IgnoreCover {},
    /// The attack ignores line of sight.
    #[serde(rename = "ignoreLOS")]
    IgnoreLos {},
    /// A beam or area attack: the character it is aimed at (the named
    /// target) is attacked first, the others in the attacker's order (core
    /// rules, "Beam Attacks": an effect making a beam "targeting a specific
    /// character").
    NamedTargetFirst {},
}

/// One rule of an attack: when, which icons gate it, what it does.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackRule {
    /// When it applies.
    pub when: When,
    /// Icons the final attack roll must show.
    #[serde(default)]
    pub icons: Vec<Icon>,
    /// The effect.
    #[serde(rename = "do")]
    pub effect: Effect,
}

/// An attack on a stat card.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// Its name.
    pub name: String,
    /// Its type (and the defense it meets).
    #[serde(rename = "type")]
    pub kind: AttackType,
    /// Its range.
    pub range: AttackRange,
    /// Attack dice.
    pub strength: u8,
    /// ⚡ cost.
    pub cost: u8,
    /// Its rules.
    pub rules: Vec<AttackRule>,
}

/// Superpower kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PowerKind {
    /// During its own activation.
    Active,
    /// Once per triggering event.
    Reactive,
    /// Always on.
    Innate,
}

/// A superpower or leadership primitive the engine interprets.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub enum Power {
    /// Allies within R`range` (itself included) reroll `dice` dice when
    /// attacking or defending.
    RerollAllies {
        /// Range.
        range: u8,
        /// Dice.
        dice: u8,
    },
    /// Reroll 1 attack die per critical in the defense roll.
    RerollPerDefenderCrit {},
    /// While attacking, reroll up to `dice` of its own attack dice.
    RerollOwnAttack {
        /// Dice.
        dice: u8,
    },
    /// Against attacks of this type each wild counts as 2 successes.
    WildCountsDouble {
        /// The attack type.
        against: AttackType,
    },
    /// Damage suffered is reduced by n (to a minimum of 0).
    ReduceDamage {
        /// Amount.
        n: u8,
    },
    /// +n ⚡ when damaged by an enemy attack.
    PowerOnEnemyAttackDamage {
        /// Amount.
        n: u8,
    },
    /// Leadership: contesting allies get +n defense dice.
    ContestingDefenseDice {
        /// Dice.
        n: u8,
    },
    /// Leadership: Healthy allies count double for securing.
    SecureCountDouble {},
    /// Reactive, when an ally within R`range` is targeted by a normal-range
    /// attack: this character becomes the target, regardless of range and
    /// line of sight.
    Bodyguard {
        /// Range.
        range: u8,
    },
    /// Reactive, after an attack on this character resolves, if the
    /// attacker is within R`range`: make the named attack back (no cost).
    CounterAttack {
        /// Range.
        range: u8,
        /// The attack made back.
        attack: String,
    },
    /// Reactive, when targeted: +n defense dice against this attack.
    DefenseDice {
        /// Dice.
        n: u8,
    },
    /// Reactive, when targeted: reroll up to n defense dice (declared
    /// when targeted, used in the modify step).
    RerollDefense {
        /// Dice.
        n: u8,
    },
    /// Active: place this character within R`range`.
    Place {
        /// Range.
        range: u8,
    },
    /// Active: +n dice on its attacks for the rest of the activation.
    AttackDice {
        /// Dice.
        n: u8,
    },
    /// Active: remove n damage from an ally (itself excluded) within R`range`.
    HealAlly {
        /// Range.
        range: u8,
        /// Damage removed.
        n: u8,
    },
    /// Active: advance an enemy within R`range` with the tool of distance
    /// `n` (an Infinity Gem's power: the Mind Gem). The user's player moves
    /// it; the enemy's Size, Flight and Speed-independent tool apply
    /// (digest ruling 15).
    AdvanceEnemy {
        /// Range.
        range: u8,
        /// Tool number 1..=3.
        n: u8,
    },
    /// Active: transform into the form `into` (an id in `house/forms.json`
    /// or the characters), placed within R1, keeping damage, ⚡,
    /// conditions, tokens and tokens of state; its Immunities strip their
    /// conditions.
    Transform {
        /// The other form's id.
        into: String,
    },
    /// Active, "Action:" (the rulebook's Charge): advance straight with the
    /// tool of distance `n`, then make an attack, as one action; the
    /// advance counts as a move action for a move limit, and when a limit
    /// forbids it only the attack is made (digest ruling 8).
    Charge {
        /// Tool number 1..=3.
        n: u8,
    },
    /// Innate: +n ⚡ in each Power phase (a Gem Bearer's gem).
    PowerPhaseGain {
        /// Amount.
        n: u8,
    },
    /// Active: throw terrain of Size ≤ `max_size` within R`range` a
    /// distance of `n`, in a direction the user chooses (`rules::terrain`).
    /// A power listing this beside another effect is a choice between them.
    ThrowTerrain {
        /// Range.
        range: u8,
        /// Largest Size.
        #[serde(rename = "maxSize")]
        max_size: u8,
        /// Tool number 1..=3.
        n: u8,
    },
    /// Active: throw an enemy of Size ≤ `max_size` within R`range` a
    /// distance of `n`, in a direction the user chooses.
    ThrowEnemy {
        /// Range.
        range: u8,
        /// Largest Size.
        #[serde(rename = "maxSize")]
        max_size: u8,
        /// Tool number 1..=3.
        n: u8,
    },
}

/// A superpower.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Superpower {
    /// Its name.
    pub name: String,
    /// Active, reactive or innate.
    pub kind: PowerKind,
    /// ⚡ cost.
    pub cost: u8,
    /// Card text.
    pub text: String,
    /// What the engine interprets (empty: text only, not yet played).
    #[serde(default)]
    pub effects: Vec<Power>,
    /// "Action:": using it is one of the activation's two actions.
    #[serde(default)]
    pub action: bool,
}

/// Defense dice per attack type.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs, reason = "one field per defense stat, named as printed")]
pub struct Defense {
    pub physical: u8,
    pub energy: u8,
    pub mystic: u8,
}

impl Defense {
    /// Dice against `kind`.
    pub fn against(&self, kind: AttackType) -> u8 {
        match kind {
            AttackType::Physical => self.physical,
            AttackType::Energy => self.energy,
            AttackType::Mystic => self.mystic,
        }
    }
}

/// Keywords of Appendix B that change movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Keyword {
    /// Counts as Size 5 when placing the advance tool.
    Flight,
    /// As Flight, for movement.
    WallCrawler,
}

/// The Healthy side of a stat card.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// Stamina.
    pub stamina: u8,
    /// Speed: the longest movement tool.
    pub speed: Tool,
    /// Size 1..=6.
    pub size: u8,
    /// Defense dice.
    pub defense: Defense,
    /// Attacks.
    pub attacks: Vec<Attack>,
    /// Superpowers.
    pub superpowers: Vec<Superpower>,
    /// Keywords.
    pub keywords: Vec<Keyword>,
    /// Immunity [X].
    pub immunities: Vec<Condition>,
}

/// What the Injured side changes (house: only Stamina).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InjuredSide {
    /// Stamina on the Injured side.
    pub stamina: u8,
}

/// Both sides.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sides {
    /// Healthy.
    pub healthy: Side,
    /// Injured overrides.
    pub injured: InjuredSide,
}

/// A Leadership ability.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Leadership {
    /// Its name.
    pub name: String,
    /// The affiliation it needs.
    pub affiliation: String,
    /// Card text.
    pub text: String,
    /// What the engine interprets.
    pub effects: Vec<Power>,
}

/// A character's stat card.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Character {
    /// Stable id.
    pub id: String,
    /// `house`.
    pub source: String,
    /// Card name.
    pub name: String,
    /// No two characters in a squad share one.
    pub alter_ego: String,
    /// Threat value.
    pub threat: u8,
    /// Base diameter in millimetres.
    pub base_diameter_mm: f64,
    /// Affiliations.
    pub affiliations: Vec<String>,
    /// Leadership, if any.
    pub leadership: Option<Leadership>,
    /// Healthy and Injured sides.
    pub sides: Sides,
}

pub use cards::*;

/// Everything loaded.
#[derive(Clone, Debug)]
pub struct Content {
    /// Geometry constants.
    pub geometry: GeometryConfig,
    /// House characters.
    pub characters: Vec<Character>,
    /// Other forms a character may Transform into (never in a roster).
    pub forms: Vec<Character>,
    /// House TT cards.
    pub tactics: Vec<Tactic>,
    /// House crises.
    pub crises: Vec<Crisis>,
    /// Terrain sets.
    pub terrain_sets: Vec<TerrainSet>,
}

impl Content {
    /// The character with this id, a Transform form included (a model's
    /// stat card may be either).
    pub fn character(&self, id: &str) -> Option<&Character> {
        self.characters.iter().chain(&self.forms).find(|c| c.id == id)
    }

    /// The character with this id that a roster or squad may hold: never
    /// a Transform form (Appendix B, Transform: the Normal form is the one
    /// deployed; README ruling 15). The one lookup for rosters and squads.
    pub fn roster_character(&self, id: &str) -> Option<&Character> {
        self.characters.iter().find(|c| c.id == id)
    }

    /// The Team Tactic card with this id.
    pub fn tactic(&self, id: &str) -> Option<&Tactic> {
        self.tactics.iter().find(|c| c.id == id)
    }
}

/// The shipped content (validated once; the tests load it too).
pub fn content() -> &'static Content {
    static C: OnceLock<Content> = OnceLock::new();
    C.get_or_init(|| {
        load(&[
            ("geometry.json", include_str!("../../content/geometry.json")),
            ("house/characters.json", include_str!("../../content/house/characters.json")),
            ("house/forms.json", include_str!("../../content/house/forms.json")),
            ("house/tactics.json", include_str!("../../content/house/tactics.json")),
            ("house/crises.json", include_str!("../../content/house/crises.json")),
            ("house/terrain_sets.json", include_str!("../../content/house/terrain_sets.json")),
        ])
        .unwrap_or_else(|e| panic!("crisis content: {e}"))
    })
}

pub use validate::{ContentError, load};
