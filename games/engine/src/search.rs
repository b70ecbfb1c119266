//! The search bot: information-set Monte Carlo search over the [`Game`]
//! contract, one search for every game.
//!
//! A server bot should play better than the game's heuristic without ever
//! reading a secret its seat could not know. The contract already knows
//! how to re-deal everything one seat cannot see ([`Game::redeal_hidden`],
//! the re-deal the non-leak test uses), so the search samples the worlds the
//! seat cannot tell apart and asks, for each of the seat's candidate moves,
//! how often it wins in them:
//!
//! * **its own view only**: the very first step re-deals the root for the
//!   searching seat, so everything after depends on what the seat may know
//!   and on the search's own seed, never on the real hidden state (given a
//!   re-deal that is itself canonical: every game collects the hidden items,
//!   sorts them and then shuffles; [`crate::testkit::search_sees_only_its_view`]
//!   checks both);
//! * **determinized iterations**: each iteration re-deals the root again
//!   (a fresh world), picks a root move by UCB1 among those the world
//!   accepts (the subset-armed bandit of single-observer ISMCTS), and plays
//!   the world out;
//! * **the heuristic as the policy**: every seat, the searching one
//!   included, plays out with [`Game::bot_action`], a random legal action
//!   where it has none or it is refused; dice and draws come from the
//!   search's own generators, never the match's (one for the rules' dice
//!   and draws, another for the policy's choices, so that paired playouts
//!   keep rolling the same dice);
//! * **simultaneous and out-of-turn steps**: whenever several seats are
//!   awaited (sealed commits, reaction windows, negotiation) the playout
//!   lets one of them, chosen at random, act by the policy, as a table does;
//! * **truncated playouts**: after [`Config::horizon`] actions the playout
//!   stops and scores the world with [`Game::evaluate`] where the game
//!   supplies one, else with the seat's fair share; a game with an
//!   evaluation sets a short horizon in [`Game::search_config`], which buys
//!   many more iterations;
//! * **a budget the caller holds**: an iteration cap, a "keep going"
//!   closure asked before every iteration and a number of threads. The
//!   engine reads no clock; a server passes a closure over a deadline,
//!   tests pass iteration counts.
//!
//! ## The heuristic's move unless there is evidence
//! The tree is one level deep: a bandit over the root's moves with policy
//! playouts below, a rollout improvement of the heuristic. With a few
//! hundred noisy playouts spread over a dozen moves, the best-looking
//! move is often just the luckiest, and a search that plays it is weaker
//! than the heuristic it rolls out. So the heuristic's move is the
//! default, and three rules keep chance from overruling it:
//!
//! * **paired playouts**: every iteration plays the heuristic's move and
//!   one other in the same re-dealt world, from generators seeded alike
//!   (common random numbers: the same hidden cards and the same dice while
//!   the two worlds agree), and records the other move's *gain*, its
//!   reward less the heuristic's. Luck of the deal and of the dice, the
//!   bulk of the noise, cancels out of the gain. The other move is chosen
//!   by UCB1 on its gain so far.
//! * **progressive widening**: the other moves join the bandit one by one:
//!   two at first, then one more each time the paired visits pass
//!   `widening * k²`. A short search weighs few moves, each well; a long
//!   one weighs all of them.
//! * **a one-sided test at the end**: another move is played only when
//!   its mean gain is above zero by a one-sided test (its variance is
//!   estimated with two extra pseudo-observations one either side of the
//!   mean, the largest spread a gain in `[-1, 1]` can have, so that a
//!   lucky gain or two are not read as certainty). The test's level is
//!   [`Config::risk`] shared out over the moves compared (Bonferroni):
//!   with a dozen candidates, the chance that noise alone overrules the
//!   heuristic somewhere stays at `risk`, rather than growing with every
//!   move weighed. Among the moves that pass, the one with the largest
//!   lower bound on its gain is played.
//!
//! This answers "is there a better move than the heuristic's?", not "which
//! move is best?": a bias of the evaluation is not noise, and the test
//! does not guard against it.
//!
//! Where the game has no heuristic move (or the root refuses it), the most
//! visited move is played, as plain UCB1 does.
//!
//! ## Threads
//! [`Budget::threads`] > 1 runs root parallelism: the root and its
//! candidates are computed once, each thread runs its own bandit with its
//! own generator (the driver draws a base seed; thread `i` uses
//! `base + i`) and its share of the iteration cap, and the threads'
//! statistics are summed in thread order before the final test. For an
//! iteration budget the result is therefore deterministic (for a given
//! number of threads). Threads live
//! only here, in the driver: rule code never sees one.

