//! Reading and checking the content files: every mistake names its file,
//! its card (or list) and its field, so that whoever transcribes the
//! printed cards finds it at once.

use super::{Boss, Card, CardId, Content, Effect, Freeze, Gene, Kind, Precon, RoundScore, Track, WeakWhen};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::collections::HashMap;

/// A mistake in a content file: file, card and field (shared by every
/// game's loader).
pub use backroom_engine::ContentError;

fn err(file: &'static str, entry: Option<&str>, field: Option<&str>, message: impl Into<String>) -> ContentError {
    ContentError { file, entry: entry.map(str::to_string), field: field.map(str::to_string), message: message.into() }
}

fn parse<T: DeserializeOwned>(file: &'static str, entry: &str, v: Value) -> Result<T, ContentError> {
    serde_path_to_error::deserialize(v).map_err(|e| {
        let path = e.path().to_string();
        ContentError {
            file,
            entry: (!entry.is_empty()).then(|| entry.to_string()),
            field: (path != ".").then_some(path),
            message: e.into_inner().to_string(),
        }
    })
}

fn top(file: &'static str, text: &str) -> Result<Map<String, Value>, ContentError> {
    match serde_json::from_str(text) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err(err(file, None, None, "expected an object at the top")),
        Err(e) => Err(err(file, None, None, format!("not valid JSON: {e}"))),
    }
}

fn list(file: &'static str, m: &mut Map<String, Value>, key: &str) -> Result<Vec<Value>, ContentError> {
    match m.remove(key) {
        Some(Value::Array(a)) => Ok(a),
        _ => Err(err(file, None, Some(key), "expected a list")),
    }
}

fn entry_name(v: &Value, i: usize) -> String {
    match v.get("id").and_then(Value::as_str) {
        Some(id) => format!("card \"{id}\""),
        None => format!("card #{}", i + 1),
    }
}

/// The four files, by name.
pub struct Files<'a> {
    /// `basics.json`.
    pub basics: &'a str,
    /// `advanced.json`.
    pub advanced: &'a str,
    /// `board.json`.
    pub board: &'a str,
    /// `bosses.json`.
    pub bosses: &'a str,
}

