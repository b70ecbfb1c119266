//! The WebSocket at `/ws`: one per browser tab.
//!
//! One task per socket serves both directions: it drains this connection's
//! outbox (filled by the table actor with `offer`, never awaited on, so a
//! slow client cannot stall a table) and reads frames, enforcing the caps
//! (frame size, message rate, field lengths) and forwarding commands to the
//! table. One task instead of a reader and a writer halves the tasks per
//! socket and needs no lock between two halves of the stream. Every malformed or refused message gets a
//! typed answer; none closes the socket except an oversize frame or a bad
//! `hello`.

use crate::ctx::{Counted, MOVING};
use crate::limit::{ClientIp, SocketSlot};
use crate::outbox::{Out, Outbox};
use crate::registry::Registry;
use crate::secret;
use crate::table::{Act, Cmd, ConnId, Credential, LobbyRequest, TableHandle};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, RawQuery, State};
use axum::http::HeaderMap;
use axum::response::Response;
use backroom_protocol::ws::{ClientMsg, ServerMsg};
use backroom_protocol::{ErrorCode, MAX_FRAME_BYTES, text as rules};
use futures_util::SinkExt;
use futures_util::future::Either;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use uuid::Uuid;

/// Messages per second a socket may send, and the burst it may save up.
const RATE: f64 = 20.0;
const BURST: f64 = 40.0;
/// Longest text inside an action (games take ids and numbers; a free-text
/// field, such as a note on a request, is short).
const MAX_ACTION_TEXT: usize = 500;
/// Chat lines per second and burst.
const CHAT_RATE: f64 = 1.0;
const CHAT_BURST: f64 = 5.0;
pub use crate::ctx::CLOSE_IDLE;
/// Time allowed for the `hello`.
const HELLO_TIMEOUT: Duration = Duration::from_secs(15);

/// What the client has not read yet, as the kernel sees it: the bytes of a
/// connection's send queue not yet acknowledged by the peer (`SIOCOUTQ`).
/// A client that stops reading first fills its own receive buffer, then
/// this queue; frames still in the socket's outbox come on top. Counting
/// frames alone was not enough: the kernel's buffers absorbed 400 of them
/// before an outbox filled.
///
/// axum hands a handler the upgraded WebSocket, not its TCP socket, so the
/// listener registers each accepted connection's descriptor by peer
/// address ([`accepted`]) and the upgrade takes it back ([`take_fd`]),
/// checked against the socket's peer address before use.
#[allow(unsafe_code, reason = "the kernel's count of a socket's unacknowledged bytes has no safe API")]
mod unread {
    use std::collections::HashMap;
    use std::net::SocketAddr;
    use std::os::fd::{AsRawFd, BorrowedFd, RawFd};
    use std::sync::Mutex;
    use std::time::{Duration, Instant};

    static ACCEPTED: Mutex<Option<HashMap<SocketAddr, (RawFd, Instant)>>> = Mutex::new(None);
    /// A connection not upgraded within this long is a plain HTTP one.
    const KEEP: Duration = Duration::from_secs(30);

    pub fn accepted(tcp: &tokio::net::TcpStream) {
        let Ok(peer) = tcp.peer_addr() else { return };
        let Ok(mut map) = ACCEPTED.lock() else { return };
        let map = map.get_or_insert_with(HashMap::new);
        if map.len() >= 256 {
            map.retain(|_, (_, at)| at.elapsed() < KEEP);
        }
        map.insert(peer, (tcp.as_raw_fd(), Instant::now()));
    }

    /// The descriptor of the connection from `peer`, if it is still that
    /// connection's (the upgrade holds it open from here on).
    pub fn take_fd(peer: SocketAddr) -> Option<RawFd> {
        let (fd, _) = ACCEPTED.lock().ok()?.as_mut()?.remove(&peer)?;
        // SAFETY: only read (getpeername); a descriptor closed or reused
        // since fails the check or names another peer.
        let sock = unsafe { BorrowedFd::borrow_raw(fd) };
        let same = socket2::SockRef::from(&sock).peer_addr().ok().and_then(|a| a.as_socket()) == Some(peer);
        same.then_some(fd)
    }

