//! Deploy and move activations asked step by step, never as a cross
//! product: first the units (each shown with its facts: cost here,
//! influence, attack, toughness; the deploy limit stated), then how much
//! energy to spend, resources paying the rest (R21: the split is the
//! player's). Energy first is the default: energy comes back every Start
//! Phase and resources do not, so it is the cheapest way to pay.
//!
//! The actions are `deploy` and `move`: the units and an energy ceiling.
//! Each resolves to the same [`Activation`] a whole candidate carries (the
//! bot's, and every stored match's `activate`), priced by one trial on a
//! copy (`state::Quote`), so the rules check it exactly as before. The
//! resolving is the rules' own ([`crate::rules::paying_costs`]): this
//! module only asks.

use crate::action::Action;
use crate::action::choices::{Activation, DeployPick};
use crate::content::effect::{TokenType, UnitType};
use crate::content::{AreaId, UnitStats, content};
use crate::rules::apply_to;
use crate::rules::paying_costs::{quote_skill_deploy, resolve};
use crate::rules::skill_abilities::deploy_from_reserve;
use crate::state::payment::Payment;
use crate::state::{UnitUid, Villains};
use backroom_engine::{Ask, GameRng, Input, Opt, Seat};

/// Whether the rules accept this activation now, and why not.
fn works(state: &Villains, seat: Seat, make: &dyn Fn(Payment) -> Activation) -> Result<(), String> {
    let max = state.players[seat as usize].energy;
    let a = resolve(apply_to, state, seat, max, make).map_err(|e| e.message)?;
    let mut t = state.clone();
    apply_to(&mut t, seat, &Action::Activate { activation: a }, &mut GameRng::seeded(0))
        .map(|_| ())
        .map_err(|e| e.message)
}

/// A unit's facts: its cost here (surcharges included), influence, attack
/// dice and toughness.
fn unit_opt(value: serde_json::Value, label: String, stats: &UnitStats, cost: u32) -> Opt {
    let dice = if stats.attack.is_empty() {
        "none".to_string()
    } else {
        stats.attack.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
    };
    Opt::new(value, label)
        .fact("Cost", cost)
        .fact("Influence", stats.influence)
        .fact("Attack", dice)
        .fact("Toughness", if stats.toughness { "yes" } else { "no" })
}

/// The energy step: at most the player's energy, all of it by default.
fn energy_step(ask: Ask, state: &Villains, seat: Seat) -> Ask {
    let p = &state.players[seat as usize];
    let label = if p.resources == 0 {
        "Energy to spend (you have no resources)".to_string()
    } else {
        format!("Energy to spend, at most ({} resources pay the rest)", p.resources)
    };
    ask.param("energy", label, Input::Number { min: 0, max: i64::from(p.energy) }).default_to(p.energy)
}

