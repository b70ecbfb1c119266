//! What a seat is asked in the Place Action Tokens Step
//! (`rules::place_action_tokens`): the token, the area, the payment (Paying
//! Costs) and the space, or pass.

use super::options::{one, opt};
use crate::content::content;
use crate::state::Villains;
use backroom_engine::{Ask, Opt, Seat};

/// The Place Action Tokens Step: the token, area, payment and space, or
/// pass.
pub(super) fn place_asks(state: &Villains, seat: Seat) -> Vec<Ask> {
    let mut asks: Vec<Ask> = Vec::new();
    if crate::rules::place_action_tokens::can_place(state, seat) {
        let kinds = state.players[seat as usize]
            .reserve_tokens
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(k, _)| opt(k, crate::rules::place_action_tokens::kind_name(state, seat, *k)))
            .collect();
        let areas = content()
            .area_ids()
            .filter(|a| state.area(*a).lowest_open().is_some())
            .map(|a| opt(&a, a.area().name.clone()))
            .collect();
        let ask = one(Ask::new("place_token", "Place an action token"), "kind", "Token", kinds)
            .and_then(|ask| one(ask, "area", "Area", areas));
        // Paying Costs (R21): the split is the player's, when
        // there is one to make.
        let cost = crate::rules::place_action_tokens::placement_cost(state, seat);
        let p = &state.players[seat as usize];
        let first = crate::state::payment::Payment::energy_first(state, seat, cost);
        let r = p.resources.min(u16::from(cost));
        let other = crate::state::payment::Payment { energy: cost - r as u8, resources: r };
        let ask = match ask {
            Some(ask) if other != first && other.energy <= p.energy => one(
                ask,
                "payment",
                "Pay with",
                vec![
                    opt(&first, crate::prompts::labels::payment_words(first)),
                    opt(&other, crate::prompts::labels::payment_words(other)),
                ],
            )
            .map(|a| a.default_to(serde_json::to_value(first).expect("serializes"))),
            other => other,
        };
        // The Subway's controller places in any open space: the
        // spaces open in some area (the rules check the pair).
        let ask = match ask {
            Some(ask) if crate::rules::standing::places_in_any_space(state, seat) => {
                let most = content().area_ids().map(|a| state.area(a).track.len()).max().unwrap_or(0);
                let spaces: Vec<Opt> = (0..most)
                    .filter(|i| {
                        content()
                            .area_ids()
                            .any(|a| crate::rules::place_action_tokens::open_spaces(state, seat, a).contains(i))
                    })
                    .map(|i| opt(&i, format!("Space {}", i + 1)))
                    .collect();
                one(ask, "space", "Space", spaces)
            }
            other => other,
        };
        asks.extend(ask);
    }
    asks.push(Ask::new("pass_placing", "Pass"));
    asks
}
