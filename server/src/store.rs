//! The durable store: Postgres in production, SQLite as the embedded default.
//!
//! The action log is the source of truth. A match is its options, seed and
//! the ordered rows of `actions`; snapshots only make resume fast. Nothing
//! is acknowledged to a player before its row is committed
//! ("persist before acknowledge"), and commits from many matches are batched
//! into one transaction by the [`GroupCommit`] writer so that durability
//! costs one fsync per batch, not per move.
//!
//! Both backends run the same SQL where the dialects agree (the `on_pool!`
//! macro expands one body for each pool type); only the batch insert differs
//! (Postgres takes whole columns through `UNNEST`). Parameters are numbered
//! `$1, $2, ...` in order of first use, which both accept.

use anyhow::{Context, Result};
use backroom_protocol::http::{BotLevel, LobbyStatus};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, Row, SqlitePool};
use std::str::FromStr;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};
use uuid::Uuid;

/// A connection pool to one of the two backends.
#[derive(Clone, Debug)]
pub enum Store {
    /// Production store.
    Postgres(PgPool),
    /// Embedded default.
    Sqlite(SqlitePool),
}

macro_rules! on_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            Store::Postgres($pool) => $body,
            Store::Sqlite($pool) => $body,
        }
    };
}

macro_rules! insert_player {
    ($exec:expr, $lobby:expr, $p:expr) => {
        sqlx::query("INSERT INTO players (lobby_id, id, name, token_hash, seat, bot, host, joined_at, program, bot_level) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)")
            .bind($lobby).bind($p.id).bind(&$p.name).bind(&$p.token_hash).bind($p.seat.map(|s| s as i16))
            .bind($p.bot).bind($p.host).bind($p.joined_at).bind($p.program).bind($p.bot_level.as_str())
            .execute($exec).await?;
    };
}

macro_rules! insert_lobby {
    ($exec:expr, $l:expr) => {
        sqlx::query("INSERT INTO lobbies (id, game, seats, options, status, invite_hash, spectate_hash, engine_version, turn_clock_secs, created_at, updated_at, webhook_url, server_secret, server_commitment, stand_in_level) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)")
            .bind($l.id).bind(&$l.game).bind($l.seats as i16).bind(&$l.options).bind($l.status.as_str())
            .bind(&$l.invite_hash).bind(&$l.spectate_hash).bind($l.engine_version).bind($l.turn_clock_secs).bind($l.created_at).bind($l.updated_at).bind(&$l.webhook_url)
            .bind(&$l.server_secret).bind(&$l.server_commitment).bind($l.stand_in_level.as_str())
            .execute($exec).await?;
    };
}

macro_rules! touch {
    ($exec:expr, $lobby:expr) => {
        sqlx::query("UPDATE lobbies SET updated_at = $1 WHERE id = $2")
            .bind(now_ms())
            .bind($lobby)
            .execute($exec)
            .await?;
    };
}

macro_rules! commit_extras {
    ($exec:expr, $c:expr, $now:expr) => {
        if let Some(s) = &$c.snapshot {
            sqlx::query("INSERT INTO snapshots (lobby_id, seq, state, rng) VALUES ($1, $2, $3, $4)")
                .bind($c.lobby)
                .bind(s.seq)
                .bind(&s.state)
                .bind(&s.rng)
                .execute($exec)
                .await?;
        }
        if let Some(outcome) = &$c.finished {
            sqlx::query("UPDATE lobbies SET status = 'finished', outcome = $1, updated_at = $2 WHERE id = $3")
                .bind(outcome)
                .bind($now)
                .bind($c.lobby)
                .execute($exec)
                .await?;
        }
    };
}

