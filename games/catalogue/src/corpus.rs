//! The upgrade corpus: stored matches that every future engine must still
//! restore.
//!
//! Friends resume matches days later, across deployments, and a match is
//! stored as its game, `engine_version`, seat count, options, seed and
//! ordered action log (snapshots only make resume fast). So an engine keeps
//! the behaviour of every version it has stored matches under
//! ([`backroom_engine::Game::setup_at_version`]), and the action log is the
//! truth. This module holds such matches as fixture files in
//! `tests/corpus/` (one JSON file per match, see [`Fixture`]) and checks
//! them: each sets up at its stored version, replays every stored action
//! (each must be accepted as the same canonical action), ends with the
//! stored outcome when it was finished, and plays on to the end with bots
//! when it was live. A rules change that would break a saved match fails
//! this check unless it keeps the old behaviour behind the old version.
//!
//! The fixtures are made by [`write_missing`] (`cargo run -p backroom-games
//! --example make_corpus`): seeded bot matches of every catalogue game at
//! every seat count, one finished and one mid-match, under today's engine
//! versions. It never overwrites a file: a fixture records what an engine
//! version *did*, so regenerating it after a rules change would hide the
//! very break it exists to catch.

use crate::{catalogue, find};
use backroom_engine::erased::{DynGame, DynState};
use backroom_engine::{GameRng, LogEntry, Outcome, Seat, Seed};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One stored match, as the store keeps it.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fixture {
    /// The game's catalogue id.
    pub game: String,
    /// The engine version the match was started under.
    pub engine_version: u32,
    /// Seat count.
    pub seats: u8,
    /// The stored (normalized) options.
    pub options: Value,
    /// The 32-byte match seed, in hex.
    pub seed: String,
    /// The accepted actions in order, as `[seat, action]`; each action is
    /// the canonical JSON text the store keeps, byte for byte.
    pub actions: Vec<(Seat, Box<RawValue>)>,
    /// The stored outcome, for a finished match; absent for a live one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

/// A fixture replayed: what the store would hold for it.
pub struct Replayed {
    /// The game.
    pub game: &'static dyn DynGame,
    /// The opening state and generator as JSON text (the opening snapshot).
    pub opening: (String, String),
    /// Every action: seat, canonical text and log lines.
    pub moves: Vec<(Seat, String, Vec<LogEntry>)>,
    /// The state after the last action.
    pub state: Box<dyn DynState>,
    /// The generator after the last action.
    pub rng: GameRng,
}

/// What [`Fixture::check`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// Stored actions replayed.
    pub replayed: usize,
    /// Actions bots played on a live match to finish it.
    pub played_on: usize,
}

impl Fixture {
    /// Reads a fixture file; errors name the file.
    ///
    /// # Errors
    /// The file cannot be read or is not a fixture.
    pub fn load(path: &Path) -> Result<Fixture, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The seed as bytes.
    ///
    /// # Errors
    /// The `seed` field is not 64 hex digits.
    pub fn seed_bytes(&self) -> Result<Seed, String> {
        let bytes = hex::decode(&self.seed).map_err(|e| format!("seed: {e}"))?;
        bytes.try_into().map_err(|b: Vec<u8>| format!("seed: {} bytes, not 32", b.len()))
    }

