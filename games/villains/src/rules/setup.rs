//! SETUP, as the rulebook orders it: the action deck and the setup marker,
//! the capitol tokens, the first player, then Select Factions in player
//! order, each faction dealing its plan deck, upgrades and reserves.
//!
//! Randomness is the match's [`GameRng`], through named decks so tests and
//! scenarios can force it: [`ACTION_DECK`] (keys are physical card ids such
//! as `public-backlash-3`), [`FIRST_PLAYER`] (keys are seat numbers) and one
//! plan deck per faction ([`plan_deck_name`], keys are plan ids).

use crate::content::effect::UnitType;
use crate::content::{CardId, FactionId, content};
use crate::state::{AreaState, CapitolTokenState, Marker, Phase, Player, TokenKind, Villains};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat, SetupError, seat_ref, seat_verb};

/// The forced-order name of the action deck.
pub const ACTION_DECK: &str = "action";
/// The forced-order name of the first-player draw.
pub const FIRST_PLAYER: &str = "first-player";
/// The rule Select Factions' refusals name.
pub const SELECT_FACTIONS: &str = "Select Factions";

/// The forced-order name of a faction's plan deck, e.g. `plans-mafia`.
pub fn plan_deck_name(f: FactionId) -> String {
    format!("plans-{}", f.faction().id)
}

/// The opening: everything up to Select Factions, which waits on the first
/// player. Returns the public log of what was revealed.
///
/// # Errors
/// If `seats` is not 4 or 5.
pub fn setup(seats: u8, rng: &mut GameRng) -> Result<(Villains, Vec<LogEntry>), SetupError> {
    if !(4..=5).contains(&seats) {
        return Err(SetupError(format!("Villains is for 4 or 5 players, not {seats}")));
    }
    let c = content();
    let mut log = Vec::new();

    // Action cards: shuffle. Setup player marker: reveal until a card has a
    // target, mark that area, shuffle the revealed cards back in.
    let mut deck: Vec<CardId> = (0..c.deck.len() as u16).map(CardId).collect();
    rng.shuffle_deck(ACTION_DECK, &mut deck);
    let mut revealed = Vec::new();
    let mut marked = None;
    for card in &deck {
        revealed.push(*card);
        if let Some(a) = card.target() {
            marked = Some(a);
            break;
        }
    }
    let Some(marked) = marked else {
        return Err(SetupError("no action card has a target".into()));
    };
    rng.shuffle_deck(ACTION_DECK, &mut deck);
    let shown: Vec<String> = revealed
        .iter()
        .map(|card| match card.target() {
            Some(a) => format!("{} (target: {})", card.card().name, a.area().name),
            None => format!("{} (no target)", card.card().name),
        })
        .collect();
    log.push(LogEntry::public(format!(
        "Setup marker: revealed {}; the purple setup marker goes on {}. The revealed cards are shuffled back into the deck.",
        shown.join(", then "),
        marked.area().name
    )));

    let mut areas: Vec<AreaState> = c.areas.iter().map(|a| AreaState::new(a.token_spaces)).collect();
    areas[marked.index()].controller = Some(Marker::Setup);

    // Determine first player: at random (a forced order names the seat).
    let mut order: Vec<String> = (0..seats).map(|s| s.to_string()).collect();
    rng.shuffle_deck(FIRST_PLAYER, &mut order);
    let first: Seat = order[0].parse().expect("a seat number");
    log.push(LogEntry::public(format!(
        "{} the first player; play goes clockwise. Select Factions begins with {}.",
        seat_verb(first, "is", "are"),
        seat_ref(first)
    )));

    let state = Villains {
        seats,
        turn: 1,
        phase: Phase::SelectFactions { chooser: first },
        first_player: first,
        players: (0..seats).map(|_| Player::new()).collect(),
        areas: areas.into(),
        deck,
        discards: Vec::new(),
        global_rules: Vec::new(),
        capitol_tokens: vec![CapitolTokenState::OnTrack; c.capitol_tokens.len()],
        next_token: 0,
        next_unit: 0,
        targets_revealed: false,
        battle: None,
        attacks: None,
        last_attack: None,
        owed: Vec::new(),
        engine_version: crate::versions::CURRENT,
        offers: Vec::new(),
        quote: Default::default(),
    };
    Ok((state, log))
}

/// Factions nobody has chosen yet, in the content's order.
pub fn available_factions(state: &Villains) -> Vec<FactionId> {
    (0..content().factions.len() as u8).map(FactionId).filter(|f| state.seat_of(*f).is_none()).collect()
}

/// Select Factions: `seat` takes `faction` and is dealt its plan deck
/// (shuffled), its two upgrades (set aside face down) and its reserves.
/// After the last player, the game moves to the Start Phase.
///
/// # Errors
/// Not `seat`'s pick, or the faction is taken; the state is unchanged.
pub fn choose_faction(
    state: &mut Villains,
    seat: Seat,
    faction: FactionId,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let Phase::SelectFactions { chooser } = state.phase else {
        return Err(RuleError::illegal(SELECT_FACTIONS, "Factions are chosen during setup only."));
    };
    if seat != chooser {
        return Err(RuleError::not_your_turn(SELECT_FACTIONS, "Another player chooses a faction now."));
    }
    let record = faction.faction();
    if state.seat_of(faction).is_some() {
        return Err(RuleError::illegal(SELECT_FACTIONS, format!("The {} are already taken.", record.name)));
    }
    let c = content();
    let p = &mut state.players[seat as usize];
    p.faction = Some(faction);
    p.energy = record.energy;
    p.resources = u16::from(record.starting_resources);
    let mut plans: Vec<_> = c.plans_of(faction).collect();
    rng.shuffle_deck(&plan_deck_name(faction), &mut plans);
    p.plan_deck = plans.into();
    p.upgrades_set_aside = [1, 2].iter().filter_map(|l| c.upgrade_of(faction, *l)).collect();
    p.reserve_units =
        UnitType::ALL.iter().filter_map(|t| record.unit(*t).filter(|u| u.count > 0).map(|u| (*t, u.count))).collect();
    p.reserve_tokens = record.tokens.iter().map(|(t, n)| (TokenKind::of(*t), *n)).collect();
    p.reserve_tokens.insert(TokenKind::Unique, record.unique_token.count);

    let next = state.next_clockwise(seat);
    state.phase = if next == state.first_player { Phase::Start } else { Phase::SelectFactions { chooser: next } };
    Ok(vec![LogEntry::public(format!(
        "{} the {} ({}).",
        seat_verb(seat, "plays", "play"),
        record.name,
        record.sheet_title
    ))])
}
