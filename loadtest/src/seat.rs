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
    let mut ws = match connect(&cfg).await {
        Ok(ws) => ws,
        Err(why) => return fail(SeatStats::default(), Some(connected), why),
    };
    let mut bot = Bot::new(cfg, connected, ready, done);
    let mut last_msg = Instant::now();
    let mut cur = *phase.borrow();
    loop {
        if cur == Phase::Teardown {
            if !bot.over && bot.stats.stuck.is_none() {
                bot.stats.stuck = Some("the wave ended first (wall-clock limit)".into());
            }
            break;
        }
        // Decide whether to act now.
        if cur == Phase::Play
            && let Some((text, sent)) = bot.choose()
        {
            if let Err(e) = ws.send(Message::text(text)).await {
                bot.stats.stuck = Some(format!("send: {e}"));
                break;
            }
            if bot.cfg.measured {
                bot.stats.sent += 1;
            }
            bot.inflight = Some(sent);
        }

        let deadline = bot.cfg.deadline;
        let stall_at = if cur == Phase::Play && !bot.over { last_msg + bot.cfg.stall } else { deadline };
        let wake = stall_at.min(deadline).min(bot.hold_until.unwrap_or(deadline));
        tokio::select! {
            biased;
            ch = phase.changed() => {
                if ch.is_err() { break; }
                cur = *phase.borrow_and_update();
            }
            m = ws.next() => {
                let text = match m {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(c))) => {
                        bot.stop(format!("closed: {c:?}"));
                        break;
                    }
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => {
                        bot.stop(format!("socket: {e}"));
                        break;
                    }
                    None => {
                        bot.stop("socket closed by server".into());
                        break;
                    }
                };
                last_msg = Instant::now();
                bot.on_message(text.as_str());
            }
            _ = sleep_until(wake) => {
                if bot.on_wake(cur == Phase::Play, stall_at) { break; }
            }
        }
    }
    if let Some(c) = bot.connected.take() {
        let _ = c.send(Err(bot.stats.stuck.clone().unwrap_or_else(|| "ended before welcome".into())));
    }
    if bot.stats.stuck.is_some() && !bot.stats.over {
        // Signal the wave that this seat is finished, one way or another.
        bot.report_done();
    }
    // Wait (bounded) for the teardown signal before closing, so sockets are
    // closed outside the measured play phase, like the anchors' driver.
    if *phase.borrow() != Phase::Teardown {
        let _ = tokio::time::timeout_at(bot.cfg.deadline, phase.wait_for(|p| *p == Phase::Teardown)).await;
    }
    let _ = tokio::time::timeout(Duration::from_secs(2), ws.close(None)).await;
    bot.stats
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens the socket (within 20 s) and says `hello` with the seat's token.
async fn connect(cfg: &SeatCfg) -> Result<Socket, String> {
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
        Ok(Err(e)) => return Err(format!("connect: {e}")),
        Err(_) => return Err("connect: timeout".into()),
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
        return Err(format!("hello: {e}"));
    }
    Ok(ws)
}

/// One seat's play once connected: what it last saw, the act in flight,
/// what it counted. `run` owns the socket and feeds it each frame.
struct Bot {
    cfg: SeatCfg,
    stats: SeatStats,
    connected: Option<oneshot::Sender<Result<(), String>>>,
    ready: Option<oneshot::Sender<()>>,
    done: Option<mpsc::UnboundedSender<usize>>,
    rng: GameRng,
    latest: Option<Latest>,
    inflight: Option<Inflight>,
    max_state_version: u64,
    retries_left: u32,
    /// The version of the last decision made.
    acted_on: Option<u64>,
    /// Back-off after rate limiting.
    hold_until: Option<Instant>,
    rid_seq: u64,
    over: bool,
    seat: Seat,
    /// BACKROOM_LOAD_TRACE=1 prints every frame of match 0 (debugging aid).
    trace: bool,
    t_start: Instant,
}

