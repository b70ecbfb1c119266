//! The Activation phase prompts: a queued reaction (Overwatch, a dodge,
//! Last Stand, a dropped token), a beam's target order, the modify step, a
//! target's reaction window, else the turn's activation with its actions
//! (moves, attacks, superpowers, Team Tactic cards, interactions), each
//! offered through the rules' own checks.

use super::{free, one};
use crate::content::cards::TacticEffect;
use crate::content::{Condition, Power, content};
use crate::rules::activation::interact_refusal;
use crate::rules::common::{action_refusal, move_refusal, with_mover};
use crate::rules::movement;
use crate::rules::targeting::target_refusal;
use crate::state::Crisis;
use backroom_engine::{Ask, Input, Opt, Prompt, Seat};
use serde_json::json;

/// The Activation phase: a queued reaction, an attack's ordering, modify step or reaction window, else the turn.
pub fn activation_phase_prompt(g: &Crisis, seat: Seat) -> Option<Prompt> {
    if let Some(r) = g.reactions.first() {
        if crate::rules::reactions::reaction_seat(g, r) != seat {
            return None;
        }
        if let crate::state::Reaction::PlaceToken { token, .. } = r {
            let opts = crate::rules::reactions::place_points(g)
                .into_iter()
                .map(|p| Opt::new(json!(p), format!("at {:.1}, {:.1}", p[0], p[1])))
                .collect();
            let card = g.crisis_card(g.tokens[*token].crisis);
            let ask = Ask::new("place_token", format!("Place {} token {}", card.name, g.tokens[*token].index + 1))
                .with("token", *token)
                .param("at", "Where", free::table_point(g, opts));
            return Some(Prompt::single("Place the dropped token within R2 of its holder", ask));
        }
        let (title, keys) = crate::rules::reactions::queued_options(g).unwrap_or_default();
        let opts: Vec<Opt> = keys.into_iter().map(|(key, label)| Opt::new(key, label)).collect();
        let mut asks = vec![Ask::new("react", "Decline")];
        if !opts.is_empty() {
            asks.insert(0, Ask::new("react", "React").param("with", "Reaction", one(opts)));
        }
        if let crate::state::Reaction::Dodge { dice, by, sources, .. } = r
            && crate::versions::v7(g)
        {
            // Engine version 7: the dodge's rerolls are chosen die by
            // die, in the order the player likes.
            let by = if by.len() == dice.len() { by.clone() } else { vec![Vec::new(); dice.len()] };
            let rerolls = reroll_asks(dice, &by, sources);
            let at = asks.len() - 1;
            asks.splice(at..at, rerolls);
            asks.last_mut().expect("Decline").label = "Keep the dice".into();
            return Some(Prompt { title: format!("{title} Dodge roll {}", crate::rules::dice::show(dice)), asks });
        }
        return Some(Prompt { title, asks });
    }
    if let Some(p) = g.pending_attack.as_ref().filter(|p| p.ordering) {
        return (g.models[p.attacker].owner == seat).then(|| order_prompt(g, p));
    }
    if let Some(s) = crate::rules::attack::modify_seat(g) {
        return (s == seat).then(|| modify_prompt(g));
    }
    if let Some(p) = &g.pending_attack
        && let Some(t) = p.window()
    {
        if g.models[t].owner != seat {
            return None;
        }
        let keys = if p.after.is_some() {
            crate::rules::reactive::counters(g, t)
        } else {
            crate::rules::reactive::available(g, t, &p.used)
        };
        let opts: Vec<Opt> = keys.into_iter().map(|(key, label)| Opt::new(key, label)).collect();
        let mut asks = vec![Ask::new("react", "Decline")];
        if !opts.is_empty() {
            asks.insert(0, Ask::new("react", "React").param("with", "Reaction", one(opts)));
        }
        return Some(Prompt { title: format!("{} is targeted: react?", g.models[t].card().name), asks });
    }
    (g.turn == seat).then(|| activation_prompt(g, seat))
}

/// A beam's or area's enemies in range, ordered by the attacker.
fn order_prompt(g: &Crisis, p: &crate::state::PendingAttack) -> Prompt {
    let atk = &g.models[p.attacker].card().sides.healthy.attacks[p.attack];
    let opts = p
        .queue
        .iter()
        .filter(|&&t| Some(t) != p.first)
        .map(|&t| Opt::new(t, g.models[t].card().name.clone()))
        .collect();
    let title = match p.first {
        Some(f) => format!(
            "{}: {} is attacked first (the named target); choose the order of the others",
            atk.name,
            g.models[f].card().name
        ),
        None => format!("{}: choose the order in which the targets are attacked", atk.name),
    };
    Prompt::single(
        title,
        Ask::new("order_targets", "Attack in this order").param(
            "order",
            "Targets, the first attacked first",
            Input::Order { options: opts },
        ),
    )
}

