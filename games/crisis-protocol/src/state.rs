//! The match state: where the game is (digest §1.1–1.3), the squads, the
//! characters on the battlefield with their ⚡, damage and conditions, and
//! the objective tokens. Positions are kept on a 1/1024" grid
//! ([`crate::geometry::quantize`]) so a stored match round-trips exactly.

use crate::content::{Character, Condition, Crisis as CrisisCard, GeometryConfig, Keyword, Power, content};
use crate::geometry::{Disc, Piece, Pt, pieces_of};
use backroom_engine::Seat;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

/// Where the match is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Engine version 4: both players secretly commit a roster (public at
    /// once with the `open_rosters` option).
    Rosters,
    /// Engine version 4: both players confirm the proposed terrain layout,
    /// or ask for another.
    Battlefield,
    /// Engine version 4: the priority player picks the crisis deck (Secure
    /// or Extraction) it draws from.
    DeckChoice,
    /// The non-priority player picks which crisis card's Maximum Threat applies.
    ThreatChoice,
    /// The non-priority player picks an edge; the priority player takes
    /// the opposite one; then the crisis tokens are placed.
    EdgeChoice,
    /// Engine version 4: each player places its own crisis card's tokens
    /// within the area the card allows (priority player's card first).
    MissionSetup,
    /// Both players secretly commit a squad (revealed together).
    SquadBuild,
    /// Alternating deployment, priority player first.
    Deployment,
    /// After deployment, players with several qualifying leaders each pick
    /// one, priority player first.
    Leadership,
    /// Alternating activations (the Power phase and Cleanup run by themselves).
    Activation,
    /// The match is over.
    Over,
}

/// A table edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Edge {
    /// y = 0.
    South,
    /// y = table.
    North,
    /// x = 0.
    West,
    /// x = table.
    East,
}

impl Edge {
    /// All four.
    pub const ALL: [Edge; 4] = [Edge::South, Edge::North, Edge::West, Edge::East];

    /// The opposite edge.
    pub fn opposite(self) -> Edge {
        match self {
            Edge::South => Edge::North,
            Edge::North => Edge::South,
            Edge::West => Edge::East,
            Edge::East => Edge::West,
        }
    }

    /// Distance from a point to this edge on a table of side `t`.
    pub fn dist(self, p: Pt, t: f64) -> f64 {
        match self {
            Edge::South => p[1],
            Edge::North => t - p[1],
            Edge::West => p[0],
            Edge::East => t - p[0],
        }
    }

    /// A point given on a crisis card (y = 0 at this edge) on the table.
    pub fn from_card(self, p: Pt, t: f64) -> Pt {
        match self {
            Edge::South => p,
            Edge::North => [t - p[0], t - p[1]],
            Edge::West => [p[1], t - p[0]],
            Edge::East => [t - p[1], p[0]],
        }
    }

    /// The point at `along` inches along this edge and `off` inches in.
    pub fn point(self, along: f64, off: f64, t: f64) -> Pt {
        self.from_card([along, off], t)
    }
}

/// A character on the battlefield.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Model {
    /// Content id of its stat card.
    pub card: String,
    /// Its player.
    pub owner: Seat,
    /// Placed yet.
    pub deployed: bool,
    /// Base centre.
    pub pos: Pt,
    /// Injured side up.
    pub injured: bool,
    /// Dazed token.
    pub dazed: bool,
    /// Knocked out and removed.
    pub ko: bool,
    /// Damage suffered.
    pub damage: u8,
    /// ⚡ (0..=10).
    pub power: u8,
    /// Special conditions.
    pub conditions: Vec<Condition>,
    /// Activated token.
    pub activated: bool,
}

