//! The heuristic bot (`Game::bot_action`): it finishes whole games at 4
//! and 5 seats with every action it returns accepted, and it makes the
//! obvious choices in small situations (hits on its cheapest unit, deploys
//! revealed before battles, plans scored).

mod common;

use backroom_engine::{Game, GameRng, Seat};
use common::{area, face_down, table};
use villains::Action;
use villains::content::effect::UnitType;
use villains::rules::combat::{attack, start_battle};
use villains::state::{Phase, TokenKind, Villains};

/// Plays a whole game with the heuristic bot in the seats `smart` holds and
/// random legal play elsewhere (factions dealt at random too when
/// `random_factions`); every bot action must apply. Returns the finished
/// table.
fn play(seats: u8, seed: u64, smart: &dyn Fn(Seat) -> bool, random_factions: bool) -> Villains {
    let mut rng = GameRng::seeded(seed);
    let mut bots = GameRng::seeded(seed ^ 0xb07);
    let mut s = Villains::setup(&Default::default(), seats, &mut rng).unwrap();
    for step in 0..Villains::max_actions(seats) {
        if s.outcome().is_some() {
            return s;
        }
        let seat = s.pending().awaited().iter().next().expect("someone is awaited");
        let drafting = matches!(s.phase, Phase::SelectFactions { .. });
        let a = if smart(seat) && !(random_factions && drafting) {
            s.bot_action(seat, &mut bots)
        } else {
            s.random_action(seat, &mut bots)
        };
        let a = a.unwrap_or_else(|| panic!("seed {seed} step {step}: no action for seat {seat}"));
        if let Err(e) = s.apply(seat, &a, &mut rng) {
            panic!("seed {seed} step {step}: the bot's {a:?} was refused: {e}");
        }
    }
    panic!("seed {seed}: the game did not end");
}

#[test]
fn the_bot_finishes_whole_games_legally_at_4_and_5_seats() {
    for seats in [4, 5] {
        for seed in 0..2 {
            let s = play(seats, seed, &|_| true, false);
            assert!(matches!(s.phase, Phase::Over { .. }));
        }
        let s = play(seats, 7, &|seat| seat == 0, false);
        assert!(matches!(s.phase, Phase::Over { .. }));
    }
}

#[test]
fn hits_go_to_the_cheapest_unit_and_a_healthy_toughness_unit_first() {
    let mut rng = GameRng::seeded(52);
    let mut s = table(&["robots", "mafia", "mutants", "cult"], 0, &mut rng);
    let bank = area("bank");
    let robot = s.put_unit(bank, 0, UnitType::Goon).unwrap();
    s.put_unit(bank, 1, UnitType::Goon).unwrap();
    let patsy = s.put_unit(bank, 1, UnitType::Patsy).unwrap();
    start_battle(&mut s, bank, 0).unwrap();
    rng.force_dice([10, 10, 10]);
    attack(&mut s, 0, robot, 1, &mut rng).unwrap();
    assert_eq!(
        s.bot_action(1, &mut rng),
        Some(Action::AssignHit { unit: patsy }),
        "the Mafia loses its patsy before its goon"
    );

    let mut s = table(&["robots", "mafia", "mutants", "cult"], 0, &mut rng);
    let robot = s.put_unit(bank, 0, UnitType::Goon).unwrap();
    s.put_unit(bank, 2, UnitType::Mole).unwrap();
    let ooze = s.put_unit(bank, 2, UnitType::Champion).unwrap();
    start_battle(&mut s, bank, 0).unwrap();
    rng.force_dice([10, 10, 10]);
    attack(&mut s, 0, robot, 2, &mut rng).unwrap();
    assert_eq!(
        s.bot_action(2, &mut rng),
        Some(Action::AssignHit { unit: ooze }),
        "a healthy Mother Ooze only turns to its wounded side"
    );
}

#[test]
fn the_bot_attacks_with_its_units_and_never_stalls_a_battle() {
    let mut rng = GameRng::seeded(53);
    let mut s = table(&["robots", "mafia", "bankers", "cult"], 0, &mut rng);
    let bank = area("bank");
    s.put_unit(bank, 0, UnitType::Goon).unwrap();
    s.put_unit(bank, 1, UnitType::Goon).unwrap();
    s.put_unit(bank, 2, UnitType::Mole).unwrap();
    start_battle(&mut s, bank, 0).unwrap();
    while s.battle.is_some() {
        let seat = s.pending().awaited().iter().next().unwrap();
        let a = s.bot_action(seat, &mut rng).unwrap();
        if let Action::Attack { defender, .. } = a {
            assert_ne!(defender, seat);
        }
        s.apply(seat, &a, &mut rng).unwrap();
    }
}

/// A table at Take Actions with `seat` to act.
fn taking_actions(s: &mut Villains, seat: Seat) {
    s.phase = Phase::TakeActions { current: seat, revealed: None };
}

#[test]
fn deploys_are_revealed_before_battles() {
    let mut rng = GameRng::seeded(54);
    let mut s = table(&["communists", "mafia", "bankers", "cult"], 0, &mut rng);
    let church = area("church");
    let bank = area("bank");
    face_down(&mut s, church, 0, TokenKind::Battle);
    let i = face_down(&mut s, bank, 0, TokenKind::Deploy);
    taking_actions(&mut s, 0);
    assert_eq!(s.bot_action(0, &mut rng), Some(Action::Reveal { spot: (bank, i) }));
    // Revealed, the deploy token brings units.
    s.apply(0, &Action::Reveal { spot: (bank, i) }, &mut rng).unwrap();
    let a = s.bot_action(0, &mut rng).unwrap();
    assert!(
        matches!(&a, Action::Activate { activation: villains::action::choices::Activation::Deploy { units, .. } } if !units.is_empty()),
        "{a:?}"
    );
}

