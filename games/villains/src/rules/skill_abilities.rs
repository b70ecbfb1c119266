//! Activating an Area's Skill Ability (Take Actions): with at least one
//! readied unit in an area whose skill it has not used this turn, a player
//! exhausts all its readied units there, puts its marker on the skill track
//! and resolves the skill fully; a skill that cannot be resolved cannot be
//! chosen (R9). Then a champion exhausted for it acts (Commissar Papova's
//! move).
//!
//! The choice travels with the action ([`SkillChoice`]), so a refused skill
//! changes nothing. Implemented: the Capitol (swap two tokens), the Sewers
//! (another unit of a chosen unit's type, free), the Factory (a battle), the
//! Bank (2 resources), the University (look at one face-down token), the
//! Subway (deploy one unit anywhere), the Church (flip one of your tokens
//! activated this turn face down), the Police (one of your units attacks),
//! the Laboratory (the top card, played or taken: an owed choice, see
//! [`crate::rules::choices`]).
//!
//! A skill asked step by step comes back in parts; `with_brought` and
//! `deploy_anywhere_choice` fold them into the one [`SkillChoice`] the
//! skill is checked with (its price: `rules::paying_costs`).

use crate::action::choices::{DeployPick, SkillChoice};
use crate::content::effect::{Attacker, Deploy, Effect, Max, MoveUnits, Place, UnitCost, UnitType, When};
use crate::content::{AreaId, content};
use crate::rules::combat;
use crate::rules::place_action_tokens::{check_payment, pay};
use crate::rules::take_actions::{self, find};
use crate::rules::units;
use crate::rules::units::{entry_surcharge, may_leave};
use crate::state::payment::Payment;
use crate::state::{Phase, TokenUid, UnitUid, Villains};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat, SeatSet};

/// The rule named in refusals.
pub const SKILL: &str = "Activating an Area's Skill Ability";

/// The choice of a skill used with a champion bringing units, the
/// deploy-anywhere steps (`to`, then `unit`) folded in.
///
/// # Errors
/// Only one of the two given, or given beside a `choice`.
pub(crate) fn deploy_anywhere_choice(
    choice: SkillChoice,
    to: Option<AreaId>,
    unit: Option<UnitType>,
) -> Result<SkillChoice, RuleError> {
    match (to, unit) {
        (None, None) => Ok(choice),
        (Some(to), Some(kind)) if choice == SkillChoice::default() => {
            Ok(deploy_from_reserve(to, kind, Payment::default()))
        }
        (Some(_), Some(_)) => {
            Err(RuleError::illegal(SKILL, "Name the area and the unit to deploy, or the skill's choice, not both."))
        }
        _ => Err(RuleError::illegal(SKILL, "A unit deployed anywhere needs both the area it goes to and its type.")),
    }
}

/// The skill choice with the units the champion brings, and the entry
/// surcharges they owe paid energy first.
pub(crate) fn with_brought(
    state: &Villains,
    seat: Seat,
    area: AreaId,
    choice: &SkillChoice,
    brings: &[UnitUid],
) -> SkillChoice {
    let mut c = choice.clone();
    c.champion_moves = brings.to_vec();
    if c.payment.is_free() {
        let per = entry_surcharge(state, seat, area, false);
        let cost = per.saturating_mul(u8::try_from(brings.len()).unwrap_or(u8::MAX));
        c.payment = Payment::energy_first(state, seat, cost);
    }
    c
}

/// A deploy-anywhere skill's whole choice: a `kind` from the reserve into
/// `to`, paid with `payment`.
pub(crate) fn deploy_from_reserve(to: AreaId, kind: UnitType, payment: Payment) -> SkillChoice {
    SkillChoice {
        area: Some(to),
        deploy: Some(DeployPick { kind, from: None, stay_wounded: false }),
        payment,
        ..Default::default()
    }
}

/// Areas where `seat` may try a skill now: a readied unit there and the
/// skill not used this turn.
pub fn skill_areas(state: &Villains, seat: Seat) -> Vec<AreaId> {
    content()
        .area_ids()
        .filter(|a| {
            !state.area(*a).skill_used.contains(seat)
                && state.area(*a).units.iter().any(|u| u.owner == seat && u.readied)
        })
        .collect()
}