impl Model {
    /// Its stat card.
    pub fn card(&self) -> &'static Character {
        content().character(&self.card).expect("a model's card is in the content")
    }

    /// Its Stamina on the side up.
    pub fn stamina(&self) -> u8 {
        let c = self.card();
        if self.injured { c.sides.injured.stamina } else { c.sides.healthy.stamina }
    }

    /// Its Size.
    pub fn size(&self) -> u8 {
        self.card().sides.healthy.size
    }

    /// Its base.
    pub fn disc(&self, g: &GeometryConfig) -> Disc {
        Disc { c: self.pos, r: self.card().base_diameter_mm / g.mm_per_inch / 2.0 }
    }

    /// On the battlefield (deployed and not KO'd).
    pub fn present(&self) -> bool {
        self.deployed && !self.ko
    }

    /// Ready: may activate this round.
    pub fn ready(&self) -> bool {
        self.present() && !self.activated && !self.dazed
    }

    /// Has the condition.
    pub fn has(&self, c: Condition) -> bool {
        self.conditions.contains(&c)
    }

    /// Flight or Wall Crawler.
    pub fn flies(&self) -> bool {
        let k = &self.card().sides.healthy.keywords;
        k.contains(&Keyword::Flight) || k.contains(&Keyword::WallCrawler)
    }

    /// The interpreted effects of its superpowers (none while Dazed).
    pub fn powers(&self) -> impl Iterator<Item = &'static Power> + '_ {
        let on = !self.dazed;
        self.card().sides.healthy.superpowers.iter().filter(move |_| on).flat_map(|s| s.effects.iter())
    }

    /// Gains ⚡, honouring Stun and the maximum of 10.
    pub fn gain_power(&mut self, n: u8) -> u8 {
        let n = if self.has(Condition::Stun) { n.min(1) } else { n };
        let before = self.power;
        self.power = (self.power + n).min(10);
        self.power - before
    }
}

/// An objective token.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Token {
    /// Which crisis card (0 Secure, 1 Extraction).
    pub crisis: usize,
    /// Its index on that card.
    pub index: usize,
    /// Where it lies (when not held).
    pub pos: Pt,
    /// The model holding it.
    pub holder: Option<usize>,
    /// The player whose control token is on it.
    pub control: Option<Seat>,
}

/// The character activating now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Activation {
    /// The model.
    pub model: usize,
    /// Actions taken (of 2).
    pub actions: u8,
    /// Move actions taken.
    pub moves: u8,
    /// Tokens interacted with this activation.
    pub interacted: Vec<usize>,
    /// Superpowers used this activation (each once per turn).
    #[serde(default)]
    pub used: Vec<String>,
    /// Extra attack dice for the rest of the activation.
    #[serde(default)]
    pub bonus_dice: u8,
    /// Extra non-attack actions (Adrenaline).
    #[serde(default)]
    pub extra_actions: u8,
    /// Interaction range (1 unless a card widens it).
    #[serde(default)]
    pub interact_range: u8,
    /// Coordinated Strike: +1 attack die per other ally within R`[0]` of
    /// the target, at most `[1]`, for the rest of the activation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coordinated: Option<[u8; 2]>,
}

/// The last attack, as everyone saw it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AttackRecord {
    /// Attacker model.
    pub attacker: usize,
    /// Target model.
    pub target: usize,
    /// The attack's name.
    pub attack: String,
    /// Final attack dice.
    pub attack_dice: Vec<Face>,
    /// Final defense dice.
    pub defense_dice: Vec<Face>,
    /// Cover applied.
    pub cover: bool,
    /// Damage dealt.
    pub damage: u8,
}

/// An attack waiting on the defender's reactions (the TARGETED window).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingAttack {
    /// The attacker.
    pub attacker: usize,
    /// Index of the attack on its card.
    pub attack: usize,
    /// Enemies still to attack, in order.
    pub queue: Vec<usize>,
    /// The target whose window is open.
    pub current: Option<usize>,
    /// Allies in range of a beam or area (suffer 1 afterwards).
    pub allies: Vec<usize>,
    /// Reactions used in this window (superpower names, card ids).
    pub used: Vec<String>,
    /// Extra defense dice from reactions.
    pub extra_defense: u8,
    /// Defense rerolls from reactions.
    pub defense_rerolls: u8,
    /// The target whose after-attack window is open (Counterblow).
    #[serde(default)]
    pub after: Option<usize>,
    /// The target has cover from a reaction (Take Cover).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cover: bool,
    /// Defense rerolls declared when targeted, by ability (engine version
    /// 6: Danger Sense), used in the modify step.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub declared: Vec<(String, u8)>,
    /// The modify step under way (engine version 6): the rolled dice wait
    /// for the players' rerolls.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modify: Option<Modify>,
    /// A beam's or area's enemies wait for the attacker to choose the
    /// order they are attacked in (engine version 6).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ordering: bool,
    /// The named target an attack's text attacks first (house
    /// `namedTargetFirst`), already first in `queue`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<usize>,
}

