//! The tables in memory, by lobby id.
//!
//! A table is loaded from the store on first use and unloads itself after
//! a while without connections; live matches are loaded (and verified) at
//! start-up so bots resume their turns without waiting for a person. The map
//! holds a `OnceCell` per id so two requests racing for the same unloaded
//! table load it once.

use crate::cluster::Cluster;
use crate::config::ServeArgs;
use crate::ctx::{Counted, Ctx, MOVING};
use crate::store::{LobbyRow, PlayerRow, Store};
use crate::table::{Cmd, LobbyRequest, Table, TableHandle, internal};
use backroom_engine::erased::DynGame;
use backroom_protocol::{ApiError, ErrorCode};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{OnceCell, mpsc, oneshot};
use uuid::Uuid;

/// The tables loaded on this node, over the services they share (which it
/// derefs to, so a handler reads `registry.cfg` as it reads `ctx.cfg`).
pub struct Registry {
    ctx: Arc<Ctx>,
    tables: Mutex<HashMap<Uuid, Arc<OnceCell<TableHandle>>>>,
    /// Tasks of running tables, awaited at shutdown.
    tasks: Mutex<Vec<tokio::task::JoinHandle<()>>>,
}

impl std::ops::Deref for Registry {
    type Target = Ctx;

    fn deref(&self) -> &Ctx {
        &self.ctx
    }
}

fn no_such_lobby() -> ApiError {
    ApiError::new(ErrorCode::LobbyNotFound, "There is no such lobby.")
}

impl Registry {
    /// A registry over a connected store.
    pub fn new(store: Store, cfg: ServeArgs) -> Arc<Registry> {
        Registry::on_node(store, cfg, None)
    }

    /// The registry of one node of a cluster (`cluster`), or of a single
    /// server.
    pub fn on_node(store: Store, cfg: ServeArgs, cluster: Option<Cluster>) -> Arc<Registry> {
        let registry = Arc::new(Registry {
            ctx: Ctx::on_node(store, cfg, cluster),
            tables: Mutex::new(HashMap::new()),
            tasks: Mutex::new(Vec::new()),
        });
        // A table opens its rematch's table through the context; a weak
        // reference, so that the registry and its context can be dropped.
        let weak = Arc::downgrade(&registry);
        registry.ctx.set_opener(Box::new(move |game, lobby, players| {
            if let Some(r) = weak.upgrade() {
                r.open(game, lobby, players);
            }
        }));
        registry
    }

    fn spawn(self: &Arc<Self>, table: Table) -> TableHandle {
        let (tx, rx) = mpsc::channel(1024);
        let weak = tx.downgrade();
        // The future first, then a task that holds it and the table's unit
        // of `backroom_tables_loaded` (the table's own arguments are in it
        // once, not twice: see `Table::run`).
        // As it ends, the table leaves the map (see `forget`).
        let (registry, id, inbox) = (self.clone(), table.id(), weak.clone());
        let run = table.run(rx, weak, move |epoch| registry.forget(id, &inbox, epoch));
        let loaded = Counted::new("backroom_tables_loaded");
        let task = tokio::spawn(async move {
            let _loaded = loaded;
            run.await
        });
        let mut tasks = self.tasks.lock().expect("tasks lock");
        tasks.retain(|t| !t.is_finished());
        tasks.push(task);
        TableHandle { tx }
    }

    /// Registers and starts the table of a lobby just created. On a node
    /// of a cluster the table is left to load where the proxy sends its
    /// first request (it is stored already), so it is not opened here only
    /// to be handed over at once.
    pub fn open(self: &Arc<Self>, game: &'static dyn DynGame, lobby: LobbyRow, players: Vec<PlayerRow>) {
        if self.cluster.is_some() {
            return;
        }
        let id = lobby.id;
        let handle = self.spawn(Table::new_lobby(self.ctx.clone(), game, lobby, players));
        let cell = Arc::new(OnceCell::new_with(Some(handle)));
        self.tables.lock().expect("tables lock").insert(id, cell);
    }

