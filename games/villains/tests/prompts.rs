//! The table's prompts (issue "The four new tables, second pass"): a card
//! in hand that cannot be played now is shown disabled with the rules'
//! reason, not left out, and the engine refuses it; the Subway's deploy is
//! asked step by step (the area, then the unit, then the energy), not as
//! every unit type times every area; a card is chosen, then what it needs
//! (its follow-up, `Opt::then`), and a skill, then what it needs, then the
//! energy when it costs any; Commissar Papova's skill, then the units she
//! brings, then the energy when anything costs (readied in the Subway: the
//! area, then the unit, as the Subway's own deploy).

mod common;

use backroom_engine::{Game, GameRng, Input, Prompt};
use common::{area, face_down, table};
use serde_json::{Value, json};
use villains::Action;
use villains::content::content;
use villains::content::effect::UnitType;
use villains::rules::take_actions::reveal;
use villains::state::{Phase, TokenKind, Villains};

const SEATS: [&str; 4] = ["mafia", "bankers", "robots", "mutants"];

fn ask<'a>(p: &'a Prompt, verb: &str) -> Option<&'a backroom_engine::Ask> {
    p.asks.iter().find(|a| a.verb == verb)
}

fn options(a: &backroom_engine::Ask, param: &str) -> Vec<(Value, String, Option<String>)> {
    let p = a.params.iter().find(|p| p.name == param).unwrap();
    let Input::One { options } = &p.input else { panic!("{param} is not a choice of one") };
    options.iter().map(|o| (o.value.clone(), o.label.clone(), o.disabled.clone())).collect()
}

fn act(s: &Villains, seat: u8, v: Value) -> Result<Villains, String> {
    let a: Action = serde_json::from_value(v).map_err(|e| e.to_string())?;
    let mut t = s.clone();
    t.apply(seat, &a, &mut GameRng::seeded(2)).map(|_| t).map_err(|e| e.message)
}

#[test]
fn cards_that_cannot_be_played_are_shown_disabled_with_the_reason() {
    let mut s = table(&SEATS, 0, &mut GameRng::seeded(9));
    let bank = area("bank");
    s.players[0].hand.clear();
    for c in ["stupor-1", "blown-cover-1", "windfall-1"] {
        s.players[0].hand.push(content().card_id(c).unwrap());
    }
    s.players[0].energy = 9;
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    let i = face_down(&mut s, bank, 0, TokenKind::Card);
    reveal(&mut s, 0, (bank, i)).unwrap();
    let p = s.prompt(0).unwrap();
    let how = options(ask(&p, "activate_paying").unwrap(), "activation");
    let find = |id: &str| how.iter().find(|o| o.0["card"] == id).unwrap_or_else(|| panic!("{id} in {how:?}")).clone();
    assert_eq!(find("windfall-1").2, None, "Windfall can be played");
    assert_eq!(find("stupor-1").2.as_deref(), Some("There is no opponent's face-down token in The Bank."));
    assert_eq!(find("blown-cover-1").2.as_deref(), Some("Combat cannot take place: no player has units in The Bank."));
    // The engine refuses what the prompt shows disabled, with the same words.
    let blown = find("blown-cover-1").0;
    let e = act(&s, 0, json!({ "type": "activate_paying", "activation": blown, "energy": 9 })).unwrap_err();
    assert_eq!(e, "Combat cannot take place: no player has units in The Bank.");
    // With no card playable the ask itself is disabled, saying why.
    s.players[0].hand.retain(|c| c.deck_card().design != content().card_id("windfall-1").unwrap().deck_card().design);
    let p = s.prompt(0).unwrap();
    let a = ask(&p, "activate_paying").unwrap();
    assert_eq!(
        a.disabled.as_deref(),
        Some(
            "no card in your hand can be played now (Play Blown Cover: Combat cannot take place: no player has units in The Bank; Play Stupor: There is no opponent's face-down token in The Bank)"
        ),
        "the form of a disabled ask does not open: its reason names each card and why"
    );
    assert!(ask(&p, "discard").unwrap().disabled.is_none());
}

