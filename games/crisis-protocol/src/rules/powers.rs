//! Active superpowers (digest §1.3): used during the character's own
//! activation, paying their ⚡ cost (Root: 1 more), each once per turn;
//! one marked "Action:" is one of the two actions. What a power does is
//! data ([`crate::content::Power`]); the ones interpreted here are place,
//! extra attack dice, healing an ally, throwing an enemy and the Charge
//! (advance, then attack, as one action).

use super::attack::shove_along;
use super::common::{Lines, model_name};
use super::round::{after_action, maybe_auto_end};
use crate::content::Power;
use crate::content::{Condition, PowerKind, Superpower};
use crate::geometry::{Disc, dist_discs, len, quantize_pt, range, sub, unit, within};
use crate::rules::movement;
use crate::state::{Activation, Crisis};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat};

/// What a use of a power names: a target model, a point, a direction, a
/// piece of terrain or a token.
pub type Choice = crate::PowerChoice;

/// The interpreted active power at `idx` of the active character's card
/// (its first effect).
pub fn active_power(g: &Crisis, a: &Activation, idx: usize) -> Option<(&'static Superpower, &'static Power)> {
    let sp = g.models[a.model].card().sides.healthy.superpowers.get(idx)?;
    (sp.kind == PowerKind::Active).then_some(())?;
    Some((sp, sp.effects.first()?))
}

/// The effect a choice uses: a power listing several effects is a choice
/// between them (Hired Muscle throws an enemy or terrain); naming a piece
/// picks the terrain throw.
pub fn chosen_effect(
    g: &Crisis,
    a: &Activation,
    idx: usize,
    c: &Choice,
) -> Option<(&'static Superpower, &'static Power)> {
    let (sp, first) = active_power(g, a, idx)?;
    let terrain = |e: &&Power| matches!(e, Power::ThrowTerrain { .. });
    let e = if c.piece.is_some() {
        sp.effects.iter().find(terrain)?
    } else {
        sp.effects.iter().find(|e| !terrain(e)).unwrap_or(first)
    };
    Some((sp, e))
}

/// Why the power can't be used now (before its choices), if it can't.
pub fn power_refusal(g: &Crisis, a: &Activation, idx: usize) -> Option<String> {
    let Some((sp, _)) = active_power(g, a, idx) else {
        return Some("not an active superpower this engine plays".into());
    };
    let m = &g.models[a.model];
    let cost = sp.cost + u8::from(m.has(Condition::Root));
    if m.power < cost {
        return Some(format!("{} costs {cost} power; {} has {}", sp.name, m.card().name, m.power));
    }
    if a.used.contains(&sp.name) {
        return Some(format!("{} has used {} this turn: it is used once per turn", m.card().name, sp.name));
    }
    if sp.action
        && let Some(r) = super::common::action_refusal(g, a, false)
    {
        return Some(r);
    }
    if a.actions == 0 && m.has(Condition::Stagger) && sp.action {
        return Some(format!(
            "{} is Staggered: its first action must be a Shake removing Stagger, and {} is an action",
            m.card().name,
            sp.name
        ));
    }
    None
}

