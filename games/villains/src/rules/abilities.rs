//! Champion and upgrade abilities that wait on a player's choice made after
//! something happened: Mother Ooze's free deploys after the Cleanup heal,
//! Bully G.O.A.T.'s attack after a skill he was exhausted for, the answer
//! to the Gnome of Zurich's paid cancel of a hit assigned to a unit in his
//! area, Basta's pick of a victim when she leaves an area; and what a
//! champion's deploy starts (Dr. Tyrannosaurus' battle, Murder Inc.'s
//! attack) by whatever deployed him.
//!
//! Each is read from the champion's (or upgrade's) triggers in the content,
//! owed as a [`Owed`] choice (answered in the queue's order, public like
//! every owed choice), and answered by one action here. Kept apart from the
//! step modules so that those only say *when* an ability fires. Above
//! `combat` and `choices` and imported by neither: the Gnome's offer as a
//! hit is assigned is `combat`'s, Bully's reach and the victim's sacrifice
//! are `choices`' (the owed queue checks and answers them).

use crate::content::effect::{Effect, Sacrifice, UnitType, When, Who};
use crate::content::{AreaId, content};
use crate::rules::choices;
use crate::state::UnitUid;
use crate::state::owed::Owed;
use crate::state::{Phase, Villains};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat};

/// The step named in refusals of Mother Ooze's deploy.
pub const CLEANUP: &str = "The Cleanup Step";

/// The Cleanup Step's heal: every wounded champion whose faction heals at
/// Cleanup (Mother Ooze) is flipped back to its front, a log line each;
/// then, where its trigger also deploys once per area, one free deploy is
/// owed in each area where at least one healed (optional: the player may
/// deploy none).
pub fn cleanup_heals(state: &mut Villains, log: &mut Vec<LogEntry>) {
    let mut owed = Vec::new();
    for seat in state.player_order().collect::<Vec<_>>() {
        let champion = &state.faction_of(seat).champion;
        let effects: Vec<&Effect> =
            champion.triggers.iter().filter(|t| t.when == When::Cleanup).flat_map(|t| t.effects.iter()).collect();
        if !effects.iter().any(|e| matches!(e, Effect::Heal(_))) {
            continue;
        }
        let deploys = crate::versions::abilities(state)
            && effects.iter().any(|e| matches!(e, Effect::Deploy(d) if d.once_per_area));
        let name = champion.name.clone();
        let mut healed: Vec<AreaId> = Vec::new();
        for a in content().area_ids() {
            let mut here = 0;
            for u in &mut state.area_mut(a).units {
                if u.owner == seat && u.kind == UnitType::Champion && u.wounded {
                    u.wounded = false;
                    here += 1;
                }
            }
            if here > 0 {
                healed.push(a);
                log.push(LogEntry::public(format!(
                    "{} {} in {}.",
                    state.who_verb(seat, "heals", "heal"),
                    if here == 1 { name.clone() } else { format!("{here} {name}s") },
                    a.area().name
                )));
            }
        }
        if deploys && !healed.is_empty() {
            log.push(LogEntry::public(format!(
                "{name}: {} one unit free into each area where one healed, before the next turn.",
                state.who_verb(seat, "may deploy", "may deploy")
            )));
            owed.extend(healed.into_iter().map(|area| Owed::FreeDeploy { seat, area }));
        }
    }
    choices::owe(state, owed);
}

