//! The table's part in a seed nobody picks (`crate::fairness`): the server
//! secret a lobby commits to at its creation, the contributions its people
//! make before the start, and the seed the start derives from both.

use super::{Table, err, internal};
use crate::fairness::{contributions_json, derive_seed};
use crate::secret;
use crate::store::LobbyRow;
use backroom_protocol::http::LobbyStatus;
use backroom_protocol::{ApiError, ErrorCode};
use std::collections::HashMap;
use uuid::Uuid;

/// `lobby` with a fresh 32-byte server secret and its published commitment.
///
/// A server that forces seeds for tests (`--test-seed`) gives none: every
/// deal of its matches must follow from the test seed alone, so they keep
/// the server-picked seed (published hash, revealed seed), and `verify`
/// and the web client check them as they check matches made before
/// contributions existed. Only tests may run such a server.
pub fn with_server_secret(mut lobby: LobbyRow, test_seed: bool) -> LobbyRow {
    if !test_seed {
        let secret = secret::random_bytes::<32>();
        lobby.server_commitment = Some(secret::hash_bytes(&secret));
        lobby.server_secret = Some(secret.to_vec());
    }
    lobby
}

impl Table {
    /// A person's share of the seed (`POST /contribute`): taken only before
    /// the start, stored before it is acknowledged, never shown to anyone
    /// before the start. A later one from the same person replaces theirs.
    pub(super) async fn contribute(&mut self, token: String, bytes: Vec<u8>) -> Result<(), ApiError> {
        let id = self.player_by_token(&token)?.id;
        match self.lobby.status {
            LobbyStatus::Open => {}
            LobbyStatus::Expired => return Err(err(ErrorCode::LobbyNotFound, "This lobby expired before it started.")),
            LobbyStatus::Live | LobbyStatus::Finished => {
                return Err(err(
                    ErrorCode::AlreadyStarted,
                    "The match has started and its seed is fixed: randomness is contributed only before the start.",
                ));
            }
        }
        if self.lobby.server_commitment.is_none() {
            return Err(err(
                ErrorCode::InvalidField,
                "This lobby's seed is picked by the server alone (it has no commitment), so it takes no contributions.",
            ));
        }
        self.ctx.store.set_contribution(self.id, id, &bytes).await.map_err(internal)?;
        Ok(())
    }

    /// The match seed at the start, and the contributions it was derived
    /// from (stored form) when the lobby has a server secret: each seat's
    /// person's last contribution, the empty string for a bot or a person
    /// whose browser never contributed. Without a secret, the server's
    /// own seed as before (the test seed's on a `--test-seed` server).
    pub(super) async fn seed_at_start(&self) -> Result<([u8; 32], Option<String>), ApiError> {
        let Some(server_secret) = &self.lobby.server_secret else {
            let seed = self.ctx.cfg.test_seed.map_or_else(secret::random_bytes::<32>, |t| t.match_seed());
            return Ok((seed, None));
        };
        let made: HashMap<Uuid, Vec<u8>> =
            self.ctx.store.contributions(self.id).await.map_err(internal)?.into_iter().collect();
        let per_seat: Vec<Vec<u8>> = (0..self.lobby.seats)
            .map(|s| {
                self.players
                    .iter()
                    .find(|p| p.seat == Some(s) && !p.bot)
                    .and_then(|p| made.get(&p.id).cloned())
                    .unwrap_or_default()
            })
            .collect();
        Ok((derive_seed(server_secret, &per_seat), Some(contributions_json(&per_seat))))
    }
}
