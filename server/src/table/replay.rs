//! The record and the move-by-move replay of a finished match.

use super::{Credential, Table, err, internal};
use backroom_engine::erased::DynState;
use backroom_engine::{GameRng, LogEntry, Seat, Viewer};
use backroom_protocol::http::{LobbyStatus, MatchRecord, ReplayStep};
use backroom_protocol::{ApiError, ErrorCode};
use serde_json::Value;

/// A finished match's moves, read once, and the position the last replay
/// request reached: stepping forward applies one move, not the whole log.
pub(super) struct Replay {
    /// The opening position (see [`super::restore::opening`]).
    opening: (Box<dyn DynState>, GameRng),
    /// Move `n` (1-based, its stored seq) is `moves[n - 1]`.
    moves: Vec<(Seat, Value)>,
    state: Box<dyn DynState>,
    rng: GameRng,
    at: u64,
    last: (Option<Seat>, Vec<LogEntry>),
}

impl Replay {
    /// Back to the opening.
    pub(super) fn rewind(&mut self) {
        (self.state, self.rng) = (self.opening.0.clone_box(), self.opening.1.clone());
        (self.at, self.last) = (0, (None, Vec::new()));
    }
}

impl Table {
    pub(super) async fn record(&mut self, who: Credential) -> Result<MatchRecord, ApiError> {
        self.authorize(&who)?;
        match self.lobby.status {
            LobbyStatus::Finished => {}
            LobbyStatus::Live => {
                return Err(err(
                    ErrorCode::NotOver,
                    "The match is still being played; its record is published when it has ended.",
                ));
            }
            _ => {
                return Err(err(
                    ErrorCode::NotStarted,
                    "The match has not started; its record is published when it has ended.",
                ));
            }
        }
        let rows = self.ctx.store.all_actions(self.id).await.map_err(internal)?;
        let actions =
            rows.into_iter().map(|a| (a.seat, serde_json::from_str(&a.action).unwrap_or(Value::Null))).collect();
        Ok(MatchRecord { lobby: self.info(), actions })
    }

    /// A finished match as one viewer saw it after its first `at` moves:
    /// the opening replayed from the store (the same replay that restores
    /// and verifies a match), the view built for that viewer, and the lines
    /// it read for move `at`. The moves are read once per loaded table and
    /// the position kept, so that stepping forward costs one move; stepping
    /// back starts again from the opening.
    pub(super) async fn replay(
        &mut self,
        who: Credential,
        at: u64,
        seat: Option<Seat>,
    ) -> Result<ReplayStep, ApiError> {
        let (own, _) = self.authorize(&who)?;
        if self.lobby.status != LobbyStatus::Finished {
            return Err(err(ErrorCode::NotOver, "A match can be replayed once it is over."));
        }
        let viewer = match seat {
            Some(s) if s < self.lobby.seats => Viewer::Seat(s),
            Some(s) => {
                return Err(err(ErrorCode::InvalidField, format!("Seat {} is not at this table.", u32::from(s) + 1)));
            }
            None => own,
        };
        let game = self.game;
        let r = match &mut self.replay {
            Some(r) => r,
            None => {
                let opening = self
                    .ctx
                    .store
                    .opening(self.id)
                    .await
                    .map_err(internal)?
                    .ok_or_else(|| internal("no opening snapshot"))?;
                let mut moves = vec![];
                for a in self.ctx.store.all_actions(self.id).await.map_err(internal)? {
                    moves.push((a.seat, serde_json::from_str(&a.action).map_err(internal)?));
                }
                let (state, rng) = super::restore::opening(game, &self.lobby, &opening).map_err(internal)?;
                let opening = (state.clone_box(), rng.clone());
                self.replay.insert(Box::new(Replay { opening, moves, state, rng, at: 0, last: (None, Vec::new()) }))
            }
        };
        let at = at.min(r.moves.len() as u64);
        if at < r.at {
            r.rewind();
        }
        while r.at < at {
            let (seat, action) = &r.moves[r.at as usize];
            let (log, _) = r
                .state
                .apply(*seat, action, &mut r.rng)
                .map_err(|e| internal(format!("move {} does not replay: {e}", r.at + 1)))?;
            (r.at, r.last) = (r.at + 1, (Some(*seat), log));
        }
        Ok(ReplayStep {
            at,
            moves: r.moves.len() as u64,
            viewer,
            view: serde_json::from_str(&r.state.view_json(viewer)).map_err(internal)?,
            pending: r.state.pending(),
            seat: r.last.0,
            lines: r.last.1.iter().filter_map(|l| l.for_viewer(viewer)).map(str::to_string).collect(),
        })
    }
}
