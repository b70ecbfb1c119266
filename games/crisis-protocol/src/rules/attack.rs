//! The attack pipeline (Appendix A, digest §1.4–1.5): choose an attack
//! whose cost is payable, target an enemy in line of sight and range
//! ([`super::targeting`]), pay, build the attack and defense pools (Shock, Incinerate), roll, add a die
//! per critical in the initial roll (Hex: none), modify (the attacker's own
//! rerolls, then the defender's rerolls and cover), compare, resolve the
//! before-damage rules, deal damage (reductions, the Stamina cap, ⚡ from
//! enemy damage, Dazed and KO) and the after-attack rules gated by icons.
//!
//! Rerolls are taken for the player: each reroll goes to a die that is not
//! a success for its roller (never a failure, which can't be rerolled), the
//! only choice a player could gain by. Cover likewise turns a non-success
//! die into a block.
//!
//! Damage, Dazed and KO are [`super::damage`]'s, the reroll abilities
//! [`super::rerolls`]', and whether a window opens [`super::reactive`]'s;
//! the windows are answered in [`super::reactions`], which runs the
//! pipeline on ([`continue_attack`], [`after_counter`]).

use super::common::{Lines, model_name};
use super::damage::{dodge, suffer};
use super::dice::{count, roll_pool};
use super::rerolls::{ally_rerolls, check_picks, is_ally_source, reroll, reroll_picks, rerollable, sources};
use super::round::{after_action, resume};
use super::targeting::{beam_touches, target_refusal};
use super::victory::check_last_standing;
use crate::content::{AttackType, Condition, Dir, Effect, Icon, Power, RangeKind, When};
use crate::geometry::{Disc, Hit, dist_discs, has_cover, len, sub, within};
use crate::rules::dice::{self, Face};
use crate::rules::movement;
use crate::state::{AttackRecord, Crisis, PendingAttack};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat, plural, seat_verb};

/// An attack action.
pub fn attack(g: &mut Crisis, seat: Seat, idx: usize, target: usize, rng: &mut GameRng) -> Lines {
    let act = match &g.activation {
        Some(a) if g.turn == seat && g.phase == crate::state::Phase::Activation => a.clone(),
        _ => return Err(RuleError::not_your_turn("Attack", "attack during your own activation")),
    };
    if let Some(r) = super::common::action_refusal(g, &act, false) {
        return Err(RuleError::illegal("Attack", r));
    }
    if act.actions >= 2 {
        return Err(RuleError::illegal(
            "Adrenaline",
            format!(
                "{} has taken its two actions; the extra one from Adrenaline is not an attack",
                g.models[act.model].card().name
            ),
        ));
    }
    let me = act.model;
    if let Some(t) = g.models.get(target).filter(|t| t.dazed && t.present()) {
        return Err(RuleError::illegal(
            "Dazed",
            format!("{} is Dazed: a Dazed character can't be targeted", t.card().name),
        ));
    }
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
                    if kind == RangeKind::Beam {
                        beam_touches(geo, ad, aim, d, atk.range.n)
                    } else {
                        within(geo, dist_discs(ad, d), atk.range.n)
                    }
                })
                .collect()
        }
    };
    let owner = g.models[me].owner;
    let (allies, mut queue): (Vec<usize>, Vec<usize>) = members.into_iter().partition(|&t| g.models[t].owner == owner);
    // An attack whose text names its target first puts it first.
    let first = named_first(atk).then(|| queue.iter().position(|&t| t == target)).flatten().map(|i| {
        let t = queue.remove(i);
        queue.insert(0, t);
        t
    });
    // Version 6: the attacker chooses the order of several targets (the
    // others, when the named one goes first).
    let ordering = crate::versions::v6(g)
        && atk.range.kind != RangeKind::Normal
        && queue.len() - usize::from(first.is_some()) >= 2;
    g.pending_attack = Some(PendingAttack { queue, allies, ordering, first, ..PendingAttack::opening(me, idx) });
    if ordering {
        log.push(LogEntry::public(format!(
            "{} chooses the order in which the targets are attacked.",
            model_name(g, me)
        )));
        return log;
    }
    log.extend(continue_attack(g, rng));
    log
}

/// Whether a beam's or area's text attacks its named target first.
pub fn named_first(atk: &crate::content::Attack) -> bool {
    atk.range.kind != RangeKind::Normal && atk.rules.iter().any(|r| matches!(r.effect, Effect::NamedTargetFirst {}))
}

