//! Everything a seat can do: lock its Bidding Dial.

use serde::{Deserialize, Serialize};

/// Actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Lock the Bidding Dial at `value` (or change a locked one before the
    /// reveal). `round`, when given, must be the open round, so a bid made
    /// against an old screen is refused rather than applied to a new round.
    Bid {
        /// 0–14.
        value: u8,
        /// The round this bid is meant for.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        round: Option<u32>,
    },
}
