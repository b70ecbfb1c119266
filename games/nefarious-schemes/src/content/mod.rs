//! The game's content as validated data: the two decks (house content, in
//! `content/*.house.json`), the tables of the turn reference
//! (`content/tables.json`) and the house rules that fill what the text lost
//! (`content/rules.house.json`).
//!
//! Effects are data: a table row names its effect (`"do": "foiled"`), an
//! Event card names its window, whose roll it modifies and by how much, and
//! the engine interprets them. Nothing in the rules branches on a card's
//! name. Loading checks every file and names the file, the card (or table
//! row) and the field of any mistake, so a content editor can fix it
//! without reading Rust.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::OnceLock;

mod load;

/// A card of either deck, by its index in [`Content::cards`]. It travels
/// as the card's id string (`"ray-gun"`), so actions, views and scenario
/// files read as the cards do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardId(pub u16);

impl CardId {
    /// The card's data.
    pub fn card(self) -> &'static Card {
        &content().cards[self.0 as usize]
    }

    /// The card's id string.
    pub fn key(self) -> &'static str {
        &self.card().id
    }

    /// The card's name, for log lines.
    pub fn name(self) -> &'static str {
        &self.card().name
    }
}

impl backroom_engine::Keyed for CardId {
    fn key(&self) -> &str {
        CardId::key(*self)
    }
}

impl Serialize for CardId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

impl<'de> Deserialize<'de> for CardId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        content().find(&s).ok_or_else(|| serde::de::Error::custom(format!("no card \"{s}\"")))
    }
}

/// The seven card types of the turn reference (E C M V W L P).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// C: a Hero, or for the Villain a Minor Villain.
    Character,
    /// M: a Villain's Mastermind.
    Mastermind,
    /// V: attaches to a Unit.
    Vehicle,
    /// W: attaches to a Unit.
    Weapon,
    /// L: in play on its own for the Heroes, attached to a Mastermind for the Villain.
    Location,
    /// P: attached to a Mastermind in the Plot phase; gathers Plot counters.
    Plot,
    /// E: played from the hand in an event window.
    Event,
}

impl Kind {
    /// The word the rulebook uses.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Character => "Character",
            Kind::Mastermind => "Mastermind",
            Kind::Vehicle => "Vehicle",
            Kind::Weapon => "Weapon",
            Kind::Location => "Location",
            Kind::Plot => "Plot",
            Kind::Event => "Event",
        }
    }
}

/// The skills of the turn reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Skill {
    /// Rolls on the Genius table (the text's "Plot Table").
    Genius,
    /// Heal +2 to one Healing Roll of its side per turn.
    Doctor,
    /// Heal +3 to its own Healing Rolls.
    Immortal,
    /// Invention or Scientist: rolls on the Invention table.
    Inventor,
    /// Rolls in the Spy phase.
    Spy,
    /// Generates one Minion token per Minion phase.
    Generate,
}

/// Every roll of the game, each read on its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollKind {
    /// Genius phase.
    Genius,
    /// Healing phase.
    Healing,
    /// Invention phase.
    Invention,
    /// Spy phase.
    Spy,
    /// Assassin phase, one per Minion sent.
    Assassin,
    /// Track phase (also called the Sleuth Roll).
    Track,
    /// Track phase, per Mastermind not Thwarted.
    Villain,
    /// Attack phase, against a Minion.
    Combat,
    /// Attack phase, against the Mastermind.
    Showdown,
    /// The 1D6 cards drawn for a completed Minor Plot.
    PlotDraw,
}

impl RollKind {
    /// Every roll, in table order.
    pub const ALL: [RollKind; 10] = [
        RollKind::Genius,
        RollKind::Healing,
        RollKind::Invention,
        RollKind::Spy,
        RollKind::Assassin,
        RollKind::Track,
        RollKind::Villain,
        RollKind::Combat,
        RollKind::Showdown,
        RollKind::PlotDraw,
    ];

    fn index(self) -> usize {
        Self::ALL.iter().position(|k| *k == self).unwrap_or(0)
    }

    /// The roll's table.
    pub fn table(self) -> &'static Table {
        &content().tables[self.index()]
    }
}

/// Which deck a "look at the next 7 cards" may look at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WhichDeck {
    /// The roller's own deck.
    Own,
    /// Either deck, the roller's choice.
    Either,
}

/// What a search looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Find {
    /// A Character (or, for the Villain, a Mastermind too), into the hand.
    Character,
    /// A Vehicle or Weapon, put into play attached to a Unit.
    Gear,
}