/// A lobby row.
#[derive(Clone, Debug)]
pub struct LobbyRow {
    pub id: Uuid,
    pub game: String,
    pub seats: u8,
    pub options: String,
    pub status: LobbyStatus,
    pub invite_hash: String,
    pub spectate_hash: Option<String>,
    pub seed: Option<Vec<u8>>,
    pub seed_hash: Option<String>,
    pub engine_version: i32,
    pub outcome: Option<String>,
    /// The lobby "Play again" made once this match was over.
    pub rematch: Option<Uuid>,
    /// The host's turn clock in seconds (0: none).
    pub turn_clock_secs: i32,
    /// Called when the table starts waiting on someone who is away (never
    /// shown to clients: a webhook URL holds its own secret).
    pub webhook_url: Option<String>,
    /// The server's share of the seed (`crate::fairness`), made at the
    /// lobby's creation and kept secret until the match ends. `None` for
    /// lobbies made before it existed or on a `--test-seed` server: their
    /// seed is the server's alone, as it always was.
    pub server_secret: Option<Vec<u8>>,
    /// Hex SHA-256 of `server_secret`, published from the creation on.
    pub server_commitment: Option<String>,
    /// The contributions the seed was derived from, in seat order, frozen
    /// at the start (`fairness::contributions_json`).
    pub seat_contributions: Option<String>,
    /// The level of the bots that stand in for people (and move when the
    /// turn clock runs out).
    pub stand_in_level: BotLevel,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A player row.
#[derive(Clone, Debug)]
pub struct PlayerRow {
    pub id: Uuid,
    pub name: String,
    pub token_hash: String,
    pub seat: Option<u8>,
    pub bot: bool,
    pub host: bool,
    pub joined_at: i64,
    /// A bot plays this seat for its away player (host's request), until
    /// the player comes back.
    pub stand_in: bool,
    /// A program seat: a program, not a person, plays it over the public
    /// WebSocket with this row's token (`docs/bots.md`); not a server bot.
    pub program: bool,
    /// A bot's level (stored for every row; only a bot's is read).
    pub bot_level: BotLevel,
}

impl PlayerRow {
    /// The server chooses this seat's moves: a bot, or a bot standing in.
    pub fn played_by_bot(&self) -> bool {
        self.bot || self.stand_in
    }
}

/// An accepted action.
#[derive(Clone, Debug)]
pub struct ActionRow {
    pub seq: i64,
    pub seat: u8,
    pub rid: Option<String>,
    pub action: String,
    pub log: String,
    pub at: i64,
}

/// A snapshot of state and RNG after action `seq`.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub seq: i64,
    pub state: String,
    pub rng: String,
}

/// One match's share of a group commit.
#[derive(Clone, Debug, Default)]
pub struct Commit {
    pub lobby: Uuid,
    pub actions: Vec<ActionRow>,
    pub snapshot: Option<Snapshot>,
    /// Set when the match ended with this commit: the outcome JSON.
    pub finished: Option<String>,
    /// On a node of a cluster, the lease epoch the table was loaded under:
    /// the commit is refused ([`CommitError::Fenced`]) once another node
    /// took the table (see [`crate::cluster`]). `None` on a single server.
    pub epoch: Option<i64>,
}

/// A batch's action rows as the columns Postgres's `UNNEST` takes: one
/// statement stores them all.
struct Columns {
    lobby: Vec<Uuid>,
    seq: Vec<i64>,
    seat: Vec<i16>,
    rid: Vec<Option<String>>,
    action: Vec<String>,
    log: Vec<String>,
    at: Vec<i64>,
    /// Each row's commit's lease epoch (-1: none), for the fenced write.
    epoch: Vec<i64>,
}

impl Columns {
    fn of(batch: &[Commit]) -> Columns {
        let n: usize = batch.iter().map(|c| c.actions.len()).sum();
        let mut cols = Columns {
            lobby: Vec::with_capacity(n),
            seq: Vec::with_capacity(n),
            seat: Vec::with_capacity(n),
            rid: Vec::with_capacity(n),
            action: Vec::with_capacity(n),
            log: Vec::with_capacity(n),
            at: Vec::with_capacity(n),
            epoch: Vec::with_capacity(n),
        };
        for c in batch {
            for a in &c.actions {
                cols.lobby.push(c.lobby);
                cols.seq.push(a.seq);
                cols.seat.push(a.seat as i16);
                cols.rid.push(a.rid.clone());
                cols.action.push(a.action.clone());
                cols.log.push(a.log.clone());
                cols.at.push(a.at);
                cols.epoch.push(c.epoch.unwrap_or(-1));
            }
        }
        cols
    }
}

/// A chat line row.
#[derive(Clone, Debug)]
pub struct ChatRow {
    pub seq: i64,
    pub player: Uuid,
    pub name: String,
    pub seat: Option<u8>,
    pub text: String,
    pub at: i64,
}

