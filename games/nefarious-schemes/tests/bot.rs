//! The heuristic bot finishes games and beats random play from either side.

use backroom_engine::{Game, GameRng, Seat};
use nefarious_schemes::{HERO, Options, Schemes, VILLAIN};

/// Plays one match; `smart` seats use the heuristic. The winner.
fn play(seed: u64, smart: [bool; 2]) -> Seat {
    let mut rng = GameRng::seeded(seed);
    let mut bots = GameRng::seeded(seed ^ 0xb07);
    let mut g = Schemes::setup(&Options::default(), 2, &mut rng).unwrap();
    for _ in 0..Schemes::max_actions(2) {
        if g.pending().is_over() {
            break;
        }
        let seat = g.pending().awaited().iter().next().unwrap();
        let a = if smart[seat as usize] { g.bot_action(seat, &mut bots) } else { None }
            .or_else(|| g.random_action(seat, &mut bots))
            .unwrap();
        g.apply(seat, &a, &mut rng).unwrap_or_else(|e| panic!("seed {seed}: the bot's {a:?} was refused: {e}"));
    }
    g.outcome().expect("the game ends").winners()[0]
}

#[test]
fn the_heuristic_beats_random_play_from_either_side() {
    let n: u64 = 30;
    let heroes = (0..n).filter(|s| play(*s, [true, false]) == HERO).count() as u64;
    let villain = (0..n).filter(|s| play(*s, [false, true]) == VILLAIN).count() as u64;
    let both = (0..n).filter(|s| play(*s, [true, true]) == HERO).count() as u64;
    eprintln!(
        "heuristic Heroes win {heroes}/{n} against random; heuristic Villain {villain}/{n}; heuristic against heuristic: Heroes {both}/{n}"
    );
    assert!(heroes * 3 > n * 2, "{heroes}/{n}");
    assert!(villain * 3 > n * 2, "{villain}/{n}");
}
