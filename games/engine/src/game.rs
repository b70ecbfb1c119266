//! The [`Game`] trait and the values it speaks in.

use crate::{GameRng, Prompt, Seat, SeatSet, Viewer};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// A rules engine. The value *is* the game state; see the crate docs for
/// the contract.
///
/// Implementations must hold these, and [`crate::testkit`] checks them:
/// * `apply` returning `Err` leaves `self` exactly as it was (by
///   construction: [`Game::apply`] is the engine's, and a game writes only
///   [`Game::try_apply`], which works on a copy);
/// * setup + the same actions + the same RNG give the same state;
/// * a serde round-trip gives an equal state;
/// * `view(v)` depends only on what `v` may know (the non-leak test
///   re-deals everything else with [`Game::redeal_hidden`] and compares);
/// * random legal play ends within [`Game::max_actions`].
pub trait Game: Clone + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Options chosen when a lobby is created (variants, seat-dependent
    /// content, ...). Unknown fields must be rejected.
    type Options: Serialize + DeserializeOwned + Default + Clone + Send;
    /// Everything a seat can do, as a serde enum tagged by `type`.
    type Action: Serialize + DeserializeOwned + Clone + Debug + Send + Sync;
    /// What one viewer sees.
    type View: Serialize;

    /// Static description: name, seat counts, options.
    fn info() -> GameInfo;

    /// The opening position.
    ///
    /// # Errors
    /// [`SetupError`] when the options or seat count are not playable.
    fn setup(options: &Self::Options, seats: u8, rng: &mut GameRng) -> Result<Self, SetupError>;

    /// The oldest engine version whose stored matches this engine still
    /// replays (a game's `versions::OLDEST`). By default only the current
    /// [`GameInfo::engine_version`].
    fn oldest_version() -> u32 {
        Self::info().engine_version
    }

    /// The opening position of a match set up under `engine_version`, one
    /// of `oldest_version()..=engine_version` (the range is checked once, by
    /// [`Game::setup_at_version`], before this is called).
    ///
    /// Saved matches outlive deployments, and their action log is the
    /// truth: a match started under an older version is replayed from its
    /// seed and log under the rules it was started with. A game that changes
    /// its rules bumps its version, raises nothing else here but overrides
    /// this method and [`Game::oldest_version`], keeps the version in its
    /// state and branches on it where the rules changed. The default is
    /// [`Game::setup`], for a game with one version.
    ///
    /// # Errors
    /// As [`Game::setup`].
    fn setup_version(
        options: &Self::Options,
        seats: u8,
        rng: &mut GameRng,
        engine_version: u32,
    ) -> Result<Self, SetupError> {
        let _ = engine_version;
        Self::setup(options, seats, rng)
    }

    /// The opening position of a match stored under `engine_version` (the
    /// [`GameInfo::engine_version`] of the engine that started it): the
    /// version is checked against `oldest_version()..=current`, then
    /// [`Game::setup_version`] sets up. Games do not override this.
    ///
    /// # Errors
    /// [`SetupError`] when the engine no longer replays `engine_version`,
    /// or as [`Game::setup`].
    fn setup_at_version(
        options: &Self::Options,
        seats: u8,
        rng: &mut GameRng,
        engine_version: u32,
    ) -> Result<Self, SetupError> {
        let info = Self::info();
        if !(Self::oldest_version()..=info.engine_version).contains(&engine_version) {
            return Err(SetupError::unreplayable(&info, engine_version));
        }
        Self::setup_version(options, seats, rng, engine_version)
    }

    /// The log lines of the opening position: what setup did before the
    /// first decision (a deal, a mulligan, the first phases), written after
    /// the match's first line, each read as its [`LogEntry`] allows. The
    /// state keeps them, so a restored match shows them too. None by
    /// default.
    fn opening_log(&self) -> Vec<LogEntry> {
        Vec::new()
    }

    /// Which seats are awaited, and how.
    fn pending(&self) -> Pending;

    /// What `seat` may do now, or `None` when it may do nothing. A seat can
    /// have a prompt without being awaited (e.g. changing a sealed commit
    /// while others decide, or an action allowed at any time).
    fn prompt(&self, seat: Seat) -> Option<Prompt>;

    /// How many seats this match has.
    fn seat_count(&self) -> u8;

    /// Whether the match is over, so that no action is taken any more. By
    /// default, when [`Game::pending`] awaits nobody.
    fn is_over(&self) -> bool {
        self.pending().is_over()
    }

    /// The game's own step: validates and performs `action` for `seat`,
    /// writing what happened to `log`.
    ///
    /// It is called only by [`Game::apply`], on a working copy of the state
    /// and of the generator, once the seat is known to exist and the match
    /// not to be over. On `Err` the copy is thrown away, so a refusal may
    /// leave the copy half changed: it never reaches the match.
    ///
    /// # Errors
    /// A [`RuleError`] naming the broken rule.
    fn try_apply(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        rng: &mut GameRng,
        log: &mut Vec<LogEntry>,
    ) -> Result<(), RuleError>;

    /// Validates and performs `action` for `seat`: the one transaction of
    /// every game. It refuses a seat the match does not have and any action
    /// once the match is over, then runs [`Game::try_apply`] on a copy of
    /// the state and the generator and keeps the copy only when it is
    /// accepted. Games do not override this.
    ///
    /// # Errors
    /// A [`RuleError`] naming the broken rule; the state and `rng` are then
    /// untouched.
    fn apply(&mut self, seat: Seat, action: &Self::Action, rng: &mut GameRng) -> Result<Vec<LogEntry>, RuleError> {
        if self.is_over() {
            return Err(RuleError::game_over());
        }
        let seats = self.seat_count();
        if seat >= seats {
            return Err(RuleError::no_such_seat(seat, seats));
        }
        let mut next = self.clone();
        let mut next_rng = rng.clone();
        let mut log = Vec::new();
        next.try_apply(seat, action, &mut next_rng, &mut log)?;
        *self = next;
        *rng = next_rng;
        Ok(log)
    }

    /// What `viewer` sees, built from what that viewer may know.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Re-randomizes everything `viewer` may not know (other hands, deck
    /// orders, others' sealed commits, ...), keeping what it may know. Used
    /// only by the non-leak test.
    fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng);

    /// Upper bound on the number of actions of a random legal game, checked
    /// by the random-play contract test.
    fn max_actions(seats: u8) -> usize;

    /// The game's public content (card lists, boards) as JSON, for clients
    /// that draw cards by id; `None` when the view is self-describing.
    fn content() -> Option<String> {
        None
    }

    /// A smarter bot's choice, when the game has one. `None` falls back to a
    /// random legal action.
    fn bot_action(&self, _seat: Seat, _rng: &mut GameRng) -> Option<Self::Action> {
        None
    }

    /// How good the position is for `seat`, from 0 (lost) to 1 (won), where
    /// the game has an evaluation: the search bot scores a playout it cuts
    /// short with it ([`crate::search`]). `None` (the default) scores such a
    /// playout as the seat's fair share.
    fn evaluate(&self, _seat: Seat) -> Option<f64> {
        None
    }

    /// The search bot's knobs for this game ([`crate::search::Config`]):
    /// a game with an evaluation cuts its playouts short here, a slow game
    /// weighs fewer candidates. The default suits a game without one.
    fn search_config() -> crate::search::Config {
        crate::search::Config::default()
    }

    /// A random legal action for `seat`, sampled from its prompt (up to 64
    /// candidates are tried). `None` when the seat has no prompt or no
    /// candidate applied.
    fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Self::Action> {
        let prompt = self.prompt(seat)?;
        for _ in 0..64 {
            let candidate = prompt.random_action(rng)?;
            let Ok(action) = serde_json::from_value::<Self::Action>(candidate) else { continue };
            let mut probe = self.clone();
            let mut probe_rng = rng.clone();
            if probe.apply(seat, &action, &mut probe_rng).is_ok() {
                return Some(action);
            }
        }
        None
    }
}

