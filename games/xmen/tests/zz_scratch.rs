use backroom_engine::{Game, GameRng};
use xmen::{Options, XMen};
#[test]
fn dump() {
    for seed in 0..3u64 {
    let mut rng = GameRng::seeded(seed);
    let mut bot = GameRng::seeded(seed.wrapping_mul(31).wrapping_add(7));
    let mut g = XMen::setup(&Options { pick_schools: true, max_rounds: 20 }, 3, &mut rng).unwrap();
    let mut n = 0;
    while !g.pending().is_over() {
        let aw: Vec<u8> = g.pending().awaited().iter().collect();
        let seat = aw[bot.index(aw.len())];
        let a = g.random_action(seat, &mut bot).unwrap();
        g.apply(seat, &a, &mut rng).unwrap();
        n += 1;
    }
    println!("{n} actions, round {}, {:?}", g.round, g.outcome().unwrap().summary);
    }
}
