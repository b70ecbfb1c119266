//! COMBAT: one round in one area, and the attacks, hits and sacrifices
//! that kill units.
//!
//! Players attack in player order (fixed when the battle starts, R11), each
//! with every unit it had here that has an attack value, one unit at a time
//! in the order it chooses, units killed earlier in this round included.
//! Each unit's dice all go at one defender: an enemy with living units here
//! (a unit with no possible defender is skipped). The defender assigns each
//! hit to one of its living units here: a unit with toughness is wounded
//! first, others die; hits beyond its units are lost. The dead go to this
//! area's graveyard in the killer's colour. After the round, an activated
//! Biohazard whose owner lost a unit makes every opponent with units here
//! sacrifice one; To The Death! asks whether to fight another round
//! ([`keep_fighting`]). A hit assigned in the Gnome of Zurich's area first
//! offers his owner the paid cancel ([`offer_cancel`]).
//!
//! When a battle or attacks end in Take Actions the next player acts
//! (`rules::choices::settle`); in the Combat Step the next marked area is
//! the turn's order's (`rules::turn_loop`), which this never calls.
//!
//! Dice are d10 ("0" is 10): a roll plus the attacker's bonuses plus the
//! defender's penalties hits when it reaches the printed value. Tests force
//! them through [`GameRng::force_dice`] (see [`d10`]).

use crate::content::effect::{Effect, Forbidden, Ongoing, Sacrifice, UnitType, When, Who};
use crate::content::{AreaId, Dice};
use crate::rules::standing;
use crate::rules::units::{a_unit, attacks_forbidden, enemies_in, kill, strike};
use crate::state::battle::{AttackRecord, Attacker, Battle, CardAttacks, PendingHits, PendingSacrifice};
use crate::state::owed::Owed;
use crate::state::{TokenKind, UnitUid, Villains};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat, SeatSet};

/// The rulebook section named in refusals.
pub const COMBAT: &str = "Combat";
/// Hits and Sacrifices.
pub const SACRIFICES: &str = "Hits and Sacrifices";

/// One ten-sided die, 1-10. Forced dice (tests, scenarios) come first: the
/// engine's forced-dice queue holds any value, so a forced 10 is a 10.
pub fn d10(rng: &mut GameRng) -> u8 {
    if rng.forced_dice_left() > 0 { rng.d6() } else { rng.range(1, 10) as u8 }
}

/// The attack dice of a unit of `seat`: its printed values, a "becomes"
/// rule for patsies (the Cult's upgrades), then bonus dice (Massacre) at its
/// own value.
pub fn attack_dice(state: &Villains, seat: Seat, kind: UnitType) -> Dice {
    let rules = standing::rules_of(state, seat);
    let mut dice = state.faction_of(seat).unit(kind).map(|u| u.attack).unwrap_or_default();
    if kind == UnitType::Patsy
        && let Some(d) = rules.iter().find_map(|r| match r {
            Ongoing::PatsyAttack(d) => Some(Dice::from_slice(d)),
            _ => None,
        })
    {
        dice = d;
    }
    if let Some(&v) = dice.first() {
        let extra: u8 = rules.iter().map(|r| if let Ongoing::BonusDice(n) = r { *n } else { 0 }).sum();
        dice.extend(std::iter::repeat_n(v, extra as usize));
    }
    dice
}

/// Why combat cannot take place in `area`, with the fact, or None if it
/// can. A card forbidding attacks is the rule named (Cease Fire);
/// otherwise `rule`, the step that asked for the combat. `then` ends the
/// sentence ("" or ": discard the token").
pub fn no_combat(state: &Villains, area: AreaId, rule: &str, then: &str) -> Option<RuleError> {
    let name = &area.area().name;
    if let Some(r) =
        state.area(area).rules.iter().find(|r| r.card.card().ongoing.contains(&Ongoing::Forbid(Forbidden::Attacks)))
    {
        let card = &r.card.card().name;
        return Some(RuleError::illegal(
            card.clone(),
            format!("Combat cannot take place in {name}: {card} forbids attacks there{then}."),
        ));
    }
    let here = present(state, area);
    let why = match here.as_slice() {
        [] => format!("no player has units in {name}"),
        [_] => format!("only one player has units in {name}"),
        _ if !combat_possible(state, area) => format!("no unit in {name} can attack"),
        _ => return None,
    };
    Some(RuleError::illegal(rule, format!("Combat cannot take place: {why}{then}.")))
}

