//! Reachability: could this prompt have produced this action?
//!
//! A player can only do what the table offers, and the table only offers
//! what the seat's [`Prompt`] lists. So an action the engine accepts but no
//! prompt could produce is a rule nobody can play from the table (a move of
//! some, not all, of an area's units; a deploy that mixes the reserve with a
//! re-deployed unit). The scenario runner asks [`Prompt::offers`] of every
//! accepted step, which turns every rulebook example into proof that its
//! rule can be played by tapping.
//!
//! An action is offered when one enabled ask has its verb and fixed fields,
//! every parameter holds a value from its domain (an enabled option; a set
//! of distinct enabled options within the bounds; a number in range; every
//! option once, in any order; an offered hex; a point within the bounds or
//! a real number in range, quick picks or not; a record whose every field
//! holds a value from its own domain; text short enough), every follow-up
//! of each option chosen holds a value from its own domain
//! ([`crate::Opt::then`]), and nothing else is in it.

use crate::prompt::{Ask, Input, Param, Prompt};
use serde_json::Value;

impl Prompt {
    /// `Ok` when some enabled ask of this prompt produces `action`; else
    /// why not, for the ask with the same verb that came closest (or that
    /// no ask has the verb).
    ///
    /// # Errors
    /// A sentence naming the field and the domain it missed.
    pub fn offers(&self, action: &Value) -> Result<(), String> {
        let verb = action.get("type").and_then(Value::as_str).ok_or("the action has no type")?;
        // The reason kept is the closest miss: an ask whose fixed fields
        // match says more than one that is about something else.
        let mut why: Option<(bool, String)> = None;
        for ask in self.asks.iter().filter(|a| a.verb == verb) {
            let fixed_match = ask.fixed_match(action);
            let reason = match (&ask.disabled, ask.offers(action)) {
                (None, Ok(())) => return Ok(()),
                (Some(reason), _) => format!("'{}' is offered disabled: {reason}", ask.label),
                (None, Err(e)) => format!("'{}': {e}", ask.label),
            };
            if why.as_ref().is_none_or(|(closer, _)| fixed_match && !closer) {
                why = Some((fixed_match, reason));
            }
        }
        Err(why
            .map(|(_, r)| r)
            .unwrap_or_else(|| format!("no ask of the prompt '{}' has the verb '{verb}'", self.title)))
    }
}

impl Ask {
    fn fixed_match(&self, action: &Value) -> bool {
        self.fixed.iter().all(|(k, v)| action.get(k).is_some_and(|got| same(got, v)))
    }

    fn offers(&self, action: &Value) -> Result<(), String> {
        let fields = action.as_object().ok_or("the action is not an object")?;
        for (k, v) in &self.fixed {
            match fields.get(k) {
                Some(got) if same(got, v) => {}
                Some(got) => return Err(format!("field '{k}' is {got}, the ask fixes {v}")),
                None => return Err(format!("field '{k}' (fixed to {v}) is missing")),
            }
        }
        let mut filled: Vec<&str> = Vec::with_capacity(fields.len());
        params_hold(&self.params, fields, &mut filled, "parameter")?;
        let extra: Vec<&String> = fields
            .keys()
            .filter(|k| k.as_str() != "type" && !self.fixed.contains_key(*k) && !filled.contains(&k.as_str()))
            .collect();
        if extra.is_empty() { Ok(()) } else { Err(format!("fields the ask never fills: {extra:?}")) }
    }
}

/// Whether each of `params` has a value from its domain in `fields`, and
/// the follow-ups of each option chosen theirs; the names filled are
/// added to `filled`.
fn params_hold<'a>(
    params: &'a [Param],
    fields: &serde_json::Map<String, Value>,
    filled: &mut Vec<&'a str>,
    what: &str,
) -> Result<(), String> {
    for p in params {
        let got = fields.get(&p.name).ok_or_else(|| format!("{what} '{}' is missing", p.name))?;
        p.input.holds(got).map_err(|e| format!("{what} '{}': {e}", p.name))?;
        filled.push(&p.name);
        if let Some(o) = p.input.options().iter().find(|o| matches!(p.input, Input::One { .. }) && same(&o.value, got))
        {
            params_hold(&o.then, fields, filled, &format!("follow-up of '{}'", o.label))?;
        }
    }
    Ok(())
}

