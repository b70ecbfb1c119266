//! Contract tests every game reuses (OpenSpiel's `RandomSimTest`, plus the
//! non-leak test).
//!
//! Call [`random_play`], [`non_leak`], [`offered_options_work`] and
//! [`search_sees_only_its_view`] from a
//! game's own tests with many seeds; on failure the message names the seed
//! and step so the game can be replayed to that point.

use crate::{Game, GameRng, Outcome, Seat, SeatSet, Viewer};
use serde_json::Value;

/// What a random game did, for reports and further assertions.
#[derive(Debug, Clone)]
pub struct PlayReport {
    /// Accepted actions, in order.
    pub log: Vec<(Seat, Value)>,
    /// Refused candidate actions that were probed (each checked to leave the
    /// state untouched).
    pub refused: usize,
    /// True when the game reached [`crate::Pending::Over`].
    pub finished: bool,
}

fn state_of<G: Game>(g: &G) -> Value {
    serde_json::to_value(g).expect("game state serializes")
}

/// Plays one random legal game and checks the contract at every step:
/// an awaited seat always has a legal action; every refused action leaves
/// the state untouched; the state survives a serde round-trip; the game ends
/// within `G::max_actions`; and replaying the seed and the accepted actions
/// rebuilds the final state exactly.
///
/// # Errors
/// A message naming the seed, step and broken property.
pub fn random_play<G: Game>(options: &G::Options, seats: u8, seed: u64) -> Result<PlayReport, String> {
    let mut rng = GameRng::seeded(seed);
    let mut bot = GameRng::seeded(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut g = G::setup(options, seats, &mut rng).map_err(|e| format!("seed {seed}: setup: {e}"))?;
    let start = (g.clone(), rng.clone());
    let mut log = Vec::new();
    let mut refused = 0;
    let limit = G::max_actions(seats);
    for step in 0..=limit {
        let here = |what: &str| format!("seed {seed}, step {step}: {what}");
        let before = state_of(&g);
        let back: G = serde_json::from_value(before.clone()).map_err(|e| here(&format!("deserialize: {e}")))?;
        if state_of(&back) != before {
            return Err(here("serde round-trip changed the state"));
        }
        let pending = g.pending();
        if pending.is_over() {
            if g.outcome().is_none() {
                return Err(here("game over without an outcome"));
            }
            return replay_check::<G>(start, &log, &g, seed).map(|_| PlayReport { log, refused, finished: true });
        }
        if g.outcome().is_some() {
            return Err(here("an outcome while the game is still pending"));
        }
        let awaited = pending.awaited();
        if awaited.is_empty() {
            return Err(here(&format!("nobody is awaited in {pending:?}")));
        }
        // Mostly an awaited seat; sometimes any seat that has a prompt (a
        // seat changing its sealed commit, an any-time action).
        let all: Vec<Seat> = (0..seats).collect();
        let seat = if bot.index(8) == 0 {
            let with_prompt: Vec<Seat> = all.iter().copied().filter(|s| g.prompt(*s).is_some()).collect();
            with_prompt[bot.index(with_prompt.len().max(1)).min(with_prompt.len().saturating_sub(1))]
        } else {
            let v: Vec<Seat> = awaited.iter().collect();
            v[bot.index(v.len())]
        };
        // A seat with no prompt must be refused and leave the state as it was.
        let silent: Vec<Seat> = all.iter().copied().filter(|s| g.prompt(*s).is_none()).collect();
        for other in silent {
            if let Some(p) = g.prompt(seat)
                && let Some(candidate) = p.random_action(&mut bot)
                && let Ok(a) = serde_json::from_value::<G::Action>(candidate)
            {
                let mut r2 = rng.clone();
                if g.apply(other, &a, &mut r2).is_ok() {
                    return Err(here(&format!("seat {other} has no prompt but {a:?} was accepted")));
                }
                refused += 1;
                if state_of(&g) != before {
                    return Err(here("a refused action changed the state"));
                }
            }
        }
        let Some(prompt) = g.prompt(seat) else {
            return Err(here(&format!("awaited seat {seat} has no prompt")));
        };
        distinct_option_values(&prompt)
            .and_then(|()| well_formed_follow_ups(&prompt))
            .map_err(|e| here(&format!("seat {seat}, prompt \"{}\": {e}", prompt.title)))?;
        // Probe a few raw candidates: refused ones must not change anything.
        for _ in 0..2 {
            if let Some(c) = prompt.random_action(&mut bot)
                && let Ok(a) = serde_json::from_value::<G::Action>(c)
            {
                let mut probe = g.clone();
                let mut r2 = rng.clone();
                if probe.apply(seat, &a, &mut r2).is_err() {
                    refused += 1;
                    if state_of(&probe) != before {
                        return Err(here(&format!("refused {a:?} changed the state")));
                    }
                }
            }
        }
        let action = if bot.index(2) == 0 { g.bot_action(seat, &mut bot) } else { None }
            .or_else(|| g.random_action(seat, &mut bot));
        let Some(action) = action else {
            return Err(here(&format!("seat {seat} is prompted ({}) but no legal action was found", prompt.title)));
        };
        g.apply(seat, &action, &mut rng).map_err(|e| here(&format!("chosen legal action {action:?} refused: {e}")))?;
        log.push((seat, serde_json::to_value(&action).expect("action serializes")));
    }
    Err(format!("seed {seed}: no end after {limit} actions"))
}

fn replay_check<G: Game>(start: (G, GameRng), log: &[(Seat, Value)], live: &G, seed: u64) -> Result<(), String> {
    let (mut g, mut rng) = start;
    for (i, (seat, a)) in log.iter().enumerate() {
        let a: G::Action = serde_json::from_value(a.clone()).map_err(|e| format!("seed {seed}: replay {i}: {e}"))?;
        g.apply(*seat, &a, &mut rng).map_err(|e| format!("seed {seed}: replay of action {i} refused: {e}"))?;
    }
    if state_of(&g) != state_of(live) {
        return Err(format!("seed {seed}: replaying the log gave a different state"));
    }
    Ok(())
}

/// Counts from a [`non_leak`] run.
#[derive(Debug, Default, Clone)]
pub struct LeakReport {
    /// View comparisons made.
    pub checks: usize,
    /// Comparisons where the re-deal really changed the hidden state (a
    /// test whose re-deal never changes anything proves nothing).
    pub effective: usize,
    /// Log comparisons made (both kinds, see [`non_leak`]): two worlds the
    /// viewer cannot tell apart by its views after the step.
    pub log_checks: usize,
    /// Comparisons of the re-dealt kind where the re-deal really changed the
    /// hidden state.
    pub log_effective: usize,
    /// Refusals compared: a candidate from a seat's prompt refused in the
    /// real world must be refused in the re-dealt one too, with the same
    /// rule and words (a refusal is a line the seat reads too), and one
    /// accepted in either must be accepted in both.
    pub refusal_checks: usize,
}

/// Candidates drawn from each seat's prompt per step to compare refusals.
const REFUSAL_PROBES: usize = 4;

/// The non-leak test: plays a random game and, at every step and for every
/// seat, re-deals everything that seat may not know; that seat's serialized
/// view and prompt must not change, and neither may the spectator's view;
/// a few candidates from its prompt (and its disabled asks) must be
/// accepted in both worlds or refused in both, in the same words.
///
/// The log lines of the step are checked two ways, each time comparing two
/// worlds that the viewer cannot tell apart afterwards (its views after the
/// step are equal): then the log lines it reads must be equal too.
/// * the step's action applied in the real and in the re-dealt world (same
///   generator state): a line naming another hand's card, a sealed commit or
///   a deck's order breaks this;
/// * the step's action and another legal action of the same seat, both in
///   the real world: a line naming the actor's own hidden choice (its sealed
///   bid, its Upkeep choice, a Reaction it holds back, the terms of a
///   private offer) breaks this, for every viewer but the actor. A public
///   choice passes only if the view keeps it too: a game whose log tells
///   what its views forget (an invitation answered for a Mission that then
///   does not happen) fails here until the view records it.
///
/// # Errors
/// A message naming the seed, step and seat whose view or log changed.
pub fn non_leak<G: Game>(options: &G::Options, seats: u8, seed: u64) -> Result<LeakReport, String> {
    let mut rng = GameRng::seeded(seed);
    let mut bot = GameRng::seeded(seed.wrapping_mul(31).wrapping_add(7));
    let mut g = G::setup(options, seats, &mut rng).map_err(|e| format!("setup: {e}"))?;
    let mut report = LeakReport::default();
    for step in 0..G::max_actions(seats) {
        let pending = g.pending();
        // The step's action, chosen before the checks so that its log lines
        // can be compared across worlds.
        let next = if pending.is_over() {
            None
        } else {
            let awaited: Vec<Seat> = pending.awaited().iter().collect();
            let seat = awaited[bot.index(awaited.len())];
            let Some(a) = g.random_action(seat, &mut bot) else {
                return Err(format!("seed {seed}, step {step}: no legal action for awaited seat {seat}"));
            };
            let mut after = g.clone();
            let mut r = rng.clone();
            let lines = after.apply(seat, &a, &mut r).map_err(|e| format!("seed {seed}: {e}"))?;
            // Every viewer's view of the real world after the step, built once
            // for all the comparisons below.
            let seen = Seen::of(&after, seats);
            // Another legal choice of the same seat, for the second check.
            let mut pick = GameRng::seeded(seed ^ ((step as u64) << 16) ^ 0xa17);
            let json = serde_json::to_string(&a).expect("action serializes");
            let alt = (0..8)
                .filter_map(|_| g.random_action(seat, &mut pick))
                .find(|b| serde_json::to_string(b).expect("action serializes") != json)
                .and_then(|b| {
                    let mut w = g.clone();
                    let l = w.apply(seat, &b, &mut rng.clone()).ok()?;
                    Some((w, l))
                });
            if let Some((w, alt_lines)) = &alt {
                let viewers = (0..seats).filter(|&v| v != seat).map(Viewer::Seat).chain([Viewer::Spectator]);
                for viewer in viewers {
                    report.log_checks += log_check(viewer, (seen.get(viewer), &lines), (w, alt_lines)).map_err(|(a, b)| {
                        format!(
                            "seed {seed}, step {step}: the log lines {viewer:?} reads tell seat {seat}'s choice apart, though its views do not\n  chosen:   {a:?}\n  another:  {b:?}"
                        )
                    })? as usize;
                }
            }
            Some((seat, a, after, seen, lines, r))
        };
        for v in 0..seats {
            let mut other = g.clone();
            let mut redeal = GameRng::seeded(seed ^ ((step as u64) << 8) ^ v as u64 ^ 0x5eed);
            other.redeal_hidden(v, &mut redeal);
            report.checks += 1;
            let changed = state_of(&other) != state_of(&g);
            if changed {
                report.effective += 1;
            }
            let a = serde_json::to_string(&g.view(Viewer::Seat(v))).expect("view");
            let b = serde_json::to_string(&other.view(Viewer::Seat(v))).expect("view");
            if a != b {
                return Err(format!(
                    "seed {seed}, step {step}: seat {v}'s view depends on what it may not know\n  real:     {a}\n  redealt:  {b}"
                ));
            }
            if g.prompt(v) != other.prompt(v) {
                return Err(format!("seed {seed}, step {step}: seat {v}'s prompt depends on what it may not know"));
            }
            let a = serde_json::to_string(&g.view(Viewer::Spectator)).expect("view");
            let b = serde_json::to_string(&other.view(Viewer::Spectator)).expect("view");
            if a != b {
                return Err(format!("seed {seed}, step {step}: the spectator view depends on seat {v}'s unknowns"));
            }
            if g.pending() != other.pending() {
                return Err(format!("seed {seed}, step {step}: pending depends on seat {v}'s unknowns"));
            }
            report.refusal_checks +=
                same_refusals(&g, &other, v, &rng, seed ^ ((step as u64) << 24) ^ u64::from(v) ^ 0x2ef5).map_err(
                    |e| format!("seed {seed}, step {step}: seat {v}'s refusal depends on what it may not know\n  {e}"),
                )?;
            if let Some((seat, action, _, seen, lines, _)) = &next {
                let mut other_after = other;
                let Ok(other_lines) = other_after.apply(*seat, action, &mut rng.clone()) else {
                    continue; // the action needs something the re-deal moved
                };
                for viewer in [Viewer::Seat(v), Viewer::Spectator] {
                    let checked = log_check(viewer, (seen.get(viewer), lines), (&other_after, &other_lines)).map_err(|(a, b)| {
                        format!(
                            "seed {seed}, step {step}: the log lines {viewer:?} reads depend on what seat {v} may not know\n  real:     {a:?}\n  redealt:  {b:?}"
                        )
                    })?;
                    if checked {
                        report.log_checks += 1;
                        report.log_effective += usize::from(changed);
                    }
                }
            }
        }
        let Some((_, _, after, _, _, r)) = next else { break };
        g = after;
        rng = r;
    }
    Ok(report)
}

/// Candidates from `v`'s prompt (the same in both worlds), each applied in
/// the real world `g` and the re-dealt one `other`: each must be accepted
/// in both or refused in both (else trying it would tell the seat which
/// world it is in), and refused, with the same code, rule and words.
/// Returns how many refusals were compared.
fn same_refusals<G: Game>(g: &G, other: &G, v: Seat, rng: &GameRng, seed: u64) -> Result<usize, String> {
    let Some(prompt) = g.prompt(v) else { return Ok(0) };
    let mut probe = GameRng::seeded(seed);
    let mut compared = 0;
    // Drawn from the prompt as a bot would, and one from each ask shown
    // disabled (refused by construction, its reason the seat reads).
    let mut candidates: Vec<serde_json::Value> =
        (0..REFUSAL_PROBES).filter_map(|_| prompt.random_action(&mut probe)).collect();
    candidates.extend(prompt.asks.iter().filter(|a| !a.enabled()).map(|a| a.random_action(&mut probe)));
    for candidate in candidates {
        let Ok(action) = serde_json::from_value::<G::Action>(candidate.clone()) else { continue };
        let real = g.clone().apply(v, &action, &mut rng.clone());
        let redealt = other.clone().apply(v, &action, &mut rng.clone());
        match (real, redealt) {
            (Ok(_), Ok(_)) => {}
            (Err(a), Err(b)) if (a.code, &a.rule, &a.message) == (b.code, &b.rule, &b.message) => compared += 1,
            (Err(a), Err(b)) => {
                return Err(format!(
                    "{candidate}\n  real:     {}: {}\n  redealt:  {}: {}",
                    a.rule, a.message, b.rule, b.message
                ));
            }
            // Accepted in one world only: trying it would tell the seat
            // which world it is in.
            (Ok(_), Err(e)) | (Err(e), Ok(_)) => {
                return Err(format!(
                    "{candidate} is accepted in one world and refused in the other ({}: {})",
                    e.rule, e.message
                ));
            }
        }
    }
    Ok(compared)
}

/// Every viewer's serialized view of one world: the seats', then the
/// spectator's.
struct Seen(Vec<String>);

impl Seen {
    fn of<G: Game>(g: &G, seats: u8) -> Self {
        let viewers = (0..seats).map(Viewer::Seat).chain([Viewer::Spectator]);
        Seen(viewers.map(|v| serde_json::to_string(&g.view(v)).expect("view")).collect())
    }

    fn get(&self, viewer: Viewer) -> &str {
        match viewer {
            Viewer::Seat(s) => &self.0[s as usize],
            Viewer::Spectator => self.0.last().expect("the spectator's view"),
        }
    }
}

/// Two worlds after a step (the first as `viewer` sees it), each with the
/// log lines the step wrote: when `viewer`'s views of them are equal, the
/// lines it reads must be equal. `Ok(false)`: the views differ, nothing to
/// compare; `Err`: the two readings, which differ.
fn log_check<G: Game>(
    viewer: Viewer,
    (a_view, a_lines): (&str, &[crate::LogEntry]),
    (b, b_lines): (&G, &[crate::LogEntry]),
) -> Result<bool, (Vec<String>, Vec<String>)> {
    if serde_json::to_string(&b.view(viewer)).expect("view") != a_view {
        return Ok(false);
    }
    let read =
        |ls: &[crate::LogEntry]| ls.iter().filter_map(|l| l.for_viewer(viewer).map(str::to_owned)).collect::<Vec<_>>();
    let (x, y) = (read(a_lines), read(b_lines));
    if x == y { Ok(true) } else { Err((x, y)) }
}

/// Seats `0..n` as a set (a convenience for game tests).
pub fn all_seats(n: u8) -> SeatSet {
    SeatSet::first(n)
}

/// Counts from an [`offered_options_work`] run.
#[derive(Debug, Default, Clone)]
pub struct OfferReport {
    /// Prompts checked (one per seat with a prompt, per step).
    pub prompts: usize,
    /// Enabled asks checked.
    pub asks: usize,
    /// Enabled options checked (each found accepted with some companions).
    pub options: usize,
    /// Options and asks shown disabled (never sampled; each checked to be
    /// refused).
    pub disabled: usize,
    /// `apply` calls made on copies.
    pub probes: usize,
    /// Blind asks ([`crate::Ask::blind`]: a continuous domain with no quick
    /// pick) none of whose random draws was accepted; a hand-laid value
    /// may still be, so they are counted, not failed.
    pub blind: usize,
}

/// Companion draws tried per option before it is declared unworkable.
const OFFER_TRIES: usize = 160;

/// Prompts offer only what can work: plays a random game (bounded by
/// `max_steps`) and at every step, for every seat with a prompt, for every
/// enabled ask, checks that
/// * an ask without parameters is accepted as it is;
/// * every enabled option of every `one`/`many` parameter, and of every
///   follow-up under an enabled option ([`crate::Opt::then`], with that
///   option chosen), is accepted in some action that uses it, its
///   companions (the other parameters, the follow-ups of the options
///   drawn, and the rest of a `many` choice) drawn from their domains:
///   first the fewest and lowest, then the most and highest, then at
///   random, up to [`OFFER_TRIES`] draws;
/// * an ask whose parameters have no options (numbers, hexes) is accepted
///   with some draw, unless it is blind (a `point` or `record` with no
///   quick pick, [`crate::Ask::blind`]): only a hand-laid value may work
///   there, so a blind ask never accepted is counted in
///   [`OfferReport::blind`], not failed;
/// * a `one` parameter has an enabled option and a `many` parameter enough
///   of them for its minimum (else the ask offers nothing to choose).
///
/// A disabled ask or option must carry a reason, and must be one the rules
/// refuse: a few draws of it (with companions) are all refused. An ask
/// whose parameters all have defaults (and the follow-ups of the options
/// they start on too) is accepted at its defaults (a form sent untouched
/// works).
///
/// # Errors
/// A message naming the seed, step, seat, ask, parameter and option that
/// could not be made to work, with the last refusal.
pub fn offered_options_work<G: Game>(
    options: &G::Options,
    seats: u8,
    seed: u64,
    max_steps: usize,
) -> Result<OfferReport, String> {
    offered_options_work_at::<G>(options, seats, seed, max_steps, G::info().engine_version)
}

/// [`offered_options_work`] for a match set up under an older
/// `engine_version` (a saved match still being played with the readings it
/// started with, see [`Game::setup_at_version`]).
///
/// # Errors
/// As [`offered_options_work`]; also when the game cannot set up that
/// version.
pub fn offered_options_work_at<G: Game>(
    options: &G::Options,
    seats: u8,
    seed: u64,
    max_steps: usize,
    engine_version: u32,
) -> Result<OfferReport, String> {
    let mut rng = GameRng::seeded(seed);
    let mut bot = GameRng::seeded(seed ^ 0x0ffe_12ed);
    let mut pick = GameRng::seeded(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0x5a5a);
    let mut g = G::setup_at_version(options, seats, &mut rng, engine_version)
        .map_err(|e| format!("seed {seed}: setup at version {engine_version}: {e}"))?;
    let mut report = OfferReport::default();
    for step in 0..max_steps.min(G::max_actions(seats)) {
        let pending = g.pending();
        if pending.is_over() {
            break;
        }
        for seat in 0..seats {
            let Some(prompt) = g.prompt(seat) else { continue };
            report.prompts += 1;
            check_prompt(&g, seat, &prompt, &rng, &mut pick, &mut report)
                .map_err(|e| format!("seed {seed}, step {step}, seat {seat}, prompt \"{}\": {e}", prompt.title))?;
        }
        let awaited: Vec<Seat> = pending.awaited().iter().collect();
        if awaited.is_empty() {
            return Err(format!("seed {seed}, step {step}: nobody is awaited in {pending:?}"));
        }
        let seat = awaited[bot.index(awaited.len())];
        let action = if bot.index(2) == 0 { g.bot_action(seat, &mut bot) } else { None }
            .or_else(|| g.random_action(seat, &mut bot))
            .ok_or_else(|| format!("seed {seed}, step {step}: no legal action for awaited seat {seat}"))?;
        g.apply(seat, &action, &mut rng)
            .map_err(|e| format!("seed {seed}, step {step}: chosen action refused: {e}"))?;
    }
    Ok(report)
}

fn check_prompt<G: Game>(
    g: &G,
    seat: Seat,
    prompt: &crate::Prompt,
    rng: &GameRng,
    pick: &mut GameRng,
    report: &mut OfferReport,
) -> Result<(), String> {
    if !prompt.asks.iter().any(crate::Ask::enabled) {
        return Err("the prompt offers nothing that may be taken (every ask is disabled, or there is none)".into());
    }
    distinct_option_values(prompt)?;
    well_formed_follow_ups(prompt)?;
    for ask in &prompt.asks {
        if let Some(why) = &ask.disabled {
            report.disabled += 1;
            if why.trim().is_empty() {
                return Err(format!("ask \"{}\" is disabled without a reason", ask.label));
            }
            if let Some(a) = accepted_draw(g, seat, ask, &[], rng, pick, report) {
                return Err(format!("ask \"{}\" is disabled ({why}) but {a} is accepted", ask.label));
            }
            continue;
        }
        report.asks += 1;
        // A form left at its defaults is sent as it is, and must work.
        if let Some(fields) = default_fields(&ask.params).filter(|_| !ask.params.is_empty()) {
            let candidate = ask.action_with(fields);
            let action = serde_json::from_value::<G::Action>(candidate.clone())
                .map_err(|e| format!("ask \"{}\": its defaults {candidate} do not parse: {e}", ask.label))?;
            report.probes += 1;
            g.clone()
                .apply(seat, &action, &mut rng.clone())
                .map_err(|e| format!("ask \"{}\": its defaults {candidate} are refused: {e}", ask.label))?;
        }
        let mut targets: Vec<Target> = vec![];
        options_of(&ask.params, &[], &mut targets).map_err(|e| format!("ask \"{}\", {e}", ask.label))?;
        let mut forced: Vec<&Target> = vec![];
        for t in &targets {
            match &t.disabled {
                Some(why) if why.trim().is_empty() => {
                    return Err(format!(
                        "ask \"{}\", {}: option \"{}\" is disabled without a reason",
                        ask.label, t.param, t.label
                    ));
                }
                Some(why) => {
                    report.disabled += 1;
                    if let Some(a) = accepted_draw(g, seat, ask, &t.path, rng, pick, report) {
                        return Err(format!(
                            "ask \"{}\", {}: option \"{}\" is disabled ({why}) but {a} is accepted",
                            ask.label, t.param, t.label
                        ));
                    }
                }
                None => forced.push(t),
            }
        }
        if forced.is_empty() {
            match try_ask(g, seat, ask, &[], rng, pick, report) {
                Err(_) if ask.blind() => report.blind += 1,
                r => r.map_err(|e| format!("ask \"{}\" is never accepted: {e}", ask.label))?,
            }
            continue;
        }
        for t in forced {
            report.options += 1;
            try_ask(g, seat, ask, &t.path, rng, pick, report).map_err(|e| {
                format!(
                    "ask \"{}\", {}: option \"{}\" is never accepted: {e}\n  the ask: {}",
                    ask.label,
                    t.param,
                    t.label,
                    serde_json::to_string(ask).unwrap_or_default()
                )
            })?;
        }
    }
    Ok(())
}

/// Where an option stands among an ask's parameters and the follow-ups of
/// the options above it: each step a parameter's index in its list and the
/// option's index in that parameter (the next step is among that option's
/// follow-ups).
type Path = Vec<(usize, usize)>;

/// One option to check: its path, its parameter's and its own label, and
/// why it is disabled.
struct Target {
    path: Path,
    param: String,
    label: String,
    disabled: Option<String>,
}

/// The options of `params` and, under each enabled one, of its follow-ups
/// (a disabled option's follow-ups cannot be reached); a `one` without an
/// enabled option or a `many` with too few is an error.
fn options_of(params: &[crate::Param], above: &[(usize, usize)], out: &mut Vec<Target>) -> Result<(), String> {
    use crate::Input;
    for (pi, p) in params.iter().enumerate() {
        let opts = p.input.options();
        for (oi, o) in opts.iter().enumerate() {
            let mut path = above.to_vec();
            path.push((pi, oi));
            if o.enabled() {
                options_of(&o.then, &path, out)?;
            }
            out.push(Target { path, param: p.label.clone(), label: o.label.clone(), disabled: o.disabled.clone() });
        }
        let open = opts.iter().filter(|o| o.enabled()).count();
        // A `many` counts an option as often as it may be taken.
        let room: usize = opts.iter().filter(|o| o.enabled()).map(|o| o.up_to.max(1) as usize).sum();
        let short = match &p.input {
            Input::One { .. } => open == 0,
            Input::Many { min, max, .. } => room < *min as usize || min > max,
            _ => false,
        };
        if short {
            return Err(format!("{}: nothing to choose from ({open} enabled options)", p.label));
        }
    }
    Ok(())
}

/// The fields a form left at its defaults sends: each parameter's default
/// and the defaults of the follow-ups of the option it starts on; `None`
/// when one of them has no default.
fn default_fields(params: &[crate::Param]) -> Option<Vec<(String, Value)>> {
    let mut out = Vec::new();
    for p in params {
        let v = p.default.clone()?;
        let then = p.input.chosen(&v).map(|o| o.then.as_slice()).unwrap_or_default();
        out.push((p.name.clone(), v));
        out.extend(default_fields(then)?);
    }
    Some(out)
}

/// The `k`-th draw of every parameter of `params` and of the follow-ups of
/// each option drawn, with the option at `force`'s first step (and, under
/// it, the rest of `force`) forced in.
fn draw_fields(
    params: &[crate::Param],
    k: usize,
    force: &[(usize, usize)],
    pick: &mut GameRng,
    out: &mut Vec<(String, Value)>,
) {
    for (pi, p) in params.iter().enumerate() {
        let here = force.first().filter(|f| f.0 == pi).map(|f| f.1);
        let v = companion(&p.input, k, here, pick);
        let then = p.input.chosen(&v).map(|o| o.then.as_slice()).unwrap_or_default();
        out.push((p.name.clone(), v));
        draw_fields(then, k, if here.is_some() { &force[1..] } else { &[] }, pick, out);
    }
}

/// Every option of an input names one thing: no `one`, `many` or `order`
/// input (nor a `point`'s or `record`'s quick picks) offers two options with the same value. Two copies of one card in
/// a hand are two options with two values (a client ticks an option by its
/// value, so two options sharing one would be ticked together, and a
/// choice of one copy could not be told from the other). Run by
/// [`random_play`] on every prompt it answers and by
/// [`offered_options_work`] on every prompt it checks.
///
/// # Errors
/// The ask, the parameter and the value offered twice.
pub fn distinct_option_values(prompt: &crate::Prompt) -> Result<(), String> {
    for ask in &prompt.asks {
        distinct_values_in(ask, &ask.params)?;
    }
    Ok(())
}

/// [`distinct_option_values`] for `params` and every follow-up under them.
fn distinct_values_in(ask: &crate::Ask, params: &[crate::Param]) -> Result<(), String> {
    use crate::Input;
    for p in params {
        for o in p.input.options() {
            distinct_values_in(ask, &o.then)?;
        }
        let options = match &p.input {
            Input::One { options }
            | Input::Many { options, .. }
            | Input::Order { options }
            | Input::Point { options, .. }
            | Input::Record { options, .. } => options,
            _ => continue,
        };
        let mut seen = std::collections::HashSet::new();
        for o in options {
            if !seen.insert(o.value.to_string()) {
                return Err(format!(
                    "ask \"{}\", {}: two options have the value {} (\"{}\"); each option must name one thing",
                    ask.label, p.label, o.value, o.label
                ));
            }
        }
    }
    Ok(())
}

/// A follow-up is a sub-decision of a `one`'s option: only a `one`'s
/// options carry follow-ups, and a follow-up's name is not a fixed field,
/// nor a parameter of the ask, nor a follow-up above it (the action holds
/// each once). Run where [`distinct_option_values`] is.
///
/// # Errors
/// The ask, the parameter and the option or name at fault.
pub fn well_formed_follow_ups(prompt: &crate::Prompt) -> Result<(), String> {
    for ask in &prompt.asks {
        let mut names: Vec<&str> =
            ask.fixed.keys().map(String::as_str).chain(ask.params.iter().map(|p| p.name.as_str())).collect();
        follow_ups_in(ask, &ask.params, &mut names)?;
    }
    Ok(())
}

fn follow_ups_in<'a>(ask: &crate::Ask, params: &'a [crate::Param], names: &mut Vec<&'a str>) -> Result<(), String> {
    for p in params {
        for o in p.input.options().iter().filter(|o| !o.then.is_empty()) {
            if !matches!(p.input, crate::Input::One { .. }) {
                return Err(format!(
                    "ask \"{}\", {}: option \"{}\" carries follow-ups, which only a `one`'s options may",
                    ask.label, p.label, o.label
                ));
            }
            let depth = names.len();
            for f in &o.then {
                if names.contains(&f.name.as_str()) {
                    return Err(format!(
                        "ask \"{}\", {}: option \"{}\" asks a follow-up '{}' the action already holds",
                        ask.label, p.label, o.label, f.name
                    ));
                }
                names.push(&f.name);
            }
            follow_ups_in(ask, &o.then, names)?;
            names.truncate(depth);
        }
    }
    Ok(())
}

