//! The bot's turn: which character to activate and, within its
//! activation, one action at a time from the prompt: interact, powers
//! that pay, the best attack, the best move, a shake, or the end.

use super::{estimate, objectives, offers, opts};
use crate::content::{Condition, Power, content};
use crate::geometry::{Disc, Pt, dist_discs, len, sub, within};
use crate::rules::movement::Plan;
use crate::rules::powers::active_power;
use crate::state::{Activation, Crisis};
use crate::{Action, PowerChoice};
use backroom_engine::{Prompt, Seat};
use serde_json::Value;

fn as_usize(v: &Value) -> Option<usize> {
    v.as_u64().and_then(|x| usize::try_from(x).ok())
}

/// The action for `seat`'s turn in the Activation phase.
pub fn action(g: &Crisis, seat: Seat, p: &Prompt) -> Option<Action> {
    let Some(act) = &g.activation else {
        return Some(ready_ally(g, p).unwrap_or_else(|| choose_activation(g, p)));
    };
    let _ = seat;
    Some(in_activation(g, act, p))
}

/// Activate the character with the best attack from where it stands, else
/// the one furthest from its goal (it has the most to do).
fn choose_activation(g: &Crisis, p: &Prompt) -> Action {
    let geo = g.geo();
    let ready: Vec<usize> = opts(p, "activate").into_iter().flat_map(|(_, o)| o).filter_map(|v| as_usize(&v)).collect();
    let key = |m: usize| {
        let d = g.models[m].disc(geo);
        let attack = estimate::best_from(g, m, d, g.on(m), 0).map_or(0.0, |(s, _, _)| s.max(0.0));
        let far = len(sub(objectives::goal(g, m), g.models[m].pos));
        attack * 10.0 + far.min(30.0) * 0.1
    };
    match ready.into_iter().max_by(|a, b| key(*a).total_cmp(&key(*b))) {
        Some(model) => Action::Activate { model },
        None => Action::Pass {},
    }
}

/// A readying card (Second Wind) before activating: it gives the squad a
/// whole activation more this round (the characters still ready keep
/// theirs), so the activated ally whose best attack once readied (after
/// paying its share), counted half again for its second action, beats the
/// ⚡ both pay (0.7 each) and the damage its dice deal on average (half a
/// point a die); never an ally those dice could put down.
fn ready_ally(g: &Crisis, p: &Prompt) -> Option<Action> {
    use crate::content::cards::TacticEffect;
    let geo = g.geo();
    let attack_now = |x: &Crisis, m: usize| {
        estimate::best_from(x, m, x.models[m].disc(geo), x.on(m), 0).map_or(0.0, |(s, _, _)| s.max(0.0))
    };
    for (fixed, choices) in opts(p, "play_tactic") {
        let Some(card) = fixed.get("card").and_then(Value::as_str).map(str::to_string) else { continue };
        let Some(t) = content().tactic(&card) else { continue };
        let Some((each, dice)) = t
            .effects
            .iter()
            .find_map(|e| if let TacticEffect::ReadyAlly { each, dice, .. } = e { Some((*each, *dice)) } else { None })
        else {
            continue;
        };
        let pick = choices
            .into_iter()
            .filter_map(|v| serde_json::from_value::<PowerChoice>(v).ok())
            .filter_map(|c| {
                let x = c.target?;
                let m = &g.models[x];
                (m.stamina().saturating_sub(m.damage) > dice).then_some(())?;
                let mut probe = g.clone();
                probe.models[x].power = probe.models[x].power.saturating_sub(each);
                probe.models[x].activated = false;
                Some((attack_now(&probe, x), c))
            })
            .filter(|(v, _)| 1.5 * *v > 0.7 * 2.0 * f64::from(each) + 0.5 * f64::from(dice))
            .max_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((_, c)) = pick {
            return Some(Action::PlayTactic { card, choice: Some(c) });
        }
    }
    None
}

/// Actions the character may still take.
fn actions_left(a: &Activation) -> u8 {
    (2 + a.extra_actions).saturating_sub(a.actions)
}

