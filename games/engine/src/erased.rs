//! Games behind a JSON-speaking trait object, for the server and tools.
//!
//! The server hosts every game through [`DynGame`] / [`DynState`]: actions
//! arrive as JSON and are parsed into the game's typed `Action` (a parse
//! failure is a [`RuleError`] with code `malformed_action`, never a panic);
//! views leave as JSON text built by the game's own `view`.

use crate::{Game, GameInfo, GameRng, LogEntry, Outcome, Pending, Prompt, RuleError, Seat, SetupError, Viewer};
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
    fn setup(&self, options: &Value, seats: u8, rng: &mut GameRng) -> Result<Box<dyn DynState>, SetupError>;
    /// The opening position of a match stored under `engine_version`: see
    /// [`Game::setup_at_version`]. A stored match is restored by replaying
    /// its log from this opening.
    ///
    /// # Errors
    /// A [`SetupError`] when the engine no longer replays that version, or
    /// as [`DynGame::setup`].
    fn setup_at_version(
        &self,
        options: &Value,
        seats: u8,
        rng: &mut GameRng,
        engine_version: u32,
    ) -> Result<Box<dyn DynState>, SetupError> {
        let info = self.info();
        if engine_version == info.engine_version {
            self.setup(options, seats, rng)
        } else {
            Err(SetupError::unreplayable(&info, engine_version))
        }
    }
    /// See [`Game::max_actions`]: the bound on a bot-played match, for
    /// tools that play matches out. `None` from a wrapper that does not know
    /// it.
    fn max_actions(&self, _seats: u8) -> Option<usize> {
        None
    }
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
    fn apply(&mut self, seat: Seat, action: &Value, rng: &mut GameRng) -> Result<(Vec<LogEntry>, String), RuleError>;
    /// The viewer's view as JSON text.
    fn view_json(&self, viewer: Viewer) -> String;
    /// The viewer's view as raw JSON, ready to embed in a message without
    /// being parsed again.
    fn view_raw(&self, viewer: Viewer) -> Box<serde_json::value::RawValue>;
    /// The whole state as JSON text (snapshots; never sent to a client).
    fn state_json(&self) -> String;
    /// See [`Game::outcome`].
    fn outcome(&self) -> Option<Outcome>;
    /// See [`Game::opening_log`].
    fn opening_log(&self) -> Vec<LogEntry> {
        Vec::new()
    }
    /// The game's own bot if it has one, else a random legal action.
    fn bot_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Value>;
    /// A random legal action.
    fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Value>;
    /// See [`Game::redeal_hidden`].
    fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng);
    /// The search bot's move for `seat` ([`crate::search::choose`] with the
    /// game's [`Game::search_config`]), `None` when it has none.
    fn search_action(&self, seat: Seat, seed: u64, budget: crate::search::Budget<'_>) -> Option<Value>;
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

    fn setup(&self, options: &Value, seats: u8, rng: &mut GameRng) -> Result<Box<dyn DynState>, SetupError> {
        self.setup_at_version(options, seats, rng, G::info().engine_version)
    }

    fn setup_at_version(
        &self,
        options: &Value,
        seats: u8,
        rng: &mut GameRng,
        engine_version: u32,
    ) -> Result<Box<dyn DynState>, SetupError> {
        let info = G::info();
        if seats < info.min_seats || seats > info.max_seats {
            return Err(SetupError(format!(
                "{} is played by {} to {} players, not {seats}",
                info.name, info.min_seats, info.max_seats
            )));
        }
        let o = parse_options::<G>(options)?;
        Ok(Box::new(G::setup_at_version(&o, seats, rng, engine_version)?))
    }

    fn max_actions(&self, seats: u8) -> Option<usize> {
        Some(G::max_actions(seats))
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

    fn apply(&mut self, seat: Seat, action: &Value, rng: &mut GameRng) -> Result<(Vec<LogEntry>, String), RuleError> {
        // One answer from every game: numbers past any legal move's are out
        // of range, unknown fields are named (`strict`).
        crate::strict::numbers_in_range(action).map_err(RuleError::malformed)?;
        let a: G::Action = serde_json::from_value(action.clone()).map_err(|e| {
            RuleError::malformed(format!("not an action of this game: {}", crate::strict::worded(&e.to_string())))
        })?;
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

    fn opening_log(&self) -> Vec<LogEntry> {
        Game::opening_log(self)
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

    fn search_action(&self, seat: Seat, seed: u64, budget: crate::search::Budget<'_>) -> Option<Value> {
        let choice = crate::search::choose(self, seat, seed, &G::search_config(), budget)?;
        serde_json::to_value(choice.action).ok()
    }

    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }

    fn canonical_action(&self, action: &Value) -> Option<String> {
        let a: G::Action = serde_json::from_value(action.clone()).ok()?;
        serde_json::to_string(&a).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Ask, Input, SeatSet};
    use serde::{Deserialize, Serialize};
    use serde_json::json;

    /// A toy that changed its rules once: under version 1 a `take` removes
    /// one counter, under version 2 (today's) two. It keeps the version a
    /// match started under and branches on it, as the trait asks.
    #[derive(Clone, Debug, Serialize, Deserialize)]
    struct Countdown {
        rules: u32,
        left: u8,
    }

    #[derive(Clone, Debug, Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
    enum Take {
        Take,
    }

    /// A toy without options.
    #[derive(Clone, Debug, Default, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct NoOptions {}

    fn countdown_info(engine_version: u32) -> GameInfo {
        GameInfo {
            id: "countdown".into(),
            name: "Countdown".into(),
            summary: "Take counters until none are left.".into(),
            min_seats: 1,
            max_seats: 1,
            default_seats: 1,
            options: vec![],
            house_content: true,
            engine_version,
        }
    }

    impl Game for Countdown {
        type Options = NoOptions;
        type Action = Take;
        type View = u8;
        fn info() -> GameInfo {
            countdown_info(2)
        }
        fn setup(o: &NoOptions, seats: u8, rng: &mut GameRng) -> Result<Self, SetupError> {
            Self::setup_version(o, seats, rng, 2)
        }
        fn oldest_version() -> u32 {
            1
        }
        fn setup_version(_: &NoOptions, _: u8, _: &mut GameRng, engine_version: u32) -> Result<Self, SetupError> {
            Ok(Countdown { rules: engine_version, left: 6 })
        }
        fn pending(&self) -> Pending {
            if self.left == 0 { Pending::Over } else { Pending::Turn { seat: 0 } }
        }
        fn prompt(&self, _: Seat) -> Option<Prompt> {
            (self.left > 0).then(|| Prompt::single("Take", Ask::new("take", "Take")))
        }
        fn seat_count(&self) -> u8 {
            1
        }
        fn try_apply(&mut self, _: Seat, _: &Take, _: &mut GameRng, _: &mut Vec<LogEntry>) -> Result<(), RuleError> {
            self.left = self.left.saturating_sub(if self.rules == 1 { 1 } else { 2 });
            Ok(())
        }
        fn view(&self, _: Viewer) -> u8 {
            self.left
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.left == 0).then(|| Outcome {
                ranking: vec![vec![0]],
                scores: vec![],
                summary: "Done.".into(),
                game_winner: None,
            })
        }
        fn redeal_hidden(&mut self, _: Seat, _: &mut GameRng) {}
        fn max_actions(_: u8) -> usize {
            6
        }
    }

    /// A toy that never changed its rules: it keeps the default
    /// `setup_version` and `oldest_version`.
    #[derive(Clone, Debug, Serialize, Deserialize)]
    struct Still;

    impl Game for Still {
        type Options = NoOptions;
        type Action = Take;
        type View = ();
        fn info() -> GameInfo {
            countdown_info(3)
        }
        fn setup(_: &NoOptions, _: u8, _: &mut GameRng) -> Result<Self, SetupError> {
            Ok(Still)
        }
        fn pending(&self) -> Pending {
            Pending::Window { seats: SeatSet::only(0), answered: SeatSet::EMPTY }
        }
        fn prompt(&self, _: Seat) -> Option<Prompt> {
            Some(Prompt::single("Pick", Ask::new("take", "Take").param("n", "N", Input::Number { min: 0, max: 1 })))
        }
        fn seat_count(&self) -> u8 {
            1
        }
        fn try_apply(&mut self, _: Seat, _: &Take, _: &mut GameRng, _: &mut Vec<LogEntry>) -> Result<(), RuleError> {
            Ok(())
        }
        fn view(&self, _: Viewer) {}
        fn outcome(&self) -> Option<Outcome> {
            None
        }
        fn redeal_hidden(&mut self, _: Seat, _: &mut GameRng) {}
        fn max_actions(_: u8) -> usize {
            1
        }
    }

    fn takes_to_finish(game: &dyn DynGame, engine_version: u32) -> Result<usize, SetupError> {
        let mut rng = GameRng::seeded(1);
        let mut state = game.setup_at_version(&Value::Null, 1, &mut rng, engine_version)?;
        let mut n = 0;
        while !state.pending().is_over() {
            state.apply(0, &json!({"type": "take"}), &mut rng).expect("a take is legal until the end");
            n += 1;
        }
        Ok(n)
    }

    #[test]
    fn a_match_replays_under_the_rules_of_its_stored_version() {
        let game = erase::<Countdown>();
        assert_eq!(takes_to_finish(game.as_ref(), 1), Ok(6), "version 1 took one counter at a time");
        assert_eq!(takes_to_finish(game.as_ref(), 2), Ok(3), "version 2 takes two");
        let e = takes_to_finish(game.as_ref(), 7).unwrap_err();
        assert_eq!(e.0, "Countdown engine version 2 no longer replays matches stored under version 7");
    }

    #[test]
    fn by_default_only_the_current_version_replays() {
        let game = erase::<Still>();
        let mut rng = GameRng::seeded(1);
        assert!(game.setup_at_version(&Value::Null, 1, &mut rng, 3).is_ok());
        let e = game.setup_at_version(&Value::Null, 1, &mut rng, 2).err().expect("version 2 is refused");
        assert!(e.0.contains("no longer replays matches stored under version 2"), "{e}");
        // The seat count is still checked first, whatever the version.
        let e = game.setup_at_version(&Value::Null, 4, &mut rng, 3).err().expect("4 seats are refused");
        assert!(e.0.contains("not 4"), "{e}");
    }
}
