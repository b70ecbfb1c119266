//! The attack pipeline (Appendix A, digest §1.4–1.5): choose an attack
//! whose cost is payable, target an enemy in line of sight and range, pay,
//! build the attack and defense pools (Shock, Incinerate), roll, add a die
//! per critical in the initial roll (Hex: none), modify (the attacker's own
//! rerolls, then the defender's rerolls and cover), compare, resolve the
//! before-damage rules, deal damage (reductions, the Stamina cap, ⚡ from
//! enemy damage, Dazed and KO) and the after-attack rules gated by icons.
//!
//! Rerolls are taken for the player: each reroll goes to a die that is not
//! a success for its roller (never a failure, which can't be rerolled), the
//! only choice a player could gain by. Cover likewise turns a non-success
//! die into a block.

use super::{Lines, activation, check_last_standing, model_name};
use crate::content::{AttackType, Condition, Dir, Effect, Icon, Power, RangeKind, When};
use crate::dice::{self, Face};
use crate::geometry::{Disc, Hit, dist_discs, has_cover, line_of_sight, len, sub, within};
use crate::movement;
use crate::state::{AttackRecord, Crisis, PendingAttack};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat, plural};

/// Why `attacker` can't make attack `idx` against `target`, if it can't
/// (costs, targeting, range and line of sight; not whose turn it is).
pub fn target_refusal(g: &Crisis, attacker: usize, idx: usize, target: usize) -> Option<String> {
    let a = &g.models[attacker];
    let Some(atk) = a.card().sides.healthy.attacks.get(idx) else { return Some("no such attack".into()) };
    if a.power < atk.cost {
        return Some(format!("{} costs {} power; {} has {}", atk.name, atk.cost, a.card().name, a.power));
    }
    let Some(t) = g.models.get(target) else { return Some("no such target".into()) };
    if t.owner == a.owner {
        return Some("an attack never targets an ally".into());
    }
    if !t.present() || t.dazed {
        return Some("a Dazed or absent character can't be targeted".into());
    }
    let geo = g.geo();
    let (ad, td) = (a.disc(geo), t.disc(geo));
    let in_range = match atk.range.kind {
        RangeKind::Beam => beam_touches(geo, ad, td.c, td, atk.range.n),
        _ => within(geo, dist_discs(ad, td), atk.range.n),
    };
    if !in_range {
        return Some(format!("the target is beyond range {}", atk.range.n));
    }
    let ignore_los = atk.rules.iter().any(|r| matches!(r.effect, Effect::IgnoreLos {}));
    if !ignore_los && !line_of_sight(geo, ad, g.on(attacker), td, g.eff_size(target), g.pieces()) {
        return Some("the target is not in line of sight".into());
    }
    None
}

/// Rerolls granted to `m` (allies' Tactician-like powers within range,
/// itself included; each named ability counts once).
fn ally_rerolls(g: &Crisis, m: usize) -> usize {
    let geo = g.geo();
    let me = g.models[m].disc(geo);
    let owner = g.models[m].owner;
    let mut names: Vec<&str> = Vec::new();
    let mut n = 0;
    for (i, x) in g.models.iter().enumerate() {
        if x.owner != owner || !x.present() || x.dazed {
            continue;
        }
        for sp in &x.card().sides.healthy.superpowers {
            for e in &sp.effects {
                if let Power::RerollAllies { range, dice } = e
                    && !names.contains(&sp.name.as_str())
                    && (i == m || within(geo, dist_discs(me, x.disc(geo)), *range))
                {
                    names.push(&sp.name);
                    n += usize::from(*dice);
                }
            }
        }
    }
    n
}

/// Rerolls up to `n` dice that are not successes for their roller.
fn reroll(rng: &mut GameRng, dice: &mut [Face], n: usize, success: fn(Face) -> bool) -> usize {
    let mut done = 0;
    for d in dice.iter_mut() {
        if done == n {
            break;
        }
        if !success(*d) && *d != Face::Failure {
            *d = dice::roll(rng);
            done += 1;
        }
    }
    done
}

fn count(d: &[Face], f: Face) -> usize {
    d.iter().filter(|x| **x == f).count()
}

/// Rolls a pool, adding one die per critical in the initial roll unless Hexed.
fn roll_pool(rng: &mut GameRng, n: usize, hexed: bool) -> Vec<Face> {
    let mut d = dice::roll_n(rng, n);
    if !hexed {
        let crits = count(&d, Face::Critical);
        d.extend(dice::roll_n(rng, crits));
    }
    d
}

