//! What a seat is asked: set its Bidding Dial for the open round (starting
//! from its locked value when it changes it).

use crate::{MAX_BID, SealedBids};
use backroom_engine::{Ask, Input, Prompt, Seat};

impl SealedBids {
    /// The seat's prompt, or `None` once the game is over.
    pub(crate) fn ask(&self, seat: Seat) -> Option<Prompt> {
        if self.round >= self.rounds || seat >= self.seats {
            return None;
        }
        let title = match self.dials[seat as usize] {
            None => format!("Round {} of {}: set your Bidding Dial", self.round + 1, self.rounds),
            Some(b) => format!(
                "Round {} of {}: your dial is locked at {b}; you may change it until everyone has bid",
                self.round + 1,
                self.rounds
            ),
        };
        let mut ask = Ask::new("bid", "Lock in").with("round", self.round).param(
            "value",
            "Bid",
            Input::Number { min: 0, max: MAX_BID as i64 },
        );
        // Changing a locked dial starts from it, not from 0.
        if let Some(b) = self.dials[seat as usize] {
            ask = ask.default_to(b);
        }
        Some(Prompt::single(title, ask))
    }
}
