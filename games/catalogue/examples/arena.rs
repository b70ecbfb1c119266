//! The arena without the server build: `cargo run --release -p
//! backroom-games --example arena -- <game> <matches> <bots> [seed]
//! [think-ms] [options-json]`, the same as `backroom arena <game> --matches
//! N --bots ... --seed S --think-ms T --options O`; it also prints the
//! seconds per match.

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
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
    match backroom_games::arena::run(game, &arena) {
        Ok(r) => {
            print!("{r}");
            let per_match = started.elapsed().as_secs_f64() / (r.finished + r.abandoned).max(1) as f64;
            println!("  {per_match:.2} s per match");
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
