//! `backroom-load`: drives a running Backroom server through its public HTTP
//! and WebSocket API only, the way browsers would, and measures it.
//!
//! A run is a sequence of **waves** (the method of the anchors' Node driver,
//! `shared/bench/anchors/driver.js`, so figures compare):
//!
//! 1. *setup* (timed apart): create `--matches` lobbies of the game; the host
//!    creates and takes seat 0, one client per other seat joins with the
//!    invite and takes its seat; every seat opens its WebSocket and says
//!    `hello`; the host starts; every seat waits for its first `state`;
//! 2. *play* (measured): all bots are released together. A bot acts whenever
//!    its latest state shows it awaited and gives it a prompt: it picks a
//!    random ask and a random value for each parameter (uniform over the
//!    prompt's domain); on `rejected` it picks again (bounded). The wave ends
//!    when every match is over (or a seat stalls);
//! 3. *teardown*: every socket is closed.
//!
//! Waves repeat until `--duration` seconds of play are accumulated (after an
//! unmeasured `--warmup`), within `--max-waves`, `--max-matches` and the hard
//! `--max-wall` limit. Only loopback targets unless `--allow-remote`.

mod api;
mod procfs;
mod report;
mod seat;

use api::Api;
use backroom_protocol::GameInfo;
use backroom_protocol::http::CreateLobby;
use clap::Parser;
use report::{Report, Totals};
use seat::{Phase, SeatCfg, SeatStats};
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Semaphore, mpsc, oneshot, watch};
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// Load tool for a running Backroom server (public HTTP + WebSocket API only).
#[derive(Parser, Debug, Clone)]
#[command(name = "backroom-load", version)]
pub struct Args {
    /// The server's base URL (HTTP); the WebSocket is `<url>/ws`.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    pub url: String,
    /// Game id from GET /api/games, or `all` for every game in turn.
    #[arg(long, default_value = "sealed-bids")]
    pub game: String,
    /// Seats per match (default: the game's default).
    #[arg(long)]
    pub seats: Option<u8>,
    /// Game options as JSON (default: the game's defaults).
    #[arg(long, default_value = "{}")]
    pub options: String,
    /// Concurrent matches per wave.
    #[arg(long, default_value_t = 50)]
    pub matches: usize,
    /// Seconds of measured play to accumulate (per game).
    #[arg(long, default_value_t = 10.0)]
    pub duration: f64,
    /// Seconds of unmeasured warm-up waves (min(matches, 100) matches each).
    #[arg(long, default_value_t = 2.0)]
    pub warmup: f64,
    /// Most measured waves.
    #[arg(long, default_value_t = 10_000)]
    pub max_waves: usize,
    /// Most measured matches in all (0: no cap besides the others).
    #[arg(long, default_value_t = 0)]
    pub max_matches: usize,
    /// Hard wall-clock limit of the whole run, seconds (default: warm-up +
    /// duration + 120, per game).
    #[arg(long)]
    pub max_wall: Option<f64>,
    /// Matches set up at once.
    #[arg(long, default_value_t = 100)]
    pub setup_concurrency: usize,
    /// A seat that hears nothing for this many seconds while playing is
    /// stuck and gives up.
    #[arg(long, default_value_t = 30.0)]
    pub stall_timeout: f64,
    /// Rejections tolerated in a row per decision before waiting for a new
    /// state.
    #[arg(long, default_value_t = 8)]
    pub max_retries: u32,
    /// Server process id: its CPU seconds and peak memory come from /proc.
    #[arg(long)]
    pub server_pid: Option<u32>,
    /// Also sum the CPU of every process with this command name (e.g.
    /// `postgres`), reported as database CPU. Repeatable.
    #[arg(long = "db-proc")]
    pub db_procs: Vec<String>,
    /// Seed of the bots' choices.
    #[arg(long, default_value_t = 12345)]
    pub seed: u64,
    /// Tokio worker threads of the tool (1: a single-threaded runtime).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Print one JSON object per game on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Append one JSON line per game to this file (anchors' results format).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Free-text label for the results.
    #[arg(long, default_value = "")]
    pub label: String,
    /// Allow a target that is not a loopback address.
    #[arg(long)]
    pub allow_remote: bool,
    /// List the server's games and exit.
    #[arg(long)]
    pub list_games: bool,
}

