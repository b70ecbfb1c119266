//! The rules, one module per part of the rulebook, and the dispatcher that
//! routes each action: [`setup`] (threat choice, squads, deployment,
//! leadership) with [`rosters`], [`battlefield`], [`priority`] and
//! [`mission`] (the rest of the full setup), [`activation`] (activations
//! and their actions), [`attack`] (the attack pipeline of Appendix A),
//! [`reactions`] (the reaction windows answered), [`powers`], [`tactics`]
//! and [`terrain`], and [`round`] (the Power phase, turns and the hand-on
//! to [`cleanup`]).
//!
//! The sections are layered, each importing only those below it:
//!
//! * the actions: [`tactics`] over [`powers`] over [`attack`];
//!   [`reactions`] over [`attack`]; [`activation`]; [`leadership`] and
//!   [`setup`] over [`battlefield`] over [`priority`];
//! * [`attack`] over [`terrain`], and every action over [`round`], the
//!   "what happens next" of a round (an action counted, an activation
//!   ended, the next turn, Cleanup and the next round), which calls no
//!   action back;
//! * the steps they share: [`cleanup`] (scoring), [`damage`] (damage,
//!   Dazed, KO, the dodge), [`reactive`] (what a reaction window offers),
//!   [`targeting`] (A1–A2), [`rerolls`] (modifying dice), [`victory`],
//!   [`common`], [`dice`] and [`movement`].

pub mod activation;
pub mod attack;
pub mod battlefield;
pub mod cleanup;
pub mod common;
pub mod damage;
pub mod dice;
pub mod leadership;
pub mod mission;
pub mod movement;
pub mod powers;
pub mod priority;
pub mod reactions;
pub mod reactive;
pub mod rerolls;
pub mod rosters;
pub mod round;
pub mod setup;
pub mod tactics;
pub mod targeting;
pub mod terrain;
pub mod victory;

use crate::Action;
use crate::state::{Crisis, Phase};
use backroom_engine::{RuleError, Seat};
pub use common::{Lines, model_name};
pub use round::start_round;
pub use victory::{check_last_standing, end};

/// Routes an action. The engine's `Game::apply` has checked the seat and
/// that the match is not over, and works on a copy, so a refusal changes
/// nothing.
pub fn apply(g: &mut Crisis, seat: Seat, a: &Action, rng: &mut backroom_engine::GameRng) -> Lines {
    if let Some(r) = g.reactions.first() {
        let s = reactions::reaction_seat(g, r);
        let placing = matches!(r, crate::state::Reaction::PlaceToken { .. });
        return match a {
            Action::PlaceToken { token, at } if seat == s && placing => reactions::place_token(g, *token, *at),
            Action::React { with } if seat == s && !placing => reactions::answer(g, seat, with.as_deref(), rng),
            Action::Reroll { ability, dice }
                if seat == s && matches!(r, crate::state::Reaction::Dodge { .. }) && crate::versions::v7(g) =>
            {
                reactions::dodge_reroll(g, seat, ability.as_deref(), dice, rng)
            }
            _ if seat == s && placing => {
                Err(RuleError::illegal("Objective tokens", "place the dropped token within R2 of its holder first"))
            }
            _ if seat == s => Err(RuleError::illegal("Reactions", "answer the reaction first: react or decline")),
            _ => Err(RuleError::not_your_turn("Reactions", "the other player is deciding whether to react")),
        };
    }
    if let Some(p) = g.pending_attack.as_ref().filter(|p| p.ordering) {
        let owner = g.models[p.attacker].owner;
        return match a {
            Action::OrderTargets { order } if seat == owner => attack::order_targets(g, order, rng),
            _ if seat == owner => {
                Err(RuleError::illegal("Beam attacks", "choose the order in which the targets are attacked first"))
            }
            _ => Err(RuleError::not_your_turn("Beam attacks", "the attacker is choosing the order of its targets")),
        };
    }
    if let Some(s) = attack::modify_seat(g) {
        return match a {
            Action::Reroll { ability, dice } if seat == s => {
                attack::reroll_choice(g, seat, ability.as_deref(), dice, rng)
            }
            _ if seat == s => {
                Err(RuleError::illegal("Modifying dice", "reroll dice with one of your abilities or keep them first"))
            }
            _ => attack::reroll_choice(g, seat, None, &[], rng),
        };
    }
    if let Some(p) = &g.pending_attack
        && let Some(t) = p.window()
    {
        let defender = g.models[t].owner;
        return match a {
            Action::React { with } if seat == defender => reactions::react(g, seat, with.as_deref(), rng),
            _ if seat == defender => Err(RuleError::illegal("Reactions", "answer the attack first: react or decline")),
            _ => Err(RuleError::not_your_turn("Reactions", "the defender is deciding whether to react")),
        };
    }
    match a {
        Action::React { .. } => Err(RuleError::not_your_turn("Reactions", "no attack is waiting for a reaction")),
        Action::Reroll { .. } => Err(RuleError::not_your_turn("Modifying dice", "no roll is being modified")),
        Action::OrderTargets { .. } => {
            Err(RuleError::not_your_turn("Beam attacks", "no attack is waiting for the order of its targets"))
        }
        Action::Roster { characters, tactics } => rosters::commit(g, seat, characters, tactics),
        Action::Battlefield { choice } => battlefield::answer(g, seat, choice, rng),
        Action::ChooseDeck { deck } => mission::choose_deck(g, seat, *deck, rng),
        Action::PlaceToken { token, at } if g.phase == Phase::MissionSetup => {
            mission::place_token(g, seat, *token, *at)
        }
        Action::PlaceToken { .. } => {
            Err(RuleError::not_your_turn("Objective tokens", "no dropped token is waiting to be placed"))
        }
        Action::ChooseLeader { model } => leadership::choose(g, seat, *model),
        Action::ChooseThreat { crisis } => setup::choose_threat(g, seat, *crisis),
        Action::ChooseEdge { edge } => setup::choose_edge(g, seat, *edge),
        Action::Squad { characters, tactics } => setup::commit_squad(g, seat, characters, tactics),
        Action::PlayTactic { card, choice } => tactics::play(g, seat, card, &choice.clone().unwrap_or_default(), rng),
        Action::Deploy { model, at } => setup::deploy(g, seat, *model, *at),
        Action::Activate { model } => activation::activate(g, seat, *model),
        Action::Pass {} => activation::pass(g, seat),
        Action::Advance { plan } => activation::advance(g, seat, plan),
        Action::Attack { attack, target } => attack::attack(g, seat, *attack, *target, rng),
        Action::Shake { condition } => activation::shake(g, seat, *condition),
        Action::Interact { token } => activation::interact(g, seat, *token, rng),
        Action::EndActivation {} => activation::end_activation(g, seat),
        Action::UsePower { power, choice } => powers::use_power(g, seat, *power, choice, rng),
    }
}