/// The modify step (engine version 6): one ask per reroll ability left,
/// its dice to choose (a failure, or a die it has rerolled, disabled with
/// the reason), and keeping the dice.
fn modify_prompt(g: &Crisis) -> Prompt {
    let p = g.pending_attack.as_ref().expect("a modify step is open");
    let m = p.modify.as_ref().expect("a modify step is open");
    let (dice, by, side) =
        if m.defender { (&m.defense_dice, &m.defense_by, "defense") } else { (&m.attack_dice, &m.attack_by, "attack") };
    let mut asks = reroll_asks(dice, by, &m.sources);
    asks.push(Ask::new("reroll", "Keep the dice"));
    let title = format!(
        "Modify your {side} dice: attack {} against defense {}",
        crate::rules::dice::show(&m.attack_dice),
        crate::rules::dice::show(&m.defense_dice)
    );
    Prompt { title, asks }
}

/// One `reroll` ask per reroll ability left with a die it may reroll: its
/// dice to choose, a failure or a die it has rerolled disabled with the
/// reason. The modify step and a dodge (engine version 7) share it.
fn reroll_asks(dice: &[crate::rules::dice::Face], by: &[Vec<String>], sources: &[(String, u8)]) -> Vec<Ask> {
    use crate::rules::dice::Face;
    let mut asks = Vec::new();
    for (name, n) in sources {
        let ok = crate::rules::rerolls::rerollable(dice, by, name);
        if *n == 0 || !ok.contains(&true) {
            continue;
        }
        let opts = dice
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let why = if *d == Face::Failure {
                    "a failure can't be rerolled".to_string()
                } else {
                    format!("{name} has rerolled it already")
                };
                Opt::new(i, format!("die {}: {d:?}", i + 1)).disabled_if(!ok[i], || why)
            })
            .collect();
        asks.push(Ask::new("reroll", format!("Reroll with {name}")).with("ability", name.clone()).param(
            "dice",
            format!("Dice, up to {n}"),
            Input::Many { options: opts, min: 1, max: u32::from(*n) },
        ));
    }
    asks
}

/// A terrain throw's option with what it would hit (its label's words
/// after the direction) as its `Throw` fact, for the map.
fn throw_fact(opt: Opt) -> Opt {
    match opt.label.split_once(": ").map(|(_, what)| what.to_string()) {
        Some(what) => opt.fact("Throw", what),
        None => opt,
    }
}

/// The Team Tactic cards `seat` can play now: a card that names something
/// gets its own ask with its choices, the others share one.
fn tactic_asks(g: &Crisis, seat: Seat) -> Vec<Ask> {
    let mut asks = Vec::new();
    let playable: Vec<&crate::content::Tactic> = g.tactics[usize::from(seat)]
        .iter()
        .filter(|id| crate::rules::tactics::play_refusal(g, seat, id).is_none())
        .filter_map(|id| content().tactic(id))
        .collect();
    let cards: Vec<Opt> = playable
        .iter()
        .filter(|t| !crate::rules::tactics::needs_choice(t))
        .map(|t| Opt::new(t.id.clone(), format!("{}, cost {}", t.name, t.cost)))
        .collect();
    for t in playable.iter().filter(|t| crate::rules::tactics::needs_choice(t)) {
        let opts: Vec<Opt> = crate::rules::tactics::choices(g, seat, t)
            .into_iter()
            .map(
                |(c, label)| {
                    if c.piece.is_some() { throw_fact(Opt::new(json!(c), label)) } else { Opt::new(json!(c), label) }
                },
            )
            .collect();
        let transforms = || {
            t.effects.iter().all(|e| matches!(e, TacticEffect::Transform {}))
                && g.activation.as_ref().is_some_and(|a| crate::rules::powers::transform_form(g, a.model).is_some())
        };
        let choice =
            if opts.is_empty() { free::point_alone(g, transforms()) } else { Some(free::choice(g, None, opts)) };
        if let Some(choice) = choice {
            asks.push(
                Ask::new("play_tactic", format!("{}, cost {}", t.name, t.cost))
                    .with("card", t.id.clone())
                    .param("choice", "Choice", choice),
            );
        }
    }
    if !cards.is_empty() {
        asks.push(Ask::new("play_tactic", "Play a Team Tactic card").param("card", "Card", one(cards)));
    }
    asks
}

