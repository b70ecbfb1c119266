//! The heuristic bot (`Game::bot_action`): it finishes whole matches with
//! every action one its prompt offered and the rules accepted (against
//! itself, random play and the first bot), and it makes the obvious
//! choices in small situations (the enemy it can put down, a needed
//! objective). No win rate is asserted here: the arena and the duel example
//! measure it.

use backroom_engine::{Game, GameRng, Pending, Seat};
use crisis_protocol::state::Phase;
use crisis_protocol::{Action, Crisis, Options, bot};

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
                let a = bot::choose(&g, seat, &mut bots)
                    .unwrap_or_else(|| panic!("seed {seed} step {step}: no action for seat {seat}"));
                let verb = serde_json::to_value(&a).unwrap()["type"].as_str().unwrap().to_string();
                let p = g.prompt(seat).expect("a prompt for the awaited seat");
                assert!(
                    p.asks.iter().any(|k| k.verb == verb && k.enabled()),
                    "seed {seed} step {step}: {verb} is not offered"
                );
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
    for (seed, players) in [
        (1, [Heuristic, Heuristic]),
        (2, [Heuristic, Heuristic]),
        (3, [Heuristic, Random]),
        (4, [Random, Heuristic]),
        (5, [Heuristic, Baseline]),
        (6, [Baseline, Heuristic]),
    ] {
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
    g.apply(np, &Action::ChooseEdge { edge: crisis_protocol::state::Edge::South }, &mut rng).unwrap();
    g.apply(0, &Action::Squad { characters: mine.iter().map(|s| s.to_string()).collect(), tactics: vec![] }, &mut rng)
        .unwrap();
    g.apply(
        1,
        &Action::Squad { characters: theirs.iter().map(|s| s.to_string()).collect(), tactics: vec![] },
        &mut rng,
    )
    .unwrap();
    for _ in 0..mine.len() + theirs.len() {
        let seat = g.turn;
        let m = g.models.iter().position(|m| m.owner == seat && !m.deployed).unwrap();
        let pts = crisis_protocol::rules::setup::deploy_points(&g, m);
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
    let secure = (0..g.tokens.len())
        .find(|&t| g.crisis_card(g.tokens[t].crisis).token_mode == crisis_protocol::content::TokenMode::Secure)
        .unwrap();
    let at = g.token_pos(secure);
    // The Bulwark 4" south of a Secure token, the enemy far away.
    g.models[bu].pos = [at[0], at[1] - 4.0];
    g.models[ra].pos = [2.0, 34.0];
    g.apply(0, &Action::Activate { model: bu }, &mut rng).unwrap();
    let Some(Action::Advance { plan }) = bot::action(&g, 0, &mut rng) else { panic!("the bot should move") };
    let geo = g.geo();
    let gap = crisis_protocol::geometry::dist_discs(
        crisis_protocol::geometry::Disc { c: plan.to, r: g.models[bu].disc(geo).r },
        crisis_protocol::geometry::Disc { c: at, r: geo.token_diameter / 2.0 },
    );
    assert!(crisis_protocol::geometry::within(geo, gap, 1), "it ends within R1 of the token ({gap:.2}\" away)");
}

#[test]
fn the_bot_takes_control_of_a_token_in_reach_before_anything_else() {
    let (mut g, mut rng) = squads(&["warlord"], &["razorback"]);
    let id = |g: &Crisis, c: &str| g.models.iter().position(|m| m.card == c).unwrap();
    let (wa, ra) = (id(&g, "warlord"), id(&g, "razorback"));
    g.crises = ["reactor-vents".into(), "data-cores".into()];
    g.tokens =
        vec![crisis_protocol::state::Token { crisis: 0, index: 0, pos: [12.0, 12.0], holder: None, control: Some(1) }];
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

/// The model of card `c`.
fn id(g: &Crisis, c: &str) -> usize {
    g.models.iter().position(|m| m.card == c).unwrap()
}

/// The bot's answer to a reaction prompt, checked against the rules.
fn reaction(g: &Crisis, rng: &mut GameRng) -> Option<String> {
    let a = bot::choose(g, 0, rng).expect("a reaction");
    g.clone().apply(0, &a, &mut rng.clone()).expect("the rules accept it");
    let Action::React { with } = a else { panic!("a reaction expected, got {a:?}") };
    with
}

#[test]
fn the_bot_takes_cover_when_an_attack_could_put_its_character_down() {
    let (mut g, mut rng) = squads(&["shade"], &["warlord"]);
    let (sh, wa) = (id(&g, "shade"), id(&g, "warlord"));
    // In the open within R2 (no cover from terrain), 2 Stamina left.
    g.models[wa].pos = [20.0, 3.0];
    g.models[sh].pos = [20.0, 5.5];
    g.models[sh].damage = 2;
    g.tactics[0] = vec!["take-cover".into()];
    g.turn = 1;
    g.apply(1, &Action::Activate { model: wa }, &mut rng).unwrap();
    g.apply(1, &Action::Attack { attack: 0, target: sh }, &mut rng).unwrap();
    assert_eq!(reaction(&g, &mut rng).as_deref(), Some("tactic:take-cover"));
}

#[test]
fn the_bot_rerolls_a_dodge_that_would_daze_its_character_but_not_one_blank() {
    use crisis_protocol::rules::dice::Face;
    let (mut g, mut rng) = squads(&["shade"], &["warlord"]);
    let sh = id(&g, "shade");
    g.tactics[0] = vec!["evasive-roll".into()];
    g.models[sh].power = 2;
    // 2 damage coming, 2 Stamina left, both dice missed: worth a reroll.
    g.models[sh].damage = 2;
    g.reactions.push(crisis_protocol::state::Reaction::Dodge {
        model: sh,
        dice: vec![Face::Blank, Face::Hit],
        incoming: 2,
        by: Vec::new(),
        sources: Vec::new(),
    });
    assert_eq!(reaction(&g, &mut rng).as_deref(), Some("tactic:evasive-roll"));
    // 1 damage coming to a fresh character, one die to reroll: 3 in 8 to
    // save 1 damage is not worth 1 power and the card.
    g.models[sh].damage = 0;
    g.reactions[0] = crisis_protocol::state::Reaction::Dodge {
        model: sh,
        dice: vec![Face::Failure, Face::Blank],
        incoming: 1,
        by: Vec::new(),
        sources: Vec::new(),
    };
    assert_eq!(reaction(&g, &mut rng), None);
}

#[test]
fn the_bot_makes_a_last_stand() {
    let (mut g, mut rng) = squads(&["shade"], &["warlord"]);
    let sh = id(&g, "shade");
    g.tactics[0] = vec!["last-stand".into()];
    g.models[sh].injured = true;
    g.models[sh].damage = g.models[sh].stamina();
    g.models[sh].ko = true;
    g.reactions.push(crisis_protocol::state::Reaction::LastStand { model: sh });
    assert_eq!(reaction(&g, &mut rng).as_deref(), Some("tactic:last-stand"));
}

#[test]
fn the_bot_plays_coordinated_strike_with_two_allies_beside_its_target() {
    let (mut g, mut rng) = squads(&["warlord", "shade", "quietus"], &["razorback"]);
    let (wa, sh, qu, ra) = (id(&g, "warlord"), id(&g, "shade"), id(&g, "quietus"), id(&g, "razorback"));
    g.models[wa].pos = [20.0, 3.0];
    g.models[ra].pos = [20.0, 7.0];
    g.models[sh].pos = [18.0, 8.0];
    g.models[qu].pos = [22.0, 8.0];
    g.models[ra].damage = 3;
    g.models[wa].power = 3;
    g.tactics[0] = vec!["coordinated-strike".into()];
    g.apply(0, &Action::Activate { model: wa }, &mut rng).unwrap();
    assert_eq!(
        bot::choose(&g, 0, &mut rng),
        Some(Action::PlayTactic { card: "coordinated-strike".into(), choice: None })
    );
}

#[test]
fn the_bot_plays_hold_together_with_two_allies_contesting() {
    let (mut g, mut rng) = squads(&["bulwark", "tangler", "arclight"], &["razorback"]);
    let (bu, ta, ar, ra) = (id(&g, "bulwark"), id(&g, "tangler"), id(&g, "arclight"), id(&g, "razorback"));
    let t0 = g.token_pos(0);
    let t1 = g.token_pos(1);
    g.models[ta].pos = [t0[0], t0[1] - 1.2];
    g.models[ar].pos = [t1[0], t1[1] - 1.2];
    g.models[bu].pos = [6.0, 2.0];
    g.models[bu].power = 3;
    g.models[ra].pos = [30.0, 34.0];
    g.tactics[0] = vec!["hold-together".into()];
    g.apply(0, &Action::Activate { model: bu }, &mut rng).unwrap();
    assert_eq!(bot::choose(&g, 0, &mut rng), Some(Action::PlayTactic { card: "hold-together".into(), choice: None }));
}

#[test]
fn the_bot_passes_a_token_to_an_ally_in_the_enemy_half() {
    let (mut g, mut rng) = squads(&["shade", "warlord"], &["razorback"]);
    let (sh, wa, ra) = (id(&g, "shade"), id(&g, "warlord"), id(&g, "razorback"));
    // Data Cores score 1 more in the enemy half; the Shade holds one in
    // its own half, the Warlord stands just across the middle.
    g.crises = ["relay-towers".into(), "data-cores".into()];
    g.tokens =
        vec![crisis_protocol::state::Token { crisis: 1, index: 0, pos: [10.0, 16.5], holder: Some(sh), control: None }];
    g.models[sh].pos = [10.0, 16.5];
    g.models[wa].pos = [10.0, 19.5];
    g.models[sh].power = 2;
    g.models[ra].pos = [30.0, 34.0];
    g.tactics[0] = vec!["shadow-deal".into()];
    g.apply(0, &Action::Activate { model: sh }, &mut rng).unwrap();
    let Some(a @ Action::PlayTactic { .. }) = bot::choose(&g, 0, &mut rng) else { panic!("Shadow Deal expected") };
    let Action::PlayTactic { ref card, ref choice } = a else { unreachable!() };
    assert_eq!(card, "shadow-deal");
    assert_eq!(choice.as_ref().and_then(|c| c.target), Some(wa));
    g.apply(0, &a, &mut rng).unwrap();
    assert_eq!(g.tokens[0].holder, Some(wa));
}

#[test]
fn the_mind_gem_moves_an_enemy_off_the_token_it_secures() {
    let (mut g, mut rng) = squads(&["seer"], &["razorback"]);
    let (se, ra) = (id(&g, "seer"), id(&g, "razorback"));
    g.crises = ["relay-towers".into(), "data-cores".into()];
    g.tokens =
        vec![crisis_protocol::state::Token { crisis: 0, index: 0, pos: [18.0, 18.0], holder: None, control: None }];
    // The Razorback (activated) secures the token alone; the Seer is
    // within R3 of it but too far to contest.
    g.models[ra].pos = [18.0, 19.9];
    g.models[ra].activated = true;
    g.models[se].pos = [18.0, 24.0];
    g.models[se].power = 2;
    assert_eq!(crisis_protocol::rules::cleanup::securer(&g, 0), Some(1));
    g.apply(0, &Action::Activate { model: se }, &mut rng).unwrap();
    let Some(a @ Action::UsePower { .. }) = bot::choose(&g, 0, &mut rng) else { panic!("the Mind Gem expected") };
    g.apply(0, &a, &mut rng).unwrap();
    assert_eq!(crisis_protocol::rules::cleanup::securer(&g, 0), None, "the Razorback no longer secures the token");
}

#[test]
fn the_bot_transforms_into_the_stronger_form_beside_an_enemy() {
    let (mut g, mut rng) = squads(&["nightshift"], &["razorback"]);
    let (ni, ra) = (id(&g, "nightshift"), id(&g, "razorback"));
    g.models[ni].pos = [20.0, 3.0];
    g.models[ra].pos = [20.0, 5.5];
    g.models[ra].damage = 2;
    g.models[ni].power = 2;
    g.apply(0, &Action::Activate { model: ni }, &mut rng).unwrap();
    let Some(a @ Action::UsePower { .. }) = bot::choose(&g, 0, &mut rng) else { panic!("Transform expected") };
    g.apply(0, &a, &mut rng).unwrap();
    assert_eq!(g.models[ni].card, "nightshift-feral");
}

/// The five cards the bot's ranking puts first among those a squad may
/// take, with the token modes of two crises in play.
fn best_cards(squad: &[&str], crises: [&str; 2]) -> Vec<String> {
    let squad: Vec<String> = squad.iter().map(|s| s.to_string()).collect();
    let content = crisis_protocol::content::content();
    let modes: Vec<_> =
        crises.iter().map(|id| content.crises.iter().find(|c| c.id == *id).expect("crisis").token_mode).collect();
    let legal = content
        .tactics
        .iter()
        .filter(|t| crisis_protocol::rules::setup::tactics_error(&squad, std::slice::from_ref(&t.id)).is_none())
        .collect();
    let mut cards = bot::setup::ranked(legal, &modes, &squad);
    cards.truncate(5);
    cards
}

#[test]
fn the_bot_takes_the_affiliated_cards_when_its_squad_and_the_crises_suit_them() {
    // The roster (before the crises are drawn) keeps both affiliated cards:
    // its ten cheapest characters include three or more of each affiliation.
    let mut rng = GameRng::seeded(3);
    let g = Crisis::setup(&Options::default(), 2, &mut rng).unwrap();
    assert_eq!(g.phase, Phase::Rosters);
    let Some(Action::Roster { tactics, .. }) = bot::choose(&g, 0, &mut rng) else { panic!("a roster expected") };
    assert!(tactics.iter().any(|t| t == "hold-together") && tactics.iter().any(|t| t == "shadow-deal"), "{tactics:?}");
    // A Vanguard squad with Secure tokens in play takes Hold Together; an
    // Umbral Syndicate squad with tokens to pick up takes Shadow Deal.
    let vanguard = best_cards(&["bulwark", "tangler", "arclight"], ["relay-towers", "data-cores"]);
    assert!(
        vanguard.contains(&"hold-together".to_string()) && !vanguard.contains(&"shadow-deal".to_string()),
        "{vanguard:?}"
    );
    let umbral = best_cards(&["shade", "warlord", "seer"], ["relay-towers", "data-cores"]);
    assert!(
        umbral.contains(&"shadow-deal".to_string()) && !umbral.contains(&"hold-together".to_string()),
        "{umbral:?}"
    );
    // No Secure tokens (control tokens and tokens to pick up): no
    // contesting, so Hold Together stays out; a squad of no affiliation
    // keeps the defensive reactions.
    let control = best_cards(&["bulwark", "tangler", "arclight"], ["reactor-vents", "data-cores"]);
    assert!(!control.contains(&"hold-together".to_string()), "{control:?}");
    let mixed = best_cards(&["bulwark", "shade"], ["relay-towers", "data-cores"]);
    for card in ["take-cover", "fortify", "coordinated-strike", "last-stand", "evasive-roll"] {
        assert!(mixed.contains(&card.to_string()), "{mixed:?}");
    }
}

#[test]
fn the_bot_unleashes_beside_an_enemy() {
    let (mut g, mut rng) = squads(&["nightshift"], &["razorback"]);
    let (ni, ra) = (id(&g, "nightshift"), id(&g, "razorback"));
    g.models[ni].pos = [20.0, 3.0];
    g.models[ra].pos = [20.0, 5.5];
    g.models[ra].damage = 2;
    // 1 power: Unleash, not the Transform superpower (cost 2).
    g.models[ni].power = 1;
    g.tactics[0] = vec!["unleash".into()];
    g.apply(0, &Action::Activate { model: ni }, &mut rng).unwrap();
    let Some(a @ Action::PlayTactic { .. }) = bot::choose(&g, 0, &mut rng) else { panic!("Unleash expected") };
    g.apply(0, &a, &mut rng).unwrap();
    assert_eq!(g.models[ni].card, "nightshift-feral");
}

#[test]
fn the_bot_readies_an_activated_ally_that_can_put_an_enemy_down() {
    let (mut g, mut rng) = squads(&["lifeline", "bulwark"], &["razorback"]);
    let (li, bu, ra) = (id(&g, "lifeline"), id(&g, "bulwark"), id(&g, "razorback"));
    g.tactics[0] = vec!["second-wind".into()];
    // The Bulwark has activated beside an Injured Razorback one damage from
    // KO; Lifeline, ready, is out of reach of it.
    g.models[bu].pos = [20.0, 10.0];
    g.models[bu].activated = true;
    g.models[bu].power = 4;
    g.models[li].pos = [17.0, 10.0];
    g.models[li].power = 2;
    g.models[ra].pos = [20.0, 12.3];
    g.models[ra].injured = true;
    g.models[ra].damage = g.models[ra].stamina() - 1;
    let Some(Action::PlayTactic { card, choice: Some(c) }) = bot::choose(&g, 0, &mut rng) else {
        panic!(
            "Second Wind expected: {:?} {}",
            bot::choose(&g, 0, &mut rng),
            serde_json::to_string(&g.prompt(0)).unwrap()
        )
    };
    assert_eq!((card.as_str(), c.target), ("second-wind", Some(bu)));
    // Not when its dice could put the Bulwark itself down.
    g.models[bu].damage = g.models[bu].stamina() - 3;
    assert!(!matches!(bot::choose(&g, 0, &mut rng), Some(Action::PlayTactic { .. })));
}

#[test]
fn the_bot_takes_second_wind_and_unleash_only_with_the_characters_they_need() {
    // No Secure tokens, so Hold Together stays out and one of them comes in.
    let with = best_cards(&["lifeline", "nightshift", "bulwark"], ["reactor-vents", "data-cores"]);
    assert!(with.contains(&"second-wind".to_string()) || with.contains(&"unleash".to_string()), "{with:?}");
    let without = best_cards(&["bulwark", "tangler", "arclight"], ["reactor-vents", "data-cores"]);
    assert!(!without.contains(&"second-wind".to_string()) && !without.contains(&"unleash".to_string()), "{without:?}");
}

#[test]
fn the_bot_rerolls_a_dodge_with_tactician_first() {
    use crisis_protocol::rules::dice::Face;
    let (mut g, mut rng) = squads(&["shade"], &["warlord"]);
    let sh = id(&g, "shade");
    g.version = 7;
    g.tactics[0] = vec!["evasive-roll".into()];
    g.models[sh].power = 2;
    g.reactions.push(crisis_protocol::state::Reaction::Dodge {
        model: sh,
        dice: vec![Face::Block, Face::Blank, Face::Failure],
        incoming: 3,
        by: vec![Vec::new(); 3],
        sources: vec![("Tactician".into(), 1)],
    });
    assert_eq!(bot::choose(&g, 0, &mut rng), Some(Action::Reroll { ability: Some("Tactician".into()), dice: vec![1] }));
}
