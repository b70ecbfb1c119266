//! Deals: resource offers between players at any time, accepted by the
//! receiver; nothing else changes hands.

mod common;

use backroom_engine::{Game, GameRng, RuleCode};
use common::table;
use villains::Action;
use villains::state::Villains;
use villains::state::deals::Offer;

const FOUR: [&str; 4] = ["mutants", "mafia", "scientists", "bankers"];

/// Turn 1 under way (Select Plans), resources set by hand.
fn dealing(resources: [u16; 4]) -> (Villains, GameRng) {
    let mut rng = GameRng::seeded(11);
    let mut s = table(&FOUR, 0, &mut rng);
    for (p, r) in s.players.iter_mut().zip(resources) {
        p.resources = r;
    }
    (s, rng)
}

fn act(
    s: &mut Villains,
    seat: u8,
    a: Action,
    rng: &mut GameRng,
) -> Result<Vec<backroom_engine::LogEntry>, backroom_engine::RuleError> {
    Game::apply(s, seat, &a, rng)
}

#[test]
fn an_accepted_trade_moves_resources_both_ways_and_waits_for_no_turn() {
    let (mut s, mut rng) = dealing([5, 3, 0, 0]);
    let pending = s.pending();
    // Seat 2 is not awaited by anything in particular: deals are any-time.
    act(&mut s, 0, Action::Offer { to: 1, give: 3, want: 1 }, &mut rng).unwrap();
    assert_eq!(s.offers, vec![Offer { from: 0, to: 1, give: 3, want: 1 }]);
    let log = act(&mut s, 1, Action::AcceptOffer { from: 0 }, &mut rng).unwrap();
    assert_eq!((s.players[0].resources, s.players[1].resources), (3, 5));
    assert!(s.offers.is_empty());
    assert!(log[0].public.as_deref().unwrap_or("").contains("3 resources for 1 resource"), "{:?}", log[0]);
    assert_eq!(s.pending(), pending, "a deal changes nobody's turn");
}

#[test]
fn a_gift_a_decline_and_a_withdrawal() {
    let (mut s, mut rng) = dealing([4, 0, 2, 0]);
    act(&mut s, 0, Action::Offer { to: 3, give: 2, want: 0 }, &mut rng).unwrap();
    act(&mut s, 3, Action::DeclineOffer { from: 0 }, &mut rng).unwrap();
    assert!(s.offers.is_empty());
    assert_eq!(s.players[0].resources, 4);
    // A new offer to the same player replaces the old one.
    act(&mut s, 0, Action::Offer { to: 2, give: 1, want: 0 }, &mut rng).unwrap();
    act(&mut s, 0, Action::Offer { to: 2, give: 0, want: 2 }, &mut rng).unwrap();
    assert_eq!(s.offers, vec![Offer { from: 0, to: 2, give: 0, want: 2 }]);
    act(&mut s, 0, Action::WithdrawOffer { to: 2 }, &mut rng).unwrap();
    assert!(s.offers.is_empty());
    act(&mut s, 0, Action::Offer { to: 3, give: 4, want: 0 }, &mut rng).unwrap();
    act(&mut s, 3, Action::AcceptOffer { from: 0 }, &mut rng).unwrap();
    assert_eq!((s.players[0].resources, s.players[3].resources), (0, 4));
}

#[test]
fn refused_deals_name_the_rule_and_change_nothing() {
    let (mut s, mut rng) = dealing([2, 1, 0, 0]);
    let refuse = |s: &mut Villains, seat: u8, a: Action, rng: &mut GameRng| {
        let before = s.clone();
        let e = act(s, seat, a, rng).unwrap_err();
        assert_eq!((e.code, e.rule.as_str()), (RuleCode::IllegalMove, "Deals"));
        assert_eq!(*s, before);
        e.message
    };
    refuse(&mut s, 0, Action::Offer { to: 0, give: 1, want: 0 }, &mut rng);
    refuse(&mut s, 0, Action::Offer { to: 1, give: 0, want: 0 }, &mut rng);
    assert!(
        refuse(&mut s, 0, Action::Offer { to: 1, give: 3, want: 0 }, &mut rng)
            .contains("You offer 3 resources and have 2.")
    );
    refuse(&mut s, 0, Action::Offer { to: 1, give: 0, want: 2 }, &mut rng);
    refuse(&mut s, 1, Action::AcceptOffer { from: 0 }, &mut rng);
    // The maker spends what it offered before the receiver accepts.
    act(&mut s, 0, Action::Offer { to: 1, give: 2, want: 0 }, &mut rng).unwrap();
    s.players[0].resources = 1;
    assert!(refuse(&mut s, 1, Action::AcceptOffer { from: 0 }, &mut rng).contains("no longer has 2 resources"));
}

#[test]
fn deals_open_once_every_faction_is_chosen_and_end_at_cleanup() {
    let mut rng = GameRng::seeded(3);
    let (mut s, _) = villains::rules::setup::setup(4, &mut rng).unwrap();
    s.players[0].resources = 2;
    assert!(act(&mut s, 0, Action::Offer { to: 1, give: 1, want: 0 }, &mut rng).is_err());
    assert!(s.offers.is_empty());
    let (mut s, _) = dealing([2, 0, 0, 0]);
    s.offers.push(Offer { from: 0, to: 1, give: 1, want: 0 });
    let line = villains::rules::deals::cleanup(&mut s).unwrap();
    assert!(s.offers.is_empty() && line.public.as_deref().unwrap_or("").contains("Cleanup"));
}

#[test]
fn every_seat_is_prompted_with_its_deals_any_time() {
    let (mut s, mut rng) = dealing([3, 0, 1, 0]);
    act(&mut s, 2, Action::Offer { to: 0, give: 1, want: 2 }, &mut rng).unwrap();
    for seat in 0..4u8 {
        let p = s.prompt(seat).expect("every seat may deal");
        let deals: Vec<&str> = p.asks.iter().filter(|a| a.any_time).map(|a| a.verb.as_str()).collect();
        assert!(deals.contains(&"offer"), "seat {seat}: {deals:?}");
        if seat == 0 {
            assert!(deals.contains(&"accept_offer") && deals.contains(&"decline_offer"));
        }
        if seat == 2 {
            assert!(deals.contains(&"withdraw_offer"));
        }
    }
    // Nobody holding a resource: nothing to offer to or ask of anyone.
    let (s, _) = dealing([0, 0, 0, 0]);
    assert!(s.prompt(1).is_none_or(|p| p.asks.iter().all(|a| !a.any_time)));
}
