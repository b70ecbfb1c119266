//! Engine benchmarks (criterion).
//!
//! * `playout/*`: random legal play, in actions per second: every game of
//!   the catalogue through the type-erased interface the server uses
//!   (`DynState::random_action` + `DynState::apply`, JSON in between), and
//!   Sealed Bids through its typed fast path (`Game::random_action`) and
//!   through the generic prompt path (build the prompt, sample it, parse,
//!   apply), and Mutants, Nefarious Schemes, Crisis Protocol and Villains through the same
//!   typed prompt path;
//! * `geometry/*`: Crisis Protocol's line of sight (per check) and movement
//!   validation (per moving character, every candidate end point);
//! * `view/*`: building and serializing one viewer's view, mid-game, per
//!   viewer (every seat and a spectator);
//! * `snapshot/*` and `resume/*`: serialize a state + RNG, restore them, and
//!   resume by replaying the whole action log, for matches of 100, 1 000 and
//!   10 000 actions (Sealed Bids with enough rounds).
//!
//! Quick smoke (CI): `cargo bench -p backroom-benches -- --test` runs every
//! benchmark once. A full run: `cargo bench -p backroom-benches`.
//!
//! The allocator is the server's (mimalloc): these are the engines as the
//! server runs them. On glibc's malloc the prompt path measured 0.80 M
//! actions/s on the 10:32 "Intel Xeon" VM (see bench/README.md).

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use backroom_benches::*;
use backroom_engine::{Game, GameRng};
use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sealed_bids::SealedBids;
use std::hint::black_box;
use std::time::Duration;

/// Actions per measured iteration of the playout benchmarks.
const STEPS: usize = 1_000;

fn playouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("playout");
    g.throughput(Throughput::Elements(STEPS as u64));
    for game in backroom_games::catalogue() {
        let info = game.info();
        let mut seed = 0u64;
        g.bench_function(BenchmarkId::new("dyn", &info.id), |b| {
            b.iter(|| {
                seed += 1;
                black_box(dyn_random_steps(game.as_ref(), info.default_seats, STEPS, seed))
            })
        });
    }
    let mut seed = 0u64;
    g.bench_function(BenchmarkId::new("typed", "sealed-bids"), |b| {
        b.iter(|| {
            seed += 1;
            black_box(typed_random_steps(STEPS, seed))
        })
    });
    let mut seed = 0u64;
    g.bench_function(BenchmarkId::new("typed-prompt", "sealed-bids"), |b| {
        b.iter(|| {
            seed += 1;
            black_box(typed_prompt_steps(STEPS, seed))
        })
    });
    // Mutants through the prompt path (issue 15: at least 100 000 actions
    // per second on one core), 2 seats with the draft.
    let mut seed = 0u64;
    let options = mutants::Options::default();
    g.bench_function(BenchmarkId::new("typed-prompt", "mutants"), |b| {
        b.iter(|| {
            seed += 1;
            black_box(prompt_steps::<mutants::Mutants>(&options, 2, STEPS, seed))
        })
    });
    // Nefarious Schemes (issue 16) and Villains (issue 14), the same way:
    // at least 100 000 actions per second each.
    let mut seed = 0u64;
    g.bench_function(BenchmarkId::new("typed-prompt", "nefarious-schemes"), |b| {
        b.iter(|| {
            seed += 1;
            black_box(prompt_steps::<nefarious_schemes::Schemes>(&Default::default(), 2, STEPS, seed))
        })
    });
    // Crisis Protocol (issue 17: at least 10 000 actions per second).
    let mut seed = 0u64;
    g.bench_function(BenchmarkId::new("typed-prompt", "crisis-protocol"), |b| {
        b.iter(|| {
            seed += 1;
            black_box(prompt_steps::<crisis_protocol::Crisis>(&Default::default(), 2, STEPS, seed))
        })
    });
    let mut seed = 0u64;
    g.bench_function(BenchmarkId::new("typed-prompt", "villains"), |b| {
        b.iter(|| {
            seed += 1;
            black_box(prompt_steps::<villains::Villains>(&Default::default(), 4, STEPS, seed))
        })
    });
    g.finish();
}