impl Input {
    /// Whether `v` is a value this domain offers.
    fn holds(&self, v: &Value) -> Result<(), String> {
        let enabled = |x: &Value| self.options().iter().any(|o| o.enabled() && same(&o.value, x));
        match self {
            Input::One { .. } => {
                if enabled(v) {
                    Ok(())
                } else {
                    Err(format!("{v} is not an enabled option"))
                }
            }
            Input::Many { min, max, .. } => {
                let list = v.as_array().ok_or_else(|| format!("{v} is not a list"))?;
                if list.len() < *min as usize || list.len() > *max as usize {
                    return Err(format!("{} chosen, the prompt takes {min} to {max}", list.len()));
                }
                for (i, x) in list.iter().enumerate() {
                    if !enabled(x) {
                        return Err(format!("{x} is not an enabled option"));
                    }
                    let most = self.options().iter().find(|o| same(&o.value, x)).map_or(1, |o| o.up_to.max(1)) as usize;
                    if list[..i].iter().filter(|y| same(x, y)).count() >= most {
                        return Err(if most == 1 {
                            format!("{x} is chosen twice")
                        } else {
                            format!("{x} is chosen more than {most} times")
                        });
                    }
                }
                Ok(())
            }
            Input::Number { min, max } => match v.as_f64() {
                Some(n) if n.fract() == 0.0 && n >= *min as f64 && n <= *max as f64 => Ok(()),
                _ => Err(format!("{v} is not a whole number in {min}..={max}")),
            },
            Input::Order { options } => {
                let list = v.as_array().ok_or_else(|| format!("{v} is not a list"))?;
                let each_once = list.len() == options.len()
                    && options.iter().all(|o| list.iter().filter(|x| same(x, &o.value)).count() == 1);
                if each_once { Ok(()) } else { Err(format!("{v} does not order every option exactly once")) }
            }
            Input::Hex { cells } => {
                let at = |i: usize| v.get(i).and_then(Value::as_i64);
                match (at(0), at(1)) {
                    (Some(q), Some(r)) if cells.iter().any(|c| i64::from(c[0]) == q && i64::from(c[1]) == r) => Ok(()),
                    _ => Err(format!("{v} is not an offered hex")),
                }
            }
            // A continuous domain offers its quick picks and every other
            // value within it; a quick pick shown disabled is refused.
            Input::Point { .. } | Input::Record { .. }
                if self.options().iter().any(|o| !o.enabled() && same(&o.value, v)) =>
            {
                Err(format!("{v} is offered disabled"))
            }
            Input::Point { min_x, min_y, max_x, max_y, .. } => {
                let at = |i: usize| v.get(i).and_then(Value::as_f64);
                match (at(0), at(1)) {
                    (Some(x), Some(y))
                        if v.as_array().is_some_and(|a| a.len() == 2)
                            && (*min_x..=*max_x).contains(&x)
                            && (*min_y..=*max_y).contains(&y) =>
                    {
                        Ok(())
                    }
                    _ => Err(format!("{v} is not a point in x {min_x}..={max_x}, y {min_y}..={max_y}")),
                }
            }
            Input::Real { min, max } => match v.as_f64() {
                Some(n) if (*min..=*max).contains(&n) => Ok(()),
                _ => Err(format!("{v} is not a number in {min}..={max}")),
            },
            Input::Record { fields, .. } => {
                if enabled(v) {
                    return Ok(());
                }
                let got = v.as_object().ok_or_else(|| format!("{v} is not a record of {}", names(fields)))?;
                for f in fields {
                    let x = got.get(&f.name).ok_or_else(|| format!("field '{}' is missing", f.name))?;
                    f.input.holds(x).map_err(|e| format!("field '{}': {e}", f.name))?;
                }
                match got.keys().find(|k| !fields.iter().any(|f| &f.name == *k)) {
                    Some(k) => Err(format!("field '{k}' is not one of {}", names(fields))),
                    None => Ok(()),
                }
            }
            Input::Text { max_len } => match v.as_str() {
                Some(s) if s.chars().count() <= *max_len as usize => Ok(()),
                _ => Err(format!("{v} is not text of at most {max_len} characters")),
            },
        }
    }
}

