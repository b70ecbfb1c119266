//! The heuristic bot (`Game::bot_action`): it finishes whole matches with
//! every action one its prompt offered and the rules accepted (against
//! itself, random play and the first bot), and it makes the obvious
//! choices in small situations (the enemy it can put down, a needed
//! objective). No win rate is asserted here: the arena and the duel example
//! measure it.

use backroom_engine::{Game, GameRng, Pending, Seat};
use crisis::state::Phase;
use crisis::{Action, Crisis, Options, bot};

#[derive(Clone, Copy)]
enum Player {
    Heuristic,
    Random,
    Baseline,
}

/// Plays a match from `seed`; every action of the heuristic bot must be a
/// verb its prompt offers and must apply.
fn play(seed: u64, players: [Player; 2]) -> Crisis {
    let mut rng = GameRng::seeded(seed);
    let mut bots = GameRng::seeded(seed ^ 0xb07);
    let mut g = Crisis::setup(&Options::default(), 2, &mut rng).unwrap();
    for step in 0..Crisis::max_actions(2) {
        if g.outcome().is_some() {
            return g;
        }
        let seat: Seat = g.pending().awaited().iter().next().expect("someone is awaited");
        let a = match players[usize::from(seat)] {
            Player::Heuristic => {
                // The bot's own choice, not the random fallback of `bot::action`.
                let a = bot::choose(&g, seat, &mut bots).unwrap_or_else(|| panic!("seed {seed} step {step}: no action for seat {seat}"));
                let verb = serde_json::to_value(&a).unwrap()["type"].as_str().unwrap().to_string();
                let p = g.prompt(seat).expect("a prompt for the awaited seat");
                assert!(p.asks.iter().any(|k| k.verb == verb && k.enabled()), "seed {seed} step {step}: {verb} is not offered");
                a
            }
            Player::Random => g.random_action(seat, &mut bots).expect("a random action"),
            Player::Baseline => bot::baseline::action(&g, seat, &mut bots).expect("a baseline action"),
        };
        if let Err(e) = g.apply(seat, &a, &mut rng) {
            panic!("seed {seed} step {step}: {a:?} was refused: {e}");
        }
    }
    panic!("seed {seed}: the match did not end");
}

#[test]
fn the_bot_finishes_matches_legally() {
    use Player::*;
    for (seed, players) in [(1, [Heuristic, Heuristic]), (2, [Heuristic, Heuristic]), (3, [Heuristic, Random]), (4, [Random, Heuristic]), (5, [Heuristic, Baseline]), (6, [Baseline, Heuristic])] {
        let g = play(seed, players);
        assert_eq!(g.phase, Phase::Over, "seed {seed}");
    }
}

/// Round 1, both squads deployed, seat 0 to act.
fn squads(mine: &[&str], theirs: &[&str]) -> (Crisis, GameRng) {
    let mut rng = GameRng::seeded(7);
    let mut g = Crisis::setup_at_version(&Options::default(), 2, &mut rng, 3).unwrap();
    let np = 1 - g.priority;
    g.apply(np, &Action::ChooseThreat { crisis: 0 }, &mut rng).unwrap();
    g.apply(np, &Action::ChooseEdge { edge: crisis::state::Edge::South }, &mut rng).unwrap();
    g.apply(0, &Action::Squad { characters: mine.iter().map(|s| s.to_string()).collect(), tactics: vec![] }, &mut rng).unwrap();
    g.apply(1, &Action::Squad { characters: theirs.iter().map(|s| s.to_string()).collect(), tactics: vec![] }, &mut rng).unwrap();
    for _ in 0..mine.len() + theirs.len() {
        let seat = g.turn;
        let m = g.models.iter().position(|m| m.owner == seat && !m.deployed).unwrap();
        let pts = crisis::rules::setup::deploy_points(&g, m);
        g.apply(seat, &Action::Deploy { model: m, at: pts[0] }, &mut rng).unwrap();
    }
    assert!(matches!(g.pending(), Pending::Turn { .. }));
    g.turn = 0;
    (g, rng)
}

#[test]
fn the_bot_focuses_on_the_enemy_it_can_put_down() {
    let (mut g, mut rng) = squads(&["warlord"], &["razorback", "shade"]);
    let id = |g: &Crisis, c: &str| g.models.iter().position(|m| m.card == c).unwrap();
    let (wa, ra, sh) = (id(&g, "warlord"), id(&g, "razorback"), id(&g, "shade"));
    // Open ground west of the Car: both enemies within R4 and in sight;
    // the Shade has 1 Stamina left.
    g.models[wa].pos = [20.0, 3.0];
    g.models[ra].pos = [18.0, 9.0];
    g.models[sh].pos = [22.0, 9.0];
    g.models[sh].damage = 3;
    let a = bot::action(&g, 0, &mut rng).unwrap();
    assert_eq!(a, Action::Activate { model: wa });
    g.apply(0, &a, &mut rng).unwrap();
    let a = bot::action(&g, 0, &mut rng).unwrap();
    assert_eq!(a, Action::Attack { attack: 0, target: sh }, "the Rifle at the Shade, one damage from Dazed");
}

