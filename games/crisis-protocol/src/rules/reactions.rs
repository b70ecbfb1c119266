//! The TARGETED reaction window (Appendix A, after A2): when an enemy is
//! targeted, its player may use reactive superpowers and reactive Team
//! Tactic cards, each once per event, paying their ⚡ from the target
//! (Root: 1 more for a superpower). Card and stat-card texts are public,
//! so the window opens only when the target has something it can use.
//! Interpreted here: extra defense dice (Brace, Fortify), defense rerolls
//! declared when targeted (Danger Sense) and cover (Take Cover).
//!
//! The other reactions wait in a queue ([`Reaction`]), each answered by
//! its player before anyone else acts: Overwatch (an enemy ended an
//! advance near ready allies; the mover's action is counted once the
//! window closes), Evasive Roll (a dodge was rolled; its damage is
//! suffered once the window closes, after the effect that caused the
//! collision has finished) and Last Stand (an Injured character would be
//! KO'd; it is set aside, still holding its tokens, until the window
//! closes). While one waits, Cleanup waits too.

use super::attack::{after_counter, begin_side, continue_attack, resolve_attack};
use super::common::{Lines, model_name};
use super::damage::{knock_out, suffer};
use super::reactive::{
    available, counters, dodge_open, evasive_options, hand_card, last_stand_options, overwatch_options,
};
use super::rerolls::{check_picks, reroll_picks};
use super::round::{after_action, resume};
use crate::content::{Condition, Power, PowerKind, TacticEffect, content};
use crate::geometry::{dist_discs, within};
use crate::rules::dice::{self, Face};
use crate::state::{Crisis, Reaction};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat, seat_verb};

/// Why `key` is not among the reactions the target `t` may answer this
/// attack with ([`available`]): the fact that keeps it out.
fn reaction_refusal(g: &Crisis, t: usize, used: &[String], key: &str) -> String {
    let m = &g.models[t];
    let who = &m.card().name;
    let pay = |payer: &crate::state::Model, cost: u8, name: &str| {
        let extra = u8::from(payer.has(Condition::Root));
        (payer.power < cost + extra).then(|| {
            format!(
                "{name} costs {}{} power; {} has {}",
                cost + extra,
                if extra > 0 { " (Root adds 1)" } else { "" },
                payer.card().name,
                payer.power
            )
        })
    };
    if let Some(id) = key.strip_prefix("tactic:") {
        let Some(card) = content().tactic(id) else { return format!("there is no Team Tactic card {id}") };
        if !g.tactics[usize::from(m.owner)].iter().any(|c| c == id) {
            return format!("{} is not in your hand", card.name);
        }
        if used.iter().any(|u| u == id) {
            return format!("{} has been played against this attack already: once per event", card.name);
        }
        if card.kind != PowerKind::Reactive {
            return format!("{} is an active card, played on your turn, not when an ally is targeted", card.name);
        }
        if card.effects.iter().any(|e| matches!(e, TacticEffect::TakeCover {})) {
            return format!("{who} has cover already, or the attack ignores cover: {} adds nothing", card.name);
        }
        if !card.effects.iter().any(|e| matches!(e, TacticEffect::DefenseDice { .. })) {
            return format!("{} is not played when an ally is targeted", card.name);
        }
        if m.power < card.cost {
            return format!("{} costs {} power; {who} has {}", card.name, card.cost, m.power);
        }
        return format!("{} can't be played now", card.name);
    }
    if let Some(name) = key.strip_prefix("power:") {
        let Some(sp) = m.card().sides.healthy.superpowers.iter().find(|s| s.name == name) else {
            return format!("{who} has no superpower {name}");
        };
        if sp.kind != PowerKind::Reactive
            || !sp.effects.iter().any(|e| matches!(e, Power::DefenseDice { .. } | Power::RerollDefense { .. }))
        {
            return format!("{name} is not used when {who} is targeted");
        }
        if used.iter().any(|u| u == name) {
            return format!("{who} has used {name} against this attack: once per event");
        }
        return pay(m, sp.cost, name).unwrap_or_else(|| format!("{name} can't be used now"));
    }
    if let Some(rest) = key.strip_prefix("bodyguard:") {
        let (i, name) = rest.split_once(':').unwrap_or((rest, ""));
        let Some(x) = i.parse::<usize>().ok().and_then(|i| g.models.get(i)) else {
            return format!("there is no character {i}");
        };
        let Some(sp) = x.card().sides.healthy.superpowers.iter().find(|s| s.name == name) else {
            return format!("{} has no superpower {name}", x.card().name);
        };
        let Some(range) =
            sp.effects.iter().find_map(|e| if let Power::Bodyguard { range } = e { Some(*range) } else { None })
        else {
            return format!("{name} does not change the target");
        };
        if x.owner != m.owner {
            return format!("{} is an enemy of {who}", x.card().name);
        }
        if !x.present() || x.dazed {
            return format!("{} is {}", x.card().name, if x.dazed { "Dazed" } else { "not on the battlefield" });
        }
        if used.iter().any(|u| u == name) {
            return format!("{name} has been used against this attack: once per event");
        }
        if !super::reactive::against_normal_attack(g) {
            return format!("a beam or area attack's targets don't change: {name} can't be used against it");
        }
        let geo = g.geo();
        if !within(geo, dist_discs(x.disc(geo), m.disc(geo)), range) {
            return format!("{} is beyond R{range} of {who}: {name} works on an ally within R{range}", x.card().name);
        }
        return pay(x, sp.cost, name).unwrap_or_else(|| format!("{name} can't be used now"));
    }
    format!("there is no reaction {key}")
}

