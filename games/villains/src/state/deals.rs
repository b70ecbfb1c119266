//! Deals as the table holds them: the open offers of resources between
//! players (public). The rules that make, accept and end them are
//! `rules::deals`.

use backroom_engine::Seat;
use serde::{Deserialize, Serialize};

/// An open offer: `from` gives `give` resources to `to`, who gives `want`
/// back on accepting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// Who offers.
    pub from: Seat,
    /// To whom.
    pub to: Seat,
    /// Resources `from` gives.
    pub give: u16,
    /// Resources `to` gives back.
    pub want: u16,
}