impl Content {
    /// The embedded files.
    pub fn embedded() -> Files<'static> {
        Files {
            basics: include_str!("../../content/basics.json"),
            advanced: include_str!("../../content/advanced.json"),
            board: include_str!("../../content/board.json"),
            bosses: include_str!("../../content/bosses.json"),
        }
    }

    /// Parses and validates the four files.
    ///
    /// # Errors
    /// The first mistake, naming file, card and field.
    pub fn from_json(files: &Files<'_>) -> Result<Content, ContentError> {
        let mut cards: Vec<Card> = Vec::new();
        for (file, text, kind) in
            [("basics.json", files.basics, Kind::Basic), ("advanced.json", files.advanced, Kind::Advanced)]
        {
            let mut m = top(file, text)?;
            for (i, v) in list(file, &mut m, "cards")?.into_iter().enumerate() {
                let name = entry_name(&v, i);
                let mut c: Card = parse(file, &name, v)?;
                c.kind = kind;
                cards.push(c);
            }
        }
        let file = "bosses.json";
        let mut m = top(file, files.bosses)?;
        let mut bosses = Vec::new();
        for (i, mut v) in list(file, &mut m, "bosses")?.into_iter().enumerate() {
            let bname =
                v.get("id").and_then(Value::as_str).map_or(format!("boss #{}", i + 1), |s| format!("boss \"{s}\""));
            let deck = match v.as_object_mut().and_then(|o| o.remove("cards")) {
                Some(Value::Array(a)) => a,
                _ => return Err(err(file, Some(&bname), Some("cards"), "expected a list")),
            };
            let mut boss: Boss = parse(file, &bname, v)?;
            for (j, c) in deck.into_iter().enumerate() {
                let name = format!("{bname}, {}", entry_name(&c, j));
                let mut c: Card = parse(file, &name, c)?;
                c.kind = Kind::Boss;
                boss.deck.push(CardId(cards.len() as u16));
                cards.push(c);
            }
            bosses.push(boss);
        }
        let file = "board.json";
        let mut m = top(file, files.board)?;
        let track: Track = parse(file, "power_track", m.remove("power_track").unwrap_or(Value::Null))?;
        let rounds: Vec<RoundScore> = parse(file, "rounds", m.remove("rounds").unwrap_or(Value::Null))?;
        let hand: Vec<String> = parse(file, "starting_hand", m.remove("starting_hand").unwrap_or(Value::Null))?;
        let mut precons: Vec<Precon> =
            parse(file, "preconstructed", m.remove("preconstructed").unwrap_or(Value::Null))?;
        let mut index = HashMap::new();
        for (i, c) in cards.iter().enumerate() {
            let f = if c.kind == Kind::Boss {
                "bosses.json"
            } else if c.kind == Kind::Basic {
                "basics.json"
            } else {
                "advanced.json"
            };
            if index.insert(c.id.clone(), CardId(i as u16)).is_some() {
                return Err(err(f, Some(&format!("card \"{}\"", c.id)), Some("id"), "duplicate id"));
            }
        }
        let starting_hand = hand
            .iter()
            .enumerate()
            .map(|(i, h)| match index.get(h) {
                Some(id) if cards[id.0 as usize].kind == Kind::Basic => Ok(*id),
                _ => Err(err(
                    file,
                    Some("starting_hand"),
                    Some(&format!("[{i}]")),
                    format!("\"{h}\" is not a Basic Mutant"),
                )),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if track.dread_from >= track.cells || track.second >= track.dread_from || track.fury != 0 {
            return Err(err(file, Some("power_track"), None, "needs fury 0 < second < dread_from < cells"));
        }
        if rounds.is_empty() {
            return Err(err(file, Some("rounds"), None, "needs at least one round"));
        }
        for p in &mut precons {
            p.cards = cards
                .iter()
                .enumerate()
                .filter(|(_, c)| c.preconstructed.as_deref() == Some(&p.id))
                .map(|(i, _)| CardId(i as u16))
                .collect();
            if p.cards.len() != 6 {
                return Err(err(
                    "advanced.json",
                    Some(&p.id),
                    Some("preconstructed"),
                    format!("list \"{}\" has {} designs; it needs 6", p.id, p.cards.len()),
                ));
            }
        }
        for c in &cards {
            check_card(c, &precons)?;
        }
        for b in &bosses {
            if let Some(r) = b.recommended.iter().find(|r| !precons.iter().any(|p| &p.id == *r)) {
                return Err(err(
                    "bosses.json",
                    Some(&format!("boss \"{}\"", b.id)),
                    Some("recommended"),
                    format!("\"{r}\" is not a Preconstructed list"),
                ));
            }
        }
        Ok(Content { cards, track, rounds, starting_hand, precons, bosses, index })
    }

    /// The card with this id.
    pub fn id(&self, key: &str) -> Option<CardId> {
        self.index.get(key).copied()
    }

    /// Basic Mutants.
    pub fn basics(&self) -> impl Iterator<Item = CardId> + '_ {
        self.of(Kind::Basic)
    }

    /// Advanced designs.
    pub fn advanced(&self) -> impl Iterator<Item = CardId> + '_ {
        self.of(Kind::Advanced)
    }

    fn of(&self, kind: Kind) -> impl Iterator<Item = CardId> + '_ {
        self.cards.iter().enumerate().filter(move |(_, c)| c.kind == kind).map(|(i, _)| CardId(i as u16))
    }

    /// The public content as JSON, for clients.
    pub fn to_json(&self) -> String {
        serde_json::json!({
            "cards": self.cards,
            "power_track": self.track,
            "rounds": self.rounds,
            "preconstructed": self.precons,
            "bosses": self.bosses,
        })
        .to_string()
    }
}