/// Beam and area attacks (core rules, "Beam Attacks": "These attacks are
/// resolved in the order of the attacking player's choice"): the attacker
/// orders the enemies in range (engine version 6). When the attack's text
/// names its target first, that one leads: `order` lists the others, or
/// all of them with the named one first.
pub fn order_targets(g: &mut Crisis, order: &[usize], rng: &mut GameRng) -> Lines {
    const RULE: &str = "Beam attacks";
    let Some(p) = g.pending_attack.as_ref().filter(|p| p.ordering) else {
        return Err(RuleError::not_your_turn(RULE, "no attack is waiting for the order of its targets"));
    };
    let name = |t: usize| g.models[t].card().name.clone();
    let order = match p.first {
        Some(f) if order.contains(&f) && order.first() != Some(&f) => {
            let atk = &g.models[p.attacker].card().sides.healthy.attacks[p.attack];
            return Err(RuleError::illegal(
                RULE,
                format!("{} is the named target of {}: it is attacked first", name(f), atk.name),
            ));
        }
        Some(f) if order.first() == Some(&f) => &order[1..],
        _ => order,
    };
    let rest: Vec<usize> = p.queue.iter().copied().filter(|&t| Some(t) != p.first).collect();
    let (mut want, mut got) = (rest.clone(), order.to_vec());
    want.sort_unstable();
    got.sort_unstable();
    if want != got {
        let names: Vec<String> = rest.iter().map(|&t| name(t)).collect();
        return Err(RuleError::illegal(
            RULE,
            format!("order every enemy in range once: {}", backroom_engine::and_list(&names)),
        ));
    }
    let p = g.pending_attack.as_mut().expect("checked");
    p.queue = p.first.into_iter().chain(order.iter().copied()).collect();
    p.ordering = false;
    let names: Vec<String> = p.queue.clone().iter().map(|&t| model_name(g, t)).collect();
    let mut log = vec![LogEntry::public(format!("Targets in order: {}.", names.join(", then ")))];
    log.extend(continue_attack(g, rng));
    Ok(log)
}

/// Runs the pending attack on: opens the next target's reaction window,
/// or resolves it when it has nothing to react with; when every target is
/// done, allies in range suffer 1 and the action ends.
pub fn continue_attack(g: &mut Crisis, rng: &mut GameRng) -> Vec<LogEntry> {
    let mut log = Vec::new();
    loop {
        let Some(p) = g.pending_attack.clone() else { return log };
        if p.ordering {
            return log;
        }
        if let Some(t) = p.current {
            match &p.modify {
                Some(_) => return log, // the modify step waits for a player
                None if crate::versions::v6(g) => {
                    log.extend(begin_modify(g, p.attacker, p.attack, t, rng, p.extra_defense, p.cover));
                    if !advance_modify(g) {
                        return log;
                    }
                    log.extend(end_modify(g, rng));
                }
                None => log.extend(resolve_attack(
                    g,
                    p.attacker,
                    p.attack,
                    t,
                    rng,
                    p.extra_defense,
                    p.defense_rerolls,
                    p.cover,
                )),
            }
            if target_done(g, t, &mut log) {
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
                log.extend(after_action(g));
            }
            return log;
        }
        let t = p.queue.remove(0);
        let live = g.models[t].present() && !g.models[t].dazed && target_refusal_free(g, p.attacker, p.attack, t);
        if live {
            p.current = Some(t);
        }
        let open = live && !super::reactive::available(g, t, &p.used).is_empty();
        g.pending_attack = Some(p);
        if open {
            log.push(LogEntry::public(format!("{} is targeted and may react.", model_name(g, t))));
            return log;
        }
    }
}

/// The attack on `t` has resolved: the window closes; true when the
/// after-attack window (strike back) opens and the attack waits on it.
fn target_done(g: &mut Crisis, t: usize, log: &mut Vec<LogEntry>) -> bool {
    if let Some(pa) = g.pending_attack.as_mut() {
        pa.current = None;
        pa.used.clear();
        pa.extra_defense = 0;
        pa.defense_rerolls = 0;
        pa.cover = false;
        pa.declared.clear();
        pa.modify = None;
    }
    if super::reactive::counters(g, t).is_empty() {
        return false;
    }
    if let Some(pa) = g.pending_attack.as_mut() {
        pa.after = Some(t);
    }
    log.push(LogEntry::public(format!("{} may strike back.", model_name(g, t))));
    true
}