fn in_activation(g: &Crisis, act: &Activation, p: &Prompt) -> Action {
    let me = act.model;
    // Tokens in reach: take control or pick up (1 power, not an action).
    if let Some(token) = opts(p, "interact").into_iter().flat_map(|(_, o)| o).find_map(|v| as_usize(&v)) {
        return Action::Interact { token };
    }
    if let Some(a) = tactic(g, act, p) {
        return a;
    }
    if let Some(a) = power(g, act, p) {
        return a;
    }
    let left = actions_left(act);
    // The best attack offered.
    let bonus = act.bonus_dice;
    let geo = g.geo();
    let here = g.models[me].disc(geo);
    let mut attack: Option<(f64, usize, usize)> = None;
    for (fixed, targets) in opts(p, "attack") {
        let Some(idx) = fixed.get("attack").and_then(as_usize) else { continue };
        for t in targets.iter().filter_map(as_usize) {
            let s = estimate::score(g, me, idx, t, here, g.on(me), bonus + coordinated(g, me, t));
            if attack.is_none_or(|(b, _, _)| s > b) {
                attack = Some((s, idx, t));
            }
        }
    }
    // The best move offered, against staying put.
    let can_interact = g.models[me].power >= 1;
    let stay = objectives::value_at(g, me, g.models[me].pos, left > 1, can_interact);
    let mut best_move: Option<(f64, Plan)> = None;
    for (_, plans) in opts(p, "advance") {
        for plan in plans.into_iter().filter_map(|v| serde_json::from_value::<Plan>(v).ok()) {
            let v = objectives::value_at(g, me, plan.to, left > 1, can_interact);
            if best_move.as_ref().is_none_or(|(b, _)| v > *b) {
                best_move = Some((v, plan));
            }
        }
    }
    let move_gain = best_move.as_ref().map_or(0.0, |(v, _)| v - stay);
    if let Some((s, idx, t)) = attack
        && s > 0.3
        && s >= move_gain
    {
        return Action::Attack { attack: idx, target: t };
    }
    if let Some((_, plan)) = best_move
        && move_gain > 0.05
    {
        return Action::Advance { plan };
    }
    // Nothing better to do with an action: shake the worst condition.
    if let Some((_, conds)) = opts(p, "shake").into_iter().next() {
        let worst = conds
            .into_iter()
            .filter_map(|v| serde_json::from_value::<Condition>(v).ok())
            .max_by_key(|c| condition_weight(*c));
        if let Some(condition) = worst {
            return Action::Shake { condition };
        }
    }
    if let Some((s, idx, t)) = attack
        && s > 0.0
    {
        return Action::Attack { attack: idx, target: t };
    }
    Action::EndActivation {}
}

/// How much a condition hurts, for the shake to pick.
fn condition_weight(c: Condition) -> u8 {
    match c {
        Condition::Stagger => 9,
        Condition::Stun => 7,
        Condition::Hex | Condition::Incinerate => 6,
        Condition::Shock | Condition::Slow => 5,
        Condition::Root | Condition::Bleed | Condition::Poison => 4,
        Condition::Judgment => 3,
    }
}

