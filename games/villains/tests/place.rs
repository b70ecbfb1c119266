//! MAIN PHASE, Place Action Tokens.

mod common;

use backroom_engine::{GameRng, RuleCode, Viewer};
use common::{area, table};
use villains::rules::place_action_tokens::{pass, place_token};
use villains::rules::start_phase::{begin_turn, bottom_plan, select_target};
use villains::state::payment::Payment;
use villains::state::{Marker, Phase, TokenKind, Villains};

/// A table at Place Action Tokens.
fn placing(factions: &[&str], first: u8, rng: &mut GameRng) -> Villains {
    let mut s = table(factions, first, rng);
    begin_turn(&mut s, rng);
    for seat in 0..s.seats {
        let p = s.players[seat as usize].plans[0];
        bottom_plan(&mut s, seat, p).unwrap();
    }
    let order: Vec<u8> = (0..s.seats)
        .filter(|x| s.faction_of(*x).id != "mafia")
        .chain((0..s.seats).filter(|x| s.faction_of(*x).id == "mafia"))
        .collect();
    for seat in order {
        let c = s.players[seat as usize].hand[0];
        select_target(&mut s, seat, c).unwrap();
    }
    assert_eq!(s.phase, Phase::PlaceTokens { current: first });
    s
}

/// Places with the default payment (energy first).
fn put(
    s: &mut Villains,
    seat: u8,
    kind: TokenKind,
    a: villains::content::AreaId,
    space: Option<usize>,
) -> Result<Vec<backroom_engine::LogEntry>, backroom_engine::RuleError> {
    let pay = Payment::energy_first(s, seat, s.faction_of(seat).placement_cost);
    place_token(s, seat, kind, a, space, pay)
}

#[test]
fn the_mutant_places_in_the_sewers_third_space() {
    let mut rng = GameRng::seeded(11);
    let mut s = placing(&["mutants", "mafia", "robots", "bankers"], 1, &mut rng);
    let sewers = area("sewers");
    put(&mut s, 1, TokenKind::Deploy, sewers, None).unwrap();
    put(&mut s, 2, TokenKind::Card, sewers, None).unwrap();
    // Not the Mutant's turn yet.
    let e = put(&mut s, 0, TokenKind::Deploy, sewers, None).unwrap_err();
    assert_eq!((e.code, e.message.as_str()), (RuleCode::NotYourTurn, "Another player places now."));
    put(&mut s, 3, TokenKind::Move, area("bank"), None).unwrap();
    let before_mutant = s.clone();
    let e = put(&mut s, 0, TokenKind::Deploy, sewers, Some(3)).unwrap_err();
    assert_eq!((e.code, e.rule.as_str()), (RuleCode::IllegalMove, "Place Action Tokens"));
    assert!(e.message.contains("lowest open space (3 in The Sewers)"), "{}", e.message);
    assert_eq!(s, before_mutant);
    let log = put(&mut s, 0, TokenKind::Deploy, sewers, None).unwrap();
    let t = s.area(sewers).track[2].as_ref().unwrap();
    assert_eq!((t.owner, t.face_up), (0, false));
    assert_eq!(s.players[0].energy, 8, "paid 1 energy");
    assert_eq!(s.players[0].reserve_tokens[&TokenKind::Deploy], 2);
    // Others read where, never what.
    assert_eq!(
        log[0].for_viewer(Viewer::Seat(1)),
        Some("{seat:0(Mutants)|places|place} an action token face down in The Sewers, space 3.")
    );
    assert_eq!(
        log[0].for_viewer(Viewer::Seat(0)),
        Some("{seat:0(Mutants)|places|place} a Deploy token face down in The Sewers, space 3.")
    );
    assert!(
        t.kind.for_viewer(Viewer::Seat(1)).is_none() && t.kind.for_viewer(Viewer::Seat(0)) == Some(&TokenKind::Deploy)
    );
    // Ids in placement order.
    let uids: Vec<u16> = s.area(sewers).tokens().map(|t| t.uid.0).collect();
    assert_eq!(uids, [0, 1, 3]);
}

#[test]
fn the_fourth_token_places_a_combat_marker() {
    let mut rng = GameRng::seeded(12);
    let mut s = placing(&["mutants", "mafia", "robots", "bankers"], 0, &mut rng);
    let church = area("church");
    for seat in 0..4 {
        assert!(!s.area(church).combat_marker);
        let log = put(&mut s, seat, TokenKind::Card, church, None).unwrap();
        if seat == 3 {
            assert_eq!(
                log[1].for_viewer(Viewer::Spectator),
                Some("The Church holds 4 tokens: a combat marker is placed there.")
            );
        }
    }
    assert!(s.area(church).combat_marker);
    put(&mut s, 0, TokenKind::Deploy, church, None).unwrap();
    assert_eq!(s.area(church).token_count(), 5);
    let e = put(&mut s, 1, TokenKind::Deploy, church, None).unwrap_err();
    assert_eq!(e.message, "The Church has no open space.");
}

