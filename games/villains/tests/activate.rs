//! Activating deploy, move and battle tokens: the rulebook's deploy and
//! move examples, limits, costs, taxes and surcharges.

mod common;

use backroom_engine::{GameRng, RuleCode};
use common::{area, face_down, table};
use villains::action::choices::{Activation, DeployPick};
use villains::content::effect::UnitType;
use villains::content::{AreaId, content};
use villains::rules::action_tokens::{activate, deploy_limit};
use villains::rules::take_actions::reveal;
use villains::state::payment::Payment;
use villains::state::{Marker, Phase, RuleCard, TokenKind, Villains};

fn pick(kind: UnitType) -> DeployPick {
    DeployPick { kind, from: None, stay_wounded: false }
}

fn energy(n: u8) -> Payment {
    Payment { energy: n, resources: 0 }
}

/// `seat` reveals a token of `kind` it has just placed alone in `a`.
fn revealed(s: &mut Villains, seat: u8, a: AreaId, kind: TokenKind) {
    s.phase = Phase::TakeActions { current: seat, revealed: None };
    let i = face_down(s, a, seat, kind);
    reveal(s, seat, (a, i)).unwrap();
}

#[test]
fn the_rulebooks_deploy_example() {
    let mut rng = GameRng::seeded(61);
    let mut s = table(&["aliens", "mafia", "bankers", "cult"], 0, &mut rng);
    let (capitol, sewers) = (area("capitol"), area("sewers"));
    s.players[0].energy = 9;
    // All his talents are in play; one is readied in the Sewers.
    for _ in 0..3 {
        s.put_unit(sewers, 0, UnitType::Talent).unwrap();
    }
    s.area_mut(sewers).units[0].readied = true;
    let talent = s.area(sewers).units[0].uid;
    revealed(&mut s, 0, capitol, TokenKind::Deploy);
    assert_eq!(deploy_limit(&s, 0), 2);
    let before = s.clone();
    let e =
        activate(&mut s, 0, &Activation::Deploy { units: vec![pick(UnitType::Talent)], payment: energy(1) }, &mut rng)
            .unwrap_err();
    assert_eq!(e.message, "No talent left in your reserve.");
    let three = vec![
        pick(UnitType::Patsy),
        pick(UnitType::Patsy),
        DeployPick { kind: UnitType::Talent, from: Some(talent), stay_wounded: false },
    ];
    let e = activate(&mut s, 0, &Activation::Deploy { units: three, payment: energy(1) }, &mut rng).unwrap_err();
    assert_eq!(e.message, "Your deploy limit is 2, and this deploys 3.");
    let e = activate(&mut s, 0, &Activation::Deploy { units: vec![], payment: energy(0) }, &mut rng).unwrap_err();
    assert_eq!(e.rule, "Deploy Token");
    assert_eq!(s, before);
    let two =
        vec![pick(UnitType::Patsy), DeployPick { kind: UnitType::Talent, from: Some(talent), stay_wounded: false }];
    assert_eq!(
        activate(&mut s, 0, &Activation::Deploy { units: two.clone(), payment: energy(0) }, &mut rng).unwrap_err().rule,
        "Paying Costs"
    );
    activate(&mut s, 0, &Activation::Deploy { units: two, payment: energy(1) }, &mut rng).unwrap();
    let here: Vec<(UnitType, bool)> = s.area(capitol).units.iter().map(|u| (u.kind, u.readied)).collect();
    assert_eq!(here, [(UnitType::Patsy, false), (UnitType::Talent, false)], "a re-deployed talent is not readied");
    assert_eq!(s.players[0].energy, 8);
    let t = s.area(capitol).track[0].as_ref().unwrap();
    assert!(t.face_up && t.activated);
    assert_eq!(s.phase, Phase::TakeActions { current: 1, revealed: None });
}