fn main() {
    let args = Args::parse();
    if let Err(e) = check_target(&args.url, args.allow_remote) {
        eprintln!("backroom-load: {e}");
        std::process::exit(2);
    }
    let rt = if args.threads <= 1 {
        tokio::runtime::Builder::new_current_thread().enable_all().build()
    } else {
        tokio::runtime::Builder::new_multi_thread().worker_threads(args.threads).enable_all().build()
    }
    .expect("tokio runtime");
    let code = rt.block_on(run(args));
    // Do not wait for stray tasks.
    rt.shutdown_timeout(Duration::from_secs(1));
    std::process::exit(code);
}

/// Refuses anything but loopback unless allowed.
fn check_target(url: &str, allow_remote: bool) -> Result<(), String> {
    let u = url::Url::parse(url).map_err(|e| format!("bad --url {url}: {e}"))?;
    if !matches!(u.scheme(), "http" | "https") {
        return Err(format!("--url must be http(s)://, not {}", u.scheme()));
    }
    let loopback = match u.host() {
        Some(url::Host::Domain(d)) => d == "localhost",
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    };
    if !loopback && !allow_remote {
        return Err(format!("refusing non-loopback target {url} (use --allow-remote if you mean it)"));
    }
    Ok(())
}

fn ws_url(base: &str) -> String {
    let b = base.trim_end_matches('/');
    let b = b
        .strip_prefix("https://")
        .map(|r| format!("wss://{r}"))
        .unwrap_or_else(|| b.strip_prefix("http://").map(|r| format!("ws://{r}")).unwrap_or_else(|| b.to_string()));
    format!("{b}/ws")
}

async fn run(args: Args) -> i32 {
    let api = Api::new(&args.url);
    let games = match api.games().await {
        Ok(g) => g,
        Err(e) => {
            eprintln!("backroom-load: cannot read the catalogue: {e}");
            return 1;
        }
    };
    if args.list_games {
        for g in &games {
            println!("{}\t{}\t{}-{} seats (default {})", g.id, g.name, g.min_seats, g.max_seats, g.default_seats);
        }
        return 0;
    }
    let chosen: Vec<GameInfo> = if args.game == "all" {
        games.clone()
    } else {
        match games.iter().find(|g| g.id == args.game) {
            Some(g) => vec![g.clone()],
            None => {
                eprintln!(
                    "backroom-load: no game {:?}; the server has: {}",
                    args.game,
                    games.iter().map(|g| g.id.as_str()).collect::<Vec<_>>().join(", ")
                );
                return 2;
            }
        }
    };
    let options: serde_json::Value = match serde_json::from_str(&args.options) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("backroom-load: --options is not JSON: {e}");
            return 2;
        }
    };
    let mut reports = Vec::new();
    let mut code = 0;
    for g in &chosen {
        let r = run_game(&args, &api, g, &options).await;
        if r.games_completed == 0 || r.stuck_games > 0 || r.setup_fails > 0 {
            code = 1;
        }
        if let Some(path) = &args.out {
            use std::io::Write;
            let line = serde_json::to_string(&r).unwrap();
            match std::fs::OpenOptions::new().create(true).append(true).open(path) {
                Ok(mut f) => {
                    let _ = writeln!(f, "{line}");
                }
                Err(e) => eprintln!("backroom-load: cannot append to {}: {e}", path.display()),
            }
        }
        if args.json {
            println!("{}", serde_json::to_string(&r).unwrap());
        }
        reports.push(r);
    }
    if !args.json {
        report::print_table(&reports);
    } else {
        for r in &reports {
            eprintln!("{}", report::one_line(r));
        }
    }
    code
}

/// Everything one wave needs.
struct WaveCtx<'a> {
    args: &'a Args,
    api: &'a Api,
    game: &'a GameInfo,
    seats: u8,
    options: &'a serde_json::Value,
    ws_url: String,
    deadline: Instant,
}