/// Why the target `t` can't strike back with `key` ([`counters`]).
fn counter_refusal(g: &Crisis, t: usize, key: &str) -> String {
    let m = &g.models[t];
    let name = key.strip_prefix("counter:").unwrap_or(key);
    let Some(sp) = m.card().sides.healthy.superpowers.iter().find(|s| s.name == name) else {
        return format!("{} has no superpower {name}", m.card().name);
    };
    let Some(range) =
        sp.effects.iter().find_map(|e| if let Power::CounterAttack { range, .. } = e { Some(*range) } else { None })
    else {
        return format!("{name} is not an attack back");
    };
    let Some(a) = g.pending_attack.as_ref().map(|p| &g.models[p.attacker]) else {
        return "no attack has resolved".into();
    };
    let geo = g.geo();
    let extra = u8::from(m.has(Condition::Root));
    if !a.present() || a.dazed {
        format!("{} is {}: there is nobody to strike back at", a.card().name, if a.dazed { "Dazed" } else { "gone" })
    } else if !within(geo, dist_discs(m.disc(geo), a.disc(geo)), range) {
        format!("{} is beyond R{range} of {}: {name} strikes back within R{range}", a.card().name, m.card().name)
    } else if m.power < sp.cost + extra {
        format!("{name} costs {} power; {} has {}", sp.cost + extra, m.card().name, m.power)
    } else {
        format!("{name} can't be used now")
    }
}

/// The after-attack window: strike back or let it go.
fn after_window(g: &mut Crisis, t: usize, with: Option<&str>, rng: &mut GameRng) -> Lines {
    let mut log = Vec::new();
    if let Some(key) = with {
        if !counters(g, t).iter().any(|(k, _)| k == key) {
            return Err(RuleError::illegal("Reactions", counter_refusal(g, t, key)));
        }
        let name = key.trim_start_matches("counter:");
        let sp = g.models[t].card().sides.healthy.superpowers.iter().find(|s| s.name == name).expect("offered");
        let Some(Power::CounterAttack { attack, .. }) =
            sp.effects.iter().find(|e| matches!(e, Power::CounterAttack { .. }))
        else {
            return Err(RuleError::illegal("Reactions", "not a counter-attack"));
        };
        let idx = g.models[t].card().sides.healthy.attacks.iter().position(|x| &x.name == attack).expect("offered");
        g.models[t].power -= sp.cost + u8::from(g.models[t].has(Condition::Root));
        let attacker = g.pending_attack.as_ref().map(|p| p.attacker).expect("open");
        log.push(LogEntry::public(format!("{} uses {name}.", model_name(g, t))));
        if crate::versions::v7(g) {
            // The strike back's modify step is the players'; the attack it
            // answers goes on when it ends (`after_counter`).
            log.extend(begin_side(
                g,
                crate::state::SideAttack { attacker: t, attack: idx, target: attacker, overwatch: false },
                rng,
            ));
            return Ok(log);
        }
        log.extend(resolve_attack(g, t, idx, attacker, rng, 0, 0, false));
    }
    log.extend(after_counter(g, rng));
    Ok(log)
}