/// Why this choice doesn't work for the power, if it doesn't.
pub fn choice_refusal(g: &Crisis, a: &Activation, idx: usize, c: &Choice) -> Option<String> {
    let (sp, power) = chosen_effect(g, a, idx, c)?;
    let geo = g.geo();
    let me = &g.models[a.model];
    let md = me.disc(geo);
    match power {
        Power::Place { range: n } => {
            let Some(p) = c.point else { return Some("name the point to place at".into()) };
            let p = quantize_pt(p);
            if len(sub(p, md.c)) > range(geo, *n) + 2.0 * md.r + geo.eps {
                return Some(format!("the point is beyond R{n} of {}: {} places within R{n}", me.card().name, sp.name));
            }
            super::common::with_mover(g, a.model, |mv| {
                movement::end_position(geo, mv, Disc { c: p, r: md.r }, me.size())
            })
            .err()
            .map(|(_, why)| why)
        }
        Power::AttackDice { .. } => None,
        Power::HealAlly { range: n, .. } => {
            let t = c.target.and_then(|t| g.models.get(t).map(|m| (t, m)));
            match t {
                Some((t, m)) if t != a.model && m.owner == me.owner && m.present() && !m.dazed && m.damage > 0 => {
                    (!within(geo, dist_discs(md, m.disc(geo)), *n)).then(|| {
                        format!(
                            "{} is beyond R{n} of {}: {} heals an ally within R{n}",
                            m.card().name,
                            me.card().name,
                            sp.name
                        )
                    })
                }
                Some((t, m)) if t == a.model => Some(format!("{} heals another ally, not {}", sp.name, m.card().name)),
                Some((_, m)) if m.owner != me.owner => {
                    Some(format!("{} is an enemy: {} heals an ally", m.card().name, sp.name))
                }
                Some((_, m)) if !m.present() => Some(format!("{} is not on the battlefield", m.card().name)),
                Some((_, m)) if m.dazed => {
                    Some(format!("{} is Dazed: a Dazed character can't be affected by superpowers", m.card().name))
                }
                Some((_, m)) => Some(format!("{} has no damage to remove", m.card().name)),
                None => Some(format!("name the damaged ally {} heals", sp.name)),
            }
        }
        Power::ThrowEnemy { range: n, max_size, .. } => {
            if c.angle.is_none_or(|x| !x.is_finite()) {
                return Some("name the direction of the throw".into());
            }
            if let Some(why) = enemy_refusal(g, me.owner, c.target) {
                return Some(why);
            }
            let m = &g.models[c.target.expect("checked")];
            if m.size() > *max_size {
                return Some(format!(
                    "{} is Size {}: choose an enemy of Size {max_size} or less",
                    m.card().name,
                    m.size()
                ));
            }
            (!within(geo, dist_discs(md, m.disc(geo)), *n))
                .then(|| format!("{} is beyond R{n}: the enemy must be within R{n}", m.card().name))
        }
        Power::ThrowTerrain { range, max_size, .. } => {
            super::terrain::throw_refusal(g, a.model, c.piece, c.angle, *range, *max_size)
        }
        Power::AdvanceEnemy { range: n, n: tool } => {
            if let Some(why) = enemy_refusal(g, me.owner, c.target) {
                return Some(why);
            }
            let t = c.target.expect("checked");
            let m = &g.models[t];
            if !within(geo, dist_discs(md, m.disc(geo)), *n) {
                return Some(format!(
                    "{} is beyond R{n} of {}: {} moves an enemy within R{n}",
                    m.card().name,
                    me.card().name,
                    sp.name
                ));
            }
            let (Some(angle), Some(to)) = (c.angle, c.point) else {
                return Some("name the tool's direction and the end position".into());
            };
            let plan =
                movement::Plan { tool: movement::tool_for(*tool), climb: false, angle, bend: 0.0, to: quantize_pt(to) };
            enemy_mover(g, t, *tool, |mv| movement::check(geo, mv, &plan)).err().map(|(_, why)| why)
        }
        Power::Transform { into } => transform_refusal(g, a.model, into, c.point),
        Power::Charge { n } => charge_refusal(g, a, sp, *n, c),
        _ => Some("not an active superpower".into()),
    }
}

/// Why this Charge doesn't work: the advance (straight, with the power's
/// tool; none when a move limit is reached, digest ruling 8) must be
/// legal, and from its end the attack must be payable (after the Charge's
/// cost) against a target in range and line of sight.
fn charge_refusal(g: &Crisis, a: &Activation, sp: &Superpower, n: u8, c: &Choice) -> Option<String> {
    if a.actions >= 2 {
        return Some(format!(
            "{} has taken its two actions; the extra one from Adrenaline is not an attack, and a Charge makes one",
            g.models[a.model].card().name
        ));
    }
    let me = a.model;
    let mut probe = g.clone();
    let cost = sp.cost + u8::from(g.models[me].has(Condition::Root));
    probe.models[me].power = probe.models[me].power.saturating_sub(cost);
    match (super::common::move_limit(g, a), c.angle, c.point) {
        (Some(_), None, None) => {}
        (Some(why), ..) => return Some(format!("{why}: the Charge's advance is skipped, name only the attack")),
        (None, Some(angle), Some(to)) => {
            let plan =
                movement::Plan { tool: movement::tool_for(n), climb: false, angle, bend: 0.0, to: quantize_pt(to) };
            if let Err((_, why)) = charge_mover(g, me, n, |mv| movement::check(g.geo(), mv, &plan)) {
                return Some(why);
            }
            probe.models[me].pos = plan.to;
        }
        (None, ..) => return Some("name the advance's direction and end position".into()),
    }
    let (Some(atk), Some(t)) = (c.attack, c.target) else { return Some("name the attack and its target".into()) };
    super::targeting::target_refusal(&probe, me, atk, t).map(|r| format!("after the advance: {r}"))
}

