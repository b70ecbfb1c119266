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

use crate::ctx::{Counted, Ctx, MOVING};
use crate::intern;
use crate::store::{ActionRow, LobbyRow, PlayerRow, now_ms};
use axum::extract::ws::Utf8Bytes;
use backroom_engine::erased::{DynGame, DynState};
use backroom_engine::{GameRng, LogEntry, PackedLogEntry, Prompt, Seat, SeatSet};
use backroom_protocol::http::{
    BotLevel, Joined, LobbyInfo, LobbyStatus, MatchRecord, ProgramLink, Rematch, ReplayStep,
};
use backroom_protocol::ws::ServerMsg;
use backroom_protocol::{ApiError, ErrorCode};
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};
use uuid::Uuid;

/// How many log lines a table keeps in memory for (re)connecting clients.
const LOG_WINDOW: usize = 1000;
/// How many actions one batch applies before committing.
const MAX_BATCH: usize = 64;
/// Request ids remembered per seat for idempotent resends: a client resends
/// only what it has not seen acknowledged, a handful at most.
const RIDS_KEPT: usize = 8;

mod auto_pass;
mod bots;
mod chat;
mod chatter;
mod clock;
mod connections;
mod fairness;
mod lobby;
mod notify;
mod play;
mod program;
mod replay;
mod restore;
pub mod think;
mod watch;

pub use crate::outbox::{Out, Outbox};
use chat::Chat;
use connections::Connections;
pub use fairness::with_server_secret;
pub use lobby::clean_name;
use replay::Replay;
pub use restore::{replay_all, same_engine};
use watch::store_down_msg;

/// What every socket hears on a restart.
const RESTARTING: &str = "The server is restarting; reconnecting shortly.";

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
    /// A program's `hello`: SHA-256 of its program seat's token, and the
    /// name it gives (`program.rs`).
    Program { token: String, name: String },
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
    Info {
        who: Credential,
        reply: Reply<LobbyInfo>,
    },
    Join {
        invite: String,
        name: String,
        reply: Reply<Joined>,
    },
    Seat {
        token: String,
        seat: Option<Seat>,
        reply: Reply<LobbyInfo>,
    },
    Swap {
        token: String,
        seat: Option<Seat>,
        decline: Option<Seat>,
        reply: Reply<LobbyInfo>,
    },
    Leave {
        token: String,
        reply: Reply<()>,
    },
    Kick {
        token: String,
        player: Uuid,
        reply: Reply<LobbyInfo>,
    },
    Host {
        token: String,
        player: Uuid,
        reply: Reply<LobbyInfo>,
    },
    FillBots {
        token: String,
        level: BotLevel,
        reply: Reply<LobbyInfo>,
    },
    /// A bot seat's level (`seat`), or the table's stand-in level.
    SetLevel {
        token: String,
        seat: Option<Seat>,
        level: BotLevel,
        reply: Reply<LobbyInfo>,
    },
    Program {
        token: String,
        seat: Option<Seat>,
        reply: Reply<ProgramLink>,
    },
    Start {
        token: String,
        reply: Reply<LobbyInfo>,
    },
    StandIn {
        token: String,
        seat: Seat,
        on: bool,
        reply: Reply<LobbyInfo>,
    },
    Rematch {
        token: String,
        reply: Reply<Rematch>,
    },
    /// A person's share of the seed, before the start.
    Contribute {
        token: String,
        bytes: Vec<u8>,
        reply: Reply<()>,
    },
    Record {
        who: Credential,
        reply: Reply<MatchRecord>,
    },
    Replay {
        who: Credential,
        at: u64,
        seat: Option<Seat>,
        reply: Reply<ReplayStep>,
    },
    Subscribe {
        who: Credential,
        since: Option<u64>,
        out: Arc<Outbox>,
        reply: Reply<ConnId>,
    },
    Chat {
        conn: ConnId,
        rid: String,
        text: String,
    },
    /// "Pass for me when I have nothing to decide", on or off (from the
    /// `hello` without a rid, or a `settings` message with one).
    AutoPass {
        conn: ConnId,
        rid: Option<String>,
        on: bool,
    },
}

