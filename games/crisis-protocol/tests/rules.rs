//! Rulebook situations with explicit positions and forced dice (faces
//! 1..=8 are C, W, H, H, B, blank, blank, F): the attack pipeline with a
//! reroll and a critical, damage and ⚡, Dazed and KO, last side standing,
//! Stagger, securing in Cleanup, and refusals that change nothing.

use backroom_engine::{Game, GameRng, Pending, RuleCode};
use crisis_protocol::state::Phase;
use crisis_protocol::{Action, Crisis, Options};

/// A match in the Activation phase of round 1 with one character each:
/// returns the state, the generator and the two model indices.
fn duel(mine: &str, theirs: &str) -> (Crisis, GameRng, usize, usize) {
    let (g, rng) = squads(&[mine], &[theirs]);
    let a = g.models.iter().position(|m| m.owner == 0).unwrap();
    let b = g.models.iter().position(|m| m.owner == 1).unwrap();
    let mut g = g;
    // Open ground west of the Car at (23.125, 7.5): no cover, no terrain.
    g.models[a].pos = [20.0, 3.0];
    g.models[b].pos = [20.0, 9.0];
    (g, rng, a, b)
}

/// A match in round 1 with these squads deployed, seat 0 to act.
fn squads(mine: &[&str], theirs: &[&str]) -> (Crisis, GameRng) {
    let mut rng = GameRng::seeded(7);
    let mut g = Crisis::setup_at_version(&Options::default(), 2, &mut rng, 3).unwrap();
    let np = 1 - g.priority;
    g.apply(np, &Action::ChooseThreat { crisis: 0 }, &mut rng).unwrap();
    g.apply(np, &Action::ChooseEdge { edge: crisis_protocol::state::Edge::South }, &mut rng).unwrap();
    let cards = vec!["adrenaline".to_string(), "rally-cry".to_string()];
    g.apply(0, &Action::Squad { characters: mine.iter().map(|s| s.to_string()).collect(), tactics: cards }, &mut rng)
        .unwrap();
    assert!(matches!(g.pending(), Pending::Simultaneous { .. }));
    g.apply(
        1,
        &Action::Squad { characters: theirs.iter().map(|s| s.to_string()).collect(), tactics: vec![] },
        &mut rng,
    )
    .unwrap();
    assert_eq!(g.phase, Phase::Deployment);
    for _ in 0..mine.len() + theirs.len() {
        let seat = g.turn;
        let m = g.models.iter().position(|m| m.owner == seat && !m.deployed).unwrap();
        let pts = crisis_protocol::rules::setup::deploy_points(&g, m);
        g.apply(seat, &Action::Deploy { model: m, at: pts[0] }, &mut rng).unwrap();
    }
    assert_eq!(g.phase, Phase::Activation);
    g.turn = 0;
    (g, rng)
}

#[test]
fn an_area_attack_hits_every_enemy_in_range_then_allies_suffer_1() {
    let (mut g, mut rng) = squads(&["granite", "lifeline"], &["razorback", "shade"]);
    let id = |g: &Crisis, c: &str| g.models.iter().position(|m| m.card == c).unwrap();
    let (gr, li, ra, sh) = (id(&g, "granite"), id(&g, "lifeline"), id(&g, "razorback"), id(&g, "shade"));
    // Open ground south of the Building: Granite in the middle, two enemies
    // and an ally within R2, nothing else near.
    g.models[gr].pos = [19.0, 11.0];
    g.models[ra].pos = [19.0, 14.0];
    g.models[sh].pos = [16.5, 11.0];
    g.models[li].pos = [21.5, 11.0];
    g.models[gr].power = 3;
    g.apply(0, &Action::Activate { model: gr }, &mut rng).unwrap();
    // Quake (area 2, strength 5, cost 3): blanks for the attacker's first
    // target (5 dice), 4 defense blanks; the same for the second (3 dice).
    rng.force_dice([6, 6, 6, 6, 6, 6, 6, 6, 6, 3, 3, 3, 3, 3, 6, 6, 6]);
    let log = g.apply(0, &Action::Attack { attack: 1, target: ra }, &mut rng).unwrap();
    let text: Vec<String> = log.iter().filter_map(|l| l.public.clone()).collect();
    assert_eq!(g.models[gr].power, 0, "the cost is paid once");
    assert_eq!(text.iter().filter(|t| t.contains("attacks")).count(), 2, "{text:?}");
    assert_eq!(g.models[li].damage, 1, "the ally in range suffers 1: {text:?}");
    assert_eq!(g.models[li].power, 1, "no power from an allied effect");
}

