//! Play: a move from a socket or a bot is checked against the seat's prompt
//! version, applied, handed to the group commit and only then acknowledged;
//! every viewer then gets its own view (paced for those who only watch).

use super::connections::Conn;
use super::{Act, ConnId, Incoming, Live, Origin, Table, action_hash, frame};
use crate::ctx::MOVING;
use crate::outbox::Out;
use crate::secret;
use crate::store::Commit;
use crate::store::CommitError;
use crate::store::{ActionRow, Snapshot};
use axum::extract::ws::Utf8Bytes;
use backroom_engine::{LogEntry, Seat, SeatSet, Viewer};
use backroom_engine::{Outcome, Pending, seat_ref};
use backroom_protocol::ErrorCode;
use backroom_protocol::http::{BotLevel, LobbyStatus};
use backroom_protocol::ws::ServerMsg;
use serde_json::Value;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// A reaction window's answers are sealed until it closes: a viewer learns
/// only whether it has answered itself, so that a pass (made by hand, or by
/// the server for a player who asked it to pass when they cannot respond)
/// cannot be told from a thought-out one by its timing.
fn sealed_answers(pending: Pending, viewer: Viewer) -> Pending {
    match pending {
        Pending::Window { seats, answered } => {
            let own = viewer.seat().filter(|s| answered.contains(*s)).map_or(SeatSet::EMPTY, SeatSet::only);
            Pending::Window { seats, answered: own }
        }
        other => other,
    }
}

/// Whether `action` would leave the table waiting on other seats than now:
/// tried on a copy of the match, asked only of a seat that has spent its
/// chatter budget (see [`super::chatter`]). A move the rules refuse, or
/// one the copy panics on, is let through for the real apply to answer.
fn would_move_on(live: &Live, seat: Seat, action: &Value) -> bool {
    let before = live.state.pending();
    let any_time = is_any_time(live, seat, action);
    let mut copy = live.state.clone_box();
    let mut rng = live.rng.clone();
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| copy.apply(seat, action, &mut rng))) {
        Ok(Ok(_)) => !super::chatter::is_chatter(seat, &before, &copy.pending(), any_time),
        _ => true,
    }
}

/// Whether `action` answers one of the seat's any-time asks (a Villains
/// deal): such a move never moves a turn on.
fn is_any_time(live: &Live, seat: Seat, action: &Value) -> bool {
    let verb = action.get("type").and_then(Value::as_str);
    live.state.prompt(seat).is_some_and(|p| p.asks.iter().any(|a| a.any_time && Some(a.verb.as_str()) == verb))
}

fn code_of(msg: &ServerMsg) -> &'static str {
    match msg {
        ServerMsg::Rejected { code, .. } => code.as_str(),
        _ => "none",
    }
}

/// The socket and request id a move is answered on (none for the
/// server's own moves).
pub(super) type ReplyTo = Option<(ConnId, String)>;

/// What applying a batch left to do.
struct Applied {
    /// The match's version before the batch.
    before: u64,
    /// The rows to commit, in order.
    rows: Vec<ActionRow>,
    /// The moves applied: whom to acknowledge (nobody for the server's own
    /// moves), at which version, and when the move arrived.
    accepted: Vec<(ReplyTo, u64, Instant)>,
    /// Refusals (and acks of moves already durable), sent before the commit.
    answers: Vec<(ConnId, ServerMsg)>,
    /// Resends of a move first sent earlier in this batch: (socket, rid,
    /// the version the first copy made). Answered only once it is durable.
    resent: Vec<(ConnId, String, u64)>,
    /// Sockets that kept sending refused chatter: closed once answered.
    chatty: Vec<ConnId>,
    /// The engine panicked: whom to refuse (nothing of the batch stands).
    panicked: Option<Vec<ReplyTo>>,
}

/// What a durable batch brought.
struct Committed {
    /// The match's version after the batch.
    version: u64,
    snapshot: Option<Snapshot>,
    outcome: Option<Outcome>,
    /// The seats that moved in it.
    acted: SeatSet,
}

/// How a request id already seen is answered.
enum Resend {
    /// At once (an ack of a durable move, or `request_id_reused`).
    Answer(Box<ServerMsg>),
    /// With the first copy, made earlier in this very batch at this version.
    InBatch(u64),
}

