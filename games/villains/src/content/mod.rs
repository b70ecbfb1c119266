//! The City, the factions, the action deck, the plans and the upgrades as
//! data, validated once at load.
//!
//! The facts come from `shared/reference/villains/` (the designer's own
//! online version, cross-checked with the rulebook); where the rulebook's
//! rules disagree, the rulebook wins (see the README). Effects are the
//! [`crate::content::effect`] vocabulary, interpreted by the engine, so a group can
//! feed its own transcription of the printed cards through
//! [`Content::from_files`] and get an error naming the file, the entry and
//! the field of any mistake:
//!
//! ```text
//! action-cards.json: card "Mobilize": field targets[1]: unknown area "sewer"
//! ```
//!
//! The state never holds records, only the typed indices
//! ([`AreaId`], [`FactionId`], [`CardId`], [`PlanId`], [`UpgradeId`]),
//! which serialize as the record's id so saved states read as names.
//!
//! This module holds the records; the rest is one concern per module:
//! [`parse`] (reading a file's JSON, naming the file, entry and field of a
//! mistake), [`check`] (effects, rules and triggers against the
//! vocabulary), [`load`] (what each of the five files must hold, and
//! [`Content::from_files`]), [`ids`] (the typed indices, lookups by id
//! and [`content`]) and [`public`] (the texts the web table shows).

use crate::content::effect::{Effect, Ongoing, Requirement, TokenType, Trigger, UnitType};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// A unit's attack dice, one number per die: the roll needed to hit. Held
/// inline (no unit rolls more than a few), so that reading a unit's stats
/// (`Faction::unit`, many times a bot's weighing) copies without allocating.
pub type Dice = smallvec::SmallVec<[u8; 4]>;

mod check;
pub mod effect;
mod ids;
mod load;
mod parse;
mod public;

pub use ids::{AreaId, CardId, FactionId, PlanId, UpgradeId, content};
pub use public::public_json;

/// Areas in the City (rulebook).
pub const AREAS: usize = 9;
/// Playable factions (rulebook).
pub const FACTIONS: usize = 8;
/// Action cards in the deck (rulebook).
pub const ACTION_CARDS: usize = 72;
/// Plan cards per faction (rulebook).
pub const PLANS_PER_FACTION: usize = 8;
/// Upgrade cards (two per faction, rulebook).
pub const UPGRADES: usize = 16;
/// Game turns, one capitol token each (rulebook).
pub const TURNS: usize = 4;

/// A mistake in a content file: which file, which entry, which field
/// (shared by every game's loader).
pub use backroom_engine::ContentError;

/// The text of the five content files.
#[derive(Debug, Clone, Copy)]
pub struct ContentFiles<'a> {
    /// `areas.json`: the City and the capitol tokens.
    pub areas: &'a str,
    /// `factions.json`: the basic tokens and the eight factions.
    pub factions: &'a str,
    /// `action-cards.json`: the action deck.
    pub action_cards: &'a str,
    /// `plans.json`: eight plans per faction.
    pub plans: &'a str,
    /// `upgrades.json`: two upgrades per faction.
    pub upgrades: &'a str,
}

impl ContentFiles<'static> {
    /// The files shipped with the game.
    pub fn embedded() -> Self {
        ContentFiles {
            areas: include_str!("../../content/areas.json"),
            factions: include_str!("../../content/factions.json"),
            action_cards: include_str!("../../content/action-cards.json"),
            plans: include_str!("../../content/plans.json"),
            upgrades: include_str!("../../content/upgrades.json"),
        }
    }
}

/// A capitol token: collected by the Capitol's controller in its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CapitolToken {
    /// The turn number on its face (1-4), also the tiebreaker's number.
    pub turn: u8,
    /// The area points on its back.
    pub ap: u8,
}

/// An area's control ability: held by its controller.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ControlAbility {
    /// In our words.
    pub text: String,
    /// The rules it adds for the controller.
    pub ongoing: Vec<Ongoing>,
}

/// An area's skill ability: used by exhausting readied units there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillAbility {
    /// In our words.
    pub text: String,
    /// What it does ("this" is the area).
    pub effects: Vec<Effect>,
}

/// One of the City's nine areas.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Area {
    /// Stable id, e.g. `sewers`.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Spaces on its action token track.
    pub token_spaces: u8,
    /// Areas joined to it by subway tracks.
    pub adjacent: Vec<String>,
    /// Control ability.
    pub control: ControlAbility,
    /// Skill ability.
    pub skill: SkillAbility,
    /// House content (our design, not from the reference).
    #[serde(default, skip_serializing_if = "is_false")]
    pub house: bool,
    /// Where a fact comes from, when it needs saying.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A basic unit type's stats and count in one faction's mix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitStats {
    /// How many the faction has.
    pub count: u8,
    /// Cost to deploy.
    pub cost: u8,
    /// One number per attack die: the roll needed to hit ([] = no attack).
    pub attack: Dice,
    /// Influence it produces.
    pub influence: u8,
    /// Survives its first hit (wounded side).
    #[serde(default, skip_serializing_if = "is_false")]
    pub toughness: bool,
    /// Skilled: readied in the Refresh step.
    #[serde(default, skip_serializing_if = "is_false")]
    pub skilled: bool,
}