#[test]
fn the_rulebooks_move_example() {
    let mut rng = GameRng::seeded(62);
    let mut s = table(&["mutants", "mafia", "bankers", "cult"], 0, &mut rng);
    let (sewers, capitol, police, lab) = (area("sewers"), area("capitol"), area("police"), area("laboratory"));
    let goon = s.put_unit(capitol, 0, UnitType::Goon).unwrap();
    let patsy = s.put_unit(capitol, 0, UnitType::Patsy).unwrap();
    let ooze = s.put_unit(police, 0, UnitType::Champion).unwrap();
    let talent = s.put_unit(police, 0, UnitType::Talent).unwrap();
    let mole = s.put_unit(lab, 0, UnitType::Mole).unwrap();
    for u in &mut s.area_mut(police).units {
        u.wounded = u.kind == UnitType::Champion;
        u.readied = u.kind == UnitType::Talent;
    }
    revealed(&mut s, 0, sewers, TokenKind::Move);
    let e =
        activate(&mut s, 0, &Activation::Move { units: vec![goon, mole], payment: energy(2) }, &mut rng).unwrap_err();
    assert_eq!(e.message, "The Laboratory is not adjacent to The Sewers.");
    assert_eq!(
        activate(&mut s, 0, &Activation::Move { units: vec![goon], payment: energy(1) }, &mut rng).unwrap_err().rule,
        "Paying Costs"
    );
    activate(&mut s, 0, &Activation::Move { units: vec![goon, patsy, ooze, talent], payment: energy(2) }, &mut rng)
        .unwrap();
    let here: Vec<(UnitType, bool, bool)> =
        s.area(sewers).units.iter().map(|u| (u.kind, u.wounded, u.readied)).collect();
    assert_eq!(
        here,
        [
            (UnitType::Goon, false, false),
            (UnitType::Patsy, false, false),
            (UnitType::Champion, true, false),
            (UnitType::Talent, false, false)
        ],
        "the ooze stays wounded, the talent is exhausted"
    );
    assert_eq!(s.players[0].energy, 9 - 2);
}

#[test]
fn limits_grow_with_the_sewers_go_go_go_upgrades_peoples_army_and_invade() {
    let mut rng = GameRng::seeded(63);
    let mut s = table(&["communists", "aliens", "mutants", "bankers"], 0, &mut rng);
    s.area_mut(area("sewers")).controller = Some(Marker::Player(2));
    s.global_rules.push(RuleCard { card: content().card_id("go-go-go-1").unwrap(), owner: 2 });
    assert_eq!(deploy_limit(&s, 2), 4);
    s.players[2].upgrade = content().upgrade_of(content().faction_id("mutants").unwrap(), 1);
    assert_eq!(deploy_limit(&s, 2), 5, "Toxic Banquets: base 3");
    // People's Army: a third unit, a patsy, beyond the limit.
    let bank = area("bank");
    revealed(&mut s, 0, bank, TokenKind::Deploy);
    let units = vec![pick(UnitType::Goon), pick(UnitType::Goon), pick(UnitType::Patsy)];
    activate(&mut s, 0, &Activation::Deploy { units, payment: energy(4) }, &mut rng).unwrap();
    assert_eq!(s.area(bank).units.len(), 3);
    // Invade: no deploy limit.
    let lab = area("laboratory");
    revealed(&mut s, 1, lab, TokenKind::Unique);
    let units = vec![pick(UnitType::Mole); 5];
    activate(&mut s, 1, &Activation::Deploy { units, payment: energy(5) }, &mut rng).unwrap();
    assert_eq!(s.area(lab).units.len(), 5);
}

#[test]
fn credit_freeze_police_payoff_trapped_like_rats_and_kau() {
    let mut rng = GameRng::seeded(64);
    let mut s = table(&["aliens", "bankers", "mafia", "cult"], 0, &mut rng);
    let (factory, capitol) = (area("factory"), area("capitol"));
    // The Bankers' activated Credit Freeze in the Factory, the Mafia's Police Payoff there.
    s.phase = Phase::TakeActions { current: 1, revealed: None };
    let i = face_down(&mut s, factory, 1, TokenKind::Unique);
    let t = s.area_mut(factory).track[i].as_mut().unwrap();
    (t.face_up, t.activated) = (true, true);
    s.area_mut(factory).rules.push(RuleCard { card: content().card_id("police-payoff-1").unwrap(), owner: 2 });
    s.area_mut(capitol).rules.push(RuleCard { card: content().card_id("trapped-like-rats-1").unwrap(), owner: 2 });
    let goon = s.put_unit(capitol, 0, UnitType::Goon).unwrap();
    revealed(&mut s, 0, factory, TokenKind::Move);
    let e = activate(&mut s, 0, &Activation::Move { units: vec![goon], payment: energy(4) }, &mut rng).unwrap_err();
    assert_eq!(e.message, "Units may not leave The Capitol (Trapped Like Rats).");
    // Kau in the Capitol: the Mafia's Trapped Like Rats and Police Payoff do not touch his side.
    let kau = s.put_unit(capitol, 0, UnitType::Champion).unwrap();
    let e =
        activate(&mut s, 0, &Activation::Move { units: vec![goon, kau], payment: energy(4) }, &mut rng).unwrap_err();
    assert_eq!(
        (e.rule.as_str(), e.message.as_str()),
        ("Paying Costs", "The cost is 3, and this pays 4: pay exactly the cost in energy and resources."),
        "move 2 + Credit Freeze 1, no Payoff"
    );
    activate(&mut s, 0, &Activation::Move { units: vec![goon, kau], payment: energy(3) }, &mut rng).unwrap();
    // Kau is in the Factory now: the Aliens deploy there without the Payoff.
    revealed(&mut s, 0, factory, TokenKind::Deploy);
    activate(&mut s, 0, &Activation::Deploy { units: vec![pick(UnitType::Patsy)], payment: energy(1) }, &mut rng)
        .unwrap();
    // The Cult pays the Credit Freeze and the Payoff for its patsy.
    revealed(&mut s, 3, factory, TokenKind::Deploy);
    let e =
        activate(&mut s, 3, &Activation::Deploy { units: vec![pick(UnitType::Patsy)], payment: energy(1) }, &mut rng)
            .unwrap_err();
    assert_eq!(e.message, "The cost is 2, and this pays 1: pay exactly the cost in energy and resources.");
    activate(&mut s, 3, &Activation::Deploy { units: vec![pick(UnitType::Patsy)], payment: energy(2) }, &mut rng)
        .unwrap();
}

