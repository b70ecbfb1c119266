//! The state of a match: the two sides' decks, hands and discards, every
//! card in play as a [`Piece`], where the turn is ([`Phase`]), the work
//! still to do this turn ([`Task`]) and the decision awaited ([`Stage`]).
//!
//! Seat 0 plays the Heroes, seat 1 the Villain. Cards in play get a public
//! number (`uid`) when they enter play, so nothing hidden is ever numbered.

use crate::content::{CardId, Find, Kind, RollKind};
use backroom_engine::{LogEntry, Seat};
use serde::{Deserialize, Serialize};

/// The Heroes' seat.
pub const HERO: Seat = 0;
/// The Villain's seat.
pub const VILLAIN: Seat = 1;

/// The other seat.
pub fn other(seat: Seat) -> Seat {
    1 - seat
}

/// The public number of a card in play.
pub type Uid = u16;

/// One side's cards out of play.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    /// Top first. Hidden from both seats.
    pub deck: Vec<CardId>,
    /// Hidden from the opponent (its count is public).
    pub hand: Vec<CardId>,
    /// Public, oldest first.
    pub discard: Vec<CardId>,
}

/// A card in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    /// Public number.
    pub uid: Uid,
    /// The card.
    pub card: CardId,
    /// Whose deck it came from (where it is discarded).
    pub owner: Seat,
    /// Who controls it now (Lure and Manipulations change this).
    pub side: Seat,
    /// The Unit it is attached to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<Uid>,
    /// Wound counters.
    #[serde(default)]
    pub wounds: u8,
    /// Invention Markers (Fight +1 each).
    #[serde(default)]
    pub markers: u8,
    /// Minion tokens (on a Mastermind).
    #[serde(default)]
    pub minions: u8,
    /// Minions that came back this Assassin phase and stay home.
    #[serde(default)]
    pub minions_home: u8,
    /// Plot counters (on a Plot).
    #[serde(default)]
    pub counters: u8,
    /// Invention phases a Location still sits out after a Lab Explosion.
    #[serde(default)]
    pub idle: u8,
    /// Held Interrogation bonus for the next Track Roll.
    #[serde(default)]
    pub interrogation: u8,
    /// Doctor's +2 promised to this Unit's next Healing Roll this turn.
    #[serde(default)]
    pub doctor: bool,
    /// Thwarted this turn.
    #[serde(default)]
    pub thwarted: bool,
    /// Has tracked (Track phase) or attacked (Attack phase) this phase.
    #[serde(default)]
    pub acted: bool,
}

impl Piece {
    /// A fresh card entering play.
    pub fn new(uid: Uid, card: CardId, owner: Seat, side: Seat, on: Option<Uid>) -> Self {
        Piece {
            uid,
            card,
            owner,
            side,
            on,
            wounds: 0,
            markers: 0,
            minions: 0,
            minions_home: 0,
            counters: 0,
            idle: 0,
            interrogation: 0,
            doctor: false,
            thwarted: false,
            acted: false,
        }
    }

    /// Its card type.
    pub fn kind(&self) -> Kind {
        self.card.card().kind
    }
}

/// The 13 phases of a turn, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Dealing and the mulligan.
    Setup,
    /// 1: draw 1.
    NewDay,
    /// 2: Genius rolls.
    Genius,
    /// 3: Healing Rolls.
    Healing,
    /// 4: Minions generated.
    Minion,
    /// 5: Invention rolls.
    Invention,
    /// 6: cards into play.
    Recruit,
    /// 7: Plots attached.
    PlotAttach,
    /// 8: Spy rolls.
    Spy,
    /// 9: Minions sent on suicide missions.
    Assassin,
    /// 10: Plot counters.
    PlotAdvance,
    /// 11: an event window.
    Intercept,
    /// 12: Track Rolls, then Villain table rolls.
    Track,
    /// 13: the Heroes attack Thwarted Masterminds.
    Attack,
    /// The game is over.
    Over,
}

impl Phase {
    /// The 13 phases of a turn.
    pub const TURN: [Phase; 13] = [
        Phase::NewDay,
        Phase::Genius,
        Phase::Healing,
        Phase::Minion,
        Phase::Invention,
        Phase::Recruit,
        Phase::PlotAttach,
        Phase::Spy,
        Phase::Assassin,
        Phase::PlotAdvance,
        Phase::Intercept,
        Phase::Track,
        Phase::Attack,
    ];

    /// 1 to 13 (0 outside a turn).
    pub fn number(self) -> u8 {
        Self::TURN.iter().position(|p| *p == self).map_or(0, |i| i as u8 + 1)
    }

