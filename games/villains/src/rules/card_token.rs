//! Playing an action card from a card token (Card Token, Card Types): the
//! target line is ignored, "this area" is the token's area, the card's cost
//! is paid, its effects resolve as fully as possible, then an event is
//! discarded and a rule card stays with its player's marker until Cleanup
//! (local ones in the area, global ones on the score board).
//!
//! The card's choices travel with it ([`CardChoices`]); its effects resolve
//! on a copy of the table that adds up what they cost, so a card that cannot
//! be resolved or paid is refused whole. Non-combat attacks and a started
//! battle go on after the play (see [`crate::rules::combat`]). The
//! Laboratory's revealed card is answered here too ([`lab_play`] for free
//! in the Laboratory, or [`lab_draw`] into hand), as a play like any other.
//!
//! Not yet interpreted (refused, see the README): sacrifices by every
//! player (Let God Sort Them Out), opponents' discards (Shakedown), another
//! area's skill (Blackstone Encryption), the Suitcase Nuke, To The Death!'s
//! repeated rounds.

use crate::action::choices::CardChoices;
use crate::content::effect::{
    Deploy, Effect, MarkerAreas, Max, MoveUnits, Place, PlaceFromReserves, UnitCost, UseSkill,
};
use crate::content::{AreaId, CardId, CardType, Scope, content};
use crate::rules::combat;
use crate::rules::place_action_tokens::{check_payment, pay};
use crate::rules::units;
use crate::rules::units::{entry_surcharge, may_leave};
use crate::state::owed::Owed;
use crate::state::payment::Payment;
use crate::state::{RuleCard, SpentToken, Unit, UnitUid, Villains};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat};

/// The rule named in refusals.
pub const CARD_TOKEN: &str = "Card Token";

/// Whether this version can resolve every effect of the card.
pub fn playable_in_this_version(card: CardId) -> bool {
    card.card().effects.iter().all(|e| !matches!(e, Effect::PlayCards(_)))
}

/// Plays `card` from `seat`'s hand through a card token in `area`, paying
/// `base` (the token's cost and taxes) plus the card's costs with `payment`.
/// Returns the log and whether attacks or a battle go on after it.
///
/// # Errors
/// The card is not in hand, cannot be resolved with these choices, or the
/// payment is not exactly its cost; the state is unchanged.
#[allow(clippy::too_many_arguments, reason = "a card token's play carries every choice its card asks for")]
pub fn play(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    card: CardId,
    base: u8,
    payment: Payment,
    choices: &CardChoices,
    rng: &mut GameRng,
) -> Result<(Vec<LogEntry>, bool), RuleError> {
    play_as(state, seat, area, card, base, payment, choices, rng, false)
}

