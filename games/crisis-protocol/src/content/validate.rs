//! Loading the content files and the checks serde can't make (ranges,
//! uniqueness, house marking, pieces on the table); every error names the
//! file, the entry and the field.

use crate::content::{Character, Content, Crisis, CrisisKind, Effect, GeometryConfig, Tactic, TerrainSet};
pub use backroom_engine::ContentError;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// A mistake in a whole file (no entry or field to name).
fn file_error(file: &'static str, message: impl Into<String>) -> ContentError {
    ContentError { file, entry: None, field: None, message: message.into() }
}

/// Loads and validates content from `(file name, text)` pairs.
///
/// # Errors
/// A [`ContentError`] naming the file, the entry and the field at fault.
pub fn load(files: &[(&str, &str)]) -> Result<Content, ContentError> {
    let find = |name: &str| files.iter().find(|(n, _)| *n == name).map(|(_, t)| *t);
    let text = |name: &'static str| find(name).ok_or_else(|| file_error(name, "file missing"));
    let geometry: GeometryConfig = {
        let f = "geometry.json";
        serde_json::from_str(text(f)?).map_err(|e| file_error(f, e.to_string()))?
    };
    let characters: Vec<Character> = entries("house/characters.json", text("house/characters.json")?)?;
    // Other forms are optional: a set without Transform has none.
    let forms: Vec<Character> = match find("house/forms.json") {
        Some(t) => entries("house/forms.json", t)?,
        None => Vec::new(),
    };
    let tactics: Vec<Tactic> = entries("house/tactics.json", text("house/tactics.json")?)?;
    let crises: Vec<Crisis> = entries("house/crises.json", text("house/crises.json")?)?;
    let terrain_sets: Vec<TerrainSet> = entries("house/terrain_sets.json", text("house/terrain_sets.json")?)?;
    let c = Content { geometry, characters, forms, tactics, crises, terrain_sets };
    validate(&c)?;
    Ok(c)
}

/// Parses a file holding an array, naming the entry (by `id` or `name`,
/// else its index) of any error.
fn entries<T: DeserializeOwned>(file: &'static str, text: &str) -> Result<Vec<T>, ContentError> {
    let raw: Vec<Value> = serde_json::from_str(text).map_err(|e| file_error(file, e.to_string()))?;
    raw.into_iter()
        .enumerate()
        .map(|(i, v)| {
            let who =
                v.get("id").or_else(|| v.get("name")).and_then(Value::as_str).map_or(format!("#{i}"), str::to_string);
            serde_json::from_value(v).map_err(|e| ContentError {
                file,
                entry: Some(format!("entry {who}")),
                field: None,
                message: e.to_string(),
            })
        })
        .collect()
}

fn check(ok: bool, file: &'static str, entry: &str, field: &str, why: &str) -> Result<(), ContentError> {
    if ok {
        Ok(())
    } else {
        Err(ContentError {
            file,
            entry: Some(format!("entry {entry}")),
            field: Some(field.to_string()),
            message: why.to_string(),
        })
    }
}