    fn catalogue_game(&self) -> Result<&'static dyn DynGame, String> {
        find(&self.game).ok_or_else(|| format!("game '{}' is not in the catalogue", self.game))
    }

    /// True for a finished match.
    pub fn finished(&self) -> bool {
        self.outcome.is_some()
    }

    /// Sets the match up at its stored engine version and replays every
    /// stored action: each must be accepted and canonicalize to the stored
    /// text.
    ///
    /// # Errors
    /// A sentence naming the game, the step and what went wrong.
    pub fn replay(&self) -> Result<Replayed, String> {
        self.replay_on(self.catalogue_game()?)
    }

    /// [`Fixture::replay`] on a given engine (e.g. a changed one).
    ///
    /// # Errors
    /// As [`Fixture::replay`].
    pub fn replay_on(&self, game: &'static dyn DynGame) -> Result<Replayed, String> {
        let mut rng = GameRng::from_seed(self.seed_bytes()?);
        let mut state = game
            .setup_at_version(&self.options, self.seats, &mut rng, self.engine_version)
            .map_err(|e| format!("setup: {e}"))?;
        let opening = (state.state_json(), serde_json::to_string(&rng).map_err(|e| e.to_string())?);
        let mut moves = Vec::with_capacity(self.actions.len());
        for (i, (seat, action)) in self.actions.iter().enumerate() {
            let at = |what: String| format!("action {} (seat {seat}): {what}", i + 1);
            let value: Value = serde_json::from_str(action.get()).map_err(|e| at(e.to_string()))?;
            let (log, canonical) =
                state.apply(*seat, &value, &mut rng).map_err(|e| at(format!("refused on replay: {e}")))?;
            if canonical != action.get() {
                return Err(at(format!("replays as {canonical}, not as the stored {}", action.get())));
            }
            moves.push((*seat, canonical, log));
        }
        Ok(Replayed { game, opening, moves, state, rng })
    }

    /// The whole check: replays the log; a finished match must end there
    /// with the stored outcome; a live one must not be over, and bots
    /// (seeded by `bot_seed`) play it to the end within the game's
    /// `max_actions`.
    ///
    /// # Errors
    /// A sentence naming what broke.
    pub fn check(&self, bot_seed: u64) -> Result<Checked, String> {
        self.check_on(self.catalogue_game()?, bot_seed)
    }

    /// [`Fixture::check`] on a given engine (e.g. a changed one).
    ///
    /// # Errors
    /// As [`Fixture::check`].
    pub fn check_on(&self, game: &'static dyn DynGame, bot_seed: u64) -> Result<Checked, String> {
        let Replayed { mut state, mut rng, moves, .. } = self.replay_on(game)?;
        let replayed = moves.len();
        match &self.outcome {
            Some(stored) => {
                let outcome = state.outcome().ok_or("the stored match was finished; the replay is not")?;
                // The result (places and scores) must be the same; the
                // summary is text, which an engine may word anew (seat
                // tokens replaced "Seat 1" under the same version).
                if (&outcome.ranking, &outcome.scores) != (&stored.ranking, &stored.scores) {
                    return Err(format!(
                        "the replay ends with \"{}\", not the stored \"{}\"",
                        outcome.summary, stored.summary
                    ));
                }
                Ok(Checked { replayed, played_on: 0 })
            }
            None => {
                if state.pending().is_over() {
                    return Err("the stored match was live; the replay is over".into());
                }
                let max = game.max_actions(self.seats).ok_or("the game states no max_actions")?;
                let budget = max.saturating_sub(replayed);
                let played_on = play_out(state.as_mut(), &mut rng, &mut GameRng::seeded(bot_seed), budget)
                    .map_err(|e| format!("playing on after action {replayed}: {e}"))?;
                Ok(Checked { replayed, played_on: played_on.len() })
            }
        }
    }

    /// The fixture as a file: one action per line, so a diff reads.
    pub fn to_file_text(&self) -> String {
        let mut head = serde_json::Map::new();
        head.insert("game".into(), self.game.clone().into());
        head.insert("engine_version".into(), self.engine_version.into());
        head.insert("seats".into(), self.seats.into());
        head.insert("options".into(), self.options.clone());
        head.insert("seed".into(), self.seed.clone().into());
        let mut out = String::from("{\n");
        for (k, v) in &head {
            let _ = writeln!(out, "  \"{k}\": {v},");
        }
        if let Some(o) = &self.outcome {
            let _ = writeln!(out, "  \"outcome\": {},", serde_json::to_string(o).unwrap_or_default());
        }
        out.push_str("  \"actions\": [");
        for (i, (seat, a)) in self.actions.iter().enumerate() {
            let _ = write!(out, "{}\n    [{seat}, {}]", if i == 0 { "" } else { "," }, a.get());
        }
        out.push_str(if self.actions.is_empty() { "]\n}\n" } else { "\n  ]\n}\n" });
        out
    }
}

