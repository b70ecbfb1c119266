//! The City, the factions, the action deck, the plans and the upgrades as
//! data, validated once at load.
//!
//! The facts come from `shared/reference/villains/` (the designer's own
//! online version, cross-checked with the rulebook); where the rulebook's
//! rules disagree, the rulebook wins (see the README). Effects are the
//! [`crate::effect`] vocabulary, interpreted by the engine, so a group can
//! feed its own transcription of the printed cards through
//! [`Content::from_files`] and get an error naming the file, the entry and
//! the field of any mistake:
//!
//! ```text
//! action-cards.json: card "Mobilize": field targets[1]: unknown area "sewer"
//! ```
//!
//! The state never holds records, only the typed indices at the end of this
//! module ([`AreaId`], [`FactionId`], [`CardId`], [`PlanId`], [`UpgradeId`]),
//! which serialize as the record's id so saved states read as names.

use crate::effect::{Effect, Ongoing, Place, Requirement, TokenType, Trigger, UnitType, Who};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::OnceLock;

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
            areas: include_str!("../content/areas.json"),
            factions: include_str!("../content/factions.json"),
            action_cards: include_str!("../content/action-cards.json"),
            plans: include_str!("../content/plans.json"),
            upgrades: include_str!("../content/upgrades.json"),
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
    pub attack: Vec<u8>,
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
    pub attack: Vec<u8>,
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

const AREAS_FILE: &str = "areas.json";
const FACTIONS_FILE: &str = "factions.json";
const CARDS_FILE: &str = "action-cards.json";
const PLANS_FILE: &str = "plans.json";
const UPGRADES_FILE: &str = "upgrades.json";

fn err(
    file: &'static str,
    entry: Option<&str>,
    field: Option<&str>,
    message: impl Into<String>,
) -> ContentError {
    ContentError {
        file,
        entry: entry.map(str::to_string),
        field: field.map(str::to_string),
        message: message.into(),
    }
}

/// Parses a file into its top-level object and checks its keys.
fn top(file: &'static str, text: &str, keys: &[&str]) -> Result<Map<String, Value>, ContentError> {
    let v: Value = serde_json::from_str(text)
        .map_err(|e| err(file, None, None, format!("not valid JSON: {e}")))?;
    let Value::Object(map) = v else {
        return Err(err(file, None, None, "expected an object at the top"));
    };
    for k in map.keys() {
        if !keys.contains(&k.as_str()) {
            return Err(err(
                file,
                None,
                None,
                format!(
                    "unknown top-level key \"{k}\" (expected {})",
                    keys.join(", ")
                ),
            ));
        }
    }
    for k in keys {
        if !map.contains_key(*k) {
            return Err(err(
                file,
                None,
                None,
                format!("missing top-level key \"{k}\""),
            ));
        }
    }
    Ok(map)
}

/// A top-level list.
fn list(
    file: &'static str,
    map: &mut Map<String, Value>,
    key: &str,
) -> Result<Vec<Value>, ContentError> {
    match map.remove(key) {
        Some(Value::Array(a)) => Ok(a),
        _ => Err(err(file, None, Some(key), "expected a list")),
    }
}

/// How an entry is named in messages: `kind "name"` (or its id, or its
/// position when it has neither).
fn label(kind: &str, i: usize, v: &Value) -> String {
    match v
        .get("name")
        .and_then(Value::as_str)
        .or_else(|| v.get("id").and_then(Value::as_str))
    {
        Some(n) => format!("{kind} \"{n}\""),
        None => format!("{kind} #{}", i + 1),
    }
}

/// Deserializes one entry, naming the field of a mistake.
fn parse<T: DeserializeOwned>(
    file: &'static str,
    entry: &str,
    field_prefix: &str,
    v: Value,
) -> Result<T, ContentError> {
    serde_path_to_error::deserialize(v).map_err(|e| {
        let path = e.path().to_string();
        let field = match (field_prefix.is_empty(), path == ".") {
            (true, true) => None,
            (true, false) => Some(path),
            (false, true) => Some(field_prefix.to_string()),
            (false, false) => Some(format!("{field_prefix}.{path}")),
        };
        ContentError {
            file,
            entry: (!entry.is_empty()).then(|| entry.to_string()),
            field,
            message: e.into_inner().to_string(),
        }
    })
}

/// Where effects are resolved, for the checks that depend on it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    /// In an area (local cards, tokens, skills): "this" is meaningful.
    InArea,
    /// Not tied to an area (global cards).
    Global,
}

struct Checker<'a> {
    file: &'static str,
    entry: &'a str,
    area_ids: &'a HashSet<String>,
}

