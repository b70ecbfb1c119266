//! Playing action cards from card tokens: the rulebook's card examples,
//! rule cards, non-combat attacks, and the events this version resolves.

mod common;

use backroom_engine::{GameRng, Viewer};
use common::{area, face_down, table};
use villains::action::choices::{Activation, CardChoices, DeployPick};
use villains::content::effect::UnitType;
use villains::content::{AreaId, CardId, content};
use villains::rules::action_tokens::activate;
use villains::rules::combat::{assign_hit, card_attack};
use villains::rules::take_actions::reveal;
use villains::state::payment::Payment;
use villains::state::{Phase, TokenKind, Villains};

const SEATS: [&str; 4] = ["scientists", "mafia", "aliens", "bankers"];

fn card(id: &str) -> CardId {
    content().card_id(id).unwrap()
}

/// `seat` holds `cards` and has just revealed a card token in `a`.
fn ready(s: &mut Villains, seat: u8, a: AreaId, cards: &[&str]) {
    for c in cards {
        let c = card(c);
        s.deck.retain(|x| *x != c);
        s.players[seat as usize].hand.push(c);
    }
    s.phase = Phase::TakeActions { current: seat, revealed: None };
    let i = face_down(s, a, seat, TokenKind::Card);
    reveal(s, seat, (a, i)).unwrap();
}

fn play(
    s: &mut Villains,
    seat: u8,
    c: &str,
    energy: u8,
    choices: CardChoices,
    rng: &mut GameRng,
) -> Result<Vec<backroom_engine::LogEntry>, backroom_engine::RuleError> {
    activate(s, seat, &Activation::Card { card: card(c), payment: Payment { energy, resources: 0 }, choices }, rng)
}

fn board() -> (Villains, GameRng) {
    let mut rng = GameRng::seeded(81);
    let s = table(&SEATS, 0, &mut rng);
    (s, rng)
}

#[test]
fn fish_in_a_barrel_with_no_enemy_here_still_activates_the_token() {
    let (mut s, mut rng) = board();
    let factory = area("factory");
    ready(&mut s, 0, factory, &["fish-in-a-barrel-1"]);
    assert_eq!(
        play(&mut s, 0, "fish-in-a-barrel-1", 0, CardChoices::default(), &mut rng).unwrap_err().rule,
        "Paying Costs"
    );
    play(&mut s, 0, "fish-in-a-barrel-1", 1, CardChoices::default(), &mut rng).unwrap();
    assert!(s.area(factory).track[0].as_ref().unwrap().activated, "the token stays for its influence");
    assert_eq!(s.discards, [card("fish-in-a-barrel-1")]);
    assert_eq!(s.players[0].energy, 8);
    assert_eq!(s.phase, Phase::TakeActions { current: 1, revealed: None });
}

#[test]
fn cease_fire_stays_in_the_subway_with_its_players_marker() {
    let (mut s, mut rng) = board();
    let subway = area("subway");
    ready(&mut s, 0, subway, &["cease-fire-1"]);
    play(&mut s, 0, "cease-fire-1", 1, CardChoices::default(), &mut rng).unwrap();
    assert_eq!(s.area(subway).rules.len(), 1);
    assert_eq!(s.area(subway).rules[0].owner, 0);
    assert!(villains::rules::units::attacks_forbidden(&s, subway));
    ready(&mut s, 1, area("bank"), &["military-cache-1"]);
    play(&mut s, 1, "military-cache-1", 1, CardChoices::default(), &mut rng).unwrap();
    assert_eq!(s.global_rules.len(), 1, "a global rule goes on the score board");
}