/// Bots play `state` to the end: each step one awaited seat (chosen by
/// `bots`) plays its bot's action. Returns the accepted actions.
///
/// # Errors
/// An awaited seat has no action, an action is refused, or the game is not
/// over after `budget` actions.
pub fn play_out(
    state: &mut dyn DynState,
    rng: &mut GameRng,
    bots: &mut GameRng,
    budget: usize,
) -> Result<Vec<(Seat, String)>, String> {
    let mut played = Vec::new();
    while !state.pending().is_over() {
        if played.len() >= budget {
            return Err(format!("not over after {budget} more actions"));
        }
        let awaited: Vec<Seat> = state.pending().awaited().iter().collect();
        if awaited.is_empty() {
            return Err("nobody is awaited and the game is not over".into());
        }
        let seat = awaited[bots.index(awaited.len())];
        let action =
            state.bot_action(seat, bots).ok_or_else(|| format!("seat {seat} is awaited but its bot has no action"))?;
        let (_, canonical) =
            state.apply(seat, &action, rng).map_err(|e| format!("seat {seat}'s bot action was refused: {e}"))?;
        played.push((seat, canonical));
    }
    Ok(played)
}

/// A 32-byte seed spread from a small number (SplitMix64), so the corpus
/// is reproducible without looking like a toy seed.
fn spread_seed(n: u64) -> Seed {
    let mut x = n;
    let mut seed = [0u8; 32];
    for chunk in seed.chunks_mut(8) {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        chunk.copy_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    seed
}

/// A seeded bot match of `game` with its default options: finished, or
/// (with `live`) cut halfway through, before its end.
///
/// # Errors
/// The game cannot be set up or its bots cannot finish it.
pub fn generate(game: &dyn DynGame, seats: u8, seed: u64, live: bool) -> Result<Fixture, String> {
    let info = game.info();
    let options = game.normalize_options(&Value::Null).map_err(|e| e.to_string())?;
    let seed = spread_seed(seed);
    let mut rng = GameRng::from_seed(seed);
    let mut state = game.setup_at_version(&options, seats, &mut rng, info.engine_version).map_err(|e| e.to_string())?;
    let mut bots = GameRng::from_seed(spread_seed(u64::from_le_bytes(seed[..8].try_into().unwrap_or_default())));
    let max = game.max_actions(seats).ok_or("the game states no max_actions")?;
    let mut played = play_out(state.as_mut(), &mut rng, &mut bots, max)?;
    let mut outcome = state.outcome();
    if live {
        played.truncate(played.len() / 2);
        outcome = None;
    }
    let actions = played
        .into_iter()
        .map(|(s, a)| RawValue::from_string(a).map(|a| (s, a)).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    Ok(Fixture {
        game: info.id,
        engine_version: info.engine_version,
        seats,
        options,
        seed: hex::encode(seed),
        actions,
        outcome,
    })
}

/// The committed corpus: `tests/corpus/` at the repository root.
pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus")
}

/// Every fixture file in `dir`, sorted.
///
/// # Errors
/// The directory cannot be read.
pub fn fixture_paths(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    out.sort();
    Ok(out)
}

/// A fixture's file name: `sealed-bids.v1.4-seats.finished.json`.
pub fn file_name(game: &str, engine_version: u32, seats: u8, live: bool) -> String {
    format!("{game}.v{engine_version}.{seats}-seats.{}.json", if live { "live" } else { "finished" })
}

/// Writes the fixtures of today's engines that `dir` does not hold yet:
/// for every catalogue game and seat count, one finished match and one
/// mid-match. Never overwrites. Returns the files written.
///
/// # Errors
/// A game's bots cannot finish a match, or a file cannot be written.
pub fn write_missing(dir: &Path) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut written = vec![];
    for (g, game) in catalogue().iter().enumerate() {
        let info = game.info();
        for seats in info.min_seats..=info.max_seats {
            for live in [false, true] {
                let path = dir.join(file_name(&info.id, info.engine_version, seats, live));
                if path.exists() {
                    continue;
                }
                let seed = ((g as u64) << 16) | (u64::from(seats) << 1) | u64::from(live);
                let f = generate(game.as_ref(), seats, seed, live).map_err(|e| format!("{}: {e}", path.display()))?;
                std::fs::write(&path, f.to_file_text()).map_err(|e| format!("{}: {e}", path.display()))?;
                written.push(path);
            }
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpus() -> Vec<(PathBuf, Fixture)> {
        let paths = fixture_paths(&corpus_dir()).expect("tests/corpus/ exists");
        paths.into_iter().map(|p| Fixture::load(&p).map(|f| (p, f)).unwrap_or_else(|e| panic!("{e}"))).collect()
    }

    #[test]
    fn every_stored_match_restores_and_plays_to_the_end() {
        let corpus = corpus();
        assert!(!corpus.is_empty());
        for (i, (path, f)) in corpus.iter().enumerate() {
            let checked = f.check(i as u64).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(checked.replayed, f.actions.len());
            assert_eq!(checked.played_on > 0, !f.finished(), "{}", path.display());
        }
    }

    /// A new game, seat count or engine version fails here until its
    /// fixtures are generated (`make_corpus`) and committed.
    #[test]
    fn the_corpus_holds_every_game_at_every_seat_count_under_todays_version() {
        let dir = corpus_dir();
        for game in catalogue() {
            let info = game.info();
            for seats in info.min_seats..=info.max_seats {
                for live in [false, true] {
                    let name = file_name(&info.id, info.engine_version, seats, live);
                    assert!(
                        dir.join(&name).exists(),
                        "tests/corpus/{name} is missing: run `cargo run -p backroom-games --example make_corpus`"
                    );
                }
            }
        }
    }

    #[test]
    fn a_fixture_file_round_trips() {
        for (path, f) in corpus().iter().take(4) {
            let text = std::fs::read_to_string(path).unwrap();
            assert_eq!(f.to_file_text(), text, "{} is written as the generator writes it", path.display());
        }
    }

    #[test]
    fn generating_is_reproducible() {
        let game = find("sealed-bids").unwrap();
        let a = generate(game, 3, 99, false).unwrap().to_file_text();
        assert_eq!(a, generate(game, 3, 99, false).unwrap().to_file_text());
        let live = generate(game, 3, 99, true).unwrap();
        assert!(!live.finished() && !live.actions.is_empty());
    }

    #[test]
    fn a_version_the_engine_no_longer_replays_is_named() {
        let mut f = generate(find("sealed-bids").unwrap(), 2, 1, false).unwrap();
        f.engine_version = 0;
        let e = f.check(0).expect_err("version 0 is refused");
        assert_eq!(e, "setup: Sealed Bids engine version 1 no longer replays matches stored under version 0");
    }

    /// Sealed Bids after a house-rule change, "the Bidding Dial starts at
    /// 1", made two ways: `BUMPED` makes it engine version 2 and keeps
    /// version 1's rules for matches stored under it, as the trait asks; the
    /// other changes the rules under the same version.
    #[derive(Clone, Serialize, Deserialize)]
    struct DialFromOne<const BUMPED: bool> {
        rules: u32,
        game: sealed_bids::SealedBids,
    }

    impl<const BUMPED: bool> backroom_engine::Game for DialFromOne<BUMPED> {
        type Options = sealed_bids::Options;
        type Action = sealed_bids::Action;
        type View = sealed_bids::View;
        fn info() -> backroom_engine::GameInfo {
            let mut info = sealed_bids::SealedBids::info();
            info.engine_version = if BUMPED { 2 } else { 1 };
            info
        }
        fn setup(o: &Self::Options, seats: u8, rng: &mut GameRng) -> Result<Self, backroom_engine::SetupError> {
            Self::setup_version(o, seats, rng, Self::info().engine_version)
        }
        fn oldest_version() -> u32 {
            1
        }
        fn setup_version(
            o: &Self::Options,
            seats: u8,
            rng: &mut GameRng,
            v: u32,
        ) -> Result<Self, backroom_engine::SetupError> {
            let rules = if BUMPED { v } else { 2 };
            Ok(DialFromOne { rules, game: sealed_bids::SealedBids::setup(o, seats, rng)? })
        }
        fn pending(&self) -> backroom_engine::Pending {
            backroom_engine::Game::pending(&self.game)
        }
        fn prompt(&self, seat: Seat) -> Option<backroom_engine::Prompt> {
            backroom_engine::Game::prompt(&self.game, seat)
        }
        fn seat_count(&self) -> u8 {
            backroom_engine::Game::seat_count(&self.game)
        }
        fn is_over(&self) -> bool {
            backroom_engine::Game::is_over(&self.game)
        }
        fn try_apply(
            &mut self,
            seat: Seat,
            a: &Self::Action,
            rng: &mut GameRng,
            log: &mut Vec<LogEntry>,
        ) -> Result<(), backroom_engine::RuleError> {
            let sealed_bids::Action::Bid { value, .. } = a;
            if self.rules >= 2 && *value == 0 {
                return Err(backroom_engine::RuleError::illegal("Bidding Dial", "The dial starts at 1."));
            }
            backroom_engine::Game::try_apply(&mut self.game, seat, a, rng, log)
        }
        fn view(&self, viewer: backroom_engine::Viewer) -> Self::View {
            backroom_engine::Game::view(&self.game, viewer)
        }
        fn outcome(&self) -> Option<Outcome> {
            backroom_engine::Game::outcome(&self.game)
        }
        fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng) {
            backroom_engine::Game::redeal_hidden(&mut self.game, viewer, rng)
        }
        fn max_actions(seats: u8) -> usize {
            sealed_bids::SealedBids::max_actions(seats)
        }
        fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Self::Action> {
            let a = backroom_engine::Game::random_action(&self.game, seat, rng)?;
            let sealed_bids::Action::Bid { value, round } = a;
            Some(sealed_bids::Action::Bid { value: if self.rules >= 2 { value.max(1) } else { value }, round })
        }
    }

    #[test]
    fn a_rules_change_breaks_saved_matches_unless_the_old_version_is_kept() {
        let unbumped: &'static dyn DynGame = Box::leak(backroom_engine::erased::erase::<DialFromOne<false>>());
        let bumped: &'static dyn DynGame = Box::leak(backroom_engine::erased::erase::<DialFromOne<true>>());
        let mut broken = 0;
        for (path, f) in corpus().iter().filter(|(_, f)| f.game == "sealed-bids" && f.engine_version == 1) {
            // Changed under the same version: a stored bid of 0 is refused.
            if let Err(e) = f.check_on(unbumped, 0) {
                assert!(e.contains("refused on replay: Bidding Dial"), "{}: {e}", path.display());
                broken += 1;
            }
            // Bumped, with version 1 kept: every saved match restores.
            f.check_on(bumped, 0).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
        assert!(broken > 0, "the corpus holds bids of 0, so the unbumped change must break some saved match");
    }

    #[test]
    fn a_changed_log_or_outcome_fails_the_check() {
        let game = find("sealed-bids").unwrap();
        let mut f = generate(game, 2, 1, false).unwrap();
        f.actions[0].1 = RawValue::from_string(r#"{"type":"bid","value":99,"round":0}"#.into()).unwrap();
        let e = f.check(0).expect_err("a bid of 99 is refused");
        assert!(e.starts_with("action 1 (seat "), "{e}");
        let mut f = generate(game, 2, 1, false).unwrap();
        let o = f.outcome.as_mut().unwrap();
        o.ranking.reverse();
        o.summary = "Nobody won.".into();
        assert!(f.check(0).expect_err("a changed outcome is caught").contains("not the stored \"Nobody won.\""));
        // The summary alone is text: reworded, the result still holds.
        let mut f = generate(game, 2, 1, false).unwrap();
        f.outcome.as_mut().unwrap().summary = "Seat 1 wins.".into();
        assert!(f.check(0).is_ok());
    }
}
