//! The turn clock: when nobody has moved for the lobby's clock, a bot makes
//! one move for every person the table waits on. It runs from the last stored
//! move's time, so a restart neither resets nor forgets it.

use super::{Incoming, Origin, Table};
use crate::store::now_ms;
use serde_json::Value;
use std::time::Instant;

/// The turn clock's one fact: when the last move was made (Unix ms; the
/// start, or the last stored move's time after a restart).
pub(super) struct TurnClock {
    last_move_at: i64,
}

impl TurnClock {
    /// A clock started at `at` (Unix ms).
    pub(super) fn from(at: i64) -> TurnClock {
        TurnClock { last_move_at: at }
    }

    /// A move was made (or the clock ran out) at `at`: it runs from there.
    pub(super) fn restart(&mut self, at: i64) {
        self.last_move_at = at;
    }

    /// When a clock of `clock_ms` runs out.
    fn runs_out(&self, clock_ms: i64) -> i64 {
        self.last_move_at + clock_ms
    }
}

impl Table {
    /// When the turn clock runs out (Unix ms), if the table waits on a
    /// person (a seat no bot plays) and the lobby has a clock.
    pub(super) fn clock_due(&self) -> Option<i64> {
        let clock = i64::from(self.lobby.turn_clock_secs) * 1000;
        let live = self.live.as_ref().filter(|l| !l.over && clock > 0)?;
        let awaited = live.state.pending().awaited();
        self.players
            .iter()
            .any(|p| !p.played_by_bot() && p.seat.is_some_and(|s| awaited.contains(s)))
            .then_some(self.clock.runs_out(clock))
    }

    /// The turn clock ran out: a bot makes one move for every person the
    /// table waits on, with a line in the log saying so. The clock starts
    /// again either way, so a refused move is retried a clock later, not at
    /// once.
    pub(super) async fn clock_ran_out(&mut self) {
        if self.clock_due().is_none_or(|due| now_ms() < due) {
            return;
        }
        let Some(live) = &self.live else { return };
        let awaited = live.state.pending().awaited();
        let seats: Vec<_> = self
            .players
            .iter()
            .filter(|p| !p.played_by_bot())
            .filter_map(|p| p.seat.filter(|s| awaited.contains(*s)))
            .collect();
        // The table's stand-in level moves for them: a Strong bot thinks
        // off the table's task (see `think`), the others move at once.
        let (strong, quick): (Vec<_>, Vec<_>) = seats.into_iter().partition(|s| self.strong(*s, &Origin::Clock));
        for seat in strong {
            self.start_thinking(seat, Origin::Clock);
        }
        let batch: Vec<Incoming> = quick
            .into_iter()
            .map(|seat| Incoming { origin: Origin::Clock, seat, action: Value::Null, received: Instant::now() })
            .collect();
        self.clock.restart(now_ms());
        if !batch.is_empty() {
            self.process(batch).await;
        }
    }
}
