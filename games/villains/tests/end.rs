//! END PHASE: resources, targets, objectives, victory and its tiebreakers,
//! upgrades, refresh and cleanup.

mod common;

use backroom_engine::{GameRng, Hidden, SeatSet};
use common::{area, face_down, table};
use villains::content::content;
use villains::content::effect::{Requirement, TokenType, UnitType};
use villains::rules::end_phase::{
    Victory, check_victory, cleanup, collect_resources, collect_upgrades, completable_objectives, refresh,
    requirement_met, score_targets,
};
use villains::state::{CapitolTokenState, Grave, Marker, Phase, RuleCard, TokenKind, Villains};

const SEATS: [&str; 5] = ["aliens", "communists", "scientists", "mafia", "bankers"];

fn board() -> Villains {
    let mut s = table(&SEATS, 0, &mut GameRng::seeded(41));
    s.phase = Phase::Combat { at: None };
    s
}

fn target(s: &mut Villains, seat: u8, card: &str) {
    let c = content().card_id(card).unwrap();
    s.players[seat as usize].target = Some(Hidden::known_to(c, SeatSet::only(seat)));
}

#[test]
fn resources_one_per_area_and_the_bank_one_more() {
    let mut s = board();
    s.area_mut(area("bank")).controller = Some(Marker::Player(1));
    s.area_mut(area("church")).controller = Some(Marker::Player(1));
    s.area_mut(area("police")).controller = Some(Marker::Player(2));
    collect_resources(&mut s);
    let r: Vec<u16> = s.players.iter().map(|p| p.resources).collect();
    assert_eq!(r, [0, 3, 1, 0, 0]);
}

#[test]
fn each_target_scores_for_whoever_controls_its_area() {
    let mut s = board();
    s.area_mut(area("bank")).controller = Some(Marker::Player(2));
    target(&mut s, 0, "windfall-1"); // the Bank
    target(&mut s, 1, "windfall-2"); // the University
    target(&mut s, 3, "rousing-speech-1"); // the Bank
    target(&mut s, 4, "suitcase-nuke-1"); // no area
    score_targets(&mut s);
    assert_eq!(s.players[2].ap, 2, "duplicates stack, for the controller whoever chose them");
    assert!(s.targets_revealed);
    let v = villains::view::view(&s, backroom_engine::Viewer::Spectator);
    assert!(matches!(v.players[0].target, villains::view::TargetView::Known(_)));
}