use crate::{Game, GameRng, Outcome, Seat};

/// How hard to think.
#[derive(Clone, Copy)]
pub struct Budget<'a> {
    /// At most this many iterations, over all threads.
    pub iterations: usize,
    /// Asked before every iteration, by every thread; the search stops
    /// once it answers `false` (a deadline, a cancel). At least one
    /// iteration always runs in each thread.
    pub keep_going: &'a (dyn Fn() -> bool + Sync),
    /// Threads searching at once (root parallelism); 0 and 1 both mean
    /// the caller's thread alone.
    pub threads: usize,
}

impl Budget<'_> {
    /// A budget of `iterations` iterations on one thread and no other limit.
    pub fn iterations(iterations: usize) -> Budget<'static> {
        Budget { iterations, keep_going: &|| true, threads: 1 }
    }

    /// The same budget on `threads` threads.
    #[must_use]
    pub fn on_threads(self, threads: usize) -> Self {
        Budget { threads, ..self }
    }
}

/// The search's knobs; [`Config::default`] suits a game without an
/// evaluation, and a game tunes them in [`Game::search_config`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Playout actions after which a world is scored by
    /// [`Game::evaluate`] (or the fair share) instead of played out.
    pub horizon: usize,
    /// Distinct candidate moves tried at the root, the heuristic's first.
    pub candidates: usize,
    /// UCB1's exploration constant.
    pub exploration: f64,
    /// Progressive widening: `1 + sqrt(visits / widening)` moves are
    /// weighed (at least two; with the heuristic's move, not counting it).
    pub widening: f64,
    /// The chance, over all the moves compared, that noise alone makes the
    /// search leave the heuristic's move (the final test's family-wise
    /// level).
    pub risk: f64,
    /// How far either side of the mean the final test's two
    /// pseudo-observations lie: the largest spread a gain can have. 1.0
    /// (a gain lies in `[-1, 1]`) suits playouts to the end; playouts cut
    /// short after a few actions and scored by [`Game::evaluate`] move the
    /// score far less, and at 1.0 the pseudo-observations would swamp the
    /// gains actually seen, so such a game sets the spread its short
    /// playouts show.
    pub spread: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config { horizon: 2_000, candidates: 12, exploration: 0.7, widening: 1.0, risk: 0.1, spread: 1.0 }
    }
}

/// What the search chose, and on what evidence.
#[derive(Clone, Debug)]
pub struct Choice<A> {
    /// The move to play.
    pub action: A,
    /// Iterations run.
    pub iterations: usize,
    /// Distinct root candidates weighed.
    pub candidates: usize,
    /// The chosen move's mean reward (wins per world, ties split).
    pub value: f64,
    /// Whether the move is the heuristic's (kept for want of evidence
    /// against it, or the only one).
    pub heuristic: bool,
}

/// One root move's statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Stats {
    visits: u32,
    reward: f64,
    /// The sum of the squared rewards, for the variance.
    square: f64,
}

impl Stats {
    fn add(&mut self, reward: f64) {
        self.visits += 1;
        self.reward += reward;
        self.square += reward * reward;
    }

    fn merge(&mut self, other: &Stats) {
        self.visits += other.visits;
        self.reward += other.reward;
        self.square += other.square;
    }

    fn mean(&self) -> f64 {
        if self.visits == 0 { 0.0 } else { self.reward / f64::from(self.visits) }
    }

    /// The variance of the mean. The values' variance is estimated with
    /// two pseudo-observations `spread` either side of the mean (the
    /// largest spread of a gain: 1 for a gain in `[-1, 1]`, see
    /// [`Config::spread`]), so that a few equal gains are not read as
    /// certainty, and divided by the visits.
    fn variance_of_mean(&self, spread: f64) -> f64 {
        let n = f64::from(self.visits);
        let seen = (self.square - self.reward * self.mean()).max(0.0);
        (seen + 2.0 * spread * spread) / (n + 1.0) / n
    }
}