#[test]
fn battle_tokens_need_a_possible_combat_and_the_turn_moves_on_after_it() {
    let mut rng = GameRng::seeded(65);
    let mut s = table(&["mafia", "robots", "bankers", "cult"], 0, &mut rng);
    let bank = area("bank");
    let goon = s.put_unit(bank, 0, UnitType::Goon).unwrap();
    revealed(&mut s, 2, bank, TokenKind::Battle);
    assert_eq!(s.players[2].resources, 1, "the refund");
    let e = activate(&mut s, 2, &Activation::Battle { payment: Payment::default() }, &mut rng).unwrap_err();
    assert_eq!((e.code, e.rule.as_str()), (RuleCode::IllegalMove, "Battle Token"));
    let robot = s.put_unit(bank, 1, UnitType::Mole).unwrap();
    activate(&mut s, 2, &Activation::Battle { payment: Payment::default() }, &mut rng).unwrap();
    assert!(s.battle.is_some() && s.phase == Phase::TakeActions { current: 2, revealed: None });
    rng.force_dice([1, 1]);
    villains::rules::combat::attack(&mut s, 0, goon, 1, &mut rng).unwrap();
    rng.force_dice([1, 1]);
    villains::rules::combat::attack(&mut s, 1, robot, 0, &mut rng).unwrap();
    assert!(s.battle.is_none());
    assert_eq!(s.phase, Phase::TakeActions { current: 3, revealed: None }, "after the battle, the next player");
}

#[test]
fn the_fixer_arrives_readied_and_dr_tyrannosaurus_starts_a_battle() {
    let mut rng = GameRng::seeded(66);
    let mut s = table(&["mafia", "scientists", "bankers", "cult"], 0, &mut rng);
    let church = area("church");
    revealed(&mut s, 0, church, TokenKind::Deploy);
    activate(&mut s, 0, &Activation::Deploy { units: vec![pick(UnitType::Champion)], payment: energy(0) }, &mut rng)
        .unwrap();
    assert!(s.area(church).units[0].readied, "the Fixer may use a skill this turn");
    revealed(&mut s, 1, church, TokenKind::Deploy);
    let log = activate(
        &mut s,
        1,
        &Activation::Deploy { units: vec![pick(UnitType::Champion)], payment: energy(2) },
        &mut rng,
    )
    .unwrap();
    assert!(s.battle.is_some(), "combat starts at once");
    assert!(log.iter().any(|l| l.for_viewer(backroom_engine::Viewer::Spectator)
        == Some("Dr. Tyrannosaurus is deployed: combat starts in The Church.")));
}

#[test]
fn a_wild_acts_as_the_type_its_owner_names() {
    let mut rng = GameRng::seeded(67);
    let mut s = table(&["robots", "mafia", "bankers", "cult"], 0, &mut rng);
    let sub = area("subway");
    s.put_unit(sub, 1, UnitType::Goon).unwrap();
    s.put_unit(sub, 0, UnitType::Goon).unwrap();
    revealed(&mut s, 0, sub, TokenKind::Unique);
    assert_eq!(s.players[0].resources, 0, "no refund on reveal");
    activate(&mut s, 0, &Activation::Battle { payment: Payment::default() }, &mut rng).unwrap();
    assert_eq!(s.players[0].resources, 1, "the battle token's refund when used as one");
    assert!(s.battle.is_some());
}

