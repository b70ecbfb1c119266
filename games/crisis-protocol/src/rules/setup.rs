//! Setup (digest §1.1): the opening, the priority roll, the Maximum
//! Threat and edge choices, the secret squads revealed together,
//! alternating deployment within R3 of each edge, and the leadership
//! declaration.
//!
//! Two flows, chosen by the match's engine version: version 2 (today) is
//! the full setup, whose other steps live in [`super::rosters`],
//! [`super::battlefield`] and [`super::mission`]; version 1 matches keep
//! the shortcuts they were played with ([`setup`]: Downtown-12, both
//! crises drawn at once, open rosters, tokens from the map, no leadership
//! declaration) so stored matches replay exactly.

pub use super::common::edge_of;
use super::common::{Lines, model_name};
use crate::content::{CrisisKind, content};
use crate::geometry::{Disc, Pt, dist_discs, quantize_pt};
use crate::rules::movement;
use crate::state::Options;
use crate::state::{Crisis, Edge, Model, Phase, Token};
use crate::versions::CURRENT as ENGINE_VERSION;
use backroom_engine::{GameRng, LogEntry, RuleError, Seat, SeatSet, and_list, seat_ref, seat_verb};

/// A match before any choice (both flows fill in the rest).
fn blank(options: &Options, version: u32, priority: Seat, crises: [String; 2], phase: Phase) -> Crisis {
    Crisis {
        version,
        options: options.clone(),
        phase,
        round: 0,
        priority,
        vp: [0, 0],
        crises,
        max_threat: 0,
        threat_card: None,
        edges: None,
        layout: content().terrain_sets[0].id.clone(),
        terrain: Vec::new(),
        built: Default::default(),
        layout_changes: 0,
        layout_confirmed: [false, false],
        rosters: [None, None],
        crisis_owner: None,
        to_place: Vec::new(),
        squads: [None, None],
        tactics: [Vec::new(), Vec::new()],
        discards: Vec::new(),
        models: Vec::new(),
        tokens: Vec::new(),
        turn: 1 - priority,
        activation: None,
        last_activator: None,
        last_attack: None,
        pending_attack: None,
        reactions: Vec::new(),
        destroyed: Vec::new(),
        last_throw: None,
        contest_defense: [0, 0],
        leaders: [None, None],
        result: None,
    }
}

/// The opening of the full setup (engine version 2): secret rosters, with
/// a generated terrain layout on the table for both to agree once they are
/// in. Priority is rolled when the battlefield is settled.
pub fn setup_full(options: &Options, rng: &mut GameRng) -> (Crisis, Vec<LogEntry>) {
    let mut g = blank(options, ENGINE_VERSION, 0, [String::new(), String::new()], Phase::Rosters);
    g.set_terrain(super::battlefield::generate(rng));
    let how = if options.open_rosters { "open" } else { "secret" };
    (g, vec![LogEntry::public(format!("Commit your {how} rosters: 10 characters and 10 Team Tactic cards."))])
}

/// The opening of engine version 1 matches: Downtown-12, the priority roll,
/// one Secure and one Extraction crisis drawn and revealed at once.
pub fn setup(options: &Options, rng: &mut GameRng) -> (Crisis, Vec<LogEntry>) {
    let mut log = Vec::new();
    let c = content();
    let priority = super::priority::roll_priority(rng, &mut log);
    log.push(LogEntry::public(format!("{} priority.", seat_verb(priority, "has", "have"))));
    let draw = |kind: CrisisKind, rng: &mut GameRng| {
        let deck: Vec<&str> = c.crises.iter().filter(|k| k.kind == kind).map(|k| k.id.as_str()).collect();
        deck[rng.index(deck.len())].to_string()
    };
    let crises = [draw(CrisisKind::Secure, rng), draw(CrisisKind::Extraction, rng)];
    let g = blank(options, 1, priority, crises, Phase::ThreatChoice);
    log.push(LogEntry::public(format!(
        "Crises revealed: {} (Secure, Maximum Threat {}) and {} (Extraction, Maximum Threat {}).",
        g.crisis_card(0).name,
        g.crisis_card(0).max_threat,
        g.crisis_card(1).name,
        g.crisis_card(1).max_threat
    )));
    (g, log)
}

