//! Typed prompts: every decision a seat may take, in a shape a generic
//! client can render as controls and a bot can sample from.
//!
//! A [`Prompt`] is a list of alternative [`Ask`]s ("play an Event", "pass",
//! "set your bidding dial"). Each ask names the action's `type` (its verb),
//! carries fixed fields, and lists the [`Param`]s still to be chosen, each
//! with a typed [`Input`] domain: one of several options, several of them,
//! a number in a range, a real number, an order, a hex, a point on a
//! battlefield, a record of such fields, or short free text. The answer is
//! the action itself:
//! `{"type": verb, ...fixed, param_name: chosen_value, ...}`; the engine
//! validates it like any other action, so a prompt never has to be exact
//! about combinations (e.g. "these two cards together cost too much"): it
//! must only never omit a legal action.
//!
//! A continuous choice (where a base ends, a movement tool laid by hand) is
//! a `point` or a `record` of fields (the tool, its direction and bend, the
//! end point), each field with its own domain: any value within the domain
//! is offered, and the engine judges the rest. The game's ready-made values
//! (a grid of points, a few straight and bent plans) ride along as the
//! domain's `options`, quick picks for a table to draw and a bot to
//! sample, never the only values offered.
//!
//! It must not offer what cannot work either. An ask or an option the rules
//! would refuse for a reason the seat can already see (a cost above what it
//! holds, no legal target) is left out, or kept and marked `disabled` with
//! the reason and the price ("costs 5 Hope; you have 4"), so that a player
//! learns why before clicking. Sampling never picks a disabled ask or
//! option, and the testkit's `offered_options_work` check holds every
//! enabled option of every prompt to being accepted with some legal
//! companions. A parameter may carry a `default`, the value a client starts
//! from, so that a form never starts by throwing away something of the
//! player's.
//!
//! A decision built from parts is asked part by part, never as the cross
//! product of its parts: a `many` of the parts, each option carrying its
//! [`Fact`]s (a unit's cost, influence, attack) and, when the same part may
//! be taken more than once, its `up_to`; then the next parameter (how to
//! pay). The generic client (`web-client/prompt.js`) draws facts beside an
//! option and a stepper for an option taken up to n times.
//!
//! A choice whose parts depend on the first pick (a card, then that card's
//! target; a skill, then what that skill needs) is a sub-decision that
//! follows the first choice, with a way back: an option of a `one` may
//! carry follow-up parameters ([`Opt::then`]), asked only once that option
//! is chosen. Their values are fields of the action beside the
//! parameter's own (`{"type": "play", "card": "stupor", "token": 7}`), so
//! two options may each ask a follow-up of the same name. The client shows
//! the first choice, then its follow-ups with a "Back" that returns to the
//! first choice without sending anything. Sampling, [`Prompt::only_answer`],
//! reachability ([`Prompt::offers`]) and the testkit follow the chosen
//! option's follow-ups as they follow the ask's parameters.

use crate::GameRng;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// What one seat may do now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Prompt {
    /// A one-line human summary, e.g. "Round 3: set your bidding dial".
    pub title: String,
    /// The alternatives; the seat answers exactly one of them.
    pub asks: Vec<Ask>,
}

/// One kind of action a seat may take, with the parameters still to choose.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ask {
    /// The action's `type`, e.g. `"bid"`.
    pub verb: String,
    /// Button text, e.g. "Lock in your bid".
    pub label: String,
    /// Fields copied into the action as they are.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub fixed: Map<String, Value>,
    /// Fields the seat must choose.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<Param>,
    /// Why this ask cannot be taken now, when it is shown anyway (the
    /// reason names the price, e.g. "costs 5 Plot Points; you have 4").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disabled: Option<String>,
    /// An any-time ask (Villains' deals): offered whether or not the game
    /// waits for the seat, and besides its real decision when it does, so
    /// it neither counts as a choice for [`Prompt::only_answer`] nor is
    /// sampled by [`Prompt::random_action`] while there is anything else.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub any_time: bool,
}

