//! Activating an area's skill ability: the rulebook's Bank example with
//! Commissar Papova, the University's look, the Church's flip, the
//! Capitol's swap, the Factory's battle, the Subway's and the Sewers'
//! deploys.

mod common;

use backroom_engine::{GameRng, Viewer};
use common::{area, face_down, table};
use villains::action::choices::{DeployPick, SkillChoice};
use villains::content::content;
use villains::content::effect::UnitType;
use villains::rules::skill_abilities::{skill_areas, use_skill};
use villains::rules::take_actions::{reveal, revealable};
use villains::state::payment::Payment;
use villains::state::{Phase, RuleCard, TokenKind, Villains};

const SEATS: [&str; 4] = ["communists", "mafia", "aliens", "bankers"];

/// Uses a skill with a generator of its own.
fn skill(
    s: &mut Villains,
    seat: u8,
    a: villains::content::AreaId,
    c: &SkillChoice,
) -> Result<Vec<backroom_engine::LogEntry>, backroom_engine::RuleError> {
    use_skill(s, seat, a, c, &mut GameRng::seeded(1))
}

fn acting(seat: u8) -> Villains {
    let mut s = table(&SEATS, 0, &mut GameRng::seeded(71));
    s.phase = Phase::TakeActions { current: seat, revealed: None };
    s
}

#[test]
fn the_rulebooks_skill_example_at_the_bank_with_commissar_papova() {
    let mut s = acting(0);
    let (bank, church, factory) = (area("bank"), area("church"), area("factory"));
    s.put_unit(church, 0, UnitType::Talent).unwrap(); // not readied
    let goon = s.put_unit(church, 0, UnitType::Goon).unwrap();
    let patsy = s.put_unit(factory, 0, UnitType::Patsy).unwrap();
    s.put_unit(bank, 0, UnitType::Talent).unwrap();
    s.put_unit(bank, 0, UnitType::Champion).unwrap();
    for u in &mut s.area_mut(bank).units {
        u.readied = true;
    }
    assert_eq!(skill_areas(&s, 0), [bank]);
    let before = s.clone();
    let e = skill(&mut s, 0, church, &SkillChoice::default()).unwrap_err();
    assert_eq!(
        (e.rule.as_str(), e.message.as_str()),
        ("Activating an Area's Skill Ability", "You have no readied unit in The Church.")
    );
    assert_eq!(s, before);
    let choice = SkillChoice { champion_moves: vec![goon, patsy], ..Default::default() };
    skill(&mut s, 0, bank, &choice).unwrap();
    assert_eq!(s.players[0].resources, 2);
    assert!(s.area(bank).units.iter().all(|u| !u.readied), "all her readied units there are exhausted");
    assert!(s.area(bank).skill_used.contains(0));
    assert_eq!(s.area(bank).units.len(), 4, "Papova brought the goon and the patsy");
    assert_eq!(s.phase, Phase::TakeActions { current: 1, revealed: None });
    // Never the same skill twice in a turn.
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    s.area_mut(bank).units[0].readied = true;
    assert!(
        skill(&mut s, 0, bank, &SkillChoice::default()).unwrap_err().message.contains("used the skill of The Bank")
    );
}

#[test]
fn the_university_looks_at_one_face_down_token_for_its_user_only() {
    let mut s = acting(2);
    let (uni, sewers) = (area("university"), area("sewers"));
    let t = s.put_unit(uni, 2, UnitType::Talent).unwrap();
    s.area_mut(uni).units.iter_mut().find(|u| u.uid == t).unwrap().readied = true;
    face_down(&mut s, sewers, 1, TokenKind::Unique);
    let uid = s.area(sewers).track[0].as_ref().unwrap().uid;
    let log = skill(&mut s, 2, uni, &SkillChoice { tokens: vec![uid], ..Default::default() }).unwrap();
    let tok = s.area(sewers).track[0].as_ref().unwrap();
    assert_eq!(tok.kind.for_viewer(Viewer::Seat(2)), Some(&TokenKind::Unique));
    assert_eq!(tok.kind.for_viewer(Viewer::Seat(0)), None);
    let line = log.last().unwrap();
    assert_eq!(
        line.for_viewer(Viewer::Seat(2)),
        Some(
            "{seat:2(Aliens)|looks|look} at the face-down token in The Sewers, space 1 (placed by {seat:1(Mafia)}): Hitman."
        )
    );
    assert_eq!(
        line.for_viewer(Viewer::Seat(3)),
        Some("{seat:2(Aliens)|looks|look} at the face-down token in The Sewers, space 1 (placed by {seat:1(Mafia)}).")
    );
    let v = villains::view::view(&s, Viewer::Seat(2));
    assert_eq!(v.areas[sewers.index()].track[0].as_ref().unwrap().kind, Some(TokenKind::Unique));
}