#[test]
fn public_backlash_makes_two_attacks_of_five_at_chosen_opponents() {
    let (mut s, mut rng) = board();
    let police = area("police");
    let goon = s.put_unit(police, 1, UnitType::Goon).unwrap();
    let mole = s.put_unit(police, 2, UnitType::Mole).unwrap();
    ready(&mut s, 0, police, &["public-backlash-1"]);
    play(&mut s, 0, "public-backlash-1", 0, CardChoices::default(), &mut rng).unwrap();
    assert!(s.attacks.is_some());
    assert!(card_attack(&mut s, 0, 3, &mut rng).is_err(), "the Bankers have no unit here");
    rng.force_dice([5]);
    card_attack(&mut s, 0, 1, &mut rng).unwrap();
    assert!(card_attack(&mut s, 0, 2, &mut rng).is_err(), "the hit is assigned first");
    assign_hit(&mut s, 1, goon).unwrap();
    rng.force_dice([4]);
    let log = card_attack(&mut s, 0, 2, &mut rng).unwrap();
    assert_eq!(
        log[0].for_viewer(Viewer::Spectator),
        Some("{seat:0(Scientists)|attacks|attack} {seat:2(Aliens)} in The Police (5): rolled 4 — a miss.")
    );
    assert!(s.attacks.is_none());
    assert_eq!(s.area(police).units.len(), 1);
    assert_eq!(s.area(police).units[0].uid, mole);
    assert_eq!(s.area(police).graveyard[0].killer, 0);
    assert_eq!(s.phase, Phase::TakeActions { current: 1, revealed: None }, "the turn moves on after the attacks");
}

#[test]
fn simple_events_resolve() {
    let (mut s, mut rng) = board();
    let bank = area("bank");
    *s.players[0].reserve_tokens.get_mut(&TokenKind::Card).unwrap() += 1;
    ready(&mut s, 0, bank, &["windfall-1", "stroke-of-genius-1", "total-war-1", "market-instability-1"]);
    play(&mut s, 0, "windfall-1", 0, CardChoices::default(), &mut rng).unwrap();
    assert_eq!(s.players[0].resources, 2);
    for (c, seat) in [("stroke-of-genius-1", 0u8), ("total-war-1", 0), ("market-instability-1", 0)] {
        let i = face_down(&mut s, area("church"), seat, TokenKind::Card);
        s.phase = Phase::TakeActions { current: seat, revealed: None };
        reveal(&mut s, seat, (area("church"), i)).unwrap();
        let hand = s.players[0].hand.len();
        play(&mut s, seat, c, 0, CardChoices::default(), &mut rng).unwrap();
        if c == "stroke-of-genius-1" {
            assert_eq!(s.players[0].hand.len(), hand - 1 + 2);
        }
    }
    assert!(s.areas.iter().all(|a| a.combat_marker), "Total War");
    assert_eq!([s.players[1].energy, s.players[2].energy, s.players[3].energy], [8, 8, 8], "Market Instability");
}

#[test]
fn stupor_removes_an_enemy_token_unrevealed() {
    let (mut s, mut rng) = board();
    let sewers = area("sewers");
    ready(&mut s, 0, sewers, &["stupor-1"]);
    face_down(&mut s, sewers, 2, TokenKind::Unique);
    let mine = s.area(sewers).track[0].as_ref().unwrap().uid;
    let theirs = s.area(sewers).track[1].as_ref().unwrap().uid;
    let bad = CardChoices { token: Some(mine), ..Default::default() };
    assert!(play(&mut s, 0, "stupor-1", 1, bad, &mut rng).is_err());
    play(&mut s, 0, "stupor-1", 1, CardChoices { token: Some(theirs), ..Default::default() }, &mut rng).unwrap();
    assert!(s.area(sewers).track[1].is_none());
    let v = villains::view::view(&s, Viewer::Seat(0));
    assert_eq!(v.players[2].spent_tokens[0].kind, None, "removed unrevealed: still secret");
    assert_eq!(villains::view::view(&s, Viewer::Seat(2)).players[2].spent_tokens[0].kind, Some(TokenKind::Unique));
}

