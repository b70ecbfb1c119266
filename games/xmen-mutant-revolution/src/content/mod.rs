//! The cards, Schools, Missions and arena as data.
//!
//! The rulebook names only a handful of cards (see the digest's §4), so most
//! of the Recruit Deck, Plot Deck and Mission Deck is house content, marked
//! `"house": true` record by record. Effects are a small vocabulary
//! ([`Effect`], [`Power`]) that the engine interprets, so a group can feed
//! its own transcription through [`Content::from_json`] and get a clear error
//! when a record does not make sense.
//!
//! The state never holds card records, only [`RecruitId`], [`PlotId`] and
//! [`MissionId`] indices into the one embedded [`Content`] (see
//! [`content`]); they serialize as the card's id string, so saved states and
//! scenario files read as card names.
//!
//! This module holds the types; `load` reads and checks a document.

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

mod load;

/// The trigger ids a Reaction may carry for the trigger-point windows
/// (`rules`' trigger module opens them; the data names them).
pub const TRIGGERS: &[&str] = &["bids_revealed", "character_defeated", "mission_revealed"];

/// Effects a trigger Reaction may have.
pub const TRIGGER_OPS: &[&str] = &["gain_hope", "lose_hope", "gain_pp", "lose_pp", "draw"];

/// The Recruit Deck, Plot Deck, Mission Deck, Schools and arena.
#[derive(Debug, Clone)]
pub struct Content {
    /// Heroes, Students and Training Cards (65 in the printed game).
    pub recruit: Vec<RecruitCard>,
    /// Plot Card designs; `copies` says how many sit in the Plot Deck.
    pub plot: Vec<PlotCard>,
    /// The Mission Deck.
    pub missions: Vec<MissionCard>,
    /// The four Schools, in seating order of the "fixed schools" option.
    pub schools: Vec<School>,
    /// The Mission Arena.
    pub arena: Arena,
    index: HashMap<String, (Kind, u16)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Recruit,
    Plot,
    Mission,
}

/// What a Recruit card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecruitType {
    /// A Hero: arrives with 2 Power Tokens, costs 1 Hope each Upkeep.
    Hero,
    /// A Student: arrives with 1 Power Token, yields 1 Hope each Upkeep.
    Student,
    /// A Training Card, attached to a Hero or Student.
    Training,
}

impl RecruitType {
    /// Power Tokens a Character arrives with, recruited or dealt at Setup:
    /// "the number of Power Tokens indicated on its Character Card (1 for
    /// Students, 2 for Heroes)". This is not its Power Token limit (a
    /// separate printed value, [`RecruitCard::power_limit`]): the rulebook's
    /// Dagger, a Student, spends 2 Power Tokens on one attack.
    pub fn arrival_tokens(self) -> u8 {
        match self {
            RecruitType::Hero => 2,
            RecruitType::Student => 1,
            RecruitType::Training => 0,
        }
    }
}

/// Attribute changes a Training Card gives.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Mods {
    /// Attack.
    pub atk: u8,
    /// Defense.
    #[serde(rename = "def")]
    pub def: u8,
    /// Speed.
    pub spd: u8,
    /// Attack Range.
    pub range: u8,
}

/// When a Character Power can be used, and what it does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Power {
    /// `plot` (an activity in the Plot Phase), `attack` (spent when
    /// declaring an attack), `after_move` (right after a Move action),
    /// `action` (a Special Action in a Mission).
    pub timing: String,
    /// `gain_hope`, `draw` (plot); `attack_dice`, `range`, `repeat_target`,
    /// `allocate_damage` (attack); `regain_stat` (after_move); `restore`
    /// (action: 1 Power Token and an Action restore `amount` lost stat
    /// points of this or an adjacent PC).
    pub op: String,
    /// Amount for plot and action powers.
    #[serde(default)]
    pub amount: u8,
}