#[test]
fn the_church_flips_a_token_activated_this_turn_face_down_and_it_locks_those_behind() {
    let mut s = acting(1);
    let (church, police) = (area("church"), area("police"));
    let fixer = s.put_unit(church, 1, UnitType::Champion).unwrap();
    s.area_mut(church).units.iter_mut().find(|u| u.uid == fixer).unwrap().readied = true;
    face_down(&mut s, police, 1, TokenKind::Card);
    face_down(&mut s, police, 0, TokenKind::Deploy);
    let first = s.area(police).track[0].as_ref().unwrap().uid;
    let t = s.area_mut(police).track[0].as_mut().unwrap();
    (t.face_up, t.activated) = (true, true);
    let refuse = skill(&mut s, 1, church, &SkillChoice { tokens: vec![first], ..Default::default() }).unwrap_err();
    assert_eq!(refuse.message, "Choose one of your face-up tokens activated this turn.");
    s.area_mut(police).track[0].as_mut().unwrap().activated_this_turn = true;
    assert_eq!(revealable(&s, 0), [(police, 1)]);
    skill(&mut s, 1, church, &SkillChoice { tokens: vec![first], ..Default::default() }).unwrap();
    assert!(!s.area(police).track[0].as_ref().unwrap().face_up);
    assert!(revealable(&s, 0).is_empty(), "the Communists' token is locked behind it again");
    s.phase = Phase::TakeActions { current: 1, revealed: None };
    reveal(&mut s, 1, (police, 0)).unwrap();
}

#[test]
fn the_capitol_swaps_two_tokens_in_one_area() {
    let mut s = acting(3);
    let (capitol, lab) = (area("capitol"), area("laboratory"));
    let g = s.put_unit(capitol, 3, UnitType::Talent).unwrap();
    s.area_mut(capitol).units.iter_mut().find(|u| u.uid == g).unwrap().readied = true;
    face_down(&mut s, lab, 0, TokenKind::Deploy);
    face_down(&mut s, lab, 1, TokenKind::Deploy);
    face_down(&mut s, area("bank"), 2, TokenKind::Deploy);
    let ids: Vec<_> = [lab, lab].iter().enumerate().map(|(i, a)| s.area(*a).track[i].as_ref().unwrap().uid).collect();
    let other = s.area(area("bank")).track[0].as_ref().unwrap().uid;
    assert!(skill(&mut s, 3, capitol, &SkillChoice { tokens: vec![ids[0], other], ..Default::default() }).is_err());
    skill(&mut s, 3, capitol, &SkillChoice { tokens: ids.clone(), ..Default::default() }).unwrap();
    let owners: Vec<u8> = s.area(lab).tokens().map(|t| t.owner).collect();
    assert_eq!(owners, [1, 0]);
}

#[test]
fn the_factory_starts_a_battle_where_you_have_a_unit_but_not_under_cease_fire() {
    let mut s = acting(1);
    let (factory, subway) = (area("factory"), area("subway"));
    let t = s.put_unit(factory, 1, UnitType::Talent).unwrap();
    s.area_mut(factory).units.iter_mut().find(|u| u.uid == t).unwrap().readied = true;
    s.put_unit(subway, 1, UnitType::Patsy).unwrap();
    s.put_unit(subway, 2, UnitType::Goon).unwrap();
    s.area_mut(subway).rules.push(RuleCard { card: content().card_id("cease-fire-1").unwrap(), owner: 0 });
    let c = SkillChoice { area: Some(subway), ..Default::default() };
    let e = skill(&mut s, 1, factory, &c).unwrap_err();
    assert_eq!(
        (e.rule.as_str(), e.message.as_str()),
        ("Cease Fire", "Combat cannot take place in The Subway: Cease Fire forbids attacks there."),
        "the refusal names the card that forbids it"
    );
    s.area_mut(subway).rules.clear();
    skill(&mut s, 1, factory, &c).unwrap();
    assert!(s.battle.is_some(), "the Aliens' goon will attack the Mafia's patsy");
    assert_eq!(s.phase, Phase::TakeActions { current: 1, revealed: None }, "the turn moves on after the battle");
}