/// [`play`], with the card's own cost waived when `free` (the Laboratory's
/// skill plays the revealed card for free).
#[allow(clippy::too_many_arguments, reason = "a card token's play carries every choice its card asks for")]
pub fn play_as(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    card: CardId,
    base: u8,
    payment: Payment,
    choices: &CardChoices,
    rng: &mut GameRng,
    free: bool,
) -> Result<(Vec<LogEntry>, bool), RuleError> {
    let Some(i) = state.players[seat as usize].hand.iter().position(|c| *c == card) else {
        return Err(RuleError::illegal(CARD_TOKEN, "That card is not in your hand."));
    };
    let record = card.card();
    if !playable_in_this_version(card) {
        return Err(RuleError::illegal(CARD_TOKEN, format!("{} cannot be played in this version yet.", record.name)));
    }
    let mut work = state.clone();
    // Dice and shuffles are kept only if the play is: a refused play
    // leaves the match's generator as it was.
    let mut r = rng.clone();
    work.players[seat as usize].hand.remove(i);
    let mut cost = u32::from(base) + if free { 0 } else { u32::from(record.cost) };
    let mut log = vec![LogEntry::public(format!(
        "{} {} in {}.",
        work.who_verb(seat, "plays", "play"),
        record.name,
        area.area().name
    ))];
    let mut attacks = Vec::new();
    let mut battle = None;
    for e in &record.effects {
        resolve(&mut work, seat, area, e, choices, &mut cost, &mut attacks, &mut battle, &mut log, &mut r)?;
    }
    let cost = u8::try_from(cost).map_err(|_| RuleError::illegal(CARD_TOKEN, "You cannot pay that much."))?;
    check_payment(&work, seat, cost, payment)?;
    pay(&mut work, seat, payment);
    // A Suitcase Nuke declined, or with no unit of the player's here, is
    // discarded with no effect.
    let declined =
        choices.sacrifice.is_none() && record.effects.iter().any(|e| matches!(e, Effect::MaySacrificeOwnUnit { .. }));
    match (record.kind, record.scope) {
        _ if declined => work.discards.push(card),
        (CardType::Event, _) => work.discards.push(card),
        (CardType::Rule, Scope::Local) => work.area_mut(area).rules.push(RuleCard { card, owner: seat }),
        (CardType::Rule, Scope::Global) => work.global_rules.push(RuleCard { card, owner: seat }),
    }
    let owed = std::mem::take(&mut work.owed);
    let mut goes_on = crate::rules::choices::owe(&mut work, owed);
    if goes_on {
        let mut seats: Vec<Seat> = Vec::new();
        for o in &work.owed {
            if !seats.contains(&o.seat()) {
                seats.push(o.seat());
            }
        }
        let who: Vec<String> = seats.iter().map(|s| work.who(*s)).collect();
        log.push(LogEntry::public(format!("{} must choose: {}.", record.name, backroom_engine::and_list(&who))));
    }
    if let Some((at, m, repeat)) = battle {
        log.extend(combat::start_battle(&mut work, at, m)?);
        if let Some(b) = work.battle.as_mut() {
            b.repeat = repeat;
        }
        goes_on = true;
    }
    if !attacks.is_empty() {
        goes_on |= combat::start_card_attacks(&mut work, seat, attacks, &mut log);
    }
    // A skill used through the card (Blackstone Encryption) may have
    // started a battle or attacks of its own.
    goes_on |= work.battle.is_some() || work.attacks.is_some();
    *state = work;
    *rng = r;
    Ok((log, goes_on))
}

/// The Laboratory's revealed card: `seat` takes it into its hand.
///
/// # Errors
/// No revealed card of `seat`'s waiting.
pub fn lab_draw(state: &mut Villains, seat: Seat) -> Result<Vec<LogEntry>, RuleError> {
    let Some(Owed::LabCard { card, .. }) = crate::rules::choices::next(state).filter(|o| o.seat() == seat) else {
        return Err(RuleError::not_your_turn(LABORATORY, "You have no revealed card to take."));
    };
    state.owed.remove(0);
    state.players[seat as usize].hand.push(card);
    let mut log =
        vec![LogEntry::public(format!("{} {} into hand.", state.who_verb(seat, "takes", "take"), card.card().name))];
    crate::rules::choices::settle(state, &mut log);
    Ok(log)
}

/// The Laboratory's revealed card: `seat` plays it for free in the
/// Laboratory, with `choices` and `payment` for whatever else it costs.
///
/// # Errors
/// No revealed card of `seat`'s waiting, or a play the rules refuse (then
/// nothing changes).
pub fn lab_play(
    state: &mut Villains,
    seat: Seat,
    payment: crate::state::payment::Payment,
    choices: &crate::action::choices::CardChoices,
    rng: &mut backroom_engine::GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let Some(Owed::LabCard { card, area, .. }) = crate::rules::choices::next(state).filter(|o| o.seat() == seat) else {
        return Err(RuleError::not_your_turn(LABORATORY, "You have no revealed card to play."));
    };
    let mut work = state.clone();
    work.owed.remove(0);
    work.players[seat as usize].hand.push(card);
    let leaving = crate::rules::abilities::leavers(&work);
    let champions_before = crate::rules::abilities::champions_in_play(&work, seat);
    let (mut log, goes_on) = play_as(&mut work, seat, area, card, 0, payment, choices, rng, true)?;
    crate::rules::abilities::after_leaving(&mut work, &leaving, &mut log);
    let redeployed: Vec<UnitUid> = choices.units.iter().filter_map(|p| p.from).collect();
    let deployed = crate::rules::abilities::newly_deployed(&work, seat, &champions_before, &redeployed);
    if !goes_on && crate::versions::abilities(&work) {
        crate::rules::abilities::on_champion_deployed(&mut work, seat, &deployed, &mut log)?;
    }
    crate::rules::choices::settle(&mut work, &mut log);
    *state = work;
    Ok(log)
}