impl PendingAttack {
    /// `attacker`'s attack number `attack` as it opens: no target under way,
    /// nothing used, declared or modified yet.
    pub fn opening(attacker: usize, attack: usize) -> Self {
        PendingAttack {
            attacker,
            attack,
            queue: Vec::new(),
            current: None,
            allies: Vec::new(),
            used: Vec::new(),
            extra_defense: 0,
            defense_rerolls: 0,
            after: None,
            cover: false,
            declared: Vec::new(),
            modify: None,
            ordering: false,
            first: None,
        }
    }

    /// The character whose player answers the open reaction window, if any
    /// (none while dice are modified or targets ordered).
    pub fn window(&self) -> Option<usize> {
        if self.modify.is_some() || self.ordering {
            return None;
        }
        self.after.or(self.current)
    }
}

/// The modify step of one attack (Appendix A, step 9; engine version 6):
/// the attacker applies its rerolls to the attack roll, then the defender
/// its rerolls to the defense roll (then cover). Each player chooses which
/// ability first and which dice; each die remembers the abilities that
/// rerolled it, since the same ability never rerolls a die twice but a
/// different one may ("Modifying Dice").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Modify {
    /// The attack dice.
    pub attack_dice: Vec<Face>,
    /// The defense dice.
    pub defense_dice: Vec<Face>,
    /// For each attack die, the abilities that have rerolled it.
    pub attack_by: Vec<Vec<String>>,
    /// For each defense die, the abilities that have rerolled it.
    pub defense_by: Vec<Vec<String>>,
    /// The defender modifies now (step 9 a.ii), else the attacker (a.i).
    pub defender: bool,
    /// The reroll abilities the side modifying has left: name and dice.
    pub sources: Vec<(String, u8)>,
    /// Cover applies once the defender's rerolls are done.
    pub cover: bool,
    /// Dice rerolled so far: attack, defense.
    pub rerolled: [u8; 2],
    /// An attack made with no reaction window of its own (engine version
    /// 7): a strike back or an Overwatch attack; absent for the pending
    /// attack's own target.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<SideAttack>,
}

/// An attack made outside the attack action's own flow (engine version 7),
/// modified through the players' prompts like any other: Counterblow's
/// strike back (while the attack it answers waits) or an Overwatch attack
/// (while the mover's action waits to be counted).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideAttack {
    /// The character attacking.
    pub attacker: usize,
    /// Index of the attack on its card.
    pub attack: usize,
    /// The character attacked.
    pub target: usize,
    /// An Overwatch attack (else a strike back).
    pub overwatch: bool,
}

/// A reaction waiting on its player, outside the TARGETED window: the
/// effect that raised it has resolved as far as it could (see
/// `rules::reactions`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reaction {
    /// An enemy (`mover`) ended an advance within range of ready allies of
    /// `seat` (Overwatch); the mover's action is counted once answered.
    Overwatch {
        /// The player who may react.
        seat: Seat,
        /// The character that advanced.
        mover: usize,
    },
    /// A dodge was rolled; its damage is suffered once answered (Evasive
    /// Roll rerolls the dice).
    Dodge {
        /// The dodging character.
        model: usize,
        /// The dodge dice after any automatic rerolls.
        dice: Vec<Face>,
        /// The incoming damage.
        incoming: u8,
        /// For each die, the abilities that have rerolled it (engine
        /// version 7).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        by: Vec<Vec<String>>,
        /// The reroll abilities the dodger has left: name and dice (engine
        /// version 7; Tactician-like abilities within range).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        sources: Vec<(String, u8)>,
    },
    /// A dropped token the opponent of its holder places within R2 of
    /// where the holder was (engine version 3).
    PlaceToken {
        /// The player placing it.
        seat: Seat,
        /// The token.
        token: usize,
        /// The holder's centre when it dropped the token.
        from: Pt,
        /// The holder's base radius.
        r: f64,
    },
    /// An Injured character would be KO'd (Last Stand); it is set aside
    /// (KO'd, still holding its tokens) until answered.
    LastStand {
        /// The character.
        model: usize,
    },
}