/// Answers a free deploy owed after the Cleanup heal: `unit` from the
/// reserve into the area without its unit cost and outside the deploy
/// limit, or `None` for none. When no choice is left, the next turn begins.
///
/// # Errors
/// No free deploy owed by `seat` now, or no such unit in its reserve.
pub fn free_deploy(
    state: &mut Villains,
    seat: Seat,
    unit: Option<UnitType>,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let Some(Owed::FreeDeploy { area, .. }) = choices::next(state).filter(|o| o.seat() == seat) else {
        return Err(RuleError::not_your_turn(CLEANUP, "You have no free deploy now."));
    };
    let champion = state.faction_of(seat).champion.name.clone();
    let line = match unit {
        Some(kind) => {
            if state.put_unit(area, seat, kind).is_none() {
                return Err(RuleError::illegal(
                    CLEANUP,
                    format!("You have no {} left in your reserve.", crate::rules::units::unit_name(state, seat, kind)),
                ));
            }
            format!(
                "{} {} into {} free ({champion}).",
                state.who_verb(seat, "deploys", "deploy"),
                crate::rules::units::a_unit(state, seat, kind),
                area.area().name
            )
        }
        None => {
            format!("{} no unit into {} ({champion}).", state.who_verb(seat, "deploys", "deploy"), area.area().name)
        }
    };
    state.owed.remove(0);
    let mut log = vec![LogEntry::public(line)];
    choices::settle(state, &mut log);
    if state.owed.is_empty() && state.phase == Phase::Start {
        log.extend(crate::rules::start_phase::begin_turn(state, rng));
    }
    Ok(log)
}

/// The unit types `seat` may deploy free now (its reserve).
pub fn free_deploy_kinds(state: &Villains, seat: Seat) -> Vec<UnitType> {
    UnitType::ALL
        .into_iter()
        .filter(|k| state.players[seat as usize].reserve_units.get(k).is_some_and(|n| *n > 0))
        .collect()
}

/// The rulebook section named in refusals of a champion's attack.
pub const SKILL: &str = "Activating an Area's Skill Ability";

/// A champion exhausted for a skill in `from` who then attacks into an
/// adjacent area (Bully G.O.A.T.): the attack is owed, made once the
/// skill is resolved; with no enemy in reach it fizzles.
pub fn owe_champion_attack(state: &mut Villains, seat: Seat, from: AreaId) -> LogEntry {
    let name = state.faction_of(seat).champion.name.clone();
    if choices::champion_targets(state, seat, from).is_empty() {
        return LogEntry::public(format!("{name} has no enemy to attack in an adjacent area."));
    }
    state.owed.push(Owed::ChampionAttack { seat, from });
    LogEntry::public(format!(
        "{name} attacks into an area adjacent to {} once the skill is resolved.",
        from.area().name
    ))
}

/// Makes the champion's owed attack at `defender` in `area`: all his dice
/// and bonuses, no retaliation; the defender assigns the hits.
///
/// # Errors
/// No such attack owed by `seat` now, or a target out of his reach.
pub fn champion_attack(
    state: &mut Villains,
    seat: Seat,
    (area, defender): (AreaId, Seat),
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let Some(Owed::ChampionAttack { from, .. }) = choices::next(state).filter(|o| o.seat() == seat) else {
        return Err(RuleError::not_your_turn(SKILL, "You have no champion's attack to make now."));
    };
    if !choices::champion_targets(state, seat, from).contains(&(area, defender)) {
        return Err(RuleError::illegal(
            SKILL,
            format!("Attack an opponent with units in an area adjacent to {}.", from.area().name),
        ));
    }
    state.owed.remove(0);
    let mut log = crate::rules::combat::unit_attack(state, seat, UnitType::Champion, area, defender, rng);
    if state.attacks.is_none() {
        choices::settle(state, &mut log);
    }
    Ok(log)
}

/// The rule named in refusals of the Gnome's cancel.
pub const HITS: &str = "Hits and Sacrifices";