/// What resuming a match needs.
#[derive(Debug)]
pub struct Resume {
    pub snapshot: Snapshot,
    /// Actions after the snapshot, in order.
    pub tail: Vec<ActionRow>,
    /// The last action's seq (the match version).
    pub version: i64,
    /// Recent actions (for their log lines and request ids), in order.
    pub recent: Vec<ActionRow>,
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// A stored bot level.
fn level(s: &str) -> Result<BotLevel> {
    BotLevel::parse(s).with_context(|| format!("unknown bot level {s}"))
}

fn lobby_from_row<R: Row>(r: &R) -> Result<LobbyRow>
where
    for<'a> &'a str: sqlx::ColumnIndex<R>,
    for<'a> Uuid: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    for<'a> Option<Uuid>: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    for<'a> String: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    for<'a> Option<String>: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    for<'a> Option<Vec<u8>>: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    for<'a> i16: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    for<'a> i32: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    for<'a> i64: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
{
    let status: String = r.try_get("status")?;
    Ok(LobbyRow {
        id: r.try_get("id")?,
        game: r.try_get("game")?,
        seats: r.try_get::<i16, _>("seats")? as u8,
        options: r.try_get("options")?,
        status: LobbyStatus::parse(&status).with_context(|| format!("unknown lobby status {status}"))?,
        invite_hash: r.try_get("invite_hash")?,
        spectate_hash: r.try_get("spectate_hash")?,
        seed: r.try_get("seed")?,
        seed_hash: r.try_get("seed_hash")?,
        engine_version: r.try_get("engine_version")?,
        outcome: r.try_get("outcome")?,
        rematch: r.try_get("rematch")?,
        turn_clock_secs: r.try_get("turn_clock_secs")?,
        webhook_url: r.try_get("webhook_url")?,
        server_secret: r.try_get("server_secret")?,
        server_commitment: r.try_get("server_commitment")?,
        seat_contributions: r.try_get("seat_contributions")?,
        stand_in_level: level(&r.try_get::<String, _>("stand_in_level")?)?,
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
    })
}

fn player_from_row<R: Row>(r: &R) -> Result<PlayerRow>
where
    for<'a> &'a str: sqlx::ColumnIndex<R>,
    for<'a> Uuid: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    for<'a> String: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    for<'a> Option<i16>: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    for<'a> bool: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    for<'a> i64: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
{
    Ok(PlayerRow {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        token_hash: r.try_get("token_hash")?,
        seat: r.try_get::<Option<i16>, _>("seat")?.map(|s| s as u8),
        bot: r.try_get("bot")?,
        stand_in: r.try_get("stand_in")?,
        program: r.try_get("program")?,
        bot_level: level(&r.try_get::<String, _>("bot_level")?)?,
        host: r.try_get("host")?,
        joined_at: r.try_get("joined_at")?,
    })
}

fn action_from_row<R: Row>(r: &R) -> Result<ActionRow>
where
    for<'a> &'a str: sqlx::ColumnIndex<R>,
    for<'a> String: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    for<'a> Option<String>: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    for<'a> i16: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    for<'a> i64: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
{
    Ok(ActionRow {
        seq: r.try_get("seq")?,
        seat: r.try_get::<i16, _>("seat")? as u8,
        rid: r.try_get("rid")?,
        action: r.try_get("action")?,
        log: r.try_get("log")?,
        at: r.try_get("at")?,
    })
}

impl Store {
    /// Connects and applies the migrations in `migrations/`.
    ///
    /// `sqlite://path/file.db` (created if missing) or `postgres://...`.
    pub async fn connect(url: &str) -> Result<Store> {
        if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            let opts = PgConnectOptions::from_str(url).context("parsing the Postgres URL")?;
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(opts)
                .await
                .with_context(|| format!("connecting to {}", redact(url)))?;
            sqlx::migrate!("../migrations/postgres").run(&pool).await.context("applying Postgres migrations")?;
            Ok(Store::Postgres(pool))
        } else if url.starts_with("sqlite:") {
            let opts = SqliteConnectOptions::from_str(url)
                .context("parsing the SQLite URL")?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Full)
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(10));
            if let Some(dir) = opts.get_filename().parent()
                && !dir.as_os_str().is_empty()
            {
                std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            }
            let pool = SqlitePoolOptions::new()
                .max_connections(4)
                .connect_with(opts)
                .await
                .with_context(|| format!("opening {url}"))?;
            sqlx::migrate!("../migrations/sqlite").run(&pool).await.context("applying SQLite migrations")?;
            Ok(Store::Sqlite(pool))
        } else {
            anyhow::bail!("DATABASE_URL must start with sqlite:// or postgres://, not '{}'", redact(url))
        }
    }

    /// "postgres" or "sqlite".
    pub fn backend(&self) -> &'static str {
        match self {
            Store::Postgres(_) => "postgres",
            Store::Sqlite(_) => "sqlite",
        }
    }

    /// Creates a lobby with its host.
    pub async fn create_lobby(&self, l: &LobbyRow, host: &PlayerRow) -> Result<()> {
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            insert_lobby!(&mut *tx, l);
            insert_player!(&mut *tx, l.id, host);
            tx.commit().await?;
        });
        Ok(())
    }

    /// Creates the rematch of finished lobby `of`: the new lobby with its
    /// players, and `of` pointing at it, in one transaction. Fails if `of`
    /// has a rematch already.
    pub async fn create_rematch(&self, of: Uuid, l: &LobbyRow, players: &[PlayerRow]) -> Result<()> {
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            let set = sqlx::query("UPDATE lobbies SET rematch = $1, updated_at = $2 WHERE id = $3 AND rematch IS NULL")
                .bind(l.id).bind(l.created_at).bind(of).execute(&mut *tx).await?;
            anyhow::ensure!(set.rows_affected() == 1, "lobby {of} has a rematch already");
            insert_lobby!(&mut *tx, l);
            for p in players {
                insert_player!(&mut *tx, l.id, p);
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// Adds a player (or bot) to a lobby.
    pub async fn add_player(&self, lobby: Uuid, p: &PlayerRow) -> Result<()> {
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            insert_player!(&mut *tx, lobby, p);
            touch!(&mut *tx, lobby);
            tx.commit().await?;
        });
        Ok(())
    }

    /// Moves a player to a seat (or none).
    pub async fn set_seat(&self, lobby: Uuid, player: Uuid, seat: Option<u8>) -> Result<()> {
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query("UPDATE players SET seat = $1 WHERE lobby_id = $2 AND id = $3")
                .bind(seat.map(|s| s as i16)).bind(lobby).bind(player).execute(&mut *tx).await?;
            touch!(&mut *tx, lobby);
            tx.commit().await?;
        });
        Ok(())
    }

    /// Two players trade seats in one transaction: nobody ever sees one
    /// of them moved and the other not.
    pub async fn swap_seats(&self, lobby: Uuid, (a, seat_a): (Uuid, u8), (b, seat_b): (Uuid, u8)) -> Result<()> {
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            for (player, seat) in [(a, seat_b), (b, seat_a)] {
                sqlx::query("UPDATE players SET seat = $1 WHERE lobby_id = $2 AND id = $3")
                    .bind(seat as i16).bind(lobby).bind(player).execute(&mut *tx).await?;
            }
            touch!(&mut *tx, lobby);
            tx.commit().await?;
        });
        Ok(())
    }

    /// Removes a player before the start.
    /// `player` hosts the lobby from now on (and nobody else).
    pub async fn set_host(&self, lobby: Uuid, player: Uuid) -> Result<()> {
        on_pool!(self, pool => {
            sqlx::query("UPDATE players SET host = (id = $1) WHERE lobby_id = $2")
                .bind(player).bind(lobby).execute(pool).await?;
            Ok(())
        })
    }

    /// A player's display name changes (a program names itself when it
    /// says hello).
    pub async fn set_name(&self, lobby: Uuid, player: Uuid, name: &str) -> Result<()> {
        on_pool!(self, pool => {
            sqlx::query("UPDATE players SET name = $1 WHERE lobby_id = $2 AND id = $3")
                .bind(name).bind(lobby).bind(player).execute(pool).await?;
            Ok(())
        })
    }

    /// A bot plays at `level` from now on.
    pub async fn set_bot_level(&self, lobby: Uuid, player: Uuid, level: BotLevel) -> Result<()> {
        on_pool!(self, pool => {
            sqlx::query("UPDATE players SET bot_level = $1 WHERE lobby_id = $2 AND id = $3 AND bot")
                .bind(level.as_str()).bind(lobby).bind(player).execute(pool).await?;
            Ok(())
        })
    }

    /// The bots that stand in for people play at `level` from now on.
    pub async fn set_stand_in_level(&self, lobby: Uuid, level: BotLevel) -> Result<()> {
        on_pool!(self, pool => {
            sqlx::query("UPDATE lobbies SET stand_in_level = $1 WHERE id = $2")
                .bind(level.as_str()).bind(lobby).execute(pool).await?;
            Ok(())
        })
    }

    /// A bot stands in for a player, or stops.
    pub async fn set_stand_in(&self, lobby: Uuid, player: Uuid, on: bool) -> Result<()> {
        on_pool!(self, pool => {
            sqlx::query("UPDATE players SET stand_in = $1 WHERE lobby_id = $2 AND id = $3")
                .bind(on).bind(lobby).bind(player).execute(pool).await?;
            Ok(())
        })
    }

    pub async fn remove_player(&self, lobby: Uuid, player: Uuid) -> Result<()> {
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query("DELETE FROM players WHERE lobby_id = $1 AND id = $2")
                .bind(lobby).bind(player).execute(&mut *tx).await?;
            touch!(&mut *tx, lobby);
            tx.commit().await?;
        });
        Ok(())
    }

    /// Starts the match: stores the seed (secret), its published hash, the
    /// contributions it was derived from (if any) and the opening snapshot.
    pub async fn start_match(
        &self,
        lobby: Uuid,
        (seed, seed_hash): (&[u8], &str),
        seat_contributions: Option<&str>,
        opening: &Snapshot,
    ) -> Result<()> {
        let now = now_ms();
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            let done = sqlx::query("UPDATE lobbies SET status = 'live', seed = $1, seed_hash = $2, updated_at = $3, seat_contributions = $5 WHERE id = $4 AND status = 'open'")
                .bind(seed).bind(seed_hash).bind(now).bind(lobby).bind(seat_contributions).execute(&mut *tx).await?;
            anyhow::ensure!(done.rows_affected() == 1, "the lobby was not open");
            sqlx::query("INSERT INTO snapshots (lobby_id, seq, state, rng) VALUES ($1, $2, $3, $4)")
                .bind(lobby).bind(opening.seq).bind(&opening.state).bind(&opening.rng).execute(&mut *tx).await?;
            tx.commit().await?;
        });
        Ok(())
    }

    /// A person's contribution to the seed, before the start: replaces any
    /// earlier one of theirs.
    pub async fn set_contribution(&self, lobby: Uuid, player: Uuid, bytes: &[u8]) -> Result<()> {
        on_pool!(self, pool => {
            sqlx::query("INSERT INTO contributions (lobby_id, player, bytes) VALUES ($1, $2, $3) ON CONFLICT (lobby_id, player) DO UPDATE SET bytes = excluded.bytes")
                .bind(lobby).bind(player).bind(bytes).execute(pool).await?;
            Ok(())
        })
    }

    /// Every contribution made in a lobby, by player.
    pub async fn contributions(&self, lobby: Uuid) -> Result<Vec<(Uuid, Vec<u8>)>> {
        on_pool!(self, pool => {
            let rows = sqlx::query("SELECT player, bytes FROM contributions WHERE lobby_id = $1")
                .bind(lobby).fetch_all(pool).await?;
            rows.iter().map(|r| Ok((r.try_get("player")?, r.try_get("bytes")?))).collect()
        })
    }

    /// Writes a batch of commits from any number of matches in one
    /// transaction: all of them become durable, or none.
    pub async fn commit_batch(&self, batch: &[Commit]) -> Result<()> {
        let now = now_ms();
        match self {
            Store::Postgres(pool) => {
                let cols = Columns::of(batch);
                let n = cols.lobby.len();
                let insert = sqlx::query("INSERT INTO actions (lobby_id, seq, seat, rid, action, log, at) SELECT * FROM UNNEST($1::uuid[], $2::bigint[], $3::smallint[], $4::text[], $5::text[], $6::text[], $7::bigint[])")
                    .bind(cols.lobby).bind(cols.seq).bind(cols.seat).bind(cols.rid).bind(cols.action).bind(cols.log).bind(cols.at);
                if batch.iter().all(|c| c.snapshot.is_none() && c.finished.is_none()) {
                    // One statement is atomic by itself: no BEGIN/COMMIT
                    // round trips on the hot path.
                    insert.execute(pool).await?;
                } else {
                    let mut tx = pool.begin().await?;
                    if n > 0 {
                        insert.execute(&mut *tx).await?;
                    }
                    for c in batch {
                        commit_extras!(&mut *tx, c, now);
                    }
                    tx.commit().await?;
                }
            }
            Store::Sqlite(pool) => {
                let mut tx = pool.begin().await?;
                for c in batch {
                    for a in &c.actions {
                        sqlx::query("INSERT INTO actions (lobby_id, seq, seat, rid, action, log, at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                            .bind(c.lobby).bind(a.seq).bind(a.seat as i16).bind(&a.rid).bind(&a.action).bind(&a.log).bind(a.at)
                            .execute(&mut *tx).await?;
                    }
                    commit_extras!(&mut *tx, c, now);
                }
                tx.commit().await?;
            }
        }
        Ok(())
    }

    /// Like [`Store::commit_batch`], on a node of a cluster (Postgres): each
    /// match's rows are written only while `node` holds its lease under the
    /// commit's epoch, checked under a share lock on the lease row so that
    /// no other node can take the table between the check and the write.
    /// Returns the matches refused that way (nothing of theirs is written).
    pub async fn commit_batch_fenced(&self, batch: &[Commit], node: Uuid) -> Result<Vec<Uuid>> {
        let Store::Postgres(pool) = self else { anyhow::bail!("a cluster needs Postgres") };
        let now = now_ms();
        let cols = Columns::of(batch);
        let n = cols.lobby.len();
        let insert = sqlx::query(
            "WITH held AS (SELECT lobby_id, epoch FROM table_leases WHERE lobby_id = ANY($1) AND node_id = $9 FOR SHARE)
             INSERT INTO actions (lobby_id, seq, seat, rid, action, log, at)
             SELECT u.lobby_id, u.seq, u.seat, u.rid, u.action, u.log, u.at
             FROM UNNEST($1::uuid[], $2::bigint[], $3::smallint[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[]) AS u(lobby_id, seq, seat, rid, action, log, at, epoch)
             JOIN held h ON h.lobby_id = u.lobby_id AND h.epoch = u.epoch
             RETURNING lobby_id",
        )
        .bind(cols.lobby).bind(cols.seq).bind(cols.seat).bind(cols.rid).bind(cols.action).bind(cols.log).bind(cols.at).bind(cols.epoch).bind(node);
        // A commit's rows share its lobby and epoch, so they pass the lease
        // check together (and a conflicting row fails the whole statement):
        // the lobbies written are enough to tell the commits fenced. (A
        // commit without rows would pass unchecked; tables never send one.)
        let fenced_of = |written: &std::collections::HashSet<Uuid>| -> Vec<Uuid> {
            batch.iter().filter(|c| !c.actions.is_empty() && !written.contains(&c.lobby)).map(|c| c.lobby).collect()
        };
        let lobbies = |rows: Vec<sqlx::postgres::PgRow>| {
            rows.iter().map(|r| r.try_get("lobby_id")).collect::<Result<std::collections::HashSet<Uuid>, _>>()
        };
        if batch.iter().all(|c| c.snapshot.is_none() && c.finished.is_none()) {
            // As on a single server: one statement is atomic by itself, and
            // its share locks last until it commits.
            let written = if n > 0 { lobbies(insert.fetch_all(pool).await?)? } else { Default::default() };
            return Ok(fenced_of(&written));
        }
        let mut tx = pool.begin().await?;
        let written = if n > 0 { lobbies(insert.fetch_all(&mut *tx).await?)? } else { Default::default() };
        let fenced = fenced_of(&written);
        for c in batch.iter().filter(|c| !fenced.contains(&c.lobby)) {
            commit_extras!(&mut *tx, c, now);
        }
        tx.commit().await?;
        Ok(fenced)
    }

    /// A lobby and its players.
    pub async fn load_lobby(&self, id: Uuid) -> Result<Option<(LobbyRow, Vec<PlayerRow>)>> {
        on_pool!(self, pool => {
            let Some(row) = sqlx::query("SELECT id, game, seats, options, status, invite_hash, spectate_hash, seed, seed_hash, engine_version, outcome, rematch, turn_clock_secs, created_at, updated_at, webhook_url, server_secret, server_commitment, seat_contributions, stand_in_level FROM lobbies WHERE id = $1")
                .bind(id).fetch_optional(pool).await? else { return Ok(None) };
            let lobby = lobby_from_row(&row)?;
            let rows = sqlx::query("SELECT id, name, token_hash, seat, bot, host, joined_at, stand_in, program, bot_level FROM players WHERE lobby_id = $1 ORDER BY joined_at, id")
                .bind(id).fetch_all(pool).await?;
            let players = rows.iter().map(player_from_row).collect::<Result<Vec<_>>>()?;
            Ok(Some((lobby, players)))
        })
    }

    /// Latest snapshot, the actions after it, and the last `recent` actions.
    pub async fn load_resume(&self, id: Uuid, recent: i64) -> Result<Resume> {
        on_pool!(self, pool => {
            let snap = sqlx::query("SELECT seq, state, rng FROM snapshots WHERE lobby_id = $1 ORDER BY seq DESC LIMIT 1")
                .bind(id).fetch_optional(pool).await?.context("the match has no snapshot")?;
            let snapshot = Snapshot { seq: snap.try_get("seq")?, state: snap.try_get("state")?, rng: snap.try_get("rng")? };
            let version: i64 = sqlx::query("SELECT COALESCE(MAX(seq), 0) AS v FROM actions WHERE lobby_id = $1")
                .bind(id).fetch_one(pool).await?.try_get("v")?;
            let from = (version - recent).min(snapshot.seq);
            let rows = sqlx::query("SELECT seq, seat, rid, action, log, at FROM actions WHERE lobby_id = $1 AND seq > $2 ORDER BY seq")
                .bind(id).bind(from).fetch_all(pool).await?;
            let all = rows.iter().map(action_from_row).collect::<Result<Vec<_>>>()?;
            let tail = all.iter().filter(|a| a.seq > snapshot.seq).cloned().collect();
            let recent = all.into_iter().filter(|a| a.seq > version - recent).collect();
            Ok(Resume { snapshot, tail, version, recent })
        })
    }

    /// Every action of a match, in order (verification, records).
    pub async fn all_actions(&self, id: Uuid) -> Result<Vec<ActionRow>> {
        on_pool!(self, pool => {
            let rows = sqlx::query("SELECT seq, seat, rid, action, log, at FROM actions WHERE lobby_id = $1 ORDER BY seq")
                .bind(id).fetch_all(pool).await?;
            rows.iter().map(action_from_row).collect()
        })
    }

    /// The opening snapshot (seq 0).
    pub async fn opening(&self, id: Uuid) -> Result<Option<Snapshot>> {
        on_pool!(self, pool => {
            let row = sqlx::query("SELECT seq, state, rng FROM snapshots WHERE lobby_id = $1 AND seq = 0")
                .bind(id).fetch_optional(pool).await?;
            row.map(|r| Ok(Snapshot { seq: r.try_get("seq")?, state: r.try_get("state")?, rng: r.try_get("rng")? })).transpose()
        })
    }

    /// Ids of matches being played (restored at start-up).
    pub async fn live_lobbies(&self) -> Result<Vec<Uuid>> {
        on_pool!(self, pool => {
            let rows = sqlx::query("SELECT id FROM lobbies WHERE status = 'live' ORDER BY updated_at")
                .fetch_all(pool).await?;
            rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
        })
    }

    /// Marks open lobbies idle since before `cutoff` as expired; returns their ids.
    pub async fn expire_open_lobbies(&self, cutoff: i64) -> Result<Vec<Uuid>> {
        on_pool!(self, pool => {
            let rows = sqlx::query("UPDATE lobbies SET status = 'expired' WHERE status = 'open' AND updated_at < $1 RETURNING id")
                .bind(cutoff).fetch_all(pool).await?;
            rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
        })
    }

    /// Appends a chat line.
    pub async fn add_chat(&self, lobby: Uuid, c: &ChatRow) -> Result<()> {
        on_pool!(self, pool => {
            sqlx::query("INSERT INTO chat (lobby_id, seq, player, name, seat, text, at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                .bind(lobby).bind(c.seq).bind(c.player).bind(&c.name).bind(c.seat.map(|s| s as i16)).bind(&c.text).bind(c.at)
                .execute(pool).await?;
        });
        Ok(())
    }

    /// The last `n` chat lines, oldest first.
    pub async fn recent_chat(&self, lobby: Uuid, n: i64) -> Result<Vec<ChatRow>> {
        on_pool!(self, pool => {
            let rows = sqlx::query("SELECT seq, player, name, seat, text, at FROM chat WHERE lobby_id = $1 ORDER BY seq DESC LIMIT $2")
                .bind(lobby).bind(n).fetch_all(pool).await?;
            let mut out = rows.iter().map(|r| Ok(ChatRow {
                seq: r.try_get("seq")?,
                player: r.try_get("player")?,
                name: r.try_get("name")?,
                seat: r.try_get::<Option<i16>, _>("seat")?.map(|s| s as u8),
                text: r.try_get("text")?,
                at: r.try_get("at")?,
            })).collect::<Result<Vec<_>>>()?;
            out.reverse();
            Ok(out)
        })
    }
}

/// Hides the password of a database URL for logs and errors.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.find('@')) {
        (Some(s), Some(at)) if at > s => match url[s + 3..at].find(':') {
            Some(c) => format!("{}:***{}", &url[..s + 3 + c], &url[at..]),
            None => url.to_string(),
        },
        _ => url.to_string(),
    }
}

