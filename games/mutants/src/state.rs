//! The table: every player's board (and the boss's), the power track, the
//! round, and the stack of work still to resolve.
//!
//! Abilities nest (a Leave copies a Deploy that Cycles and asks for a
//! discard), so resolution is a stack of [`Task`]s: the engine pops and
//! performs tasks until the top one needs a seat's decision, and the state
//! then simply *is* that question. A saved match therefore resumes in the
//! middle of an ability, and a refused answer changes nothing.

use crate::content::{Ability, CardId, CopyFrom, Effect, FreezeFrom, GainTo, content};
use backroom_engine::Seat;
use serde::{Deserialize, Serialize};

/// How Gene Pools are formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum PoolMode {
    /// The main mode: a blind draft.
    #[default]
    Draft,
    /// The four Preconstructed lists, dealt at random.
    Preconstructed,
    /// Each seat builds its own 12 (Uprising always does).
    Constructed,
}

/// Options a host may set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// How Gene Pools are formed (2–4 players).
    pub gene_pools: PoolMode,
    /// The boss of a solo game.
    pub boss: String,
    /// Extra challenge "Super Tough": the boss starts with 10 more Life.
    pub super_tough: bool,
    /// Extra challenge "Restricted Gene Pool": no Advanced Mutant with this
    /// gene in constructed Gene Pools (a gene's name, or empty for none).
    pub restricted_gene: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            gene_pools: PoolMode::Draft,
            boss: "singularity-wizard".into(),
            super_tough: false,
            restricted_gene: String::new(),
        }
    }
}

/// An Arena slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    /// Left Mutant Slot.
    Left,
    /// Active Mutant Slot.
    Active,
    /// Right Mutant Slot.
    Right,
}

impl Slot {
    /// Index into the arena.
    pub fn i(self) -> usize {
        match self {
            Slot::Left => 0,
            Slot::Active => 1,
            Slot::Right => 2,
        }
    }
    /// The three, left to right.
    pub const ALL: [Slot; 3] = [Slot::Left, Slot::Active, Slot::Right];
    /// Its name in text.
    pub fn name(self) -> &'static str {
        match self {
            Slot::Left => "Left",
            Slot::Active => "Active",
            Slot::Right => "Right",
        }
    }
    /// The wire name.
    pub fn key(self) -> &'static str {
        match self {
            Slot::Left => "left",
            Slot::Active => "active",
            Slot::Right => "right",
        }
    }
}

/// A card in an Arena slot; a knocked-down card lies face down and keeps
/// its public identity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    /// The card.
    pub card: CardId,
    /// False once knocked down.
    pub face_up: bool,
}

/// A card in the Cryo Freezer. `public` when it was frozen from a public
/// zone (the Arena, the discard, the Gene Pool) and so named in the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frozen {
    /// The card.
    pub card: CardId,
    /// Known to everyone.
    pub public: bool,
}

/// One player's board, or the boss's (which has no hand, incubator,
/// freezer or Gene Pool).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Board {
    /// Hand (kept sorted; the order tells nothing).
    pub hand: Vec<CardId>,
    /// Deck, top first.
    pub deck: Vec<CardId>,
    /// Discard, bottom first (face up).
    pub discard: Vec<CardId>,
    /// Left, Active, Right.
    pub arena: [Option<Placed>; 3],
    /// At most one incubated Mutant.
    pub incubator: Option<CardId>,
    /// Cryo Freezer.
    pub freezer: Vec<Frozen>,
    /// Gene Pool: three stacks, top first; only the top is face up.
    pub pool: [Vec<CardId>; 3],
    /// Victory Points.
    pub score: i32,
    /// When the score marker last arrived on its space (later = on top).
    pub score_stamp: u32,
    /// The Mutant leaving the Arena, its Leave ability resolving.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limbo: Option<CardId>,
    /// Cards the last Cycle discarded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub just_discarded: Vec<CardId>,
}

impl Board {
    /// The face-up card in a slot.
    pub fn up(&self, s: Slot) -> Option<CardId> {
        self.arena[s.i()].filter(|p| p.face_up).map(|p| p.card)
    }
    /// Hand sorted after a change.
    pub fn sort_hand(&mut self) {
        self.hand.sort();
    }
    /// Removes one copy of `c` from the hand.
    pub fn take_from_hand(&mut self, c: CardId) -> bool {
        match self.hand.iter().position(|h| *h == c) {
            Some(i) => {
                self.hand.remove(i);
                true
            }
            None => false,
        }
    }
}

/// What "this Mutant" refers to while an ability resolves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum This {
    /// Nothing (an attacked player's hit).
    Nothing,
    /// The card in this Arena slot.
    Slot(Slot),
    /// The card leaving the Arena.
    Limbo,
}

