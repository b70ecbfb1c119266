//! Helpers shared by the engine benchmarks (`benches/engines.rs`): random
//! legal play through the type-erased catalogue interface and through the
//! typed fast path, mid-game positions for view benchmarks, and long Sealed
//! Bids matches (state, seed and action log) for snapshot/resume benchmarks.
//!
//! Everything here is deterministic (fixed seeds) so that runs compare.

use backroom_engine::erased::{DynGame, DynState};
use backroom_engine::{Game, GameRng, Pending, Seat, Viewer};
use sealed_bids::SealedBids;
use serde_json::Value;

/// One awaited seat chosen at random, or `None` when the game is over.
pub fn pick_awaited(p: &Pending, rng: &mut GameRng) -> Option<Seat> {
    let awaited = p.awaited();
    let n = awaited.len();
    if n == 0 {
        return None;
    }
    awaited.iter().nth(rng.index(n))
}

/// Plays `steps` random legal actions through [`DynState`] (setting up a
/// new match whenever one ends) and returns how many matches were
/// finished. Panics if an awaited seat has no legal action (a contract
/// violation the engine tests should have caught).
pub fn dyn_random_steps(game: &dyn DynGame, seats: u8, steps: usize, seed: u64) -> usize {
    let mut game_rng = GameRng::seeded(seed);
    let mut bot = GameRng::seeded(seed ^ 0x5eed);
    let opts = Value::Null;
    let mut state = game.setup(&opts, seats, &mut game_rng).expect("setup");
    let mut finished = 0;
    for _ in 0..steps {
        let seat = match pick_awaited(&state.pending(), &mut bot) {
            Some(s) => s,
            None => {
                finished += 1;
                state = game.setup(&opts, seats, &mut game_rng).expect("setup");
                pick_awaited(&state.pending(), &mut bot).expect("a new match awaits someone")
            }
        };
        let action = state
            .random_action(seat, &mut bot)
            .unwrap_or_else(|| panic!("{}: awaited seat {seat} has no legal action", game.info().id));
        state.apply(seat, &action, &mut game_rng).expect("a random legal action applies");
    }
    finished
}

/// The typed fast path for Sealed Bids: [`Game::random_action`] (no prompt
/// built) and [`Game::apply`], `steps` actions.
pub fn typed_random_steps(steps: usize, seed: u64) -> usize {
    sealed_bids_steps(steps, seed, |g, seat, bot| Game::random_action(g, seat, bot).expect("legal action"))
}

/// Sealed Bids played the generic way a bot without a fast path plays any
/// game: build the seat's prompt, sample a candidate from it, parse it into
/// the typed action and apply it (what the goal "enumerating the prompt's
/// options and applying one, per step" measures).
pub fn typed_prompt_steps(steps: usize, seed: u64) -> usize {
    sealed_bids_steps(steps, seed, |g, seat, bot| {
        let prompt = Game::prompt(g, seat).expect("an awaited seat has a prompt");
        let candidate = prompt.random_action(bot).expect("a candidate");
        serde_json::from_value(candidate).expect("parses")
    })
}

/// Any typed game played the generic prompt way (build the awaited seat's
/// prompt, sample a candidate, parse it, apply it; a refused candidate is
/// sampled again), `steps` actions, new matches set up as they end;
/// returns how many ended.
pub fn prompt_steps<G: Game>(options: &G::Options, seats: u8, steps: usize, seed: u64) -> usize {
    let mut game_rng = GameRng::seeded(seed);
    let mut bot = GameRng::seeded(seed ^ 0x5eed);
    let mut g = G::setup(options, seats, &mut game_rng).expect("setup");
    let mut finished = 0;
    for _ in 0..steps {
        let seat = match pick_awaited(&g.pending(), &mut bot) {
            Some(s) => s,
            None => {
                finished += 1;
                g = G::setup(options, seats, &mut game_rng).expect("setup");
                pick_awaited(&g.pending(), &mut bot).expect("awaited")
            }
        };
        let prompt = g.prompt(seat).expect("an awaited seat has a prompt");
        let mut applied = false;
        for _ in 0..64 {
            let candidate = prompt.random_action(&mut bot).expect("a candidate");
            let Ok(a) = serde_json::from_value::<G::Action>(candidate) else { continue };
            if g.apply(seat, &a, &mut game_rng).is_ok() {
                applied = true;
                break;
            }
        }
        assert!(applied, "no sampled candidate applied");
    }
    finished
}

