//! What a seat is asked in the Take Actions Step (`rules::take_actions`):
//! with a token revealed, its activations or discarding it; else the token
//! to reveal, the skills, Locked or Pass.

use super::candidates::{activation_options, skill_options};
use super::options::{one, opt};
use crate::action::Action;
use crate::content::AreaId;
use crate::content::content;
use crate::rules::take_actions;
use crate::state::{TokenUid, Villains};
use backroom_engine::{Ask, Opt, Seat};

/// The Take Actions Step with a token revealed: activate it (deploy, move,
/// the rest) or discard it.
pub(super) fn revealed_asks(state: &Villains, seat: Seat, uid: TokenUid) -> Vec<Ask> {
    let mut asks: Vec<Ask> = Vec::new();
    let (area, _) = take_actions::find(state, uid).expect("revealed token");
    asks.extend(crate::prompts::composite::deploy_ask(state, seat, area));
    asks.extend(crate::prompts::composite::move_ask(state, seat, area));
    asks.extend(crate::prompts::composite::activate_ask(state, seat, activation_options(state, seat, area, false)));
    asks.push(Ask::new("discard", "Discard the token"));
    asks
}

/// The Take Actions Step with no token revealed: reveal one, use a skill,
/// declare Locked or pass.
pub(super) fn unrevealed_asks(state: &Villains, seat: Seat) -> Vec<Ask> {
    let mut asks: Vec<Ask> = Vec::new();
    // Each of the seat's own tokens by what it is (the owner
    // knows), where it is and which space.
    let spots: Vec<Opt> = take_actions::revealable(state, seat)
        .iter()
        .map(|s| {
            let kind = state.area(s.0).track[s.1].as_ref().map(|t| *t.kind.rules_value());
            let what = kind.map_or_else(
                || "Token".to_string(),
                |k| format!("Your {} token", crate::rules::place_action_tokens::kind_name(state, seat, k)),
            );
            opt(s, format!("{what} in {}, space {}", s.0.area().name, s.1 + 1))
        })
        .collect();
    asks.extend(one(Ask::new("reveal", "Reveal a token"), "spot", "Token", spots.clone()));
    let skills = skill_options(state, seat);
    asks.extend(crate::prompts::composite::skill_bringing_ask(state, seat, &skills));
    // The Subway's deploy is asked step by step (area, then unit).
    let anywhere = |a: &AreaId| crate::prompts::composite::deploys_anywhere(*a);
    for a in crate::rules::skill_abilities::skill_areas(state, seat).iter().filter(|a| anywhere(a)) {
        asks.extend(crate::prompts::composite::skill_deploy_ask(state, seat, *a));
    }
    let skills: Vec<Action> = skills
        .into_iter()
        .filter(|s| !matches!(s, Action::UseSkill { skill: (a, c) } if anywhere(a) && c.deploy.is_some()))
        .collect();
    asks.extend(crate::prompts::composite::skill_ask(state, seat, &skills));
    let down = state.face_down_tokens_of(seat);
    if down > 0 && spots.is_empty() {
        asks.push(Ask::new("locked", locked_words(state, seat)));
    }
    if down == 0 {
        asks.push(Ask::new("pass", "Pass"));
    }
    asks
}

/// "Declare yourself locked", with why: each face-down token of the seat
/// waits behind another player's face-down token on its track.
fn locked_words(state: &Villains, seat: Seat) -> String {
    let mut areas: Vec<String> = Vec::new();
    for a in content().area_ids() {
        let track = &state.area(a).track;
        let mine = track.iter().flatten().any(|t| t.owner == seat && !t.face_up);
        if mine && !areas.contains(&a.area().name) {
            areas.push(a.area().name.clone());
        }
    }
    format!(
        "Declare yourself locked: none of your face-down tokens can be revealed, each has another player's face-down token before it ({})",
        backroom_engine::and_list(&areas)
    )
}