/// Threat choice: the non-priority player picks which card's Maximum
/// Threat applies.
pub fn choose_threat(g: &mut Crisis, seat: Seat, crisis: usize) -> Lines {
    if g.phase != Phase::ThreatChoice {
        return Err(RuleError::not_your_turn(
            "Threat choice",
            format!(
                "the Maximum Threat is chosen once, in setup; the match is in {}",
                super::common::phase_words(g.phase)
            ),
        ));
    }
    if seat == g.priority {
        return Err(RuleError::not_your_turn(
            "Threat choice",
            "you have priority: the player without priority picks the Maximum Threat",
        ));
    }
    if crisis > 1 {
        return Err(RuleError::illegal(
            "Threat choice",
            format!("there is no crisis card {crisis}: pick one of the two in play (0 or 1)"),
        ));
    }
    g.max_threat = g.crisis_card(crisis).max_threat;
    g.threat_card = Some(crisis);
    g.phase = Phase::EdgeChoice;
    Ok(vec![LogEntry::public(format!(
        "{} the Maximum Threat of {}: {}.",
        seat_verb(seat, "chooses", "choose"),
        g.crisis_card(crisis).name,
        g.max_threat
    ))])
}

/// Edge choice: the non-priority player picks any edge, the priority
/// player takes the opposite one; then the crisis tokens are placed from
/// the cards' maps (y = 0 is the non-priority player's edge).
pub fn choose_edge(g: &mut Crisis, seat: Seat, edge: Edge) -> Lines {
    if g.phase != Phase::EdgeChoice {
        return Err(RuleError::not_your_turn(
            "Edge choice",
            format!("edges are chosen once, in setup; the match is in {}", super::common::phase_words(g.phase)),
        ));
    }
    if seat == g.priority {
        return Err(RuleError::not_your_turn(
            "Edge choice",
            "you have priority: the player without priority picks an edge, and you take the opposite one",
        ));
    }
    let mut edges = [edge, edge];
    edges[usize::from(g.priority)] = edge.opposite();
    g.edges = Some(edges);
    let placing = if g.full_setup() {
        super::mission::lay_tokens(g)
    } else {
        let t = g.geo().table_inches;
        for k in 0..2 {
            let card = g.crisis_card(k);
            for (i, p) in card.tokens.iter().enumerate() {
                g.tokens.push(Token { crisis: k, index: i, pos: edge.from_card(*p, t), holder: None, control: None });
            }
        }
        false
    };
    if placing {
        return Ok(vec![LogEntry::public(format!(
            "{} the {edge:?} edge; the crisis tokens go on their map points, and the players place those their cards let them.",
            seat_verb(seat, "takes", "take")
        ))]);
    }
    g.phase = Phase::SquadBuild;
    Ok(vec![LogEntry::public(format!(
        "{} the {edge:?} edge; the crisis tokens are placed.",
        seat_verb(seat, "takes", "take")
    ))])
}

/// Why a squad is not legal, if it is not.
pub fn squad_error(g: &Crisis, chars: &[String]) -> Option<String> {
    if chars.is_empty() {
        return Some("a squad has at least one character".into());
    }
    let mut threat = 0u32;
    let mut egos: Vec<&str> = Vec::new();
    for id in chars {
        let Some(c) = content().roster_character(id) else { return Some(super::rosters::roster_miss(id)) };
        if egos.contains(&c.alter_ego.as_str()) {
            return Some(format!("two characters share the alter ego {}", c.alter_ego));
        }
        egos.push(&c.alter_ego);
        threat += u32::from(c.threat);
    }
    (threat > u32::from(g.max_threat))
        .then(|| format!("total threat {threat} is over the Maximum Threat {}", g.max_threat))
}

