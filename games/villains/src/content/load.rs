//! Loading the five content files: what each must hold (counts, ids,
//! references between files) and [`Content::from_files`], which builds
//! the validated [`Content`]. Separate from the records it fills and from
//! the lookups a match uses afterwards.

use super::check::{Checker, Context, attack_dice};
use super::ids::deck_key;
use super::parse::{err, label, list, parse, top, unique};
use super::{
    ACTION_CARDS, AREAS, Area, AreaId, BasicToken, CapitolToken, Card, CardType, Content, ContentError, ContentFiles,
    DeckCard, FACTIONS, Faction, FactionId, PLANS_PER_FACTION, Plan, Scope, TURNS, Table, UPGRADES, Upgrade,
};
use crate::content::effect::{Ongoing, TokenType, UnitType};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};

const AREAS_FILE: &str = "areas.json";
const FACTIONS_FILE: &str = "factions.json";
const CARDS_FILE: &str = "action-cards.json";
const PLANS_FILE: &str = "plans.json";
const UPGRADES_FILE: &str = "upgrades.json";

impl Content {
    /// Loads and validates a full set of content files (the embedded ones or
    /// a group's own transcription).
    ///
    /// # Errors
    /// The first mistake found, naming its file, entry and field.
    pub fn from_files(files: &ContentFiles<'_>) -> Result<Content, ContentError> {
        let (areas, capitol_tokens, area_ids) = Self::load_areas(files.areas)?;
        let (basic_tokens, factions) = Self::load_factions(files.factions, &area_ids)?;
        let (cards, deck) = Self::load_cards(files.action_cards, &area_ids, &areas)?;
        let faction_index: HashMap<String, FactionId> =
            factions.iter().enumerate().map(|(i, f)| (f.id.clone(), FactionId(i as u8))).collect();
        let (plans, plan_faction) = Self::load_plans(files.plans, &faction_index)?;
        let (upgrades, upgrade_faction) = Self::load_upgrades(files.upgrades, &faction_index, &area_ids)?;

        let index: HashMap<&str, AreaId> =
            areas.iter().enumerate().map(|(i, a)| (a.id.as_str(), AreaId(i as u8))).collect();
        let adjacency = areas.iter().map(|a| a.adjacent.iter().map(|b| index[b.as_str()]).collect()).collect();
        let mut ids = HashMap::new();
        for (i, a) in areas.iter().enumerate() {
            ids.insert((Table::Area, a.id.clone()), i as u16);
        }
        for (i, f) in factions.iter().enumerate() {
            ids.insert((Table::Faction, f.id.clone()), i as u16);
        }
        let deck_keys: Vec<String> = deck.iter().map(|d| deck_key(&cards, d)).collect();
        for (i, k) in deck_keys.iter().enumerate() {
            ids.insert((Table::Deck, k.clone()), i as u16);
        }
        for (i, p) in plans.iter().enumerate() {
            ids.insert((Table::Plan, p.id.clone()), i as u16);
        }
        for (i, u) in upgrades.iter().enumerate() {
            ids.insert((Table::Upgrade, u.id.clone()), i as u16);
        }
        Ok(Content {
            areas,
            capitol_tokens,
            basic_tokens,
            factions,
            cards,
            deck,
            plans,
            plan_faction,
            upgrades,
            upgrade_faction,
            adjacency,
            deck_keys,
            ids,
        })
    }