/// Crisis Protocol's geometry on a full battlefield (Downtown-12 and 400
/// bases placed clear of terrain): one line-of-sight check, and one
/// movement validation (every candidate end point of an L tool, 16
/// directions, advance and climb, against ten other bases). Issue 17's
/// goal: each at most 50 µs.
fn geometry(c: &mut Criterion) {
    use crisis_protocol::content::{Tool, content};
    use crisis_protocol::geometry::{Disc, line_of_sight, overlaps};
    use crisis_protocol::rules::movement::{Mover, candidates};
    let g = &content().geometry;
    let pieces = crisis_protocol::state::layout_pieces("downtown-12");
    let r = 40.0 / 25.4 / 2.0;
    let mut rng = GameRng::seeded(3);
    let mut discs = Vec::new();
    while discs.len() < 400 {
        let d = Disc {
            c: [1.0 + f64::from(rng.range(0, 34_000)) / 1000.0, 1.0 + f64::from(rng.range(0, 34_000)) / 1000.0],
            r,
        };
        if pieces.iter().all(|p| !overlaps(g, d, p)) {
            discs.push(d);
        }
    }
    let mut grp = c.benchmark_group("geometry");
    grp.throughput(Throughput::Elements(200));
    grp.bench_function(BenchmarkId::new("line-of-sight", "crisis-protocol"), |b| {
        b.iter(|| {
            let mut seen = 0u32;
            for (a, o) in discs[..200].iter().zip(&discs[200..]) {
                seen += u32::from(line_of_sight(g, *a, None, *o, 2, pieces));
            }
            black_box(seen)
        })
    });
    let others: Vec<Disc> = discs[300..310].to_vec();
    grp.throughput(Throughput::Elements(1));
    let mut i = 0usize;
    grp.bench_function(BenchmarkId::new("movement-validation", "crisis-protocol"), |b| {
        b.iter(|| {
            i = (i + 1) % 100;
            let m = Mover {
                disc: discs[i],
                size: 2,
                flies: false,
                speed: Tool::L,
                slow: false,
                no_long: false,
                on: None,
                others: &others,
                pieces,
            };
            black_box(candidates(g, &m).len())
        })
    });
    grp.finish();
}

fn views(c: &mut Criterion) {
    let mut g = c.benchmark_group("view");
    for game in backroom_games::catalogue() {
        let info = game.info();
        let state = mid_game(game.as_ref(), info.default_seats, 40, 1);
        let vs = viewers(info.default_seats);
        g.throughput(Throughput::Elements(vs.len() as u64));
        g.bench_function(BenchmarkId::new("dyn-json-all-viewers", &info.id), |b| {
            b.iter(|| {
                let mut bytes = 0;
                for v in &vs {
                    bytes += state.view_json(*v).len();
                }
                black_box(bytes)
            })
        });
    }
    // Typed: the view value alone, and the value serialized.
    let mut rng = GameRng::seeded(1);
    let mut bot = GameRng::seeded(2);
    let mut sb = SealedBids::setup(&sealed_bids::Options::default(), 4, &mut rng).unwrap();
    for _ in 0..40 {
        let seat = pick_awaited(&Game::pending(&sb), &mut bot).unwrap();
        let a = Game::random_action(&sb, seat, &mut bot).unwrap();
        Game::apply(&mut sb, seat, &a, &mut rng).unwrap();
    }
    let vs = viewers(4);
    g.throughput(Throughput::Elements(vs.len() as u64));
    g.bench_function(BenchmarkId::new("typed-build", "sealed-bids"), |b| {
        b.iter(|| {
            for v in &vs {
                black_box(Game::view(&sb, *v));
            }
        })
    });
    g.bench_function(BenchmarkId::new("typed-build+json", "sealed-bids"), |b| {
        b.iter(|| {
            let mut bytes = 0;
            for v in &vs {
                bytes += serde_json::to_string(&Game::view(&sb, *v)).unwrap().len();
            }
            black_box(bytes)
        })
    });
    g.finish();
}

fn snapshots(c: &mut Criterion) {
    let game = sealed_bids_dyn();
    let lens = [100usize, 1_000, 10_000];
    let recs: Vec<(usize, Recorded)> = lens.iter().map(|&n| (n, sealed_bids_recorded(n, 42))).collect();

    let mut g = c.benchmark_group("snapshot");
    for (n, rec) in &recs {
        let (state, rng) = resume_from_snapshot(game, rec);
        g.bench_with_input(BenchmarkId::new("serialize", n), n, |b, _| {
            b.iter(|| {
                let s = state.state_json();
                let r = serde_json::to_string(&rng).unwrap();
                black_box(s.len() + r.len())
            })
        });
        g.bench_with_input(BenchmarkId::new("restore", n), n, |b, _| {
            b.iter(|| black_box(resume_from_snapshot(game, rec)))
        });
    }
    g.finish();

    let mut g = c.benchmark_group("resume");
    for (n, rec) in &recs {
        g.throughput(Throughput::Elements(*n as u64));
        g.bench_with_input(BenchmarkId::new("replay-log", n), n, |b, _| {
            b.iter_batched(|| (), |_| black_box(resume_by_replay(game, rec)), BatchSize::SmallInput)
        });
    }
    g.finish();
}

fn config() -> Criterion {
    // Short enough for a full run on the 2-core machine (about a minute per
    // group); `--test` runs each benchmark once.
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
        .without_plots()
}

criterion_group! {
    name = benches;
    config = config();
    targets = playouts, views, snapshots, geometry
}
criterion_main!(benches);
