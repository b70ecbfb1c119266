//! Dead hands, measured: how often a side has nothing it can put into play
//! in a turn's Recruit phase (only "Done recruiting", or no hand at all).
//!
//! Plays bot-only matches the way the arena does (`backroom arena`: match
//! `m` from seed `seed + m`, the bots' choices from a second generator
//! seeded `seed ^ 0xb075_a2e4_a000_0000`, the game's own bot where it has
//! an opinion and random legal play elsewhere), under a given engine
//! version, and counts Recruit phases per side.
//!
//! ```text
//! cargo run -p nefarious-schemes --example dead_hands -- [matches] [engine_version] [turn_limit] [first_seed]
//! ```
//!
//! Version 1 deals with the rulebook's mulligan only; version 2 adds the
//! house mulligan (the Villain's opening hand holds a Mastermind).

use backroom_engine::{Game, GameRng};
use nefarious_schemes::state::{Phase, Stage};
use nefarious_schemes::{HERO, Options, Schemes, VILLAIN};

/// Per match: for each side, the turns whose Recruit phase offered nothing.
#[derive(Default)]
struct Tally {
    /// Recruit phases played, per side.
    phases: [u64; 2],
    /// Of which nothing could be put into play, per side.
    dead: [u64; 2],
    /// Matches with a dead turn 1, per side.
    dead_first: [u64; 2],
    /// Matches with at least one dead turn, per side.
    any_dead: [u64; 2],
    /// Matches in which a side could recruit nothing in any turn.
    all_dead: [u64; 2],
    /// Matches with at least one dead turn for either side.
    either: u64,
    matches: u64,
    /// Matches the Heroes won.
    heroes_won: u64,
}

fn arg<T: std::str::FromStr>(i: usize, default: T) -> T {
    std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(default)
}

/// Whether `seat` could put something into play from its hand now.
fn can_recruit(g: &Schemes, seat: u8) -> bool {
    g.sides[seat as usize].hand.iter().any(|c| g.playable(seat, c.card().kind))
}

fn main() {
    let matches: u64 = arg(1, 1000);
    let version: u32 = arg(2, Schemes::info().engine_version);
    let turn_limit: u32 = arg(3, Options::default().turn_limit);
    let first: u64 = arg(4, 1);
    let options = Options { turn_limit, ..Options::default() };
    let mut t = Tally::default();
    for m in 0..matches {
        let seed = first + m;
        let mut rng = GameRng::seeded(seed);
        let mut bots = GameRng::seeded(seed ^ 0xb075_a2e4_a000_0000);
        let mut g = Schemes::setup_at_version(&options, 2, &mut rng, version).expect("setup");
        // Per turn and side: Some(true) when the Recruit phase offered a card.
        let mut seen: Vec<[Option<bool>; 2]> = vec![];
        let mut last_turn_past_recruit = 0;
        for _ in 0..Schemes::max_actions(2) {
            if g.phase.number() > Phase::Recruit.number() || g.phase == Phase::Over {
                last_turn_past_recruit = last_turn_past_recruit.max(g.turn);
            } else if g.turn > 0 {
                last_turn_past_recruit = last_turn_past_recruit.max(g.turn - 1);
            }
            if let Some(Stage::Recruit { seat, played: 0 }) = g.stage {
                let turn = g.turn as usize;
                if seen.len() < turn {
                    seen.resize(turn, [None, None]);
                }
                seen[turn - 1][seat as usize] = Some(can_recruit(&g, seat));
            }
            if g.pending().is_over() {
                break;
            }
            let seat = g.pending().awaited().iter().next().expect("someone is awaited");
            let a = g.bot_action(seat, &mut bots).or_else(|| g.random_action(seat, &mut bots)).expect("an action");
            g.apply(seat, &a, &mut rng).expect("the bot's action is legal");
        }
        if g.outcome().is_some_and(|o| o.winners() == [HERO]) {
            t.heroes_won += 1;
        }
        let turns = last_turn_past_recruit as usize;
        seen.resize(turns.max(seen.len()), [None, None]);
        t.matches += 1;
        let mut either = false;
        for seat in [HERO, VILLAIN] {
            let s = seat as usize;
            // A Recruit phase never asked (an empty hand) offered nothing.
            let dead: Vec<bool> = seen.iter().take(turns).map(|x| x[s] != Some(true)).collect();
            t.phases[s] += dead.len() as u64;
            t.dead[s] += dead.iter().filter(|d| **d).count() as u64;
            if dead.first() == Some(&true) {
                t.dead_first[s] += 1;
            }
            if dead.contains(&true) {
                t.any_dead[s] += 1;
                either = true;
            }
            if !dead.is_empty() && dead.iter().all(|d| *d) {
                t.all_dead[s] += 1;
            }
        }
        if either {
            t.either += 1;
        }
    }
    let pct = |a: u64, b: u64| if b == 0 { 0.0 } else { 100.0 * a as f64 / b as f64 };
    println!(
        "engine version {version}, turn limit {turn_limit}, {} matches from seed {first}, heuristic bots on both sides",
        t.matches
    );
    for (seat, side) in [(HERO, "Heroes"), (VILLAIN, "Villain")] {
        let s = seat as usize;
        println!(
            "  {side:<8} no playable Recruit in {:5.1}% of Recruit phases ({} of {}); turn 1 dead in {:5.1}% of matches; \
             a dead turn in {:5.1}%; dead every turn in {:5.1}%",
            pct(t.dead[s], t.phases[s]),
            t.dead[s],
            t.phases[s],
            pct(t.dead_first[s], t.matches),
            pct(t.any_dead[s], t.matches),
            pct(t.all_dead[s], t.matches),
        );
    }
    println!("  either side has a dead turn in {:5.1}% of matches", pct(t.either, t.matches));
    println!("  the Heroes win {:5.1}% ({} of {})", pct(t.heroes_won, t.matches), t.heroes_won, t.matches);
}