#[test]
fn the_attack_pipeline_with_a_critical_a_reroll_and_power() {
    let (mut g, mut rng, a, b) = duel("warlord", "razorback");
    g.apply(0, &Action::Activate { model: a }, &mut rng).unwrap();
    // Rifle: 4 dice C H H _, the critical adds W; Razorback's 4 defense
    // dice B _ _ F; Tactician rerolls the attacker's blank into a blank.
    rng.force_dice([1, 3, 3, 6, 2, 5, 6, 7, 8, 6]);
    let log = g.apply(0, &Action::Attack { attack: 0, target: b }, &mut rng).unwrap();
    assert_eq!(rng.forced_dice_left(), 0);
    let text: Vec<String> = log.iter().filter_map(|l| l.public.clone()).collect();
    assert!(text.iter().any(|t| t.contains("4 successes against 1: 3 damage")), "{text:?}");
    assert_eq!(g.models[b].damage, 3);
    // 1 from the Power phase + 3 from enemy damage + 1 from Aggressive.
    assert_eq!(g.models[b].power, 5);
    // 1 from the Power phase + 3 from "+power".
    assert_eq!(g.models[a].power, 4);
    let rec = g.last_attack.clone().unwrap();
    assert!(!rec.cover);
    assert_eq!(rec.damage, 3);
}

#[test]
fn damage_dazes_a_healthy_character_then_knocks_out_an_injured_one() {
    let (mut g, mut rng, a, b) = duel("warlord", "razorback");
    g.models[b].damage = 5;
    g.apply(0, &Action::Activate { model: a }, &mut rng).unwrap();
    rng.force_dice([3, 3, 3, 3, 6, 6, 6, 6, 6]);
    let log = g.apply(0, &Action::Attack { attack: 0, target: b }, &mut rng).unwrap();
    assert!(g.models[b].dazed);
    assert_eq!(g.models[b].damage, 6, "damage never exceeds the Stamina left");
    // The log tells the cause before its consequence: the damage, then Dazed.
    let text: Vec<String> = log.iter().filter_map(|l| l.public.clone()).collect();
    let at = |s: &str| text.iter().position(|t| t.contains(s)).unwrap_or_else(|| panic!("no {s:?} in {text:?}"));
    assert!(at("4 successes against 0: 1 damage") < at("is Dazed"), "{text:?}");
    // A Dazed character can't be targeted.
    let before = g.clone();
    let err = g.apply(0, &Action::Attack { attack: 0, target: b }, &mut rng).unwrap_err();
    assert_eq!(err.code, RuleCode::IllegalMove);
    assert_eq!(g, before, "a refused action changes nothing");
    // Injured and hit to its Stamina: KO, and the last side standing wins.
    g.models[b].dazed = false;
    g.models[b].injured = true;
    g.models[b].damage = 4;
    g.activation.as_mut().unwrap().actions = 0;
    rng.force_dice([3, 3, 3, 3, 6, 6, 6, 6, 6]);
    let log = g.apply(0, &Action::Attack { attack: 0, target: b }, &mut rng).unwrap();
    let text: Vec<String> = log.iter().filter_map(|l| l.public.clone()).collect();
    let at = |s: &str| text.iter().position(|t| t.contains(s)).unwrap_or_else(|| panic!("no {s:?} in {text:?}"));
    assert!(at("successes against 0: 1 damage") < at("is KO'd"), "{text:?}");
    assert!(g.models[b].ko);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.outcome().unwrap().winners(), &[0]);
}

#[test]
fn out_of_range_and_unpayable_attacks_are_refused_by_name() {
    let (mut g, mut rng, a, b) = duel("warlord", "razorback");
    g.models[b].pos = [29.0, 25.0];
    g.apply(0, &Action::Activate { model: a }, &mut rng).unwrap();
    let e = g.apply(0, &Action::Attack { attack: 0, target: b }, &mut rng).unwrap_err();
    assert_eq!(e.rule, "Attack");
    assert!(e.message.contains("range"), "{e}");
    g.models[b].pos = [20.0, 9.0];
    // Grenade costs 2; Warlord has 1.
    let e = g.apply(0, &Action::Attack { attack: 1, target: b }, &mut rng).unwrap_err();
    assert!(e.message.contains("costs 2 power"), "{e}");
}