/// Uses `area`'s skill for `seat`.
///
/// # Errors
/// Not `seat`'s action, no readied unit there, the skill already used this
/// turn, or a choice that does not resolve it; the state is unchanged.
pub fn use_skill(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    choice: &SkillChoice,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let Phase::TakeActions { current, revealed } = state.phase else {
        return Err(RuleError::illegal(SKILL, "Skills are used in Take Actions."));
    };
    if current != seat || state.battle.is_some() || state.attacks.is_some() || !state.owed.is_empty() {
        return Err(RuleError::not_your_turn(SKILL, "Another player takes an action now."));
    }
    if revealed.is_some() {
        return Err(RuleError::illegal(SKILL, "Activate or discard the token you revealed first."));
    }
    let name = &area.area().name;
    if state.area(area).skill_used.contains(seat) {
        return Err(RuleError::illegal(SKILL, format!("You have used the skill of {name} this turn.")));
    }
    let exhausted: Vec<(UnitUid, UnitType)> =
        state.area(area).units.iter().filter(|u| u.owner == seat && u.readied).map(|u| (u.uid, u.kind)).collect();
    if exhausted.is_empty() {
        return Err(RuleError::illegal(SKILL, format!("You have no readied unit in {name}.")));
    }
    // Resolve on a copy: a skill that cannot be resolved is refused whole.
    let mut work = state.clone();
    let mut r = rng.clone();
    for u in work.area_mut(area).units.iter_mut().filter(|u| u.owner == seat) {
        u.readied = false;
    }
    let mut log = vec![LogEntry::public(format!(
        "{} the skill of {name}, exhausting {}.",
        work.who_verb(seat, "uses", "use"),
        backroom_engine::plural(exhausted.len() as i64, "readied unit", "readied units")
    ))];
    let champions_before = crate::rules::abilities::champions_in_play(&work, seat);
    log.extend(resolve_skill(&mut work, seat, area, choice, &mut r)?);
    // A champion deployed by the skill (Subway, Sewers): `abilities`.
    let deployed = crate::rules::abilities::newly_deployed(&work, seat, &champions_before, &[]);
    if crate::versions::abilities(&work) {
        crate::rules::abilities::on_champion_deployed(&mut work, seat, &deployed, &mut log)?;
    }
    if exhausted.iter().any(|(_, k)| *k == UnitType::Champion) {
        log.extend(champion_after_skill(&mut work, seat, area, choice)?);
    } else if !choice.champion_moves.is_empty() {
        return Err(RuleError::illegal(SKILL, "No champion of yours was exhausted for this skill."));
    }
    *state = work;
    *rng = r;
    if state.battle.is_none() && state.attacks.is_none() && state.owed.is_empty() {
        take_actions::advance(state, seat, &mut log);
    }
    Ok(log)
}

/// Resolves `area`'s skill for `seat` with `choice` and puts its marker on
/// the skill track: the part of Activating an Area's Skill Ability after
/// the units are exhausted, which Blackstone Encryption also uses (no
/// readied unit needed). Resolve on a copy: it may fail part way.
///
/// # Errors
/// The skill already used this turn, or a choice that does not resolve it.
pub fn resolve_skill(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    choice: &SkillChoice,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    if state.area(area).skill_used.contains(seat) {
        return Err(RuleError::illegal(SKILL, format!("You have used the skill of {} this turn.", area.area().name)));
    }
    state.area_mut(area).skill_used.insert(seat);
    let mut log = Vec::new();
    for e in &area.area().skill.effects {
        log.extend(resolve(state, seat, area, e, choice, rng)?);
    }
    Ok(log)
}

fn token_at(state: &Villains, uid: TokenUid) -> Result<(AreaId, usize), RuleError> {
    find(state, uid).ok_or_else(|| RuleError::illegal(SKILL, "No such token on the board."))
}