/// The deploy step of the token revealed in `area`: units from the reserve
/// (each type up to as many as may come) and units in play to re-deploy.
pub(crate) fn deploy_ask(state: &Villains, seat: Seat, area: AreaId) -> Option<Ask> {
    if !crate::rules::action_tokens::can_act_as(state, seat, Some(TokenType::Deploy)) {
        return None;
    }
    let faction = state.faction_of(seat);
    let (limit, extra) = crate::rules::action_tokens::deploy_allowance(state, seat);
    let surcharge = u32::from(crate::rules::units::entry_surcharge(state, seat, area, false));
    let p = &state.players[seat as usize];
    let mut options = Vec::new();
    let mut most = 0usize;
    for (kind, n) in p.reserve_units.iter().filter(|(_, n)| **n > 0) {
        let Some(stats) = faction.unit(*kind) else { continue };
        let room = limit.map_or(usize::from(*n), |l| l + if *kind == UnitType::Patsy { extra } else { 0 });
        let up_to = usize::from(*n).min(room);
        most += up_to;
        let pick = DeployPick { kind: *kind, from: None, stay_wounded: false };
        let o = unit_opt(
            serde_json::to_value(pick).expect("serializes"),
            in_reserve(state, seat, *kind),
            &stats,
            u32::from(stats.cost) + surcharge,
        )
        .up_to(u32::try_from(up_to).unwrap_or(1));
        let why = works(state, seat, &|pay| Activation::Deploy { units: vec![pick], payment: pay });
        options.push(o.disabled_if(why.is_err(), || why.clone().unwrap_err()));
    }
    for (from, u) in state.units_of(seat) {
        let Some(stats) = faction.unit(u.kind) else { continue };
        most += 1;
        let pick = DeployPick { kind: u.kind, from: Some(u.uid), stay_wounded: false };
        let name = crate::rules::units::unit_name(state, seat, u.kind);
        let label =
            format!("Re-deploy the {name} in {}{}", from.area().name, if u.wounded { " (wounded)" } else { "" });
        let o =
            unit_opt(serde_json::to_value(pick).expect("serializes"), label, &stats, u32::from(stats.cost) + surcharge);
        let why = works(state, seat, &|pay| Activation::Deploy { units: vec![pick], payment: pay });
        options.push(o.disabled_if(why.is_err(), || why.clone().unwrap_err()));
    }
    if !options.iter().any(Opt::enabled) {
        return None;
    }
    let max = limit.map_or(most, |l| (l + extra).min(most)).max(1);
    let rule = match (limit, extra) {
        (None, _) => "no deploy limit".to_string(),
        (Some(l), 0) => format!("your deploy limit is {l}"),
        (Some(l), x) => format!("your deploy limit is {l}, and {x} more if patsies"),
    };
    let units = format!("Units to deploy into {} ({rule}; re-deploying counts too)", area.area().name);
    let ask = Ask::new("deploy", "Deploy units").param(
        "units",
        units,
        Input::Many { options, min: 1, max: u32::try_from(max).unwrap_or(u32::MAX) },
    );
    Some(energy_step(ask, state, seat))
}

/// The move step of the token revealed in `area`: any of the player's
/// units in the adjacent areas, some or all.
pub(crate) fn move_ask(state: &Villains, seat: Seat, area: AreaId) -> Option<Ask> {
    if !crate::rules::action_tokens::can_act_as(state, seat, Some(TokenType::Move)) {
        return None;
    }
    let faction = state.faction_of(seat);
    let surcharge = u32::from(crate::rules::units::entry_surcharge(state, seat, area, false));
    let mut options = Vec::new();
    for from in content().adjacent(area) {
        for u in state.area(*from).units.iter().filter(|u| u.owner == seat) {
            let Some(stats) = faction.unit(u.kind) else { continue };
            let name = crate::rules::units::unit_name(state, seat, u.kind);
            let label = format!("{name} from {}{}", from.area().name, if u.wounded { " (wounded)" } else { "" });
            let uid: UnitUid = u.uid;
            let o = unit_opt(serde_json::to_value(uid).expect("serializes"), label, &stats, surcharge);
            let why = works(state, seat, &|pay| Activation::Move { units: vec![uid], payment: pay });
            options.push(o.disabled_if(why.is_err(), || why.clone().unwrap_err()));
        }
    }
    if !options.iter().any(Opt::enabled) {
        return None;
    }
    let max = u32::try_from(options.len()).unwrap_or(u32::MAX);
    let units = format!(
        "Units to move into {} from the adjacent areas (any number; cost is the token's plus each unit's)",
        area.area().name
    );
    let ask = Ask::new("move", "Move units").param("units", units, Input::Many { options, min: 1, max });
    Some(energy_step(ask, state, seat))
}

/// How many units the champion brings when exhausted for a skill
/// (Commissar Papova: up to 3, from anywhere), if it does.
fn champion_brings(state: &Villains, seat: Seat) -> Option<u8> {
    use crate::content::effect::{Effect, Max, MoveUnits, Place, When};
    state
        .faction_of(seat)
        .champion
        .triggers
        .iter()
        .filter(|t| t.when == When::ExhaustedForSkill)
        .flat_map(|t| t.effects.iter())
        .find_map(|e| match e {
            Effect::MoveUnits(MoveUnits { from: Place::AnyArea, max: Max::Count(n), .. }) => Some(*n),
            _ => None,
        })
}

