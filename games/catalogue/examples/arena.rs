//! The arena without the server build: `cargo run --release -p
//! backroom-games --example arena -- <game> <matches> <bots> [seed]`, the
//! same as `backroom arena <game> --matches N --bots ... --seed S`.

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let game =
        backroom_games::find(a.first().map_or("xmen-mutant-revolution", String::as_str)).expect("a catalogue game id");
    let arena = backroom_games::arena::Arena {
        options: serde_json::Value::Null,
        matches: a.get(1).and_then(|s| s.parse().ok()).unwrap_or(100),
        bots: backroom_games::arena::parse_bots(a.get(2).map_or("heuristic,random,random", String::as_str))
            .expect("bots"),
        seed: a.get(3).and_then(|s| s.parse().ok()).unwrap_or(1),
        max_actions: 200_000,
    };
    match backroom_games::arena::run(game, &arena) {
        Ok(r) => print!("{r}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
