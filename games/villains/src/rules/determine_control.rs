//! END PHASE, The Determine Control Step: influence, control, captured
//! markers and capitol tokens.
//!
//! A player's influence in an area is the influence of its units there, of
//! its activated tokens there, one more if it controls the area, and what
//! its cards there add (rulebook). The faction rules that change this come
//! from the content: Rise Up's patsies, the Cult's kills, Stand Down ("no"
//! beats "yes", so it silences Rise Up too), Kau's immunity to cards with his
//! icon. The purple setup marker has 1 influence (digest R6).
//!
//! The player with the most influence takes control; a tie at the top
//! changes nothing, whoever holds the area. A new controller captures the old
//! marker into its lowest open captured space (never harmful, so done
//! automatically; digest R7) and scores its AP at once. The Capitol's
//! controller after this (new or kept) takes the turn's capitol token;
//! nobody controlling it, the token is discarded.

use crate::content::effect::{Forbidden, Ongoing, TokenType, UnitType};
use crate::content::{AreaId, Card, content};
use crate::state::{CapitolTokenState, Marker, PlacedToken, TokenKind, Villains};
use backroom_engine::{LogEntry, Seat};

/// Influence of the purple setup marker where it controls.
pub const SETUP_MARKER_INFLUENCE: u32 = 1;

/// Whether the token counts as a token of basic type `t` (Mr. Fusion as a
/// card token, Invade as a deploy token; a Wild as none).
pub fn counts_as(state: &Villains, token: &PlacedToken, t: TokenType) -> bool {
    match token.kind.rules_value().basic() {
        Some(b) => b == t,
        None => state.faction_of(token.owner).unique_token.counts_as == Some(t),
    }
}

/// Influence an activated token gives.
fn token_influence(state: &Villains, token: &PlacedToken) -> u32 {
    match token.kind.rules_value() {
        TokenKind::Unique => u32::from(state.faction_of(token.owner).unique_token.influence),
        _ => 1,
    }
}

/// Whether Kau is in `area` with `seat`'s units (his faction's champion
/// carries the immunity).
fn kau_here(state: &Villains, seat: Seat, area: AreaId) -> bool {
    let f = state.faction_of(seat);
    f.champion.ongoing.contains(&Ongoing::ImmuneToPowerlessAgainstKau)
        && state.area(area).units.iter().any(|u| u.owner == seat && u.kind == UnitType::Champion)
}

/// Whether a card played by `owner` applies to `seat`'s units in `area`
/// (an enemy's card with Kau's icon does not while Kau is there).
fn card_applies(state: &Villains, card: &Card, owner: Seat, seat: Seat, area: AreaId) -> bool {
    !(card.powerless_against_kau && owner != seat && kau_here(state, seat, area))
}

/// Whether units of `seat` produce influence in `area` (Stand Down).
pub fn units_produce_influence(state: &Villains, seat: Seat, area: AreaId) -> bool {
    !state.area(area).rules.iter().any(|r| {
        let card = r.card.card();
        card.ongoing.contains(&Ongoing::Forbid(Forbidden::UnitInfluence))
            && card_applies(state, card, r.owner, seat, area)
    })
}

/// `seat`'s influence in `area` now.
pub fn influence(state: &Villains, seat: Seat, area: AreaId) -> u32 {
    let a = state.area(area);
    let f = state.faction_of(seat);
    let mine = |t: &&PlacedToken| t.owner == seat && t.face_up && t.activated;
    let activated = || a.tokens().filter(mine);
    let mut total = 0;
    if units_produce_influence(state, seat, area) {
        let patsy_bonus: u32 = activated()
            .filter(|t| *t.kind.rules_value() == TokenKind::Unique)
            .flat_map(|_| f.unique_token.ongoing.iter())
            .map(|o| match o {
                Ongoing::PatsyInfluence(n) => u32::from(*n),
                _ => 0,
            })
            .sum();
        for u in a.units.iter().filter(|u| u.owner == seat) {
            total += f.unit(u.kind).map_or(0, |s| u32::from(s.influence));
            if u.kind == UnitType::Patsy {
                total += patsy_bonus;
            }
        }
    }
    total += activated().map(|t| token_influence(state, t)).sum::<u32>();
    if a.controller == Some(Marker::Player(seat)) {
        total += 1;
    }
    for r in a.rules.iter().filter(|r| r.owner == seat) {
        for o in &r.card.card().ongoing {
            total += match o {
                Ongoing::Influence(n) => u32::try_from(*n).unwrap_or(0),
                Ongoing::InfluencePerToken { token, influence } => {
                    u32::from(*influence) * activated().filter(|t| counts_as(state, t, *token)).count() as u32
                }
                _ => 0,
            };
        }
    }
    let per_kill: u32 = f
        .passive_rules()
        .map(|o| match o {
            Ongoing::InfluencePerKillHere(n) => u32::from(*n),
            _ => 0,
        })
        .sum();
    total += per_kill * a.graveyard.iter().filter(|g| g.killer == seat && g.owner != seat).count() as u32;
    total
}

