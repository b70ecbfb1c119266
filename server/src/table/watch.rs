//! No table waits forever.
//!
//! A table waits on people, on bots, on its turn clock and on auto-pass
//! timers. Every path that changes what it waits on must schedule what
//! comes next; when the store refuses a batch or the table reloads, that is
//! easy to miss (a bot whose save was refused was never asked again, and
//! its table hung with its people connected until a restart). So:
//!
//! * after every reload the table re-arms whatever it waits on
//!   ([`Table::rearm`]): bots, stand-ins and auto-pass (the turn clock is
//!   recomputed by the run loop from the last move's time, which a refused
//!   batch leaves where it was);
//! * every retry after a store failure backs off ([`backoff`]), so a store
//!   that keeps refusing is not hammered and a bot is not spun;
//! * a table that cannot read its match back tells its players with a typed
//!   `store_unavailable` status, keeps their sockets and retries the reload
//!   with back-off until the store answers;
//! * and an invariant, checked after every command
//!   ([`Table::check_waiting`]): a live table that awaits a seat a bot plays
//!   has a bot turn scheduled (or deliberately waits for a person after a
//!   refused bot move). A breach is logged as the bug it is, counted in
//!   `backroom_stalls_repaired_total` and repaired by scheduling.
//! * The same invariant is checked on a timer too, every `--watchdog-secs`
//!   while a match is in play ([`Table::watch`]), since a stall is exactly
//!   the case where no command comes; the timer also finds a bot turn or
//!   an auto-pass that was scheduled but whose timer never fired (overdue
//!   by a watchdog period), which no after-command check can tell from one
//!   still on its way.
//! * When the store is back (a commit went through, or the match could be
//!   read again) the sockets that heard `store_unavailable` hear
//!   `store_available`, so a client can show the outage for exactly as long
//!   as it lasts.
//!
//! It also keeps this table's share of `backroom_live_matches`: a table
//! counts while it holds a match in play (or is retrying to read one back),
//! from load or start to its end, finish or unload, so the gauge is the
//! matches this node serves and sums across nodes through takeover,
//! adoption and hand-over.

use super::{Cmd, LobbyRequest, Table, frame};
use crate::ctx::Counted;
use backroom_protocol::ErrorCode;
use backroom_protocol::http::LobbyStatus;
use backroom_protocol::ws::ServerMsg;
use std::time::Duration;
use tokio::sync::mpsc;
use uuid::Uuid;

/// The first retry's wait and the longest.
const BACKOFF_FIRST_MS: u64 = 250;
const BACKOFF_MAX_MS: u64 = 8_000;

/// How long to wait before retrying after `trouble` store failures in a
/// row: doubling from 250 ms up to 8 s, spread by ±25 % per table so that
/// the tables of one server do not all retry in the same instant.
pub(super) fn backoff(table: Uuid, trouble: u32) -> Duration {
    let base = BACKOFF_FIRST_MS.saturating_mul(1 << trouble.saturating_sub(1).min(10)).min(BACKOFF_MAX_MS);
    let spread = (table.as_u128() as u64 ^ u64::from(trouble).wrapping_mul(0x9E37_79B9_7F4A_7C15)) % 501;
    Duration::from_millis(base * (750 + spread) / 1000)
}

/// What every socket of a table that cannot reach its store hears (and
/// every move sent meanwhile).
pub(super) const STORE_DOWN: &str = "The server cannot reach its database right now, so no move can be saved. Nothing saved is lost; the table keeps trying and goes on by itself.";

/// What they hear when it is back.
pub(super) const STORE_BACK: &str = "The server reaches its database again: moves are saved as before.";

pub(super) fn store_down_msg() -> ServerMsg {
    ServerMsg::Error { code: ErrorCode::StoreUnavailable, message: STORE_DOWN.into() }
}

impl Table {
    /// Whether something other than a connection keeps this table loaded:
    /// a bot turn is due, or bots have moves to make once the store is back.
    pub(super) fn keeps_busy(&self) -> bool {
        self.bots.pending()
            || !self.bots.thinking.is_empty()
            || (self.store_down && self.players.iter().any(|p| p.played_by_bot()))
    }

    /// A batch was refused by the store (nothing of it was written).
    pub(super) fn store_refused(&mut self) {
        self.trouble = self.trouble.saturating_add(1);
        self.tell_store_down();
    }

    /// Says `store_unavailable` to every socket, once per spell of trouble:
    /// the people whose moves were refused heard a refusal already; the
    /// others (waiting on a bot, say) learn why nothing happens.
    fn tell_store_down(&mut self) {
        if !self.store_told {
            self.store_told = true;
            let f = frame(&store_down_msg());
            self.send_all(&f);
        }
    }

    /// After `store_unavailable`: the store answers again (a commit went
    /// through, or the match was read back; a write that then fails says
    /// so anew).
    pub(super) fn tell_store_back(&mut self) {
        if self.store_told {
            self.store_told = false;
            let f = frame(&ServerMsg::StoreAvailable { message: STORE_BACK.into() });
            self.send_all(&f);
        }
    }

    /// Whether a socket subscribing now is to hear `store_unavailable`.
    pub(super) fn store_trouble(&self) -> bool {
        self.store_told
    }

    /// The store took a commit: retries go back to their first pace.
    pub(super) fn store_ok(&mut self) {
        self.trouble = 0;
        self.tell_store_back();
    }