/// Why a squad is not drawn from the seat's roster (engine version 2).
pub fn roster_error(g: &Crisis, seat: Seat, chars: &[String], tactics: &[String]) -> Option<String> {
    let r = g.rosters[usize::from(seat)].as_ref()?;
    if let Some(c) = chars.iter().find(|c| !r.characters.contains(c)) {
        let name = content().roster_character(c).map_or(c.as_str(), |x| x.name.as_str());
        return Some(format!("{name} is not in your roster"));
    }
    let t = tactics.iter().find(|t| !r.tactics.contains(t))?;
    Some(format!("{} is not in your roster", content().tactic(t).map_or(t.as_str(), |x| x.name.as_str())))
}

/// The affiliation more than half of the squad shares, if any.
pub fn affiliation(chars: &[String]) -> Option<String> {
    let cards: Vec<_> = chars.iter().filter_map(|id| content().roster_character(id)).collect();
    let mut names: Vec<&String> = cards.iter().flat_map(|c| c.affiliations.iter()).collect();
    names.sort();
    names.dedup();
    names.into_iter().find(|a| cards.iter().filter(|c| c.affiliations.contains(a)).count() * 2 > cards.len()).cloned()
}

/// Why the chosen Team Tactic cards are not legal, if they are not: up to
/// 5 different cards; an affiliated card needs the squad's affiliation.
pub fn tactics_error(chars: &[String], tactics: &[String]) -> Option<String> {
    if tactics.len() > 5 {
        return Some("a squad takes up to 5 Team Tactic cards".into());
    }
    let aff = affiliation(chars);
    for (i, id) in tactics.iter().enumerate() {
        let Some(t) = content().tactic(id) else { return Some(format!("no Team Tactic card {id}")) };
        if tactics[..i].contains(id) {
            return Some(format!("{} is chosen twice", t.name));
        }
        if let Some(a) = &t.affiliation
            && aff.as_ref() != Some(a)
        {
            return Some(format!("{} needs a squad affiliated to {a}", t.name));
        }
    }
    None
}

/// Squad building: a secret commit, changeable until both are in; then
/// both are revealed together.
pub fn commit_squad(g: &mut Crisis, seat: Seat, chars: &[String], tactics: &[String]) -> Lines {
    if g.phase != Phase::SquadBuild {
        return Err(RuleError::not_your_turn(
            "Squad building",
            format!("squads are built before deployment; the match is in {}", super::common::phase_words(g.phase)),
        ));
    }
    if let Some(e) = squad_error(g, chars)
        .or_else(|| tactics_error(chars, tactics))
        .or_else(|| roster_error(g, seat, chars, tactics))
    {
        return Err(RuleError::illegal("Squad building", e));
    }
    let mut sorted = chars.to_vec();
    sorted.sort();
    g.squads[usize::from(seat)] = Some(sorted.clone());
    let mut cards = tactics.to_vec();
    cards.sort();
    g.tactics[usize::from(seat)] = cards;
    let names: Vec<&str> =
        sorted.iter().filter_map(|id| content().roster_character(id)).map(|c| c.name.as_str()).collect();
    let mut log = vec![LogEntry::split(
        SeatSet::only(seat),
        format!("{} a squad: {}.", seat_verb(seat, "commits", "commit"), and_list(&names)),
        Some(format!("{} a squad.", seat_verb(seat, "commits", "commit"))),
    )];
    if g.squads.iter().all(Option::is_some) {
        reveal(g, &mut log);
    }
    Ok(log)
}

fn reveal(g: &mut Crisis, log: &mut Vec<LogEntry>) {
    for seat in [g.priority, 1 - g.priority] {
        let squad = g.squads[usize::from(seat)].clone().unwrap_or_default();
        let names: Vec<&str> =
            squad.iter().filter_map(|id| content().roster_character(id)).map(|c| c.name.as_str()).collect();
        let cards: Vec<&str> = g.tactics[usize::from(seat)]
            .iter()
            .filter_map(|id| content().tactic(id))
            .map(|t| t.name.as_str())
            .collect();
        let cards = if cards.is_empty() { "no Team Tactic cards".to_string() } else { and_list(&cards) };
        log.push(LogEntry::public(format!("Squads revealed: {}: {}; {cards}.", seat_ref(seat), and_list(&names))));
        for id in squad {
            g.models.push(Model {
                card: id,
                owner: seat,
                deployed: false,
                pos: [0.0, 0.0],
                injured: false,
                dazed: false,
                ko: false,
                damage: 0,
                power: 0,
                conditions: Vec::new(),
                activated: false,
            });
        }
    }
    g.phase = Phase::Deployment;
    g.turn = g.priority;
}

