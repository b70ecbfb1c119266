//! The content loads, holds what the rulebook says, and a mistake names
//! its file, card and field.

use mutants::content::{Content, Freeze, Gene, Kind, content};

#[test]
fn the_embedded_content_is_complete() {
    let c = content();
    assert_eq!(c.basics().count(), 6);
    assert_eq!(c.advanced().count(), 36, "36 designs, two copies each");
    assert_eq!(c.precons.len(), 4);
    assert_eq!(c.bosses.len(), 2);
    assert_eq!(c.rounds.len(), 5);
    // Each gene on 12 of the 72 gene symbols of the designs.
    for g in [Gene::Cyber, Gene::Necro, Gene::Saber, Gene::Mythic, Gene::Zoomorph, Gene::Galactic] {
        let n: usize = c.advanced().map(|id| id.card().genes.iter().filter(|x| **x == g).count()).sum();
        assert_eq!(n, 12, "{g:?}");
    }
    let dev = c.id("the-devourer").unwrap().card();
    assert_eq!(dev.freeze, Freeze::PerGene { per_gene: Gene::Necro });
    assert!(
        c.cards.iter().filter(|x| x.kind == Kind::Advanced).all(|x| x.note.is_some()),
        "every design says where it comes from"
    );
}

fn broken(advanced: &str) -> String {
    let mut f = Content::embedded();
    f.advanced = advanced;
    Content::from_json(&f).unwrap_err().to_string()
}

#[test]
fn a_mistake_names_file_card_and_field() {
    let good = Content::embedded().advanced.to_string();
    let bad = good.replacen("\"op\": \"cycle\"", "\"op\": \"cycel\"", 1);
    let e = broken(&bad);
    assert!(e.starts_with("advanced.json: card \"android\": field deploy[0]"), "{e}");
    let bad = good.replacen("\"n\": 2", "\"n\": 0", 1);
    let e = broken(&bad);
    assert!(e.contains("advanced.json: card \"android\"") && e.contains("at least 1"), "{e}");
    let bad = good.replacen("\"cyber\",\n    \"cyber\"", "\"cyber\"", 1);
    let e = broken(&bad);
    assert!(e.contains("field genes"), "{e}");
    let e = broken("{\"cards\": 3}");
    assert!(e.starts_with("advanced.json: field cards"), "{e}");
}

#[test]
fn each_boss_recommends_real_preconstructed_lists_best_first() {
    let c = content();
    for b in &c.bosses {
        assert_eq!(b.recommended.len(), c.precons.len(), "{}: every list, best first", b.id);
        assert!(b.recommended.iter().all(|r| c.precons.iter().any(|p| &p.id == r)), "{}", b.id);
    }
    let mut f = Content::embedded();
    let bad = f.bosses.replacen("\"breed-to-beatdown\"", "\"breed-to-beatdwn\"", 1);
    f.bosses = &bad;
    let e = Content::from_json(&f).unwrap_err().to_string();
    assert!(
        e.contains("bosses.json")
            && e.contains("field recommended")
            && e.contains("\"breed-to-beatdwn\" is not a Preconstructed list"),
        "{e}"
    );
}
