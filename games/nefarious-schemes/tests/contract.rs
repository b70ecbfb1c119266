//! The engine contract tests (random legal play through the prompts,
//! replay, serde round-trip, refused actions change nothing, the end within
//! a bound, non-leak of views and log lines, offered options work, seats
//! named by token) for the two seats.

use backroom_engine::testkit;
use nefarious_schemes::{Options, Schemes};

fn short(turns: u32) -> Options {
    Options { turn_limit: turns, ..Options::default() }
}

#[test]
fn random_play_whole_games() {
    let mut ended_early = 0;
    for seed in 0..8 {
        let o = Options { villain_first: seed % 2 == 0, ..Options::default() };
        let r = testkit::random_play::<Schemes>(&o, 2, seed).unwrap_or_else(|e| panic!("{e}"));
        assert!(r.finished);
        ended_early += usize::from(r.log.len() < 3000);
    }
    eprintln!("{ended_early} games of 8 under 3000 actions");
}

#[test]
fn non_leak_views_and_log_lines() {
    let (mut effective, mut checks, mut log_effective, mut log_checks) = (0, 0, 0, 0);
    // SCHEMES_LEAK_SEEDS / SCHEMES_LEAK_TURNS for a longer soak.
    let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|s| s.parse().ok()).unwrap_or(d);
    for seed in 0..env("SCHEMES_LEAK_SEEDS", 3) {
        let r = testkit::non_leak::<Schemes>(&short(env("SCHEMES_LEAK_TURNS", 4) as u32), 2, seed)
            .unwrap_or_else(|e| panic!("{e}"));
        effective += r.effective;
        checks += r.checks;
        log_effective += r.log_effective;
        log_checks += r.log_checks;
    }
    eprintln!("non-leak: {effective} effective re-deals of {checks}; log lines {log_effective} of {log_checks}");
    assert!(effective * 2 > checks, "{effective} of {checks}");
    assert!(log_effective > 0 && log_checks > checks, "{log_effective} of {log_checks}");
}

#[test]
fn offered_options_work() {
    let mut options = 0;
    // SCHEMES_OFFER_SEEDS / SCHEMES_OFFER_STEPS for a longer soak.
    let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|s| s.parse().ok()).unwrap_or(d);
    for seed in 0..env("SCHEMES_OFFER_SEEDS", 3) {
        let r = testkit::offered_options_work::<Schemes>(&short(25), 2, seed, env("SCHEMES_OFFER_STEPS", 600) as usize)
            .unwrap_or_else(|e| panic!("{e}"));
        options += r.options;
    }
    assert!(options > 150, "{options}");
}

#[test]
fn names_by_token() {
    for seed in 0..3 {
        let r = testkit::names_by_token::<Schemes>(&Options::default(), 2, seed, 6000, &["Seat "])
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(r.tokens > 10, "{r:?}");
        assert!(r.summary.is_some(), "the game ends: {r:?}");
    }
}

#[test]
fn setup_refuses_other_seat_counts_and_bad_options() {
    use backroom_engine::{Game, GameRng};
    assert!(Schemes::setup(&Options::default(), 3, &mut GameRng::seeded(1)).is_err());
    assert!(Schemes::setup(&short(0), 2, &mut GameRng::seeded(1)).is_err());
    assert!(serde_json::from_str::<Options>(r#"{"turns": 3}"#).is_err());
}

/// The search bot chooses the same move in the real world and in a
/// re-dealt one it cannot tell apart, and each re-deal is canonical.
#[test]
fn search_sees_only_its_view() {
    let (mut effective, mut checks) = (0, 0);
    for seed in 0..3 {
        let r = testkit::search_sees_only_its_view::<Schemes>(&short(4), 2, seed, 300, 11)
            .unwrap_or_else(|e| panic!("{e}"));
        (effective, checks) = (effective + r.effective, checks + r.checks);
    }
    eprintln!("search view: {effective} effective re-deals of {checks}");
    assert!(effective > 0, "the re-deal must change hidden state ({effective} of {checks})");
}

/// The search bot's evaluation foretells the winner of heuristic matches
/// better than the fair share does (`src/bot/evaluate.rs`).
#[test]
fn the_evaluation_foretells_the_winner() {
    let c = testkit::evaluation_calibration::<Schemes>(&Default::default(), 2, 1, 40, 7).unwrap();
    eprintln!("calibration: {c:?}");
    assert!(c.brier < 0.9 * c.fair, "{c:?}");
}