/// Answers the window: a reaction (the window stays open for another) or
/// a decline (the attack on this target resolves).
pub fn react(g: &mut Crisis, seat: Seat, with: Option<&str>, rng: &mut GameRng) -> Lines {
    let Some(p) = g.pending_attack.clone() else {
        return Err(RuleError::not_your_turn("Reactions", "no attack is waiting"));
    };
    if let Some(t) = p.after {
        return after_window(g, t, with, rng);
    }
    let Some(t) = p.current else { return Err(RuleError::not_your_turn("Reactions", "no attack is waiting")) };
    let Some(key) = with else {
        let mut log = vec![LogEntry::public(format!("{} no more reactions.", seat_verb(seat, "makes", "make")))];
        log.extend(continue_attack(g, rng));
        return Ok(log);
    };
    if !available(g, t, &p.used).iter().any(|(k, _)| k == key) {
        return Err(RuleError::illegal("Reactions", reaction_refusal(g, t, &p.used, key)));
    }
    let m = &g.models[t];
    let mut log = Vec::new();
    let (mut dice, mut rerolls, mut cover) = (0u8, 0u8, false);
    let mut declared = None;
    if let Some(rest) = key.strip_prefix("bodyguard:") {
        let (i, name) = rest.split_once(':').expect("available");
        let i: usize = i.parse().expect("available");
        let sp = g.models[i].card().sides.healthy.superpowers.iter().find(|s| s.name == name).expect("available");
        g.models[i].power -= sp.cost + u8::from(g.models[i].has(Condition::Root));
        log.push(LogEntry::public(format!("{} uses {name} and becomes the target.", model_name(g, i))));
        if let Some(pa) = g.pending_attack.as_mut() {
            pa.current = Some(i);
            pa.used.push(name.to_string());
        }
        let used = g.pending_attack.as_ref().map(|p| p.used.clone()).unwrap_or_default();
        if available(g, i, &used).is_empty() {
            log.extend(continue_attack(g, rng));
        }
        return Ok(log);
    }
    if let Some(name) = key.strip_prefix("power:") {
        let sp = m.card().sides.healthy.superpowers.iter().find(|s| s.name == name).expect("available");
        let cost = sp.cost + u8::from(m.has(Condition::Root));
        for e in &sp.effects {
            match e {
                Power::DefenseDice { n } => dice += n,
                Power::RerollDefense { n } => {
                    rerolls += n;
                    declared = Some((name.to_string(), *n));
                }
                _ => {}
            }
        }
        g.models[t].power -= cost;
        log.push(LogEntry::public(format!("{} uses {name}.", model_name(g, t))));
    } else if let Some(id) = key.strip_prefix("tactic:") {
        let card = content().tactic(id).expect("available");
        for e in &card.effects {
            match e {
                TacticEffect::DefenseDice { n } => dice += n,
                TacticEffect::TakeCover {} => cover = true,
                _ => {}
            }
        }
        g.models[t].power -= card.cost;
        let hand = &mut g.tactics[usize::from(seat)];
        if let Some(i) = hand.iter().position(|c| c == id) {
            hand.remove(i);
        }
        g.discards.push(id.to_string());
        log.push(LogEntry::public(format!(
            "{} {}, paid by {}.",
            seat_verb(seat, "plays", "play"),
            card.name,
            model_name(g, t)
        )));
    }
    if let Some(pa) = g.pending_attack.as_mut() {
        pa.used.push(key.split_once(':').map_or(key, |(_, k)| k).to_string());
        pa.extra_defense += dice;
        pa.defense_rerolls += rerolls;
        pa.cover |= cover;
        pa.declared.extend(declared);
    }
    let used = g.pending_attack.as_ref().map(|p| p.used.clone()).unwrap_or_default();
    if available(g, t, &used).is_empty() {
        log.extend(continue_attack(g, rng));
    }
    Ok(log)
}