#[test]
fn objectives_are_checked_on_the_table() {
    let mut s = board();
    let (bank, lab, police) = (area("bank"), area("laboratory"), area("police"));
    target(&mut s, 3, "windfall-1"); // Mafia: the Bank
    target(&mut s, 1, "stand-down-1"); // Communists: the Laboratory
    s.area_mut(lab).controller = Some(Marker::Player(3));
    s.area_mut(police).controller = Some(Marker::Player(1));
    s.put_unit(lab, 3, UnitType::Mole).unwrap();
    s.put_unit(lab, 3, UnitType::Goon).unwrap();
    s.put_unit(police, 3, UnitType::Mole).unwrap();
    s.put_unit(bank, 3, UnitType::Talent).unwrap();
    s.put_unit(bank, 3, UnitType::Talent).unwrap();
    let met = |s: &Villains, r: Requirement| requirement_met(s, 3, &r);
    assert!(met(&s, Requirement::ControlEnemyTargets(1)));
    assert!(!met(&s, Requirement::ControlOwnTarget));
    assert!(met(&s, Requirement::UnitsInEnemyAreas { unit: UnitType::Mole, count: 1 }));
    assert!(met(&s, Requirement::UnitsAtOwnTarget { unit: UnitType::Talent, count: 2 }));
    assert!(met(&s, Requirement::UnitsInEnemyTargets { count: 2, unit: None }));
    assert!(!met(&s, Requirement::UnitsInEnemyTargets { count: 3, unit: None }));
    assert!(met(&s, Requirement::UnitsInPlay(5)) && !met(&s, Requirement::UnitsInPlay(6)));
    assert!(
        met(&s, Requirement::InfluenceInAreas { influence: 4, areas: 1 }),
        "Laboratory: mole 2 + goon 1 + control 1"
    );
    // Kills, losses, extermination.
    s.area_mut(lab).graveyard.push(Grave { owner: 0, kind: UnitType::Goon, killer: 3 });
    assert!(met(&s, Requirement::ExterminateAreas(1)) && met(&s, Requirement::ExterminateAnEnemyTarget));
    assert!(met(&s, Requirement::KillMostEnemyUnits));
    s.put_unit(lab, 0, UnitType::Patsy).unwrap();
    assert!(!met(&s, Requirement::ExterminateAreas(1)), "another player's units remain");
    s.area_mut(bank).graveyard.push(Grave { owner: 3, kind: UnitType::Goon, killer: 3 });
    assert!(met(&s, Requirement::LoseUnits(1)), "losses count the player's own kills");
    assert!(!met(&s, Requirement::KillEnemyUnits(2)));
    // Tokens in areas, Mr. Fusion as a card token for the Scientists.
    face_down(&mut s, bank, 2, TokenKind::Unique);
    face_down(&mut s, lab, 2, TokenKind::Card);
    for t in s.areas.iter_mut().flat_map(|a| a.track.iter_mut().flatten()) {
        t.face_up = true;
        t.activated = true;
    }
    assert!(requirement_met(&s, 2, &Requirement::ActivatedTokensInAreas { areas: 2, token: Some(TokenType::Card) }));
    assert!(!requirement_met(&s, 2, &Requirement::ActivatedTokensInAreas { areas: 2, token: Some(TokenType::Deploy) }));
}

#[test]
fn objectives_top_down_unless_the_church() {
    let mut s = board();
    // Mafia plan "Time to Come Heavy": kill 4 | control an enemy target | a mole in an enemy area.
    let plan = content().plan_id("time-to-come-heavy").unwrap();
    let objs: Vec<&Vec<Requirement>> = plan.plan().objectives.iter().map(|o| &o.requires).collect();
    assert_eq!(objs[0], &vec![Requirement::KillEnemyUnits(4)]);
    s.area_mut(area("police")).controller = Some(Marker::Player(0));
    s.put_unit(area("police"), 3, UnitType::Mole).unwrap();
    assert!(completable_objectives(&s, 3, plan).is_empty(), "the first objective blocks the rest");
    s.area_mut(area("church")).controller = Some(Marker::Player(3));
    assert_eq!(completable_objectives(&s, 3, plan), [2], "any order with the Church");
}

#[test]
fn victory_and_its_tiebreakers() {
    let mut s = board();
    assert_eq!(check_victory(&s), Victory::NotYet);
    s.players[2].pp = 12;
    assert_eq!(check_victory(&s), Victory::Winner(2));
    s.players[0].ap = 10;
    s.players[0].pp = 2;
    assert_eq!(check_victory(&s), Victory::Draw(vec![0, 2]), "12 AP+PP each and no capitol token: a draw");
    // Equal totals: the single highest capitol token decides (the Alien-Communist example's rule).
    s.capitol_tokens[1] = CapitolTokenState::Collected(0);
    s.capitol_tokens[2] = CapitolTokenState::Collected(0);
    s.capitol_tokens[3] = CapitolTokenState::Collected(2);
    assert_eq!(check_victory(&s), Victory::Winner(2));
    s.capitol_tokens[3] = CapitolTokenState::Discarded;
    assert_eq!(check_victory(&s), Victory::Winner(0));
    s.capitol_tokens = vec![CapitolTokenState::Discarded; 4];
    assert_eq!(check_victory(&s), Victory::Draw(vec![0, 2]));
    // After turn 4, final scoring among everyone.
    let mut f = board();
    f.turn = 4;
    f.players[1].ap = 6;
    f.players[4].pp = 5;
    assert_eq!(check_victory(&f), Victory::Winner(1));
}