/// One field of an action and the domain it is chosen from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Param {
    /// The field name in the action.
    pub name: String,
    /// What to show next to the control.
    pub label: String,
    /// The domain.
    pub input: Input,
    /// The value a client's control starts from, when not empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
}

/// A labelled option.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Opt {
    /// The value placed in the action when chosen.
    pub value: Value,
    /// What the seat reads.
    pub label: String,
    /// Why this option cannot be chosen now, when it is shown anyway.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disabled: Option<String>,
    /// What the option is, shown beside its label (a unit's cost,
    /// influence, attack and toughness), so that a choice built from parts
    /// is made from the parts' facts, not from bare names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub facts: Vec<Fact>,
    /// In a `many`, how many times this option may be chosen (its value
    /// then stands that many times in the list): two goons from one
    /// reserve. Once when unset.
    #[serde(default = "once", skip_serializing_if = "is_once")]
    pub up_to: u32,
    /// In a `one`, the parameters asked only once this option is chosen
    /// (the targets of the card chosen), each a field of the action beside
    /// the option's own. Asked in order, after the option and before the
    /// ask's next parameter; a follow-up's options may carry their own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub then: Vec<Param>,
}

/// One fact about an option: `Cost 2`, `Influence 1`, `Attack 5 5`.
/// A number stays a number, so that a client may add facts up (the price
/// of the units chosen so far).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fact {
    /// What the fact is, e.g. "Cost".
    pub label: String,
    /// Its value, a number or short text.
    pub value: Value,
}

fn once() -> u32 {
    1
}

#[allow(clippy::trivially_copy_pass_by_ref, reason = "serde's skip_serializing_if passes a reference")]
fn is_once(n: &u32) -> bool {
    *n <= 1
}

impl Opt {
    /// An option whose value is `value` and whose label is `label`.
    pub fn new(value: impl Into<Value>, label: impl Into<String>) -> Self {
        Opt { value: value.into(), label: label.into(), disabled: None, facts: Vec::new(), up_to: 1, then: Vec::new() }
    }

    /// The same option with one more follow-up parameter, asked once the
    /// option is chosen.
    #[must_use]
    pub fn then(mut self, name: &str, label: impl Into<String>, input: Input) -> Self {
        self.then.push(Param { name: name.to_string(), label: label.into(), input, default: None });
        self
    }

    /// Sets the value the last follow-up's control starts from.
    #[must_use]
    pub fn then_default(mut self, value: impl Into<Value>) -> Self {
        if let Some(p) = self.then.last_mut() {
            p.default = Some(value.into());
        }
        self
    }

    /// The same option with one more fact shown beside it.
    #[must_use]
    pub fn fact(mut self, label: impl Into<String>, value: impl Into<Value>) -> Self {
        self.facts.push(Fact { label: label.into(), value: value.into() });
        self
    }

    /// The same option, which a `many` lets be chosen up to `n` times.
    #[must_use]
    pub fn up_to(mut self, n: u32) -> Self {
        self.up_to = n.max(1);
        self
    }

    /// The same option, shown disabled for `reason` when `refused` holds.
    #[must_use]
    pub fn disabled_if(mut self, refused: bool, reason: impl FnOnce() -> String) -> Self {
        if refused {
            self.disabled = Some(reason());
        }
        self
    }

    /// True unless the option is shown disabled.
    pub fn enabled(&self) -> bool {
        self.disabled.is_none()
    }
}