    /// The rulebook name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "Setup",
            Phase::NewDay => "New Day Phase",
            Phase::Genius => "Genius Phase",
            Phase::Healing => "Healing Phase",
            Phase::Minion => "Minion Phase",
            Phase::Invention => "Invention Phase",
            Phase::Recruit => "Recruit Phase",
            Phase::PlotAttach | Phase::PlotAdvance => "Plot Phase",
            Phase::Spy => "Spy Phase",
            Phase::Assassin => "Assassin Phase",
            Phase::Intercept => "Intercept Phase",
            Phase::Track => "Track Phase",
            Phase::Attack => "Attack Phase",
            Phase::Over => "End of the game",
        }
    }
}

/// A modifier on a roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// Where it comes from ("Fight of Capt. Bulwark", "Lucky Break").
    pub from: String,
    /// How much.
    pub value: i32,
}

/// The roll being resolved (or the last one), all public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// Which table.
    pub kind: RollKind,
    /// Who rolled.
    pub roller: Seat,
    /// The rolling Unit (or Location).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<Uid>,
    /// Its target (a Hero, a Mastermind).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Uid>,
    /// The dice.
    pub dice: Vec<u8>,
    /// Modifiers, from stats then Events.
    pub mods: Vec<Modifier>,
    /// The row read, once read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

impl Roll {
    /// Dice plus modifiers.
    pub fn total(&self) -> i32 {
        self.dice.iter().map(|d| i32::from(*d)).sum::<i32>() + self.mods.iter().map(|m| m.value).sum::<i32>()
    }
}

/// What a seat was shown: a copy of the cards at that moment, for that seat
/// only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Look {
    /// What was looked at.
    pub what: LookKind,
    /// Whose hand or deck.
    pub of: Seat,
    /// The cards, in order (a hand or the top of a deck), or sorted (a search).
    pub cards: Vec<CardId>,
}

/// Kinds of look.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LookKind {
    /// A hand.
    Hand,
    /// The next 7 cards of a deck.
    NextSeven,
    /// A whole deck, searched.
    Search,
}

/// A public fact of this phase that the board does not show by itself:
/// who looked at what, which card a search found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    /// Who.
    pub by: Seat,
    /// Looked at what.
    pub what: LookKind,
    /// Whose hand or deck.
    pub of: Seat,
    /// The card a search found, revealed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub found: Option<CardId>,
}

/// The decision awaited.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Stage {
    /// An event window: `to` answers; it closes after two passes in a row.
    Window {
        /// Who answers now.
        to: Seat,
        /// Passes in a row.
        passes: u8,
        /// The Intercept phase's window (no roll).
        intercept: bool,
    },
    /// Doctor: choose the Units whose next Healing Roll gets +2.
    Doctor {
        /// The healing side.
        seat: Seat,
    },
    /// Analysis or Neutralize: `seat` discards a card of its choice.
    Discard {
        /// The discarding seat.
        seat: Seat,
    },
    /// Predictions or Machinations: which deck to look at.
    ChooseDeck {
        /// The roller.
        seat: Seat,
    },
    /// Lure or Manipulations: which Character to take.
    Lure {
        /// The roller.
        seat: Seat,
    },
    /// Recruit or Blueprints: the card found.
    Search {
        /// The searcher.
        seat: Seat,
        /// What for.
        find: Find,
    },
    /// Build: the Unit that gets the Invention Marker.
    Build {
        /// The roller.
        seat: Seat,
    },
    /// A Wound, or an attached Vehicle or Weapon discarded instead.
    Harm {
        /// The Unit's controller.
        seat: Seat,
        /// The Unit.
        unit: Uid,
    },
    /// Foiled: which Plot of the Mastermind is discarded.
    Foil {
        /// The Heroes.
        seat: Seat,
        /// The Mastermind.
        mastermind: Uid,
    },
    /// Wheels in Motion: draw 1 or a Plot counter.
    Wheels {
        /// The Villain.
        seat: Seat,
    },
    /// Recruit phase: put cards into play.
    Recruit {
        /// Who.
        seat: Seat,
        /// Cards put into play this phase.
        played: u8,
    },
    /// Plot phase: attach Plots.
    PlotAttach {
        /// The Villain.
        seat: Seat,
    },
    /// Assassin phase: send Minions.
    Assassin {
        /// The Villain.
        seat: Seat,
    },
    /// Track phase: Track Rolls.
    Track {
        /// The Heroes.
        seat: Seat,
    },
    /// Attack phase: attacks on Thwarted Masterminds.
    Attack {
        /// The Heroes.
        seat: Seat,
    },
    /// Combat 7+: another attack at Fight -1, or stop.
    Continue {
        /// The Heroes.
        seat: Seat,
        /// The attacking Hero.
        hero: Uid,
        /// The Mastermind.
        mastermind: Uid,
        /// Fight lost so far in this chain.
        penalty: u8,
    },
}

