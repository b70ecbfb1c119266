//! The engine contract tests (random legal play, replay, serde round-trip,
//! non-leak) over many seeds, for 3 and 4 seats.

use backroom_engine::testkit;
use xmen_mutant_revolution::{Options, XMen};

/// Seeds for the many-seed runs (`XMEN_SEEDS=1000` for a longer soak).
fn seeds() -> std::ops::Range<u64> {
    let n = std::env::var("XMEN_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(120);
    0..n
}

/// Many seeds, 3 and 4 seats, two rounds each (every phase is reached in a
/// round; the round limit keeps the debug-build test quick).
#[test]
fn random_play_many_seeds_three_and_four_seats() {
    for seed in seeds() {
        for seats in [3, 4] {
            let o = Options { pick_schools: seed % 3 != 0, max_rounds: 2 };
            let r = testkit::random_play::<XMen>(&o, seats, seed).unwrap_or_else(|e| panic!("{e}"));
            assert!(r.finished);
        }
    }
}

/// Whole games with the default options.
#[test]
fn random_play_full_games() {
    for seed in 0..6 {
        for seats in [3, 4] {
            let r =
                testkit::random_play::<XMen>(&Options::default(), seats, seed + 500).unwrap_or_else(|e| panic!("{e}"));
            assert!(r.finished);
        }
    }
}

#[test]
fn non_leak() {
    let (mut effective, mut checks, mut log_effective, mut log_checks) = (0, 0, 0, 0);
    // XMEN_LEAK_SEEDS / XMEN_LEAK_ROUNDS for a longer soak.
    let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|s| s.parse().ok()).unwrap_or(d);
    let (n, rounds) = (env("XMEN_LEAK_SEEDS", 6), env("XMEN_LEAK_ROUNDS", 2) as u32);
    for seed in 0..n {
        for seats in [3, 4] {
            let o = Options { pick_schools: true, max_rounds: rounds };
            let r = testkit::non_leak::<XMen>(&o, seats, seed).unwrap_or_else(|e| panic!("{e}"));
            effective += r.effective;
            checks += r.checks;
            log_effective += r.log_effective;
            log_checks += r.log_checks;
        }
    }
    eprintln!(
        "non-leak: {effective} effective re-deals of {checks} checks; log lines: {log_effective} of {log_checks}"
    );
    assert!(effective > 0, "the re-deal must change hidden state ({effective} of {checks})");
    assert!(log_effective > 0, "the log check must meet changed hidden state ({log_effective} of {log_checks})");
}

/// Random games exercise every part of the round: each action kind shows
/// up in some game, and games end by the rules, not only by the round cap.
#[test]
fn random_games_reach_every_step() {
    use std::collections::BTreeMap;
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut summaries = vec![];
    let mut total = 0;
    for seed in 0..12 {
        let r = testkit::random_play::<XMen>(&Options::default(), 3 + (seed % 2) as u8, seed + 77).unwrap();
        total += r.log.len();
        for (_, a) in &r.log {
            *kinds.entry(a["type"].as_str().unwrap().to_string()).or_default() += 1;
        }
        summaries.push(r.log.len());
    }
    eprintln!("{total} actions in 12 games: {summaries:?}\n{kinds:#?}");
    for k in [
        "recover",
        "advance",
        "acquire_hope",
        "play_event",
        "discard_for_hope",
        "pass",
        "bid",
        "ready",
        "offer",
        "invite",
        "send",
        "place",
        "first",
        "move",
        "attack",
        "move_token",
        "allocate",
        "react",
        "decline",
        "token_attack",
        "mission_action",
    ] {
        assert!(kinds.contains_key(k), "no '{k}' in random play");
    }
}

/// Games between heuristic bots end, mostly by the rules rather than the
/// round limit.
#[test]
fn bot_games_end() {
    use backroom_engine::{Game, GameRng};
    let mut by_rules = 0;
    for seed in 0..4u64 {
        let mut rng = GameRng::seeded(seed);
        let mut bot = GameRng::seeded(seed + 7);
        let mut g = XMen::setup(&Options::default(), 3 + (seed % 2) as u8, &mut rng).unwrap();
        let mut n = 0;
        while !g.pending().is_over() {
            let seat = g.pending().awaited().iter().next().unwrap();
            let a = g.bot_action(seat, &mut bot).or_else(|| g.random_action(seat, &mut bot)).unwrap();
            g.apply(seat, &a, &mut rng).unwrap();
            n += 1;
            assert!(n < 50_000, "seed {seed}: bot game does not end");
        }
        let o = g.outcome().unwrap();
        eprintln!("seed {seed}: {n} actions, round {}: {}", g.round, o.summary);
        if !o.summary.contains("Round limit") {
            by_rules += 1;
        }
    }
    assert!(by_rules > 0, "no bot game ended by the rules");
}