/// An attack action.
pub fn attack(g: &mut Crisis, seat: Seat, idx: usize, target: usize, rng: &mut GameRng) -> Lines {
    let act = match &g.activation {
        Some(a) if g.turn == seat && g.phase == crate::state::Phase::Activation => a.clone(),
        _ => return Err(RuleError::not_your_turn("Attack", "attack during your own activation")),
    };
    if let Some(r) = activation::action_refusal(g, &act, false) {
        return Err(RuleError::illegal("Attack", r));
    }
    if act.actions >= 2 {
        return Err(RuleError::illegal("Adrenaline", "the extra action is not an attack"));
    }
    let me = act.model;
    if let Some(r) = target_refusal(g, me, idx, target) {
        return Err(RuleError::illegal("Attack", r));
    }
    Ok(start_attack(g, me, idx, target, rng))
}

/// Makes attack `idx` of `me` against `target` (already checked): pays its
/// cost and runs the pipeline; the action is counted when it ends. An
/// attack action and a Charge's attack both start here.
pub fn start_attack(g: &mut Crisis, me: usize, idx: usize, target: usize, rng: &mut GameRng) -> Vec<LogEntry> {
    let atk = &g.models[me].card().sides.healthy.attacks[idx];
    let geo = g.geo();
    g.models[me].power -= atk.cost;
    let mut log = Vec::new();
    // Beams and areas: the cost is paid once, then every enemy in range
    // and line of sight is attacked in turn; afterwards each other allied
    // character in range suffers 1.
    let members = match atk.range.kind {
        RangeKind::Normal => vec![target],
        kind => {
            let ad = g.models[me].disc(geo);
            let aim = g.models[target].pos;
            (0..g.models.len())
                .filter(|&i| i != me && g.models[i].present() && !g.models[i].dazed)
                .filter(|&i| {
                    let d = g.models[i].disc(geo);
                    if kind == RangeKind::Beam { beam_touches(geo, ad, aim, d, atk.range.n) } else { within(geo, dist_discs(ad, d), atk.range.n) }
                })
                .collect()
        }
    };
    let owner = g.models[me].owner;
    let (allies, queue): (Vec<usize>, Vec<usize>) = members.into_iter().partition(|&t| g.models[t].owner == owner);
    g.pending_attack = Some(PendingAttack { attacker: me, attack: idx, queue, current: None, allies, used: Vec::new(), extra_defense: 0, defense_rerolls: 0, after: None, cover: false });
    log.extend(continue_attack(g, rng));
    log
}

/// Runs the pending attack on: opens the next target's reaction window,
/// or resolves it when it has nothing to react with; when every target is
/// done, allies in range suffer 1 and the action ends.
pub fn continue_attack(g: &mut Crisis, rng: &mut GameRng) -> Vec<LogEntry> {
    let mut log = Vec::new();
    loop {
        let Some(p) = g.pending_attack.clone() else { return log };
        if let Some(t) = p.current {
            log.extend(resolve_attack(g, p.attacker, p.attack, t, rng, p.extra_defense, p.defense_rerolls, p.cover));
            if let Some(pa) = g.pending_attack.as_mut() {
                pa.current = None;
                pa.used.clear();
                pa.extra_defense = 0;
                pa.defense_rerolls = 0;
                pa.cover = false;
            }
            if !super::reactions::counters(g, t).is_empty() {
                if let Some(pa) = g.pending_attack.as_mut() {
                    pa.after = Some(t);
                }
                log.push(LogEntry::public(format!("{} may strike back.", model_name(g, t))));
                return log;
            }
            continue;
        }
        let mut p = p;
        if p.queue.is_empty() {
            g.pending_attack = None;
            for t in p.allies {
                log.push(LogEntry::public(format!("{} is caught in the attack.", model_name(g, t))));
                log.extend(suffer(g, t, 1, false));
            }
            if !check_last_standing(g, &mut log) {
                log.extend(activation::after_action(g));
            }
            return log;
        }
        let t = p.queue.remove(0);
        let live = g.models[t].present() && !g.models[t].dazed && target_refusal_free(g, p.attacker, p.attack, t);
        if live {
            p.current = Some(t);
        }
        let open = live && !super::reactions::available(g, t, &p.used).is_empty();
        g.pending_attack = Some(p);
        if open {
            log.push(LogEntry::public(format!("{} is targeted and may react.", model_name(g, t))));
            return log;
        }
    }
}