/// [`target_refusal`] for a target of an attack already paid for (the
/// attacker may no longer hold the cost).
fn target_refusal_free(g: &Crisis, me: usize, idx: usize, t: usize) -> bool {
    let mut probe = g.clone();
    probe.models[me].power = 10;
    target_refusal(&probe, me, idx, t).is_none()
}

/// A4, A5: the attack and defense pools. Halving rounds up and comes
/// first (core rules: "Whenever a number is halved, always round the final
/// result up"), then dice are added and removed; a pool never drops below
/// one die.
fn pools(g: &Crisis, me: usize, idx: usize, target: usize, extra_def: u8) -> (usize, usize) {
    let atk = &g.models[me].card().sides.healthy.attacks[idx];
    let geo = g.geo();
    let (a_model, t_model) = (&g.models[me], &g.models[target]);
    let bonus = g.activation.as_ref().filter(|a| a.model == me).map_or(0, |a| i32::from(a.bonus_dice));
    let bonus = bonus + coordinated_dice(g, me, target);
    let a_n = crate::rules::dice::pool(atk.strength, false, bonus - i32::from(a_model.has(Condition::Shock)));
    let contesting = g.tokens.iter().enumerate().any(|(t, _)| {
        let d = Disc { c: g.token_pos(t), r: geo.token_diameter / 2.0 };
        within(geo, dist_discs(t_model.disc(geo), d), 1)
    });
    let lead_dice: i32 = g
        .leadership(t_model.owner)
        .iter()
        .map(
            |p| if let Power::ContestingDefenseDice { n } = p { if contesting { i32::from(*n) } else { 0 } } else { 0 },
        )
        .sum();
    let lead_dice = lead_dice + if contesting { i32::from(g.contest_defense[usize::from(t_model.owner)]) } else { 0 };
    let halve = atk.rules.iter().any(|r| matches!(r.effect, Effect::HalveDefense {}));
    let removed: i32 =
        atk.rules.iter().map(|r| if let Effect::RemoveDefenseDice { n } = r.effect { i32::from(n) } else { 0 }).sum();
    let d_n = crate::rules::dice::pool(
        t_model.card().sides.healthy.defense.against(atk.kind),
        halve,
        lead_dice + i32::from(extra_def) - i32::from(t_model.has(Condition::Incinerate)) - removed,
    );
    (a_n, d_n)
}

/// Attack dice from Coordinated Strike for `me` attacking `target`: one
/// per other ally within range of the target, at most the card's cap.
pub fn coordinated_dice(g: &Crisis, me: usize, target: usize) -> i32 {
    let Some([range, max]) = g.activation.as_ref().filter(|a| a.model == me).and_then(|a| a.coordinated) else {
        return 0;
    };
    let geo = g.geo();
    let td: Disc = g.models[target].disc(geo);
    let owner = g.models[me].owner;
    let n = (0..g.models.len())
        .filter(|&i| i != me && g.models[i].owner == owner && g.models[i].present() && !g.models[i].dazed)
        .filter(|&i| within(geo, dist_discs(td, g.models[i].disc(geo)), range))
        .count();
    i32::from(max).min(n as i32)
}

/// A6–A8: both rolls, a die per critical in the initial roll (Hex: none).
fn roll_both(
    g: &Crisis,
    me: usize,
    target: usize,
    a_n: usize,
    d_n: usize,
    rng: &mut GameRng,
) -> (Vec<Face>, Vec<Face>, LogEntry) {
    let a_dice = roll_pool(rng, a_n, g.models[me].has(Condition::Hex));
    let d_dice = roll_pool(rng, d_n, g.models[target].has(Condition::Hex));
    let line =
        LogEntry::public(format!("Attack roll: {}. Defense roll: {}.", dice::show(&a_dice), dice::show(&d_dice)));
    (a_dice, d_dice, line)
}