/// A face of the eight-sided die (rolled by `rules::dice`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Face {
    /// Critical: a success for both sides; adds a die in the initial roll.
    Critical,
    /// Wild: a success for both sides.
    Wild,
    /// Hit: an attack success.
    Hit,
    /// Block: a defense success.
    Block,
    /// Blank.
    Blank,
    /// Failure: can't be rerolled or modified.
    Failure,
}

impl Face {
    /// The face of a die showing `n` (1..=8; out-of-range forced values
    /// read as blank).
    pub fn of(n: u8) -> Face {
        match n {
            1 => Face::Critical,
            2 => Face::Wild,
            3 | 4 => Face::Hit,
            5 => Face::Block,
            8 => Face::Failure,
            _ => Face::Blank,
        }
    }

    /// A success when attacking.
    pub fn attack_success(self) -> bool {
        matches!(self, Face::Critical | Face::Wild | Face::Hit)
    }

    /// A success when defending or dodging.
    pub fn defense_success(self) -> bool {
        matches!(self, Face::Critical | Face::Wild | Face::Block)
    }

    /// The short letter the digest writes (C, W, H, B, _, F).
    pub fn letter(self) -> char {
        match self {
            Face::Critical => 'C',
            Face::Wild => 'W',
            Face::Hit => 'H',
            Face::Block => 'B',
            Face::Blank => '_',
            Face::Failure => 'F',
        }
    }
}

/// Options a host may set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// House limit: a match still tied after this round (at least 6) is a draw.
    pub max_rounds: u8,
    /// Rosters are public as soon as they are committed (the digest's
    /// "open rosters" setting); by default they stay secret until both are in.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub open_rosters: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { max_rounds: 8, open_rosters: false }
    }
}

/// The first engine version playing the full setup (see `versions`).
pub const FULL_SETUP: u32 = 4;

/// A roster (engine version 4): the characters and Team Tactic cards a
/// player may build squads from. The crisis decks are the whole house decks
/// (three of each kind, the roster's size), so they are not chosen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Roster {
    /// Character ids, sorted.
    pub characters: Vec<String>,
    /// Team Tactic card ids, sorted.
    pub tactics: Vec<String>,
}

/// The terrain pieces of this state's layout with the destroyed ones gone
/// (a generated layout's always, a content set's once a piece is
/// destroyed), built once per state and rebuilt after a change. Owned by
/// the state, never stored (the layout's specification and `destroyed`
/// are); shared between clones, so cloning a state stays cheap.
#[derive(Clone, Debug, Default)]
pub struct BuiltPieces(OnceLock<Arc<[Piece]>>);

