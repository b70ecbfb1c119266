//! Refusals name the real reason with the fact that triggered it, in the
//! step's own words (issue "Crisis Protocol, the rest of the rulebook",
//! part 2, for Villains): a cost the player cannot cover says what it has,
//! a seat the game is not waiting for hears what it did already, a combat
//! that cannot take place names the card or the missing opponent, the
//! Hitman without a basic enemy unit says there is none. The scenario
//! files `scenarios/refusals-*.toml` play the same refusals through the
//! table and check their rules; these tests check the words.

mod common;

use backroom_engine::{Game, GameRng, RuleCode, RuleError};
use common::{area, face_down, table};
use serde_json::json;
use villains::Action;
use villains::content::effect::UnitType;
use villains::rules::take_actions::reveal;
use villains::state::{Phase, RuleCard, TokenKind, Villains};

const SEATS: [&str; 4] = ["cult", "mafia", "bankers", "robots"];

fn act(s: &mut Villains, seat: u8, action: serde_json::Value) -> Result<(), RuleError> {
    let a: Action = serde_json::from_value(action).unwrap();
    s.apply(seat, &a, &mut GameRng::seeded(3)).map(|_| ())
}

fn words(e: RuleError) -> (String, String) {
    (e.rule, e.message)
}

#[test]
fn a_second_plan_put_back_is_refused_as_done_already() {
    let mut rng = GameRng::seeded(5);
    let mut s = table(&SEATS, 0, &mut rng);
    villains::rules::start_phase::begin_turn(&mut s, &mut rng);
    assert!(matches!(s.phase, Phase::SelectPlans { .. }));
    let plan = serde_json::to_value(s.players[0].plans[0]).unwrap();
    act(&mut s, 0, json!({ "type": "bottom_plan", "plan": plan })).unwrap();
    let plan = serde_json::to_value(s.players[0].plans[0]).unwrap();
    let e = act(&mut s, 0, json!({ "type": "bottom_plan", "plan": plan })).unwrap_err();
    assert_eq!(e.code, RuleCode::NotYourTurn);
    assert_eq!(
        words(e),
        (
            "Select Plans".into(),
            "You have put a plan on the bottom already this turn; the others are still choosing.".into()
        )
    );
}

#[test]
fn placing_after_passing_says_so() {
    let mut s = table(&SEATS, 0, &mut GameRng::seeded(5));
    s.phase = Phase::PlaceTokens { current: 1 };
    s.players[0].passed = true;
    let e = act(&mut s, 0, json!({ "type": "place_token", "kind": "deploy", "area": "bank" })).unwrap_err();
    assert_eq!(
        words(e),
        ("Place Action Tokens".into(), "You have passed for the rest of the Place Action Tokens Step.".into())
    );
    s.players[0].passed = false;
    let e = act(&mut s, 0, json!({ "type": "place_token", "kind": "deploy", "area": "bank" })).unwrap_err();
    assert_eq!(e.message, "Another player places now.");
}

/// `seat` has revealed a token of `kind` in `a`, its turn in Take Actions.
fn revealed(s: &mut Villains, seat: u8, a: villains::content::AreaId, kind: TokenKind) {
    s.phase = Phase::TakeActions { current: seat, revealed: None };
    let i = face_down(s, a, seat, kind);
    reveal(s, seat, (a, i)).unwrap();
}

#[test]
fn a_move_the_player_cannot_afford_says_what_it_has() {
    let mut s = table(&SEATS, 0, &mut GameRng::seeded(5));
    let (sewers, church) = (area("sewers"), area("church"));
    let goon = s.put_unit(sewers, 0, UnitType::Goon).unwrap();
    s.players[0].energy = 1;
    s.players[0].resources = 0;
    revealed(&mut s, 0, church, TokenKind::Move);
    let e = act(&mut s, 0, json!({ "type": "move", "units": [goon.0], "energy": 1 })).unwrap_err();
    assert_eq!(words(e), ("Paying Costs".into(), "The cost is 2; you have 1 energy and 0 resources.".into()));
    // A whole activation with a payment that does not add up says what it pays.
    s.players[0].energy = 3;
    let e = act(
        &mut s,
        0,
        json!({ "type": "activate", "activation": { "as": "move", "units": [goon.0], "payment": { "energy": 3, "resources": 0 } } }),
    )
    .unwrap_err();
    assert_eq!(e.message, "The cost is 2, and this pays 3: pay exactly the cost in energy and resources.");
}