fn resolve(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    e: &Effect,
    c: &SkillChoice,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    match e {
        Effect::Gain(g) => {
            state.players[seat as usize].resources += u16::from(g.resources);
            Ok(vec![LogEntry::public(format!(
                "{} {}.",
                state.who_verb(seat, "gains", "gain"),
                backroom_engine::plural(g.resources, "resource", "resources")
            ))])
        }
        Effect::Peek(_) => peek(state, seat, c),
        Effect::FlipTokenDown(_) => flip_token_down(state, seat, c),
        Effect::SwapTokens(_) => swap_tokens(state, seat, c),
        Effect::Battle(b) if b.place == Place::AnyWithOwnUnit => {
            let Some(at) = c.area else {
                return Err(RuleError::illegal(SKILL, "Choose where to start the battle."));
            };
            if !state.area(at).has_units_of(seat) {
                return Err(RuleError::illegal(
                    SKILL,
                    format!("You have no unit in {}: start the battle where you have one.", at.area().name),
                ));
            }
            if let Some(e) = combat::no_combat(state, at, SKILL, "") {
                return Err(e);
            }
            combat::start_battle(state, at, b.attack_modifier_all)
        }
        Effect::Deploy(d) => deploy(state, seat, area, d, c),
        Effect::UnitAttack(u) if u.attacker == Attacker::AnyOwnUnit => {
            let chosen =
                c.unit.and_then(|id| state.units_of(seat).find(|(_, x)| x.uid == id).map(|(a, x)| (a, x.kind)));
            let (Some((at, kind)), Some(defender)) = (chosen, c.defender) else {
                let able = state.units_of(seat).any(|(a, x)| {
                    !combat::attack_dice(state, seat, x.kind).is_empty()
                        && !units::enemies_in(state, seat, a).is_empty()
                });
                return Err(RuleError::illegal(
                    SKILL,
                    if able {
                        "Choose one of your units and the opponent it attacks."
                    } else {
                        "None of your units with an attack shares an area with an opponent's units."
                    },
                ));
            };
            if combat::attack_dice(state, seat, kind).is_empty() {
                let unit = crate::rules::units::unit_name(state, seat, kind);
                return Err(RuleError::illegal(SKILL, format!("Your {unit} has no attack.")));
            }
            if units::attacks_forbidden(state, at) {
                return Err(RuleError::illegal(
                    SKILL,
                    format!("Units may not attack in {} (Cease Fire).", at.area().name),
                ));
            }
            if !units::enemies_in(state, seat, at).contains(&defender) {
                return Err(RuleError::illegal(SKILL, format!("Choose an opponent with units in {}.", at.area().name)));
            }
            Ok(combat::unit_attack(state, seat, kind, at, defender, rng))
        }
        Effect::RevealTopCard(r) => {
            if state.deck.is_empty() {
                state.deck = std::mem::take(&mut state.discards);
                rng.shuffle_deck(crate::rules::setup::ACTION_DECK, &mut state.deck);
            }
            if state.deck.is_empty() {
                return Ok(vec![LogEntry::public("The action deck and its discards are empty: nothing to reveal.")]);
            }
            let card = state.deck.remove(0);
            let lab = content().area_id(&r.play_free_in).expect("validated");
            state.owed.insert(0, crate::state::owed::Owed::LabCard { seat, card, area: lab });
            Ok(vec![LogEntry::public(format!(
                "{} the top card of the action deck: {}.",
                state.who_verb(seat, "reveals", "reveal"),
                card.card().name
            ))])
        }
        _ => Err(RuleError::illegal(
            SKILL,
            format!("The skill of {} cannot be used in this version yet.", area.area().name),
        )),
    }
}

/// The University's look at one face-down token.
fn peek(state: &mut Villains, seat: Seat, c: &SkillChoice) -> Result<Vec<LogEntry>, RuleError> {
    let [uid] = c.tokens[..] else {
        let any = state.areas.iter().flat_map(|a| a.tokens()).any(|t| !t.face_up);
        return Err(RuleError::illegal(
            SKILL,
            if any {
                "Choose one face-down token to look at."
            } else {
                "There is no face-down token in the City to look at."
            },
        ));
    };
    let (a, i) = token_at(state, uid)?;
    let t = state.area_mut(a).track[i].as_mut().expect("found");
    if t.face_up {
        return Err(RuleError::illegal(SKILL, "Choose a face-down token."));
    }
    t.kind.reveal_to(seat);
    let (owner, kind) = (t.owner, *t.kind.rules_value());
    let what = crate::rules::place_action_tokens::kind_name(state, owner, kind);
    let place = format!("the face-down token in {}, space {} (placed by {})", a.area().name, i + 1, state.who(owner));
    Ok(vec![LogEntry::split(
        SeatSet::only(seat),
        format!("{} at {place}: {what}.", state.who_verb(seat, "looks", "look")),
        Some(format!("{} at {place}.", state.who_verb(seat, "looks", "look"))),
    )])
}