#[test]
fn the_subways_deploy_is_asked_area_then_unit() {
    let mut s = table(&SEATS, 0, &mut GameRng::seeded(9));
    let (subway, lab) = (area("subway"), area("laboratory"));
    let t = s.put_unit(subway, 0, UnitType::Talent).unwrap();
    s.area_mut(subway).units.iter_mut().find(|u| u.uid == t).unwrap().readied = true;
    s.players[0].energy = 1;
    s.players[0].resources = 0;
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    let p = s.prompt(0).unwrap();
    let a = ask(&p, "skill_deploy").expect("the Subway's deploy ask");
    assert_eq!(a.fixed.get("skill"), Some(&json!("subway")));
    let names: Vec<&str> = a.params.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["to", "unit", "energy"], "the area first, then the unit, then the energy");
    assert_eq!(options(a, "to").len(), 9, "one option per area");
    // No whole candidate of the Subway's deploy is left among the skills.
    if let Some(u) = ask(&p, "use_skill_paying") {
        assert!(options(u, "skill").iter().all(|o| o.0 != "subway"));
    }
    // The goon costs 2 and the Mafia has 1 energy: disabled with the cost; a mole (1) can come.
    let units = options(a, "unit");
    let goon = units.iter().find(|o| o.0 == "goon").unwrap();
    assert_eq!(goon.2.as_deref(), Some("The cost is 2; you have 1 energy and 0 resources."));
    assert_eq!(units.iter().find(|o| o.0 == "mole").unwrap().2, None);
    let e = act(
        &s,
        0,
        json!({ "type": "skill_deploy", "skill": "subway", "to": "laboratory", "unit": "goon", "energy": 1 }),
    );
    assert_eq!(e.unwrap_err(), "The cost is 2; you have 1 energy and 0 resources.");
    let after = act(
        &s,
        0,
        json!({ "type": "skill_deploy", "skill": "subway", "to": "laboratory", "unit": "mole", "energy": 1 }),
    )
    .unwrap();
    assert_eq!(after.area(lab).units.len(), 1);
    assert_eq!(after.players[0].energy, 0);
}

/// The follow-ups the option `value` of `param` carries: their names and
/// their options' values.
fn follow_ups(a: &backroom_engine::Ask, param: &str, value: &Value) -> Vec<(String, Vec<Value>)> {
    let p = a.params.iter().find(|p| p.name == param).unwrap();
    let o = p.input.options().iter().find(|o| o.value == *value).unwrap_or_else(|| panic!("{value} in {param}"));
    o.then.iter().map(|f| (f.name.clone(), f.input.options().iter().map(|x| x.value.clone()).collect())).collect()
}

#[test]
fn a_card_is_chosen_then_its_target_not_one_option_per_card_and_target() {
    let mut s = table(&SEATS, 0, &mut GameRng::seeded(9));
    let bank = area("bank");
    s.players[0].hand.clear();
    for c in ["stupor-1", "windfall-1"] {
        s.players[0].hand.push(content().card_id(c).unwrap());
    }
    s.players[0].energy = 9;
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    // The card token first, then two opponents' face-down tokens in the
    // Bank: Stupor's two targets.
    let i = face_down(&mut s, bank, 0, TokenKind::Card);
    face_down(&mut s, bank, 1, TokenKind::Deploy);
    face_down(&mut s, bank, 2, TokenKind::Card);
    reveal(&mut s, 0, (bank, i)).unwrap();
    let p = s.prompt(0).unwrap();
    let a = ask(&p, "activate_paying").unwrap();
    let how = options(a, "activation");
    let stupors: Vec<_> = how.iter().filter(|o| o.0["card"] == "stupor-1").collect();
    assert_eq!(stupors.len(), 1, "one option for the card, whatever its targets: {how:?}");
    let stupor = stupors[0].0.clone();
    assert!(stupor.get("choices").is_none(), "the card's option carries no target");
    let then = follow_ups(a, "activation", &stupor);
    assert_eq!(then.len(), 1);
    assert_eq!(then[0].0, "choices");
    assert_eq!(then[0].1.len(), 2, "then one option per face-down token: {then:?}");
    assert!(
        follow_ups(a, "activation", &how.iter().find(|o| o.0["card"] == "windfall-1").unwrap().0).is_empty(),
        "Windfall needs nothing more"
    );
    // The action the table sends: the card, its target, the energy; the engine plays it.
    let token = then[0].1[1].clone();
    let sent = json!({ "type": "activate_paying", "activation": stupor, "choices": token, "energy": 9 });
    p.offers(&sent).unwrap();
    let after = act(&s, 0, sent).unwrap();
    assert_eq!(after.area(bank).tokens().filter(|t| !t.face_up).count(), 1, "Stupor removed one of the two");
    // Without its target the card is not what the table sends.
    assert!(p.offers(&json!({ "type": "activate_paying", "activation": stupor, "energy": 9 })).is_err());
}