/// [`target_refusal`] for a target of an attack already paid for (the
/// attacker may no longer hold the cost).
fn target_refusal_free(g: &Crisis, me: usize, idx: usize, t: usize) -> bool {
    let mut probe = g.clone();
    probe.models[me].power = 10;
    target_refusal(&probe, me, idx, t).is_none()
}

/// A beam n: the R`n` tool, R1 wide, its short side centred on and
/// tangent to the attacker's base, aimed at `aim`; does it touch `d`?
pub fn beam_touches(geo: &crate::content::GeometryConfig, from: Disc, aim: crate::geometry::Pt, d: Disc, n: u8) -> bool {
    let v = sub(aim, from.c);
    let l = len(v);
    if l < 1e-9 {
        return false;
    }
    let u = [v[0] / l, v[1] / l];
    let w = sub(d.c, from.c);
    let along_u = w[0] * u[0] + w[1] * u[1] - from.r;
    let across = (w[1] * u[0] - w[0] * u[1]).abs();
    let long = crate::geometry::range(geo, n);
    let half = crate::geometry::range(geo, 1) / 2.0;
    let dx = (-along_u).max(0.0).max(along_u - long);
    let dy = (across - half).max(0.0);
    dx.hypot(dy) <= d.r + geo.eps
}

/// Steps A4–A14 against one target, with the reactions taken when it was
/// targeted: extra defense dice, defense rerolls and cover (Take Cover).
#[allow(clippy::too_many_arguments)]
pub fn resolve_attack(g: &mut Crisis, me: usize, idx: usize, target: usize, rng: &mut GameRng, extra_def: u8, def_rerolls: u8, take_cover: bool) -> Vec<LogEntry> {
    let atk = &g.models[me].card().sides.healthy.attacks[idx];
    let geo = g.geo();
    let mut log = vec![LogEntry::public(format!("{} attacks {} with {}.", model_name(g, me), model_name(g, target), atk.name))];
    // A4, A5: the pools.
    let a_model = &g.models[me];
    let t_model = &g.models[target];
    let bonus = g.activation.as_ref().filter(|a| a.model == me).map_or(0, |a| i32::from(a.bonus_dice));
    let bonus = bonus + super::tactics::coordinated_dice(g, me, target);
    let mut a_n = i32::from(atk.strength) + bonus - i32::from(a_model.has(Condition::Shock));
    a_n = a_n.max(1);
    let contesting = g.tokens.iter().enumerate().any(|(t, _)| {
        let d = Disc { c: g.token_pos(t), r: geo.token_diameter / 2.0 };
        within(geo, dist_discs(t_model.disc(geo), d), 1)
    });
    let lead_dice: i32 = g
        .leadership(t_model.owner)
        .iter()
        .map(|p| if let Power::ContestingDefenseDice { n } = p { if contesting { i32::from(*n) } else { 0 } } else { 0 })
        .sum();
    let lead_dice = lead_dice + if contesting { i32::from(g.contest_defense[usize::from(t_model.owner)]) } else { 0 };
    let d_n = (i32::from(t_model.card().sides.healthy.defense.against(atk.kind)) + lead_dice + i32::from(extra_def) - i32::from(t_model.has(Condition::Incinerate))).max(1);
    // A6–A8: roll, crits add dice once.
    let mut a_dice = roll_pool(rng, a_n as usize, a_model.has(Condition::Hex));
    let mut d_dice = roll_pool(rng, d_n as usize, t_model.has(Condition::Hex));
    log.push(LogEntry::public(format!("Attack roll: {}. Defense roll: {}.", dice::show(&a_dice), dice::show(&d_dice))));
    // A9: attacker's own rerolls, then the defender's own and cover.
    let per_crit = if a_model.powers().any(|p| matches!(p, Power::RerollPerDefenderCrit {})) { count(&d_dice, Face::Critical) } else { 0 };
    let a_re = reroll(rng, &mut a_dice, ally_rerolls(g, me) + per_crit, Face::attack_success);
    let d_re = reroll(rng, &mut d_dice, ally_rerolls(g, target) + usize::from(def_rerolls), Face::defense_success);
    let ignore_cover = atk.rules.iter().any(|r| matches!(r.effect, Effect::IgnoreCover {}));
    let cover = !ignore_cover && (take_cover || has_cover(geo, a_model.disc(geo), t_model.disc(geo), g.eff_size(target), g.on(target), g.pieces()));
    if cover && let Some(d) = d_dice.iter_mut().find(|d| !d.defense_success() && **d != Face::Failure) {
        *d = Face::Block;
    }
    if a_re + d_re > 0 || cover {
        log.push(LogEntry::public(format!(
            "After {} attack and {} defense rerolls{}: {} against {}.",
            a_re,
            d_re,
            if cover { " and cover" } else { "" },
            dice::show(&a_dice),
            dice::show(&d_dice)
        )));
    }
    // A10: successes.
    let a_succ = a_dice.iter().filter(|d| d.attack_success()).count();
    let wild_double = t_model.powers().any(|p| matches!(p, Power::WildCountsDouble { against } if *against == atk.kind));
    let d_succ = d_dice.iter().filter(|d| d.defense_success()).count() + if wild_double { count(&d_dice, Face::Wild) } else { 0 };
    let net = a_succ.saturating_sub(d_succ);
    let shows = |icons: &[Icon]| {
        icons.iter().all(|i| match i {
            Icon::Critical => a_dice.contains(&Face::Critical),
            Icon::Wild => a_dice.contains(&Face::Wild),
        })
    };
    let rules = atk.rules.clone();
    let kind = atk.kind;
    let name = atk.name.clone();
    // A11: before damage.
    for r in rules.iter().filter(|r| r.when == When::BeforeDamage && shows(&r.icons)) {
        log.extend(resolve(g, me, target, &r.effect, 0, rng));
    }
    // A12: damage.
    let mut dealt = 0;
    if net > 0 && g.models[target].present() && !g.models[target].dazed {
        let reduce: usize = g.models[target].powers().map(|p| if let Power::ReduceDamage { n } = p { usize::from(*n) } else { 0 }).sum();
        let amount = net.saturating_sub(reduce);
        let left = g.models[target].stamina().saturating_sub(g.models[target].damage);
        dealt = (amount as u8).min(left);
        // The cause before its consequences: the damage, then Dazed or KO.
        log.push(successes_line(a_succ, d_succ, dealt));
        log.extend(suffer_attack(g, target, amount, kind));
    } else {
        log.push(successes_line(a_succ, d_succ, dealt));
    }
    // A14: after the attack.
    for r in rules.iter().filter(|r| r.when == When::AfterAttack && shows(&r.icons)) {
        log.extend(resolve(g, me, target, &r.effect, dealt, rng));
    }
    g.last_attack = Some(AttackRecord { attacker: me, target, attack: name, attack_dice: a_dice, defense_dice: d_dice, cover, damage: dealt });
    log
}

