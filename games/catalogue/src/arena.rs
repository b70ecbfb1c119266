//! The bot arena: seeded bot-only matches on the engines alone, so that "a
//! smarter bot" is a measured claim rather than an impression.
//!
//! Matches run through the type-erased layer the server uses
//! ([`DynGame`]/[`DynState`]), so every game in the catalogue can be
//! measured, with no server, store or clock. Each seat is played by a bot
//! kind: `heuristic` (the game's own [`backroom_engine::Game::bot_action`],
//! exactly what a server bot plays) or `random` (a random legal action
//! sampled from the prompt) or `search` (the engine's search bot,
//! [`backroom_engine::search`], thinking [`Arena::think_ms`] a decision on
//! the wall clock: the arena is no engine, so it may read the clock). Seat assignment is rotated from match to match
//! so that no kind keeps the first seat (or the last). Match `m` is played
//! from seed `seed + m`, so any match can be replayed on its own.
//! [`run_with`] plays several matches at once ([`Workers::jobs`], tallied
//! in match order all the same) and gives each search decision several
//! threads ([`Workers::threads`]); [`ArenaReport::summary`] is one line
//! per kind with its interval, for the READMEs.
//!
//! A kind's win rate counts every seat it played as one trial and a first
//! place shared by `k` seats as `1/k` of a win each (ties split). The 95%
//! interval is Wilson's score interval; a kind playing several seats of the
//! same match counts those seats as separate trials, which slightly
//! understates its interval's width (they are not independent). A kind's
//! fair share is what any seat would win if all seats played alike, one in
//! the number of seats: a bot is smarter than the others when its interval
//! lies above that share.

use backroom_engine::erased::{DynGame, DynState};
use backroom_engine::search::Budget;
use backroom_engine::{GameRng, Seat};
use serde_json::Value;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BotKind {
    /// The game's own bot (random legal play where it has none).
    Heuristic,
    /// A random legal action sampled from the prompt.
    Random,
    /// The engine's search bot, with [`Arena::think_ms`] a decision.
    Search,
}

impl FromStr for BotKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim() {
            "heuristic" => Ok(BotKind::Heuristic),
            "random" => Ok(BotKind::Random),
            "search" => Ok(BotKind::Search),
            other => Err(format!("unknown bot kind '{other}': use heuristic, random or search")),
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BotKind::Heuristic => "heuristic",
            BotKind::Random => "random",
            BotKind::Search => "search",
        })
    }
}

/// Parses `heuristic,random,random` (one kind per seat).
///
/// # Errors
/// The unknown kind, or an empty list.
pub fn parse_bots(list: &str) -> Result<Vec<BotKind>, String> {
    let bots = list.split(',').map(str::parse).collect::<Result<Vec<_>, _>>()?;
    if bots.is_empty() {
        return Err("no bots given".into());
    }
    Ok(bots)
}

/// What to play.
#[derive(Clone, Debug)]
pub struct Arena {
    /// The game's options (`null` for the defaults).
    pub options: Value,
    /// One bot kind per seat, in the first match's seat order.
    pub bots: Vec<BotKind>,
    /// Matches to play.
    pub matches: u64,
    /// Match `m` is played from seed `seed + m`.
    pub seed: u64,
    /// Actions after which a match is abandoned (counted, not scored).
    pub max_actions: u64,
    /// The search bot's thinking time per decision, in milliseconds.
    pub think_ms: u64,
}

/// One bot kind's results.
#[derive(Clone, Debug, PartialEq)]
pub struct KindResult {
    /// The kind.
    pub kind: BotKind,
    /// Seats it played in finished matches (its trials).
    pub seats: u64,
    /// First places, a shared first place split between the seats sharing it.
    pub wins: f64,
    /// The fair share of wins per seat: one in the number of seats (what
    /// every seat wins when all play alike, ties split).
    pub share: f64,
}

impl KindResult {
    /// Wins per seat played.
    pub fn rate(&self) -> f64 {
        if self.seats == 0 { 0.0 } else { self.wins / self.seats as f64 }
    }

    /// The 95% Wilson score interval of [`Self::rate`].
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.wins, self.seats as f64, 1.96)
    }
}

/// What an arena run found.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaReport {
    /// The game's id.
    pub game: String,
    /// Matches played to the end.
    pub finished: u64,
    /// Matches abandoned at [`Arena::max_actions`].
    pub abandoned: u64,
    /// Accepted actions over the finished matches.
    pub actions: u64,
    /// One entry per kind, in the order first given.
    pub kinds: Vec<KindResult>,
}

impl ArenaReport {
    /// Average actions per finished match.
    pub fn mean_actions(&self) -> f64 {
        if self.finished == 0 { 0.0 } else { self.actions as f64 / self.finished as f64 }
    }
}