/// Deployment zone: the base within R3 of its owner's edge, on the table,
/// clear of bases and of terrain it can't stand on.
pub fn deploy_error(g: &Crisis, model: usize, at: Pt) -> Option<String> {
    let geo = g.geo();
    let m = &g.models[model];
    let d = Disc { c: at, r: m.disc(geo).r };
    let reach = crate::geometry::range(geo, geo.deploy_range) + geo.eps;
    let gap = edge_of(g, m.owner).dist(at, geo.table_inches) - d.r;
    if gap > reach {
        return Some(format!(
            "the base would be {gap:.1}\" from your edge: a base is placed within R{} ({:.0}\") of its owner's edge",
            geo.deploy_range,
            reach - geo.eps
        ));
    }
    let others = g.other_discs(model);
    let mover = movement::Mover {
        disc: d,
        size: m.size(),
        flies: m.flies(),
        speed: crate::content::Tool::S,
        slow: false,
        no_long: false,
        on: None,
        others: &others,
        pieces: g.pieces(),
    };
    movement::end_position(geo, &mover, d, m.size()).err().map(|(_, why)| why)
}

/// Candidate deployment points for a model: a grid along its edge.
pub fn deploy_points(g: &Crisis, model: usize) -> Vec<Pt> {
    let geo = g.geo();
    let r = g.models[model].disc(geo).r;
    let edge = edge_of(g, g.models[model].owner);
    let mut out = Vec::new();
    for row in [r, r + 2.0, r + 4.0] {
        for k in 0..12 {
            let p = quantize_pt(edge.point(1.5 + 3.0 * f64::from(k), row, geo.table_inches));
            if deploy_error(g, model, p).is_none() {
                out.push(p);
            }
        }
    }
    out
}

/// Deploys one character; deployment alternates, and a player with
/// characters left deploys them all once the other has finished.
pub fn deploy(g: &mut Crisis, seat: Seat, model: usize, at: Pt) -> Lines {
    if g.phase != Phase::Deployment {
        return Err(RuleError::not_your_turn(
            "Deployment",
            format!("characters are deployed in setup; the match is in {}", super::common::phase_words(g.phase)),
        ));
    }
    if seat != g.turn {
        return Err(RuleError::not_your_turn(
            "Deployment",
            "players deploy in turn, priority player first: it is the other player's turn",
        ));
    }
    let at = quantize_pt(at);
    match g.models.get(model) {
        Some(m) if m.owner != seat => {
            return Err(RuleError::illegal("Deployment", format!("{} is the other player's character", m.card().name)));
        }
        Some(m) if m.deployed => {
            return Err(RuleError::illegal("Deployment", format!("{} is deployed already", m.card().name)));
        }
        Some(_) => {}
        None => return Err(RuleError::illegal("Deployment", format!("there is no character {model}"))),
    }
    if let Some(e) = deploy_error(g, model, at) {
        return Err(RuleError::illegal("Deployment", e));
    }
    g.models[model].pos = at;
    g.models[model].deployed = true;
    let mut log = vec![LogEntry::public(format!("{} deployed at ({:.1}, {:.1}).", model_name(g, model), at[0], at[1]))];
    let left = |s: Seat| g.models.iter().any(|m| m.owner == s && !m.deployed);
    let other = 1 - seat;
    if left(other) {
        g.turn = other;
    } else if !left(seat) {
        log.extend(super::leadership::after_deployment(g));
    }
    Ok(log)
}

/// The distance between two models' bases (for tests and bots).
pub fn gap(g: &Crisis, a: usize, b: usize) -> f64 {
    dist_discs(g.models[a].disc(g.geo()), g.models[b].disc(g.geo()))
}