#[test]
fn unique_tokens_that_act_as_themselves() {
    let mut rng = GameRng::seeded(68);
    let mut s = table(&["mafia", "robots", "bankers", "mutants"], 0, &mut rng);
    let bank = area("bank");
    let robot = s.put_unit(bank, 1, UnitType::Goon).unwrap();
    let bully = s.put_unit(bank, 1, UnitType::Champion).unwrap();
    revealed(&mut s, 0, bank, TokenKind::Unique);
    assert_eq!(s.players[0].resources, 1, "the Hitman is refunded");
    let e = activate(&mut s, 0, &Activation::Unique { payment: Payment::default(), target: Some(bully) }, &mut rng)
        .unwrap_err();
    assert_eq!(e.message, "Choose one of the basic enemy units in The Bank.", "champions cannot be chosen");
    assert!(
        activate(&mut s, 0, &Activation::Deploy { units: vec![pick(UnitType::Goon)], payment: energy(2) }, &mut rng)
            .is_err(),
        "a Hitman is no deploy token"
    );
    activate(&mut s, 0, &Activation::Unique { payment: Payment::default(), target: Some(robot) }, &mut rng).unwrap();
    assert!(s.area(bank).units.iter().find(|u| u.uid == robot).unwrap().wounded, "a Killbot is only wounded");
    // Credit Freeze activates with no effect at once; then opponents pay 1 more here.
    revealed(&mut s, 2, bank, TokenKind::Unique);
    activate(&mut s, 2, &Activation::Unique { payment: Payment::default(), target: None }, &mut rng).unwrap();
    assert_eq!(villains::rules::action_tokens::activation_tax(&s, 3, bank), 1);
    assert_eq!(villains::rules::action_tokens::activation_tax(&s, 2, bank), 0);
    // Invade is a deploy token, not a token of its own.
    let mut a = table(&["aliens", "robots", "bankers", "mutants"], 0, &mut rng);
    revealed(&mut a, 0, bank, TokenKind::Unique);
    assert!(activate(&mut a, 0, &Activation::Unique { payment: Payment::default(), target: None }, &mut rng).is_err());
}

#[test]
fn the_gnome_may_cancel_the_hitmans_hit_and_the_turn_waits_for_the_answer() {
    let mut rng = GameRng::seeded(69);
    let mut s = table(&["mafia", "bankers", "robots", "mutants"], 0, &mut rng);
    let bank = area("bank");
    let goon = s.put_unit(bank, 1, UnitType::Goon).unwrap();
    s.put_unit(bank, 1, UnitType::Champion).unwrap();
    revealed(&mut s, 0, bank, TokenKind::Unique);
    let hitman = Activation::Unique { payment: Payment::default(), target: Some(goon) };
    let mut lands = s.clone();
    activate(&mut s, 0, &hitman, &mut rng).unwrap();
    assert_eq!(s.owed, [villains::state::owed::Owed::CancelHit { seat: 1, area: bank, unit: goon, attacker: 0 }]);
    assert!(matches!(s.phase, Phase::TakeActions { current: 0, revealed: None }));
    let energy = s.players[1].energy;
    villains::rules::abilities::cancel_hit(&mut s, 1, true).unwrap();
    assert_eq!(s.players[1].energy, energy - 2);
    assert!(s.area(bank).units.iter().any(|u| u.uid == goon));
    assert!(matches!(s.phase, Phase::TakeActions { current: 1, .. }), "then the next player");
    // Not paying: the goon dies, the kill the Mafia's.
    activate(&mut lands, 0, &hitman, &mut rng).unwrap();
    villains::rules::abilities::cancel_hit(&mut lands, 1, false).unwrap();
    assert!(!lands.area(bank).units.iter().any(|u| u.uid == goon));
    assert_eq!(lands.area(bank).graveyard[0].killer, 0);
    assert!(matches!(lands.phase, Phase::TakeActions { current: 1, .. }));
}

