//! The cards, the board and the bosses as data.
//!
//! The rulebook names many Mutants and prints none, so most of what is here
//! is house content, marked card by card (`source`: `rulebook`, `inferred`
//! from its examples, or `house`) so that a transcription of the printed
//! cards can replace it file by file. Effects are a small vocabulary of the
//! rulebook's keywords ([`Effect`]) that the engine interprets; nothing in
//! the engine branches on a card's name.
//!
//! [`Content::from_json`] validates everything and names the file, the card
//! and the field of any mistake. The state holds [`CardId`] indices, which
//! serialize as the card's id string so that saved states and scenario files
//! read as card names.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

mod load;
pub use load::{ContentError, Files};

/// The six genes, each with its keyword family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gene {
    /// Cycle.
    Cyber,
    /// Freeze.
    Necro,
    /// Attack, Knock Down.
    Saber,
    /// Transform, Block.
    Mythic,
    /// Gain.
    Zoomorph,
    /// Copy, variable Freeze value.
    Galactic,
}

impl Gene {
    /// The name printed on the card.
    pub fn name(self) -> &'static str {
        match self {
            Gene::Cyber => "Cyber",
            Gene::Necro => "Necro",
            Gene::Saber => "Saber",
            Gene::Mythic => "Mythic",
            Gene::Zoomorph => "Zoomorph",
            Gene::Galactic => "Galactic",
        }
    }
}

/// A Freeze value: a number, or one per gene symbol in the Cryo Freezer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Freeze {
    /// A fixed value.
    Fixed(u8),
    /// Variable Freeze Value: 1 per this gene in the freezer.
    PerGene {
        /// The gene counted.
        per_gene: Gene,
    },
}

/// Where a card's text comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Printed in the rulebook.
    Rulebook,
    /// Inferred from the rulebook's examples (rest house content).
    Inferred,
    /// House content.
    House,
}

/// Which opponents an Attack targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// Each opponent dominating you.
    DominatingYou,
    /// Each opponent you dominate.
    DominatedByYou,
    /// Every opponent (the bosses' Action Cards).
    All,
}

/// An Arena slot named by an effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlotRef {
    /// The Left slot.
    Left,
    /// The Active slot.
    Active,
    /// The Right slot.
    Right,
    /// The slot the attacking card is (or was, when leaving) in.
    ThisSlot,
}

/// Where a Freeze takes its card from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FreezeFrom {
    /// This Mutant.
    This,
    /// A card of your hand.
    Hand,
    /// A card of your discard.
    Discard,
    /// One of the cards your last Cycle discarded.
    JustDiscarded,
}

/// Where a Gain puts the Mutant taken from the Gene Pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GainTo {
    /// Your hand.
    Hand,
    /// The top of your deck.
    DeckTop,
    /// Your Incubator (ignored when full).
    Incubator,
    /// Your discard.
    Discard,
    /// Your Cryo Freezer (it counts as freezing).
    Freezer,
}

/// Which ability a Copy takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    /// A Deploy ability.
    Deploy,
    /// A Leave ability.
    Leave,
    /// Either, chosen.
    DeployOrLeave,
}

/// Where a Copy looks for its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CopyFrom {
    /// Face-up Mutants in your own Arena (the default target).
    Arena,
    /// Your hand (the copied card is revealed).
    Hand,
    /// Your discard.
    Discard,
    /// The face-up tops of your Gene Pool.
    Pool,
}