/// Players with living units in `area`.
fn present(state: &Villains, area: AreaId) -> Vec<Seat> {
    state.player_order().filter(|s| state.area(area).has_units_of(*s)).collect()
}

/// Whether combat can take place in `area`: two players with units, one
/// unit able to attack, nothing forbidding it.
pub fn combat_possible(state: &Villains, area: AreaId) -> bool {
    let here = present(state, area);
    here.len() >= 2
        && !attacks_forbidden(state, area)
        && state.area(area).units.iter().any(|u| !attack_dice(state, u.owner, u.kind).is_empty())
}

/// The roll modifier of `attacker`'s units against `defender`'s: the
/// attacker's bonuses, the battle's, and the defender's penalties (an
/// enemy card with Kau's icon does not touch Kau's side).
fn modifier(state: &Villains, area: AreaId, attacker: Seat, defender: Seat, all: i8) -> i32 {
    let own: i32 = standing::rules_of(state, attacker)
        .iter()
        .map(|r| if let Ongoing::AttackModifier(n) = r { i32::from(*n) } else { 0 })
        .sum();
    let kau = state.faction_of(attacker).champion.ongoing.contains(&Ongoing::ImmuneToPowerlessAgainstKau)
        && state.area(area).units.iter().any(|u| u.owner == attacker && u.kind == UnitType::Champion);
    let defence: i32 = state
        .global_rules
        .iter()
        .filter(|r| r.owner == defender && !(kau && r.card.card().powerless_against_kau))
        .flat_map(|r| r.card.card().ongoing.iter())
        .chain(state.faction_of(defender).passive_rules())
        .map(|r| if let Ongoing::DefenceModifier(n) = r { i32::from(*n) } else { 0 })
        .sum();
    own + i32::from(all) + defence
}

/// Starts a round of combat in `area` (a combat marker, a battle token,
/// the Factory's skill...).
///
/// # Errors
/// Combat cannot take place there.
pub fn start_battle(state: &mut Villains, area: AreaId, modifier_all: i8) -> Result<Vec<LogEntry>, RuleError> {
    if state.battle.is_some() {
        return Err(RuleError::illegal(COMBAT, "A combat is already being fought."));
    }
    if let Some(e) = no_combat(state, area, COMBAT, "") {
        return Err(e);
    }
    let order = present(state, area);
    let mut to_attack = Vec::new();
    for s in &order {
        for u in state.area(area).units.iter().filter(|u| u.owner == *s) {
            if !attack_dice(state, u.owner, u.kind).is_empty() {
                to_attack.push(Attacker { uid: u.uid, owner: u.owner, kind: u.kind });
            }
        }
    }
    state.battle = Some(Battle {
        area,
        order,
        to_attack,
        modifier_all,
        hits: None,
        lost: SeatSet::EMPTY,
        sacrifices: Vec::new(),
        repeat: false,
    });
    let mut log = vec![LogEntry::public(format!("Combat in {}.", area.area().name))];
    settle(state, &mut log);
    Ok(log)
}

/// Enemies of `seat` with living units in the battle's area.
pub fn defenders(state: &Villains, seat: Seat) -> Vec<Seat> {
    let Some(b) = &state.battle else {
        return Vec::new();
    };
    present(state, b.area).into_iter().filter(|d| *d != seat).collect()
}

/// Who acts in the battle now: the defender assigning hits, a player
/// sacrificing, or the attacking player.
pub fn battle_actor(state: &Villains) -> Option<Seat> {
    let b = state.battle.as_ref()?;
    if let Some(h) = b.hits {
        return Some(h.defender);
    }
    if let Some(s) = b.sacrifices.first() {
        return Some(s.seat);
    }
    b.order.iter().copied().find(|s| b.to_attack.iter().any(|a| a.owner == *s))
}

