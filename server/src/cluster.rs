//! Several nodes behind one address: which node serves which table.
//!
//! The proxy (HAProxy, `deploy/haproxy.cfg`) hashes every request on its
//! lobby id, so one table's traffic lands on one node; this module makes
//! sure that node is the *only* one serving it, with nothing but Postgres:
//!
//! * **Liveness** is a heartbeat row per node process (`nodes`), stamped
//!   with the database's clock, never a node's, renewed four times per lease
//!   time.
//! * **Leases**: a row per table (`table_leases`) names its node and an
//!   **epoch**. A node may take a lease that is free, its own, or held by a
//!   node whose heartbeat is older than the lease time; taking it raises
//!   the epoch.
//! * **Fencing**: every commit of moves names the epoch its table was
//!   loaded under and locks the lease row (`FOR SHARE`), so once another
//!   node took the table, a node that was partitioned or paused can never
//!   add a move again: its commit comes back refused, it drops the table and
//!   its clients reconnect to the new owner.
//! * **Self-fencing**: a node counts its own leases valid only while its
//!   last renewal is younger than three quarters of the lease time (by its
//!   monotonic clock, which runs on while the process is frozen), so a node
//!   that wakes from `SIGSTOP` drops every table before it reads a command.
//! * **Handover**: a node the proxy now sends a table to, while another
//!   live node holds it (the proxy's ring changed back after a node
//!   returned), marks the lease *wanted*; the holder hands the table over at
//!   its next heartbeat, between two commits, and its clients reconnect.
//!   Graceful shutdown hands over every table the same way.
//!
//! Why not a home-made cluster protocol (gossip, Raft): every move is
//! already a Postgres write, so Postgres is already the one place that must
//! agree; a lease row next to the move log adds one locked read per commit
//! and no new failure mode.

use anyhow::{Context, Result};
use sqlx::{PgPool, Row};
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use uuid::Uuid;

/// The answer to taking a lease.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lease {
    /// Held by this node now, under this epoch.
    Held(i64),
    /// Another live node holds it.
    Elsewhere,
    NoSuchLobby,
}

/// This node's place in the cluster.
pub struct Cluster {
    /// A fresh id per process start (a restarted node is a new node, so it
    /// can never mistake a lease of its previous life for its own).
    pub node: Uuid,
    pub name: String,
    pool: PgPool,
    lease: Duration,
    base: Instant,
    /// When the last successful heartbeat was *sent*, in ms since `base`.
    renewed: AtomicU64,
    /// Leases held, by lobby: the epoch each table was loaded under.
    held: Mutex<HashMap<Uuid, i64>>,
    /// Shutting down: `/healthz` answers 503 so the proxy looks elsewhere.
    draining: AtomicBool,
    /// The last heartbeat found this node lapsed and ordered its tables
    /// dropped: it counts itself fresh again only from the next one.
    dropping: AtomicBool,
    /// Whether [`Cluster::fresh`] is honest; off only in tests
    /// (`--test-skip-self-fence`), to reach the fence in Postgres.
    self_fence: bool,
}

impl Cluster {
    /// Registers this node (Postgres only).
    pub async fn join(pool: PgPool, name: String, lease: Duration) -> Result<Cluster> {
        let node = Uuid::new_v4();
        let base = Instant::now();
        sqlx::query("INSERT INTO nodes (id, name) VALUES ($1, $2)")
            .bind(node)
            .bind(&name)
            .execute(&pool)
            .await
            .context("registering the node")?;
        // Rows of nodes long gone (a day without a heartbeat) are only history.
        sqlx::query("DELETE FROM nodes WHERE heartbeat_at < now() - interval '1 day'").execute(&pool).await?;
        metrics::gauge!("backroom_node_info", "node" => name.clone()).set(1.0);
        Ok(Cluster {
            node,
            name,
            pool,
            lease,
            base,
            renewed: AtomicU64::new(0),
            held: Mutex::new(HashMap::new()),
            draining: AtomicBool::new(false),
            dropping: AtomicBool::new(false),
            self_fence: true,
        })
    }