#[test]
fn the_bot_moves_onto_a_secure_token_nobody_holds() {
    let (mut g, mut rng) = squads(&["bulwark"], &["razorback"]);
    let id = |g: &Crisis, c: &str| g.models.iter().position(|m| m.card == c).unwrap();
    let (bu, ra) = (id(&g, "bulwark"), id(&g, "razorback"));
    let secure = (0..g.tokens.len()).find(|&t| g.crisis_card(g.tokens[t].crisis).token_mode == crisis::content::TokenMode::Secure).unwrap();
    let at = g.token_pos(secure);
    // The Bulwark 4" south of a Secure token, the enemy far away.
    g.models[bu].pos = [at[0], at[1] - 4.0];
    g.models[ra].pos = [2.0, 34.0];
    g.apply(0, &Action::Activate { model: bu }, &mut rng).unwrap();
    let Some(Action::Advance { plan }) = bot::action(&g, 0, &mut rng) else { panic!("the bot should move") };
    let geo = g.geo();
    let gap = crisis::geometry::dist_discs(crisis::geometry::Disc { c: plan.to, r: g.models[bu].disc(geo).r }, crisis::geometry::Disc { c: at, r: geo.token_diameter / 2.0 });
    assert!(crisis::geometry::within(geo, gap, 1), "it ends within R1 of the token ({gap:.2}\" away)");
}

#[test]
fn the_bot_takes_control_of_a_token_in_reach_before_anything_else() {
    let (mut g, mut rng) = squads(&["warlord"], &["razorback"]);
    let id = |g: &Crisis, c: &str| g.models.iter().position(|m| m.card == c).unwrap();
    let (wa, ra) = (id(&g, "warlord"), id(&g, "razorback"));
    g.crises = ["reactor-vents".into(), "data-cores".into()];
    g.tokens = vec![crisis::state::Token { crisis: 0, index: 0, pos: [12.0, 12.0], holder: None, control: Some(1) }];
    g.models[wa].pos = [12.0, 10.5];
    g.models[ra].pos = [30.0, 32.0];
    g.apply(0, &Action::Activate { model: wa }, &mut rng).unwrap();
    assert_eq!(bot::choose(&g, 0, &mut rng), Some(Action::Interact { token: 0 }));
}

#[test]
fn the_bot_patches_up_a_hurt_ally_when_it_has_nothing_to_attack() {
    let (mut g, mut rng) = squads(&["lifeline", "warlord"], &["razorback"]);
    let id = |g: &Crisis, c: &str| g.models.iter().position(|m| m.card == c).unwrap();
    let (li, wa, ra) = (id(&g, "lifeline"), id(&g, "warlord"), id(&g, "razorback"));
    g.models[li].pos = [20.0, 1.5];
    g.models[wa].pos = [20.0, 3.6];
    g.models[wa].damage = 3;
    g.models[li].power = 2;
    g.models[ra].pos = [30.0, 32.0];
    g.apply(0, &Action::Activate { model: li }, &mut rng).unwrap();
    let Some(Action::UsePower { choice, .. }) = bot::choose(&g, 0, &mut rng) else { panic!("Patch Up expected") };
    assert_eq!(choice.target, Some(wa));
}

#[test]
fn the_bot_charges_an_enemy_out_of_reach_of_its_attacks() {
    let (mut g, mut rng) = squads(&["stampede"], &["razorback"]);
    let id = |g: &Crisis, c: &str| g.models.iter().position(|m| m.card == c).unwrap();
    let (st, ra) = (id(&g, "stampede"), id(&g, "razorback"));
    g.models[st].pos = [20.0, 3.0];
    g.models[st].power = 2;
    g.models[ra].pos = [20.0, 9.5];
    g.apply(0, &Action::Activate { model: st }, &mut rng).unwrap();
    let Some(a @ Action::UsePower { .. }) = bot::choose(&g, 0, &mut rng) else { panic!("Charge expected") };
    let Action::UsePower { ref choice, .. } = a else { unreachable!() };
    assert_eq!(choice.target, Some(ra));
    g.apply(0, &a, &mut rng).unwrap();
    assert!(g.models[ra].damage > 0 || g.models[st].pos != [20.0, 3.0]);
}