#[test]
fn a_skill_is_chosen_then_what_it_needs() {
    let mut s = table(&SEATS, 0, &mut GameRng::seeded(9));
    let police = area("police");
    let goon = s.put_unit(police, 0, UnitType::Goon).unwrap();
    s.area_mut(police).units.iter_mut().find(|u| u.uid == goon).unwrap().readied = true;
    s.put_unit(police, 1, UnitType::Goon).unwrap();
    s.put_unit(police, 2, UnitType::Goon).unwrap();
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    let p = s.prompt(0).unwrap();
    let a = ask(&p, "use_skill_paying").expect("the skills ask");
    let skills = options(a, "skill");
    assert_eq!(skills.iter().filter(|o| o.0 == "police").count(), 1, "one option for the skill: {skills:?}");
    let then = follow_ups(a, "skill", &json!("police"));
    assert_eq!(then[0].0, "choice");
    assert_eq!(then[0].1.len(), 2, "then whom the goon attacks: {then:?}");
    let choice = then[0].1[0].clone();
    let sent = json!({ "type": "use_skill_paying", "skill": "police", "choice": choice });
    p.offers(&sent).unwrap();
    act(&s, 0, sent).unwrap();
}

#[test]
fn papovas_skill_is_the_skill_then_the_units_she_brings_then_the_energy() {
    let mut s = table(&["communists", "mafia", "bankers", "cult"], 0, &mut GameRng::seeded(9));
    let bank = area("bank");
    let papova = s.put_unit(bank, 0, UnitType::Champion).unwrap();
    s.area_mut(bank).units.iter_mut().find(|u| u.uid == papova).unwrap().readied = true;
    let goon = s.put_unit(area("church"), 0, UnitType::Goon).unwrap();
    let patsy = s.put_unit(area("factory"), 0, UnitType::Patsy).unwrap();
    // The Mafia's Police Payoff in the Bank: each unit brought in owes its surcharge.
    s.area_mut(bank)
        .rules
        .push(villains::state::RuleCard { card: content().card_id("police-payoff-1").unwrap(), owner: 1 });
    let per = villains::rules::units::entry_surcharge(&s, 0, bank, false);
    assert!(per > 0, "Police Payoff surcharges entry");
    (s.players[0].energy, s.players[0].resources) = (3, 9);
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    let p = s.prompt(0).unwrap();
    let a = ask(&p, "use_skill_bringing").expect("Papova's ask");
    let skills = options(a, "skill");
    assert_eq!(skills.iter().filter(|o| o.0 == "bank").count(), 1, "the Bank once, not once per payment: {skills:?}");
    assert!(follow_ups(a, "skill", &json!("bank")).is_empty(), "the Bank's skill needs nothing more");
    let names: Vec<&str> = a.params.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["skill", "brings", "energy"], "the skill, the units, then the energy");
    let energy = a.params.iter().find(|p| p.name == "energy").unwrap();
    assert_eq!(energy.default, Some(json!(3)), "energy first by default");
    // The split is the player's: 1 energy, resources for the rest.
    let sent = json!({ "type": "use_skill_bringing", "skill": "bank", "brings": [goon, patsy], "energy": 1 });
    p.offers(&sent).unwrap();
    let after = act(&s, 0, sent).unwrap();
    assert_eq!(after.players[0].energy, 2);
    let in_bank: Vec<_> = after.area(bank).units.iter().map(|u| u.uid).collect();
    assert!(in_bank.contains(&goon) && in_bank.contains(&patsy), "both brought: {in_bank:?}");
    // The shape first sent (the skill whole, paid energy first) is still accepted, as stored matches replay it.
    let old =
        act(&s, 0, json!({ "type": "use_skill_bringing", "skill": ["bank", {}], "brings": [goon, patsy] })).unwrap();
    let new =
        act(&s, 0, json!({ "type": "use_skill_bringing", "skill": "bank", "brings": [goon, patsy], "energy": 3 }))
            .unwrap();
    assert_eq!(old, new, "the old shape pays energy first, as the default does");
    assert_eq!(old.players[0].energy, 3 - (2 * per).min(3));
    // Both at once is refused, naming the rule.
    let e = act(&s, 0, json!({ "type": "use_skill_bringing", "skill": ["bank", {}], "brings": [goon], "energy": 1 }))
        .unwrap_err();
    assert!(e.contains("area alone"), "{e}");
}