#[test]
fn the_subway_controller_places_in_any_open_space() {
    let mut rng = GameRng::seeded(13);
    let mut s = placing(&["mutants", "mafia", "robots", "bankers", "aliens"], 0, &mut rng);
    s.area_mut(area("subway")).controller = Some(Marker::Player(0));
    put(&mut s, 0, TokenKind::Move, area("bank"), Some(4)).unwrap();
    assert!(s.area(area("bank")).track[4].is_some());
    // Reveal order and combat markers are unchanged; the next player uses the lowest space.
    put(&mut s, 1, TokenKind::Deploy, area("bank"), None).unwrap();
    assert!(s.area(area("bank")).track[0].is_some());
    let e = put(&mut s, 2, TokenKind::Deploy, area("bank"), Some(3)).unwrap_err();
    assert_eq!(e.rule, "Place Action Tokens");
}

#[test]
fn costs_are_paid_in_energy_or_resources_and_the_cult_places_free() {
    let mut rng = GameRng::seeded(14);
    let mut s = placing(&["bankers", "cult", "robots", "mafia"], 0, &mut rng);
    assert_eq!(s.players[0].resources, 2);
    let before = s.clone();
    let e =
        place_token(&mut s, 0, TokenKind::Deploy, area("bank"), None, Payment { energy: 1, resources: 1 }).unwrap_err();
    assert_eq!(e.rule, "Paying Costs");
    let e =
        place_token(&mut s, 0, TokenKind::Deploy, area("bank"), None, Payment { energy: 0, resources: 3 }).unwrap_err();
    assert_eq!(e.rule, "Paying Costs");
    assert_eq!(s, before);
    place_token(&mut s, 0, TokenKind::Deploy, area("bank"), None, Payment { energy: 0, resources: 1 }).unwrap();
    assert_eq!((s.players[0].energy, s.players[0].resources), (9, 1));
    place_token(&mut s, 1, TokenKind::Unique, area("bank"), None, Payment::default()).unwrap();
    assert_eq!(s.players[1].energy, 4, "the Cult's Mystic Cabal");
}

#[test]
fn passing_is_for_good_and_then_take_actions_begins() {
    let mut rng = GameRng::seeded(15);
    let mut s = placing(&["mutants", "mafia", "robots", "bankers"], 2, &mut rng);
    pass(&mut s, 2).unwrap();
    pass(&mut s, 3).unwrap();
    put(&mut s, 0, TokenKind::Card, area("police"), None).unwrap();
    assert_eq!(s.phase, Phase::PlaceTokens { current: 1 });
    put(&mut s, 1, TokenKind::Card, area("police"), None).unwrap();
    assert_eq!(s.phase, Phase::PlaceTokens { current: 0 }, "passed players are skipped");
    // A player who cannot pay passes automatically.
    s.players[1].energy = 0;
    s.players[1].resources = 0;
    let log = put(&mut s, 0, TokenKind::Card, area("police"), None).unwrap();
    assert!(log.iter().any(|l| {
        l.for_viewer(Viewer::Spectator)
            .is_some_and(|t| t.starts_with("{seat:1(") && t.ends_with("|passes|pass}: no token can be placed."))
    }));
    assert_eq!(s.phase, Phase::PlaceTokens { current: 0 });
    pass(&mut s, 0).unwrap();
    assert_eq!(s.phase, Phase::TakeActions { current: 2, revealed: None });
    assert!(s.players.iter().all(|p| !p.passed));
}

#[test]
fn the_placing_prompt_lets_the_player_choose_how_to_pay() {
    use backroom_engine::Game;
    let mut rng = GameRng::seeded(5);
    let mut s = placing(&["mutants", "mafia", "scientists", "bankers"], 0, &mut rng);
    s.players[0].resources = 0;
    let ask = |s: &Villains| s.prompt(0).unwrap().asks.into_iter().find(|a| a.verb == "place_token").unwrap();
    assert!(ask(&s).params.iter().all(|p| p.name != "payment"), "nothing to choose with no resources");
    s.players[0].resources = 3;
    let payment = ask(&s).params.into_iter().find(|p| p.name == "payment").expect("a split to choose");
    let backroom_engine::Input::One { options } = payment.input else { panic!("one of two splits") };
    let labels: Vec<&str> = options.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(labels.len(), 2, "{labels:?}");
    assert!(labels[1].contains("resource"), "{labels:?}");
    let pay: Payment = serde_json::from_value(options[1].value.clone()).unwrap();
    let before = s.players[0].energy;
    let a =
        villains::Action::PlaceToken { kind: TokenKind::Deploy, area: area("bank"), space: None, payment: Some(pay) };
    Game::apply(&mut s, 0, &a, &mut rng).unwrap();
    assert_eq!(s.players[0].energy, before - pay.energy);
    assert_eq!(s.players[0].resources, 3 - pay.resources);
}

#[test]
fn the_placing_prompt_offers_the_subway_controller_a_space() {
    use backroom_engine::Game;
    let mut rng = GameRng::seeded(6);
    let mut s = placing(&["mutants", "mafia", "scientists", "bankers"], 0, &mut rng);
    let space_param = |s: &Villains| {
        s.prompt(0)
            .unwrap()
            .asks
            .into_iter()
            .find(|a| a.verb == "place_token")
            .unwrap()
            .params
            .into_iter()
            .any(|p| p.name == "space")
    };
    assert!(!space_param(&s), "the lowest open space, without the Subway");
    s.area_mut(area("subway")).controller = Some(Marker::Player(0));
    assert!(space_param(&s), "any open space with the Subway");
}