/// "3 successes against 1: 2 damage." (one success is singular).
fn successes_line(a_succ: usize, d_succ: usize, dealt: u8) -> LogEntry {
    LogEntry::public(format!("{} against {d_succ}: {dealt} damage.", plural(a_succ as i64, "success", "successes")))
}

/// Damage from an enemy attack: ⚡ for the target (unless Judgment), plus
/// powers like Aggressive.
fn suffer_attack(g: &mut Crisis, m: usize, amount: usize, _kind: AttackType) -> Vec<LogEntry> {
    let log = suffer(g, m, amount, true);
    if amount > 0 && g.models[m].present() {
        let extra: u8 = g.models[m].powers().map(|p| if let Power::PowerOnEnemyAttackDamage { n } = p { *n } else { 0 }).sum();
        if extra > 0 {
            g.models[m].gain_power(extra);
        }
    }
    log
}

/// A character suffers damage: capped by the Stamina left; ⚡ equal to it
/// when from an enemy effect (not with Judgment); at its Stamina a Healthy
/// character is Dazed (dropping its tokens), an Injured one KO'd.
pub fn suffer(g: &mut Crisis, m: usize, amount: usize, enemy: bool) -> Vec<LogEntry> {
    let mut log = Vec::new();
    let model = &mut g.models[m];
    if amount == 0 || !model.present() || model.dazed {
        return log;
    }
    let left = model.stamina().saturating_sub(model.damage);
    let dmg = (amount as u8).min(left);
    model.damage += dmg;
    if enemy && !model.has(Condition::Judgment) {
        model.gain_power(dmg);
    }
    if model.damage >= model.stamina() {
        if model.injured {
            if !super::reactions::last_stand_options(g, m).is_empty() {
                // Set aside until its player answers Last Stand.
                g.models[m].ko = true;
                g.reactions.push(crate::state::Reaction::LastStand { model: m });
                log.push(LogEntry::public(format!("{} would be KO'd.", model_name(g, m))));
                return log;
            }
            return knock_out(g, m);
        }
        model.dazed = true;
        drop_tokens(g, m);
        log.push(LogEntry::public(format!("{} is Dazed.", model_name(g, m))));
    }
    log
}

