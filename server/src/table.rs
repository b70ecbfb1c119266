//! One table: a lobby and, once started, its match.
//!
//! Each table is an actor: one tokio task owns the lobby, the game state,
//! the match RNG and the list of connected sockets, and takes commands from
//! an mpsc inbox. Nothing else touches the state, so no lock is held across
//! an `.await`, and actions are applied in exactly the order they are
//! logged.
//!
//! The life of an action: validate against the seat's prompt version →
//! `apply` (a refused action changes nothing) → hand the row to the group
//! commit writer and **wait until it is durable** → `ack` the sender →
//! send every viewer its own freshly built view. Actions that queued up
//! while a commit was in flight are applied together and committed in one
//! batch; each is still acknowledged only after its commit.

use crate::intern;
use crate::registry::Ctx;
use crate::secret;
use crate::store::{ActionRow, ChatRow, Commit, LobbyRow, PlayerRow, Snapshot, now_ms};
use axum::extract::ws::Utf8Bytes;
use backroom_engine::erased::{DynGame, DynState};
use backroom_engine::{GameRng, LogEntry, PackedLogEntry, Prompt, Seat, SeatSet, Viewer};
use backroom_protocol::http::{HostLinks, Joined, LobbyInfo, LobbyStatus, MatchRecord, PlayerInfo, Rematch, ReplayStep};
use backroom_protocol::ws::{ChatLine, ServerMsg};
use backroom_protocol::{ApiError, ErrorCode, MAX_NAME_CHARS};
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};
use uuid::Uuid;

/// How many log lines a table keeps in memory for (re)connecting clients.
const LOG_WINDOW: usize = 1000;
/// How many chat lines a newcomer receives.
const CHAT_WINDOW: usize = 50;
/// How many actions one batch applies before committing.
const MAX_BATCH: usize = 64;
/// Request ids remembered per seat for idempotent resends: a client resends
/// only what it has not seen acknowledged, a handful at most.
const RIDS_KEPT: usize = 8;
/// Outbound frames queued per socket before it is dropped as too slow.
pub const OUTBOX: usize = 256;

/// A frame for one socket.
#[derive(Debug, Clone)]
pub enum Out {
    /// A text frame, shared between sockets that receive the same bytes
    /// (reference-counted: built once, never copied on the way out).
    Text(Utf8Bytes),
    /// Close with this code and reason.
    Close(u16, String),
}

/// A socket's queue of outbound frames: the table pushes without waiting,
/// the socket's task drains. Lighter than an mpsc channel (a lock, a short
/// deque and a `Notify`, a few hundred bytes per socket instead of a few
/// KiB of channel blocks), which matters with thousands of sockets.
pub struct Outbox {
    queue: std::sync::Mutex<(VecDeque<Out>, bool)>,
    ready: tokio::sync::Notify,
}

impl Outbox {
    pub fn new() -> Arc<Outbox> {
        Arc::new(Outbox { queue: std::sync::Mutex::new((VecDeque::new(), false)), ready: tokio::sync::Notify::new() })
    }

    /// Queues a frame; false if the socket has gone or has let [`OUTBOX`]
    /// frames pile up unread (it is then dropped as too slow).
    pub fn offer(&self, o: Out) -> bool {
        {
            let Ok(mut q) = self.queue.lock() else { return false };
            if q.1 || q.0.len() >= OUTBOX {
                return false;
            }
            q.0.push_back(o);
        }
        self.ready.notify_one();
        true
    }

    /// Waits for frames and moves all of them into `batch` (cancel-safe:
    /// nothing is taken until it is returned).
    pub async fn recv_many(&self, batch: &mut Vec<Out>) {
        loop {
            if self.take(batch) {
                return;
            }
            self.ready.notified().await;
        }
    }

    /// Moves whatever is queued into `batch`; true if anything was.
    pub fn take(&self, batch: &mut Vec<Out>) -> bool {
        let Ok(mut q) = self.queue.lock() else { return false };
        if q.0.is_empty() {
            return false;
        }
        batch.extend(q.0.drain(..));
        if q.0.capacity() > 16 {
            q.0.shrink_to(4);
        }
        true
    }

    /// The socket is gone: later frames are refused.
    pub fn close(&self) {
        if let Ok(mut q) = self.queue.lock() {
            q.1 = true;
        }
    }
}

/// Connection id within a table.
pub type ConnId = u64;

/// How a request proves who it is.
#[derive(Debug, Clone)]
pub enum Credential {
    /// SHA-256 of a player token.
    Token(String),
    /// SHA-256 of the spectator secret.
    Spectate(String),
    /// SHA-256 of the invite secret (read-only lobby info).
    Invite(String),
}

type Reply<T> = oneshot::Sender<Result<T, ApiError>>;

/// A move as a socket hands it in.
pub struct Act {
    pub conn: ConnId,
    pub rid: String,
    pub version: u64,
    pub action: Value,
    pub received: Instant,
}

/// The lobby's and the sockets' rarer requests.
pub enum LobbyRequest {
    Info { who: Credential, reply: Reply<LobbyInfo> },
    Join { invite: String, name: String, reply: Reply<Joined> },
    Seat { token: String, seat: Option<Seat>, reply: Reply<LobbyInfo> },
    Leave { token: String, reply: Reply<()> },
    Kick { token: String, player: Uuid, reply: Reply<LobbyInfo> },
    Host { token: String, player: Uuid, reply: Reply<LobbyInfo> },
    FillBots { token: String, reply: Reply<LobbyInfo> },
    Start { token: String, reply: Reply<LobbyInfo> },
    StandIn { token: String, seat: Seat, on: bool, reply: Reply<LobbyInfo> },
    Rematch { token: String, reply: Reply<Rematch> },
    Record { who: Credential, reply: Reply<MatchRecord> },
    Replay { who: Credential, at: u64, seat: Option<Seat>, reply: Reply<ReplayStep> },
    Subscribe { who: Credential, since: Option<u64>, out: Arc<Outbox>, reply: Reply<ConnId> },
    Chat { conn: ConnId, rid: String, text: String },
}

/// Commands a table accepts. Each is a word or two, the rest boxed: a
/// table's channel holds its commands in blocks of 32, and every live
/// table keeps one or two blocks whatever it is sent.
pub enum Cmd {
    Request(Box<LobbyRequest>),
    Act(Box<Act>),
    Unsubscribe { conn: ConnId },
    BotTurn,
    Expire,
    Shutdown { done: oneshot::Sender<()> },
}

/// The address of a running table.
#[derive(Clone)]
pub struct TableHandle {
    pub tx: mpsc::Sender<Cmd>,
}

struct Conn {
    viewer: Viewer,
    player: Option<Uuid>,
    out: Arc<Outbox>,
    /// Log lines up to this version have been sent (`None`: none yet).
    log_sent: Option<u64>,
    /// This viewer's last frame is older than the table: a paced update
    /// is due (see [`Table::broadcast_state`]).
    behind: bool,
}

/// The match part of a table.
struct Live {
    state: Box<dyn DynState>,
    rng: GameRng,
    version: u64,
    log: VecDeque<(u64, PackedLogEntry)>,
    prompts: Vec<Option<Prompt>>,
    /// Version at which each seat's prompt last changed (stale checks).
    prompt_changed: Vec<u64>,
    /// Recently accepted request ids per seat, for idempotent resends.
    rids: HashMap<Seat, VecDeque<(Box<str>, u64)>>,
    last_snapshot: u64,
    over: bool,
}

impl Live {
    fn refresh_prompts(&mut self, seats: u8) {
        for s in 0..seats {
            let p = self.state.prompt(s);
            if self.prompts[s as usize] != p {
                self.prompts[s as usize] = p;
                self.prompt_changed[s as usize] = self.version;
            }
        }
    }

    fn remember_rid(&mut self, seat: Seat, rid: &str, version: u64) {
        let q = self.rids.entry(seat).or_insert_with(|| VecDeque::with_capacity(RIDS_KEPT));
        if q.len() == RIDS_KEPT {
            q.pop_front();
        }
        q.push_back((rid.into(), version));
    }
}

/// One incoming action (from a socket or a bot).
struct Incoming {
    /// `None` for a bot.
    conn: Option<ConnId>,
    seat: Seat,
    rid: Option<String>,
    version: Option<u64>,
    /// A bot's is `Null` until `process` chooses it.
    action: Value,
    received: Instant,
    /// A bot moving for a person whose turn clock ran out.
    clock: bool,
}

pub struct Table {
    id: Uuid,
    ctx: Arc<Ctx>,
    game: &'static dyn DynGame,
    lobby: LobbyRow,
    players: Vec<PlayerRow>,
    live: Option<Live>,
    conns: HashMap<ConnId, Conn>,
    next_conn: ConnId,
    chat: VecDeque<ChatLine>,
    chat_seq: i64,
    /// The bots' own randomness (never the match's), made when a bot
    /// first moves: most tables have none.
    bot_rng: Option<Box<GameRng>>,
    bot_pending: bool,
    /// A bot's move was refused: while a person is awaited, bots wait for a
    /// person's move before trying again, so a confused bot never spins.
    bots_stuck: bool,
    deferred: VecDeque<Cmd>,
    self_tx: mpsc::WeakSender<Cmd>,
    /// When the paced frames of viewers who are [`Conn::behind`] go out.
    pace_due: Option<tokio::time::Instant>,
    /// When this table was loaded (Unix ms): a seated person who has not
    /// connected since has been away at least since then.
    loaded_at: i64,
    /// Seated people who left since the table was loaded, and when (Unix
    /// ms); an entry goes when they come back. Empty at most tables.
    left_at: Vec<(Uuid, i64)>,
    /// A finished match being replayed (see [`Table::replay`]); none until
    /// someone asks, gone when the table unloads.
    replay: Option<Box<Replay>>,
    /// When the last move was made (Unix ms; the start, or the last stored
    /// move's time after a restart): the turn clock runs from here.
    last_move_at: i64,
}