/// Steps A4–A14 against one target, with the reactions taken when it was
/// targeted: extra defense dice, defense rerolls and cover (Take Cover).
/// The modify step is the player's under engine version 6 ([`begin_modify`]);
/// here (earlier versions, and an attack made back or from Overwatch) the
/// rerolls are applied for the player in one pass.
#[allow(clippy::too_many_arguments, reason = "the attack's steps A1-A14 read each of these facts")]
pub fn resolve_attack(
    g: &mut Crisis,
    me: usize,
    idx: usize,
    target: usize,
    rng: &mut GameRng,
    extra_def: u8,
    def_rerolls: u8,
    take_cover: bool,
) -> Vec<LogEntry> {
    let atk = &g.models[me].card().sides.healthy.attacks[idx];
    let mut log =
        vec![LogEntry::public(format!("{} attacks {} with {}.", model_name(g, me), model_name(g, target), atk.name))];
    let (a_n, d_n) = pools(g, me, idx, target, extra_def);
    let (mut a_dice, mut d_dice, line) = roll_both(g, me, target, a_n, d_n, rng);
    log.push(line);
    // A9: attacker's own rerolls, then the defender's own and cover.
    let own: usize = sources(g, me, true, &d_dice)
        .iter()
        .filter(|(n, _)| !is_ally_source(g, me, n))
        .map(|(_, d)| usize::from(*d))
        .sum();
    let a_re = reroll(rng, &mut a_dice, ally_rerolls(g, me) + own, Face::attack_success);
    let d_re = reroll(rng, &mut d_dice, ally_rerolls(g, target) + usize::from(def_rerolls), Face::defense_success);
    let cover = cover_for(g, me, idx, target, take_cover);
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
    log.extend(finish_attack(g, me, idx, target, a_dice, d_dice, cover, rng));
    log
}

/// Whether the attack has cover against it (terrain or Take Cover).
fn cover_for(g: &Crisis, me: usize, idx: usize, target: usize, take_cover: bool) -> bool {
    let atk = &g.models[me].card().sides.healthy.attacks[idx];
    let geo = g.geo();
    let ignore_cover = atk.rules.iter().any(|r| matches!(r.effect, Effect::IgnoreCover {}));
    !ignore_cover
        && (take_cover
            || has_cover(
                geo,
                g.models[me].disc(geo),
                g.models[target].disc(geo),
                g.eff_size(target),
                g.on(target),
                g.pieces(),
            ))
}

/// A9 under engine version 6: rolls and opens the modify step with the
/// attacker's reroll abilities (a.i); the defender's follow (a.ii), then
/// cover.
#[allow(clippy::too_many_arguments, reason = "the attack's steps A1-A14 read each of these facts")]
fn begin_modify(
    g: &mut Crisis,
    me: usize,
    idx: usize,
    target: usize,
    rng: &mut GameRng,
    extra_def: u8,
    take_cover: bool,
) -> Vec<LogEntry> {
    let atk = &g.models[me].card().sides.healthy.attacks[idx];
    let mut log =
        vec![LogEntry::public(format!("{} attacks {} with {}.", model_name(g, me), model_name(g, target), atk.name))];
    let (a_n, d_n) = pools(g, me, idx, target, extra_def);
    let (a_dice, d_dice, line) = roll_both(g, me, target, a_n, d_n, rng);
    log.push(line);
    let src = sources(g, me, true, &d_dice);
    let cover = cover_for(g, me, idx, target, take_cover);
    let m = crate::state::Modify {
        attack_by: vec![Vec::new(); a_dice.len()],
        defense_by: vec![Vec::new(); d_dice.len()],
        attack_dice: a_dice,
        defense_dice: d_dice,
        defender: false,
        sources: src,
        cover,
        rerolled: [0, 0],
        side: None,
    };
    if let Some(p) = g.pending_attack.as_mut() {
        p.modify = Some(m);
    }
    log
}