/// A Hero, Student or Training Card.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecruitCard {
    /// Stable id (also its key in forced deck orders).
    pub id: String,
    /// The name printed on the card.
    pub name: String,
    /// Hero, Student or Training.
    #[serde(rename = "type")]
    pub kind: RecruitType,
    /// Carries the Starting Character Symbol.
    #[serde(default)]
    pub starting: bool,
    /// Attack (Characters).
    #[serde(default)]
    pub atk: u8,
    /// Defense (Characters).
    #[serde(default, rename = "def")]
    pub def: u8,
    /// Speed (Characters).
    #[serde(default)]
    pub spd: u8,
    /// Attack Range (Characters).
    #[serde(default)]
    pub range: u8,
    /// Power Token limit (Characters): the most Power Tokens it may hold
    /// (Recover, Events). Printed on each card in a figure the rulebook
    /// text lost; at least the Power Tokens it arrives with.
    #[serde(default)]
    pub power_limit: u8,
    /// Hope Value.
    pub hope: u8,
    /// Character Powers.
    #[serde(default)]
    pub powers: Vec<Power>,
    /// Training Card modifiers.
    #[serde(default)]
    pub mods: Mods,
    /// Training Card restriction: `any`, `hero` or `student`.
    #[serde(default)]
    pub restriction: Option<String>,
    /// House content (not printed in the rulebook).
    #[serde(default)]
    pub house: bool,
    /// Where the data comes from.
    #[serde(default)]
    pub note: Option<String>,
}

/// Who an Event names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// Nobody: the effects name `self` or `all`.
    None,
    /// Any one School, the player's own included.
    Any,
    /// Another School.
    Another,
    /// Two different Schools (the player's own may be one of them).
    TwoDifferent,
}

/// One step of an Event's text or extra cost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Effect {
    /// `gain_hope`, `lose_hope`, `steal_hope`, `gain_rp`, `lose_rp`,
    /// `gain_pp`, `lose_pp`, `draw`, `power_token`, `heal`, `injure`; as a
    /// cost: `discard_own_student`, `pay_hope`.
    pub op: String,
    /// How much.
    #[serde(default)]
    pub amount: u8,
    /// `self`, `targets` or `all`.
    #[serde(default = "self_str")]
    pub to: String,
}

fn self_str() -> String {
    "self".into()
}

/// Event or Reaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlotKind {
    /// Played in the Plot Phase on the player's turn to act.
    Event,
    /// Played out of turn when its trigger happens.
    Reaction,
}

/// A Plot Card design.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlotCard {
    /// Stable id (shared by its copies).
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Event or Reaction.
    pub kind: PlotKind,
    /// Plot Value (cost in Plot Points), upper left corner.
    pub plot: u8,
    /// Hope Value, lower left corner.
    pub hope: u8,
    /// Copies in the Plot Deck.
    pub copies: u8,
    /// Who an Event names.
    #[serde(default = "no_target")]
    pub target: Target,
    /// An Event's effects.
    #[serde(default)]
    pub effects: Vec<Effect>,
    /// An Event's costs beyond Plot Points (reimbursed if cancelled).
    #[serde(default)]
    pub cost: Vec<Effect>,
    /// A Reaction's trigger: `cancel_event`, `cancel_reaction` (Plot Phase
    /// cancel windows), `pc_attacked` (the owner of an attacked PC, before
    /// the dice; its effects are `defense_dice`), or one of the trigger
    /// points of [`TRIGGERS`] (`bids_revealed`,
    /// `character_defeated`, `mission_revealed`; effects from
    /// [`TRIGGER_OPS`] to `self` or `actor`).
    #[serde(default)]
    pub trigger: Option<String>,
    /// House content.
    #[serde(default)]
    pub house: bool,
    /// Where the data comes from.
    #[serde(default)]
    pub note: Option<String>,
}

fn no_target() -> Target {
    Target::None
}

/// One kind of Mission Token on a Mission Card.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenSpec {
    /// The Mission Character's name.
    pub name: String,
    /// How many tokens.
    pub count: u8,
    /// Damage it sustains before it is destroyed.
    pub hp: u8,
    /// Attack dice (always rolled in full).
    pub atk: u8,
    /// Defense dice (always rolled in full).
    #[serde(rename = "def")]
    pub def: u8,
    /// Hexes it moves.
    #[serde(rename = "move")]
    pub moves: u8,
    /// Attack Range.
    pub range: u8,
    /// Least hex distance from every PC when placed.
    pub min_distance: u8,
}

/// How a Mission hands out Revolution Points on success.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reward {
    /// `most_damage`, `most_destroyed` or `most_specials` (objectives of
    /// the Mission's Special Action completed); ties all receive the reward.
    pub criterion: String,
    /// Revolution Points.
    pub rp: u8,
}

/// A mission-specific Special Action: objectives at fixed arena hexes that
/// a PC within `range` may complete for one Action (it counts against the
/// Mission Stalemate like an attack).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissionSpecial {
    /// What the action is called ("Shut down a control panel").
    pub name: String,
    /// What an objective is ("Control Panel").
    pub objective: String,
    /// Objective hexes (open arena hexes; they do not block movement).
    pub hexes: Vec<[i32; 2]>,
    /// Greatest hex distance from the PC to the objective.
    #[serde(default = "one")]
    pub range: u8,
    /// Hope Coins to the acting School per objective completed.
    #[serde(default)]
    pub hope: u8,
    /// The Mission succeeds as soon as every objective is completed (a
    /// card-specific end condition).
    #[serde(default)]
    pub ends_mission: bool,
}