async fn run_game(args: &Args, api: &Api, game: &GameInfo, options: &serde_json::Value) -> Report {
    let seats = args.seats.unwrap_or(game.default_seats);
    let max_wall = args.max_wall.unwrap_or(args.warmup + args.duration + 120.0);
    let t0 = Instant::now();
    let ctx = WaveCtx {
        args,
        api,
        game,
        seats,
        options,
        ws_url: ws_url(&args.url),
        deadline: t0 + Duration::from_secs_f64(max_wall),
    };
    let mut tot = Totals::default();
    let mut wave_no = 0u64;
    let warm_n = args.matches.min(100);
    while t0.elapsed().as_secs_f64() < args.warmup && Instant::now() < ctx.deadline {
        wave(&ctx, warm_n, false, wave_no, &mut tot).await;
        wave_no += 1;
    }
    while tot.play.as_secs_f64() < args.duration
        && tot.waves < args.max_waves
        && Instant::now() < ctx.deadline
        && (args.max_matches == 0 || tot.matches_played < args.max_matches)
    {
        let n =
            if args.max_matches == 0 { args.matches } else { args.matches.min(args.max_matches - tot.matches_played) };
        wave(&ctx, n, true, wave_no, &mut tot).await;
        wave_no += 1;
    }
    let hwm = args.server_pid.and_then(|p| procfs::status_kb(p, "VmHWM"));
    let rss_end = args.server_pid.and_then(|p| procfs::status_kb(p, "VmRSS"));
    report::build(args, game, seats, &tot, hwm, rss_end, t0.elapsed())
}

struct SetUp {
    seats: Vec<JoinHandle<SeatStats>>,
    ok: Result<(), String>,
}

async fn setup_match(
    ctx: &WaveCtx<'_>,
    idx: usize,
    seed: u64,
    measured: bool,
    phase: &watch::Receiver<Phase>,
    done: &mpsc::UnboundedSender<usize>,
) -> SetUp {
    let mut handles = Vec::new();
    let ok = setup_inner(ctx, idx, seed, measured, phase, done, &mut handles).await;
    SetUp { seats: handles, ok }
}

#[allow(clippy::too_many_arguments, reason = "one seat's setup is all of these settings")]
async fn setup_inner(
    ctx: &WaveCtx<'_>,
    idx: usize,
    seed: u64,
    measured: bool,
    phase: &watch::Receiver<Phase>,
    done: &mpsc::UnboundedSender<usize>,
    handles: &mut Vec<JoinHandle<SeatStats>>,
) -> Result<(), String> {
    let api = ctx.api;
    let host = api
        .create(&CreateLobby {
            game: ctx.game.id.clone(),
            seats: Some(ctx.seats),
            options: ctx.options.clone(),
            name: "load-1".into(),
            spectators: false,
            turn_clock_secs: 0,
            stand_in_level: Default::default(),
            webhook_url: None,
        })
        .await
        .map_err(|e| e.0)?;
    let lobby = host.lobby;
    let invite = host.links.invite.clone().ok_or("the host's Joined has no invite")?;
    if let Err(e) = api.seat(lobby, &host.token, 0).await {
        // A server that seats the host itself answers seat_taken: fine.
        if !e.0.contains("seat_taken") {
            return Err(e.0);
        }
    }
    let joins = (1..ctx.seats).map(|k| {
        let invite = invite.clone();
        async move {
            let j = api.join(lobby, &invite, &format!("load-{}", k + 1)).await.map_err(|e| e.0)?;
            // Joining may already seat the player (first free seat); asking
            // for seat k then races the other joiners: a seat_taken answer
            // leaves the player where it is, which is fine.
            if let Err(e) = api.seat(lobby, &j.token, k).await
                && !e.0.contains("seat_taken")
            {
                return Err(e.0);
            }
            Ok::<_, String>(j.token)
        }
    });
    let mut tokens = vec![host.token.clone()];
    for t in futures_util::future::join_all(joins).await {
        tokens.push(t?);
    }
    let mut connected = Vec::new();
    let mut ready = Vec::new();
    for (k, token) in tokens.into_iter().enumerate() {
        let (ctx_tx, ctx_rx) = oneshot::channel();
        let (rdy_tx, rdy_rx) = oneshot::channel();
        let cfg = SeatCfg {
            ws_url: ctx.ws_url.clone(),
            lobby,
            token,
            seat: k as u8,
            seed: seed.wrapping_mul(31).wrapping_add(k as u64),
            measured,
            max_retries: ctx.args.max_retries,
            stall: Duration::from_secs_f64(ctx.args.stall_timeout),
            deadline: ctx.deadline,
            match_idx: idx,
        };
        handles.push(tokio::spawn(seat::run(cfg, ctx_tx, rdy_tx, done.clone(), phase.clone())));
        connected.push(ctx_rx);
        ready.push(rdy_rx);
    }
    let limit = Instant::now() + Duration::from_secs(20);
    for c in connected {
        match tokio::time::timeout_at(limit, c).await {
            Ok(Ok(Ok(()))) => {}
            Ok(Ok(Err(e))) => return Err(e),
            Ok(Err(_)) => return Err("seat ended before welcome".into()),
            Err(_) => return Err("timeout waiting for welcome".into()),
        }
    }
    api.start(lobby, &host.token).await.map_err(|e| e.0)?;
    for r in ready {
        match tokio::time::timeout_at(limit, r).await {
            Ok(Ok(())) => {}
            Ok(Err(_)) => return Err("seat ended before its first state".into()),
            Err(_) => return Err("timeout waiting for the first state".into()),
        }
    }
    Ok(())
}

