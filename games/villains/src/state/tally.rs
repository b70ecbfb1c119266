//! A count per kind, for the reserves on a faction sheet (units by type,
//! action tokens by kind).
//!
//! Why not a `BTreeMap`: the prompts try candidate actions on copies of the
//! table, so a player's sheet is copied and dropped hundreds of times per
//! decision, and a map's nodes made that the engine's largest cost. A tally
//! is a fixed array, copied without allocating; it reads and serializes
//! like the map it replaced (present kinds only, in kind order), so stored
//! tables and views are unchanged.

use serde::de::{Deserialize, Deserializer};
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::collections::BTreeMap;
use std::fmt;

/// A kind a [`Tally`] counts: one of a few, in a fixed order.
pub trait Kind: Copy + Ord + 'static {
    /// Every kind, in order (at most [`CAPACITY`]).
    const ALL: &'static [Self];
    /// The kind's place in [`Kind::ALL`].
    fn index(self) -> usize;
}

/// The most kinds a tally holds.
pub const CAPACITY: usize = 8;

/// How many of each kind; a kind is present (perhaps with 0) or absent.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Tally<K: Kind> {
    counts: [Option<u8>; CAPACITY],
    _kind: std::marker::PhantomData<K>,
}

impl<K: Kind> Default for Tally<K> {
    fn default() -> Self {
        Tally { counts: [None; CAPACITY], _kind: std::marker::PhantomData }
    }
}

impl<K: Kind> Tally<K> {
    /// An empty tally.
    pub fn new() -> Self {
        Self::default()
    }

    /// The count of `k`, if present.
    pub fn get(&self, k: &K) -> Option<&u8> {
        self.counts[k.index()].as_ref()
    }

    /// The count of `k` to change, if present.
    pub fn get_mut(&mut self, k: &K) -> Option<&mut u8> {
        self.counts[k.index()].as_mut()
    }

    /// Sets the count of `k`.
    pub fn insert(&mut self, k: K, n: u8) -> Option<u8> {
        self.counts[k.index()].replace(n)
    }

    /// The count of `k`, made present with `n` if absent.
    pub fn entry_or_insert(&mut self, k: K, n: u8) -> &mut u8 {
        self.counts[k.index()].get_or_insert(n)
    }

    /// Present kinds and their counts, in kind order.
    pub fn iter(&self) -> impl Iterator<Item = (&K, &u8)> {
        K::ALL.iter().zip(self.counts.iter()).filter_map(|(k, n)| Some((k, n.as_ref()?)))
    }

    /// Present kinds and their counts to change, in kind order.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (&K, &mut u8)> {
        K::ALL.iter().zip(self.counts.iter_mut()).filter_map(|(k, n)| Some((k, n.as_mut()?)))
    }

    /// The counts of present kinds, in kind order.
    pub fn values(&self) -> impl Iterator<Item = &u8> {
        self.counts.iter().flatten()
    }

    /// The tally as a map (for views).
    pub fn to_map(&self) -> BTreeMap<K, u8> {
        self.iter().map(|(k, n)| (*k, *n)).collect()
    }
}

impl<K: Kind> std::ops::Index<&K> for Tally<K> {
    type Output = u8;
    fn index(&self, k: &K) -> &u8 {
        self.get(k).expect("a kind present in the tally")
    }
}

impl<K: Kind> Extend<(K, u8)> for Tally<K> {
    fn extend<I: IntoIterator<Item = (K, u8)>>(&mut self, iter: I) {
        for (k, n) in iter {
            self.insert(k, n);
        }
    }
}

impl<K: Kind> FromIterator<(K, u8)> for Tally<K> {
    fn from_iter<I: IntoIterator<Item = (K, u8)>>(iter: I) -> Self {
        let mut t = Tally::new();
        t.extend(iter);
        t
    }
}

impl<K: Kind + fmt::Debug> fmt::Debug for Tally<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<K: Kind + Serialize> Serialize for Tally<K> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.iter().count()))?;
        for (k, n) in self.iter() {
            m.serialize_entry(k, n)?;
        }
        m.end()
    }
}

impl<'de, K: Kind + Deserialize<'de>> Deserialize<'de> for Tally<K> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(BTreeMap::<K, u8>::deserialize(d)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::TokenKind;

    #[test]
    fn a_tally_reads_and_serializes_like_the_map_it_replaced() {
        let map: BTreeMap<TokenKind, u8> =
            [(TokenKind::Move, 0), (TokenKind::Deploy, 3), (TokenKind::Unique, 1)].into_iter().collect();
        let tally: Tally<TokenKind> = map.iter().map(|(k, n)| (*k, *n)).collect();
        assert_eq!(serde_json::to_string(&tally).unwrap(), serde_json::to_string(&map).unwrap());
        let back: Tally<TokenKind> = serde_json::from_str(&serde_json::to_string(&map).unwrap()).unwrap();
        assert_eq!(back, tally);
        assert_eq!(tally.to_map(), map);
        assert_eq!(tally.get(&TokenKind::Card), None);
        assert_eq!(tally[&TokenKind::Deploy], 3);
        assert_eq!(tally.values().copied().collect::<Vec<_>>(), vec![3, 0, 1]);
    }
}
