//! COMBAT: the rulebook's Church example, toughness, bonuses, per-hit
//! champions, Cease Fire and Biohazard.

mod common;

use backroom_engine::{GameRng, Hidden, RuleCode, SeatSet, Viewer};
use common::{area, table};
use villains::content::content;
use villains::content::effect::UnitType;
use villains::rules::combat::{assign_hit, attack, battle_actor, combat_possible, defenders, sacrifice, start_battle};
use villains::state::{Grave, Marker, PlacedToken, RuleCard, TokenKind, TokenUid, UnitUid, Villains};

fn uid(s: &Villains, a: villains::content::AreaId, seat: u8, kind: UnitType) -> UnitUid {
    s.area(a).units.iter().find(|u| u.owner == seat && u.kind == kind).unwrap().uid
}

#[test]
fn the_rulebooks_combat_in_the_church() {
    let mut rng = GameRng::seeded(51);
    let mut s = table(&["mutants", "scientists", "aliens", "mafia"], 0, &mut rng);
    let church = area("church");
    let m_goon = s.put_unit(church, 0, UnitType::Goon).unwrap();
    let m_talent = s.put_unit(church, 0, UnitType::Talent).unwrap();
    let s_talent = s.put_unit(church, 1, UnitType::Talent).unwrap();
    s.area_mut(church).units.iter_mut().find(|u| u.uid == s_talent).unwrap().readied = true;
    let a_mole = s.put_unit(church, 2, UnitType::Mole).unwrap();
    let a_patsy = s.put_unit(church, 2, UnitType::Patsy).unwrap();
    start_battle(&mut s, church, 0).unwrap();
    assert_eq!(battle_actor(&s), Some(0), "the Mutants are first in player order");
    // Every able unit must attack; the Scientists may not attack yet.
    assert_eq!(attack(&mut s, 1, s_talent, 0, &mut rng).unwrap_err().code, RuleCode::NotYourTurn);
    rng.force_dice([4, 5]);
    let log = attack(&mut s, 0, m_goon, 1, &mut rng).unwrap();
    assert_eq!(
        log[0].for_viewer(Viewer::Spectator),
        Some("{seat:0(Mutants)|attacks|attack} {seat:1(Scientists)} with a goon: rolled 4 and 5 — 1 hit.")
    );
    assert_eq!(battle_actor(&s), Some(1), "the Scientist assigns the hit");
    assert!(assign_hit(&mut s, 1, a_mole).is_err());
    assign_hit(&mut s, 1, s_talent).unwrap();
    assert_eq!(s.area(church).graveyard[..], [Grave { owner: 1, kind: UnitType::Talent, killer: 0 }]);
    // The Scientists have no living unit left: the Mutant's talent must attack the Aliens.
    assert_eq!(defenders(&s, 0), [2]);
    assert_eq!(attack(&mut s, 0, m_talent, 1, &mut rng).unwrap_err().rule, "Combat");
    rng.force_dice([10]);
    attack(&mut s, 0, m_talent, 2, &mut rng).unwrap();
    assign_hit(&mut s, 2, a_patsy).unwrap();
    // The dead talent still attacks, and misses.
    assert_eq!(battle_actor(&s), Some(1));
    rng.force_dice([6]);
    attack(&mut s, 1, s_talent, 0, &mut rng).unwrap();
    // The Aliens' mole (the dead patsy has no attack).
    assert_eq!(battle_actor(&s), Some(2));
    rng.force_dice([9]);
    attack(&mut s, 2, a_mole, 0, &mut rng).unwrap();
    assign_hit(&mut s, 0, m_goon).unwrap();
    assert!(s.battle.is_none(), "the round is over");
    let left: Vec<(u8, UnitType)> = s.area(church).units.iter().map(|u| (u.owner, u.kind)).collect();
    assert_eq!(left, [(0, UnitType::Talent), (2, UnitType::Mole)]);
    let kills: Vec<(u8, u8)> = s.area(church).graveyard.iter().map(|g| (g.owner, g.killer)).collect();
    assert_eq!(kills, [(1, 0), (2, 0), (0, 2)]);
    assert_eq!(rng.forced_dice_left(), 0);
}

