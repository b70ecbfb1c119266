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
//!   search's own generator, never the match's;
//! * **simultaneous and out-of-turn steps**: whenever several seats are
//!   awaited (sealed commits, reaction windows, negotiation) the playout
//!   lets one of them, chosen at random, act by the policy, as a table does;
//! * **truncated playouts**: after [`Config::horizon`] actions the playout
//!   stops and scores the world with [`Game::evaluate`] where the game
//!   supplies one, else with the seat's fair share;
//! * **a budget the caller holds**: an iteration cap and a "keep going"
//!   closure asked before every iteration. The engine reads no clock; a
//!   server passes a closure over a deadline, tests pass iteration counts.
//!
//! The tree is one level deep (a bandit over the root's moves with policy
//! playouts below): a rollout improvement of the heuristic, which by
//! construction plays at least as well as the policy it rolls out, given
//! enough iterations.

use crate::{Game, GameRng, Outcome, Seat};

/// How hard to think.
#[derive(Clone, Copy)]
pub struct Budget<'a> {
    /// At most this many iterations.
    pub iterations: usize,
    /// Asked before every iteration; the search stops once it answers
    /// `false` (a deadline, a cancel). At least one iteration always runs.
    pub keep_going: &'a dyn Fn() -> bool,
}

impl Budget<'_> {
    /// A budget of `iterations` iterations and no other limit.
    pub fn iterations(iterations: usize) -> Budget<'static> {
        Budget { iterations, keep_going: &|| true }
    }
}

/// The search's knobs; [`Config::default`] is what the server plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Playout actions after which a world is scored by
    /// [`Game::evaluate`] (or the fair share) instead of played out.
    pub horizon: usize,
    /// Distinct candidate moves tried at the root, the heuristic's first.
    pub candidates: usize,
    /// UCB1's exploration constant.
    pub exploration: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config { horizon: 2_000, candidates: 12, exploration: 0.7 }
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
}

/// One root move and its statistics.
struct Arm<A> {
    action: A,
    visits: u32,
    reward: f64,
}

/// The move `seat` should play in `state`, by information-set Monte Carlo
/// search within `budget`; `None` when the seat has no legal move.
///
/// For a fixed `seed`, the result depends only on what `seat` may know:
/// the root is re-dealt for `seat` before anything else is read.
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
    let mut arms = candidates(&root, seat, config.candidates, &mut rng);
    let candidates = arms.len();
    if candidates <= 1 {
        let arm = arms.pop()?;
        return Some(Choice { action: arm.action, iterations: 0, candidates, value: 0.0 });
    }
    let mut iterations = 0;
    while iterations < budget.iterations && (iterations == 0 || (budget.keep_going)()) {
        iterations += 1;
        let mut world = root.clone();
        world.redeal_hidden(seat, &mut rng);
        let Some((arm, after)) = select(&world, seat, &arms, config.exploration, &mut rng) else { continue };
        let reward = playout(after, seat, config.horizon, &mut rng);
        arms[arm].visits += 1;
        arms[arm].reward += reward;
    }
    let best = (0..arms.len()).max_by(|&a, &b| {
        let (x, y) = (&arms[a], &arms[b]);
        x.visits.cmp(&y.visits).then(mean(x).total_cmp(&mean(y))).then(b.cmp(&a))
    })?;
    let arm = arms.swap_remove(best);
    let value = mean(&arm);
    Some(Choice { action: arm.action, iterations, candidates, value })
}

fn mean<A>(arm: &Arm<A>) -> f64 {
    if arm.visits == 0 { 0.0 } else { arm.reward / f64::from(arm.visits) }
}

