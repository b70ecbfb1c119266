//! Totals over a run and the report: a human table and a JSON object whose
//! field names follow the anchors' driver (`shared/bench/anchors/driver.js`),
//! so `summarize.js` can read the tool's `--out` lines next to the peers'.

use crate::Args;
use crate::seat::SeatStats;
use backroom_protocol::GameInfo;
use hdrhistogram::Histogram;
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Accumulated over the measured waves of one game.
pub struct Totals {
    pub play: Duration,
    pub waves: usize,
    pub warmup_waves: usize,
    pub lat: Histogram<u64>,
    pub ack: Histogram<u64>,
    pub sent: u64,
    pub acked: u64,
    pub rejected: BTreeMap<String, u64>,
    pub errors: BTreeMap<String, u64>,
    pub matches_played: usize,
    pub games_completed: usize,
    pub stuck_games: usize,
    pub stuck_reasons: BTreeMap<String, u64>,
    pub setup_fails: usize,
    pub setup_errors: BTreeMap<String, u64>,
    pub matches_set_up: usize,
    pub setup_wall: Duration,
    pub server_cpu_setup: f64,
    pub server_cpu_play: f64,
    pub db_cpu_play: f64,
    pub self_cpu_play: f64,
    pub rss_peak_play_kb: u64,
    pub wave_throughputs: Vec<f64>,
}

impl Default for Totals {
    fn default() -> Self {
        let h = || Histogram::<u64>::new_with_bounds(1, 600_000_000, 3).expect("histogram");
        Totals {
            play: Duration::ZERO,
            waves: 0,
            warmup_waves: 0,
            lat: h(),
            ack: h(),
            sent: 0,
            acked: 0,
            rejected: BTreeMap::new(),
            errors: BTreeMap::new(),
            matches_played: 0,
            games_completed: 0,
            stuck_games: 0,
            stuck_reasons: BTreeMap::new(),
            setup_fails: 0,
            setup_errors: BTreeMap::new(),
            matches_set_up: 0,
            setup_wall: Duration::ZERO,
            server_cpu_setup: 0.0,
            server_cpu_play: 0.0,
            db_cpu_play: 0.0,
            self_cpu_play: 0.0,
            rss_peak_play_kb: 0,
            wave_throughputs: Vec::new(),
        }
    }
}

impl Totals {
    /// Adds one seat's results.
    pub fn add_seat(&mut self, s: SeatStats) {
        for v in s.lat_us {
            self.lat.saturating_record(v.max(1) as u64);
        }
        for v in s.ack_us {
            self.ack.saturating_record(v.max(1) as u64);
        }
        self.sent += s.sent;
        self.acked += s.acked;
        for (k, v) in s.rejected {
            *self.rejected.entry(k).or_default() += v;
        }
        for (k, v) in s.errors {
            *self.errors.entry(k).or_default() += v;
        }
    }
}

/// Latency percentiles in milliseconds.
#[derive(Serialize, Debug, Clone)]
pub struct Lat {
    pub p50: Option<f64>,
    pub p95: Option<f64>,
    pub p99: Option<f64>,
    pub max: Option<f64>,
    pub mean: Option<f64>,
    pub n: u64,
}

fn lat(h: &Histogram<u64>) -> Lat {
    if h.is_empty() {
        return Lat { p50: None, p95: None, p99: None, max: None, mean: None, n: 0 };
    }
    let ms = |us: u64| Some(r3(us as f64 / 1000.0));
    Lat {
        p50: ms(h.value_at_quantile(0.50)),
        p95: ms(h.value_at_quantile(0.95)),
        p99: ms(h.value_at_quantile(0.99)),
        max: ms(h.max()),
        mean: Some(r3(h.mean() / 1000.0)),
        n: h.len(),
    }
}

fn r2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn r3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Setup figures.
#[derive(Serialize, Debug, Clone)]
pub struct Setup {
    pub matches: usize,
    pub server_cpu_ms_per_match: Option<f64>,
    pub wall_s: f64,
}