/// One piece of work on the resolution stack. Tasks marked *asks* wait for
/// the deciding seat's answer when they reach the top.
///
/// Fields: `s` is the board whose ability or turn it is (a seat, or the
/// boss's board); `this` what "this Mutant" names; `slot` the slot of the
/// resolving card (an Attack's "the slot this card was in").
#[allow(missing_docs, reason = "the fields of each task are documented on the task")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "task", rename_all = "snake_case")]
pub enum Task {
    /// A seat's turn begins (Crush the Competition, then the phases).
    StartTurn { s: u8 },
    /// Move Active Mutant (asks when both side slots are full, or both empty).
    MovePhase { s: u8 },
    /// Take Action (asks: deploy, breed or incubate).
    AwaitAction { s: u8 },
    /// The turn is over: who plays next, or the end of the round.
    EndTurn { s: u8 },
    /// Resolve effects in order for side `s`.
    Run { s: u8, this: This, slot: Option<Slot>, effects: Vec<Effect> },
    /// Resolve one effect for side `s`.
    Do { s: u8, this: This, slot: Option<Slot>, effect: Effect },
    /// Discard from hand (asks).
    DiscardHand { s: u8, n: u8 },
    /// Freeze a card (asks).
    Freeze { s: u8, from: FreezeFrom, may: bool, this: This },
    /// Gain a face-up Mutant of the Gene Pool (asks).
    Gain { s: u8, to: GainTo },
    /// "You may discard ... to ..." (asks).
    Pay { s: u8, discard: u8, then: Vec<Effect>, this: This, slot: Option<Slot> },
    /// Take a Mutant from discard to hand (asks).
    TakeFromDiscard { s: u8 },
    /// Copy an ability (asks).
    Copy { s: u8, ability: Ability, from: CopyFrom, this: This, slot: Option<Slot> },
    /// One attacked opponent: Block or suffer the hit.
    AttackOne { attacker: u8, target: u8, hit: Vec<Effect>, slot: Option<Slot> },
    /// Choose which Block to activate (asks).
    BlockChoice { target: u8 },
    /// A Mutant leaves the Arena: its Leave resolves before it is discarded.
    Leave { s: u8, slot: Slot },
    /// The leaving Mutant goes to the discard (unless its Leave moved it).
    FinishLeave { s: u8, card: CardId },
    /// The Active Mutant moves to a side slot.
    MoveActive { s: u8, to: Slot },
    /// Deploy the top card of the deck (Transform; the boss's Play Card).
    DeployTop { s: u8 },
    /// Draw cards; `cycle`: then discard as many as were drawn.
    Draw { s: u8, n: u8, cycle: bool, drawn: u8 },
    /// An empty deck: freeze a card of the discard, reshuffle (asks).
    ForcedFreeze { s: u8 },
    /// End of Round.
    RoundEnd,
    /// Reset Power Markers and start the next round.
    StartRound,
    /// The boss's turn (Check for Crush, Push Active Card, Play Card).
    BossTurn,
}

impl Task {
    /// The side whose decision this task waits for, if it asks.
    pub fn asker(&self) -> Option<u8> {
        match self {
            Task::MovePhase { s }
            | Task::AwaitAction { s }
            | Task::DiscardHand { s, .. }
            | Task::Freeze { s, .. }
            | Task::Gain { s, .. }
            | Task::Pay { s, .. }
            | Task::TakeFromDiscard { s }
            | Task::Copy { s, .. }
            | Task::ForcedFreeze { s } => Some(*s),
            Task::BlockChoice { target } => Some(*target),
            _ => None,
        }
    }
}

/// The draft: packs by holder, picks so far, this pick's secret commits.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Draft {
    /// Pick number, from 1.
    pub pick: u8,
    /// The pack each seat holds.
    pub packs: Vec<Vec<CardId>>,
    /// Each seat's picks.
    pub picks: Vec<Vec<CardId>>,
    /// This pick's commits.
    pub commits: Vec<Option<CardId>>,
    /// Designs not dealt (back in the box).
    pub boxed: Vec<CardId>,
}

/// Where the match is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Drafting Gene Pools (all seats at once).
    Draft,
    /// Constructing Gene Pools (all seats at once, secretly).
    Construct {
        /// Each seat's submitted list.
        commits: Vec<Option<Vec<CardId>>>,
    },
    /// Mulligan, one seat at a time from the first player.
    Mulligan {
        /// The seat deciding.
        seat: u8,
        /// Seats done.
        done: u8,
    },
    /// Rounds of turns.
    Play,
    /// The game is over.
    Over,
}

/// The boss of a solo game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BossState {
    /// Index into the content's bosses.
    pub id: usize,
    /// Life left.
    pub life: i32,
    /// Starting Life.
    pub start_life: i32,
}