/// What a table row does, interpreted by the engine (`rules::tables`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// Nothing.
    Nothing,
    /// The opponent discards a card of their choice.
    OpponentDiscards,
    /// The roller sees the next 7 cards of a deck.
    LookNextSeven {
        /// Own deck, or either.
        deck: WhichDeck,
    },
    /// The roller sees the opponent's hand.
    LookOpponentHand,
    /// The roller takes control of a Character of the opponent.
    GainControl,
    /// The roller searches their deck.
    Search {
        /// For what.
        find: Find,
    },
    /// The roller draws.
    Draw {
        /// How many cards.
        cards: u8,
    },
    /// Removes a Wound counter from the healing Unit.
    Heal,
    /// An Invention Marker (Fight +1) on a Unit of the roller.
    InventionMarker,
    /// The Inventor is wounded; a Location instead idles.
    LabExplosion,
    /// The Spy is discarded.
    SpyCaught,
    /// +1 to the targeted Hero's next Track Roll.
    Interrogated,
    /// The Minion returns to its Mastermind.
    ReturnMinion,
    /// The roll's target is wounded (or discards an attachment).
    WoundTarget,
    /// The roll's target is killed.
    KillTarget,
    /// The rolling Unit is wounded (or discards an attachment).
    WoundRoller,
    /// The rolling Unit is killed.
    KillRoller,
    /// All Heroes get Track -1 this turn.
    WrongTrack,
    /// One Plot of the target Mastermind is discarded.
    Foiled,
    /// The target Mastermind is Thwarted: all its Plots are discarded.
    Thwarted,
    /// Minions on the rolling Mastermind.
    GainMinions {
        /// How many.
        minions: u8,
    },
    /// Draw 1, or +1 Plot counter on a Plot in play.
    DrawOrPlotCounter,
    /// Another attack at Fight -1.
    AttackAgain,
    /// Draw as many cards as the roll.
    DrawRoll,
}

impl Effect {
    /// Whether this effect makes sense on a roll of `kind` (a wound to the
    /// target needs a roll that has a target, and so on).
    fn fits(self, kind: RollKind) -> bool {
        use Effect as E;
        use RollKind as K;
        match self {
            E::Nothing => true,
            E::OpponentDiscards | E::LookNextSeven { .. } | E::LookOpponentHand | E::Draw { .. } => {
                matches!(kind, K::Genius | K::Invention | K::Spy | K::Villain)
            }
            E::GainControl | E::Search { .. } | E::InventionMarker => {
                matches!(kind, K::Genius | K::Invention | K::Villain)
            }
            E::Heal => kind == K::Healing,
            E::LabExplosion => kind == K::Invention,
            E::SpyCaught => kind == K::Spy,
            E::Interrogated | E::ReturnMinion => kind == K::Assassin,
            E::WoundTarget | E::KillTarget => matches!(kind, K::Assassin | K::Showdown),
            E::WoundRoller | E::KillRoller => matches!(kind, K::Combat | K::Showdown),
            E::WrongTrack | E::Foiled | E::Thwarted => kind == K::Track,
            E::GainMinions { .. } | E::DrawOrPlotCounter => kind == K::Villain,
            E::AttackAgain => kind == K::Combat,
            E::DrawRoll => kind == K::PlotDraw,
        }
    }
}

/// One row of a table: a range of modified rolls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// Lowest modified roll (inclusive; -99 for "or less").
    pub min: i32,
    /// Highest modified roll (inclusive; 99 for "or more").
    pub max: i32,
    /// The result's name ("Foiled").
    pub name: String,
    /// The rulebook's words.
    pub text: String,
    /// What it does.
    pub effect: Effect,
}

/// A table of the turn reference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// Which roll reads it.
    pub id: RollKind,
    /// Its rulebook name.
    pub name: String,
    /// 1 or 2 six-sided dice.
    pub dice: u8,
    /// Rows in ascending order, covering every modified roll.
    pub rows: Vec<Row>,
}

impl Table {
    /// The row a modified roll lands on. A 1D6 table without "or less" /
    /// "or more" rows reads a modified roll beyond its ends on its first or
    /// last row.
    pub fn row(&self, total: i32) -> &Row {
        let first = &self.rows[0];
        let last = &self.rows[self.rows.len() - 1];
        let t = total.clamp(first.min, last.max);
        self.rows.iter().find(|r| r.min <= t && t <= r.max).unwrap_or(last)
    }
}

/// A Mastermind's own rules.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MastermindRules {
    /// Its Minion tokens, when they are not plain Minions (Fight 1).
    #[serde(default)]
    pub minion: Option<MinionKind>,
    /// Every Plot it undertakes becomes a Major Plot of this title.
    #[serde(default)]
    pub plot_title: Option<String>,
    /// Card types it cannot have attached ("character": no Minor Villains).
    #[serde(default)]
    pub refuses: Vec<Kind>,
}

/// A kind of Minion token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MinionKind {
    /// Its name ("Tripod").
    pub name: String,
    /// Its Fight.
    pub fight: i8,
}

/// Minor or Major.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlotSize {
    /// Discarded at 3 counters for 1D6 cards.
    Minor,
    /// Wins the game at 4 counters.
    Major,
}

/// When an Event may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum When {
    /// In the event window after a roll, before its result is read.
    AfterRoll,
    /// In the Intercept phase's window.
    Intercept,
}

