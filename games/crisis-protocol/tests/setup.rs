//! The full setup (engine version 4, digest §1.1): secret rosters and the
//! `open_rosters` option, the terrain agreement and its generated layouts,
//! the deck choice and crisis draw, mission token placement, squads from
//! the roster, deployment within R3 and the leader choice. Every
//! refusal names its rule and changes nothing.

use backroom_engine::{Game, GameRng, RuleCode, Viewer};
use crisis_protocol::content::cards::CrisisKind;
use crisis_protocol::rules::battlefield::{LayoutChoice, MAX_LAYOUT_CHANGES, generate, layout_error};
use crisis_protocol::state::{Edge, Phase};
use crisis_protocol::{Action, Crisis, Options};

fn ids(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

const CHARS: [&str; 10] =
    ["bulwark", "arclight", "tangler", "quietus", "lifeline", "the-broker", "hexen", "razorback", "shade", "warlord"];
const CARDS: [&str; 10] = [
    "improvised-weapon",
    "take-cover",
    "rally-cry",
    "adrenaline",
    "evasive-roll",
    "overwatch",
    "grab-the-goods",
    "last-stand",
    "coordinated-strike",
    "fortify",
];

fn roster() -> Action {
    Action::Roster { characters: ids(&CHARS), tactics: ids(&CARDS) }
}

/// Applies an action that must be refused with `code` naming `rule`, and
/// checks nothing changed.
fn refused(g: &mut Crisis, rng: &mut GameRng, seat: u8, a: &Action, code: RuleCode, rule: &str) -> String {
    let before = serde_json::to_value(&*g).unwrap();
    let e = g.apply(seat, a, rng).expect_err("refused");
    assert_eq!(e.code, code, "{e:?}");
    assert_eq!(e.rule, rule, "{e:?}");
    assert_eq!(serde_json::to_value(&*g).unwrap(), before, "a refusal changed the state");
    e.message
}

fn fresh(open: bool) -> (Crisis, GameRng) {
    let mut rng = GameRng::seeded(11);
    let g = Crisis::setup(&Options { open_rosters: open, ..Options::default() }, 2, &mut rng).unwrap();
    assert_eq!(g.phase, Phase::Rosters);
    (g, rng)
}

/// Rosters in and the layout confirmed: the priority player picks a deck.
fn at_deck_choice() -> (Crisis, GameRng) {
    let (mut g, mut rng) = fresh(false);
    g.apply(0, &roster(), &mut rng).unwrap();
    g.apply(1, &roster(), &mut rng).unwrap();
    g.apply(0, &Action::Battlefield { choice: LayoutChoice::Confirm }, &mut rng).unwrap();
    g.apply(1, &Action::Battlefield { choice: LayoutChoice::Confirm }, &mut rng).unwrap();
    assert_eq!(g.phase, Phase::DeckChoice);
    (g, rng)
}

#[test]
fn a_roster_stays_secret_unless_rosters_are_open() {
    let (mut g, mut rng) = fresh(false);
    g.apply(0, &roster(), &mut rng).unwrap();
    let theirs = serde_json::to_value(g.view(Viewer::Seat(1))).unwrap();
    assert_eq!(theirs["rosters"][0]["committed"], true);
    assert!(theirs["rosters"][0]["characters"].is_null() && theirs["rosters"][0]["tactics"].is_null());
    let spectator = serde_json::to_value(g.view(Viewer::Spectator)).unwrap();
    assert!(spectator["rosters"][0]["characters"].is_null());
    let mine = serde_json::to_value(g.view(Viewer::Seat(0))).unwrap();
    assert_eq!(mine["rosters"][0]["characters"].as_array().unwrap().len(), 10);
    // Both in: still secret, the match goes on to the battlefield.
    g.apply(1, &roster(), &mut rng).unwrap();
    assert_eq!(g.phase, Phase::Battlefield);
    let theirs = serde_json::to_value(g.view(Viewer::Seat(1))).unwrap();
    assert!(theirs["rosters"][0]["characters"].is_null());

    let (mut g, mut rng) = fresh(true);
    g.apply(0, &roster(), &mut rng).unwrap();
    let theirs = serde_json::to_value(g.view(Viewer::Seat(1))).unwrap();
    assert_eq!(theirs["rosters"][0]["characters"].as_array().unwrap().len(), 10);
}

#[test]
fn a_roster_needs_ten_characters_and_ten_different_cards() {
    let (mut g, mut rng) = fresh(false);
    let short = Action::Roster { characters: ids(&CHARS[..9]), tactics: ids(&CARDS) };
    assert!(refused(&mut g, &mut rng, 0, &short, RuleCode::IllegalMove, "Rosters").contains("10 characters"));
    let mut twice = ids(&CHARS);
    twice[9] = "bulwark".into();
    let twice = Action::Roster { characters: twice, tactics: ids(&CARDS) };
    assert!(refused(&mut g, &mut rng, 0, &twice, RuleCode::IllegalMove, "Rosters").contains("twice"));
    let mut cards = ids(&CARDS);
    cards[9] = "fortify".into();
    cards[8] = "fortify".into();
    let dup = Action::Roster { characters: ids(&CHARS), tactics: cards };
    assert!(refused(&mut g, &mut rng, 0, &dup, RuleCode::IllegalMove, "Rosters").contains("twice"));
    refused(
        &mut g,
        &mut rng,
        0,
        &Action::ChooseDeck { deck: CrisisKind::Secure },
        RuleCode::NotYourTurn,
        "Deck choice",
    );
}

#[test]
fn generated_layouts_follow_the_terrain_rules() {
    let mut distinct = std::collections::BTreeSet::new();
    for seed in 0..300 {
        let mut rng = GameRng::seeded(seed);
        let pieces = generate(&mut rng);
        assert_eq!(layout_error(&pieces), None, "seed {seed}");
        distinct.insert(format!("{:?}", pieces.iter().map(|p| p.center).collect::<Vec<_>>()));
    }
    assert!(distinct.len() > 290, "layouts vary: {}", distinct.len());
    let downtown = &crisis_protocol::content::content().terrain_sets[0].pieces;
    assert_eq!(layout_error(downtown), None);
    let mut crowded = downtown.clone();
    crowded[0].center = [crowded[1].center[0], crowded[1].center[1] + 5.0];
    assert!(layout_error(&crowded).unwrap().contains("within R2"));
}

#[test]
fn the_battlefield_is_agreed_or_the_last_change_stands() {
    let (mut g, mut rng) = fresh(false);
    g.apply(0, &roster(), &mut rng).unwrap();
    g.apply(1, &roster(), &mut rng).unwrap();
    let first = g.terrain.clone();
    g.apply(0, &Action::Battlefield { choice: LayoutChoice::Confirm }, &mut rng).unwrap();
    // A confirmed player waits.
    refused(
        &mut g,
        &mut rng,
        0,
        &Action::Battlefield { choice: LayoutChoice::Generate },
        RuleCode::NotYourTurn,
        "Battlefield",
    );
    // The other asks for another: both confirmations go.
    g.apply(1, &Action::Battlefield { choice: LayoutChoice::Generate }, &mut rng).unwrap();
    assert_ne!(g.terrain, first);
    assert_eq!(g.layout_confirmed, [false, false]);
    let bad = Action::Battlefield { choice: LayoutChoice::Set("moon-base".into()) };
    refused(&mut g, &mut rng, 0, &bad, RuleCode::IllegalMove, "Battlefield");
    g.apply(0, &Action::Battlefield { choice: LayoutChoice::Set("downtown-12".into()) }, &mut rng).unwrap();
    assert_eq!(g.layout, "downtown-12");
    assert!(g.terrain.is_empty());
    assert_eq!(g.pieces().len(), 12);
    let v = serde_json::to_value(g.view(Viewer::Spectator)).unwrap();
    assert_eq!(v["terrain"].as_array().unwrap().len(), 12);
    // Downtown-12 is on the table: it is not offered again.
    let p = g.prompt(1).unwrap();
    assert!(!serde_json::to_string(&p).unwrap().contains("\"set\":\"downtown-12\""));
    assert_eq!(MAX_LAYOUT_CHANGES, 3);
    g.apply(1, &Action::Battlefield { choice: LayoutChoice::Generate }, &mut rng).unwrap();
    // The third change stands: the priority roll follows.
    assert_eq!(g.phase, Phase::DeckChoice);
    assert_eq!(g.layout, "generated");
}

#[test]
fn the_priority_player_picks_a_deck_and_both_draws_are_revealed_together() {
    let (mut g, mut rng) = at_deck_choice();
    let (p, np) = (g.priority, 1 - g.priority);
    refused(
        &mut g,
        &mut rng,
        np,
        &Action::ChooseDeck { deck: CrisisKind::Secure },
        RuleCode::NotYourTurn,
        "Deck choice",
    );
    let log = g.apply(p, &Action::ChooseDeck { deck: CrisisKind::Extraction }, &mut rng).unwrap();
    assert!(log.iter().any(|l| l.public.as_deref().unwrap_or("").contains("revealed together")));
    assert_eq!(g.crisis_owner, Some([np, p]));
    assert_eq!(g.crisis_card(0).kind, CrisisKind::Secure);
    assert_eq!(g.crisis_card(1).kind, CrisisKind::Extraction);
    assert_eq!(g.phase, Phase::ThreatChoice);
}

/// Deck chosen, then Data Cores (placed within R2) is made the Extraction
/// card, drawn by the priority player.
fn at_mission_setup() -> (Crisis, GameRng) {
    let (mut g, mut rng) = at_deck_choice();
    let (p, np) = (g.priority, 1 - g.priority);
    g.apply(p, &Action::ChooseDeck { deck: CrisisKind::Extraction }, &mut rng).unwrap();
    g.crises = ["relay-towers".into(), "data-cores".into()];
    g.apply(np, &Action::ChooseThreat { crisis: 1 }, &mut rng).unwrap();
    g.apply(np, &Action::ChooseEdge { edge: Edge::South }, &mut rng).unwrap();
    assert_eq!(g.phase, Phase::MissionSetup);
    assert_eq!(g.turn, p);
    (g, rng)
}

#[test]
fn mission_tokens_are_placed_within_the_cards_range_of_their_map_point() {
    let (mut g, mut rng) = at_mission_setup();
    let (p, np) = (g.priority, 1 - g.priority);
    assert_eq!(g.to_place.len(), 4, "Data Cores' four Assets");
    let t = g.to_place[0];
    let map = crisis_protocol::rules::mission::map_point(&g, t);
    // Only legal points are offered, and each is accepted.
    let pts = crisis_protocol::rules::mission::place_points(&g, t);
    assert!(pts.len() >= 9, "{pts:?}");
    for q in &pts {
        let mut probe = g.clone();
        probe.apply(p, &Action::PlaceToken { token: t, at: *q }, &mut rng.clone()).unwrap();
    }
    refused(&mut g, &mut rng, np, &Action::PlaceToken { token: t, at: map }, RuleCode::NotYourTurn, "Mission setup");
    let far = Action::PlaceToken { token: t, at: [map[0] + 4.5, map[1]] };
    assert!(refused(&mut g, &mut rng, p, &far, RuleCode::IllegalMove, "Mission setup").contains("within R2"));
    let later = Action::PlaceToken { token: g.to_place[1], at: map };
    refused(&mut g, &mut rng, p, &later, RuleCode::IllegalMove, "Mission setup");
    // A free point off the candidate rings is accepted.
    g.apply(p, &Action::PlaceToken { token: t, at: [map[0] + 1.3, map[1] + 2.1] }, &mut rng).unwrap();
    // The next token may not overlap it.
    let t2 = g.to_place[0];
    let clash = Action::PlaceToken { token: t2, at: [map[0] + 1.3, map[1] + 2.6] };
    let e = g.apply(p, &clash, &mut rng);
    if let Err(e) = e {
        assert_eq!(e.rule, "Mission setup");
    }
    while let Some(&next) = g.to_place.first() {
        let q = crisis_protocol::rules::mission::place_points(&g, next)[0];
        g.apply(g.turn, &Action::PlaceToken { token: next, at: q }, &mut rng).unwrap();
    }
    assert_eq!(g.phase, Phase::SquadBuild);
}

#[test]
fn a_squad_comes_from_its_roster_and_deploys_within_r3() {
    let (mut g, mut rng) = fresh(false);
    let small = Action::Roster {
        characters: ids(&[
            "bulwark",
            "arclight",
            "tangler",
            "quietus",
            "lifeline",
            "granite",
            "hexen",
            "razorback",
            "shade",
            "warlord",
        ]),
        tactics: ids(&CARDS),
    };
    g.apply(0, &small, &mut rng).unwrap();
    g.apply(1, &roster(), &mut rng).unwrap();
    g.apply(0, &Action::Battlefield { choice: LayoutChoice::Confirm }, &mut rng).unwrap();
    g.apply(1, &Action::Battlefield { choice: LayoutChoice::Confirm }, &mut rng).unwrap();
    assert_eq!(g.phase, Phase::DeckChoice);
    let (p, np) = (g.priority, 1 - g.priority);
    g.apply(p, &Action::ChooseDeck { deck: CrisisKind::Secure }, &mut rng).unwrap();
    g.crises = ["relay-towers".into(), "hostage-crisis".into()];
    g.apply(np, &Action::ChooseThreat { crisis: 0 }, &mut rng).unwrap();
    g.apply(np, &Action::ChooseEdge { edge: Edge::South }, &mut rng).unwrap();
    assert_eq!(g.phase, Phase::SquadBuild);
    // The Broker is not in seat 0's roster.
    let broker = Action::Squad { characters: ids(&["the-broker", "arclight"]), tactics: vec![] };
    assert!(
        refused(&mut g, &mut rng, 0, &broker, RuleCode::IllegalMove, "Squad building").contains("not in your roster")
    );
    let prompt = serde_json::to_string(&g.prompt(0).unwrap()).unwrap();
    assert!(!prompt.contains("the-broker"), "only roster characters are offered");
    g.apply(
        0,
        &Action::Squad { characters: ids(&["bulwark", "arclight", "tangler"]), tactics: ids(&["rally-cry"]) },
        &mut rng,
    )
    .unwrap();
    // The squad is secret until both are in.
    let theirs = serde_json::to_value(g.view(Viewer::Seat(1))).unwrap();
    assert!(theirs["squads"][0]["characters"].is_null() && theirs["squads"][0]["tactics"].is_null());
    g.apply(1, &Action::Squad { characters: ids(&["razorback", "shade"]), tactics: vec![] }, &mut rng).unwrap();
    assert_eq!(g.phase, Phase::Deployment);
    let theirs = serde_json::to_value(g.view(Viewer::Seat(1))).unwrap();
    assert_eq!(theirs["squads"][0]["tactics"], serde_json::json!(["rally-cry"]));
    assert!(theirs["rosters"][0]["tactics"].is_null(), "the cards left out stay hidden");
    // Deployment: beyond R3 of the owner's edge is refused by name.
    let seat = g.turn;
    let m = g.models.iter().position(|x| x.owner == seat).unwrap();
    let edge = g.edges.unwrap()[usize::from(seat)];
    let deep = edge.point(18.0, 10.0, 36.0);
    assert!(
        refused(&mut g, &mut rng, seat, &Action::Deploy { model: m, at: deep }, RuleCode::IllegalMove, "Deployment")
            .contains("R3")
    );
    let mut log = Vec::new();
    while g.phase == Phase::Deployment {
        let s = g.turn;
        let m = g.models.iter().position(|x| x.owner == s && !x.deployed).unwrap();
        let pts = crisis_protocol::rules::setup::deploy_points(&g, m);
        log.extend(g.apply(s, &Action::Deploy { model: m, at: pts[pts.len() / 2] }, &mut rng).unwrap());
    }
    assert_eq!(g.phase, Phase::Activation);
    // One qualifying leader: its Leadership applies with no choice owed.
    let bulwark = g.models.iter().position(|x| x.card == "bulwark").unwrap();
    assert!(!g.leadership(g.models[bulwark].owner).is_empty());
    assert!(log.iter().any(|l| l.public.as_deref().unwrap_or("").contains("Round 1 begins")));
}

#[test]
fn several_qualifying_leaders_wait_for_their_players_pick() {
    let (mut g, mut rng) = fresh(false);
    g.apply(0, &roster(), &mut rng).unwrap();
    g.apply(1, &roster(), &mut rng).unwrap();
    g.apply(0, &Action::Battlefield { choice: LayoutChoice::Confirm }, &mut rng).unwrap();
    g.apply(1, &Action::Battlefield { choice: LayoutChoice::Confirm }, &mut rng).unwrap();
    let (p, np) = (g.priority, 1 - g.priority);
    g.apply(p, &Action::ChooseDeck { deck: CrisisKind::Secure }, &mut rng).unwrap();
    g.crises = ["relay-towers".into(), "hostage-crisis".into()];
    g.apply(np, &Action::ChooseThreat { crisis: 0 }, &mut rng).unwrap();
    g.apply(np, &Action::ChooseEdge { edge: Edge::South }, &mut rng).unwrap();
    g.apply(0, &Action::Squad { characters: ids(&["bulwark", "arclight", "tangler"]), tactics: vec![] }, &mut rng)
        .unwrap();
    g.apply(1, &Action::Squad { characters: ids(&["razorback", "shade"]), tactics: vec![] }, &mut rng).unwrap();
    // The house set has one leader per affiliation: a second Bulwark stands
    // in for a second Vanguard leader.
    let arclight = g.models.iter().position(|x| x.card == "arclight").unwrap();
    g.models[arclight].card = "bulwark".into();
    while g.phase == Phase::Deployment {
        let s = g.turn;
        let m = g.models.iter().position(|x| x.owner == s && !x.deployed).unwrap();
        let pts = crisis_protocol::rules::setup::deploy_points(&g, m);
        g.apply(s, &Action::Deploy { model: m, at: pts[pts.len() / 2] }, &mut rng).unwrap();
    }
    assert_eq!(g.phase, Phase::Leadership);
    assert_eq!(g.turn, 0);
    assert!(g.prompt(1).is_none());
    let leaders = crisis_protocol::rules::leadership::qualifying(&g, 0);
    assert_eq!(leaders.len(), 2);
    let tangler = g.models.iter().position(|x| x.card == "tangler").unwrap();
    refused(&mut g, &mut rng, 0, &Action::ChooseLeader { model: tangler }, RuleCode::IllegalMove, "Leadership");
    g.apply(0, &Action::ChooseLeader { model: leaders[1] }, &mut rng).unwrap();
    assert_eq!(g.leaders[0], Some(leaders[1]));
    assert_eq!(g.phase, Phase::Activation);
}

#[test]
fn older_versions_keep_the_old_setup() {
    for v in 1..=3 {
        let mut rng = GameRng::seeded(3);
        let g = Crisis::setup_at_version(&Options::default(), 2, &mut rng, v).unwrap();
        assert_eq!(g.phase, Phase::ThreatChoice);
        assert_eq!(g.layout, "downtown-12");
        assert!(!serde_json::to_string(&g).unwrap().contains("rosters"), "a version {v} state is written as before");
    }
    let mut rng = GameRng::seeded(3);
    assert!(Crisis::setup_at_version(&Options::default(), 2, &mut rng, 9).is_err());
}