impl Checker<'_> {
    fn fail(&self, field: &str, message: impl Into<String>) -> ContentError {
        err(self.file, Some(self.entry), Some(field), message)
    }

    fn area(&self, field: &str, id: &str) -> Result<(), ContentError> {
        if self.area_ids.contains(id) {
            Ok(())
        } else {
            Err(self.fail(field, format!("unknown area \"{id}\"")))
        }
    }

    fn effects(&self, field: &str, effects: &[Effect], ctx: Context) -> Result<(), ContentError> {
        for (i, e) in effects.iter().enumerate() {
            let f = format!("{field}[{i}]");
            self.effect(&f, e, ctx)?;
        }
        Ok(())
    }

    fn effect(&self, f: &str, e: &Effect, ctx: Context) -> Result<(), ContentError> {
        use crate::effect::{Max, SacrificeCount};
        if ctx == Context::Global {
            let mut this = None;
            e.places(&mut |p, pl| {
                if pl == Place::This && this.is_none() {
                    this = Some(p.to_string());
                }
            });
            if let Some(p) = this {
                return Err(self.fail(
                    &format!("{f}.{p}"),
                    "\"this\" area in a global effect (make the card local)",
                ));
            }
            let global_here = matches!(e, Effect::Sacrifice(s) if s.who != Who::EveryPlayer);
            if e.needs_area() || global_here {
                return Err(self.fail(f, "this effect acts on \"this area\"; a global effect has none (make the card local)"));
            }
        }
        let positive = |field: &str, n: u8| {
            if n == 0 {
                Err(self.fail(&format!("{f}.{field}"), "must be at least 1"))
            } else {
                Ok(())
            }
        };
        let die = |field: &str, v: u8| {
            if (1..=10).contains(&v) {
                Ok(())
            } else {
                Err(self.fail(
                    &format!("{f}.{field}"),
                    format!("{v} is not a d10 roll (1-10)"),
                ))
            }
        };
        match e {
            Effect::Gain(g) => positive("gain.resources", g.resources)?,
            Effect::Draw(n) => positive("draw", *n)?,
            Effect::OpponentsPay(n) => positive("opponents_pay", *n)?,
            Effect::OpponentsDiscard(n) => positive("opponents_discard", *n)?,
            Effect::Deploy(d) => {
                if let Max::Count(n) = d.max {
                    positive("deploy.max", n)?;
                    if d.min > n {
                        return Err(self.fail(
                            &format!("{f}.deploy.min"),
                            format!("{} is more than max {n}", d.min),
                        ));
                    }
                }
                if let Some(types) = &d.types
                    && types.is_empty()
                {
                    return Err(self.fail(
                        &format!("{f}.deploy.types"),
                        "an empty list allows no unit; leave it out for all",
                    ));
                }
            }
            Effect::MoveUnits(m) => {
                if let Max::Count(n) = m.max {
                    positive("move_units.max", n)?;
                }
                if m.max == Max::Word(crate::effect::MaxWord::DeployLimit) {
                    return Err(self.fail(
                        &format!("{f}.move_units.max"),
                        "moves are not limited by the deploy limit",
                    ));
                }
            }
            Effect::Attacks(a) => {
                positive("attacks.count", a.count)?;
                die("attacks.value", a.value)?;
            }
            Effect::Hits(h) => positive("hits.count", h.count)?,
            Effect::Sacrifice(s) => {
                if let SacrificeCount::Count(n) = s.count {
                    positive("sacrifice.count", n)?;
                }
            }
            Effect::MaySacrificeOwnUnit { then } => {
                if then.is_empty() {
                    return Err(self.fail(
                        &format!("{f}.may_sacrifice_own_unit.then"),
                        "nothing follows the sacrifice",
                    ));
                }
                self.effects(&format!("{f}.may_sacrifice_own_unit.then"), then, ctx)?;
            }
            Effect::ForbidUntilCleanup(v) if v.is_empty() => {
                return Err(self.fail(&format!("{f}.forbid_until_cleanup"), "forbids nothing"));
            }
            Effect::PlaceFromReserves(p) if p.own == 0 && p.one_opponent == 0 => {
                return Err(self.fail(&format!("{f}.place_from_reserves"), "places no unit"));
            }
            Effect::ActAs(v) if v.is_empty() => {
                return Err(self.fail(&format!("{f}.act_as"), "names no token type"));
            }
            Effect::RevealTopCard(r) => self.area(
                &format!("{f}.reveal_top_card.play_free_in"),
                &r.play_free_in,
            )?,
            Effect::CancelHit(c) => positive("cancel_hit.cost", c.cost)?,
            _ => {}
        }
        Ok(())
    }

    fn ongoing(&self, field: &str, rules: &[Ongoing]) -> Result<(), ContentError> {
        for (i, o) in rules.iter().enumerate() {
            let f = format!("{field}[{i}]");
            match o {
                Ongoing::PeekEnemyTargets {
                    count,
                    all_if_controls,
                } => {
                    if *count == 0 {
                        return Err(self.fail(
                            &format!("{f}.peek_enemy_targets.count"),
                            "must be at least 1",
                        ));
                    }
                    if let Some(a) = all_if_controls {
                        self.area(&format!("{f}.peek_enemy_targets.all_if_controls"), a)?;
                    }
                }
                Ongoing::PatsyAttack(dice) => {
                    for (j, v) in dice.iter().enumerate() {
                        if !(1..=10).contains(v) {
                            return Err(self.fail(
                                &format!("{f}.patsy_attack[{j}]"),
                                format!("{v} is not a d10 roll (1-10)"),
                            ));
                        }
                    }
                }
                Ongoing::DeployLimit(0)
                | Ongoing::AttackModifier(0)
                | Ongoing::DefenceModifier(0)
                | Ongoing::Influence(0) => {
                    return Err(self.fail(&f, "a change of 0 changes nothing"));
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn triggers(
        &self,
        field: &str,
        triggers: &[Trigger],
        allowed: fn(crate::effect::When) -> bool,
        what: &str,
    ) -> Result<(), ContentError> {
        for (i, t) in triggers.iter().enumerate() {
            let f = format!("{field}[{i}]");
            if !allowed(t.when) {
                return Err(self.fail(
                    &format!("{f}.when"),
                    format!("{:?} is not a trigger {what} can have", t.when),
                ));
            }
            if t.effects.is_empty() {
                return Err(self.fail(&format!("{f}.effects"), "a trigger with no effect"));
            }
            self.effects(&format!("{f}.effects"), &t.effects, Context::InArea)?;
            self.trigger_shape(&f, t)?;
        }
        Ok(())
    }

    /// The shapes the engine interprets for the triggers that wait on a
    /// choice (`abilities`).
    fn trigger_shape(&self, f: &str, t: &Trigger) -> Result<(), ContentError> {
        use crate::effect::{Effect, Max, UnitCost, When};
        if t.when == When::Cleanup {
            let mut healed = false;
            for (j, e) in t.effects.iter().enumerate() {
                match e {
                    Effect::Heal(_) => healed = true,
                    Effect::Deploy(d)
                        if healed
                            && d.once_per_area
                            && d.to == crate::effect::Place::This
                            && d.max == Max::Count(1)
                            && d.unit_cost == UnitCost::Free => {}
                    _ => {
                        return Err(self.fail(
                            &format!("{f}.effects[{j}]"),
                            "at Cleanup a champion heals, then may deploy one unit free once \
                             per area where it healed (heal, then deploy to \"this\", max 1, \
                             free, once_per_area)",
                        ));
                    }
                }
            }
        }
        for (j, e) in t.effects.iter().enumerate() {
            let fits = match e {
                Effect::CancelHit(_) => t.when == When::HitAssignedHere,
                Effect::UnitAttack(u) if u.attacker == crate::effect::Attacker::ThisUnit => {
                    t.when == When::ExhaustedForSkill && u.into == crate::effect::Place::Adjacent
                }
                _ => true,
            };
            if !fits {
                return Err(self.fail(
                    &format!("{f}.effects[{j}]"),
                    "a hit is cancelled only when assigned here (hit_assigned_here); the \
                     champion's own attack only into an adjacent area after a skill \
                     (exhausted_for_skill)",
                ));
            }
        }
        let chosen_one = |e: &Effect| {
            matches!(
                e,
                Effect::Sacrifice(crate::effect::Sacrifice {
                    who: Who::ChosenOpponentWithUnitsHere,
                    count: crate::effect::SacrificeCount::Count(1),
                })
            )
        };
        if t.when == When::ChampionDeployed
            && !t.effects.iter().all(|e| {
                matches!(e, Effect::Attacks(a) if a.place == crate::effect::Place::This)
            })
        {
            return Err(self.fail(
                &format!("{f}.effects"),
                "when the champion is deployed the upgrade's only effect is attacks in \"this\" \
                 area",
            ));
        }
        if t.when == When::LeavesArea && !t.effects.iter().all(chosen_one) {
            return Err(self.fail(
                &format!("{f}.effects"),
                "when a champion leaves an area the only effect is one sacrifice by an opponent \
                 chosen there (sacrifice, who chosen_opponent_with_units_here, count 1)",
            ));
        }
        if t.when == When::HitAssignedHere
            && !t.effects.iter().all(|e| matches!(e, Effect::CancelHit(_)))
        {
            return Err(self.fail(
                &format!("{f}.effects"),
                "when a hit is assigned here the only effect is cancel_hit",
            ));
        }
        Ok(())
    }
}

fn attack_dice(c: &Checker, field: &str, dice: &[u8]) -> Result<(), ContentError> {
    for (j, v) in dice.iter().enumerate() {
        if !(1..=10).contains(v) {
            return Err(c.fail(
                &format!("{field}[{j}]"),
                format!("{v} is not a d10 roll (1-10)"),
            ));
        }
    }
    Ok(())
}

fn unique(
    file: &'static str,
    what: &str,
    seen: &mut HashSet<String>,
    entry: &str,
    id: &str,
) -> Result<(), ContentError> {
    if id.is_empty() {
        return Err(err(file, Some(entry), Some("id"), "empty id"));
    }
    if !seen.insert(id.to_string()) {
        return Err(err(
            file,
            Some(entry),
            Some("id"),
            format!("the {what} id \"{id}\" is used twice"),
        ));
    }
    Ok(())
}

impl Content {
    /// Loads and validates a full set of content files (the embedded ones or
    /// a group's own transcription).
    ///
    /// # Errors
    /// The first mistake found, naming its file, entry and field.
    pub fn from_files(files: &ContentFiles) -> Result<Content, ContentError> {
        let (areas, capitol_tokens, area_ids) = Self::load_areas(files.areas)?;
        let (basic_tokens, factions) = Self::load_factions(files.factions, &area_ids)?;
        let (cards, deck) = Self::load_cards(files.action_cards, &area_ids, &areas)?;
        let faction_index: HashMap<String, FactionId> = factions
            .iter()
            .enumerate()
            .map(|(i, f)| (f.id.clone(), FactionId(i as u8)))
            .collect();
        let (plans, plan_faction) = Self::load_plans(files.plans, &faction_index)?;
        let (upgrades, upgrade_faction) =
            Self::load_upgrades(files.upgrades, &faction_index, &area_ids)?;

        let index: HashMap<&str, AreaId> = areas
            .iter()
            .enumerate()
            .map(|(i, a)| (a.id.as_str(), AreaId(i as u8)))
            .collect();
        let adjacency = areas
            .iter()
            .map(|a| a.adjacent.iter().map(|b| index[b.as_str()]).collect())
            .collect();
        let mut ids = HashMap::new();
        for (i, a) in areas.iter().enumerate() {
            ids.insert((Table::Area, a.id.clone()), i as u16);
        }
        for (i, f) in factions.iter().enumerate() {
            ids.insert((Table::Faction, f.id.clone()), i as u16);
        }
        let deck_keys: Vec<String> = deck.iter().map(|d| deck_key(&cards, d)).collect();
        for (i, k) in deck_keys.iter().enumerate() {
            ids.insert((Table::Deck, k.clone()), i as u16);
        }
        for (i, p) in plans.iter().enumerate() {
            ids.insert((Table::Plan, p.id.clone()), i as u16);
        }
        for (i, u) in upgrades.iter().enumerate() {
            ids.insert((Table::Upgrade, u.id.clone()), i as u16);
        }
        Ok(Content {
            areas,
            capitol_tokens,
            basic_tokens,
            factions,
            cards,
            deck,
            plans,
            plan_faction,
            upgrades,
            upgrade_faction,
            adjacency,
            deck_keys,
            ids,
        })
    }

    #[allow(clippy::type_complexity)]
    fn load_areas(
        text: &str,
    ) -> Result<(Vec<Area>, Vec<CapitolToken>, HashSet<String>), ContentError> {
        let f = AREAS_FILE;
        let mut map = top(f, text, &["capitol_tokens", "areas"])?;
        let tokens: Vec<CapitolToken> = parse(
            f,
            "",
            "capitol_tokens",
            map.remove("capitol_tokens").unwrap_or_default(),
        )?;
        if tokens.len() != TURNS {
            return Err(err(
                f,
                None,
                Some("capitol_tokens"),
                format!(
                    "{} capitol tokens; the game has {TURNS}, one per turn",
                    tokens.len()
                ),
            ));
        }
        for (i, t) in tokens.iter().enumerate() {
            if t.turn as usize != i + 1 {
                return Err(err(
                    f,
                    None,
                    Some(&format!("capitol_tokens[{i}].turn")),
                    format!("expected turn {}, found {}", i + 1, t.turn),
                ));
            }
        }
        let raw = list(f, &mut map, "areas")?;
        let mut areas = Vec::new();
        let mut seen = HashSet::new();
        for (i, v) in raw.into_iter().enumerate() {
            let entry = label("area", i, &v);
            let a: Area = parse(f, &entry, "", v)?;
            unique(f, "area", &mut seen, &entry, &a.id)?;
            areas.push((entry, a));
        }
        if areas.len() != AREAS {
            return Err(err(
                f,
                None,
                Some("areas"),
                format!("{} areas; the City has {AREAS}", areas.len()),
            ));
        }
        let by_id: HashMap<&str, &Area> = areas.iter().map(|(_, a)| (a.id.as_str(), a)).collect();
        for (entry, a) in &areas {
            let c = Checker {
                file: f,
                entry,
                area_ids: &seen,
            };
            if a.token_spaces < 5 {
                return Err(c.fail(
                    "token_spaces",
                    format!(
                        "{} spaces: five players need 5 for a combat marker",
                        a.token_spaces
                    ),
                ));
            }
            if a.adjacent.is_empty() {
                return Err(c.fail("adjacent", "an area joined to no other"));
            }
            let mut adj = HashSet::new();
            for (j, b) in a.adjacent.iter().enumerate() {
                let field = format!("adjacent[{j}]");
                c.area(&field, b)?;
                if b == &a.id {
                    return Err(c.fail(&field, "an area is not adjacent to itself"));
                }
                if !adj.insert(b) {
                    return Err(c.fail(&field, format!("\"{b}\" is listed twice")));
                }
                if !by_id[b.as_str()].adjacent.contains(&a.id) {
                    return Err(c.fail(
                        &field,
                        format!(
                            "\"{b}\" does not list \"{}\" as adjacent (adjacency goes both ways)",
                            a.id
                        ),
                    ));
                }
            }
            c.ongoing("control.ongoing", &a.control.ongoing)?;
            if a.skill.effects.is_empty() {
                return Err(c.fail("skill.effects", "a skill ability that does nothing"));
            }
            c.effects("skill.effects", &a.skill.effects, Context::InArea)?;
        }
        let capitols = areas
            .iter()
            .filter(|(_, a)| a.control.ongoing.contains(&Ongoing::CollectCapitolToken))
            .count();
        if capitols != 1 {
            return Err(err(
                f,
                None,
                Some("areas"),
                format!(
                    "{capitols} areas collect the capitol token; exactly one (the Capitol) must"
                ),
            ));
        }
        Ok((areas.into_iter().map(|(_, a)| a).collect(), tokens, seen))
    }

    #[allow(clippy::type_complexity)]
    fn load_factions(
        text: &str,
        area_ids: &HashSet<String>,
    ) -> Result<(BTreeMap<TokenType, BasicToken>, Vec<Faction>), ContentError> {
        let f = FACTIONS_FILE;
        let mut map = top(f, text, &["basic_tokens", "factions"])?;
        let basic: BTreeMap<TokenType, BasicToken> = parse(
            f,
            "",
            "basic_tokens",
            map.remove("basic_tokens").unwrap_or_default(),
        )?;
        for t in TokenType::ALL {
            let Some(b) = basic.get(&t) else {
                return Err(err(
                    f,
                    None,
                    Some("basic_tokens"),
                    format!("the {} token is missing", t.word()),
                ));
            };
            let entry = format!("basic token \"{}\"", b.name);
            let c = Checker {
                file: f,
                entry: &entry,
                area_ids,
            };
            if b.effects.is_empty() {
                return Err(c.fail("effects", "a token that does nothing"));
            }
            c.effects("effects", &b.effects, Context::InArea)?;
        }
        let raw = list(f, &mut map, "factions")?;
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        for (i, v) in raw.into_iter().enumerate() {
            let entry = label("faction", i, &v);
            let fa: Faction = parse(f, &entry, "", v)?;
            unique(f, "faction", &mut seen, &entry, &fa.id)?;
            let c = Checker {
                file: f,
                entry: &entry,
                area_ids,
            };
            if fa.energy > fa.energy_max {
                return Err(c.fail(
                    "energy",
                    format!(
                        "{} is past the energy track's end ({})",
                        fa.energy, fa.energy_max
                    ),
                ));
            }
            if fa.captured_markers.is_empty() {
                return Err(c.fail("captured_markers", "no space to capture markers in"));
            }
            for (j, p) in fa.passives.iter().enumerate() {
                c.ongoing(&format!("passives[{j}].ongoing"), &p.ongoing)?;
                c.triggers(
                    &format!("passives[{j}].triggers"),
                    &p.triggers,
                    crate::effect::When::on_faction,
                    "a passive",
                )?;
            }
            if fa.units.contains_key(&UnitType::Champion) {
                return Err(c.fail(
                    "units.champion",
                    "the champion has its own entry, \"champion\"",
                ));
            }
            for (t, u) in &fa.units {
                let field = format!("units.{}", t.word());
                if u.count == 0 {
                    return Err(c.fail(
                        &format!("{field}.count"),
                        "leave out a unit type the faction lacks instead of a count of 0",
                    ));
                }
                attack_dice(&c, &format!("{field}.attack"), &u.attack)?;
            }
            let ch = &fa.champion;
            if ch.count == 0 {
                return Err(c.fail("champion.count", "every faction has its champion"));
            }
            attack_dice(&c, "champion.attack", &ch.attack)?;
            c.triggers(
                "champion.triggers",
                &ch.triggers,
                crate::effect::When::on_champion,
                "a champion",
            )?;
            c.ongoing("champion.ongoing", &ch.ongoing)?;
            for t in fa.tokens.keys() {
                if fa.tokens[t] == 0 {
                    return Err(c.fail(
                        &format!("tokens.{}", t.word()),
                        "leave out a token type the faction lacks instead of a count of 0",
                    ));
                }
            }
            let u = &fa.unique_token;
            if u.count == 0 {
                return Err(c.fail("unique_token.count", "every faction has its unique token"));
            }
            if u.activatable
                && u.effects.is_empty()
                && u.ongoing.is_empty()
                && u.triggers.is_empty()
            {
                return Err(c.fail("unique_token", "an activatable token that does nothing"));
            }
            if !u.activatable
                && (!u.effects.is_empty()
                    || !u.ongoing.is_empty()
                    || !u.triggers.is_empty()
                    || u.influence > 0)
            {
                return Err(c.fail(
                    "unique_token.activatable",
                    "a token that is never activated can have no effect or influence",
                ));
            }
            c.effects("unique_token.effects", &u.effects, Context::InArea)?;
            c.ongoing("unique_token.ongoing", &u.ongoing)?;
            c.triggers(
                "unique_token.triggers",
                &u.triggers,
                crate::effect::When::on_token,
                "a token",
            )?;
            out.push(fa);
        }
        if out.len() != FACTIONS {
            return Err(err(
                f,
                None,
                Some("factions"),
                format!("{} factions; the game has {FACTIONS}", out.len()),
            ));
        }
        Ok((basic, out))
    }

    fn load_cards(
        text: &str,
        area_ids: &HashSet<String>,
        areas: &[Area],
    ) -> Result<(Vec<Card>, Vec<DeckCard>), ContentError> {
        let f = CARDS_FILE;
        let mut map = top(f, text, &["cards"])?;
        let raw = list(f, &mut map, "cards")?;
        let mut cards = Vec::new();
        let mut deck = Vec::new();
        let mut seen = HashSet::new();
        let mut names = HashSet::new();
        for (i, v) in raw.into_iter().enumerate() {
            let entry = label("card", i, &v);
            let card: Card = parse(f, &entry, "", v)?;
            unique(f, "card", &mut seen, &entry, &card.id)?;
            if !names.insert(card.name.clone()) {
                return Err(err(
                    f,
                    Some(&entry),
                    Some("name"),
                    "two cards share this name",
                ));
            }
            let c = Checker {
                file: f,
                entry: &entry,
                area_ids,
            };
            if card.targets.is_empty() {
                return Err(c.fail(
                    "targets",
                    "no copy: list one target (or null) per physical card",
                ));
            }
            for (j, t) in card.targets.iter().enumerate() {
                if let Some(t) = t {
                    c.area(&format!("targets[{j}]"), t)?;
                    if areas.iter().any(|a| {
                        &a.id == t && a.control.ongoing.contains(&Ongoing::CollectCapitolToken)
                    }) {
                        return Err(
                            c.fail(&format!("targets[{j}]"), "the Capitol is never a target")
                        );
                    }
                }
                let target = t
                    .as_ref()
                    .map(|t| AreaId(areas.iter().position(|a| &a.id == t).unwrap_or(0) as u8));
                deck.push(DeckCard {
                    design: cards.len() as u16,
                    copy: (j + 1) as u8,
                    target,
                });
            }
            match card.kind {
                CardType::Event if !card.ongoing.is_empty() => {
                    return Err(c.fail(
                        "ongoing",
                        "an event resolves once; standing rules belong to rule cards",
                    ));
                }
                CardType::Event if card.effects.is_empty() => {
                    return Err(c.fail("effects", "an event that does nothing"));
                }
                CardType::Rule if card.effects.is_empty() && card.ongoing.is_empty() => {
                    return Err(c.fail("ongoing", "a rule card that does nothing"));
                }
                _ => {}
            }
            let ctx = if card.scope == Scope::Local {
                Context::InArea
            } else {
                Context::Global
            };
            c.effects("effects", &card.effects, ctx)?;
            c.ongoing("ongoing", &card.ongoing)?;
            cards.push(card);
        }
        if deck.len() != ACTION_CARDS {
            return Err(err(
                f,
                None,
                Some("cards"),
                format!(
                    "{} cards in the deck; the rulebook's deck has {ACTION_CARDS}",
                    deck.len()
                ),
            ));
        }
        if deck.iter().all(|d| d.target.is_none()) {
            return Err(err(
                f,
                None,
                Some("cards"),
                "no card has a target: setup could not place the setup marker",
            ));
        }
        Ok((cards, deck))
    }

    fn load_plans(
        text: &str,
        factions: &HashMap<String, FactionId>,
    ) -> Result<(Vec<Plan>, Vec<FactionId>), ContentError> {
        let f = PLANS_FILE;
        let mut map = top(f, text, &["factions"])?;
        let raw = list(f, &mut map, "factions")?;
        let mut plans = Vec::new();
        let mut owner = Vec::new();
        let mut seen = HashSet::new();
        let mut done = HashSet::new();
        for (i, mut v) in raw.into_iter().enumerate() {
            let fid = v.get("faction").and_then(Value::as_str).map(str::to_string);
            let entry = match &fid {
                Some(id) => format!("faction \"{id}\""),
                None => format!("faction #{}", i + 1),
            };
            let Some(fid) = fid else {
                return Err(err(f, Some(&entry), Some("faction"), "missing faction id"));
            };
            let Some(&faction) = factions.get(&fid) else {
                return Err(err(
                    f,
                    Some(&entry),
                    Some("faction"),
                    format!("unknown faction \"{fid}\""),
                ));
            };
            if !done.insert(faction) {
                return Err(err(
                    f,
                    Some(&entry),
                    Some("faction"),
                    "this faction's plans are listed twice",
                ));
            }
            let Some(obj) = v.as_object_mut() else {
                unreachable!("has a faction field")
            };
            if let Some(k) = obj.keys().find(|k| *k != "faction" && *k != "plans") {
                return Err(err(
                    f,
                    Some(&entry),
                    None,
                    format!("unknown field `{k}`, expected `faction` or `plans`"),
                ));
            }
            let Some(Value::Array(list)) = obj.remove("plans") else {
                return Err(err(f, Some(&entry), Some("plans"), "expected a list"));
            };
            if list.len() != PLANS_PER_FACTION {
                return Err(err(
                    f,
                    Some(&entry),
                    Some("plans"),
                    format!("{} plans; each faction has {PLANS_PER_FACTION}", list.len()),
                ));
            }
            for (j, pv) in list.into_iter().enumerate() {
                let pentry = label("plan", j, &pv);
                let p: Plan = parse(f, &pentry, "", pv)?;
                unique(f, "plan", &mut seen, &pentry, &p.id)?;
                if p.objectives.is_empty() {
                    return Err(err(
                        f,
                        Some(&pentry),
                        Some("objectives"),
                        "a plan with no objective",
                    ));
                }
                for (k, o) in p.objectives.iter().enumerate() {
                    if o.pp == 0 {
                        return Err(err(
                            f,
                            Some(&pentry),
                            Some(&format!("objectives[{k}].pp")),
                            "an objective scores at least 1 PP",
                        ));
                    }
                    if o.requires.is_empty() {
                        return Err(err(
                            f,
                            Some(&pentry),
                            Some(&format!("objectives[{k}].requires")),
                            "an objective requires something",
                        ));
                    }
                }
                plans.push(p);
                owner.push(faction);
            }
        }
        if let Some(missing) = factions
            .iter()
            .filter(|(_, id)| !done.contains(id))
            .map(|(k, _)| k.as_str())
            .min()
        {
            return Err(err(
                f,
                None,
                Some("factions"),
                format!("no plans for faction \"{missing}\""),
            ));
        }
        Ok((plans, owner))
    }

    fn load_upgrades(
        text: &str,
        factions: &HashMap<String, FactionId>,
        area_ids: &HashSet<String>,
    ) -> Result<(Vec<Upgrade>, Vec<FactionId>), ContentError> {
        let f = UPGRADES_FILE;
        let mut map = top(f, text, &["upgrades"])?;
        let raw = list(f, &mut map, "upgrades")?;
        let mut out = Vec::new();
        let mut owner = Vec::new();
        let mut seen = HashSet::new();
        let mut levels = HashSet::new();
        for (i, v) in raw.into_iter().enumerate() {
            let entry = label("upgrade", i, &v);
            let u: Upgrade = parse(f, &entry, "", v)?;
            unique(f, "upgrade", &mut seen, &entry, &u.id)?;
            let c = Checker {
                file: f,
                entry: &entry,
                area_ids,
            };
            let Some(&faction) = factions.get(&u.faction) else {
                return Err(c.fail("faction", format!("unknown faction \"{}\"", u.faction)));
            };
            if !(1..=2).contains(&u.level) {
                return Err(c.fail(
                    "level",
                    format!("level {}; upgrades are level 1 or 2", u.level),
                ));
            }
            if !levels.insert((faction, u.level)) {
                return Err(c.fail(
                    "level",
                    format!("\"{}\" already has a level {} upgrade", u.faction, u.level),
                ));
            }
            if u.ongoing.is_empty() && u.triggers.is_empty() {
                return Err(c.fail("ongoing", "an upgrade that does nothing"));
            }
            c.ongoing("ongoing", &u.ongoing)?;
            c.triggers(
                "triggers",
                &u.triggers,
                crate::effect::When::on_faction,
                "an upgrade",
            )?;
            out.push(u);
            owner.push(faction);
        }
        if out.len() != UPGRADES {
            return Err(err(
                f,
                None,
                Some("upgrades"),
                format!(
                    "{} upgrades; the game has {UPGRADES}, two per faction",
                    out.len()
                ),
            ));
        }
        Ok((out, owner))
    }

    /// Areas adjacent to `a`.
    pub fn adjacent(&self, a: AreaId) -> &[AreaId] {
        &self.adjacency[a.index()]
    }

    /// The area with this id.
    pub fn area_id(&self, id: &str) -> Option<AreaId> {
        self.lookup(Table::Area, id).map(|i| AreaId(i as u8))
    }

    /// The faction with this id.
    pub fn faction_id(&self, id: &str) -> Option<FactionId> {
        self.lookup(Table::Faction, id).map(|i| FactionId(i as u8))
    }

    /// The physical card with this id (`<design>-<copy>`).
    pub fn card_id(&self, id: &str) -> Option<CardId> {
        self.lookup(Table::Deck, id).map(CardId)
    }

    /// The plan with this id.
    pub fn plan_id(&self, id: &str) -> Option<PlanId> {
        self.lookup(Table::Plan, id).map(PlanId)
    }

    /// The upgrade with this id.
    pub fn upgrade_id(&self, id: &str) -> Option<UpgradeId> {
        self.lookup(Table::Upgrade, id).map(|i| UpgradeId(i as u8))
    }

    fn lookup(&self, t: Table, id: &str) -> Option<u16> {
        self.ids.get(&(t, id.to_string())).copied()
    }

    /// Every area, in area order.
    pub fn area_ids(&self) -> impl Iterator<Item = AreaId> + use<> {
        (0..self.areas.len() as u8).map(AreaId)
    }

    /// The Capitol: the area whose controller collects the capitol tokens.
    pub fn capitol(&self) -> AreaId {
        AreaId(
            self.areas
                .iter()
                .position(|a| a.control.ongoing.contains(&Ongoing::CollectCapitolToken))
                .unwrap_or(0) as u8,
        )
    }

    /// A faction's plans.
    pub fn plans_of(&self, f: FactionId) -> impl Iterator<Item = PlanId> + '_ {
        self.plan_faction
            .iter()
            .enumerate()
            .filter(move |(_, x)| **x == f)
            .map(|(i, _)| PlanId(i as u16))
    }

    /// A faction's upgrade of this level.
    pub fn upgrade_of(&self, f: FactionId, level: u8) -> Option<UpgradeId> {
        (0..self.upgrades.len())
            .find(|&i| self.upgrade_faction[i] == f && self.upgrades[i].level == level)
            .map(|i| UpgradeId(i as u8))
    }
}

fn deck_key(cards: &[Card], d: &DeckCard) -> String {
    format!("{}-{}", cards[d.design as usize].id, d.copy)
}

/// The content every match uses: the embedded files, validated once.
///
/// # Panics
/// If the embedded content is invalid (a test guards it).
pub fn content() -> &'static Content {
    static C: OnceLock<Content> = OnceLock::new();
    C.get_or_init(|| {
        Content::from_files(&ContentFiles::embedded()).unwrap_or_else(|e| panic!("{e}"))
    })
}

macro_rules! content_id {
    ($name:ident, $inner:ty, $lookup:ident, $what:literal, |$c:ident, $i:ident| $key:expr) => {
        #[doc = concat!("A ", $what, ", by index into the content; serialized as its id.")]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub $inner);

        impl $name {
            /// Its index in the content's list.
            pub fn index(self) -> usize {
                self.0 as usize
            }

            /// Its id string.
            pub fn key_string(self) -> String {
                let $c = content();
                let $i = self.index();
                $key
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.key_string())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                content()
                    .$lookup(&s)
                    .ok_or_else(|| serde::de::Error::custom(format!("no {} with id '{s}'", $what)))
            }
        }
    };
}

