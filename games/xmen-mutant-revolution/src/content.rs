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

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    recruit: Vec<RecruitCard>,
    plot: Vec<PlotCard>,
    missions: Vec<MissionCard>,
    schools: Vec<School>,
    arena: Arena,
}

const EFFECT_OPS: &[&str] = &[
    "gain_hope",
    "lose_hope",
    "steal_hope",
    "gain_rp",
    "lose_rp",
    "gain_pp",
    "lose_pp",
    "draw",
    "power_token",
    "heal",
    "injure",
];
const COST_OPS: &[&str] = &["discard_own_student", "pay_hope"];
const POWERS: &[(&str, &str)] = &[
    ("plot", "gain_hope"),
    ("plot", "draw"),
    ("attack", "attack_dice"),
    ("attack", "range"),
    ("attack", "repeat_target"),
    ("attack", "allocate_damage"),
    ("after_move", "regain_stat"),
    ("action", "restore"),
];

impl Content {
    /// Reads and validates a whole content document: an object with
    /// `recruit`, `plot`, `missions`, `schools` and `arena`.
    ///
    /// # Errors
    /// A [`ContentError`] naming the record and what is wrong with it.
    pub fn from_json(text: &str) -> Result<Content, ContentError> {
        let raw: Raw = serde_json::from_str(text).map_err(|e| ContentError(e.to_string()))?;
        Self::from_raw(raw)
    }