/// A faction's champion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Champion {
    /// Printed name.
    pub name: String,
    /// How many (the Mutants have three Mother Oozes).
    pub count: u8,
    /// Cost to deploy.
    pub cost: u8,
    /// Attack dice.
    pub attack: Dice,
    /// Influence.
    pub influence: u8,
    /// Toughness.
    #[serde(default, skip_serializing_if = "is_false")]
    pub toughness: bool,
    /// Skilled.
    #[serde(default, skip_serializing_if = "is_false")]
    pub skilled: bool,
    /// In our words.
    pub text: String,
    /// Its abilities that fire on events.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub triggers: Vec<Trigger>,
    /// Its standing abilities.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ongoing: Vec<Ongoing>,
    /// A ruling worth saying.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Champion {
    /// The champion's stats in the shape of a basic unit's.
    pub fn stats(&self) -> UnitStats {
        UnitStats {
            count: self.count,
            cost: self.cost,
            attack: self.attack.clone(),
            influence: self.influence,
            toughness: self.toughness,
            skilled: self.skilled,
        }
    }
}

/// A faction passive ability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Passive {
    /// Printed name.
    pub name: String,
    /// In our words.
    pub text: String,
    /// Rules it adds (empty when the faction's numbers carry it).
    pub ongoing: Vec<Ongoing>,
    /// Triggers it adds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub triggers: Vec<Trigger>,
    /// Where it lives when not in `ongoing`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A basic action token (deploy, card, move, battle).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BasicToken {
    /// Printed name.
    pub name: String,
    /// Cost to activate.
    pub cost: u8,
    /// Gives back one resource when revealed.
    #[serde(default, skip_serializing_if = "is_false")]
    pub refunded: bool,
    /// In our words.
    pub text: String,
    /// What activating it does ("this" is its area).
    pub effects: Vec<Effect>,
}

/// A faction's unique action token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UniqueToken {
    /// Stable id, e.g. `hitman`.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// How many the faction has.
    pub count: u8,
    /// Cost to activate.
    pub cost: u8,
    /// Gives back one resource when revealed.
    #[serde(default, skip_serializing_if = "is_false")]
    pub refunded: bool,
    /// Influence once activated.
    #[serde(default = "one")]
    pub influence: u8,
    /// False if it can never be activated (the Cult's Nothing, removed when
    /// revealed).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub activatable: bool,
    /// Counts as this basic token type (Mr. Fusion, Invade).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counts_as: Option<TokenType>,
    /// In our words.
    pub text: String,
    /// What activating it does.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// Rules it adds in its area while activated.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ongoing: Vec<Ongoing>,
    /// Triggers while activated.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub triggers: Vec<Trigger>,
    /// An inference or detail worth saying.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One space of a faction's captured-marker track, filled in order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CapturedSpace {
    /// Area points gained at once.
    pub ap: u8,
    /// Extra energy every Reset Energy step.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub energy: u8,
    /// Extra action cards every Draw Action Cards step.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cards: u8,
}

/// One of the eight factions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Faction {
    /// Stable id, e.g. `mafia`.
    pub id: String,
    /// Name.
    pub name: String,
    /// The faction sheet's title.
    pub sheet_title: String,
    /// Energy every Reset Energy step (the red space).
    pub energy: u8,
    /// The energy track's last space.
    pub energy_max: u8,
    /// Cost of placing an action token.
    pub placement_cost: u8,
    /// Resources at the start of the game.
    pub starting_resources: u8,
    /// What its plans focus on (inventory card).
    pub plan_focus: String,
    /// The captured-marker track.
    pub captured_markers: Vec<CapturedSpace>,
    /// Passive abilities.
    pub passives: Vec<Passive>,
    /// Basic units (types it lacks are absent).
    pub units: BTreeMap<UnitType, UnitStats>,
    /// The champion.
    pub champion: Champion,
    /// Basic token counts.
    pub tokens: BTreeMap<TokenType, u8>,
    /// The unique token.
    pub unique_token: UniqueToken,
    /// House content.
    #[serde(default, skip_serializing_if = "is_false")]
    pub house: bool,
    /// Where a fact comes from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Faction {
    /// Stats of a unit type in this faction's mix (the champion too); `None`
    /// if the faction has none of it.
    pub fn unit(&self, t: UnitType) -> Option<UnitStats> {
        match t {
            UnitType::Champion => Some(self.champion.stats()),
            t => self.units.get(&t).cloned(),
        }
    }

    /// Units in the faction's mix, champions included.
    pub fn unit_total(&self) -> usize {
        self.units.values().map(|u| u.count as usize).sum::<usize>() + self.champion.count as usize
    }

    /// Action tokens in the faction's mix, unique ones included.
    pub fn token_total(&self) -> usize {
        self.tokens.values().map(|n| *n as usize).sum::<usize>() + self.unique_token.count as usize
    }

    /// Every standing rule the faction's passives give.
    pub fn passive_rules(&self) -> impl Iterator<Item = &Ongoing> {
        self.passives.iter().flat_map(|p| p.ongoing.iter())
    }
}