/// A Team Tactic card when it pays: Rally Cry with two or more allies
/// near to clear, Grab the Goods for a token within R2 but not R1.
fn tactic(g: &Crisis, act: &Activation, p: &Prompt) -> Option<Action> {
    let geo = g.geo();
    let me = &g.models[act.model];
    let d = me.disc(geo);
    for (fixed, choices) in opts(p, "play_tactic") {
        let Some(card) = fixed.get("card").and_then(Value::as_str).map(str::to_string) else { continue };
        let Some(t) = content().tactic(&card) else { continue };
        let choices: Vec<PowerChoice> = choices.into_iter().filter_map(|v| serde_json::from_value(v).ok()).collect();
        if t.effects.iter().any(|e| matches!(e, crate::content::TacticEffect::PassToken { .. })) {
            if let Some(c) = pass_token(g, act, choices, f64::from(t.cost)) {
                return Some(Action::PlayTactic { card, choice: Some(c) });
            }
            continue;
        }
        if t.effects.iter().any(|e| matches!(e, crate::content::TacticEffect::Transform {})) {
            let play = |c: PowerChoice| Action::PlayTactic { card: card.clone(), choice: Some(c) };
            if let Some(c) = transform(g, act, choices, f64::from(t.cost), play) {
                return Some(Action::PlayTactic { card, choice: Some(c) });
            }
            continue;
        }
        if !t.effects.iter().any(|e| matches!(e, crate::content::TacticEffect::ThrowTerrain { .. })) {
            continue;
        }
        let play = |c: PowerChoice| Action::PlayTactic { card: card.clone(), choice: Some(c) };
        if let Some(a) = best_simulated(g, act, choices, play, f64::from(t.cost))
            .map(|c| Action::PlayTactic { card: card.clone(), choice: Some(c) })
        {
            return Some(a);
        }
    }
    for card in opts(p, "play_tactic").into_iter().flat_map(|(_, o)| o).filter_map(|v| v.as_str().map(str::to_string)) {
        let Some(t) = content().tactic(&card) else { continue };
        for e in &t.effects {
            let worth = match e {
                crate::content::TacticEffect::ShakeAllies { range } => {
                    g.models
                        .iter()
                        .filter(|x| {
                            x.owner == me.owner
                                && x.present()
                                && !x.dazed
                                && !x.conditions.is_empty()
                                && within(geo, dist_discs(d, x.disc(geo)), *range)
                        })
                        .count()
                        >= 2
                }
                crate::content::TacticEffect::InteractRange { range } => {
                    me.power > t.cost
                        && (0..g.tokens.len()).any(|k| {
                            let tok = Disc { c: g.token_pos(k), r: geo.token_diameter / 2.0 };
                            let gap = dist_discs(d, tok);
                            !within(geo, gap, 1) && within(geo, gap, *range) && {
                                let mut probe = act.clone();
                                probe.interact_range = *range;
                                crate::rules::activation::interact_refusal(g, &probe, k).is_none()
                            }
                        })
                }
                crate::content::TacticEffect::AttackDicePerAllyNearTarget { range, max }
                    if act.coordinated.is_none() && offers(p, "attack") =>
                {
                    // The best attack with the allies near each target against without.
                    let spare = me.power.saturating_sub(t.cost);
                    let mut with = 0.0f64;
                    for (fixed, targets) in opts(p, "attack") {
                        let Some(idx) = fixed.get("attack").and_then(as_usize) else { continue };
                        if me.card().sides.healthy.attacks.get(idx).is_none_or(|a| a.cost > spare) {
                            continue;
                        }
                        for x in targets.iter().filter_map(as_usize) {
                            let td = g.models[x].disc(geo);
                            let near = (0..g.models.len())
                                .filter(|&i| {
                                    i != act.model
                                        && g.models[i].owner == me.owner
                                        && g.models[i].present()
                                        && !g.models[i].dazed
                                })
                                .filter(|&i| within(geo, dist_discs(td, g.models[i].disc(geo)), *range))
                                .count();
                            let n = u8::try_from(near).unwrap_or(u8::MAX).min(*max);
                            with =
                                with.max(estimate::score(g, act.model, idx, x, d, g.on(act.model), act.bonus_dice + n));
                        }
                    }
                    with - best_offered(g, act, p, 0, me.power) > 0.7 * f64::from(t.cost)
                }
                crate::content::TacticEffect::ContestingDefenseDice { .. } => {
                    // Worth it with two or more allies contesting tokens.
                    g.models
                        .iter()
                        .filter(|x| x.owner == me.owner && x.present() && !x.dazed)
                        .filter(|x| {
                            (0..g.tokens.len()).any(|k| {
                                within(
                                    geo,
                                    dist_discs(x.disc(geo), Disc { c: g.token_pos(k), r: geo.token_diameter / 2.0 }),
                                    1,
                                )
                            })
                        })
                        .count()
                        >= 2
                        && me.power > t.cost
                }
                _ => false,
            };
            if worth {
                return Some(Action::PlayTactic { card, choice: None });
            }
        }
    }
    None
}