/// Draws companions for `ask` (with the option at the path `force`
/// forced in, if any) until `apply` accepts one; the last refusal
/// otherwise.
fn try_ask<G: Game>(
    g: &G,
    seat: Seat,
    ask: &crate::Ask,
    force: &[(usize, usize)],
    rng: &GameRng,
    pick: &mut GameRng,
    report: &mut OfferReport,
) -> Result<(), String> {
    let tries = if ask.params.is_empty() { 1 } else { OFFER_TRIES };
    let mut last = String::from("no draw parsed as an action");
    let mut seen = std::collections::HashSet::new();
    for k in 0..tries {
        let mut fields = Vec::with_capacity(ask.params.len());
        draw_fields(&ask.params, k, force, pick, &mut fields);
        let candidate = ask.action_with(fields);
        if !seen.insert(candidate.to_string()) {
            continue;
        }
        let action = match serde_json::from_value::<G::Action>(candidate.clone()) {
            Ok(a) => a,
            Err(e) => {
                last = format!("{candidate} does not parse: {e}");
                continue;
            }
        };
        let mut probe = g.clone();
        report.probes += 1;
        match probe.apply(seat, &action, &mut rng.clone()) {
            Ok(_) => return Ok(()),
            Err(e) => last = format!("{candidate} refused: {e}"),
        }
    }
    Err(last)
}