/// Which seats the game is waiting for, and in what mode. Public by
/// construction: it holds seat sets only, never what a seat chose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum Pending {
    /// One seat acts; the others wait.
    Turn {
        /// The seat to act.
        seat: Seat,
    },
    /// A simultaneous secret step: every seat in `waiting ∪ committed` takes
    /// part; others learn only who has committed. A committed seat may
    /// change its commit until the last one is in; then all resolve at once.
    Simultaneous {
        /// Seats that have not committed yet.
        waiting: SeatSet,
        /// Seats that have committed.
        committed: SeatSet,
    },
    /// An out-of-turn window (reactions, cancels, pledges): each seat in
    /// `seats` answers or passes. It is offered on public criteria only, the
    /// same way whether or not a seat can actually react.
    Window {
        /// Seats offered the window.
        seats: SeatSet,
        /// Seats that have answered or passed.
        answered: SeatSet,
    },
    /// Open negotiation: no turn order; offers between seats; the step ends
    /// when every seat in `seats` is ready.
    Negotiation {
        /// Seats taking part.
        seats: SeatSet,
        /// Seats that have declared themselves ready.
        ready: SeatSet,
    },
    /// The game is over.
    Over,
}

impl Pending {
    /// Seats whose answer the game is waiting for.
    pub fn awaited(&self) -> SeatSet {
        match self {
            Pending::Turn { seat } => SeatSet::only(*seat),
            Pending::Simultaneous { waiting, .. } => *waiting,
            Pending::Window { seats, answered } => seats.minus(*answered),
            Pending::Negotiation { seats, ready } => seats.minus(*ready),
            Pending::Over => SeatSet::EMPTY,
        }
    }

