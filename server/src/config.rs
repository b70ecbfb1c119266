//! Command line and environment (clap). Every flag has an environment
//! variable so a container can be configured without a command line.

use clap::{Args, Parser, Subcommand};
use std::net::SocketAddr;
use std::path::PathBuf;

/// Backroom: private lobbies for hidden-information tabletop games.
#[derive(Debug, Parser)]
#[command(name = "backroom", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub serve: ServeArgs,
}

/// What to do.
#[allow(clippy::large_enum_variant, reason = "parsed once at start-up: the size of the serve variant does not matter")]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the server (the default).
    Serve(ServeArgs),
    /// Replay a finished match from its stored log and check it: the seed
    /// matches its published hash, every action is legal, the replayed end
    /// state and outcome equal the stored ones.
    Verify {
        /// The lobby id.
        lobby: uuid::Uuid,
        #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DB)]
        database_url: String,
    },
    /// Run rulebook scenario files (TOML) and report each.
    Scenario {
        /// Files or folders.
        paths: Vec<PathBuf>,
    },
    /// Play seeded bot-only matches on the engine alone and report each
    /// bot kind's win rate with a 95% confidence interval.
    Arena {
        /// The game's id, e.g. `xmen-mutant-revolution`.
        game: String,
        /// Matches to play.
        #[arg(long, default_value_t = 1000)]
        matches: u64,
        /// One bot kind per seat: `heuristic`, `random` or `search`.
        #[arg(long, default_value = "heuristic,random,random")]
        bots: String,
        /// Match m is played from seed S + m.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The game's options as JSON (defaults when left out).
        #[arg(long, default_value = "null")]
        options: String,
        /// The search bot's thinking time per decision, in milliseconds.
        #[arg(long, default_value_t = 200)]
        think_ms: u64,
    },
}

/// The most a Strong bot may think over one move (`--bot-think-ms`): past
/// this a table's people would wait more than they would for a friend.
pub const MAX_BOT_THINK_MS: u64 = 10_000;

/// The default store: an SQLite file next to where the server runs.
pub const DEFAULT_DB: &str = "sqlite://data/backroom.db";