    fn from_raw(raw: Raw) -> Result<Content, ContentError> {
        let bad = |m: String| Err(ContentError(m));
        let mut index = HashMap::new();
        let mut claim = |id: &str, k: Kind, i: usize| -> Result<(), ContentError> {
            if id.is_empty() {
                return Err(ContentError("a record has an empty id".into()));
            }
            if index.insert(id.to_string(), (k, i as u16)).is_some() {
                return Err(ContentError(format!("the id '{id}' is used twice")));
            }
            Ok(())
        };
        for (i, c) in raw.recruit.iter().enumerate() {
            claim(&c.id, Kind::Recruit, i)?;
            match c.kind {
                RecruitType::Hero | RecruitType::Student => {
                    for (n, v) in [("atk", c.atk), ("def", c.def), ("spd", c.spd), ("range", c.range)] {
                        if !(1..=6).contains(&v) {
                            return bad(format!("recruit card '{}': {n} must be 1 to 6, not {v}", c.id));
                        }
                    }
                    if c.power_limit == 0 {
                        return bad(format!("recruit card '{}': a Character needs a Power Token limit", c.id));
                    }
                    if c.power_limit < c.kind.arrival_tokens() {
                        return bad(format!(
                            "recruit card '{}': power_limit {} is below the {} Power Tokens a {} arrives with",
                            c.id,
                            c.power_limit,
                            c.kind.arrival_tokens(),
                            if c.kind == RecruitType::Hero { "Hero" } else { "Student" }
                        ));
                    }
                    check_powers(&c.id, &c.powers)?;
                }
                RecruitType::Training => {
                    if c.starting {
                        return bad(format!("recruit card '{}': a Training Card cannot be a starting Character", c.id));
                    }
                    match c.restriction.as_deref() {
                        None | Some("any" | "hero" | "student") => {}
                        Some(o) => {
                            return bad(format!("recruit card '{}': unknown restriction '{o}'", c.id));
                        }
                    }
                }
            }
        }
        let count = |t: RecruitType, s: bool| raw.recruit.iter().filter(|c| c.kind == t && (!s || c.starting)).count();
        if count(RecruitType::Hero, true) < 4 || count(RecruitType::Student, true) < 8 {
            return bad(format!(
                "the Recruit Deck needs at least 4 starting Heroes and 8 starting Students (1 Hero and 2 Students per School), it has {} and {}",
                count(RecruitType::Hero, true),
                count(RecruitType::Student, true)
            ));
        }
        for (i, p) in raw.plot.iter().enumerate() {
            claim(&p.id, Kind::Plot, i)?;
            if p.copies == 0 {
                return bad(format!("plot card '{}': copies must be at least 1", p.id));
            }
            if p.plot > 6 {
                return bad(format!("plot card '{}': a Plot Value above 6 can never be paid", p.id));
            }
            match p.kind {
                PlotKind::Event => {
                    if p.effects.is_empty() {
                        return bad(format!("plot card '{}': an Event needs at least one effect", p.id));
                    }
                    for e in &p.effects {
                        if !EFFECT_OPS.contains(&e.op.as_str()) {
                            return bad(format!(
                                "plot card '{}': unknown effect '{}' (known: {})",
                                p.id,
                                e.op,
                                EFFECT_OPS.join(", ")
                            ));
                        }
                        if !matches!(e.to.as_str(), "self" | "targets" | "all") {
                            return bad(format!(
                                "plot card '{}': effect '{}' goes to '{}', not self, targets or all",
                                p.id, e.op, e.to
                            ));
                        }
                        if e.to == "targets" && p.target == Target::None {
                            return bad(format!(
                                "plot card '{}': effect '{}' goes to targets but the card names none",
                                p.id, e.op
                            ));
                        }
                    }
                    for e in &p.cost {
                        if !COST_OPS.contains(&e.op.as_str()) {
                            return bad(format!(
                                "plot card '{}': unknown cost '{}' (known: {})",
                                p.id,
                                e.op,
                                COST_OPS.join(", ")
                            ));
                        }
                    }
                }
                PlotKind::Reaction => match p.trigger.as_deref() {
                    Some("cancel_event" | "cancel_reaction") => {}
                    Some("pc_attacked") => {
                        if p.effects.is_empty() || p.effects.iter().any(|e| e.op != "defense_dice" || e.amount == 0) {
                            return bad(format!(
                                "plot card '{}': a pc_attacked Reaction needs defense_dice effects with an amount",
                                p.id
                            ));
                        }
                    }
                    Some(t) if TRIGGERS.contains(&t) => {
                        if p.effects.is_empty() {
                            return bad(format!("plot card '{}': a {t} Reaction needs at least one effect", p.id));
                        }
                        for e in &p.effects {
                            if !TRIGGER_OPS.contains(&e.op.as_str()) || !matches!(e.to.as_str(), "self" | "actor") {
                                return bad(format!(
                                    "plot card '{}': a {t} Reaction's effects are {} to self or actor, not '{}' to '{}'",
                                    p.id,
                                    TRIGGER_OPS.join(", "),
                                    e.op,
                                    e.to
                                ));
                            }
                        }
                    }
                    other => {
                        return bad(format!(
                            "plot card '{}': a Reaction needs trigger cancel_event, cancel_reaction, pc_attacked, {}, not {other:?}",
                            p.id,
                            TRIGGERS.join(", ")
                        ));
                    }
                },
            }
        }
        if !raw.plot.iter().any(|p| p.kind == PlotKind::Event) {
            return bad("the Plot Deck has no Event".into());
        }
        for (i, m) in raw.missions.iter().enumerate() {
            claim(&m.id, Kind::Mission, i)?;
            let total: usize = m.tokens.iter().map(|t| t.count as usize).sum();
            if total == 0 || total > 12 {
                return bad(format!("mission '{}': it must place 1 to 12 Mission Tokens, not {total}", m.id));
            }
            for t in &m.tokens {
                if t.hp == 0 || t.moves == 0 || t.range == 0 {
                    return bad(format!(
                        "mission '{}': token '{}' needs hp, move and range of at least 1",
                        m.id, t.name
                    ));
                }
            }
            if m.max_characters == 1 {
                return bad(format!("mission '{}': a Mission for 1 Character ends before it starts", m.id));
            }
            if let Some(sp) = &m.special {
                if sp.hexes.is_empty() || sp.hexes.len() > 6 || sp.range > 3 {
                    return bad(format!(
                        "mission '{}': its Special Action needs 1 to 6 objective hexes and a range of 0 to 3",
                        m.id
                    ));
                }
                for (k, h) in sp.hexes.iter().enumerate() {
                    if !raw.arena.open(*h) || sp.hexes[..k].contains(h) {
                        return bad(format!(
                            "mission '{}': objective hex {h:?} is not a distinct open arena hex",
                            m.id
                        ));
                    }
                }
            }
            for r in &m.rewards {
                if r.criterion == "most_specials" && m.special.is_none() {
                    return bad(format!("mission '{}': the reward most_specials needs a Special Action", m.id));
                }
                if !matches!(r.criterion.as_str(), "most_damage" | "most_destroyed" | "most_specials") {
                    return bad(format!("mission '{}': unknown reward criterion '{}'", m.id, r.criterion));
                }
            }
        }
        if raw.missions.is_empty() {
            return bad("the Mission Deck is empty".into());
        }
        if raw.schools.len() != 4 {
            return bad(format!("there must be 4 Schools, not {}", raw.schools.len()));
        }
        for s in &raw.schools {
            if s.hand_size.len() != 7 {
                return bad(format!("school '{}': hand_size needs one entry per Revolution Point 0..6", s.id));
            }
            check_powers(&s.leader.id, &s.leader.powers)?;
            if !matches!(s.charter.op.as_str(), "range" | "attack_dice") {
                return bad(format!("school '{}': unknown Charter op '{}'", s.id, s.charter.op));
            }
            if s.leader.power_limit == 0 {
                return bad(format!("school '{}': the Leader needs a Power Token limit", s.id));
            }
        }
        check_arena(&raw)?;
        let mut raw = raw;
        raw.arena.fill_grid();
        Ok(Content {
            recruit: raw.recruit,
            plot: raw.plot,
            missions: raw.missions,
            schools: raw.schools,
            arena: raw.arena,
            index,
        })
    }