/// Answers the Gnome's cancel: `pay` spends the cost (energy first, then
/// resources) and the hit is cancelled; otherwise it lands. Then the next
/// hit, attack or player.
///
/// # Errors
/// No such choice owed by `seat` now, or (paying) too little to pay.
pub fn cancel_hit(state: &mut Villains, seat: Seat, pay: bool) -> Result<Vec<LogEntry>, RuleError> {
    let Some(Owed::CancelHit { area, unit, attacker, .. }) = choices::next(state).filter(|o| o.seat() == seat) else {
        return Err(RuleError::not_your_turn(HITS, "You have no hit to cancel now."));
    };
    let mut log = Vec::new();
    if pay {
        let cost = crate::rules::combat::cancel_cost(state, seat, area).unwrap_or(0);
        let payment = crate::state::payment::Payment::energy_first(state, seat, cost);
        crate::rules::place_action_tokens::check_payment(state, seat, cost, payment)?;
        crate::rules::place_action_tokens::pay(state, seat, payment);
        log.push(LogEntry::public(format!(
            "{} {cost} to cancel the hit ({}).",
            state.who_verb(seat, "pays", "pay"),
            state.faction_of(seat).champion.name
        )));
    } else {
        log.push(LogEntry::public(format!("{} the hit land.", state.who_verb(seat, "lets", "let"))));
    }
    state.owed.remove(0);
    if let Some(h) = crate::rules::combat::pending_hit(state) {
        log.extend(crate::rules::combat::land_hit(state, seat, h, unit, pay)?);
    } else {
        if !pay {
            log.push(crate::rules::units::strike(state, area, unit, attacker)?);
        }
        choices::settle(state, &mut log);
    }
    Ok(log)
}

/// Champions in play whose leaving an area makes a chosen opponent there
/// sacrifice (Basta): owner, unit and area, taken before an action so that
/// [`after_leaving`] sees who left.
pub fn leavers(state: &Villains) -> Vec<(Seat, UnitUid, AreaId)> {
    let mut out = Vec::new();
    for seat in 0..state.seats {
        if state.players[seat as usize].faction.is_none() {
            continue;
        }
        let leaves = state
            .faction_of(seat)
            .champion
            .triggers
            .iter()
            .filter(|t| t.when == When::LeavesArea)
            .flat_map(|t| t.effects.iter())
            .any(|e| matches!(e, Effect::Sacrifice(Sacrifice { who: Who::ChosenOpponentWithUnitsHere, .. })));
        if leaves {
            out.extend(
                state.units_of(seat).filter(|(_, u)| u.kind == UnitType::Champion).map(|(a, u)| (seat, u.uid, a)),
            );
        }
    }
    out
}

/// After an action: each champion of [`leavers`] now in play in another
/// area (moved, or redeployed elsewhere) owes its owner the pick of an
/// opponent with units in the area left, if there is one.
pub fn after_leaving(state: &mut Villains, before: &[(Seat, UnitUid, AreaId)], log: &mut Vec<LogEntry>) {
    if !crate::versions::abilities(state) {
        return;
    }
    for &(seat, uid, from) in before {
        let Some(now) = state.units_of(seat).find(|(_, u)| u.uid == uid).map(|(a, _)| a) else {
            continue;
        };
        if now == from {
            continue;
        }
        let name = state.faction_of(seat).champion.name.clone();
        if crate::rules::units::enemies_in(state, seat, from).is_empty() {
            log.push(LogEntry::public(format!("{name} leaves {}: no opponent has units there.", from.area().name)));
            continue;
        }
        log.push(LogEntry::public(format!(
            "{name} leaves {}: {} an opponent there to sacrifice a unit.",
            from.area().name,
            state.who_verb(seat, "picks", "pick")
        )));
        state.owed.push(Owed::ChooseVictim { seat, area: from });
    }
}

/// Basta's owner picks the opponent with units in the area she left; that
/// opponent owes a sacrifice there (first).
///
/// # Errors
/// No such pick owed by `seat`, or an opponent without units there.
pub fn choose_victim(state: &mut Villains, seat: Seat, enemy: Seat) -> Result<Vec<LogEntry>, RuleError> {
    let Some(Owed::ChooseVictim { area, .. }) = choices::next(state).filter(|o| o.seat() == seat) else {
        return Err(RuleError::not_your_turn(HITS, "You have no opponent to pick now."));
    };
    if !crate::rules::units::enemies_in(state, seat, area).contains(&enemy) {
        return Err(RuleError::illegal(HITS, format!("Pick an opponent with units in {}.", area.area().name)));
    }
    state.owed[0] = Owed::SacrificeIn { seat: enemy, killer: seat, area };
    Ok(vec![LogEntry::public(format!(
        "{} {} to sacrifice a unit in {} ({}).",
        state.who_verb(seat, "picks", "pick"),
        state.who(enemy),
        area.area().name,
        state.faction_of(seat).champion.name
    ))])
}

