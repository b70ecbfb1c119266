//! A mistake in a game's content files, named so that whoever transcribes
//! printed cards into data finds it at once: which file, which entry (a
//! card, a faction, a table row), which field, and what is wrong.
//!
//! Every game's loader reports its mistakes with this one type, so that
//! the server, the tools and a group loading its own transcription read
//! them the same way: `file: entry: field path: message`.

use std::fmt;

/// A mistake in a content file: which file, which entry, which field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentError {
    /// The file's name, e.g. `action-cards.json`.
    pub file: &'static str,
    /// The entry, e.g. `card "Mobilize"`, when the mistake is in one.
    pub entry: Option<String>,
    /// The field's path inside the entry, e.g. `effects[0].deploy.max`.
    pub field: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.file)?;
        if let Some(e) = &self.entry {
            write!(f, "{e}: ")?;
        }
        if let Some(p) = &self.field {
            write!(f, "field {p}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ContentError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mistake_reads_file_entry_field_message() {
        let e = ContentError {
            file: "action-cards.json",
            entry: Some("card \"Mobilize\"".into()),
            field: Some("targets[1]".into()),
            message: "unknown area \"sewer\"".into(),
        };
        assert_eq!(e.to_string(), "action-cards.json: card \"Mobilize\": field targets[1]: unknown area \"sewer\"");
        let bare = ContentError { file: "areas.json", entry: None, field: None, message: "9 areas expected".into() };
        assert_eq!(bare.to_string(), "areas.json: 9 areas expected");
    }
}