#[test]
fn a_staggered_character_must_shake_first() {
    let (mut g, mut rng, a, _) = duel("warlord", "razorback");
    g.models[a].conditions.push(crisis_protocol::content::Condition::Stagger);
    g.apply(0, &Action::Activate { model: a }, &mut rng).unwrap();
    let p = g.prompt(0).unwrap();
    assert!(p.asks.iter().all(|x| x.verb != "advance" && x.verb != "attack"), "only a shake is offered");
    assert!(g.apply(0, &Action::Shake { condition: crisis_protocol::content::Condition::Stagger }, &mut rng).is_ok());
    assert!(g.models[a].conditions.is_empty());
}

#[test]
fn cleanup_scores_a_secured_token_and_passes_priority() {
    let (mut g, mut rng, a, b) = duel("warlord", "razorback");
    // Secure every token of the Secure crisis: stand Warlord on the first.
    let t = g.tokens.iter().position(|t| t.crisis == 0).unwrap();
    let p = g.tokens[t].pos;
    g.models[a].pos = [p[0], p[1] - 1.5];
    g.models[b].pos = [2.0, 34.0];
    let priority = g.priority;
    g.apply(0, &Action::Activate { model: a }, &mut rng).unwrap();
    g.apply(0, &Action::EndActivation {}, &mut rng).unwrap();
    g.apply(1, &Action::Activate { model: b }, &mut rng).unwrap();
    let log = g.apply(1, &Action::EndActivation {}, &mut rng).unwrap();
    assert!(log.iter().any(|l| l.public.as_deref().is_some_and(|t| t.contains("Cleanup of round 1"))));
    assert_eq!(g.round, 2);
    assert!(g.vp[0] >= 1, "Warlord secures the token: {:?}", g.vp);
    // Seat 1 activated last: if it held priority, it passes to seat 0;
    // otherwise seat 0 keeps it. Either way seat 0 has it now.
    let _ = priority;
    assert_eq!(g.priority, 0);
}

#[test]
fn a_beam_is_r1_wide_and_rn_long_from_the_attackers_base() {
    use crisis_protocol::geometry::Disc;
    use crisis_protocol::rules::targeting::beam_touches;
    let geo = &crisis_protocol::content::content().geometry;
    let r = 40.0 / 25.4 / 2.0;
    let from = Disc { c: [10.0, 3.0], r };
    let aim = [30.0, 3.0];
    // Beam 3: 6" long, 2" wide, starting at the base's edge.
    assert!(beam_touches(geo, from, aim, Disc { c: [17.0, 3.5], r }, 3));
    assert!(!beam_touches(geo, from, aim, Disc { c: [18.0, 3.0], r }, 3), "beyond the far end");
    assert!(!beam_touches(geo, from, aim, Disc { c: [14.0, 5.0], r }, 3), "beside the beam");
    assert!(!beam_touches(geo, from, aim, Disc { c: [7.0, 3.0], r }, 3), "behind the attacker");
}

#[test]
fn active_superpowers_pay_their_cost_once_per_turn() {
    use crisis_protocol::PowerChoice;
    let (mut g, mut rng) = squads(&["lifeline", "shade"], &["razorback"]);
    let id = |g: &Crisis, c: &str| g.models.iter().position(|m| m.card == c).unwrap();
    let (li, sh) = (id(&g, "lifeline"), id(&g, "shade"));
    g.models[li].pos = [19.0, 11.0];
    g.models[sh].pos = [19.0 + 2.0 * 0.7874 + 1.0, 11.0];
    g.models[sh].damage = 3;
    g.models[li].power = 4;
    g.apply(0, &Action::Activate { model: li }, &mut rng).unwrap();
    // Patch Up (Action, cost 2): remove 2 damage from an ally within R1.
    let heal = Action::UsePower { power: 0, choice: PowerChoice { target: Some(sh), ..PowerChoice::default() } };
    g.apply(0, &heal, &mut rng).unwrap();
    assert_eq!(g.models[sh].damage, 1);
    assert_eq!(g.models[li].power, 2);
    assert_eq!(g.activation.as_ref().unwrap().actions, 1, "an Action: superpower is one of the two actions");
    let e = g.apply(0, &heal, &mut rng).unwrap_err();
    assert!(e.message.contains("once per turn"), "{e}");
    g.apply(0, &Action::EndActivation {}, &mut rng).unwrap();
    assert_eq!(g.turn, 1);
}

