//! The content loads, and a mistake names its file, card (or table) and field.

use nefarious_schemes::content::{ContentFiles, Kind, content, load};

#[test]
fn the_shipped_content_loads_with_two_decks_of_forty() {
    let c = content();
    assert_eq!(c.hero_deck.len(), 40);
    assert_eq!(c.villain_deck.len(), 40);
    assert!(c.cards.iter().all(|k| k.source == "house"), "every card is house content");
    let count =
        |deck: &[nefarious_schemes::content::CardId], k: Kind| deck.iter().filter(|c| c.card().kind == k).count();
    assert_eq!(count(&c.hero_deck, Kind::Character), 16);
    assert_eq!(count(&c.hero_deck, Kind::Event), 12);
    assert_eq!(count(&c.villain_deck, Kind::Mastermind), 4);
    assert_eq!(count(&c.villain_deck, Kind::Plot), 10);
    assert_eq!(c.tables.len(), 10);
}

fn edited(file: &str, from: &str, to: &str) -> String {
    let e = ContentFiles::embedded();
    let text = match file {
        "hero" => e.hero_deck,
        "villain" => e.villain_deck,
        "tables" => e.tables,
        _ => e.rules,
    };
    assert!(text.contains(from), "{from}");
    let out = text.replacen(from, to, 1);
    let mut f = e;
    let leaked: &'static str = Box::leak(out.into_boxed_str());
    match file {
        "hero" => f.hero_deck = leaked,
        "villain" => f.villain_deck = leaked,
        "tables" => f.tables = leaked,
        _ => f.rules = leaked,
    }
    load(f).unwrap_err().to_string()
}

#[test]
fn mistakes_name_file_card_and_field() {
    let e = edited(
        "hero",
        r#""fight": 1, "track": 1, "skills": ["inventor"]"#,
        r#""fight": "one", "track": 1, "skills": ["inventor"]"#,
    );
    assert!(e.starts_with("hero-deck.house.json: card \"prof-volt\": field fight:"), "{e}");
    let e = edited("hero", r#""skills": ["doctor"], "text": "Doctor"#, r#""skills": ["surgeon"], "text": "Doctor"#);
    assert!(e.contains("card \"dr-mercy\": field skills[0]:"), "{e}");
    let e = edited("villain", r#""plot": "major", "text""#, r#""text""#);
    assert!(e.contains("villain-deck.house.json: card \"doomsday-device\": field plot:"), "{e}");
    let e = edited(
        "hero",
        r#""kind": "event", "copies": 4, "event": {"when": "after_roll", "whose": "own", "modifier": 2}"#,
        r#""kind": "event", "copies": 4, "event": {"when": "after_roll", "whose": "own"}"#,
    );
    assert!(e.contains("card \"lucky-break\": field event.modifier:"), "{e}");
    let e = edited("villain", r#""refuses": ["character", "vehicle"]"#, r#""refuses": ["event"]"#);
    assert!(e.contains("card \"the-martians\": field mastermind.refuses:"), "{e}");
    let e = edited("hero", r#""id": "rookie""#, r#""id": "ray-gun""#);
    assert!(e.contains("field id: this id is used"), "{e}");
    let e = edited("hero", r#""source": "house""#, r#""source": "ours""#);
    assert!(e.contains("hero-deck.house.json: field source"), "{e}");
}

#[test]
fn table_mistakes_name_the_table_and_row() {
    let e =
        edited("tables", r#"{"min": 6, "max": 9, "name": "Dead End""#, r#"{"min": 7, "max": 9, "name": "Dead End""#);
    assert!(e.starts_with("tables.json: table \"track\": field rows[1].min:"), "{e}");
    let e = edited("tables", r#""effect": {"do": "wrong_track"}"#, r#""effect": {"do": "heal"}"#);
    assert!(e.contains("table \"track\": field rows[0].effect:"), "{e}");
    let e = edited("tables", r#""effect": {"do": "foiled"}"#, r#""effect": {"do": "foil_all"}"#);
    assert!(
        e.contains("table \"track\": field rows.effect") || e.contains("table \"track\": field rows[2].effect"),
        "{e}"
    );
    let e = edited("rules", r#""recruit_limit": 2"#, r#""recruit_limit": 0"#);
    assert!(e.contains("rules.house.json: field recruit_limit"), "{e}");
}

#[test]
fn tables_read_every_modified_roll() {
    use nefarious_schemes::content::RollKind;
    for k in RollKind::ALL {
        let t = k.table();
        for total in -20..30 {
            let _ = t.row(total);
        }
    }
    assert_eq!(RollKind::Track.table().row(10).name, "Foiled");
    assert_eq!(RollKind::Track.table().row(-3).name, "On the Wrong Track");
    assert_eq!(RollKind::Genius.table().row(9).name, "Contingencies", "a 1D6 table reads beyond 6 on its last row");
    assert_eq!(RollKind::Assassin.table().row(11).name, "Hero Killed");
}