#[test]
fn mobilize_slip_in_the_back_and_high_noon_put_units_in() {
    let (mut s, mut rng) = board();
    let lab = area("laboratory");
    ready(&mut s, 0, lab, &["mobilize-1"]);
    let pick = |k| DeployPick { kind: k, from: None, stay_wounded: false };
    let three = CardChoices { units: vec![pick(UnitType::Goon); 3], ..Default::default() };
    assert!(play(&mut s, 0, "mobilize-1", 2, three, &mut rng).is_err());
    play(
        &mut s,
        0,
        "mobilize-1",
        2,
        CardChoices { units: vec![pick(UnitType::Goon), pick(UnitType::Champion)], ..Default::default() },
        &mut rng,
    )
    .unwrap();
    assert_eq!(s.area(lab).units.len(), 2);
    assert_eq!(s.players[0].energy, 7, "the units are free; the card costs 2");
    ready(&mut s, 1, lab, &["slip-in-the-back-1"]);
    assert!(
        play(
            &mut s,
            1,
            "slip-in-the-back-1",
            1,
            CardChoices { units: vec![pick(UnitType::Goon)], ..Default::default() },
            &mut rng
        )
        .is_err()
    );
    play(
        &mut s,
        1,
        "slip-in-the-back-1",
        1,
        CardChoices { units: vec![pick(UnitType::Talent)], ..Default::default() },
        &mut rng,
    )
    .unwrap();
    assert!(
        s.area(lab).units.iter().any(|u| u.owner == 1 && u.kind == UnitType::Talent && u.readied),
        "arrives readied"
    );
    ready(&mut s, 2, lab, &["high-noon-1"]);
    play(
        &mut s,
        2,
        "high-noon-1",
        0,
        CardChoices { unit_type: Some(UnitType::Mole), opponent: Some(3), ..Default::default() },
        &mut rng,
    )
    .unwrap();
    assert!(s.area(lab).units.iter().any(|u| u.owner == 3 && u.kind == UnitType::Mole));
}

#[test]
fn suitcase_nuke_clears_the_area_for_the_rest_of_the_turn() {
    let (mut s, mut rng) = board();
    let bank = area("bank");
    let mine = s.put_unit(bank, 0, UnitType::Goon).unwrap();
    s.put_unit(bank, 1, UnitType::Goon).unwrap();
    s.put_unit(bank, 1, UnitType::Patsy).unwrap();
    s.area_mut(bank).controller = Some(villains::state::Marker::Player(1));
    ready(&mut s, 0, bank, &["suitcase-nuke-1"]);
    face_down(&mut s, bank, 1, TokenKind::Deploy);
    // Declined: discarded with no effect.
    let mut declined = s.clone();
    play(&mut declined, 0, "suitcase-nuke-1", 3, CardChoices::default(), &mut rng.clone()).unwrap();
    assert_eq!(declined.area(bank).units.len(), 3);
    assert!(declined.discards.contains(&card("suitcase-nuke-1")));
    assert_eq!(declined.area(bank).nuked, None);
    // Set off, sacrificing the goon.
    let choices = CardChoices { sacrifice: Some(mine), ..Default::default() };
    let log = play(&mut s, 0, "suitcase-nuke-1", 3, choices, &mut rng).unwrap();
    let a = s.area(bank);
    assert!(a.units.is_empty(), "every unit here is killed");
    assert_eq!(a.graveyard.len(), 3);
    assert!(a.graveyard.iter().all(|g| g.killer == 0), "credited to the nuke's player");
    assert_eq!(a.controller, None);
    assert_eq!(a.token_count(), 0, "every action token is removed, its own card token included");
    assert_eq!(a.nuked, Some(0));
    assert!(villains::rules::end_phase::exterminated(&s, 0, bank));
    let text: Vec<String> = log.iter().filter_map(|l| l.public.clone()).collect();
    assert!(text.iter().any(|t| t.contains("units in The Bank are killed")), "{text:?}");
    // Until Cleanup no unit may enter: a deploy there is refused whole.
    use backroom_engine::Game;
    let i = face_down(&mut s, bank, 1, TokenKind::Deploy);
    s.phase = Phase::TakeActions { current: 1, revealed: None };
    Game::apply(&mut s, 1, &villains::Action::Reveal { spot: (bank, i) }, &mut rng).unwrap();
    let before = s.clone();
    let refusals: Vec<String> = (0..=5)
        .map(|cost| {
            let deploy = villains::Action::Activate {
                activation: Activation::Deploy {
                    units: vec![DeployPick { kind: UnitType::Goon, from: None, stay_wounded: false }],
                    payment: Payment::energy_first(&s, 1, cost),
                },
            };
            let e = Game::apply(&mut s, 1, &deploy, &mut rng).unwrap_err();
            assert_eq!(s, before);
            e.message
        })
        .collect();
    assert!(refusals.iter().any(|m| m.contains("No unit may enter The Bank this turn")), "{refusals:?}");
}