/// A skill used with the champion exhausted for it, step by step: the
/// skill (each workable one where the champion stands readied), then what
/// it needs (a follow-up, as `skill_ask` asks it), then the units the
/// champion brings from the other areas, then, when the skill or the
/// units' entry into its area costs anything, the energy to spend (all of
/// it by default: energy first, R21; the split is the player's).
/// `skills` are the whole candidates, each tried on a copy.
pub(crate) fn skill_bringing_ask(state: &Villains, seat: Seat, skills: &[Action]) -> Option<Ask> {
    let n = champion_brings(state, seat)?;
    let champion = &state.faction_of(seat).champion.name;
    let readied_in =
        |a: AreaId| state.area(a).units.iter().any(|u| u.owner == seat && u.kind == UnitType::Champion && u.readied);
    let mut areas: Vec<AreaId> = Vec::new();
    let mut plays: Vec<(AreaId, crate::action::choices::SkillChoice, u32)> = Vec::new();
    for a in skills {
        let Action::UseSkill { skill: (area, c) } = a else { continue };
        if !readied_in(*area) || !c.champion_moves.is_empty() {
            continue;
        }
        if !areas.contains(area) {
            areas.push(*area);
        }
        let cost = u32::from(c.payment.energy) + u32::from(c.payment.resources);
        plays.push((*area, crate::action::choices::SkillChoice { payment: Payment::default(), ..c.clone() }, cost));
    }
    if areas.is_empty() {
        return None;
    }
    let faction = state.faction_of(seat);
    let units: Vec<Opt> = state
        .units_of(seat)
        .filter(|(from, _)| !readied_in(*from))
        .filter_map(|(from, u)| {
            let stats = faction.unit(u.kind)?;
            let name = crate::rules::units::unit_name(state, seat, u.kind);
            let label = format!("{name} in {}{}", from.area().name, if u.wounded { " (wounded)" } else { "" });
            Some(unit_opt(serde_json::to_value(u.uid).expect("serializes"), label, &stats, 0))
        })
        .collect();
    if units.is_empty() {
        return None;
    }
    let surcharge = |a: AreaId| u32::from(crate::rules::units::entry_surcharge(state, seat, a, false));
    let mut costs_anything = false;
    let skill_opts: Vec<Opt> = areas
        .iter()
        .map(|area| {
            let name = &area.area().name;
            let mine: Vec<&(AreaId, crate::action::choices::SkillChoice, u32)> =
                plays.iter().filter(|p| p.0 == *area).collect();
            let least = mine.iter().map(|p| p.2).min().unwrap_or(0);
            costs_anything |= mine.iter().any(|p| p.2 > 0) || surcharge(*area) > 0;
            let mut o = Opt::new(serde_json::to_value(area).expect("serializes"), format!("The skill of {name}"))
                .fact("Cost", least);
            if surcharge(*area) > 0 {
                o = o.fact("Each unit brought", surcharge(*area));
            }
            if let [(_, c, _)] = mine.as_slice()
                && *c == crate::action::choices::SkillChoice::default()
            {
                return o;
            }
            if let Some(to) = deploy_anywhere_steps(state, seat, *area, &mine) {
                return o.then("to", "Area to deploy into", Input::One { options: to });
            }
            let choices: Vec<Opt> = mine
                .iter()
                .map(|(_, c, cost)| {
                    let words = crate::prompts::labels::skill_choice_words(state, seat, c)
                        .unwrap_or_else(|| "Nothing more".to_string());
                    Opt::new(choice_value(c), words).fact("Cost", *cost)
                })
                .collect();
            o.then("choice", format!("What the skill of {name} needs"), Input::One { options: choices })
        })
        .collect();
    let max = u32::from(n).min(u32::try_from(units.len()).unwrap_or(u32::MAX));
    let ask = Ask::new("use_skill_bringing", format!("Use a skill; {champion} brings units"))
        .param("skill", "Skill", Input::One { options: skill_opts })
        .param(
            "brings",
            format!("Units {champion} brings from other areas (up to {n})"),
            Input::Many { options: units, min: 1, max },
        );
    Some(if costs_anything { energy_step(ask, state, seat) } else { ask })
}