/// Commands a table accepts. Each is a word or two, the rest boxed: a
/// table's channel holds its commands in blocks of 32, and every live
/// table keeps one or two blocks whatever it is sent.
pub enum Cmd {
    Request(Box<LobbyRequest>),
    Act(Box<Act>),
    Unsubscribe {
        conn: ConnId,
    },
    BotTurn,
    /// A Strong bot's move, thought over off the table's task.
    BotChose(Box<think::Chosen>),
    AutoPass,
    /// Try again to read the match from the store (see [`Table::reload`]).
    Reload,
    Expire,
    Shutdown {
        done: oneshot::Sender<()>,
    },
    /// Hand the table to another node (it asked, or this node may have
    /// lost its lease): close every socket with "moving" and stop.
    Handover,
}

/// The address of a running table.
#[derive(Clone)]
pub struct TableHandle {
    pub tx: mpsc::Sender<Cmd>,
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
    /// Recently accepted request ids per seat, for idempotent resends: the
    /// id, the version its action made, and a hash of that action's
    /// canonical JSON (a resend must repeat the same action).
    rids: HashMap<Seat, VecDeque<(Box<str>, u64, u64)>>,
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

    /// Files a move just applied at this version: its request id is
    /// remembered, its log lines join the window, and its row to commit is
    /// returned.
    fn record(&mut self, seat: Seat, rid: Option<&str>, log: Vec<LogEntry>, canonical: String) -> ActionRow {
        let (v, at) = (self.version, now_ms());
        if let Some(rid) = rid {
            self.remember_rid(seat, rid, v, &canonical);
        }
        let row = ActionRow {
            seq: v as i64,
            seat,
            rid: rid.map(str::to_string),
            action: canonical,
            log: serde_json::to_string(&log).unwrap_or_else(|_| "[]".into()),
            at,
        };
        for e in log {
            self.log.push_back((v, PackedLogEntry::pack(e, intern::share)));
        }
        while self.log.len() > LOG_WINDOW {
            self.log.pop_front();
        }
        row
    }

    fn remember_rid(&mut self, seat: Seat, rid: &str, version: u64, canonical: &str) {
        let q = self.rids.entry(seat).or_insert_with(|| VecDeque::with_capacity(RIDS_KEPT));
        if q.len() == RIDS_KEPT {
            q.pop_front();
        }
        q.push_back((rid.into(), version, action_hash(canonical)));
    }
}

/// A hash of an action's canonical JSON, to tell a resend from a reused id.
fn action_hash(canonical: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    canonical.hash(&mut h);
    h.finish()
}

/// Where a move came from.
#[derive(Debug, Clone, PartialEq)]
enum Origin {
    /// A seated player's socket, naming the request id to answer and the
    /// version the player saw.
    Seat { conn: ConnId, rid: String, version: u64 },
    /// A bot playing its seat, or standing in for a person (its move is
    /// chosen when `process` reaches it).
    Bot,
    /// A bot moving for a person whose turn clock ran out (chosen likewise).
    Clock,
    /// The server answering a prompt with one thing left to do, for a
    /// player who asked it to (the action is set).
    AutoPass,
}

impl Origin {
    /// The socket and request id to answer, for a player's own move.
    fn reply_to(&self) -> play::ReplyTo {
        match self {
            Origin::Seat { conn, rid, .. } => Some((*conn, rid.clone())),
            _ => None,
        }
    }

    /// Whether a bot chooses the move (for its own seat or for a person).
    fn bot_chooses(&self) -> bool {
        matches!(self, Origin::Bot | Origin::Clock)
    }
}