/// A finished match's moves, read once, and the position the last replay
/// request reached: stepping forward applies one move, not the whole log.
struct Replay {
    opening: Snapshot,
    /// Move `n` (1-based, its stored seq) is `moves[n - 1]`.
    moves: Vec<(Seat, Value)>,
    state: Box<dyn DynState>,
    rng: GameRng,
    at: u64,
    last: (Option<Seat>, Vec<LogEntry>),
}

impl Replay {
    /// Back to the opening.
    fn rewind(&mut self, game: &'static dyn DynGame) -> anyhow::Result<()> {
        (self.state, self.rng) = restore_snapshot(game, &self.opening)?;
        (self.at, self.last) = (0, (None, Vec::new()));
        Ok(())
    }
}

fn err(code: ErrorCode, msg: impl Into<String>) -> ApiError {
    ApiError::new(code, msg)
}

/// "45 s", "2 min", "2 min 5 s": a wait, for people.
fn duration_words(secs: u64) -> String {
    match (secs / 60, secs % 60) {
        (0, s) => format!("{s} s"),
        (m, 0) => format!("{m} min"),
        (m, s) => format!("{m} min {s} s"),
    }
}

pub(crate) fn frame(msg: &ServerMsg) -> Utf8Bytes {
    Utf8Bytes::from(serde_json::to_string(msg).unwrap_or_default())
}

/// Validates a display name: 1–32 characters after trimming, no control
/// characters.
pub fn clean_name(name: &str) -> Result<String, ApiError> {
    let n = name.trim();
    if n.is_empty() || n.chars().count() > MAX_NAME_CHARS || n.chars().any(char::is_control) {
        return Err(err(ErrorCode::InvalidField, format!("A name is 1 to {MAX_NAME_CHARS} characters, without control characters.")));
    }
    Ok(n.to_string())
}

impl Table {
    /// A new lobby's table (the lobby is already stored).
    pub fn new_lobby(ctx: Arc<Ctx>, game: &'static dyn DynGame, lobby: LobbyRow, players: Vec<PlayerRow>) -> Table {
        Table {
            id: lobby.id,
            ctx,
            game,
            lobby,
            players,
            live: None,
            conns: HashMap::new(),
            next_conn: 1,
            chat: VecDeque::new(),
            chat_seq: 0,
            bot_rng: None,
            bot_pending: false,
            bots_stuck: false,
            deferred: VecDeque::new(),
            self_tx: mpsc::channel(1).0.downgrade(),
            pace_due: None,
            loaded_at: now_ms(),
            left_at: Vec::new(),
            replay: None,
            last_move_at: now_ms(),
        }
    }

    /// Loads a table from the store, replaying the actions after the last
    /// snapshot. With `verify`, also replays from the opening and checks
    /// both paths agree.
    pub async fn load(ctx: Arc<Ctx>, id: Uuid, verify: bool) -> anyhow::Result<Option<Table>> {
        let Some((lobby, players)) = ctx.store.load_lobby(id).await? else { return Ok(None) };
        let Some(game) = backroom_games::find(&lobby.game) else {
            anyhow::bail!("lobby {id} is for '{}', which this server does not offer", lobby.game)
        };
        let mut t = Table::new_lobby(ctx.clone(), game, lobby, players);
        let chat = ctx.store.recent_chat(id, CHAT_WINDOW as i64).await?;
        t.chat_seq = chat.last().map(|c| c.seq).unwrap_or(0);
        t.chat = chat.into_iter().map(chat_line).collect();
        if matches!(t.lobby.status, LobbyStatus::Live | LobbyStatus::Finished) {
            let started = Instant::now();
            let resume = ctx.store.load_resume(id, LOG_WINDOW as i64 / 4).await?;
            let (mut state, mut rng) = restore_snapshot(game, &resume.snapshot)?;
            for a in &resume.tail {
                let action: Value = serde_json::from_str(&a.action)?;
                state.apply(a.seat, &action, &mut rng).map_err(|e| anyhow::anyhow!("replaying action {} was refused: {e}", a.seq))?;
            }
            if verify && resume.snapshot.seq > 0 {
                let (full_state, full_rng) = replay_all(&ctx, game, &t.lobby).await?;
                anyhow::ensure!(
                    full_state == state.state_json() && full_rng == serde_json::to_string(&rng)?,
                    "match {id}: the snapshot at {} and a replay from the opening disagree",
                    resume.snapshot.seq
                );
            }
            let seats = t.lobby.seats;
            let version = resume.version as u64;
            let mut live = Live {
                state,
                rng,
                version,
                log: VecDeque::new(),
                prompts: vec![None; seats as usize],
                prompt_changed: vec![version; seats as usize],
                rids: HashMap::new(),
                last_snapshot: resume.snapshot.seq as u64,
                over: false,
            };
            // The opening line is not stored; it follows from the published
            // seed hash, so a restored table shows the same log.
            if resume.recent.first().is_none_or(|a| a.seq == 1) {
                live.log.push_back((0, opening_line(t.lobby.seed_hash.as_deref().unwrap_or("")).into()));
            }
            for a in &resume.recent {
                if let Ok(entries) = serde_json::from_str::<Vec<LogEntry>>(&a.log) {
                    for e in entries {
                        live.log.push_back((a.seq as u64, PackedLogEntry::pack(e, intern::share)));
                    }
                }
                if let Some(rid) = &a.rid {
                    live.remember_rid(a.seat, rid, a.seq as u64);
                }
            }
            for s in 0..seats {
                live.prompts[s as usize] = live.state.prompt(s);
            }
            live.over = live.state.pending().is_over();
            // The turn clock runs on from the last stored move (or from
            // when the match started), as if the server had never stopped.
            t.last_move_at = resume.recent.last().map_or(t.lobby.updated_at, |a| a.at);
            metrics::histogram!("backroom_resume_seconds").record(started.elapsed().as_secs_f64());
            t.live = Some(live);
        }
        Ok(Some(t))
    }