fn one() -> u8 {
    1
}

/// A Mission Card.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissionCard {
    /// Stable id.
    pub id: String,
    /// Title.
    pub name: String,
    /// Most Characters it calls for; 0 = one per School.
    #[serde(default)]
    pub max_characters: u8,
    /// Leaders may be sent even when Heroes or Students could go.
    #[serde(default)]
    pub leaders_allowed: bool,
    /// Mission Tokens.
    pub tokens: Vec<TokenSpec>,
    /// Hope Coins each time a School's PC damages a Mission Character.
    #[serde(default)]
    pub hope_per_damaging_attack: u8,
    /// Revolution Point rewards.
    pub rewards: Vec<Reward>,
    /// A mission-specific Special Action ("opening a crate", "calming a
    /// mutant"), if the card has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special: Option<MissionSpecial>,
    /// House content.
    #[serde(default)]
    pub house: bool,
    /// Where the data comes from.
    #[serde(default)]
    pub note: Option<String>,
}

/// A Leader, printed on its School card.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Leader {
    /// Stable id (the Leader's name in lower case).
    pub id: String,
    /// Name.
    pub name: String,
    /// Attack.
    pub atk: u8,
    /// Defense.
    #[serde(rename = "def")]
    pub def: u8,
    /// Speed.
    pub spd: u8,
    /// Attack Range.
    pub range: u8,
    /// Power Token limit.
    pub power_limit: u8,
    /// Hope Value (unused: a Leader is never discarded or traded).
    #[serde(default)]
    pub hope: u8,
    /// Powers.
    #[serde(default)]
    pub powers: Vec<Power>,
}

/// A Charter card: the Leader spends its own Power Tokens to help a Hero or
/// Student of its School in a Mission the Leader is not in.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Charter {
    /// Stable id.
    pub id: String,
    /// Name.
    pub name: String,
    /// `range` (+1 Attack Range per token for one attack) or `attack_dice`
    /// (+1 attack die per token for one attack).
    pub op: String,
    /// House content.
    #[serde(default)]
    pub house: bool,
}

/// A School card with its Leader and Charter.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct School {
    /// Stable id.
    pub id: String,
    /// Name.
    pub name: String,
    /// The Leader.
    pub leader: Leader,
    /// Hand Size by Revolution Points 0..=6 (printed under the track).
    pub hand_size: Vec<u8>,
    /// The Charter card.
    pub charter: Charter,
    /// House content.
    #[serde(default)]
    pub house: bool,
    /// Where the data comes from.
    #[serde(default)]
    pub note: Option<String>,
}

/// The Mission Arena, in axial hex coordinates `[q, r]`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arena {
    /// Radius of the hexagon (informative).
    #[serde(default)]
    pub radius: u8,
    /// Every hex of the arena.
    pub hexes: Vec<[i32; 2]>,
    /// Obstacles: no Character may stand on or move through them.
    pub obstacles: Vec<[i32; 2]>,
    /// Position 1 Hex.
    pub pos1: [i32; 2],
    /// Position 2 Hexes by number of participants ("2", "3", "4").
    pub pos2: BTreeMap<String, [i32; 2]>,
    /// Position 3 Hexes by number of participants ("3", "4").
    pub pos3: BTreeMap<String, [i32; 2]>,
    /// Position 4 Hex.
    pub pos4: [i32; 2],
    /// House content.
    #[serde(default)]
    pub house: bool,
    /// Where the data comes from.
    #[serde(default)]
    pub note: Option<String>,
    /// Open hexes as a grid (filled when the content is loaded), so the
    /// movement search does not scan lists.
    #[serde(skip)]
    grid: Vec<bool>,
}

/// Arena coordinates must lie in `-GRID..=GRID`.
pub const GRID: i32 = 8;

fn cell(h: [i32; 2]) -> Option<usize> {
    let (q, r) = (h[0] + GRID, h[1] + GRID);
    let w = 2 * GRID + 1;
    (0..w).contains(&q).then_some(())?;
    (0..w).contains(&r).then_some((q * w + r) as usize)
}