/// Drops units that cannot attack (no defender left), then ends the round
/// when nobody is left to act.
fn settle(state: &mut Villains, log: &mut Vec<LogEntry>) {
    loop {
        let Some(b) = &state.battle else { return };
        if b.hits.is_some() || !b.sacrifices.is_empty() {
            return;
        }
        let Some(seat) = battle_actor(state) else {
            end_round(state, log);
            if state.battle.as_ref().is_some_and(|b| !b.sacrifices.is_empty()) {
                return;
            }
            finish_battle(state, log);
            return;
        };
        if !defenders(state, seat).is_empty() {
            return;
        }
        let Some(b) = state.battle.as_mut() else { return };
        let n = b.to_attack.iter().filter(|a| a.owner == seat).count();
        b.to_attack.retain(|a| a.owner != seat);
        log.push(LogEntry::public(format!(
            "{} {} with no enemy to attack.",
            state.who_verb(seat, "has", "have"),
            backroom_engine::plural(n as i64, "remaining unit", "remaining units")
        )));
    }
}

/// After the round: Biohazard (an activated one whose owner lost a unit
/// here) makes each opponent with units here sacrifice one.
fn end_round(state: &mut Villains, log: &mut Vec<LogEntry>) {
    let Some(b) = state.battle.as_ref() else { return };
    let area = b.area;
    let lost = b.lost;
    let mut queue = Vec::new();
    for owner in state.player_order().collect::<Vec<_>>() {
        if !lost.contains(owner) {
            continue;
        }
        let f = state.faction_of(owner);
        let biohazards = state
            .area(area)
            .tokens()
            .filter(|t| t.owner == owner && t.face_up && t.activated && *t.kind.rules_value() == TokenKind::Unique)
            .count();
        for _ in 0..biohazards {
            for t in f.unique_token.triggers.iter().filter(|t| t.when == When::CombatHereWithOwnLosses) {
                for e in &t.effects {
                    if let Effect::Sacrifice(Sacrifice { who: Who::EachOpponentWithUnitsHere, .. }) = e {
                        for s in state.player_order().filter(|s| *s != owner && state.area(area).has_units_of(*s)) {
                            queue.push(PendingSacrifice { seat: s, killer: owner, area });
                        }
                        log.push(LogEntry::public(format!(
                            "{}: each opponent with units in {} sacrifices one.",
                            f.unique_token.name,
                            area.area().name
                        )));
                    }
                }
            }
        }
    }
    if let Some(b) = state.battle.as_mut() {
        b.sacrifices = queue;
    }
    log.push(LogEntry::public(format!("The combat in {} ends.", area.area().name)));
}

/// `seat` attacks with `unit` against `defender`.
///
/// # Errors
/// Not `seat`'s attack, a unit that has attacked or is not its own, or a
/// defender without living units here.
pub fn attack(
    state: &mut Villains,
    seat: Seat,
    unit: UnitUid,
    defender: Seat,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let Some(b) = &state.battle else {
        return Err(RuleError::illegal(COMBAT, "No combat is being fought."));
    };
    if b.hits.is_some() || !b.sacrifices.is_empty() || battle_actor(state) != Some(seat) {
        return Err(RuleError::not_your_turn(COMBAT, "It is not your attack."));
    }
    let Some(i) = b.to_attack.iter().position(|a| a.uid == unit && a.owner == seat) else {
        return Err(RuleError::illegal(COMBAT, "That unit has no attack left in this combat."));
    };
    if !defenders(state, seat).contains(&defender) {
        return Err(RuleError::illegal(COMBAT, "Choose an enemy player with living units here."));
    }
    let area = b.area;
    let all = b.modifier_all;
    let a = b.to_attack[i];
    if let Some(b) = state.battle.as_mut() {
        b.to_attack.remove(i);
    }
    let (rolls, hits, mut log) = roll_attack(state, area, seat, a.kind, defender, all, rng);
    log.insert(
        0,
        LogEntry::public(format!(
            "{} {} with {}: rolled {} — {}.",
            state.who_verb(seat, "attacks", "attack"),
            state.who(defender),
            a_unit(state, seat, a.kind),
            backroom_engine::and_list(&rolls.iter().map(u8::to_string).collect::<Vec<_>>()),
            backroom_engine::plural(hits, "hit", "hits")
        )),
    );
    if hits > 0
        && let Some(b) = state.battle.as_mut()
    {
        b.hits = Some(PendingHits { area, defender, attacker: seat, hits });
    }
    settle(state, &mut log);
    Ok(log)
}