fn check_card(c: &Card, precons: &[Precon]) -> Result<(), ContentError> {
    let file = match c.kind {
        Kind::Basic => "basics.json",
        Kind::Advanced => "advanced.json",
        Kind::Boss => "bosses.json",
    };
    let entry = format!("card \"{}\"", c.id);
    let fail = |field: &str, m: &str| Err(err(file, Some(&entry), Some(field), m));
    let want = match c.kind {
        Kind::Basic => 1,
        Kind::Advanced => 2,
        Kind::Boss => 0,
    };
    if c.genes.len() != want {
        return fail("genes", &format!("a {:?} card has {want} genes", c.kind).to_lowercase());
    }
    if let Freeze::PerGene { .. } = c.freeze
        && !c.has(Gene::Galactic)
    {
        return fail("freeze", "a variable Freeze value is a Galactic gene's");
    }
    if c.kind == Kind::Boss {
        if c.arrow.is_none() {
            return fail("arrow", "a boss card pushes left or right");
        }
        if let Some(w) = c.weakness
            && (w.when == WeakWhen::PlayerFreezesGene) != w.gene.is_some()
        {
            return fail("weakness.gene", "a gene goes with player_freezes_gene, and only there");
        }
    } else if c.arrow.is_some() || c.weakness.is_some() {
        return fail("arrow", "only boss cards push or have a Weakness");
    }
    if let Some(p) = &c.preconstructed
        && !precons.iter().any(|x| &x.id == p)
    {
        return fail("preconstructed", &format!("unknown list \"{p}\""));
    }
    for (name, list) in [("deploy", &c.deploy), ("leave", &c.leave), ("block", &c.block)] {
        for (i, e) in list.iter().enumerate() {
            check_effect(e, name, &format!("{name}[{i}]"), false, c.kind)
                .map_err(|m| err(file, Some(&entry), Some(&format!("{name}[{i}]")), m))?;
        }
    }
    if !c.block.is_empty() && !c.block.iter().any(|e| matches!(e, Effect::KnockDownThis)) {
        return fail("block", "a Block knocks its card down");
    }
    Ok(())
}

fn check_effect(e: &Effect, ability: &str, _at: &str, in_hit: bool, kind: Kind) -> Result<(), String> {
    match e {
        Effect::GainPower { n }
        | Effect::LosePower { n }
        | Effect::Cycle { n }
        | Effect::Discard { n }
        | Effect::GainLife { n }
            if *n == 0 =>
        {
            Err("must be at least 1".into())
        }
        Effect::KnockDown { .. } if !in_hit => {
            Err("knock_down names the attacked player's slot: only inside an attack's hit".into())
        }
        Effect::KnockDownThis if ability != "block" => Err("knock_down_this belongs to a Block".into()),
        Effect::Transform if ability != "deploy" => Err("Transform is a Deploy ability".into()),
        Effect::Attack { hit, .. } => {
            if in_hit {
                return Err("an attack inside an attack".into());
            }
            if hit.is_empty() {
                return Err("an attack with no hit".into());
            }
            for h in hit {
                if !matches!(h, Effect::LosePower { .. } | Effect::Discard { .. } | Effect::KnockDown { .. }) {
                    return Err("a hit is lose_power, discard or knock_down".into());
                }
                check_effect(h, ability, _at, true, kind)?;
            }
            Ok(())
        }
        Effect::Pay { then, discard } => {
            if *discard == 0 || then.is_empty() {
                return Err("pay needs a price and what it buys".into());
            }
            then.iter().try_for_each(|t| check_effect(t, ability, _at, in_hit, kind))
        }
        Effect::Copy { slot: Some(_), .. } if kind != Kind::Boss => Err("a fixed copy slot is for boss cards".into()),
        Effect::GainLife { .. } | Effect::ReshuffleDiscard if kind != Kind::Boss => {
            Err("only a boss gains Life or reshuffles".into())
        }
        _ => Ok(()),
    }
}