/// Server settings.
#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "BACKROOM_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,
    /// `sqlite://path/file.db` (embedded default) or `postgres://user@host/db`.
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DB)]
    pub database_url: String,
    /// Folder with the web client.
    #[arg(long, env = "BACKROOM_STATIC_DIR", default_value = "web-client")]
    pub static_dir: PathBuf,
    /// Write a snapshot every this many actions (resume replays at most this many).
    #[arg(long, env = "BACKROOM_SNAPSHOT_EVERY", default_value_t = 100)]
    pub snapshot_every: u64,
    /// Open lobbies idle this long expire (minutes).
    #[arg(long, env = "BACKROOM_LOBBY_TTL_MINUTES", default_value_t = 24 * 60)]
    pub lobby_ttl_minutes: u64,
    /// Pause before a server bot moves, so people can follow (milliseconds).
    #[arg(long, env = "BACKROOM_BOT_DELAY_MS", default_value_t = 600)]
    pub bot_delay_ms: u64,
    /// How long a Strong bot thinks over a move (milliseconds, 1 to
    /// 10 000): its search runs off the table's task until this deadline.
    #[arg(long, env = "BACKROOM_BOT_THINK_MS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=MAX_BOT_THINK_MS))]
    pub bot_think_ms: u64,
    /// A player away this long (seconds) may have a bot play for them at
    /// the request of anyone seated at the table; the host may ask at once.
    /// So a table whose host is away too is not stuck.
    #[arg(long, env = "BACKROOM_STAND_IN_AFTER_SECS", default_value_t = 120)]
    pub stand_in_after_secs: u64,
    /// Views of people a move did not concern (their prompt did not change,
    /// they did not act) may trail by up to this long, so that a table's
    /// quick succession of moves reaches them as one frame (milliseconds;
    /// 0 sends every change to everybody at once).
    #[arg(long, env = "BACKROOM_VIEW_PACE_MS", default_value_t = 25)]
    pub view_pace_ms: u64,
    /// Batch concurrent matches' commits into one transaction.
    #[arg(long, env = "BACKROOM_GROUP_COMMIT", default_value_t = true, action = clap::ArgAction::Set)]
    pub group_commit: bool,
    /// Group commits written to Postgres at the same time (SQLite always
    /// writes one at a time). One gives the largest batches: measured with
    /// 1 000 matches on one core, 20-30 % less database CPU per move and a
    /// lower p99 than 4 (bench/README.md). Raise it when each commit waits
    /// long on a slow disk.
    #[arg(long, env = "BACKROOM_COMMITS_IN_FLIGHT", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub commits_in_flight: u16,
    /// Unload a table from memory after this long without connections (seconds).
    #[arg(long, env = "BACKROOM_IDLE_UNLOAD_SECS", default_value_t = 600)]
    pub idle_unload_secs: u64,
    /// How often to look for idle lobbies to expire (seconds).
    #[arg(long, env = "BACKROOM_EXPIRY_SWEEP_SECS", default_value_t = 60)]
    pub expiry_sweep_secs: u64,
    /// Lobby API requests (create, join, seat, leave, kick, bots, start) one
    /// client address may make per minute, after its burst is spent; 0 turns
    /// the limit off (load tests from one address).
    #[arg(long, env = "BACKROOM_LOBBY_RATE_PER_MINUTE", default_value_t = 60)]
    pub lobby_rate_per_minute: u32,
    /// Lobby API requests one client address may make at once.
    #[arg(long, env = "BACKROOM_LOBBY_RATE_BURST", default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..))]
    pub lobby_rate_burst: u32,
    /// WebSockets one client address may hold open at once (a family
    /// behind one router, each with a tab or two, needs a handful); 0 turns
    /// the limit off (load tests from one address).
    #[arg(long, env = "BACKROOM_MAX_SOCKETS_PER_ADDRESS", default_value_t = 64)]
    pub max_sockets_per_address: u32,
    /// Lobby reads (lobby info, record, replay, game content) one client
    /// address may make per second, after the burst; 0 turns the limit off.
    /// Generous: a table's page reads a few times a minute, but each read
    /// may be a database query, so no address may read in a tight loop.
    #[arg(long, env = "BACKROOM_READ_RATE_PER_SECOND", default_value_t = 50)]
    pub read_rate_per_second: u32,
    /// Reads one client address may make at once.
    #[arg(long, env = "BACKROOM_READ_RATE_BURST", default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    pub read_rate_burst: u32,
    /// The server pings every socket this often (seconds); a socket that
    /// sends nothing (not even a pong) for `--idle-timeout-secs` is closed,
    /// so a half-open connection does not count as present for long: a
    /// friend whose laptop closed shows as away within seconds.
    #[arg(long, env = "BACKROOM_PING_SECS", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..))]
    pub ping_secs: u64,
    /// Seconds of silence after which a socket is closed (close code 4008,
    /// on which clients reconnect). Three pings by default, so one lost
    /// pong never closes a socket; at least twice `--ping-secs` is wise.
    #[arg(long, env = "BACKROOM_IDLE_TIMEOUT_SECS", default_value_t = 15, value_parser = clap::value_parser!(u64).range(1..))]
    pub idle_timeout_secs: u64,
    /// A socket whose client has not read this much of what it was sent
    /// (KiB: frames still queued for it plus bytes its kernel has not seen
    /// acknowledged) is closed as too slow (4008; it reconnects and gets a
    /// fresh state). Measured at every ping and while a write waits.
    #[arg(long, env = "BACKROOM_MAX_UNREAD_KIB", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_unread_kib: u64,
    /// Per seat, at most this many stored moves a minute that leave the
    /// table waiting on the same seats (offers and withdrawals, a sealed
    /// bid changed again): past it such a move is refused (`rate_limited`),
    /// and a socket that keeps sending them is closed (1008). 0: off.
    #[arg(long, env = "BACKROOM_CHATTER_PER_MINUTE", default_value_t = 30)]
    pub chatter_per_minute: u32,
    /// Every this many seconds each table with a match in play checks that
    /// nothing it waits on was forgotten (a bot awaited with no turn
    /// scheduled, a bot turn or an auto-pass overdue by as long again) and
    /// repairs it by scheduling (`backroom_stalls_repaired_total`). The
    /// same check runs after every command; the timer catches what no
    /// command follows.
    #[arg(long, env = "BACKROOM_WATCHDOG_SECS", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..))]
    pub watchdog_secs: u64,
    /// TCP keepalive on accepted connections (seconds before the first
    /// probe); the kernel then notices a peer that vanished. 0: off.
    #[arg(long, env = "BACKROOM_TCP_KEEPALIVE_SECS", default_value_t = 30)]
    pub tcp_keepalive_secs: u64,
    /// How long after a prompt appears the server answers it for a player
    /// who asked it to pass when they have nothing to decide (ms). Fixed,
    /// so that such a pass is not told from a quick pass by hand.
    #[arg(long, env = "BACKROOM_AUTO_PASS_MS", default_value_t = 1500)]
    pub auto_pass_ms: u64,
    /// FOR TESTS ONLY: fix every match's seed (and the server bots' choices)
    /// from this 64-hex-digit value, so a browser test can force a deal
    /// where what it checks happens, and replay a red run. Matches on such a
    /// server are not fair: whoever set it knows every deal. Its lobbies
    /// commit to no server secret and take no contributions (the seed is
    /// the test seed's alone, `table::with_server_secret`); the seed hash is
    /// still published and the seed revealed, so `verify` still holds.
    #[arg(long, env = "BACKROOM_TEST_SEED", value_parser = parse_test_seed)]
    pub test_seed: Option<TestSeed>,
    /// Let lobby webhooks reach loopback, private, link-local and other
    /// non-public addresses (tests, or a server whose operator wants them).
    /// Off: such URLs are refused, so a webhook cannot be used to make
    /// requests into the server's own network.
    #[arg(long, env = "BACKROOM_ALLOW_PRIVATE_WEBHOOKS")]
    pub allow_private_webhooks: bool,
    /// Take the client address from `X-Forwarded-For` / `X-Real-IP` /
    /// `Forwarded` (set this only behind a reverse proxy that sets them;
    /// otherwise a client could pick its own address).
    #[arg(long, env = "BACKROOM_TRUST_FORWARDED_FOR")]
    pub trust_forwarded_for: bool,
    /// Runtime threads. 0: one per core this process may use, and on a
    /// single core a single-threaded runtime (no work-stealing machinery to
    /// pay for); N: a multi-threaded runtime with N workers.
    #[arg(long, env = "BACKROOM_WORKER_THREADS", default_value_t = 0)]
    pub worker_threads: usize,
    /// Log as JSON lines.
    #[arg(long, env = "BACKROOM_LOG_JSON")]
    pub log_json: bool,
    /// Serve as one node of several behind a proxy (`docs/scale-out.md`):
    /// a table is served only while this node holds its lease in Postgres.
    /// The name shows in logs and metrics. Unset: a single server.
    #[arg(long, env = "BACKROOM_NODE")]
    pub node: Option<String>,
    /// How long a node's leases outlive its last heartbeat (ms). A node
    /// that dies or freezes loses its tables after this; it renews four
    /// times as often.
    #[arg(long, env = "BACKROOM_LEASE_MS", default_value_t = 3000, value_parser = clap::value_parser!(u64).range(500..=600_000))]
    pub lease_ms: u64,
    /// On shutdown, how long `/healthz` answers 503 before the tables are
    /// handed over, so that the proxy stops sending new requests first.
    #[arg(long, env = "BACKROOM_DRAIN_MS", default_value_t = 0)]
    pub drain_ms: u64,
    /// FOR TESTS ONLY: a node of a cluster never fences itself (it counts
    /// its leases valid however long its heartbeat was silent), so a node
    /// woken from a freeze serves tables another node took meanwhile and
    /// only Postgres's fence on its commits stops it. The cluster test
    /// uses it to show that fence refusing a stale node's move.
    #[arg(long, env = "BACKROOM_TEST_SKIP_SELF_FENCE", hide = true)]
    pub test_skip_self_fence: bool,
    /// FOR TESTS ONLY: each table loses its first this many scheduled bot
    /// turns (the turn counts as scheduled, but its timer never fires), as
    /// a bug that forgets a timer would: the watchdog
    /// (`--watchdog-secs`) must find and repair it. 0: never.
    #[arg(long, env = "BACKROOM_TEST_LOSE_BOT_TURNS", hide = true, default_value_t = 0)]
    pub test_lose_bot_turns: u8,
}

/// A fixed seed for tests (`--test-seed`): 32 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TestSeed(pub [u8; 32]);

impl TestSeed {
    /// The seed of every match started on this server.
    pub fn match_seed(&self) -> [u8; 32] {
        self.derive(b"match")
    }

    /// The seed of a table's server bots' generator.
    pub fn bot_seed(&self) -> [u8; 32] {
        self.derive(b"bots")
    }

    fn derive(&self, what: &[u8]) -> [u8; 32] {
        use sha2::{Digest, Sha256};
        Sha256::new().chain_update(b"backroom test seed\0").chain_update(what).chain_update(self.0).finalize().into()
    }
}

fn parse_test_seed(s: &str) -> Result<TestSeed, String> {
    let s = s.trim();
    if s.len() != 64 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err("a test seed is 64 hexadecimal digits (32 bytes)".into());
    }
    let mut out = [0u8; 32];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).map_err(|e| e.to_string())?;
    }
    Ok(TestSeed(out))
}
