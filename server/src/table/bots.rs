//! Server bots: the seats they play (and the people they stand in for) are
//! scheduled after a short delay so people can follow their moves.

use super::*;

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
        if self.bot_pending {
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
        if !awaits(true) || (self.bots_stuck && awaits(false)) {
            return;
        }
        self.bot_pending = true;
        // A refused bot waits for a person's move when someone else is
        // awaited; when only bots are, it tries again, slowly, rather than
        // leaving the table waiting forever.
        let mut delay = if self.bots_stuck { self.ctx.cfg.bot_delay_ms.max(1000) } else { self.ctx.cfg.bot_delay_ms };
        // After the store refused a batch, a bot retries at the back-off's
        // pace, so a store that keeps refusing is not hammered.
        if self.trouble > 0 {
            delay = delay.max(super::watch::backoff(self.id, self.trouble).as_millis() as u64);
        }
        self.bot_due = Some(tokio::time::Instant::now() + Duration::from_millis(delay));
        // A test makes the timer get lost, for the watchdog to find.
        if self.bot_turns_lost < self.ctx.cfg.test_lose_bot_turns {
            self.bot_turns_lost += 1;
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
