//! Seats and viewers.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table, numbered from 0 in clockwise order.
pub type Seat = u8;

/// Who is looking at the table: a seated player or a spectator.
///
/// A spectator sees only what every seat could see (the public view).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// The player in this seat.
    Seat(Seat),
    /// Anyone else: spectators and the public record.
    Spectator,
}

impl Viewer {
    /// The seat, if this viewer is seated.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }

    /// True when this viewer is the given seat.
    pub fn is(self, seat: Seat) -> bool {
        self == Viewer::Seat(seat)
    }
}

/// A small set of seats (at most 16), serialized as a sorted list.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u16);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Seats `0..n`.
    pub fn first(n: u8) -> SeatSet {
        if n >= 16 { SeatSet(u16::MAX) } else { SeatSet((1u16 << n) - 1) }
    }

    /// A set holding one seat.
    pub fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat)
    }

    /// True if `seat` is in the set.
    pub fn contains(self, seat: Seat) -> bool {
        seat < 16 && self.0 & (1 << seat) != 0
    }

    /// Adds a seat.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat;
    }

    /// Removes a seat.
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat);
    }

    /// Number of seats in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when no seat is in the set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..16u8).filter(move |s| self.contains(*s))
    }

    /// Seats in `self` but not in `other`.
    pub fn minus(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut s = SeatSet::EMPTY;
        for x in iter {
            s.insert(x);
        }
        s
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Serialize for SeatSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v: Vec<Seat> = Vec::deserialize(d)?;
        if let Some(bad) = v.iter().find(|s| **s >= 16) {
            return Err(serde::de::Error::custom(format!("seat {bad} is out of range")));
        }
        Ok(v.into_iter().collect())
    }
}