/// A move whose request id the seat used lately: a resend of the same move
/// is acknowledged again (once durable), another move under the same id is
/// refused. `None` for a new id.
fn resend_answer(live: &Live, seat: Seat, rid: &str, action: &Value, before: u64) -> Option<Resend> {
    let &(_, v, hash) = live.rids.get(&seat).and_then(|q| q.iter().find(|(r, _, _)| **r == *rid))?;
    let same = live.state.canonical_action(action).is_some_and(|c| action_hash(&c) == hash);
    Some(if !same {
        Resend::Answer(Box::new(ServerMsg::Rejected {
            rid: rid.to_string(),
            code: ErrorCode::RequestIdReused,
            rule: None,
            message: "This request id was already used for another move; a new move needs a new id.".into(),
        }))
    } else if v > before {
        // The first copy is in this very batch: the resend is answered
        // with it, after the commit (or its failure).
        Resend::InBatch(v)
    } else {
        // A resend of something already durable: acknowledge again.
        Resend::Answer(Box::new(ServerMsg::Ack { rid: rid.to_string(), version: v }))
    })
}

impl Table {
    /// The `state` frame for a viewer, with the log lines after version
    /// `from` (all of them for `None`).
    pub(super) fn state_frame(&self, viewer: Viewer, from: Option<u64>) -> Utf8Bytes {
        let Some(live) = &self.live else { return Utf8Bytes::from_static("") };
        // The window is in version order: skip what this viewer has seen
        // without walking it.
        let first = from.map_or(0, |f| live.log.partition_point(|(v, _)| *v <= f));
        let log: Vec<String> =
            live.log.range(first..).filter_map(|(_, e)| e.for_viewer(viewer).map(str::to_string)).collect();
        let prompt = viewer.seat().and_then(|s| live.prompts.get(s as usize).cloned().flatten());
        let view = live.state.view_raw(viewer);
        frame(&ServerMsg::State {
            version: live.version,
            view,
            prompt,
            pending: sealed_answers(live.state.pending(), viewer),
            log,
            outcome: if live.over { live.state.outcome() } else { None },
        })
    }

    /// Sends every viewer its state now.
    pub(super) fn broadcast_state(&mut self) {
        self.broadcast_state_paced(|_, _| true);
    }