#[test]
fn blackstone_encryption_uses_a_skill_without_a_readied_unit() {
    let (mut s, mut rng) = board();
    let (factory, bank, church) = (area("factory"), area("bank"), area("church"));
    s.put_unit(bank, 0, UnitType::Goon).unwrap();
    assert!(s.area(bank).units.iter().all(|u| !u.readied), "no readied unit at the Bank");
    ready(&mut s, 0, factory, &["blackstone-encryption-1"]);
    let skill = |a: AreaId| CardChoices {
        skill: Some((a, villains::action::choices::SkillChoice::default())),
        ..Default::default()
    };
    let before = s.clone();
    // No area chosen, or one without a unit of the player's: refused whole.
    for c in [CardChoices::default(), skill(church)] {
        assert!(play(&mut s, 0, "blackstone-encryption-1", 0, c, &mut rng).is_err());
        assert_eq!(s, before);
    }
    let resources = s.players[0].resources;
    let log = play(&mut s, 0, "blackstone-encryption-1", 0, skill(bank), &mut rng).unwrap();
    assert_eq!(s.players[0].resources, resources + 2);
    assert!(s.area(bank).skill_used.contains(0), "the player's marker is on the Bank's skill track");
    let text: Vec<String> = log.iter().filter_map(|l| l.public.clone()).collect();
    assert!(text.iter().any(|t| t.contains("the skill of The Bank without exhausting a unit")), "{text:?}");
    assert!(s.discards.contains(&card("blackstone-encryption-1")));
}

#[test]
fn mr_fusion_plays_a_card_and_counts_it() {
    let (mut s, mut rng) = board();
    let bank = area("bank");
    s.players[0].hand.push(card("windfall-2"));
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    let i = face_down(&mut s, bank, 0, TokenKind::Unique);
    reveal(&mut s, 0, (bank, i)).unwrap();
    play(&mut s, 0, "windfall-2", 0, CardChoices::default(), &mut rng).unwrap();
    assert_eq!(s.players[0].fusion, 1);
}

#[test]
fn a_match_set_up_under_version_1_keeps_mr_fusion_to_one_card() {
    // Saved matches replay with the readings they were played with
    // (`versions`): version 1 played one card and moved on.
    let (mut s, mut rng) = board();
    s.engine_version = 1;
    let bank = area("bank");
    for c in ["windfall-2", "windfall-3"] {
        s.deck.retain(|x| *x != card(c));
        s.players[0].hand.push(card(c));
    }
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    let i = face_down(&mut s, bank, 0, TokenKind::Unique);
    reveal(&mut s, 0, (bank, i)).unwrap();
    play(&mut s, 0, "windfall-2", 0, CardChoices::default(), &mut rng).unwrap();
    assert!(villains::rules::choices::next(&s).is_none());
    assert!(matches!(s.phase, Phase::TakeActions { current: 1, .. }), "{:?}", s.phase);
}

