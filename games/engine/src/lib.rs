//! The engine contract shared by every Backroom game.
//!
//! Modelled on OpenSpiel's game API, written the way shakmaty writes chess:
//! a rules engine is a plain value with no I/O, no clock, no async and no
//! global randomness. Everything a match needs to be replayed is
//! *options + seat count + seed + the ordered action log*:
//!
//! * [`Game::setup`] builds the opening position from options, seat count and
//!   the match's [`GameRng`] (one seeded ChaCha generator per match);
//! * [`Game::pending`] says which seats are awaited and in what mode
//!   ([`Pending`]): one seat's turn, a simultaneous secret step, an
//!   out-of-turn window, or open negotiation;
//! * [`Game::prompt`] describes every decision a seat may take now as typed
//!   [`Prompt`]s that a generic client and a bot can enumerate;
//! * [`Game::apply`] validates an action and either changes the state or
//!   returns a [`RuleError`] naming the broken rule and leaves the state
//!   untouched. The engine owns that transaction: it checks the seat and
//!   that the match is not over, runs the game's [`Game::try_apply`] on a
//!   copy with a log sink, and keeps the copy only when it is accepted;
//! * [`Game::view`] *builds* what one viewer may see from an allow-list of
//!   fields; [`Hidden`] carries per-seat knowledge (who has peeked at what). The RNG is never an argument of `view`, so neither the seed nor
//!   any future draw can reach a client.
//!
//! Text never names a seat directly: [`names`] writes seat tokens
//! (`{seat:2}`) that the server or client renders with the names in force
//! and "you" for the reader.
//!
//! [`erased`] turns any [`Game`] into a JSON-speaking trait object for the
//! server, [`search`] is the search bot every game gets from the
//! contract, and [`testkit`] holds the contract tests every game must pass
//! (random legal play, replay, serde round-trip, the non-leak test).
#![deny(missing_docs)]

mod content;
mod game;
mod knowledge;
pub mod names;
mod prompt;
mod reach;
mod rng;
mod seat;

pub mod erased;
pub mod search;
pub mod strict;
pub mod testkit;

pub use content::ContentError;
pub use game::{
    Game, GameInfo, GameOption, LogEntry, OptionKind, Outcome, PackedLogEntry, Pending, RuleCode, RuleError, SetupError,
};
pub use knowledge::Hidden;
pub use names::{SeatRef, and_list, plural, render_names, seat_ref, seat_verb};
pub use prompt::{Ask, Fact, Input, Opt, Param, Prompt};
pub use rng::{GameRng, Keyed, Seed};
pub use seat::{Seat, SeatSet, Viewer};
