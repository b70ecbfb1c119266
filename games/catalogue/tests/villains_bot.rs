//! A regression guard for the Villains heuristic bot, not its measurement
//! (that is in `games/villains/README.md`, from the arena example): a few
//! seeded arena matches against random bots already put its win-rate
//! interval above its share.

use backroom_games::arena::{Arena, BotKind, parse_bots, run};

#[test]
fn the_villains_heuristic_beats_its_share_against_random_bots() {
    let game = backroom_games::find("villains").unwrap();
    for bots in ["heuristic,random,random,random", "heuristic,random,random,random,random"] {
        let arena = Arena {
            options: serde_json::Value::Null,
            bots: parse_bots(bots).unwrap(),
            matches: 10,
            seed: 1,
            max_actions: 20_000,
            think_ms: 1,
        };
        let r = run(game, &arena).unwrap();
        let h = &r.kinds[0];
        assert_eq!(h.kind, BotKind::Heuristic);
        assert_eq!(r.abandoned, 0, "{r}");
        assert!(h.interval().0 > h.share, "{r}");
    }
}