#[test]
fn the_bot_places_where_its_influence_counts_and_passes_when_broke() {
    let mut rng = GameRng::seeded(55);
    let mut s = table(&["communists", "mafia", "bankers", "cult"], 0, &mut rng);
    villains::rules::start_phase::begin_turn(&mut s, &mut rng);
    // Play the Start Phase with bots until Place Action Tokens.
    while !matches!(s.phase, Phase::PlaceTokens { .. }) {
        let seat = s.pending().awaited().iter().next().unwrap();
        let a = s.bot_action(seat, &mut rng).unwrap();
        s.apply(seat, &a, &mut rng).unwrap();
    }
    let Phase::PlaceTokens { current } = s.phase else { unreachable!() };
    let a = s.bot_action(current, &mut rng).unwrap();
    assert!(
        matches!(a, Action::PlaceToken { kind: TokenKind::Deploy | TokenKind::Unique, .. }),
        "the first token brings units: {a:?}"
    );
    let p = &mut s.players[current as usize];
    p.energy = 0;
    p.resources = 1;
    assert_eq!(s.bot_action(current, &mut rng), Some(Action::PassPlacing));
}

/// The bot decides from what its seat may know: with everything it may not
/// know re-dealt (others' hands, targets, face-down tokens, the decks), it
/// makes the same choice.
#[test]
fn the_bots_choices_depend_only_on_what_its_seat_knows() {
    for (seats, seed) in [(4u8, 3u64), (5, 4)] {
        let mut rng = GameRng::seeded(seed);
        let mut bots = GameRng::seeded(seed ^ 0xb07);
        let mut s = Villains::setup(&Default::default(), seats, &mut rng).unwrap();
        let mut checked = 0;
        for step in 0..Villains::max_actions(seats) {
            if s.outcome().is_some() {
                break;
            }
            let seat = s.pending().awaited().iter().next().unwrap();
            let a = s.bot_action(seat, &mut bots.clone()).unwrap();
            if step % 5 == 0 {
                let mut other = s.clone();
                other.redeal_hidden(seat, &mut GameRng::seeded(step as u64));
                let b = other.bot_action(seat, &mut bots.clone()).unwrap();
                assert_eq!(a, b, "seed {seed} step {step}: the choice depends on a secret");
                checked += 1;
            }
            let a = s.bot_action(seat, &mut bots).unwrap();
            s.apply(seat, &a, &mut rng).unwrap();
        }
        assert!(s.outcome().is_some() && checked > 10);
    }
}

#[test]
fn the_target_is_the_area_the_bot_holds_and_sacrifices_are_its_cheapest() {
    let mut rng = GameRng::seeded(56);
    let mut s = table(&["communists", "mafia", "bankers", "cult"], 0, &mut rng);
    villains::rules::start_phase::begin_turn(&mut s, &mut rng);
    let (bank, church) = (area("bank"), area("church"));
    let naming = |a| *s.deck.iter().find(|c| c.target() == Some(a)).unwrap();
    let (at_bank, at_church) = (naming(bank), naming(church));
    s.put_unit(bank, 0, UnitType::Mole).unwrap();
    s.put_unit(bank, 0, UnitType::Mole).unwrap();
    s.area_mut(bank).controller = Some(villains::state::Marker::Player(0));
    for _ in 0..3 {
        s.put_unit(church, 1, UnitType::Goon).unwrap();
    }
    s.area_mut(church).controller = Some(villains::state::Marker::Player(1));
    s.players[0].hand = [at_church, at_bank].into_iter().collect();
    s.phase = Phase::SelectTargets { inside_job: None };
    assert_eq!(s.bot_action(0, &mut rng), Some(Action::SelectTarget { card: at_bank }));

    // Let God Sort Them Out's kind of sacrifice: anywhere, the cheapest.
    let patsy = s.put_unit(church, 0, UnitType::Patsy).unwrap();
    s.owed = vec![villains::state::owed::Owed::Sacrifice { seat: 0, killer: 1, count: 1 }];
    assert_eq!(s.bot_action(0, &mut rng), Some(Action::SacrificeUnit { unit: patsy }));
}

#[test]
fn the_bot_accepts_deals_that_gain_it_resources_and_declines_the_rest() {
    let mut rng = GameRng::seeded(57);
    let mut s = table(&["communists", "mafia", "bankers", "cult"], 0, &mut rng);
    villains::rules::start_phase::begin_turn(&mut s, &mut rng);
    let seat = s.pending().awaited().iter().next().unwrap();
    let other = (seat + 1) % 4;
    s.players[other as usize].resources = 5;
    s.players[seat as usize].resources = 5;
    let offer = |s: &mut Villains, give, want| {
        s.apply(other, &Action::Offer { to: seat, give, want }, &mut GameRng::seeded(0)).unwrap();
    };
    offer(&mut s, 2, 0);
    assert_eq!(s.bot_action(seat, &mut rng), Some(Action::AcceptOffer { from: other }));
    offer(&mut s, 1, 3);
    assert_eq!(s.bot_action(seat, &mut rng), Some(Action::DeclineOffer { from: other }));
}
