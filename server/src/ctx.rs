//! What every table and every handler shares, below both: the store and
//! its group-commit writer, the flags, the per-address limits and this
//! node's leases, and the few words and gauges the table and the sockets
//! must agree on.
//!
//! It exists so that the table (`table`), the registry of tables
//! (`registry`) and the HTTP and WebSocket handlers (`api`, `ws`) can all
//! use the same services without importing one another: nothing here
//! imports any of them.

use crate::cluster::Cluster;
use crate::config::ServeArgs;
use crate::store::{GroupCommit, LobbyRow, PlayerRow, Store};
use backroom_engine::erased::DynGame;
use std::sync::{Arc, OnceLock};

/// Starts the table of a lobby just stored (the registry's, handed down so
/// that a table can open its rematch's without importing the registry).
pub type Opener = Box<dyn Fn(&'static dyn DynGame, LobbyRow, Vec<PlayerRow>) + Send + Sync>;

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
    /// This node's leases, when it is one node of several (`--node`).
    pub cluster: Option<Arc<Cluster>>,
    /// Strong bots' searches running at once, server-wide (see
    /// `table::think`): one core is left to the tables.
    pub searches: Arc<tokio::sync::Semaphore>,
    /// Set once by the registry over this context (see [`Ctx::open`]).
    opener: OnceLock<Opener>,
}

/// Most matches' commits written in one transaction. Under load a group
/// holds a few dozen; the cap bounds the statement, and with it the write
/// buffer that each database connection keeps at its largest size.
const MAX_GROUP_COMMIT: usize = 128;

/// How many Strong bots may search at once: every core but one (at least
/// one), so the tables' own moves always have a core.
pub fn search_slots() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1)).max(1)
}

impl Ctx {
    /// The services of one node of a cluster (`cluster`), or of a single
    /// server.
    pub fn on_node(store: Store, cfg: ServeArgs, cluster: Option<Cluster>) -> Arc<Ctx> {
        let cluster = cluster.map(Arc::new);
        let node = cluster.as_ref().map(|c| c.node);
        let commits = GroupCommit::start_on_node(
            store.clone(),
            cfg.group_commit,
            MAX_GROUP_COMMIT,
            cfg.commits_in_flight as usize,
            node,
        );
        let lobby_limit = crate::limit::lobby_limit(&cfg);
        let read_limit = crate::limit::read_limit(&cfg);
        let sockets = crate::limit::Sockets::new(cfg.max_sockets_per_address);
        let searches = Arc::new(tokio::sync::Semaphore::new(search_slots()));
        Arc::new(Ctx {
            store,
            commits,
            cfg,
            lobby_limit,
            read_limit,
            sockets,
            cluster,
            searches,
            opener: OnceLock::new(),
        })
    }

    /// Hands the registry's way of starting a table to this context (once).
    pub fn set_opener(&self, opener: Opener) {
        let _ = self.opener.set(opener);
    }

    /// Registers and starts the table of a lobby just stored (see
    /// `Registry::open`).
    pub fn open(&self, game: &'static dyn DynGame, lobby: LobbyRow, players: Vec<PlayerRow>) {
        if let Some(open) = self.opener.get() {
            open(game, lobby, players);
        }
    }
}

/// One unit of a per-node gauge, held for as long as what it counts lives:
/// taken back when dropped, however that happens (the task ends, panics or
/// is aborted), so the gauge never drifts.
pub struct Counted(&'static str);

impl Counted {
    pub fn new(gauge: &'static str) -> Counted {
        metrics::gauge!(gauge).increment(1.0);
        Counted(gauge)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        metrics::gauge!(self.0).decrement(1.0);
    }
}

/// What a client hears while its table changes node.
pub const MOVING: &str = "The table is moving to another server; reconnecting shortly.";

/// Close code for a socket closed as silent (idle timeout) or as too slow
/// to read what it is sent: the client reconnects and resumes.
pub const CLOSE_IDLE: u16 = 4008;