#[test]
fn upgrades_at_four_and_seven_points() {
    let mut s = board();
    s.players[4].ap = 4;
    s.players[1].pp = 8;
    collect_upgrades(&mut s);
    assert_eq!(s.players[4].upgrade.unwrap().upgrade().name, "Seat on the SEC");
    assert_eq!(s.players[1].upgrade.unwrap().upgrade().name, "Revolution Now!", "a direct jump to level II");
    assert!(s.players[1].upgrades_set_aside.is_empty());
    assert_eq!(s.players[4].upgrades_set_aside.len(), 1);
    assert_eq!(villains::rules::standing::resources_per_turn(&s, 4), 4, "the upgrade replaces the passive's 2");
    s.players[4].pp = 7;
    collect_upgrades(&mut s);
    assert_eq!(s.players[4].upgrade.unwrap().upgrade().name, "Plutocracy");
    assert_eq!(villains::rules::standing::resources_per_turn(&s, 4), 6);
}

#[test]
fn refresh_readies_skilled_units_and_university_patsies() {
    let mut s = board();
    let bank = area("bank");
    for k in [UnitType::Talent, UnitType::Goon, UnitType::Patsy, UnitType::Champion] {
        s.put_unit(bank, 1, k).unwrap();
    }
    refresh(&mut s);
    let ready: Vec<bool> = s.area(bank).units.iter().map(|u| u.readied).collect();
    assert_eq!(ready, [true, false, false, true], "talent and Papova");
    s.area_mut(area("university")).controller = Some(Marker::Player(1));
    refresh(&mut s);
    assert!(s.area(bank).units[2].readied, "patsies are skilled under the University");
}

#[test]
fn cleanup_returns_everything_and_passes_the_first_player_card() {
    let mut s = board();
    let lab = area("laboratory");
    face_down(&mut s, lab, 0, TokenKind::Move);
    s.players[2].spent_tokens.push(villains::state::SpentToken {
        kind: Hidden::known_to(TokenKind::Card, SeatSet::first(5)),
        revealed: true,
    });
    *s.players[2].reserve_tokens.get_mut(&TokenKind::Card).unwrap() -= 1;
    s.area_mut(lab).combat_marker = true;
    s.area_mut(lab).skill_used.insert(1);
    s.area_mut(lab).graveyard.push(Grave { owner: 1, kind: UnitType::Patsy, killer: 0 });
    *s.players[1].reserve_units.get_mut(&UnitType::Patsy).unwrap() -= 1;
    let card = content().card_id("stand-down-1").unwrap();
    s.area_mut(lab).rules.push(RuleCard { card, owner: 3 });
    target(&mut s, 0, "windfall-1");
    s.targets_revealed = true;
    s.put_unit(lab, 0, UnitType::Champion).unwrap();
    let before: Vec<usize> = s.players.iter().map(|p| p.reserve_tokens.values().map(|n| *n as usize).sum()).collect();
    cleanup(&mut s);
    let after: Vec<usize> = s.players.iter().map(|p| p.reserve_tokens.values().map(|n| *n as usize).sum()).collect();
    assert_eq!(after, [before[0] + 1, before[1], before[2] + 1, before[3], before[4]]);
    let f = |id: &str| s.faction_of(s.seat_of(content().faction_id(id).unwrap()).unwrap()).token_total();
    assert_eq!(after[0], f("aliens"));
    assert_eq!(s.players[1].reserve_units[&UnitType::Patsy], 10);
    let a = s.area(lab);
    assert!(
        !a.combat_marker
            && a.skill_used.is_empty()
            && a.graveyard.is_empty()
            && a.rules.is_empty()
            && a.tokens().count() == 0
    );
    assert_eq!(s.discards.len(), 2, "the rule card and the target");
    assert!(s.players[0].target.is_none() && !s.targets_revealed);
    assert_eq!((s.turn, s.first_player, s.phase.clone()), (2, 1, Phase::Start));
    assert_eq!(a.units.len(), 1, "units in play stay");
}