    /// This node with its self-fence on (always, but in tests) or off.
    /// Off, the node never counts its own leases lapsed: woken from a
    /// freeze it goes on serving tables another node took meanwhile, and
    /// only the fence on its commits stands between it and a fork.
    pub fn self_fencing(mut self, on: bool) -> Cluster {
        if !on {
            tracing::warn!(node = %self.name, "--test-skip-self-fence is set: this node never fences itself; for tests only");
        }
        self.self_fence = on;
        self
    }

    fn lease_ms(&self) -> i64 {
        self.lease.as_millis() as i64
    }

    /// How often the heartbeat is renewed.
    pub fn beat(&self) -> Duration {
        self.lease / 4
    }

    /// Whether this node may still serve the tables it holds: its last
    /// renewal is recent enough that no other node can have taken them.
    pub fn fresh(&self) -> bool {
        if !self.self_fence {
            return true;
        }
        let since = (self.base.elapsed().as_millis() as u64).saturating_sub(self.renewed.load(Ordering::Acquire));
        since < (self.lease.as_millis() as u64) * 3 / 4
    }

    pub fn draining(&self) -> bool {
        self.draining.load(Ordering::Acquire)
    }

    pub fn start_draining(&self) {
        self.draining.store(true, Ordering::Release);
    }

    /// Renews the heartbeat; true if it was stale before (the node was
    /// frozen or cut off from the database for most of a lease time, so
    /// every table it holds may have moved, and the caller drops them).
    ///
    /// After such a beat the node stays unfresh until the next one: were
    /// it fresh at once, a table could read a move queued during the freeze
    /// before it reads the order to drop itself, and serve it under a lease
    /// that is gone (the fence in Postgres would still refuse the commit,
    /// but the node should not rely on it).
    pub async fn heartbeat(&self) -> Result<bool> {
        let was_fresh = self.fresh();
        let sent = self.base.elapsed().as_millis() as u64;
        let done = sqlx::query("UPDATE nodes SET heartbeat_at = now() WHERE id = $1")
            .bind(self.node)
            .execute(&self.pool)
            .await?;
        anyhow::ensure!(done.rows_affected() == 1, "this node's row is gone");
        if !was_fresh && !self.dropping.swap(true, Ordering::AcqRel) {
            return Ok(true);
        }
        self.dropping.store(false, Ordering::Release);
        self.renewed.store(sent.max(1), Ordering::Release);
        Ok(false)
    }

    /// The lease time.
    pub fn lease(&self) -> Duration {
        self.lease
    }

