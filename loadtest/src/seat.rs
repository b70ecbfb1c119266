//! One bot seat: a WebSocket client that plays uniformly random candidate
//! actions built from its prompts and times each one.

use backroom_engine::{GameRng, Pending, Prompt, Seat, Viewer};
use backroom_protocol::ws::ClientMsg;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::time::{Instant, sleep_until};
use tokio_tungstenite::tungstenite::Message;
use uuid::Uuid;

/// Wave phases broadcast to every seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Phase {
    /// Connecting and starting; bots hold.
    Setup,
    /// Bots play.
    Play,
    /// Close the socket.
    Teardown,
}

/// What a seat needs to know.
pub struct SeatCfg {
    /// `ws://host:port/ws` (the lobby id is added as `?lobby=`, for a
    /// proxy that routes tables to nodes).
    pub ws_url: String,
    /// The lobby.
    pub lobby: Uuid,
    /// This player's token.
    pub token: String,
    /// The seat asked for (the `welcome` message has the final word).
    pub seat: Seat,
    /// Seed of the bot's own choices.
    pub seed: u64,
    /// Counted in the results (false during warm-up).
    pub measured: bool,
    /// Consecutive rejections tolerated per decision before waiting for a
    /// new state.
    pub max_retries: u32,
    /// No message for this long while playing: the seat gives up (stuck).
    pub stall: Duration,
    /// Nothing goes on after this instant.
    pub deadline: Instant,
    /// Index of the match in its wave (sent on `done`).
    pub match_idx: usize,
}

/// What a seat did, handed back when its task ends.
#[derive(Default, Debug)]
pub struct SeatStats {
    /// Act → sender's accepted update (ack and the state at or after the
    /// acked version), µs.
    pub lat_us: Vec<u32>,
    /// Act → ack, µs.
    pub ack_us: Vec<u32>,
    /// Acts sent.
    pub sent: u64,
    /// Acts acknowledged.
    pub acked: u64,
    /// Rejections by code.
    pub rejected: BTreeMap<String, u64>,
    /// `error` messages by code.
    pub errors: BTreeMap<String, u64>,
    /// The match ended for this seat (a state with an outcome / over).
    pub over: bool,
    /// The seat stopped without the match ending.
    pub stuck: Option<String>,
    /// Failed before playing (connect / hello / first state).
    pub setup_error: Option<String>,
}

/// The parts of a server message the bot reads. A flat struct rather than
/// `ServerMsg` keeps the tool's own CPU low: the view, log and lobby are
/// skipped without being built.
#[derive(Deserialize)]
struct Incoming<'a> {
    #[serde(rename = "type")]
    ty: String,
    #[serde(default)]
    version: Option<u64>,
    /// Kept as raw JSON and parsed only when the bot acts on it (a seat
    /// receives a state per action at its table but acts on few of them).
    #[serde(default, borrow)]
    prompt: Option<&'a RawValue>,
    #[serde(default)]
    pending: Option<Pending>,
    #[serde(default)]
    outcome: Option<IgnoredAny>,
    #[serde(default)]
    rid: Option<String>,
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    viewer: Option<Viewer>,
}

struct Latest {
    version: u64,
    /// The prompt's JSON text (`None`: no prompt).
    prompt: Option<String>,
    pending: Pending,
}

struct Inflight {
    rid: String,
    t0: Instant,
    acked: Option<u64>,
}

fn us(d: Duration) -> u32 {
    d.as_micros().min(u32::MAX as u128) as u32
}

/// The bot's socket settings. tungstenite's default 128 KiB read chunk is
/// zero-filled before every read: with 4 000 sockets that memset was the
/// tool's largest cost (about 14 % of its CPU) and, with the tool saturated,
/// it capped the ceiling it measures. States are under 2 KiB; a larger frame
/// just takes several reads.
fn socket_config() -> tokio_tungstenite::tungstenite::protocol::WebSocketConfig {
    tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(4 * 1024)
}

