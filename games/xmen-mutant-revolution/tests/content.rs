//! Content validation: the embedded data is valid and has the counts the
//! rulebook implies; broken transcriptions are refused with clear messages.

use serde_json::{Value, json};
use xmen_mutant_revolution::content::{Content, PlotKind, RecruitType, content};

fn default_doc() -> Value {
    serde_json::from_str(&Content::default_json()).unwrap()
}

fn refused(doc: Value) -> String {
    Content::from_json(&doc.to_string()).expect_err("content should be refused").to_string()
}

#[test]
fn embedded_content_has_the_rulebook_counts() {
    let c = content();
    let n =
        |k: RecruitType, starting: bool| c.recruit.iter().filter(|r| r.kind == k && (!starting || r.starting)).count();
    assert_eq!(c.recruit.len(), 65);
    assert_eq!((n(RecruitType::Hero, false), n(RecruitType::Hero, true)), (22, 6));
    assert_eq!((n(RecruitType::Student, false), n(RecruitType::Student, true)), (28, 13));
    assert_eq!(n(RecruitType::Training, false), 15);
    let copies = |k: PlotKind| c.plot.iter().filter(|p| p.kind == k).map(|p| p.copies as usize).sum::<usize>();
    assert_eq!(copies(PlotKind::Event) + copies(PlotKind::Reaction), 60);
    assert_eq!((copies(PlotKind::Event), copies(PlotKind::Reaction)), (42, 18));
    // At least one Reaction for every trigger point (gap G11).
    for t in ["cancel_event", "cancel_reaction", "pc_attacked"].iter().chain(xmen_mutant_revolution::content::TRIGGERS)
    {
        assert!(c.plot.iter().any(|p| p.trigger.as_deref() == Some(*t)), "no Reaction for trigger {t}");
    }
    assert_eq!(c.missions.len(), 18);
    assert_eq!(c.schools.len(), 4);
    let nc = c.recruit.iter().find(|r| r.name == "Nightcrawler").unwrap();
    assert_eq!((nc.atk, nc.def, nc.spd), (3, 4, 3));
    let rogue = c.recruit.iter().find(|r| r.name == "Rogue").unwrap();
    assert_eq!((rogue.atk, rogue.def, rogue.spd), (4, 4, 4));
    assert_eq!(c.recruit.iter().find(|r| r.name == "Beast").unwrap().spd, 4);
    let sad = c.plot.iter().find(|p| p.name == "Setting Aside Differences").unwrap();
    assert_eq!(sad.plot, 4);
    assert_eq!(c.plot.iter().find(|p| p.name == "Impetuous Tantrum").unwrap().plot, 1);
    assert_eq!(c.plot.iter().find(|p| p.name == "Careful Preparations").unwrap().plot, 3);
    let hs = c.missions.iter().find(|m| m.name == "Hellfire Sentinel").unwrap();
    assert_eq!((hs.tokens[0].min_distance, hs.hope_per_damaging_attack), (3, 2));
    let swarm = c.missions.iter().find(|m| m.name == "Sentinel Swarm").unwrap();
    assert_eq!((swarm.tokens[0].count, swarm.tokens[0].hp), (4, 4));
    assert_eq!(c.missions.iter().find(|m| m.name == "Sinister Trouble").unwrap().tokens[0].hp, 11);
    assert_eq!(c.schools.iter().find(|s| s.id == "magneto").unwrap().charter.name, "Brotherhood of Mutants");
    // Every record that is not from the rulebook says so.
    assert!(c.recruit.iter().filter(|r| r.house).count() > 40);
}

#[test]
fn a_duplicate_id_is_refused() {
    let mut d = default_doc();
    let first = d["recruit"][0].clone();
    d["recruit"].as_array_mut().unwrap().push(first);
    assert!(refused(d).contains("the id 'colossus' is used twice"));
}

#[test]
fn an_unknown_effect_is_refused_by_name() {
    let mut d = default_doc();
    d["plot"][2]["effects"] = json!([{ "op": "summon_sentinels", "amount": 1, "to": "self" }]);
    let e = refused(d);
    assert!(e.contains("rally-the-students") && e.contains("unknown effect 'summon_sentinels'"), "{e}");
}