impl PartialEq for BuiltPieces {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// The whole match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Crisis {
    /// Engine version it was started under.
    pub version: u32,
    /// Lobby options.
    pub options: Options,
    /// Where the match is.
    pub phase: Phase,
    /// Round 1.. (0 before the first).
    pub round: u8,
    /// The player with priority.
    pub priority: Seat,
    /// Victory points per seat.
    pub vp: [u8; 2],
    /// The two crisis cards in play: Secure, then Extraction (ids).
    pub crises: [String; 2],
    /// Maximum Threat chosen (0 until chosen).
    pub max_threat: u8,
    /// The crisis card whose Maximum Threat was chosen.
    pub threat_card: Option<usize>,
    /// Each seat's edge, once chosen.
    #[serde(default)]
    pub edges: Option<[Edge; 2]>,
    /// Terrain layout id (a content terrain set, or `generated`).
    pub layout: String,
    /// The pieces of a generated layout (empty for a content set).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<crate::content::cards::TerrainPiece>,
    /// Built from `terrain` on first use.
    #[serde(skip)]
    pub built: BuiltPieces,
    /// Layouts proposed after the first (bounded, see `rules::battlefield`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub layout_changes: u8,
    /// Who has confirmed the layout on the table.
    #[serde(default, skip_serializing_if = "no_seat")]
    pub layout_confirmed: [bool; 2],
    /// Each seat's roster once committed (engine version 4).
    #[serde(default, skip_serializing_if = "no_roster")]
    pub rosters: [Option<Roster>; 2],
    /// The player who drew each crisis card in play (engine version 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crisis_owner: Option<[Seat; 2]>,
    /// Tokens still to be placed by their card's player, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub to_place: Vec<usize>,
    /// Each seat's committed squad (character ids), secret until both are in.
    pub squads: [Option<Vec<String>>; 2],
    /// Each seat's Team Tactic cards committed with its squad (secret until
    /// the reveal, then its hand, public).
    #[serde(default)]
    pub tactics: [Vec<String>; 2],
    /// Team Tactic cards played (discarded), public.
    #[serde(default)]
    pub discards: Vec<String>,
    /// Characters, once squads are revealed.
    pub models: Vec<Model>,
    /// Objective tokens.
    pub tokens: Vec<Token>,
    /// Whose turn it is (deployment and activations).
    pub turn: Seat,
    /// The activation under way.
    pub activation: Option<Activation>,
    /// The player who activated last this round.
    pub last_activator: Option<Seat>,
    /// An attack waiting on the defender's reactions.
    #[serde(default)]
    pub pending_attack: Option<PendingAttack>,
    /// Reactions waiting, oldest first (Overwatch, Evasive Roll, Last Stand).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reactions: Vec<Reaction>,
    /// Terrain pieces destroyed (indices in the layout).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub destroyed: Vec<usize>,
    /// Each seat's chosen leader (when several qualified).
    #[serde(default, skip_serializing_if = "is_none2")]
    pub leaders: [Option<usize>; 2],
    /// The last piece of terrain thrown, as everyone saw it: the piece and
    /// the direction in degrees.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_throw: Option<(usize, f64)>,
    /// Extra defense dice for each seat's contesting characters until
    /// Cleanup (Hold Together).
    #[serde(default, skip_serializing_if = "is_zero2")]
    pub contest_defense: [u8; 2],
    /// The last attack, for everyone to read.
    pub last_attack: Option<AttackRecord>,
    /// The result: `Some(Some(seat))` a win, `Some(None)` a draw.
    pub result: Option<Option<Seat>>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn no_seat(b: &[bool; 2]) -> bool {
    !b[0] && !b[1]
}

fn no_roster(r: &[Option<Roster>; 2]) -> bool {
    r[0].is_none() && r[1].is_none()
}

fn is_none2(v: &[Option<usize>; 2]) -> bool {
    v.iter().all(Option::is_none)
}

fn is_zero2(v: &[u8; 2]) -> bool {
    *v == [0, 0]
}

/// The pieces of a content terrain set, built once from the loaded content
/// (immutable and bounded by the sets shipped: one entry per set).
pub fn layout_pieces(id: &str) -> &'static [Piece] {
    static L: OnceLock<Vec<(String, Vec<Piece>)>> = OnceLock::new();
    let all = L.get_or_init(|| content().terrain_sets.iter().map(|s| (s.id.clone(), pieces_of(&s.pieces))).collect());
    all.iter().find(|(i, _)| i == id).map(|(_, p)| p.as_slice()).unwrap_or(&[])
}

