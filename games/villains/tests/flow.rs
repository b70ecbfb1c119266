//! The turn's last steps in order: the Combat Step's battles in area order,
//! the End Phase, Score Plans, victory or the next turn.

mod common;

use backroom_engine::{GameRng, Hidden, LogEntry, RuleError, SeatSet};
use common::{area, table};
use villains::action::choices::PlanScore;
use villains::content::content;
use villains::content::effect::UnitType;
use villains::rules::combat::{assign_hit, attack, battle_actor};
use villains::rules::take_actions::pass;
use villains::rules::turn_loop::{after_action, score_plans};
use villains::state::{Marker, Phase, Villains};

fn all_pass(s: &mut Villains) {
    s.phase = Phase::TakeActions { current: s.first_player, revealed: None };
    for seat in s.player_order().collect::<Vec<_>>() {
        let done = pass(s, seat);
        routed(s, done);
    }
}

/// What the router runs after every action (`after_action`): the Combat
/// Step goes on once Take Actions or a marked area's battle is over.
fn routed(s: &mut Villains, done: Result<Vec<LogEntry>, RuleError>) -> Vec<LogEntry> {
    let mut log = done.unwrap();
    after_action(s, &mut log);
    log
}

#[test]
fn combat_in_area_order_then_the_end_phase() {
    let mut rng = GameRng::seeded(91);
    let mut s = table(&["mafia", "robots", "bankers", "cult"], 0, &mut rng);
    let (capitol, lab, church) = (area("capitol"), area("laboratory"), area("church"));
    for a in &mut s.areas {
        a.controller = None; // no setup marker to capture here
    }
    for a in [church, lab, capitol] {
        s.area_mut(a).combat_marker = true;
    }
    let m1 = s.put_unit(capitol, 0, UnitType::Goon).unwrap();
    let b1 = s.put_unit(capitol, 2, UnitType::Patsy).unwrap();
    s.put_unit(lab, 0, UnitType::Goon).unwrap(); // alone: no combat there
    let m2 = s.put_unit(church, 0, UnitType::Mole).unwrap();
    let b2 = s.put_unit(church, 2, UnitType::Patsy).unwrap();
    all_pass(&mut s);
    assert_eq!(s.phase, Phase::Combat { at: Some(capitol) });
    assert_eq!(battle_actor(&s), Some(0));
    rng.force_dice([10, 1]);
    attack(&mut s, 0, m1, 2, &mut rng).unwrap();
    let done = assign_hit(&mut s, 2, b1);
    routed(&mut s, done);
    assert_eq!(s.phase, Phase::Combat { at: Some(church) }, "the Laboratory is passed over");
    rng.force_dice([9]);
    attack(&mut s, 0, m2, 2, &mut rng).unwrap();
    let done = assign_hit(&mut s, 2, b2);
    routed(&mut s, done);
    assert_eq!(s.phase, Phase::ScorePlans { current: 0 });
    // Determine Control ran: the Mafia's goons and mole took three areas.
    for a in [capitol, lab, church] {
        assert_eq!(s.area(a).controller, Some(Marker::Player(0)));
    }
    assert_eq!(s.players[0].resources, 3, "Collect Resources");
    assert_eq!(s.players[0].ap, 1, "the first capitol token");
}