/// Draws a few actions for `ask` (with the option at the path `force`
/// forced in, if any) and returns one `apply` accepts, if any: a disabled
/// ask or option must be one the rules refuse.
fn accepted_draw<G: Game>(
    g: &G,
    seat: Seat,
    ask: &crate::Ask,
    force: &[(usize, usize)],
    rng: &GameRng,
    pick: &mut GameRng,
    report: &mut OfferReport,
) -> Option<Value> {
    let tries = if ask.params.is_empty() { 1 } else { DISABLED_TRIES };
    (0..tries).find_map(|k| {
        let mut fields = Vec::with_capacity(ask.params.len());
        draw_fields(&ask.params, k, force, pick, &mut fields);
        let candidate = ask.action_with(fields);
        let action = serde_json::from_value::<G::Action>(candidate.clone()).ok()?;
        report.probes += 1;
        g.clone().apply(seat, &action, &mut rng.clone()).is_ok().then_some(candidate)
    })
}

/// Draws tried on a disabled ask or option, each of which must be refused.
const DISABLED_TRIES: usize = 8;

/// The `k`-th companion draw from `input`: the fewest and lowest first,
/// then the most and highest, then random; `force` is an option index that
/// must be (in) the value.
fn companion(input: &crate::Input, k: usize, force: Option<usize>, pick: &mut GameRng) -> Value {
    use crate::Input;
    match input {
        Input::One { options } => {
            let open: Vec<usize> = (0..options.len()).filter(|i| options[*i].enabled()).collect();
            let i = match (force, k) {
                (Some(i), _) => Some(i),
                (None, 0) => open.first().copied(),
                (None, 1) => open.last().copied(),
                (None, _) if open.is_empty() => None,
                (None, _) => Some(open[pick.index(open.len())]),
            };
            i.map_or(Value::Null, |i| options[i].value.clone())
        }
        Input::Many { options, min, max } => {
            // An option with `up_to` n stands n times among the companions
            // (once fewer when it is the forced one).
            let mut rest: Vec<usize> = (0..options.len())
                .filter(|i| options[*i].enabled())
                .flat_map(|i| std::iter::repeat_n(i, options[i].up_to.max(1) as usize - usize::from(Some(i) == force)))
                .collect();
            let have = usize::from(force.is_some());
            let hi = (*max as usize).min(rest.len() + have);
            let lo = (*min as usize).max(have).min(hi);
            let n = match k {
                0 => lo,
                1 => hi,
                _ => lo + pick.index(hi - lo + 1),
            };
            if k >= 2 {
                pick.shuffle(&mut rest);
            }
            let mut chosen: Vec<usize> =
                force.into_iter().chain(rest.into_iter().take(n.saturating_sub(have))).collect();
            chosen.sort_unstable();
            Value::Array(chosen.into_iter().map(|i| options[i].value.clone()).collect())
        }
        Input::Number { min, max } => match k {
            0 => Value::from(*min),
            1 => Value::from(*max),
            _ => input.random_value(pick),
        },
        // A continuous domain's quick pick, when forced, is itself.
        Input::Point { options, .. } | Input::Record { options, .. } if force.is_some() => {
            force.map_or(Value::Null, |i| options[i].value.clone())
        }
        _ => input.random_value(pick),
    }
}