/// `steps` actions of 4-seat Sealed Bids on the typed game, each by a
/// random awaited seat as `choose` picks it, new matches set up as they
/// end; returns how many ended.
fn sealed_bids_steps(
    steps: usize,
    seed: u64,
    mut choose: impl FnMut(&SealedBids, Seat, &mut GameRng) -> sealed_bids::Action,
) -> usize {
    let opts = sealed_bids::Options::default();
    let mut game_rng = GameRng::seeded(seed);
    let mut bot = GameRng::seeded(seed ^ 0x5eed);
    let mut g = SealedBids::setup(&opts, 4, &mut game_rng).expect("setup");
    let mut finished = 0;
    for _ in 0..steps {
        let seat = match pick_awaited(&Game::pending(&g), &mut bot) {
            Some(s) => s,
            None => {
                finished += 1;
                g = SealedBids::setup(&opts, 4, &mut game_rng).expect("setup");
                pick_awaited(&Game::pending(&g), &mut bot).expect("awaited")
            }
        };
        let a = choose(&g, seat, &mut bot);
        Game::apply(&mut g, seat, &a, &mut game_rng).expect("applies");
    }
    finished
}

/// A position `steps` random actions into a match of `game` (fewer if the
/// match would end: it stops one action before the end).
pub fn mid_game(game: &dyn DynGame, seats: u8, steps: usize, seed: u64) -> Box<dyn DynState> {
    let mut game_rng = GameRng::seeded(seed);
    let mut bot = GameRng::seeded(seed ^ 0x5eed);
    let mut state = game.setup(&Value::Null, seats, &mut game_rng).expect("setup");
    for _ in 0..steps {
        let Some(seat) = pick_awaited(&state.pending(), &mut bot) else { break };
        let Some(action) = state.random_action(seat, &mut bot) else { break };
        let mut probe = state.clone_box();
        let mut probe_rng = game_rng.clone();
        probe.apply(seat, &action, &mut probe_rng).expect("applies");
        if probe.pending().is_over() {
            break;
        }
        state = probe;
        game_rng = probe_rng;
    }
    state
}

/// Every viewer of a `seats`-seat table: each seat, then a spectator.
pub fn viewers(seats: u8) -> Vec<Viewer> {
    (0..seats).map(Viewer::Seat).chain(std::iter::once(Viewer::Spectator)).collect()
}

/// A Sealed Bids match of exactly `len` accepted actions, as the store
/// would hold it: the opening state and RNG (JSON), the action log
/// (`(seat, canonical action JSON)`), and the final state and RNG (JSON).
pub struct Recorded {
    /// `DynState::state_json` after setup.
    pub initial_state: String,
    /// The match RNG after setup, JSON.
    pub initial_rng: String,
    /// Every accepted action in order.
    pub log: Vec<(Seat, String)>,
    /// `DynState::state_json` after the last action.
    pub final_state: String,
    /// The match RNG after the last action, JSON.
    pub final_rng: String,
    /// `(seq, state JSON, RNG JSON)` after every `snapshot_every`-th action,
    /// when asked for (what the server's store keeps).
    pub snapshots: Vec<(usize, String, String)>,
}

/// Sealed Bids, 4 seats, with enough rounds that `len` actions fit
/// (`len / 4 + 1` rounds). Setup accepts at most 100 rounds, so the round
/// count of the opening state is raised through its serialized form: the
/// rules do not depend on the count except to end the game.
pub fn sealed_bids_recorded(len: usize, seed: u64) -> Recorded {
    sealed_bids_recorded_with_snapshots(len, seed, 0)
}

/// [`sealed_bids_recorded`], also keeping a snapshot after every
/// `snapshot_every`-th action (0: none).
pub fn sealed_bids_recorded_with_snapshots(len: usize, seed: u64, snapshot_every: usize) -> Recorded {
    let game = sealed_bids_dyn();
    let mut game_rng = GameRng::seeded(seed);
    let mut bot = GameRng::seeded(seed ^ 0x5eed);
    let opening = game.setup(&serde_json::json!({"rounds": 100}), 4, &mut game_rng).expect("setup");
    let mut v: Value = serde_json::from_str(&opening.state_json()).expect("state JSON");
    v["rounds"] = Value::from((len / 4 + 1) as u64);
    let initial_state = v.to_string();
    let initial_rng = serde_json::to_string(&game_rng).expect("rng JSON");
    let mut state = game.restore(&initial_state).expect("restore");
    let mut log = Vec::with_capacity(len);
    let mut snapshots = Vec::new();
    for i in 0..len {
        let seat = pick_awaited(&state.pending(), &mut bot).expect("not over yet");
        let action = state.random_action(seat, &mut bot).expect("legal");
        let (_, canonical) = state.apply(seat, &action, &mut game_rng).expect("applies");
        log.push((seat, canonical));
        if snapshot_every > 0 && (i + 1) % snapshot_every == 0 {
            snapshots.push((i + 1, state.state_json(), serde_json::to_string(&game_rng).expect("rng JSON")));
        }
    }
    Recorded {
        initial_state,
        initial_rng,
        log,
        final_state: state.state_json(),
        final_rng: serde_json::to_string(&game_rng).expect("rng JSON"),
        snapshots,
    }
}