/// The domain of a parameter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Input {
    /// Exactly one of the options.
    One {
        /// The options.
        options: Vec<Opt>,
    },
    /// Between `min` and `max` options, given as a list of values; each
    /// option at most once, or up to its `up_to` times (its value repeated).
    Many {
        /// The options.
        options: Vec<Opt>,
        /// Fewest to choose.
        min: u32,
        /// Most to choose.
        max: u32,
    },
    /// An integer in `min..=max`.
    Number {
        /// Lowest legal value.
        min: i64,
        /// Highest legal value.
        max: i64,
    },
    /// Every option exactly once, in the order chosen.
    Order {
        /// The items to order.
        options: Vec<Opt>,
    },
    /// A hex of a board, given as `[q, r]` axial coordinates.
    Hex {
        /// The hexes that may be chosen.
        cells: Vec<[i32; 2]>,
    },
    /// A point `[x, y]` on a continuous board, in the game's units: any
    /// point within the bounds may be sent (the engine judges the rest).
    Point {
        /// Lowest x.
        min_x: f64,
        /// Lowest y.
        min_y: f64,
        /// Highest x.
        max_x: f64,
        /// Highest y.
        max_y: f64,
        /// Ready-made points (a grid along a deployment edge), drawn as
        /// quick picks; they are not the only points offered.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        options: Vec<Opt>,
    },
    /// A real number in `min..=max`, fractions allowed (an angle in
    /// degrees).
    Real {
        /// Lowest legal value.
        min: f64,
        /// Highest legal value.
        max: f64,
    },
    /// An object of named fields, each chosen from its own domain: a
    /// continuous choice made of parts, such as a movement plan (the tool,
    /// its direction and bend, where the base ends). Any object whose every
    /// field holds a value from its domain may be sent; the engine judges
    /// how the parts go together.
    Record {
        /// The fields, by name, each with its label and domain.
        fields: Vec<Param>,
        /// Ready-made whole values (the plans a game lays out for a
        /// mover), drawn as quick picks; they are not the only values
        /// offered.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        options: Vec<Opt>,
    },
    /// Short free text (e.g. a note attached to a request).
    Text {
        /// Longest accepted length in characters.
        max_len: u32,
    },
}

impl Prompt {
    /// A prompt with one ask.
    pub fn single(title: impl Into<String>, ask: Ask) -> Self {
        Prompt { title: title.into(), asks: vec![ask] }
    }

    /// The one action this prompt allows when there is nothing to decide:
    /// exactly one enabled ask, each of whose parameters has exactly one
    /// possible value (a `one` with a single enabled option). `None` when
    /// the seat has a real choice. A server may answer such a prompt for a
    /// player who asked it to ("pass for me when I cannot respond").
    pub fn only_answer(&self) -> Option<Value> {
        let mut open = self.asks.iter().filter(|a| a.enabled() && !a.any_time);
        let ask = open.next()?;
        if open.next().is_some() {
            return None;
        }
        let mut fields = Vec::with_capacity(ask.params.len());
        only_values(&ask.params, &mut fields)?;
        Some(ask.action_with(fields))
    }

    /// Builds a uniformly random action: a random ask (an any-time ask only
    /// when there is no other, a blind ask only when there is nothing but
    /// blind asks), then a random value for each parameter. Returns `None`
    /// for a prompt with no asks.
    ///
    /// The result is a *candidate*: the engine still validates it, and bots
    /// retry when a combination is illegal. A blind ask ([`Ask::blind`]) is
    /// offered so that a person can lay what the game could not foresee (a
    /// hemmed-in character's move by hand); drawn at random it is almost
    /// always refused, so it is left out while anything else is open, and a
    /// prompt without blind asks draws exactly as it always did.
    pub fn random_action(&self, rng: &mut GameRng) -> Option<Value> {
        let mut open: Vec<&Ask> = self.asks.iter().filter(|a| a.enabled() && !a.any_time && !a.blind()).collect();
        if open.is_empty() {
            open = self.asks.iter().filter(|a| a.enabled() && !a.any_time).collect();
        }
        if open.is_empty() {
            open = self.asks.iter().filter(|a| a.enabled()).collect();
        }
        if open.is_empty() {
            return None;
        }
        let ask = open[rng.index(open.len())];
        Some(ask.random_action(rng))
    }
}