/// What [`names_by_token`] saw.
#[derive(Debug, Default)]
pub struct NamesReport {
    /// Log lines read (public and private texts).
    pub lines: usize,
    /// Of which naming a seat by token.
    pub tokens: usize,
    /// The outcome's summary, once the game ended (it was checked too).
    pub summary: Option<String>,
}

/// One name per player: plays a random game and holds every text a reader
/// sees (prompt titles and labels, log lines, the outcome summary) to the
/// seat-token rules of [`crate::names`]: never "Seat N", no "(s)" or
/// brackets, every token renders, and "you" takes the second-person verb
/// ("you gain", never "you gains" or "you has"). `banned` adds a game's own
/// phrases that must not appear once rendered (e.g. "offer 0").
///
/// # Errors
/// The first text that breaks a rule, or a game that gets stuck.
pub fn names_by_token<G: Game>(
    options: &G::Options,
    seats: u8,
    seed: u64,
    max_steps: usize,
    banned: &[&str],
) -> Result<NamesReport, String> {
    let mut rng = GameRng::seeded(seed);
    let mut g = G::setup(options, seats, &mut rng).map_err(|e| e.to_string())?;
    let mut report = NamesReport::default();
    for _ in 0..max_steps {
        if g.pending().is_over() {
            break;
        }
        for s in 0..seats {
            if let Some(p) = g.prompt(s) {
                let mut bad = Ok(());
                prompt_texts(&serde_json::to_value(&p).map_err(|e| e.to_string())?, &mut |t| {
                    if bad.is_ok() {
                        bad = check_named(t, seats, banned);
                    }
                });
                bad?;
            }
        }
        let first = rng.index(seats as usize) as Seat;
        let Some((s, a)) =
            (0..seats).map(|i| (first + i) % seats).find_map(|s| g.random_action(s, &mut rng).map(|a| (s, a)))
        else {
            return Err(format!("stuck at {:?}", g.pending()));
        };
        for l in g.apply(s, &a, &mut rng).map_err(|e| e.to_string())? {
            for t in [&l.public, &l.private].into_iter().flatten() {
                check_named(t, seats, banned)?;
                report.lines += 1;
                report.tokens += usize::from(t.contains("{seat:"));
            }
        }
    }
    if let Some(out) = g.outcome() {
        check_named(&out.summary, seats, banned)?;
        report.summary = Some(out.summary);
    }
    Ok(report)
}

