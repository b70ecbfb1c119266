//! END PHASE, Determine Control: the rulebook's two examples and the
//! faction and card rules that change influence.

mod common;

use backroom_engine::{GameRng, Hidden, SeatSet, Viewer};
use common::{area, table};
use villains::content::effect::UnitType;
use villains::content::{AreaId, content};
use villains::rules::determine_control::{determine_control, influence};
use villains::state::{CapitolTokenState, Grave, Marker, PlacedToken, RuleCard, TokenKind, TokenUid, Villains};

const SEATS: [&str; 4] = ["mutants", "scientists", "communists", "aliens"];
const MUTANT: u8 = 0;
const SCIENTIST: u8 = 1;
const COMMUNIST: u8 = 2;
const ALIEN: u8 = 3;

fn board() -> Villains {
    table(&SEATS, 0, &mut GameRng::seeded(21))
}

/// An activated token of `seat` in `a`'s lowest open space.
fn activated(s: &mut Villains, a: AreaId, seat: u8, kind: TokenKind) {
    let uid = TokenUid(s.next_token);
    s.next_token += 1;
    let area = s.area_mut(a);
    let i = area.lowest_open().unwrap();
    area.track[i] = Some(PlacedToken {
        uid,
        owner: seat,
        kind: Hidden::known_to(kind, SeatSet::first(4)),
        face_up: true,
        activated: true,
        activated_this_turn: true,
    });
}

fn units(s: &mut Villains, a: AreaId, seat: u8, kinds: &[UnitType]) {
    for k in kinds {
        s.put_unit(a, seat, *k).unwrap();
    }
}

fn rule(s: &mut Villains, a: AreaId, seat: u8, card: &str) {
    let card = content().card_id(card).unwrap();
    s.area_mut(a).rules.push(RuleCard { card, owner: seat });
}

#[test]
fn the_subway_tie_keeps_the_mutant_in_control() {
    let mut s = board();
    let subway = area("subway");
    s.area_mut(subway).controller = Some(Marker::Player(MUTANT));
    units(&mut s, subway, SCIENTIST, &[UnitType::Goon, UnitType::Mole]);
    activated(&mut s, subway, COMMUNIST, TokenKind::Deploy);
    units(&mut s, subway, COMMUNIST, &[UnitType::Talent, UnitType::Talent, UnitType::Patsy]);
    let totals: Vec<u32> = (0..4).map(|p| influence(&s, p, subway)).collect();
    assert_eq!(totals, [1, 3, 3, 0]);
    let log = determine_control(&mut s);
    assert_eq!(s.area(subway).controller, Some(Marker::Player(MUTANT)));
    let line =
        log.iter().filter_map(|l| l.for_viewer(Viewer::Spectator)).find(|l| l.starts_with("The Subway")).unwrap();
    assert_eq!(
        line,
        "The Subway: influence {seat:0(Mutants)} 1, {seat:1(Scientists)} 3 and {seat:2(Communists)} 3; {seat:0(Mutants)|keeps|keep} control."
    );
}

#[test]
fn the_communists_take_the_church_and_capture_the_scientists_marker() {
    let mut s = board();
    let church = area("church");
    s.area_mut(church).controller = Some(Marker::Player(SCIENTIST));
    units(&mut s, church, MUTANT, &[UnitType::Mole]);
    activated(&mut s, church, ALIEN, TokenKind::Card);
    units(&mut s, church, ALIEN, &[UnitType::Talent, UnitType::Patsy, UnitType::Patsy]);
    for _ in 0..3 {
        activated(&mut s, church, COMMUNIST, TokenKind::Move);
    }
    let totals: Vec<u32> = (0..4).map(|p| influence(&s, p, church)).collect();
    assert_eq!(totals, [2, 1, 3, 2]);
    determine_control(&mut s);
    assert_eq!(s.area(church).controller, Some(Marker::Player(COMMUNIST)));
    assert_eq!(s.players[COMMUNIST as usize].captured[..], [Marker::Player(SCIENTIST)]);
    assert_eq!(s.players[COMMUNIST as usize].ap, 1, "first captured space: +1 AP");
}

