//! The rules every string from a client obeys, checked at the edge before it
//! reaches a table or the store.
//!
//! Why here: a string that the database refuses (a NUL byte in Postgres
//! `text`) must never get as far as a shared group commit, where it would
//! fail other tables' moves with it; and a name must not be able to look
//! blank or like someone else's (zero-width characters, right-to-left
//! overrides). So each kind of string has one function that either returns
//! the cleaned text (Unicode NFC, trimmed) or an [`ApiError`] with code
//! `invalid_field` and a sentence that says what is allowed.

use crate::{ApiError, ErrorCode, MAX_CHAT_CHARS, MAX_NAME_CHARS, MAX_RID_CHARS};
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::new(ErrorCode::InvalidField, message)
}

/// Explicit bidirectional embeddings, overrides and isolates: they reorder
/// the text after them (U+202E makes "Bea" + RLO + "naeJ" read "BeaJean"),
/// so a name could pass for another.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// A character that draws nothing by itself: spaces, format characters
/// (zero-width space and joiners, the BOM), lone combining marks, and the
/// letters Unicode defines as blank fillers.
pub fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c.general_category(),
            GeneralCategory::Format
                | GeneralCategory::Control
                | GeneralCategory::NonspacingMark
                | GeneralCategory::EnclosingMark
                | GeneralCategory::SpaceSeparator
                | GeneralCategory::LineSeparator
                | GeneralCategory::ParagraphSeparator
                | GeneralCategory::Unassigned
                | GeneralCategory::PrivateUse
                | GeneralCategory::Surrogate
        )
        || matches!(c, '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{2800}' | '\u{180E}')
}

/// A request id: 1 to [`MAX_RID_CHARS`] visible ASCII characters (clients
/// make them; nothing a person types).
///
/// # Errors
/// `invalid_field` naming the rule.
pub fn request_id(rid: &str) -> Result<(), ApiError> {
    if rid.is_empty() || rid.len() > MAX_RID_CHARS || !rid.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(invalid(format!("A request id is 1 to {MAX_RID_CHARS} visible ASCII characters (letters, digits, punctuation).")));
    }
    Ok(())
}

/// A display name: NFC, trimmed, inner runs of spaces folded to one, 1 to
/// [`MAX_NAME_CHARS`] characters, no control or bidirectional-override
/// characters, and at least one character that can be seen.
///
/// # Errors
/// `invalid_field` naming the rule.
pub fn display_name(name: &str) -> Result<String, ApiError> {
    let n: String = name.nfc().collect();
    let n = n.split_whitespace().collect::<Vec<_>>().join(" ");
    let rule = || format!("A name is 1 to {MAX_NAME_CHARS} characters that can be seen, without control or right-to-left override characters.");
    if n.is_empty() || n.chars().count() > MAX_NAME_CHARS {
        return Err(invalid(rule()));
    }
    if n.chars().any(|c| c.is_control() || is_bidi_control(c)) || n.chars().all(is_invisible) {
        return Err(invalid(rule()));
    }
    Ok(n)
}

/// A chat line: NFC, trimmed, 1 to [`MAX_CHAT_CHARS`] characters, no
/// control or bidirectional-override characters, not blank.
///
/// # Errors
/// `invalid_field` naming the rule.
pub fn chat_line(text: &str) -> Result<String, ApiError> {
    let t: String = text.nfc().collect();
    let t = t.trim();
    let rule = || format!("A chat message is 1 to {MAX_CHAT_CHARS} characters that can be seen, on one line, without control or right-to-left override characters.");
    if t.is_empty() || t.chars().count() > MAX_CHAT_CHARS {
        return Err(invalid(rule()));
    }
    if t.chars().any(|c| c.is_control() || is_bidi_control(c)) || t.chars().all(is_invisible) {
        return Err(invalid(rule()));
    }
    Ok(t.to_string())
}

/// A secret the client presents (token, invite, spectator secret): 1 to
/// 128 visible ASCII characters. Anything else cannot match one we issued.
///
/// # Errors
/// `invalid_field`.
pub fn secret(s: &str) -> Result<(), ApiError> {
    if s.is_empty() || s.len() > 128 || !s.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(invalid("A token, invite or spectator secret is 1 to 128 visible ASCII characters."));
    }
    Ok(())
}

/// Every string inside a JSON value (game options, actions): no control
/// or bidirectional-override characters, at most `max_chars` each. Object
/// keys are held to the same rule. Games check meaning; this checks only
/// that the text is safe to store and show.
///
/// # Errors
/// `invalid_field` naming the path of the first bad string.
pub fn json_strings(v: &serde_json::Value, what: &str, max_chars: usize) -> Result<(), ApiError> {
    fn walk(v: &serde_json::Value, path: &mut String, what: &str, max: usize) -> Result<(), ApiError> {
        let bad = |s: &str| s.chars().count() > max || s.chars().any(|c| c.is_control() || is_bidi_control(c));
        match v {
            serde_json::Value::String(s) if bad(s) => Err(invalid(format!(
                "{what}{path}: text is at most {max} characters, without control or right-to-left override characters."
            ))),
            serde_json::Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    let len = path.len();
                    path.push_str(&format!("[{i}]"));
                    walk(x, path, what, max)?;
                    path.truncate(len);
                }
                Ok(())
            }
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    if bad(k) {
                        return Err(invalid(format!("{what}{path}: a field name has control or override characters, or is too long.")));
                    }
                    let len = path.len();
                    path.push('.');
                    path.extend(k.chars().take(32));
                    walk(x, path, what, max)?;
                    path.truncate(len);
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
    walk(v, &mut String::new(), what, max_chars)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_ids_are_visible_ascii() {
        assert!(request_id("r-17").is_ok());
        assert!(request_id("a\0b").is_err());
        assert!(request_id("").is_err());
        assert!(request_id(&"x".repeat(MAX_RID_CHARS + 1)).is_err());
        assert!(request_id("é").is_err());
        assert!(request_id("a b").is_err());
    }

    #[test]
    fn names_are_cleaned_and_must_be_seen() {
        assert_eq!(display_name("  Jean   Grey ").unwrap(), "Jean Grey");
        // NFC: e + combining acute becomes é.
        assert_eq!(display_name("Rene\u{301}e").unwrap(), "Ren\u{e9}e");
        assert!(display_name("\u{200B}\u{200B}").is_err(), "zero-width only");
        assert!(display_name("\u{3164}").is_err(), "Hangul filler only");
        assert!(display_name("Bea\u{202E}naeJ").is_err(), "right-to-left override");
        assert!(display_name("a\0").is_err());
        assert!(display_name(&"n".repeat(MAX_NAME_CHARS + 1)).is_err());
        assert!(display_name("李").is_ok());
        assert!(display_name("🦊").is_ok());
    }

    #[test]
    fn chat_lines_refuse_control_characters() {
        assert_eq!(chat_line("  gg  ").unwrap(), "gg");
        assert!(chat_line("a\0b").is_err());
        assert!(chat_line("two\nlines").is_err());
        assert!(chat_line("\u{2066}x").is_err());
        assert!(chat_line("   ").is_err());
        assert!(chat_line("مرحبا").is_ok(), "right-to-left text itself is fine");
    }

    #[test]
    fn json_strings_name_the_path() {
        let v = serde_json::json!({"a": [1, "ok", {"b": "x\u{0}"}]});
        let e = json_strings(&v, "options", 100).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidField);
        assert!(e.message.starts_with("options.a[2].b:"), "{}", e.message);
        assert!(json_strings(&serde_json::json!({"n": 3, "s": "fine"}), "options", 100).is_ok());
    }
}
