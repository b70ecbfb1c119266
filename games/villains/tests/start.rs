//! START PHASE: income, Reset Energy, Draw Action Cards, Select Plans,
//! Select Targets with Inside Job and the Police.

mod common;

use backroom_engine::{GameRng, RuleCode, Viewer};
use common::{area, table};
use villains::content::content;
use villains::rules::start_phase::{begin_turn, bottom_plan, draw_cards, inside_job, select_target, target_waiting};
use villains::state::{Marker, Phase};

const FIVE: [&str; 5] = ["bankers", "cult", "scientists", "mafia", "communists"];

#[test]
fn income_energy_and_draws() {
    let mut rng = GameRng::seeded(3);
    let mut s = table(&FIVE, 0, &mut rng);
    // The Communists hold two captured markers: +1 energy, +1 card.
    s.players[4].captured = vec![Marker::Setup, Marker::Player(0)].into();
    // The Cult controls the Laboratory: +1 card.
    s.area_mut(area("laboratory")).controller = Some(Marker::Player(1));
    let log = begin_turn(&mut s, &mut rng);
    assert_eq!(s.players[0].resources, 2, "the Bankers' income, on turn 1 too");
    assert!(s.players[1..].iter().all(|p| p.resources == 0));
    let energy: Vec<u8> = s.players.iter().map(|p| p.energy).collect();
    assert_eq!(energy, [9, 4, 9, 9, 10]);
    let hands: Vec<usize> = s.players.iter().map(|p| p.hand.len()).collect();
    assert_eq!(hands, [3, 4, 4, 3, 4], "Research draws 4; the Laboratory and a second captured marker one more");
    assert_eq!(s.deck.len(), 72 - 18);
    // Others read how many cards a seat drew, never which.
    let lines: Vec<&str> = log.iter().filter_map(|l| l.for_viewer(Viewer::Seat(1))).collect();
    assert!(lines.contains(&"{seat:2(Scientists)|draws|draw} 4 action cards."), "{lines:?}");
    let mine = log
        .iter()
        .filter_map(|l| l.for_viewer(Viewer::Seat(2)))
        .find(|l| l.starts_with("{seat:2(Scientists)|draws|draw} ") && !l.contains("action cards"))
        .unwrap();
    for c in &s.players[2].hand {
        assert!(mine.contains(&c.card().name), "{mine}");
    }
    assert_eq!(s.phase, Phase::SelectPlans { waiting: backroom_engine::SeatSet::first(5) });
    assert!(s.players.iter().all(|p| p.plans.len() == 3 && p.plan_deck.len() == 5));
}

#[test]
fn select_plans_puts_exactly_one_on_the_bottom() {
    let mut rng = GameRng::seeded(4);
    let mut s = table(&FIVE, 2, &mut rng);
    // The rulebook's example: the Mafia holds one plan and draws two.
    let kept = s.players[3].plan_deck.remove(3);
    s.players[3].plans.push(kept);
    begin_turn(&mut s, &mut rng);
    assert_eq!(s.players[3].plans.len(), 3);
    assert_eq!(s.players[3].plans[0], kept);
    let not_mine = s.players[0].plans[0];
    let before = s.clone();
    let e = bottom_plan(&mut s, 3, not_mine).unwrap_err();
    assert_eq!((e.code, e.rule.as_str()), (RuleCode::IllegalMove, "Select Plans"));
    assert_eq!(s, before);
    let put_back = s.players[3].plans[1];
    let log = bottom_plan(&mut s, 3, put_back).unwrap();
    assert_eq!(s.players[3].plans.len(), 2);
    assert_eq!(s.players[3].plan_deck.last(), Some(&put_back));
    assert_eq!(s.players[3].plans_bottomed, 1);
    assert_eq!(
        log[0].for_viewer(Viewer::Seat(0)),
        Some("{seat:3(Mafia)|puts|put} a plan on the bottom of the plan deck.")
    );
    let again = s.players[3].plans[0];
    assert!(bottom_plan(&mut s, 3, again).is_err(), "only one");
    for seat in [0, 1, 2, 4] {
        let p = s.players[seat as usize].plans[2];
        bottom_plan(&mut s, seat, p).unwrap();
    }
    assert_eq!(s.phase, Phase::SelectTargets { inside_job: None });
    assert_eq!(target_waiting(&s).len(), 5);
}

/// A table at Select Targets.
fn at_targets(first: u8, rng: &mut GameRng) -> villains::state::Villains {
    let mut s = table(&FIVE, first, rng);
    begin_turn(&mut s, rng);
    for seat in 0..5 {
        let p = s.players[seat as usize].plans[0];
        bottom_plan(&mut s, seat, p).unwrap();
    }
    s
}

