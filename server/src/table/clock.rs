//! The turn clock: when nobody has moved for the lobby's clock, a bot makes
//! one move for every person the table waits on. It runs from the last stored
//! move's time, so a restart neither resets nor forgets it.

use super::*;

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
            .then_some(self.last_move_at + clock)
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
        let batch: Vec<Incoming> = self
            .players
            .iter()
            .filter(|p| !p.played_by_bot())
            .filter_map(|p| p.seat.filter(|s| awaited.contains(*s)))
            .map(|seat| Incoming { origin: Origin::Clock, seat, action: Value::Null, received: Instant::now() })
            .collect();
        self.last_move_at = now_ms();
        if !batch.is_empty() {
            self.process(batch).await;
        }
    }
}