#[test]
fn papova_readied_in_the_subway_is_asked_the_area_then_the_unit_then_whom_she_brings() {
    let mut s = table(&["communists", "mafia", "bankers", "cult"], 0, &mut GameRng::seeded(9));
    let (subway, lab) = (area("subway"), area("laboratory"));
    let papova = s.put_unit(subway, 0, UnitType::Champion).unwrap();
    s.area_mut(subway).units.iter_mut().find(|u| u.uid == papova).unwrap().readied = true;
    let goon = s.put_unit(area("church"), 0, UnitType::Goon).unwrap();
    (s.players[0].energy, s.players[0].resources) = (9, 9);
    s.phase = Phase::TakeActions { current: 0, revealed: None };
    let p = s.prompt(0).unwrap();
    let a = ask(&p, "use_skill_bringing").expect("Papova's ask");
    // The Subway's skill: the area first (each once), then the unit types for that area.
    let then = follow_ups(a, "skill", &json!("subway"));
    assert_eq!(then.len(), 1, "{then:?}");
    assert_eq!(then[0].0, "to", "the area first, not area × type: {then:?}");
    let areas = &then[0].1;
    assert!(areas.len() > 1 && areas.iter().all(|v| v.is_string()), "areas alone: {areas:?}");
    let skill = a.params.iter().find(|p| p.name == "skill").unwrap();
    let sub = skill.input.options().iter().find(|o| o.value == json!("subway")).unwrap();
    let to =
        sub.then[0].input.options().iter().find(|o| o.value == json!("laboratory")).expect("the Laboratory is open");
    assert_eq!(to.then[0].name, "unit");
    let units: Vec<&backroom_engine::Opt> = to.then[0].input.options().iter().collect();
    assert!(units.iter().any(|o| o.value == json!("goon")), "a goon from the reserve: {units:?}");
    assert!(units.iter().all(|o| !o.facts.is_empty()), "each unit type with its facts");
    // Sent as asked: Papova's Subway puts a goon from the reserve into the Laboratory and brings the Church's goon.
    let sent = json!({ "type": "use_skill_bringing", "skill": "subway", "to": "laboratory", "unit": "goon", "brings": [goon], "energy": 9 });
    p.offers(&sent).unwrap();
    let after = act(&s, 0, sent).unwrap();
    assert!(
        after.area(lab).units.iter().any(|u| u.owner == 0 && u.kind == UnitType::Goon),
        "a goon deployed into the Laboratory"
    );
    assert!(after.area(subway).units.iter().any(|u| u.uid == goon), "Papova brought the Church's goon");
    // Half of the pair is refused, naming the rule.
    let e = act(
        &s,
        0,
        json!({ "type": "use_skill_bringing", "skill": "subway", "to": "laboratory", "brings": [goon], "energy": 9 }),
    )
    .unwrap_err();
    assert!(e.contains("both the area"), "{e}");
}