    /// Bytes sent on `fd` and not yet acknowledged by the peer.
    #[cfg(target_os = "linux")]
    pub fn unacked(fd: RawFd) -> usize {
        unsafe extern "C" {
            fn ioctl(fd: i32, request: std::ffi::c_ulong, ...) -> i32;
        }
        /// `SIOCOUTQ` (= `TIOCOUTQ`) on Linux.
        const SIOCOUTQ: std::ffi::c_ulong = 0x5411;
        let mut n: i32 = 0;
        // SAFETY: the descriptor is the open socket this task serves; the
        // call writes one int.
        let r = unsafe { ioctl(fd, SIOCOUTQ, &mut n as *mut i32) };
        if r == 0 { n.max(0) as usize } else { 0 }
    }

    #[cfg(not(target_os = "linux"))]
    pub fn unacked(_fd: RawFd) -> usize {
        0
    }
}

pub use unread::accepted;

/// Why a socket was closed by the server, for `backroom_sockets_closed_total`.
fn closed_as(reason: &'static str) {
    metrics::counter!("backroom_sockets_closed_total", "reason" => reason).increment(1);
}

/// A token bucket.
pub struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl Bucket {
    pub fn new(rate: f64, burst: f64) -> Self {
        Bucket { rate, burst, tokens: burst, last: Instant::now() }
    }

    /// Takes one token if there is one.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The lobby named in the address (`/ws?lobby=<id>`), which a proxy hashes
/// on to send every socket of a table to the same node. Optional for a
/// single server; when given, the `hello` must name the same lobby.
fn routed_lobby(query: Option<&str>) -> Option<Result<Uuid, ()>> {
    let value = query?.split('&').find_map(|kv| kv.strip_prefix("lobby="))?;
    Some(Uuid::parse_str(value).map_err(|_| ()))
}

pub async fn upgrade(
    State(ctx): State<Arc<Registry>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let routed = match routed_lobby(query.as_deref()) {
        Some(Ok(id)) => Some(id),
        Some(Err(())) => {
            let e = backroom_protocol::ApiError::new(
                ErrorCode::InvalidField,
                "The address names no valid lobby id (/ws?lobby=<id>).",
            );
            return axum::response::IntoResponse::into_response(crate::api::HttpError(e));
        }
        None => None,
    };
    let ip = ClientIp { trust_forwarded: ctx.cfg.trust_forwarded_for }.of(peer, &headers);
    let slot = ctx.sockets.take(ip);
    let fd = unread::take_fd(peer);
    ws.max_message_size(1 << 20)
        .max_frame_size(1 << 20)
        // Client messages are small (a move is about 120 bytes): a 256-byte
        // read chunk (a larger frame just takes several reads) keeps 4 000
        // idle sockets from holding 16 MB, as the 4 KiB default would.
        .read_buffer_size(256)
        .write_buffer_size(16 * 1024)
        // Not an `async` block around the two: it would hold the socket
        // twice (see `serve`). The refusal is rare, so it is boxed.
        .on_upgrade(move |socket| match slot {
            Some(slot) => Either::Left(serve(ctx, socket, slot, routed, fd)),
            None => Either::Right(Box::pin(refuse_crowd(socket, ctx.sockets.max()))),
        })
}

/// One address already holds its share of sockets: say so (a browser cannot
/// read an HTTP refusal of a WebSocket, but it can read this) and close with
/// 1013, "try again later", which clients retry with back-off.
async fn refuse_crowd(mut socket: WebSocket, max: u32) {
    metrics::counter!("backroom_rejections_total", "code" => "too_many_sockets").increment(1);
    let why = format!(
        "Too many connections from your address (at most {max} at once). Close a tab you are not using; this one keeps retrying."
    );
    let mut batch =
        vec![error(ErrorCode::RateLimited, why), Out::Close(1013, "Too many connections from your address.".into())];
    let _ = tokio::time::timeout(Duration::from_secs(5), write(&mut socket, &mut batch)).await;
}

fn text(msg: &ServerMsg) -> Out {
    Out::Text(crate::table::frame(msg))
}

fn error(code: ErrorCode, message: impl Into<String>) -> Out {
    text(&ServerMsg::Error { code, message: message.into() })
}

/// Serves one socket until it closes. Not an `async fn`, for the reason
/// given at [`crate::table::Table::run`]: the WebSocket would sit in every
/// socket's task twice.
#[allow(clippy::manual_async_fn, reason = "an async fn would hold the WebSocket in every socket's task twice")]
fn serve(
    ctx: Arc<Registry>,
    mut socket: WebSocket,
    slot: SocketSlot,
    routed: Option<Uuid>,
    fd: Option<std::os::fd::RawFd>,
) -> impl Future<Output = ()> + Send {
    async move {
        // Held for the socket's life: its place in the address's share.
        let _slot = slot;
        let _counted = Counted::new("backroom_connections");
        let outbox = Outbox::new();
        let mut reader = Reader::new(routed);
        let hello_by = tokio::time::Instant::now() + HELLO_TIMEOUT;
        let mut batch = Vec::new();
        // Liveness: a ping every `--ping-secs` (browsers answer with a pong
        // by themselves), and a socket silent for `--idle-timeout-secs` is
        // closed, so a half-open connection is not "present" forever.
        let idle = Duration::from_secs(ctx.cfg.idle_timeout_secs);
        let ping_every = Duration::from_secs(ctx.cfg.ping_secs);
        let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + ping_every, ping_every);
        pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last_heard = tokio::time::Instant::now();
        // What the client has not read: frames queued, the batch being
        // written, and what the kernel holds unacknowledged.
        let max_unread = (ctx.cfg.max_unread_kib as usize).saturating_mul(1024);
        let unread = |outbox: &Outbox, writing: usize| outbox.queued_bytes() + writing + fd.map_or(0, unread::unacked);
        let too_slow = |unread: usize| {
            closed_as("too_slow");
            tracing::debug!(unread, "closing a socket whose client stopped reading");
            Out::Close(CLOSE_IDLE, "This connection fell too far behind; reconnecting.".into())
        };
        loop {
            tokio::select! {
                // Frames for the client first: an ack and the state that
                // follows it leave together, with one flush.
                biased;
                () = outbox.recv_many(&mut batch) => {
                    answer_unread(&mut socket, &mut batch);
                    // A write that waits (the kernel's buffers are full) is
                    // watched: once the client has too much unread the
                    // socket ends; a peer that reads nothing at all ends it
                    // within the idle timeout whatever it is sent.
                    let writing: usize = batch.iter().map(Out::wire_len).sum();
                    let w = tokio::time::timeout(idle, write(&mut socket, &mut batch));
                    tokio::pin!(w);
                    let mut look = tokio::time::interval_at(tokio::time::Instant::now() + ping_every, ping_every);
                    let done = loop {
                        tokio::select! {
                            r = &mut w => break r.unwrap_or(false),
                            _ = look.tick() => {
                                let n = unread(&outbox, writing);
                                if n > max_unread {
                                    outbox.close_with(too_slow(n));
                                    break false;
                                }
                            }
                        }
                    };
                    if !done {
                        break;
                    }
                }
                next = socket.recv() => {
                    last_heard = tokio::time::Instant::now();
                    // Boxed for the same reason as `hello`: while a socket
                    // waits (almost always), its task holds no frame's future.
                    if !Box::pin(reader.on_frame(&ctx, next, &outbox)).await {
                        break;
                    }
                }
                _ = pings.tick() => {
                    if last_heard.elapsed() >= idle {
                        closed_as("silent");
                        let why = format!("Nothing was heard from this connection for {} s; reconnect.", idle.as_secs());
                        let _ = outbox.offer(Out::Close(CLOSE_IDLE, why));
                        break;
                    }
                    let n = unread(&outbox, 0);
                    if n > max_unread {
                        outbox.close_with(too_slow(n));
                        break;
                    }
                    if socket.send(Message::Ping(Default::default())).await.is_err() {
                        break;
                    }
                }
                () = tokio::time::sleep_until(hello_by), if reader.session.is_none() => {
                    let _ = outbox.offer(Out::Close(4001, "No hello was received.".into()));
                    break;
                }
            }
        }
        if let Some((lobby, conn)) = reader.session {
            reader.tell(&ctx, lobby, Cmd::Unsubscribe { conn }).await;
        }
        // Whatever was queued before the end (a last error, the close frame)
        // still goes out, within a bound.
        outbox.close();
        outbox.take(&mut batch);
        if !batch.is_empty() {
            let _ = tokio::time::timeout(Duration::from_secs(5), write(&mut socket, &mut batch)).await;
        }
        let _ = tokio::time::timeout(Duration::from_secs(5), socket.close()).await;
        // The closing handshake: read (and drop) what the client still
        // sends until its own close frame, within a bound. Dropping the TCP
        // connection at once would make the kernel answer the client's late
        // frames (a pong it owed) with a reset, and a reset discards the
        // close frame it had not read yet: it would see an abnormal 1006
        // instead of the code that says why.
        let linger = async {
            while let Some(Ok(m)) = socket.recv().await {
                if matches!(m, Message::Close(_)) {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(CLOSE_LINGER, linger).await;
    }
}

/// How long a closing socket waits for the client's close frame.
const CLOSE_LINGER: Duration = Duration::from_secs(3);

/// Bytes of frames gathered into one write. The WebSocket's write buffer
/// keeps the capacity of its largest write for the socket's life, so a
/// batch larger than this (the frames after `hello`, the last state and the
/// finished lobby) goes out in several writes, while the common batch, an
/// ack and the state after it, still leaves in one.
const WRITE_GATHER: usize = 1536;

/// Writes a batch of frames, gathered into as few flushes as
/// [`WRITE_GATHER`] allows; false once the socket is done (a write failed,
/// or a close frame was sent).
async fn write(socket: &mut WebSocket, batch: &mut Vec<Out>) -> bool {
    let mut gathered = 0;
    for o in batch.drain(..) {
        let r = match o {
            Out::Text(t) => {
                if gathered > 0 && gathered + t.len() > WRITE_GATHER {
                    if socket.flush().await.is_err() {
                        return false;
                    }
                    gathered = 0;
                }
                gathered += t.len();
                socket.feed(Message::Text(t)).await
            }
            Out::Close(code, reason) => {
                let _ = socket.send(Message::Close(Some(CloseFrame { code, reason: Utf8Bytes::from(reason) }))).await;
                return false;
            }
        };
        if r.is_err() {
            return false;
        }
    }
    socket.flush().await.is_ok()
}

/// The reading half of one socket: its rate buckets and, after `hello`, the
/// table it is subscribed to. Answers to the client itself are queued on the
/// socket's own outbox with `offer` (never awaited: the same task drains
/// that outbox).
struct Reader {
    bucket: Bucket,
    chat_bucket: Bucket,
    session: Option<(Uuid, ConnId)>,
    /// The subscribed table's inbox (a table stays loaded while it has
    /// sockets), so a move goes straight to it.
    table: Option<TableHandle>,
    /// The lobby the socket's address named (see [`routed_lobby`]).
    routed: Option<Uuid>,
}

impl Reader {
    fn new(routed: Option<Uuid>) -> Self {
        Reader {
            bucket: Bucket::new(RATE, BURST),
            chat_bucket: Bucket::new(CHAT_RATE, CHAT_BURST),
            session: None,
            table: None,
            routed,
        }
    }

    /// Hands a command to the subscribed table; false if the table is gone
    /// (it is restarting).
    async fn tell(&self, ctx: &Arc<Registry>, lobby: Uuid, cmd: Cmd) -> bool {
        match &self.table {
            Some(h) => match h.tx.try_send(cmd) {
                Ok(()) => true,
                Err(mpsc::error::TrySendError::Full(cmd)) => h.tx.send(cmd).await.is_ok(),
                Err(mpsc::error::TrySendError::Closed(_)) => false,
            },
            None => Box::pin(ctx.tell(lobby, cmd)).await,
        }
    }

    /// A move, checked at the edge and handed to the table; false once the
    /// socket should close (the table is gone).
    async fn act(&mut self, ctx: &Arc<Registry>, lobby: Uuid, act: Act, out: &Arc<Outbox>) -> bool {
        let say = |o: Out| {
            let _ = out.offer(o);
        };
        if let Err(e) = rules::request_id(&act.rid) {
            say(error(e.code, e.message));
            return true;
        }
        if let Err(e) = rules::json_strings(&act.action, "action", MAX_ACTION_TEXT) {
            say(text(&ServerMsg::Rejected { rid: act.rid, code: e.code, rule: None, message: e.message }));
            return true;
        }
        let rid = act.rid.clone();
        let act = Act { received: Instant::now(), ..act };
        if !self.tell(ctx, lobby, Cmd::Act(Box::new(act))).await {
            // The table has gone (to another node, or the server is
            // restarting): the move is answered, never left hanging.
            let (code, why) = gone(ctx);
            say(text(&ServerMsg::Rejected { rid, code, rule: None, message: why.into() }));
            say(Out::Close(1012, why.into()));
            return false;
        }
        true
    }

    /// Handles one read; false once the socket should close.
    async fn on_frame(
        &mut self,
        ctx: &Arc<Registry>,
        next: Option<Result<Message, axum::Error>>,
        out: &Arc<Outbox>,
    ) -> bool {
        let say = |o: Out| {
            let _ = out.offer(o);
        };
        let frame = match next {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Binary(_))) => {
                say(error(ErrorCode::UnknownMessage, "Binary frames are not used; send JSON text."));
                return true;
            }
            Some(Ok(Message::Close(_))) | None => return false,
            Some(Ok(_)) => return true,
            Some(Err(e)) => {
                // tungstenite's capacity error reads "Space limit exceeded:
                // Message too long: N > M".
                let what = e.to_string().to_lowercase();
                if what.contains("limit")
                    || what.contains("too long")
                    || what.contains("too big")
                    || what.contains("size")
                {
                    say(error(
                        ErrorCode::FrameTooLarge,
                        format!("Messages are limited to {} KiB.", MAX_FRAME_BYTES / 1024),
                    ));
                    say(Out::Close(1009, "A message was too large.".into()));
                }
                return false;
            }
        };
        if frame.len() > MAX_FRAME_BYTES {
            say(error(ErrorCode::FrameTooLarge, format!("Messages are limited to {} KiB.", MAX_FRAME_BYTES / 1024)));
            say(Out::Close(1009, "A message was too large.".into()));
            return false;
        }
        if !self.bucket.take() {
            metrics::counter!("backroom_rejections_total", "code" => "rate_limited").increment(1);
            say(error(ErrorCode::RateLimited, "Too many messages; slow down a little."));
            return true;
        }
        // The common case parses once; only a failure is parsed again to
        // say precisely what is wrong.
        let msg: ClientMsg = match serde_json::from_str(frame.as_str()) {
            Ok(m) => m,
            Err(e) => {
                say(explain(frame.as_str(), e));
                return true;
            }
        };
        match (msg, self.session) {
            (ClientMsg::Hello { lobby, .. }, None) if self.routed.is_some_and(|r| r != lobby) => {
                let why = "The hello names another lobby than the socket's address (/ws?lobby=<id>).";
                say(error(ErrorCode::InvalidField, why));
                say(Out::Close(4001, why.into()));
                return false;
            }
            (ClientMsg::Hello { lobby, token, spectate, since, auto_pass, program }, None) => {
                // Boxed: a hello happens once per socket, and its future is
                // the largest part of this one.
                let creds = Creds { token, spectate, program };
                match Box::pin(hello(ctx, lobby, creds, since, out)).await {
                    Ok((conn, table)) => {
                        self.session = Some((lobby, conn));
                        self.table = Some(table);
                        if let Some(on) = auto_pass {
                            self.tell(
                                ctx,
                                lobby,
                                Cmd::Request(Box::new(LobbyRequest::AutoPass { conn, rid: None, on })),
                            )
                            .await;
                        }
                    }
                    Err(closing) => {
                        for o in closing {
                            say(o);
                        }
                        return false;
                    }
                }
            }
            (ClientMsg::Hello { .. }, Some(_)) => {
                say(error(ErrorCode::InvalidField, "This socket has already said hello."));
            }
            (ClientMsg::Ping, _) => say(text(&ServerMsg::Pong)),
            (ClientMsg::Settings { rid, auto_pass }, Some((lobby, conn))) => {
                if let Err(e) = rules::request_id(&rid) {
                    say(error(e.code, e.message));
                    return true;
                }
                self.tell(
                    ctx,
                    lobby,
                    Cmd::Request(Box::new(LobbyRequest::AutoPass { conn, rid: Some(rid), on: auto_pass })),
                )
                .await;
            }
            (ClientMsg::Act { rid, .. } | ClientMsg::Chat { rid, .. } | ClientMsg::Settings { rid, .. }, None) => {
                say(text(&ServerMsg::Rejected {
                    rid,
                    code: ErrorCode::NotAuthenticated,
                    rule: None,
                    message: "Say hello first.".into(),
                }));
            }
            (ClientMsg::Act { rid, version, action }, Some((lobby, conn))) => {
                let act = Act { conn, rid, version, action, received: Instant::now() };
                return self.act(ctx, lobby, act, out).await;
            }
            (ClientMsg::Chat { rid, text: line }, Some((lobby, conn))) => {
                let reject =
                    |code, message: String| text(&ServerMsg::Rejected { rid: rid.clone(), code, rule: None, message });
                if let Err(e) = rules::request_id(&rid) {
                    say(error(e.code, e.message));
                    return true;
                }
                match rules::chat_line(&line) {
                    Err(e) => say(reject(e.code, e.message)),
                    Ok(_) if !self.chat_bucket.take() => {
                        say(reject(ErrorCode::RateLimited, "You are chatting too fast; wait a moment.".into()))
                    }
                    Ok(clean) => {
                        self.tell(ctx, lobby, Cmd::Request(Box::new(LobbyRequest::Chat { conn, rid, text: clean })))
                            .await;
                    }
                }
            }
        }
        true
    }
}

/// Why a subscribed table is gone: on a node of a cluster it is moving to
/// another node; on a single server, the server is restarting.
fn gone(ctx: &Registry) -> (ErrorCode, &'static str) {
    match ctx.cluster {
        Some(_) => (ErrorCode::TableMoving, MOVING),
        None => (ErrorCode::Restarting, "The table is restarting; reconnecting shortly."),
    }
}

/// A table closes its sockets with 1012 ("reconnect") when it moves to
/// another node or the server restarts. Moves the client sent before that
/// close, still unread in the socket, are answered first (`table_moving`
/// or `restarting`, never an ack), so that no move goes unanswered; the
/// client sends them again once reconnected. At most a few frames, and
/// only those already arrived.
fn answer_unread(socket: &mut WebSocket, batch: &mut Vec<Out>) {
    use futures_util::FutureExt;
    let Some(at) = batch.iter().position(|o| matches!(o, Out::Close(1012, _))) else { return };
    let Out::Close(_, reason) = &batch[at] else { return };
    let code = if reason == MOVING { ErrorCode::TableMoving } else { ErrorCode::Restarting };
    let reason = reason.clone();
    let mut answers = vec![];
    for _ in 0..64 {
        let t = match socket.recv().now_or_never() {
            Some(Some(Ok(Message::Text(t)))) => t,
            Some(Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Binary(_)))) => continue,
            _ => break,
        };
        if let Ok(ClientMsg::Act { rid, .. } | ClientMsg::Chat { rid, .. } | ClientMsg::Settings { rid, .. }) =
            serde_json::from_str::<ClientMsg>(t.as_str())
        {
            answers.push(text(&ServerMsg::Rejected { rid, code, rule: None, message: reason.clone() }));
        }
    }
    let close = batch.split_off(at);
    batch.extend(answers);
    batch.extend(close);
}