/// Every `title` and `label` in a serialized prompt.
fn prompt_texts(v: &Value, f: &mut impl FnMut(&str)) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("title" | "label", Value::String(t)) => f(t),
                    _ => prompt_texts(x, f),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| prompt_texts(x, f)),
        _ => {}
    }
}

/// One text against the seat-token rules, as three readers see it.
fn check_named(text: &str, seats: u8, banned: &[&str]) -> Result<(), String> {
    let lower = text.to_lowercase();
    for s in 0..=seats {
        if lower.contains(&format!("seat {s}")) {
            return Err(format!("'seat {s}' in: {text}"));
        }
    }
    for bad in ["(s)", "[", "]"] {
        if lower.contains(bad) {
            return Err(format!("'{bad}' in: {text}"));
        }
    }
    let names: Vec<String> = (0..seats).map(|s| format!("Name{s}")).collect();
    for reader in [None, Some(0), Some(1)] {
        let shown = crate::render_names(text, &names, reader);
        if shown.contains(['{', '}', '|']) {
            return Err(format!("an unrendered token in: {text} -> {shown}"));
        }
        for bad in banned {
            if shown.contains(bad) {
                return Err(format!("'{bad}' in: {shown}"));
            }
        }
        let words: Vec<&str> = shown.split_whitespace().collect();
        for w in words.windows(2) {
            let verb = w[1].trim_end_matches([',', '.', ';', ':']);
            let third = verb.ends_with('s') && !verb.ends_with("ss") && verb.chars().all(|c| c.is_ascii_lowercase());
            if w[0].eq_ignore_ascii_case("you") && (third || ["was"].contains(&verb)) {
                return Err(format!("'{} {}' in: {shown}", w[0], w[1]));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::distinct_option_values;
    use crate::{Ask, Input, Opt, Prompt};

    #[test]
    fn two_copies_of_a_card_need_two_values() {
        let hand = |second: &str| {
            Prompt::single(
                "Discard 1 card",
                Ask::new("discard", "Discard").param(
                    "cards",
                    "Cards",
                    Input::Many {
                        options: vec![Opt::new("double_cross", "Double Cross"), Opt::new(second, "Double Cross")],
                        min: 1,
                        max: 1,
                    },
                ),
            )
        };
        let err = distinct_option_values(&hand("double_cross")).unwrap_err();
        assert!(err.contains("\"double_cross\"") && err.contains("Cards"), "{err}");
        assert_eq!(distinct_option_values(&hand("double_cross#2")), Ok(()));
    }
}

/// Counts from a [`search_sees_only_its_view`] run.
#[derive(Debug, Default, Clone)]
pub struct SearchViewReport {
    /// Positions and seats checked.
    pub checks: usize,
    /// Of those, the ones where the re-deal changed the state (so the
    /// comparison meant something).
    pub effective: usize,
}

/// The search bot sees only its own seat's view: plays a random game (at
/// most `max_steps` steps) and at every `stride`-th step, for every awaited
/// seat, checks that
/// * the seat's re-deal is canonical: re-dealing the real state, or a
///   state already re-dealt for the seat, with the same generator gives
///   the same state (so the re-deal depends only on what the seat may
///   know; a re-deal that shuffles its pool in the order it found it
///   fails here);
/// * for a fixed internal seed, [`crate::search::choose`] chooses the same
///   move, with the same value, in the real state and in a re-dealt one
///   (on one thread or on two, by step).
///
/// # Errors
/// A message naming the seed, step and seat, and which property broke.
pub fn search_sees_only_its_view<G: Game>(
    options: &G::Options,
    seats: u8,
    seed: u64,
    max_steps: usize,
    stride: usize,
) -> Result<SearchViewReport, String> {
    let mut rng = GameRng::seeded(seed);
    let mut bot = GameRng::seeded(seed ^ 0x5ea2_c4b0);
    let mut g = G::setup(options, seats, &mut rng).map_err(|e| format!("seed {seed}: setup: {e}"))?;
    let mut report = SearchViewReport::default();
    // A small search: the property holds at any budget, and playouts are cut
    // short so that every game checks quickly.
    let config = crate::search::Config { horizon: 12, candidates: 6, ..G::search_config() };
    for step in 0..max_steps.min(G::max_actions(seats)) {
        let pending = g.pending();
        if pending.is_over() {
            break;
        }
        let awaited: Vec<Seat> = pending.awaited().iter().collect();
        if step % stride.max(1) == 0 {
            for &v in &awaited {
                let here = format!("seed {seed}, step {step}, seat {v}");
                let key = seed ^ ((step as u64) << 8) ^ u64::from(v);
                let mut other = g.clone();
                other.redeal_hidden(v, &mut GameRng::seeded(key ^ 0x0dd));
                report.checks += 1;
                report.effective += usize::from(state_of(&other) != state_of(&g));
                let (mut once, mut twice) = (g.clone(), other.clone());
                once.redeal_hidden(v, &mut GameRng::seeded(key));
                twice.redeal_hidden(v, &mut GameRng::seeded(key));
                let (x, y) = (state_of(&once), state_of(&twice));
                if x != y {
                    return Err(format!(
                        "{here}: the re-deal depends on more than the seat may know (re-dealing a re-dealt state \
                         gives another state with the same generator) at {}",
                        first_difference(&x, &y, String::new())
                    ));
                }
                // Every other check on two threads: the merge must not
                // depend on the hidden state either.
                let budget = crate::search::Budget::iterations(6).on_threads(1 + report.checks % 2);
                let a = crate::search::choose(&g, v, key, &config, budget);
                let b = crate::search::choose(&other, v, key, &config, budget);
                let show = |c: &Option<crate::search::Choice<G::Action>>| {
                    c.as_ref().map(|c| (serde_json::to_string(&c.action).ok(), c.iterations, c.value.to_bits()))
                };
                if show(&a) != show(&b) {
                    return Err(format!(
                        "{here}: the search chose differently in a re-dealt world\n  real:     {:?}\n  redealt:  {:?}",
                        show(&a),
                        show(&b)
                    ));
                }
            }
        }
        let seat = awaited[bot.index(awaited.len())];
        let Some(a) = g.random_action(seat, &mut bot) else {
            return Err(format!("seed {seed}, step {step}: no legal action for awaited seat {seat}"));
        };
        g.apply(seat, &a, &mut rng).map_err(|e| format!("seed {seed}, step {step}: {e}"))?;
    }
    Ok(report)
}

/// The JSON path of the first difference between `a` and `b`, with both
/// values there.
fn first_difference(a: &Value, b: &Value, at: String) -> String {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, v) in x {
                match y.get(k) {
                    Some(w) if v == w => {}
                    Some(w) => return first_difference(v, w, format!("{at}.{k}")),
                    None => return format!("{at}.{k}: only in the first"),
                }
            }
            format!("{at}: keys differ")
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            let i = x.iter().zip(y).position(|(v, w)| v != w).unwrap_or(0);
            first_difference(&x[i], &y[i], format!("{at}[{i}]"))
        }
        _ => format!("{at}: {a} vs {b}"),
    }
}

