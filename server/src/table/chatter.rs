//! Chatter: stored moves that do not move the game on. An offer and its
//! withdrawal, a sealed bid changed again and again: each is a legal move
//! and is stored, yet the table still waits on the same seats afterwards
//! (the engine's `pending()` is unchanged). Unbounded, one seat could grow
//! its match's stored log without limit (which every replay, resume and
//! `verify` then walks) and flood the table with frames, and the socket
//! rate limit is per socket, so several sockets multiply it.
//!
//! So the budget is per seat, not per socket: at most
//! `--chatter-per-minute` such moves in any minute. Past it, a move that
//! would not move the game on is refused (`rate_limited`, nothing stored)
//! while a move that does (the last bid in, a deal accepted, a turn
//! ended) is always made: whether it would is tried on a copy of the
//! match first, only for a seat already at its budget. A socket that
//! keeps sending refused chatter (as many refusals again as the budget,
//! within the minute) is closed with [`CLOSE_CODE`].

use backroom_engine::{Pending, Seat};
use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use super::ConnId;

/// The window the budget counts in.
pub(super) const WINDOW: Duration = Duration::from_secs(60);
/// The close code of a socket that kept sending refused chatter
/// (policy violation, as the WebSocket protocol names it).
pub(super) const CLOSE_CODE: u16 = 1008;
/// Its close reason.
pub(super) const CLOSE_REASON: &str =
    "Too many changes that do not move the game on; wait a minute before changing again.";
/// The refusal's message.
pub(super) const REFUSED: &str = "You have changed your move too often this minute without the game moving on; wait a little before changing it again.";

/// Whether a move of `seat`'s, which took the table from `before` to
/// `after`, is chatter: it left the table waiting on the same seats. A move
/// in the seat's own turn is the turn being played (a Crisis activation is
/// many moves while the same seat is awaited), never chatter, unless it is
/// an any-time ask's (an offer or its withdrawal, `any_time`), which never
/// moves a turn on.
pub(super) fn is_chatter(seat: Seat, before: &Pending, after: &Pending, any_time: bool) -> bool {
    let own_turn = matches!(before, Pending::Turn { seat: s, .. } if *s == seat);
    before == after && (any_time || !own_turn)
}

/// Per-seat chatter counts and per-socket refusals, within [`WINDOW`].
#[derive(Default)]
pub(super) struct Chatter {
    seats: HashMap<Seat, VecDeque<Instant>>,
    refused: HashMap<ConnId, VecDeque<Instant>>,
}

fn trim(q: &mut VecDeque<Instant>, now: Instant) {
    while q.front().is_some_and(|t| now.duration_since(*t) >= WINDOW) {
        q.pop_front();
    }
}

impl Chatter {
    /// Whether `seat` has used its whole budget in the last minute.
    pub(super) fn spent(&mut self, seat: Seat, budget: u32, now: Instant) -> bool {
        if budget == 0 {
            return false;
        }
        let q = self.seats.entry(seat).or_default();
        trim(q, now);
        q.len() >= budget as usize
    }

    /// An accepted move of a person's: counted if it was chatter (see
    /// [`is_chatter`]).
    pub(super) fn made(&mut self, seat: Seat, before: &Pending, after: &Pending, any_time: bool, now: Instant) {
        if is_chatter(seat, before, after, any_time) {
            self.seats.entry(seat).or_default().push_back(now);
        }
    }

    /// A socket's move was refused as chatter: whether the socket has now
    /// kept at it long enough to be closed.
    pub(super) fn refuse(&mut self, conn: ConnId, budget: u32, now: Instant) -> bool {
        let q = self.refused.entry(conn).or_default();
        trim(q, now);
        q.push_back(now);
        q.len() >= budget.max(1) as usize
    }

    /// A socket left: its refusals go with it.
    pub(super) fn forget(&mut self, conn: ConnId) {
        self.refused.remove(&conn);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use backroom_engine::SeatSet;

    #[test]
    fn only_moves_that_leave_the_table_waiting_on_the_same_seats_count() {
        let mut c = Chatter::default();
        let t = Instant::now();
        let a = Pending::Turn { seat: 0 };
        let b = Pending::Simultaneous { waiting: SeatSet::only(1), committed: SeatSet::only(0) };
        c.made(0, &a, &b, false, t);
        assert!(!c.spent(0, 1, t));
        c.made(0, &a, &a, false, t);
        assert!(!c.spent(0, 1, t), "a move in one's own turn is the turn being played");
        c.made(1, &a, &a, false, t);
        assert!(c.spent(1, 1, t), "another seat's move while seat 0 is awaited is chatter");
        c.made(0, &b, &b, false, t);
        assert!(c.spent(0, 1, t));
        assert!(!c.spent(2, 1, t), "per seat");
        let mut d = Chatter::default();
        d.made(0, &a, &a, true, t);
        assert!(d.spent(0, 1, t), "an any-time ask's move counts even in one's own turn");
        assert!(!c.spent(0, 0, t), "0 turns it off");
        assert!(!c.spent(0, 1, t + WINDOW), "a minute later the budget is back");
    }

    #[test]
    fn a_socket_is_closed_after_as_many_refusals_as_the_budget() {
        let mut c = Chatter::default();
        let t = Instant::now();
        assert!(!c.refuse(7, 3, t));
        assert!(!c.refuse(7, 3, t));
        assert!(c.refuse(7, 3, t));
        c.forget(7);
        assert!(!c.refuse(7, 3, t));
    }
}
