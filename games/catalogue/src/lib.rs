//! The catalogue: every game the server offers, behind
//! [`backroom_engine::erased::DynGame`], plus the [`scenario`] runner that
//! turns rulebook examples into tests for any of them, and the [`arena`]
//! that measures bots against each other.
#![deny(missing_docs)]

pub mod arena;
pub mod corpus;
pub mod scenario;

use backroom_engine::erased::{DynGame, erase};
use std::sync::OnceLock;

/// Every game, in catalogue order.
pub fn catalogue() -> &'static [Box<dyn DynGame>] {
    static GAMES: OnceLock<Vec<Box<dyn DynGame>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        vec![
            erase::<sealed_bids::SealedBids>(),
            erase::<xmen_mutant_revolution::XMen>(),
            erase::<villains::Villains>(),
            erase::<mutants::Mutants>(),
            erase::<nefarious_schemes::Schemes>(),
            erase::<crisis_protocol::Crisis>(),
        ]
    })
}

/// The game with this id.
pub fn find(id: &str) -> Option<&'static dyn DynGame> {
    catalogue().iter().find(|g| g.info().id == id).map(|g| g.as_ref())
}
