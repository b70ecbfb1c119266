//! Loading and validating the content files: each file is parsed entry by
//! entry with `serde_path_to_error`, so a mistake is reported with its
//! file, its card or table, and the path of the field; then the checks
//! that serde cannot make (an Event says when it is played, a table's rows
//! cover every roll without gaps, a row's effect fits its roll, ids are
//! unique, the house rules are in range).

use super::{Card, CardId, Content, ContentFiles, HouseRules, Kind, RollKind, Table, When, Whose};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::collections::HashMap;

/// A mistake in a content file, naming file, entry and field (shared by
/// every game's loader).
pub use backroom_engine::ContentError;

fn err(file: &'static str, entry: Option<&str>, field: Option<&str>, message: impl Into<String>) -> ContentError {
    ContentError { file, entry: entry.map(str::to_string), field: field.map(str::to_string), message: message.into() }
}

fn parse<T: DeserializeOwned>(file: &'static str, entry: Option<&str>, v: Value) -> Result<T, ContentError> {
    serde_path_to_error::deserialize(v).map_err(|e| {
        let path = e.path().to_string();
        ContentError {
            file,
            entry: entry.map(str::to_string),
            field: (path != ".").then_some(path),
            message: e.into_inner().to_string(),
        }
    })
}

fn list(file: &'static str, text: &str, key: &str) -> Result<(Value, Vec<Value>), ContentError> {
    let v: Value = serde_json::from_str(text).map_err(|e| err(file, None, None, e.to_string()))?;
    match v.get(key) {
        Some(Value::Array(a)) => Ok((v.clone(), a.clone())),
        _ => Err(err(file, None, Some(key), "expected a list")),
    }
}

fn entry_name(kind: &str, i: usize, v: &Value) -> String {
    match v.get("id").and_then(Value::as_str).or_else(|| v.get("name").and_then(Value::as_str)) {
        Some(n) => format!("{kind} \"{n}\""),
        None => format!("{kind} #{}", i + 1),
    }
}

/// Loads and validates the content.
///
/// # Errors
/// The first mistake found, naming file, card or row, and field.
pub fn load(files: ContentFiles<'_>) -> Result<Content, ContentError> {
    let mut cards: Vec<Card> = vec![];
    let mut by_id = HashMap::new();
    let mut decks = [vec![], vec![]];
    for (d, (file, text)) in
        [("hero-deck.house.json", files.hero_deck), ("villain-deck.house.json", files.villain_deck)]
            .into_iter()
            .enumerate()
    {
        let (whole, entries) = list(file, text, "cards")?;
        let source = whole.get("source").and_then(Value::as_str).unwrap_or("");
        if source != "house" && source != "rulebook" {
            return Err(err(file, None, Some("source"), "must be \"house\" or \"rulebook\""));
        }
        let deck = if d == 0 { "hero" } else { "villain" };
        if whole.get("deck").and_then(Value::as_str) != Some(deck) {
            return Err(err(file, None, Some("deck"), format!("must be \"{deck}\"")));
        }
        for (i, v) in entries.into_iter().enumerate() {
            let name = entry_name("card", i, &v);
            let mut card: Card = parse(file, Some(&name), v)?;
            card.deck = deck.to_string();
            card.source = source.to_string();
            check_card(&card, d == 1).map_err(|(field, m)| err(file, Some(&name), Some(field), m))?;
            let id = CardId(cards.len() as u16);
            if by_id.insert(card.id.clone(), id).is_some() {
                return Err(err(file, Some(&name), Some("id"), "this id is used by another card"));
            }
            decks[d].extend(std::iter::repeat_n(id, card.copies as usize));
            cards.push(card);
        }
    }
    let rules: HouseRules = {
        let file = "rules.house.json";
        let v: Value = serde_json::from_str(files.rules).map_err(|e| err(file, None, None, e.to_string()))?;
        let r: HouseRules = parse(file, None, v)?;
        if r.source != "house" {
            return Err(err(file, None, Some("source"), "house rules are marked \"house\""));
        }
        for (field, ok) in [
            ("hand_size", r.hand_size > 0),
            ("recruit_limit", r.recruit_limit > 0),
            ("character_dies_at_wounds", r.character_dies_at_wounds > 0),
            ("mastermind_dies_at_wounds", r.mastermind_dies_at_wounds > 0),
            ("minor_plot_counters", r.minor_plot_counters > 0),
            ("major_plot_counters", r.major_plot_counters > 0),
            ("turn_limit", (1..=200).contains(&r.turn_limit)),
        ] {
            if !ok {
                return Err(err(file, None, Some(field), "out of range"));
            }
        }
        r
    };
    for (d, file) in [(0, "hero-deck.house.json"), (1, "villain-deck.house.json")] {
        if decks[d].len() < 2 * rules.hand_size as usize {
            return Err(err(file, None, Some("cards"), "a deck needs at least two hands of cards"));
        }
        let has = |k: Kind| decks[d].iter().any(|c: &CardId| cards[c.0 as usize].kind == k);
        if d == 1 && !has(Kind::Mastermind) {
            return Err(err(file, None, Some("cards"), "the Villain deck needs a Mastermind"));
        }
        if !has(Kind::Character) && d == 0 {
            return Err(err(file, None, Some("cards"), "the Hero deck needs Characters"));
        }
    }
    let tables = load_tables(files.tables)?;
    Ok(Content { cards, hero_deck: decks[0].clone(), villain_deck: decks[1].clone(), tables, rules, by_id })
}