    #[allow(clippy::type_complexity, reason = "one file yields these three tables together")]
    fn load_areas(text: &str) -> Result<(Vec<Area>, Vec<CapitolToken>, HashSet<String>), ContentError> {
        let f = AREAS_FILE;
        let mut map = top(f, text, &["capitol_tokens", "areas"])?;
        let tokens: Vec<CapitolToken> =
            parse(f, "", "capitol_tokens", map.remove("capitol_tokens").unwrap_or_default())?;
        if tokens.len() != TURNS {
            return Err(err(
                f,
                None,
                Some("capitol_tokens"),
                format!("{} capitol tokens; the game has {TURNS}, one per turn", tokens.len()),
            ));
        }
        for (i, t) in tokens.iter().enumerate() {
            if t.turn as usize != i + 1 {
                return Err(err(
                    f,
                    None,
                    Some(&format!("capitol_tokens[{i}].turn")),
                    format!("expected turn {}, found {}", i + 1, t.turn),
                ));
            }
        }
        let raw = list(f, &mut map, "areas")?;
        let mut areas = Vec::new();
        let mut seen = HashSet::new();
        for (i, v) in raw.into_iter().enumerate() {
            let entry = label("area", i, &v);
            let a: Area = parse(f, &entry, "", v)?;
            unique(f, "area", &mut seen, &entry, &a.id)?;
            areas.push((entry, a));
        }
        if areas.len() != AREAS {
            return Err(err(f, None, Some("areas"), format!("{} areas; the City has {AREAS}", areas.len())));
        }
        let by_id: HashMap<&str, &Area> = areas.iter().map(|(_, a)| (a.id.as_str(), a)).collect();
        for (entry, a) in &areas {
            let c = Checker { file: f, entry, area_ids: &seen };
            if a.token_spaces < 5 {
                return Err(c.fail(
                    "token_spaces",
                    format!("{} spaces: five players need 5 for a combat marker", a.token_spaces),
                ));
            }
            if a.adjacent.is_empty() {
                return Err(c.fail("adjacent", "an area joined to no other"));
            }
            let mut adj = HashSet::new();
            for (j, b) in a.adjacent.iter().enumerate() {
                let field = format!("adjacent[{j}]");
                c.area(&field, b)?;
                if b == &a.id {
                    return Err(c.fail(&field, "an area is not adjacent to itself"));
                }
                if !adj.insert(b) {
                    return Err(c.fail(&field, format!("\"{b}\" is listed twice")));
                }
                if !by_id[b.as_str()].adjacent.contains(&a.id) {
                    return Err(c.fail(
                        &field,
                        format!("\"{b}\" does not list \"{}\" as adjacent (adjacency goes both ways)", a.id),
                    ));
                }
            }
            c.ongoing("control.ongoing", &a.control.ongoing)?;
            if a.skill.effects.is_empty() {
                return Err(c.fail("skill.effects", "a skill ability that does nothing"));
            }
            c.effects("skill.effects", &a.skill.effects, Context::InArea)?;
        }
        let capitols = areas.iter().filter(|(_, a)| a.control.ongoing.contains(&Ongoing::CollectCapitolToken)).count();
        if capitols != 1 {
            return Err(err(
                f,
                None,
                Some("areas"),
                format!("{capitols} areas collect the capitol token; exactly one (the Capitol) must"),
            ));
        }
        Ok((areas.into_iter().map(|(_, a)| a).collect(), tokens, seen))
    }

    #[allow(clippy::type_complexity, reason = "one file yields these four tables together")]
    fn load_factions(
        text: &str,
        area_ids: &HashSet<String>,
    ) -> Result<(BTreeMap<TokenType, BasicToken>, Vec<Faction>), ContentError> {
        let f = FACTIONS_FILE;
        let mut map = top(f, text, &["basic_tokens", "factions"])?;
        let basic: BTreeMap<TokenType, BasicToken> =
            parse(f, "", "basic_tokens", map.remove("basic_tokens").unwrap_or_default())?;
        for t in TokenType::ALL {
            let Some(b) = basic.get(&t) else {
                return Err(err(f, None, Some("basic_tokens"), format!("the {} token is missing", t.word())));
            };
            let entry = format!("basic token \"{}\"", b.name);
            let c = Checker { file: f, entry: &entry, area_ids };
            if b.effects.is_empty() {
                return Err(c.fail("effects", "a token that does nothing"));
            }
            c.effects("effects", &b.effects, Context::InArea)?;
        }
        let raw = list(f, &mut map, "factions")?;
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        for (i, v) in raw.into_iter().enumerate() {
            let entry = label("faction", i, &v);
            let fa: Faction = parse(f, &entry, "", v)?;
            unique(f, "faction", &mut seen, &entry, &fa.id)?;
            let c = Checker { file: f, entry: &entry, area_ids };
            if fa.energy > fa.energy_max {
                return Err(
                    c.fail("energy", format!("{} is past the energy track's end ({})", fa.energy, fa.energy_max))
                );
            }
            if fa.captured_markers.is_empty() {
                return Err(c.fail("captured_markers", "no space to capture markers in"));
            }
            for (j, p) in fa.passives.iter().enumerate() {
                c.ongoing(&format!("passives[{j}].ongoing"), &p.ongoing)?;
                c.triggers(
                    &format!("passives[{j}].triggers"),
                    &p.triggers,
                    crate::content::effect::When::on_faction,
                    "a passive",
                )?;
            }
            if fa.units.contains_key(&UnitType::Champion) {
                return Err(c.fail("units.champion", "the champion has its own entry, \"champion\""));
            }
            for (t, u) in &fa.units {
                let field = format!("units.{}", t.word());
                if u.count == 0 {
                    return Err(c.fail(
                        &format!("{field}.count"),
                        "leave out a unit type the faction lacks instead of a count of 0",
                    ));
                }
                attack_dice(&c, &format!("{field}.attack"), &u.attack)?;
            }
            let ch = &fa.champion;
            if ch.count == 0 {
                return Err(c.fail("champion.count", "every faction has its champion"));
            }
            attack_dice(&c, "champion.attack", &ch.attack)?;
            c.triggers("champion.triggers", &ch.triggers, crate::content::effect::When::on_champion, "a champion")?;
            c.ongoing("champion.ongoing", &ch.ongoing)?;
            for t in fa.tokens.keys() {
                if fa.tokens[t] == 0 {
                    return Err(c.fail(
                        &format!("tokens.{}", t.word()),
                        "leave out a token type the faction lacks instead of a count of 0",
                    ));
                }
            }
            let u = &fa.unique_token;
            if u.count == 0 {
                return Err(c.fail("unique_token.count", "every faction has its unique token"));
            }
            if u.activatable && u.effects.is_empty() && u.ongoing.is_empty() && u.triggers.is_empty() {
                return Err(c.fail("unique_token", "an activatable token that does nothing"));
            }
            if !u.activatable
                && (!u.effects.is_empty() || !u.ongoing.is_empty() || !u.triggers.is_empty() || u.influence > 0)
            {
                return Err(c.fail(
                    "unique_token.activatable",
                    "a token that is never activated can have no effect or influence",
                ));
            }
            c.effects("unique_token.effects", &u.effects, Context::InArea)?;
            c.ongoing("unique_token.ongoing", &u.ongoing)?;
            c.triggers("unique_token.triggers", &u.triggers, crate::content::effect::When::on_token, "a token")?;
            out.push(fa);
        }
        if out.len() != FACTIONS {
            return Err(err(f, None, Some("factions"), format!("{} factions; the game has {FACTIONS}", out.len())));
        }
        Ok((basic, out))
    }

