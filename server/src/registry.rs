//! The tables in memory, by lobby id.
//!
//! A table is loaded from the store on first use and unloads itself after
//! a while without connections; live matches are loaded (and verified) at
//! start-up so bots resume their turns without waiting for a person. The map
//! holds a `OnceCell` per id so two requests racing for the same unloaded
//! table load it once.

use crate::config::ServeArgs;
use crate::store::{GroupCommit, LobbyRow, PlayerRow, Store};
use crate::table::{Cmd, LobbyRequest, Table, TableHandle, internal};
use backroom_engine::erased::DynGame;
use backroom_protocol::{ApiError, ErrorCode};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{OnceCell, mpsc, oneshot};
use uuid::Uuid;

/// Shared by every table and handler.
pub struct Ctx {
    pub store: Store,
    pub commits: GroupCommit,
    pub cfg: ServeArgs,
    /// The lobby API's per-address limit (`None`: off).
    pub lobby_limit: Option<crate::limit::LobbyLimit>,
    /// The per-address limit on reads.
    pub read_limit: Option<crate::limit::LobbyLimit>,
    /// Open WebSockets per client address.
    pub sockets: Arc<crate::limit::Sockets>,
    tables: Mutex<HashMap<Uuid, Arc<OnceCell<TableHandle>>>>,
    /// Tasks of running tables, awaited at shutdown.
    tasks: Mutex<Vec<tokio::task::JoinHandle<()>>>,
}

/// Most matches' commits written in one transaction. Under load a group
/// holds a few dozen; the cap bounds the statement, and with it the write
/// buffer that each database connection keeps at its largest size.
const MAX_GROUP_COMMIT: usize = 128;

impl Ctx {
    /// A context over a connected store.
    pub fn new(store: Store, cfg: ServeArgs) -> Arc<Ctx> {
        let commits = GroupCommit::start(store.clone(), cfg.group_commit, MAX_GROUP_COMMIT, cfg.commits_in_flight as usize);
        let lobby_limit = crate::limit::lobby_limit(&cfg);
        let read_limit = crate::limit::read_limit(&cfg);
        let sockets = crate::limit::Sockets::new(cfg.max_sockets_per_address);
        Arc::new(Ctx { store, commits, cfg, lobby_limit, read_limit, sockets, tables: Mutex::new(HashMap::new()), tasks: Mutex::new(Vec::new()) })
    }

    fn spawn(self: &Arc<Self>, table: Table) -> TableHandle {
        let (tx, rx) = mpsc::channel(1024);
        let weak = tx.downgrade();
        let task = tokio::spawn(table.run(rx, weak));
        let mut tasks = self.tasks.lock().expect("tasks lock");
        tasks.retain(|t| !t.is_finished());
        tasks.push(task);
        metrics::gauge!("backroom_tables_loaded").increment(1.0);
        TableHandle { tx }
    }

    /// Registers and starts the table of a lobby just created.
    pub fn open(self: &Arc<Self>, game: &'static dyn DynGame, lobby: LobbyRow, players: Vec<PlayerRow>) {
        let id = lobby.id;
        let handle = self.spawn(Table::new_lobby(self.clone(), game, lobby, players));
        let cell = Arc::new(OnceCell::new_with(Some(handle)));
        self.tables.lock().expect("tables lock").insert(id, cell);
    }

    /// Called by a table's task as it ends.
    pub fn forget(&self, id: Uuid) {
        self.tables.lock().expect("tables lock").remove(&id);
        metrics::gauge!("backroom_tables_loaded").decrement(1.0);
    }

    pub(crate) async fn handle(self: &Arc<Self>, id: Uuid, verify: bool) -> Result<TableHandle, ApiError> {
        let cell = self.tables.lock().expect("tables lock").entry(id).or_default().clone();
        if let Some(h) = cell.get() {
            return Ok(h.clone());
        }
        // Loading is rare and its future large: boxed, so that every
        // caller's future (one per socket) stays small.
        Box::pin(self.load_handle(cell, id, verify)).await
    }

    async fn load_handle(self: &Arc<Self>, cell: Arc<OnceCell<TableHandle>>, id: Uuid, verify: bool) -> Result<TableHandle, ApiError> {
        let r = cell
            .get_or_try_init(|| async {
                match Table::load(self.clone(), id, verify).await {
                    Ok(Some(t)) => Ok(self.spawn(t)),
                    Ok(None) => Err(ApiError::new(ErrorCode::LobbyNotFound, "There is no such lobby.")),
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

    /// Sends a command built around a reply channel and waits for the
    /// answer; reloads the table once if it had just unloaded.
    pub async fn call<T>(self: &Arc<Self>, id: Uuid, make: impl Fn(oneshot::Sender<Result<T, ApiError>>) -> LobbyRequest) -> Result<T, ApiError> {
        for _ in 0..2 {
            let h = self.handle(id, false).await?;
            let (tx, rx) = oneshot::channel();
            if h.tx.send(Cmd::Request(Box::new(make(tx)))).await.is_err() {
                self.tables.lock().expect("tables lock").remove(&id);
                continue;
            }
            match rx.await {
                Ok(r) => return r,
                Err(_) => {
                    self.tables.lock().expect("tables lock").remove(&id);
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
        metrics::gauge!("backroom_live_matches").set(n as f64);
        Ok(n)
    }

    /// Expires idle open lobbies and closes their tables if loaded.
    pub async fn expire_idle(self: &Arc<Self>) -> anyhow::Result<usize> {
        // Never a lobby younger than one sweep interval: its row is stored a
        // moment before its table is registered, and a sweep in between
        // would expire the row without telling the table, which would then
        // take players in (only a zero TTL, as in tests, could get there).
        let ttl_ms = (self.cfg.lobby_ttl_minutes as i64 * 60_000).max(self.cfg.expiry_sweep_secs.max(1) as i64 * 1000);
        let ids = self.store.expire_open_lobbies(crate::store::now_ms() - ttl_ms).await?;
        for id in &ids {
            let loaded = self.tables.lock().expect("tables lock").get(id).and_then(|c| c.get().cloned());
            if let Some(h) = loaded {
                let _ = h.tx.send(Cmd::Expire).await;
            }
        }
        Ok(ids.len())
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
