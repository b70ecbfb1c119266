//! Server bots: the seats they play (and the people they stand in for) are
//! scheduled after a short delay so people can follow their moves.

use super::{Cmd, Incoming, Origin, Table};
use crate::secret;
use backroom_engine::GameRng;
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
    /// One entry per bot that is awaited; each bot's move is chosen when
    /// `process` reaches it.
    pub(super) fn bot_turns(&mut self) -> Vec<Incoming> {
        let Some(live) = &self.live else { return vec![] };
        if live.over {
            return vec![];
        }
        let awaited = live.state.pending().awaited();
        let mut out = vec![];
        for p in self.players.iter().filter(|p| p.played_by_bot()) {
            let Some(seat) = p.seat else { continue };
            if !awaited.contains(seat) {
                continue;
            }
            // The move itself is chosen in `process`, against the table as
            // it is after the moves before it in the batch: two bots asked
            // at once must not both take the same School.
            out.push(Incoming { origin: Origin::Bot, seat, action: Value::Null, received: Instant::now() });
        }
        out
    }

    pub(super) fn schedule_bots(&mut self) {
        if self.bots.pending {
            return;
        }
        let Some(live) = &self.live else { return };
        if live.over {
            return;
        }
        let awaited = live.state.pending().awaited();
        let awaits = |bot: bool| {
            self.players.iter().any(|p| p.played_by_bot() == bot && p.seat.is_some_and(|s| awaited.contains(s)))
        };
        if !awaits(true) || (self.bots.stuck && awaits(false)) {
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