#[test]
fn the_rulebooks_tiebreaker_example_the_communists_win_on_the_capitol_token() {
    let mut s = table(&["aliens", "communists", "mutants", "mafia"], 0, &mut GameRng::seeded(42));
    s.turn = 4;
    (s.players[0].ap, s.players[0].pp) = (6, 13);
    (s.players[1].ap, s.players[1].pp) = (10, 9);
    (s.players[2].ap, s.players[2].pp) = (9, 11); // 20 points but no victory condition
    s.capitol_tokens = vec![
        CapitolTokenState::Discarded,
        CapitolTokenState::Collected(0),
        CapitolTokenState::Collected(0),
        CapitolTokenState::Collected(1),
    ];
    assert_eq!(check_victory(&s), Victory::Winner(1), "All glory to the revolution!");
}

#[test]
fn mother_ooze_heals_at_cleanup_then_deploys_one_unit_free_per_area() {
    use villains::state::owed::Owed;
    let mut rng = GameRng::seeded(7);
    let mut s = table(&["mutants", "mafia", "bankers", "robots"], 0, &mut rng);
    s.phase = Phase::Combat { at: None };
    let (subway, police) = (area("subway"), area("police"));
    for a in [subway, subway, police] {
        s.put_unit(a, 0, UnitType::Champion).unwrap();
    }
    for u in s.area_mut(subway).units.iter_mut() {
        u.wounded = true;
    }
    s.area_mut(police).units[0].wounded = true;
    let log = cleanup(&mut s);
    let text: Vec<String> = log.iter().filter_map(|l| l.public.clone()).collect();
    assert!(text.iter().any(|l| l.contains("heal") && l.contains("2 Mother Oozes in The Subway")), "{text:?}");
    assert!(s.units_of(0).all(|(_, u)| !u.wounded));
    assert!(
        s.owed.contains(&Owed::FreeDeploy { seat: 0, area: police })
            && s.owed.contains(&Owed::FreeDeploy { seat: 0, area: subway }),
        "one free deploy per area where an Ooze healed"
    );
    assert_eq!(s.owed.len(), 2);
    let first = match s.owed[0] {
        Owed::FreeDeploy { area, .. } => area,
        _ => unreachable!(),
    };
    // Only the Mutants answer; only units in the reserve.
    assert!(villains::rules::abilities::free_deploy(&mut s, 1, None, &mut rng).is_err());
    let before = s.clone();
    s.players[0].reserve_units.insert(UnitType::Mole, 0);
    assert!(villains::rules::abilities::free_deploy(&mut s, 0, Some(UnitType::Mole), &mut rng).is_err());
    s = before;
    let energy = s.players[0].energy;
    let resources = s.players[0].resources;
    let goons = s.players[0].reserve_units[&UnitType::Goon];
    villains::rules::abilities::free_deploy(&mut s, 0, Some(UnitType::Goon), &mut rng).unwrap();
    assert_eq!(s.players[0].reserve_units[&UnitType::Goon], goons - 1);
    assert!(s.area(first).units.iter().any(|u| u.owner == 0 && u.kind == UnitType::Goon));
    assert_eq!((s.players[0].energy, s.players[0].resources), (energy, resources));
    assert_eq!(s.phase, Phase::Start, "the next turn waits for the last free deploy");
    let log = villains::rules::abilities::free_deploy(&mut s, 0, None, &mut rng).unwrap();
    assert!(s.owed.is_empty());
    assert_ne!(s.phase, Phase::Start, "then the next turn begins");
    assert!(log.iter().any(|l| l.public.as_deref() == Some("Turn 2 begins.")));
}