/// The checks serde cannot make: ranges, uniqueness, house marking.
fn validate(c: &Content) -> Result<(), ContentError> {
    let g = &c.geometry;
    let f = "geometry.json";
    check(g.source == "house", f, "geometry", "source", "must be \"house\"")?;
    check(
        g.range_inches.len() == 5 && g.range_inches.windows(2).all(|w| w[0] < w[1]),
        f,
        "geometry",
        "rangeInches",
        "five increasing lengths",
    )?;
    check(g.tools.S < g.tools.M && g.tools.M < g.tools.L, f, "geometry", "tools", "S < M < L")?;
    check(g.table_inches > 0.0 && g.eps > 0.0 && g.tool_width > 0.0, f, "geometry", "tableInches", "positive sizes")?;
    let mut ids = std::collections::BTreeSet::new();
    let all = c
        .characters
        .iter()
        .map(|x| ("house/characters.json", x))
        .chain(c.forms.iter().map(|x| ("house/forms.json", x)));
    for (f, ch) in all {
        let e = ch.id.as_str();
        for sp in &ch.sides.healthy.superpowers {
            for p in &sp.effects {
                if let crate::content::Power::Transform { into } = p {
                    let known = c.characters.iter().chain(&c.forms).any(|x| &x.id == into);
                    check(
                        known,
                        f,
                        e,
                        &format!("sides.healthy.superpowers ({}).transform.into", sp.name),
                        "the id of a character or form",
                    )?;
                }
                if let crate::content::Power::Charge { n } = p {
                    let field = format!("sides.healthy.superpowers ({}).charge", sp.name);
                    check((1..=3).contains(n), f, e, &format!("{field}.n"), "tool distance 1 to 3")?;
                    let active = sp.kind == crate::content::PowerKind::Active && sp.action;
                    check(
                        active,
                        f,
                        e,
                        &format!("sides.healthy.superpowers ({}).action", sp.name),
                        "a Charge is an active superpower marked \"action\": true",
                    )?;
                    check(
                        sp.effects.len() == 1,
                        f,
                        e,
                        &format!("sides.healthy.superpowers ({}).effects", sp.name),
                        "a Charge is the power's only effect",
                    )?;
                }
            }
        }
        let imm = &ch.sides.healthy.immunities;
        check(
            imm.iter().enumerate().all(|(i, x)| !imm[..i].contains(x)),
            f,
            e,
            "sides.healthy.immunities",
            "each condition once",
        )?;
        check(ids.insert(e), f, e, "id", "duplicate id")?;
        check(ch.source == "house", f, e, "source", "must be \"house\"")?;
        check((1..=6).contains(&ch.threat), f, e, "threat", "1 to 6")?;
        check((25.0..=120.0).contains(&ch.base_diameter_mm), f, e, "baseDiameterMm", "25 to 120 mm")?;
        let h = &ch.sides.healthy;
        check((1..=6).contains(&h.size), f, e, "sides.healthy.size", "Size 1 to 6")?;
        check(h.stamina > 0, f, e, "sides.healthy.stamina", "positive")?;
        check(ch.sides.injured.stamina > 0, f, e, "sides.injured.stamina", "positive")?;
        check(!h.attacks.is_empty(), f, e, "sides.healthy.attacks", "at least one attack")?;
        for (i, a) in h.attacks.iter().enumerate() {
            let field = format!("sides.healthy.attacks[{i}] ({})", a.name);
            check((1..=5).contains(&a.range.n), f, e, &format!("{field}.range.n"), "range 1 to 5")?;
            check(a.strength > 0, f, e, &format!("{field}.strength"), "positive")?;
            check(a.cost <= 10, f, e, &format!("{field}.cost"), "at most 10 power")?;
            for r in &a.rules {
                if let Effect::Push { n, .. } | Effect::Throw { n, .. } = r.effect {
                    check((1..=3).contains(&n), f, e, &format!("{field}.rules"), "tool distance 1 to 3")?;
                }
            }
        }
        if let Some(l) = &ch.leadership {
            check(
                ch.affiliations.contains(&l.affiliation),
                f,
                e,
                "leadership.affiliation",
                "the character's own affiliation",
            )?;
        }
    }
    let f = "house/tactics.json";
    for t in &c.tactics {
        check(t.source == "house", f, &t.id, "source", "must be \"house\"")?;
        for e in &t.effects {
            if let crate::content::cards::TacticEffect::ReadyAlly { with, range, .. } = e {
                check(
                    c.characters.iter().any(|ch| &ch.id == with),
                    f,
                    &t.id,
                    "effects.readyAlly.with",
                    "a house character's id",
                )?;
                check((1..=5).contains(range), f, &t.id, "effects.readyAlly.range", "a range from 1 to 5")?;
            }
        }
    }
    let f = "house/crises.json";
    for k in &c.crises {
        let e = k.id.as_str();
        check(k.source == "house", f, e, "source", "must be \"house\"")?;
        check(!k.tokens.is_empty(), f, e, "tokens", "at least one token")?;
        for t in &k.tokens {
            check(t.iter().all(|v| (0.0..=g.table_inches).contains(v)), f, e, "tokens", "on the table")?;
        }
        if let Some(n) = k.place_within {
            check((1..=5).contains(&n), f, e, "placeWithin", "a range from 1 to 5")?;
        }
        for b in &k.bonus {
            check(b.token < k.tokens.len(), f, e, "bonus.token", "an index into tokens")?;
        }
    }
    for kind in [CrisisKind::Secure, CrisisKind::Extraction] {
        check(
            c.crises.iter().any(|k| k.kind == kind),
            f,
            "(all)",
            "kind",
            "at least one Secure and one Extraction crisis",
        )?;
    }
    let f = "house/terrain_sets.json";
    for s in &c.terrain_sets {
        check(s.source == "house", f, &s.id, "source", "must be \"house\"")?;
        for (i, p) in s.pieces.iter().enumerate() {
            let field = format!("pieces[{i}] ({})", p.name);
            check((1..=6).contains(&p.size), f, &s.id, &format!("{field}.size"), "Size 1 to 6")?;
            check(p.w > 0.0 && p.h > 0.0, f, &s.id, &format!("{field}.w"), "positive width and height")?;
            let inside = p.center[0] - p.w / 2.0 >= 0.0
                && p.center[0] + p.w / 2.0 <= g.table_inches
                && p.center[1] - p.h / 2.0 >= 0.0
                && p.center[1] + p.h / 2.0 <= g.table_inches;
            check(inside, f, &s.id, &format!("{field}.center"), "the piece must lie on the table")?;
        }
    }
    check(!c.terrain_sets.is_empty(), f, "(all)", "pieces", "at least one terrain set")?;
    Ok(())
}