/// What a `hello` shows: a player's token (with `program`, its name, for a
/// program seat's token), or a spectator secret.
struct Creds {
    token: Option<String>,
    spectate: Option<String>,
    program: Option<String>,
}

/// Subscribes a socket to its table, asking the registry once; gives the
/// socket's id at the table and the table's inbox, or on refusal the frames
/// that explain it and close the socket.
async fn hello(
    ctx: &Arc<Registry>,
    lobby: Uuid,
    creds: Creds,
    since: Option<u64>,
    out: &Arc<Outbox>,
) -> Result<(ConnId, TableHandle), Vec<Out>> {
    let who = match (creds.token, creds.spectate, creds.program) {
        (Some(t), _, Some(name)) if rules::secret(&t).is_ok() => {
            // The name is checked here like a person's at joining; the
            // table checks that nobody there looks like it.
            if let Err(e) = rules::display_name(&name) {
                return Err(vec![
                    error(e.code, e.message),
                    Out::Close(4001, close_reason("A program's name is not valid.")),
                ]);
            }
            Credential::Program { token: secret::hash(&t), name }
        }
        (Some(t), _, None) if rules::secret(&t).is_ok() => Credential::Token(secret::hash(&t)),
        (None, Some(s), None) if rules::secret(&s).is_ok() => Credential::Spectate(secret::hash(&s)),
        _ => {
            let why = "Say hello with your player token or a spectator secret.";
            return Err(vec![error(ErrorCode::NotAuthenticated, why), Out::Close(4001, why.into())]);
        }
    };
    match ctx.call_on(lobby, |reply| LobbyRequest::Subscribe { who: who.clone(), since, out: out.clone(), reply }).await
    {
        Ok(answer) => Ok(answer),
        Err(e) => {
            let code = e.code;
            let reason = close_reason(&e.message);
            let close = if matches!(code, ErrorCode::Restarting | ErrorCode::TableMoving) { 1012 } else { 4001 };
            Err(vec![error(code, e.message), Out::Close(close, reason)])
        }
    }
}

