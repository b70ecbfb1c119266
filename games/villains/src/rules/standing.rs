//! The standing rules that apply to one player now, and the numbers derived
//! from them (rulebook: faction abilities, control abilities, rule cards,
//! upgrades).
//!
//! Nothing here is cached: a control ability follows the area's current
//! controller, a rule card lasts until Cleanup, an upgrade replaces the
//! level below it. "Becomes" rules (a base card draw, a per-turn income) take
//! the highest value any source gives, since an upgrade replaces the passive
//! it improves; "more" rules add up.

use crate::content::content;
use crate::content::effect::Ongoing;
use crate::state::Villains;
use backroom_engine::Seat;

/// The standing rules of one player ([`rules_of`]).
pub type Rules = smallvec::SmallVec<[&'static Ongoing; 16]>;

/// Cards drawn in the Draw Action Cards step before any "becomes" rule.
pub const BASE_CARD_DRAW: u8 = 3;

/// Every standing rule that applies to `seat` now: its faction's passives,
/// its claimed upgrade, the control abilities of the areas it controls and
/// the global rule cards it played. Held inline: the rules ask this on
/// every influence count and die roll.
pub fn rules_of(state: &Villains, seat: Seat) -> Rules {
    let mut out = Rules::new();
    let Some(f) = state.players[seat as usize].faction else {
        return out;
    };
    out.extend(f.faction().passive_rules());
    if let Some(u) = state.players[seat as usize].upgrade {
        out.extend(u.upgrade().ongoing.iter());
    }
    for a in content().area_ids() {
        if state.controller(a) == Some(seat) {
            out.extend(a.area().control.ongoing.iter());
        }
    }
    for r in state.global_rules.iter().filter(|r| r.owner == seat) {
        out.extend(r.card.card().ongoing.iter());
    }
    out
}

/// Whether `seat` has a standing rule.
pub fn has(state: &Villains, seat: Seat, rule: &Ongoing) -> bool {
    rules_of(state, seat).into_iter().any(|r| r == rule)
}

/// Cards `seat` draws in the Draw Action Cards step: 3 (or what a "becomes"
/// rule such as Research says), plus the Laboratory, captured markers and
/// any other "more" rule.
pub fn card_draw(state: &Villains, seat: Seat) -> u8 {
    let rules = rules_of(state, seat);
    let base = rules
        .iter()
        .filter_map(|r| match r {
            Ongoing::BaseCardDraw(n) => Some(*n),
            _ => None,
        })
        .max()
        .unwrap_or(BASE_CARD_DRAW);
    let more: u8 = rules
        .iter()
        .map(|r| match r {
            Ongoing::CardDraw(n) => *n,
            _ => 0,
        })
        .sum();
    base + more + captured_bonus(state, seat).1
}

/// Resources `seat` gains at the start of each turn (the Bankers).
pub fn resources_per_turn(state: &Villains, seat: Seat) -> u8 {
    rules_of(state, seat)
        .iter()
        .filter_map(|r| match r {
            Ongoing::ResourcesPerTurn(n) => Some(*n),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

/// The energy `seat` resets to: its faction's red space plus captured
/// markers' energy bonuses.
pub fn reset_energy(state: &Villains, seat: Seat) -> u8 {
    state.faction_of(seat).energy + captured_bonus(state, seat).0
}

/// Energy and extra cards from the filled spaces of `seat`'s
/// captured-marker track.
pub fn captured_bonus(state: &Villains, seat: Seat) -> (u8, u8) {
    let n = state.players[seat as usize].captured.len();
    state.faction_of(seat).captured_markers.iter().take(n).fold((0, 0), |(e, c), s| (e + s.energy, c + s.cards))
}

/// Whether `seat` may place action tokens in any open space (the Subway's
/// control ability).
pub fn places_in_any_space(state: &Villains, seat: Seat) -> bool {
    has(state, seat, &Ongoing::PlaceAnySpace)
}