/// The final result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Final {
    /// Places, first to last.
    pub ranking: Vec<Vec<Seat>>,
    /// Scores per seat.
    pub scores: Vec<i64>,
    /// One sentence.
    pub summary: String,
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Mutants {
    /// Seats (1 = Uprising).
    pub seats: u8,
    /// Boards: the seats', then the boss's in solo.
    pub boards: Vec<Board>,
    /// Power track: each cell a stack of markers, bottom first (marker = board index).
    pub track: Vec<Vec<u8>>,
    /// Round, from 1.
    pub round: u8,
    /// First player of the game.
    pub first: u8,
    /// Whose turn it is (a board index).
    pub turn: u8,
    /// Where the match is.
    pub phase: Phase,
    /// The draft, while drafting.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draft: Option<Draft>,
    /// Work still to resolve, top last.
    pub stack: Vec<Task>,
    /// The boss, in solo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boss: Option<BossState>,
    /// The gene banned from constructed Gene Pools (Restricted Gene Pool).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restricted: Option<crate::content::Gene>,
    /// The last answer to an ability's question, as everyone may know it
    /// (a card frozen from hand reads "hand"): a public choice stays in
    /// the view, not only in the log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_choice: Option<(u8, String)>,
    /// Arrival counter of score markers.
    pub stamp: u32,
    /// The Preconstructed list each seat plays, in that mode.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lists: Vec<String>,
    /// The result, once over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Final>,
    /// The card whose ability resolves now (set by each effect it
    /// performs), so that a question names the card asking it. Public: a
    /// Mutant in an Arena slot or leaving it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asked_by: Option<CardId>,
}

impl Mutants {
    /// The boss's board index, in solo.
    pub fn boss_side(&self) -> Option<u8> {
        self.boss.as_ref().map(|_| self.seats)
    }
    /// True for the boss's board.
    pub fn is_boss(&self, s: u8) -> bool {
        self.boss.is_some() && s == self.seats
    }
    /// Number of markers on the track.
    pub fn sides(&self) -> u8 {
        self.boards.len() as u8
    }
    /// The seat that decides for side `s` (the player decides for the boss).
    pub fn decider(&self, s: u8) -> Seat {
        if self.is_boss(s) { 0 } else { s }
    }
    /// Sides in turn order starting from `from`.
    pub fn order_from(&self, from: u8) -> impl Iterator<Item = u8> + '_ {
        let n = self.sides();
        (0..n).map(move |i| (from + i) % n)
    }
    /// Opponents of `s`, in turn order after `s`.
    pub fn opponents(&self, s: u8) -> Vec<u8> {
        self.order_from(s).filter(|o| *o != s).collect()
    }
    /// `(cell, height)` of a marker.
    pub fn pos(&self, s: u8) -> (usize, usize) {
        for (c, stack) in self.track.iter().enumerate() {
            if let Some(h) = stack.iter().position(|m| *m == s) {
                return (c, h);
            }
        }
        (self.track.len() - 1, 0)
    }
    /// True when `a` is ahead of `b` (dominates it).
    pub fn ahead(&self, a: u8, b: u8) -> bool {
        let (ca, ha) = self.pos(a);
        let (cb, hb) = self.pos(b);
        ca < cb || (ca == cb && ha > hb)
    }
    /// Markers from first place to last.
    pub fn standing(&self) -> Vec<u8> {
        let mut v: Vec<u8> = (0..self.sides()).collect();
        v.sort_by_key(|s| {
            let (c, h) = self.pos(*s);
            (c, usize::MAX - h)
        });
        v
    }
    /// Fury: the marker is on the Fury Space.
    pub fn fury(&self, s: u8) -> bool {
        self.pos(s).0 == content().track.fury as usize
    }
    /// Dread: the marker is in the Dread Zone.
    pub fn dread(&self, s: u8) -> bool {
        self.pos(s).0 >= content().track.dread_from as usize
    }
    /// The current round's score indicator.
    pub fn round_score(&self) -> crate::content::RoundScore {
        let r = &content().rounds;
        r[(self.round as usize).clamp(1, r.len()) - 1]
    }
    /// Rounds in a game.
    pub fn last_round(&self) -> u8 {
        content().rounds.len() as u8
    }
    /// Text naming a side: a seat token, or the boss's name.
    pub fn who(&self, s: u8) -> String {
        match &self.boss {
            Some(b) if s == self.seats => content().bosses[b.id].name.clone(),
            _ => backroom_engine::seat_ref(s),
        }
    }
    /// Text naming a side with a verb that agrees.
    pub fn who_verb(&self, s: u8, third: &str, second: &str) -> String {
        match &self.boss {
            Some(b) if s == self.seats => format!("{} {third}", content().bosses[b.id].name),
            _ => backroom_engine::seat_verb(s, third, second),
        }
    }
    /// True once over.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }
}