/// One game's result (one JSON line).
#[derive(Serialize, Debug, Clone)]
pub struct Report {
    pub ts: String,
    pub label: String,
    pub adapter: &'static str,
    pub framework: String,
    pub version: String,
    pub game: String,
    pub seats: u8,
    pub matches: usize,
    pub play_s: f64,
    pub waves: usize,
    pub warmup_waves: usize,
    /// Acknowledged actions per second of play (named as the anchors name
    /// it; every action is a bid in Sealed Bids).
    pub throughput_bids_s: f64,
    pub wave_throughput_min_med_max: Option<[f64; 3]>,
    /// Act → the sender's accepted update (ack and state).
    pub lat_ms: Lat,
    /// Act → ack alone.
    pub ack_lat_ms: Lat,
    pub bids_sent: u64,
    pub bids_acked: u64,
    pub rejections: BTreeMap<String, u64>,
    pub errors: BTreeMap<String, u64>,
    pub matches_played: usize,
    pub games_completed: usize,
    pub stuck_games: usize,
    pub stuck_reasons: BTreeMap<String, u64>,
    pub setup_fails: usize,
    pub setup_errors: BTreeMap<String, u64>,
    pub server_cpu_s_play: Option<f64>,
    pub server_cpu_util_play: Option<f64>,
    pub server_cpu_us_per_bid: Option<f64>,
    pub db_procs: Vec<String>,
    pub db_cpu_s_play: Option<f64>,
    pub db_cpu_us_per_bid: Option<f64>,
    /// Server + database CPU per acknowledged action.
    pub total_cpu_us_per_bid: Option<f64>,
    pub server_peak_rss_mb: Option<f64>,
    pub server_peak_rss_play_mb: Option<f64>,
    pub server_rss_end_mb: Option<f64>,
    pub setup: Setup,
    pub driver_cpu_util_play: f64,
    pub wall_s: f64,
}

/// Builds the report of one game.
pub fn build(
    args: &Args,
    game: &GameInfo,
    seats: u8,
    t: &Totals,
    hwm_kb: Option<u64>,
    rss_end_kb: Option<u64>,
    wall: Duration,
) -> Report {
    let play_s = t.play.as_secs_f64();
    let per_bid = |cpu: f64| (t.acked > 0).then(|| r2(cpu / t.acked as f64 * 1e6));
    let server = args.server_pid.map(|_| t.server_cpu_play);
    let db = (!args.db_procs.is_empty()).then_some(t.db_cpu_play);
    let mut wt = t.wave_throughputs.clone();
    wt.sort_by(|a, b| a.total_cmp(b));
    Report {
        ts: now_iso(),
        label: if args.label.is_empty() { format!("backroom-load {}", game.id) } else { args.label.clone() },
        adapter: "backroom-load",
        framework: "Backroom (backroom-load)".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        game: game.id.clone(),
        seats,
        matches: args.matches,
        play_s: r2(play_s),
        waves: t.waves,
        warmup_waves: t.warmup_waves,
        throughput_bids_s: if play_s > 0.0 { r2(t.acked as f64 / play_s) } else { 0.0 },
        wave_throughput_min_med_max: (!wt.is_empty()).then(|| [r2(wt[0]), r2(wt[wt.len() / 2]), r2(wt[wt.len() - 1])]),
        lat_ms: lat(&t.lat),
        ack_lat_ms: lat(&t.ack),
        bids_sent: t.sent,
        bids_acked: t.acked,
        rejections: t.rejected.clone(),
        errors: t.errors.clone(),
        matches_played: t.matches_played,
        games_completed: t.games_completed,
        stuck_games: t.stuck_games,
        stuck_reasons: t.stuck_reasons.clone(),
        setup_fails: t.setup_fails,
        setup_errors: t.setup_errors.clone(),
        server_cpu_s_play: server.map(r2),
        server_cpu_util_play: server.filter(|_| play_s > 0.0).map(|c| r2(c / play_s)),
        server_cpu_us_per_bid: server.and_then(per_bid),
        db_procs: args.db_procs.clone(),
        db_cpu_s_play: db.map(r2),
        db_cpu_us_per_bid: db.and_then(per_bid),
        total_cpu_us_per_bid: server.map(|s| s + db.unwrap_or(0.0)).and_then(per_bid),
        server_peak_rss_mb: hwm_kb.map(|k| r2(k as f64 / 1024.0)),
        server_peak_rss_play_mb: args.server_pid.map(|_| r2(t.rss_peak_play_kb as f64 / 1024.0)),
        server_rss_end_mb: rss_end_kb.map(|k| r2(k as f64 / 1024.0)),
        setup: Setup {
            matches: t.matches_set_up,
            server_cpu_ms_per_match: (args.server_pid.is_some() && t.matches_set_up > 0)
                .then(|| r2(t.server_cpu_setup / t.matches_set_up as f64 * 1000.0)),
            wall_s: r2(t.setup_wall.as_secs_f64()),
        },
        driver_cpu_util_play: if play_s > 0.0 { r2(t.self_cpu_play / play_s) } else { 0.0 },
        wall_s: r2(wall.as_secs_f64()),
    }
}