/// One incoming action (from a socket, a bot, the clock or auto-pass).
struct Incoming {
    origin: Origin,
    seat: Seat,
    /// A bot's is `Null` until `process` chooses it.
    action: Value,
    received: Instant,
}

pub struct Table {
    id: Uuid,
    ctx: Arc<Ctx>,
    game: &'static dyn DynGame,
    lobby: LobbyRow,
    players: Vec<PlayerRow>,
    live: Option<Live>,
    /// The sockets at the table (see [`connections`]).
    conns: Connections,
    chat: Chat,
    /// The bots: their randomness and their next turn (see [`bots`]).
    bots: bots::Bots,
    /// Moves that do not move the game on, per seat (see [`chatter`]).
    chatter: chatter::Chatter,
    deferred: VecDeque<Cmd>,
    self_tx: mpsc::WeakSender<Cmd>,
    /// When the paced frames of viewers who are [`Conn::behind`] go out.
    pace_due: Option<tokio::time::Instant>,
    /// A finished match being replayed (see [`Table::replay`]); none until
    /// someone asks, gone when the table unloads.
    replay: Option<Box<Replay>>,
    /// The turn clock: it runs from the last move (see [`clock`]).
    clock: clock::TurnClock,
    /// Seats the webhook was last called for (see `notify_away`).
    webhook_told: SeatSet,
    /// "Pass for me when I have nothing to decide" (see [`auto_pass`]).
    auto_pass: auto_pass::AutoPass,
    /// On a node of a cluster, the lease epoch this table was loaded under
    /// (every commit names it; see [`crate::cluster`]).
    epoch: Option<i64>,
    /// Store failures in a row (refused commits, failed reloads): the
    /// back-off of every retry grows with it; 0 once a commit goes through.
    trouble: u32,
    /// The match could not be read back from the store: the table holds
    /// no state, tells its players so and retries (see [`watch`]).
    store_down: bool,
    /// Its sockets were told `store_unavailable` and not yet that the
    /// store is back (`store_available`; see [`watch`]).
    store_told: bool,
    /// Another node holds this table now (a commit was fenced, the node
    /// was silent too long, or the table was asked for): the table answers
    /// every move still queued with `table_moving`, closes its sockets
    /// with 1012 and stops.
    moving: bool,
    /// This table's unit of `backroom_live_matches` while it holds a match
    /// in play (see [`watch`]); given back when dropped, even by a panic.
    counted_live: Option<Counted>,
    /// Seat swaps offered and not yet answered, before the start (see
    /// [`Table::swap`]). Empty at most tables.
    swaps: Vec<lobby::SwapAsked>,
}

fn err(code: ErrorCode, msg: impl Into<String>) -> ApiError {
    ApiError::new(code, msg)
}