#[test]
fn toughness_wounds_first_and_excess_hits_are_lost() {
    let mut rng = GameRng::seeded(52);
    let mut s = table(&["robots", "mafia", "bankers", "cult"], 1, &mut rng);
    let bank = area("bank");
    let r_goon = s.put_unit(bank, 0, UnitType::Goon).unwrap();
    let goon = s.put_unit(bank, 1, UnitType::Goon).unwrap();
    s.put_unit(bank, 1, UnitType::Patsy).unwrap();
    start_battle(&mut s, bank, 0).unwrap();
    rng.force_dice([5, 5]);
    attack(&mut s, 1, goon, 0, &mut rng).unwrap();
    assign_hit(&mut s, 0, r_goon).unwrap();
    assert!(s.area(bank).units.iter().find(|u| u.uid == r_goon).unwrap().wounded, "a Killbot survives its first hit");
    assign_hit(&mut s, 0, r_goon).unwrap();
    assert!(!s.area(bank).has_units_of(0));
    // The Robots' goon (dead) still attacks: three dice at 5.
    assert_eq!(battle_actor(&s), Some(0));
    rng.force_dice([9, 9, 9]);
    attack(&mut s, 0, r_goon, 1, &mut rng).unwrap();
    let p = uid(&s, bank, 1, UnitType::Patsy);
    assign_hit(&mut s, 1, p).unwrap();
    assign_hit(&mut s, 1, goon).unwrap();
    assert!(s.battle.is_none(), "the third hit is lost: no Mafia unit is left");
    assert_eq!(s.area(bank).graveyard.len(), 3);
}

#[test]
fn combat_needs_two_players_an_attacker_and_no_cease_fire() {
    let mut rng = GameRng::seeded(53);
    let mut s = table(&["robots", "mafia", "bankers", "cult"], 0, &mut rng);
    let lab = area("laboratory");
    s.put_unit(lab, 1, UnitType::Patsy).unwrap();
    assert!(!combat_possible(&s, lab));
    s.put_unit(lab, 2, UnitType::Patsy).unwrap();
    assert!(!combat_possible(&s, lab), "patsies cannot attack");
    s.put_unit(lab, 2, UnitType::Goon).unwrap();
    assert!(combat_possible(&s, lab));
    s.area_mut(lab).rules.push(RuleCard { card: content().card_id("cease-fire-1").unwrap(), owner: 1 });
    assert!(!combat_possible(&s, lab));
    assert_eq!(
        start_battle(&mut s, lab, 0).unwrap_err().message,
        "Combat cannot take place in The Laboratory: Cease Fire forbids attacks there."
    );
}

#[test]
fn bonuses_penalties_and_bonus_dice() {
    let mut rng = GameRng::seeded(54);
    let mut s = table(&["aliens", "mafia", "bankers", "cult"], 0, &mut rng);
    let sewers = area("sewers");
    let mole = s.put_unit(sewers, 0, UnitType::Mole).unwrap();
    s.put_unit(sewers, 1, UnitType::Goon).unwrap();
    s.area_mut(area("factory")).controller = Some(Marker::Player(0));
    s.global_rules.push(RuleCard { card: content().card_id("massacre-1").unwrap(), owner: 0 });
    s.global_rules.push(RuleCard { card: content().card_id("ample-cover-1").unwrap(), owner: 1 });
    start_battle(&mut s, sewers, 0).unwrap();
    rng.force_dice([8, 7]);
    let log = attack(&mut s, 0, mole, 1, &mut rng).unwrap();
    // 9 needed; Factory +2, Ample Cover -1: 8 hits, 7 misses; Massacre's extra die.
    assert_eq!(
        log[0].for_viewer(Viewer::Spectator),
        Some("{seat:0(Aliens)|attacks|attack} {seat:1(Mafia)} with a mole: rolled 8 and 7 — 1 hit.")
    );
}

#[test]
fn dr_tyrannosaurus_draws_and_the_gnome_earns_per_hit() {
    let mut rng = GameRng::seeded(55);
    let mut s = table(&["scientists", "bankers", "mafia", "cult"], 0, &mut rng);
    let police = area("police");
    let dr_t = s.put_unit(police, 0, UnitType::Champion).unwrap();
    let gnome = s.put_unit(police, 1, UnitType::Champion).unwrap();
    for _ in 0..3 {
        s.put_unit(police, 2, UnitType::Patsy).unwrap();
    }
    start_battle(&mut s, police, 0).unwrap();
    rng.force_dice([3]);
    attack(&mut s, 0, dr_t, 2, &mut rng).unwrap();
    assert_eq!(s.players[0].hand.len(), 1, "one card per hitting die");
    let p = uid(&s, police, 2, UnitType::Patsy);
    assign_hit(&mut s, 2, p).unwrap();
    rng.force_dice([8]);
    attack(&mut s, 1, gnome, 2, &mut rng).unwrap();
    assert_eq!(s.players[1].resources, 1, "one resource per hitting die");
}