#[test]
fn a_character_without_stats_is_refused() {
    let mut d = default_doc();
    d["recruit"][1]["def"] = json!(0);
    let e = refused(d);
    assert!(e.contains("nightcrawler") && e.contains("def must be 1 to 6"), "{e}");
}

#[test]
fn a_power_token_limit_below_the_arrival_tokens_is_refused() {
    let mut d = default_doc();
    d["recruit"][1]["power_limit"] = json!(1);
    let e = refused(d);
    assert!(
        e.contains("nightcrawler") && e.contains("power_limit 1 is below the 2 Power Tokens a Hero arrives with"),
        "{e}"
    );
}

#[test]
fn power_token_limits_exceed_the_tokens_a_character_arrives_with() {
    // The rulebook's Dagger, a Student (arrives with 1), spends 2 on one attack.
    let dagger = content().recruit.iter().find(|r| r.id == "dagger").unwrap();
    assert_eq!((dagger.kind.arrival_tokens(), dagger.power_limit), (1, 2));
    assert_eq!(RecruitType::Hero.arrival_tokens(), 2);
}

#[test]
fn a_mission_with_too_many_tokens_is_refused() {
    let mut d = default_doc();
    d["missions"][1]["tokens"][0]["count"] = json!(13);
    let e = refused(d);
    assert!(e.contains("sentinel-swarm") && e.contains("1 to 12 Mission Tokens"), "{e}");
}

#[test]
fn an_arena_without_room_for_the_hellfire_sentinel_is_refused() {
    let mut d = default_doc();
    d["missions"][0]["tokens"][0]["min_distance"] = json!(9);
    let e = refused(d);
    assert!(e.contains("hellfire-sentinel") && e.contains("9 or more"), "{e}");
}

#[test]
fn an_obstacle_on_a_position_hex_is_refused() {
    let mut d = default_doc();
    d["arena"]["obstacles"].as_array_mut().unwrap().push(json!([0, -4]));
    let e = refused(d);
    assert!(e.contains("position 1") && e.contains("not an open hex"), "{e}");
}

#[test]
fn unknown_fields_and_bad_json_are_refused() {
    let mut d = default_doc();
    d["recruit"][0]["flavour"] = json!("steel");
    assert!(refused(d).contains("unknown field `flavour`"));
    assert!(Content::from_json("{").is_err());
}

#[test]
fn a_reaction_without_a_trigger_is_refused() {
    let mut d = default_doc();
    let i = d["plot"].as_array().unwrap().iter().position(|p| p["id"] == "careful-preparations").unwrap();
    d["plot"][i].as_object_mut().unwrap().remove("trigger");
    let e = refused(d);
    assert!(e.contains("careful-preparations") && e.contains("trigger"), "{e}");
}

#[test]
fn an_attack_reaction_without_defense_dice_is_refused() {
    let mut d = default_doc();
    let i = d["plot"].as_array().unwrap().iter().position(|p| p["id"] == "evasive-maneuvers").unwrap();
    d["plot"][i]["effects"] = json!([{ "op": "gain_hope", "amount": 1 }]);
    let e = refused(d);
    assert!(e.contains("evasive-maneuvers") && e.contains("defense_dice"), "{e}");
}

#[test]
fn a_trigger_reaction_with_an_event_effect_is_refused() {
    let mut d = default_doc();
    let i = d["plot"].as_array().unwrap().iter().position(|p| p["id"] == "hidden-reserves").unwrap();
    d["plot"][i]["effects"] = json!([{ "op": "injure", "amount": 1, "to": "self" }]);
    let e = refused(d);
    assert!(e.contains("hidden-reserves") && e.contains("bids_revealed"), "{e}");
}

#[test]
fn a_mission_objective_on_an_obstacle_is_refused() {
    let mut d = default_doc();
    let i = d["missions"].as_array().unwrap().iter().position(|m| m["id"] == "danger-room-malfunction").unwrap();
    d["missions"][i]["special"]["hexes"][0] = json!([1, 1]);
    let e = refused(d);
    assert!(e.contains("danger-room-malfunction") && e.contains("open arena hex"), "{e}");
    let mut d = default_doc();
    d["missions"][0]["rewards"] = json!([{ "criterion": "most_specials", "rp": 1 }]);
    assert!(refused(d).contains("needs a Special Action"));
}