/// The move `seat` should play in `state`, by information-set Monte Carlo
/// search within `budget`; `None` when the seat has no legal move.
///
/// For a fixed `seed` and an iteration budget, the result depends only on
/// what `seat` may know (the root is re-dealt for `seat` before anything
/// else is read) and on the number of threads, not on their scheduling.
pub fn choose<G: Game>(
    state: &G,
    seat: Seat,
    seed: u64,
    config: &Config,
    budget: Budget<'_>,
) -> Option<Choice<G::Action>> {
    let mut rng = GameRng::seeded(seed);
    // First, before anything else: forget what the seat may not know.
    let mut root = state.clone();
    root.redeal_hidden(seat, &mut rng);
    let (mut moves, heuristic) = candidates(&root, seat, config.candidates, &mut rng);
    let candidates = moves.len();
    if candidates <= 1 {
        let action = moves.pop()?;
        return Some(Choice { action, iterations: 0, candidates, value: 0.0, heuristic });
    }
    let base = u64::from(rng.range(0, u32::MAX)) << 32 | u64::from(rng.range(0, u32::MAX));
    let threads = budget.threads.max(1);
    let share = |i: usize| budget.iterations / threads + usize::from(i < budget.iterations % threads);
    let search = Search { root: &root, seat, moves: &moves, config, keep_going: budget.keep_going, paired: heuristic };
    let runs: Vec<(Tally, usize)> = if threads == 1 {
        vec![search.run(share(0), base)]
    } else {
        std::thread::scope(|scope| {
            let search = &search;
            let handles: Vec<_> =
                (0..threads).map(|i| scope.spawn(move || search.run(share(i), base.wrapping_add(i as u64)))).collect();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        })
    };
    let (tally, iterations) = merge(&runs, candidates);
    let best = decide(&tally, heuristic, config);
    let value = tally.rewards[best].mean();
    Some(Choice { action: moves.swap_remove(best), iterations, candidates, value, heuristic: heuristic && best == 0 })
}

/// The mean gain (with its standard error) of playing `action` rather than
/// the heuristic's move in `state`, over `pairs` paired playouts in worlds
/// re-dealt for `seat`, as the search weighs moves; `None` when there is no
/// heuristic move or the root refuses either move. A yardstick for tuning
/// [`Config`] ([`crate::testkit::search_gains`]), not part of the search.
pub fn paired_gain<G: Game>(
    state: &G,
    seat: Seat,
    seed: u64,
    config: &Config,
    action: &G::Action,
    pairs: usize,
) -> Option<(f64, f64)> {
    let mut rng = GameRng::seeded(seed);
    let mut root = state.clone();
    root.redeal_hidden(seat, &mut rng);
    let heuristic = root.bot_action(seat, &mut rng.clone())?;
    let mut gain = Stats::default();
    for _ in 0..pairs {
        let mut world = root.clone();
        world.redeal_hidden(seat, &mut rng);
        let dice = u64::from(rng.range(0, u32::MAX)) << 32 | u64::from(rng.range(0, u32::MAX));
        let reward = |a: &G::Action| {
            let mut streams = Streams::seeded(dice);
            let mut after = world.clone();
            after.apply(seat, a, &mut streams.chance).ok()?;
            Some(playout(after, seat, config.horizon, &mut streams))
        };
        if let (Some(base), Some(r)) = (reward(&heuristic), reward(action)) {
            gain.add(r - base);
        }
    }
    (gain.visits > 0).then(|| (gain.mean(), gain.variance_of_mean(1.0).sqrt()))
}

/// What one thread (or all, merged) found: each move's rewards and, when
/// the search is paired, each other move's gains over the heuristic's in
/// the same worlds (index 0 unused).
#[derive(Clone, Debug, PartialEq)]
struct Tally {
    rewards: Vec<Stats>,
    gains: Vec<Stats>,
}

impl Tally {
    fn new(arms: usize) -> Self {
        Tally { rewards: vec![Stats::default(); arms], gains: vec![Stats::default(); arms] }
    }
}

/// The threads' tallies summed, in thread order, and their iterations.
fn merge(runs: &[(Tally, usize)], arms: usize) -> (Tally, usize) {
    let mut tally = Tally::new(arms);
    let mut iterations = 0;
    for (run, n) in runs {
        for (total, s) in tally.rewards.iter_mut().zip(&run.rewards) {
            total.merge(s);
        }
        for (total, s) in tally.gains.iter_mut().zip(&run.gains) {
            total.merge(s);
        }
        iterations += n;
    }
    (tally, iterations)
}