    /// Runs the actor until shutdown, expiry or idle unload.
    ///
    /// A plain function returning an `async move` block rather than an
    /// `async fn`: an async fn's future keeps its arguments apart from the
    /// locals they move into, so the table would be in its own task twice
    /// (1.3 KB more for every table).
    #[allow(clippy::manual_async_fn)]
    pub fn run(mut self, mut rx: mpsc::Receiver<Cmd>, self_tx: mpsc::WeakSender<Cmd>) -> impl Future<Output = ()> + Send {
        async move {
            self.self_tx = self_tx;
            self.schedule_bots();
            let idle = Duration::from_secs(self.ctx.cfg.idle_unload_secs.max(1));
            // One idle timer for the table's life, moved forward lazily when it
            // fires: re-arming a timer on every command costs more than the
            // command itself on a busy table.
            let mut last_cmd = tokio::time::Instant::now();
            let idle_timer = tokio::time::sleep(idle);
            tokio::pin!(idle_timer);
            let pace_timer = tokio::time::sleep(Duration::ZERO);
            tokio::pin!(pace_timer);
            let mut pace_armed = None;
            let clock_timer = tokio::time::sleep(Duration::ZERO);
            tokio::pin!(clock_timer);
            let mut clock_armed = None;
            loop {
                if self.pace_due != pace_armed {
                    pace_armed = self.pace_due;
                    if let Some(due) = pace_armed {
                        pace_timer.as_mut().reset(due);
                    }
                }
                // Only tables with a turn clock pay for looking; the timer is
                // re-armed only when the deadline moves (a move was made).
                if self.lobby.turn_clock_secs > 0 {
                    let due = self.clock_due();
                    if due != clock_armed {
                        clock_armed = due;
                        if let Some(due) = due {
                            let left = (due - now_ms()).max(0) as u64;
                            clock_timer.as_mut().reset(tokio::time::Instant::now() + Duration::from_millis(left));
                        }
                    }
                }
                let cmd = match self.deferred.pop_front() {
                    Some(c) => c,
                    None => tokio::select! {
                        biased;
                        c = rx.recv() => match c {
                            Some(c) => {
                                last_cmd = tokio::time::Instant::now();
                                c
                            }
                            None => break,
                        },
                        () = &mut pace_timer, if pace_armed.is_some() => {
                            self.send_paced();
                            continue;
                        }
                        () = &mut clock_timer, if clock_armed.is_some() => {
                            clock_armed = None;
                            Box::pin(self.clock_ran_out()).await;
                            continue;
                        }
                        () = &mut idle_timer => {
                            let due = last_cmd + idle;
                            if tokio::time::Instant::now() >= due {
                                if self.conns.is_empty() && !self.bot_pending {
                                    break;
                                }
                                last_cmd = tokio::time::Instant::now();
                                idle_timer.as_mut().reset(last_cmd + idle);
                            } else {
                                idle_timer.as_mut().reset(due);
                            }
                            continue;
                        }
                    },
                };
                match cmd {
                    Cmd::Act(act) => {
                        let mut batch = vec![];
                        if let Some(i) = self.incoming(*act) {
                            batch.push(i);
                        }
                        // The other seats' sockets that became readable in the
                        // same instant run first and hand in their moves: one
                        // batch, one commit and one frame per socket for all.
                        tokio::task::yield_now().await;
                        while batch.len() < MAX_BATCH {
                            match rx.try_recv() {
                                Ok(Cmd::Act(act)) => {
                                    if let Some(i) = self.incoming(*act) {
                                        batch.push(i);
                                    }
                                }
                                Ok(other) => {
                                    self.deferred.push_back(other);
                                    break;
                                }
                                Err(_) => break,
                            }
                        }
                        // Boxed: the batch's future lives only while it runs,
                        // instead of in every idle table's task.
                        Box::pin(self.process(batch)).await;
                    }
                    Cmd::BotTurn => {
                        self.bot_pending = false;
                        let batch = self.bot_turns();
                        Box::pin(self.process(batch)).await;
                    }
                    Cmd::Shutdown { done } => {
                        self.close_all(1012, "The server is restarting; reconnecting shortly.");
                        let _ = done.send(());
                        break;
                    }
                    Cmd::Expire => {
                        self.lobby.status = LobbyStatus::Expired;
                        self.close_all(4001, "This lobby expired before it started.");
                        break;
                    }
                    Cmd::Unsubscribe { conn } => {
                        if let Some(c) = self.conns.remove(&conn)
                            && let Some(p) = c.player
                            && !self.conns.values().any(|o| o.player == Some(p))
                        {
                            self.left_at.retain(|(x, _)| *x != p);
                            self.left_at.push((p, now_ms()));
                            self.broadcast_lobby();
                        }
                    }
                    // Lobby requests are rare next to actions: boxing their
                    // future keeps this task's (one per table) small.
                    Cmd::Request(req) => Box::pin(self.handle(*req)).await,
                }
                // A finished match with nobody watching has nothing left to do
                // in memory: its record is in the store and reloads on demand.
                if self.conns.is_empty() && self.lobby.status == LobbyStatus::Finished && self.deferred.is_empty() {
                    break;
                }
                // A table that lost its match (a commit failed and the store
                // could not be read back) stops, so that whoever comes back
                // next loads the match afresh instead of finding no state.
                if self.live.is_none() && matches!(self.lobby.status, LobbyStatus::Live | LobbyStatus::Finished) {
                    break;
                }
            }
            self.ctx.forget(self.id);
        }
    }

    fn close_all(&mut self, code: u16, reason: &str) {
        for c in self.conns.values() {
            let _ = c.out.offer(Out::Close(code, reason.to_string()));
        }
        self.conns.clear();
    }

    fn player_by_token(&self, token_hash: &str) -> Result<&PlayerRow, ApiError> {
        self.players
            .iter()
            .find(|p| !p.bot && p.token_hash == token_hash)
            .ok_or_else(|| err(ErrorCode::BadToken, "This link or token is not valid for this lobby (you may have been removed)."))
    }

    fn host_check(&self, token_hash: &str) -> Result<(), ApiError> {
        let p = self.player_by_token(token_hash)?;
        if !p.host {
            return Err(err(ErrorCode::NotHost, "Only the host can do that."));
        }
        Ok(())
    }

    fn open_check(&self) -> Result<(), ApiError> {
        match self.lobby.status {
            LobbyStatus::Open => Ok(()),
            LobbyStatus::Expired => Err(err(ErrorCode::LobbyNotFound, "This lobby expired before it started.")),
            _ => Err(err(ErrorCode::AlreadyStarted, "The match has already started; seats can no longer change.")),
        }
    }

    fn not_expired(&self) -> Result<(), ApiError> {
        if self.lobby.status == LobbyStatus::Expired {
            return Err(err(ErrorCode::LobbyNotFound, "This lobby expired before it started."));
        }
        Ok(())
    }

    fn authorize(&self, who: &Credential) -> Result<(Viewer, Option<Uuid>), ApiError> {
        self.not_expired()?;
        match who {
            Credential::Token(h) => {
                let p = self.player_by_token(h)?;
                Ok((p.seat.map(Viewer::Seat).unwrap_or(Viewer::Spectator), Some(p.id)))
            }
            Credential::Spectate(h) => match &self.lobby.spectate_hash {
                Some(s) if s == h => Ok((Viewer::Spectator, None)),
                _ => Err(err(ErrorCode::BadToken, "This spectator link is not valid.")),
            },
            Credential::Invite(h) => {
                if &self.lobby.invite_hash == h {
                    Ok((Viewer::Spectator, None))
                } else {
                    Err(err(ErrorCode::BadToken, "This invite link is not valid."))
                }
            }
        }
    }

    /// The lobby as everyone may see it.
    fn info(&self) -> LobbyInfo {
        let mut connected: HashMap<Uuid, usize> = HashMap::new();
        for c in self.conns.values() {
            if let Some(p) = c.player {
                *connected.entry(p).or_default() += 1;
            }
        }
        let finished = self.lobby.status == LobbyStatus::Finished;
        LobbyInfo {
            id: self.id,
            game: self.lobby.game.clone(),
            game_name: self.game.info().name,
            seats: self.lobby.seats,
            options: serde_json::from_str(&self.lobby.options).unwrap_or(Value::Null),
            status: self.lobby.status,
            players: self
                .players
                .iter()
                .map(|p| PlayerInfo {
                    id: p.id,
                    name: p.name.clone(),
                    seat: p.seat,
                    bot: p.bot,
                    host: p.host,
                    connected: p.bot || connected.contains_key(&p.id),
                    stand_in: p.stand_in,
                    away_secs: if p.bot || p.seat.is_none() || connected.contains_key(&p.id) {
                        None
                    } else {
                        Some(self.away_secs(p))
                    },
                })
                .collect(),
            spectators: self.lobby.spectate_hash.is_some(),
            seed_hash: self.lobby.seed_hash.clone(),
            seed: if finished { self.lobby.seed.as_deref().map(secret::hex) } else { None },
            outcome: self.lobby.outcome.as_deref().and_then(|o| serde_json::from_str(o).ok()),
            version: self.live.as_ref().map(|l| l.version).unwrap_or(0),
            stand_in_after_secs: self.ctx.cfg.stand_in_after_secs,
            turn_clock_secs: self.lobby.turn_clock_secs.max(0) as u32,
            rematch: self.lobby.rematch,
        }
    }

    /// How long a person with no open connection has been away (seconds):
    /// since they left, else since they joined or the table was loaded.
    fn away_secs(&self, player: &PlayerRow) -> u64 {
        let since = self.left_at.iter().find(|(p, _)| *p == player.id).map_or(self.loaded_at.max(player.joined_at), |(_, at)| *at);
        (now_ms() - since).max(0) as u64 / 1000
    }

    /// While `player` has been away less than `--stand-in-after-secs`, and
    /// so only the host may act for them: how long they have been away, the
    /// wait, and what is left of it, in words.
    fn still_to_wait(&self, player: &PlayerRow) -> Option<[String; 3]> {
        let (away, after) = (self.away_secs(player), self.ctx.cfg.stand_in_after_secs);
        (away < after).then(|| [duration_words(away), duration_words(after), duration_words(after - away)])
    }

    fn broadcast_lobby(&mut self) {
        let f = frame(&ServerMsg::Lobby { lobby: self.info() });
        self.send_all(&f);
    }

    fn send_all(&mut self, f: &Utf8Bytes) {
        let mut slow = vec![];
        for (id, c) in &self.conns {
            if !c.out.offer(Out::Text(f.clone())) {
                slow.push(*id);
            }
        }
        for id in slow {
            self.drop_conn(id);
        }
    }

    fn send_to(&mut self, conn: ConnId, msg: &ServerMsg) {
        let failed = match self.conns.get(&conn) {
            Some(c) => !c.out.offer(Out::Text(frame(msg))),
            None => false,
        };
        if failed {
            self.drop_conn(conn);
        }
    }

    fn drop_conn(&mut self, conn: ConnId) {
        if self.conns.remove(&conn).is_some() {
            tracing::debug!(table = %self.id, conn, "dropped a socket that could not keep up");
        }
    }