#[test]
fn team_tactic_cards_are_played_from_the_hand_and_discarded() {
    let (mut g, mut rng, a, _) = duel("warlord", "razorback");
    assert_eq!(g.tactics[0], vec!["adrenaline".to_string(), "rally-cry".to_string()]);
    g.models[a].power = 4;
    g.models[a].conditions = vec![crisis_protocol::content::Condition::Shock];
    g.apply(0, &Action::Activate { model: a }, &mut rng).unwrap();
    // Rally Cry: allies within R2 (Warlord itself) remove 1 condition.
    g.apply(0, &Action::PlayTactic { card: "rally-cry".into(), choice: None }, &mut rng).unwrap();
    assert!(g.models[a].conditions.is_empty());
    assert_eq!(g.models[a].power, 2);
    assert_eq!(g.discards, vec!["rally-cry".to_string()]);
    let e = g.apply(0, &Action::PlayTactic { card: "rally-cry".into(), choice: None }, &mut rng).unwrap_err();
    assert!(e.message.contains("not in your hand"), "{e}");
    // Adrenaline: a third action, but not an attack.
    g.apply(0, &Action::PlayTactic { card: "adrenaline".into(), choice: None }, &mut rng).unwrap();
    g.activation.as_mut().unwrap().actions = 2;
    let e = g.apply(0, &Action::Attack { attack: 0, target: 1 }, &mut rng).unwrap_err();
    assert_eq!(e.rule, "Adrenaline");
    assert!(g.prompt(0).unwrap().asks.iter().any(|x| x.verb == "advance"));
}

#[test]
fn a_targeted_character_may_react_before_the_roll() {
    let (mut g, mut rng, a, b) = duel("warlord", "bulwark");
    assert_eq!(g.models[b].power, 1);
    g.apply(0, &Action::Activate { model: a }, &mut rng).unwrap();
    g.apply(0, &Action::Attack { attack: 0, target: b }, &mut rng).unwrap();
    // The TARGETED window: Bulwark's player answers; the attacker waits.
    assert_eq!(
        g.pending(),
        Pending::Window { seats: backroom_engine::SeatSet::only(1), answered: backroom_engine::SeatSet::EMPTY }
    );
    let before = g.clone();
    let e = g.apply(0, &Action::EndActivation {}, &mut rng).unwrap_err();
    assert_eq!(e.code, RuleCode::NotYourTurn);
    assert_eq!(g, before);
    // Brace: +1 defense die for 1 power.
    rng.force_dice([3, 3, 3, 3, 5, 5, 6, 6, 6, 6]);
    let log = g.apply(1, &Action::React { with: Some("power:Brace".into()) }, &mut rng).unwrap();
    assert!(log.iter().any(|l| l.public.as_deref().is_some_and(|t| t.contains("uses Brace"))));
    // Brace took its 1 power; the damage then gave as much as it dealt.
    assert_eq!(g.models[b].power, g.models[b].damage);
    assert!(g.pending_attack.is_none());
    let rec = g.last_attack.clone().unwrap();
    assert!(rec.defense_dice.len() >= 5, "{rec:?}");
}

#[test]
fn bodyguard_makes_the_interposing_ally_the_target() {
    let (mut g, mut rng) = squads(&["warlord"], &["bulwark", "lifeline"]);
    let id = |g: &Crisis, c: &str| g.models.iter().position(|m| m.card == c).unwrap();
    let (wa, bu, li) = (id(&g, "warlord"), id(&g, "bulwark"), id(&g, "lifeline"));
    g.models[wa].pos = [20.0, 3.0];
    g.models[li].pos = [20.0, 9.0];
    g.models[bu].pos = [22.5, 10.5];
    g.models[bu].power = 2;
    g.apply(0, &Action::Activate { model: wa }, &mut rng).unwrap();
    g.apply(0, &Action::Attack { attack: 0, target: li }, &mut rng).unwrap();
    let key = format!("bodyguard:{bu}:Interpose");
    let offered = g.prompt(1).unwrap();
    assert!(serde_json::to_string(&offered).unwrap().contains(&key));
    rng.force_dice([3, 3, 6, 6, 6, 6, 6, 6, 6]);
    g.apply(1, &Action::React { with: Some(key) }, &mut rng).unwrap();
    let rec = g.last_attack.clone().unwrap();
    assert_eq!(rec.target, bu, "Bulwark became the target");
    assert_eq!(g.models[li].damage, 0);
    assert!(g.pending_attack.is_none());
}

