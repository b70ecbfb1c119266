//! The WebSocket at `/ws`: one per browser tab.
//!
//! The socket is split in two tasks, as in axum's chat example: the writer
//! drains this connection's outbox (filled by the table actor, never
//! awaited on, so a slow client cannot stall a table), the reader parses
//! frames, enforces the caps (frame size, message rate, field lengths) and
//! forwards commands to the table. Every malformed or refused message gets a
//! typed answer; none closes the socket except an oversize frame or a bad
//! `hello`.

use crate::registry::Ctx;
use crate::secret;
use crate::table::{Cmd, ConnId, Credential, OUTBOX, Out};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use backroom_protocol::ws::{ClientMsg, ServerMsg};
use backroom_protocol::{ErrorCode, MAX_CHAT_CHARS, MAX_FRAME_BYTES, MAX_RID_CHARS};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use uuid::Uuid;

/// Messages per second a socket may send, and the burst it may save up.
const RATE: f64 = 20.0;
const BURST: f64 = 40.0;
/// Chat lines per second and burst.
const CHAT_RATE: f64 = 1.0;
const CHAT_BURST: f64 = 5.0;
/// Time allowed for the `hello`.
const HELLO_TIMEOUT: Duration = Duration::from_secs(15);

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

pub async fn upgrade(State(ctx): State<Arc<Ctx>>, ws: WebSocketUpgrade) -> Response {
    ws.max_message_size(1 << 20)
        .max_frame_size(1 << 20)
        .read_buffer_size(4096)
        .write_buffer_size(16 * 1024)
        .on_upgrade(move |socket| serve(ctx, socket))
}

fn text(msg: &ServerMsg) -> Out {
    Out::Text(Arc::from(serde_json::to_string(msg).unwrap_or_default()))
}

fn error(code: ErrorCode, message: impl Into<String>) -> Out {
    text(&ServerMsg::Error { code, message: message.into() })
}