impl Bot {
    fn new(
        cfg: SeatCfg,
        connected: oneshot::Sender<Result<(), String>>,
        ready: oneshot::Sender<()>,
        done: mpsc::UnboundedSender<usize>,
    ) -> Self {
        Bot {
            stats: SeatStats::default(),
            connected: Some(connected),
            ready: Some(ready),
            done: Some(done),
            rng: GameRng::seeded(cfg.seed),
            latest: None,
            inflight: None,
            max_state_version: 0,
            retries_left: cfg.max_retries,
            acted_on: None,
            hold_until: None,
            rid_seq: 0,
            over: false,
            seat: cfg.seat,
            trace: cfg.match_idx == 0 && std::env::var_os("BACKROOM_LOAD_TRACE").is_some_and(|v| v == "1"),
            t_start: Instant::now(),
            cfg,
        }
    }

    /// The seat stops without the match ending, unless it ended already.
    fn stop(&mut self, why: String) {
        if !self.over {
            self.stats.stuck = Some(why);
        }
    }

    /// Tells the wave this seat is done (once).
    fn report_done(&mut self) {
        if let Some(d) = self.done.take() {
            let _ = d.send(self.cfg.match_idx);
        }
    }

    /// The next act while playing, with its timing: a random candidate
    /// from the latest prompt when this seat is awaited, nothing is in
    /// flight and no back-off holds (retried at most `max_retries` times
    /// per state version).
    fn choose(&mut self) -> Option<(String, Inflight)> {
        if self.over || self.inflight.is_some() || self.hold_until.is_some_and(|h| Instant::now() < h) {
            return None;
        }
        self.hold_until = None;
        let l = self.latest.as_ref()?;
        if !l.pending.awaited().contains(self.seat) || (self.acted_on == Some(l.version) && self.retries_left == 0) {
            return None;
        }
        let text = l.prompt.as_ref()?;
        let p = serde_json::from_str::<Prompt>(text).ok()?;
        let action = p.random_action(&mut self.rng)?;
        if self.acted_on == Some(l.version) {
            self.retries_left -= 1;
        } else {
            self.retries_left = self.cfg.max_retries;
            self.acted_on = Some(l.version);
        }
        self.rid_seq += 1;
        let rid = format!("r{}", self.rid_seq);
        let msg = ClientMsg::Act { rid: rid.clone(), version: l.version, action };
        let text = serde_json::to_string(&msg).unwrap();
        let t0 = Instant::now();
        if self.trace {
            eprintln!(
                "[trace m{} s{} +{:.3}ms] -> {text}",
                self.cfg.match_idx,
                self.seat,
                self.t_start.elapsed().as_secs_f64() * 1e3
            );
        }
        Some((text, Inflight { rid, t0, acked: None }))
    }