/// Event (once, then discarded) or rule (stays until Cleanup).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardType {
    /// Resolves once and is discarded.
    Event,
    /// Stays in play with its player's marker until Cleanup.
    Rule,
}

/// Local (this area) or global.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// Affects the area it is played in.
    Local,
    /// Not tied to an area.
    Global,
}

/// An action card design; `targets` lists its physical copies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// Stable id, e.g. `public-backlash`.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Cost to play.
    pub cost: u8,
    /// Event or rule.
    #[serde(rename = "type")]
    pub kind: CardType,
    /// Local or global.
    pub scope: Scope,
    /// Carries the "Powerless against Kau" icon.
    #[serde(default, skip_serializing_if = "is_false")]
    pub powerless_against_kau: bool,
    /// One entry per physical copy: the area printed at its top (its target
    /// when chosen as one), `null` for none.
    pub targets: Vec<Option<String>>,
    /// In our words.
    pub text: String,
    /// What playing it does ("this" is the card token's area).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// A rule card's standing rules until Cleanup.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ongoing: Vec<Ongoing>,
    /// House content.
    #[serde(default, skip_serializing_if = "is_false")]
    pub house: bool,
    /// An inference worth saying.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One objective of a plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    /// Plan points it scores.
    pub pp: u8,
    /// All of these are needed.
    pub requires: Vec<Requirement>,
    /// In our words.
    pub text: String,
    /// Marked with the faction's focus icon.
    #[serde(default, skip_serializing_if = "is_false")]
    pub focus: bool,
}

/// A plan card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    /// Stable id, e.g. `the-endless-spills`.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Objectives, top to bottom.
    pub objectives: Vec<Objective>,
    /// House content.
    #[serde(default, skip_serializing_if = "is_false")]
    pub house: bool,
    /// Where a value comes from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// An upgrade card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Upgrade {
    /// Stable id.
    pub id: String,
    /// The faction's id.
    pub faction: String,
    /// Level I (4 points) or II (7 points, replaces I).
    pub level: u8,
    /// Printed name.
    pub name: String,
    /// In our words.
    pub text: String,
    /// Standing rules.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ongoing: Vec<Ongoing>,
    /// Triggers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub triggers: Vec<Trigger>,
    /// House content.
    #[serde(default, skip_serializing_if = "is_false")]
    pub house: bool,
    /// Which version is followed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One physical action card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeckCard {
    /// Its design (index into [`Content::cards`]).
    pub design: u16,
    /// Which copy (1-based).
    pub copy: u8,
    /// The area at its top.
    pub target: Option<AreaId>,
}

/// Everything a match reads, validated.
#[derive(Debug, Clone)]
pub struct Content {
    /// The areas, in area order.
    pub areas: Vec<Area>,
    /// The capitol tokens, turn I to IV.
    pub capitol_tokens: Vec<CapitolToken>,
    /// The four basic token types.
    pub basic_tokens: BTreeMap<TokenType, BasicToken>,
    /// The factions.
    pub factions: Vec<Faction>,
    /// The action card designs.
    pub cards: Vec<Card>,
    /// The physical action deck, one entry per card.
    pub deck: Vec<DeckCard>,
    /// Every plan, faction by faction.
    pub plans: Vec<Plan>,
    /// The faction of each plan (same index as `plans`).
    pub plan_faction: Vec<FactionId>,
    /// The upgrades.
    pub upgrades: Vec<Upgrade>,
    /// The faction of each upgrade.
    pub upgrade_faction: Vec<FactionId>,
    adjacency: Vec<Vec<AreaId>>,
    deck_keys: Vec<String>,
    ids: HashMap<(Table, String), u16>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Table {
    Area,
    Faction,
    Deck,
    Plan,
    Upgrade,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_true(b: &bool) -> bool {
    *b
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn one() -> u8 {
    1
}

fn yes() -> bool {
    true
}