async fn serve(ctx: Arc<Ctx>, socket: WebSocket) {
    metrics::gauge!("backroom_connections").increment(1.0);
    let (mut sink, mut stream) = socket.split();
    let (out_tx, mut out_rx) = mpsc::channel::<Out>(OUTBOX);
    // The writer takes everything queued for this socket and writes it with
    // one flush: an ack and the state that follows it leave in one syscall.
    let writer = tokio::spawn(async move {
        let mut batch = Vec::with_capacity(8);
        'socket: while out_rx.recv_many(&mut batch, 64).await > 0 {
            for o in batch.drain(..) {
                let r = match o {
                    Out::Text(t) => sink.feed(Message::Text(Utf8Bytes::from(&*t))).await,
                    Out::Close(code, reason) => {
                        let _ = sink.send(Message::Close(Some(CloseFrame { code, reason: Utf8Bytes::from(reason) }))).await;
                        break 'socket;
                    }
                };
                if r.is_err() {
                    break 'socket;
                }
            }
            if sink.flush().await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let session = read_loop(&ctx, &mut stream, &out_tx).await;
    if let Some((lobby, conn)) = session {
        ctx.tell(lobby, Cmd::Unsubscribe { conn }).await;
    }
    drop(out_tx);
    let _ = tokio::time::timeout(Duration::from_secs(5), writer).await;
    metrics::gauge!("backroom_connections").decrement(1.0);
}

/// Reads until the socket closes; returns the table subscription to end.
async fn read_loop(
    ctx: &Arc<Ctx>,
    stream: &mut futures_util::stream::SplitStream<WebSocket>,
    out: &mpsc::Sender<Out>,
) -> Option<(Uuid, ConnId)> {
    let mut bucket = Bucket::new(RATE, BURST);
    let mut chat_bucket = Bucket::new(CHAT_RATE, CHAT_BURST);
    let mut session: Option<(Uuid, ConnId)> = None;
    loop {
        let next = if session.is_none() {
            match tokio::time::timeout(HELLO_TIMEOUT, stream.next()).await {
                Ok(m) => m,
                Err(_) => {
                    let _ = out.send(Out::Close(4001, "No hello was received.".into())).await;
                    return None;
                }
            }
        } else {
            stream.next().await
        };
        let frame = match next {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Binary(_))) => {
                let _ = out.send(error(ErrorCode::UnknownMessage, "Binary frames are not used; send JSON text.")).await;
                continue;
            }
            Some(Ok(Message::Close(_))) | None => return session,
            Some(Ok(_)) => continue,
            Some(Err(e)) => {
                let capacity = e.to_string().to_lowercase().contains("size");
                if capacity {
                    let _ = out.send(Out::Close(1009, "A message was too large.".into())).await;
                }
                return session;
            }
        };
        if frame.len() > MAX_FRAME_BYTES {
            let _ = out.send(error(ErrorCode::FrameTooLarge, format!("Messages are limited to {} KiB.", MAX_FRAME_BYTES / 1024))).await;
            let _ = out.send(Out::Close(1009, "A message was too large.".into())).await;
            return session;
        }
        if !bucket.take() {
            metrics::counter!("backroom_rejections_total", "code" => "rate_limited").increment(1);
            let _ = out.try_send(error(ErrorCode::RateLimited, "Too many messages; slow down a little."));
            continue;
        }
        // The common case parses once; only a failure is parsed again to
        // say precisely what is wrong.
        let msg: ClientMsg = match serde_json::from_str(frame.as_str()) {
            Ok(m) => m,
            Err(e) => {
                let _ = out.send(explain(frame.as_str(), e)).await;
                continue;
            }
        };
        match (msg, session) {
            (ClientMsg::Hello { lobby, token, spectate, since }, None) => {
                let who = match (token, spectate) {
                    (Some(t), _) if t.len() <= 128 => Credential::Token(secret::hash(&t)),
                    (None, Some(s)) if s.len() <= 128 => Credential::Spectate(secret::hash(&s)),
                    _ => {
                        let _ = out.send(error(ErrorCode::NotAuthenticated, "Say hello with your player token or a spectator secret.")).await;
                        let _ = out.send(Out::Close(4001, "Say hello with your player token or a spectator secret.".into())).await;
                        return None;
                    }
                };
                let o = out.clone();
                match ctx.call(lobby, |reply| Cmd::Subscribe { who: who.clone(), since, out: o.clone(), reply }).await {
                    Ok(conn) => session = Some((lobby, conn)),
                    Err(e) => {
                        let code = e.code;
                        let reason = close_reason(&e.message);
                        let _ = out.send(error(code, e.message)).await;
                        let close = if code == ErrorCode::Restarting { 1012 } else { 4001 };
                        let _ = out.send(Out::Close(close, reason)).await;
                        return None;
                    }
                }
            }
            (ClientMsg::Hello { .. }, Some(_)) => {
                let _ = out.send(error(ErrorCode::InvalidField, "This socket has already said hello.")).await;
            }
            (ClientMsg::Ping, _) => {
                let _ = out.send(text(&ServerMsg::Pong)).await;
            }
            (ClientMsg::Act { rid, .. } | ClientMsg::Chat { rid, .. }, None) => {
                let _ = out
                    .send(text(&ServerMsg::Rejected { rid, code: ErrorCode::NotAuthenticated, rule: None, message: "Say hello first.".into() }))
                    .await;
            }
            (ClientMsg::Act { rid, version, action }, Some((lobby, conn))) => {
                if rid.is_empty() || rid.len() > MAX_RID_CHARS {
                    let _ = out.send(error(ErrorCode::InvalidField, format!("A request id is 1 to {MAX_RID_CHARS} characters."))).await;
                    continue;
                }
                if !ctx.tell(lobby, Cmd::Act { conn, rid, version, action, received: Instant::now() }).await {
                    let _ = out.send(Out::Close(1012, "The table is restarting.".into())).await;
                    return session;
                }
            }
            (ClientMsg::Chat { rid, text: line }, Some((lobby, conn))) => {
                let trimmed = line.trim();
                let reject = |code, message: String| text(&ServerMsg::Rejected { rid: rid.clone(), code, rule: None, message });
                if rid.is_empty() || rid.len() > MAX_RID_CHARS {
                    let _ = out.send(error(ErrorCode::InvalidField, format!("A request id is 1 to {MAX_RID_CHARS} characters."))).await;
                } else if trimmed.is_empty() || trimmed.chars().count() > MAX_CHAT_CHARS {
                    let _ = out.send(reject(ErrorCode::InvalidField, format!("A chat message is 1 to {MAX_CHAT_CHARS} characters."))).await;
                } else if !chat_bucket.take() {
                    let _ = out.send(reject(ErrorCode::RateLimited, "You are chatting too fast; wait a moment.".into())).await;
                } else {
                    ctx.tell(lobby, Cmd::Chat { conn, rid, text: trimmed.to_string() }).await;
                }
            }
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
    let known = ["hello", "act", "chat", "ping"];
    let (code, message) = match value.get("type").and_then(|t| t.as_str()) {
        Some(t) if known.contains(&t) => (ErrorCode::InvalidField, format!("A '{t}' message is malformed: {e}.")),
        Some(t) => (ErrorCode::UnknownMessage, format!("Unknown message type '{}'.", t.chars().take(32).collect::<String>())),
        None => (ErrorCode::UnknownMessage, "A message needs a \"type\".".to_string()),
    };
    // A malformed act or chat still names its rid: answer it.
    match value.get("rid").and_then(|r| r.as_str()).filter(|r| r.len() <= MAX_RID_CHARS) {
        Some(rid) => text(&ServerMsg::Rejected { rid: rid.into(), code, rule: None, message }),
        None => error(code, message),
    }
}
