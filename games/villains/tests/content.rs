//! Content validation: the shipped files load with the rulebook's counts,
//! and each kind of mistake in a group's own transcription is refused with
//! its file, entry and field.

use serde_json::{Value, json};
use villains::content::effect::{TokenType, UnitType};
use villains::content::{Content, ContentFiles, content};

#[test]
fn shipped_content_loads_with_the_rulebook_counts() {
    let c = content();
    assert_eq!(c.areas.len(), 9);
    assert_eq!(c.factions.len(), 8);
    assert_eq!(c.deck.len(), 72);
    assert_eq!(c.plans.len(), 64);
    assert_eq!(c.upgrades.len(), 16);
    assert_eq!(c.capitol_tokens.iter().map(|t| t.ap).collect::<Vec<_>>(), [1, 1, 2, 2]);
    assert_eq!(c.cards.len(), 31, "distinct designs");
    // Area order: the Capitol, the Sewers, then clockwise.
    let order: Vec<&str> = c.areas.iter().map(|a| a.id.as_str()).collect();
    assert_eq!(
        order,
        ["capitol", "sewers", "police", "laboratory", "factory", "bank", "university", "subway", "church"]
    );
    assert_eq!(c.areas[0].token_spaces, 6, "the Capitol is the only area with six spaces");
    assert!(c.areas[1..].iter().all(|a| a.token_spaces == 5));
    // Rulebook adjacency facts.
    let id = |s| c.area_id(s).unwrap();
    assert_eq!(c.adjacent(id("capitol")).len(), 8);
    let mut sewers: Vec<String> = c.adjacent(id("sewers")).iter().map(|a| a.area().id.clone()).collect();
    sewers.sort();
    assert_eq!(sewers, ["capitol", "church", "police"]);
    assert!(!c.adjacent(id("laboratory")).contains(&id("sewers")));
    // Every plan of every faction, 3 PP each.
    for f in 0..8u8 {
        let f = villains::content::FactionId(f);
        assert_eq!(c.plans_of(f).count(), 8);
        for p in c.plans_of(f) {
            assert_eq!(p.plan().objectives.iter().map(|o| o.pp as u32).sum::<u32>(), 3, "{}", p.plan().name);
        }
        assert!(c.upgrade_of(f, 1).is_some() && c.upgrade_of(f, 2).is_some());
    }
    // Token totals: 73 (rulebook); units 152 (the reference's mix).
    assert_eq!(c.factions.iter().map(|f| f.token_total()).sum::<usize>(), 73);
    assert_eq!(c.factions.iter().map(|f| f.unit_total()).sum::<usize>(), 152);
    // Targets: nine per area but the Church's eight, one card without.
    let per = |a: &str| c.deck.iter().filter(|d| d.target == c.area_id(a)).count();
    for a in ["sewers", "police", "laboratory", "factory", "bank", "university", "subway"] {
        assert_eq!(per(a), 9, "{a}");
    }
    assert_eq!(per("church"), 8);
    assert_eq!(c.deck.iter().filter(|d| d.target.is_none()).count(), 1);
    // Rulebook mixes printed for the Scientists and the Aliens.
    let mix = |id: &str| {
        let f = c.faction_id(id).unwrap().faction();
        let u: Vec<u8> = UnitType::ALL.iter().map(|t| f.unit(*t).map_or(0, |s| s.count)).collect();
        let t: Vec<u8> =
            TokenType::ALL.iter().map(|t| *f.tokens.get(t).unwrap_or(&0)).chain([f.unique_token.count]).collect();
        (u, t)
    };
    assert_eq!(mix("scientists"), (vec![4, 4, 6, 4, 1], vec![3, 3, 1, 1, 1]));
    assert_eq!(mix("aliens"), (vec![3, 8, 3, 2, 1], vec![1, 3, 2, 1, 1]));
    let cult = c.faction_id("cult").unwrap().faction();
    assert_eq!((cult.energy, cult.placement_cost), (4, 0));
    assert!(!cult.tokens.contains_key(&TokenType::Battle) && cult.unit(UnitType::Mole).is_none());
}

#[test]
fn ids_serialize_as_names() {
    let c = content();
    let card = c.card_id("public-backlash-3").unwrap();
    assert_eq!(card.card().name, "Public Backlash");
    assert_eq!(serde_json::to_string(&card).unwrap(), "\"public-backlash-3\"");
    let back: villains::content::CardId = serde_json::from_str("\"public-backlash-3\"").unwrap();
    assert_eq!(back, card);
    assert!(serde_json::from_str::<villains::content::AreaId>("\"sewer\"").is_err());
}

fn docs() -> [Value; 5] {
    let f = ContentFiles::embedded();
    [f.areas, f.factions, f.action_cards, f.plans, f.upgrades].map(|t| serde_json::from_str(t).unwrap())
}

