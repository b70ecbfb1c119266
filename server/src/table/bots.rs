//! Server bots: the seats they play (and the people they stand in for) are
//! scheduled after a short delay so people can follow their moves. Each
//! plays at a level: Easy and Normal choose at once, on the table's task;
//! a Strong bot thinks off it (see [`super::think`]).

use super::{Cmd, Incoming, Origin, Table};
use crate::secret;
use crate::store::PlayerRow;
use backroom_engine::erased::DynState;
use backroom_engine::{GameRng, Seat};
use backroom_protocol::http::BotLevel;
use serde_json::Value;
use std::time::{Duration, Instant};

/// The table's bots: their randomness and their next turn.
#[derive(Default)]
pub(super) struct Bots {
    /// The bots' own randomness (never the match's), made when a bot
    /// first moves: most tables have none.
    rng: Option<Box<GameRng>>,
    /// A bot turn is scheduled.
    pending: bool,
    /// When the scheduled bot turn is due: one overdue by a watchdog
    /// period was lost (see `watch`).
    due: Option<tokio::time::Instant>,
    /// Bot turns lost on purpose so far (`--test-lose-bot-turns`).
    turns_lost: u8,
    /// A bot's move was refused: while a person is awaited, bots wait for a
    /// person's move before trying again, so a confused bot never spins.
    pub(super) stuck: bool,
    /// Strong bots thinking now (see [`super::think`]).
    pub(super) thinking: Vec<super::think::Asked>,
}

/// The level the server's bot plays `seat` at, for a move from `origin`: a
/// bot's own; the table's stand-in level for a person's seat (a stand-in,
/// or a move when their turn clock ran out).
pub(super) fn level_for(players: &[PlayerRow], stand_in: BotLevel, seat: Seat, origin: &Origin) -> BotLevel {
    match players.iter().find(|p| p.seat == Some(seat)) {
        Some(p) if p.bot && *origin == Origin::Bot => p.bot_level,
        _ => stand_in,
    }
}

/// Out of how many moves an Easy bot makes one at random.
pub const EASY_RANDOM_ONE_IN: u32 = 3;

/// A move chosen at once, on the table's task: the heuristic's, and for an
/// Easy bot about one move in [`EASY_RANDOM_ONE_IN`] a random legal one.
/// A Strong bot's move comes here only when its search had none to give.
pub(super) fn quick_move(state: &dyn DynState, seat: Seat, level: BotLevel, rng: &mut GameRng) -> Option<Value> {
    if level == BotLevel::Easy
        && rng.range(1, EASY_RANDOM_ONE_IN) == 1
        && let Some(a) = state.random_action(seat, rng)
    {
        return Some(a);
    }
    state.bot_action(seat, rng)
}

impl Bots {
    /// The bots' randomness, made on first use (from the test seed, if any).
    pub(super) fn rng(&mut self, test_seed: Option<crate::config::TestSeed>) -> &mut GameRng {
        self.rng.get_or_insert_with(|| {
            Box::new(GameRng::from_seed(test_seed.map_or_else(secret::random_bytes::<32>, |t| t.bot_seed())))
        })
    }

    /// Whether a bot turn is scheduled.
    pub(super) fn pending(&self) -> bool {
        self.pending
    }

    /// Whether a Strong bot is thinking for `seat`.
    pub(super) fn is_thinking(&self, seat: Seat) -> bool {
        self.thinking.iter().any(|a| a.seat == seat)
    }

    /// Forgets the thinking that `overdue` finds lost (a search past its
    /// budget and the watchdog's margin); true if there was any.
    pub(super) fn lost_thoughts(&mut self, overdue: impl Fn(tokio::time::Instant) -> bool) -> bool {
        let before = self.thinking.len();
        self.thinking.retain(|a| !overdue(a.due));
        self.thinking.len() != before
    }

    /// The scheduled turn has come (or was lost): none is scheduled now.
    pub(super) fn turn_over(&mut self) {
        self.pending = false;
        self.due = None;
    }

    /// Whether the scheduled turn is due for `overdue` to hold.
    pub(super) fn overdue(&self, overdue: impl Fn(tokio::time::Instant) -> bool) -> bool {
        self.pending && self.due.is_some_and(overdue)
    }
}

impl Table {
    /// One entry per Easy or Normal bot that is awaited; each bot's move
    /// is chosen when `process` reaches it. A Strong bot awaited starts
    /// thinking instead (its move comes back as a command).
    pub(super) fn bot_turns(&mut self) -> Vec<Incoming> {
        let Some(live) = &self.live else { return vec![] };
        if live.over {
            return vec![];
        }
        let awaited = live.state.pending().awaited();
        let mut out = vec![];
        let mut strong = vec![];
        for p in self.players.iter().filter(|p| p.played_by_bot()) {
            let Some(seat) = p.seat else { continue };
            if !awaited.contains(seat) || self.bots.is_thinking(seat) {
                continue;
            }
            if self.strong(seat, &Origin::Bot) {
                strong.push(seat);
                continue;
            }
            // The move itself is chosen in `process`, against the table as
            // it is after the moves before it in the batch: two bots asked
            // at once must not both take the same School.
            out.push(Incoming { origin: Origin::Bot, seat, action: Value::Null, received: Instant::now() });
        }
        for seat in strong {
            self.start_thinking(seat, Origin::Bot);
        }
        out
    }

    /// Whether the table awaits a seat a bot plays (`bot`) and no Strong
    /// bot is already thinking for, or a seat a person plays (`!bot`).
    pub(super) fn awaits(&self, bot: bool) -> bool {
        let Some(live) = &self.live else { return false };
        let awaited = live.state.pending().awaited();
        self.players.iter().any(|p| {
            p.played_by_bot() == bot
                && p.seat.is_some_and(|s| awaited.contains(s) && !(bot && self.bots.is_thinking(s)))
        })
    }

    pub(super) fn schedule_bots(&mut self) {
        if self.bots.pending {
            return;
        }
        let Some(live) = &self.live else { return };
        if live.over {
            return;
        }
        if !self.awaits(true) || (self.bots.stuck && self.awaits(false)) {
            return;
        }
        self.bots.pending = true;
        // A refused bot waits for a person's move when someone else is
        // awaited; when only bots are, it tries again, slowly, rather than
        // leaving the table waiting forever.
        let mut delay = if self.bots.stuck { self.ctx.cfg.bot_delay_ms.max(1000) } else { self.ctx.cfg.bot_delay_ms };
        // After the store refused a batch, a bot retries at the back-off's
        // pace, so a store that keeps refusing is not hammered.
        if self.trouble > 0 {
            delay = delay.max(super::watch::backoff(self.id, self.trouble).as_millis() as u64);
        }
        self.bots.due = Some(tokio::time::Instant::now() + Duration::from_millis(delay));
        // A test makes the timer get lost, for the watchdog to find.
        if self.bots.turns_lost < self.ctx.cfg.test_lose_bot_turns {
            self.bots.turns_lost += 1;
            tracing::warn!(table = %self.id, "--test-lose-bot-turns: this bot turn is lost on purpose");
            return;
        }
        if delay == 0 {
            self.deferred.push_back(Cmd::BotTurn);
        } else if let Some(tx) = self.self_tx.upgrade() {
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(delay)).await;
                let _ = tx.send(Cmd::BotTurn).await;
            });
        }
    }
}