/// The Church's flip of a token face down.
fn flip_token_down(state: &mut Villains, seat: Seat, c: &SkillChoice) -> Result<Vec<LogEntry>, RuleError> {
    let [uid] = c.tokens[..] else {
        let any =
            state.areas.iter().flat_map(|a| a.tokens()).any(|t| t.owner == seat && t.face_up && t.activated_this_turn);
        return Err(RuleError::illegal(
            SKILL,
            if any {
                "Choose one of your tokens activated this turn."
            } else {
                "You have no face-up token activated this turn to turn face down."
            },
        ));
    };
    let (a, i) = token_at(state, uid)?;
    let seats = SeatSet::first(state.seats);
    let t = state.area_mut(a).track[i].as_mut().expect("found");
    if t.owner != seat || !t.face_up || !t.activated || !t.activated_this_turn {
        return Err(RuleError::illegal(SKILL, "Choose one of your face-up tokens activated this turn."));
    }
    (t.face_up, t.activated, t.activated_this_turn) = (false, false, false);
    t.kind = backroom_engine::Hidden::known_to(*t.kind.rules_value(), seats);
    Ok(vec![LogEntry::public(format!(
        "{} the token in {}, space {}, face down.",
        state.who_verb(seat, "turns", "turn"),
        a.area().name,
        i + 1
    ))])
}

/// The Capitol's swap of two tokens.
fn swap_tokens(state: &mut Villains, seat: Seat, c: &SkillChoice) -> Result<Vec<LogEntry>, RuleError> {
    let [x, y] = c.tokens[..] else {
        let any = state.areas.iter().any(|a| a.tokens().count() >= 2);
        return Err(RuleError::illegal(
            SKILL,
            if any { "Choose two tokens in the same area." } else { "No area holds two tokens to swap." },
        ));
    };
    let ((ax, ix), (ay, iy)) = (token_at(state, x)?, token_at(state, y)?);
    if ax != ay || ix == iy {
        return Err(RuleError::illegal(SKILL, "Choose two tokens in the same area."));
    }
    state.area_mut(ax).track.swap(ix, iy);
    Ok(vec![LogEntry::public(format!(
        "{} the tokens in spaces {} and {} of {}.",
        state.who_verb(seat, "swaps", "swap"),
        ix + 1,
        iy + 1,
        ax.area().name
    ))])
}

/// A skill's deploy (the Sewers' copy, the Subway's unit anywhere).
fn deploy(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    d: &Deploy,
    c: &SkillChoice,
) -> Result<Vec<LogEntry>, RuleError> {
    let Some(pick) = c.deploy else {
        return Err(RuleError::illegal(SKILL, "Choose the unit to deploy."));
    };
    let to = match d.to {
        Place::AnyArea => c.area.ok_or_else(|| RuleError::illegal(SKILL, "Choose the area to deploy to."))?,
        Place::ChosenUnitsArea => {
            let chosen = c.unit.and_then(|u| state.units_of(seat).find(|(_, x)| x.uid == u).map(|(a, x)| (a, x.kind)));
            let Some((a, kind)) = chosen else {
                let none = state.units_of(seat).next().is_none();
                return Err(RuleError::illegal(
                    SKILL,
                    if none { "You have no unit in play to copy." } else { "Choose one of your units in play." },
                ));
            };
            if d.like_chosen_unit && (pick.kind != kind || pick.from == c.unit) {
                return Err(RuleError::illegal(SKILL, "Deploy another unit of the chosen unit's type."));
            }
            a
        }
        _ => area,
    };
    let free = d.unit_cost == UnitCost::Free;
    deploy_one(state, seat, to, pick, free, c.payment)
}