/// The seat that answers a queued reaction.
pub fn reaction_seat(g: &Crisis, r: &Reaction) -> Seat {
    match r {
        Reaction::Overwatch { seat, .. } | Reaction::PlaceToken { seat, .. } => *seat,
        Reaction::Dodge { model, .. } | Reaction::LastStand { model } => g.models[*model].owner,
    }
}

/// A dodge after a reroll (engine version 7): waits again while
/// [`dodge_open`], else its damage is suffered now.
fn settle_dodge(g: &mut Crisis, r: Reaction) -> Vec<LogEntry> {
    let Reaction::Dodge { model, dice, incoming, .. } = &r else { return Vec::new() };
    let (model, incoming) = (*model, usize::from(*incoming));
    if dodge_open(g, &r) {
        let line = LogEntry::public(format!("{} dodges: {}, and may reroll.", model_name(g, model), dice::show(dice)));
        g.reactions.insert(0, r);
        return vec![line];
    }
    let saved = dice.iter().filter(|f| f.defense_success()).count();
    let dmg = incoming.saturating_sub(saved);
    let mut log =
        vec![LogEntry::public(format!("{} dodges: {}, suffering {dmg}.", model_name(g, model), dice::show(dice)))];
    log.extend(suffer(g, model, dmg, true));
    log
}

/// The dodger's player rerolls dodge dice with one of its reroll
/// abilities (engine version 7), or keeps them (`None`: the damage is
/// suffered now).
pub fn dodge_reroll(g: &mut Crisis, seat: Seat, ability: Option<&str>, picks: &[usize], rng: &mut GameRng) -> Lines {
    const RULE: &str = "Modifying dice";
    let Some(Reaction::Dodge { model, dice: d, incoming, by, sources }) = g.reactions.first().cloned() else {
        return Err(RuleError::not_your_turn(RULE, "no dodge is being modified"));
    };
    let mut log = Vec::new();
    let r = match ability {
        None if !picks.is_empty() => return Err(RuleError::illegal(RULE, "name the ability that rerolls these dice")),
        None => {
            log.push(LogEntry::public(format!("{} the dodge dice.", seat_verb(seat, "keeps", "keep"))));
            Reaction::Dodge { model, dice: d, incoming, by, sources: Vec::new() }
        }
        Some(name) => {
            let Some(&(_, n)) = sources.iter().find(|(k, _)| k == name) else {
                return Err(RuleError::illegal(
                    RULE,
                    format!("{name} has no reroll left for {}'s dodge", g.models[model].card().name),
                ));
            };
            let (mut d, mut by, mut sources) = (d, by, sources);
            by.resize(d.len(), Vec::new());
            check_picks(&d, &by, name, n, picks, "dodge")?;
            reroll_picks(&mut d, &mut by, name, picks, rng);
            if let Some(s) = sources.iter_mut().find(|(x, _)| x == name) {
                s.1 -= picks.len() as u8;
            }
            sources.retain(|(_, left)| *left > 0);
            let which: Vec<String> = picks.iter().map(|i| (i + 1).to_string()).collect();
            log.push(LogEntry::public(format!(
                "{} {} {} with {name}: dodge roll {}.",
                seat_verb(seat, "rerolls", "reroll"),
                if picks.len() == 1 { "die" } else { "dice" },
                backroom_engine::and_list(&which),
                dice::show(&d)
            )));
            Reaction::Dodge { model, dice: d, incoming, by, sources }
        }
    };
    g.reactions.remove(0);
    if ability.is_none() {
        // Kept: Evasive Roll is declined with the dice.
        let Reaction::Dodge { model, dice, incoming, .. } = r else { unreachable!("built above") };
        let dmg = usize::from(incoming).saturating_sub(dice.iter().filter(|f| f.defense_success()).count());
        log.push(LogEntry::public(format!("{} dodges: {}, suffering {dmg}.", model_name(g, model), dice::show(&dice))));
        log.extend(suffer(g, model, dmg, true));
    } else {
        log.extend(settle_dodge(g, r));
    }
    resume(g, &mut log);
    Ok(log)
}

