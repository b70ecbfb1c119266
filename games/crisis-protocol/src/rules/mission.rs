//! Building the mission (digest §1.1 DECK_CHOICE, CRISIS_DRAW_REVEAL and
//! MISSION_SETUP; engine version 2).
//!
//! The priority player picks its Secure or Extraction deck and draws one
//! card at random; the other player draws one from its deck of the other
//! kind. No decision comes between the two draws, so the server draws both
//! and reveals them in one step (§3): an undrawn card is never part of the
//! state. After the threat and edge choices, each player sets up its own
//! card from its map, y = 0 being the non-priority player's edge. A card
//! with `placeWithin` (house) lets its player place each token anywhere
//! within that range of its map point, fully on the table and clear of the
//! tokens already placed; the priority player's card goes first.

use super::common::Lines;
use crate::content::cards::CrisisKind;
use crate::content::content;
use crate::geometry::{Pt, len, quantize_pt, sub};
use crate::state::{Crisis, Phase, Token};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat, seat_verb};

/// Deck choice and the crisis draw, revealed together.
pub fn choose_deck(g: &mut Crisis, seat: Seat, deck: CrisisKind, rng: &mut GameRng) -> Lines {
    if g.phase != Phase::DeckChoice {
        return Err(RuleError::not_your_turn(
            "Deck choice",
            format!(
                "the crisis deck is chosen once, in setup; the match is in {}",
                super::common::phase_words(g.phase)
            ),
        ));
    }
    if seat != g.priority {
        return Err(RuleError::not_your_turn(
            "Deck choice",
            "the player with priority picks the crisis deck to draw from, and you don't have priority",
        ));
    }
    // Each player shuffles its deck of that kind and draws the top card
    // (decks `crisis-secure` and `crisis-extraction`, so tests can force
    // an order).
    let draw = |kind: CrisisKind, rng: &mut GameRng| {
        let (name, _) = deck_name(kind);
        let mut deck: Vec<String> = content().crises.iter().filter(|k| k.kind == kind).map(|k| k.id.clone()).collect();
        rng.shuffle_deck(name, &mut deck);
        deck.swap_remove(0)
    };
    let other = match deck {
        CrisisKind::Secure => CrisisKind::Extraction,
        CrisisKind::Extraction => CrisisKind::Secure,
    };
    let mine = draw(deck, rng);
    let theirs = draw(other, rng);
    let (p, np) = (g.priority, 1 - g.priority);
    match deck {
        CrisisKind::Secure => {
            g.crises = [mine, theirs];
            g.crisis_owner = Some([p, np]);
        }
        CrisisKind::Extraction => {
            g.crises = [theirs, mine];
            g.crisis_owner = Some([np, p]);
        }
    }
    g.phase = Phase::ThreatChoice;
    let kind = |k: CrisisKind| deck_name(k).1;
    Ok(vec![
        LogEntry::public(format!("{} to draw from the {} deck.", seat_verb(seat, "chooses", "choose"), kind(deck))),
        LogEntry::public(format!(
            "Crises revealed together: {} (Secure, Maximum Threat {}) and {} (Extraction, Maximum Threat {}).",
            g.crisis_card(0).name,
            g.crisis_card(0).max_threat,
            g.crisis_card(1).name,
            g.crisis_card(1).max_threat
        )),
    ])
}

/// The deck's name for forced orders, and in words.
fn deck_name(kind: CrisisKind) -> (&'static str, &'static str) {
    match kind {
        CrisisKind::Secure => ("crisis-secure", "Secure"),
        CrisisKind::Extraction => ("crisis-extraction", "Extraction"),
    }
}

/// The player who sets up crisis card `k` (its drawer; version 1 matches
/// have none).
pub fn owner(g: &Crisis, k: usize) -> Option<Seat> {
    g.crisis_owner.map(|o| o[k])
}

/// Puts the tokens on their map points and queues those the cards let
/// their players place: priority player's card first. Returns whether any
/// placement is owed.
pub fn lay_tokens(g: &mut Crisis) -> bool {
    let t = g.geo().table_inches;
    let edge = super::common::edge_of(g, 1 - g.priority);
    let mut order = [0usize, 1];
    if owner(g, 1) == Some(g.priority) {
        order = [1, 0];
    }
    let mut queue = Vec::new();
    for k in 0..2 {
        let card = g.crisis_card(k);
        for (i, p) in card.tokens.iter().enumerate() {
            g.tokens.push(Token { crisis: k, index: i, pos: edge.from_card(*p, t), holder: None, control: None });
        }
    }
    for k in order {
        if g.crisis_card(k).place_within.is_some() && owner(g, k).is_some() {
            queue.extend((0..g.tokens.len()).filter(|&i| g.tokens[i].crisis == k));
        }
    }
    g.to_place = queue;
    if let Some(&first) = g.to_place.first() {
        g.turn = owner(g, g.tokens[first].crisis).unwrap_or(g.priority);
        g.phase = Phase::MissionSetup;
        true
    } else {
        false
    }
}

