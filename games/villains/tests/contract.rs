//! The engine contract tests (random legal play through the prompts,
//! replay, serde round-trip, refused actions change nothing, the end within
//! a bound, non-leak of views and log lines) at 4 and 5 seats.

use backroom_engine::testkit;
use villains::{Options, Villains};

#[test]
fn random_play_at_four_and_five_seats() {
    for seats in [4, 5] {
        for seed in 0..6 {
            let r =
                testkit::random_play::<Villains>(&Options::default(), seats, seed).unwrap_or_else(|e| panic!("{e}"));
            assert!(r.finished);
        }
    }
}

#[test]
fn non_leak_at_four_and_five_seats() {
    for seats in [4, 5] {
        for seed in [7, 8] {
            let r = testkit::non_leak::<Villains>(&Options::default(), seats, seed + u64::from(seats))
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(r.effective * 2 > r.checks && r.log_checks > r.checks, "{r:?}");
        }
    }
}

#[test]
fn offered_options_work_at_four_and_five_seats() {
    let mut options = 0;
    for seats in [4, 5] {
        for seed in 0..2 {
            let r = testkit::offered_options_work::<Villains>(&Options::default(), seats, seed, 400)
                .unwrap_or_else(|e| panic!("{e}"));
            options += r.options;
        }
    }
    assert!(options > 500, "{options}");
}

/// The search bot chooses the same move in the real world and in a
/// re-dealt one it cannot tell apart, and each re-deal is canonical.
#[test]
fn search_sees_only_its_view() {
    let (mut effective, mut checks) = (0, 0);
    for seats in [4, 5] {
        for seed in [3, 4] {
            let r = testkit::search_sees_only_its_view::<Villains>(&Options::default(), seats, seed, 300, 13)
                .unwrap_or_else(|e| panic!("{e}"));
            (effective, checks) = (effective + r.effective, checks + r.checks);
        }
    }
    eprintln!("search view: {effective} effective re-deals of {checks}");
    assert!(effective > 0, "the re-deal must change hidden state ({effective} of {checks})");
}

/// The search bot's evaluation foretells the winner of heuristic matches
/// it was not fitted on better than everyone's fair share does.
#[test]
fn the_evaluation_foretells_the_winner() {
    let c = testkit::evaluation_calibration::<Villains>(&Options::default(), 4, 1, 20, 7).unwrap();
    eprintln!("calibration: {c:?}");
    assert!(c.brier < 0.9 * c.fair, "{c:?}");
}