impl Stage {
    /// Who decides.
    pub fn seat(&self) -> Seat {
        match self {
            Stage::Window { to, .. } => *to,
            Stage::Doctor { seat }
            | Stage::Discard { seat }
            | Stage::ChooseDeck { seat }
            | Stage::Lure { seat }
            | Stage::Search { seat, .. }
            | Stage::Build { seat }
            | Stage::Harm { seat, .. }
            | Stage::Foil { seat, .. }
            | Stage::Wheels { seat }
            | Stage::Recruit { seat, .. }
            | Stage::PlotAttach { seat }
            | Stage::Assassin { seat }
            | Stage::Track { seat }
            | Stage::Attack { seat }
            | Stage::Continue { seat, .. } => *seat,
        }
    }
}

/// Work still to do, run in order until a decision is needed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "task", rename_all = "snake_case")]
pub enum Task {
    /// Start the next turn.
    Turn,
    /// Start a phase.
    Phase {
        /// Which.
        phase: Phase,
    },
    /// One side's part of a phase where both act.
    SidePart {
        /// The phase.
        phase: Phase,
        /// The side.
        seat: Seat,
    },
    /// Ask for a decision (skipped when it has become pointless).
    Ask {
        /// The decision.
        stage: Stage,
    },
    /// Roll on a table, open the event window, then read it.
    Roll {
        /// Which table.
        kind: RollKind,
        /// Who rolls.
        roller: Seat,
        /// The rolling Unit.
        unit: Option<Uid>,
        /// The target.
        target: Option<Uid>,
        /// Fight lost in an attack chain.
        penalty: u8,
    },
    /// Read the current roll on its table.
    Read,
    /// A Hero's attack on a Mastermind: Combat, a Location, or the Showdown.
    Strike {
        /// The Hero.
        hero: Uid,
        /// The Mastermind.
        mastermind: Uid,
        /// Fight lost in this chain.
        penalty: u8,
    },
    /// Villain table rolls for every Mastermind not Thwarted.
    VillainRolls,
    /// End of the turn: the turn limit.
    EndTurn,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// The winning seat.
    pub winner: Seat,
    /// Why, with seat tokens.
    pub reason: String,
}

/// The game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schemes {
    /// Turn number (1-based once play starts).
    pub turn: u32,
    /// The Heroes win at the end of this turn.
    pub turn_limit: u32,
    /// Phases where both act: the Villain first.
    pub villain_first: bool,
    /// Heroes, Villain.
    pub sides: [Side; 2],
    /// Cards in play.
    pub pieces: Vec<Piece>,
    /// The next public number.
    pub next_uid: Uid,
    /// Where the turn is.
    pub phase: Phase,
    /// Work still to do (a stack: the last runs first).
    pub tasks: Vec<Task>,
    /// The decision awaited.
    pub stage: Option<Stage>,
    /// The roll being resolved, or the last one.
    pub roll: Option<Roll>,
    /// Track -1 per On the Wrong Track this turn.
    pub wrong_track: u8,
    /// What each seat was shown last (kept until its next look).
    pub looks: [Option<Look>; 2],
    /// Public facts: the last few looks and searches.
    pub notices: Vec<Notice>,
    /// Mulligans taken at setup (Heroes, Villain), the house mulligan's
    /// redraws included.
    pub mulligans: [u8; 2],
    /// The engine version the match was set up under ([`crate::versions`]).
    #[serde(default = "crate::versions::version_1", skip_serializing_if = "crate::versions::is_version_1")]
    pub engine_version: u32,
    /// The end.
    pub ending: Option<Ending>,
    /// The lines setup wrote (the deal, mulligans, the phases of turn 1
    /// before the first decision), shown after the match's first line
    /// (`Game::opening_log`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opening: Vec<LogEntry>,
}

/// Where the action being applied writes its lines: the engine's log
/// sink, and the heading of the phase just started. A phase is logged once
/// something happens in it or a decision in it is awaited, so phases where
/// nothing happens leave no line; the heading lives only while one action
/// is applied.
pub struct Log<'a> {
    lines: &'a mut Vec<LogEntry>,
    heading: Option<String>,
}

impl<'a> Log<'a> {
    /// Writes into `lines`.
    pub fn new(lines: &'a mut Vec<LogEntry>) -> Self {
        Log { lines, heading: None }
    }

    /// Writes a public log line.
    pub fn note(&mut self, text: impl Into<String>) {
        self.say(LogEntry::public(text));
    }

    /// Writes a log line, after the heading of the phase it belongs to.
    pub fn say(&mut self, entry: LogEntry) {
        self.flush_heading();
        self.lines.push(entry);
    }

    /// A phase has started: its heading is written before its first line.
    pub fn start_phase(&mut self, heading: String) {
        self.heading = Some(heading);
    }

    /// The game is over: a phase just started is not logged.
    pub fn drop_heading(&mut self) {
        self.heading = None;
    }

    /// Writes the current phase's heading if it has not been written yet.
    pub fn flush_heading(&mut self) {
        if let Some(h) = self.heading.take() {
            self.lines.push(LogEntry::public(h));
        }
    }
}