/// An active superpower when it pays: a place that is worth its cost,
/// extra attack dice before a good attack, healing a hurt ally, throwing a
/// contester off a token, a Charge to an attack better than any from here,
/// advancing an enemy ([`advance_enemy`]) or a Transform ([`transform`])
/// that gains more than it costs.
fn power(g: &Crisis, act: &Activation, p: &Prompt) -> Option<Action> {
    let me = act.model;
    let model = &g.models[me];
    let left = actions_left(act);
    for (fixed, choices) in opts(p, "use_power") {
        let Some(idx) = fixed.get("power").and_then(as_usize) else { continue };
        let Some((sp, effect)) = active_power(g, act, idx) else { continue };
        let cost = f64::from(sp.cost);
        let choices: Vec<PowerChoice> = choices.into_iter().filter_map(|v| serde_json::from_value(v).ok()).collect();
        let pick = match effect {
            Power::Place { .. } if left > 0 => {
                let can_interact = model.power > sp.cost;
                let stay = objectives::value_at(g, me, model.pos, true, can_interact);
                choices
                    .into_iter()
                    .filter_map(|c| c.point.map(|pt| (objectives::value_at(g, me, pt, true, can_interact), c)))
                    .filter(|(v, _)| *v > stay + 0.7 * cost + 1.0)
                    .max_by(|a, b| a.0.total_cmp(&b.0))
                    .map(|(_, c)| c)
            }
            Power::AttackDice { n } if left > 0 && offers(p, "attack") => {
                let spare = model.power.saturating_sub(sp.cost);
                let with = best_offered(g, act, p, *n, spare);
                let without = best_offered(g, act, p, 0, model.power);
                (with - without > 0.7 * cost).then(|| choices.into_iter().next()).flatten()
            }
            Power::HealAlly { n, .. } if left > 0 && !offers(p, "attack") => choices
                .into_iter()
                .filter(|c| c.target.is_some_and(|t| g.models[t].damage >= (*n).min(2)))
                .max_by_key(|c| c.target.map_or(0, |t| g.models[t].damage)),
            Power::ThrowEnemy { .. } => throw_choice(g, me, choices.clone())
                .or_else(|| best_simulated(g, act, choices, |c| Action::UsePower { power: idx, choice: c }, cost)),
            Power::Charge { .. } if left > 0 => {
                // Worth it when the attack from the advance's end, less
                // the Charge's cost, beats the best attack from here.
                let now = best_offered(g, act, p, 0, model.power);
                let spare = model.power.saturating_sub(sp.cost);
                let r = model.disc(g.geo()).r;
                choices
                    .into_iter()
                    .filter_map(|c| {
                        let (k, t) = (c.attack?, c.target?);
                        (model.card().sides.healthy.attacks.get(k)?.cost <= spare).then_some(())?;
                        let from = Disc { c: c.point.unwrap_or(model.pos), r };
                        Some((estimate::score(g, me, k, t, from, None, act.bonus_dice + coordinated(g, me, t)), c))
                    })
                    .filter(|(v, _)| *v - 0.7 * cost > now)
                    .max_by(|a, b| a.0.total_cmp(&b.0))
                    .map(|(_, c)| c)
            }
            Power::ThrowTerrain { .. } => {
                best_simulated(g, act, choices, |c| Action::UsePower { power: idx, choice: c }, cost)
            }
            Power::AdvanceEnemy { .. } => advance_enemy(g, act, choices, cost),
            Power::Transform { .. } => transform(g, act, choices, cost, |c| Action::UsePower { power: idx, choice: c }),
            _ => None,
        };
        if let Some(choice) = pick {
            return Some(Action::UsePower { power: idx, choice });
        }
    }
    None
}

