//! Saved matches across versions: X-Men sets up matches of engine_version
//! 1 and 2, keeps the version in its state, and writes a version-1 state as
//! version 1 wrote it (README, "Saved matches across versions"; the rules
//! kept behind version 1 are checked by `scenarios/v1-*.toml` and the
//! upgrade corpus).

use backroom_engine::{Game, GameRng};
use xmen_mutant_revolution::{Options, XMen, versions};

fn set_up(version: u32) -> (XMen, GameRng) {
    let mut rng = GameRng::seeded(7);
    let g = XMen::setup_at_version(&Options::default(), 4, &mut rng, version).unwrap();
    (g, rng)
}

#[test]
fn versions_1_and_2_set_up_alike_and_keep_their_version() {
    let (v1, r1) = set_up(1);
    let (v2, r2) = set_up(2);
    assert_eq!((v1.engine_version, v2.engine_version), (1, 2));
    assert_eq!(serde_json::to_string(&r1).unwrap(), serde_json::to_string(&r2).unwrap());
    assert_eq!(XMen { engine_version: 2, ..v1 }, v2);
    assert_eq!(XMen::info().engine_version, versions::CURRENT);
    let mut rng = GameRng::seeded(7);
    assert_eq!(XMen::setup(&Options::default(), 4, &mut rng).unwrap().engine_version, versions::CURRENT);
}

#[test]
fn a_version_1_state_reads_and_writes_as_version_1_wrote_it() {
    let (v1, _) = set_up(1);
    let text = serde_json::to_string(&v1).unwrap();
    assert!(!text.contains("engine_version"), "version 1 never wrote the field");
    let back: XMen = serde_json::from_str(&text).unwrap();
    assert_eq!(back.engine_version, 1);
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
    let (v2, _) = set_up(2);
    let text = serde_json::to_string(&v2).unwrap();
    assert!(text.contains("\"engine_version\":2"));
    assert_eq!(serde_json::from_str::<XMen>(&text).unwrap(), v2);
}

#[test]
fn versions_it_never_had_are_refused_by_name() {
    for v in [0, 4] {
        let e = XMen::setup_at_version(&Options::default(), 3, &mut GameRng::seeded(1), v).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("X-Men: Mutant Revolution engine version 3 no longer replays matches stored under version {v}")
        );
    }
}