#[test]
fn stand_down_silences_units_and_rise_up_but_not_tokens_or_kau() {
    let mut s = board();
    let bank = area("bank");
    units(&mut s, bank, COMMUNIST, &[UnitType::Patsy, UnitType::Patsy, UnitType::Mole]);
    assert_eq!(influence(&s, COMMUNIST, bank), 2);
    activated(&mut s, bank, COMMUNIST, TokenKind::Unique);
    assert_eq!(influence(&s, COMMUNIST, bank), 2 + 2 + 1, "Rise Up: each patsy 1, and the token 1");
    units(&mut s, bank, ALIEN, &[UnitType::Mole, UnitType::Champion]);
    assert_eq!(influence(&s, ALIEN, bank), 3);
    rule(&mut s, bank, MUTANT, "stand-down-1");
    assert_eq!(influence(&s, COMMUNIST, bank), 1, "'no' beats 'yes': only the token");
    assert_eq!(influence(&s, ALIEN, bank), 3, "Kau ignores an enemy Stand Down");
    rule(&mut s, bank, ALIEN, "stand-down-2");
    assert_eq!(influence(&s, ALIEN, bank), 0, "but not the Aliens' own");
}

#[test]
fn cards_add_influence_and_the_cult_counts_its_kills() {
    let mut rng = GameRng::seeded(22);
    let mut s = table(&["scientists", "cult", "aliens", "mafia"], 0, &mut rng);
    let lab = area("laboratory");
    activated(&mut s, lab, 0, TokenKind::Card);
    activated(&mut s, lab, 0, TokenKind::Unique);
    activated(&mut s, lab, 0, TokenKind::Deploy);
    assert_eq!(influence(&s, 0, lab), 3);
    rule(&mut s, lab, 0, "display-of-brilliance-1");
    assert_eq!(influence(&s, 0, lab), 3 + 2 * 2, "Mr. Fusion counts as a card token");
    rule(&mut s, lab, 0, "rousing-speech-1");
    assert_eq!(influence(&s, 0, lab), 9);
    // The Cult's units give nothing; its kills here do.
    units(&mut s, lab, 1, &[UnitType::Goon, UnitType::Talent, UnitType::Champion]);
    assert_eq!(influence(&s, 1, lab), 0);
    for owner in [0, 2] {
        s.area_mut(lab).graveyard.push(Grave { owner, kind: UnitType::Mole, killer: 1 });
    }
    s.area_mut(lab).graveyard.push(Grave { owner: 1, kind: UnitType::Goon, killer: 0 });
    assert_eq!(influence(&s, 1, lab), 2);
}

#[test]
fn the_setup_marker_has_one_influence_and_can_be_captured() {
    let mut rng = GameRng::seeded(23);
    rng.force_order(villains::rules::setup::ACTION_DECK, vec!["mobilize-1".into()]);
    let mut s = table(&SEATS, 0, &mut rng);
    let sewers = area("sewers");
    assert_eq!(s.setup_marker(), Some(sewers));
    units(&mut s, sewers, MUTANT, &[UnitType::Goon]);
    determine_control(&mut s);
    assert_eq!(s.area(sewers).controller, Some(Marker::Setup), "a tie with the setup marker changes nothing");
    units(&mut s, sewers, MUTANT, &[UnitType::Talent]);
    determine_control(&mut s);
    assert_eq!(s.area(sewers).controller, Some(Marker::Player(MUTANT)));
    assert_eq!(s.players[0].captured[..], [Marker::Setup]);
}

#[test]
fn the_capitol_token_goes_to_the_capitols_controller_or_is_discarded() {
    let mut s = board();
    determine_control(&mut s);
    assert_eq!(s.capitol_tokens[0], CapitolTokenState::Discarded);
    s.turn = 3;
    units(&mut s, area("capitol"), ALIEN, &[UnitType::Mole]);
    determine_control(&mut s);
    assert_eq!(s.capitol_tokens[2], CapitolTokenState::Collected(ALIEN));
    assert_eq!(s.players[ALIEN as usize].ap, 2, "turn III's token is worth 2");
    s.turn = 4;
    determine_control(&mut s);
    assert_eq!(s.capitol_tokens[3], CapitolTokenState::Collected(ALIEN), "keeping control collects too");
    assert_eq!(s.players[ALIEN as usize].ap, 4);
}

#[test]
fn losing_the_university_exhausts_readied_patsies() {
    let mut s = board();
    let uni = area("university");
    s.area_mut(uni).controller = Some(Marker::Player(COMMUNIST));
    units(&mut s, area("bank"), COMMUNIST, &[UnitType::Patsy, UnitType::Talent]);
    for u in &mut s.area_mut(area("bank")).units {
        u.readied = true;
    }
    units(&mut s, uni, MUTANT, &[UnitType::Goon, UnitType::Goon]);
    determine_control(&mut s);
    assert_eq!(s.area(uni).controller, Some(Marker::Player(MUTANT)));
    let bank = &s.area(area("bank")).units;
    assert!(!bank.iter().find(|u| u.kind == UnitType::Patsy).unwrap().readied);
    assert!(bank.iter().find(|u| u.kind == UnitType::Talent).unwrap().readied, "talents stay readied");
}