/// The options of the first queued reaction, and what the window is about.
pub fn queued_options(g: &Crisis) -> Option<(String, Vec<(String, String)>)> {
    let r = g.reactions.first()?;
    Some(match r {
        Reaction::Overwatch { seat, mover } => (
            format!("{} ended an advance: Overwatch?", g.models[*mover].card().name),
            overwatch_options(g, *seat, *mover),
        ),
        Reaction::Dodge { model, dice, .. } => {
            (format!("{} dodged: reroll?", g.models[*model].card().name), evasive_options(g, *model, dice))
        }
        Reaction::LastStand { model } => {
            (format!("{} would be KO'd: Last Stand?", g.models[*model].card().name), last_stand_options(g, *model))
        }
        Reaction::PlaceToken { .. } => ("Place the dropped token within R2".into(), Vec::new()),
    })
}

/// Plays reactive card `id` from `seat`'s hand, paid by `payer`.
fn discard(g: &mut Crisis, seat: Seat, id: &str, payer: usize) -> LogEntry {
    let card = content().tactic(id).expect("offered");
    g.models[payer].power -= card.cost;
    let hand = &mut g.tactics[usize::from(seat)];
    if let Some(i) = hand.iter().position(|c| c == id) {
        hand.remove(i);
    }
    g.discards.push(id.to_string());
    LogEntry::public(format!("{} {}, paid by {}.", seat_verb(seat, "plays", "play"), card.name, model_name(g, payer)))
}

/// Answers the first queued reaction, then lets the match run on.
pub fn answer(g: &mut Crisis, seat: Seat, with: Option<&str>, rng: &mut GameRng) -> Lines {
    let Some((_, options)) = queued_options(g) else {
        return Err(RuleError::not_your_turn("Reactions", "no reaction is waiting"));
    };
    if matches!(g.reactions.first(), Some(Reaction::PlaceToken { .. })) {
        return Err(RuleError::illegal("Objective tokens", "place the dropped token"));
    }
    if let Some(key) = with
        && !options.iter().any(|(k, _)| k == key)
    {
        let offered: Vec<String> = options.iter().map(|(_, label)| label.clone()).collect();
        let card = key.strip_prefix("tactic:").and_then(|id| content().tactic(id)).map_or(key, |c| c.name.as_str());
        let why = if offered.is_empty() {
            format!("{card} is not offered: nothing but declining is")
        } else {
            format!(
                "{card} is not offered (a card in your hand, for this trigger, that its payer can pay for, once per event); offered: {}",
                backroom_engine::and_list(&offered)
            )
        };
        return Err(RuleError::illegal("Reactions", why));
    }
    let r = g.reactions.remove(0);
    let mut log = Vec::new();
    if with.is_none() {
        log.push(LogEntry::public(format!("{} not to react.", seat_verb(seat, "chooses", "choose"))));
    }
    match r {
        Reaction::Overwatch { mover, .. } => {
            if let Some(key) = with {
                let mut parts = key.split(':').skip(1).map(|x| x.parse::<usize>().expect("offered"));
                let (ally, idx) = (parts.next().expect("offered"), parts.next().expect("offered"));
                let id = hand_card(g, seat, |e| matches!(e, TacticEffect::Overwatch { .. }).then_some(()))
                    .expect("offered")
                    .0
                    .id
                    .clone();
                log.push(discard(g, seat, &id, ally));
                if crate::versions::v7(g) {
                    // The mover's action is counted when the attack's
                    // modify step ends (`attack::end_modify`).
                    log.extend(begin_side(
                        g,
                        crate::state::SideAttack { attacker: ally, attack: idx, target: mover, overwatch: true },
                        rng,
                    ));
                    return Ok(log);
                }
                log.extend(resolve_attack(g, ally, idx, mover, rng, 0, 0, false));
            }
            log.extend(after_action(g));
        }
        Reaction::Dodge { model, mut dice, incoming, mut by, sources } => {
            if let Some(key) = with {
                let id = key.trim_start_matches("tactic:");
                log.push(discard(g, seat, id, model));
                let name = content().tactic(id).map_or(id, |c| c.name.as_str());
                by.resize(dice.len(), Vec::new());
                for (d, b) in
                    dice.iter_mut().zip(by.iter_mut()).filter(|(d, _)| !d.defense_success() && **d != Face::Failure)
                {
                    *d = dice::roll(rng);
                    b.push(name.to_string());
                }
                if crate::versions::v7(g) {
                    log.extend(settle_dodge(g, Reaction::Dodge { model, dice, incoming, by, sources }));
                    resume(g, &mut log);
                    return Ok(log);
                }
            }
            let saved = dice.iter().filter(|f| f.defense_success()).count();
            let dmg = usize::from(incoming).saturating_sub(saved);
            log.push(LogEntry::public(format!(
                "{} dodges: {}, suffering {dmg}.",
                model_name(g, model),
                dice::show(&dice)
            )));
            log.extend(suffer(g, model, dmg, true));
        }
        Reaction::LastStand { model } => {
            let saved = match with {
                Some(key) => {
                    let id = key.trim_start_matches("tactic:");
                    let n = content()
                        .tactic(id)
                        .and_then(|c| {
                            c.effects
                                .iter()
                                .find_map(|e| if let TacticEffect::LastStand { dice } = e { Some(*dice) } else { None })
                        })
                        .unwrap_or(0);
                    log.push(discard(g, seat, id, model));
                    let roll = dice::roll_n(rng, usize::from(n));
                    log.push(LogEntry::public(format!("Last Stand roll: {}.", dice::show(&roll))));
                    roll.iter().any(|d| matches!(d, Face::Critical | Face::Wild))
                }
                None => false,
            };
            if saved {
                let m = &mut g.models[model];
                m.ko = false;
                m.damage = m.stamina().saturating_sub(1);
                log.push(LogEntry::public(format!("{} stands, at 1 Stamina.", model_name(g, model))));
            } else {
                log.extend(knock_out(g, model));
            }
        }
        Reaction::PlaceToken { .. } => unreachable!("placed by `place_token`"),
    }
    resume(g, &mut log);
    Ok(log)
}