    async fn handle(&mut self, req: LobbyRequest) {
        match req {
            LobbyRequest::Info { who, reply } => {
                let r = self.authorize(&who).map(|_| self.info());
                let _ = reply.send(r);
            }
            LobbyRequest::Join { invite, name, reply } => {
                let r = self.join(invite, name).await;
                let _ = reply.send(r);
            }
            LobbyRequest::Seat { token, seat, reply } => {
                let r = self.seat(token, seat).await;
                let _ = reply.send(r);
            }
            LobbyRequest::Leave { token, reply } => {
                let r = self.leave(token).await;
                let _ = reply.send(r);
            }
            LobbyRequest::Kick { token, player, reply } => {
                let r = self.kick(token, player).await;
                let _ = reply.send(r);
            }
            LobbyRequest::Host { token, player, reply } => {
                let r = self.hand_over(token, player).await;
                let _ = reply.send(r);
            }
            LobbyRequest::FillBots { token, reply } => {
                let r = self.fill_bots(token).await;
                let _ = reply.send(r);
            }
            LobbyRequest::Start { token, reply } => {
                let r = self.start(token).await;
                let _ = reply.send(r);
            }
            LobbyRequest::StandIn { token, seat, on, reply } => {
                let r = self.stand_in(token, seat, on).await;
                let _ = reply.send(r);
            }
            LobbyRequest::Rematch { token, reply } => {
                let r = self.rematch(token).await;
                let _ = reply.send(r);
            }
            LobbyRequest::Record { who, reply } => {
                let r = self.record(who).await;
                let _ = reply.send(r);
            }
            LobbyRequest::Replay { who, at, seat, reply } => {
                let r = self.replay(who, at, seat).await;
                let _ = reply.send(r);
            }
            LobbyRequest::Subscribe { who, since, out, reply } => {
                let r = self.subscribe(who, since, out);
                let back = r.as_ref().ok().and_then(|id| self.conns.get(id)).and_then(|c| c.player);
                let _ = reply.send(r);
                // A player who comes back takes their seat back from the bot.
                if let Some(p) = back
                    && self.players.iter().any(|x| x.id == p && x.stand_in)
                {
                    // Stopping never fails (see `set_stand_in`).
                    let _ = self.set_stand_in(p, false).await;
                }
            }
            LobbyRequest::Chat { conn, rid, text } => self.chat(conn, rid, text).await,
        }
    }

    async fn join(&mut self, invite: String, name: String) -> Result<Joined, ApiError> {
        self.not_expired()?;
        if secret::hash(&invite) != self.lobby.invite_hash {
            return Err(err(ErrorCode::BadToken, "This invite link is not valid for this lobby."));
        }
        self.open_check()?;
        let name = clean_name(&name)?;
        let Some(seat) = self.free_seat() else {
            return Err(err(ErrorCode::LobbyFull, format!("All {} seats are taken.", self.lobby.seats)));
        };
        let token = secret::new_token();
        let p = PlayerRow {
            id: Uuid::new_v4(),
            name,
            token_hash: secret::hash(&token),
            seat: Some(seat),
            bot: false,
            host: false,
            joined_at: now_ms(),
            stand_in: false,
        };
        self.ctx.store.add_player(self.id, &p).await.map_err(internal)?;
        let id = p.id;
        self.players.push(p);
        self.broadcast_lobby();
        Ok(Joined { lobby: self.id, player: id, token, links: HostLinks::default() })
    }

    fn free_seat(&self) -> Option<Seat> {
        (0..self.lobby.seats).find(|s| !self.players.iter().any(|p| p.seat == Some(*s)))
    }

    async fn seat(&mut self, token: String, seat: Option<Seat>) -> Result<LobbyInfo, ApiError> {
        let id = self.player_by_token(&token)?.id;
        self.open_check()?;
        if let Some(s) = seat {
            if s >= self.lobby.seats {
                return Err(err(ErrorCode::SeatTaken, format!("There is no seat {}; this table has {}.", s as u32 + 1, self.lobby.seats)));
            }
            if let Some(other) = self.players.iter().find(|p| p.seat == Some(s) && p.id != id) {
                return Err(err(ErrorCode::SeatTaken, format!("Seat {} is taken by {}.", s + 1, other.name)));
            }
        }
        self.ctx.store.set_seat(self.id, id, seat).await.map_err(internal)?;
        if let Some(p) = self.players.iter_mut().find(|p| p.id == id) {
            p.seat = seat;
        }
        for c in self.conns.values_mut().filter(|c| c.player == Some(id)) {
            c.viewer = seat.map(Viewer::Seat).unwrap_or(Viewer::Spectator);
        }
        self.broadcast_lobby();
        Ok(self.info())
    }

    async fn leave(&mut self, token: String) -> Result<(), ApiError> {
        let p = self.player_by_token(&token)?.clone();
        self.open_check()?;
        if p.host {
            return Err(err(ErrorCode::NotHost, "The host cannot leave an open lobby; start the match or let it expire."));
        }
        self.remove(p.id, 4002, "You left the lobby.").await
    }

    async fn remove(&mut self, player: Uuid, code: u16, reason: &str) -> Result<(), ApiError> {
        self.ctx.store.remove_player(self.id, player).await.map_err(internal)?;
        self.players.retain(|p| p.id != player);
        self.left_at.retain(|(p, _)| *p != player);
        let gone: Vec<ConnId> = self.conns.iter().filter(|(_, c)| c.player == Some(player)).map(|(id, _)| *id).collect();
        for id in gone {
            if let Some(c) = self.conns.remove(&id) {
                let _ = c.out.offer(Out::Close(code, reason.to_string()));
            }
        }
        self.broadcast_lobby();
        Ok(())
    }

    async fn kick(&mut self, token: String, player: Uuid) -> Result<LobbyInfo, ApiError> {
        self.host_check(&token)?;
        self.open_check()?;
        let Some(target) = self.players.iter().find(|p| p.id == player) else {
            return Err(err(ErrorCode::InvalidField, "That player is not in this lobby."));
        };
        if target.host {
            return Err(err(ErrorCode::InvalidField, "The host cannot be removed."));
        }
        self.remove(player, 4002, "The host removed you from this lobby.").await?;
        Ok(self.info())
    }

    async fn fill_bots(&mut self, token: String) -> Result<LobbyInfo, ApiError> {
        self.host_check(&token)?;
        self.open_check()?;
        let mut n = self.players.iter().filter(|p| p.bot).count();
        while let Some(seat) = self.free_seat() {
            n += 1;
            let p = PlayerRow {
                id: Uuid::new_v4(),
                name: format!("Bot {n}"),
                token_hash: secret::hash(&secret::new_token()),
                seat: Some(seat),
                bot: true,
                host: false,
                joined_at: now_ms(),
                stand_in: false,
            };
            self.ctx.store.add_player(self.id, &p).await.map_err(internal)?;
            self.players.push(p);
        }
        self.broadcast_lobby();
        Ok(self.info())
    }

    /// A bot plays the seat of a player who is away, or stops. The host may
    /// ask at any time; anyone else seated may start it once the player has
    /// been away `--stand-in-after-secs`, so a table whose host is away too
    /// is not stuck. The player gets the seat back by coming back.
    async fn stand_in(&mut self, token: String, seat: Seat, on: bool) -> Result<LobbyInfo, ApiError> {
        let caller = self.player_by_token(&token)?;
        let (host, caller_seated) = (caller.host, caller.seat.is_some());
        if !host && !on {
            return Err(err(ErrorCode::NotHost, "Only the host can stop a bot that plays for someone; it stops by itself when they come back."));
        }
        if !host && !caller_seated {
            return Err(err(ErrorCode::NotHost, "Only the host or a seated player can let a bot play for someone who is away."));
        }
        match &self.live {
            Some(live) if !live.over => {}
            Some(_) => return Err(err(ErrorCode::GameOver, "The match is over.")),
            None => return Err(err(ErrorCode::NotStarted, "A bot can stand in only during the match; before it, fill the seat with a bot.")),
        }
        let Some(p) = self.players.iter().find(|p| p.seat == Some(seat)) else {
            return Err(err(ErrorCode::InvalidField, format!("Seat {} is not at this table.", seat + 1)));
        };
        let (id, name, was, wait) = (p.id, p.name.clone(), p.stand_in, self.still_to_wait(p));
        if p.bot {
            return Err(err(ErrorCode::InvalidField, format!("{name} is a bot already.")));
        }
        if on && self.conns.values().any(|c| c.player == Some(id)) {
            return Err(err(ErrorCode::InvalidField, format!("{name} is here; a bot can stand in only for someone who is away.")));
        }
        if on
            && !host
            && !was
            && let Some([away, after, left]) = wait
        {
            return Err(err(
                ErrorCode::NotHost,
                format!("{name} has been away for {away}. Anyone seated can let a bot play for them once they have been away {after} ({left} from now); the host can now."),
            ));
        }
        if was != on {
            self.set_stand_in(id, on).await?;
        }
        Ok(self.info())
    }

    /// The host hands the role to `to`; anyone else may take it for
    /// themselves once the host has been away `--stand-in-after-secs` (a
    /// lobby whose host has gone could otherwise never start).
    async fn hand_over(&mut self, token: String, to: Uuid) -> Result<LobbyInfo, ApiError> {
        let caller = self.player_by_token(&token)?;
        let (caller_id, caller_host) = (caller.id, caller.host);
        match self.lobby.status {
            LobbyStatus::Open | LobbyStatus::Live => {}
            LobbyStatus::Finished => return Err(err(ErrorCode::GameOver, "The match is over; play again to host the next one.")),
            LobbyStatus::Expired => return Err(err(ErrorCode::LobbyNotFound, "This lobby expired before it started.")),
        }
        let Some(target) = self.players.iter().find(|p| p.id == to) else {
            return Err(err(ErrorCode::InvalidField, "That player is not in this lobby."));
        };
        if target.bot {
            return Err(err(ErrorCode::InvalidField, "A bot cannot host."));
        }
        if target.host {
            return Ok(self.info());
        }
        let after = self.ctx.cfg.stand_in_after_secs;
        if !caller_host {
            if to != caller_id {
                return Err(err(
                    ErrorCode::NotHost,
                    format!("Only the host can make someone else host; you can take it yourself once the host has been away {}.", duration_words(after)),
                ));
            }
            if let Some(h) = self.players.iter().find(|p| p.host) {
                if self.conns.values().any(|c| c.player == Some(h.id)) {
                    return Err(err(ErrorCode::NotHost, format!("{}, the host, is here: ask them to hand it over.", h.name)));
                }
                if let Some([away, after, left]) = self.still_to_wait(h) {
                    return Err(err(
                        ErrorCode::NotHost,
                        format!("{}, the host, has been away for {away}. Anyone at the table can take over once the host has been away {after} ({left} from now).", h.name),
                    ));
                }
            }
        }
        self.ctx.store.set_host(self.id, to).await.map_err(internal)?;
        for p in &mut self.players {
            p.host = p.id == to;
        }
        self.broadcast_lobby();
        Ok(self.info())
    }

