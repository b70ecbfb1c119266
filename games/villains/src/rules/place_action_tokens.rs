//! MAIN PHASE, Place Action Tokens: in player order each player places one
//! token face down or passes for good.
//!
//! A token goes into the lowest open space of the chosen area's track (any
//! open space for the Subway's controller) and costs the faction's
//! placement cost (1; the Cult 0), paid with any mix of energy and
//! resources. When an area's track then holds as many tokens as there are
//! players and it has no combat marker, it gets one. A player without
//! tokens in reserve, or who cannot pay, passes automatically. When all
//! have passed, Take Actions begins with the first player.
//!
//! A token's board id is issued at placement, in placement order, so it
//! tells nothing about what the token is.

use crate::content::AreaId;
use crate::rules::standing;
use crate::state::payment::Payment;
use crate::state::{Phase, PlacedToken, TokenKind, TokenUid, Villains};
use backroom_engine::{Hidden, LogEntry, RuleError, Seat, SeatSet};

/// The rulebook step, named in refusals.
pub const PLACE_ACTION_TOKENS: &str = "Place Action Tokens";
/// The rule on paying costs.
pub const PAYING_COSTS: &str = "Paying Costs";

/// Checks that `pay` covers exactly `cost` from what `seat` has.
///
/// # Errors
/// The Paying Costs rule, naming what is wrong.
pub fn check_payment(state: &Villains, seat: Seat, cost: u8, pay: Payment) -> Result<(), RuleError> {
    if state.quote.is_asking() && pay == Payment::QUOTE {
        // A price trial: the cost is paid energy first, as far as it can be.
        let p = &state.players[seat as usize];
        state.quote.record(cost, (p.energy, p.resources));
        if u32::from(cost) > u32::from(p.energy) + u32::from(p.resources) {
            return Err(cannot_afford(state, seat, cost));
        }
        return Ok(());
    }
    let p = &state.players[seat as usize];
    if u32::from(cost) > u32::from(p.energy) + u32::from(p.resources) {
        return Err(cannot_afford(state, seat, cost));
    }
    if u32::from(pay.energy) + u32::from(pay.resources) != u32::from(cost) {
        return Err(RuleError::illegal(
            PAYING_COSTS,
            format!(
                "The cost is {cost}, and this pays {}: pay exactly the cost in energy and resources.",
                u32::from(pay.energy) + u32::from(pay.resources)
            ),
        ));
    }
    if pay.energy > p.energy {
        return Err(RuleError::illegal(
            PAYING_COSTS,
            format!("This pays {} energy, and you have {}.", pay.energy, p.energy),
        ));
    }
    if pay.resources > p.resources {
        return Err(RuleError::illegal(
            PAYING_COSTS,
            format!(
                "This pays {}, and you have {}.",
                backroom_engine::plural(i64::from(pay.resources), "resource", "resources"),
                p.resources
            ),
        ));
    }
    Ok(())
}

/// The refusal of a cost `seat` cannot cover at all, with what it has
/// ("The cost is 5; you have 2 energy and 1 resource.").
pub fn cannot_afford(state: &Villains, seat: Seat, cost: u8) -> RuleError {
    let p = &state.players[seat as usize];
    RuleError::illegal(
        PAYING_COSTS,
        format!(
            "The cost is {cost}; you have {} energy and {}.",
            p.energy,
            backroom_engine::plural(i64::from(p.resources), "resource", "resources")
        ),
    )
}

/// Spends a checked payment.
pub fn pay(state: &mut Villains, seat: Seat, pay: Payment) {
    let pay = match state.quote.cost() {
        Some(cost) if pay == Payment::QUOTE => Payment::energy_first(state, seat, cost),
        _ => pay,
    };
    let p = &mut state.players[seat as usize];
    p.energy -= pay.energy;
    p.resources -= pay.resources;
}

/// What placing a token costs `seat`.
pub fn placement_cost(state: &Villains, seat: Seat) -> u8 {
    state.faction_of(seat).placement_cost
}

/// Whether `seat` can place a token at all: a token in reserve, the funds
/// and an open space somewhere.
pub fn can_place(state: &Villains, seat: Seat) -> bool {
    let p = &state.players[seat as usize];
    p.reserve_tokens.values().any(|n| *n > 0)
        && p.funds() >= u32::from(placement_cost(state, seat))
        && state.areas.iter().any(|a| a.lowest_open().is_some())
}

/// The spaces of `area` where `seat` may place now (0-based).
pub fn open_spaces(state: &Villains, seat: Seat, area: AreaId) -> Vec<usize> {
    let a = state.area(area);
    if standing::places_in_any_space(state, seat) {
        (0..a.track.len()).filter(|i| a.track[*i].is_none()).collect()
    } else {
        a.lowest_open().into_iter().collect()
    }
}

fn current(state: &Villains, seat: Seat) -> Result<(), RuleError> {
    let Phase::PlaceTokens { current } = state.phase else {
        return Err(RuleError::illegal(PLACE_ACTION_TOKENS, "Tokens are placed in the Main Phase."));
    };
    if current != seat {
        return Err(RuleError::not_your_turn(PLACE_ACTION_TOKENS, "Another player places now."));
    }
    Ok(())
}