/// How well a game's [`Game::evaluate`] foretells the winner: from a
/// [`evaluation_calibration`] run.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Calibration {
    /// Positions and seats scored.
    pub samples: usize,
    /// The evaluation's mean squared error against the result (1 for a
    /// win, 0 otherwise): its Brier score, lower is better.
    pub brier: f64,
    /// The fair share's Brier score over the same samples: what an
    /// evaluation that knows nothing scores.
    pub fair: f64,
}

/// Plays `matches` heuristic-against-heuristic matches (match `m` from
/// seed `seed + m`, the game's bot for every seat, a random legal action
/// where it has none) and returns, for every `stride`-th position of each
/// finished match, what `read` makes of it with the match's outcome:
/// the samples an evaluation is fitted and checked on.
///
/// # Errors
/// A message naming the seed and step where a match broke.
pub fn labelled_positions<G: Game, F>(
    options: &G::Options,
    seats: u8,
    seed: u64,
    matches: u64,
    stride: usize,
    read: impl Fn(&G) -> F,
) -> Result<Vec<(F, Outcome)>, String> {
    let mut out = vec![];
    for m in 0..matches {
        let seed = seed.wrapping_add(m);
        let mut rng = GameRng::seeded(seed);
        let mut bot = GameRng::seeded(seed ^ 0xca1_1b4a);
        let mut g = G::setup(options, seats, &mut rng).map_err(|e| format!("seed {seed}: setup: {e}"))?;
        let mut seen = vec![];
        for step in 0..G::max_actions(seats) {
            let pending = g.pending();
            if pending.is_over() {
                break;
            }
            if step % stride.max(1) == 0 {
                seen.push(read(&g));
            }
            let awaited: Vec<Seat> = pending.awaited().iter().collect();
            let seat = *awaited.get(bot.index(awaited.len().max(1))).ok_or("nobody is awaited")?;
            let a = g.bot_action(seat, &mut bot).or_else(|| g.random_action(seat, &mut bot));
            let a = a.ok_or_else(|| format!("seed {seed}, step {step}: no action for seat {seat}"))?;
            if g.apply(seat, &a, &mut rng).is_err() {
                let a = g.random_action(seat, &mut bot).ok_or_else(|| format!("seed {seed}: no action"))?;
                g.apply(seat, &a, &mut rng).map_err(|e| format!("seed {seed}, step {step}: {e}"))?;
            }
        }
        if let Some(outcome) = g.outcome() {
            out.extend(seen.into_iter().map(|f| (f, outcome.clone())));
        }
    }
    Ok(out)
}