#[test]
fn the_subway_deploys_anywhere_and_the_sewers_copy_a_unit_free() {
    let mut s = acting(0);
    let (subway, sewers, lab) = (area("subway"), area("sewers"), area("laboratory"));
    let t = s.put_unit(subway, 0, UnitType::Talent).unwrap();
    s.area_mut(subway).units.iter_mut().find(|u| u.uid == t).unwrap().readied = true;
    let c = SkillChoice {
        area: Some(lab),
        deploy: Some(DeployPick { kind: UnitType::Goon, from: None, stay_wounded: false }),
        payment: Payment { energy: 2, resources: 0 },
        ..Default::default()
    };
    s.players[0].energy = 9;
    skill(&mut s, 0, subway, &c).unwrap();
    assert_eq!(s.area(lab).units.len(), 1);
    assert_eq!(s.players[0].energy, 7);
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    let t = s.put_unit(sewers, 0, UnitType::Talent).unwrap();
    s.area_mut(sewers).units.iter_mut().find(|u| u.uid == t).unwrap().readied = true;
    let goon = s.area(lab).units[0].uid;
    let bad = SkillChoice {
        unit: Some(goon),
        deploy: Some(DeployPick { kind: UnitType::Mole, from: None, stay_wounded: false }),
        ..Default::default()
    };
    assert_eq!(skill(&mut s, 0, sewers, &bad).unwrap_err().message, "Deploy another unit of the chosen unit's type.");
    let good = SkillChoice {
        unit: Some(goon),
        deploy: Some(DeployPick { kind: UnitType::Goon, from: None, stay_wounded: false }),
        ..Default::default()
    };
    skill(&mut s, 0, sewers, &good).unwrap();
    assert_eq!(s.area(lab).units.len(), 2, "a second goon, free, where the first one is");
    assert_eq!(s.players[0].energy, 7);
}

#[test]
fn the_police_skill_makes_one_of_your_units_attack_without_retaliation() {
    let mut s = acting(1);
    let (police, lab) = (area("police"), area("laboratory"));
    let t = s.put_unit(police, 1, UnitType::Talent).unwrap();
    s.area_mut(police).units.iter_mut().find(|u| u.uid == t).unwrap().readied = true;
    let goon = s.put_unit(lab, 1, UnitType::Goon).unwrap();
    let mole = s.put_unit(lab, 2, UnitType::Mole).unwrap();
    let mut rng = GameRng::seeded(2);
    let bad = SkillChoice { unit: Some(goon), defender: Some(3), ..Default::default() };
    assert_eq!(
        use_skill(&mut s, 1, police, &bad, &mut rng).unwrap_err().message,
        "Choose an opponent with units in The Laboratory."
    );
    rng.force_dice([5, 2]);
    let c = SkillChoice { unit: Some(goon), defender: Some(2), ..Default::default() };
    use_skill(&mut s, 1, police, &c, &mut rng).unwrap();
    assert_eq!(s.phase, Phase::TakeActions { current: 1, revealed: None }, "the hit is assigned first");
    villains::rules::combat::assign_hit(&mut s, 2, mole).unwrap();
    assert_eq!(s.area(lab).graveyard[0].killer, 1);
    assert_eq!(s.phase, Phase::TakeActions { current: 2, revealed: None });
}

#[test]
fn the_laboratory_reveals_the_top_card_to_play_free_there_or_take() {
    let mut s = acting(0);
    let lab = area("laboratory");
    let t = s.put_unit(lab, 0, UnitType::Talent).unwrap();
    s.area_mut(lab).units.iter_mut().find(|u| u.uid == t).unwrap().readied = true;
    let windfall = content().card_id("windfall-1").unwrap();
    s.deck.retain(|c| *c != windfall);
    s.deck.insert(0, windfall);
    let log = skill(&mut s, 0, lab, &SkillChoice::default()).unwrap();
    assert_eq!(
        log.last().unwrap().for_viewer(Viewer::Spectator),
        Some("{seat:0(Communists)|reveals|reveal} the top card of the action deck: Windfall.")
    );
    assert_eq!(s.phase, Phase::TakeActions { current: 0, revealed: None }, "the choice comes first");
    let mut rng = GameRng::seeded(3);
    villains::rules::card_token::lab_play(&mut s, 0, Payment::default(), &Default::default(), &mut rng).unwrap();
    assert_eq!(s.players[0].resources, 2, "played for free");
    assert_eq!(s.discards, [windfall]);
    assert_eq!(s.phase, Phase::TakeActions { current: 1, revealed: None });
    // Next turn's look: take it instead.
    let mut s2 = acting(0);
    let t = s2.put_unit(lab, 0, UnitType::Talent).unwrap();
    s2.area_mut(lab).units.iter_mut().find(|u| u.uid == t).unwrap().readied = true;
    let top = s2.deck[0];
    skill(&mut s2, 0, lab, &SkillChoice::default()).unwrap();
    villains::rules::card_token::lab_draw(&mut s2, 0).unwrap();
    assert!(s2.players[0].hand.contains(&top));
}