/// One step of an ability, in the rulebook's keywords. The engine
/// interprets these; a card is a list of them per ability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// Gain Power.
    GainPower {
        /// Power gained.
        n: u8,
    },
    /// Lose Power.
    LosePower {
        /// Power lost.
        n: u8,
    },
    /// Cycle: draw `n`, then discard as many as were drawn.
    Cycle {
        /// Cards.
        n: u8,
    },
    /// Discard cards from your hand.
    Discard {
        /// Cards.
        n: u8,
    },
    /// Freeze a card.
    Freeze {
        /// Which card.
        from: FreezeFrom,
        /// "You may".
        #[serde(default)]
        may: bool,
    },
    /// Gain a face-up Mutant of your Gene Pool.
    Gain {
        /// Where it goes.
        to: GainTo,
    },
    /// "You may discard `discard` cards to ...".
    Pay {
        /// Cards discarded as the price.
        discard: u8,
        /// What they buy.
        then: Vec<Effect>,
    },
    /// Take a Mutant from your discard into your hand.
    TakeFromDiscard,
    /// Attack: each eligible opponent Blocks or suffers `hit`.
    Attack {
        /// Who is attacked.
        who: Who,
        /// What an attacked opponent suffers (lose_power, discard, knock_down).
        hit: Vec<Effect>,
    },
    /// Knock down the attacked opponent's Mutant in a slot (inside `hit`).
    KnockDown {
        /// Which slot.
        slot: SlotRef,
    },
    /// Knock this card down (Block abilities).
    KnockDownThis,
    /// Transform (Deploy only; cannot be copied).
    Transform,
    /// Copy another Mutant's ability.
    Copy {
        /// Deploy, Leave, or either.
        ability: Ability,
        /// Where the target is.
        from: CopyFrom,
        /// A fixed Arena slot (the bosses' cards).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        slot: Option<SlotRef>,
    },
    /// Flip knocked-down Mutants in your Arena face-up.
    FlipUp,
    /// Score Victory Points (if you have Fury, when `if_fury`).
    Score {
        /// Points.
        n: u8,
        /// Only with Fury.
        #[serde(default)]
        if_fury: bool,
    },
    /// The boss gains Life.
    GainLife {
        /// Life gained.
        n: u8,
    },
    /// The boss shuffles its discard into its deck.
    ReshuffleDiscard,
    /// Gain `n` power per face-up card in your Arena.
    GainPowerPerFaceUp {
        /// Power per card.
        n: u8,
    },
}

impl Effect {
    /// Every effect in this one, nested included.
    pub fn walk<'a>(&'a self, f: &mut impl FnMut(&'a Effect)) {
        f(self);
        match self {
            Effect::Pay { then, .. } => then.iter().for_each(|e| e.walk(f)),
            Effect::Attack { hit, .. } => hit.iter().for_each(|e| e.walk(f)),
            _ => {}
        }
    }
}

/// An Ongoing ability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ongoing {
    /// Whenever you freeze a Mutant, gain `n` power.
    OnFreezeGainPower {
        /// Power.
        n: u8,
    },
    /// Your opponents cannot Incubate.
    OpponentsCannotIncubate,
}

/// Left or right: where a boss card pushes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arrow {
    /// Toward the Left slot.
    Left,
    /// Toward the Right slot.
    Right,
}

/// When a Weakness shatters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeakWhen {
    /// This card is knocked down.
    KnockedDown,
    /// The player freezes a Mutant with `gene`.
    PlayerFreezesGene,
    /// The player starts a turn with Fury.
    PlayerFuryAtTurnStart,
    /// The player has Fury (checked after each of their steps).
    PlayerHasFury,
    /// The player deploys a Mutant with Transform.
    PlayerDeploysTransform,
    /// The player flips a Mutant face-up.
    PlayerFlipsUp,
}

/// A Weakness Ability of a boss card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weakness {
    /// Life the boss loses when it shatters.
    pub v: u8,
    /// The condition.
    pub when: WeakWhen,
    /// The gene, for `player_freezes_gene`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gene: Option<Gene>,
}

/// What kind of card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A Basic Mutant (one gene, white name).
    Basic,
    /// An Advanced Mutant (two genes, black name).
    Advanced,
    /// A boss Action Card.
    Boss,
}

/// One card design.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// Stable id (also its key in forced deck orders).
    pub id: String,
    /// The name printed on the card.
    pub name: String,
    /// Basic, Advanced or boss card (set by the file it comes from).
    #[serde(default = "basic")]
    pub kind: Kind,
    /// Genes (one for Basic, two for Advanced, none for boss cards).
    #[serde(default)]
    pub genes: Vec<Gene>,
    /// Freeze value.
    #[serde(default = "zero")]
    pub freeze: Freeze,
    /// Where the card's text comes from.
    #[serde(default = "house")]
    pub source: Source,
    /// A note on the design.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The Preconstructed Gene Pool it belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preconstructed: Option<String>,
    /// Deploy ability.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deploy: Vec<Effect>,
    /// Leave ability.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leave: Vec<Effect>,
    /// Block ability.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub block: Vec<Effect>,
    /// Ongoing abilities.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ongoing: Vec<Ongoing>,
    /// Push direction (boss cards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrow: Option<Arrow>,
    /// Weakness (boss cards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weakness: Option<Weakness>,
}