/// `seat`'s champions in play, by unit and area (taken before a deploy, for
/// [`newly_deployed`]).
pub fn champions_in_play(state: &Villains, seat: Seat) -> Vec<(UnitUid, AreaId)> {
    state.units_of(seat).filter(|(_, u)| u.kind == UnitType::Champion).map(|(a, u)| (u.uid, a)).collect()
}

/// Champions of `seat`'s deployed since `before`: those new in play (from
/// the reserve) and those `redeployed` (by unit), with their area now.
pub fn newly_deployed(
    state: &Villains,
    seat: Seat,
    before: &[(UnitUid, AreaId)],
    redeployed: &[UnitUid],
) -> Vec<(UnitUid, AreaId)> {
    champions_in_play(state, seat)
        .into_iter()
        .filter(|(uid, _)| redeployed.contains(uid) || !before.iter().any(|(b, _)| b == uid))
        .collect()
}

/// A champion was deployed (a deploy token, a card, a skill): his own
/// "deployed" battle (Dr. Tyrannosaurus: combat there if it can take place,
/// R12) or the upgrade's attack (Murder Inc., Capo di Tutti Capi: one
/// attack of the printed value there, at an opponent the player chooses;
/// made whenever an enemy is there, since it is never harmful). Returns
/// whether a battle or attacks now go on (fought at once; the turn moves on
/// when they end).
///
/// # Errors
/// A battle that cannot start (not reached: checked first).
pub fn on_champion_deployed(
    state: &mut Villains,
    seat: Seat,
    deployed: &[(UnitUid, AreaId)],
    log: &mut Vec<LogEntry>,
) -> Result<bool, RuleError> {
    for &(uid, area) in deployed {
        if state.battle.is_some() || state.attacks.is_some() {
            return Ok(true);
        }
        // The Fixer: readied whenever deployed (R13), by a card or skill too.
        let ready = state
            .faction_of(seat)
            .champion
            .triggers
            .iter()
            .any(|t| t.when == When::Deployed && t.effects.iter().any(|e| matches!(e, Effect::Ready(_))));
        if ready && let Some(u) = state.area_mut(area).units.iter_mut().find(|u| u.uid == uid) {
            u.readied = true;
        }
        let champion = &state.faction_of(seat).champion;
        let battles = champion
            .triggers
            .iter()
            .filter(|t| t.when == When::Deployed)
            .flat_map(|t| t.effects.iter())
            .any(|e| matches!(e, Effect::Battle(b) if b.if_possible));
        if battles && crate::rules::combat::combat_possible(state, area) {
            log.push(LogEntry::public(format!(
                "{} is deployed: combat starts in {}.",
                champion.name,
                area.area().name
            )));
            log.extend(crate::rules::combat::start_battle(state, area, 0)?);
            return Ok(true);
        }
        let Some(up) = state.players[seat as usize].upgrade else {
            continue;
        };
        if !crate::versions::abilities(state) {
            continue;
        }
        let up = up.upgrade();
        let attacks: Vec<(AreaId, u8)> = up
            .triggers
            .iter()
            .filter(|t| t.when == When::ChampionDeployed)
            .flat_map(|t| t.effects.iter())
            .filter_map(|e| match e {
                Effect::Attacks(a) if a.place == crate::content::effect::Place::This => {
                    Some(std::iter::repeat_n((area, a.value), a.count as usize))
                }
                _ => None,
            })
            .flatten()
            .collect();
        if attacks.is_empty() {
            continue;
        }
        if crate::rules::units::enemies_in(state, seat, area).is_empty() {
            log.push(LogEntry::public(format!("{}: no enemy to attack in {}.", up.name, area.area().name)));
            continue;
        }
        log.push(LogEntry::public(format!(
            "{}: {} in {}.",
            up.name,
            state.who_verb(seat, "attacks", "attack"),
            area.area().name
        )));
        if crate::rules::combat::start_card_attacks(state, seat, attacks, log) {
            return Ok(true);
        }
    }
    Ok(false)
}
