//! Team Tactic cards (digest §1.3): chosen secretly with the squad (up to
//! 5, an affiliated card needs the squad's affiliation), revealed with it,
//! then played from the hand and discarded. The rulebook plays an Active
//! card "at any time during their turn". A card whose effect works on the
//! active character is played during the player's own activation, the
//! active character paying the ⚡ (house ruling 9); a card that names its
//! own payers (the rulebook's Cosmic Invigoration shape, house Second
//! Wind) is played any time in the player's turn, before activating or
//! passing too, and those characters pay. What a card does is data
//! ([`crate::content::TacticEffect`]). Reactive cards are played in the
//! reaction windows (`reactions`).

use super::common::{Lines, model_name};
use super::round::maybe_auto_end;
use crate::PowerChoice;
use crate::content::{PowerKind, Tactic, TacticEffect, content};
use crate::geometry::{dist_discs, within};
use crate::state::{Crisis, Phase};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat, seat_verb};

/// Whether the card is played during the player's own activation (its
/// effect works on the active character).
fn needs_activation(t: &Tactic) -> bool {
    t.effects.iter().any(TacticEffect::needs_activation)
}

/// Why `seat` can't play `card` now (before its choice), if it can't.
pub fn play_refusal(g: &Crisis, seat: Seat, card: &str) -> Option<String> {
    let Some(t) = content().tactic(card) else { return Some(format!("no Team Tactic card {card}")) };
    if !g.tactics[usize::from(seat)].iter().any(|c| c == card) {
        return Some(format!("{} is not in your hand", t.name));
    }
    if t.kind != PowerKind::Active || t.effects.is_empty() {
        return Some(format!("{} is a reactive card: it is played only when its trigger happens", t.name));
    }
    if g.phase != Phase::Activation || g.turn != seat {
        return Some(format!(
            "an active card is played during your own turn, and it is not your turn ({} is played in the Activation phase)",
            t.name
        ));
    }
    if !needs_activation(t) {
        return payers_refusal(g, seat, t);
    }
    let Some(a) = g.activation.as_ref() else {
        return Some(format!("{} works on the active character: activate a character first", t.name));
    };
    let m = &g.models[a.model];
    if m.power < t.cost {
        return Some(format!("{} costs {} power; {} has {}", t.name, t.cost, m.card().name, m.power));
    }
    None
}

/// The character a card names as a payer (Lifeline for Second Wind) among
/// `seat`'s, on the battlefield, if any.
fn named(g: &Crisis, seat: Seat, id: &str) -> Option<usize> {
    (0..g.models.len()).find(|&i| g.models[i].owner == seat && g.models[i].card == id && g.models[i].present())
}

/// Why the characters a card names can't pay for it now, before the ally
/// is chosen (the named one absent, Dazed or short of ⚡; no ally qualifies).
fn payers_refusal(g: &Crisis, seat: Seat, t: &Tactic) -> Option<String> {
    for e in &t.effects {
        if let TacticEffect::ReadyAlly { with, each, .. } = e {
            let name = content().character(with).map_or(with.as_str(), |c| c.name.as_str());
            let Some(n) = named(g, seat, with) else {
                return Some(format!("{} needs {name}, who is not on the battlefield", t.name));
            };
            if g.models[n].dazed {
                return Some(format!("{name} is Dazed: a Dazed character plays no Team Tactic cards"));
            }
            if g.models[n].power < *each {
                return Some(format!(
                    "{} costs {each} power from {name} and from the ally; {name} has {}",
                    t.name, g.models[n].power
                ));
            }
            if !(0..g.models.len()).any(|x| ready_ally_refusal(g, seat, t, x).is_none()) {
                return Some(format!(
                    "{} needs another ally with an Activated token within R{} of {name}, with {each} power to pay; none is",
                    t.name,
                    ready_range(t)
                ));
            }
        }
    }
    None
}

fn ready_range(t: &Tactic) -> u8 {
    t.effects
        .iter()
        .find_map(|e| if let TacticEffect::ReadyAlly { range, .. } = e { Some(*range) } else { None })
        .unwrap_or(0)
}