    /// The embedded default content as one JSON document (what a group
    /// would copy and edit).
    pub fn default_json() -> String {
        let parts = [
            include_str!("../content/recruit.json"),
            include_str!("../content/plot.json"),
            include_str!("../content/missions.json"),
            include_str!("../content/schools.json"),
            include_str!("../content/arena.json"),
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

fn check_powers(id: &str, powers: &[Power]) -> Result<(), ContentError> {
    for p in powers {
        if !POWERS.contains(&(p.timing.as_str(), p.op.as_str())) {
            return Err(ContentError(format!("'{id}': unknown power {}/{}", p.timing, p.op)));
        }
        if (p.timing == "plot" || p.timing == "action") && p.amount == 0 {
            return Err(ContentError(format!("'{id}': a {} power needs an amount", p.timing)));
        }
    }
    Ok(())
}

fn check_arena(raw: &Raw) -> Result<(), ContentError> {
    let a = &raw.arena;
    let bad = |m: String| Err(ContentError(format!("arena: {m}")));
    if let Some(h) = a.hexes.iter().find(|h| cell(**h).is_none()) {
        return bad(format!("hex {h:?} is outside -{GRID}..={GRID}"));
    }
    for o in &a.obstacles {
        if !a.hexes.contains(o) {
            return bad(format!("obstacle {o:?} is not an arena hex"));
        }
    }
    for n in 2..=4usize {
        let pos: Vec<[i32; 2]> = (0..n).map(|p| a.entry(p, n)).collect();
        for (i, h) in pos.iter().enumerate() {
            if !a.open(*h) {
                return bad(format!("position {} for {n} participants {h:?} is not an open hex", i + 1));
            }
            if pos[..i].contains(h) {
                return bad(format!("two positions share {h:?} for {n} participants"));
            }
        }
        if n >= 2 && !a.pos2.contains_key(&n.to_string()) {
            return bad(format!("no Position 2 Hex for {n} participants"));
        }
        if n >= 3 && !a.pos3.contains_key(&n.to_string()) {
            return bad(format!("no Position 3 Hex for {n} participants"));
        }
        for m in &raw.missions {
            for t in &m.tokens {
                let room = a
                    .hexes
                    .iter()
                    .filter(|h| a.open(**h) && pos.iter().all(|p| distance(*p, **h) >= t.min_distance as i32))
                    .count();
                if room < t.count as usize {
                    return bad(format!(
                        "mission '{}': only {room} hexes are {} or more from the {n} positions, {} tokens '{}' must go there",
                        m.id, t.min_distance, t.count, t.name
                    ));
                }
            }
        }
    }
    // Connected: every open hex reachable from Position 1.
    let open: Vec<[i32; 2]> = a.hexes.iter().copied().filter(|h| a.open(*h)).collect();
    let mut seen = vec![a.pos1];
    let mut i = 0;
    while i < seen.len() {
        for n in neighbours(seen[i]) {
            if a.open(n) && !seen.contains(&n) {
                seen.push(n);
            }
        }
        i += 1;
    }
    if seen.len() != open.len() {
        return bad(format!("{} open hexes cannot be reached from Position 1", open.len() - seen.len()));
    }
    Ok(())
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