/// Why `target` is not an enemy a superpower may affect, naming the fact:
/// none named, no such character, an ally, KO'd, or Dazed (core rules:
/// a Dazed character can't be moved or affected by superpowers).
pub fn enemy_refusal(g: &Crisis, owner: backroom_engine::Seat, target: Option<usize>) -> Option<String> {
    let Some(t) = target else { return Some("name the enemy".into()) };
    let Some(m) = g.models.get(t) else { return Some(format!("there is no character {t}")) };
    let name = &m.card().name;
    if m.owner == owner {
        Some(format!("{name} is an ally: choose an enemy"))
    } else if !m.present() {
        Some(format!("{name} is not on the battlefield"))
    } else if m.dazed {
        Some(format!("{name} is Dazed: a Dazed character can't be moved or affected by superpowers"))
    } else {
        None
    }
}

/// Calls `f` with the active model as the mover of a Charge's advance:
/// its own Size, Flight, Slow and token limits, the power's tool.
fn charge_mover<R>(g: &Crisis, m: usize, n: u8, f: impl FnOnce(&movement::Mover<'_>) -> R) -> R {
    super::common::with_mover(g, m, |mv| {
        let mut mv = mv.clone();
        mv.speed = movement::tool_for(n);
        f(&mv)
    })
}

/// Uses an active superpower.
pub fn use_power(g: &mut Crisis, seat: Seat, idx: usize, c: &Choice, rng: &mut GameRng) -> Lines {
    let a = match &g.activation {
        Some(a) if g.turn == seat && g.phase == crate::state::Phase::Activation => a.clone(),
        _ => {
            return Err(RuleError::not_your_turn("Superpowers", "use an active superpower during your own activation"));
        }
    };
    if let Some(r) = power_refusal(g, &a, idx) {
        return Err(RuleError::illegal("Superpowers", r));
    }
    if let Some(t) = c.target.and_then(|t| g.models.get(t)).filter(|t| t.dazed && t.present()) {
        return Err(RuleError::illegal(
            "Dazed",
            format!("{} is Dazed: a Dazed character can't be moved or affected by superpowers", t.card().name),
        ));
    }
    if let Some(r) = choice_refusal(g, &a, idx, c) {
        return Err(RuleError::illegal("Superpowers", r));
    }
    let (sp, power) = chosen_effect(g, &a, idx, c).expect("checked");
    let m = a.model;
    g.models[m].power -= sp.cost + u8::from(g.models[m].has(Condition::Root));
    let mut log = vec![LogEntry::public(format!("{} uses {}.", model_name(g, m), sp.name))];
    if let Some(act) = g.activation.as_mut() {
        act.used.push(sp.name.clone());
    }
    match power {
        Power::Place { .. } => {
            let p = quantize_pt(c.point.expect("checked"));
            g.models[m].pos = p;
            log.push(LogEntry::public(format!("{} is placed at {:.1}, {:.1}.", model_name(g, m), p[0], p[1])));
        }
        Power::AttackDice { n } => {
            if let Some(act) = g.activation.as_mut() {
                act.bonus_dice += n;
            }
        }
        Power::HealAlly { n, .. } => {
            let t = c.target.expect("checked");
            g.models[t].damage = g.models[t].damage.saturating_sub(*n);
            log.push(LogEntry::public(format!("{} has {} damage left.", model_name(g, t), g.models[t].damage)));
        }
        Power::ThrowEnemy { n, .. } => {
            let t = c.target.expect("checked");
            log.extend(shove_along(g, t, Some(m), unit(c.angle.expect("checked")), *n, true, rng));
        }
        Power::ThrowTerrain { n, .. } => log.extend(super::terrain::throw_terrain(
            g,
            m,
            c.piece.expect("checked"),
            c.angle.expect("checked"),
            *n,
            rng,
        )),
        Power::AdvanceEnemy { .. } => {
            let (t, to) = (c.target.expect("checked"), quantize_pt(c.point.expect("checked")));
            g.models[t].pos = to;
            log.push(LogEntry::public(format!("{} is advanced to ({:.1}, {:.1}).", model_name(g, t), to[0], to[1])));
        }
        Power::Transform { into } => log.extend(transform(g, m, into, quantize_pt(c.point.expect("checked")))),
        Power::Charge { n } => {
            if let Some(to) = c.point {
                let to = quantize_pt(to);
                g.models[m].pos = to;
                if let Some(act) = g.activation.as_mut() {
                    act.moves += 1;
                }
                log.push(LogEntry::public(format!(
                    "{} advances with the {:?} tool to ({:.1}, {:.1}).",
                    model_name(g, m),
                    movement::tool_for(*n),
                    to[0],
                    to[1]
                )));
            } else {
                log.push(LogEntry::public(format!(
                    "{} can't make another move action: the Charge's advance is skipped.",
                    model_name(g, m)
                )));
            }
            // The attack counts the Charge's one action when it ends (its
            // reaction windows may come first); the granted advance and
            // attack are not actions of their own.
            log.extend(super::attack::start_attack(g, m, c.attack.expect("checked"), c.target.expect("checked"), rng));
            return Ok(log);
        }
        _ => {}
    }
    let mut done = Vec::new();
    if super::victory::check_last_standing(g, &mut done) {
        log.extend(done);
        return Ok(log);
    }
    if sp.action {
        log.extend(after_action(g));
    } else {
        log.extend(maybe_auto_end(g));
    }
    Ok(log)
}

/// Candidate choices for the prompt: places on a ring, targets, directions.
pub fn choices(g: &Crisis, a: &Activation, idx: usize) -> Vec<(Choice, String)> {
    let Some((sp, _)) = active_power(g, a, idx) else { return Vec::new() };
    let geo = g.geo();
    let md = g.models[a.model].disc(geo);
    let mut out = Vec::new();
    for power in &sp.effects {
        match power {
            Power::Place { range: n } => {
                for reach in [range(geo, *n) + 2.0 * md.r - 0.01, (range(geo, *n) + 2.0 * md.r) / 2.0] {
                    for k in 0..16 {
                        let p = quantize_pt([
                            md.c[0] + reach * unit(f64::from(k) * 22.5)[0],
                            md.c[1] + reach * unit(f64::from(k) * 22.5)[1],
                        ]);
                        out.push((
                            Choice { point: Some(p), ..Choice::default() },
                            format!("at {:.1}, {:.1}", p[0], p[1]),
                        ));
                    }
                }
            }
            Power::AttackDice { .. } => out.push((Choice::default(), "now".into())),
            Power::HealAlly { .. } => {
                for t in 0..g.models.len() {
                    out.push((Choice { target: Some(t), ..Choice::default() }, g.models[t].card().name.clone()));
                }
            }
            Power::ThrowEnemy { n, .. } => {
                for t in 0..g.models.len() {
                    for k in 0..8 {
                        let angle = f64::from(k) * 45.0;
                        let c = Choice { target: Some(t), angle: Some(angle), ..Choice::default() };
                        if choice_refusal(g, a, idx, &c).is_none() {
                            let what = match throw_preview(g, a.model, t, angle, *n) {
                                (Some(end), what) => format!("lands at {:.1}, {:.1}, {what}", end[0], end[1]),
                                (None, what) => what,
                            };
                            out.push((c, format!("{} toward {angle} degrees: {what}", g.models[t].card().name)));
                        }
                    }
                }
            }
            Power::AdvanceEnemy { range: n, n: tool } => {
                for t in 0..g.models.len() {
                    let x = &g.models[t];
                    if x.owner == g.models[a.model].owner
                        || !x.present()
                        || x.dazed
                        || !within(geo, dist_discs(md, x.disc(geo)), *n)
                    {
                        continue;
                    }
                    for p in
                        enemy_mover(g, t, *tool, |mv| movement::candidates(geo, mv)).into_iter().filter(|p| !p.climb)
                    {
                        let label = format!("{} to {:.1}, {:.1}", x.card().name, p.to[0], p.to[1]);
                        out.push((
                            Choice { target: Some(t), angle: Some(p.angle), point: Some(p.to), ..Choice::default() },
                            label,
                        ));
                    }
                }
            }
            Power::Transform { into } => out.extend(transform_points(g, a.model, into)),
            Power::Charge { n } => out.extend(charge_choices(g, a, *n)),
            Power::ThrowTerrain { range, max_size, n } => {
                for (i, angle) in super::terrain::throw_choices(g, a.model, *range, *max_size) {
                    let what = super::terrain::throw_preview(g, a.model, i, angle, *n);
                    out.push((
                        Choice { piece: Some(i), angle: Some(angle), ..Choice::default() },
                        format!("the {} toward {angle} degrees: {what}", super::common::piece_name(g, i)),
                    ));
                }
            }
            _ => {}
        }
    }
    out.retain(|(c, _)| choice_refusal(g, a, idx, c).is_none());
    out
}

/// A Charge's combined plans: each straight advance with its tool in 16
/// directions, to the far end and 3/4 and 1/2 of the way (or none once a
/// move limit is reached), then each attack and target workable from
/// there; at most 48 × attacks × enemies.
fn charge_choices(g: &Crisis, a: &Activation, n: u8) -> Vec<(Choice, String)> {
    let geo = g.geo();
    let me = a.model;
    let tool = movement::tool_for(n);
    let ends: Vec<Option<(f64, crate::geometry::Pt)>> = if super::common::move_limit(g, a).is_some() {
        vec![None]
    } else {
        // A charge is made at someone: the far end may be blocked by the
        // very target, so ends at 3/4 and 1/2 of the way are offered too.
        let md = g.models[me].disc(geo);
        let reach = tool.length(geo) + 2.0 * md.r;
        let mut ends: Vec<Option<(f64, crate::geometry::Pt)>> = Vec::new();
        charge_mover(g, me, n, |mv| {
            for k in 0..16 {
                let angle = f64::from(k) * 22.5;
                for f in [1.0, 0.75, 0.5] {
                    let u = unit(angle);
                    let to = quantize_pt([md.c[0] + f * reach * u[0], md.c[1] + f * reach * u[1]]);
                    let plan = movement::Plan { tool, climb: false, angle, bend: 0.0, to };
                    if movement::check(geo, mv, &plan).is_ok() {
                        ends.push(Some((angle, to)));
                    }
                }
            }
        });
        ends
    };
    let mut out = Vec::new();
    // Costs are checked by the final retain (the Charge's cost first).
    let mut probe = g.clone();
    probe.models[me].power = 10;
    for end in ends {
        if let Some((_, to)) = end {
            probe.models[me].pos = to;
        }
        for (k, atk) in g.models[me].card().sides.healthy.attacks.iter().enumerate() {
            for t in 0..g.models.len() {
                if g.models[t].owner == g.models[me].owner || probe.models[t].dazed || !probe.models[t].present() {
                    continue;
                }
                if super::targeting::target_refusal(&probe, me, k, t).is_some() {
                    continue;
                }
                let at =
                    end.map_or_else(|| "where it stands".to_string(), |(_, p)| format!("to {:.1}, {:.1}", p[0], p[1]));
                let c = Choice {
                    angle: end.map(|e| e.0),
                    point: end.map(|e| e.1),
                    attack: Some(k),
                    target: Some(t),
                    ..Choice::default()
                };
                out.push((c, format!("{at}, then {} at {}", atk.name, g.models[t].card().name)));
            }
        }
    }
    out
}

/// Calls `f` with enemy `t` as the mover of a forced advance with tool
/// `n`: its own Size and Flight, any Speed (the tool is the power's).
fn enemy_mover<R>(g: &Crisis, t: usize, n: u8, f: impl FnOnce(&movement::Mover<'_>) -> R) -> R {
    super::common::with_mover(g, t, |mv| {
        let mut mv = mv.clone();
        mv.speed = movement::tool_for(n);
        mv.slow = false;
        mv.no_long = false;
        f(&mv)
    })
}

/// What throwing enemy `t` toward `angle` with tool `n` would do, foreseen
/// from the public board (the same sweep the throw makes): where it lands
/// and what it hits, for the map and the option's words. No end when no
/// legal end exists (the enemy then stays put).
pub fn throw_preview(g: &Crisis, thrower: usize, t: usize, angle: f64, n: u8) -> (Option<crate::geometry::Pt>, String) {
    use crate::geometry::Hit;
    let Some((end, hit)) = super::attack::shove_path(g, t, Some(thrower), unit(angle), n) else {
        return (None, "no legal end: it stays put".into());
    };
    let x = &g.models[t];
    let what = match hit {
        Hit::Base(o) => format!(
            "collides with {}: {} suffers 1, {} dodges {}",
            g.models[o].card().name,
            x.card().name,
            g.models[o].card().name,
            x.size() + 1
        ),
        Hit::Terrain(j) => {
            let p = &g.pieces()[j];
            let broken = if crate::versions::v2(g) && p.size < x.size() {
                format!(", the {} is destroyed", super::common::piece_name(g, j))
            } else {
                String::new()
            };
            format!(
                "hits the {} (Size {}): {} suffers 1{broken}",
                super::common::piece_name(g, j),
                p.size,
                x.card().name
            )
        }
        Hit::Edge => "stops at the table edge, no collision".into(),
        // Short of the tool's length with nothing hit: against the thrower,
        // who is ignored (no collision).
        Hit::Nothing if len(sub(end, x.pos)) < crate::rules::movement::tool_for(n).length(g.geo()) - 0.01 => {
            format!("stops against {}, who throws it: no collision", g.models[thrower].card().name)
        }
        Hit::Nothing => "hits nothing".into(),
    };
    (Some(end), what)
}

/// Why character `m` can't Transform into `into` with the new form placed
/// at `point` (within R1, a legal end position), if it can't; a Transform
/// superpower and a Team Tactic card that Transforms share it.
pub fn transform_refusal(g: &Crisis, m: usize, into: &str, point: Option<crate::geometry::Pt>) -> Option<String> {
    let Some(p) = point else { return Some("name the point to place the new form at".into()) };
    let p = quantize_pt(p);
    let geo = g.geo();
    let md = g.models[m].disc(geo);
    let Some(form) = crate::content::content().character(into) else { return Some("no such form".into()) };
    let r = form.base_diameter_mm / geo.mm_per_inch / 2.0;
    if len(sub(p, md.c)) > range(geo, 1) + md.r + r + geo.eps {
        return Some(format!(
            "the point is beyond R1 of {}: the new form is placed within R1",
            g.models[m].card().name
        ));
    }
    super::common::with_mover(g, m, |mv| movement::end_position(geo, mv, Disc { c: p, r }, form.sides.healthy.size))
        .err()
        .map(|(_, why)| why)
}

/// The points offered for the new form (where it stands and 16 round it
/// at R1), unchecked.
pub fn transform_points(g: &Crisis, m: usize, into: &str) -> Vec<(Choice, String)> {
    let mut out = Vec::new();
    let geo = g.geo();
    let md = g.models[m].disc(geo);
    if let Some(form) = crate::content::content().character(into) {
        let r = form.base_diameter_mm / geo.mm_per_inch / 2.0;
        let reach = range(geo, 1) + md.r + r - 0.01;
        out.push((Choice { point: Some(md.c), ..Choice::default() }, format!("into {} where it stands", form.name)));
        for k in 0..16 {
            let u = unit(f64::from(k) * 22.5);
            let p = quantize_pt([md.c[0] + reach * u[0], md.c[1] + reach * u[1]]);
            out.push((
                Choice { point: Some(p), ..Choice::default() },
                format!("into {} at {:.1}, {:.1}", form.name, p[0], p[1]),
            ));
        }
    }
    out
}

/// The form character `m`'s Transform superpower names, if it has one.
pub fn transform_form(g: &Crisis, m: usize) -> Option<&'static str> {
    g.models[m]
        .card()
        .sides
        .healthy
        .superpowers
        .iter()
        .flat_map(|s| s.effects.iter())
        .find_map(|p| if let Power::Transform { into } = p { Some(into.as_str()) } else { None })
}

/// Transform (digest, Appendix B): the new form replaces the old one,
/// placed at `at` (within R1), keeping damage (house: below the new
/// Stamina), ⚡, conditions, tokens and its Activated state; the new form's
/// Immunities strip their conditions.
pub fn transform(g: &mut Crisis, m: usize, into: &str, at: crate::geometry::Pt) -> Vec<LogEntry> {
    let before = model_name(g, m);
    let x = &mut g.models[m];
    x.card = into.to_string();
    x.pos = at;
    let imm = x.card().sides.healthy.immunities.clone();
    x.conditions.retain(|c| !imm.contains(c));
    x.damage = x.damage.min(x.stamina().saturating_sub(1));
    vec![LogEntry::public(format!("{before} transforms into {} at ({:.1}, {:.1}).", model_name(g, m), at[0], at[1]))]
}