fn activation_prompt(g: &Crisis, seat: Seat) -> Prompt {
    let Some(act) = &g.activation else {
        let ready: Vec<Opt> = (0..g.models.len())
            .filter(|&m| g.models[m].owner == seat && g.models[m].ready())
            .map(|m| Opt::new(m, g.models[m].card().name.clone()))
            .collect();
        let mut asks = Vec::new();
        if !ready.is_empty() {
            asks.push(Ask::new("activate", "Activate a character").param("model", "Character", one(ready)));
        }
        if g.ready_count(seat) < g.ready_count(1 - seat) {
            asks.push(Ask::new("pass", "Pass"));
        }
        asks.extend(tactic_asks(g, seat));
        return Prompt { title: format!("Round {}: your turn", g.round), asks };
    };
    let m = act.model;
    let model = &g.models[m];
    let mut asks = Vec::new();
    if move_refusal(g, act).is_none() {
        // Any plan laid by hand, the candidate plans as quick picks; a
        // mover that no candidate fits still gets the ask (a blind one).
        let plan = with_mover(g, m, |mv| {
            let opts: Vec<Opt> = movement::candidates(g.geo(), mv)
                .iter()
                .map(|p| {
                    let verb = if p.climb { "Climb" } else { "Advance" };
                    let bend = if p.bend == 0.0 { String::new() } else { format!(" bent {} degrees", p.bend) };
                    Opt::new(
                        json!(p),
                        format!(
                            "{verb} with {:?} at {} degrees{bend} to {:.1}, {:.1}",
                            p.tool, p.angle, p.to[0], p.to[1]
                        ),
                    )
                })
                .collect();
            free::plan(g, mv, opts)
        });
        asks.push(Ask::new("advance", "Move").param("plan", "Movement tool and end", plan));
    }
    if action_refusal(g, act, false).is_none() && act.actions < 2 {
        for (i, a) in model.card().sides.healthy.attacks.iter().enumerate() {
            let targets: Vec<Opt> = (0..g.models.len())
                .filter(|&t| target_refusal(g, m, i, t).is_none())
                .map(|t| Opt::new(t, g.models[t].card().name.clone()))
                .collect();
            if !targets.is_empty() {
                asks.push(
                    Ask::new(
                        "attack",
                        format!(
                            "Attack with {}, range {}, strength {}, cost {}",
                            a.name, a.range.n, a.strength, a.cost
                        ),
                    )
                    .with("attack", i)
                    .param("target", "Target", one(targets)),
                );
            }
        }
    }
    if action_refusal(g, act, true).is_none() && !model.conditions.is_empty() {
        let staggered_first = act.actions == 0 && model.has(Condition::Stagger);
        let opts = model
            .conditions
            .iter()
            .filter(|c| !staggered_first || **c == Condition::Stagger)
            .map(|c| Opt::new(json!(c), format!("{c:?}")))
            .collect();
        asks.push(Ask::new("shake", "Shake off a condition").param("condition", "Condition", one(opts)));
    }
    for (i, sp) in model.card().sides.healthy.superpowers.iter().enumerate() {
        if crate::rules::powers::power_refusal(g, act, i).is_some() {
            continue;
        }
        let throw = sp
            .effects
            .iter()
            .find_map(|e| if let crate::content::Power::ThrowEnemy { n, .. } = e { Some(*n) } else { None });
        let opts: Vec<Opt> = crate::rules::powers::choices(g, act, i)
            .into_iter()
            .map(|(c, label)| {
                let opt = Opt::new(json!(c), label);
                match (throw, c.target, c.angle, c.piece) {
                    // An enemy thrown: where it lands, for the map.
                    (Some(n), Some(t), Some(angle), None) => {
                        let (at, what) = crate::rules::powers::throw_preview(g, m, t, angle, n);
                        opt.fact("Lands", at.map_or(serde_json::Value::Null, |p| json!(p))).fact("Throw", what)
                    }
                    (_, _, _, Some(_)) => throw_fact(opt),
                    _ => opt,
                }
            })
            .collect();
        let choice = if opts.is_empty() {
            free::point_alone(g, sp.effects.iter().all(|e| matches!(e, Power::Place { .. } | Power::Transform { .. })))
        } else {
            Some(free::choice(g, Some(m), opts))
        };
        if let Some(choice) = choice {
            asks.push(
                Ask::new("use_power", format!("{}, cost {}", sp.name, sp.cost))
                    .with("power", i)
                    .param("choice", "Choice", choice),
            );
        }
    }
    asks.extend(tactic_asks(g, seat));
    let toks: Vec<Opt> = (0..g.tokens.len())
        .filter(|&t| interact_refusal(g, act, t).is_none())
        .map(|t| Opt::new(t, format!("{} token {}", g.crisis_card(g.tokens[t].crisis).name, g.tokens[t].index + 1)))
        .collect();
    if !toks.is_empty() {
        asks.push(Ask::new("interact", "Interact with a token for 1 power").param("token", "Token", one(toks)));
    }
    asks.push(Ask::new("end_activation", "End the activation"));
    Prompt { title: format!("Round {}: {} activates", g.round, model.card().name), asks }
}