/// The one value of each of `params` (and of the follow-ups of the option
/// it leaves), or `None` when any of them leaves a choice.
fn only_values(params: &[Param], fields: &mut Vec<(String, Value)>) -> Option<()> {
    for p in params {
        let Input::One { options } = &p.input else { return None };
        let mut enabled = options.iter().filter(|o| o.enabled());
        let only = enabled.next()?;
        if enabled.next().is_some() {
            return None;
        }
        fields.push((p.name.clone(), only.value.clone()));
        only_values(&only.then, fields)?;
    }
    Some(())
}

impl Ask {
    /// An ask with no parameters.
    pub fn new(verb: impl Into<String>, label: impl Into<String>) -> Self {
        Ask {
            verb: verb.into(),
            label: label.into(),
            fixed: Map::new(),
            params: Vec::new(),
            disabled: None,
            any_time: false,
        }
    }

    /// The same ask, shown disabled for `reason` when `refused` holds.
    #[must_use]
    pub fn disabled_if(mut self, refused: bool, reason: impl FnOnce() -> String) -> Self {
        if refused {
            self.disabled = Some(reason());
        }
        self
    }

    /// The same ask, marked as an any-time ask.
    #[must_use]
    pub fn at_any_time(mut self) -> Self {
        self.any_time = true;
        self
    }

    /// True unless the ask is shown disabled.
    pub fn enabled(&self) -> bool {
        self.disabled.is_none()
    }

    /// True when some parameter is a continuous domain (`point` or
    /// `record`) with no enabled quick pick: the game offers the whole
    /// domain because a hand-laid value may be legal, but has no value it
    /// knows to work (a character hemmed in so that none of the ready-made
    /// plans fits). See [`Prompt::random_action`].
    pub fn blind(&self) -> bool {
        self.params.iter().any(|p| {
            matches!(p.input, Input::Point { .. } | Input::Record { .. }) && !p.input.options().iter().any(Opt::enabled)
        })
    }

    /// Sets the value the last parameter's control starts from.
    #[must_use]
    pub fn default_to(mut self, value: impl Into<Value>) -> Self {
        if let Some(p) = self.params.last_mut() {
            p.default = Some(value.into());
        }
        self
    }

    /// Adds a fixed field.
    pub fn with(mut self, name: &str, value: impl Into<Value>) -> Self {
        self.fixed.insert(name.to_string(), value.into());
        self
    }

    /// Adds a parameter.
    pub fn param(mut self, name: &str, label: impl Into<String>, input: Input) -> Self {
        self.params.push(Param { name: name.to_string(), label: label.into(), input, default: None });
        self
    }

    /// The action for these parameter values (in `params` order; no
    /// follow-ups).
    pub fn action(&self, values: Vec<Value>) -> Value {
        self.action_with(self.params.iter().map(|p| p.name.clone()).zip(values).collect())
    }

    /// The action for these fields: the parameters' and the chosen
    /// options' follow-ups', by name.
    pub fn action_with(&self, fields: Vec<(String, Value)>) -> Value {
        let mut m = Map::with_capacity(1 + self.fixed.len() + fields.len());
        m.insert("type".to_string(), Value::String(self.verb.clone()));
        for (k, v) in &self.fixed {
            m.insert(k.clone(), v.clone());
        }
        for (k, v) in fields {
            m.insert(k, v);
        }
        Value::Object(m)
    }

    /// A uniformly random action for this ask: a random value for each
    /// parameter, then for each follow-up of the options chosen.
    pub fn random_action(&self, rng: &mut GameRng) -> Value {
        let mut fields = Vec::with_capacity(self.params.len());
        random_fields(&self.params, rng, &mut fields);
        self.action_with(fields)
    }
}

/// A random value for each of `params` and, depth first, for the
/// follow-ups of each option chosen.
fn random_fields(params: &[Param], rng: &mut GameRng, fields: &mut Vec<(String, Value)>) {
    for p in params {
        let v = p.input.random_value(rng);
        let then = p.input.chosen(&v).map(|o| o.then.as_slice()).unwrap_or_default();
        fields.push((p.name.clone(), v));
        random_fields(then, rng, fields);
    }
}