/// Rolls one unit's attack and fires its per-hit triggers (Dr.
/// Tyrannosaurus draws, the Gnome earns). Returns the rolls and hits.
pub fn roll_attack(
    state: &mut Villains,
    area: AreaId,
    seat: Seat,
    kind: UnitType,
    defender: Seat,
    all: i8,
    rng: &mut GameRng,
) -> (Vec<u8>, u8, Vec<LogEntry>) {
    let dice = attack_dice(state, seat, kind);
    let m = modifier(state, area, seat, defender, all);
    let rolls: Vec<u8> = dice.iter().map(|_| d10(rng)).collect();
    let record_rolls = rolls.clone();
    let hits = rolls.iter().zip(&dice).filter(|(r, v)| i32::from(**r) + m >= i32::from(**v)).count() as u8;
    state.last_attack =
        Some(AttackRecord { attacker: seat, defender, area, unit: Some(kind), rolls: record_rolls, hits });
    let mut log = Vec::new();
    if kind == UnitType::Champion && hits > 0 {
        for t in state.faction_of(seat).champion.triggers.iter().filter(|t| t.when == When::DieHits) {
            for e in &t.effects {
                match e {
                    Effect::Draw(n) => {
                        let got = crate::rules::start_phase::draw_cards(state, seat, n * hits, rng);
                        log.push(LogEntry::public(format!(
                            "{} {} ({}).",
                            state.who_verb(seat, "draws", "draw"),
                            backroom_engine::plural(got, "action card", "action cards"),
                            state.faction_of(seat).champion.name
                        )));
                    }
                    Effect::Gain(g) => {
                        state.players[seat as usize].resources += u16::from(g.resources) * u16::from(hits);
                        log.push(LogEntry::public(format!(
                            "{} {} ({}).",
                            state.who_verb(seat, "gains", "gain"),
                            backroom_engine::plural(u16::from(g.resources) * u16::from(hits), "resource", "resources"),
                            state.faction_of(seat).champion.name
                        )));
                    }
                    _ => {}
                }
            }
        }
    }
    (rolls, hits, log)
}

/// The defender assigns one pending hit to one of its living units here.
///
/// # Errors
/// No hit for `seat` to assign, or not its living unit here.
pub fn assign_hit(state: &mut Villains, seat: Seat, unit: UnitUid) -> Result<Vec<LogEntry>, RuleError> {
    let Some(h) = pending_hit(state).filter(|h| h.defender == seat) else {
        return Err(RuleError::not_your_turn(COMBAT, "You have no hit to assign."));
    };
    let area = h.area;
    if crate::rules::choices::next(state).is_some() {
        return Err(RuleError::illegal(SACRIFICES, "Answer the choice owed first."));
    }
    if !state.area(area).units.iter().any(|u| u.uid == unit && u.owner == seat) {
        return Err(RuleError::illegal(COMBAT, "Assign the hit to one of your living units here."));
    }
    if let Some(log) = offer_cancel(state, seat, area, unit, h.attacker) {
        return Ok(log);
    }
    land_hit(state, seat, h, unit, false)
}

/// What cancelling a hit on `seat`'s unit in `area` costs, if its champion
/// there may cancel hits (the Gnome of Zurich, wounded or not).
pub fn cancel_cost(state: &Villains, seat: Seat, area: AreaId) -> Option<u8> {
    let cost = state
        .faction_of(seat)
        .champion
        .triggers
        .iter()
        .filter(|t| t.when == When::HitAssignedHere)
        .flat_map(|t| t.effects.iter())
        .find_map(|e| match e {
            Effect::CancelHit(c) => Some(c.cost),
            _ => None,
        })?;
    state.area(area).units.iter().any(|u| u.owner == seat && u.kind == UnitType::Champion).then_some(cost)
}