/// A skill that deploys one unit anywhere (the Subway's), with the units
/// a champion brings: the area, then the unit type from the reserve with
/// its facts and cost, not every area times every type. `None` when
/// `skill` is not such a skill, or some candidate asks more than an area
/// and a unit from the reserve.
fn deploy_anywhere_steps(
    state: &Villains,
    seat: Seat,
    skill: AreaId,
    plays: &[&(AreaId, crate::action::choices::SkillChoice, u32)],
) -> Option<Vec<Opt>> {
    let plain = |c: &crate::action::choices::SkillChoice| match (c.area, &c.deploy) {
        (Some(to), Some(d)) => (*c == deploy_from_reserve(to, d.kind, c.payment)).then_some((to, d.kind)),
        _ => None,
    };
    if !deploys_anywhere(skill) || plays.is_empty() {
        return None;
    }
    let picks: Vec<(AreaId, UnitType, u32)> =
        plays.iter().map(|(_, c, cost)| plain(c).map(|(to, k)| (to, k, *cost))).collect::<Option<_>>()?;
    let faction = state.faction_of(seat);
    let mut areas: Vec<AreaId> = Vec::new();
    for (to, _, _) in &picks {
        if !areas.contains(to) {
            areas.push(*to);
        }
    }
    Some(
        areas
            .into_iter()
            .map(|to| {
                let units: Vec<Opt> = picks
                    .iter()
                    .filter(|(a, _, _)| *a == to)
                    .filter_map(|(_, k, cost)| {
                        let stats = faction.unit(*k)?;
                        Some(unit_opt(
                            serde_json::to_value(k).expect("serializes"),
                            in_reserve(state, seat, *k),
                            &stats,
                            *cost,
                        ))
                    })
                    .collect();
                Opt::new(serde_json::to_value(to).expect("serializes"), to.area().name.clone()).then(
                    "unit",
                    format!("Unit to deploy into {}", to.area().name),
                    Input::One { options: units },
                )
            })
            .collect(),
    )
}

/// The other activations of the revealed token (a battle, a unique token,
/// each card with its choices), each once with its cost, then the energy
/// to spend: not once per payment split.
///
/// A card in hand that cannot be played with the token now is shown
/// disabled with the rules' own reason (issue "The four new tables, second
/// pass"), not left out.
pub(crate) fn activate_ask(state: &Villains, seat: Seat, candidates: Vec<Action>) -> Option<Ask> {
    // Each activation once with its cost (the payment aside), in order.
    let mut seen: Vec<(Activation, u32)> = Vec::new();
    for a in candidates {
        let Action::Activate { activation } = a else { continue };
        let key = activation.with_payment(Payment::default());
        if seen.iter().any(|(k, _)| *k == key) {
            continue;
        }
        let paid = activation.payment();
        seen.push((key, u32::from(paid.energy) + u32::from(paid.resources)));
    }
    let mut options = Vec::new();
    let mut cards_done: Vec<crate::content::CardId> = Vec::new();
    for (key, cost) in &seen {
        let card = match key {
            Activation::Card { card, .. } if cards_done.contains(card) => continue,
            Activation::Card { card, .. } => *card,
            _ => {
                options.push(activation_opt(state, seat, key, *cost));
                continue;
            }
        };
        cards_done.push(card);
        // A card, then its choices: never one option per card and target.
        let plays: Vec<(&crate::action::choices::CardChoices, u32)> = seen
            .iter()
            .filter_map(|(k, c)| match k {
                Activation::Card { card: x, choices, .. } if *x == card => Some((choices, *c)),
                _ => None,
            })
            .collect();
        if let [(choices, cost)] = plays.as_slice()
            && **choices == crate::action::choices::CardChoices::default()
        {
            options.push(activation_opt(state, seat, key, *cost));
            continue;
        }
        let bare = Activation::Card { card, payment: Payment::default(), choices: Default::default() };
        let least = plays.iter().map(|p| p.1).min().unwrap_or(0);
        let most = plays.iter().map(|p| p.1).max().unwrap_or(0);
        let mut o = activation_opt(state, seat, &bare, least);
        if most > least {
            o.label = o.label.replace(&format!("(costs {least})"), &format!("(costs {least} to {most})"));
        }
        let name = &card.card().name;
        let choices: Vec<Opt> = plays
            .iter()
            .map(|(c, cost)| {
                let mut v = serde_json::to_value(c).expect("serializes");
                super::options::minimal(&mut v);
                let words = crate::prompts::labels::choices_words(state, seat, c)
                    .unwrap_or_else(|| "None of these".to_string());
                let words = if *cost == least || most == least { words } else { format!("{words} (costs {cost})") };
                Opt::new(v, words).fact("Cost", *cost)
            })
            .collect();
        options.push(o.then("choices", format!("What {name} needs"), Input::One { options: choices }));
    }
    let keys: Vec<Activation> = seen.into_iter().map(|(k, _)| k).collect();
    options.extend(unplayable_cards(state, seat, &keys));
    if options.is_empty() {
        return None;
    }
    let mut ask = Ask::new("activate_paying", "Activate the token").param("activation", "How", Input::One { options });
    if !ask.params[0].input.options().iter().any(Opt::enabled) {
        let why = super::options::none_playable(ask.params[0].input.options());
        ask = ask.disabled_if(true, || why);
    }
    Some(energy_step(ask, state, seat))
}