/// Why `x` can't be the ally a readying card names, if it can't.
fn ready_ally_refusal(g: &Crisis, seat: Seat, t: &Tactic, x: usize) -> Option<String> {
    let TacticEffect::ReadyAlly { with, range, each, .. } =
        t.effects.iter().find(|e| matches!(e, TacticEffect::ReadyAlly { .. }))?
    else {
        return None;
    };
    let name = content().character(with).map_or(with.as_str(), |c| c.name.as_str());
    let Some(n) = named(g, seat, with) else {
        return Some(format!("{} needs {name}, who is not on the battlefield", t.name));
    };
    let Some(m) = g.models.get(x) else { return Some(format!("there is no character {x}")) };
    let who = &m.card().name;
    if m.owner != seat {
        return Some(format!("{who} is an enemy: {} readies an allied character", t.name));
    }
    if x == n {
        return Some(format!("{} readies another allied character than {name}", t.name));
    }
    if !m.present() {
        return Some(format!("{who} is not on the battlefield"));
    }
    if m.dazed {
        return Some(format!("{who} is Dazed: its Dazed token stays whatever the card does"));
    }
    if !m.activated {
        return Some(format!("{who} has no Activated token to remove"));
    }
    let geo = g.geo();
    if !within(geo, dist_discs(g.models[n].disc(geo), m.disc(geo)), *range) {
        return Some(format!("{who} is not within R{range} of {name}"));
    }
    if m.power < *each {
        return Some(format!("{} costs {each} power from each of the two; {who} has {}", t.name, m.power));
    }
    None
}

/// Whether the card names something (a piece and direction, an ally and a token).
pub fn needs_choice(t: &Tactic) -> bool {
    t.effects.iter().any(|e| {
        matches!(
            e,
            TacticEffect::ThrowTerrain { .. }
                | TacticEffect::PassToken { .. }
                | TacticEffect::ReadyAlly { .. }
                | TacticEffect::Transform {}
        )
    })
}

/// Why the choice doesn't work for the card, if it doesn't.
pub fn choice_refusal(g: &Crisis, seat: Seat, t: &Tactic, c: &PowerChoice) -> Option<String> {
    if !needs_activation(t) {
        return match c.target {
            None => Some(format!("name the allied character {} readies", t.name)),
            Some(x) => ready_ally_refusal(g, seat, t, x),
        };
    }
    let m = g.activation.as_ref()?.model;
    let geo = g.geo();
    for e in &t.effects {
        let why = match e {
            TacticEffect::ThrowTerrain { range, max_size, .. } => {
                super::terrain::throw_refusal(g, m, c.piece, c.angle, *range, *max_size)
            }
            TacticEffect::Transform {} => match super::powers::transform_form(g, m) {
                None => Some(format!(
                    "{} has no Transform superpower: {} Transforms a character only as its card describes",
                    g.models[m].card().name,
                    t.name
                )),
                Some(into) => super::powers::transform_refusal(g, m, into, c.point),
            },
            TacticEffect::PassToken { range } => {
                let tok = c.token.filter(|&k| g.tokens.get(k).is_some_and(|x| x.holder == Some(m)));
                let ally = c.target.filter(|&x| {
                    x != m && g.models.get(x).is_some_and(|y| y.owner == g.models[m].owner && y.present() && !y.dazed)
                });
                match (tok, ally) {
                    (None, _) if g.held_by(m).next().is_none() => {
                        Some(format!("{} holds no token to pass", g.models[m].card().name))
                    }
                    (None, _) => Some(format!("name a token {} holds", g.models[m].card().name)),
                    (_, None) => Some(match c.target.and_then(|x| g.models.get(x)) {
                        Some(y) if y.owner != g.models[m].owner => {
                            format!("{} is an enemy: the token passes to an ally", y.card().name)
                        }
                        Some(y) if y.dazed => {
                            format!("{} is Dazed: a Dazed character can't hold tokens", y.card().name)
                        }
                        Some(y) if !y.present() => format!("{} is not on the battlefield", y.card().name),
                        Some(_) => format!("{} holds the token already: name another ally", g.models[m].card().name),
                        None => "name the ally to pass the token to".into(),
                    }),
                    (Some(k), Some(x)) => {
                        let card = g.crisis_card(g.tokens[k].crisis);
                        if !within(geo, dist_discs(g.models[m].disc(geo), g.models[x].disc(geo)), *range) {
                            Some(format!(
                                "{} is beyond R{range} of {}: the token passes to an ally within R{range}",
                                g.models[x].card().name,
                                g.models[m].card().name
                            ))
                        } else if card.carry.is_some_and(|cap| {
                            g.held_by(x).filter(|h| g.tokens[*h].crisis == g.tokens[k].crisis).count()
                                >= usize::from(cap)
                        }) {
                            Some("that ally holds as many of these tokens as it may".into())
                        } else {
                            None
                        }
                    }
                }
            }
            _ => None,
        };
        if why.is_some() {
            return why;
        }
    }
    None
}

