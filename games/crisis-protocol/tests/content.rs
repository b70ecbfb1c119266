//! The house content loads, and load errors name the file, the entry and
//! the field.

use crisis_protocol::content::{content, load};

fn files() -> Vec<(&'static str, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/content/");
    [
        "geometry.json",
        "house/characters.json",
        "house/forms.json",
        "house/tactics.json",
        "house/crises.json",
        "house/terrain_sets.json",
    ]
    .into_iter()
    .map(|f| (f, std::fs::read_to_string(format!("{dir}{f}")).unwrap()))
    .collect()
}

fn load_with(file: &str, edit: impl Fn(&str) -> String) -> Result<(), String> {
    let fs = files();
    let owned: Vec<(&str, String)> =
        fs.iter().map(|(n, t)| (*n, if *n == file { edit(t) } else { t.clone() })).collect();
    let refs: Vec<(&str, &str)> = owned.iter().map(|(n, t)| (*n, t.as_str())).collect();
    load(&refs).map(|_| ()).map_err(|e| e.to_string())
}

#[test]
fn the_house_starter_set_loads_and_is_marked_house() {
    let c = content();
    assert_eq!(c.characters.len(), 16);
    assert_eq!(c.forms.len(), 1);
    assert_eq!(c.tactics.len(), 14);
    assert_eq!(c.crises.len(), 6);
    assert!(c.characters.iter().all(|x| x.source == "house"));
    assert_eq!(c.terrain_sets[0].pieces.len(), 12);
}

#[test]
fn a_missing_field_names_file_entry_and_field() {
    let e = load_with("house/characters.json", |t| t.replacen("\"stamina\": 8,", "", 1)).unwrap_err();
    assert!(e.contains("house/characters.json") && e.contains("granite") && e.contains("stamina"), "{e}");
}

#[test]
fn a_bad_value_names_file_entry_and_field() {
    let e = load_with("house/characters.json", |t| t.replacen("\"threat\": 4", "\"threat\": 9", 1)).unwrap_err();
    assert!(e.contains("house/characters.json") && e.contains("bulwark") && e.contains("threat"), "{e}");
    let e = load_with("house/crises.json", |t| t.replacen("\"source\": \"house\"", "\"source\": \"print\"", 1))
        .unwrap_err();
    assert!(e.contains("house/crises.json") && e.contains("relay-towers") && e.contains("source"), "{e}");
    let e = load_with("geometry.json", |t| t.replace("\"S\": 3.25", "\"S\": 9.0")).unwrap_err();
    assert!(e.contains("geometry.json") && e.contains("tools"), "{e}");
}

#[test]
fn a_transform_into_an_unknown_form_names_file_entry_and_field() {
    let e = load_with("house/characters.json", |t| t.replace("\"into\": \"nightshift-feral\"", "\"into\": \"nobody\""))
        .unwrap_err();
    assert!(e.contains("house/characters.json") && e.contains("nightshift") && e.contains("transform.into"), "{e}");
}

#[test]
fn a_charge_with_a_bad_tool_or_not_an_action_names_file_entry_and_field() {
    let e = load_with("house/characters.json", |t| {
        t.replace("\"charge\": {\n         \"n\": 1", "\"charge\": {\n         \"n\": 4")
    })
    .unwrap_err();
    assert!(e.contains("house/characters.json") && e.contains("stampede") && e.contains("(Charge).charge.n"), "{e}");
    let e = load_with("house/characters.json", |t| {
        t.replace(
            "\"action\": true,\n      \"text\": \"Action: This character advances",
            "\"action\": false,\n      \"text\": \"Action: This character advances",
        )
    })
    .unwrap_err();
    assert!(e.contains("stampede") && e.contains("(Charge).action"), "{e}");
}

#[test]
fn an_unknown_or_repeated_immunity_names_file_entry_and_field() {
    let e = load_with("house/characters.json", |t| {
        t.replace("\"immunities\": [\n     \"stun\"", "\"immunities\": [\n     \"stunned\"")
    })
    .unwrap_err();
    assert!(e.contains("house/characters.json") && e.contains("stampede") && e.contains("stunned"), "{e}");
    let e = load_with("house/characters.json", |t| {
        t.replace("\"immunities\": [\n     \"stun\"", "\"immunities\": [\n     \"stun\",\n     \"stun\"")
    })
    .unwrap_err();
    assert!(e.contains("stampede") && e.contains("sides.healthy.immunities"), "{e}");
}

#[test]
fn a_load_error_is_a_content_error_with_its_parts_apart() {
    let fs = files();
    let refs: Vec<(&str, String)> = fs
        .iter()
        .map(|(n, t)| {
            (
                *n,
                if *n == "house/characters.json" { t.replacen("\"threat\": 4", "\"threat\": 9", 1) } else { t.clone() },
            )
        })
        .collect();
    let refs: Vec<(&str, &str)> = refs.iter().map(|(n, t)| (*n, t.as_str())).collect();
    let e = load(&refs).unwrap_err();
    assert_eq!(e.file, "house/characters.json");
    assert!(e.entry.as_deref().is_some_and(|x| x.contains("bulwark")), "{e}");
    assert_eq!(e.field.as_deref(), Some("threat"));
}