/// A hit is assigned to `unit` of `seat` in `area` (combat, a unit's or a
/// card's attack, the Hitman): if the Gnome is there and his owner can pay,
/// the choice to cancel it is owed first (the hit waits). Returns the log
/// when it is owed, `None` when the hit lands at once.
pub fn offer_cancel(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    unit: UnitUid,
    attacker: Seat,
) -> Option<Vec<LogEntry>> {
    if !crate::versions::abilities(state) {
        return None;
    }
    let cost = cancel_cost(state, seat, area)?;
    let p = &state.players[seat as usize];
    if u32::from(p.energy) + u32::from(p.resources) < u32::from(cost) {
        return None;
    }
    let kind = state.area(area).units.iter().find(|u| u.uid == unit)?.kind;
    state.owed.insert(0, Owed::CancelHit { seat, area, unit, attacker });
    Some(vec![LogEntry::public(format!(
        "A hit is assigned to {} in {}: {} {cost} to cancel it ({}).",
        a_unit(state, seat, kind),
        area.area().name,
        state.who_verb(seat, "may pay", "may pay"),
        state.faction_of(seat).champion.name
    ))])
}

/// The hit pending in a battle, or else in attacks under way.
pub(crate) fn pending_hit(state: &Villains) -> Option<PendingHits> {
    state.battle.as_ref().and_then(|b| b.hits).or_else(|| state.attacks.as_ref().and_then(|a| a.hits))
}

/// The pending hit `h`, assigned to `unit` of `seat`, lands (unless
/// `cancelled`, the Gnome's paid cancel): wounded or killed; then the
/// next hit or attack.
///
/// # Errors
/// The unit is no longer there (see [`strike`]).
pub(crate) fn land_hit(
    state: &mut Villains,
    seat: Seat,
    h: PendingHits,
    unit: UnitUid,
    cancelled: bool,
) -> Result<Vec<LogEntry>, RuleError> {
    let area = h.area;
    let mut log = Vec::new();
    if !cancelled {
        log.push(strike(state, area, unit, h.attacker)?);
    }
    let left = h.hits - 1;
    let more = (left > 0 && state.area(area).has_units_of(seat)).then_some(PendingHits { hits: left, ..h });
    if let Some(b) = state.battle.as_mut().filter(|b| b.hits.is_some()) {
        b.hits = more;
        settle(state, &mut log);
    } else if let Some(a) = state.attacks.as_mut() {
        a.hits = more;
        settle_attacks(state, &mut log);
    }
    Ok(log)
}

/// A player sacrifices one of its units (its choice; toughness does not
/// help), the kill going to whoever's effect it is.
///
/// # Errors
/// No sacrifice pending for `seat`, or not its unit in that area.
pub fn sacrifice(state: &mut Villains, seat: Seat, unit: UnitUid) -> Result<Vec<LogEntry>, RuleError> {
    let Some(p) = state.battle.as_ref().and_then(|b| b.sacrifices.first().copied()).filter(|p| p.seat == seat) else {
        return Err(RuleError::not_your_turn(SACRIFICES, "You have nothing to sacrifice now."));
    };
    let Some(u) = state.area(p.area).units.iter().find(|u| u.uid == unit && u.owner == seat).cloned() else {
        return Err(RuleError::illegal(SACRIFICES, format!("Sacrifice one of your units in {}.", p.area.area().name)));
    };
    kill(state, p.area, unit, p.killer);
    let mut log = vec![LogEntry::public(format!(
        "{} {} (a kill for {}).",
        state.who_verb(seat, "sacrifices", "sacrifice"),
        a_unit(state, seat, u.kind),
        state.who(p.killer)
    ))];
    // A player left without units there has nothing more to give.
    let area = p.area;
    let units_left: Vec<Seat> = (0..state.seats).filter(|s| state.area(area).has_units_of(*s)).collect();
    // The battle `p` was read from is still under way (a kill ends none).
    let Some(b) = state.battle.as_mut() else {
        return Ok(log);
    };
    b.sacrifices.remove(0);
    b.sacrifices.retain(|q| units_left.contains(&q.seat));
    if b.sacrifices.is_empty() {
        finish_battle(state, &mut log);
    }
    Ok(log)
}

