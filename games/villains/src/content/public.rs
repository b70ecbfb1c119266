//! The public texts the web table shows (`Game::content()`, served at
//! `GET /api/games/villains/content`): areas with adjacency, control and
//! skill texts; factions with passives, units, champion and unique token;
//! action cards with each copy's target; plans with their objectives;
//! upgrades; capitol tokens. Taken from the embedded content files with
//! the effects left out (the table reads texts, the engine reads effects).
//!
//! Built from the files' JSON, not from the validated records, so each
//! entry keeps its fields and its keys' order exactly as written (the
//! table lists units and tokens in that order); `serde_json::Value`
//! would sort them.

use super::ContentFiles;
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::Number;
use std::fmt;

/// A JSON value whose objects keep their keys in the order read.
#[derive(Debug, Clone, PartialEq)]
enum J {
    Null,
    Bool(bool),
    Num(Number),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

impl J {
    /// The field `k` of an object (`None` if absent or not an object).
    fn get(&self, k: &str) -> Option<&J> {
        match self {
            J::Obj(fields) => fields.iter().find(|(key, _)| key == k).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The field `k`, or null.
    fn at(&self, k: &str) -> &J {
        static NULL: J = J::Null;
        self.get(k).unwrap_or(&NULL)
    }

    fn items(&self) -> &[J] {
        match self {
            J::Arr(items) => items,
            _ => &[],
        }
    }

    fn fields(&self) -> &[(String, J)] {
        match self {
            J::Obj(fields) => fields,
            _ => &[],
        }
    }

    /// The listed fields that are present, in the list's order.
    fn pick(&self, keys: &[&str]) -> J {
        J::Obj(keys.iter().filter_map(|k| self.get(k).map(|v| ((*k).to_string(), v.clone()))).collect())
    }

    /// An object with each field's value mapped.
    fn map_fields(&self, f: impl Fn(&J) -> J) -> J {
        J::Obj(self.fields().iter().map(|(k, v)| (k.clone(), f(v))).collect())
    }
}

fn obj(fields: Vec<(&str, J)>) -> J {
    J::Obj(fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

impl Serialize for J {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            J::Null => s.serialize_unit(),
            J::Bool(b) => s.serialize_bool(*b),
            J::Num(n) => n.serialize(s),
            J::Str(t) => s.serialize_str(t),
            J::Arr(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for x in items {
                    seq.serialize_element(x)?;
                }
                seq.end()
            }
            J::Obj(fields) => {
                let mut map = s.serialize_map(Some(fields.len()))?;
                for (k, v) in fields {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

struct JVisitor;

impl<'de> Visitor<'de> for JVisitor {
    type Value = J;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_unit<E>(self) -> Result<J, E> {
        Ok(J::Null)
    }
    fn visit_bool<E>(self, b: bool) -> Result<J, E> {
        Ok(J::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<J, E> {
        Ok(J::Num(n.into()))
    }
    fn visit_u64<E>(self, n: u64) -> Result<J, E> {
        Ok(J::Num(n.into()))
    }
    fn visit_f64<E>(self, n: f64) -> Result<J, E> {
        Ok(Number::from_f64(n).map_or(J::Null, J::Num))
    }
    fn visit_str<E>(self, t: &str) -> Result<J, E> {
        Ok(J::Str(t.to_string()))
    }
    fn visit_string<E>(self, t: String) -> Result<J, E> {
        Ok(J::Str(t))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<J, A::Error> {
        let mut items = Vec::new();
        while let Some(x) = seq.next_element()? {
            items.push(x);
        }
        Ok(J::Arr(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<J, A::Error> {
        let mut fields: Vec<(String, J)> = Vec::new();
        while let Some((k, v)) = map.next_entry::<String, J>()? {
            // A repeated key keeps its first place and its last value.
            match fields.iter_mut().find(|(key, _)| *key == k) {
                Some(slot) => slot.1 = v,
                None => fields.push((k, v)),
            }
        }
        Ok(J::Obj(fields))
    }
}

impl<'de> Deserialize<'de> for J {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<J, D::Error> {
        d.deserialize_any(JVisitor)
    }
}

/// The table's texts as a JSON document, from the embedded files.
///
/// # Panics
/// If an embedded file is not JSON (the content's own load test guards it).
pub fn public_json() -> String {
    let files = ContentFiles::embedded();
    let read = |text: &str| -> J { serde_json::from_str(text).unwrap_or_else(|e| panic!("villains content: {e}")) };
    let (areas, factions, cards) = (read(files.areas), read(files.factions), read(files.action_cards));
    let (plans, upgrades) = (read(files.plans), read(files.upgrades));
    let list = |v: &J, f: &dyn Fn(&J) -> J| J::Arr(v.items().iter().map(f).collect());

    let area = |a: &J| {
        obj(vec![
            ("id", a.at("id").clone()),
            ("name", a.at("name").clone()),
            ("spaces", a.at("token_spaces").clone()),
            ("adjacent", a.at("adjacent").clone()),
            ("control", a.at("control").at("text").clone()),
            ("skill", a.at("skill").at("text").clone()),
        ])
    };
    let faction = |f: &J| {
        let J::Obj(mut fields) = f.pick(&[
            "id",
            "name",
            "sheet_title",
            "energy",
            "energy_max",
            "placement_cost",
            "starting_resources",
            "plan_focus",
            "captured_markers",
            "tokens",
        ]) else {
            unreachable!("pick makes an object")
        };
        let passives = list(f.at("passives"), &|p| p.pick(&["name", "text"]));
        let units =
            f.at("units").map_fields(|u| u.pick(&["count", "cost", "attack", "influence", "skilled", "toughness"]));
        let champion =
            f.at("champion").pick(&["name", "count", "cost", "attack", "influence", "skilled", "toughness", "text"]);
        let unique = f.at("unique_token").pick(&["id", "name", "count", "cost", "refunded", "text"]);
        for (k, v) in [("passives", passives), ("units", units), ("champion", champion), ("unique_token", unique)] {
            fields.retain(|(key, _)| key != k);
            fields.push((k.to_string(), v));
        }
        J::Obj(fields)
    };
    let plan_list = J::Arr(
        plans
            .at("factions")
            .items()
            .iter()
            .flat_map(|f| {
                f.at("plans").items().iter().map(|p| {
                    obj(vec![
                        ("id", p.at("id").clone()),
                        ("faction", f.at("faction").clone()),
                        ("name", p.at("name").clone()),
                        ("objectives", list(p.at("objectives"), &|o| o.pick(&["pp", "text", "focus"]))),
                    ])
                })
            })
            .collect(),
    );
    let doc = obj(vec![
        ("source", J::Str("games/villains/content/*.json, the effects left out (Game::content())".into())),
        ("capitol_tokens", areas.at("capitol_tokens").clone()),
        ("areas", list(areas.at("areas"), &area)),
        ("basic_tokens", factions.at("basic_tokens").map_fields(|t| t.pick(&["name", "cost", "refunded", "text"]))),
        ("factions", list(factions.at("factions"), &faction)),
        (
            "cards",
            list(cards.at("cards"), &|c| {
                c.pick(&["id", "name", "cost", "type", "scope", "targets", "powerless_against_kau", "text"])
            }),
        ),
        ("plans", plan_list),
        ("upgrades", list(upgrades.at("upgrades"), &|u| u.pick(&["id", "faction", "level", "name", "text"]))),
    ]);
    serde_json::to_string(&doc).expect("a JSON value serializes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_texts_keep_the_files_order_and_leave_the_effects_out() {
        let doc: J = serde_json::from_str(&public_json()).unwrap();
        let keys = |v: &J| v.fields().iter().map(|(k, _)| k.clone()).collect::<Vec<_>>();
        assert_eq!(
            keys(&doc),
            ["source", "capitol_tokens", "areas", "basic_tokens", "factions", "cards", "plans", "upgrades"]
        );
        assert_eq!(keys(doc.at("basic_tokens")), ["deploy", "card", "move", "battle"]);
        let first = &doc.at("factions").items()[0];
        assert_eq!(keys(first.at("units")), ["goon", "mole", "talent", "patsy"]);
        assert_eq!(doc.at("cards").items().len(), super::super::content().cards.len());
        assert!(!public_json().contains("\"effect"), "effects stay in the engine");
    }
}