    fn load_cards(
        text: &str,
        area_ids: &HashSet<String>,
        areas: &[Area],
    ) -> Result<(Vec<Card>, Vec<DeckCard>), ContentError> {
        let f = CARDS_FILE;
        let mut map = top(f, text, &["cards"])?;
        let raw = list(f, &mut map, "cards")?;
        let mut cards = Vec::new();
        let mut deck = Vec::new();
        let mut seen = HashSet::new();
        let mut names = HashSet::new();
        for (i, v) in raw.into_iter().enumerate() {
            let entry = label("card", i, &v);
            let card: Card = parse(f, &entry, "", v)?;
            unique(f, "card", &mut seen, &entry, &card.id)?;
            if !names.insert(card.name.clone()) {
                return Err(err(f, Some(&entry), Some("name"), "two cards share this name"));
            }
            let c = Checker { file: f, entry: &entry, area_ids };
            if card.targets.is_empty() {
                return Err(c.fail("targets", "no copy: list one target (or null) per physical card"));
            }
            for (j, t) in card.targets.iter().enumerate() {
                if let Some(t) = t {
                    c.area(&format!("targets[{j}]"), t)?;
                    if areas.iter().any(|a| &a.id == t && a.control.ongoing.contains(&Ongoing::CollectCapitolToken)) {
                        return Err(c.fail(&format!("targets[{j}]"), "the Capitol is never a target"));
                    }
                }
                let target = t.as_ref().map(|t| AreaId(areas.iter().position(|a| &a.id == t).unwrap_or(0) as u8));
                deck.push(DeckCard { design: cards.len() as u16, copy: (j + 1) as u8, target });
            }
            match card.kind {
                CardType::Event if !card.ongoing.is_empty() => {
                    return Err(c.fail("ongoing", "an event resolves once; standing rules belong to rule cards"));
                }
                CardType::Event if card.effects.is_empty() => {
                    return Err(c.fail("effects", "an event that does nothing"));
                }
                CardType::Rule if card.effects.is_empty() && card.ongoing.is_empty() => {
                    return Err(c.fail("ongoing", "a rule card that does nothing"));
                }
                _ => {}
            }
            let ctx = if card.scope == Scope::Local { Context::InArea } else { Context::Global };
            c.effects("effects", &card.effects, ctx)?;
            c.ongoing("ongoing", &card.ongoing)?;
            cards.push(card);
        }
        if deck.len() != ACTION_CARDS {
            return Err(err(
                f,
                None,
                Some("cards"),
                format!("{} cards in the deck; the rulebook's deck has {ACTION_CARDS}", deck.len()),
            ));
        }
        if deck.iter().all(|d| d.target.is_none()) {
            return Err(err(f, None, Some("cards"), "no card has a target: setup could not place the setup marker"));
        }
        Ok((cards, deck))
    }