/// An Injured character is KO'd: removed, dropping its tokens.
pub fn knock_out(g: &mut Crisis, m: usize) -> Vec<LogEntry> {
    g.models[m].ko = true;
    drop_tokens(g, m);
    vec![LogEntry::public(format!("{} is KO'd.", model_name(g, m)))]
}

/// A Dazed or KO'd holder drops its tokens: where it stands, and (engine
/// version 3) the opponent then places each within R2 of it.
fn drop_tokens(g: &mut Crisis, m: usize) {
    let pos = g.models[m].pos;
    let r = g.models[m].disc(g.geo()).r;
    let place = crate::versions::v3(g);
    let seat = 1 - g.models[m].owner;
    for (i, t) in g.tokens.iter_mut().enumerate().filter(|(_, t)| t.holder == Some(m)) {
        t.holder = None;
        t.pos = pos;
        if place {
            g.reactions.push(crate::state::Reaction::PlaceToken { seat, token: i, from: pos, r });
        }
    }
}

/// One attack rule's effect.
fn resolve(g: &mut Crisis, me: usize, target: usize, e: &Effect, dealt: u8, rng: &mut GameRng) -> Vec<LogEntry> {
    let geo = g.geo();
    match e {
        Effect::GainPowerFromDamage {} => {
            let got = g.models[me].gain_power(dealt);
            if got > 0 { vec![LogEntry::public(format!("{} gains {got} power.", model_name(g, me)))] } else { Vec::new() }
        }
        Effect::GainCondition { condition } => {
            let t = &mut g.models[target];
            let immune = t.card().sides.healthy.immunities.contains(condition);
            if !t.present() || t.dazed || immune || t.has(*condition) {
                return Vec::new();
            }
            t.conditions.push(*condition);
            t.conditions.sort();
            vec![LogEntry::public(format!("{} gains {:?}.", model_name(g, target), condition))]
        }
        Effect::DamageNearby { range, amount } => {
            let td = g.models[target].disc(geo);
            let owner = g.models[target].owner;
            let near: Vec<usize> = (0..g.models.len())
                .filter(|&i| i != target && g.models[i].owner == owner && g.models[i].present() && !g.models[i].dazed)
                .filter(|&i| within(geo, dist_discs(td, g.models[i].disc(geo)), *range))
                .collect();
            let mut log = Vec::new();
            for i in near {
                log.push(LogEntry::public(format!("{} suffers {amount} from the blast.", model_name(g, i))));
                log.extend(suffer(g, i, usize::from(*amount), true));
            }
            log
        }
        Effect::Push { dir, n } => shove(g, me, target, *dir, *n, false, 6, rng),
        Effect::Throw { n, max_size } => shove(g, me, target, Dir::Away, *n, true, *max_size, rng),
        Effect::IgnoreCover {} | Effect::IgnoreLos {} => Vec::new(),
    }
}

/// A push (no collisions) or throw (collisions) of the target straight
/// away from or toward the attacker, stopping at the first base, terrain
/// or the table edge. A move that would end partly on the terrain the
/// target started on does not happen.
#[allow(clippy::too_many_arguments)]
pub fn shove(g: &mut Crisis, me: usize, target: usize, dir: Dir, n: u8, collide: bool, max_size: u8, rng: &mut GameRng) -> Vec<LogEntry> {
    let t = &g.models[target];
    if !t.present() || t.dazed || t.size() > max_size {
        return Vec::new();
    }
    let (from, to) = (g.models[me].pos, t.pos);
    let v = sub(to, from);
    let l = len(v);
    if l < 1e-9 {
        return Vec::new();
    }
    let u = match dir {
        Dir::Away => [v[0] / l, v[1] / l],
        Dir::Toward => [-v[0] / l, -v[1] / l],
    };
    shove_along(g, target, Some(me), u, n, collide, rng)
}