/// The move to play: the heuristic's (arm 0 when `heuristic`) unless
/// another's paired gain over it passes the one-sided test at family-wise
/// level `config.risk` (see the module doc); without a heuristic move, the
/// most visited.
fn decide(tally: &Tally, heuristic: bool, config: &Config) -> usize {
    let stats = &tally.rewards;
    if !heuristic {
        let most = (0..stats.len()).max_by(|&a, &b| {
            let (x, y) = (&stats[a], &stats[b]);
            x.visits.cmp(&y.visits).then(x.mean().total_cmp(&y.mean())).then(b.cmp(&a))
        });
        return most.unwrap_or(0);
    }
    let compared = tally.gains.iter().skip(1).filter(|g| g.visits > 0).count().max(1);
    let z = normal_quantile(1.0 - config.risk / compared as f64);
    let mut best = (0, 0.0);
    for (i, g) in tally.gains.iter().enumerate().skip(1).filter(|(_, g)| g.visits > 0) {
        let lower = g.mean() - z * g.variance_of_mean(config.spread).sqrt();
        if lower > best.1 {
            best = (i, lower);
        }
    }
    best.0
}

/// The standard normal quantile of `p` (0.5 < p < 1), by Abramowitz and
/// Stegun 26.2.23 (error below 5e-4).
fn normal_quantile(p: f64) -> f64 {
    let q = (1.0 - p).clamp(1e-12, 0.5);
    let t = (-2.0 * q.ln()).sqrt();
    t - (2.515_517 + 0.802_853 * t + 0.010_328 * t * t)
        / (1.0 + 1.432_788 * t + 0.189_269 * t * t + 0.001_308 * t * t * t)
}

/// One thread's search: the shared root and candidates.
struct Search<'a, G: Game> {
    root: &'a G,
    seat: Seat,
    moves: &'a [G::Action],
    config: &'a Config,
    keep_going: &'a (dyn Fn() -> bool + Sync),
    /// Move 0 is the heuristic's: every other move is played against it
    /// in the same world, from the same generator.
    paired: bool,
}

impl<G: Game> Search<'_, G> {
    /// Runs at most `iterations` iterations (at least one) from its own
    /// generator: the tally and the iterations run.
    fn run(&self, iterations: usize, seed: u64) -> (Tally, usize) {
        let mut rng = GameRng::seeded(seed);
        let mut tally = Tally::new(self.moves.len());
        let mut done = 0;
        while done < iterations.max(1) && (done == 0 || (self.keep_going)()) {
            done += 1;
            let mut world = self.root.clone();
            world.redeal_hidden(self.seat, &mut rng);
            let dice = u64::from(rng.range(0, u32::MAX)) << 32 | u64::from(rng.range(0, u32::MAX));
            if self.paired {
                self.pair(&world, dice, &mut tally);
            } else {
                let open = widened(&tally.rewards, self.config.widening);
                let ucb: Vec<f64> = ucb(&tally.rewards[..open], self.config.exploration);
                let mut streams = Streams::seeded(dice);
                let Some((arm, after)) = self.first_accepted(&world, &ucb, 0, &mut streams.chance) else { continue };
                tally.rewards[arm].add(playout(after, self.seat, self.config.horizon, &mut streams));
            }
        }
        (tally, done)
    }

    /// One paired iteration: the heuristic's move and another chosen by
    /// UCB1 on its gain so far, each played out from a generator seeded
    /// with `dice` (common random numbers: the same deal, the same dice
    /// while the two worlds agree).
    fn pair(&self, world: &G, dice: u64, tally: &mut Tally) {
        let open = 1 + widened(&tally.gains[1..], self.config.widening);
        let ucb = ucb(&tally.gains[1..open], self.config.exploration);
        let mut hrng = Streams::seeded(dice);
        let mut heuristic = world.clone();
        let mut arng = Streams::seeded(dice);
        let other = self.first_accepted(world, &ucb, 1, &mut arng.chance);
        let base = heuristic.apply(self.seat, &self.moves[0], &mut hrng.chance).is_ok().then(|| {
            let r = playout(heuristic, self.seat, self.config.horizon, &mut hrng);
            tally.rewards[0].add(r);
            r
        });
        let Some((arm, after)) = other else { return };
        let r = playout(after, self.seat, self.config.horizon, &mut arng);
        tally.rewards[arm].add(r);
        if let Some(base) = base {
            tally.gains[arm].add(r - base);
        }
    }

    /// The move first in UCB order (`scores[i]` for move `offset + i`)
    /// that this world accepts (a move may need something the re-deal
    /// moved), applied: its index and the world after it.
    fn first_accepted(&self, world: &G, scores: &[f64], offset: usize, rng: &mut GameRng) -> Option<(usize, G)> {
        let mut order: Vec<usize> = (0..scores.len()).collect();
        order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
        for i in order {
            let mut after = world.clone();
            if after.apply(self.seat, &self.moves[offset + i], rng).is_ok() {
                return Some((offset + i, after));
            }
        }
        None
    }
}