#[test]
fn counterblow_strikes_back_after_the_attack_resolves() {
    let (mut g, mut rng, a, b) = duel("warlord", "quietus");
    g.models[b].pos = [20.0, 7.5];
    g.apply(0, &Action::Activate { model: a }, &mut rng).unwrap();
    // The attack misses: four blanks, three defense blanks, Tactician
    // rerolls one attack blank into a blank.
    rng.force_dice([6, 6, 6, 6, 6, 6, 6, 6]);
    let log = g.apply(0, &Action::Attack { attack: 0, target: b }, &mut rng).unwrap();
    assert!(log.iter().any(|l| l.public.as_deref().is_some_and(|t| t.contains("may strike back"))));
    assert!(matches!(g.pending(), Pending::Window { .. }));
    // Blades back: four hits against four blanks (Tactician rerolls one
    // defense blank into a blank): 4 damage.
    rng.force_dice([3, 3, 3, 3, 6, 6, 6, 6, 6]);
    g.apply(1, &Action::React { with: Some("counter:Counterblow".into()) }, &mut rng).unwrap();
    assert_eq!(g.models[a].damage, 4);
    // Counterblow cost its 1 power; Blades' "+power" gave back the 4 dealt.
    assert_eq!(g.models[b].power, 4);
    assert!(g.pending_attack.is_none());
    assert_eq!(g.activation.as_ref().map(|x| x.actions), Some(1));
}

#[test]
fn under_version_7_the_strike_back_waits_for_its_players_rerolls() {
    let (mut g, mut rng, a, b) = duel("warlord", "quietus");
    g.version = 7;
    g.models[b].pos = [20.0, 7.5];
    g.apply(0, &Action::Activate { model: a }, &mut rng).unwrap();
    // The attack misses: four blanks against three; the Warlord keeps its
    // dice (Tactician offered).
    rng.force_dice([6, 6, 6, 6, 6, 6, 6]);
    g.apply(0, &Action::Attack { attack: 0, target: b }, &mut rng).unwrap();
    g.apply(0, &Action::Reroll { ability: None, dice: vec![] }, &mut rng).unwrap();
    assert!(matches!(g.pending(), Pending::Window { .. }), "the strike back is offered");
    // Blades back: four hits against four blanks; the Warlord, defending,
    // chooses its Tactician die: the strike back waits for it.
    rng.force_dice([3, 3, 3, 3, 6, 6, 6, 6]);
    g.apply(1, &Action::React { with: Some("counter:Counterblow".into()) }, &mut rng).unwrap();
    let m = g.pending_attack.as_ref().and_then(|p| p.modify.clone()).expect("the modify step waits");
    assert!(m.defender && m.side.is_some_and(|s| s.attacker == b && s.target == a && !s.overwatch));
    assert_eq!(g.models[a].damage, 0);
    assert_eq!(g.pending(), Pending::Turn { seat: 0 });
    rng.force_dice([5]);
    g.apply(0, &Action::Reroll { ability: Some("Tactician".into()), dice: vec![0] }, &mut rng).unwrap();
    // 4 successes against 1: 3 damage; the attack action is then counted.
    assert_eq!(g.models[a].damage, 3);
    assert!(g.pending_attack.is_none());
    assert_eq!(g.activation.as_ref().map(|x| x.actions), Some(1));
}