impl Crisis {
    /// The geometry constants.
    pub fn geo(&self) -> &'static GeometryConfig {
        &content().geometry
    }

    /// The terrain on the battlefield.
    ///
    /// A content set with nothing destroyed is the set's own pieces;
    /// otherwise they are built once into this state's [`BuiltPieces`] (a
    /// destroyed piece keeps its index, since terrain is named by index,
    /// but lies far off the table, so it touches, blocks and covers
    /// nothing). Whatever changes the layout or `destroyed` empties that
    /// cache ([`Crisis::destroy_piece`], [`Crisis::set_terrain`]).
    pub fn pieces(&self) -> &[Piece] {
        if self.terrain.is_empty() && self.destroyed.is_empty() {
            return layout_pieces(&self.layout);
        }
        self.built.0.get_or_init(|| {
            let mut pieces =
                if self.terrain.is_empty() { layout_pieces(&self.layout).to_vec() } else { pieces_of(&self.terrain) };
            for &i in &self.destroyed {
                if let Some(p) = pieces.get_mut(i) {
                    *p = Piece::gone();
                }
            }
            pieces.into()
        })
    }

    /// Destroys a piece of terrain (it keeps its index, off the table).
    pub fn destroy_piece(&mut self, i: usize) {
        if !self.destroyed.contains(&i) {
            self.destroyed.push(i);
            self.destroyed.sort_unstable();
            self.built = BuiltPieces::default();
        }
    }

    /// Replaces the terrain with a generated layout.
    pub fn set_terrain(&mut self, pieces: Vec<crate::content::cards::TerrainPiece>) {
        self.layout = "generated".into();
        self.terrain = pieces;
        self.built = BuiltPieces::default();
    }

    /// The terrain layout's pieces as content (the clients draw these).
    pub fn terrain_spec(&self) -> Vec<crate::content::cards::TerrainPiece> {
        if self.terrain.is_empty() {
            content().terrain_sets.iter().find(|s| s.id == self.layout).map(|s| s.pieces.clone()).unwrap_or_default()
        } else {
            self.terrain.clone()
        }
    }

    /// Whether the match plays the full setup (engine version 4).
    /// The question is the state's (its version), so the state answers it
    /// and `versions` reads it from here.
    pub fn full_setup(&self) -> bool {
        self.version >= FULL_SETUP
    }

    /// A crisis card in play.
    pub fn crisis_card(&self, i: usize) -> &'static CrisisCard {
        content().crises.iter().find(|c| c.id == self.crises[i]).expect("crisis in content")
    }

    /// Every present base but `skip`.
    pub fn other_discs(&self, skip: usize) -> Vec<Disc> {
        let g = self.geo();
        self.models.iter().enumerate().filter(|(i, m)| *i != skip && m.present()).map(|(_, m)| m.disc(g)).collect()
    }

    /// The piece a model stands on.
    pub fn on(&self, m: usize) -> Option<usize> {
        crate::geometry::standing_on(self.geo(), self.models[m].disc(self.geo()), self.pieces())
    }

    /// Effective Size: its Size plus that of the terrain it stands on.
    pub fn eff_size(&self, m: usize) -> u8 {
        self.models[m].size() + self.on(m).map_or(0, |p| self.pieces()[p].size)
    }

    /// Ready characters of a seat.
    pub fn ready_count(&self, seat: Seat) -> usize {
        self.models.iter().filter(|m| m.owner == seat && m.ready()).count()
    }

    /// Where a token is now (its holder's centre when held).
    pub fn token_pos(&self, t: usize) -> Pt {
        let tok = &self.tokens[t];
        tok.holder.map_or(tok.pos, |h| self.models[h].pos)
    }

    /// Tokens a model holds.
    pub fn held_by(&self, m: usize) -> impl Iterator<Item = usize> + '_ {
        self.tokens.iter().enumerate().filter(move |(_, t)| t.holder == Some(m)).map(|(i, _)| i)
    }

    /// The seat's active leadership effects: a leader on the battlefield
    /// whose affiliation more than half of the squad shares.
    pub fn leadership(&self, seat: Seat) -> Vec<&'static Power> {
        if let Some(l) = self.leaders[usize::from(seat)] {
            let m = &self.models[l];
            return match (&m.card().leadership, m.present()) {
                (Some(x), true) => x.effects.iter().collect(),
                _ => Vec::new(),
            };
        }
        let squad: Vec<&Model> = self.models.iter().filter(|m| m.owner == seat).collect();
        let mut out = Vec::new();
        for m in squad.iter().filter(|m| m.present()) {
            if let Some(l) = &m.card().leadership {
                let members = squad.iter().filter(|x| x.card().affiliations.contains(&l.affiliation)).count();
                if members * 2 > squad.len() {
                    out.extend(l.effects.iter());
                    break; // one leadership for the whole game
                }
            }
        }
        out
    }

    /// The other seat.
    pub fn other(seat: Seat) -> Seat {
        1 - seat
    }
}