fn basic() -> Kind {
    Kind::Basic
}
fn zero() -> Freeze {
    Freeze::Fixed(0)
}
fn house() -> Source {
    Source::House
}

impl Card {
    /// True when its Deploy is Transform.
    pub fn transforms(&self) -> bool {
        self.deploy.iter().any(|e| matches!(e, Effect::Transform))
    }

    /// The ability as a Copy may take it: without Transform (which cannot
    /// be copied). Empty when nothing is left to copy.
    pub fn copyable(&self, leave: bool) -> Vec<Effect> {
        let list = if leave { &self.leave } else { &self.deploy };
        list.iter().filter(|e| !matches!(e, Effect::Transform)).cloned().collect()
    }

    /// True if it has `gene`.
    pub fn has(&self, gene: Gene) -> bool {
        self.genes.contains(&gene)
    }
}

/// The power track and round track.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Track {
    /// Cells, the Fury Space first.
    pub cells: u8,
    /// The Fury Space.
    pub fury: u8,
    /// The Second Space.
    pub second: u8,
    /// The first cell of the Dread Zone.
    pub dread_from: u8,
}

/// One round's score indicator.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundScore {
    /// The big red box: first place.
    pub red: u8,
    /// The small black box: other places, and Crushing the Competition.
    pub black: u8,
}

/// A Preconstructed Gene Pool list.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Precon {
    /// Id, as cards name it.
    pub id: String,
    /// Name.
    pub name: String,
    /// Its six designs (filled from the cards).
    #[serde(default)]
    pub cards: Vec<CardId>,
}

/// A boss of Uprising.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Boss {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Starting Life.
    pub life: u8,
    /// Where it comes from.
    pub source: Source,
    /// Setup side text.
    pub setup: String,
    /// Special Power.
    pub special: Special,
    /// Special Power text.
    pub special_text: String,
    /// The Preconstructed lists that do best against this boss, best
    /// first, as the heuristic bot measured them (`examples/recommend.rs`,
    /// figures in the README): the Gene Pool builder's "Recommended 12" is
    /// the first of them the match allows.
    #[serde(default)]
    pub recommended: Vec<String>,
    /// Its Action Cards (filled from the file).
    #[serde(default, skip_deserializing)]
    pub deck: Vec<CardId>,
}

/// A boss's Special Power.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Special {
    /// Gains `n` power whenever it pushes its Active card.
    GainPowerOnPush {
        /// Power.
        n: u8,
    },
    /// Gains `n` power whenever the player freezes a Mutant.
    GainPowerOnOpponentFreeze {
        /// Power.
        n: u8,
    },
}

/// Everything.
#[derive(Debug, Clone)]
pub struct Content {
    /// Every card: Basic, Advanced, then the bosses' cards.
    pub cards: Vec<Card>,
    /// The power track.
    pub track: Track,
    /// Score indicators, round 1 first.
    pub rounds: Vec<RoundScore>,
    /// The fixed starting hand (one of each Basic).
    pub starting_hand: Vec<CardId>,
    /// The four Preconstructed lists.
    pub precons: Vec<Precon>,
    /// The bosses.
    pub bosses: Vec<Boss>,
    index: HashMap<String, CardId>,
}

/// A card design, by index; serialized as its id.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardId(pub u16);

impl CardId {
    /// Its record.
    pub fn card(self) -> &'static Card {
        &content().cards[self.0 as usize]
    }
    /// Its printed name.
    pub fn name(self) -> &'static str {
        &self.card().name
    }
    /// Its id string.
    pub fn key(self) -> &'static str {
        &self.card().id
    }
}

impl fmt::Debug for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl Serialize for CardId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

impl<'de> Deserialize<'de> for CardId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        content().id(&s).ok_or_else(|| serde::de::Error::custom(format!("unknown card \"{s}\"")))
    }
}

impl backroom_engine::Keyed for CardId {
    fn key(&self) -> &str {
        CardId::key(*self)
    }
}

/// The embedded content, validated once.
pub fn content() -> &'static Content {
    static C: OnceLock<Content> = OnceLock::new();
    C.get_or_init(|| Content::from_json(&Content::embedded()).unwrap_or_else(|e| panic!("embedded content: {e}")))
}
