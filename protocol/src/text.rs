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

/// The most combining marks a name may stack on one character (after NFC,
/// which folds the usual accents into their letters). Three covers every
/// script's real use (a Hebrew letter with dagesh, vowel and meteg, a
/// Vietnamese letter typed decomposed); "Zalgo" text, 31 marks piled on a
/// letter to draw over the names around it, does not pass.
pub const MAX_MARKS_PER_CHAR: usize = 3;

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
        return Err(invalid(format!(
            "A request id is 1 to {MAX_RID_CHARS} visible ASCII characters (letters, digits, punctuation)."
        )));
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
    let rule = || {
        format!(
            "A name is 1 to {MAX_NAME_CHARS} characters that can be seen, without control or right-to-left override characters."
        )
    };
    if n.is_empty() || n.chars().count() > MAX_NAME_CHARS {
        return Err(invalid(rule()));
    }
    if n.chars().any(|c| c.is_control() || is_bidi_control(c)) || n.chars().all(is_invisible) {
        return Err(invalid(rule()));
    }
    if most_marks_on_one_char(&n) > MAX_MARKS_PER_CHAR {
        return Err(invalid(format!(
            "A name may stack at most {MAX_MARKS_PER_CHAR} accents or other combining marks on one character."
        )));
    }
    Ok(n)
}

fn is_mark(c: char) -> bool {
    matches!(
        c.general_category(),
        GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark | GeneralCategory::SpacingMark
    )
}

/// The longest run of combining marks in `s` (the marks one character
/// carries; a run at the start has no character under it and counts too).
fn most_marks_on_one_char(s: &str) -> usize {
    let (mut most, mut run) = (0, 0);
    for c in s.chars() {
        run = if is_mark(c) { run + 1 } else { 0 };
        most = most.max(run);
    }
    most
}

/// The keys two names that could pass for one another share: Unicode
/// TR39 confusable skeletons (`unicode-security`) of the name's
/// compatibility form, made case-blind. The skeleton drops characters that
/// draw nothing ("An\u{200B}a" is "Ana") and maps look-alikes to one
/// prototype (Cyrillic "А" and Latin "A", "rn" and "m", "0" and "O"); NFKC
/// folds fullwidth and other compatibility forms ("Ａｎａ"); lower case makes
/// "ANA" and "Ana" one name at a table, where capitals alone tell too
/// little apart. Two keys, because case and look-alikes cross: lower case
/// first tells "ANA" is "ana" but not that "BiII" is "Bill" (a capital I
/// for l), the skeleton first the other way round.
pub fn name_keys(name: &str) -> [String; 2] {
    let skeleton = |s: &str| -> String { unicode_security::skeleton(s).collect() };
    let compat: String = name.nfkc().collect();
    let lower_first = skeleton(&compat.to_lowercase());
    let skeleton_first = skeleton(&skeleton(&compat).to_lowercase());
    [lower_first, skeleton_first]
}

/// Whether two names could pass for one another (they share a
/// [`name_keys`] key).
pub fn confusable(a: &str, b: &str) -> bool {
    let (a, b) = (name_keys(a), name_keys(b));
    a.iter().any(|k| b.contains(k))
}

/// Whether `name` (already cleaned by [`display_name`]) may sit beside the
/// names already at a table: `Err(name_taken)` when it could pass for one of
/// them ([`confusable`]), with a variant to try that is free.
///
/// # Errors
/// `name_taken`, saying whom it looks like and suggesting a variant.
pub fn distinct_name<'a>(name: &str, others: impl IntoIterator<Item = &'a str>) -> Result<(), ApiError> {
    let taken: Vec<(&str, [String; 2])> = others.into_iter().map(|o| (o, name_keys(o))).collect();
    let clash = |v: &str| {
        let keys = name_keys(v);
        taken.iter().find(|(_, k)| k.iter().any(|x| keys.contains(x))).map(|(o, _)| *o)
    };
    let Some(like) = clash(name) else {
        return Ok(());
    };
    let variant = (2..100).map(|n| numbered(name, n)).find(|v| clash(v).is_none()).unwrap_or_default();
    let same = if like == name {
        format!("Someone at this table is already called {like}")
    } else {
        format!("{name} looks too much like {like}, who is already at this table")
    };
    Err(ApiError::new(ErrorCode::NameTaken, format!("{same}; pick another name, for example {variant}.")))
}