/// One activation as an option: its words, its cost, its value as a
/// player would write it.
fn activation_opt(state: &Villains, seat: Seat, key: &Activation, cost: u32) -> Opt {
    let words = crate::prompts::labels::label(state, seat, &Action::Activate { activation: key.clone() });
    let label = if cost == 0 { words } else { format!("{words} (costs {cost})") };
    let mut v = serde_json::to_value(key).expect("serializes");
    super::options::minimal(&mut v);
    Opt::new(v, label).fact("Cost", cost)
}

/// The cards in the seat's hand (one per design) that the revealed token
/// could play as a card token but that no offered activation plays, each
/// disabled with the reason the rules give for playing it now.
fn unplayable_cards(state: &Villains, seat: Seat, offered: &[Activation]) -> Vec<Opt> {
    if !crate::rules::action_tokens::can_act_as(state, seat, Some(TokenType::Card)) {
        return Vec::new();
    }
    let played = |c: crate::content::CardId| {
        offered
            .iter()
            .any(|a| matches!(a, Activation::Card { card, .. } if card.deck_card().design == c.deck_card().design))
    };
    let mut hand = state.players[seat as usize].hand.clone();
    hand.sort_by_key(|c| c.deck_card().design);
    hand.dedup_by_key(|c| c.deck_card().design);
    hand.into_iter()
        .filter(|c| !played(*c))
        .map(|card| {
            let make = |payment| Activation::Card { card, payment, choices: Default::default() };
            let why = works(state, seat, &make).err().unwrap_or_else(|| "It cannot be played here now.".to_string());
            let key = make(Payment::default());
            let words = crate::prompts::labels::label(state, seat, &Action::Activate { activation: key.clone() });
            let mut v = serde_json::to_value(&key).expect("serializes");
            super::options::minimal(&mut v);
            Opt::new(v, words).disabled_if(true, || why)
        })
        .collect()
}

/// A unit type's option label: its name and how many are in the reserve.
fn in_reserve(state: &Villains, seat: Seat, kind: UnitType) -> String {
    let n = state.players[seat as usize].reserve_units.get(&kind).copied().unwrap_or(0);
    format!("{} ({n} in reserve)", crate::rules::units::unit_name(state, seat, kind))
}

/// Whether a skill deploys one unit into any area (the Subway's).
pub(crate) fn deploys_anywhere(area: AreaId) -> bool {
    use crate::content::effect::{Effect, Place};
    area.area().skill.effects.iter().any(|e| matches!(e, Effect::Deploy(d) if d.to == Place::AnyArea))
}

/// One area and unit type the Subway's deploy was tried with, and how it went.
type Tried = (AreaId, UnitType, Result<(), String>);

