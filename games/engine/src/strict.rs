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

/// The largest size, either way, of any number in an action. No game has a
/// legal move near it (seats, indices, counts, inches and degrees), and a
/// number past it is refused as out of range before a game computes with
/// it (1e308 squared is infinite; a `u32` hope count of 4 000 000 000 is no
/// one's).
pub const MAX_MAGNITUDE: f64 = 1e9;

/// Every number inside an action is at most [`MAX_MAGNITUDE`] either way.
///
/// # Errors
/// "out of range", naming where the number is.
pub fn numbers_in_range(v: &serde_json::Value) -> Result<(), String> {
    fn walk(v: &serde_json::Value, path: &mut String) -> Result<(), String> {
        match v {
            serde_json::Value::Number(n) if n.as_f64().is_none_or(|x| !x.is_finite() || x.abs() > MAX_MAGNITUDE) => {
                let at = if path.is_empty() { "the action" } else { path.as_str() };
                Err(format!("{at} is out of range: {n}; a number in an action is at most {MAX_MAGNITUDE:e} either way"))
            }
            serde_json::Value::Array(a) => a.iter().enumerate().try_for_each(|(i, x)| {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                walk(x, path)?;
                path.truncate(len);
                Ok(())
            }),
            serde_json::Value::Object(m) => m.iter().try_for_each(|(k, x)| {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.extend(k.chars().take(32));
                walk(x, path)?;
                path.truncate(len);
                Ok(())
            }),
            _ => Ok(()),
        }
    }
    walk(v, &mut String::new())
}

/// serde's refusal of an action, with a number too large or too small for
/// its field worded "out of range" (serde says "invalid value: integer
/// `300`, expected u8"), as every other range refusal is.
pub fn worded(message: &str) -> String {
    message.replace("invalid value: integer", "out of range: integer")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_past_the_limit_are_out_of_range() {
        let ok = serde_json::json!({"type": "advance", "plan": {"to": [12.5, -3.0], "angle": 725.0}, "n": 3});
        assert!(numbers_in_range(&ok).is_ok());
        let far = serde_json::json!({"type": "deploy", "at": [1.0, 1e308]});
        let e = numbers_in_range(&far).unwrap_err();
        assert!(e.starts_with("at[1] is out of range"), "{e}");
        assert!(numbers_in_range(&serde_json::json!({"give": 4_000_000_000u64})).is_err());
        assert!(numbers_in_range(&serde_json::json!({"give": -4_000_000_000i64})).is_err());
    }

    #[test]
    fn serdes_integer_refusals_say_out_of_range() {
        #[derive(Debug, Deserialize)]
        struct Bid {
            #[allow(dead_code, reason = "only deserialized, to see serde's refusal")]
            value: u8,
        }
        let e = serde_json::from_value::<Bid>(serde_json::json!({"value": 300})).unwrap_err();
        assert_eq!(worded(&e.to_string()), "out of range: integer `300`, expected u8");
    }
}