    /// "Play again": the lobby of the next match at this table, made by the
    /// first player who asks once the match is over (they host it), with
    /// the same game, options and seats, and everyone seated where they sat
    /// under the same player id and token, so that each can go straight in.
    /// Later calls lead to the same lobby.
    async fn rematch(&mut self, token: String) -> Result<Rematch, ApiError> {
        let caller = self.player_by_token(&token)?.id;
        match self.lobby.status {
            LobbyStatus::Finished => {}
            LobbyStatus::Live => return Err(err(ErrorCode::NotOver, "The match is still being played; you can play again once it is over.")),
            LobbyStatus::Open => return Err(err(ErrorCode::NotStarted, "The match has not started yet.")),
            LobbyStatus::Expired => return Err(err(ErrorCode::LobbyNotFound, "This lobby expired before it started.")),
        }
        if let Some(id) = self.lobby.rematch {
            return Ok(Rematch { lobby: id, created: false, links: HostLinks::default() });
        }
        let invite = secret::new_invite();
        let spectate = self.lobby.spectate_hash.is_some().then(secret::new_invite);
        let now = now_ms();
        let lobby = LobbyRow {
            id: Uuid::new_v4(),
            game: self.lobby.game.clone(),
            seats: self.lobby.seats,
            options: self.lobby.options.clone(),
            status: LobbyStatus::Open,
            invite_hash: secret::hash(&invite),
            spectate_hash: spectate.as_deref().map(secret::hash),
            seed: None,
            seed_hash: None,
            engine_version: self.game.info().engine_version as i32,
            outcome: None,
            rematch: None,
            turn_clock_secs: self.lobby.turn_clock_secs,
            created_at: now,
            updated_at: now,
        };
        let players: Vec<PlayerRow> = self
            .players
            .iter()
            .map(|p| PlayerRow { host: p.id == caller, joined_at: now, stand_in: false, ..p.clone() })
            .collect();
        self.ctx.store.create_rematch(self.id, &lobby, &players).await.map_err(internal)?;
        let id = lobby.id;
        self.lobby.rematch = Some(id);
        self.ctx.open(self.game, lobby, players);
        metrics::counter!("backroom_lobbies_created_total").increment(1);
        self.broadcast_lobby();
        Ok(Rematch { lobby: id, created: true, links: HostLinks::new(id, invite, spectate) })
    }

    /// A bot starts (stored first: a restart keeps it) or stops playing for
    /// `player`; everyone is told.
    async fn set_stand_in(&mut self, player: Uuid, on: bool) -> Result<(), ApiError> {
        if let Err(e) = self.ctx.store.set_stand_in(self.id, player, on).await {
            if on {
                return Err(internal(e));
            }
            // Stopping cannot wait for the store: the seat is the player's
            // again at once. A restart before the store hears of it hands it
            // back to the bot until they reconnect, which ends it again.
            tracing::warn!(table = %self.id, error = %format!("{e:#}"), "could not store the end of a stand-in");
        }
        if let Some(p) = self.players.iter_mut().find(|p| p.id == player) {
            p.stand_in = on;
        }
        self.broadcast_lobby();
        if on {
            self.bots_stuck = false;
            self.schedule_bots();
        }
        Ok(())
    }

    async fn start(&mut self, token: String) -> Result<LobbyInfo, ApiError> {
        self.host_check(&token)?;
        self.open_check()?;
        if let Some(empty) = (0..self.lobby.seats).find(|s| !self.players.iter().any(|p| p.seat == Some(*s))) {
            return Err(err(
                ErrorCode::InvalidField,
                format!("Seat {} is empty: wait for a friend to take it, or fill it with a bot.", empty + 1),
            ));
        }
        let seed = secret::random_bytes::<32>();
        let seed_hash = secret::hash_bytes(&seed);
        let mut rng = GameRng::from_seed(seed);
        let options: Value = serde_json::from_str(&self.lobby.options).unwrap_or(Value::Null);
        let state = self
            .game
            .setup(&options, self.lobby.seats, &mut rng)
            .map_err(|e| err(ErrorCode::BadOptions, e.to_string()))?;
        let opening = Snapshot { seq: 0, state: state.state_json(), rng: serde_json::to_string(&rng).map_err(internal)? };
        self.ctx.store.start_match(self.id, &seed, &seed_hash, &opening).await.map_err(internal)?;
        self.lobby.status = LobbyStatus::Live;
        self.lobby.seed = Some(seed.to_vec());
        self.lobby.seed_hash = Some(seed_hash);
        let seats = self.lobby.seats;
        let mut live = Live {
            state,
            rng,
            version: 0,
            log: VecDeque::new(),
            prompts: vec![None; seats as usize],
            prompt_changed: vec![0; seats as usize],
            rids: HashMap::new(),
            last_snapshot: 0,
            over: false,
        };
        live.log.push_back((0, opening_line(self.lobby.seed_hash.as_deref().unwrap_or("")).into()));
        live.refresh_prompts(seats);
        self.live = Some(live);
        self.last_move_at = now_ms();
        // Seated players now see their seat's view.
        for c in self.conns.values_mut() {
            if let Some(p) = c.player
                && let Some(seat) = self.players.iter().find(|x| x.id == p).and_then(|x| x.seat)
            {
                c.viewer = Viewer::Seat(seat);
            }
        }
        metrics::gauge!("backroom_live_matches").increment(1.0);
        self.broadcast_lobby();
        self.broadcast_state();
        self.schedule_bots();
        Ok(self.info())
    }

    async fn record(&mut self, who: Credential) -> Result<MatchRecord, ApiError> {
        self.authorize(&who)?;
        if self.lobby.status != LobbyStatus::Finished {
            return Err(err(ErrorCode::NotStarted, "The record is published when the match has ended."));
        }
        let rows = self.ctx.store.all_actions(self.id).await.map_err(internal)?;
        let actions = rows.into_iter().map(|a| (a.seat, serde_json::from_str(&a.action).unwrap_or(Value::Null))).collect();
        Ok(MatchRecord { lobby: self.info(), actions })
    }

    /// A finished match as one viewer saw it after its first `at` moves:
    /// the opening replayed from the store (the same replay that restores
    /// and verifies a match), the view built for that viewer, and the lines
    /// it read for move `at`. The moves are read once per loaded table and
    /// the position kept, so that stepping forward costs one move; stepping
    /// back starts again from the opening.
    async fn replay(&mut self, who: Credential, at: u64, seat: Option<Seat>) -> Result<ReplayStep, ApiError> {
        let (own, _) = self.authorize(&who)?;
        if self.lobby.status != LobbyStatus::Finished {
            return Err(err(ErrorCode::NotOver, "A match can be replayed once it is over."));
        }
        let viewer = match seat {
            Some(s) if s < self.lobby.seats => Viewer::Seat(s),
            Some(s) => return Err(err(ErrorCode::InvalidField, format!("Seat {} is not at this table.", u32::from(s) + 1))),
            None => own,
        };
        let game = self.game;
        let r = match &mut self.replay {
            Some(r) => r,
            None => {
                let opening = self.ctx.store.opening(self.id).await.map_err(internal)?.ok_or_else(|| internal("no opening snapshot"))?;
                let mut moves = vec![];
                for a in self.ctx.store.all_actions(self.id).await.map_err(internal)? {
                    moves.push((a.seat, serde_json::from_str(&a.action).map_err(internal)?));
                }
                let (state, rng) = restore_snapshot(game, &opening).map_err(internal)?;
                self.replay.insert(Box::new(Replay { opening, moves, state, rng, at: 0, last: (None, Vec::new()) }))
            }
        };
        let at = at.min(r.moves.len() as u64);
        if at < r.at {
            r.rewind(game).map_err(internal)?;
        }
        while r.at < at {
            let (seat, action) = &r.moves[r.at as usize];
            let (log, _) = r.state.apply(*seat, action, &mut r.rng).map_err(|e| internal(format!("move {} does not replay: {e}", r.at + 1)))?;
            (r.at, r.last) = (r.at + 1, (Some(*seat), log));
        }
        Ok(ReplayStep {
            at,
            moves: r.moves.len() as u64,
            viewer,
            view: serde_json::from_str(&r.state.view_json(viewer)).map_err(internal)?,
            pending: r.state.pending(),
            seat: r.last.0,
            lines: r.last.1.iter().filter_map(|l| l.for_viewer(viewer)).map(str::to_string).collect(),
        })
    }