/// The Laboratory's skill, named in refusals.
pub const LABORATORY: &str = "Activating an Area's Skill Ability";

#[allow(clippy::too_many_arguments, reason = "a card token's play carries every choice its card asks for")]
fn resolve(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    e: &Effect,
    c: &CardChoices,
    cost: &mut u32,
    attacks: &mut Vec<(AreaId, u8)>,
    battle: &mut Option<(AreaId, i8, bool)>,
    log: &mut Vec<LogEntry>,
    rng: &mut GameRng,
) -> Result<(), RuleError> {
    match e {
        Effect::MaySacrificeOwnUnit { then } => {
            let Some(uid) = c.sacrifice else {
                log.push(LogEntry::public(if state.area(area).has_units_of(seat) {
                    format!(
                        "{} no unit: the card is discarded with no effect.",
                        state.who_verb(seat, "sacrifices", "sacrifice")
                    )
                } else {
                    "With no unit of its player here, the card does nothing.".to_string()
                }));
                return Ok(());
            };
            let Some(u) = state.area(area).units.iter().find(|u| u.uid == uid && u.owner == seat).copied() else {
                return refuse("Choose one of your units in this area to sacrifice.");
            };
            units::kill(state, area, u.uid, seat);
            log.push(LogEntry::public(format!(
                "{} {} in {}.",
                state.who_verb(seat, "sacrifices", "sacrifice"),
                units::a_unit(state, seat, u.kind),
                area.area().name
            )));
            for t in then {
                resolve(state, seat, area, t, c, cost, attacks, battle, log, rng)?;
            }
        }
        Effect::LoseControl(_) => {
            if state.area_mut(area).controller.take().is_some() {
                log.push(LogEntry::public(format!("{} has no controller now.", area.area().name)));
            }
        }
        Effect::RemoveAllTokens(_) => {
            remove_all_tokens(state, area, log);
        }
        Effect::KillAllUnits(_) => {
            kill_all_units(state, seat, area, log);
        }
        Effect::ForbidUntilCleanup(_) | Effect::CountAsExterminated(_) => {
            // The area-level state: no entry, no control, exterminated by
            // its player (checked in `rules::apply_to`, `control` and `end`).
            state.area_mut(area).nuked = Some(seat);
        }
        Effect::UseSkill(u) => {
            use_skill_free(state, seat, area, u, c, log, rng)?;
        }
        Effect::Gain(g) => {
            state.players[seat as usize].resources += u16::from(g.resources);
            log.push(LogEntry::public(format!(
                "{} {}.",
                state.who_verb(seat, "gains", "gain"),
                backroom_engine::plural(g.resources, "resource", "resources")
            )));
        }
        Effect::Draw(n) => {
            let got = crate::rules::start_phase::draw_cards(state, seat, *n, rng);
            log.push(LogEntry::public(format!(
                "{} {}.",
                state.who_verb(seat, "draws", "draw"),
                backroom_engine::plural(got, "action card", "action cards")
            )));
        }
        Effect::CombatMarkers(MarkerAreas::EveryArea) => {
            for a in &mut state.areas {
                a.combat_marker = true;
            }
            log.push(LogEntry::public("Every area has a combat marker."));
        }
        Effect::OpponentsPay(n) => {
            opponents_pay(state, seat, n, log)?;
        }
        Effect::ReviveGraveyards(_) => {
            revive_graveyards(state, log)?;
        }
        Effect::Deploy(d) => {
            deploy(state, seat, area, d, c, cost, log)?;
        }
        Effect::MoveUnits(m) => {
            move_units(state, seat, area, m, c, cost, log)?;
        }
        Effect::RemoveFaceDownToken(_) => {
            remove_face_down_token(state, seat, area, c, log)?;
        }
        Effect::PlaceFromReserves(p) => {
            place_from_reserves(state, seat, area, p, c, log)?;
        }
        Effect::Battle(b) => {
            if let Some(e) = combat::no_combat(state, area, CARD_TOKEN, "") {
                return Err(e);
            }
            *battle = Some((area, b.attack_modifier_all, b.repeat_while_anyone_agrees));
        }
        Effect::Sacrifice(sac) if sac.who == crate::content::effect::Who::EveryPlayer => {
            let owed: Vec<crate::state::owed::Owed> = state
                .player_order()
                .map(|p| {
                    let n = match sac.count {
                        crate::content::effect::SacrificeCount::Count(n) => n,
                        crate::content::effect::SacrificeCount::Word(_) => {
                            content().area_ids().filter(|a| state.controller(*a) == Some(p)).count() as u8
                        }
                    };
                    crate::state::owed::Owed::Sacrifice { seat: p, killer: seat, count: n }
                })
                .collect();
            state.owed.extend(owed);
        }
        Effect::OpponentsDiscard(n) => {
            let owed: Vec<crate::state::owed::Owed> = state
                .player_order()
                .filter(|p| *p != seat)
                .map(|p| crate::state::owed::Owed::Discard { seat: p, count: *n })
                .collect();
            state.owed.extend(owed);
        }
        Effect::Attacks(a) => match a.place {
            Place::This => attacks.extend(std::iter::repeat_n((area, a.value), a.count as usize)),
            Place::EachControlled => {
                for at in content().area_ids().filter(|x| state.controller(*x) == Some(seat)) {
                    attacks.extend(std::iter::repeat_n((at, a.value), a.count as usize));
                }
            }
            _ => return refuse("Attacks need an area."),
        },
        _ => return refuse("This effect cannot be resolved in this version yet."),
    }
    Ok(())
}