/// Sealed Bids from the catalogue.
pub fn sealed_bids_dyn() -> &'static dyn DynGame {
    backroom_games::find("sealed-bids").expect("sealed-bids is in the catalogue")
}

/// Resume by replay: restore the opening state and RNG, then parse and
/// apply every logged action (what a server does without a snapshot).
pub fn resume_by_replay(game: &dyn DynGame, rec: &Recorded) -> (Box<dyn DynState>, GameRng) {
    let mut state = game.restore(&rec.initial_state).expect("restore");
    let mut rng: GameRng = serde_json::from_str(&rec.initial_rng).expect("rng");
    for (seat, text) in &rec.log {
        let action: Value = serde_json::from_str(text).expect("logged action is JSON");
        state.apply(*seat, &action, &mut rng).expect("a logged action applies");
    }
    (state, rng)
}

/// Resume as the server does: restore a snapshot taken after action `seq`,
/// then replay the logged actions after it.
pub fn resume_from(
    game: &dyn DynGame,
    state: &str,
    rng: &str,
    tail: impl IntoIterator<Item = (Seat, impl AsRef<str>)>,
) -> (Box<dyn DynState>, GameRng) {
    let mut s = game.restore(state).expect("restore");
    let mut rng: GameRng = serde_json::from_str(rng).expect("rng");
    for (seat, text) in tail {
        let action: Value = serde_json::from_str(text.as_ref()).expect("logged action is JSON");
        s.apply(seat, &action, &mut rng).expect("a logged action applies");
    }
    (s, rng)
}

/// Resume from a snapshot: restore the final state and RNG.
pub fn resume_from_snapshot(game: &dyn DynGame, rec: &Recorded) -> (Box<dyn DynState>, GameRng) {
    let state = game.restore(&rec.final_state).expect("restore");
    let rng: GameRng = serde_json::from_str(&rec.final_rng).expect("rng");
    (state, rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_game_plays_randomly() {
        for g in backroom_games::catalogue() {
            let info = g.info();
            dyn_random_steps(g.as_ref(), info.default_seats, 2_000, 7);
        }
        assert!(typed_random_steps(2_000, 7) > 0);
        assert!(typed_prompt_steps(2_000, 7) > 0);
    }

    #[test]
    fn replay_rebuilds_the_snapshot() {
        let game = sealed_bids_dyn();
        for len in [100, 1_000] {
            let rec = sealed_bids_recorded(len, 3);
            assert_eq!(rec.log.len(), len);
            let (s, rng) = resume_by_replay(game, &rec);
            assert_eq!(s.state_json(), rec.final_state);
            assert_eq!(serde_json::to_string(&rng).unwrap(), rec.final_rng);
            let (s2, _) = resume_from_snapshot(game, &rec);
            assert_eq!(s2.state_json(), rec.final_state);
            assert!(!s.pending().is_over());
        }
        let rec = sealed_bids_recorded_with_snapshots(1_050, 3, 100);
        assert_eq!(rec.snapshots.len(), 10);
        let (seq, st, rng) = &rec.snapshots[9];
        let tail = rec.log[*seq..].iter().map(|(s, a)| (*s, a.as_str()));
        let (s, _) = resume_from(game, st, rng, tail);
        assert_eq!(s.state_json(), rec.final_state);
    }

    #[test]
    fn mid_game_positions_are_not_over() {
        for g in backroom_games::catalogue() {
            let info = g.info();
            let s = mid_game(g.as_ref(), info.default_seats, 40, 1);
            assert!(!s.pending().is_over());
            for v in viewers(info.default_seats) {
                assert!(!s.view_json(v).is_empty());
            }
        }
    }
}