/// Places `kind` from `seat`'s reserve face down in `area`, in `space`
/// (0-based; `None` for the lowest open one), paying `payment`.
///
/// # Errors
/// Not `seat`'s turn, no such token in reserve, no open space, a space other
/// than the lowest without the Subway, or a wrong payment; the state is
/// unchanged. A refusal never names a token the others cannot see.
pub fn place_token(
    state: &mut Villains,
    seat: Seat,
    kind: TokenKind,
    area: AreaId,
    space: Option<usize>,
    payment: Payment,
) -> Result<Vec<LogEntry>, RuleError> {
    current(state, seat)?;
    if state.players[seat as usize].reserve_tokens.get(&kind).copied().unwrap_or(0) == 0 {
        return Err(RuleError::illegal(
            PLACE_ACTION_TOKENS,
            format!("You have no {} token left in your reserve.", kind_name(state, seat, kind)),
        ));
    }
    let allowed = open_spaces(state, seat, area);
    let name = &area.area().name;
    let Some(&lowest) = allowed.first() else {
        return Err(RuleError::illegal(PLACE_ACTION_TOKENS, format!("{name} has no open space.")));
    };
    let space = space.unwrap_or(lowest);
    if !allowed.contains(&space) {
        let msg = if state.area(area).track.get(space).is_some_and(Option::is_some)
            || space >= state.area(area).track.len()
        {
            format!("Space {} of {name} is not open.", space + 1)
        } else {
            format!("Tokens go in the lowest open space ({} in {name}) unless you control the Subway.", lowest + 1)
        };
        return Err(RuleError::illegal(PLACE_ACTION_TOKENS, msg));
    }
    check_payment(state, seat, placement_cost(state, seat), payment)?;

    pay(state, seat, payment);
    let p = &mut state.players[seat as usize];
    *p.reserve_tokens.get_mut(&kind).expect("checked above") -= 1;
    let uid = TokenUid(state.next_token);
    state.next_token += 1;
    let seats = state.seats;
    let a = state.area_mut(area);
    a.track[space] = Some(PlacedToken {
        uid,
        owner: seat,
        kind: Hidden::known_to(kind, SeatSet::only(seat)),
        face_up: false,
        activated: false,
        activated_this_turn: false,
    });
    let public = format!(
        "{} an action token face down in {name}, space {}.",
        state.who_verb(seat, "places", "place"),
        space + 1
    );
    let mut log = vec![LogEntry::split(
        SeatSet::only(seat),
        format!(
            "{} a {} token face down in {name}, space {}.",
            state.who_verb(seat, "places", "place"),
            kind_name(state, seat, kind),
            space + 1
        ),
        Some(public),
    )];
    let a = state.area_mut(area);
    if a.token_count() == seats as usize && !a.combat_marker {
        a.combat_marker = true;
        log.push(LogEntry::public(format!("{name} holds {seats} tokens: a combat marker is placed there.")));
    }
    advance(state, seat, &mut log);
    Ok(log)
}

/// A token kind by its printed name for its owner (the unique token's name).
pub fn kind_name(state: &Villains, seat: Seat, kind: TokenKind) -> String {
    match kind.basic() {
        Some(t) => crate::content::content().basic_tokens[&t].name.clone(),
        None => state.faction_of(seat).unique_token.name.clone(),
    }
}

/// A token in a log line: "a Battle token", "an Invade token".
pub fn a_token(state: &Villains, seat: Seat, kind: TokenKind) -> String {
    let name = kind_name(state, seat, kind);
    let an = name.starts_with(['A', 'E', 'I', 'O', 'U']);
    format!("{} {name} token", if an { "an" } else { "a" })
}

/// Passes for the rest of Place Action Tokens.
///
/// # Errors
/// Not `seat`'s turn.
pub fn pass(state: &mut Villains, seat: Seat) -> Result<Vec<LogEntry>, RuleError> {
    current(state, seat)?;
    state.players[seat as usize].passed = true;
    let mut log = vec![LogEntry::public(format!(
        "{} for the rest of Place Action Tokens.",
        state.who_verb(seat, "passes", "pass")
    ))];
    advance(state, seat, &mut log);
    Ok(log)
}

/// The next player clockwise who has not passed; when everyone has,
/// Take Actions begins with the first player.
fn advance(state: &mut Villains, from: Seat, log: &mut Vec<LogEntry>) {
    let mut s = from;
    for _ in 0..state.seats {
        s = state.next_clockwise(s);
        if !state.players[s as usize].passed {
            state.phase = Phase::PlaceTokens { current: s };
            skip_unable(state, log);
            return;
        }
    }
    begin_take_actions(state, log);
}

/// Passes the current player automatically while it cannot place (no
/// token in reserve, no funds, no open space).
pub fn skip_unable(state: &mut Villains, log: &mut Vec<LogEntry>) {
    let Phase::PlaceTokens { current } = state.phase else {
        return;
    };
    if state.players[current as usize].passed || can_place(state, current) {
        return;
    }
    state.players[current as usize].passed = true;
    log.push(LogEntry::public(format!("{}: no token can be placed.", state.who_verb(current, "passes", "pass"))));
    advance(state, current, log);
}

fn begin_take_actions(state: &mut Villains, log: &mut Vec<LogEntry>) {
    for p in &mut state.players {
        p.passed = false;
    }
    let first = state.first_player;
    state.phase = Phase::TakeActions { current: first, revealed: None };
    log.push(LogEntry::public(format!("Take Actions: {} first.", state.who_verb(first, "acts", "act"))));
}
