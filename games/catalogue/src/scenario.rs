//! Rulebook examples as data: one generic runner for every game.
//!
//! A scenario is a TOML file:
//!
//! ```toml
//! name = "Highest unique bid scores"
//! source = "Sealed Bids rules, 'Scoring'"   # where the example comes from
//! game = "sealed-bids"
//! seats = 4
//! seed = 1                      # optional (default 0)
//! engine_version = 1            # optional: set up as a match stored under
//!                               # this engine version (default: today's)
//! dice = [6, 6, 1]              # optional: dice forced before setup
//! [options]                     # optional: the game's options
//! rounds = 2
//!
//! [[order]]                     # optional: a forced deck order before setup
//! deck = "plot"
//! top = ["careful-preparations"]
//!
//! [[given]]                     # optional: set a field of the state after setup
//! pointer = "/scores/0"         # (JSON pointer into the serialized state)
//! value = 3
//!
//! [[step]]
//! seat = 0
//! action = { type = "bid", value = 5 }
//! dice = [4]                    # optional: dice forced before this action
//! expect_error = "illegal_move" # optional: the action must be refused (code)
//! expect_rule = "Bidding Dial"  # optional: ... naming this rule
//! unreachable = "why"           # optional: the prompt cannot offer this
//!                               # action, and the reason it need not
//!
//! [[step.expect]]               # checked right after this step
//! of = "view"                   # view | prompt | pending | outcome | state | log
//!                               # (log: the lines this step wrote, as the
//!                               # seat reads them, seat tokens unrendered;
//!                               # "contains" looks for a line holding the text)
//! seat = 1                      # view/prompt of this seat; no seat = spectator
//! pointer = "/committed/0"
//! equals = true                 # or: absent = true, or: contains = "text"
//!
//! [[expect]]                    # checked after the last step
//! of = "outcome"
//! pointer = "/ranking/0"
//! equals = [0]
//! ```
//!
//! The runner sets the game up with the seed, forced dice and deck orders,
//! applies the `given` fields, plays the steps (a refused step fails the
//! scenario unless it expected the refusal, and then the state must be
//! unchanged), and checks every expectation. Failures say which step and
//! which pointer.
//!
//! **Reachability.** Before an accepted step, the acting seat's prompt must
//! offer its action ([`Prompt::offers`](backroom_engine::Prompt::offers)):
//! a rule the engine plays but the table cannot ask for is a rule nobody
//! can play. A step opts out only with `unreachable = "the reason"`, e.g.
//! an action sent by an older client that the engine still accepts.

use crate::find;
use backroom_engine::{GameRng, Viewer};
use serde::Deserialize;
use serde_json::Value;
use std::path::Path;

/// A parsed scenario file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// What the example shows.
    pub name: String,
    /// Where it comes from (rulebook section, page, example name).
    #[serde(default)]
    pub source: String,
    /// Game id in the catalogue.
    pub game: String,
    /// Seat count.
    pub seats: u8,
    /// Match seed.
    #[serde(default)]
    pub seed: u64,
    /// Set up as a match stored under this engine version (today's when
    /// absent): rulebook examples written for an older flow keep it.
    #[serde(default)]
    pub engine_version: Option<u32>,
    /// Game options.
    #[serde(default)]
    pub options: Option<toml::Value>,
    /// Dice forced before setup.
    #[serde(default)]
    pub dice: Vec<u8>,
    /// Deck orders forced before setup.
    #[serde(default)]
    pub order: Vec<Order>,
    /// Fields of the state set after setup.
    #[serde(default)]
    pub given: Vec<Given>,
    /// The actions.
    #[serde(default)]
    pub step: Vec<Step>,
    /// Checks after the last step.
    #[serde(default)]
    pub expect: Vec<Expect>,
}

/// A forced deck order.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Order {
    /// Deck name, as the game calls it in `shuffle_deck`.
    pub deck: String,
    /// Keys to put on top, in order.
    pub top: Vec<String>,
}

/// A field of the state set before play.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Given {
    /// JSON pointer into the serialized state.
    pub pointer: String,
    /// The value.
    pub value: toml::Value,
}