impl Input {
    /// The options of a `one` or `many` parameter, or the quick picks of a
    /// `point` or `record` (none for other kinds).
    pub fn options(&self) -> &[Opt] {
        match self {
            Input::One { options }
            | Input::Many { options, .. }
            | Input::Point { options, .. }
            | Input::Record { options, .. } => options,
            _ => &[],
        }
    }

    /// The option of a `one` whose value is `v`: the one whose follow-ups
    /// are asked next. `None` for other kinds.
    pub fn chosen(&self, v: &Value) -> Option<&Opt> {
        match self {
            Input::One { options } => options.iter().find(|o| o.value == *v),
            _ => None,
        }
    }

    /// A uniformly random value from this domain (never a disabled option).
    pub fn random_value(&self, rng: &mut GameRng) -> Value {
        match self {
            Input::One { options } => {
                let open: Vec<&Opt> = options.iter().filter(|o| o.enabled()).collect();
                if open.is_empty() { Value::Null } else { open[rng.index(open.len())].value.clone() }
            }
            Input::Many { options, min, max } => {
                let open: Vec<usize> = (0..options.len())
                    .filter(|i| options[*i].enabled())
                    .flat_map(|i| std::iter::repeat_n(i, options[i].up_to.max(1) as usize))
                    .collect();
                let hi = (*max as usize).min(open.len());
                let lo = (*min as usize).min(hi);
                let n = lo + rng.index(hi - lo + 1);
                let mut idx = open;
                rng.shuffle(&mut idx);
                let mut chosen: Vec<usize> = idx.into_iter().take(n).collect();
                chosen.sort_unstable();
                Value::Array(chosen.into_iter().map(|i| options[i].value.clone()).collect())
            }
            Input::Number { min, max } => {
                let span = (max - min).max(0) as u64;
                let off = if span == 0 { 0 } else { rng.index(span as usize + 1) as i64 };
                Value::from(min + off)
            }
            Input::Order { options } => {
                let mut vals: Vec<Value> = options.iter().map(|o| o.value.clone()).collect();
                rng.shuffle(&mut vals);
                Value::Array(vals)
            }
            Input::Hex { cells } => {
                if cells.is_empty() {
                    Value::Null
                } else {
                    let c = cells[rng.index(cells.len())];
                    serde_json::json!([c[0], c[1]])
                }
            }
            // A continuous domain with quick picks samples them (a legal
            // point a bot can rely on), else anywhere in the domain.
            Input::Point { options, .. } | Input::Record { options, .. } if options.iter().any(Opt::enabled) => {
                let open: Vec<&Opt> = options.iter().filter(|o| o.enabled()).collect();
                open[rng.index(open.len())].value.clone()
            }
            Input::Point { min_x, min_y, max_x, max_y, .. } => {
                let fx = rng.range(0, 1000) as f64 / 1000.0;
                let fy = rng.range(0, 1000) as f64 / 1000.0;
                serde_json::json!([min_x + (max_x - min_x) * fx, min_y + (max_y - min_y) * fy])
            }
            Input::Real { min, max } => serde_json::json!(min + (max - min) * (rng.range(0, 1000) as f64 / 1000.0)),
            Input::Record { fields, .. } => {
                Value::Object(fields.iter().map(|f| (f.name.clone(), f.input.random_value(rng))).collect())
            }
            Input::Text { .. } => Value::String(String::new()),
        }
    }
}

#[cfg(test)]
mod only_answer_tests {
    use super::*;