impl ArenaReport {
    /// One line per kind for logs and READMEs: `summary <game> <kind>
    /// <rate>% [<lo>–<hi>] <seats> seats, share <share>%`.
    pub fn summary(&self) -> Vec<String> {
        self.kinds
            .iter()
            .map(|k| {
                let (lo, hi) = k.interval();
                format!(
                    "summary {} {} {:.1}% [{:.1}–{:.1}] {} seats, share {:.1}%",
                    self.game,
                    k.kind,
                    100.0 * k.rate(),
                    100.0 * lo,
                    100.0 * hi,
                    k.seats,
                    100.0 * k.share
                )
            })
            .collect()
    }
}

impl fmt::Display for ArenaReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} matches finished ({} abandoned), {:.1} actions per match on average",
            self.game,
            self.finished,
            self.abandoned,
            self.mean_actions()
        )?;
        for k in &self.kinds {
            let (lo, hi) = k.interval();
            writeln!(
                f,
                "  {:<10} win rate {:5.1}% (95% CI {:.1}–{:.1}%) over {} seats; fair share {:.1}%",
                k.kind.to_string(),
                100.0 * k.rate(),
                100.0 * lo,
                100.0 * hi,
                k.seats,
                100.0 * k.share
            )?;
        }
        Ok(())
    }
}

/// Wilson's score interval for `successes` out of `n` trials (`successes`
/// may be fractional: split ties), at `z` standard deviations (1.96 for
/// 95%). `(0, 1)` when there are no trials.
pub fn wilson(successes: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = (successes / n).clamp(0.0, 1.0);
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// How many threads an arena run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Workers {
    /// Threads each search bot decision runs on ([`Budget::threads`]).
    pub threads: usize,
    /// Matches played at once, each on its own thread.
    pub jobs: usize,
}

impl Default for Workers {
    fn default() -> Self {
        Workers { threads: 1, jobs: 1 }
    }
}

/// Plays the matches one at a time, each search decision on one thread,
/// and reports each kind's results.
///
/// # Errors
/// The game refuses the seat count or options, or a bot finds no legal
/// action for an awaited seat (a broken engine contract).
pub fn run(game: &dyn DynGame, arena: &Arena) -> Result<ArenaReport, String> {
    run_with(game, arena, Workers::default())
}

/// Plays the matches `workers.jobs` at a time and reports each kind's
/// results. Matches are tallied in their own order whatever order they
/// finish in, so the report depends on the workers only through the
/// search bot's wall clock.
///
/// # Errors
/// As [`run`]; the first failing match in match order is reported.
pub fn run_with(game: &dyn DynGame, arena: &Arena, workers: Workers) -> Result<ArenaReport, String> {
    let n = arena.bots.len();
    u8::try_from(n).map_err(|_| "too many seats".to_string())?;
    let mut order: Vec<BotKind> = vec![];
    for b in &arena.bots {
        if !order.contains(b) {
            order.push(*b);
        }
    }
    let mut kinds: Vec<KindResult> =
        order.iter().map(|k| KindResult { kind: *k, seats: 0, wins: 0.0, share: 1.0 / n as f64 }).collect();
    let mut report = ArenaReport { game: game.info().id, finished: 0, abandoned: 0, actions: 0, kinds: vec![] };
    // Rotated seats: in match m, seat s is played by bots[(s + m) % n].
    let seating = |m: u64| -> Vec<BotKind> { (0..n).map(|s| arena.bots[(s + m as usize) % n]).collect() };
    let played = play_all(arena.matches, workers.jobs, |m| {
        play(game, arena, &seating(m), arena.seed.wrapping_add(m), workers.threads)
    });
    for (m, result) in played.into_iter().enumerate() {
        let at = seating(m as u64);
        let Some(Played { ranking, actions }) = result? else {
            report.abandoned += 1;
            continue;
        };
        report.finished += 1;
        report.actions += actions;
        for k in &mut kinds {
            k.seats += at.iter().filter(|b| **b == k.kind).count() as u64;
        }
        if let Some(first) = ranking.first().filter(|g| !g.is_empty()) {
            for s in first {
                let kind = at[*s as usize];
                let k = kinds.iter_mut().find(|k| k.kind == kind).expect("every kind is listed");
                k.wins += 1.0 / first.len() as f64;
            }
        }
    }
    report.kinds = kinds;
    Ok(report)
}