/// One action.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// Acting seat (0-based).
    pub seat: u8,
    /// The action, as the game's JSON.
    pub action: toml::Value,
    /// Dice forced before this action.
    #[serde(default)]
    pub dice: Vec<u8>,
    /// Deck orders forced before this action.
    #[serde(default)]
    pub order: Vec<Order>,
    /// The action must be refused with this code.
    #[serde(default)]
    pub expect_error: Option<String>,
    /// ... naming this rule.
    #[serde(default)]
    pub expect_rule: Option<String>,
    /// Why this accepted action need not be one the seat's prompt offers
    /// (every other accepted step must be offered).
    #[serde(default)]
    pub unreachable: Option<String>,
    /// Checks right after this step.
    #[serde(default)]
    pub expect: Vec<Expect>,
}

/// One check.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// What to look at: view, prompt, pending, outcome or state.
    pub of: String,
    /// For view and prompt: whose (no seat = the spectator's view).
    #[serde(default)]
    pub seat: Option<u8>,
    /// JSON pointer ("" = the whole value).
    #[serde(default)]
    pub pointer: String,
    /// The value must equal this.
    #[serde(default)]
    pub equals: Option<toml::Value>,
    /// The pointer must not resolve.
    #[serde(default)]
    pub absent: bool,
    /// The value, as JSON text, must contain this.
    #[serde(default)]
    pub contains: Option<String>,
}

/// Why a scenario failed.
#[derive(Debug, thiserror::Error)]
#[error("{scenario}: {message}")]
pub struct Failure {
    /// Scenario name or file.
    pub scenario: String,
    /// What went wrong.
    pub message: String,
}

/// Reads a scenario file.
///
/// # Errors
/// The file cannot be read or is not a valid scenario.
pub fn load(path: &Path) -> Result<Scenario, Failure> {
    let fail = |m: String| Failure { scenario: path.display().to_string(), message: m };
    let text = std::fs::read_to_string(path).map_err(|e| fail(e.to_string()))?;
    toml::from_str(&text).map_err(|e| fail(e.to_string()))
}

fn json(v: &toml::Value) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// Runs one scenario.
///
/// # Errors
/// A [`Failure`] naming the step and check that failed.
pub fn run(s: &Scenario) -> Result<(), Failure> {
    let fail = |m: String| Failure { scenario: s.name.clone(), message: m };
    let game = find(&s.game).ok_or_else(|| fail(format!("no game '{}' in the catalogue", s.game)))?;
    let mut rng = GameRng::seeded(s.seed);
    rng.force_dice(s.dice.iter().copied());
    for o in &s.order {
        rng.force_order(&o.deck, o.top.clone());
    }
    let options = s.options.as_ref().map(json).unwrap_or(Value::Null);
    let mut state = match s.engine_version {
        Some(v) => game.setup_at_version(&options, s.seats, &mut rng, v),
        None => game.setup(&options, s.seats, &mut rng),
    }
    .map_err(|e| fail(format!("setup: {e}")))?;
    if !s.given.is_empty() {
        let mut v: Value = serde_json::from_str(&state.state_json()).map_err(|e| fail(e.to_string()))?;
        for g in &s.given {
            let slot = v
                .pointer_mut(&g.pointer)
                .ok_or_else(|| fail(format!("given: no field at {} in the state", g.pointer)))?;
            *slot = json(&g.value);
        }
        state = game.restore(&v.to_string()).map_err(|e| fail(format!("given: the state no longer reads: {e}")))?;
    }
    for (i, step) in s.step.iter().enumerate() {
        let n = i + 1;
        rng.force_dice(step.dice.iter().copied());
        for o in &step.order {
            rng.force_order(&o.deck, o.top.clone());
        }
        let before = state.state_json();
        let action = json(&step.action);
        if step.expect_error.is_none() && step.unreachable.is_none() {
            offered(state.as_ref(), step.seat, &action).map_err(|m| fail(format!("step {n}: {m}")))?;
        }
        let mut lines = vec![];
        match state.apply(step.seat, &action, &mut rng).map(|(log, _)| lines = log) {
            Ok(_) if step.expect_error.is_some() => {
                return Err(fail(format!(
                    "step {n}: expected a refusal ({:?}) but it was accepted",
                    step.expect_error
                )));
            }
            Ok(_) => {}
            Err(e) => {
                let Some(code) = &step.expect_error else {
                    return Err(fail(format!("step {n}: seat {} was refused: {e}", step.seat)));
                };
                if e.code.as_str() != code {
                    return Err(fail(format!("step {n}: refused with {} ({e}), expected {code}", e.code.as_str())));
                }
                if let Some(rule) = &step.expect_rule
                    && &e.rule != rule
                {
                    return Err(fail(format!("step {n}: refused under rule '{}', expected '{rule}'", e.rule)));
                }
                if state.state_json() != before {
                    return Err(fail(format!("step {n}: a refused action changed the state")));
                }
            }
        }
        for e in &step.expect {
            check(state.as_ref(), &lines, e).map_err(|m| fail(format!("after step {n}: {m}")))?;
        }
    }
    for e in &s.expect {
        check(state.as_ref(), &[], e).map_err(|m| fail(format!("at the end: {m}")))?;
    }
    Ok(())
}