#[test]
fn score_plans_then_the_next_turn_or_the_end() {
    let mut rng = GameRng::seeded(92);
    let mut s = table(&["mutants", "robots", "bankers", "cult"], 0, &mut rng);
    // The Mutants hold "The Endless Spills" (13 units) and "Rise of the Deformed" (kill 4 | 3 markers | 8 units).
    let spills = content().plan_id("the-endless-spills").unwrap();
    let rise = content().plan_id("rise-of-the-deformed").unwrap();
    for p in [spills, rise] {
        s.players[0].plan_deck.retain(|x| *x != p);
        s.players[0].plans.push(p);
    }
    for _ in 0..7 {
        s.put_unit(area("sewers"), 0, UnitType::Mole).unwrap();
    }
    s.put_unit(area("sewers"), 0, UnitType::Goon).unwrap();
    s.players[1].target = Some(Hidden::known_to(content().card_id("windfall-1").unwrap(), SeatSet::only(1)));
    all_pass(&mut s);
    assert_eq!(s.phase, Phase::ScorePlans { current: 0 });
    let before = s.clone();
    let e = score_plans(&mut s, 0, &[PlanScore { plan: spills, objectives: vec![0], discards: vec![] }], &mut rng)
        .unwrap_err();
    assert_eq!(e.message, "The Endless Spills: objective 1 is not met now.");
    let e = score_plans(&mut s, 0, &[PlanScore { plan: rise, objectives: vec![2], discards: vec![] }], &mut rng)
        .unwrap_err();
    assert_eq!(e.message, "Objectives are completed from the top down (in any order only with the Church).");
    assert_eq!(s, before);
    // With the Church, any order.
    s.area_mut(area("church")).controller = Some(Marker::Player(0));
    score_plans(&mut s, 0, &[PlanScore { plan: rise, objectives: vec![2], discards: vec![] }], &mut rng).unwrap();
    assert_eq!(s.players[0].pp, 1);
    assert_eq!(s.players[0].scored_plans[..], [rise]);
    assert!(!s.players[0].plans.contains(&rise));
    for seat in [1, 2] {
        score_plans(&mut s, seat, &[], &mut rng).unwrap();
    }
    score_plans(&mut s, 3, &[], &mut rng).unwrap();
    // Nobody has won: upgrades, refresh, cleanup, and turn 2 begins.
    assert_eq!(s.turn, 2);
    assert_eq!(s.first_player, 1);
    assert!(matches!(s.phase, Phase::SelectPlans { .. }));
    assert!(s.players[1].target.is_none());
}

#[test]
fn a_victory_ends_the_game() {
    let mut rng = GameRng::seeded(93);
    let mut s = table(&["mutants", "robots", "bankers", "cult"], 0, &mut rng);
    s.players[2].ap = 10;
    all_pass(&mut s);
    for seat in 0..4 {
        score_plans(&mut s, seat, &[], &mut rng).unwrap();
    }
    assert_eq!(s.phase, Phase::Over { winners: vec![2] });
}

#[test]
fn score_plans_offers_a_discard_objective_paid_with_the_cheapest_cards() {
    use backroom_engine::{Game, Hidden, Input};
    use villains::content::content;
    let mut rng = GameRng::seeded(9);
    let mut s = common::table(&["mutants", "mafia", "scientists", "bankers"], 0, &mut rng);
    // Post-Human Ascension, objective 1: discard 3 action cards while
    // scoring, and control the area of your target.
    let plan = content().plan_id("post-human-ascension").unwrap();
    s.players[0].plans = vec![plan].into();
    let target = content().card_id("windfall-1").unwrap();
    let at = target.target().expect("Windfall names an area");
    s.players[0].target = Some(Hidden::unknown(target));
    s.area_mut(at).controller = Some(villains::state::Marker::Player(0));
    let hand: Vec<_> = ["stupor-1", "go-go-go-1", "mobilize-1", "fish-in-a-barrel-1"]
        .iter()
        .map(|c| content().card_id(c).unwrap())
        .collect();
    for c in &hand {
        s.deck.retain(|x| x != c);
    }
    s.players[0].hand = hand.clone().into();
    s.phase = villains::state::Phase::ScorePlans { current: 0 };
    let ask = s.prompt(0).unwrap().asks.into_iter().find(|a| a.verb == "score_plans").unwrap();
    let Input::One { options } = &ask.params[0].input else { panic!("whole candidates") };
    let with_discards: Vec<_> =
        options.iter().filter(|o| o.value[0]["discards"].as_array().is_some_and(|d| d.len() == 3)).collect();
    assert!(!with_discards.is_empty(), "{:?}", options.iter().map(|o| &o.label).collect::<Vec<_>>());
    let mut cheapest = hand.clone();
    cheapest.sort_by_key(|c| c.card().cost);
    let chosen: Vec<villains::content::CardId> =
        serde_json::from_value(with_discards[0].value[0]["discards"].clone()).unwrap();
    assert_eq!(chosen, cheapest[..3].to_vec());
    assert!(with_discards[0].label.contains("discarding"), "{}", with_discards[0].label);
}