    /// Takes the lease of a table (of a stored lobby: ids that name nothing
    /// leave no row behind).
    pub async fn acquire(&self, lobby: Uuid) -> Result<Lease> {
        let row = sqlx::query(
            "INSERT INTO table_leases (lobby_id, node_id, epoch) SELECT $1, $2, 1 WHERE EXISTS (SELECT 1 FROM lobbies WHERE id = $1)
             ON CONFLICT (lobby_id) DO UPDATE SET node_id = $2, epoch = table_leases.epoch + 1, wanted_by = NULL, taken_at = now()
             WHERE table_leases.node_id IS NULL OR table_leases.node_id = $2
                OR NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = table_leases.node_id AND n.heartbeat_at > now() - $3 * interval '1 millisecond')
             RETURNING epoch",
        )
        .bind(lobby)
        .bind(self.node)
        .bind(self.lease_ms() as f64)
        .fetch_optional(&self.pool)
        .await?;
        let epoch: Option<i64> = row.map(|r| r.try_get("epoch")).transpose()?;
        if let Some(e) = epoch {
            self.held.lock().expect("held lock").insert(lobby, e);
            metrics::counter!("backroom_leases_taken_total").increment(1);
            return Ok(Lease::Held(e));
        }
        let exists =
            sqlx::query("SELECT 1 FROM lobbies WHERE id = $1").bind(lobby).fetch_optional(&self.pool).await?.is_some();
        Ok(if exists { Lease::Elsewhere } else { Lease::NoSuchLobby })
    }

    /// Asks the holder of a table's lease to hand it over.
    pub async fn want(&self, lobby: Uuid) -> Result<()> {
        sqlx::query("UPDATE table_leases SET wanted_by = $2 WHERE lobby_id = $1 AND node_id IS DISTINCT FROM $2")
            .bind(lobby)
            .bind(self.node)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The epoch this node holds a table's lease under, if it does.
    pub fn epoch(&self, lobby: Uuid) -> Option<i64> {
        self.held.lock().expect("held lock").get(&lobby).copied()
    }

    /// Forgets a lease without touching the database (the table was
    /// dropped because the lease may be gone already).
    pub fn forget(&self, lobby: Uuid, epoch: i64) {
        let mut held = self.held.lock().expect("held lock");
        if held.get(&lobby) == Some(&epoch) {
            held.remove(&lobby);
        }
    }

    /// Frees a lease this node holds under `epoch` (a table handed over or
    /// unloaded): another node may take it at once.
    pub async fn release(&self, lobby: Uuid, epoch: i64) -> Result<()> {
        self.forget(lobby, epoch);
        sqlx::query("UPDATE table_leases SET node_id = NULL, taken_at = now() WHERE lobby_id = $1 AND node_id = $2 AND epoch = $3")
            .bind(lobby)
            .bind(self.node)
            .bind(epoch)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Frees every lease and stops the heartbeat (graceful shutdown).
    pub async fn leave(&self) -> Result<()> {
        self.held.lock().expect("held lock").clear();
        sqlx::query("UPDATE table_leases SET node_id = NULL, taken_at = now() WHERE node_id = $1")
            .bind(self.node)
            .execute(&self.pool)
            .await?;
        sqlx::query("DELETE FROM nodes WHERE id = $1").bind(self.node).execute(&self.pool).await?;
        Ok(())
    }

    /// Tables this node holds that another node asked for.
    pub async fn wanted(&self) -> Result<Vec<Uuid>> {
        let rows = sqlx::query("SELECT lobby_id FROM table_leases WHERE node_id = $1 AND wanted_by IS NOT NULL")
            .bind(self.node)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| Ok(r.try_get("lobby_id")?)).collect()
    }

    /// Live matches nobody serves: their node has been silent for two lease
    /// times, or their lease was freed that long ago and no client came
    /// back for it. A match of bots alone has no client to bring it back,
    /// so some node must pick it up; waiting two lease times first lets
    /// the node the proxy prefers take the matches people are in.
    pub async fn orphans(&self, limit: i64) -> Result<Vec<Uuid>> {
        let rows = sqlx::query(
            "SELECT l.id FROM lobbies l
             LEFT JOIN table_leases t ON t.lobby_id = l.id
             LEFT JOIN nodes n ON n.id = t.node_id
             WHERE l.status = 'live'
               AND (t.lobby_id IS NULL
                    OR (t.node_id IS NULL AND t.taken_at < now() - $1 * interval '1 millisecond')
                    OR (t.node_id IS NOT NULL AND (n.id IS NULL OR n.heartbeat_at < now() - $1 * interval '1 millisecond')))
             ORDER BY l.updated_at LIMIT $2",
        )
        .bind(2.0 * self.lease_ms() as f64)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
    }

    /// Expires open lobbies idle since before `cutoff` (Unix ms), except
    /// those another live node holds: that node's own sweep expires them
    /// and tells its table, which this node could not.
    pub async fn expire_open(&self, cutoff: i64) -> Result<Vec<Uuid>> {
        let rows = sqlx::query(
            "UPDATE lobbies SET status = 'expired' WHERE status = 'open' AND updated_at < $1
             AND NOT EXISTS (SELECT 1 FROM table_leases t JOIN nodes n ON n.id = t.node_id
                             WHERE t.lobby_id = lobbies.id AND t.node_id <> $2 AND n.heartbeat_at > now() - $3 * interval '1 millisecond')
             RETURNING id",
        )
        .bind(cutoff)
        .bind(self.node)
        .bind(self.lease_ms() as f64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
    }

    /// How many leases this node holds.
    pub fn held_count(&self) -> usize {
        self.held.lock().expect("held lock").len()
    }
}