/// An attack made with no reaction window of its own (engine version 7:
/// a strike back, an Overwatch attack): rolled, then modified through the
/// players' prompts like any attack. A strike back's modify step waits in
/// the attack it answers; an Overwatch attack gets a pending attack of its
/// own (nothing else waits then but the mover's action). Runs on to the
/// end when nobody has a reroll to choose.
pub fn begin_side(g: &mut Crisis, side: crate::state::SideAttack, rng: &mut GameRng) -> Vec<LogEntry> {
    let (me, idx, target) = (side.attacker, side.attack, side.target);
    let atk = &g.models[me].card().sides.healthy.attacks[idx];
    let mut log =
        vec![LogEntry::public(format!("{} attacks {} with {}.", model_name(g, me), model_name(g, target), atk.name))];
    let (a_n, d_n) = pools(g, me, idx, target, 0);
    let (a_dice, d_dice, line) = roll_both(g, me, target, a_n, d_n, rng);
    log.push(line);
    let m = crate::state::Modify {
        attack_by: vec![Vec::new(); a_dice.len()],
        defense_by: vec![Vec::new(); d_dice.len()],
        sources: sources(g, me, true, &d_dice),
        attack_dice: a_dice,
        defense_dice: d_dice,
        defender: false,
        cover: cover_for(g, me, idx, target, false),
        rerolled: [0, 0],
        side: Some(side.clone()),
    };
    match g.pending_attack.as_mut() {
        Some(p) if !side.overwatch => p.modify = Some(m),
        _ => g.pending_attack = Some(PendingAttack { modify: Some(m), ..PendingAttack::opening(me, idx) }),
    }
    if advance_modify(g) {
        log.extend(end_modify(g, rng));
    }
    log
}

/// Who attacks whom in the modify step under way: the side attack's
/// characters, else the pending attack's attacker and current target.
fn modify_roles(p: &PendingAttack) -> Option<(usize, usize, usize)> {
    match p.modify.as_ref()?.side.as_ref() {
        Some(s) => Some((s.attacker, s.attack, s.target)),
        None => Some((p.attacker, p.attack, p.current?)),
    }
}

/// Moves the modify step on past sides with nothing left to use; true
/// when it is over (the attacker's and then the defender's rerolls done).
fn advance_modify(g: &mut Crisis) -> bool {
    loop {
        let Some(p) = g.pending_attack.as_ref() else { return true };
        let Some(m) = p.modify.as_ref() else { return true };
        let (dice, by) = if m.defender { (&m.defense_dice, &m.defense_by) } else { (&m.attack_dice, &m.attack_by) };
        let usable = m.sources.iter().any(|(n, k)| *k > 0 && rerollable(dice, by, n).contains(&true));
        if usable {
            return false;
        }
        if m.defender {
            return true;
        }
        let (_, _, t) = modify_roles(p).expect("a target is being attacked");
        let mut srcs = sources(g, t, false, &m.attack_dice);
        let declared = if m.side.is_some() { &[][..] } else { &p.declared[..] };
        for (name, n) in declared {
            if !srcs.iter().any(|(k, _)| k == name) {
                srcs.push((name.clone(), *n));
            }
        }
        let m = g.pending_attack.as_mut().and_then(|p| p.modify.as_mut()).expect("checked");
        m.defender = true;
        m.sources = srcs;
    }
}

/// The seat choosing rerolls now, while the modify step waits.
pub fn modify_seat(g: &Crisis) -> Option<Seat> {
    let p = g.pending_attack.as_ref()?;
    let m = p.modify.as_ref()?;
    let (attacker, _, target) = modify_roles(p)?;
    let who = if m.defender { target } else { attacker };
    Some(g.models[who].owner)
}

