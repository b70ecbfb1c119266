//! Fairness: replay a finished match from its log and check it.
//!
//! At start the server publishes SHA-256 of the match seed; when the match
//! ends it reveals the seed. Anyone holding the record can then check that
//! the seed was fixed in advance (its hash) and that every die and shuffle
//! followed from it: setting the game up from the revealed seed and
//! replaying the logged actions must give the stored opening, every stored
//! snapshot, and the stored outcome.
//!
//! A lobby made with a server commitment (`crate::fairness`) is checked
//! first for the seed's derivation: the revealed server secret hashes to
//! the commitment published at the lobby's creation, and the seed is the
//! derivation of that secret and the revealed contributions, seat by seat.
//! A lobby without one (stored before contributions existed, or made on a
//! `--test-seed` server) is checked as it always was, and said to be so.

use crate::secret;
use crate::store::Store;
use anyhow::{Context, Result, bail, ensure};
use backroom_engine::GameRng;
use backroom_protocol::http::LobbyStatus;
use serde_json::Value;
use uuid::Uuid;

/// What [`verify`] checked.
#[derive(Debug)]
pub struct Verified {
    pub game: String,
    pub actions: usize,
    pub seed_hash: String,
    pub outcome: String,
    /// How the seed came about: `Some(n)` when it was derived from the
    /// server's committed secret and the seats' contributions (`n` of them
    /// not empty), `None` when the server picked it alone.
    pub contributions: Option<usize>,
}

/// Checks the derivation of a committed lobby's seed (see the module
/// docs); how many seats contributed. `Ok(None)` without a commitment.
fn check_derivation(lobby: &crate::store::LobbyRow, seed: &[u8; 32]) -> Result<Option<usize>> {
    let Some(commitment) = &lobby.server_commitment else { return Ok(None) };
    let server_secret = lobby.server_secret.as_deref().context("a commitment was published but no secret is stored")?;
    ensure!(
        &secret::hash_bytes(server_secret) == commitment,
        "the revealed server secret does not match the commitment published at the lobby's creation"
    );
    let stored = lobby.seat_contributions.as_deref().context("no contributions stored for a committed seed")?;
    let contributions = crate::fairness::parse_contributions(stored).map_err(anyhow::Error::msg)?;
    ensure!(
        contributions.len() == usize::from(lobby.seats),
        "{} contributions are stored for {} seats",
        contributions.len(),
        lobby.seats
    );
    ensure!(
        &crate::fairness::derive_seed(server_secret, &contributions) == seed,
        "the seed is not the derivation of the server's secret and the seats' contributions"
    );
    Ok(Some(contributions.iter().filter(|c| !c.is_empty()).count()))
}

/// Replays a finished match and checks seed, opening, snapshots and outcome.
pub async fn verify(store: &Store, id: Uuid) -> Result<Verified> {
    let (lobby, _) = store.load_lobby(id).await?.context("no such lobby")?;
    if lobby.status != LobbyStatus::Finished {
        bail!("the match is {}; only a finished match has a revealed seed to verify", lobby.status.as_str());
    }
    let game = backroom_games::find(&lobby.game).with_context(|| format!("unknown game {}", lobby.game))?;
    let seed: [u8; 32] = lobby
        .seed
        .clone()
        .context("no seed stored")?
        .try_into()
        .map_err(|_| anyhow::anyhow!("the seed is not 32 bytes"))?;
    let seed_hash = lobby.seed_hash.clone().context("no seed hash published")?;
    ensure!(secret::hash_bytes(&seed) == seed_hash, "the revealed seed does not match the hash published at the start");
    let contributions = check_derivation(&lobby, &seed)?;
    let mut rng = GameRng::from_seed(seed);
    let options: Value = serde_json::from_str(&lobby.options)?;
    // Set up under the rules the match was played by (its stored
    // engine_version), which the engine keeps behind that version.
    let version = u32::try_from(lobby.engine_version).unwrap_or(0);
    let mut state =
        game.setup_at_version(&options, lobby.seats, &mut rng, version).map_err(|e| anyhow::anyhow!("setup: {e}"))?;
    let opening = store.opening(id).await?.context("no opening snapshot")?;
    // A state stored by another engine version may be written differently
    // (a field added since); the generator after setup must agree anyway.
    let same_engine = crate::table::same_engine(game, &lobby);
    ensure!(
        !same_engine || opening.state == state.state_json(),
        "the stored opening differs from a setup with the revealed seed"
    );
    ensure!(opening.rng == serde_json::to_string(&rng)?, "the stored opening RNG differs from the revealed seed's");
    let actions = store.all_actions(id).await?;
    for (i, a) in actions.iter().enumerate() {
        ensure!(a.seq == i as i64 + 1, "the log skips from {} to {}", i, a.seq);
        let action: Value = serde_json::from_str(&a.action)?;
        let (_, canonical) = state
            .apply(a.seat, &action, &mut rng)
            .map_err(|e| anyhow::anyhow!("action {} is refused on replay: {e}", a.seq))?;
        ensure!(canonical == a.action, "action {} replays as a different action", a.seq);
    }
    let outcome = state.outcome().context("the replayed match has not ended")?;
    let stored: backroom_engine::Outcome =
        serde_json::from_str(lobby.outcome.as_deref().context("no stored outcome")?)?;
    // The result (places and scores) must agree; the summary is a sentence
    // for people, whose wording may change between versions (seat tokens).
    ensure!(
        outcome.ranking == stored.ranking && outcome.scores == stored.scores,
        "the replayed result differs from the stored one"
    );
    // Outcomes stored before `game_winner` existed do not name it.
    ensure!(
        stored.game_winner.is_none() || outcome.game_winner == stored.game_winner,
        "the replayed result differs from the stored one"
    );
    Ok(Verified { game: lobby.game, actions: actions.len(), seed_hash, outcome: outcome.summary, contributions })
}

/// Sanity check used at start-up and in tests: the state at the latest
/// snapshot equals a replay from the opening.
pub async fn snapshot_matches_replay(store: &Store, id: Uuid) -> Result<bool> {
    let (lobby, _) = store.load_lobby(id).await?.context("no such lobby")?;
    let game = backroom_games::find(&lobby.game).context("unknown game")?;
    if !crate::table::same_engine(game, &lobby) {
        // Snapshots of another engine version are never read (a restore
        // replays the whole log instead), so there is nothing to compare.
        return Ok(true);
    }
    let resume = store.load_resume(id, 0).await?;
    let opening = store.opening(id).await?.context("no opening")?;
    let mut rng: GameRng = serde_json::from_str(&opening.rng)?;
    let mut state = game.restore(&opening.state).map_err(|e| anyhow::anyhow!(e))?;
    for a in store.all_actions(id).await? {
        if a.seq > resume.snapshot.seq {
            break;
        }
        let action: Value = serde_json::from_str(&a.action)?;
        state.apply(a.seat, &action, &mut rng).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    Ok(state.state_json() == resume.snapshot.state && serde_json::to_string(&rng)? == resume.snapshot.rng)
}