/// Every match's result, in match order, played `jobs` at a time: each
/// worker thread takes the next unplayed match.
fn play_all<T: Send>(matches: u64, jobs: usize, play: impl Fn(u64) -> T + Sync) -> Vec<T> {
    if jobs <= 1 {
        return (0..matches).map(play).collect();
    }
    let next = AtomicU64::new(0);
    let mut done: Vec<(u64, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = vec![];
                    loop {
                        let m = next.fetch_add(1, Ordering::Relaxed);
                        if m >= matches {
                            return mine;
                        }
                        mine.push((m, play(m)));
                    }
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p))).collect()
    });
    done.sort_by_key(|(m, _)| *m);
    done.into_iter().map(|(_, t)| t).collect()
}

/// A finished match: its final ranking and its length in actions.
struct Played {
    ranking: Vec<Vec<Seat>>,
    actions: u64,
}

/// One match, or `None` when it reached `max_actions` first.
fn play(
    game: &dyn DynGame,
    arena: &Arena,
    at: &[BotKind],
    seed: u64,
    threads: usize,
) -> Result<Option<Played>, String> {
    let (options, max_actions) = (&arena.options, arena.max_actions);
    let mut rng = GameRng::seeded(seed);
    // The bots' own choices come from a second generator, so that the
    // match's generator sees only what the rules draw.
    let mut bots = GameRng::seeded(seed ^ 0xb075_a2e4_a000_0000);
    let seats = at.len() as u8;
    let mut state: Box<dyn DynState> =
        game.setup(options, seats, &mut rng).map_err(|e| format!("seed {seed}: setup: {e}"))?;
    let mut actions = 0u64;
    loop {
        let pending = state.pending();
        if pending.is_over() {
            let outcome = state.outcome().ok_or_else(|| format!("seed {seed}: the game is over without an outcome"))?;
            return Ok(Some(Played { ranking: outcome.ranking, actions }));
        }
        if actions >= max_actions {
            return Ok(None);
        }
        let awaited: Vec<Seat> = pending.awaited().iter().collect();
        if awaited.is_empty() {
            return Err(format!("seed {seed}, action {actions}: nobody is awaited"));
        }
        let seat = awaited[bots.index(awaited.len())];
        let action = match at[seat as usize] {
            BotKind::Heuristic => state.bot_action(seat, &mut bots),
            BotKind::Random => state.random_action(seat, &mut bots),
            BotKind::Search => think(state.as_ref(), seat, arena.think_ms, threads, &mut bots),
        }
        .ok_or_else(|| format!("seed {seed}, action {actions}: no legal action for awaited seat {seat}"))?;
        state
            .apply(seat, &action, &mut rng)
            .map_err(|e| format!("seed {seed}, action {actions}: {action} refused: {e}"))?;
        actions += 1;
    }
}