pub(crate) fn frame(msg: &ServerMsg) -> Utf8Bytes {
    Utf8Bytes::from(serde_json::to_string(msg).unwrap_or_default())
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
            conns: Connections::new(),
            chat: Chat::default(),
            bots: bots::Bots::default(),
            chatter: chatter::Chatter::default(),
            deferred: VecDeque::new(),
            self_tx: mpsc::channel(1).0.downgrade(),
            pace_due: None,
            replay: None,
            clock: clock::TurnClock::from(now_ms()),
            webhook_told: SeatSet::EMPTY,
            auto_pass: auto_pass::AutoPass::default(),
            epoch: None,
            trouble: 0,
            store_down: false,
            store_told: false,
            moving: false,
            counted_live: None,
            swaps: Vec::new(),
        }
    }

    /// The lobby this table serves.
    pub fn id(&self) -> Uuid {
        self.id
    }

    /// The lease epoch this table was loaded under (a node of a cluster).
    pub fn set_epoch(&mut self, epoch: Option<i64>) {
        self.epoch = epoch;
    }

    /// Runs the actor until shutdown, expiry or idle unload; `ended` is
    /// told, with the lease epoch, as the table stops.
    ///
    /// A plain function returning an `async move` block rather than an
    /// `async fn`: an async fn's future keeps its arguments apart from the
    /// locals they move into, so the table would be in its own task twice
    /// (1.3 KB more for every table).
    #[allow(clippy::manual_async_fn, reason = "an async fn would hold the table in its own task twice")]
    pub fn run(
        mut self,
        mut rx: mpsc::Receiver<Cmd>,
        self_tx: mpsc::WeakSender<Cmd>,
        ended: impl FnOnce(Option<i64>) + Send + 'static,
    ) -> impl Future<Output = ()> + Send {
        async move {
            self.self_tx = self_tx;
            self.schedule_bots();
            self.count_live();
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
            // The watchdog (see `watch`): only a match in play has anything
            // to wait on.
            let watch_every = Duration::from_secs(self.ctx.cfg.watchdog_secs.max(1));
            let watch_timer = tokio::time::sleep(watch_every);
            tokio::pin!(watch_timer);
            loop {
                // Another node has this table now. No move is left
                // unanswered: those queued are refused before the sockets
                // hear "reconnect".
                if self.moving {
                    self.refuse_queued(&mut rx, ErrorCode::TableMoving, MOVING);
                    self.close_all(1012, MOVING);
                    self.live = None;
                    break;
                }
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
                        () = &mut watch_timer, if self.live.as_ref().is_some_and(|l| !l.over) => {
                            watch_timer.as_mut().reset(tokio::time::Instant::now() + watch_every);
                            self.watch();
                            continue;
                        }
                        () = &mut idle_timer => {
                            let due = last_cmd + idle;
                            if tokio::time::Instant::now() >= due {
                                if self.conns.is_empty() && !self.keeps_busy() {
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
                // A node that was frozen or cut off from the database for
                // most of a lease time may have lost this table to another
                // node: it carries out no further command (the commit fence
                // would refuse its moves, but not a join or a chat line); a
                // move is answered `table_moving` below.
                let cmd = match &self.ctx.cluster {
                    Some(c) if !c.fresh() => {
                        self.deferred.push_front(cmd);
                        Cmd::Handover
                    }
                    _ => cmd,
                };
                if !self.on_cmd(cmd, &mut rx).await || self.after_cmd() {
                    break;
                }
            }
            self.store_down = false;
            self.live = None;
            self.count_live();
            ended(self.epoch);
        }
    }

    /// Carries out one command; false when the table stops at once
    /// (shutdown or expiry).
    async fn on_cmd(&mut self, cmd: Cmd, rx: &mut mpsc::Receiver<Cmd>) -> bool {
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
            Cmd::AutoPass => {
                let batch = self.auto_answers();
                if !batch.is_empty() {
                    Box::pin(self.process(batch)).await;
                }
            }
            Cmd::Reload => {
                if self.store_down {
                    Box::pin(self.reload()).await;
                }
            }
            Cmd::BotChose(c) => Box::pin(self.chosen(*c)).await,
            Cmd::BotTurn => {
                self.bots.turn_over();
                let batch = self.bot_turns();
                Box::pin(self.process(batch)).await;
            }
            Cmd::Shutdown { done } => {
                self.refuse_queued(rx, ErrorCode::Restarting, RESTARTING);
                self.close_all(1012, RESTARTING);
                let _ = done.send(());
                return false;
            }
            Cmd::Handover => self.moving = true,
            Cmd::Expire => {
                self.lobby.status = LobbyStatus::Expired;
                self.close_all(4001, "This lobby expired before it started.");
                return false;
            }
            Cmd::Unsubscribe { conn } => self.forget_conn(conn),
            // Lobby requests are rare next to actions: boxing their
            // future keeps this task's (one per table) small.
            Cmd::Request(req) => Box::pin(self.handle(*req)).await,
        }
        true
    }

    /// What every command leaves to check; true when the table stops.
    fn after_cmd(&mut self) -> bool {
        // Nobody may be left waiting on a bot nobody asked to move.
        if !self.moving {
            self.check_waiting();
        }
        self.count_live();
        // A finished match with nobody watching has nothing left to do
        // in memory: its record is in the store and reloads on demand.
        if self.conns.is_empty() && self.lobby.status == LobbyStatus::Finished && self.deferred.is_empty() {
            return true;
        }
        // A table that lost its match (a commit failed and the store
        // could not be read back) keeps retrying while someone is
        // there or a bot has moves to make (see `watch`); otherwise it
        // stops, and whoever comes back next loads the match afresh.
        if self.live.is_none()
            && matches!(self.lobby.status, LobbyStatus::Live | LobbyStatus::Finished)
            && !(self.store_down && (!self.conns.is_empty() || self.keeps_busy()))
        {
            return true;
        }
        false
    }

    fn close_all(&mut self, code: u16, reason: &str) {
        self.conns.close_all(code, reason);
    }

    fn send_all(&mut self, f: &Utf8Bytes) {
        for id in self.conns.offer_all(f) {
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

    /// A socket that let too many frames pile up: its outbox has already
    /// queued a close for it (see [`Outbox::offer`]); it leaves the table.
    fn drop_conn(&mut self, conn: ConnId) {
        if self.conns.contains_key(&conn) {
            tracing::debug!(table = %self.id, conn, "dropped a socket that could not keep up");
            self.forget_conn(conn);
        }
    }

    /// A socket left: when it was its player's last, the player is away
    /// from now on, and everyone sees it.
    fn forget_conn(&mut self, conn: ConnId) {
        self.chatter.forget(conn);
        if let Some(c) = self.conns.remove(&conn)
            && let Some(p) = c.player
            && !self.conns.has_player(p)
        {
            self.conns.left(p, now_ms());
            self.broadcast_lobby();
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
            LobbyRequest::Swap { token, seat, decline, reply } => {
                let r = self.swap(token, seat, decline).await;
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
            LobbyRequest::FillBots { token, level, reply } => {
                let r = self.fill_bots(token, level).await;
                let _ = reply.send(r);
            }
            LobbyRequest::SetLevel { token, seat, level, reply } => {
                let r = self.set_level(token, seat, level).await;
                let _ = reply.send(r);
            }
            LobbyRequest::Program { token, seat, reply } => {
                let r = self.hold_for_program(token, seat).await;
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
            LobbyRequest::Contribute { token, bytes, reply } => {
                let r = self.contribute(token, bytes).await;
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
                // A program names itself first (stored, and everyone told).
                let named = match &who {
                    Credential::Program { token, name } => self.program_hello(token, name).await,
                    _ => Ok(()),
                };
                let r = named.and_then(|()| self.subscribe(who, since, out));
                let back = r.as_ref().ok().and_then(|id| self.conns.get(id)).and_then(|c| c.player);
                let subscribed = r.as_ref().ok().copied();
                let _ = reply.send(r);
                if let Some(conn) = subscribed
                    && self.store_trouble()
                {
                    self.send_to(conn, &store_down_msg());
                }
                // A player who comes back takes their seat back from the bot.
                if let Some(p) = back
                    && self.players.iter().any(|x| x.id == p && x.stand_in)
                {
                    // Stopping never fails (see `set_stand_in`).
                    let _ = self.set_stand_in(p, false).await;
                }
            }
            LobbyRequest::Chat { conn, rid, text } => self.chat(conn, rid, text).await,
            LobbyRequest::AutoPass { conn, rid, on } => self.set_auto_pass(conn, rid, on),
        }
    }
}

/// Logs the cause; the person reads only that nothing was lost.
pub fn internal(e: impl std::fmt::Display) -> ApiError {
    tracing::error!(error = %e, "internal error");
    err(ErrorCode::Internal, "Something went wrong on the server; nothing was changed. Please try again.")
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