    /// Reads one server frame.
    fn on_message(&mut self, text: &str) {
        if self.trace {
            eprintln!(
                "[trace m{} s{} +{:.3}ms] <- {}",
                self.cfg.match_idx,
                self.seat,
                self.t_start.elapsed().as_secs_f64() * 1e3,
                text.chars().take(3000).collect::<String>()
            );
        }
        let msg: Incoming<'_> = match serde_json::from_str(text) {
            Ok(m) => m,
            Err(e) => {
                *self.stats.errors.entry(format!("unparsed: {e}")).or_default() += 1;
                return;
            }
        };
        match msg.ty.as_str() {
            "welcome" => {
                // The server may have seated this player elsewhere
                // than asked (joining takes the first free seat).
                if let Some(Viewer::Seat(s)) = msg.viewer {
                    self.seat = s;
                }
                if let Some(c) = self.connected.take() {
                    let _ = c.send(Ok(()));
                }
            }
            "state" => self.on_state(msg),
            "ack" => self.on_ack(msg),
            "rejected" => {
                let code = msg.code.unwrap_or_else(|| "?".into());
                if self.cfg.measured {
                    *self.stats.rejected.entry(code).or_default() += 1;
                }
                if let Some(f) = &self.inflight
                    && msg.rid.as_deref() == Some(f.rid.as_str())
                {
                    // Try again (bounded by max_retries per state version).
                    self.inflight = None;
                }
            }
            "error" => self.on_error(msg),
            _ => {}
        }
    }

    /// A `state`: the latest prompt, the act in flight answered when the
    /// state reaches its acked version, the match's end.
    fn on_state(&mut self, msg: Incoming<'_>) {
        let version = msg.version.unwrap_or(0);
        self.max_state_version = self.max_state_version.max(version);
        let pending = msg.pending.unwrap_or(Pending::Over);
        let ended = msg.outcome.is_some() || pending.is_over();
        let prompt = msg.prompt.map(|r| r.get()).filter(|t| *t != "null").map(str::to_owned);
        self.latest = Some(Latest { version, prompt, pending });
        if let Some(r) = self.ready.take() {
            let _ = r.send(());
        }
        if let Some(f) = &self.inflight
            && let Some(v) = f.acked
            && self.max_state_version >= v
        {
            let f = self.inflight.take().unwrap();
            if self.cfg.measured {
                self.stats.lat_us.push(us(f.t0.elapsed()));
            }
        }
        if ended && !self.over {
            self.over = true;
            self.stats.over = true;
            self.report_done();
        }
    }

    /// An `ack` of the act in flight; answered once a state at or after
    /// its version has arrived.
    fn on_ack(&mut self, msg: Incoming<'_>) {
        if let Some(f) = &mut self.inflight
            && msg.rid.as_deref() == Some(f.rid.as_str())
        {
            let v = msg.version.unwrap_or(0);
            f.acked = Some(v);
            if self.cfg.measured {
                self.stats.acked += 1;
                self.stats.ack_us.push(us(f.t0.elapsed()));
            }
            if self.max_state_version >= v {
                let f = self.inflight.take().unwrap();
                if self.cfg.measured {
                    self.stats.lat_us.push(us(f.t0.elapsed()));
                }
            }
        }
    }

    /// An `error`: a rate-limited act is chosen again shortly; a bad token
    /// or lobby fails the connection.
    fn on_error(&mut self, msg: Incoming<'_>) {
        let code = msg.code.unwrap_or_else(|| "?".into());
        if code == "rate_limited" && self.inflight.as_ref().is_some_and(|f| f.acked.is_none()) {
            // The act was dropped unprocessed: choose again shortly.
            self.inflight = None;
            self.hold_until = Some(Instant::now() + Duration::from_millis(100));
            self.acted_on = None;
        }
        if (code == "bad_token" || code == "lobby_not_found")
            && let Some(c) = self.connected.take()
        {
            let _ = c.send(Err(format!("hello: {code}")));
        }
        *self.stats.errors.entry(code).or_default() += 1;
    }

    /// The timer: past the deadline the seat stops (true: leave the loop);
    /// silent too long while playing, it reports itself stuck and waits
    /// for teardown.
    fn on_wake(&mut self, playing: bool, stall_at: Instant) -> bool {
        let now = Instant::now();
        if now >= self.cfg.deadline {
            self.stop("wall-clock deadline".into());
            return true;
        }
        if playing && !self.over && now >= stall_at {
            self.stats.stuck = Some(format!("no message for {:?}", self.cfg.stall));
            // Report it so the wave can end, then wait for teardown.
            self.over = true;
            self.report_done();
        }
        false
    }
}

fn fail(mut stats: SeatStats, connected: Option<oneshot::Sender<Result<(), String>>>, why: String) -> SeatStats {
    if let Some(c) = connected {
        let _ = c.send(Err(why.clone()));
    }
    stats.setup_error = Some(why);
    stats
}
