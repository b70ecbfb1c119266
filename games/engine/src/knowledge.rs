//! Per-seat knowledge of hidden things.
//!
//! Some effects let one seat look at something the others may not see
//! (Villains: peeking at a face-down token; a power that reveals the top of
//! a deck to its user). [`Hidden`] keeps the value together with the set of
//! seats that know it, so a view can ask "may this viewer see it?" instead
//! of the game remembering special cases, and the non-leak test's re-deal
//! can keep exactly what a seat knows.

use crate::{Seat, SeatSet, Viewer};
use serde::{Deserialize, Serialize};

/// A value known only to some seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hidden<T> {
    value: T,
    known_by: SeatSet,
}

impl<T> Hidden<T> {
    /// A value nobody knows yet (a face-down card).
    pub fn unknown(value: T) -> Self {
        Hidden { value, known_by: SeatSet::EMPTY }
    }

    /// A value known to `seats` (e.g. its owner).
    pub fn known_to(value: T, seats: SeatSet) -> Self {
        Hidden { value, known_by: seats }
    }

    /// Lets `seat` know the value from now on (a peek).
    pub fn reveal_to(&mut self, seat: Seat) {
        self.known_by.insert(seat);
    }

    /// The seats that know it.
    pub fn known_by(&self) -> SeatSet {
        self.known_by
    }

    /// True if `viewer` may see the value (spectators never may).
    pub fn visible_to(&self, viewer: Viewer) -> bool {
        viewer.seat().is_some_and(|s| self.known_by.contains(s))
    }

    /// The value, for a viewer who may see it; `None` otherwise. Views use
    /// this and nothing else.
    pub fn for_viewer(&self, viewer: Viewer) -> Option<&T> {
        self.visible_to(viewer).then_some(&self.value)
    }

    /// The value, for the rules (never for a view).
    pub fn rules_value(&self) -> &T {
        &self.value
    }

    /// Replaces the value unless `viewer` knows it: the non-leak test's
    /// re-deal.
    pub fn redeal_unless_known(&mut self, viewer: Seat, value: T) {
        if !self.known_by.contains(viewer) {
            self.value = value;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_seats_that_looked_see_the_value() {
        let mut token = Hidden::unknown("Plan: Heist");
        assert_eq!(token.for_viewer(Viewer::Seat(0)), None);
        token.reveal_to(2);
        assert_eq!(token.for_viewer(Viewer::Seat(2)), Some(&"Plan: Heist"));
        assert_eq!(token.for_viewer(Viewer::Seat(1)), None);
        assert_eq!(token.for_viewer(Viewer::Spectator), None);
        token.redeal_unless_known(2, "other");
        assert_eq!(*token.rules_value(), "Plan: Heist", "seat 2 knows it: a re-deal for seat 2 keeps it");
        token.redeal_unless_known(1, "other");
        assert_eq!(*token.rules_value(), "other");
    }
}
