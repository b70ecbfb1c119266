//! The heuristic bot finishes games at every seat count, never plays an
//! illegal action, and beats random play (a small seeded sample; the
//! README has the 200-match arena figures).

use backroom_engine::{Game, GameRng};
use mutants::{Mutants, Options, PoolMode};

fn play(o: &Options, seats: u8, seed: u64, heuristic: &[bool]) -> Mutants {
    let mut rng = GameRng::seeded(seed);
    let mut bot = GameRng::seeded(seed + 99);
    let mut g = Mutants::setup(o, seats, &mut rng).unwrap();
    let mut n = 0;
    while !g.pending().is_over() {
        let seat = g.pending().awaited().iter().next().unwrap();
        let a = if heuristic[seat as usize] { g.bot_action(seat, &mut bot) } else { None }
            .or_else(|| g.random_action(seat, &mut bot))
            .unwrap();
        g.apply(seat, &a, &mut rng).unwrap_or_else(|e| panic!("seed {seed}: {a:?} refused: {e}"));
        n += 1;
        assert!(n < Mutants::max_actions(seats), "seed {seed}: no end");
    }
    g
}

#[test]
fn bot_only_games_end_at_every_seat_count() {
    for seats in 1..=4u8 {
        for (seed, mode) in [PoolMode::Draft, PoolMode::Preconstructed, PoolMode::Constructed].into_iter().enumerate() {
            let o = Options {
                gene_pools: mode,
                boss: if seed % 2 == 0 { "jack-ice" } else { "singularity-wizard" }.into(),
                ..Options::default()
            };
            let g = play(&o, seats, seed as u64, &[true; 4]);
            assert!(g.outcome().is_some());
        }
    }
}

#[test]
fn the_heuristic_beats_random_play() {
    let mut wins = 0;
    for seed in 0..10 {
        let g = play(&Options::default(), 2, seed, &[seed % 2 == 0, seed % 2 == 1]);
        let winner = g.outcome().unwrap().ranking[0][0];
        if u64::from(winner) == seed % 2 {
            wins += 1;
        }
    }
    assert!(wins >= 7, "{wins} of 10");
}