/// Whose roll an Event modifies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Whose {
    /// The player's own rolls.
    Own,
    /// The opponent's rolls.
    Opponent,
    /// Anyone's.
    #[default]
    Any,
}

/// What playing an Event does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventPlay {
    /// Its window.
    pub when: When,
    /// Whose roll (after a roll only).
    #[serde(default)]
    pub whose: Whose,
    /// Which rolls (none listed: any roll).
    #[serde(default)]
    pub rolls: Vec<RollKind>,
    /// Added to the roll.
    #[serde(default)]
    pub modifier: i8,
    /// Cards the player draws.
    #[serde(default)]
    pub draw: u8,
    /// Minion tokens on one of the player's Masterminds.
    #[serde(default)]
    pub minions: u8,
}

/// One card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// Stable id.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Type.
    pub kind: Kind,
    /// Copies in its deck.
    pub copies: u8,
    /// Fight of a Unit, or the Fight bonus of an attachment.
    #[serde(default)]
    pub fight: i8,
    /// Track bonus of a Hero or of an attachment.
    #[serde(default)]
    pub track: i8,
    /// Skills.
    #[serde(default)]
    pub skills: Vec<Skill>,
    /// The card's text, in the game's words.
    pub text: String,
    /// Mastermind rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mastermind: Option<MastermindRules>,
    /// Plot size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plot: Option<PlotSize>,
    /// Event play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<EventPlay>,
    /// Which deck it is in (set at load).
    #[serde(default, skip_deserializing)]
    pub deck: String,
    /// Where it comes from (set at load from its file: "house").
    #[serde(default, skip_deserializing)]
    pub source: String,
}

impl Card {
    /// Has this skill.
    pub fn has(&self, s: Skill) -> bool {
        self.skills.contains(&s)
    }

    /// A Unit (C or M): can hold Vehicles, Weapons and Invention Markers.
    pub fn is_unit(&self) -> bool {
        matches!(self.kind, Kind::Character | Kind::Mastermind)
    }
}

/// The house rules (B4 of the digest).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HouseRules {
    /// Always "house".
    pub source: String,
    /// Why these exist.
    pub note: String,
    /// Cards dealt at setup.
    pub hand_size: u8,
    /// Cards put into play per Recruit phase.
    pub recruit_limit: u8,
    /// Fight lost per Wound.
    pub wound_fight_penalty: i8,
    /// Wounds that kill a Character.
    pub character_dies_at_wounds: u8,
    /// Wounds that kill a Mastermind.
    pub mastermind_dies_at_wounds: u8,
    /// Fight of a plain Minion token.
    pub minion_fight: i8,
    /// Counters completing a Minor Plot.
    pub minor_plot_counters: u8,
    /// Counters completing a Major Plot (the Villain wins).
    pub major_plot_counters: u8,
    /// Turns a Location idles after a Lab Explosion.
    pub location_idle_turns: u8,
    /// The Heroes win at the end of this turn.
    pub turn_limit: u32,
}

/// All content.
#[derive(Clone, Debug, Serialize)]
pub struct Content {
    /// Every card of both decks.
    pub cards: Vec<Card>,
    /// The Hero deck (one entry per copy).
    pub hero_deck: Vec<CardId>,
    /// The Villain deck (one entry per copy).
    pub villain_deck: Vec<CardId>,
    /// The tables, in [`RollKind::ALL`] order.
    pub tables: Vec<Table>,
    /// The house rules.
    pub rules: HouseRules,
    #[serde(skip)]
    by_id: HashMap<String, CardId>,
}

impl Content {
    /// The card with this id.
    pub fn find(&self, id: &str) -> Option<CardId> {
        self.by_id.get(id).copied()
    }

    /// The content as JSON for clients.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// The text of the content files.
#[derive(Debug, Clone, Copy)]
pub struct ContentFiles<'a> {
    /// `hero-deck.house.json`.
    pub hero_deck: &'a str,
    /// `villain-deck.house.json`.
    pub villain_deck: &'a str,
    /// `tables.json`.
    pub tables: &'a str,
    /// `rules.house.json`.
    pub rules: &'a str,
}

impl ContentFiles<'static> {
    /// The files shipped with the game.
    pub fn embedded() -> Self {
        ContentFiles {
            hero_deck: include_str!("../../content/hero-deck.house.json"),
            villain_deck: include_str!("../../content/villain-deck.house.json"),
            tables: include_str!("../../content/tables.json"),
            rules: include_str!("../../content/rules.house.json"),
        }
    }
}

/// The shipped content, loaded once.
///
/// # Panics
/// When the shipped files are invalid (a test loads them first).
pub fn content() -> &'static Content {
    static C: OnceLock<Content> = OnceLock::new();
    C.get_or_init(|| load(ContentFiles::embedded()).unwrap_or_else(|e| panic!("shipped content: {e}")))
}

pub use load::{ContentError, load};
