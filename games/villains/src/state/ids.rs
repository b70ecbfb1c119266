//! Board ids: tokens and units on the board are known by ids issued in
//! order as they come into play, below every other table type that names
//! them (the table, the combat under way, the choices owed).

use serde::{Deserialize, Serialize};

/// A token's id on the board: issued anew at every placement, in placement
/// order, so it says nothing about what the token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TokenUid(pub u16);

/// A unit's id while in play: issued at deploy (units are public).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitUid(pub u16);
