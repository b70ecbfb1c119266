//! The continuous choices of the prompts: where a base or token goes, a
//! movement tool laid by hand, a superpower's point and direction.
//!
//! The rules take any point on the table and any plan whose tool bends at
//! most 90° at its pivot (README, rulings 3, 6, 8 and 19); the prompt must
//! never omit a legal action (issue 29). So each such parameter is the
//! whole continuous domain (a `point` on the table; a `record` of the
//! plan's parts: tool, climb, angle, bend, end point), and the bounded
//! sets of ready-made points and plans that the table draws and the bot
//! samples ride along as its quick picks. The engine judges the rest, with
//! a refusal that names the rule.

use crate::content::Tool;
use crate::rules::movement::Mover;
use crate::state::Crisis;
use backroom_engine::{Input, Opt, Param};

fn field(name: &str, label: &str, input: Input) -> Param {
    Param { name: name.into(), label: label.into(), input, default: None }
}

/// Any point on the table, `picks` as quick picks.
pub fn table_point(g: &Crisis, picks: Vec<Opt>) -> Input {
    let t = g.geo().table_inches;
    Input::Point { min_x: 0.0, min_y: 0.0, max_x: t, max_y: t, options: picks }
}

/// A direction in degrees (0 = +x), either way round.
fn angle() -> Input {
    Input::Real { min: -360.0, max: 360.0 }
}

/// A movement plan laid by hand: the tools this mover may take (Speed,
/// Slow, a token forbidding the L tool), advance or climb, the tool's
/// direction and its bend at the pivot, and where the base ends; the
/// candidate plans as quick picks.
pub fn plan(g: &Crisis, mv: &Mover<'_>, picks: Vec<Opt>) -> Input {
    let geo = g.geo();
    let tools = Tool::ALL
        .into_iter()
        .filter(|t| *t <= mv.speed && !(mv.slow && *t != Tool::S) && !(mv.no_long && *t == Tool::L))
        .map(|t| Opt::new(serde_json::json!(t), format!("{t:?} tool, {}\"", t.length(geo))))
        .collect();
    let climb = vec![Opt::new(false, "Advance"), Opt::new(true, "Climb (S tool, movement Size 5)")];
    Input::Record {
        fields: vec![
            field("tool", "Movement tool", Input::One { options: tools }),
            field("climb", "Advance or climb", Input::One { options: climb }),
            field("angle", "Direction the tool leaves the base, degrees (0 = +x)", angle()),
            field("bend", "Bend at the pivot, degrees", Input::Real { min: -90.0, max: 90.0 }),
            field("to", "Where the base ends (touching the tool)", table_point(g, Vec::new())),
        ],
        options: picks,
    }
}

/// A superpower's or card's choice: `one` of `picks` when none of them
/// names a point or a direction, else a `record` of the fields they name,
/// each over its whole domain (every character, attack, piece or token;
/// any point on the table; any direction), `picks` as quick picks.
pub fn choice(g: &Crisis, model: Option<usize>, picks: Vec<Opt>) -> Input {
    let continuous = |o: &Opt| o.value.get("point").is_some() || o.value.get("angle").is_some();
    let Some(shape) = picks.iter().find(|o| continuous(o)).and_then(|o| o.value.as_object()) else {
        return Input::One { options: picks };
    };
    let mut names: Vec<&str> = shape.keys().map(String::as_str).collect();
    for o in picks.iter().filter(|o| continuous(o)) {
        for k in o.value.as_object().into_iter().flat_map(|m| m.keys()) {
            if !names.contains(&k.as_str()) {
                names.push(k);
            }
        }
    }
    let fields = names.into_iter().filter_map(|k| domain(g, model, k)).collect();
    Input::Record { fields, options: picks }
}

/// A choice that names a point alone (Place, Transform) when no
/// ready-made point fits: any point on the table, no quick pick (a blind
/// ask, laid by hand); `None` unless `point_alone` holds. A choice that
/// names a character, a piece or a direction besides is not offered blind:
/// its ready-made directions cover every target in reach (ruling 28).
pub fn point_alone(g: &Crisis, point_alone: bool) -> Option<Input> {
    point_alone.then(|| Input::Record {
        fields: vec![field("point", "Point", table_point(g, Vec::new()))],
        options: Vec::new(),
    })
}

/// The whole domain of one field of a choice.
fn domain(g: &Crisis, model: Option<usize>, name: &str) -> Option<Param> {
    let each = |n: usize, label: &dyn Fn(usize) -> String| Input::One {
        options: (0..n).map(|i| Opt::new(i, label(i))).collect(),
    };
    Some(match name {
        "point" => field("point", "Point", table_point(g, Vec::new())),
        "angle" => field("angle", "Direction, degrees (0 = +x)", angle()),
        "target" => field("target", "Character", each(g.models.len(), &|i| g.models[i].card().name.clone())),
        "attack" => {
            let attacks = model.map(|m| g.models[m].card().sides.healthy.attacks.clone()).unwrap_or_default();
            field("attack", "Attack", each(attacks.len(), &|i| attacks[i].name.clone()))
        }
        "piece" => field(
            "piece",
            "Piece of terrain",
            each(g.terrain_spec().len(), &|i| crate::rules::common::piece_name(g, i)),
        ),
        "token" => field(
            "token",
            "Token",
            each(g.tokens.len(), &|i| {
                format!("{} token {}", g.crisis_card(g.tokens[i].crisis).name, g.tokens[i].index + 1)
            }),
        ),
        // PowerChoice has no other field (its serde denies unknown ones).
        _ => return None,
    })
}
