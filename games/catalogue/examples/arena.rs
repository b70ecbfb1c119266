//! The arena without the server build: `cargo run --profile profiling -p
//! backroom-games --example arena -- <game> <matches> <bots> [seed]
//! [think-ms] [options-json] [--threads N] [--jobs N]`, the same as
//! `backroom arena <game> --matches N --bots ... --seed S --think-ms T
//! --options O`. `--threads` is the threads each search decision runs on,
//! `--jobs` the matches played at once. It also prints the seconds per
//! match and the load average, and one `summary` line per bot kind with
//! its 95 % interval, for the READMEs.
//!
//! It runs on the server's allocator (mimalloc), so that a search bot's
//! thinking time buys as many iterations here as at a table.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut a: Vec<String> = std::env::args().skip(1).collect();
    let mut flag = |name: &str| -> usize {
        let Some(i) = a.iter().position(|x| x == name) else { return 1 };
        let value = a.get(i + 1).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{name} takes a number"));
        a.drain(i..i + 2);
        value
    };
    let workers = backroom_games::arena::Workers { threads: flag("--threads"), jobs: flag("--jobs") };
    let game =
        backroom_games::find(a.first().map_or("xmen-mutant-revolution", String::as_str)).expect("a catalogue game id");
    let arena = backroom_games::arena::Arena {
        options: a.get(5).map_or(serde_json::Value::Null, |o| serde_json::from_str(o).expect("options as JSON")),
        matches: a.get(1).and_then(|s| s.parse().ok()).unwrap_or(100),
        bots: backroom_games::arena::parse_bots(a.get(2).map_or("heuristic,random,random", String::as_str))
            .expect("bots"),
        seed: a.get(3).and_then(|s| s.parse().ok()).unwrap_or(1),
        max_actions: 200_000,
        think_ms: a.get(4).and_then(|s| s.parse().ok()).unwrap_or(200),
    };
    let started = std::time::Instant::now();
    match backroom_games::arena::run_with(game, &arena, workers) {
        Ok(r) => {
            print!("{r}");
            let per_match = started.elapsed().as_secs_f64() / (r.finished + r.abandoned).max(1) as f64;
            let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
            let load = load.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
            println!("  {per_match:.2} s per match; {workers:?}; think {} ms; load {load}", arena.think_ms);
            for line in r.summary() {
                println!("{line}, {per_match:.2} s/match, load {load}");
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