/// A close reason fits in 123 bytes; cut at a character boundary.
fn close_reason(message: &str) -> String {
    let mut end = message.len().min(120);
    while !message.is_char_boundary(end) {
        end -= 1;
    }
    message[..end].to_string()
}

/// The typed answer to a frame that is not a valid client message.
fn explain(frame: &str, e: serde_json::Error) -> Out {
    let value: serde_json::Value = match serde_json::from_str(frame) {
        Ok(v) => v,
        Err(e) => return error(ErrorCode::BadJson, format!("That message is not valid JSON ({e}).")),
    };
    let known = ["hello", "act", "chat", "settings", "ping"];
    let (code, message) = match value.get("type").and_then(|t| t.as_str()) {
        Some(t) if known.contains(&t) => (ErrorCode::InvalidField, format!("A '{t}' message is malformed: {e}.")),
        Some(t) => {
            (ErrorCode::UnknownMessage, format!("Unknown message type '{}'.", t.chars().take(32).collect::<String>()))
        }
        None => (ErrorCode::UnknownMessage, "A message needs a \"type\".".to_string()),
    };
    // A malformed act or chat still names its rid: answer it (if the rid
    // itself is well-formed; it is echoed back).
    match value.get("rid").and_then(|r| r.as_str()).filter(|r| rules::request_id(r).is_ok()) {
        Some(rid) => text(&ServerMsg::Rejected { rid: rid.into(), code, rule: None, message }),
        None => error(code, message),
    }
}