type Reply = oneshot::Sender<Result<(), CommitError>>;

/// Why a commit was not made durable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommitError {
    /// Another node holds the table now (see [`crate::cluster`]): nothing
    /// was written, and this node must drop the table.
    Fenced,
    /// The database failed or refused the rows.
    Failed(String),
}

impl std::fmt::Display for CommitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommitError::Fenced => f.write_str("another node holds this table's lease now"),
            CommitError::Failed(e) => f.write_str(e),
        }
    }
}

/// Whether the database answered and refused the rows themselves (bad data,
/// a constraint), as opposed to not being reachable: only then can another
/// try without some of the rows succeed.
fn refused_by_database(e: &anyhow::Error) -> bool {
    matches!(e.downcast_ref::<sqlx::Error>(), Some(sqlx::Error::Database(_) | sqlx::Error::Encode(_)))
}

/// The group-commit writer: matches hand it their commits and wait; it
/// writes everything that queued up meanwhile in one transaction.
#[derive(Clone)]
pub struct GroupCommit {
    tx: mpsc::Sender<(Commit, Reply)>,
}

/// One batch's write: fenced by a node's leases on a cluster.
async fn write_batch(store: &Store, commits: &[Commit], node: Option<Uuid>) -> Result<Vec<Uuid>> {
    match node {
        Some(node) => store.commit_batch_fenced(commits, node).await,
        None => store.commit_batch(commits).await.map(|()| vec![]),
    }
}

