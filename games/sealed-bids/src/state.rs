//! Every type the state holds: the options, the dials, the scores and the
//! revealed rounds.

use backroom_engine::Seat;
use serde::{Deserialize, Serialize};

/// Highest value on a Bidding Dial.
pub const MAX_BID: u8 = 14;

/// Options a host may set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// Rounds in a game (1–100).
    pub rounds: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options { rounds: 20 }
    }
}

/// The game state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SealedBids {
    pub(crate) seats: u8,
    pub(crate) rounds: u32,
    /// The round open for bids, from 0; equals `rounds` once over.
    pub(crate) round: u32,
    /// This round's locked dials (secret until the reveal).
    pub(crate) dials: Vec<Option<u8>>,
    pub(crate) scores: Vec<i64>,
    /// Every revealed round, in order (public).
    pub(crate) reveals: Vec<Reveal>,
}

/// One revealed round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    /// Each seat's bid.
    pub bids: Vec<u8>,
    /// The seat with the highest unique bid, if any.
    pub winner: Option<Seat>,
}
