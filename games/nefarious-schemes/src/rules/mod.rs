//! The rules, one module per part of the turn reference:
//! * [`setup`]: dealing and the mulligan;
//! * [`flow`]: the 13 phases in order, the work each one schedules, and the
//!   driver that runs it until a decision is needed;
//! * [`rolls`]: rolling on a table, the modifiers from stats, and reading
//!   the result (every table row's effect);
//! * [`events`]: the event windows after every roll and in the Intercept
//!   phase;
//! * [`decisions`]: the actions that answer each decision;
//! * [`refusals`]: why an answer is refused, naming the fact behind the rule;
//! * [`board`]: what is in play, Fight and Track, the attachment rules;
//! * [`attack`]: the Attack phase (Combat, Locations, the Showdown);
//! * [`cards`]: drawing, discarding, Wounds, deaths;
//! * [`victory`]: every way the game ends.

pub mod attack;
pub mod board;
pub mod cards;
pub mod decisions;
pub mod events;
pub mod flow;
pub mod refusals;
pub mod rolls;
pub mod setup;
pub mod victory;

use backroom_engine::RuleError;

/// A refusal under a rule by its rulebook name.
pub fn refuse(rule: &str, message: impl Into<String>) -> RuleError {
    RuleError::illegal(rule, message)
}