/// Why `at` is not a place for the dropped token waiting, if it is not:
/// on the table, within R2 of where its holder stood.
pub fn place_refusal(g: &Crisis, token: usize, at: crate::geometry::Pt) -> Option<&'static str> {
    let Some(Reaction::PlaceToken { token: t, from, r, .. }) = g.reactions.first() else {
        return Some("no dropped token is waiting");
    };
    let geo = g.geo();
    if *t != token {
        return Some("place the dropped token named in the prompt");
    }
    if !at.iter().all(|v| v.is_finite()) {
        return Some("the point holds a number that is not finite");
    }
    let tok = crate::geometry::Disc { c: at, r: geo.token_diameter / 2.0 };
    if !crate::geometry::on_table(geo, tok) {
        return Some("the token must lie on the table");
    }
    (!within(geo, dist_discs(crate::geometry::Disc { c: *from, r: *r }, tok), 2))
        .then_some("a dropped token is placed within R2 of its holder")
}

/// Points offered for the dropped token waiting: where the holder stood
/// and two rings of 16 within R2.
pub fn place_points(g: &Crisis) -> Vec<crate::geometry::Pt> {
    let Some(Reaction::PlaceToken { token, from, r, .. }) = g.reactions.first() else { return Vec::new() };
    let geo = g.geo();
    let far = crate::geometry::range(geo, 2) + r + geo.token_diameter / 2.0 - 0.01;
    let mut out = vec![crate::geometry::quantize_pt(*from)];
    for reach in [far, far / 2.0] {
        for k in 0..16 {
            let u = crate::geometry::unit(f64::from(k) * 22.5);
            out.push(crate::geometry::quantize_pt([from[0] + reach * u[0], from[1] + reach * u[1]]));
        }
    }
    out.retain(|p| place_refusal(g, *token, *p).is_none());
    out
}

/// The opponent places a dropped token.
pub fn place_token(g: &mut Crisis, token: usize, at: crate::geometry::Pt) -> Lines {
    let at = crate::geometry::quantize_pt(at);
    if let Some(why) = place_refusal(g, token, at) {
        return Err(RuleError::illegal("Objective tokens", why));
    }
    let Reaction::PlaceToken { seat, .. } = g.reactions.remove(0) else { unreachable!("checked") };
    g.tokens[token].pos = at;
    let card = g.crisis_card(g.tokens[token].crisis);
    let mut log = vec![LogEntry::public(format!(
        "{} {} token {} at ({:.1}, {:.1}).",
        seat_verb(seat, "places", "place"),
        card.name,
        g.tokens[token].index + 1,
        at[0],
        at[1]
    ))];
    resume(g, &mut log);
    Ok(log)
}