#[test]
fn the_mafia_chooses_last_after_inside_job() {
    let mut rng = GameRng::seeded(5);
    let mut s = at_targets(0, &mut rng);
    let mafia = 3;
    let card = s.players[3].hand[0];
    let before = s.clone();
    let e = select_target(&mut s, mafia, card).unwrap_err();
    assert_eq!((e.code, e.rule.as_str()), (RuleCode::NotYourTurn, "Inside Job"));
    assert!(inside_job(&mut s, mafia, 0).is_err(), "not before the others are down");
    assert_eq!(s, before);
    for seat in [0, 1, 2, 4] {
        let c = s.players[seat as usize].hand[0];
        select_target(&mut s, seat, c).unwrap();
    }
    assert!(s.players[0].target.as_ref().unwrap().for_viewer(Viewer::Seat(mafia)).is_none());
    let log = inside_job(&mut s, mafia, 0).unwrap();
    assert!(s.players[0].target.as_ref().unwrap().for_viewer(Viewer::Seat(mafia)).is_some());
    assert!(s.players[0].target.as_ref().unwrap().for_viewer(Viewer::Seat(1)).is_none());
    assert_eq!(
        log[0].for_viewer(Viewer::Spectator),
        Some(
            format!("Inside Job: {{seat:{mafia}(Mafia)|looks|look}} at the target {{seat:0(Bankers)|holds|hold}}.")
                .as_str()
        )
    );
    assert!(
        log[0]
            .for_viewer(Viewer::Seat(mafia))
            .unwrap()
            .starts_with("Inside Job: {seat:0(Bankers)|holds|hold} the target ")
    );
    assert!(inside_job(&mut s, mafia, 1).is_err(), "one look");
    assert!(s.players[1].target.as_ref().unwrap().for_viewer(Viewer::Seat(mafia)).is_none());
    select_target(&mut s, mafia, card).unwrap();
    assert_eq!(s.phase, Phase::PlaceTokens { current: 0 });
    assert!(s.players.iter().all(|p| p.target.is_some()));
}

#[test]
fn the_police_controller_sees_each_enemy_target_once_both_are_down() {
    let mut rng = GameRng::seeded(6);
    let mut s = table(&FIVE, 0, &mut rng);
    s.area_mut(area("police")).controller = Some(Marker::Player(2));
    begin_turn(&mut s, &mut rng);
    for seat in 0..5 {
        let p = s.players[seat as usize].plans[0];
        bottom_plan(&mut s, seat, p).unwrap();
    }
    let pick = |s: &villains::state::Villains, seat: usize| s.players[seat].hand[0];
    let c = pick(&s, 0);
    select_target(&mut s, 0, c).unwrap();
    assert!(s.players[0].target.as_ref().unwrap().for_viewer(Viewer::Seat(2)).is_none(), "not before its own");
    let c = pick(&s, 2);
    let log = select_target(&mut s, 2, c).unwrap();
    assert!(s.players[0].target.as_ref().unwrap().for_viewer(Viewer::Seat(2)).is_some());
    assert!(log.iter().any(|l| {
        l.for_viewer(Viewer::Seat(2))
            .is_some_and(|t| t.starts_with("The Police: {seat:0(") && t.contains("|holds|hold} the target "))
    }));
    assert!(log.iter().all(|l| { l.for_viewer(Viewer::Seat(0)).is_none_or(|t| !t.contains("The Police")) }));
    let c = pick(&s, 4);
    select_target(&mut s, 4, c).unwrap();
    assert!(s.players[4].target.as_ref().unwrap().for_viewer(Viewer::Seat(2)).is_some());
    assert!(s.players[4].target.as_ref().unwrap().for_viewer(Viewer::Seat(0)).is_none());
}

#[test]
fn the_mafia_controlling_the_police_sees_all_targets_before_choosing() {
    let mut rng = GameRng::seeded(7);
    let mut s = table(&FIVE, 0, &mut rng);
    s.area_mut(area("police")).controller = Some(Marker::Player(3));
    begin_turn(&mut s, &mut rng);
    for seat in 0..5 {
        let p = s.players[seat as usize].plans[0];
        bottom_plan(&mut s, seat, p).unwrap();
    }
    for seat in [0, 1, 2, 4] {
        let c = s.players[seat as usize].hand[0];
        select_target(&mut s, seat, c).unwrap();
    }
    for seat in [0, 1, 2, 4] {
        assert!(s.players[seat].target.as_ref().unwrap().for_viewer(Viewer::Seat(3)).is_some(), "seat {seat}");
    }
    assert_eq!(s.phase, Phase::SelectTargets { inside_job: None });
}

#[test]
fn an_empty_deck_reshuffles_the_discards_and_then_draws_stop() {
    let mut rng = GameRng::seeded(8);
    let mut s = table(&FIVE, 0, &mut rng);
    let all = std::mem::take(&mut s.deck);
    s.deck = all[..2].to_vec();
    s.discards = all[2..4].to_vec();
    assert_eq!(draw_cards(&mut s, 0, 3, &mut rng), 3);
    assert_eq!((s.deck.len(), s.discards.len()), (1, 0));
    assert_eq!(draw_cards(&mut s, 0, 3, &mut rng), 1, "deck and discards both empty: draws stop");
    assert_eq!(s.players[0].hand.len(), 4);
    assert!(content().deck.len() == 72);
}