/// The seat's prompt offers `action`, or why it does not.
fn offered(state: &dyn backroom_engine::erased::DynState, seat: u8, action: &Value) -> Result<(), String> {
    let prompt = state.prompt(seat).ok_or_else(|| format!("seat {seat} has no prompt, yet its action was accepted (mark it `unreachable` with a reason if that is right)"))?;
    prompt.offers(action).map_err(|e| format!("seat {seat}'s prompt does not offer {action}: {e} (the table cannot make this move; mark the step `unreachable = \"why\"` only if it need not)"))
}

fn check(
    state: &dyn backroom_engine::erased::DynState,
    log: &[backroom_engine::LogEntry],
    e: &Expect,
) -> Result<(), String> {
    let subject: Value = match e.of.as_str() {
        "log" => {
            let viewer = e.seat.map(Viewer::Seat).unwrap_or(Viewer::Spectator);
            Value::Array(
                log.iter().filter_map(|l| l.for_viewer(viewer)).map(|t| Value::String(t.to_string())).collect(),
            )
        }
        "view" => {
            let viewer = e.seat.map(Viewer::Seat).unwrap_or(Viewer::Spectator);
            serde_json::from_str(&state.view_json(viewer)).map_err(|x| x.to_string())?
        }
        "prompt" => {
            let seat = e.seat.ok_or("a prompt check needs a seat")?;
            serde_json::to_value(state.prompt(seat)).map_err(|x| x.to_string())?
        }
        "pending" => serde_json::to_value(state.pending()).map_err(|x| x.to_string())?,
        "outcome" => serde_json::to_value(state.outcome()).map_err(|x| x.to_string())?,
        "state" => serde_json::from_str(&state.state_json()).map_err(|x| x.to_string())?,
        other => return Err(format!("unknown check target '{other}'")),
    };
    let who = match e.seat {
        Some(s) => format!("{} of seat {s}", e.of),
        None => e.of.clone(),
    };
    let found = subject.pointer(&e.pointer);
    if e.absent {
        return match found {
            None | Some(Value::Null) => Ok(()),
            Some(v) => Err(format!("{who} {}: expected nothing, found {v}", e.pointer)),
        };
    }
    let found = found.ok_or_else(|| format!("{who} has nothing at '{}' (it is {subject})", e.pointer))?;
    if let Some(want) = &e.equals {
        let want = json(want);
        if !numbers_equal(found, &want) {
            return Err(format!("{who} {}: expected {want}, found {found}", e.pointer));
        }
    }
    if let Some(text) = &e.contains {
        let s = found.to_string();
        if !s.contains(text.as_str()) {
            return Err(format!("{who} {}: expected it to contain '{text}', found {s}", e.pointer));
        }
    }
    Ok(())
}

/// Equality that treats 3 and 3.0 alike (TOML integers vs JSON floats).
fn numbers_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| numbers_equal(p, q)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| numbers_equal(v, w)))
        }
        _ => a == b,
    }
}

/// Every scenario file under `dir`, sorted: the `*.toml` files that sit in
/// a folder called `scenarios` (so `games/` finds every game's scenarios
/// and skips `Cargo.toml`).
pub fn files_in(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out: Vec<_> = toml_files(dir)
        .into_iter()
        .filter(|p| p.parent().and_then(|d| d.file_name()).is_some_and(|n| n == "scenarios"))
        .collect();
    out.sort();
    out
}

fn toml_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() && p.file_name().is_some_and(|n| n != "target" && n != "node_modules") {
                out.extend(toml_files(&p));
            } else if p.extension().is_some_and(|x| x == "toml") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