/// The choices a card offers now (empty for a card that names nothing).
pub fn choices(g: &Crisis, seat: Seat, t: &Tactic) -> Vec<(PowerChoice, String)> {
    if !needs_activation(t) {
        return (0..g.models.len())
            .filter(|&x| ready_ally_refusal(g, seat, t, x).is_none())
            .map(|x| {
                (
                    PowerChoice { target: Some(x), ..PowerChoice::default() },
                    format!("ready {}", g.models[x].card().name),
                )
            })
            .collect();
    }
    let Some(m) = g.activation.as_ref().map(|a| a.model) else { return Vec::new() };
    let mut out = Vec::new();
    for e in &t.effects {
        match e {
            TacticEffect::ThrowTerrain { range, max_size, n } => {
                for (i, angle) in super::terrain::throw_choices(g, m, *range, *max_size) {
                    let what = super::terrain::throw_preview(g, m, i, angle, *n);
                    out.push((
                        PowerChoice { piece: Some(i), angle: Some(angle), ..PowerChoice::default() },
                        format!("the {} toward {angle} degrees: {what}", super::common::piece_name(g, i)),
                    ));
                }
            }
            TacticEffect::Transform {} => {
                if let Some(into) = super::powers::transform_form(g, m) {
                    out.extend(super::powers::transform_points(g, m, into));
                }
            }
            TacticEffect::PassToken { .. } => {
                for k in g.held_by(m).collect::<Vec<_>>() {
                    for x in 0..g.models.len() {
                        let c = PowerChoice { target: Some(x), token: Some(k), ..PowerChoice::default() };
                        out.push((
                            c,
                            format!(
                                "{} token {} to {}",
                                g.crisis_card(g.tokens[k].crisis).name,
                                g.tokens[k].index + 1,
                                g.models[x].card().name
                            ),
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    out.retain(|(c, _)| choice_refusal(g, seat, t, c).is_none());
    out
}

/// Plays a card from the hand.
pub fn play(g: &mut Crisis, seat: Seat, card: &str, choice: &PowerChoice, rng: &mut GameRng) -> Lines {
    if let Some(r) = play_refusal(g, seat, card) {
        let code =
            if g.turn == seat && g.phase == Phase::Activation { RuleError::illegal } else { RuleError::not_your_turn };
        return Err(code("Team Tactic cards", r));
    }
    let t = content().tactic(card).expect("checked");
    if let Some(r) = choice_refusal(g, seat, t, choice) {
        return Err(RuleError::illegal("Team Tactic cards", r));
    }
    let hand = &mut g.tactics[usize::from(seat)];
    if let Some(i) = hand.iter().position(|c| c == card) {
        hand.remove(i);
    }
    g.discards.push(card.to_string());
    if !needs_activation(t) {
        return Ok(ready_ally(g, seat, t, choice.target.expect("checked"), rng));
    }
    let m = g.activation.as_ref().expect("checked").model;
    g.models[m].power -= t.cost;
    let mut log = vec![LogEntry::public(format!(
        "{} {}, paid by {}.",
        seat_verb(seat, "plays", "play"),
        t.name,
        model_name(g, m)
    ))];
    let geo = g.geo();
    for e in &t.effects {
        match e {
            TacticEffect::ExtraAction {} => {
                if let Some(a) = g.activation.as_mut() {
                    a.extra_actions += 1;
                }
            }
            TacticEffect::InteractRange { range } => {
                if let Some(a) = g.activation.as_mut() {
                    a.interact_range = a.interact_range.max(*range);
                }
            }
            TacticEffect::ShakeAllies { range } => {
                let me = g.models[m].disc(geo);
                for i in 0..g.models.len() {
                    let x = &g.models[i];
                    if x.owner == seat
                        && x.present()
                        && !x.dazed
                        && !x.conditions.is_empty()
                        && within(geo, dist_discs(me, x.disc(geo)), *range)
                    {
                        let c = g.models[i].conditions.remove(0);
                        log.push(LogEntry::public(format!("{} shakes off {c:?}.", model_name(g, i))));
                    }
                }
            }
            TacticEffect::ThrowTerrain { n, .. } => {
                log.extend(super::terrain::throw_terrain(
                    g,
                    m,
                    choice.piece.expect("checked"),
                    choice.angle.expect("checked"),
                    *n,
                    rng,
                ));
            }
            TacticEffect::AttackDicePerAllyNearTarget { range, max } => {
                if let Some(a) = g.activation.as_mut() {
                    a.coordinated = Some([*range, *max]);
                }
            }
            TacticEffect::ContestingDefenseDice { n } => {
                g.contest_defense[usize::from(seat)] += n;
            }
            TacticEffect::PassToken { .. } => {
                let (k, x) = (choice.token.expect("checked"), choice.target.expect("checked"));
                g.tokens[k].holder = Some(x);
                log.push(LogEntry::public(format!(
                    "{} passes {} token {} to {}.",
                    model_name(g, m),
                    g.crisis_card(g.tokens[k].crisis).name,
                    g.tokens[k].index + 1,
                    model_name(g, x)
                )));
            }
            TacticEffect::Transform {} => {
                let into = super::powers::transform_form(g, m).expect("checked");
                log.extend(super::powers::transform(
                    g,
                    m,
                    into,
                    crate::geometry::quantize_pt(choice.point.expect("checked")),
                ));
            }
            TacticEffect::DefenseDice { .. }
            | TacticEffect::TakeCover {}
            | TacticEffect::RerollDodge {}
            | TacticEffect::Overwatch { .. }
            | TacticEffect::LastStand { .. }
            | TacticEffect::ReadyAlly { .. } => {}
        }
    }
    let mut done = Vec::new();
    if super::victory::check_last_standing(g, &mut done) {
        log.extend(done);
        return Ok(log);
    }
    if g.activation.is_some() && g.reactions.is_empty() {
        log.extend(maybe_auto_end(g));
    }
    Ok(log)
}

/// A readying card played (checked): the named character and the ally pay,
/// the ally's Activated token goes, then the dice are rolled for its
/// damage (not an enemy effect, so no ⚡).
fn ready_ally(g: &mut Crisis, seat: Seat, t: &Tactic, x: usize, rng: &mut GameRng) -> Vec<LogEntry> {
    let Some(TacticEffect::ReadyAlly { with, each, dice, .. }) =
        t.effects.iter().find(|e| matches!(e, TacticEffect::ReadyAlly { .. }))
    else {
        return Vec::new();
    };
    let n = named(g, seat, with).expect("checked");
    g.models[n].power -= each;
    g.models[x].power -= each;
    g.models[x].activated = false;
    let mut log = vec![LogEntry::public(format!(
        "{} {}: {} and {} pay {each} power each; {} is ready again.",
        seat_verb(seat, "plays", "play"),
        t.name,
        model_name(g, n),
        model_name(g, x),
        model_name(g, x)
    ))];
    let roll = crate::rules::dice::roll_n(rng, usize::from(*dice));
    let hits = roll.iter().filter(|d| d.attack_success()).count();
    log.push(LogEntry::public(format!(
        "{} rolls {}: {} suffers {hits} damage.",
        t.name,
        crate::rules::dice::show(&roll),
        model_name(g, x)
    )));
    log.extend(super::damage::suffer(g, x, hits, false));
    let mut done = Vec::new();
    if super::victory::check_last_standing(g, &mut done) {
        log.extend(done);
        return log;
    }
    if g.activation.is_some() && g.reactions.is_empty() {
        log.extend(maybe_auto_end(g));
    }
    log
}