/// Runs one seat until teardown. `connected` fires on `welcome`, `ready` on
/// the first `state`, `done` once the match is over for this seat (or it is
/// stuck).
pub async fn run(
    cfg: SeatCfg,
    connected: oneshot::Sender<Result<(), String>>,
    ready: oneshot::Sender<()>,
    done: mpsc::UnboundedSender<usize>,
    mut phase: watch::Receiver<Phase>,
) -> SeatStats {
    let mut stats = SeatStats::default();
    let mut connected = Some(connected);
    let mut ready = Some(ready);
    let mut done = Some(done);

    let conn = tokio::time::timeout_at(
        cfg.deadline.min(Instant::now() + Duration::from_secs(20)),
        // disable_nagle: small frames must not wait for the peer's delayed ACK.
        tokio_tungstenite::connect_async_with_config(
            format!("{}?lobby={}", cfg.ws_url, cfg.lobby),
            Some(socket_config()),
            true,
        ),
    )
    .await;
    let mut ws = match conn {
        Ok(Ok((ws, _))) => ws,
        Ok(Err(e)) => return fail(stats, connected, format!("connect: {e}")),
        Err(_) => return fail(stats, connected, "connect: timeout".into()),
    };
    let hello = ClientMsg::Hello {
        lobby: cfg.lobby,
        token: Some(cfg.token.clone()),
        spectate: None,
        since: None,
        auto_pass: None,
        program: None,
    };
    if let Err(e) = ws.send(Message::text(serde_json::to_string(&hello).unwrap())).await {
        return fail(stats, connected, format!("hello: {e}"));
    }

    let mut rng = GameRng::seeded(cfg.seed);
    let mut latest: Option<Latest> = None;
    let mut inflight: Option<Inflight> = None;
    let mut max_state_version = 0u64;
    let mut retries_left = cfg.max_retries;
    let mut acted_on: Option<u64> = None; // version of the last decision made
    let mut hold_until: Option<Instant> = None; // back-off after rate limiting
    let mut rid_seq = 0u64;
    let mut last_msg = Instant::now();
    let mut over = false;
    let mut cur = *phase.borrow();
    let mut seat = cfg.seat;
    // BACKROOM_LOAD_TRACE=1 prints every frame of match 0 (debugging aid).
    let trace = cfg.match_idx == 0 && std::env::var_os("BACKROOM_LOAD_TRACE").is_some_and(|v| v == "1");
    let t_start = Instant::now();

    loop {
        if cur == Phase::Teardown {
            if !over && stats.stuck.is_none() {
                stats.stuck = Some("the wave ended first (wall-clock limit)".into());
            }
            break;
        }
        // Decide whether to act now.
        if cur == Phase::Play && !over && inflight.is_none() && hold_until.is_none_or(|h| Instant::now() >= h) {
            hold_until = None;
            if let Some(l) = &latest
                && l.pending.awaited().contains(seat)
                && let Some(text) = &l.prompt
                && (acted_on != Some(l.version) || retries_left > 0)
                && let Ok(p) = serde_json::from_str::<Prompt>(text)
                && let Some(action) = p.random_action(&mut rng)
            {
                if acted_on == Some(l.version) {
                    retries_left -= 1;
                } else {
                    retries_left = cfg.max_retries;
                    acted_on = Some(l.version);
                }
                rid_seq += 1;
                let rid = format!("r{rid_seq}");
                let msg = ClientMsg::Act { rid: rid.clone(), version: l.version, action };
                let text = serde_json::to_string(&msg).unwrap();
                let t0 = Instant::now();
                if trace {
                    eprintln!(
                        "[trace m{} s{seat} +{:.3}ms] -> {text}",
                        cfg.match_idx,
                        t_start.elapsed().as_secs_f64() * 1e3
                    );
                }
                if let Err(e) = ws.send(Message::text(text)).await {
                    stats.stuck = Some(format!("send: {e}"));
                    break;
                }
                if cfg.measured {
                    stats.sent += 1;
                }
                inflight = Some(Inflight { rid, t0, acked: None });
            }
        }

        let stall_at = if cur == Phase::Play && !over { last_msg + cfg.stall } else { cfg.deadline };
        let wake = stall_at.min(cfg.deadline).min(hold_until.unwrap_or(cfg.deadline));
        tokio::select! {
            biased;
            ch = phase.changed() => {
                if ch.is_err() { break; }
                cur = *phase.borrow_and_update();
            }
            m = ws.next() => {
                let Some(m) = m else {
                    if !over { stats.stuck = Some("socket closed by server".into()); }
                    break;
                };
                let text = match m {
                    Ok(Message::Text(t)) => t,
                    Ok(Message::Close(c)) => {
                        if !over { stats.stuck = Some(format!("closed: {c:?}")); }
                        break;
                    }
                    Ok(_) => continue,
                    Err(e) => {
                        if !over { stats.stuck = Some(format!("socket: {e}")); }
                        break;
                    }
                };
                last_msg = Instant::now();
                if trace {
                    eprintln!("[trace m{} s{seat} +{:.3}ms] <- {}", cfg.match_idx, t_start.elapsed().as_secs_f64() * 1e3, text.as_str().chars().take(3000).collect::<String>());
                }
                let msg: Incoming<'_> = match serde_json::from_str(text.as_str()) {
                    Ok(m) => m,
                    Err(e) => {
                        *stats.errors.entry(format!("unparsed: {e}")).or_default() += 1;
                        continue;
                    }
                };
                match msg.ty.as_str() {
                    "welcome" => {
                        // The server may have seated this player elsewhere
                        // than asked (joining takes the first free seat).
                        if let Some(Viewer::Seat(s)) = msg.viewer { seat = s; }
                        if let Some(c) = connected.take() { let _ = c.send(Ok(())); }
                    }
                    "state" => {
                        let version = msg.version.unwrap_or(0);
                        max_state_version = max_state_version.max(version);
                        let pending = msg.pending.unwrap_or(Pending::Over);
                        let ended = msg.outcome.is_some() || pending.is_over();
                        let prompt = msg.prompt.map(|r| r.get()).filter(|t| *t != "null").map(str::to_owned);
                        latest = Some(Latest { version, prompt, pending });
                        if let Some(r) = ready.take() { let _ = r.send(()); }
                        if let Some(f) = &inflight
                            && let Some(v) = f.acked
                            && max_state_version >= v
                        {
                            let f = inflight.take().unwrap();
                            if cfg.measured { stats.lat_us.push(us(f.t0.elapsed())); }
                        }
                        if ended && !over {
                            over = true;
                            stats.over = true;
                            if let Some(d) = done.take() { let _ = d.send(cfg.match_idx); }
                        }
                    }
                    "ack" => {
                        if let Some(f) = &mut inflight
                            && msg.rid.as_deref() == Some(f.rid.as_str())
                        {
                            let v = msg.version.unwrap_or(0);
                            f.acked = Some(v);
                            if cfg.measured {
                                stats.acked += 1;
                                stats.ack_us.push(us(f.t0.elapsed()));
                            }
                            if max_state_version >= v {
                                let f = inflight.take().unwrap();
                                if cfg.measured { stats.lat_us.push(us(f.t0.elapsed())); }
                            }
                        }
                    }
                    "rejected" => {
                        let code = msg.code.unwrap_or_else(|| "?".into());
                        if cfg.measured { *stats.rejected.entry(code).or_default() += 1; }
                        if let Some(f) = &inflight
                            && msg.rid.as_deref() == Some(f.rid.as_str())
                        {
                            // Try again (bounded by max_retries per state version).
                            inflight = None;
                        }
                    }
                    "error" => {
                        let code = msg.code.unwrap_or_else(|| "?".into());
                        if code == "rate_limited" && inflight.as_ref().is_some_and(|f| f.acked.is_none()) {
                            // The act was dropped unprocessed: choose again shortly.
                            inflight = None;
                            hold_until = Some(Instant::now() + Duration::from_millis(100));
                            acted_on = None;
                        }
                        if (code == "bad_token" || code == "lobby_not_found")
                            && let Some(c) = connected.take()
                        {
                            let _ = c.send(Err(format!("hello: {code}")));
                        }
                        *stats.errors.entry(code).or_default() += 1;
                    }
                    _ => {}
                }
            }
            _ = sleep_until(wake) => {
                let now = Instant::now();
                if now >= cfg.deadline {
                    if !over { stats.stuck = Some("wall-clock deadline".into()); }
                    break;
                }
                if cur == Phase::Play && !over && now >= stall_at {
                    stats.stuck = Some(format!("no message for {:?}", cfg.stall));
                    // Report it so the wave can end, then wait for teardown.
                    over = true;
                    if let Some(d) = done.take() { let _ = d.send(cfg.match_idx); }
                }
            }
        }
    }
    if let Some(c) = connected.take() {
        let _ = c.send(Err(stats.stuck.clone().unwrap_or_else(|| "ended before welcome".into())));
    }
    if stats.stuck.is_some() && !stats.over {
        // Signal the wave that this seat is finished, one way or another.
        if let Some(d) = done.take() {
            let _ = d.send(cfg.match_idx);
        }
    }
    // Wait (bounded) for the teardown signal before closing, so sockets are
    // closed outside the measured play phase, like the anchors' driver.
    if *phase.borrow() != Phase::Teardown {
        let _ = tokio::time::timeout_at(cfg.deadline, phase.wait_for(|p| *p == Phase::Teardown)).await;
    }
    let _ = tokio::time::timeout(Duration::from_secs(2), ws.close(None)).await;
    stats
}

fn fail(mut stats: SeatStats, connected: Option<oneshot::Sender<Result<(), String>>>, why: String) -> SeatStats {
    if let Some(c) = connected {
        let _ = c.send(Err(why.clone()));
    }
    stats.setup_error = Some(why);
    stats
}
