//! What one viewer sees: which seats have bid (never the value), its own
//! dial, the scores and the revealed rounds; and the non-leak test's re-deal
//! of every dial the viewer may not know.

use crate::{MAX_BID, Reveal, SealedBids};
use backroom_engine::{GameRng, Seat, Viewer};
use serde::Serialize;

/// What one viewer sees.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// Seats at the table.
    pub seats: u8,
    /// Rounds in the game.
    pub rounds: u32,
    /// The open round (0-based); equals `rounds` once over.
    pub round: u32,
    /// True once the game is over.
    pub over: bool,
    /// Which seats have locked their dial this round (never the value).
    pub committed: Vec<bool>,
    /// The viewer's own locked dial this round, if any.
    pub my_bid: Option<u8>,
    /// Points per seat.
    pub scores: Vec<i64>,
    /// Revealed rounds.
    pub reveals: Vec<Reveal>,
}

impl SealedBids {
    /// The view, built from what `viewer` may know.
    pub(crate) fn view_for(&self, viewer: Viewer) -> View {
        View {
            seats: self.seats,
            rounds: self.rounds,
            round: self.round,
            over: self.round >= self.rounds,
            committed: self.dials.iter().map(Option::is_some).collect(),
            my_bid: viewer.seat().and_then(|s| self.dials.get(s as usize).copied().flatten()),
            scores: self.scores.clone(),
            reveals: self.reveals.clone(),
        }
    }

    /// Re-deals the dials `viewer` may not know.
    pub(crate) fn redeal(&mut self, viewer: Seat, rng: &mut GameRng) {
        for (s, d) in self.dials.iter_mut().enumerate() {
            if s as Seat != viewer && d.is_some() {
                *d = Some(rng.range(0, MAX_BID as u32) as u8);
            }
        }
    }
}