/// UCB1 scores: the mean plus `c * sqrt(ln N / n)`; unvisited moves first.
fn ucb(stats: &[Stats], c: f64) -> Vec<f64> {
    let total: f64 = stats.iter().map(|a| f64::from(a.visits)).sum::<f64>().max(1.0);
    stats
        .iter()
        .map(|a| if a.visits == 0 { f64::INFINITY } else { a.mean() + c * (total.ln() / f64::from(a.visits)).sqrt() })
        .collect()
}

/// How many candidates are open after the visits so far: candidate `k`
/// joins once the root has `widening * k²` visits (at least two open, so
/// that there is something to weigh).
fn widened(stats: &[Stats], widening: f64) -> usize {
    let visits: f64 = stats.iter().map(|s| f64::from(s.visits)).sum();
    let open = if widening <= 0.0 { stats.len() } else { 1 + (visits / widening).sqrt() as usize };
    open.clamp(2.min(stats.len()), stats.len())
}

/// The root's candidate moves, the heuristic's choice first, then distinct
/// samples of the seat's prompt, each accepted in the (re-dealt) root; and
/// whether the first is the heuristic's.
fn candidates<G: Game>(root: &G, seat: Seat, wanted: usize, rng: &mut GameRng) -> (Vec<G::Action>, bool) {
    let mut moves: Vec<G::Action> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    // Legality is probed with a throw-away generator: the root's accepting
    // a move must not depend on a draw.
    let probe = GameRng::seeded(0);
    let mut offer = |a: G::Action, moves: &mut Vec<G::Action>| {
        let Ok(key) = serde_json::to_string(&a) else { return };
        if seen.contains(&key) || root.clone().apply(seat, &a, &mut probe.clone()).is_err() {
            return;
        }
        seen.push(key);
        moves.push(a);
    };
    if let Some(a) = root.bot_action(seat, &mut rng.clone()) {
        offer(a, &mut moves);
    }
    let heuristic = !moves.is_empty();
    // A prompt with one answer yields the same sample again and again: stop
    // after a run of repeats rather than sample the whole allowance.
    let mut misses = 0;
    while moves.len() < wanted.max(1) && misses < 2 * wanted.max(1) {
        let Some(a) = root.random_action(seat, rng) else { break };
        let before = moves.len();
        offer(a, &mut moves);
        misses += usize::from(moves.len() == before);
    }
    (moves, heuristic)
}

/// A playout's two generators: one for the rules (dice, draws,
/// shuffles), one for the policy (who acts first among the awaited, the
/// bots' own choices). Kept apart so that two paired playouts roll the
/// same dice for as long as they roll as many, however differently their
/// bots choose: a policy draw in one world does not shift every later die.
struct Streams {
    chance: GameRng,
    policy: GameRng,
}

impl Streams {
    fn seeded(seed: u64) -> Self {
        Streams { chance: GameRng::seeded(seed), policy: GameRng::seeded(seed ^ 0x9e37_79b9_7f4a_7c15) }
    }
}