/// "Ana 2": `name` with a number after it, shortened to fit
/// [`MAX_NAME_CHARS`].
fn numbered(name: &str, n: u32) -> String {
    let suffix = format!(" {n}");
    let keep = MAX_NAME_CHARS - suffix.chars().count();
    let base: String = name.chars().take(keep).collect();
    format!("{}{suffix}", base.trim_end())
}

/// A chat line: NFC, trimmed, 1 to [`MAX_CHAT_CHARS`] characters, no
/// control or bidirectional-override characters, not blank.
///
/// # Errors
/// `invalid_field` naming the rule.
pub fn chat_line(text: &str) -> Result<String, ApiError> {
    let t: String = text.nfc().collect();
    let t = t.trim();
    let rule = || {
        format!(
            "A chat message is 1 to {MAX_CHAT_CHARS} characters that can be seen, on one line, without control or right-to-left override characters."
        )
    };
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
                        return Err(invalid(format!(
                            "{what}{path}: a field name has control or override characters, or is too long."
                        )));
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
    fn names_may_not_stack_marks() {
        assert!(display_name(&format!("a{}", "\u{301}".repeat(31))).is_err(), "31 combining marks");
        assert!(display_name("a\u{300}\u{302}\u{303}\u{304}\u{306}").is_err(), "5 marks on one letter (NFC folds one)");
        // Hebrew: shin with dagesh, a vowel and a dot (three marks) is a name.
        assert!(display_name("\u{5E9}\u{5BC}\u{5B8}\u{5C1}\u{5DC}\u{5D5}\u{5DD}").is_ok());
        // Vietnamese typed decomposed: NFC folds it.
        assert_eq!(display_name("Nguye\u{302}\u{303}n").unwrap(), "Nguy\u{1EC5}n");
        assert!(display_name("Ren\u{e9}e").is_ok());
    }

    #[test]
    fn look_alike_names_share_a_skeleton() {
        let same = confusable;
        assert!(same("Ana", "Ana"));
        assert!(same("Ana", "An\u{200B}a"), "zero-width space");
        assert!(same("Ana", "\u{410}n\u{430}"), "Cyrillic A and a");
        assert!(same("Ana", "\u{FF21}\u{FF4E}\u{FF41}"), "fullwidth");
        assert!(same("Ana", "ANA"), "case");
        assert!(same("Bill", "BiII"), "capital I for l");
        assert!(same("BILL", "bill"), "case, with a capital I");
        assert!(same("Jean", "Jea\u{578}"), "Armenian vo for n");
        assert!(!same("Ana", "Anna"));
        assert!(!same("Ana", "Ane"));
        assert!(!same("Jean", "Jeanne"));
        assert!(!same("李", "季"));
    }

    #[test]
    fn a_clash_is_name_taken_with_a_free_variant() {
        assert!(distinct_name("Bea", ["Ana", "Jean"]).is_ok());
        let e = distinct_name("Ana", ["Ana", "Ana 2"]).unwrap_err();
        assert_eq!(e.code, ErrorCode::NameTaken);
        assert!(e.message.contains("already called Ana") && e.message.contains("for example Ana 3"), "{}", e.message);
        let e = distinct_name("\u{410}na", ["Ana"]).unwrap_err();
        assert!(e.message.contains("looks too much like Ana"), "{}", e.message);
        let long = "x".repeat(MAX_NAME_CHARS);
        let e = distinct_name(&long, [long.as_str()]).unwrap_err();
        let v = e.message.rsplit("for example ").next().unwrap().trim_end_matches('.');
        assert!(v.chars().count() <= MAX_NAME_CHARS && v.ends_with(" 2"), "{v}");
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