/// The search bot's move, thinking `think_ms` on the wall clock on
/// `threads` threads; its internal seed is drawn from the bots' generator.
fn think(state: &dyn DynState, seat: Seat, think_ms: u64, threads: usize, bots: &mut GameRng) -> Option<Value> {
    let deadline = Instant::now() + Duration::from_millis(think_ms);
    let keep_going = || Instant::now() < deadline;
    let seed = u64::from(bots.range(0, u32::MAX)) << 32 | u64::from(bots.range(0, u32::MAX));
    state.search_action(seat, seed, Budget { iterations: usize::MAX, keep_going: &keep_going, threads })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-4
    }

    #[test]
    fn wilson_matches_published_values() {
        // 81 of 263: 0.2553..0.3662 (computed independently).
        let (lo, hi) = wilson(81.0, 263.0, 1.96);
        assert!(close(lo, 0.2553) && close(hi, 0.3662), "{lo} {hi}");
        // All successes: the upper bound is 1, the lower is n/(n+z²).
        let (lo, hi) = wilson(10.0, 10.0, 1.96);
        assert!(close(lo, 10.0 / (10.0 + 1.96 * 1.96)) && hi == 1.0, "{lo} {hi}");
        let (lo, hi) = wilson(0.0, 10.0, 1.96);
        assert!(lo == 0.0 && close(hi, 1.0 - 10.0 / (10.0 + 1.96 * 1.96)), "{lo} {hi}");
        assert_eq!(wilson(0.0, 0.0, 1.96), (0.0, 1.0));
        // Half of 1000: symmetric about 0.5, about ±3.1 points.
        let (lo, hi) = wilson(500.0, 1000.0, 1.96);
        assert!(close(lo + hi, 1.0) && close(hi - 0.5, 0.0309), "{lo} {hi}");
    }

    #[test]
    fn bot_lists_parse_and_name_a_bad_kind() {
        assert_eq!(
            parse_bots("heuristic,random,random").unwrap(),
            vec![BotKind::Heuristic, BotKind::Random, BotKind::Random]
        );
        assert!(parse_bots("heuristic,clever").unwrap_err().contains("clever"));
    }

    fn small(bots: &str, matches: u64) -> ArenaReport {
        let game = crate::find("sealed-bids").unwrap();
        let arena = Arena {
            options: serde_json::json!({"rounds": 5}),
            bots: parse_bots(bots).unwrap(),
            matches,
            seed: 7,
            max_actions: 10_000,
            think_ms: 1,
        };
        run(game, &arena).unwrap()
    }

    #[test]
    fn a_small_arena_counts_every_seat_and_splits_ties() {
        let r = small("heuristic,random,random", 30);
        assert_eq!((r.finished, r.abandoned), (30, 0));
        assert_eq!(r.kinds.len(), 2);
        assert_eq!(r.kinds[0].seats, 30);
        assert_eq!(r.kinds[1].seats, 60);
        assert!(close(r.kinds[0].share, 1.0 / 3.0) && close(r.kinds[1].share, 1.0 / 3.0));
        // Every finished match hands out exactly one win in all.
        let wins: f64 = r.kinds.iter().map(|k| k.wins).sum();
        assert!(close(wins, 30.0), "{wins}");
        // Five bids per seat per match.
        assert!(close(r.mean_actions(), 15.0), "{}", r.mean_actions());
        // The same seed gives the same report.
        assert_eq!(r, small("heuristic,random,random", 30));
        assert!(r.to_string().contains("heuristic"));
    }

    #[test]
    fn matches_played_at_once_are_tallied_as_one_at_a_time() {
        let game = crate::find("sealed-bids").unwrap();
        let arena = Arena {
            options: serde_json::json!({"rounds": 5}),
            bots: parse_bots("heuristic,random,random").unwrap(),
            matches: 23,
            seed: 7,
            max_actions: 10_000,
            think_ms: 1,
        };
        let together = run_with(game, &arena, Workers { threads: 1, jobs: 3 }).unwrap();
        assert_eq!(together, small("heuristic,random,random", 23));
        assert_eq!(together.summary().len(), 2);
        assert!(together.summary()[0].starts_with("summary sealed-bids heuristic "), "{:?}", together.summary());
    }

    #[test]
    fn seats_rotate_so_identical_bots_share_evenly() {
        // Two kinds that play alike (Sealed Bids has no heuristic bot):
        // with rotation, neither keeps a seat, so the rates agree within
        // the noise.
        let r = small("heuristic,random", 400);
        let (a, b) = (&r.kinds[0], &r.kinds[1]);
        assert_eq!(a.seats, b.seats);
        let (lo, hi) = a.interval();
        assert!(lo < 0.5 && 0.5 < hi, "{r}");
        assert!(close(a.wins + b.wins, 400.0));
    }

    #[test]
    fn the_xmen_heuristic_beats_its_share_against_random_bots() {
        // A regression guard, not the measurement (that is in the X-Men
        // README): 20 matches already put the interval above the share.
        let game = crate::find("xmen-mutant-revolution").unwrap();
        let arena = Arena {
            options: Value::Null,
            bots: parse_bots("heuristic,random,random").unwrap(),
            matches: 20,
            seed: 1,
            max_actions: 100_000,
            think_ms: 1,
        };
        let r = run(game, &arena).unwrap();
        let h = &r.kinds[0];
        assert_eq!(h.kind, BotKind::Heuristic);
        assert!(h.interval().0 > h.share, "{r}");
    }

    #[test]
    fn an_abandoned_match_is_counted_not_scored() {
        let game = crate::find("sealed-bids").unwrap();
        let arena = Arena {
            options: Value::Null,
            bots: parse_bots("random,random").unwrap(),
            matches: 3,
            seed: 1,
            max_actions: 5,
            think_ms: 1,
        };
        let r = run(game, &arena).unwrap();
        assert_eq!((r.finished, r.abandoned), (0, 3));
        assert!(r.kinds.iter().all(|k| k.seats == 0 && k.wins == 0.0));
    }

    #[test]
    fn a_search_arena_smoke_run_completes() {
        // Only that it completes, every seat counted: strength is measured
        // in release builds and reported in the READMEs, not timed here.
        let game = crate::find("nefarious-schemes").unwrap();
        let arena = Arena {
            options: serde_json::json!({"turn_limit": 3}),
            bots: parse_bots("search,heuristic").unwrap(),
            matches: 2,
            seed: 5,
            max_actions: 100_000,
            think_ms: 2,
        };
        let r = run_with(game, &arena, Workers { threads: 2, jobs: 2 }).unwrap();
        assert_eq!(r.finished + r.abandoned, 2);
        assert_eq!(r.kinds[0].kind, BotKind::Search);
        assert_eq!(r.kinds[0].seats, r.finished);
    }
}
