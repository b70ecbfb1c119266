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

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

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
            E::GainControl | E::Search { .. } | E::InventionMarker => matches!(kind, K::Genius | K::Invention | K::Villain),
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
            hero_deck: include_str!("../content/hero-deck.house.json"),
            villain_deck: include_str!("../content/villain-deck.house.json"),
            tables: include_str!("../content/tables.json"),
            rules: include_str!("../content/rules.house.json"),
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

/// A mistake in a content file, naming file, entry and field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentError {
    /// The file.
    pub file: &'static str,
    /// The card or table row.
    pub entry: Option<String>,
    /// The field.
    pub field: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.file)?;
        if let Some(e) = &self.entry {
            write!(f, "{e}: ")?;
        }
        if let Some(p) = &self.field {
            write!(f, "field {p}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ContentError {}

fn err(file: &'static str, entry: Option<&str>, field: Option<&str>, message: impl Into<String>) -> ContentError {
    ContentError { file, entry: entry.map(str::to_string), field: field.map(str::to_string), message: message.into() }
}

fn parse<T: DeserializeOwned>(file: &'static str, entry: Option<&str>, v: Value) -> Result<T, ContentError> {
    serde_path_to_error::deserialize(v).map_err(|e| {
        let path = e.path().to_string();
        ContentError {
            file,
            entry: entry.map(str::to_string),
            field: (path != ".").then_some(path),
            message: e.into_inner().to_string(),
        }
    })
}

fn list(file: &'static str, text: &str, key: &str) -> Result<(Value, Vec<Value>), ContentError> {
    let v: Value = serde_json::from_str(text).map_err(|e| err(file, None, None, e.to_string()))?;
    match v.get(key) {
        Some(Value::Array(a)) => Ok((v.clone(), a.clone())),
        _ => Err(err(file, None, Some(key), "expected a list")),
    }
}

fn entry_name(kind: &str, i: usize, v: &Value) -> String {
    match v.get("id").and_then(Value::as_str).or_else(|| v.get("name").and_then(Value::as_str)) {
        Some(n) => format!("{kind} \"{n}\""),
        None => format!("{kind} #{}", i + 1),
    }
}

/// Loads and validates the content.
///
/// # Errors
/// The first mistake found, naming file, card or row, and field.
pub fn load(files: ContentFiles<'_>) -> Result<Content, ContentError> {
    let mut cards: Vec<Card> = vec![];
    let mut by_id = HashMap::new();
    let mut decks = [vec![], vec![]];
    for (d, (file, text)) in [("hero-deck.house.json", files.hero_deck), ("villain-deck.house.json", files.villain_deck)]
        .into_iter()
        .enumerate()
    {
        let (whole, entries) = list(file, text, "cards")?;
        let source = whole.get("source").and_then(Value::as_str).unwrap_or("");
        if source != "house" && source != "rulebook" {
            return Err(err(file, None, Some("source"), "must be \"house\" or \"rulebook\""));
        }
        let deck = if d == 0 { "hero" } else { "villain" };
        if whole.get("deck").and_then(Value::as_str) != Some(deck) {
            return Err(err(file, None, Some("deck"), format!("must be \"{deck}\"")));
        }
        for (i, v) in entries.into_iter().enumerate() {
            let name = entry_name("card", i, &v);
            let mut card: Card = parse(file, Some(&name), v)?;
            card.deck = deck.to_string();
            card.source = source.to_string();
            check_card(&card, d == 1).map_err(|(field, m)| err(file, Some(&name), Some(field), m))?;
            let id = CardId(cards.len() as u16);
            if by_id.insert(card.id.clone(), id).is_some() {
                return Err(err(file, Some(&name), Some("id"), "this id is used by another card"));
            }
            decks[d].extend(std::iter::repeat_n(id, card.copies as usize));
            cards.push(card);
        }
    }
    let rules: HouseRules = {
        let file = "rules.house.json";
        let v: Value = serde_json::from_str(files.rules).map_err(|e| err(file, None, None, e.to_string()))?;
        let r: HouseRules = parse(file, None, v)?;
        if r.source != "house" {
            return Err(err(file, None, Some("source"), "house rules are marked \"house\""));
        }
        for (field, ok) in [
            ("hand_size", r.hand_size > 0),
            ("recruit_limit", r.recruit_limit > 0),
            ("character_dies_at_wounds", r.character_dies_at_wounds > 0),
            ("mastermind_dies_at_wounds", r.mastermind_dies_at_wounds > 0),
            ("minor_plot_counters", r.minor_plot_counters > 0),
            ("major_plot_counters", r.major_plot_counters > 0),
            ("turn_limit", (1..=200).contains(&r.turn_limit)),
        ] {
            if !ok {
                return Err(err(file, None, Some(field), "out of range"));
            }
        }
        r
    };
    for (d, file) in [(0, "hero-deck.house.json"), (1, "villain-deck.house.json")] {
        if decks[d].len() < 2 * rules.hand_size as usize {
            return Err(err(file, None, Some("cards"), "a deck needs at least two hands of cards"));
        }
        let has = |k: Kind| decks[d].iter().any(|c: &CardId| cards[c.0 as usize].kind == k);
        if d == 1 && !has(Kind::Mastermind) {
            return Err(err(file, None, Some("cards"), "the Villain deck needs a Mastermind"));
        }
        if !has(Kind::Character) && d == 0 {
            return Err(err(file, None, Some("cards"), "the Hero deck needs Characters"));
        }
    }
    let tables = load_tables(files.tables)?;
    Ok(Content { cards, hero_deck: decks[0].clone(), villain_deck: decks[1].clone(), tables, rules, by_id })
}

/// Per-card checks; `Err((field, message))`.
fn check_card(c: &Card, villain: bool) -> Result<(), (&'static str, String)> {
    let fail = |f: &'static str, m: &str| Err((f, m.to_string()));
    if c.id.is_empty() || !c.id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
        return fail("id", "ids are lowercase letters, digits and dashes");
    }
    if c.name.trim().is_empty() || c.name.contains(['{', '}', '|', '[', ']']) {
        return fail("name", "a name is plain text");
    }
    if c.copies == 0 {
        return fail("copies", "at least 1");
    }
    if !villain && matches!(c.kind, Kind::Mastermind | Kind::Plot) {
        return fail("kind", "Masterminds and Plots belong to the Villain deck");
    }
    if c.mastermind.is_some() && c.kind != Kind::Mastermind {
        return fail("mastermind", "only a Mastermind has Mastermind rules");
    }
    if c.plot.is_some() != (c.kind == Kind::Plot) {
        return fail("plot", "a Plot, and only a Plot, says minor or major");
    }
    if c.event.is_some() != (c.kind == Kind::Event) {
        return fail("event", "an Event, and only an Event, says when it is played");
    }
    if matches!(c.kind, Kind::Event | Kind::Plot) && (c.fight != 0 || c.track != 0 || !c.skills.is_empty()) {
        return fail("fight", "Events and Plots have no Fight, Track or skills");
    }
    if c.is_unit() && c.fight < 0 {
        return fail("fight", "a Unit's Fight is not negative");
    }
    if matches!(c.kind, Kind::Vehicle | Kind::Weapon) && !c.skills.is_empty() {
        return fail("skills", "Vehicles and Weapons have no skills");
    }
    if let Some(m) = &c.mastermind
        && m.refuses.iter().any(|k| !matches!(k, Kind::Character | Kind::Vehicle | Kind::Weapon | Kind::Location | Kind::Plot))
    {
        return fail("mastermind.refuses", "only attachable card types can be refused");
    }
    if let Some(e) = &c.event {
        match e.when {
            When::AfterRoll if e.modifier == 0 => return fail("event.modifier", "an after-roll Event modifies the roll"),
            When::Intercept if e.modifier != 0 || !e.rolls.is_empty() || e.whose != Whose::Any => {
                return fail("event.when", "an Intercept Event modifies no roll");
            }
            When::Intercept if e.draw == 0 && e.minions == 0 => return fail("event.draw", "an Intercept Event draws or adds Minions"),
            _ => {}
        }
        if e.minions > 0 && !villain {
            return fail("event.minions", "only the Villain has Minions");
        }
        if e.minions > 0 && e.when != When::Intercept {
            return fail("event.minions", "Minions are added in the Intercept phase");
        }
    }
    Ok(())
}

fn load_tables(text: &str) -> Result<Vec<Table>, ContentError> {
    let file = "tables.json";
    let (_, entries) = list(file, text, "tables")?;
    let mut out: Vec<Option<Table>> = vec![None; RollKind::ALL.len()];
    for (i, v) in entries.into_iter().enumerate() {
        let name = entry_name("table", i, &v);
        let t: Table = parse(file, Some(&name), v)?;
        let fail = |field: String, m: &str| err(file, Some(&name), Some(&field), m);
        if !(1..=2).contains(&t.dice) {
            return Err(fail("dice".into(), "1 or 2 dice"));
        }
        if t.rows.is_empty() {
            return Err(fail("rows".into(), "a table has rows"));
        }
        let (lo, hi) = (i32::from(t.dice), 6 * i32::from(t.dice));
        if t.rows[0].min > lo || t.rows[t.rows.len() - 1].max < hi {
            return Err(fail("rows".into(), "the rows must cover every roll of the dice"));
        }
        for (r, row) in t.rows.iter().enumerate() {
            if row.min > row.max {
                return Err(fail(format!("rows[{r}].min"), "min is above max"));
            }
            if r > 0 && row.min != t.rows[r - 1].max + 1 {
                return Err(fail(format!("rows[{r}].min"), "rows must follow each other without gaps or overlaps"));
            }
            if !row.effect.fits(t.id) {
                return Err(fail(format!("rows[{r}].effect"), "this effect has no meaning on this table's roll"));
            }
        }
        let slot = &mut out[t.id.index()];
        if slot.is_some() {
            return Err(fail("id".into(), "a second table for this roll"));
        }
        *slot = Some(t);
    }
    out.into_iter()
        .zip(RollKind::ALL)
        .map(|(t, k)| t.ok_or_else(|| err(file, None, Some("tables"), format!("no table for the {k:?} roll"))))
        .collect()
}