/// Moves the target straight along unit `u` with tool `n` (a throw when
/// `collide`), stopping at the first base, terrain or edge. The character
/// throwing or pushing (`by`) is ignored (engine version 5): the target
/// passes it when it can end clear of it, else stops against it with no
/// collision.
pub fn shove_along(g: &mut Crisis, target: usize, by: Option<usize>, u: crate::geometry::Pt, n: u8, collide: bool, rng: &mut GameRng) -> Vec<LogEntry> {
    let geo = g.geo();
    let t = &g.models[target];
    let d = t.disc(geo);
    let mut order: Vec<usize> = (0..g.models.len()).filter(|&i| i != target && g.models[i].present()).collect();
    let others: Vec<Disc> = order.iter().map(|&i| g.models[i].disc(geo)).collect();
    let on = g.on(target);
    let (mut end, mut hit) = movement::straight(geo, d, u, n, &others, g.pieces(), on);
    if let Some(b) = by.filter(|_| crate::versions::thrower_ignored(g))
        && let Hit::Base(i) = hit
        && order[i] == b
    {
        let past: Vec<usize> = order.iter().copied().filter(|&x| x != b).collect();
        let others: Vec<Disc> = past.iter().map(|&x| g.models[x].disc(geo)).collect();
        let (end2, hit2) = movement::straight(geo, d, u, n, &others, g.pieces(), on);
        if crate::geometry::discs_overlap(geo, Disc { c: end2, r: d.r }, g.models[b].disc(geo)) {
            hit = Hit::Nothing;
        } else {
            (end, hit, order) = (end2, hit2, past);
        }
    }
    let check = activation::with_mover(g, target, |mv| {
        let size = t.size();
        movement::end_position(geo, mv, Disc { c: end, r: d.r }, size)
    });
    if check.is_err() {
        return Vec::new();
    }
    g.models[target].pos = end;
    let verb = if collide { "thrown" } else { "pushed" };
    let mut log = vec![LogEntry::public(format!("{} is {verb} to ({:.1}, {:.1}).", model_name(g, target), end[0], end[1]))];
    if collide {
        match hit {
            Hit::Base(i) => {
                let other = order[i];
                log.push(LogEntry::public(format!("{} collides with {}.", model_name(g, target), model_name(g, other))));
                log.extend(suffer(g, target, 1, true));
                let dodge_dmg = usize::from(g.models[target].size()) + 1;
                log.extend(dodge(g, other, dodge_dmg, rng));
            }
            Hit::Terrain(j) => {
                log.push(LogEntry::public(format!("{} collides with terrain, the {}.", model_name(g, target), super::terrain::piece_name(g, j))));
                log.extend(suffer(g, target, 1, true));
                if crate::versions::v2(g) && g.pieces()[j].size < g.models[target].size() {
                    log.push(super::terrain::destroy(g, j));
                }
            }
            Hit::Edge | Hit::Nothing => {}
        }
    }
    log
}

/// Dodge (digest §1.5): physical defense dice, +1 per critical in the
/// initial roll (not Hexed); each critical, wild or block cancels 1.
pub fn dodge(g: &mut Crisis, m: usize, incoming: usize, rng: &mut GameRng) -> Vec<LogEntry> {
    let x = &g.models[m];
    if !x.present() || x.dazed {
        return Vec::new();
    }
    let n = usize::from(x.card().sides.healthy.defense.physical);
    let mut d = roll_pool(rng, n, x.has(Condition::Hex));
    let re = ally_rerolls(g, m);
    reroll(rng, &mut d, re, Face::defense_success);
    let saved = d.iter().filter(|f| f.defense_success()).count();
    let dmg = incoming.saturating_sub(saved);
    if dmg > 0 && !super::reactions::evasive_options(g, m, &d).is_empty() {
        g.reactions.push(crate::state::Reaction::Dodge { model: m, dice: d.clone(), incoming: incoming as u8 });
        return vec![LogEntry::public(format!("{} dodges: {}, and may reroll.", model_name(g, m), dice::show(&d)))];
    }
    let mut log = vec![LogEntry::public(format!("{} dodges: {}, suffering {dmg}.", model_name(g, m), dice::show(&d)))];
    log.extend(suffer(g, m, dmg, true));
    log
}