    /// The match could not be read back: hold no state, say so, and try
    /// again after a back-off.
    pub(super) fn lost_store(&mut self) {
        self.live = None;
        self.trouble = self.trouble.saturating_add(1);
        if !self.store_down {
            tracing::error!(table = %self.id, "the store is unreachable; the table keeps its sockets and retries");
        }
        self.store_down = true;
        // Said once; a socket that comes meanwhile hears it on subscribing.
        self.tell_store_down();
        let wait = backoff(self.id, self.trouble);
        if let Some(tx) = self.self_tx.upgrade() {
            tokio::spawn(async move {
                tokio::time::sleep(wait).await;
                let _ = tx.send(Cmd::Reload).await;
            });
        }
    }

    /// After a reload: whom the table waits on may have changed (the
    /// refused moves are gone), and any timer armed before it may have
    /// fired into the failure. Everything is scheduled again.
    pub(super) fn rearm(&mut self) {
        self.store_down = false;
        self.auto_pass.disarm();
        self.schedule_auto_pass();
        self.schedule_bots();
        self.notify_away();
    }

    /// The invariant: a live table awaiting a seat a bot plays has a bot
    /// turn scheduled, unless a refused bot deliberately waits for a
    /// person's move. Cheap for tables without bots (most): nothing to ask.
    pub(super) fn check_waiting(&mut self) {
        if self.bots.pending() || self.store_down || !self.players.iter().any(|p| p.played_by_bot()) {
            return;
        }
        let Some(live) = self.live.as_ref().filter(|l| !l.over) else { return };
        let version = live.version;
        // A Strong bot thinking is not a lost turn (see `watch`).
        if !self.awaits(true) || (self.bots.stuck && self.awaits(false)) {
            return;
        }
        tracing::error!(table = %self.id, version, "a bot is awaited but no bot turn was scheduled; scheduling one");
        metrics::counter!("backroom_stalls_repaired_total").increment(1);
        self.schedule_bots();
    }

    /// The watchdog, every `--watchdog-secs` while a match is in play: a
    /// bot turn or an auto-pass whose timer should have fired a whole
    /// period ago was lost (a command that never came); it is logged,
    /// counted and scheduled again. Then the invariant of
    /// [`Table::check_waiting`], which a stall (no command at all) would
    /// otherwise never run.
    pub(super) fn watch(&mut self) {
        let now = tokio::time::Instant::now();
        let grace = Duration::from_secs(self.ctx.cfg.watchdog_secs.max(1));
        let overdue = |due: tokio::time::Instant| now > due + grace;
        if self.bots.overdue(overdue) {
            tracing::error!(table = %self.id, "a scheduled bot turn never came; scheduling it again");
            metrics::counter!("backroom_stalls_repaired_total").increment(1);
            self.bots.turn_over();
            self.schedule_bots();
        }
        // A Strong bot gets its budget plus this period before its
        // thinking counts as lost (a search that never came back).
        if self.bots.lost_thoughts(overdue) {
            tracing::error!(table = %self.id, "a Strong bot's thinking never came back; asking again");
            metrics::counter!("backroom_stalls_repaired_total").increment(1);
            self.schedule_bots();
        }
        if self.auto_pass.any_due(overdue) {
            tracing::error!(table = %self.id, "a scheduled auto-pass never came; answering it now");
            metrics::counter!("backroom_stalls_repaired_total").increment(1);
            self.deferred.push_back(Cmd::AutoPass);
        }
        self.check_waiting();
    }

    /// The table is going away (to another node, or the server restarts):
    /// no further command is taken, and every move still queued, or handed
    /// in before the sockets close, is refused with `code` rather than
    /// left unanswered; the client sends it again where the table is next.
    /// Other requests are dropped unanswered (their callers hear the table
    /// is gone and try again); a shutdown waiting on it is told it is done.
    pub(super) fn refuse_queued(&mut self, rx: &mut mpsc::Receiver<Cmd>, code: ErrorCode, message: &str) {
        rx.close();
        let queued: Vec<Cmd> = self.deferred.drain(..).chain(std::iter::from_fn(|| rx.try_recv().ok())).collect();
        for cmd in queued {
            match cmd {
                Cmd::Act(act) => {
                    metrics::counter!("backroom_rejections_total", "code" => code.as_str()).increment(1);
                    self.send_to(
                        act.conn,
                        &ServerMsg::Rejected { rid: act.rid, code, rule: None, message: message.into() },
                    );
                }
                Cmd::Request(req) => {
                    if let LobbyRequest::Chat { conn, rid, .. } = *req {
                        self.send_to(conn, &ServerMsg::Rejected { rid, code, rule: None, message: message.into() });
                    }
                }
                Cmd::Shutdown { done } => {
                    let _ = done.send(());
                }
                _ => {}
            }
        }
    }

    /// Keeps `backroom_live_matches` in step with this table.
    pub(super) fn count_live(&mut self) {
        let live =
            self.live.as_ref().is_some_and(|l| !l.over) || (self.store_down && self.lobby.status == LobbyStatus::Live);
        if live != self.counted_live.is_some() {
            self.counted_live = live.then(|| Counted::new("backroom_live_matches"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_up_to_a_ceiling() {
        let id = Uuid::from_u128(7);
        let ms = |n| backoff(id, n).as_millis() as u64;
        assert!((187..=313).contains(&ms(1)), "{}", ms(1));
        assert!(ms(3) > ms(1) * 2);
        for n in [6, 12, 40, u32::MAX] {
            assert!(ms(n) <= BACKOFF_MAX_MS * 5 / 4, "{n}: {}", ms(n));
            assert!(ms(n) >= BACKOFF_MAX_MS * 3 / 4, "{n}: {}", ms(n));
        }
    }
}