    /// Sends the viewers for whom `urgent` holds their state now; the others
    /// are marked [`Conn::behind`] and get one frame when the pace timer
    /// fires or at the next broadcast, whichever comes first. A seat that
    /// just acted or whose prompt changed is always urgent (it is waiting
    /// to see its move, or has something new to do), so pacing only delays
    /// what a viewer watches, never what it must answer.
    pub(super) fn broadcast_state_paced(&mut self, urgent: impl Fn(&Conn, &Live) -> bool) {
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
    pub(super) fn send_paced(&mut self) {
        self.pace_due = None;
        self.broadcast_state_paced(|_, _| false);
    }

    pub(super) fn incoming(&mut self, Act { conn, rid, version, action, received }: Act) -> Option<Incoming> {
        let c = self.conns.get(&conn)?;
        let reject =
            |code: ErrorCode, message: String| ServerMsg::Rejected { rid: rid.clone(), code, rule: None, message };
        let msg = match (c.viewer, &self.live) {
            (_, None) if self.store_down => reject(ErrorCode::StoreUnavailable, super::watch::STORE_DOWN.into()),
            (_, None) => reject(ErrorCode::NotStarted, "The match has not started yet.".into()),
            (Viewer::Spectator, _) => {
                reject(ErrorCode::NotSeated, "You are watching, not seated; only seated players act.".into())
            }
            (Viewer::Seat(seat), Some(_)) => {
                return Some(Incoming { origin: Origin::Seat { conn, rid, version }, seat, action, received });
            }
        };
        metrics::counter!("backroom_rejections_total", "code" => code_of(&msg)).increment(1);
        self.send_to(conn, &msg);
        None
    }

    /// Applies a batch, commits it, then answers and broadcasts: each move
    /// is acknowledged only once its commit is durable.
    pub(super) async fn process(&mut self, batch: Vec<Incoming>) {
        let Some(mut applied) = self.apply(batch) else { return };
        if let Some(panicked) = applied.panicked.take() {
            self.refuse_after_panic(applied, panicked).await;
            return;
        }
        for (conn, msg) in &applied.answers {
            if let ServerMsg::Rejected { code, .. } = msg {
                metrics::counter!("backroom_rejections_total", "code" => code.as_str()).increment(1);
            }
            self.send_to(*conn, msg);
        }
        self.close_chatty(std::mem::take(&mut applied.chatty));
        if applied.rows.is_empty() {
            self.schedule_bots();
            return;
        }
        let Some(committed) = self.commit(&mut applied).await else { return };
        self.answer_and_broadcast(applied, committed);
    }

    /// The apply step: each move of the batch is screened (a bot's chosen,
    /// a resend recognised, a stale or chattering one refused) and applied
    /// to the match in memory; nothing is answered yet but refusals.
    fn apply(&mut self, batch: Vec<Incoming>) -> Option<Applied> {
        let seats = self.lobby.seats;
        let live = self.live.as_mut()?;
        let before = live.version;
        let mut a = Applied {
            before,
            rows: Vec::with_capacity(batch.len()),
            accepted: Vec::with_capacity(batch.len()),
            answers: vec![],
            resent: vec![],
            chatty: vec![],
            panicked: None,
        };
        let (now, budget) = (Instant::now(), self.ctx.cfg.chatter_per_minute);
        for mut inc in batch {
            let seat = inc.seat;
            // A bot's move is chosen here, unless a Strong bot brought
            // its own (see `think`).
            if inc.origin.bot_chooses() {
                if !live.state.pending().awaited().contains(seat) {
                    continue;
                }
                if inc.action.is_null() {
                    let level = super::bots::level_for(&self.players, self.lobby.stand_in_level, seat, &inc.origin);
                    let bot_rng = self.bots.rng(self.ctx.cfg.test_seed);
                    match super::bots::quick_move(&*live.state, seat, level, bot_rng) {
                        Some(action) => inc.action = action,
                        None => {
                            tracing::warn!(table = %self.id, seat, "a bot found no legal action");
                            continue;
                        }
                    }
                }
            }
            if let Origin::Seat { conn, rid, version } = &inc.origin {
                let conn = *conn;
                if let Some(answer) = resend_answer(live, seat, rid, &inc.action, before) {
                    match answer {
                        Resend::Answer(msg) => a.answers.push((conn, *msg)),
                        Resend::InBatch(v) => a.resent.push((conn, rid.clone(), v)),
                    }
                    continue;
                }
                if *version > live.version || *version < live.prompt_changed[seat as usize] {
                    a.answers.push((conn, ServerMsg::Rejected {
                        rid: rid.clone(),
                        code: ErrorCode::StaleVersion,
                        rule: None,
                        message: format!(
                            "The table changed since you chose this (you saw version {version}, it is now {}). Look again and choose anew.",
                            live.version
                        ),
                    }));
                    continue;
                }
                if self.chatter.spent(seat, budget, now) && !would_move_on(live, seat, &inc.action) {
                    a.answers.push((
                        conn,
                        ServerMsg::Rejected {
                            rid: rid.clone(),
                            code: ErrorCode::RateLimited,
                            rule: None,
                            message: super::chatter::REFUSED.into(),
                        },
                    ));
                    if self.chatter.refuse(conn, budget, now) {
                        a.chatty.push(conn);
                    }
                    continue;
                }
            }
            let from_seat = matches!(inc.origin, Origin::Seat { .. });
            // Whether the move answers an any-time ask matters only in the
            // seat's own turn (see `chatter::is_chatter`): the prompt is built
            // only then.
            let pending_before = from_seat.then(|| {
                let before = live.state.pending();
                let own_turn = matches!(before, Pending::Turn { seat: s } if s == seat);
                let any_time = own_turn && is_any_time(live, seat, &inc.action);
                (before, any_time)
            });
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
                    // A bot's move that panics would panic again at once:
                    // the bots retry at the slow pace of a refused move.
                    if !from_seat {
                        self.bots.stuck = true;
                    }
                    let mut refused = vec![inc.origin.reply_to()];
                    refused.extend(a.accepted.drain(..).map(|(to, _, _)| to));
                    refused.extend(a.resent.drain(..).map(|(c, r, _)| Some((c, r))));
                    a.rows.clear();
                    a.panicked = Some(refused);
                    break;
                }
            };
            match applied {
                Ok((mut log, canonical)) => {
                    // Every move a bot makes for a person says so, naming
                    // them by seat token (rendered with the names in force).
                    // With its level, unless it is the usual Normal.
                    let level = match self.lobby.stand_in_level {
                        BotLevel::Normal => String::new(),
                        l => format!(" ({})", l.word()),
                    };
                    if inc.origin == Origin::Clock {
                        log.insert(
                            0,
                            LogEntry::public(format!(
                                "{} ran out of time: a bot{level} moved for them.",
                                seat_ref(seat)
                            )),
                        );
                    } else if inc.origin == Origin::Bot
                        && self.players.iter().any(|p| p.seat == Some(seat) && !p.bot && p.stand_in)
                    {
                        log.insert(0, LogEntry::public(format!("A bot{level} played for {}:", seat_ref(seat))));
                    }
                    let reply_to = inc.origin.reply_to();
                    let row = live.record(seat, reply_to.as_ref().map(|(_, r)| r.as_str()), log, canonical);
                    if from_seat {
                        self.bots.stuck = false;
                    }
                    if let Some((before, any_time)) = &pending_before {
                        self.chatter.made(seat, before, &live.state.pending(), *any_time, now);
                    }
                    a.accepted.push((reply_to, row.seq as u64, inc.received));
                    // The stored move's own time: a restart's clock agrees.
                    self.clock.restart(row.at);
                    a.rows.push(row);
                }
                Err(e) => {
                    if let Some((conn, rid)) = inc.origin.reply_to() {
                        a.answers.push((
                            conn,
                            ServerMsg::Rejected { rid, code: e.code.into(), rule: Some(e.rule), message: e.message },
                        ));
                    } else {
                        tracing::warn!(table = %self.id, seat, error = %e, "a bot's action was refused");
                        self.bots.stuck = true;
                    }
                }
            }
        }
        Some(a)
    }

    /// The engine panicked during the batch: every move of it is refused
    /// (with the refusals already due), and the match is read back.
    async fn refuse_after_panic(&mut self, mut a: Applied, panicked: Vec<ReplyTo>) {
        for (conn, rid) in panicked.into_iter().flatten() {
            a.answers.push((conn, ServerMsg::Rejected {
                rid,
                code: ErrorCode::Internal,
                rule: None,
                message: "The server hit a fault in the game rules, so this move was not made. Please try again or choose another.".into(),
            }));
        }
        for (conn, msg) in &a.answers {
            self.send_to(*conn, msg);
        }
        self.close_chatty(a.chatty);
        Box::pin(self.reload()).await;
    }

    /// The commit step: the batch's rows (with a snapshot when one is due,
    /// and the result if the match ended) go to the group commit, and the
    /// table waits until they are durable. On failure every move is
    /// refused and `None` returned: fenced, the table is moving; otherwise
    /// the match is read back from the store.
    async fn commit(&mut self, a: &mut Applied) -> Option<Committed> {
        let live = self.live.as_mut()?;
        let version = live.version;
        let snapshot = (version - live.last_snapshot >= self.ctx.cfg.snapshot_every).then(|| Snapshot {
            seq: version as i64,
            state: live.state.state_json(),
            rng: serde_json::to_string(&live.rng).unwrap_or_default(),
        });
        let outcome = if live.state.pending().is_over() { live.state.outcome() } else { None };
        let acted: SeatSet = a.rows.iter().map(|r| r.seat).collect();
        let commit = Commit {
            lobby: self.id,
            actions: std::mem::take(&mut a.rows),
            snapshot: snapshot.clone(),
            finished: outcome.as_ref().map(|o| serde_json::to_string(o).unwrap_or_default()),
            epoch: self.epoch,
        };
        if let Err(e) = self.ctx.commits.commit(commit).await {
            // Nothing was written: the moves are refused. Fenced, another
            // node holds the table now: the sockets are told to reconnect
            // (through the proxy, to the new owner) and this copy stops.
            // Otherwise the match is reloaded from the store.
            let fenced = e == CommitError::Fenced;
            let (code, message) = if fenced {
                tracing::warn!(table = %self.id, "another node took this table; dropping it");
                (ErrorCode::TableMoving, MOVING)
            } else {
                tracing::error!(table = %self.id, error = %e, "commit failed; reloading the match from the store");
                (ErrorCode::Internal, "The move could not be saved, so it was not made. Please try again.")
            };
            let accepted = a.accepted.drain(..).map(|(to, _, _)| to);
            let resent = a.resent.drain(..).map(|(c, r, _)| Some((c, r)));
            for (conn, rid) in accepted.chain(resent).flatten() {
                self.send_to(conn, &ServerMsg::Rejected { rid, code, rule: None, message: message.into() });
            }
            if fenced {
                // The run loop refuses what is queued and closes the sockets.
                self.moving = true;
            } else {
                self.store_refused();
                Box::pin(self.reload()).await;
            }
            return None;
        }
        Some(Committed { version, snapshot, outcome, acted })
    }

    /// The answer-and-broadcast step, once the batch is durable: every
    /// move is acknowledged, the match's end (if it came) is recorded, and
    /// every viewer gets its view; then whatever the table waits on is
    /// scheduled again.
    fn answer_and_broadcast(&mut self, a: Applied, c: Committed) {
        self.store_ok();
        let live = self.live.as_mut().expect("live during process");
        if let Some(s) = c.snapshot {
            live.last_snapshot = s.seq as u64;
        }
        let n = a.accepted.len();
        metrics::counter!("backroom_actions_total").increment(n as u64);
        for (to, v, received) in a.accepted {
            if let Some((conn, rid)) = to {
                self.send_to(conn, &ServerMsg::Ack { rid, version: v });
                metrics::histogram!("backroom_action_latency_seconds").record(received.elapsed().as_secs_f64());
            }
        }
        for (conn, rid, v) in a.resent {
            self.send_to(conn, &ServerMsg::Ack { rid, version: v });
        }
        if let Some(o) = c.outcome {
            self.finish(&o, c.version);
            self.notify_over(&o);
            self.broadcast_state();
            self.broadcast_lobby();
        } else {
            let (acted, before) = (c.acted, a.before);
            self.broadcast_state_paced(|c, live| match c.viewer {
                Viewer::Seat(s) => {
                    acted.contains(s) || live.prompt_changed.get(s as usize).is_some_and(|v| *v > before)
                }
                Viewer::Spectator => false,
            });
        }
        self.notify_away();
        self.schedule_auto_pass();
        self.schedule_bots();
    }

    /// The match ended at `version` (and that is durable): the lobby is
    /// finished, and the log says the result once with the revealed seed.
    fn finish(&mut self, o: &Outcome, version: u64) {
        let live = self.live.as_mut().expect("live during process");
        live.over = true;
        self.lobby.status = LobbyStatus::Finished;
        self.lobby.outcome = serde_json::to_string(o).ok();
        // The result is logged once: by the game when its own last line
        // says it, else here, with the revealed seed either way.
        let seed = self.lobby.seed.as_deref().map(secret::hex).unwrap_or_default();
        let said = live
            .log
            .iter()
            .rev()
            .take_while(|(v, _)| *v == version)
            .any(|(_, e)| e.for_viewer(Viewer::Spectator) == Some(o.summary.as_str()));
        let line = if said { format!("The seed was {seed}.") } else { format!("{} The seed was {seed}.", o.summary) };
        live.log.push_back((version, LogEntry::public(line).into()));
        self.count_live();
        metrics::counter!("backroom_matches_finished_total").increment(1);
    }

    /// Closes the sockets that kept sending refused chatter, with a typed
    /// reason; their player may reconnect (and is refused again until the
    /// seat's minute has passed).
    fn close_chatty(&mut self, chatty: Vec<ConnId>) {
        for conn in chatty {
            if let Some(c) = self.conns.get(&conn) {
                tracing::info!(table = %self.id, conn, "closed a socket that kept sending moves that change nothing");
                metrics::counter!("backroom_chatter_closed_total").increment(1);
                let _ = c.out.offer(Out::Close(super::chatter::CLOSE_CODE, super::chatter::CLOSE_REASON.into()));
                self.forget_conn(conn);
            }
        }
    }

    /// After a failed commit the in-memory state may be ahead of the store:
    /// rebuild it from the store, resend every viewer its state and
    /// schedule again whatever the table waits on (see [`super::watch`]).
    /// If the store cannot be read either, the table holds no state, says
    /// so, and tries again after a back-off.
    pub(super) async fn reload(&mut self) {
        match Table::load(self.ctx.clone(), self.id, false).await {
            Ok(Some(fresh)) => {
                let was_down = self.store_down;
                if was_down {
                    tracing::info!(table = %self.id, "the store answers again; the table goes on");
                    self.tell_store_back();
                }
                self.live = fresh.live;
                self.lobby = fresh.lobby;
                for c in self.conns.values_mut() {
                    c.log_sent = self.live.as_ref().map(|l| l.version);
                    c.behind = false;
                }
                self.broadcast_state();
                self.rearm();
            }
            Ok(None) => {
                tracing::error!(table = %self.id, "the match is gone from the store; closing the table");
                self.close_all(1011, "This match can no longer be found on the server.");
                self.live = None;
                self.store_down = false;
            }
            Err(e) => {
                tracing::warn!(table = %self.id, error = %format!("{e:#}"), "reading the match back from the store failed");
                self.lost_store();
            }
        }
    }
}