/// Every action token in this area removed.
fn remove_all_tokens(state: &mut Villains, area: AreaId, log: &mut Vec<LogEntry>) {
    let tokens: Vec<_> = state.area_mut(area).track.iter_mut().filter_map(Option::take).collect();
    for t in &tokens {
        state.players[t.owner as usize].spent_tokens.push(SpentToken { kind: t.kind, revealed: t.face_up });
    }
    log.push(LogEntry::public(format!(
        "{} removed from {}.",
        backroom_engine::plural(tokens.len() as i64, "action token is", "action tokens are"),
        area.area().name
    )));
}

/// Every unit in this area killed, by the card's player.
fn kill_all_units(state: &mut Villains, seat: Seat, area: AreaId, log: &mut Vec<LogEntry>) {
    let all: Vec<UnitUid> = state.area(area).units.iter().map(|u| u.uid).collect();
    for u in &all {
        units::kill(state, area, *u, seat);
    }
    log.push(LogEntry::public(format!(
        "{} in {} {} killed.",
        backroom_engine::plural(all.len() as i64, "unit", "units"),
        area.area().name,
        if all.len() == 1 { "is" } else { "are" }
    )));
}

/// A skill used through the card (Blackstone Encryption): the area's skill
/// without exhausting a unit.
fn use_skill_free(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    u: &UseSkill,
    c: &CardChoices,
    log: &mut Vec<LogEntry>,
    rng: &mut GameRng,
) -> Result<(), RuleError> {
    let Some((at, choice)) = &c.skill else {
        return refuse("Choose the area whose skill to use.");
    };
    let here = state.area(*at);
    let qualifies = match u.place {
        Place::AnyWithOwnUnit => here.has_units_of(seat),
        _ => *at == area,
    };
    if !qualifies {
        return refuse("Choose an area where you have a unit.");
    }
    if u.needs_readied_unit && !here.units.iter().any(|x| x.owner == seat && x.readied) {
        return refuse("You need a readied unit there.");
    }
    log.push(LogEntry::public(format!(
        "{} the skill of {} without exhausting a unit.",
        state.who_verb(seat, "uses", "use"),
        at.area().name
    )));
    log.extend(crate::rules::skill_abilities::resolve_skill(state, seat, *at, choice, rng)?);
    Ok(())
}

/// Every opponent pays `n`, energy first, then resources.
fn opponents_pay(state: &mut Villains, seat: Seat, n: &u8, log: &mut Vec<LogEntry>) -> Result<(), RuleError> {
    for o in state.player_order().filter(|o| *o != seat).collect::<Vec<_>>() {
        let p = &mut state.players[o as usize];
        let from_energy = p.energy.min(*n);
        let from_resources = u16::from(n - from_energy).min(p.resources);
        p.energy -= from_energy;
        p.resources -= from_resources;
        log.push(LogEntry::public(format!(
            "{} {} energy and {}.",
            state.who_verb(o, "pays", "pay"),
            from_energy,
            backroom_engine::plural(from_resources, "resource", "resources")
        )));
    }
    Ok(())
}