    #[test]
    fn only_answer_is_the_one_thing_left_to_do() {
        let react = Ask::new("react", "Play a Reaction").disabled_if(true, || "costs 3 Plot Points; you have 1".into());
        let pass = Ask::new("decline", "Pass");
        let p = Prompt { title: "Cancel?".into(), asks: vec![react.clone(), pass.clone()] };
        assert_eq!(p.only_answer(), Some(serde_json::json!({"type": "decline"})));
        let open = Prompt { title: "Cancel?".into(), asks: vec![Ask { disabled: None, ..react }, pass] };
        assert_eq!(open.only_answer(), None, "a real choice");
        let one = Ask::new("pick", "Pick").param(
            "card",
            "Card",
            Input::One { options: vec![Opt::new("a", "A"), Opt::new("b", "B").disabled_if(true, || "no".into())] },
        );
        assert_eq!(Prompt::single("t", one).only_answer(), Some(serde_json::json!({"type": "pick", "card": "a"})));
        let number = Ask::new("bid", "Bid").param("value", "Bid", Input::Number { min: 0, max: 3 });
        assert_eq!(Prompt::single("t", number).only_answer(), None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampling_never_picks_a_disabled_ask_or_option() {
        let opts = || {
            vec![
                Opt::new(1, "one"),
                Opt::new(2, "two").disabled_if(true, || "costs 5 Hope; you have 4".into()),
                Opt::new(3, "three"),
            ]
        };
        let prompt = Prompt {
            title: "t".into(),
            asks: vec![
                Ask::new("a", "A").param("x", "X", Input::One { options: opts() }).param(
                    "y",
                    "Y",
                    Input::Many { options: opts(), min: 0, max: 3 },
                ),
                Ask::new("b", "B").disabled_if(true, || "nothing to choose".into()),
            ],
        };
        let mut rng = GameRng::seeded(1);
        for _ in 0..200 {
            let a = prompt.random_action(&mut rng).unwrap();
            assert_eq!(a["type"], "a");
            assert_ne!(a["x"], 2);
            assert!(!a["y"].as_array().unwrap().contains(&Value::from(2)));
        }
    }

    #[test]
    fn facts_and_up_to_travel_and_sampling_repeats_an_option_at_most_up_to() {
        let goon = Opt::new("goon", "Goon").fact("Cost", 1).fact("Attack", "5").up_to(2);
        let v = serde_json::to_value(&goon).unwrap();
        assert_eq!(v["facts"][0], serde_json::json!({"label": "Cost", "value": 1}));
        assert_eq!(v["up_to"], 2);
        assert!(!serde_json::to_string(&Opt::new(1, "one")).unwrap().contains("up_to"));
        assert_eq!(serde_json::from_value::<Opt>(serde_json::json!({"value": 1, "label": "one"})).unwrap().up_to, 1);
        let ask = Ask::new("deploy", "Deploy").param(
            "units",
            "Units",
            Input::Many { options: vec![goon, Opt::new("mole", "Mole")], min: 1, max: 3 },
        );
        let p = Prompt::single("t", ask);
        let mut rng = GameRng::seeded(3);
        let mut twice = false;
        for _ in 0..200 {
            let a = p.random_action(&mut rng).unwrap();
            let units = a["units"].as_array().unwrap();
            let goons = units.iter().filter(|u| *u == "goon").count();
            assert!(goons <= 2 && units.iter().filter(|u| *u == "mole").count() <= 1, "{a}");
            twice |= goons == 2;
            assert_eq!(p.offers(&a), Ok(()), "{a}");
        }
        assert!(twice, "an option with up_to 2 is sometimes chosen twice");
        assert!(p.offers(&serde_json::json!({"type": "deploy", "units": ["goon", "goon", "goon"]})).is_err());
    }

    /// A card, then that card's target: Stupor asks for a token, Windfall
    /// for nothing.
    fn card_then_target() -> Prompt {
        let stupor = Opt::new("stupor", "Stupor").then(
            "token",
            "Token",
            Input::One { options: vec![Opt::new(7, "Token 7"), Opt::new(9, "Token 9")] },
        );
        let ask = Ask::new("play", "Play a card")
            .param("card", "Card", Input::One { options: vec![stupor, Opt::new("windfall", "Windfall")] })
            .param("energy", "Energy", Input::Number { min: 0, max: 2 });
        Prompt::single("t", ask)
    }

    #[test]
    fn follow_ups_are_sampled_only_for_the_option_chosen_and_travel_only_when_set() {
        let p = card_then_target();
        let mut rng = GameRng::seeded(5);
        let (mut with, mut without) = (0, 0);
        for _ in 0..100 {
            let a = p.random_action(&mut rng).unwrap();
            assert_eq!(p.offers(&a), Ok(()), "{a}");
            if a["card"] == "stupor" {
                assert!(a["token"] == 7 || a["token"] == 9, "{a}");
                with += 1;
            } else {
                assert!(a.get("token").is_none(), "{a}");
                without += 1;
            }
        }
        assert!(with > 0 && without > 0);
        let v = serde_json::to_value(&p).unwrap();
        assert_eq!(v["asks"][0]["params"][0]["input"]["options"][0]["then"][0]["name"], "token");
        assert!(v["asks"][0]["params"][0]["input"]["options"][1].get("then").is_none());
        assert_eq!(serde_json::from_value::<Prompt>(v).unwrap(), p);
    }

    #[test]
    fn only_answer_follows_the_one_option_into_its_follow_ups() {
        let ask = |tokens: Vec<Opt>| {
            let stupor = Opt::new("stupor", "Stupor").then("token", "Token", Input::One { options: tokens });
            Prompt::single("t", Ask::new("play", "Play").param("card", "Card", Input::One { options: vec![stupor] }))
        };
        assert_eq!(
            ask(vec![Opt::new(7, "Token 7")]).only_answer(),
            Some(serde_json::json!({"type": "play", "card": "stupor", "token": 7}))
        );
        assert_eq!(
            ask(vec![Opt::new(7, "Token 7"), Opt::new(9, "Token 9")]).only_answer(),
            None,
            "the follow-up is a real choice"
        );
    }

    #[test]
    fn disabled_and_default_are_left_out_of_the_wire_when_unset() {
        let ask = Ask::new("a", "A").param("x", "X", Input::One { options: vec![Opt::new(1, "one")] });
        let text = serde_json::to_string(&ask).unwrap();
        assert!(!text.contains("disabled") && !text.contains("default"), "{text}");
        let ask = ask.default_to(1).disabled_if(true, || "costs 5 Hope; you have 4".into());
        let v = serde_json::to_value(&ask).unwrap();
        assert_eq!(v["params"][0]["default"], 1);
        assert_eq!(v["disabled"], "costs 5 Hope; you have 4");
        assert_eq!(serde_json::from_value::<Ask>(v).unwrap(), ask);
    }

    #[test]
    fn a_blind_ask_is_drawn_only_when_nothing_else_is_open() {
        let field = |picks: Vec<Opt>| Input::Point { min_x: 0.0, min_y: 0.0, max_x: 10.0, max_y: 10.0, options: picks };
        let hemmed = Ask::new("advance", "Move").param("to", "Where", field(vec![]));
        let placed = Ask::new("advance", "Move").param(
            "to",
            "Where",
            field(vec![Opt::new(serde_json::json!([1.0, 1.0]), "here")]),
        );
        assert!(hemmed.blind() && !placed.blind(), "a continuous domain without a quick pick is blind");
        let end = Ask::new("end_activation", "End the activation");
        let with = Prompt { title: "t".into(), asks: vec![hemmed.clone(), end.clone()] };
        let without = Prompt { title: "t".into(), asks: vec![end] };
        let (mut a, mut b) = (GameRng::seeded(9), GameRng::seeded(9));
        for _ in 0..50 {
            assert_eq!(with.random_action(&mut a), without.random_action(&mut b), "the blind ask changes no draw");
        }
        let alone = Prompt { title: "t".into(), asks: vec![hemmed] };
        assert_eq!(
            alone.random_action(&mut a).and_then(|v| v.get("type").cloned()),
            Some(serde_json::json!("advance"))
        );
    }
}