content_id!(AreaId, u8, area_id, "area", |c, i| c.areas[i].id.clone());
content_id!(FactionId, u8, faction_id, "faction", |c, i| c.factions[i]
    .id
    .clone());
content_id!(CardId, u16, card_id, "action card", |c, i| deck_key(
    &c.cards, &c.deck[i]
));
content_id!(PlanId, u16, plan_id, "plan", |c, i| c.plans[i].id.clone());
content_id!(UpgradeId, u8, upgrade_id, "upgrade", |c, i| c.upgrades[i]
    .id
    .clone());

impl AreaId {
    /// The area's record.
    pub fn area(self) -> &'static Area {
        &content().areas[self.index()]
    }
}

impl FactionId {
    /// The faction's record.
    pub fn faction(self) -> &'static Faction {
        &content().factions[self.index()]
    }
}

impl CardId {
    /// The physical card.
    pub fn deck_card(self) -> DeckCard {
        content().deck[self.index()]
    }

    /// The card's design.
    pub fn card(self) -> &'static Card {
        &content().cards[self.deck_card().design as usize]
    }

    /// The area at its top, if any.
    pub fn target(self) -> Option<AreaId> {
        self.deck_card().target
    }
}

impl backroom_engine::Keyed for CardId {
    /// The physical card's id (`public-backlash-3`), so a forced deck order
    /// names exactly which copy comes out.
    fn key(&self) -> &str {
        &content().deck_keys[self.index()]
    }
}

impl PlanId {
    /// The plan's record.
    pub fn plan(self) -> &'static Plan {
        &content().plans[self.index()]
    }

    /// Whose plan it is.
    pub fn faction(self) -> FactionId {
        content().plan_faction[self.index()]
    }
}

impl backroom_engine::Keyed for PlanId {
    fn key(&self) -> &str {
        &self.plan().id
    }
}

impl UpgradeId {
    /// The upgrade's record.
    pub fn upgrade(self) -> &'static Upgrade {
        &content().upgrades[self.index()]
    }
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