/// Loads the shipped files with `edit` applied to them and returns the
/// error message.
fn refused(edit: impl FnOnce(&mut [Value; 5])) -> String {
    let mut d = docs();
    edit(&mut d);
    let s: Vec<String> = d.iter().map(|v| v.to_string()).collect();
    let files = ContentFiles { areas: &s[0], factions: &s[1], action_cards: &s[2], plans: &s[3], upgrades: &s[4] };
    Content::from_files(&files).expect_err("should be refused").to_string()
}

const AREAS: usize = 0;
const FACTIONS: usize = 1;
const CARDS: usize = 2;
const PLANS: usize = 3;
const UPGRADES: usize = 4;

fn card<'a>(d: &'a mut [Value; 5], name: &str) -> &'a mut Value {
    d[CARDS]["cards"].as_array_mut().unwrap().iter_mut().find(|c| c["name"] == name).unwrap()
}

#[test]
fn the_embedded_files_round_trip_through_the_loader() {
    let d = docs();
    let s: Vec<String> = d.iter().map(|v| v.to_string()).collect();
    let files = ContentFiles { areas: &s[0], factions: &s[1], action_cards: &s[2], plans: &s[3], upgrades: &s[4] };
    assert!(Content::from_files(&files).is_ok());
}

#[test]
fn an_unknown_area_names_file_entry_and_field() {
    let m = refused(|d| card(d, "Mobilize")["targets"][1] = json!("sewer"));
    assert_eq!(m, "action-cards.json: card \"Mobilize\": field targets[1]: unknown area \"sewer\"");
    let m =
        refused(|d| d[AREAS]["areas"][4]["skill"]["effects"] = json!([{"reveal_top_card": {"play_free_in": "lab"}}]));
    assert_eq!(
        m,
        "areas.json: area \"The Factory\": field skill.effects[0].reveal_top_card.play_free_in: unknown area \"lab\""
    );
    let m = refused(|d| {
        d[FACTIONS]["factions"][1]["passives"][0]["ongoing"][1]["peek_enemy_targets"]["all_if_controls"] = json!("cops")
    });
    assert_eq!(
        m,
        "factions.json: faction \"Mafia\": field passives[0].ongoing[1].peek_enemy_targets.all_if_controls: unknown area \"cops\""
    );
}

#[test]
fn an_unknown_effect_word_or_a_bad_value_names_its_path() {
    let m = refused(|d| card(d, "Windfall")["effects"][0] = json!({"gain": {"rezources": 2}}));
    assert!(
        m.starts_with(
            "action-cards.json: card \"Windfall\": field effects[0].gain.rezources: unknown field `rezources`"
        ),
        "{m}"
    );
    let m = refused(|d| card(d, "Mobilize")["effects"][0] = json!({"deploy": {"to": "this", "max": "lots"}}));
    assert!(m.starts_with("action-cards.json: card \"Mobilize\": field effects[0].deploy.max: "), "{m}");
    let m = refused(|d| card(d, "Windfall")["effects"][0] = json!({"steal": 2}));
    assert!(m.starts_with("action-cards.json: card \"Windfall\": field effects[0]: unknown variant `steal`"), "{m}");
    let m = refused(|d| card(d, "Fish in a Barrel")["effects"][0]["attacks"]["value"] = json!(11));
    assert_eq!(
        m,
        "action-cards.json: card \"Fish in a Barrel\": field effects[0].attacks.value: 11 is not a d10 roll (1-10)"
    );
    let m = refused(|d| {
        card(d, "Windfall").as_object_mut().unwrap().remove("cost");
    });
    assert_eq!(m, "action-cards.json: card \"Windfall\": missing field `cost`");
}

#[test]
fn scope_and_type_mistakes_are_refused() {
    let m = refused(|d| card(d, "Public Backlash")["scope"] = json!("global"));
    assert_eq!(
        m,
        "action-cards.json: card \"Public Backlash\": field effects[0].attacks.in: \"this\" area in a global effect (make the card local)"
    );
    let m = refused(|d| card(d, "Windfall")["ongoing"] = json!([{"influence": 2}]));
    assert_eq!(
        m,
        "action-cards.json: card \"Windfall\": field ongoing: an event resolves once; standing rules belong to rule cards"
    );
    let m = refused(|d| card(d, "Mobilize")["targets"][0] = json!("capitol"));
    assert_eq!(m, "action-cards.json: card \"Mobilize\": field targets[0]: the Capitol is never a target");
}

#[test]
fn counts_are_checked() {
    let m = refused(|d| card(d, "Windfall")["targets"].as_array_mut().unwrap().pop().map(drop).unwrap_or(()));
    assert_eq!(m, "action-cards.json: field cards: 71 cards in the deck; the rulebook's deck has 72");
    let m = refused(|d| {
        d[AREAS]["areas"].as_array_mut().unwrap().pop();
    });
    assert_eq!(m, "areas.json: field areas: 8 areas; the City has 9");
    let m = refused(|d| {
        d[PLANS]["factions"][2]["plans"].as_array_mut().unwrap().pop();
    });
    assert_eq!(m, "plans.json: faction \"scientists\": field plans: 7 plans; each faction has 8");
    let m = refused(|d| {
        d[UPGRADES]["upgrades"].as_array_mut().unwrap().pop();
    });
    assert_eq!(m, "upgrades.json: field upgrades: 15 upgrades; the game has 16, two per faction");
    let m = refused(|d| {
        d[FACTIONS]["factions"].as_array_mut().unwrap().pop();
    });
    assert_eq!(m, "factions.json: field factions: 7 factions; the game has 8");
}