    fn subscribe(&mut self, who: Credential, since: Option<u64>, out: Arc<Outbox>) -> Result<ConnId, ApiError> {
        if matches!(who, Credential::Invite(_)) {
            return Err(err(ErrorCode::BadToken, "Join the lobby first; an invite alone cannot open the table."));
        }
        let (viewer, player) = self.authorize(&who)?;
        let id = self.next_conn;
        self.next_conn += 1;
        let first_of_player = player.is_some_and(|p| !self.conns.values().any(|c| c.player == Some(p)));
        let welcome = ServerMsg::Welcome { viewer, player, chat: self.chat.iter().cloned().collect() };
        let _ = out.offer(Out::Text(frame(&welcome)));
        self.conns.insert(id, Conn { viewer, player, out, log_sent: since, behind: false });
        if first_of_player {
            self.left_at.retain(|(x, _)| Some(*x) != player);
            self.broadcast_lobby();
        } else {
            let f = frame(&ServerMsg::Lobby { lobby: self.info() });
            if let Some(c) = self.conns.get(&id) {
                let _ = c.out.offer(Out::Text(f));
            }
        }
        if self.live.is_some() {
            let f = self.state_frame(viewer, since);
            if let Some(c) = self.conns.get_mut(&id) {
                c.log_sent = self.live.as_ref().map(|l| l.version);
                let _ = c.out.offer(Out::Text(f));
            }
        }
        Ok(id)
    }

    /// The `state` frame for a viewer, with the log lines after version
    /// `from` (all of them for `None`).
    fn state_frame(&self, viewer: Viewer, from: Option<u64>) -> Utf8Bytes {
        let Some(live) = &self.live else { return Utf8Bytes::from_static("") };
        // The window is in version order: skip what this viewer has seen
        // without walking it.
        let first = from.map_or(0, |f| live.log.partition_point(|(v, _)| *v <= f));
        let log: Vec<String> = live.log.range(first..).filter_map(|(_, e)| e.for_viewer(viewer).map(str::to_string)).collect();
        let prompt = viewer.seat().and_then(|s| live.prompts.get(s as usize).cloned().flatten());
        let view = live.state.view_raw(viewer);
        frame(&ServerMsg::State {
            version: live.version,
            view,
            prompt,
            pending: live.state.pending(),
            log,
            outcome: if live.over { live.state.outcome() } else { None },
        })
    }

    /// Sends every viewer its state now.
    fn broadcast_state(&mut self) {
        self.broadcast_state_paced(|_, _| true);
    }

    /// Sends the viewers for whom `urgent` holds their state now; the others
    /// are marked [`Conn::behind`] and get one frame when the pace timer
    /// fires or at the next broadcast, whichever comes first. A seat that
    /// just acted or whose prompt changed is always urgent (it is waiting
    /// to see its move, or has something new to do), so pacing only delays
    /// what a viewer watches, never what it must answer.
    fn broadcast_state_paced(&mut self, urgent: impl Fn(&Conn, &Live) -> bool) {
        let Some(live) = self.live.as_ref() else { return };
        let version = live.version;
        let pace = self.ctx.cfg.view_pace_ms;
        // One frame per (viewer, log position): tabs of the same seat share it.
        let mut frames: HashMap<(Viewer, Option<u64>), Utf8Bytes> = HashMap::new();
        let mut keys: Vec<(ConnId, Viewer, Option<u64>)> = Vec::with_capacity(self.conns.len());
        let mut paced = false;
        for (id, c) in self.conns.iter_mut() {
            if pace == 0 || c.behind || urgent(c, live) {
                keys.push((*id, c.viewer, c.log_sent));
            } else if c.log_sent != Some(version) {
                c.behind = true;
                paced = true;
            }
        }
        let mut slow = vec![];
        for (id, viewer, sent) in keys {
            let f = frames.entry((viewer, sent)).or_insert_with(|| self.state_frame(viewer, sent)).clone();
            if let Some(c) = self.conns.get_mut(&id) {
                c.log_sent = Some(version);
                c.behind = false;
                if !c.out.offer(Out::Text(f)) {
                    slow.push(id);
                }
            }
        }
        for id in slow {
            self.drop_conn(id);
        }
        if paced {
            if self.pace_due.is_none() {
                self.pace_due = Some(tokio::time::Instant::now() + Duration::from_millis(pace));
            }
        } else if self.conns.values().all(|c| !c.behind) {
            self.pace_due = None;
        }
    }

    /// The pace timer fired: every viewer still behind gets its frame.
    fn send_paced(&mut self) {
        self.pace_due = None;
        self.broadcast_state_paced(|_, _| false);
    }

    fn incoming(&mut self, Act { conn, rid, version, action, received }: Act) -> Option<Incoming> {
        let c = self.conns.get(&conn)?;
        let reject = |code: ErrorCode, message: String| ServerMsg::Rejected { rid: rid.clone(), code, rule: None, message };
        let msg = match (c.viewer, &self.live) {
            (_, None) => reject(ErrorCode::NotStarted, "The match has not started yet.".into()),
            (Viewer::Spectator, _) => reject(ErrorCode::NotSeated, "You are watching, not seated; only seated players act.".into()),
            (Viewer::Seat(seat), Some(_)) => {
                return Some(Incoming { conn: Some(conn), seat, rid: Some(rid), version: Some(version), action, received, clock: false });
            }
        };
        metrics::counter!("backroom_rejections_total", "code" => code_of(&msg)).increment(1);
        self.send_to(conn, &msg);
        None
    }

    /// One entry per bot that is awaited; each bot's move is chosen when
    /// `process` reaches it.
    fn bot_turns(&mut self) -> Vec<Incoming> {
        let Some(live) = &self.live else { return vec![] };
        if live.over {
            return vec![];
        }
        let awaited = live.state.pending().awaited();
        let mut out = vec![];
        for p in self.players.iter().filter(|p| p.played_by_bot()) {
            let Some(seat) = p.seat else { continue };
            if !awaited.contains(seat) {
                continue;
            }
            // The move itself is chosen in `process`, against the table as
            // it is after the moves before it in the batch: two bots asked
            // at once must not both take the same School.
            out.push(Incoming { conn: None, seat, rid: None, version: None, action: Value::Null, received: Instant::now(), clock: false });
        }
        out
    }

    /// When the turn clock runs out (Unix ms), if the table waits on a
    /// person (a seat no bot plays) and the lobby has a clock.
    fn clock_due(&self) -> Option<i64> {
        let clock = i64::from(self.lobby.turn_clock_secs) * 1000;
        let live = self.live.as_ref().filter(|l| !l.over && clock > 0)?;
        let awaited = live.state.pending().awaited();
        self.players
            .iter()
            .any(|p| !p.played_by_bot() && p.seat.is_some_and(|s| awaited.contains(s)))
            .then_some(self.last_move_at + clock)
    }

    /// The turn clock ran out: a bot makes one move for every person the
    /// table waits on, with a line in the log saying so. The clock starts
    /// again either way, so a refused move is retried a clock later, not at
    /// once.
    async fn clock_ran_out(&mut self) {
        if self.clock_due().is_none_or(|due| now_ms() < due) {
            return;
        }
        let Some(live) = &self.live else { return };
        let awaited = live.state.pending().awaited();
        let batch: Vec<Incoming> = self
            .players
            .iter()
            .filter(|p| !p.played_by_bot())
            .filter_map(|p| p.seat.filter(|s| awaited.contains(*s)))
            .map(|seat| Incoming { conn: None, seat, rid: None, version: None, action: Value::Null, received: Instant::now(), clock: true })
            .collect();
        self.last_move_at = now_ms();
        if !batch.is_empty() {
            self.process(batch).await;
        }
    }