#[test]
fn basta_leaving_an_area_makes_a_chosen_opponent_there_sacrifice() {
    use villains::state::owed::Owed;
    let mut rng = GameRng::seeded(70);
    let mut s = table(&["cult", "mafia", "mutants", "bankers"], 0, &mut rng);
    let (church, subway) = (area("church"), area("subway"));
    let basta = s.put_unit(church, 0, UnitType::Champion).unwrap();
    s.put_unit(church, 1, UnitType::Goon).unwrap();
    let ooze = s.put_unit(church, 2, UnitType::Champion).unwrap();
    let patsy = s.put_unit(church, 2, UnitType::Patsy).unwrap();
    revealed(&mut s, 0, subway, TokenKind::Move);
    let log = activate(&mut s, 0, &Activation::Move { units: vec![basta], payment: energy(2) }, &mut rng).unwrap();
    assert!(log.iter().any(|l| l.public.as_deref()
        == Some(
            "Basta, Robed in Night leaves The Church: {seat:0(Cult)|picks|pick} an opponent there to sacrifice a unit."
        )));
    assert_eq!(s.owed, [Owed::ChooseVictim { seat: 0, area: church }]);
    assert!(matches!(s.phase, Phase::TakeActions { current: 0, .. }), "the turn waits");
    let before = s.clone();
    assert!(villains::rules::abilities::choose_victim(&mut s, 0, 3).is_err(), "no units there");
    assert!(villains::rules::abilities::choose_victim(&mut s, 1, 2).is_err(), "the Cult picks");
    assert_eq!(s, before);
    villains::rules::abilities::choose_victim(&mut s, 0, 2).unwrap();
    assert_eq!(s.owed, [Owed::SacrificeIn { seat: 2, killer: 0, area: church }]);
    assert!(villains::rules::choices::sacrifice_unit(&mut s, 2, basta).is_err());
    villains::rules::choices::sacrifice_unit(&mut s, 2, ooze).unwrap();
    assert!(s.area(church).units.iter().any(|u| u.uid == patsy));
    assert!(!s.area(church).units.iter().any(|u| u.uid == ooze), "toughness does not help");
    assert_eq!(s.area(church).graveyard[0].killer, 0, "the kill is the Cult's");
    assert!(s.owed.is_empty());
    assert!(matches!(s.phase, Phase::TakeActions { current: 1, .. }), "then the next player");
}

#[test]
fn murder_inc_attacks_with_an_8_where_the_fixer_is_deployed_and_capo_with_a_5() {
    let mut rng = GameRng::seeded(73);
    let mut s = table(&["mafia", "bankers", "robots", "mutants"], 0, &mut rng);
    let bank = area("bank");
    let goon = s.put_unit(bank, 1, UnitType::Goon).unwrap();
    let mafia = content().faction_id("mafia").unwrap();
    s.players[0].upgrade = content().upgrade_of(mafia, 1);
    s.players[0].energy = 9;
    let mut capo = s.clone();
    revealed(&mut s, 0, bank, TokenKind::Deploy);
    let fixer = Activation::Deploy { units: vec![pick(UnitType::Champion)], payment: energy(0) };
    let log = activate(&mut s, 0, &fixer, &mut rng).unwrap();
    assert!(
        log.iter().any(|l| l.public.as_deref() == Some("Murder Inc.: {seat:0(Mafia)|attacks|attack} in The Bank.")),
        "{log:?}"
    );
    assert_eq!(s.attacks.as_ref().map(|a| a.queue.clone()), Some(vec![(bank, 8)]));
    rng.force_dice([7]);
    villains::rules::combat::card_attack(&mut s, 0, 1, &mut rng).unwrap();
    assert!(s.attacks.is_none(), "a 7 misses an 8");
    assert!(s.area(bank).units.iter().any(|u| u.uid == goon));
    assert!(matches!(s.phase, Phase::TakeActions { current: 1, .. }));
    // Level II: the attack is a 5.
    capo.players[0].upgrade = content().upgrade_of(mafia, 2);
    revealed(&mut capo, 0, bank, TokenKind::Deploy);
    activate(&mut capo, 0, &fixer, &mut rng).unwrap();
    assert_eq!(capo.attacks.as_ref().map(|a| a.queue.clone()), Some(vec![(bank, 5)]));
    rng.force_dice([7]);
    villains::rules::combat::card_attack(&mut capo, 0, 1, &mut rng).unwrap();
    villains::rules::combat::assign_hit(&mut capo, 1, goon).unwrap();
    assert!(!capo.area(bank).units.iter().any(|u| u.uid == goon));
    assert!(matches!(capo.phase, Phase::TakeActions { current: 1, .. }));
}