/// A record's field names, for a refusal.
fn names(fields: &[crate::prompt::Param]) -> String {
    fields.iter().map(|f| f.name.as_str()).collect::<Vec<_>>().join(", ")
}

/// JSON equality that treats 3 and 3.0 alike (scenario files are TOML).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use crate::{Ask, Input, Opt, Prompt};
    use serde_json::json;

    fn prompt() -> Prompt {
        let cards =
            || vec![Opt::new("a", "A"), Opt::new("b", "B"), Opt::new("c", "C").disabled_if(true, || "costs 9".into())];
        Prompt {
            title: "Your turn".into(),
            asks: vec![
                Ask::new("play", "Play").with("from", "hand").param("card", "Card", Input::One { options: cards() }),
                Ask::new("discard", "Discard").param(
                    "cards",
                    "Cards",
                    Input::Many { options: cards(), min: 1, max: 2 },
                ),
                Ask::new("bid", "Bid").param("value", "Bid", Input::Number { min: 0, max: 5 }),
                Ask::new("pass", "Pass").disabled_if(true, || "you must play".into()),
            ],
        }
    }

    #[test]
    fn what_the_controls_can_send_is_offered() {
        let p = prompt();
        assert_eq!(p.offers(&json!({"type": "play", "from": "hand", "card": "a"})), Ok(()));
        assert_eq!(p.offers(&json!({"type": "discard", "cards": ["b", "a"]})), Ok(()));
        assert_eq!(p.offers(&json!({"type": "bid", "value": 5.0})), Ok(()));
    }

    #[test]
    fn a_follow_up_is_offered_only_with_the_option_that_asks_it() {
        let stupor =
            Opt::new("stupor", "Stupor").then("token", "Token", Input::One { options: vec![Opt::new(7, "Token 7")] });
        let p = Prompt::single(
            "t",
            Ask::new("play", "Play").param(
                "card",
                "Card",
                Input::One { options: vec![stupor, Opt::new("windfall", "Windfall")] },
            ),
        );
        assert_eq!(p.offers(&json!({"type": "play", "card": "stupor", "token": 7})), Ok(()));
        assert_eq!(p.offers(&json!({"type": "play", "card": "windfall"})), Ok(()));
        assert!(
            p.offers(&json!({"type": "play", "card": "stupor"}))
                .unwrap_err()
                .contains("follow-up of 'Stupor' 'token' is missing")
        );
        assert!(
            p.offers(&json!({"type": "play", "card": "stupor", "token": 8}))
                .unwrap_err()
                .contains("not an enabled option")
        );
        assert!(
            p.offers(&json!({"type": "play", "card": "windfall", "token": 7})).unwrap_err().contains("never fills")
        );
    }

    #[test]
    fn anything_else_is_not_and_says_why() {
        let p = prompt();
        let no = |a| p.offers(&a).unwrap_err();
        assert!(no(json!({"type": "play", "from": "hand", "card": "c"})).contains("not an enabled option"));
        assert!(no(json!({"type": "play", "from": "deck", "card": "a"})).contains("'from'"));
        assert!(no(json!({"type": "play", "from": "hand", "card": "a", "x": 1})).contains("never fills"));
        assert!(no(json!({"type": "discard", "cards": ["a", "a"]})).contains("twice"));
        assert!(no(json!({"type": "discard", "cards": []})).contains("takes 1 to 2"));
        assert!(no(json!({"type": "bid", "value": 6})).contains("0..=5"));
        assert!(no(json!({"type": "pass"})).contains("disabled: you must play"));
        assert!(no(json!({"type": "fly"})).contains("no ask"));
    }

    /// A movement plan: any tool laid anywhere within the domain, the
    /// ready-made plans among them, a disabled quick pick refused.
    #[test]
    fn a_continuous_choice_offers_every_value_within_its_domain() {
        use crate::Param;
        let field = |name: &str, input| Param { name: name.into(), label: name.into(), input, default: None };
        let plan = Input::Record {
            fields: vec![
                field("tool", Input::One { options: vec![Opt::new("S", "S"), Opt::new("M", "M")] }),
                field("angle", Input::Real { min: -360.0, max: 360.0 }),
                field("to", Input::Point { min_x: 0.0, min_y: 0.0, max_x: 36.0, max_y: 36.0, options: vec![] }),
            ],
            options: vec![
                Opt::new(json!({"tool": "S", "angle": 0.0, "to": [5, 5]}), "S east"),
                Opt::new(json!({"tool": "L", "angle": 0.0, "to": [9, 5]}), "L east"),
                Opt::new(json!({"tool": "M", "angle": 90.0, "to": [5, 9]}), "M north")
                    .disabled_if(true, || "a wall".into()),
            ],
        };
        let at = Input::Point {
            min_x: 0.0,
            min_y: 0.0,
            max_x: 36.0,
            max_y: 3.0,
            options: vec![Opt::new(json!([1.5, 1.5]), "a grid point")],
        };
        let p =
            Prompt::single("Move", Ask::new("advance", "Move").param("plan", "Plan", plan).param("at", "Where", at));
        let ok = |plan: serde_json::Value, at: serde_json::Value| {
            p.offers(&json!({"type": "advance", "plan": plan, "at": at}))
        };
        assert_eq!(ok(json!({"tool": "M", "angle": 12.5, "to": [7.25, 3.0]}), json!([20.125, 2.5])), Ok(()));
        assert_eq!(
            ok(json!({"tool": "L", "angle": 0.0, "to": [9, 5]}), json!([1.5, 1.5])),
            Ok(()),
            "a quick pick outside the fields"
        );
        let no = |plan, at| ok(plan, at).unwrap_err();
        assert!(no(json!({"tool": "M", "angle": 90.0, "to": [5, 9]}), json!([1, 1])).contains("offered disabled"));
        assert!(no(json!({"tool": "L", "angle": 5.0, "to": [9, 5]}), json!([1, 1])).contains("field 'tool'"));
        assert!(no(json!({"tool": "S", "angle": 400.0, "to": [9, 5]}), json!([1, 1])).contains("-360..=360"));
        assert!(no(json!({"tool": "S", "angle": 0.0}), json!([1, 1])).contains("field 'to' is missing"));
        assert!(
            no(json!({"tool": "S", "angle": 0.0, "to": [1, 1], "bend": 5}), json!([1, 1]))
                .contains("field 'bend' is not one of")
        );
        assert!(no(json!({"tool": "S", "angle": 0.0, "to": [1, 1]}), json!([1, 4])).contains("not a point in"));
        assert!(no(json!({"tool": "S", "angle": 0.0, "to": [1, 1]}), json!([1, 1, 1])).contains("not a point in"));
        // Sampling takes the enabled quick picks when there are some.
        let mut rng = crate::GameRng::seeded(3);
        for _ in 0..20 {
            let a = p.random_action(&mut rng).unwrap();
            assert_eq!(p.offers(&a), Ok(()), "{a}");
            assert_ne!(a["plan"]["tool"], "M", "{a}");
            assert_eq!(a["at"], json!([1.5, 1.5]));
        }
    }
}
