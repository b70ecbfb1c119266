//! Strict action parsing: an action with a field its game does not know is
//! refused (`malformed_action` naming the field), never silently read
//! without it, so a client's mistake is seen at once and every game answers
//! it alike.
//!
//! Games mark their action types `#[serde(deny_unknown_fields)]`; serde
//! does not apply that to the unit variants of an internally tagged enum
//! (`{"type": "pass", "x": 1}` would read as `pass`), so each unit variant
//! names [`no_fields`] as its `deserialize_with`.

use serde::{Deserialize, Deserializer};

/// Reads a unit variant's (empty) body, refusing any field:
/// `#[serde(deserialize_with = "backroom_engine::strict::no_fields")]`.
///
/// # Errors
/// serde's "unknown field `x`, there are no fields".
pub fn no_fields<'de, D: Deserializer<'de>>(d: D) -> Result<(), D::Error> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Nothing {}
    Nothing::deserialize(d).map(|_| ())
}