impl Arena {
    /// The hex Character Position `pos` (0-based) enters with `n`
    /// participants.
    pub fn entry(&self, pos: usize, n: usize) -> [i32; 2] {
        let key = n.to_string();
        match pos {
            0 => self.pos1,
            1 => self.pos2.get(&key).copied().unwrap_or(self.pos1),
            2 => self.pos3.get(&key).copied().unwrap_or(self.pos1),
            _ => self.pos4,
        }
    }

    /// True if `h` is an arena hex that is not an Obstacle.
    pub fn open(&self, h: [i32; 2]) -> bool {
        match (cell(h), self.grid.is_empty()) {
            (Some(i), false) => self.grid[i],
            _ => self.hexes.contains(&h) && !self.obstacles.contains(&h),
        }
    }

    fn fill_grid(&mut self) {
        let w = (2 * GRID + 1) as usize;
        let mut grid = vec![false; w * w];
        for h in &self.hexes {
            if let Some(i) = cell(*h) {
                grid[i] = !self.obstacles.contains(h);
            }
        }
        self.grid = grid;
    }
}

/// Hex distance between two axial coordinates.
pub fn distance(a: [i32; 2], b: [i32; 2]) -> i32 {
    let dq = a[0] - b[0];
    let dr = a[1] - b[1];
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

/// The six neighbours of a hex.
pub fn neighbours(h: [i32; 2]) -> [[i32; 2]; 6] {
    let [q, r] = h;
    [[q + 1, r], [q - 1, r], [q, r + 1], [q, r - 1], [q + 1, r - 1], [q - 1, r + 1]]
}

/// Why content was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("content: {0}")]
pub struct ContentError(pub String);

impl Content {
    /// The embedded default content as one JSON document (what a group
    /// would copy and edit).
    pub fn default_json() -> String {
        let parts = [
            include_str!("../../content/recruit.json"),
            include_str!("../../content/plot.json"),
            include_str!("../../content/missions.json"),
            include_str!("../../content/schools.json"),
            include_str!("../../content/arena.json"),
        ];
        let mut all = serde_json::Map::new();
        for p in parts {
            let v: serde_json::Value = serde_json::from_str(p).expect("embedded content is JSON");
            if let serde_json::Value::Object(m) = v {
                all.extend(m);
            }
        }
        serde_json::Value::Object(all).to_string()
    }

    /// Looks up a Recruit card by id.
    pub fn recruit_id(&self, id: &str) -> Option<RecruitId> {
        match self.index.get(id) {
            Some((Kind::Recruit, i)) => Some(RecruitId(*i)),
            _ => None,
        }
    }

    /// Looks up a Plot Card by id.
    pub fn plot_id(&self, id: &str) -> Option<PlotId> {
        match self.index.get(id) {
            Some((Kind::Plot, i)) => Some(PlotId(*i)),
            _ => None,
        }
    }

    /// Looks up a Mission by id.
    pub fn mission_id(&self, id: &str) -> Option<MissionId> {
        match self.index.get(id) {
            Some((Kind::Mission, i)) => Some(MissionId(*i)),
            _ => None,
        }
    }
}

/// The content every match uses (the embedded default, validated once).
///
/// # Panics
/// If the embedded content is invalid (a test guards it).
pub fn content() -> &'static Content {
    static C: OnceLock<Content> = OnceLock::new();
    C.get_or_init(|| Content::from_json(&Content::default_json()).unwrap_or_else(|e| panic!("{e}")))
}

macro_rules! card_id {
    ($name:ident, $field:ident, $lookup:ident, $what:literal) => {
        #[doc = concat!("A ", $what, ", by index into the content; serialized as its id.")]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u16);

        impl $name {
            /// The card's id string.
            pub fn key_str(self) -> &'static str {
                &content().$field[self.0 as usize].id
            }
        }

        impl backroom_engine::Keyed for $name {
            fn key(&self) -> &str {
                self.key_str()
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.key_str())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                content().$lookup(&s).ok_or_else(|| serde::de::Error::custom(format!("no {} with id '{s}'", $what)))
            }
        }
    };
}

card_id!(RecruitId, recruit, recruit_id, "Recruit card");
card_id!(PlotId, plot, plot_id, "Plot Card");
card_id!(MissionId, missions, mission_id, "Mission");

impl RecruitId {
    /// The card record.
    pub fn card(self) -> &'static RecruitCard {
        &content().recruit[self.0 as usize]
    }
}

impl PlotId {
    /// The card record.
    pub fn card(self) -> &'static PlotCard {
        &content().plot[self.0 as usize]
    }
}

impl MissionId {
    /// The card record.
    pub fn card(self) -> &'static MissionCard {
        &content().missions[self.0 as usize]
    }
}
