//! Rough timings on Downtown-12 (not a benchmark: no warm-up control, and
//! in a debug build the figures are upper bounds):
//! `cargo run -p crisis-protocol --example measure`.

use backroom_engine::{Game, GameRng, testkit};
use crisis_protocol::content::{Tool, content};
use crisis_protocol::geometry::{self, Disc, line_of_sight};
use crisis_protocol::rules::movement::{self, Mover};
use crisis_protocol::state::layout_pieces;
use crisis_protocol::{Crisis, Options};
use std::time::Instant;

fn main() {
    let g = &content().geometry;
    let pieces = layout_pieces("downtown-12");
    let r = 40.0 / 25.4 / 2.0;
    let mut rng = GameRng::seeded(3);
    let mut discs = Vec::new();
    while discs.len() < 400 {
        let d = Disc {
            c: [1.0 + f64::from(rng.range(0, 34_000)) / 1000.0, 1.0 + f64::from(rng.range(0, 34_000)) / 1000.0],
            r,
        };
        if pieces.iter().all(|p| !geometry::overlaps(g, d, p)) {
            discs.push(d);
        }
    }
    let t = Instant::now();
    let (mut n, mut seen) = (0u32, 0u32);
    for a in &discs[..200] {
        for b in &discs[200..] {
            n += 1;
            seen += u32::from(line_of_sight(g, *a, None, *b, 2, pieces));
        }
    }
    println!(
        "line of sight: {:.1} µs per check over {n} pairs ({seen} clear)",
        t.elapsed().as_secs_f64() * 1e6 / f64::from(n)
    );
    let t = Instant::now();
    let mut plans = 0usize;
    for d in &discs[..100] {
        let others: Vec<Disc> = discs[300..310].to_vec();
        let m = Mover {
            disc: *d,
            size: 2,
            flies: false,
            speed: Tool::L,
            slow: false,
            no_long: false,
            on: None,
            others: &others,
            pieces,
        };
        plans += movement::candidates(g, &m).len();
    }
    let checks = 100 * 48 * 2;
    println!(
        "movement validation: {:.1} µs per plan checked ({plans} legal)",
        t.elapsed().as_secs_f64() * 1e6 / f64::from(checks)
    );
    let t = Instant::now();
    let mut actions = 0;
    for seed in 0..10 {
        let mut rng = GameRng::seeded(seed);
        let mut bot = GameRng::seeded(seed + 99);
        let mut m = Crisis::setup(&Options::default(), 2, &mut rng).unwrap();
        while !m.pending().is_over() {
            let seat = m.pending().awaited().iter().next().unwrap();
            let a = m.random_action(seat, &mut bot).unwrap();
            m.apply(seat, &a, &mut rng).unwrap();
            actions += 1;
        }
    }
    println!(
        "random play through the prompt path: {:.0} actions per second ({actions} actions)",
        f64::from(actions) / t.elapsed().as_secs_f64()
    );
    let _ = testkit::all_seats;
}