impl GroupCommit {
    /// Starts the writer. With `batching` off every commit is its own
    /// transaction (kept for benchmarks). Up to `in_flight` batches are
    /// written concurrently on Postgres; a table never has two commits
    /// outstanding, so each match's rows still land in order.
    pub fn start(store: Store, batching: bool, max_batch: usize, in_flight: usize) -> GroupCommit {
        GroupCommit::start_on_node(store, batching, max_batch, in_flight, None)
    }

    /// [`GroupCommit::start`] for a node of a cluster: every batch is
    /// fenced by the node's leases (`node`: its id).
    pub fn start_on_node(
        store: Store,
        batching: bool,
        max_batch: usize,
        in_flight: usize,
        node: Option<Uuid>,
    ) -> GroupCommit {
        let in_flight = match store {
            Store::Postgres(_) => in_flight.max(1),
            // One writer at a time is all SQLite allows anyway.
            Store::Sqlite(_) => 1,
        };
        let (tx, mut rx) = mpsc::channel::<(Commit, Reply)>(4096);
        tokio::spawn(async move {
            let slots = std::sync::Arc::new(tokio::sync::Semaphore::new(in_flight));
            loop {
                // Waiting for a free slot first lets commits pile up into a
                // bigger batch while the database is busy.
                let Ok(slot) = slots.clone().acquire_owned().await else { break };
                let Some((c, r)) = rx.recv().await else { break };
                let mut commits = vec![c];
                let mut replies = vec![r];
                while batching && commits.len() < max_batch {
                    match rx.try_recv() {
                        Ok((c, r)) => {
                            commits.push(c);
                            replies.push(r);
                        }
                        Err(_) => break,
                    }
                }
                let store = store.clone();
                tokio::spawn(async move {
                    let started = Instant::now();
                    let result = write_batch(&store, &commits, node).await;
                    metrics::histogram!("backroom_commit_latency_seconds").record(started.elapsed().as_secs_f64());
                    metrics::histogram!("backroom_commit_batch_size").record(commits.len() as f64);
                    match result {
                        Ok(fenced) => {
                            if !fenced.is_empty() {
                                metrics::counter!("backroom_fenced_commits_total").increment(fenced.len() as u64);
                            }
                            for (c, r) in commits.iter().zip(replies) {
                                let _ =
                                    r.send(if fenced.contains(&c.lobby) { Err(CommitError::Fenced) } else { Ok(()) });
                            }
                        }
                        // The database refused something in the rows (not a
                        // lost connection): one table's bad row must not fail
                        // every table that shared the transaction, so each
                        // table's commit is tried on its own, and only the
                        // table the database refuses hears of it.
                        Err(e) if commits.len() > 1 && refused_by_database(&e) => {
                            tracing::warn!(error = %format!("{e:#}"), tables = commits.len(), "group commit refused; committing each table on its own");
                            for (c, r) in commits.iter().zip(replies) {
                                let one = match write_batch(&store, std::slice::from_ref(c), node).await {
                                    Ok(fenced) if fenced.is_empty() => Ok(()),
                                    Ok(_) => Err(CommitError::Fenced),
                                    Err(e) => {
                                        tracing::error!(table = %c.lobby, error = %format!("{e:#}"), "commit failed");
                                        Err(CommitError::Failed(format!("{e:#}")))
                                    }
                                };
                                let _ = r.send(one);
                            }
                        }
                        Err(e) => {
                            tracing::error!(error = %format!("{e:#}"), "group commit failed");
                            let e = CommitError::Failed(format!("{e:#}"));
                            for r in replies {
                                let _ = r.send(Err(e.clone()));
                            }
                        }
                    }
                    drop(slot);
                });
            }
        });
        GroupCommit { tx }
    }

    /// Commits and waits until the rows are durable.
    pub async fn commit(&self, c: Commit) -> Result<(), CommitError> {
        let (tx, rx) = oneshot::channel();
        let stopped = || CommitError::Failed("the commit writer has stopped".to_string());
        self.tx.send((c, tx)).await.map_err(|_| stopped())?;
        rx.await.map_err(|_| stopped())?
    }
}