/// The best score among the attacks offered, with `bonus` dice and only
/// those costing at most `power`.
fn best_offered(g: &Crisis, act: &Activation, p: &Prompt, bonus: u8, power: u8) -> f64 {
    let me = act.model;
    let here = g.models[me].disc(g.geo());
    let mut best = 0.0f64;
    for (fixed, targets) in opts(p, "attack") {
        let Some(idx) = fixed.get("attack").and_then(as_usize) else { continue };
        if g.models[me].card().sides.healthy.attacks.get(idx).is_none_or(|a| a.cost > power) {
            continue;
        }
        for t in targets.iter().filter_map(as_usize) {
            best = best.max(estimate::score(
                g,
                me,
                idx,
                t,
                here,
                g.on(me),
                act.bonus_dice + bonus + coordinated(g, me, t),
            ));
        }
    }
    best
}

/// A throw that takes an enemy contester off a token: the direction that
/// leaves it furthest from the tokens it was contesting.
fn throw_choice(g: &Crisis, me: usize, choices: Vec<PowerChoice>) -> Option<PowerChoice> {
    let geo = g.geo();
    let contested = |t: usize| -> Vec<Pt> {
        let d = g.models[t].disc(geo);
        (0..g.tokens.len())
            .map(|k| g.token_pos(k))
            .filter(|c| within(geo, dist_discs(d, Disc { c: *c, r: geo.token_diameter / 2.0 }), 1))
            .collect()
    };
    let _ = me;
    choices
        .into_iter()
        .filter_map(|c| {
            let t = c.target?;
            let toks = contested(t);
            if toks.is_empty() {
                return None;
            }
            let u = crate::geometry::unit(c.angle?);
            let to = [g.models[t].pos[0] + 5.0 * u[0], g.models[t].pos[1] + 5.0 * u[1]];
            let gain: f64 = toks.iter().map(|k| len(sub(*k, to)) - len(sub(*k, g.models[t].pos))).sum();
            Some((gain, c))
        })
        .filter(|(gain, _)| *gain > 2.0)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// The choice whose action, played out on copies of the match with a few
/// scratch dice, hurts the enemy most for what it costs (damage, and more
/// for a character put down, less what it does to allies); none unless it
/// pays. Used where the outcome hangs on geometry the bot can't cheaply
/// foresee: terrain and characters thrown into whatever they meet.
fn best_simulated(
    g: &Crisis,
    act: &Activation,
    choices: Vec<PowerChoice>,
    make: impl Fn(PowerChoice) -> Action,
    cost: f64,
) -> Option<PowerChoice> {
    let seat = g.models[act.model].owner;
    let worth = |x: &Crisis| -> f64 {
        x.models
            .iter()
            .map(|m| {
                let v = f64::from(m.damage) + if m.dazed || m.ko { 4.0 } else { 0.0 } + if m.ko { 4.0 } else { 0.0 };
                if m.owner == seat { -v } else { v }
            })
            .sum()
    };
    let before = worth(g);
    let mut best: Option<(f64, PowerChoice)> = None;
    for c in choices.into_iter().take(32) {
        let a = make(c.clone());
        let mut total = 0.0;
        for k in 0..2u64 {
            let mut copy = g.clone();
            let mut rng = backroom_engine::GameRng::seeded(0x5eed + k);
            if crate::rules::apply(&mut copy, seat, &a, &mut rng).is_err() {
                total = f64::MIN;
                break;
            }
            total += worth(&copy) - before;
        }
        let v = total / 2.0;
        if best.as_ref().is_none_or(|(b, _)| v > *b) {
            best = Some((v, c));
        }
    }
    best.filter(|(v, _)| *v > 0.7 * cost + 0.5).map(|(_, c)| c)
}

/// Coordinated Strike's extra dice for `me` attacking `target`, once played.
fn coordinated(g: &Crisis, me: usize, target: usize) -> u8 {
    u8::try_from(crate::rules::attack::coordinated_dice(g, me, target).max(0)).unwrap_or(0)
}

/// Advancing an enemy (the Mind Gem): the end that most improves how the
/// Secure tokens stand (3 per VP, as a needed contester counts in
/// [`objectives::value_at`]; half that for an enemy still ready, which may
/// walk back) plus what it adds to the best attack on that enemy while an
/// attack is left; none unless it beats 0.7 per power and a margin.
fn advance_enemy(g: &Crisis, act: &Activation, choices: Vec<PowerChoice>, cost: f64) -> Option<PowerChoice> {
    let me = act.model;
    let seat = g.models[me].owner;
    let here = g.models[me].disc(g.geo());
    let attack_left = act.actions < 2 && actions_left(act) > 0;
    let attacks = g.models[me].card().sides.healthy.attacks.len();
    let on = |x: &Crisis, t: usize| -> f64 {
        if !attack_left {
            return 0.0;
        }
        (0..attacks)
            .filter(|&k| estimate::can_target(x, me, k, t, here, g.on(me)))
            .map(|k| estimate::score(x, me, k, t, here, g.on(me), act.bonus_dice + coordinated(x, me, t)))
            .fold(0.0, f64::max)
    };
    let standing = objectives::secured(g, seat);
    let mut best: Option<(f64, PowerChoice)> = None;
    for c in choices {
        let (Some(t), Some(to)) = (c.target, c.point) else { continue };
        let mut probe = g.clone();
        probe.models[t].pos = to;
        let weight = if g.models[t].ready() { 1.5 } else { 3.0 };
        let v = weight * (objectives::secured(&probe, seat) - standing) + on(&probe, t) - on(g, t);
        if best.as_ref().is_none_or(|(b, _)| v > *b) {
            best = Some((v, c));
        }
    }
    best.filter(|(v, _)| *v > 0.7 * cost + 0.5).map(|(_, c)| c)
}

/// A Transform: the new form where it is placed, against the old one
/// where it stands, by what standing there is worth
/// ([`objectives::value_at`], counting its best attack as the old form's
/// is counted) and the Stamina left to it; taken when the gain beats 0.7
/// per power. The new form is made on a copy of the match, so whatever
/// the content's forms are, they are compared as they would play.
fn transform(
    g: &Crisis,
    act: &Activation,
    choices: Vec<PowerChoice>,
    cost: f64,
    play: impl Fn(PowerChoice) -> Action,
) -> Option<PowerChoice> {
    let me = act.model;
    let seat = g.models[me].owner;
    let worth = |x: &Crisis| {
        let m = &x.models[me];
        objectives::value_at(x, me, m.pos, true, m.power >= 1) + 0.5 * f64::from(m.stamina().saturating_sub(m.damage))
    };
    let now = worth(g);
    let mut best: Option<(f64, PowerChoice)> = None;
    for c in choices {
        let mut probe = g.clone();
        if crate::rules::apply(&mut probe, seat, &play(c.clone()), &mut backroom_engine::GameRng::seeded(0)).is_err() {
            continue;
        }
        let v = worth(&probe) - now;
        if best.as_ref().is_none_or(|(b, _)| v > *b) {
            best = Some((v, c));
        }
    }
    best.filter(|(v, _)| *v > 0.7 * cost).map(|(_, c)| c)
}

/// Passing a held token (Shadow Deal): to the ally for whom holding it is
/// worth most more than for the holder ([`objectives::holding`]: the
/// enemy-half bonus where each stands, the Stamina each has left), when
/// that beats 0.7 per power and a margin.
fn pass_token(g: &Crisis, act: &Activation, choices: Vec<PowerChoice>, cost: f64) -> Option<PowerChoice> {
    choices
        .into_iter()
        .filter_map(|c| {
            let (x, k) = (c.target?, c.token?);
            Some((objectives::holding(g, x, k) - objectives::holding(g, act.model, k), c))
        })
        .filter(|(v, _)| *v > 0.7 * cost + 0.5)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}