/// Plays `world` out by the policy for at most `horizon` actions and scores
/// it for `seat`.
///
/// The world is the playout's own, so its actions go straight to
/// [`Game::try_apply`], without the copy [`Game::apply`] makes to keep a
/// refused action from touching the state: the policy's actions are legal
/// (the contract test plays the heuristic and fails on any refusal, and
/// [`Game::random_action`] returns only an action it saw accepted), and
/// without the copies the search runs 1.55 times the iterations a second in
/// Nefarious Schemes, 1.36 times in X-Men and 3–6 % more in the others
/// (engine README). Should one be refused all the same, the world may be
/// half changed, so the playout stops there and scores the fair share.
fn playout<G: Game>(mut world: G, seat: Seat, horizon: usize, streams: &mut Streams) -> f64 {
    let seats = world.seat_count();
    let fair_share = 1.0 / f64::from(seats.max(1));
    let Streams { chance, policy } = streams;
    let mut log = Vec::new();
    for _ in 0..horizon {
        let pending = world.pending();
        if pending.is_over() {
            return world.outcome().map_or(0.0, |o| reward(&o, seat));
        }
        let awaited: Vec<Seat> = pending.awaited().iter().collect();
        if awaited.is_empty() {
            break;
        }
        let actor = awaited[policy.index(awaited.len())];
        let Some(action) = world.bot_action(actor, policy).or_else(|| world.random_action(actor, policy)) else {
            break;
        };
        log.clear();
        if world.try_apply(actor, &action, chance, &mut log).is_err() {
            return fair_share;
        }
    }
    if let Some(o) = world.outcome() {
        return reward(&o, seat);
    }
    world.evaluate(seat).map_or(fair_share, |v| v.clamp(0.0, 1.0))
}

/// A seat's reward for an outcome: a win is 1, a first place shared by `k`
/// seats `1/k`, anything else (the game itself winning included) 0, as the
/// arena scores.
pub fn reward(outcome: &Outcome, seat: Seat) -> f64 {
    let first = outcome.winners();
    if first.contains(&seat) { 1.0 / first.len() as f64 } else { 0.0 }
}