    fn schedule_bots(&mut self) {
        if self.bot_pending {
            return;
        }
        let Some(live) = &self.live else { return };
        if live.over {
            return;
        }
        let awaited = live.state.pending().awaited();
        let awaits = |bot: bool| self.players.iter().any(|p| p.played_by_bot() == bot && p.seat.is_some_and(|s| awaited.contains(s)));
        if !awaits(true) || (self.bots_stuck && awaits(false)) {
            return;
        }
        self.bot_pending = true;
        // A refused bot waits for a person's move when someone else is
        // awaited; when only bots are, it tries again, slowly, rather than
        // leaving the table waiting forever.
        let delay = if self.bots_stuck { self.ctx.cfg.bot_delay_ms.max(1000) } else { self.ctx.cfg.bot_delay_ms };
        if delay == 0 {
            self.deferred.push_back(Cmd::BotTurn);
        } else if let Some(tx) = self.self_tx.upgrade() {
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(delay)).await;
                let _ = tx.send(Cmd::BotTurn).await;
            });
        }
    }

    /// Applies a batch, commits it, then answers and broadcasts.
    async fn process(&mut self, batch: Vec<Incoming>) {
        let seats = self.lobby.seats;
        let Some(live) = self.live.as_mut() else { return };
        let before = live.version;
        let mut rows = Vec::with_capacity(batch.len());
        let mut accepted: Vec<(Option<ConnId>, Option<String>, u64, Instant)> = Vec::with_capacity(batch.len());
        let mut answers: Vec<(ConnId, ServerMsg)> = vec![];
        let mut panicked: Vec<(Option<ConnId>, Option<String>)> = vec![];
        for mut inc in batch {
            let seat = inc.seat;
            if inc.conn.is_none() {
                if !live.state.pending().awaited().contains(seat) {
                    continue;
                }
                let bot_rng = self.bot_rng.get_or_insert_with(|| Box::new(GameRng::from_seed(secret::random_bytes::<32>())));
                match live.state.bot_action(seat, bot_rng) {
                    Some(action) => inc.action = action,
                    None => {
                        tracing::warn!(table = %self.id, seat, "a bot found no legal action");
                        continue;
                    }
                }
            }
            if let Some(rid) = &inc.rid
                && let Some((_, v)) = live.rids.get(&seat).and_then(|q| q.iter().find(|(r, _)| **r == **rid))
            {
                // A resend of something already durable: acknowledge again.
                if let Some(conn) = inc.conn {
                    answers.push((conn, ServerMsg::Ack { rid: rid.clone(), version: *v }));
                }
                continue;
            }
            if let (Some(v), Some(conn), Some(rid)) = (inc.version, inc.conn, &inc.rid)
                && (v > live.version || v < live.prompt_changed[seat as usize])
            {
                answers.push((conn, ServerMsg::Rejected {
                    rid: rid.clone(),
                    code: ErrorCode::StaleVersion,
                    rule: None,
                    message: format!(
                        "The table changed since you chose this (you saw version {v}, it is now {}). Look again and choose anew.",
                        live.version
                    ),
                }));
                continue;
            }
            // An engine bug must not take the table down: a panic refuses
            // the whole batch (nothing of it was committed) and the table
            // reloads from the store.
            let applied = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let r = live.state.apply(seat, &inc.action, &mut live.rng);
                if r.is_ok() {
                    live.version += 1;
                    live.refresh_prompts(seats);
                }
                r
            }));
            let applied = match applied {
                Ok(r) => r,
                Err(_) => {
                    tracing::error!(table = %self.id, seat, action = %inc.action, "the game engine panicked; reloading the match");
                    panicked.push((inc.conn, inc.rid));
                    panicked.extend(accepted.drain(..).map(|(c, r, _, _)| (c, r)));
                    rows.clear();
                    break;
                }
            };
            match applied {
                Ok((mut log, canonical)) => {
                    if inc.clock {
                        let who = self.players.iter().find(|p| p.seat == Some(seat)).map_or("A player", |p| p.name.as_str());
                        log.insert(0, LogEntry::public(format!("{who} ran out of time: a bot moved for them.")));
                    }
                    let (v, at) = (live.version, now_ms());
                    rows.push(ActionRow {
                        seq: v as i64,
                        seat,
                        rid: inc.rid.clone(),
                        action: canonical,
                        log: serde_json::to_string(&log).unwrap_or_else(|_| "[]".into()),
                        at,
                    });
                    for e in log {
                        live.log.push_back((v, PackedLogEntry::pack(e, intern::share)));
                    }
                    while live.log.len() > LOG_WINDOW {
                        live.log.pop_front();
                    }
                    if let Some(rid) = &inc.rid {
                        live.remember_rid(seat, rid, v);
                    }
                    if inc.conn.is_some() {
                        self.bots_stuck = false;
                    }
                    accepted.push((inc.conn, inc.rid, v, inc.received));
                    // The stored move's own time: a restart's clock agrees.
                    self.last_move_at = at;
                }
                Err(e) => {
                    if let (Some(conn), Some(rid)) = (inc.conn, inc.rid) {
                        answers.push((conn, ServerMsg::Rejected {
                            rid,
                            code: e.code.into(),
                            rule: Some(e.rule),
                            message: e.message,
                        }));
                    } else {
                        tracing::warn!(table = %self.id, seat, error = %e, "a bot's action was refused");
                        self.bots_stuck = true;
                    }
                }
            }
        }
        if !panicked.is_empty() {
            for (conn, rid) in panicked {
                if let (Some(conn), Some(rid)) = (conn, rid) {
                    answers.push((conn, ServerMsg::Rejected {
                        rid,
                        code: ErrorCode::Internal,
                        rule: None,
                        message: "The server hit a fault in the game rules, so this move was not made. Please try again or choose another.".into(),
                    }));
                }
            }
            for (conn, msg) in &answers {
                self.send_to(*conn, msg);
            }
            Box::pin(self.reload()).await;
            return;
        }
        for (conn, msg) in &answers {
            if let ServerMsg::Rejected { code, .. } = msg {
                metrics::counter!("backroom_rejections_total", "code" => code.as_str()).increment(1);
            }
            self.send_to(*conn, msg);
        }
        if rows.is_empty() {
            self.schedule_bots();
            return;
        }
        let Some(live) = self.live.as_mut() else { return };
        let version = live.version;
        let snapshot = (version - live.last_snapshot >= self.ctx.cfg.snapshot_every).then(|| Snapshot {
            seq: version as i64,
            state: live.state.state_json(),
            rng: serde_json::to_string(&live.rng).unwrap_or_default(),
        });
        let outcome = if live.state.pending().is_over() { live.state.outcome() } else { None };
        let acted: SeatSet = rows.iter().map(|r| r.seat).collect();
        let commit = Commit {
            lobby: self.id,
            actions: rows,
            snapshot: snapshot.clone(),
            finished: outcome.as_ref().map(|o| serde_json::to_string(o).unwrap_or_default()),
        };
        if let Err(e) = self.ctx.commits.commit(commit).await {
            tracing::error!(table = %self.id, error = %e, "commit failed; reloading the match from the store");
            for (conn, rid, _, _) in accepted {
                if let (Some(conn), Some(rid)) = (conn, rid) {
                    self.send_to(conn, &ServerMsg::Rejected {
                        rid,
                        code: ErrorCode::Internal,
                        rule: None,
                        message: "The move could not be saved, so it was not made. Please try again.".into(),
                    });
                }
            }
            Box::pin(self.reload()).await;
            return;
        }
        let live = self.live.as_mut().expect("live during process");
        if let Some(s) = snapshot {
            live.last_snapshot = s.seq as u64;
        }
        let n = accepted.len();
        metrics::counter!("backroom_actions_total").increment(n as u64);
        for (conn, rid, v, received) in accepted {
            if let (Some(conn), Some(rid)) = (conn, rid) {
                self.send_to(conn, &ServerMsg::Ack { rid, version: v });
                metrics::histogram!("backroom_action_latency_seconds").record(received.elapsed().as_secs_f64());
            }
        }
        if let Some(o) = outcome {
            let live = self.live.as_mut().expect("live during process");
            live.over = true;
            self.lobby.status = LobbyStatus::Finished;
            self.lobby.outcome = serde_json::to_string(&o).ok();
            live.log.push_back((version, LogEntry::public(format!("{} The seed was {}.", o.summary, self.lobby.seed.as_deref().map(secret::hex).unwrap_or_default())).into()));
            metrics::gauge!("backroom_live_matches").decrement(1.0);
            metrics::counter!("backroom_matches_finished_total").increment(1);
            self.broadcast_state();
            self.broadcast_lobby();
        } else {
            self.broadcast_state_paced(|c, live| match c.viewer {
                Viewer::Seat(s) => acted.contains(s) || live.prompt_changed.get(s as usize).is_some_and(|v| *v > before),
                Viewer::Spectator => false,
            });
        }
        self.schedule_bots();
    }

    /// After a failed commit the in-memory state may be ahead of the store:
    /// rebuild it from the store, then resend every viewer its state.
    async fn reload(&mut self) {
        match Table::load(self.ctx.clone(), self.id, false).await {
            Ok(Some(fresh)) => {
                self.live = fresh.live;
                self.lobby = fresh.lobby;
                for c in self.conns.values_mut() {
                    c.log_sent = self.live.as_ref().map(|l| l.version);
                }
                self.broadcast_state();
            }
            Ok(None) | Err(_) => {
                tracing::error!(table = %self.id, "the store is unavailable; closing the table");
                self.close_all(1011, "The server cannot reach its database; please come back in a minute.");
                self.live = None;
            }
        }
    }

    async fn chat(&mut self, conn: ConnId, rid: String, text: String) {
        let Some(c) = self.conns.get(&conn) else { return };
        let Some(player) = c.player else {
            self.send_to(conn, &ServerMsg::Rejected { rid, code: ErrorCode::NotSeated, rule: None, message: "Spectators cannot chat at the table.".into() });
            return;
        };
        let Some(p) = self.players.iter().find(|p| p.id == player) else { return };
        let row = ChatRow { seq: self.chat_seq + 1, player, name: p.name.clone(), seat: p.seat, text, at: now_ms() };
        if let Err(e) = self.ctx.store.add_chat(self.id, &row).await {
            tracing::error!(table = %self.id, error = %format!("{e:#}"), "chat not saved");
            self.send_to(conn, &ServerMsg::Rejected { rid, code: ErrorCode::Internal, rule: None, message: "The message could not be saved; please try again.".into() });
            return;
        }
        self.chat_seq = row.seq;
        let line = chat_line(row);
        self.chat.push_back(line.clone());
        while self.chat.len() > CHAT_WINDOW {
            self.chat.pop_front();
        }
        let version = self.live.as_ref().map(|l| l.version).unwrap_or(0);
        self.send_to(conn, &ServerMsg::Ack { rid, version });
        let f = frame(&ServerMsg::Chat { line });
        self.send_all(&f);
    }
}