    /// True once the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self, Pending::Over)
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Places from first to last; seats sharing a place are tied. A single
    /// group holding every seat is a draw.
    pub ranking: Vec<Vec<Seat>>,
    /// Final scores per seat, where the game keeps any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<i64>,
    /// One human sentence, e.g. "Seat 2 wins with 9 points".
    pub summary: String,
    /// Set when the game itself beat the players, not a seat (the boss of
    /// a solo match, say): what won, named in the game's own words ("Jack
    /// Ice"). Then nobody at the table won; `ranking` only orders the seats
    /// among themselves and `winners()` is empty. Absent from stored
    /// outcomes older than this field, which read as a seat's win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_winner: Option<String>,
}

impl Outcome {
    /// The seats in first place; none when the game itself won.
    pub fn winners(&self) -> &[Seat] {
        if self.game_winner.is_some() {
            return &[];
        }
        self.ranking.first().map(Vec::as_slice).unwrap_or(&[])
    }
}

/// One line of the game log, with a private detail for some seats and a
/// public summary for everyone else (Showdown's `|split|`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// What everyone else reads; `None` when others learn nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public: Option<String>,
    /// Seats that read `private` instead of `public`.
    #[serde(default, skip_serializing_if = "no_seats")]
    pub to: SeatSet,
    /// The private detail.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub private: Option<String>,
}

impl LogEntry {
    /// A line everyone reads.
    pub fn public(text: impl Into<String>) -> Self {
        LogEntry { public: Some(text.into()), to: SeatSet::EMPTY, private: None }
    }

    /// A line with a private detail for `to` and a summary for the rest.
    pub fn split(to: SeatSet, private: impl Into<String>, public: Option<String>) -> Self {
        LogEntry { public, to, private: Some(private.into()) }
    }

    /// The text `viewer` reads, if any.
    pub fn for_viewer(&self, viewer: Viewer) -> Option<&str> {
        if reads_private(self.to, viewer) { self.private.as_deref() } else { self.public.as_deref() }
    }
}

/// A [`LogEntry`] packed for keeping in memory: both texts in one
/// allocation and 32 bytes in a table's log window instead of 56 bytes and
/// two allocations. A server keeps the recent log of every live match, so
/// this is most of a quiet table's memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackedLogEntry {
    /// `public` then `private`, back to back (shared: many matches log the
    /// same lines, and a server may keep one copy for all, see [`Self::pack`]).
    text: std::sync::Arc<str>,
    /// Where `private` starts in `text`.
    split: u32,
    to: SeatSet,
    has_public: bool,
    has_private: bool,
}

impl From<LogEntry> for PackedLogEntry {
    fn from(e: LogEntry) -> Self {
        PackedLogEntry::pack(e, std::sync::Arc::from)
    }
}

impl PackedLogEntry {
    /// Packs an entry; `share` turns its text into the shared string it
    /// keeps (a server interns the lines that recur across matches, such as
    /// "Seat 2 has locked a bid.").
    pub fn pack(e: LogEntry, share: impl FnOnce(String) -> std::sync::Arc<str>) -> Self {
        let public = e.public.as_deref().unwrap_or("");
        let private = e.private.as_deref().unwrap_or("");
        let mut text = String::with_capacity(public.len() + private.len());
        text.push_str(public);
        text.push_str(private);
        PackedLogEntry {
            split: u32::try_from(public.len()).unwrap_or(u32::MAX),
            text: share(text),
            to: e.to,
            has_public: e.public.is_some(),
            has_private: e.private.is_some(),
        }
    }

    /// The text `viewer` reads, if any (the rule of [`LogEntry::for_viewer`]).
    pub fn for_viewer(&self, viewer: Viewer) -> Option<&str> {
        let (public, private) = self.text.split_at((self.split as usize).min(self.text.len()));
        if reads_private(self.to, viewer) {
            self.has_private.then_some(private)
        } else {
            self.has_public.then_some(public)
        }
    }
}

/// Whether `viewer` reads the private detail of a line whose detail goes to
/// `to` (everyone else reads the public summary).
fn reads_private(to: SeatSet, viewer: Viewer) -> bool {
    matches!(viewer, Viewer::Seat(s) if to.contains(s))
}

fn no_seats(s: &SeatSet) -> bool {
    s.is_empty()
}

/// Why an action was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleCode {
    /// The seat is not the one (or among those) awaited.
    NotYourTurn,
    /// The action breaks a rule of the game.
    IllegalMove,
    /// The action is not one this game understands.
    MalformedAction,
    /// The game is already over.
    GameOver,
}