/// Random games open a Reaction window on every trigger point (gap G11)
/// and some of them see a trigger-point Reaction played.
#[test]
fn random_games_open_every_trigger_window() {
    use backroom_engine::{Game, GameRng};
    use std::collections::BTreeSet;
    let mut seen = BTreeSet::new();
    let mut played = 0;
    // A trigger Reaction is answered in about one random game in eight (a
    // seat must hold the card and the Plot Points): 40 games meet several.
    for seed in 0..40u64 {
        let mut rng = GameRng::seeded(seed + 300);
        let mut pick = GameRng::seeded(seed + 301);
        let mut g = XMen::setup(&Options::default(), 3 + (seed % 2) as u8, &mut rng).unwrap();
        let mut n = 0;
        while !g.pending().is_over() && n < 20_000 {
            if let Some(w) = g.windows.first() {
                seen.insert(w.trigger.clone());
            }
            let awaited: Vec<_> = g.pending().awaited().iter().collect();
            let seat = awaited[pick.index(awaited.len())];
            let a = g.random_action(seat, &mut pick).unwrap();
            if !g.windows.is_empty() && matches!(a, xmen_mutant_revolution::Action::React { .. }) {
                played += 1;
            }
            g.apply(seat, &a, &mut rng).unwrap();
            n += 1;
        }
    }
    eprintln!("trigger windows seen: {seen:?}; {played} trigger Reactions answered");
    for t in xmen_mutant_revolution::content::TRIGGERS {
        assert!(seen.contains(*t), "no '{t}' window in random play");
    }
    assert!(played > 0);
}

/// Prompts offer only what can work: every enabled option of every prompt,
/// for every seat, is accepted with some legal companions (issue 12 item 3).
/// `XMEN_OFFER_SEEDS` / `XMEN_OFFER_ROUNDS` for a longer soak.
#[test]
fn offered_options_work() {
    let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|s| s.parse().ok()).unwrap_or(d);
    let (n, rounds) = (env("XMEN_OFFER_SEEDS", 6), env("XMEN_OFFER_ROUNDS", 2) as u32);
    let mut total = testkit::OfferReport::default();
    for seed in 0..n {
        for seats in [3, 4] {
            let o = Options { pick_schools: seed % 2 == 0, max_rounds: rounds };
            let r = testkit::offered_options_work::<XMen>(&o, seats, seed, 1500 * rounds as usize)
                .unwrap_or_else(|e| panic!("{e}"));
            total.prompts += r.prompts;
            total.asks += r.asks;
            total.options += r.options;
            total.disabled += r.disabled;
            total.probes += r.probes;
        }
    }
    // A match saved under engine version 1 is still played with version 1's
    // readings (e.g. the Event accepts any subset of the pledges).
    for seed in 0..n.min(4) {
        let o = Options { pick_schools: true, max_rounds: rounds };
        let r = testkit::offered_options_work_at::<XMen>(&o, 3, seed + 40, 1500 * rounds as usize, 1)
            .unwrap_or_else(|e| panic!("version 1: {e}"));
        total.options += r.options;
    }
    eprintln!("{total:?}");
    assert!(total.options > 1000, "{total:?}");
    assert!(total.disabled > 0, "no option was ever shown disabled: {total:?}");
}

/// Defaults never throw away something of the player's: Acquire Hope starts
/// with as many Heroes kept as can be paid for, and asks for the penalty
/// only when no Uninjured Student remains; unaffordable Events are shown
/// disabled with their price.
#[test]
fn acquire_hope_keeps_payable_heroes_and_events_say_their_price() {
    use backroom_engine::{Game, GameRng, Input};
    let (mut hope_prompts, mut priced) = (0, 0);
    for seed in 0..8u64 {
        let mut rng = GameRng::seeded(seed + 900);
        let mut pick = GameRng::seeded(seed + 901);
        let o = Options { pick_schools: false, max_rounds: 3 };
        let mut g = XMen::setup(&o, 3, &mut rng).unwrap();
        while !g.pending().is_over() {
            for s in 0..3 {
                let Some(p) = g.prompt(s) else { continue };
                for a in &p.asks {
                    if a.verb == "acquire_hope" {
                        hope_prompts += 1;
                        let keep = &a.params[0];
                        let Input::Many { max, .. } = keep.input else { panic!("keep is a many") };
                        let kept = keep.default.as_ref().unwrap().as_array().unwrap().len();
                        assert_eq!(kept, max as usize, "{a:?}");
                    }
                    if a.verb == "play_event"
                        && let Some(why) = &a.disabled
                        && why.starts_with("costs ")
                    {
                        assert!(why.contains("; you have "), "{why}");
                        priced += 1;
                    }
                }
            }
            let awaited: Vec<_> = g.pending().awaited().iter().collect();
            let seat = awaited[pick.index(awaited.len())];
            let a = g.random_action(seat, &mut pick).unwrap();
            g.apply(seat, &a, &mut rng).unwrap();
        }
    }
    assert!(hope_prompts > 0 && priced > 0, "{hope_prompts} {priced}");
}

/// The search bot chooses the same move in the real world and in a
/// re-dealt one it cannot tell apart, and each re-deal is canonical.
#[test]
fn search_sees_only_its_view() {
    let (mut effective, mut checks) = (0, 0);
    for seed in 0..3 {
        for seats in [3, 4] {
            let o = Options { pick_schools: true, max_rounds: 2 };
            let r =
                testkit::search_sees_only_its_view::<XMen>(&o, seats, seed, 400, 13).unwrap_or_else(|e| panic!("{e}"));
            (effective, checks) = (effective + r.effective, checks + r.checks);
        }
    }
    eprintln!("search view: {effective} effective re-deals of {checks}");
    assert!(effective > 0, "the re-deal must change hidden state ({effective} of {checks})");
}