/// Per-card checks; `Err((field, message))`.
fn check_card(c: &Card, villain: bool) -> Result<(), (&'static str, String)> {
    let fail = |f: &'static str, m: &str| Err((f, m.to_string()));
    if c.id.is_empty() || !c.id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
        return fail("id", "ids are lowercase letters, digits and dashes");
    }
    if c.name.trim().is_empty() || c.name.contains(['{', '}', '|', '[', ']']) {
        return fail("name", "a name is plain text");
    }
    if c.copies == 0 {
        return fail("copies", "at least 1");
    }
    if !villain && matches!(c.kind, Kind::Mastermind | Kind::Plot) {
        return fail("kind", "Masterminds and Plots belong to the Villain deck");
    }
    if c.mastermind.is_some() && c.kind != Kind::Mastermind {
        return fail("mastermind", "only a Mastermind has Mastermind rules");
    }
    if c.plot.is_some() != (c.kind == Kind::Plot) {
        return fail("plot", "a Plot, and only a Plot, says minor or major");
    }
    if c.event.is_some() != (c.kind == Kind::Event) {
        return fail("event", "an Event, and only an Event, says when it is played");
    }
    if matches!(c.kind, Kind::Event | Kind::Plot) && (c.fight != 0 || c.track != 0 || !c.skills.is_empty()) {
        return fail("fight", "Events and Plots have no Fight, Track or skills");
    }
    if c.is_unit() && c.fight < 0 {
        return fail("fight", "a Unit's Fight is not negative");
    }
    if matches!(c.kind, Kind::Vehicle | Kind::Weapon) && !c.skills.is_empty() {
        return fail("skills", "Vehicles and Weapons have no skills");
    }
    if let Some(m) = &c.mastermind
        && m.refuses
            .iter()
            .any(|k| !matches!(k, Kind::Character | Kind::Vehicle | Kind::Weapon | Kind::Location | Kind::Plot))
    {
        return fail("mastermind.refuses", "only attachable card types can be refused");
    }
    if let Some(e) = &c.event {
        match e.when {
            When::AfterRoll if e.modifier == 0 => {
                return fail("event.modifier", "an after-roll Event modifies the roll");
            }
            When::Intercept if e.modifier != 0 || !e.rolls.is_empty() || e.whose != Whose::Any => {
                return fail("event.when", "an Intercept Event modifies no roll");
            }
            When::Intercept if e.draw == 0 && e.minions == 0 => {
                return fail("event.draw", "an Intercept Event draws or adds Minions");
            }
            _ => {}
        }
        if e.minions > 0 && !villain {
            return fail("event.minions", "only the Villain has Minions");
        }
        if e.minions > 0 && e.when != When::Intercept {
            return fail("event.minions", "Minions are added in the Intercept phase");
        }
    }
    Ok(())
}

fn load_tables(text: &str) -> Result<Vec<Table>, ContentError> {
    let file = "tables.json";
    let (_, entries) = list(file, text, "tables")?;
    let mut out: Vec<Option<Table>> = vec![None; RollKind::ALL.len()];
    for (i, v) in entries.into_iter().enumerate() {
        let name = entry_name("table", i, &v);
        let t: Table = parse(file, Some(&name), v)?;
        let fail = |field: String, m: &str| err(file, Some(&name), Some(&field), m);
        if !(1..=2).contains(&t.dice) {
            return Err(fail("dice".into(), "1 or 2 dice"));
        }
        if t.rows.is_empty() {
            return Err(fail("rows".into(), "a table has rows"));
        }
        let (lo, hi) = (i32::from(t.dice), 6 * i32::from(t.dice));
        if t.rows[0].min > lo || t.rows[t.rows.len() - 1].max < hi {
            return Err(fail("rows".into(), "the rows must cover every roll of the dice"));
        }
        for (r, row) in t.rows.iter().enumerate() {
            if row.min > row.max {
                return Err(fail(format!("rows[{r}].min"), "min is above max"));
            }
            if r > 0 && row.min != t.rows[r - 1].max + 1 {
                return Err(fail(format!("rows[{r}].min"), "rows must follow each other without gaps or overlaps"));
            }
            if !row.effect.fits(t.id) {
                return Err(fail(format!("rows[{r}].effect"), "this effect has no meaning on this table's roll"));
            }
        }
        let slot = &mut out[t.id.index()];
        if slot.is_some() {
            return Err(fail("id".into(), "a second table for this roll"));
        }
        *slot = Some(t);
    }
    out.into_iter()
        .zip(RollKind::ALL)
        .map(|(t, k)| t.ok_or_else(|| err(file, None, Some("tables"), format!("no table for the {k:?} roll"))))
        .collect()
}