    fn load_plans(
        text: &str,
        factions: &HashMap<String, FactionId>,
    ) -> Result<(Vec<Plan>, Vec<FactionId>), ContentError> {
        let f = PLANS_FILE;
        let mut map = top(f, text, &["factions"])?;
        let raw = list(f, &mut map, "factions")?;
        let mut plans = Vec::new();
        let mut owner = Vec::new();
        let mut seen = HashSet::new();
        let mut done = HashSet::new();
        for (i, mut v) in raw.into_iter().enumerate() {
            let fid = v.get("faction").and_then(Value::as_str).map(str::to_string);
            let entry = match &fid {
                Some(id) => format!("faction \"{id}\""),
                None => format!("faction #{}", i + 1),
            };
            let Some(fid) = fid else {
                return Err(err(f, Some(&entry), Some("faction"), "missing faction id"));
            };
            let Some(&faction) = factions.get(&fid) else {
                return Err(err(f, Some(&entry), Some("faction"), format!("unknown faction \"{fid}\"")));
            };
            if !done.insert(faction) {
                return Err(err(f, Some(&entry), Some("faction"), "this faction's plans are listed twice"));
            }
            let Some(obj) = v.as_object_mut() else { unreachable!("has a faction field") };
            if let Some(k) = obj.keys().find(|k| *k != "faction" && *k != "plans") {
                return Err(err(f, Some(&entry), None, format!("unknown field `{k}`, expected `faction` or `plans`")));
            }
            let Some(Value::Array(list)) = obj.remove("plans") else {
                return Err(err(f, Some(&entry), Some("plans"), "expected a list"));
            };
            if list.len() != PLANS_PER_FACTION {
                return Err(err(
                    f,
                    Some(&entry),
                    Some("plans"),
                    format!("{} plans; each faction has {PLANS_PER_FACTION}", list.len()),
                ));
            }
            for (j, pv) in list.into_iter().enumerate() {
                let pentry = label("plan", j, &pv);
                let p: Plan = parse(f, &pentry, "", pv)?;
                unique(f, "plan", &mut seen, &pentry, &p.id)?;
                if p.objectives.is_empty() {
                    return Err(err(f, Some(&pentry), Some("objectives"), "a plan with no objective"));
                }
                for (k, o) in p.objectives.iter().enumerate() {
                    if o.pp == 0 {
                        return Err(err(
                            f,
                            Some(&pentry),
                            Some(&format!("objectives[{k}].pp")),
                            "an objective scores at least 1 PP",
                        ));
                    }
                    if o.requires.is_empty() {
                        return Err(err(
                            f,
                            Some(&pentry),
                            Some(&format!("objectives[{k}].requires")),
                            "an objective requires something",
                        ));
                    }
                }
                plans.push(p);
                owner.push(faction);
            }
        }
        if let Some(missing) = factions.iter().filter(|(_, id)| !done.contains(id)).map(|(k, _)| k.as_str()).min() {
            return Err(err(f, None, Some("factions"), format!("no plans for faction \"{missing}\"")));
        }
        Ok((plans, owner))
    }

    fn load_upgrades(
        text: &str,
        factions: &HashMap<String, FactionId>,
        area_ids: &HashSet<String>,
    ) -> Result<(Vec<Upgrade>, Vec<FactionId>), ContentError> {
        let f = UPGRADES_FILE;
        let mut map = top(f, text, &["upgrades"])?;
        let raw = list(f, &mut map, "upgrades")?;
        let mut out = Vec::new();
        let mut owner = Vec::new();
        let mut seen = HashSet::new();
        let mut levels = HashSet::new();
        for (i, v) in raw.into_iter().enumerate() {
            let entry = label("upgrade", i, &v);
            let u: Upgrade = parse(f, &entry, "", v)?;
            unique(f, "upgrade", &mut seen, &entry, &u.id)?;
            let c = Checker { file: f, entry: &entry, area_ids };
            let Some(&faction) = factions.get(&u.faction) else {
                return Err(c.fail("faction", format!("unknown faction \"{}\"", u.faction)));
            };
            if !(1..=2).contains(&u.level) {
                return Err(c.fail("level", format!("level {}; upgrades are level 1 or 2", u.level)));
            }
            if !levels.insert((faction, u.level)) {
                return Err(c.fail("level", format!("\"{}\" already has a level {} upgrade", u.faction, u.level)));
            }
            if u.ongoing.is_empty() && u.triggers.is_empty() {
                return Err(c.fail("ongoing", "an upgrade that does nothing"));
            }
            c.ongoing("ongoing", &u.ongoing)?;
            c.triggers("triggers", &u.triggers, crate::content::effect::When::on_faction, "an upgrade")?;
            out.push(u);
            owner.push(faction);
        }
        if out.len() != UPGRADES {
            return Err(err(
                f,
                None,
                Some("upgrades"),
                format!("{} upgrades; the game has {UPGRADES}, two per faction", out.len()),
            ));
        }
        Ok((out, owner))
    }
}