/// Scores [`Game::evaluate`] for every seat on the positions of
/// [`labelled_positions`] against the final result. An evaluation worth
/// cutting playouts with has a [`Calibration::brier`] well below
/// [`Calibration::fair`].
///
/// # Errors
/// As [`labelled_positions`], or the game has no evaluation.
pub fn evaluation_calibration<G: Game>(
    options: &G::Options,
    seats: u8,
    seed: u64,
    matches: u64,
    stride: usize,
) -> Result<Calibration, String> {
    let read = |g: &G| (0..seats).map(|s| g.evaluate(s)).collect::<Option<Vec<f64>>>();
    let positions = labelled_positions(options, seats, seed, matches, stride, read)?;
    let mut out = Calibration::default();
    let fair = 1.0 / f64::from(seats.max(1));
    for (values, outcome) in positions {
        let values = values.ok_or("the game has no evaluation")?;
        for (s, v) in (0..seats).zip(values) {
            let won = crate::search::reward(&outcome, s);
            out.samples += 1;
            out.brier += (v - won).powi(2);
            out.fair += (fair - won).powi(2);
        }
    }
    let n = out.samples.max(1) as f64;
    out.brier /= n;
    out.fair /= n;
    Ok(out)
}

/// What [`search_gains`] found over a set of decisions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Gains {
    /// Decisions with at least two candidate moves.
    pub decisions: usize,
    /// Decisions where the search left the heuristic's move.
    pub left: usize,
    /// The sum of the chosen moves' gains over the heuristic's, each
    /// measured by [`crate::search::paired_gain`] with many pairs: about
    /// the win chance the search adds over these decisions.
    pub gain: f64,
    /// Departures whose measured gain is below zero.
    pub harmful: usize,
}