#[test]
fn adjacency_must_go_both_ways() {
    let m = refused(|d| d[AREAS]["areas"][2]["adjacent"].as_array_mut().unwrap().push(json!("bank")));
    assert_eq!(
        m,
        "areas.json: area \"The Police\": field adjacent[3]: \"bank\" does not list \"police\" as adjacent (adjacency goes both ways)"
    );
    let m = refused(|d| d[AREAS]["areas"][0]["adjacent"][0] = json!("capitol"));
    assert_eq!(m, "areas.json: area \"The Capitol\": field adjacent[0]: an area is not adjacent to itself");
}

#[test]
fn duplicates_and_wrong_triggers_are_refused() {
    let m = refused(|d| d[CARDS]["cards"][1]["id"] = json!("all-hallows-eve"));
    assert_eq!(m, "action-cards.json: card \"Ample Cover\": field id: the card id \"all-hallows-eve\" is used twice");
    let m = refused(|d| d[UPGRADES]["upgrades"][1]["level"] = json!(1));
    assert_eq!(
        m,
        "upgrades.json: upgrade \"The Endless Spill\": field level: \"mutants\" already has a level 1 upgrade"
    );
    let m = refused(|d| d[FACTIONS]["factions"][0]["unique_token"]["triggers"][0]["when"] = json!("deployed"));
    assert_eq!(
        m,
        "factions.json: faction \"Mutants\": field unique_token.triggers[0].when: Deployed is not a trigger a token can have"
    );
    let m = refused(|d| {
        d[PLANS]["factions"][0]["plans"][0]["objectives"][0]["requires"][0] = json!({"units_in_play": "many"})
    });
    assert!(
        m.starts_with(
            "plans.json: plan \"The Endless Spills\": field objectives[0].requires[0].units_in_play: invalid type"
        ),
        "{m}"
    );
    let m = refused(|d| d[AREAS] = json!({"areas": []}));
    assert_eq!(m, "areas.json: missing top-level key \"capitol_tokens\"");
    let m = refused(|d| d[UPGRADES] = Value::String("x".into()));
    assert_eq!(m, "upgrades.json: expected an object at the top");
}

#[test]
fn champion_triggers_the_engine_cannot_read_are_refused() {
    let m =
        refused(|d| d[FACTIONS]["factions"][0]["champion"]["triggers"][0]["effects"][1]["deploy"]["max"] = json!(2));
    assert_eq!(
        m,
        "factions.json: faction \"Mutants\": field champion.triggers[0].effects[1]: at Cleanup a champion heals, then may deploy one unit free once per area where it healed (heal, then deploy to \"this\", max 1, free, once_per_area)"
    );
}

#[test]
fn the_gnome_and_bully_triggers_are_checked() {
    // The Bankers are the fifth faction, the Robots the fourth.
    let m = refused(|d| {
        d[FACTIONS]["factions"][4]["champion"]["triggers"][0]["effects"] = json!([{"gain": {"resources": 1}}])
    });
    assert_eq!(
        m,
        "factions.json: faction \"Bankers\": field champion.triggers[0].effects: when a hit is assigned here the only effect is cancel_hit"
    );
    let m = refused(|d| {
        d[FACTIONS]["factions"][3]["champion"]["triggers"][0]["effects"][0]["unit_attack"]["into"] = json!("any_area")
    });
    assert!(
        m.starts_with(
            "factions.json: faction \"Robots\": field champion.triggers[0].effects[0]: a hit is cancelled only"
        ),
        "{m}"
    );
}

#[test]
fn bastas_trigger_is_checked() {
    let m = refused(|d| {
        d[FACTIONS]["factions"][7]["champion"]["triggers"][0]["effects"][0]["sacrifice"]["count"] = json!(2)
    });
    assert_eq!(
        m,
        "factions.json: faction \"Cult\": field champion.triggers[0].effects: when a champion leaves an area the only effect is one sacrifice by an opponent chosen there (sacrifice, who chosen_opponent_with_units_here, count 1)"
    );
}

#[test]
fn murder_incs_trigger_is_checked() {
    let m = refused(|d| d[UPGRADES]["upgrades"][2]["triggers"][0]["effects"] = json!([{"draw": 1}]));
    assert!(m.starts_with("upgrades.json: upgrade \""), "{m}");
    assert!(m.ends_with("field triggers[0].effects: when the champion is deployed the upgrade's only effect is attacks in \"this\" area"), "{m}");
}