#[test]
fn mr_fusion_plays_cards_one_after_another_until_stopped() {
    use backroom_engine::Game;
    use villains::Action;
    let (mut s, mut rng) = board();
    let bank = area("bank");
    for c in ["windfall-2", "windfall-3", "windfall-4"] {
        s.deck.retain(|x| *x != card(c));
        s.players[0].hand.push(card(c));
    }
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    let i = face_down(&mut s, bank, 0, TokenKind::Unique);
    reveal(&mut s, 0, (bank, i)).unwrap();
    let resources = s.players[0].resources;
    play(&mut s, 0, "windfall-2", 0, CardChoices::default(), &mut rng).unwrap();
    // Still Mr. Fusion's player's decision: another card, or stop.
    assert!(matches!(villains::rules::choices::next(&s), Some(villains::state::owed::Owed::Fusion { seat: 0, .. })));
    let prompt = s.prompt(0).unwrap();
    assert!(
        prompt.asks.iter().any(|a| a.verb == "fusion_paying") && prompt.asks.iter().any(|a| a.verb == "fusion_stop")
    );
    // The card, then the energy to spend, as the table sends it.
    let next = Action::FusionPaying { card: card("windfall-3"), choices: CardChoices::default(), energy: 0 };
    prompt.offers(&serde_json::to_value(&next).unwrap()).unwrap();
    let log = Game::apply(&mut s, 0, &next, &mut rng).unwrap();
    assert_eq!(s.players[0].fusion, 2);
    assert!(log.iter().any(|l| l.public.as_deref().is_some_and(|t| t.contains("2 cards on the fusion track"))));
    Game::apply(&mut s, 0, &Action::FusionStop, &mut rng).unwrap();
    assert!(villains::rules::choices::next(&s).is_none());
    assert_eq!(s.players[0].hand[..], [card("windfall-4")]);
    assert!(s.players[0].resources > resources, "both Windfalls paid out");
    assert!(matches!(s.phase, Phase::TakeActions { current: 1, .. }), "{:?}", s.phase);
}

#[test]
fn let_god_sort_them_out_and_shakedown_wait_for_each_players_choice() {
    let (mut s, mut rng) = board();
    let (bank, lab, sewers) = (area("bank"), area("laboratory"), area("sewers"));
    for a in &mut s.areas {
        a.controller = None;
    }
    s.area_mut(bank).controller = Some(villains::state::Marker::Player(1));
    s.area_mut(lab).controller = Some(villains::state::Marker::Player(1));
    s.area_mut(sewers).controller = Some(villains::state::Marker::Player(2));
    let g1 = s.put_unit(bank, 1, UnitType::Goon).unwrap();
    let g2 = s.put_unit(lab, 1, UnitType::Goon).unwrap();
    let m = s.put_unit(sewers, 2, UnitType::Mole).unwrap();
    ready(&mut s, 0, area("church"), &["let-god-sort-them-out-1", "shakedown-1"]);
    play(&mut s, 0, "let-god-sort-them-out-1", 1, CardChoices::default(), &mut rng).unwrap();
    assert_eq!(s.owed.len(), 2, "the Mafia owes two, the Aliens one; the Scientists control nothing");
    assert!(villains::rules::choices::sacrifice_unit(&mut s, 2, m).is_err(), "in player order");
    villains::rules::choices::sacrifice_unit(&mut s, 1, g1).unwrap();
    villains::rules::choices::sacrifice_unit(&mut s, 1, g2).unwrap();
    villains::rules::choices::sacrifice_unit(&mut s, 2, m).unwrap();
    assert!(s.owed.is_empty());
    assert_eq!(
        s.areas.iter().flat_map(|a| a.graveyard.iter()).filter(|g| g.killer == 0).count(),
        3,
        "all the card player's kills"
    );
    assert_eq!(s.phase, Phase::TakeActions { current: 1, revealed: None });
    // Shakedown: each opponent holding a card discards one of its choice.
    s.players[1].hand.clear();
    s.players[2].hand = vec![card("windfall-3")].into();
    s.players[3].hand = vec![card("windfall-4"), card("stupor-2")].into();
    let i = face_down(&mut s, area("police"), 0, TokenKind::Card);
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    reveal(&mut s, 0, (area("police"), i)).unwrap();
    play(&mut s, 0, "shakedown-1", 0, CardChoices::default(), &mut rng).unwrap();
    assert_eq!(s.owed.len(), 2);
    villains::rules::choices::discard_card(&mut s, 2, card("windfall-3")).unwrap();
    let log = villains::rules::choices::discard_card(&mut s, 3, card("stupor-2")).unwrap();
    assert_eq!(log[0].for_viewer(Viewer::Seat(1)), Some("{seat:3(Bankers)|discards|discard} Stupor."));
    assert_eq!(s.players[3].hand[..], [card("windfall-4")]);
    assert_eq!(s.phase, Phase::TakeActions { current: 1, revealed: None });
}