/// A player's choice in the modify step: reroll `dice` (indices into its
/// own roll) with the named ability, or keep the dice (`None`).
pub fn reroll_choice(g: &mut Crisis, seat: Seat, ability: Option<&str>, picks: &[usize], rng: &mut GameRng) -> Lines {
    const RULE: &str = "Modifying dice";
    let Some(m) = g.pending_attack.as_ref().and_then(|p| p.modify.clone()) else {
        return Err(RuleError::not_your_turn(RULE, "no roll is being modified"));
    };
    if modify_seat(g) != Some(seat) {
        return Err(RuleError::not_your_turn(
            RULE,
            if m.defender { "the defender is modifying its dice" } else { "the attacker is modifying its dice" },
        ));
    }
    let side = if m.defender { "defense" } else { "attack" };
    let mut log = Vec::new();
    match ability {
        None => {
            if !picks.is_empty() {
                return Err(RuleError::illegal(RULE, "name the ability that rerolls these dice"));
            }
            log.push(LogEntry::public(format!("{} the {side} dice.", seat_verb(seat, "keeps", "keep"))));
            if let Some(mm) = g.pending_attack.as_mut().and_then(|p| p.modify.as_mut()) {
                mm.sources.clear();
            }
        }
        Some(name) => {
            let Some(&(_, n)) = m.sources.iter().find(|(k, _)| k == name) else {
                return Err(RuleError::illegal(RULE, format!("{name} has no reroll left for the {side} roll")));
            };
            let (dice, by) = if m.defender { (&m.defense_dice, &m.defense_by) } else { (&m.attack_dice, &m.attack_by) };
            check_picks(dice, by, name, n, picks, side)?;
            let mm = g.pending_attack.as_mut().and_then(|p| p.modify.as_mut()).expect("checked");
            let (dice, by, k) = if mm.defender {
                (&mut mm.defense_dice, &mut mm.defense_by, 1)
            } else {
                (&mut mm.attack_dice, &mut mm.attack_by, 0)
            };
            reroll_picks(dice, by, name, picks, rng);
            mm.rerolled[k] += picks.len() as u8;
            let shown = dice::show(dice);
            if let Some(s) = mm.sources.iter_mut().find(|(x, _)| x == name) {
                s.1 -= picks.len() as u8;
            }
            mm.sources.retain(|(_, left)| *left > 0);
            let which: Vec<String> = picks.iter().map(|i| (i + 1).to_string()).collect();
            log.push(LogEntry::public(format!(
                "{} {} {} with {name}: {side} roll {shown}.",
                seat_verb(seat, "rerolls", "reroll"),
                if picks.len() == 1 { "die" } else { "dice" },
                backroom_engine::and_list(&which)
            )));
        }
    }
    if advance_modify(g) {
        let t = g.pending_attack.as_ref().and_then(|p| p.current);
        log.extend(end_modify(g, rng));
        if let Some(t) = t
            && !target_done(g, t, &mut log)
        {
            log.extend(continue_attack(g, rng));
        }
    }
    Ok(log)
}

/// The modify step is over: cover, then A10–A14.
fn end_modify(g: &mut Crisis, rng: &mut GameRng) -> Vec<LogEntry> {
    let Some(p) = g.pending_attack.clone() else { return Vec::new() };
    let Some((attacker, idx, t)) = modify_roles(&p) else { return Vec::new() };
    let Some(mut m) = p.modify else { return Vec::new() };
    let mut log = Vec::new();
    if m.cover
        && let Some(d) = m.defense_dice.iter_mut().find(|d| !d.defense_success() && **d != Face::Failure)
    {
        *d = Face::Block;
    }
    if m.rerolled != [0, 0] || m.cover {
        log.push(LogEntry::public(format!(
            "After {} attack and {} defense rerolls{}: {} against {}.",
            m.rerolled[0],
            m.rerolled[1],
            if m.cover { " and cover" } else { "" },
            dice::show(&m.attack_dice),
            dice::show(&m.defense_dice)
        )));
    }
    log.extend(finish_attack(g, attacker, idx, t, m.attack_dice, m.defense_dice, m.cover, rng));
    match m.side {
        Some(side) if side.overwatch => {
            g.pending_attack = None;
            log.extend(after_action(g));
            resume(g, &mut log);
        }
        Some(_) => {
            if let Some(pa) = g.pending_attack.as_mut() {
                pa.modify = None;
            }
            log.extend(after_counter(g, rng));
        }
        None => {}
    }
    log
}

/// The after-attack window has closed (struck back or not): the attack
/// goes on to its next target, unless a side is gone.
pub fn after_counter(g: &mut Crisis, rng: &mut GameRng) -> Vec<LogEntry> {
    let mut log = Vec::new();
    if let Some(pa) = g.pending_attack.as_mut() {
        pa.after = None;
    }
    if check_last_standing(g, &mut log) {
        return log;
    }
    log.extend(continue_attack(g, rng));
    log
}

/// A10–A14: successes, before-damage rules, damage, after-attack rules.
#[allow(clippy::too_many_arguments, reason = "the attack's steps A1-A14 read each of these facts")]
fn finish_attack(
    g: &mut Crisis,
    me: usize,
    idx: usize,
    target: usize,
    a_dice: Vec<Face>,
    d_dice: Vec<Face>,
    cover: bool,
    rng: &mut GameRng,
) -> Vec<LogEntry> {
    let atk = &g.models[me].card().sides.healthy.attacks[idx];
    let t_model = &g.models[target];
    let mut log = Vec::new();
    // A10: successes.
    let a_succ = a_dice.iter().filter(|d| d.attack_success()).count();
    let wild_double =
        t_model.powers().any(|p| matches!(p, Power::WildCountsDouble { against } if *against == atk.kind));
    let d_succ = d_dice.iter().filter(|d| d.defense_success()).count()
        + if wild_double { count(&d_dice, Face::Wild) } else { 0 };
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
        let reduce: usize = g.models[target]
            .powers()
            .map(|p| if let Power::ReduceDamage { n } = p { usize::from(*n) } else { 0 })
            .sum();
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
    g.last_attack = Some(AttackRecord {
        attacker: me,
        target,
        attack: name,
        attack_dice: a_dice,
        defense_dice: d_dice,
        cover,
        damage: dealt,
    });
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
        let extra: u8 =
            g.models[m].powers().map(|p| if let Power::PowerOnEnemyAttackDamage { n } = p { *n } else { 0 }).sum();
        if extra > 0 {
            g.models[m].gain_power(extra);
        }
    }
    log
}