/// The Subway's skill asked step by step: the area (each open one, or
/// disabled with why), then the unit type (with its facts), then the
/// energy. Not the cross product of areas and types.
pub(crate) fn skill_deploy_ask(state: &Villains, seat: Seat, skill: AreaId) -> Option<Ask> {
    let p = &state.players[seat as usize];
    let faction = state.faction_of(seat);
    let kinds: Vec<UnitType> = p.reserve_units.iter().filter(|(_, n)| **n > 0).map(|(k, _)| *k).collect();
    let works = |to: AreaId, k: UnitType| -> Result<(), String> {
        let (c, sure) = quote_skill_deploy(apply_to, state, seat, skill, to, k, p.energy).map_err(|e| e.message)?;
        if sure {
            return Ok(());
        }
        let mut t = state.clone();
        apply_to(&mut t, seat, &Action::UseSkill { skill: (skill, c) }, &mut GameRng::seeded(0))
            .map(|_| ())
            .map_err(|e| e.message)
    };
    let tried: Vec<Tried> = content()
        .area_ids()
        .flat_map(|a| kinds.iter().map(move |k| (a, *k)))
        .map(|(a, k)| (a, k, works(a, k)))
        .collect();
    if !tried.iter().any(|t| t.2.is_ok()) {
        return None;
    }
    let first_why = |f: &dyn Fn(&Tried) -> bool| {
        let mine: Vec<_> = tried.iter().filter(|t| f(t)).collect();
        match mine.iter().find(|t| t.2.is_ok()) {
            Some(_) => Ok(()),
            None => Err(mine.first().and_then(|t| t.2.clone().err()).unwrap_or_default()),
        }
    };
    let areas: Vec<Opt> = content()
        .area_ids()
        .map(|a| {
            let why = first_why(&|t| t.0 == a);
            Opt::new(serde_json::to_value(a).expect("serializes"), a.area().name.clone())
                .disabled_if(why.is_err(), || why.clone().unwrap_err())
        })
        .collect();
    let units: Vec<Opt> = kinds
        .iter()
        .filter_map(|k| {
            let stats = faction.unit(*k)?;
            let why = first_why(&|t| t.1 == *k);
            let o = unit_opt(
                serde_json::to_value(k).expect("serializes"),
                in_reserve(state, seat, *k),
                &stats,
                u32::from(stats.cost),
            );
            Some(o.disabled_if(why.is_err(), || why.clone().unwrap_err()))
        })
        .collect();
    let name = &skill.area().name;
    let ask = Ask::new("skill_deploy", format!("Use the skill of {name}: deploy one unit anywhere"))
        .with("skill", serde_json::to_value(skill).expect("serializes"))
        .param("to", "Area to deploy into", Input::One { options: areas })
        .param("unit", "Unit (cost before any surcharge there)", Input::One { options: units });
    Some(energy_step(ask, state, seat))
}

/// The energy to spend on an option that costs something, asked once the
/// option is chosen (at most the player's energy, all of it by default:
/// energy first, R21), with its cost shown; nothing for a free one.
fn paying_follow_up(o: Opt, state: &Villains, seat: Seat, cost: u32) -> Opt {
    if cost == 0 {
        return o;
    }
    let p = &state.players[seat as usize];
    let label = if p.resources == 0 {
        "Energy to spend (you have no resources)".to_string()
    } else {
        format!("Energy to spend, at most ({} resources pay the rest)", p.resources)
    };
    o.fact("Cost", cost)
        .then("energy", label, Input::Number { min: 0, max: i64::from(p.energy) })
        .then_default(p.energy)
}

/// A choice's value as a player would write it, its payment left out.
fn choice_value<T: serde::Serialize>(c: &T) -> serde_json::Value {
    let mut v = serde_json::to_value(c).expect("serializes");
    if let Some(m) = v.as_object_mut() {
        m.remove("payment");
    }
    super::options::minimal(&mut v);
    v
}

/// Skills asked step by step, never one option per skill and target: the
/// skill (each area whose skill works now), then what it needs (the token
/// to look at or flip, the area, the unit and defender, the unit to
/// deploy), then, when it costs something, the energy to spend (R21).
/// `skills` are the whole candidates (`candidates::skill_options`), each
/// tried on a copy.
pub(crate) fn skill_ask(state: &Villains, seat: Seat, skills: &[Action]) -> Option<Ask> {
    let mut areas: Vec<AreaId> = Vec::new();
    let mut plays: Vec<(AreaId, crate::action::choices::SkillChoice, u32)> = Vec::new();
    for a in skills {
        let Action::UseSkill { skill: (area, c) } = a else { continue };
        if !areas.contains(area) {
            areas.push(*area);
        }
        let cost = u32::from(c.payment.energy) + u32::from(c.payment.resources);
        plays.push((*area, crate::action::choices::SkillChoice { payment: Payment::default(), ..c.clone() }, cost));
    }
    let options: Vec<Opt> = areas
        .iter()
        .map(|area| {
            let name = &area.area().name;
            let mine: Vec<&(AreaId, crate::action::choices::SkillChoice, u32)> =
                plays.iter().filter(|p| p.0 == *area).collect();
            let o = Opt::new(serde_json::to_value(area).expect("serializes"), format!("The skill of {name}"));
            if let [(_, c, cost)] = mine.as_slice()
                && *c == crate::action::choices::SkillChoice::default()
            {
                return paying_follow_up(o, state, seat, *cost);
            }
            let choices: Vec<Opt> = mine
                .iter()
                .map(|(_, c, cost)| {
                    let words = crate::prompts::labels::skill_choice_words(state, seat, c)
                        .unwrap_or_else(|| "Nothing more".to_string());
                    paying_follow_up(Opt::new(choice_value(c), words), state, seat, *cost)
                })
                .collect();
            o.then("choice", format!("What the skill of {name} needs"), Input::One { options: choices })
        })
        .collect();
    (!options.is_empty())
        .then(|| Ask::new("use_skill_paying", "Use a skill").param("skill", "Skill", Input::One { options }))
}