impl RuleCode {
    /// The wire name, e.g. `"illegal_move"`.
    pub fn as_str(self) -> &'static str {
        match self {
            RuleCode::NotYourTurn => "not_your_turn",
            RuleCode::IllegalMove => "illegal_move",
            RuleCode::MalformedAction => "malformed_action",
            RuleCode::GameOver => "game_over",
        }
    }
}

/// A refused action: which rule, by its rulebook name, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{rule}: {message}")]
pub struct RuleError {
    /// The kind of refusal.
    pub code: RuleCode,
    /// The rule by its rulebook name, e.g. "Bidding Dial".
    pub rule: String,
    /// A sentence for the player.
    pub message: String,
}

impl RuleError {
    /// The action breaks `rule`.
    pub fn illegal(rule: impl Into<String>, message: impl Into<String>) -> Self {
        RuleError { code: RuleCode::IllegalMove, rule: rule.into(), message: message.into() }
    }

    /// The seat may not act now.
    pub fn not_your_turn(rule: impl Into<String>, message: impl Into<String>) -> Self {
        RuleError { code: RuleCode::NotYourTurn, rule: rule.into(), message: message.into() }
    }

    /// The action could not be understood.
    pub fn malformed(message: impl Into<String>) -> Self {
        RuleError { code: RuleCode::MalformedAction, rule: "Actions".into(), message: message.into() }
    }

    /// The action names a seat the match does not have.
    pub fn no_such_seat(seat: Seat, seats: u8) -> Self {
        RuleError::not_your_turn("Seats", format!("There is no seat {}: this match has {seats}.", u32::from(seat) + 1))
    }

    /// The game has ended.
    pub fn game_over() -> Self {
        RuleError {
            code: RuleCode::GameOver,
            rule: "End of the game".into(),
            message: "The game is over; no more actions are taken.".into(),
        }
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

impl SetupError {
    /// A match stored under `engine_version`, which this engine of `info`
    /// no longer replays.
    pub fn unreplayable(info: &GameInfo, engine_version: u32) -> Self {
        SetupError(format!(
            "{} engine version {} no longer replays matches stored under version {engine_version}",
            info.name, info.engine_version
        ))
    }
}

/// Static description of a game, listed in the catalogue.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameInfo {
    /// Stable id used in URLs and the store, e.g. `"sealed-bids"`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// One or two sentences for the catalogue.
    pub summary: String,
    /// Fewest seats.
    pub min_seats: u8,
    /// Most seats.
    pub max_seats: u8,
    /// Seats proposed when creating a lobby.
    pub default_seats: u8,
    /// Options a host may set.
    pub options: Vec<GameOption>,
    /// True when some content is house-designed rather than printed.
    pub house_content: bool,
    /// Bumped whenever a rules change would make old action logs replay
    /// differently; stored with every match.
    pub engine_version: u32,
}

/// One option a host may set when creating a lobby.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameOption {
    /// Field name in the options object.
    pub name: String,
    /// Label for the form.
    pub label: String,
    /// Type and default.
    pub kind: OptionKind,
    /// The seat counts the option applies to, `[fewest, most]` (a solo
    /// match's boss: `[1, 1]`); a lobby form shows it only for those.
    /// Absent: every seat count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub for_seats: Option<[u8; 2]>,
}

/// Type and default of a [`GameOption`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OptionKind {
    /// On or off.
    Bool {
        /// Default value.
        default: bool,
    },
    /// An integer in a range.
    Number {
        /// Lowest.
        min: i64,
        /// Highest.
        max: i64,
        /// Default value.
        default: i64,
    },
    /// One of several named values.
    Choice {
        /// `(value, label)` pairs.
        choices: Vec<(String, String)>,
        /// Default value.
        default: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packed_log_entry_reads_the_same_for_every_viewer() {
        let entries = [
            LogEntry::public("Round 3 begins."),
            LogEntry::split(SeatSet::only(1), "You locked your dial at 7.", Some("Seat 2 has locked a bid.".into())),
            LogEntry::split([0, 2].into_iter().collect(), "Your hand: Storm, Rogue — ünïcode", None),
            LogEntry { public: Some(String::new()), to: SeatSet::only(0), private: Some(String::new()) },
            LogEntry { public: None, to: SeatSet::EMPTY, private: None },
        ];
        let viewers = [Viewer::Spectator, Viewer::Seat(0), Viewer::Seat(1), Viewer::Seat(2), Viewer::Seat(3)];
        for e in entries {
            let packed = PackedLogEntry::from(e.clone());
            for v in viewers {
                assert_eq!(packed.for_viewer(v), e.for_viewer(v), "{e:?} for {v:?}");
            }
        }
        assert!(std::mem::size_of::<PackedLogEntry>() <= 24);
    }
}