#[test]
fn biohazard_makes_each_opponent_sacrifice_after_a_combat_with_mutant_losses() {
    let mut rng = GameRng::seeded(56);
    let mut s = table(&["mutants", "mafia", "robots", "cult"], 1, &mut rng);
    let subway = area("subway");
    s.area_mut(subway).track[0] = Some(PlacedToken {
        uid: TokenUid(0),
        owner: 0,
        kind: Hidden::known_to(TokenKind::Unique, SeatSet::first(4)),
        face_up: true,
        activated: true,
        activated_this_turn: true,
    });
    let patsy = s.put_unit(subway, 0, UnitType::Patsy).unwrap();
    let goon = s.put_unit(subway, 1, UnitType::Goon).unwrap();
    s.put_unit(subway, 1, UnitType::Mole).unwrap();
    let robot = s.put_unit(subway, 2, UnitType::Talent).unwrap();
    start_battle(&mut s, subway, 0).unwrap();
    rng.force_dice([1, 6]);
    attack(&mut s, 1, goon, 0, &mut rng).unwrap();
    assign_hit(&mut s, 0, patsy).unwrap();
    // The Mafia's mole cannot attack the Mutants any more: it attacks the Robots.
    let mole = uid(&s, subway, 1, UnitType::Mole);
    rng.force_dice([2]);
    attack(&mut s, 1, mole, 2, &mut rng).unwrap();
    rng.force_dice([1, 1]);
    attack(&mut s, 2, robot, 1, &mut rng).unwrap();
    // The round is over; the Mutants lost a unit: the Mafia, then the Robots, sacrifice.
    assert_eq!(battle_actor(&s), Some(1));
    let e = sacrifice(&mut s, 2, robot).unwrap_err();
    assert_eq!(e.code, RuleCode::NotYourTurn);
    sacrifice(&mut s, 1, goon).unwrap();
    let log = sacrifice(&mut s, 2, robot).unwrap();
    assert_eq!(
        log[0].for_viewer(Viewer::Spectator),
        Some("{seat:2(Robots)|sacrifices|sacrifice} a talent (a kill for {seat:0(Mutants)}).")
    );
    assert!(s.battle.is_none());
    assert_eq!(s.area(subway).graveyard.iter().filter(|g| g.killer == 0).count(), 2, "Mutant kills");
}

#[test]
fn the_gnome_of_zurich_may_pay_two_to_cancel_a_hit_in_his_area() {
    use villains::rules::abilities::cancel_hit;
    use villains::state::owed::Owed;
    let mut rng = GameRng::seeded(57);
    let mut s = table(&["mafia", "bankers", "mutants", "cult"], 0, &mut rng);
    let bank = area("bank");
    let m_goon = s.put_unit(bank, 0, UnitType::Goon).unwrap();
    let m_goon2 = s.put_unit(bank, 0, UnitType::Goon).unwrap();
    let b_goon = s.put_unit(bank, 1, UnitType::Goon).unwrap();
    let gnome = s.put_unit(bank, 1, UnitType::Champion).unwrap();
    s.players[1].energy = 1;
    s.players[1].resources = 3;
    start_battle(&mut s, bank, 0).unwrap();
    rng.force_dice([10, 1]);
    attack(&mut s, 0, m_goon, 1, &mut rng).unwrap();
    let log = assign_hit(&mut s, 1, b_goon).unwrap();
    assert_eq!(s.owed, [Owed::CancelHit { seat: 1, area: bank, unit: b_goon, attacker: 0 }]);
    assert_eq!(
        log[0].public.as_deref(),
        Some(
            "A hit is assigned to a goon in The Bank: {seat:1(Bankers)|may pay|may pay} 2 to cancel it (The Gnome of Zurich)."
        )
    );
    assert_eq!(battle_actor(&s), Some(1));
    let before = s.clone();
    assert!(assign_hit(&mut s, 1, gnome).is_err(), "the choice comes first");
    assert!(cancel_hit(&mut s, 0, true).is_err(), "only the Gnome's owner answers");
    assert_eq!(s, before);
    cancel_hit(&mut s, 1, true).unwrap();
    assert_eq!((s.players[1].energy, s.players[1].resources), (0, 2), "energy first");
    assert!(s.owed.is_empty());
    assert!(s.area(bank).units.iter().any(|u| u.uid == b_goon), "the hit is cancelled");
    // The next hit: let it land.
    rng.force_dice([10, 1]);
    attack(&mut s, 0, m_goon2, 1, &mut rng).unwrap();
    assign_hit(&mut s, 1, b_goon).unwrap();
    cancel_hit(&mut s, 1, false).unwrap();
    assert!(!s.area(bank).units.iter().any(|u| u.uid == b_goon), "the goon died");
    assert_eq!(s.players[1].resources, 2);
    // With less than 2 to pay, a hit lands at once.
    s.players[1].resources = 1;
    rng.force_dice([8]);
    attack(&mut s, 1, gnome, 0, &mut rng).unwrap();
    assign_hit(&mut s, 0, m_goon).unwrap();
    assert!(s.owed.is_empty(), "not the Gnome's side");
    assert!(!s.area(bank).units.iter().any(|u| u.uid == m_goon));
}