/// The Laboratory's revealed card played there, step by step: what it
/// needs (when it needs anything), then the energy for any surcharge.
/// `plays` are its whole candidates, each tried on a copy.
pub(crate) fn lab_ask(state: &Villains, seat: Seat, plays: &[Action]) -> Option<Ask> {
    let label = "Play it for free in the Laboratory";
    let each: Vec<(&crate::action::choices::CardChoices, u32)> = plays
        .iter()
        .filter_map(|a| match a {
            Action::LabPlay { play } => {
                Some((&play.choices, u32::from(play.payment.energy) + u32::from(play.payment.resources)))
            }
            _ => None,
        })
        .collect();
    let ask = Ask::new("lab_paying", label);
    match each.as_slice() {
        [] => None,
        [(c, cost)] if **c == crate::action::choices::CardChoices::default() => {
            if *cost == 0 {
                return Some(ask);
            }
            Some(energy_step(ask, state, seat))
        }
        _ => {
            let choices: Vec<Opt> = each
                .iter()
                .map(|(c, cost)| {
                    let words = crate::prompts::labels::choices_words(state, seat, c)
                        .unwrap_or_else(|| "None of these".to_string());
                    paying_follow_up(Opt::new(choice_value(*c), words), state, seat, *cost)
                })
                .collect();
            Some(ask.param("choices", "What it needs", Input::One { options: choices }))
        }
    }
}

/// Mr. Fusion's next card, step by step: the card (each that can be
/// played, and those that cannot, disabled with why), then what it needs,
/// then the energy to spend. `plays` are the whole candidates, each tried
/// on a copy; `unplayable` the disabled cards.
pub(crate) fn fusion_ask(state: &Villains, seat: Seat, plays: &[Action], unplayable: Vec<Opt>) -> Option<Ask> {
    let mut cards: Vec<crate::content::CardId> = Vec::new();
    let mut each: Vec<(crate::content::CardId, &crate::action::choices::CardChoices, u32)> = Vec::new();
    for a in plays {
        let Action::FusionPlay { play } = a else { continue };
        if !cards.contains(&play.card) {
            cards.push(play.card);
        }
        each.push((play.card, &play.choices, u32::from(play.payment.energy) + u32::from(play.payment.resources)));
    }
    let mut options: Vec<Opt> = cards
        .iter()
        .map(|card| {
            let mine: Vec<&(crate::content::CardId, &crate::action::choices::CardChoices, u32)> =
                each.iter().filter(|e| e.0 == *card).collect();
            let least = mine.iter().map(|e| e.2).min().unwrap_or(0);
            let name = &card.card().name;
            let o =
                Opt::new(serde_json::to_value(card).expect("serializes"), format!("Play {name}")).fact("Cost", least);
            if let [(_, c, _)] = mine.as_slice()
                && **c == crate::action::choices::CardChoices::default()
            {
                return o;
            }
            let choices: Vec<Opt> = mine
                .iter()
                .map(|(_, c, cost)| {
                    let words = crate::prompts::labels::choices_words(state, seat, c)
                        .unwrap_or_else(|| "None of these".to_string());
                    Opt::new(choice_value(*c), words).fact("Cost", *cost)
                })
                .collect();
            o.then("choices", format!("What {name} needs"), Input::One { options: choices })
        })
        .collect();
    options.extend(unplayable);
    if options.is_empty() {
        return None;
    }
    let label = "Mr. Fusion: play another card";
    let mut ask = Ask::new("fusion_paying", label).param("card", "Card", Input::One { options });
    if !ask.params[0].input.options().iter().any(Opt::enabled) {
        let why = super::options::none_playable(ask.params[0].input.options());
        ask = ask.disabled_if(true, || why);
    }
    Some(energy_step(ask, state, seat))
}