async fn wave(ctx: &WaveCtx<'_>, n: usize, measured: bool, wave_no: u64, tot: &mut Totals) {
    let args = ctx.args;
    let (phase_tx, phase_rx) = watch::channel(Phase::Setup);
    let (done_tx, mut done_rx) = mpsc::unbounded_channel::<usize>();
    let sem = Arc::new(Semaphore::new(args.setup_concurrency.max(1)));

    // 1. setup
    let s0 = Instant::now();
    let cs0 = args.server_pid.and_then(procfs::cpu_seconds);
    let setups = (0..n).map(|i| {
        let sem = sem.clone();
        let phase_rx = phase_rx.clone();
        let done_tx = done_tx.clone();
        let seed = args.seed ^ (wave_no << 20) ^ (i as u64) << 4;
        async move {
            let _permit = sem.acquire().await.expect("semaphore");
            setup_match(ctx, i, seed, measured, &phase_rx, &done_tx).await
        }
    });
    let set_up: Vec<SetUp> = futures_util::future::join_all(setups).await;
    drop(done_tx);
    let cs1 = args.server_pid.and_then(procfs::cpu_seconds);
    let mut live: HashMap<usize, usize> = HashMap::new(); // match -> seats not done yet
    let mut setup_errors: BTreeMap<String, u64> = BTreeMap::new();
    for (i, s) in set_up.iter().enumerate() {
        match &s.ok {
            Ok(()) => {
                live.insert(i, s.seats.len());
            }
            Err(e) => {
                let key: String = e.chars().take(100).collect();
                *setup_errors.entry(key).or_default() += 1;
            }
        }
    }
    if measured {
        if let (Some(a), Some(b)) = (cs0, cs1) {
            tot.server_cpu_setup += b - a;
        }
        tot.matches_set_up += live.len();
        tot.setup_wall += s0.elapsed();
        tot.setup_fails += n - live.len();
        for (k, v) in setup_errors {
            *tot.setup_errors.entry(k).or_default() += v;
        }
    }

    // 2. play
    let ok_matches = live.len();
    let p0 = Instant::now();
    let cp0 = args.server_pid.and_then(procfs::cpu_seconds);
    let db0 = procfs::cpu_by_name(&args.db_procs);
    let me0 = procfs::self_cpu_seconds();
    let rss_peak = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let sampler = args.server_pid.map(|pid| {
        let peak = rss_peak.clone();
        tokio::spawn(async move {
            let mut iv = tokio::time::interval(Duration::from_millis(250));
            loop {
                iv.tick().await;
                if let Some(kb) = procfs::status_kb(pid, "VmRSS") {
                    peak.fetch_max(kb, std::sync::atomic::Ordering::Relaxed);
                }
            }
        })
    });
    if ok_matches > 0 {
        let _ = phase_tx.send(Phase::Play);
        while !live.is_empty() {
            match tokio::time::timeout_at(ctx.deadline, done_rx.recv()).await {
                Ok(Some(i)) => {
                    if let Some(c) = live.get_mut(&i) {
                        *c -= 1;
                        if *c == 0 {
                            live.remove(&i);
                        }
                    }
                }
                Ok(None) | Err(_) => break,
            }
        }
    }
    let play = p0.elapsed();
    let cp1 = args.server_pid.and_then(procfs::cpu_seconds);
    let db1 = procfs::cpu_by_name(&args.db_procs);
    let me1 = procfs::self_cpu_seconds();
    if let Some(s) = sampler {
        s.abort();
    }

    // 3. teardown
    let _ = phase_tx.send(Phase::Teardown);
    let mut acked_wave = 0u64;
    for (i, s) in set_up.into_iter().enumerate() {
        let ok = s.ok.is_ok();
        let mut all_over = true;
        let mut any_stuck = None;
        for h in s.seats {
            let st = match tokio::time::timeout(Duration::from_secs(10), h).await {
                Ok(Ok(st)) => st,
                _ => {
                    all_over = false;
                    continue;
                }
            };
            if !st.over {
                all_over = false;
            }
            if any_stuck.is_none() {
                any_stuck = st.stuck.clone();
            }
            if ok && measured {
                acked_wave += st.acked;
                tot.add_seat(st);
            }
        }
        if ok && measured {
            tot.matches_played += 1;
            if all_over {
                tot.games_completed += 1;
            } else {
                tot.stuck_games += 1;
                let why = any_stuck.unwrap_or_else(|| "unknown".into());
                let key: String = why.chars().take(100).collect();
                *tot.stuck_reasons.entry(key).or_default() += 1;
            }
        }
        let _ = i;
    }
    if measured && ok_matches > 0 {
        tot.waves += 1;
        tot.play += play;
        if let (Some(a), Some(b)) = (cp0, cp1) {
            tot.server_cpu_play += b - a;
        }
        tot.db_cpu_play += procfs::cpu_delta(&db0, &db1);
        tot.self_cpu_play += me1 - me0;
        tot.rss_peak_play_kb = tot.rss_peak_play_kb.max(rss_peak.load(std::sync::atomic::Ordering::Relaxed));
        tot.wave_throughputs.push(acked_wave as f64 / play.as_secs_f64().max(1e-9));
    } else if !measured {
        tot.warmup_waves += 1;
    } else {
        // Nothing could be set up: do not spin.
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_by_default() {
        assert!(check_target("http://127.0.0.1:8080", false).is_ok());
        assert!(check_target("http://localhost:1", false).is_ok());
        assert!(check_target("http://[::1]:1", false).is_ok());
        assert!(check_target("http://127.1.2.3:1", false).is_ok());
        assert!(check_target("http://10.0.0.1:8080", false).is_err());
        assert!(check_target("http://example.com", false).is_err());
        assert!(check_target("http://10.0.0.1:8080", true).is_ok());
        assert!(check_target("ftp://127.0.0.1", false).is_err());
    }

    #[test]
    fn ws_url_from_base() {
        assert_eq!(ws_url("http://127.0.0.1:8080/"), "ws://127.0.0.1:8080/ws");
        assert_eq!(ws_url("https://h:1"), "wss://h:1/ws");
    }

    #[test]
    fn the_protocols_state_message_parses_as_the_bot_reads_it() {
        let text = r#"{"type":"state","version":12,"view":{"round":3},"prompt":{"title":"t","asks":[{"verb":"bid","label":"Lock in","fixed":{"round":3},"params":[{"name":"value","label":"Bid","input":{"kind":"number","min":0,"max":14}}]}]},"pending":{"mode":"simultaneous","waiting":[0,2],"committed":[1,3]},"log":["x"]}"#;
        let v: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(v["type"], "state");
        let p: backroom_engine::Prompt = serde_json::from_value(v["prompt"].clone()).unwrap();
        let mut rng = backroom_engine::GameRng::seeded(1);
        let a = p.random_action(&mut rng).unwrap();
        assert_eq!(a["type"], "bid");
        assert_eq!(a["round"], 3);
        assert!(a["value"].as_i64().unwrap() <= 14);
    }
}
