//! What every ask is built of: an option, an ask with one parameter (or
//! none when nothing can be chosen), a seat's units as options, a
//! candidate's value as a player would write it, and why no card can be
//! played. Below every phase's asks and the prompt itself, so each phase's
//! file and `prompts` (mod.rs) import these without importing each other.

use crate::content::AreaId;
use crate::state::Villains;
use backroom_engine::{Ask, Input, Opt, Seat};
use serde::Serialize;

/// One option: `v` as the action writes it, labelled in words.
pub(super) fn opt<T: Serialize>(v: &T, label: impl Into<String>) -> Opt {
    Opt::new(serde_json::to_value(v).expect("serializes"), label)
}

/// An ask with its one parameter, or none when nothing can be chosen.
pub(super) fn one(ask: Ask, name: &str, label: &str, options: Vec<Opt>) -> Option<Ask> {
    (!options.is_empty()).then(|| ask.param(name, label, Input::One { options }))
}

/// A candidate's value as a player would write it: a free payment and
/// empty card choices left out where the action reads them as the default
/// (a card's, a deploy's and a move's payment is always written). The
/// rules read both forms the same; the stored action is the full one.
pub(crate) fn minimal(v: &mut serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::Object(m) => {
            let required = matches!(m.get("as").and_then(Value::as_str), Some("card" | "deploy" | "move"));
            let free = serde_json::json!({"energy": 0, "resources": 0});
            if !required && m.get("payment") == Some(&free) {
                m.remove("payment");
            }
            if m.get("choices") == Some(&serde_json::json!({})) {
                m.remove("choices");
            }
            m.values_mut().for_each(minimal);
        }
        Value::Array(a) => a.iter_mut().for_each(minimal),
        _ => {}
    }
}

/// `seat`'s units in `area` as options, by name.
pub(super) fn units_opts(state: &Villains, seat: Seat, area: AreaId) -> Vec<Opt> {
    state
        .area(area)
        .units
        .iter()
        .filter(|u| u.owner == seat)
        .map(|u| opt(&u.uid, crate::rules::units::unit_name(state, seat, u.kind)))
        .collect()
}

/// A disabled ask's reason when no card can be played: each card and why
/// (the form of a disabled ask does not open, so its options are not seen).
pub(crate) fn none_playable(options: &[Opt]) -> String {
    let each: Vec<String> = options
        .iter()
        .map(|o| format!("{}: {}", o.label, o.disabled.as_deref().unwrap_or("").trim_end_matches('.')))
        .collect();
    format!("no card in your hand can be played now ({})", each.join("; "))
}