#[test]
fn to_the_death_fights_again_while_anyone_agrees() {
    let (mut s, mut rng) = board();
    let subway = area("subway");
    let goon = s.put_unit(subway, 1, UnitType::Goon).unwrap();
    let mole = s.put_unit(subway, 2, UnitType::Mole).unwrap();
    ready(&mut s, 0, subway, &["to-the-death-1"]);
    play(&mut s, 0, "to-the-death-1", 0, CardChoices::default(), &mut rng).unwrap();
    assert!(s.battle.as_ref().unwrap().repeat);
    rng.force_dice([1, 1]);
    villains::rules::combat::attack(&mut s, 1, goon, 2, &mut rng).unwrap();
    rng.force_dice([1]);
    villains::rules::combat::attack(&mut s, 2, mole, 1, &mut rng).unwrap();
    assert!(s.battle.is_none());
    assert_eq!(s.owed.len(), 2, "the Mafia and the Aliens are asked");
    villains::rules::combat::keep_fighting(&mut s, 1, false).unwrap();
    villains::rules::combat::keep_fighting(&mut s, 2, true).unwrap();
    assert!(s.battle.is_some(), "one yes is enough");
    rng.force_dice([1, 1]);
    villains::rules::combat::attack(&mut s, 1, goon, 2, &mut rng).unwrap();
    rng.force_dice([1]);
    villains::rules::combat::attack(&mut s, 2, mole, 1, &mut rng).unwrap();
    villains::rules::combat::keep_fighting(&mut s, 1, false).unwrap();
    villains::rules::combat::keep_fighting(&mut s, 2, false).unwrap();
    assert!(s.owed.is_empty() && s.battle.is_none());
    assert_eq!(s.phase, Phase::TakeActions { current: 1, revealed: None });
}

#[test]
fn mr_fusion_playing_attacks_with_no_enemy_moves_the_turn_on_once() {
    assert_eq!(fusion_attacks_with_no_enemy(3), Phase::TakeActions { current: 1, revealed: None });
    // Version 2 moved the turn on twice, skipping a player; its stored
    // matches replay as they were played (`versions`).
    assert_eq!(fusion_attacks_with_no_enemy(2), Phase::TakeActions { current: 2, revealed: None });
}

/// Mr. Fusion's second card is Public Backlash with no enemy in the Bank,
/// in a match set up under `version`: the phase after it.
fn fusion_attacks_with_no_enemy(version: u32) -> Phase {
    use backroom_engine::Game;
    use villains::Action;
    let (mut s, mut rng) = board();
    s.engine_version = version;
    let bank = area("bank");
    for c in ["windfall-2", "public-backlash-1"] {
        s.deck.retain(|x| *x != card(c));
        s.players[0].hand.push(card(c));
    }
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    let i = face_down(&mut s, bank, 0, TokenKind::Unique);
    reveal(&mut s, 0, (bank, i)).unwrap();
    play(&mut s, 0, "windfall-2", 0, CardChoices::default(), &mut rng).unwrap();
    assert!(villains::rules::units::enemies_in(&s, 0, bank).is_empty(), "no enemy in the Bank");
    // Public Backlash's attacks find no enemy: the card is played, the
    // fusion track counts it, and the turn passes to the next player once.
    let next = Action::FusionPaying { card: card("public-backlash-1"), choices: CardChoices::default(), energy: 0 };
    Game::apply(&mut s, 0, &next, &mut rng).unwrap();
    assert_eq!(s.players[0].fusion, 2);
    assert!(villains::rules::choices::next(&s).is_none());
    assert!(s.attacks.is_none());
    s.phase
}