/// Starts non-combat attacks; attacks in areas without enemy units are
/// dropped. Returns whether any is left to make.
///
/// When none is, the card that made them is still being played: the turn
/// moves on when its play ends (its caller's step), not from here, or a
/// Mr. Fusion card would move it on twice.
pub fn start_card_attacks(
    state: &mut Villains,
    attacker: Seat,
    queue: Vec<(AreaId, u8)>,
    log: &mut Vec<LogEntry>,
) -> bool {
    state.attacks = Some(CardAttacks { attacker, queue, hits: None });
    if crate::versions::card_attacks_leave_the_turn(state) {
        drop_unopposed(state, log);
    } else {
        settle_attacks(state, log);
    }
    state.attacks.is_some()
}

/// Drops attacks that have no defender; ends them when none is left.
fn settle_attacks(state: &mut Villains, log: &mut Vec<LogEntry>) {
    if drop_unopposed(state, log) {
        after_battle(state, log);
    }
}

/// Drops the attacks waiting to be made that have no defender; returns
/// whether that ended them.
fn drop_unopposed(state: &mut Villains, log: &mut Vec<LogEntry>) -> bool {
    let Some(a) = &state.attacks else { return false };
    if a.hits.is_some() {
        return false;
    }
    let attacker = a.attacker;
    let queue: Vec<(AreaId, u8)> =
        a.queue.iter().copied().filter(|(area, _)| !enemies_in(state, attacker, *area).is_empty()).collect();
    let dropped = a.queue.len() - queue.len();
    if dropped > 0 {
        log.push(LogEntry::public(format!(
            "{} no enemy unit to strike.",
            if dropped == 1 { "1 attack has".to_string() } else { format!("{dropped} attacks have") }
        )));
    }
    if queue.is_empty() {
        state.attacks = None;
        return true;
    }
    if let Some(a) = state.attacks.as_mut() {
        a.queue = queue;
    }
    false
}

/// One unit attacks outside combat (the Police's skill): its dice and
/// bonuses, all at `defender`, who assigns the hits; no retaliation.
pub fn unit_attack(
    state: &mut Villains,
    seat: Seat,
    kind: UnitType,
    area: AreaId,
    defender: Seat,
    rng: &mut GameRng,
) -> Vec<LogEntry> {
    let (rolls, hits, mut log) = roll_attack(state, area, seat, kind, defender, 0, rng);
    log.insert(
        0,
        LogEntry::public(format!(
            "{} {} with {} in {}: rolled {} — {}.",
            state.who_verb(seat, "attacks", "attack"),
            state.who(defender),
            a_unit(state, seat, kind),
            area.area().name,
            backroom_engine::and_list(&rolls.iter().map(u8::to_string).collect::<Vec<_>>()),
            backroom_engine::plural(hits, "hit", "hits")
        )),
    );
    if hits > 0 {
        state.attacks = Some(CardAttacks {
            attacker: seat,
            queue: Vec::new(),
            hits: Some(PendingHits { area, defender, attacker: seat, hits }),
        });
    }
    log
}