/// The token's map point on the table.
pub fn map_point(g: &Crisis, token: usize) -> Pt {
    let tok = &g.tokens[token];
    let edge = super::common::edge_of(g, 1 - g.priority);
    edge.from_card(g.crisis_card(tok.crisis).tokens[tok.index], g.geo().table_inches)
}

/// Why a token may not go at `at`, if it may not.
pub fn place_error(g: &Crisis, token: usize, at: Pt) -> Option<String> {
    let geo = g.geo();
    let card = g.crisis_card(g.tokens[token].crisis);
    let n = card.place_within.unwrap_or(0);
    let reach = if n == 0 { 0.0 } else { crate::geometry::range(geo, n) };
    if len(sub(at, map_point(g, token))) > reach + geo.eps {
        return Some(format!("{} tokens are placed within R{n} of their point on the map", card.name));
    }
    let r = geo.token_diameter / 2.0;
    if at.iter().any(|v| *v < r - geo.eps || *v > geo.table_inches - r + geo.eps) {
        return Some("a token lies fully on the battlefield".into());
    }
    let clash = (0..g.tokens.len())
        .filter(|&i| i != token && !g.to_place.contains(&i))
        .any(|i| len(sub(g.tokens[i].pos, at)) < 2.0 * r - geo.eps);
    clash.then(|| "a token may not overlap another token".into())
}

/// Candidate points for the next token: its map point, and rings at half
/// and full range in 8 directions, the legal ones.
pub fn place_points(g: &Crisis, token: usize) -> Vec<Pt> {
    let geo = g.geo();
    let n = g.crisis_card(g.tokens[token].crisis).place_within.unwrap_or(0);
    let reach = if n == 0 { 0.0 } else { crate::geometry::range(geo, n) };
    let c = map_point(g, token);
    let mut pts = vec![quantize_pt(c)];
    for radius in [reach / 2.0, reach] {
        for k in 0..8 {
            let a = f64::from(k) * std::f64::consts::FRAC_PI_4;
            // A hair inside the range so the quantized point stays within it.
            let r = (radius - 1.0 / 512.0).max(0.0);
            pts.push(quantize_pt([c[0] + r * a.cos(), c[1] + r * a.sin()]));
        }
    }
    pts.dedup();
    pts.into_iter().filter(|p| place_error(g, token, *p).is_none()).collect()
}

/// Places the next token of the player's card.
pub fn place_token(g: &mut Crisis, seat: Seat, token: usize, at: Pt) -> Lines {
    if g.phase != Phase::MissionSetup {
        return Err(RuleError::not_your_turn(
            "Mission setup",
            format!("mission tokens are placed in setup; the match is in {}", super::common::phase_words(g.phase)),
        ));
    }
    if seat != g.turn {
        return Err(RuleError::not_your_turn(
            "Mission setup",
            "each player places its own card's tokens, priority player's card first: the other player is placing",
        ));
    }
    if let Some(&next) = g.to_place.first().filter(|&&n| n != token) {
        return Err(RuleError::illegal(
            "Mission setup",
            format!(
                "tokens are placed in order: token {} of your card is next, not token {}",
                g.tokens[next].index + 1,
                g.tokens.get(token).map_or(token, |t| t.index) + 1
            ),
        ));
    }
    let at = quantize_pt(at);
    if let Some(e) = place_error(g, token, at) {
        return Err(RuleError::illegal("Mission setup", e));
    }
    g.tokens[token].pos = at;
    g.to_place.remove(0);
    let card = g.crisis_card(g.tokens[token].crisis);
    let mut log = vec![LogEntry::public(format!(
        "{} {} token {} at ({:.1}, {:.1}).",
        seat_verb(seat, "places", "place"),
        card.name,
        g.tokens[token].index + 1,
        at[0],
        at[1]
    ))];
    match g.to_place.first() {
        Some(&next) => g.turn = owner(g, g.tokens[next].crisis).unwrap_or(g.priority),
        None => {
            g.phase = Phase::SquadBuild;
            log.push(LogEntry::public("The mission is set: build your squads in secret.".to_string()));
        }
    }
    Ok(log)
}