/// A seat's chance to win from scores where more is better: a softmax of
/// the seats' scores at `temperature` (a score lead of one `temperature`
/// is worth odds of e to 1). An aid for [`Game::evaluate`].
pub fn share_by_scores(scores: &[f64], seat: Seat, temperature: f64) -> f64 {
    let Some(mine) = scores.get(usize::from(seat)) else { return 0.0 };
    let t = temperature.max(1e-9);
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let total: f64 = scores.iter().map(|s| ((s - top) / t).exp()).sum();
    ((mine - top) / t).exp() / total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Ask, GameInfo, Input, LogEntry, Pending, Prompt, RuleError, SetupError, Viewer};
    use serde::{Deserialize, Serialize};

    /// Nim with a hidden twist: a pile of sticks, take 1–3, whoever takes
    /// the last wins. The heuristic takes 1 always; the search must find the
    /// winning take (leave a multiple of 4).
    #[derive(Clone, Serialize, Deserialize)]
    struct Nim {
        pile: u32,
        turn: Seat,
        secret: [u32; 2],
    }

    #[derive(Clone, Debug, Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "snake_case")]
    enum Take {
        Take { n: u32 },
    }

    impl Game for Nim {
        type Options = ();
        type Action = Take;
        type View = u32;
        fn info() -> GameInfo {
            GameInfo {
                id: "nim".into(),
                name: "Nim".into(),
                summary: "Take the last stick.".into(),
                min_seats: 2,
                max_seats: 2,
                default_seats: 2,
                options: vec![],
                house_content: true,
                engine_version: 1,
            }
        }
        fn setup(_: &(), _: u8, _: &mut GameRng) -> Result<Self, SetupError> {
            Ok(Nim { pile: 10, turn: 0, secret: [3, 4] })
        }
        fn pending(&self) -> Pending {
            if self.pile == 0 { Pending::Over } else { Pending::Turn { seat: self.turn } }
        }
        fn prompt(&self, seat: Seat) -> Option<Prompt> {
            (seat == self.turn && self.pile > 0).then(|| {
                Prompt::single(
                    "Take",
                    Ask::new("take", "Take").param(
                        "n",
                        "Sticks",
                        Input::Number { min: 1, max: 3.min(i64::from(self.pile)) },
                    ),
                )
            })
        }
        fn seat_count(&self) -> u8 {
            2
        }
        fn try_apply(&mut self, seat: Seat, a: &Take, _: &mut GameRng, _: &mut Vec<LogEntry>) -> Result<(), RuleError> {
            let Take::Take { n } = *a;
            if seat != self.turn || n == 0 || n > 3 || n > self.pile {
                return Err(RuleError::illegal("take", "take one to three sticks"));
            }
            self.pile -= n;
            self.turn = 1 - self.turn;
            Ok(())
        }
        fn view(&self, _: Viewer) -> u32 {
            self.pile
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.pile == 0).then(|| {
                // The one who just took the last stick is the other one now.
                let winner = 1 - self.turn;
                Outcome {
                    ranking: vec![vec![winner], vec![1 - winner]],
                    scores: vec![],
                    summary: String::new(),
                    game_winner: None,
                }
            })
        }
        fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng) {
            self.secret[usize::from(1 - viewer)] = rng.range(0, 100);
        }
        fn max_actions(_: u8) -> usize {
            100
        }
        fn bot_action(&self, _: Seat, _: &mut GameRng) -> Option<Take> {
            Some(Take::Take { n: 1 })
        }
    }

    fn take(c: &Choice<Take>) -> u32 {
        let Take::Take { n } = c.action;
        n
    }

    #[test]
    fn the_search_finds_the_winning_take_the_heuristic_misses() {
        // 10 sticks: take 2 to leave 8.
        let g = Nim::setup(&(), 2, &mut GameRng::seeded(0)).unwrap();
        let c = choose(&g, 0, 1, &Config::default(), Budget::iterations(600)).unwrap();
        assert_eq!(take(&c), 2, "{c:?}");
        assert_eq!(c.candidates, 3);
        assert_eq!(c.iterations, 600);
    }

    #[test]
    fn a_single_legal_move_is_played_without_thinking() {
        let g = Nim { pile: 1, turn: 1, secret: [0, 0] };
        let c = choose(&g, 1, 1, &Config::default(), Budget::iterations(600)).unwrap();
        assert_eq!((take(&c), c.iterations), (1, 0));
    }

    #[test]
    fn the_keep_going_closure_stops_the_search() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let g = Nim::setup(&(), 2, &mut GameRng::seeded(0)).unwrap();
        let asked = AtomicUsize::new(0);
        let keep_going = || asked.fetch_add(1, Ordering::SeqCst) + 1 < 5;
        let budget = Budget { iterations: 1_000_000, keep_going: &keep_going, threads: 1 };
        let c = choose(&g, 0, 1, &Config::default(), budget).unwrap();
        assert_eq!(c.iterations, 5);
    }

    #[test]
    fn normal_quantiles_match_the_tables() {
        for (p, z) in [(0.5, 0.0), (0.9, 1.2816), (0.95, 1.6449), (0.975, 1.96), (0.995, 2.5758), (0.9995, 3.2905)] {
            assert!((normal_quantile(p) - z).abs() < 5e-4, "{p}: {}", normal_quantile(p));
        }
    }

    fn stats(visits: u32, wins: f64) -> Stats {
        // `wins` of `visits` Bernoulli rewards.
        Stats { visits, reward: wins, square: wins }
    }

    /// A tally of paired gains: `(visits, wins, losses)` per other move,
    /// a win a gain of 1 and a loss -1, the rest 0.
    fn gains(others: &[(u32, f64, f64)]) -> Tally {
        let mut t = Tally::new(others.len() + 1);
        for (g, &(visits, wins, losses)) in t.gains.iter_mut().skip(1).zip(others) {
            *g = Stats { visits, reward: wins - losses, square: wins + losses };
        }
        t
    }

    #[test]
    fn the_heuristic_move_stays_unless_another_gains_clearly() {
        // One lucky gain, or two among eleven moves: noise, not evidence.
        assert_eq!(decide(&gains(&[(1, 1.0, 0.0), (2, 0.0, 1.0)]), true, &Config::default()), 0);
        let mut lucky = vec![(2, 2.0, 0.0)];
        lucky.extend([(1, 0.0, 0.0); 10]);
        assert_eq!(decide(&gains(&lucky), true, &Config::default()), 0);
        // Gains in 12 of 40 worlds and losses in 8: within the noise.
        assert_eq!(decide(&gains(&[(40, 12.0, 8.0)]), true, &Config::default()), 0);
        // Gains in 20 of 40 worlds and losses in 2: played.
        assert_eq!(decide(&gains(&[(40, 20.0, 2.0)]), true, &Config::default()), 1);
        // Evidence enough for one move compared is not for eleven.
        let mut many = vec![(40, 9.0, 2.0)];
        assert_eq!(decide(&gains(&many), true, &Config::default()), 1);
        many.extend([(1, 0.0, 0.0); 10]);
        assert_eq!(decide(&gains(&many), true, &Config::default()), 0);
        // Of two that pass, the one with the larger sure gain.
        assert_eq!(decide(&gains(&[(40, 20.0, 2.0), (200, 120.0, 5.0)]), true, &Config::default()), 2);
        // No heuristic move: the most visited.
        let mut t = Tally::new(2);
        t.rewards = vec![stats(4, 2.0), stats(9, 1.0)];
        assert_eq!(decide(&t, false, &Config::default()), 1);
    }

    #[test]
    fn a_short_playouts_spread_lets_small_steady_gains_count() {
        // Ten gains of about 0.05, as an evaluation a few actions on shows:
        // nothing against pseudo-observations at ±1, clear at ±0.05.
        let mut t = Tally::new(2);
        t.gains[1] = Stats { visits: 10, reward: 0.5, square: 0.0255 };
        assert_eq!(decide(&t, true, &Config::default()), 0);
        assert_eq!(decide(&t, true, &Config { spread: 0.05, ..Config::default() }), 1);
    }

    #[test]
    fn the_tuning_looks_read_each_setting() {
        let looked =
            crate::testkit::search_gains_by_setting::<Nim>(&[], &Config::default(), "5/10/0.1, 3/4/0.2/0.05", 1);
        let names: Vec<&str> = looked.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(names, ["5/10/0.1", " 3/4/0.2/0.05"]);
        assert!(looked.iter().all(|(_, g)| g.decisions == 0));
        let bad = std::panic::catch_unwind(|| {
            crate::testkit::search_gains_by_setting::<Nim>(&[], &Config::default(), "5/10", 1)
        });
        assert!(bad.is_err(), "a setting without its risk is refused");
    }

    #[test]
    fn candidates_join_the_bandit_one_by_one() {
        let at = |visits: u32| {
            let mut s = vec![Stats::default(); 12];
            s[0].visits = visits;
            widened(&s, 1.0)
        };
        assert_eq!((at(0), at(3), at(4), at(9), at(100), at(1000)), (2, 2, 3, 4, 11, 12));
        assert_eq!(widened(&[Stats::default(); 5], 0.0), 5);
        assert_eq!(widened(&[Stats::default(); 1], 1.0), 1);
    }

    #[test]
    fn threads_merge_in_order_and_repeat_exactly() {
        let g = Nim::setup(&(), 2, &mut GameRng::seeded(0)).unwrap();
        let run = |threads| choose(&g, 0, 1, &Config::default(), Budget::iterations(601).on_threads(threads)).unwrap();
        let (a, b) = (run(3), run(3));
        assert_eq!((take(&a), a.iterations, a.value.to_bits()), (take(&b), b.iterations, b.value.to_bits()));
        assert_eq!((take(&a), a.iterations), (2, 601));
        let one = |a, b| Tally { rewards: vec![a, b], gains: vec![Stats::default(), b] };
        let runs = vec![(one(stats(2, 1.0), stats(1, 0.0)), 3), (one(stats(1, 1.0), stats(4, 2.0)), 5)];
        let (merged, n) = merge(&runs, 2);
        assert_eq!((merged, n), (one(stats(3, 2.0), stats(5, 2.0)), 8));
    }

    #[test]
    fn scores_become_shares_that_sum_to_one() {
        let s = [3.0, 1.0, 1.0];
        let total: f64 = (0..3).map(|i| share_by_scores(&s, i, 1.0)).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert!(share_by_scores(&s, 0, 1.0) > 0.7 && share_by_scores(&s, 1, 100.0) > 0.33);
        assert_eq!(share_by_scores(&s, 7, 1.0), 0.0);
    }

    #[test]
    fn the_choice_does_not_depend_on_the_hidden_state() {
        let a = Nim { pile: 7, turn: 0, secret: [3, 4] };
        let b = Nim { pile: 7, turn: 0, secret: [3, 99] };
        let ca = choose(&a, 0, 9, &Config::default(), Budget::iterations(50)).unwrap();
        let cb = choose(&b, 0, 9, &Config::default(), Budget::iterations(50)).unwrap();
        assert_eq!((take(&ca), ca.value.to_bits()), (take(&cb), cb.value.to_bits()));
    }
}
