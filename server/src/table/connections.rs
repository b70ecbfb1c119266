//! The sockets at a table: who each one is (a seat or a spectator), its
//! outbox, how far it has seen the log, and when each person who has no
//! socket open left. A person is "connected" while one of their sockets
//! is here; their seat's presence is what the lobby shows.

use super::ConnId;
use crate::outbox::{Out, Outbox};
use crate::store::now_ms;
use axum::extract::ws::Utf8Bytes;
use backroom_engine::Viewer;
use std::collections::HashMap;
use std::sync::Arc;
use uuid::Uuid;

/// One socket at the table.
pub(super) struct Conn {
    pub(super) viewer: Viewer,
    pub(super) player: Option<Uuid>,
    pub(super) out: Arc<Outbox>,
    /// Log lines up to this version have been sent (`None`: none yet).
    pub(super) log_sent: Option<u64>,
    /// This viewer's last frame is older than the table: a paced update
    /// is due (see `Table::broadcast_state`).
    pub(super) behind: bool,
}

/// The table's sockets, and when the people without one left.
pub(super) struct Connections {
    conns: HashMap<ConnId, Conn>,
    next: ConnId,
    /// When this table was loaded (Unix ms): a seated person who has not
    /// connected since has been away at least since then.
    loaded_at: i64,
    /// Seated people who left since the table was loaded, and when (Unix
    /// ms); an entry goes when they come back. Empty at most tables.
    left_at: Vec<(Uuid, i64)>,
}

impl Connections {
    /// No socket yet, the table loaded now.
    pub(super) fn new() -> Connections {
        Connections { conns: HashMap::new(), next: 1, loaded_at: now_ms(), left_at: Vec::new() }
    }

    /// Adds a socket; its id at this table.
    pub(super) fn add(&mut self, conn: Conn) -> ConnId {
        let id = self.next;
        self.next += 1;
        self.conns.insert(id, conn);
        id
    }

    pub(super) fn get(&self, id: &ConnId) -> Option<&Conn> {
        self.conns.get(id)
    }

    pub(super) fn get_mut(&mut self, id: &ConnId) -> Option<&mut Conn> {
        self.conns.get_mut(id)
    }

    pub(super) fn contains_key(&self, id: &ConnId) -> bool {
        self.conns.contains_key(id)
    }

    pub(super) fn remove(&mut self, id: &ConnId) -> Option<Conn> {
        self.conns.remove(id)
    }

    pub(super) fn is_empty(&self) -> bool {
        self.conns.is_empty()
    }

    pub(super) fn len(&self) -> usize {
        self.conns.len()
    }

    pub(super) fn values(&self) -> impl Iterator<Item = &Conn> {
        self.conns.values()
    }

    pub(super) fn values_mut(&mut self) -> impl Iterator<Item = &mut Conn> {
        self.conns.values_mut()
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = (&ConnId, &Conn)> {
        self.conns.iter()
    }

    pub(super) fn iter_mut(&mut self) -> impl Iterator<Item = (&ConnId, &mut Conn)> {
        self.conns.iter_mut()
    }

    /// Whether one of `player`'s sockets is here.
    pub(super) fn has_player(&self, player: Uuid) -> bool {
        self.conns.values().any(|c| c.player == Some(player))
    }

    /// Closes every socket with `code` and `reason`; none is left.
    pub(super) fn close_all(&mut self, code: u16, reason: &str) {
        for c in self.conns.values() {
            let _ = c.out.offer(Out::Close(code, reason.to_string()));
        }
        self.conns.clear();
    }

    /// Offers a frame to every socket; those too slow to take it.
    pub(super) fn offer_all(&self, f: &Utf8Bytes) -> Vec<ConnId> {
        let mut slow = vec![];
        for (id, c) in &self.conns {
            if !c.out.offer(Out::Text(f.clone())) {
                slow.push(*id);
            }
        }
        slow
    }

    /// `player` has no socket here any more, from `at` (Unix ms).
    pub(super) fn left(&mut self, player: Uuid, at: i64) {
        self.left_at.retain(|(x, _)| *x != player);
        self.left_at.push((player, at));
    }

    /// `player` is back (or gone from the table): no longer away.
    pub(super) fn back(&mut self, player: Uuid) {
        self.left_at.retain(|(x, _)| *x != player);
    }

    /// Since when (Unix ms) `player`, who joined at `joined_at`, has been
    /// away: since they left, else since they joined or the table loaded.
    pub(super) fn away_since(&self, player: Uuid, joined_at: i64) -> i64 {
        self.left_at.iter().find(|(p, _)| *p == player).map_or(self.loaded_at.max(joined_at), |(_, at)| *at)
    }
}
