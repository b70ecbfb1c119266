//! Games behind a JSON-speaking trait object, for the server and tools.
//!
//! The server hosts every game through [`DynGame`] / [`DynState`]: actions
//! arrive as JSON and are parsed into the game's typed `Action` (a parse
//! failure is a [`RuleError`] with code `malformed_action`, never a panic);
//! views leave as JSON text built by the game's own `view`.

use crate::{
    Game, GameInfo, GameRng, LogEntry, Outcome, Pending, Prompt, RuleError, Seat, SetupError,
    Viewer,
};
use serde_json::Value;
use std::marker::PhantomData;

/// A game in the catalogue.
pub trait DynGame: Send + Sync {
    /// Static description.
    fn info(&self) -> GameInfo;
    /// See [`Game::content`].
    fn content(&self) -> Option<String>;
    /// Checks options and fills in defaults; the result is what is stored.
    ///
    /// # Errors
    /// A [`SetupError`] naming the bad option.
    fn normalize_options(&self, options: &Value) -> Result<Value, SetupError>;
    /// The opening position.
    ///
    /// # Errors
    /// A [`SetupError`] when options or seat count are not playable.
    fn setup(&self, options: &Value, seats: u8, rng: &mut GameRng)
    -> Result<Box<dyn DynState>, SetupError>;
    /// A state from its [`DynState::state_json`] text.
    ///
    /// # Errors
    /// The deserialization error, as text.
    fn restore(&self, state: &str) -> Result<Box<dyn DynState>, String>;
}

/// A live game state.
pub trait DynState: Send + Sync {
    /// See [`Game::pending`].
    fn pending(&self) -> Pending;
    /// See [`Game::prompt`].
    fn prompt(&self, seat: Seat) -> Option<Prompt>;
    /// Parses and applies an action; on success returns the log lines and
    /// the action in canonical JSON (what the store keeps).
    ///
    /// # Errors
    /// A [`RuleError`]; the state is then untouched.
    fn apply(
        &mut self,
        seat: Seat,
        action: &Value,
        rng: &mut GameRng,
    ) -> Result<(Vec<LogEntry>, String), RuleError>;
    /// The viewer's view as JSON text.
    fn view_json(&self, viewer: Viewer) -> String;
    /// The viewer's view as raw JSON, ready to embed in a message without
    /// being parsed again.
    fn view_raw(&self, viewer: Viewer) -> Box<serde_json::value::RawValue>;
    /// The whole state as JSON text (snapshots; never sent to a client).
    fn state_json(&self) -> String;
    /// See [`Game::outcome`].
    fn outcome(&self) -> Option<Outcome>;
    /// The game's own bot if it has one, else a random legal action.
    fn bot_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Value>;
    /// A random legal action.
    fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Value>;
    /// See [`Game::redeal_hidden`].
    fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng);
    /// A deep copy.
    fn clone_box(&self) -> Box<dyn DynState>;
    /// The action in the canonical JSON that [`DynState::apply`] returns and
    /// the store keeps, without applying it; `None` when it is not an
    /// action of this game. The server compares a resent request with the
    /// action first sent under the same request id this way.
    fn canonical_action(&self, action: &Value) -> Option<String>;
}

/// The adapter from a typed [`Game`] to [`DynGame`].
pub struct Erased<G>(PhantomData<fn() -> G>);

/// Wraps a typed game for the catalogue.
pub fn erase<G: Game>() -> Box<dyn DynGame> {
    Box::new(Erased::<G>(PhantomData))
}

fn parse_options<G: Game>(options: &Value) -> Result<G::Options, SetupError> {
    let v = if options.is_null() { Value::Object(Default::default()) } else { options.clone() };
    serde_json::from_value(v).map_err(|e| SetupError(format!("options: {e}")))
}

impl<G: Game> DynGame for Erased<G> {
    fn info(&self) -> GameInfo {
        G::info()
    }

    fn content(&self) -> Option<String> {
        G::content()
    }

    fn normalize_options(&self, options: &Value) -> Result<Value, SetupError> {
        let o = parse_options::<G>(options)?;
        serde_json::to_value(o).map_err(|e| SetupError(e.to_string()))
    }

    fn setup(
        &self,
        options: &Value,
        seats: u8,
        rng: &mut GameRng,
    ) -> Result<Box<dyn DynState>, SetupError> {
        let info = G::info();
        if seats < info.min_seats || seats > info.max_seats {
            return Err(SetupError(format!(
                "{} is played by {} to {} players, not {seats}",
                info.name, info.min_seats, info.max_seats
            )));
        }
        let o = parse_options::<G>(options)?;
        Ok(Box::new(G::setup(&o, seats, rng)?))
    }

    fn restore(&self, state: &str) -> Result<Box<dyn DynState>, String> {
        serde_json::from_str::<G>(state).map(|g| Box::new(g) as Box<dyn DynState>).map_err(|e| e.to_string())
    }
}

impl<G: Game> DynState for G {
    fn pending(&self) -> Pending {
        Game::pending(self)
    }

    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        Game::prompt(self, seat)
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &Value,
        rng: &mut GameRng,
    ) -> Result<(Vec<LogEntry>, String), RuleError> {
        let a: G::Action = serde_json::from_value(action.clone())
            .map_err(|e| RuleError::malformed(format!("not an action of this game: {e}")))?;
        let log = Game::apply(self, seat, &a, rng)?;
        let canonical = serde_json::to_string(&a).unwrap_or_default();
        Ok((log, canonical))
    }

    fn view_json(&self, viewer: Viewer) -> String {
        serde_json::to_string(&Game::view(self, viewer)).unwrap_or_else(|_| "null".into())
    }

    fn view_raw(&self, viewer: Viewer) -> Box<serde_json::value::RawValue> {
        serde_json::value::to_raw_value(&Game::view(self, viewer))
            .unwrap_or_else(|_| serde_json::value::RawValue::NULL.to_owned())
    }

    fn state_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn bot_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Value> {
        // A smarter bot's idea is tried on a copy first: a bot must never
        // stall a table by repeating a refused move.
        let smart = Game::bot_action(self, seat, rng).filter(|a| {
            let mut probe = self.clone();
            let mut probe_rng = rng.clone();
            Game::apply(&mut probe, seat, a, &mut probe_rng).is_ok()
        });
        smart.or_else(|| Game::random_action(self, seat, rng)).and_then(|a| serde_json::to_value(a).ok())
    }

    fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Value> {
        Game::random_action(self, seat, rng).and_then(|a| serde_json::to_value(a).ok())
    }

    fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng) {
        Game::redeal_hidden(self, viewer, rng)
    }

    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }

    fn canonical_action(&self, action: &Value) -> Option<String> {
        let a: G::Action = serde_json::from_value(action.clone()).ok()?;
        serde_json::to_string(&a).ok()
    }
}
