//! Reading a content file: its top-level object and keys, its lists, and
//! each entry deserialized so that a mistake names the file, the entry
//! and the field. Separate because every file's loader reads this way.

use backroom_engine::ContentError;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::collections::HashSet;

pub(super) fn err(
    file: &'static str,
    entry: Option<&str>,
    field: Option<&str>,
    message: impl Into<String>,
) -> ContentError {
    ContentError { file, entry: entry.map(str::to_string), field: field.map(str::to_string), message: message.into() }
}

/// Parses a file into its top-level object and checks its keys.
pub(super) fn top(file: &'static str, text: &str, keys: &[&str]) -> Result<Map<String, Value>, ContentError> {
    let v: Value = serde_json::from_str(text).map_err(|e| err(file, None, None, format!("not valid JSON: {e}")))?;
    let Value::Object(map) = v else {
        return Err(err(file, None, None, "expected an object at the top"));
    };
    for k in map.keys() {
        if !keys.contains(&k.as_str()) {
            return Err(err(file, None, None, format!("unknown top-level key \"{k}\" (expected {})", keys.join(", "))));
        }
    }
    for k in keys {
        if !map.contains_key(*k) {
            return Err(err(file, None, None, format!("missing top-level key \"{k}\"")));
        }
    }
    Ok(map)
}

/// A top-level list.
pub(super) fn list(file: &'static str, map: &mut Map<String, Value>, key: &str) -> Result<Vec<Value>, ContentError> {
    match map.remove(key) {
        Some(Value::Array(a)) => Ok(a),
        _ => Err(err(file, None, Some(key), "expected a list")),
    }
}

/// How an entry is named in messages: `kind "name"` (or its id, or its
/// position when it has neither).
pub(super) fn label(kind: &str, i: usize, v: &Value) -> String {
    match v.get("name").and_then(Value::as_str).or_else(|| v.get("id").and_then(Value::as_str)) {
        Some(n) => format!("{kind} \"{n}\""),
        None => format!("{kind} #{}", i + 1),
    }
}

/// Deserializes one entry, naming the field of a mistake.
pub(super) fn parse<T: DeserializeOwned>(
    file: &'static str,
    entry: &str,
    field_prefix: &str,
    v: Value,
) -> Result<T, ContentError> {
    serde_path_to_error::deserialize(v).map_err(|e| {
        let path = e.path().to_string();
        let field = match (field_prefix.is_empty(), path == ".") {
            (true, true) => None,
            (true, false) => Some(path),
            (false, true) => Some(field_prefix.to_string()),
            (false, false) => Some(format!("{field_prefix}.{path}")),
        };
        ContentError {
            file,
            entry: (!entry.is_empty()).then(|| entry.to_string()),
            field,
            message: e.into_inner().to_string(),
        }
    })
}

pub(super) fn unique(
    file: &'static str,
    what: &str,
    seen: &mut HashSet<String>,
    entry: &str,
    id: &str,
) -> Result<(), ContentError> {
    if id.is_empty() {
        return Err(err(file, Some(entry), Some("id"), "empty id"));
    }
    if !seen.insert(id.to_string()) {
        return Err(err(file, Some(entry), Some("id"), format!("the {what} id \"{id}\" is used twice")));
    }
    Ok(())
}