/// Makes the next non-combat attack at `defender`.
///
/// # Errors
/// No attack of `seat`'s waiting, hits to assign first, or a defender
/// without units in the attack's area.
pub fn card_attack(
    state: &mut Villains,
    seat: Seat,
    defender: Seat,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let Some(a) = state.attacks.as_ref().filter(|a| a.attacker == seat && a.hits.is_none()) else {
        return Err(RuleError::not_your_turn(COMBAT, "You have no attack to make now."));
    };
    let Some(&(area, value)) = a.queue.first() else {
        return Err(RuleError::not_your_turn(COMBAT, "You have no attack to make now."));
    };
    if !enemies_in(state, seat, area).contains(&defender) {
        return Err(RuleError::illegal(COMBAT, format!("Choose an opponent with units in {}.", area.area().name)));
    }
    let penalty: i32 = state
        .global_rules
        .iter()
        .filter(|r| r.owner == defender)
        .flat_map(|r| r.card.card().ongoing.iter())
        .map(|r| if let Ongoing::DefenceModifier(n) = r { i32::from(*n) } else { 0 })
        .sum();
    let roll = d10(rng);
    let hit = i32::from(roll) + penalty >= i32::from(value);
    state.last_attack =
        Some(AttackRecord { attacker: seat, defender, area, unit: None, rolls: vec![roll], hits: u8::from(hit) });
    if let Some(atk) = state.attacks.as_mut() {
        atk.queue.remove(0);
        if hit {
            atk.hits = Some(PendingHits { area, defender, attacker: seat, hits: 1 });
        }
    }
    let mut log = vec![LogEntry::public(format!(
        "{} {} in {} ({value}): rolled {roll} — {}.",
        state.who_verb(seat, "attacks", "attack"),
        state.who(defender),
        area.area().name,
        if hit { "a hit" } else { "a miss" }
    ))];
    settle_attacks(state, &mut log);
    Ok(log)
}

/// To The Death!: `seat` says whether to fight another round; the first
/// "yes" starts it, when everyone says "no" the battle is over.
///
/// # Errors
/// No such question for `seat` now.
pub fn keep_fighting(state: &mut Villains, seat: Seat, yes: bool) -> Result<Vec<LogEntry>, RuleError> {
    let Some(Owed::KeepFighting { area, .. }) = crate::rules::choices::next(state).filter(|o| o.seat() == seat) else {
        return Err(RuleError::not_your_turn(COMBAT, "You are not asked to fight on."));
    };
    let mut log = vec![LogEntry::public(format!(
        "{}.",
        if yes {
            state.who_verb(seat, "fights on", "fight on")
        } else {
            state.who_verb(seat, "has had enough", "have had enough")
        }
    ))];
    if yes {
        state.owed.retain(|o| !matches!(o, Owed::KeepFighting { area: a, .. } if *a == area));
        log.extend(start_battle(state, area, 0)?);
        if let Some(b) = state.battle.as_mut() {
            b.repeat = true;
        }
    } else {
        state.owed.remove(0);
        if !state.owed.iter().any(|o| matches!(o, Owed::KeepFighting { area: a, .. } if *a == area)) {
            crate::rules::choices::settle(state, &mut log);
        }
    }
    Ok(log)
}

/// The round is over: To The Death! asks whether to fight again; otherwise
/// the action or step goes on.
fn finish_battle(state: &mut Villains, log: &mut Vec<LogEntry>) {
    let Some(b) = state.battle.take() else { return };
    if b.repeat && combat_possible(state, b.area) {
        let owed: Vec<Owed> =
            present(state, b.area).into_iter().map(|seat| Owed::KeepFighting { seat, area: b.area }).collect();
        log.push(LogEntry::public(format!("To the death: does anyone with units in {} fight on?", b.area.area().name)));
        state.owed.splice(0..0, owed);
        return;
    }
    after_battle(state, log);
}

/// When a battle or attacks are over during Take Actions (a battle token,
/// Dr. Tyrannosaurus, a card, a skill), the next player acts, once any
/// choice still owed (Bully G.O.A.T.'s attack after a skill) is made. In
/// the Combat Step the next marked area fights: the turn's order takes
/// that on after the action (`rules::turn_loop::after_action`).
fn after_battle(state: &mut Villains, log: &mut Vec<LogEntry>) {
    if let crate::state::Phase::TakeActions { revealed: None, .. } = state.phase {
        crate::rules::choices::settle(state, log);
    }
}

/// The Combat Step's next area: the next one with a combat marker, in area
/// order, after `after`.
pub fn next_marked_area(state: &Villains, after: Option<AreaId>) -> Option<AreaId> {
    crate::content::content().area_ids().filter(|a| after.is_none_or(|x| *a > x)).find(|a| state.area(*a).combat_marker)
}