/// A duel whose model `b` (seat 1) holds a Data Cores token and stands at
/// its last point of Stamina; seat 0 attacks it once.
fn holder_knocked_down(
    version: u32,
    injured: bool,
    last_stand: bool,
) -> (Crisis, GameRng, usize, usize, Result<Vec<backroom_engine::LogEntry>, backroom_engine::RuleError>) {
    let (mut g, mut rng, a, b) = duel("warlord", "shade");
    g.version = version;
    g.crises[1] = "data-cores".into();
    g.tokens =
        vec![crisis_protocol::state::Token { crisis: 1, index: 0, pos: [0.0, 0.0], holder: Some(b), control: None }];
    g.models[b].injured = injured;
    g.models[b].damage = g.models[b].stamina() - 1;
    g.tactics[1] = if last_stand { vec!["last-stand".into()] } else { Vec::new() };
    g.apply(0, &Action::Activate { model: a }, &mut rng).unwrap();
    // One hit, four blank defense dice, Tactician rerolls a blank to a blank.
    rng.force_dice([3, 6, 6, 6, 6, 6, 6, 6, 6]);
    let r = g.apply(0, &Action::Attack { attack: 0, target: b }, &mut rng);
    (g, rng, a, b, r)
}

#[test]
fn dropped_tokens_stay_under_version_2_and_are_placed_by_the_opponent_under_version_3() {
    let (g, _, _, b, r) = holder_knocked_down(2, false, false);
    r.unwrap();
    assert!(g.models[b].dazed && g.reactions.is_empty());
    assert_eq!(g.tokens[0].pos, g.models[b].pos);
    let (mut g, mut rng, _, b, r) = holder_knocked_down(3, false, false);
    r.unwrap();
    assert!(matches!(g.pending(), Pending::Window { .. }));
    let e = g.apply(1, &Action::PlaceToken { token: 0, at: g.models[b].pos }, &mut rng).unwrap_err();
    assert_eq!(e.code, RuleCode::NotYourTurn, "the holder's opponent places it");
    let at = [g.models[b].pos[0], g.models[b].pos[1] + 3.0];
    g.apply(0, &Action::PlaceToken { token: 0, at }, &mut rng).unwrap();
    assert_eq!(g.tokens[0].pos, at);
    assert!(g.reactions.is_empty());
}

#[test]
fn last_stand_declined_or_failed_knocks_out_and_drops_the_tokens() {
    let (mut g, mut rng, _, b, r) = holder_knocked_down(3, true, true);
    r.unwrap();
    assert!(g.models[b].ko && g.tokens[0].holder == Some(b), "set aside, still holding");
    assert_eq!(g.result, None, "its side is not wiped out while it waits");
    rng.force_dice([3, 6]);
    g.apply(1, &Action::React { with: Some("tactic:last-stand".into()) }, &mut rng).unwrap();
    assert!(g.models[b].ko && g.tokens[0].holder.is_none());
    // Its side has nobody left: seat 0 wins before any placement.
    assert_eq!(g.result, Some(Some(0)));
}

#[test]
fn a_destroyed_piece_no_longer_blocks_line_of_sight() {
    let (mut g, _, a, b) = duel("warlord", "shade");
    // Either side of the Building (piece 0, Size 5, x 11-17, y 15-21).
    g.models[a].pos = [9.5, 18.0];
    g.models[b].pos = [18.5, 18.0];
    assert!(crisis_protocol::rules::targeting::target_refusal(&g, a, 0, b).is_some());
    g.destroyed = vec![0];
    assert_eq!(crisis_protocol::rules::targeting::target_refusal(&g, a, 0, b), None);
}

#[test]
fn an_activation_that_ends_by_itself_says_so_and_one_success_is_singular() {
    let (mut g, mut rng, a, b) = duel("warlord", "razorback");
    g.apply(0, &Action::Activate { model: a }, &mut rng).unwrap();
    // Two attacks, no token in reach: the second ends the activation by itself.
    rng.force_dice([3, 6, 6, 6, 6, 6, 6, 6]);
    let log = g.apply(0, &Action::Attack { attack: 0, target: b }, &mut rng).unwrap();
    let text: Vec<String> = log.iter().filter_map(|l| l.public.clone()).collect();
    assert!(text.iter().any(|t| t.contains("1 success against 0: 1 damage")), "{text:?}");
    assert!(!text.iter().any(|t| t.contains("ends by itself")), "{text:?}");
    rng.force_dice([6, 6, 6, 6, 6, 6, 6, 6]);
    let log = g.apply(0, &Action::Attack { attack: 0, target: b }, &mut rng).unwrap();
    let text: Vec<String> = log.iter().filter_map(|l| l.public.clone()).collect();
    assert!(g.activation.is_none());
    assert!(text.iter().any(|t| t.contains("ends by itself: both actions are spent")), "{text:?}");
}