/// The Determine Control Step, in area order, then the capitol token.
pub fn determine_control(state: &mut Villains) -> Vec<LogEntry> {
    let mut log = Vec::new();
    for area in content().area_ids() {
        if state.area(area).nuked.is_some() {
            // Suitcase Nuke: nobody can control it this turn.
            continue;
        }
        let name = &area.area().name;
        let totals: Vec<u32> = (0..state.seats).map(|s| influence(state, s, area)).collect();
        let old = state.area(area).controller;
        let neutral = if old == Some(Marker::Setup) { SETUP_MARKER_INFLUENCE } else { 0 };
        let top = totals.iter().copied().max().unwrap_or(0).max(neutral);
        let at_top: Vec<Seat> = (0..state.seats).filter(|s| totals[*s as usize] == top).collect();
        let shown: Vec<String> = (0..state.seats)
            .filter(|s| totals[*s as usize] > 0)
            .map(|s| format!("{} {}", state.who(s), totals[s as usize]))
            .collect();
        let shown = if neutral > 0 { [shown, vec![format!("setup marker {neutral}")]].concat() } else { shown };
        let winner = (at_top.len() == 1 && neutral < top && top > 0).then(|| at_top[0]);
        match winner {
            Some(w) if old != Some(Marker::Player(w)) => {
                state.area_mut(area).controller = Some(Marker::Player(w));
                log.push(LogEntry::public(format!(
                    "{name}: influence {}; {} control.",
                    backroom_engine::and_list(&shown),
                    state.who_verb(w, "takes", "take")
                )));
                if let Some(m) = old {
                    capture(state, w, m, &mut log);
                    if let Marker::Player(loser) = m {
                        lose_control(state, loser, area, &mut log);
                    }
                }
            }
            _ => {
                if !shown.is_empty() {
                    let keeps = match old {
                        Some(Marker::Player(p)) => {
                            format!("{} control", state.who_verb(p, "keeps", "keep"))
                        }
                        Some(Marker::Setup) => "the setup marker stays".into(),
                        None => "it stays uncontrolled".into(),
                    };
                    log.push(LogEntry::public(format!(
                        "{name}: influence {}; {keeps}.",
                        backroom_engine::and_list(&shown)
                    )));
                }
            }
        }
    }
    collect_capitol_token(state, &mut log);
    log
}

/// The new controller captures the old marker, if a captured space is open.
fn capture(state: &mut Villains, seat: Seat, marker: Marker, log: &mut Vec<LogEntry>) {
    let spaces = &state.faction_of(seat).captured_markers;
    let p = &mut state.players[seat as usize];
    let Some(space) = spaces.get(p.captured.len()) else {
        return;
    };
    p.captured.push(marker);
    p.ap += space.ap;
    let whose = match marker {
        Marker::Setup => "the setup marker".to_string(),
        Marker::Player(o) => format!("a control marker from {}", state.who(o)),
    };
    log.push(LogEntry::public(format!("{} {whose} (+{} AP).", state.who_verb(seat, "captures", "capture"), space.ap)));
}

/// What losing an area takes away at once: the University's skilled patsies
/// are exhausted.
fn lose_control(state: &mut Villains, seat: Seat, area: AreaId, log: &mut Vec<LogEntry>) {
    if !area.area().control.ongoing.contains(&Ongoing::PatsiesSkilled)
        || crate::rules::standing::has(state, seat, &Ongoing::PatsiesSkilled)
    {
        return;
    }
    let mut n = 0;
    for a in &mut state.areas {
        for u in a.units.iter_mut().filter(|u| u.owner == seat && u.kind == UnitType::Patsy && u.readied) {
            u.readied = false;
            n += 1;
        }
    }
    if n > 0 {
        log.push(LogEntry::public(format!(
            "{} {}: {} exhausted.",
            state.who_verb(seat, "loses", "lose"),
            area.area().name,
            backroom_engine::plural(n as i64, "readied patsy", "readied patsies")
        )));
    }
}

/// The Capitol's controller takes this turn's capitol token and its AP;
/// uncontrolled, the token is discarded.
fn collect_capitol_token(state: &mut Villains, log: &mut Vec<LogEntry>) {
    let c = content();
    let i = state.turn as usize - 1;
    if state.capitol_tokens.get(i) != Some(&CapitolTokenState::OnTrack) {
        return;
    }
    let token = c.capitol_tokens[i];
    match state.controller(c.capitol()) {
        Some(p) => {
            state.capitol_tokens[i] = CapitolTokenState::Collected(p);
            state.players[p as usize].ap += token.ap;
            log.push(LogEntry::public(format!(
                "{} capitol token {} (+{} AP).",
                state.who_verb(p, "collects", "collect"),
                token.turn,
                token.ap
            )));
        }
        None => {
            state.capitol_tokens[i] = CapitolTokenState::Discarded;
            log.push(LogEntry::public(format!(
                "Nobody controls {}: capitol token {} is discarded.",
                c.capitol().area().name,
                token.turn
            )));
        }
    }
}