/// Deploys one unit outside the deploy limit, paying its cost (unless
/// free) and any surcharge.
fn deploy_one(
    state: &mut Villains,
    seat: Seat,
    to: AreaId,
    pick: DeployPick,
    free: bool,
    payment: Payment,
) -> Result<Vec<LogEntry>, RuleError> {
    let Some(stats) = state.faction_of(seat).unit(pick.kind) else {
        return Err(RuleError::illegal(SKILL, "Your faction has no such unit."));
    };
    let cost = if free { 0 } else { stats.cost } + entry_surcharge(state, seat, to, false);
    match pick.from {
        None => {
            if state.players[seat as usize].reserve_units.get(&pick.kind).copied().unwrap_or(0) == 0 {
                return Err(RuleError::illegal(
                    SKILL,
                    format!(
                        "You have no {} left in your reserve.",
                        crate::rules::units::unit_name(state, seat, pick.kind)
                    ),
                ));
            }
        }
        Some(uid) => {
            let Some((from, u)) = state.units_of(seat).find(|(_, u)| u.uid == uid) else {
                return Err(RuleError::illegal(SKILL, "Re-deploy one of your units in play."));
            };
            if u.kind != pick.kind || (pick.stay_wounded && !u.wounded) {
                return Err(RuleError::illegal(SKILL, "Re-deploy a unit as its own type."));
            }
            if from != to && !may_leave(state, seat, from, false) {
                return Err(RuleError::illegal(
                    SKILL,
                    format!("Units may not leave {} (Trapped Like Rats).", from.area().name),
                ));
            }
        }
    }
    check_payment(state, seat, cost, payment)?;
    pay(state, seat, payment);
    units::place(state, seat, &pick, to);
    Ok(vec![LogEntry::public(format!(
        "{} {} to {} (cost {cost}).",
        state.who_verb(seat, "deploys", "deploy"),
        units::a_unit(state, seat, pick.kind),
        to.area().name
    ))])
}

/// A champion exhausted for the skill acts after it: Commissar Papova
/// brings up to three units from anywhere (Police Payoff applies; Trapped
/// Like Rats holds); Bully G.O.A.T. owes an attack into an adjacent area
/// (`abilities`), made once the skill is resolved.
fn champion_after_skill(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    c: &SkillChoice,
) -> Result<Vec<LogEntry>, RuleError> {
    let champion = &state.faction_of(seat).champion;
    let mut log = Vec::new();
    for t in champion.triggers.iter().filter(|t| t.when == When::ExhaustedForSkill) {
        for e in &t.effects {
            match e {
                Effect::MoveUnits(MoveUnits { from: Place::AnyArea, max: Max::Count(n), .. }) => {
                    if c.champion_moves.len() > *n as usize {
                        return Err(RuleError::illegal(SKILL, format!("{} brings at most {n} units.", champion.name)));
                    }
                    let mut cost = 0u8;
                    for id in &c.champion_moves {
                        let Some((from, _)) = state.units_of(seat).find(|(_, u)| u.uid == *id) else {
                            return Err(RuleError::illegal(SKILL, "Move your own units in play."));
                        };
                        if from == area {
                            return Err(RuleError::illegal(SKILL, "Bring units from other areas."));
                        }
                        if !may_leave(state, seat, from, false) {
                            return Err(RuleError::illegal(
                                SKILL,
                                format!("Units may not leave {} (Trapped Like Rats).", from.area().name),
                            ));
                        }
                        cost += entry_surcharge(state, seat, area, false);
                    }
                    if cost > 0 {
                        check_payment(state, seat, cost, c.payment)?;
                        pay(state, seat, c.payment);
                    }
                    for id in &c.champion_moves {
                        let (from, _) = state.units_of(seat).find(|(_, u)| u.uid == *id).expect("checked");
                        let a = state.area_mut(from);
                        let i = a.units.iter().position(|u| u.uid == *id).expect("checked");
                        let mut u = a.units.remove(i);
                        u.readied = false;
                        state.area_mut(area).units.push(u);
                    }
                    if !c.champion_moves.is_empty() {
                        log.push(LogEntry::public(format!(
                            "{} brings {} units into {}.",
                            champion.name,
                            c.champion_moves.len(),
                            area.area().name
                        )));
                    }
                }
                Effect::UnitAttack(u) if u.attacker == Attacker::ThisUnit => {
                    // Bully G.O.A.T.: an attack into an adjacent area, made
                    // once the skill is resolved (`abilities`).
                    log.push(crate::rules::abilities::owe_champion_attack(state, seat, area));
                }
                _ => {}
            }
        }
    }
    Ok(log)
}
