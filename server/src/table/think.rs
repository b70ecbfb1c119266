//! Strong bots think off the table's task: a search over a copy of the
//! match runs on tokio's blocking pool until a deadline, and its move comes
//! back to the table as a command. The table answers everything else
//! meanwhile; a move that comes back too late for the table as it is now is
//! dropped and the bot asked again.
//!
//! The walk of one Strong move: [`Table::bot_turns`] (or the turn clock)
//! finds a Strong bot awaited → [`Table::start_thinking`] copies the state
//! (`clone_box`), draws the search's seed from the table's bot generator
//! (never the match's, so `--test-seed` runs stay reproducible) and spawns
//! a task that waits for one of the server's search slots
//! ([`crate::ctx::search_slots`]) and runs [`think`] on the blocking pool →
//! [`Cmd::BotChose`] → [`Table::chosen`] checks the seat is still awaited
//! and its prompt unchanged since it was asked (the rule a person's move
//! meets) and hands the move to `process`, where it is applied, committed
//! and broadcast like any other. A search that panics, or finds nothing,
//! leaves the move to the heuristic bot.

use super::{Cmd, Incoming, Origin, Table};
use backroom_engine::Seat;
use backroom_engine::erased::DynState;
use backroom_engine::search::Budget;
use backroom_protocol::http::BotLevel;
use serde_json::Value;
use std::time::{Duration, Instant};

/// The search's budget for one decision: as many iterations as it likes
/// until `keep_going` says stop, on `threads` threads (root parallelism,
/// one per search slot it holds). Every budget the server gives a search
/// is built here.
pub fn budget(keep_going: &(dyn Fn() -> bool + Sync), threads: usize) -> Budget<'_> {
    Budget { iterations: usize::MAX, keep_going, threads: threads.max(1) }
}

/// What a Strong bot's thinking came to.
#[derive(Debug)]
pub enum Thought {
    /// The move it chose.
    Chose(Value),
    /// The search found no move (the heuristic then tries).
    Nothing,
    /// The search panicked (caught; the heuristic then moves).
    Panicked,
}

/// The blocking part: the search for `seat` over `state` with `seed`, until
/// `deadline` (at least one iteration runs, however late it starts), on
/// `threads` threads. A panic in the search is caught and reported, never
/// passed on.
pub fn think(state: &dyn DynState, seat: Seat, seed: u64, deadline: Instant, threads: usize) -> Thought {
    let keep_going = move || Instant::now() < deadline;
    let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        state.search_action(seat, seed, budget(&keep_going, threads))
    }));
    match found {
        Ok(Some(action)) => Thought::Chose(action),
        Ok(None) => Thought::Nothing,
        Err(_) => Thought::Panicked,
    }
}

/// A Strong bot thinking: for whom, why, at which version, and when its
/// answer is due (the watchdog gives it the budget plus its own period).
pub(super) struct Asked {
    pub(super) seat: Seat,
    pub(super) origin: Origin,
    pub(super) version: u64,
    pub(super) due: tokio::time::Instant,
}

/// A Strong bot's answer, back at the table.
pub struct Chosen {
    seat: Seat,
    origin: Origin,
    /// The version the bot was asked at.
    version: u64,
    thought: Thought,
}

impl Table {
    /// Starts a Strong bot thinking for `seat` (its own, a stand-in's, or
    /// a move for a person whose clock ran out), unless it already is.
    pub(super) fn start_thinking(&mut self, seat: Seat, origin: Origin) {
        if self.bots.is_thinking(seat) {
            return;
        }
        let Some(live) = self.live.as_ref().filter(|l| !l.over) else { return };
        let Some(tx) = self.self_tx.upgrade() else { return };
        let (version, state) = (live.version, live.state.clone_box());
        let rng = self.bots.rng(self.ctx.cfg.test_seed);
        let seed = u64::from(rng.range(0, u32::MAX)) << 32 | u64::from(rng.range(0, u32::MAX));
        let think_for = Duration::from_millis(self.ctx.cfg.bot_think_ms);
        // The deadline runs from the ask: a search that waited for a slot
        // thinks less, so no decision takes much longer than the budget.
        let deadline = Instant::now() + think_for;
        let due = tokio::time::Instant::now() + think_for;
        self.bots.thinking.push(Asked { seat, origin: origin.clone(), version, due });
        let slots = self.ctx.searches.clone();
        let asked = Instant::now();
        tokio::spawn(async move {
            let slot = slots.clone().acquire_owned().await.ok();
            // Parallel search where cores are free: half the slots nobody
            // holds now join this search as extra threads, held until it
            // ends; the other half stay for the next table that asks.
            let free = u32::try_from(slots.available_permits() / 2).unwrap_or(0);
            let extra = if free > 0 { slots.try_acquire_many_owned(free).ok() } else { None };
            let threads = 1 + extra.as_ref().map_or(0, |e| e.num_permits());
            let thought = tokio::task::spawn_blocking(move || {
                let _slots = (slot, extra);
                think(&*state, seat, seed, deadline, threads)
            })
            .await
            .unwrap_or(Thought::Panicked);
            // Asked → answered, the wait for a search slot included.
            metrics::histogram!("backroom_bot_think_seconds").record(asked.elapsed().as_secs_f64());
            let _ = tx.send(Cmd::BotChose(Box::new(Chosen { seat, origin, version, thought }))).await;
        });
    }

    /// A Strong bot's answer: made if the table still awaits that seat with
    /// the prompt it was asked about (and the same kind of bot plays it);
    /// otherwise dropped, and the bots asked again.
    pub(super) async fn chosen(&mut self, c: Chosen) {
        let before = self.bots.thinking.len();
        self.bots.thinking.retain(|a| !(a.seat == c.seat && a.version == c.version && a.origin == c.origin));
        if self.bots.thinking.len() == before {
            // The watchdog gave up on it and asked again: a newer one comes.
            return;
        }
        let by_bot = self.players.iter().any(|p| p.seat == Some(c.seat) && p.played_by_bot());
        let current = self.live.as_ref().is_some_and(|l| {
            !l.over
                && l.state.pending().awaited().contains(c.seat)
                && c.version <= l.version
                && l.prompt_changed.get(c.seat as usize).is_some_and(|v| *v <= c.version)
        }) && by_bot == (c.origin == Origin::Bot);
        if !current {
            tracing::debug!(table = %self.id, seat = c.seat, "a Strong bot's move came too late; asking again");
            self.schedule_bots();
            return;
        }
        let action = match c.thought {
            Thought::Chose(a) => a,
            Thought::Nothing => Value::Null,
            Thought::Panicked => {
                tracing::error!(table = %self.id, seat = c.seat, "the search panicked; the heuristic bot moves instead");
                metrics::counter!("backroom_search_panics_total").increment(1);
                Value::Null
            }
        };
        let inc = Incoming { origin: c.origin, seat: c.seat, action, received: Instant::now() };
        Box::pin(self.process(vec![inc])).await;
    }

    /// Whether the bot choosing `seat`'s move from `origin` is Strong.
    pub(super) fn strong(&self, seat: Seat, origin: &Origin) -> bool {
        super::bots::level_for(&self.players, self.lobby.stand_in_level, seat, origin) == BotLevel::Strong
    }
}