#[test]
fn the_hitman_with_no_basic_enemy_unit_says_there_is_none() {
    let mut s = table(&SEATS, 0, &mut GameRng::seeded(5));
    let church = area("church");
    let gnome = s.put_unit(church, 2, UnitType::Champion).unwrap();
    revealed(&mut s, 1, church, TokenKind::Unique);
    let hit = |t: Option<u16>| json!({ "type": "activate", "activation": { "as": "unique", "target": t } });
    for t in [Some(gnome.0), None] {
        let e = act(&mut s, 1, hit(t)).unwrap_err();
        assert_eq!(
            words(e),
            ("Hitman".into(), "There is no basic enemy unit in The Church to hit: discard the token.".into())
        );
    }
    let mole = s.put_unit(church, 2, UnitType::Mole).unwrap();
    let e = act(&mut s, 1, hit(Some(gnome.0))).unwrap_err();
    assert_eq!(e.message, "Choose one of the basic enemy units in The Church.");
    act(&mut s, 1, hit(Some(mole.0))).unwrap();
}

#[test]
fn combat_refused_names_cease_fire_or_the_missing_opponent() {
    let mut s = table(&SEATS, 0, &mut GameRng::seeded(5));
    let subway = area("subway");
    s.put_unit(subway, 1, UnitType::Goon).unwrap();
    revealed(&mut s, 1, subway, TokenKind::Battle);
    let battle = json!({ "type": "activate", "activation": { "as": "battle" } });
    let e = act(&mut s, 1, battle.clone()).unwrap_err();
    assert_eq!(
        words(e),
        (
            "Battle Token".into(),
            "Combat cannot take place: only one player has units in The Subway; discard the token.".into()
        )
    );
    s.put_unit(subway, 2, UnitType::Goon).unwrap();
    s.area_mut(subway)
        .rules
        .push(RuleCard { card: villains::content::content().card_id("cease-fire-1").unwrap(), owner: 0 });
    let e = act(&mut s, 1, battle).unwrap_err();
    assert_eq!(
        words(e),
        (
            "Cease Fire".into(),
            "Combat cannot take place in The Subway: Cease Fire forbids attacks there; discard the token.".into()
        )
    );
}

#[test]
fn locked_and_pass_name_the_face_down_tokens() {
    let mut s = table(&SEATS, 0, &mut GameRng::seeded(5));
    let bank = area("bank");
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    face_down(&mut s, bank, 0, TokenKind::Deploy);
    let e = act(&mut s, 0, json!({ "type": "locked" })).unwrap_err();
    assert_eq!(e.message, "You are not locked: you may reveal your token in The Bank, space 1.");
    let e = act(&mut s, 0, json!({ "type": "pass" })).unwrap_err();
    assert_eq!(
        e.message,
        "A player may pass only after all of their action tokens have been revealed: you have 1 face down."
    );
}

#[test]
fn a_skill_with_nothing_to_choose_says_so() {
    use villains::action::choices::SkillChoice;
    use villains::rules::skill_abilities::use_skill;
    let mut s = table(&SEATS, 0, &mut GameRng::seeded(5));
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    let skill = |s: &mut Villains, at: &str| {
        let a = area(at);
        let u = s.put_unit(a, 0, UnitType::Talent).unwrap();
        s.area_mut(a).units.iter_mut().find(|x| x.uid == u).unwrap().readied = true;
        use_skill(s, 0, a, &SkillChoice::default(), &mut GameRng::seeded(1)).unwrap_err().message
    };
    assert_eq!(skill(&mut s, "university"), "There is no face-down token in the City to look at.");
    assert_eq!(skill(&mut s, "capitol"), "No area holds two tokens to swap.");
    assert_eq!(skill(&mut s, "church"), "You have no face-up token activated this turn to turn face down.");
    assert_eq!(skill(&mut s, "police"), "None of your units with an attack shares an area with an opponent's units.");
}