#[test]
fn bully_goat_attacks_into_an_adjacent_area_after_the_skill() {
    use villains::state::owed::Owed;
    let mut s = table(&["robots", "mafia", "aliens", "bankers"], 0, &mut GameRng::seeded(71));
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    let (bank, factory, church) = (area("bank"), area("factory"), area("church"));
    let bully = s.put_unit(bank, 0, UnitType::Champion).unwrap();
    s.area_mut(bank).units[0].readied = true;
    let enemy_in_bank = s.put_unit(bank, 1, UnitType::Goon).unwrap();
    let goon = s.put_unit(factory, 1, UnitType::Goon).unwrap();
    s.put_unit(church, 2, UnitType::Goon).unwrap(); // not adjacent to the Bank
    let mut no_target = s.clone();
    let log = skill(&mut s, 0, bank, &SkillChoice::default()).unwrap();
    assert_eq!(s.players[0].resources, 2, "the skill is resolved first");
    assert_eq!(s.owed, [Owed::ChampionAttack { seat: 0, from: bank }]);
    assert!(log.iter().any(|l| l.public.as_deref()
        == Some("Bully G.O.A.T. attacks into an area adjacent to The Bank once the skill is resolved.")));
    use backroom_engine::Game;
    assert_eq!(s.pending().awaited().iter().collect::<Vec<_>>(), [0]);
    let mut rng = GameRng::seeded(3);
    let before = s.clone();
    for bad in [(bank, 1), (church, 2), (factory, 2)] {
        assert!(villains::rules::abilities::champion_attack(&mut s, 0, bad, &mut rng).is_err());
        assert_eq!(s, before, "never his own area, only adjacent ones, only opponents there");
    }
    assert!(villains::rules::abilities::champion_attack(&mut s, 1, (factory, 1), &mut rng).is_err());
    rng.force_dice(vec![5, 2]);
    let log = villains::rules::abilities::champion_attack(&mut s, 0, (factory, 1), &mut rng).unwrap();
    assert!(s.owed.is_empty());
    assert_eq!(
        log[0].public.as_deref(),
        Some(
            "{seat:0(Robots)|attacks|attack} {seat:1(Mafia)} with Bully G.O.A.T. in The Factory: rolled 5 and 2 — 1 hit."
        )
    );
    villains::rules::combat::assign_hit(&mut s, 1, goon).unwrap();
    assert!(s.area(factory).units.is_empty(), "no retaliation: the goon died");
    assert!(s.area(bank).units.iter().any(|u| u.uid == bully && !u.readied));
    assert!(s.area(bank).units.iter().any(|u| u.uid == enemy_in_bank));
    assert!(matches!(s.phase, Phase::TakeActions { current: c, revealed: None } if c != 0));

    // Under Cease Fire in the Factory there is nobody in reach: it fizzles.
    let cease = content().card_id("cease-fire-1").unwrap();
    no_target.area_mut(factory).rules.push(RuleCard { card: cease, owner: 2 });
    let log = skill(&mut no_target, 0, bank, &SkillChoice::default()).unwrap();
    assert!(no_target.owed.is_empty());
    assert!(
        log.iter().any(|l| l.public.as_deref() == Some("Bully G.O.A.T. has no enemy to attack in an adjacent area."))
    );
    assert!(matches!(no_target.phase, Phase::TakeActions { current: c, .. } if c != 0));
}

#[test]
fn dr_tyrannosaurus_deployed_by_the_subways_skill_starts_combat_there() {
    let mut s = table(&["scientists", "mafia", "aliens", "bankers"], 0, &mut GameRng::seeded(72));
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    let (subway, lab) = (area("subway"), area("laboratory"));
    s.put_unit(subway, 0, UnitType::Talent).unwrap();
    s.area_mut(subway).units[0].readied = true;
    s.put_unit(lab, 1, UnitType::Goon).unwrap();
    s.players[0].energy = 9;
    let c = SkillChoice {
        area: Some(lab),
        deploy: Some(DeployPick { kind: UnitType::Champion, from: None, stay_wounded: false }),
        payment: Payment { energy: 2, resources: 0 },
        ..Default::default()
    };
    let log = skill(&mut s, 0, subway, &c).unwrap();
    assert!(
        log.iter()
            .any(|l| l.public.as_deref() == Some("Dr. Tyrannosaurus is deployed: combat starts in The Laboratory."))
    );
    assert_eq!(s.battle.as_ref().map(|b| b.area), Some(lab));
    assert!(matches!(s.phase, Phase::TakeActions { current: 0, .. }), "fought at once");
}

#[test]
fn the_fixer_deployed_by_the_subways_skill_is_readied() {
    let mut s = table(&["mafia", "scientists", "aliens", "bankers"], 0, &mut GameRng::seeded(74));
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    let (subway, lab) = (area("subway"), area("laboratory"));
    s.put_unit(subway, 0, UnitType::Talent).unwrap();
    s.area_mut(subway).units[0].readied = true;
    let c = SkillChoice {
        area: Some(lab),
        deploy: Some(DeployPick { kind: UnitType::Champion, from: None, stay_wounded: false }),
        ..Default::default()
    };
    skill(&mut s, 0, subway, &c).unwrap();
    assert!(s.area(lab).units[0].readied, "R13: whenever deployed");
}
