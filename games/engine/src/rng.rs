//! The match's one source of randomness.
//!
//! Every die and every shuffle of a match comes from one [`GameRng`], a
//! ChaCha8 stream seeded once when the match starts (`StdRng` is documented
//! as non-portable across rand versions; ChaCha8 is fixed by its spec). The
//! generator is serialized into snapshots next to the game state, never into
//! a view.
//!
//! Tests and rulebook scenarios can *force* results: queued dice come out
//! before any random die, and a queued order for a named deck decides that
//! deck's next shuffle. Forcing is only reachable from test code and the
//! scenario runner; the server never forces.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// A match seed: 32 bytes from the operating system's CSPRNG.
pub type Seed = [u8; 32];

/// Something that sits in a deck and can be named in a forced deck order.
pub trait Keyed {
    /// A stable identifier, e.g. a card id.
    fn key(&self) -> &str;
}

impl Keyed for String {
    fn key(&self) -> &str {
        self
    }
}

/// The deterministic generator owned by one match.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct GameRng {
    inner: ChaCha8Rng,
    #[serde(default, skip_serializing_if = "VecDeque::is_empty")]
    forced_dice: VecDeque<u8>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    forced_orders: BTreeMap<String, VecDeque<Vec<String>>>,
}

impl GameRng {
    /// A generator for a match with this seed.
    pub fn from_seed(seed: Seed) -> Self {
        GameRng { inner: ChaCha8Rng::from_seed(seed), forced_dice: VecDeque::new(), forced_orders: BTreeMap::new() }
    }

    /// A generator from a small number, for tests and scenarios.
    pub fn seeded(n: u64) -> Self {
        let mut seed = [0u8; 32];
        seed[..8].copy_from_slice(&n.to_le_bytes());
        Self::from_seed(seed)
    }

    /// Queue die results; they are returned by the next [`GameRng::d6`] calls
    /// before any random die.
    pub fn force_dice(&mut self, dice: impl IntoIterator<Item = u8>) {
        self.forced_dice.extend(dice);
    }

    /// Queue an order for the next shuffle of the deck called `deck`: the
    /// listed keys come out on top in this order, the rest follow in random
    /// order.
    pub fn force_order(&mut self, deck: &str, top: Vec<String>) {
        self.forced_orders.entry(deck.to_string()).or_default().push_back(top);
    }

    /// Dice still queued by [`GameRng::force_dice`].
    pub fn forced_dice_left(&self) -> usize {
        self.forced_dice.len()
    }

    /// One six-sided die.
    pub fn d6(&mut self) -> u8 {
        match self.forced_dice.pop_front() {
            Some(d) => d,
            None => self.inner.random_range(1..=6),
        }
    }

    /// `n` six-sided dice, in the order rolled.
    pub fn dice(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.d6()).collect()
    }

    /// A uniform integer in `lo..=hi` (not forceable: use it for choices a
    /// rulebook leaves to chance but never calls a die roll).
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        self.inner.random_range(lo..=hi)
    }

    /// A uniform index below `n` (`n` must be positive).
    pub fn index(&mut self, n: usize) -> usize {
        self.inner.random_range(0..n)
    }

    /// Shuffles an anonymous list (not forceable).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.inner);
    }

    /// Shuffles the deck called `deck`, honouring a forced order if one is
    /// queued for it.
    pub fn shuffle_deck<T: Keyed>(&mut self, deck: &str, items: &mut [T]) {
        items.shuffle(&mut self.inner);
        let forced = self.forced_orders.get_mut(deck).and_then(|q| q.pop_front());
        if let Some(top) = forced {
            // Each forced key in turn moves up to the next place on top; the
            // rest keep their shuffled order.
            let mut next = 0;
            for key in &top {
                if let Some(i) = items[next..].iter().position(|c| c.key() == key) {
                    items[next..=next + i].rotate_right(1);
                    next += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = GameRng::seeded(7);
        let mut b = GameRng::seeded(7);
        assert_eq!(a.dice(20), b.dice(20));
        let mut c = GameRng::seeded(8);
        assert_ne!(GameRng::seeded(7).dice(20), c.dice(20));
    }

    #[test]
    fn forced_dice_come_first() {
        let mut r = GameRng::seeded(1);
        r.force_dice([6, 6, 1]);
        assert_eq!(r.dice(3), vec![6, 6, 1]);
        assert!(r.d6() >= 1);
    }

    #[test]
    fn forced_order_puts_keys_on_top() {
        let mut r = GameRng::seeded(1);
        r.force_order("plot", vec!["c".into(), "a".into()]);
        let mut deck: Vec<String> = ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect();
        r.shuffle_deck("plot", &mut deck);
        assert_eq!(&deck[..2], &["c".to_string(), "a".to_string()]);
        assert_eq!(deck.len(), 4);
    }

    #[test]
    fn serde_round_trip_continues_the_stream() {
        let mut a = GameRng::seeded(3);
        a.dice(5);
        let mut b: GameRng = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
        assert_eq!(a.dice(10), b.dice(10));
    }
}