/// Every unit in every graveyard rises in its area (All Hallow's Eve).
fn revive_graveyards(state: &mut Villains, log: &mut Vec<LogEntry>) -> Result<(), RuleError> {
    let mut n = 0;
    for a in content().area_ids() {
        for g in std::mem::take(&mut state.area_mut(a).graveyard) {
            let uid = UnitUid(state.next_unit);
            state.next_unit += 1;
            state.area_mut(a).units.push(Unit { uid, owner: g.owner, kind: g.kind, wounded: false, readied: false });
            n += 1;
        }
    }
    log.push(LogEntry::public(format!("{n} units rise from the graveyards.")));
    Ok(())
}

/// A card's deploy: the units chosen, from the reserve or re-deployed, at
/// their cost and entry surcharges.
fn deploy(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    d: &Deploy,
    c: &CardChoices,
    cost: &mut u32,
    log: &mut Vec<LogEntry>,
) -> Result<(), RuleError> {
    let max = match d.max {
        Max::Count(n) => n as usize,
        _ => return refuse("This deploy needs a fixed number of units."),
    };
    let allowed = |k: &crate::content::effect::UnitType| d.types.as_ref().is_none_or(|t| t.contains(k));
    let reserve = &state.players[seat as usize].reserve_units;
    if c.units.is_empty() && !reserve.iter().any(|(k, n)| *n > 0 && allowed(k)) {
        return refuse("You have no unit in your reserve that this card deploys.");
    }
    if c.units.is_empty() || c.units.len() > max {
        return refuse(&format!("Deploy 1 to {max} units."));
    }
    for p in &c.units {
        if d.types.as_ref().is_some_and(|t| !t.contains(&p.kind)) {
            return refuse(&format!(
                "Only {} may be deployed.",
                d.types.as_ref().expect("some").iter().map(|t| t.word()).collect::<Vec<_>>().join(", ")
            ));
        }
        let Some(stats) = state.faction_of(seat).unit(p.kind) else {
            return refuse("Your faction has no such unit.");
        };
        *cost += u32::from(if d.unit_cost == UnitCost::Free { 0 } else { stats.cost })
            + u32::from(entry_surcharge(state, seat, area, false));
        let uid = match p.from {
            None => state.put_unit(area, seat, p.kind).ok_or_else(|| {
                let unit = crate::rules::units::unit_name(state, seat, p.kind);
                RuleError::illegal(CARD_TOKEN, format!("You have no {unit} left in your reserve."))
            })?,
            Some(uid) => {
                let Some((from, u)) = state.units_of(seat).find(|(_, u)| u.uid == uid).map(|(a, u)| (a, *u)) else {
                    return refuse("Re-deploy one of your units in play.");
                };
                if u.kind != p.kind || (p.stay_wounded && !u.wounded) {
                    return refuse("Re-deploy a unit as its own type.");
                }
                if from != area && !may_leave(state, seat, from, false) {
                    return refuse(&format!("Units may not leave {} (Trapped Like Rats).", from.area().name));
                }
                let a = state.area_mut(from);
                let i = a.units.iter().position(|x| x.uid == uid).expect("found");
                let mut u = a.units.remove(i);
                u.wounded = u.wounded && p.stay_wounded;
                u.readied = false;
                state.area_mut(area).units.push(u);
                uid
            }
        };
        if d.readied {
            state.area_mut(area).units.iter_mut().find(|u| u.uid == uid).expect("placed").readied = true;
        }
    }
    log.push(LogEntry::public(format!(
        "{} {} to {}.",
        state.who_verb(seat, "deploys", "deploy"),
        backroom_engine::plural(c.units.len() as i64, "unit", "units"),
        area.area().name
    )));
    Ok(())
}