/// The first line of every match's log.
fn opening_line(seed_hash: &str) -> LogEntry {
    LogEntry::public(format!("The match begins. Seed hash {}…", seed_hash.get(..16).unwrap_or(seed_hash)))
}

fn code_of(msg: &ServerMsg) -> &'static str {
    match msg {
        ServerMsg::Rejected { code, .. } => code.as_str(),
        _ => "none",
    }
}

fn chat_line(c: ChatRow) -> ChatLine {
    ChatLine { seq: c.seq, from: c.name, seat: c.seat, text: c.text, at: c.at }
}

/// Logs the cause; the person reads only that nothing was lost.
pub fn internal(e: impl std::fmt::Display) -> ApiError {
    tracing::error!(error = %e, "internal error");
    err(ErrorCode::Internal, "Something went wrong on the server; nothing was changed. Please try again.")
}

/// Replays a match from its opening snapshot through every stored action.
/// Returns the final state and RNG as JSON text.
/// A stored snapshot's state and generator, as the game restores them.
fn restore_snapshot(game: &'static dyn DynGame, s: &Snapshot) -> anyhow::Result<(Box<dyn DynState>, GameRng)> {
    let state = game.restore(&s.state).map_err(|e| anyhow::anyhow!("snapshot {}: {e}", s.seq))?;
    Ok((state, serde_json::from_str(&s.rng)?))
}

pub async fn replay_all(ctx: &Ctx, game: &'static dyn DynGame, lobby: &LobbyRow) -> anyhow::Result<(String, String)> {
    let opening = ctx.store.opening(lobby.id).await?.ok_or_else(|| anyhow::anyhow!("no opening snapshot"))?;
    let (mut state, mut rng) = restore_snapshot(game, &opening)?;
    for a in ctx.store.all_actions(lobby.id).await? {
        let action: Value = serde_json::from_str(&a.action)?;
        state.apply(a.seat, &action, &mut rng).map_err(|e| anyhow::anyhow!("action {} refused on replay: {e}", a.seq))?;
    }
    Ok((state.state_json(), serde_json::to_string(&rng)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every table's channel keeps its commands in blocks of 32: a large
    /// rare command would make every block, on every table, large.
    #[test]
    fn commands_stay_small() {
        assert!(std::mem::size_of::<Cmd>() <= 16, "Cmd is {} bytes", std::mem::size_of::<Cmd>());
    }
}

/// An engine that panics, seen from the server: Sealed Bids whose rules
/// "crash" on a bid of 13. Reloading finds the real Sealed Bids by id.
#[cfg(test)]
mod engine_panic {
    use super::*;
    use crate::config::Cli;
    use crate::store::Store;
    use backroom_engine::{GameInfo, Outcome, Pending, RuleError, SetupError};
    use clap::Parser;
    use serde_json::json;

    struct Faulty(&'static dyn DynGame);
    struct FaultyState(Box<dyn DynState>);

    impl DynGame for Faulty {
        fn info(&self) -> GameInfo {
            self.0.info()
        }
        fn content(&self) -> Option<String> {
            self.0.content()
        }
        fn normalize_options(&self, options: &Value) -> Result<Value, SetupError> {
            self.0.normalize_options(options)
        }
        fn setup(&self, options: &Value, seats: u8, rng: &mut GameRng) -> Result<Box<dyn DynState>, SetupError> {
            Ok(Box::new(FaultyState(self.0.setup(options, seats, rng)?)))
        }
        fn restore(&self, state: &str) -> Result<Box<dyn DynState>, String> {
            Ok(Box::new(FaultyState(self.0.restore(state)?)))
        }
    }

    impl DynState for FaultyState {
        fn pending(&self) -> Pending {
            self.0.pending()
        }
        fn prompt(&self, seat: Seat) -> Option<Prompt> {
            self.0.prompt(seat)
        }
        fn apply(&mut self, seat: Seat, action: &Value, rng: &mut GameRng) -> Result<(Vec<LogEntry>, String), RuleError> {
            // Half-applied, then a crash: the table must not keep the half.
            let applied = self.0.apply(seat, action, rng);
            assert_ne!(action["value"], 13, "injected fault in the rules");
            applied
        }
        fn view_json(&self, viewer: Viewer) -> String {
            self.0.view_json(viewer)
        }
        fn view_raw(&self, viewer: Viewer) -> Box<serde_json::value::RawValue> {
            self.0.view_raw(viewer)
        }
        fn state_json(&self) -> String {
            self.0.state_json()
        }
        fn outcome(&self) -> Option<Outcome> {
            self.0.outcome()
        }
        fn bot_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Value> {
            self.0.bot_action(seat, rng)
        }
        fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Value> {
            self.0.random_action(seat, rng)
        }
        fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng) {
            self.0.redeal_hidden(viewer, rng)
        }
        fn clone_box(&self) -> Box<dyn DynState> {
            Box::new(FaultyState(self.0.clone_box()))
        }
    }

    /// Waits for the first frame on a socket's outbox that `pred` accepts
    /// (frames before it are dropped).
    async fn until(out: &Outbox, seen: &mut VecDeque<Value>, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            while let Some(m) = seen.pop_front() {
                if pred(&m) {
                    return m;
                }
            }
            let mut batch = vec![];
            tokio::time::timeout(Duration::from_secs(10), out.recv_many(&mut batch)).await.expect("a frame within 10 s");
            for o in batch {
                let Out::Text(t) = o else { panic!("the socket was closed") };
                seen.push_back(serde_json::from_str(t.as_str()).expect("JSON frame"));
            }
        }
    }

    #[tokio::test]
    async fn an_engine_panic_refuses_the_batch_and_the_table_carries_on() {
        let dir = std::env::temp_dir().join(format!("backroom-panic-{}", Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}/b.db", dir.display());
        let ctx = Ctx::new(Store::connect(&url).await.unwrap(), Cli::parse_from(["backroom", "--database-url", &url]).serve);
        let real = backroom_games::find("sealed-bids").unwrap();
        let faulty: &'static dyn DynGame = Box::leak(Box::new(Faulty(real)));
        let now = now_ms();
        let lobby = LobbyRow {
            id: Uuid::new_v4(),
            game: "sealed-bids".into(),
            seats: 2,
            options: real.normalize_options(&json!({"rounds": 2})).unwrap().to_string(),
            status: LobbyStatus::Open,
            invite_hash: secret::hash("invite"),
            spectate_hash: None,
            seed: None,
            seed_hash: None,
            engine_version: real.info().engine_version as i32,
            outcome: None,
            rematch: None,
            turn_clock_secs: 0,
            created_at: now,
            updated_at: now,
        };
        let player = |name: &str, seat: u8| PlayerRow {
            id: Uuid::new_v4(),
            name: name.into(),
            token_hash: secret::hash(name),
            seat: Some(seat),
            bot: false,
            host: seat == 0,
            joined_at: now + seat as i64,
            stand_in: false,
        };
        let (ann, bob) = (player("ann", 0), player("bob", 1));
        ctx.store.create_lobby(&lobby, &ann).await.unwrap();
        ctx.store.add_player(lobby.id, &bob).await.unwrap();
        let id = lobby.id;
        ctx.open(faulty, lobby, vec![ann, bob]);
        ctx.call(id, |reply| LobbyRequest::Start { token: secret::hash("ann"), reply }).await.unwrap();
        let out = Outbox::new();
        let conn = ctx
            .call(id, |reply| LobbyRequest::Subscribe { who: Credential::Token(secret::hash("ann")), since: None, out: out.clone(), reply })
            .await
            .unwrap();
        let mut seen = VecDeque::new();
        until(&out, &mut seen, |m| m["type"] == "state").await;
        let act = |rid: &str, value: u8| {
            Cmd::Act(Box::new(Act { conn, rid: rid.into(), version: 0, action: json!({"type": "bid", "value": value}), received: Instant::now() }))
        };

        // The rules crash: the move is refused with a reason, not saved, and
        // the table reloads from the store (with the real engine).
        ctx.tell(id, act("crash", 13)).await;
        let refused = until(&out, &mut seen, |m| m["type"] == "rejected" || m["type"] == "ack").await;
        assert_eq!(refused["code"], "internal", "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("fault in the game rules"), "{refused}");
        let s = until(&out, &mut seen, |m| m["type"] == "state").await;
        assert_eq!((s["version"].clone(), s["view"]["committed"].clone()), (json!(0), json!([false, false])), "the half-applied move is gone: {s}");
        assert!(ctx.store.all_actions(id).await.unwrap().is_empty(), "nothing was committed");

        // The table carries on: the next move is made and saved.
        ctx.tell(id, act("fine", 5)).await;
        let ack = until(&out, &mut seen, |m| m["type"] == "rejected" || m["type"] == "ack").await;
        assert_eq!(ack, json!({"type": "ack", "rid": "fine", "version": 1}));
        assert_eq!(ctx.store.all_actions(id).await.unwrap().len(), 1);
        ctx.shutdown().await;
        let _ = std::fs::remove_dir_all(&dir);
    }
}