fn opt(x: Option<f64>, d: usize) -> String {
    x.map(|v| format!("{v:.d$}")).unwrap_or_else(|| "-".into())
}

fn counts(m: &BTreeMap<String, u64>) -> String {
    if m.is_empty() {
        return "none".into();
    }
    m.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(", ")
}

/// A one-line summary (stderr in `--json` mode).
pub fn one_line(r: &Report) -> String {
    format!(
        "{} N={} seats={}: {} actions/s over {} s play ({} waves), latency p50/p95/p99/max {}/{}/{}/{} ms, \
         server {} µs/action (+db {}), peak RSS {} MB, completed {}, stuck {}, setup fails {}, rejections {}",
        r.game,
        r.matches,
        r.seats,
        r.throughput_bids_s,
        r.play_s,
        r.waves,
        opt(r.lat_ms.p50, 2),
        opt(r.lat_ms.p95, 2),
        opt(r.lat_ms.p99, 2),
        opt(r.lat_ms.max, 2),
        opt(r.server_cpu_us_per_bid, 1),
        opt(r.db_cpu_us_per_bid, 1),
        opt(r.server_peak_rss_mb, 1),
        r.games_completed,
        r.stuck_games,
        r.setup_fails,
        counts(&r.rejections),
    )
}

/// The human table.
pub fn print_table(rs: &[Report]) {
    println!(
        "| game | seats | N | play s | waves | actions/s | p50 ms | p95 ms | p99 ms | max ms | ack p50 ms | server µs/action | db µs/action | server+db µs/action | server util | peak RSS MB | setup ms CPU/match | completed | stuck | setup fails | tool util |"
    );
    println!(
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for r in rs {
        println!(
            "| {} | {} | {} | {:.1} | {} | {:.0} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.2} |",
            r.game,
            r.seats,
            r.matches,
            r.play_s,
            r.waves,
            r.throughput_bids_s,
            opt(r.lat_ms.p50, 2),
            opt(r.lat_ms.p95, 2),
            opt(r.lat_ms.p99, 2),
            opt(r.lat_ms.max, 2),
            opt(r.ack_lat_ms.p50, 2),
            opt(r.server_cpu_us_per_bid, 1),
            opt(r.db_cpu_us_per_bid, 1),
            opt(r.total_cpu_us_per_bid, 1),
            opt(r.server_cpu_util_play, 2),
            opt(r.server_peak_rss_mb, 1),
            opt(r.setup.server_cpu_ms_per_match, 2),
            r.games_completed,
            r.stuck_games,
            r.setup_fails,
            r.driver_cpu_util_play,
        );
    }
    for r in rs {
        println!();
        println!("{}: rejections by code: {}", r.game, counts(&r.rejections));
        if !r.errors.is_empty() {
            println!("{}: error messages by code: {}", r.game, counts(&r.errors));
        }
        if !r.setup_errors.is_empty() {
            println!("{}: setup failures: {}", r.game, counts(&r.setup_errors));
        }
        if !r.stuck_reasons.is_empty() {
            println!("{}: stuck: {}", r.game, counts(&r.stuck_reasons));
        }
    }
}

/// UTC time as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
fn now_iso() -> String {
    let d = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil from days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = if month <= 2 { y + 1 } else { y };
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        d.subsec_millis()
    )
}
