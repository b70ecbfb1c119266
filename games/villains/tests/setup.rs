//! SETUP with forced deck orders and first player.

use backroom_engine::{GameRng, RuleCode};
use villains::content::effect::UnitType;
use villains::content::{FactionId, content};
use villains::rules::setup::{ACTION_DECK, FIRST_PLAYER, available_factions, choose_faction, plan_deck_name, setup};
use villains::state::{CapitolTokenState, Marker, Phase, TokenKind};

fn faction(id: &str) -> FactionId {
    content().faction_id(id).unwrap()
}

#[test]
fn the_setup_marker_goes_on_the_first_revealed_card_with_a_target() {
    let mut rng = GameRng::seeded(1);
    // The Suitcase Nuke has no target: reveal another card.
    rng.force_order(ACTION_DECK, vec!["suitcase-nuke-1".into(), "mobilize-3".into()]);
    rng.force_order(FIRST_PLAYER, vec!["2".into()]);
    let (s, log) = setup(5, &mut rng).unwrap();
    let laboratory = content().area_id("laboratory").unwrap();
    assert_eq!(s.setup_marker(), Some(laboratory), "Mobilize #3 targets the Laboratory");
    assert_eq!(s.area(laboratory).controller, Some(Marker::Setup));
    assert_eq!(s.areas.iter().filter(|a| a.controller.is_some()).count(), 1);
    let line = log[0].for_viewer(backroom_engine::Viewer::Spectator).unwrap();
    assert!(line.contains("Suitcase Nuke (no target), then Mobilize (target: The Laboratory)"), "{line}");
    // Both revealed cards went back: the deck is whole and shuffled again.
    assert_eq!(s.deck.len(), 72);
    let mut ids: Vec<u16> = s.deck.iter().map(|c| c.0).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 72);
    assert!(s.discards.is_empty());
    // Capitol tokens on the turn track; the first player picks first.
    assert_eq!(s.capitol_tokens, vec![CapitolTokenState::OnTrack; 4]);
    assert_eq!((s.first_player, s.turn), (2, 1));
    assert_eq!(s.phase, Phase::SelectFactions { chooser: 2 });
    assert_eq!(s.player_order().collect::<Vec<_>>(), [2, 3, 4, 0, 1]);
    assert_eq!(s.areas[0].track.len(), 6);
    assert!(s.areas[1..].iter().all(|a| a.track.len() == 5 && a.units.is_empty()));
}

#[test]
fn only_four_or_five_players() {
    for n in [3, 6] {
        assert!(setup(n, &mut GameRng::seeded(1)).is_err());
    }
}

#[test]
fn factions_are_chosen_in_player_order_and_dealt_their_components() {
    let mut rng = GameRng::seeded(7);
    rng.force_order(FIRST_PLAYER, vec!["3".into()]);
    let (mut s, _) = setup(4, &mut rng).unwrap();
    // Seat 0 may not pick before the first player.
    let before = s.clone();
    let e = choose_faction(&mut s, 0, faction("mafia"), &mut rng).unwrap_err();
    assert_eq!((e.code, e.rule.as_str()), (RuleCode::NotYourTurn, "Select Factions"));
    assert_eq!(s, before);

    rng.force_order(
        &plan_deck_name(faction("mafia")),
        vec!["time-to-come-heavy".into(), "an-offer-you-cant-refuse".into()],
    );
    choose_faction(&mut s, 3, faction("mafia"), &mut rng).unwrap();
    assert_eq!(s.phase, Phase::SelectFactions { chooser: 0 });
    // The Mafia is taken.
    let before = s.clone();
    let e = choose_faction(&mut s, 0, faction("mafia"), &mut rng).unwrap_err();
    assert_eq!((e.code, e.rule.as_str()), (RuleCode::IllegalMove, "Select Factions"));
    assert_eq!(s, before);
    assert_eq!(available_factions(&s).len(), 7);

    choose_faction(&mut s, 0, faction("cult"), &mut rng).unwrap();
    choose_faction(&mut s, 1, faction("aliens"), &mut rng).unwrap();
    choose_faction(&mut s, 2, faction("bankers"), &mut rng).unwrap();
    assert_eq!(s.phase, Phase::Start);

    let mafia = &s.players[3];
    let deck: Vec<&str> = mafia.plan_deck.iter().map(|p| p.plan().id.as_str()).collect();
    assert_eq!(deck.len(), 8);
    assert_eq!(&deck[..2], ["time-to-come-heavy", "an-offer-you-cant-refuse"]);
    assert!(mafia.plans.is_empty() && mafia.hand.is_empty() && mafia.target.is_none());
    let ups: Vec<&str> = mafia.upgrades_set_aside.iter().map(|u| u.upgrade().name.as_str()).collect();
    assert_eq!(ups, ["Murder Inc.", "Capo di Tutti Capi"]);
    assert_eq!(mafia.upgrade, None);
    assert_eq!(mafia.reserve_units.get(&UnitType::Goon), Some(&5));
    assert_eq!(mafia.reserve_units.get(&UnitType::Champion), Some(&1));
    assert_eq!(mafia.reserve_tokens.get(&TokenKind::Deploy), Some(&4));
    assert_eq!(mafia.reserve_tokens.get(&TokenKind::Unique), Some(&1));
    assert_eq!((mafia.energy, mafia.resources, mafia.ap, mafia.pp), (9, 0, 0, 0));

    let cult = &s.players[0];
    assert_eq!(cult.energy, 4);
    assert_eq!(cult.reserve_units.get(&UnitType::Mole), None, "the Cult has no moles");
    assert_eq!(cult.reserve_tokens.get(&TokenKind::Battle), None, "nor a battle token");
    assert_eq!(cult.reserve_tokens.get(&TokenKind::Unique), Some(&4), "four Nothings");
    assert_eq!(s.players[1].reserve_units.values().map(|n| *n as usize).sum::<usize>(), 17);

    // After setup no more picks.
    let e = choose_faction(&mut s, 0, faction("robots"), &mut rng).unwrap_err();
    assert_eq!(e.rule, "Select Factions");
}

#[test]
fn the_same_seed_sets_up_the_same_table() {
    let a = setup(5, &mut GameRng::seeded(42)).unwrap().0;
    let b = setup(5, &mut GameRng::seeded(42)).unwrap().0;
    assert_eq!(a, b);
    let json = serde_json::to_string(&a).unwrap();
    let back: villains::state::Villains = serde_json::from_str(&json).unwrap();
    assert_eq!(back, a);
    assert_ne!(a.deck, setup(5, &mut GameRng::seeded(43)).unwrap().0.deck);
}