/// How much a search [`crate::search::Config`] at `iterations` adds to the
/// heuristic, decision by decision: at every awaited seat of every
/// position, the search chooses, and the chosen move's gain over the
/// heuristic's is measured with `pairs` paired playouts (0 when it keeps
/// the heuristic's). A tuning yardstick far less noisy than whole matches;
/// it shares the playouts' and the evaluation's biases.
pub fn search_gains<G: Game>(
    positions: &[G],
    config: &crate::search::Config,
    iterations: usize,
    pairs: usize,
) -> Gains {
    search_gains_against(positions, config, config, iterations, pairs)
}

/// As [`search_gains`], but each departure is measured with the playouts of
/// `reference` rather than of `config`: to compare settings (a shorter
/// horizon, say) on one yardstick.
pub fn search_gains_against<G: Game>(
    positions: &[G],
    config: &crate::search::Config,
    reference: &crate::search::Config,
    iterations: usize,
    pairs: usize,
) -> Gains {
    use crate::search::{Budget, choose, paired_gain};
    let mut out = Gains::default();
    for (i, g) in positions.iter().enumerate() {
        for seat in g.pending().awaited().iter() {
            let seed = 1000 + i as u64 * 8 + u64::from(seat);
            let Some(c) = choose(g, seat, seed, config, Budget::iterations(iterations)) else { continue };
            if c.candidates < 2 {
                continue;
            }
            out.decisions += 1;
            if c.heuristic {
                continue;
            }
            out.left += 1;
            if let Some((gain, _)) = paired_gain(g, seat, seed ^ 0x5eed, reference, &c.action, pairs) {
                out.gain += gain;
                out.harmful += usize::from(gain < 0.0);
            }
        }
    }
    out
}

/// The tuning looks' loop (a game's `horizons` or `deviations` example):
/// for each comma-separated `horizon/iterations/risk[/spread]` setting in
/// `settings` (the spread `reference`'s when left out), the search's
/// departures and their gains ([`search_gains_against`]), each measured
/// with `pairs` paired playouts of `reference`.
pub fn search_gains_by_setting<G: Game>(
    positions: &[G],
    reference: &crate::search::Config,
    settings: &str,
    pairs: usize,
) -> Vec<(String, Gains)> {
    settings
        .split(',')
        .map(|setting| {
            let v: Vec<f64> = setting.split('/').filter_map(|x| x.trim().parse().ok()).collect();
            assert!(v.len() >= 3, "a setting is horizon/iterations/risk[/spread], not {setting:?}");
            let spread = v.get(3).copied().unwrap_or(reference.spread);
            let config = crate::search::Config { horizon: v[0] as usize, risk: v[2], spread, ..*reference };
            (setting.to_string(), search_gains_against(positions, &config, reference, v[1] as usize, pairs))
        })
        .collect()
}

/// What a game's `fit_evaluation` example prints: the weights fitted on
/// `rows` by [`fit_logistic`], each by its feature's name, the in-sample
/// Brier scores of the fitted chance and of the mean rate, and the weights
/// as a `WEIGHTS` line to paste into the evaluation.
pub fn report_fit(rows: &[(Vec<f64>, f64)], names: &[&str]) -> String {
    use std::fmt::Write as _;
    let w = fit_logistic(rows, 1.0);
    let mut out = format!("{} positions\n", rows.len());
    for (n, w) in names.iter().zip(&w) {
        let _ = writeln!(out, "  {n:<22} {w:+.3}");
    }
    let rate = rows.iter().map(|r| r.1).sum::<f64>() / rows.len().max(1) as f64;
    let (mut fitted, mut flat) = (0.0, 0.0);
    for (x, y) in rows {
        let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
        fitted += (1.0 / (1.0 + (-z).exp()) - y).powi(2);
        flat += (rate - y).powi(2);
    }
    let n = rows.len().max(1) as f64;
    let _ = writeln!(out, "Brier {:.4} (the mean rate {rate:.3}: {:.4})", fitted / n, flat / n);
    let list: Vec<String> = w.iter().map(|w| format!("{w:.3}")).collect();
    let _ = writeln!(out, "const WEIGHTS: [f64; FEATURES] = [{}];", list.join(", "));
    out
}

/// Weights of a logistic regression of `y` (0 to 1) on the features `x`,
/// by Newton's method with a small ridge penalty (`ridge` times the
/// squared weights, the first weight, the bias, included): what a game's
/// evaluation fits its weights with, from the positions of heuristic
/// matches. Deterministic; `x` rows all have the same length.
pub fn fit_logistic(rows: &[(Vec<f64>, f64)], ridge: f64) -> Vec<f64> {
    let k = rows.first().map_or(0, |r| r.0.len());
    let mut w = vec![0.0; k];
    for _ in 0..25 {
        // Gradient and Hessian of the penalized negative log-likelihood.
        let mut grad: Vec<f64> = w.iter().map(|wi| ridge * wi).collect();
        let mut hess = vec![vec![0.0; k]; k];
        for (i, row) in hess.iter_mut().enumerate() {
            row[i] = ridge;
        }
        for (x, y) in rows {
            let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            for i in 0..k {
                grad[i] += (p - y) * x[i];
                for j in 0..k {
                    hess[i][j] += p * (1.0 - p) * x[i] * x[j];
                }
            }
        }
        let step = solve(hess, grad);
        for (wi, s) in w.iter_mut().zip(step) {
            *wi -= s;
        }
    }
    w
}

/// `a⁻¹ b` by Gaussian elimination with partial pivoting (a symmetric
/// positive definite `a`: the ridge sees to that).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let k = b.len();
    for c in 0..k {
        let p = (c..k).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs())).unwrap_or(c);
        a.swap(c, p);
        b.swap(c, p);
        let (top, below) = a.split_at_mut(c + 1);
        let pivot = &top[c];
        for (r, row) in below.iter_mut().enumerate() {
            let f = row[c] / pivot[c];
            for (x, p) in row[c..].iter_mut().zip(&pivot[c..]) {
                *x -= f * p;
            }
            b[c + 1 + r] -= f * b[c];
        }
    }
    let mut x = vec![0.0; k];
    for c in (0..k).rev() {
        let s: f64 = (c + 1..k).map(|j| a[c][j] * x[j]).sum();
        x[c] = (b[c] - s) / a[c][c];
    }
    x
}

#[cfg(test)]
mod fit_tests {
    use super::*;

    #[test]
    fn a_logistic_fit_recovers_the_weights_it_was_made_from() {
        // y = P(1 | x) = logistic(-1 + 2x) on a grid, as fractional labels.
        let rows: Vec<(Vec<f64>, f64)> = (0..41)
            .map(|i| {
                let x = f64::from(i) / 10.0 - 2.0;
                (vec![1.0, x], 1.0 / (1.0 + (1.0 - 2.0 * x).exp()))
            })
            .collect();
        let w = fit_logistic(&rows, 1e-9);
        assert!((w[0] + 1.0).abs() < 1e-4 && (w[1] - 2.0).abs() < 1e-4, "{w:?}");
    }
}