/// One attack rule's effect.
fn resolve(g: &mut Crisis, me: usize, target: usize, e: &Effect, dealt: u8, rng: &mut GameRng) -> Vec<LogEntry> {
    let geo = g.geo();
    match e {
        Effect::GainPowerFromDamage {} => {
            let got = g.models[me].gain_power(dealt);
            if got > 0 {
                vec![LogEntry::public(format!("{} gains {got} power.", model_name(g, me)))]
            } else {
                Vec::new()
            }
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
        Effect::IgnoreCover {}
        | Effect::IgnoreLos {}
        | Effect::HalveDefense {}
        | Effect::RemoveDefenseDice { .. }
        | Effect::NamedTargetFirst {} => Vec::new(),
    }
}

/// A push (no collisions) or throw (collisions) of the target straight
/// away from or toward the attacker, stopping at the first base, terrain
/// or the table edge. A move that would end partly on the terrain the
/// target started on does not happen.
#[allow(clippy::too_many_arguments, reason = "a shove is every fact of the throw the rulebook names")]
pub fn shove(
    g: &mut Crisis,
    me: usize,
    target: usize,
    dir: Dir,
    n: u8,
    collide: bool,
    max_size: u8,
    rng: &mut GameRng,
) -> Vec<LogEntry> {
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

/// Where a throw or push of `target` along unit `u` with tool `n` ends
/// and what it meets there (a model's index, not the list's), or `None`
/// when the end is no legal position (it then stays put). The character
/// throwing or pushing (`by`) is ignored (engine version 5): the target
/// passes it when it can end clear of it, else stops against it with no
/// collision. Pure: the map's preview of a throw reads it too.
pub fn shove_path(
    g: &Crisis,
    target: usize,
    by: Option<usize>,
    u: crate::geometry::Pt,
    n: u8,
) -> Option<(crate::geometry::Pt, Hit)> {
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
    let check =
        super::common::with_mover(g, target, |mv| movement::end_position(geo, mv, Disc { c: end, r: d.r }, t.size()));
    if check.is_err() {
        return None;
    }
    let hit = if let Hit::Base(i) = hit { Hit::Base(order[i]) } else { hit };
    Some((end, hit))
}

/// Moves the target straight along unit `u` with tool `n` (a throw when
/// `collide`), stopping at the first base, terrain or edge
/// ([`shove_path`]).
pub fn shove_along(
    g: &mut Crisis,
    target: usize,
    by: Option<usize>,
    u: crate::geometry::Pt,
    n: u8,
    collide: bool,
    rng: &mut GameRng,
) -> Vec<LogEntry> {
    let Some((end, hit)) = shove_path(g, target, by, u, n) else { return Vec::new() };
    g.models[target].pos = end;
    let verb = if collide { "thrown" } else { "pushed" };
    let mut log =
        vec![LogEntry::public(format!("{} is {verb} to ({:.1}, {:.1}).", model_name(g, target), end[0], end[1]))];
    if collide {
        match hit {
            Hit::Base(other) => {
                log.push(LogEntry::public(format!(
                    "{} collides with {}.",
                    model_name(g, target),
                    model_name(g, other)
                )));
                log.extend(suffer(g, target, 1, true));
                let dodge_dmg = usize::from(g.models[target].size()) + 1;
                log.extend(dodge(g, other, dodge_dmg, rng));
            }
            Hit::Terrain(j) => {
                log.push(LogEntry::public(format!(
                    "{} collides with terrain, the {}.",
                    model_name(g, target),
                    super::common::piece_name(g, j)
                )));
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