/// A card's move: the units chosen into this area, at their entry
/// surcharges.
fn move_units(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    m: &MoveUnits,
    c: &CardChoices,
    cost: &mut u32,
    log: &mut Vec<LogEntry>,
) -> Result<(), RuleError> {
    let near = |a: AreaId| a != area && (m.from != Place::Adjacent || content().adjacent(area).contains(&a));
    if c.moving.is_empty() && !state.units_of(seat).any(|(a, _)| near(a)) {
        return refuse(&if m.from == Place::Adjacent {
            format!("You have no units in the areas adjacent to {} to move.", area.area().name)
        } else {
            format!("You have no units outside {} to move.", area.area().name)
        });
    }
    if c.moving.is_empty() {
        return refuse("Move at least one unit.");
    }
    if let Max::Count(n) = m.max
        && c.moving.len() > n as usize
    {
        return refuse(&format!("Move at most {n} units."));
    }
    for id in &c.moving {
        let Some((from, _)) = state.units_of(seat).find(|(_, u)| u.uid == *id).map(|(a, u)| (a, u.uid)) else {
            return refuse("Move your own units in play.");
        };
        if from == area {
            return refuse("Units move into this area, not out of it.");
        }
        if m.from == Place::Adjacent && !content().adjacent(area).contains(&from) {
            return refuse("Move units from adjacent areas.");
        }
        if !may_leave(state, seat, from, false) {
            return refuse(&format!("Units may not leave {} (Trapped Like Rats).", from.area().name));
        }
        *cost += u32::from(entry_surcharge(state, seat, area, false));
        let a = state.area_mut(from);
        let i = a.units.iter().position(|x| x.uid == *id).expect("found");
        let mut u = a.units.remove(i);
        u.readied = false;
        state.area_mut(area).units.push(u);
    }
    log.push(LogEntry::public(format!(
        "{} {} into {}.",
        state.who_verb(seat, "moves", "move"),
        backroom_engine::plural(c.moving.len() as i64, "unit", "units"),
        area.area().name
    )));
    Ok(())
}

/// An opponent's face-down token in this area removed unrevealed.
fn remove_face_down_token(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    c: &CardChoices,
    log: &mut Vec<LogEntry>,
) -> Result<(), RuleError> {
    let spot = c.token.and_then(|t| crate::rules::take_actions::find(state, t));
    let Some((a, i)) = spot.filter(|(a, i)| {
        *a == area && state.area(*a).track[*i].as_ref().is_some_and(|t| t.owner != seat && !t.face_up)
    }) else {
        if !state.area(area).tokens().any(|t| t.owner != seat && !t.face_up) {
            return refuse(&format!("There is no opponent's face-down token in {}.", area.area().name));
        }
        return refuse("Choose an opponent's face-down token in this area.");
    };
    let t = state.area_mut(a).track[i].take().expect("found");
    log.push(LogEntry::public(format!(
        "The face-down token in {}, space {} (placed by {}), is removed unrevealed.",
        a.area().name,
        i + 1,
        state.who(t.owner)
    )));
    state.players[t.owner as usize].spent_tokens.push(SpentToken { kind: t.kind, revealed: false });
    Ok(())
}

/// Units put from the reserves of the player and one opponent.
fn place_from_reserves(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    p: &PlaceFromReserves,
    c: &CardChoices,
    log: &mut Vec<LogEntry>,
) -> Result<(), RuleError> {
    let (Some(kind), Some(o)) = (c.unit_type, c.opponent) else {
        return refuse("Choose a basic unit type and an opponent.");
    };
    if !kind.is_basic() || o == seat || o >= state.seats {
        return refuse("Choose a basic unit type and an opponent.");
    }
    for (who, n) in [(seat, p.own), (o, p.one_opponent)] {
        for _ in 0..n {
            if state.put_unit(area, who, kind).is_none() {
                return refuse(&format!(
                    "{} no {} in reserve.",
                    if who == seat { "You have" } else { "That opponent has" },
                    kind.word()
                ));
            }
        }
    }
    log.push(LogEntry::public(format!(
        "{} and {} each put a {} into {}.",
        state.who(seat),
        state.who(o),
        kind.word(),
        area.area().name
    )));
    Ok(())
}

/// A card's effect refused, in the Card Token's words.
fn refuse<T>(m: &str) -> Result<T, RuleError> {
    Err(RuleError::illegal(CARD_TOKEN, m.to_string()))
}