    /// Called by a table as it ends; on a cluster, frees its lease
    /// (if it is still the one it was loaded under) for any node to take.
    ///
    /// The entry is removed only if it is still this table's: a request that
    /// found the table ending may already have loaded a newer one under the
    /// same id, which must stay.
    pub fn forget(&self, id: Uuid, inbox: &mpsc::WeakSender<Cmd>, epoch: Option<i64>) {
        if let Some(tx) = inbox.upgrade() {
            self.unregister(id, &tx);
        }
        if let (Some(c), Some(e)) = (&self.cluster, epoch) {
            let c = c.clone();
            tokio::spawn(async move {
                if let Err(err) = c.release(id, e).await {
                    tracing::warn!(table = %id, error = %format!("{err:#}"), "freeing a lease failed; it lapses with this node's heartbeat");
                }
            });
        }
    }

    /// Takes a table's lease for this node: at once if it is free or its
    /// node is gone; else asks its holder to hand it over and waits up to
    /// one lease time for that.
    /// (`adopt`: one try, never asking a holder to hand over.)
    async fn take_lease(&self, c: &Cluster, id: Uuid, adopt: bool) -> Result<i64, ApiError> {
        let moving = || ApiError::new(ErrorCode::TableMoving, MOVING);
        if !c.fresh() || c.draining() {
            return Err(moving());
        }
        let deadline = tokio::time::Instant::now() + c.lease();
        let mut asked = false;
        loop {
            match c.acquire(id).await {
                Ok(crate::cluster::Lease::Held(epoch)) => return Ok(epoch),
                Ok(crate::cluster::Lease::NoSuchLobby) => return Err(no_such_lobby()),
                Ok(crate::cluster::Lease::Elsewhere) if adopt => return Err(moving()),
                Ok(crate::cluster::Lease::Elsewhere) => {}
                Err(e) => return Err(internal(format!("{e:#}"))),
            }
            if !asked {
                asked = true;
                if let Err(e) = c.want(id).await {
                    return Err(internal(format!("{e:#}")));
                }
            }
            if tokio::time::Instant::now() >= deadline {
                return Err(moving());
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }

    pub(crate) async fn handle(self: &Arc<Self>, id: Uuid, verify: bool) -> Result<TableHandle, ApiError> {
        self.handle_or_adopt(id, verify, false).await
    }

    /// Loads a live match nobody serves, if its lease is still free when
    /// asked (another node may have adopted it meanwhile: then nothing).
    async fn adopt(self: &Arc<Self>, id: Uuid) -> Result<TableHandle, ApiError> {
        self.handle_or_adopt(id, false, true).await
    }

    async fn handle_or_adopt(self: &Arc<Self>, id: Uuid, verify: bool, adopt: bool) -> Result<TableHandle, ApiError> {
        let cell = self.tables.lock().expect("tables lock").entry(id).or_default().clone();
        if let Some(h) = cell.get() {
            return Ok(h.clone());
        }
        // Loading is rare and its future large: boxed, so that every
        // caller's future (one per socket) stays small.
        Box::pin(self.load_handle(cell, id, verify, adopt)).await
    }

    async fn load_handle(
        self: &Arc<Self>,
        cell: Arc<OnceCell<TableHandle>>,
        id: Uuid,
        verify: bool,
        adopt: bool,
    ) -> Result<TableHandle, ApiError> {
        let r = cell
            .get_or_try_init(|| async {
                let epoch = match &self.cluster {
                    Some(c) => Some(self.take_lease(c, id, adopt).await?),
                    None => None,
                };
                let loaded = Table::load(self.ctx.clone(), id, verify).await;
                if let (Some(c), Some(e), false) = (&self.cluster, epoch, matches!(loaded, Ok(Some(_)))) {
                    let _ = c.release(id, e).await;
                }
                match loaded {
                    Ok(Some(mut t)) => {
                        t.set_epoch(epoch);
                        Ok(self.spawn(t))
                    }
                    Ok(None) => Err(no_such_lobby()),
                    Err(e) => Err(internal(format!("{e:#}"))),
                }
            })
            .await
            .cloned();
        if r.is_err() {
            self.tables.lock().expect("tables lock").remove(&id);
        }
        r
    }

    /// Drops the map's entry for `id` if it holds the table behind `inbox`
    /// (not a newer table loaded since, nor a load in progress).
    fn unregister(&self, id: Uuid, inbox: &mpsc::Sender<Cmd>) {
        let mut tables = self.tables.lock().expect("tables lock");
        if tables.get(&id).and_then(|c| c.get()).is_some_and(|h| h.tx.same_channel(inbox)) {
            tables.remove(&id);
        }
    }

    /// Sends a command built around a reply channel and waits for the
    /// answer; reloads the table once if it had just unloaded.
    pub async fn call<T>(
        self: &Arc<Self>,
        id: Uuid,
        make: impl Fn(oneshot::Sender<Result<T, ApiError>>) -> LobbyRequest,
    ) -> Result<T, ApiError> {
        self.call_on(id, make).await.map(|(r, _)| r)
    }

    /// [`Registry::call`], also giving the inbox of the table that answered
    /// (a socket's `hello` keeps it, and asks the registry only once).
    pub async fn call_on<T>(
        self: &Arc<Self>,
        id: Uuid,
        make: impl Fn(oneshot::Sender<Result<T, ApiError>>) -> LobbyRequest,
    ) -> Result<(T, TableHandle), ApiError> {
        for _ in 0..2 {
            let h = self.handle(id, false).await?;
            let (tx, rx) = oneshot::channel();
            if h.tx.send(Cmd::Request(Box::new(make(tx)))).await.is_err() {
                self.unregister(id, &h.tx);
                continue;
            }
            match rx.await {
                Ok(r) => return r.map(|r| (r, h)),
                Err(_) => {
                    self.unregister(id, &h.tx);
                    continue;
                }
            }
        }
        Err(ApiError::new(ErrorCode::Restarting, "The table is restarting; please try again in a moment."))
    }

    /// Sends a command that needs no answer.
    pub async fn tell(self: &Arc<Self>, id: Uuid, cmd: Cmd) -> bool {
        match self.handle(id, false).await {
            Ok(h) => h.tx.send(cmd).await.is_ok(),
            Err(_) => false,
        }
    }

    /// Loads and verifies every live match (start-up after a crash or a
    /// restart). Returns how many were restored.
    pub async fn restore_live(self: &Arc<Self>) -> anyhow::Result<usize> {
        let ids = self.store.live_lobbies().await?;
        let mut n = 0;
        for id in ids {
            match self.handle(id, true).await {
                Ok(_) => n += 1,
                Err(e) => tracing::error!(lobby = %id, error = %e.message, "a live match could not be restored"),
            }
        }
        Ok(n)
    }

    /// Expires idle open lobbies and closes their tables if loaded.
    pub async fn expire_idle(self: &Arc<Self>) -> anyhow::Result<usize> {
        // Never a lobby younger than one sweep interval: its row is stored a
        // moment before its table is registered, and a sweep in between
        // would expire the row without telling the table, which would then
        // take players in (only a zero TTL, as in tests, could get there).
        let ttl_ms = (self.cfg.lobby_ttl_minutes as i64 * 60_000).max(self.cfg.expiry_sweep_secs.max(1) as i64 * 1000);
        let cutoff = crate::store::now_ms() - ttl_ms;
        let ids = match &self.cluster {
            Some(c) => c.expire_open(cutoff).await?,
            None => self.store.expire_open_lobbies(cutoff).await?,
        };
        for id in &ids {
            let loaded = self.tables.lock().expect("tables lock").get(id).and_then(|c| c.get().cloned());
            if let Some(h) = loaded {
                let _ = h.tx.send(Cmd::Expire).await;
            }
        }
        Ok(ids.len())
    }

    /// Every loaded table's inbox.
    fn loaded(&self) -> Vec<(Uuid, TableHandle)> {
        self.tables
            .lock()
            .expect("tables lock")
            .iter()
            .filter_map(|(id, c)| c.get().map(|h| (*id, h.clone())))
            .collect()
    }

    /// A node's upkeep of its leases, until the process ends: the heartbeat;
    /// every table dropped if the node was frozen or cut off for most of a
    /// lease time (another node may serve them now); tables another node
    /// asked for handed over; and live matches nobody serves (their node
    /// died, and no client came back to bring them up elsewhere) adopted.
    pub async fn keep_leases(self: Arc<Self>) {
        let Some(c) = self.cluster.clone() else { return };
        let mut every = tokio::time::interval(c.beat());
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut tick = 0u64;
        loop {
            every.tick().await;
            tick += 1;
            match c.heartbeat().await {
                Ok(false) => {}
                Ok(true) => {
                    tracing::warn!(node = %c.name, "this node was silent for most of a lease time: dropping every table it held");
                    for (_, h) in self.loaded() {
                        let _ = h.tx.send(Cmd::Handover).await;
                    }
                    continue;
                }
                Err(e) => {
                    tracing::warn!(node = %c.name, error = %format!("{e:#}"), "heartbeat failed");
                    continue;
                }
            }
            metrics::gauge!("backroom_leases_held").set(c.held_count() as f64);
            match c.wanted().await {
                Ok(ids) => {
                    let loaded: HashMap<Uuid, TableHandle> = self.loaded().into_iter().collect();
                    for id in ids {
                        match loaded.get(&id) {
                            Some(h) => {
                                let _ = h.tx.send(Cmd::Handover).await;
                            }
                            // Held but not loaded (it failed to load, or is
                            // unloading): free it.
                            None => {
                                if let Some(e) = c.epoch(id) {
                                    let _ = c.release(id, e).await;
                                }
                            }
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %format!("{e:#}"), "reading wanted leases failed"),
            }
            if tick.is_multiple_of(4) && !c.draining() {
                match c.orphans(100).await {
                    Ok(ids) => {
                        for id in ids {
                            match self.adopt(id).await {
                                Ok(_) => tracing::info!(table = %id, node = %c.name, "adopted a match nobody served"),
                                Err(e) if e.code == ErrorCode::TableMoving => {}
                                Err(e) => tracing::warn!(table = %id, error = %e.message, "adopting a match failed"),
                            }
                        }
                    }
                    Err(e) => tracing::warn!(error = %format!("{e:#}"), "looking for unserved matches failed"),
                }
            }
        }
    }

    /// Asks every table to close its sockets with "restarting" and stop,
    /// after the commit in flight (if any) completes.
    pub async fn shutdown(&self) {
        let handles: Vec<TableHandle> =
            self.tables.lock().expect("tables lock").values().filter_map(|c| c.get().cloned()).collect();
        for h in handles {
            let (tx, rx) = oneshot::channel();
            if h.tx.send(Cmd::Shutdown { done: tx }).await.is_ok() {
                let _ = tokio::time::timeout(std::time::Duration::from_secs(5), rx).await;
            }
        }
        let tasks: Vec<_> = std::mem::take(&mut *self.tasks.lock().expect("tasks lock"));
        for t in tasks {
            let _ = tokio::time::timeout(std::time::Duration::from_secs(5), t).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine_panic::{Twist, wrapped_match};

    /// A table that ends after a newer copy of itself was loaded (a request
    /// found it stopping and loaded the match afresh) leaves the newer copy
    /// registered; only its own end removes an entry.
    #[tokio::test]
    async fn an_ending_table_leaves_a_newer_copy_registered() {
        let (ctx, id, _conn, _out, _seen, dir) = wrapped_match(Twist::Panic, &[]).await;
        let old = ctx.handle(id, false).await.unwrap();
        // What `call` does when the table it found has just stopped.
        ctx.unregister(id, &old.tx);
        let new = ctx.handle(id, false).await.unwrap();
        assert!(!new.tx.same_channel(&old.tx), "a fresh copy was loaded");

        ctx.forget(id, &old.tx.downgrade(), None);
        assert!(
            ctx.handle(id, false).await.unwrap().tx.same_channel(&new.tx),
            "the old table's end left the new one in place"
        );
        ctx.forget(id, &new.tx.downgrade(), None);
        assert!(!ctx.handle(id, false).await.unwrap().tx.same_channel(&new.tx), "the new table's own end removed it");
        ctx.shutdown().await;
        let _ = std::fs::remove_dir_all(&dir);
    }
}
