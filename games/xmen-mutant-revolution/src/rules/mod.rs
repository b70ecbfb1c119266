//! The round loop outside the arena, one module per rulebook section:
//! [`setup`], [`upkeep`], [`plot`] (turns to act, Asking for Support),
//! [`event_cards`] (Playing Event Cards, Canceling an Event), [`hand_size`],
//! [`change_allegiance`], [`recruit_and_train`] (the Bidding Dial, also used
//! to Bid for Mission Commander), [`mission_phase`] (up to the arena) and
//! [`winning`] (End of Round, Final Tournament), and [`reaction_windows`]
//! (Reaction Cards on trigger points outside the Plot Phase). This module routes each
//! action to the phase's section. Each `*_action` validates against the
//! rulebook section it names and then mutates; [`crate::XMen`]'s `apply`
//! runs it on a clone, so a refusal never leaves a half-done change behind.

mod change_allegiance;
mod event_cards;
mod hand_size;
mod mission_phase;
mod plot;
mod reaction_windows;
mod recruit_and_train;
mod setup;
mod upkeep;
mod winning;

use crate::action::Action as A;
use crate::content::PlotId;
use crate::state::phase::Phase;
use crate::state::{Log, XMen};
use backroom_engine::{GameRng, RuleError, Seat};

/// Highest value on a Bidding Dial.
pub const MAX_DIAL: u8 = 14;
/// Offers one School may make in one Change Allegiance stage (house bound
/// so that negotiation always ends).
pub const OFFERS_PER_PHASE: u8 = 3;

fn illegal(rule: &str, msg: impl Into<String>) -> RuleError {
    RuleError::illegal(rule, msg)
}

/// An action's name on the wire ("discard_for_hope"), for a refusal that
/// says it is not one of the choices now.
pub(crate) fn action_name(a: &A) -> String {
    serde_json::to_value(a).ok().and_then(|v| v["type"].as_str().map(str::to_string)).unwrap_or_default()
}

impl XMen {
    /// A seat in a refusal, by its School's public name ("Storm's School"),
    /// or its number before Schools are chosen. Refusals are plain text
    /// (the client does not render seat tokens in them).
    pub(crate) fn school_name(&self, s: Seat) -> String {
        match self.players.get(s as usize).and_then(|p| p.school) {
            Some(i) => crate::content::content().schools[i as usize].name.clone(),
            None => format!("seat {}", s + 1),
        }
    }

    /// Several seats by School, as English ("Storm's School and Magneto's School").
    pub(crate) fn school_names(&self, seats: impl IntoIterator<Item = Seat>) -> String {
        backroom_engine::and_list(&seats.into_iter().map(|s| self.school_name(s)).collect::<Vec<_>>())
    }
}

impl XMen {
    /// Routes an action to the section of the rulebook the round is in (an
    /// open trigger window first).
    pub(crate) fn dispatch(
        &mut self,
        seat: Seat,
        a: &A,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        if !self.windows.is_empty() && !matches!(self.phase, Phase::Over { .. }) {
            return self.trigger_action(seat, a, rng, log);
        }
        match &self.phase {
            Phase::PickSchool { .. } => {
                let A::PickSchool { school } = a else {
                    return Err(RuleError::illegal(
                        "Setup",
                        format!("The Schools are being chosen: \"{}\" waits until the game has begun.", action_name(a)),
                    ));
                };
                self.pick_school(seat, school, log)?;
                if matches!(&self.phase, Phase::PickSchool { order, .. } if order.is_empty()) {
                    self.begin_game(rng, log);
                }
                Ok(())
            }
            Phase::Upkeep(_) => self.upkeep_action(seat, a, rng, log),
            Phase::Plot(_) => self.plot_action(seat, a, rng, log),
            Phase::HandSize { .. } => self.hand_size_action(seat, a, rng, log),
            Phase::Allegiance(_) => self.allegiance_action(seat, a, rng, log),
            Phase::Recruit(_) | Phase::McBid { .. } => self.bid_action(seat, a, rng, log),
            Phase::Invite(_) => self.invite_action(seat, a, rng, log),
            Phase::Battle(_) => self.battle_action(seat, a, rng, log),
            Phase::TournamentPick(_) => self.champion_action(seat, a, rng, log),
            Phase::Over { .. } => Err(RuleError::game_over()),
        }
    }
}

/// "Rally the Students, Fundraiser": Plot Cards by name, for the log.
fn card_names(cards: &[PlotId]) -> String {
    backroom_engine::and_list(&cards.iter().map(|c| c.card().name.as_str()).collect::<Vec<_>>())
}