/// The root's candidate moves: the heuristic's choice first, then distinct
/// samples of the seat's prompt, each accepted in the (re-dealt) root.
fn candidates<G: Game>(root: &G, seat: Seat, wanted: usize, rng: &mut GameRng) -> Vec<Arm<G::Action>> {
    let mut arms: Vec<Arm<G::Action>> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    // Legality is probed with a throw-away generator: the root's accepting
    // a move must not depend on a draw.
    let probe = GameRng::seeded(0);
    let mut offer = |a: G::Action, arms: &mut Vec<Arm<G::Action>>| {
        let Ok(key) = serde_json::to_string(&a) else { return };
        if seen.contains(&key) || root.clone().apply(seat, &a, &mut probe.clone()).is_err() {
            return;
        }
        seen.push(key);
        arms.push(Arm { action: a, visits: 0, reward: 0.0 });
    };
    if let Some(a) = root.bot_action(seat, &mut rng.clone()) {
        offer(a, &mut arms);
    }
    // A prompt with one answer yields the same sample again and again: stop
    // after a run of repeats rather than sample the whole allowance.
    let mut misses = 0;
    while arms.len() < wanted.max(1) && misses < 2 * wanted.max(1) {
        let Some(a) = root.random_action(seat, rng) else { break };
        let before = arms.len();
        offer(a, &mut arms);
        misses += usize::from(arms.len() == before);
    }
    arms
}

/// The root move for this world by UCB1 among the moves it accepts (a move
/// may need something the re-deal moved), applied: its index and the world
/// after it. Unvisited moves come first, in order.
fn select<G: Game>(world: &G, seat: Seat, arms: &[Arm<G::Action>], c: f64, rng: &mut GameRng) -> Option<(usize, G)> {
    let total: f64 = arms.iter().map(|a| f64::from(a.visits)).sum::<f64>().max(1.0);
    let score = |a: &Arm<G::Action>| {
        if a.visits == 0 { f64::INFINITY } else { mean(a) + c * (total.ln() / f64::from(a.visits)).sqrt() }
    };
    let mut order: Vec<usize> = (0..arms.len()).collect();
    order.sort_by(|&a, &b| score(&arms[b]).total_cmp(&score(&arms[a])).then(a.cmp(&b)));
    for i in order {
        let mut after = world.clone();
        if after.apply(seat, &arms[i].action, rng).is_ok() {
            return Some((i, after));
        }
    }
    None
}

/// Plays `world` out by the policy for at most `horizon` actions and scores
/// it for `seat`.
fn playout<G: Game>(mut world: G, seat: Seat, horizon: usize, rng: &mut GameRng) -> f64 {
    let seats = world.seat_count();
    for _ in 0..horizon {
        let pending = world.pending();
        if pending.is_over() {
            return world.outcome().map_or(0.0, |o| reward(&o, seat));
        }
        let awaited: Vec<Seat> = pending.awaited().iter().collect();
        if awaited.is_empty() {
            break;
        }
        let actor = awaited[rng.index(awaited.len())];
        let smart = world.bot_action(actor, rng);
        let played = smart.is_some_and(|a| world.apply(actor, &a, rng).is_ok());
        if !played {
            let Some(a) = world.random_action(actor, rng) else { break };
            if world.apply(actor, &a, rng).is_err() {
                break;
            }
        }
    }
    if let Some(o) = world.outcome() {
        return reward(&o, seat);
    }
    world.evaluate(seat).map_or(1.0 / f64::from(seats.max(1)), |v| v.clamp(0.0, 1.0))
}

/// A seat's reward for an outcome: a win is 1, a first place shared by `k`
/// seats `1/k`, anything else (the game itself winning included) 0, as the
/// arena scores.
pub fn reward(outcome: &Outcome, seat: Seat) -> f64 {
    let first = outcome.winners();
    if first.contains(&seat) { 1.0 / first.len() as f64 } else { 0.0 }
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
        let g = Nim::setup(&(), 2, &mut GameRng::seeded(0)).unwrap();
        let asked = std::cell::Cell::new(0);
        let keep_going = || {
            asked.set(asked.get() + 1);
            asked.get() < 5
        };
        let c =
            choose(&g, 0, 1, &Config::default(), Budget { iterations: 1_000_000, keep_going: &keep_going }).unwrap();
        assert_eq!(c.iterations, 5);
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
