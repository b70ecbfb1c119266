//! Activating a revealed token: the deploy, move and battle tokens (and the
//! unique tokens that act as one: Invade as a deploy token, a Wild as the
//! type its owner names).
//!
//! An activation carries every choice up front (which units, from where,
//! how the cost is paid), so it is checked whole and either happens or
//! changes nothing. A token that cannot be resolved must be discarded
//! instead ([`crate::rules::take_actions::discard`]). Costs: the token's own (a move
//! token 2, or what an upgrade says), an enemy's activated Credit Freeze
//! here (+1 each), each unit's cost when deployed, and an enemy's Police
//! Payoff here (+1 per unit entering, per card). Cards with Kau's icon do
//! not touch the Aliens' units moving or deploying with Kau, or already with
//! him there.

use crate::action::choices::{Activation, DeployPick};
use crate::content::effect::{Effect, Max, MaxWord, Ongoing, TokenType, UnitType, When};
use crate::content::{AreaId, content};
use crate::rules::combat;
use crate::rules::place_action_tokens::{check_payment, pay};
use crate::rules::standing;
use crate::rules::take_actions::{self, find};
use crate::rules::units::{self, entry_surcharge, may_leave};
use crate::state::payment::Payment;
use crate::state::{Phase, TokenKind, UnitUid, Villains};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat};

/// The rule named in refusals.
pub const ACTIVATING: &str = "Revealing an Action Token";
/// The deploy token's rules.
pub const DEPLOY: &str = "Deploy Token";
/// The move token's rules.
pub const MOVE: &str = "Move Token";
/// The battle token's rules.
pub const BATTLE: &str = "Battle Token";

/// The base deploy limit.
pub const BASE_DEPLOY_LIMIT: u8 = 2;

/// A unique token activated as itself: its effects and cost, if it is one
/// that acts as itself (not Invade, Mr. Fusion or a Wild) and can be
/// activated at all (not the Nothing).
fn unique_as_itself(state: &Villains, seat: Seat, kind: TokenKind) -> Option<(Vec<Effect>, u8)> {
    let u = &state.faction_of(seat).unique_token;
    let acts_as_other = u.counts_as.is_some() || u.effects.iter().any(|e| matches!(e, Effect::ActAs(_)));
    (kind == TokenKind::Unique && u.activatable && !acts_as_other).then(|| (u.effects.clone(), u.cost))
}

/// The deploy limit of `seat` now: 2 (or an upgrade's base) plus the Sewers,
/// Go! Go! Go! and the like.
pub fn deploy_limit(state: &Villains, seat: Seat) -> u8 {
    let rules = standing::rules_of(state, seat);
    let base = rules
        .iter()
        .filter_map(|r| if let Ongoing::BaseDeployLimit(n) = r { Some(*n) } else { None })
        .max()
        .unwrap_or(BASE_DEPLOY_LIMIT);
    let more: i32 = rules.iter().map(|r| if let Ongoing::DeployLimit(n) = r { i32::from(*n) } else { 0 }).sum();
    (i32::from(base) + more).clamp(0, 255) as u8
}

/// Whether Kau stands with `seat`'s units in `area`.
fn kau_in(state: &Villains, seat: Seat, area: AreaId) -> bool {
    state.faction_of(seat).champion.ongoing.contains(&Ongoing::ImmuneToPowerlessAgainstKau)
        && state.area(area).units.iter().any(|u| u.owner == seat && u.kind == UnitType::Champion)
}

/// How many units the token `seat` has revealed may deploy when activated
/// as a deploy token, as the prompt states it: the limit (`None`: no
/// limit, Invade) and the extra patsies that do not count against it
/// (People's Army).
pub fn deploy_allowance(state: &Villains, seat: Seat) -> (Option<usize>, usize) {
    let Phase::TakeActions { revealed: Some(uid), .. } = state.phase else {
        return (Some(0), 0);
    };
    let Some((area, space)) = find(state, uid) else {
        return (Some(0), 0);
    };
    let Some(token) = state.area(area).track[space].as_ref() else {
        return (Some(0), 0);
    };
    let max = token_as(state, seat, *token.kind.rules_value(), TokenType::Deploy)
        .and_then(|(effects, _)| {
            effects.iter().find_map(|e| if let Effect::Deploy(d) = e { Some(d.max) } else { None })
        })
        .unwrap_or(Max::Word(MaxWord::DeployLimit));
    let limit = match max {
        Max::Count(n) => Some(n as usize),
        Max::Word(MaxWord::DeployLimit) => Some(deploy_limit(state, seat) as usize),
        Max::Word(MaxWord::Unlimited) => None,
    };
    (limit, extra_patsies(state, seat))
}

/// Patsies a deploy may bring beyond the limit (People's Army).
fn extra_patsies(state: &Villains, seat: Seat) -> usize {
    standing::rules_of(state, seat)
        .iter()
        .filter_map(|r| if let Ongoing::ExtraPatsiesPerDeploy(n) = r { Some(*n as usize) } else { None })
        .max()
        .unwrap_or(0)
}

/// The extra cost opponents' activated tokens here put on activating a
/// token of `seat` (Credit Freeze).
pub fn activation_tax(state: &Villains, seat: Seat, area: AreaId) -> u8 {
    state
        .area(area)
        .tokens()
        .filter(|t| t.owner != seat && t.face_up && t.activated && *t.kind.rules_value() == TokenKind::Unique)
        .flat_map(|t| state.faction_of(t.owner).unique_token.ongoing.iter())
        .map(|o| if let Ongoing::ActivationTax(n) = o { *n } else { 0 })
        .sum()
}

/// The effects of the revealed token when activated as `as_type`, and its
/// own cost; `None` if it cannot act as that type.
fn token_as(state: &Villains, seat: Seat, kind: TokenKind, as_type: TokenType) -> Option<(Vec<Effect>, u8)> {
    let c = content();
    let basic = |t: TokenType| {
        let b = &c.basic_tokens[&t];
        let cost = if t == TokenType::Move {
            standing::rules_of(state, seat)
                .iter()
                .filter_map(|r| if let Ongoing::MoveTokenCost(n) = r { Some(*n) } else { None })
                .min()
                .unwrap_or(b.cost)
        } else {
            b.cost
        };
        (b.effects.clone(), cost)
    };
    match kind.basic() {
        Some(t) if t == as_type => Some(basic(t)),
        Some(_) => None,
        None => {
            let u = &state.faction_of(seat).unique_token;
            if u.counts_as == Some(as_type) {
                return Some((u.effects.clone(), u.cost));
            }
            u.effects.iter().any(|e| matches!(e, Effect::ActAs(v) if v.contains(&as_type))).then(|| basic(as_type))
        }
    }
}

/// Whether the token `seat` has revealed can be activated as `as_type`
/// (`None`: a unique token as itself) at all, before any choice: what the
/// prompt asks first, so that it tries only activations of that kind.
pub fn can_act_as(state: &Villains, seat: Seat, as_type: Option<TokenType>) -> bool {
    let Phase::TakeActions { revealed: Some(uid), .. } = state.phase else {
        return false;
    };
    let Some((area, space)) = find(state, uid) else {
        return false;
    };
    let Some(token) = state.area(area).track[space].as_ref() else {
        return false;
    };
    let kind = *token.kind.rules_value();
    match as_type {
        Some(t) => token_as(state, seat, kind, t).is_some(),
        None => unique_as_itself(state, seat, kind).is_some(),
    }
}

/// Activates the token `seat` has just revealed.
///
/// # Errors
/// No revealed token, a type it cannot act as, or choices the rules refuse
/// (limits, adjacency, Trapped Like Rats, costs); the state is unchanged.
pub fn activate(
    state: &mut Villains,
    seat: Seat,
    how: &Activation,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let Phase::TakeActions { current, revealed: Some(uid) } = state.phase else {
        return Err(RuleError::illegal(ACTIVATING, "You have no revealed token to activate."));
    };
    if current != seat {
        return Err(RuleError::not_your_turn(ACTIVATING, "Another player takes an action now."));
    }
    let (area, space) = find(state, uid).expect("the revealed token is on the board");
    let kind = *state.area(area).track[space].as_ref().expect("token").kind.rules_value();
    let resolved = match how.token_type() {
        Some(t) => token_as(state, seat, kind, t),
        None => unique_as_itself(state, seat, kind),
    };
    let Some((effects, token_cost)) = resolved else {
        let name = crate::rules::place_action_tokens::kind_name(state, seat, kind);
        let asked = how.token_type().map_or_else(|| "itself".to_string(), |t| format!("a {} token", t.word()));
        return Err(RuleError::illegal(ACTIVATING, format!("Your {name} token cannot be activated as {asked}.")));
    };
    let base = token_cost + activation_tax(state, seat, area);
    let leaving = crate::rules::abilities::leavers(state);
    let champions_before = crate::rules::abilities::champions_in_play(state, seat);
    let mut card_goes_on = false;
    let mut log = match how {
        Activation::Card { card, payment, choices } => {
            let (log, goes_on) =
                crate::rules::card_token::play(state, seat, area, *card, base, *payment, choices, rng)?;
            let fusion = effects.iter().any(|e| matches!(e, Effect::PlayCards(p) if p.fusion_track));
            if fusion {
                state.players[seat as usize].fusion += 1;
            }
            // Mr. Fusion may go on with another card (`fusion`).
            card_goes_on = goes_on || (fusion && crate::rules::mr_fusion::offer_more(state, seat, area, goes_on));
            log
        }
        Activation::Deploy { units, payment } => {
            let max = effects
                .iter()
                .find_map(|e| if let Effect::Deploy(d) = e { Some(d.max) } else { None })
                .unwrap_or(Max::Word(MaxWord::DeployLimit));
            deploy(state, seat, area, units, max, base, *payment)?
        }
        Activation::Move { units, payment } => move_in(state, seat, area, units, base, *payment)?,
        Activation::Unique { payment, target } => unique(state, seat, area, &effects, base, *payment, *target)?,
        Activation::Battle { payment } => {
            if let Some(e) = combat::no_combat(state, area, BATTLE, "; discard the token") {
                return Err(e);
            }
            check_payment(state, seat, base, *payment)?;
            pay(state, seat, *payment);
            let mut log = Vec::new();
            if kind == TokenKind::Unique {
                // A Wild used as a battle token has the battle token's refund.
                if content().basic_tokens[&TokenType::Battle].refunded {
                    state.players[seat as usize].resources += 1;
                    log.push(LogEntry::public(format!(
                        "{} 1 resource (refunded token).",
                        state.who_verb(seat, "gains", "gain")
                    )));
                }
            }
            log
        }
    };
    // A Suitcase Nuke removes every token in its area, its own card token
    // included.
    if let Some(t) = state.area_mut(area).track[space].as_mut() {
        t.activated = true;
        t.activated_this_turn = true;
    }
    let what = crate::rules::place_action_tokens::a_token(state, seat, kind);
    log.insert(
        0,
        LogEntry::public(format!("{} {what} in {}.", state.who_verb(seat, "activates", "activate"), area.area().name)),
    );
    state.phase = Phase::TakeActions { current: seat, revealed: None };
    // Basta, having left an area, makes an opponent there sacrifice.
    crate::rules::abilities::after_leaving(state, &leaving, &mut log);
    // A battle started now is fought at once; the turn moves on when it
    // ends (see `combat::after_battle`).
    let battle = if card_goes_on {
        true
    } else if matches!(how, Activation::Battle { .. }) {
        log.extend(combat::start_battle(state, area, 0)?);
        true
    } else {
        // Dr. Tyrannosaurus' battle, Murder Inc.'s attack (`abilities`).
        let redeployed: Vec<UnitUid> = match how {
            Activation::Deploy { units, .. } => units.iter().filter_map(|p| p.from).collect(),
            Activation::Card { choices, .. } => choices.units.iter().filter_map(|p| p.from).collect(),
            _ => Vec::new(),
        };
        let deployed = crate::rules::abilities::newly_deployed(state, seat, &champions_before, &redeployed);
        // Version 1: deploy tokens only (`versions`).
        if crate::versions::abilities(state) || matches!(how, Activation::Deploy { .. }) {
            crate::rules::abilities::on_champion_deployed(state, seat, &deployed, &mut log)?
        } else {
            false
        }
    };
    if !battle && state.owed.is_empty() {
        take_actions::advance(state, seat, &mut log);
    }
    Ok(log)
}

fn deploy(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    picks: &[DeployPick],
    max: Max,
    base: u8,
    payment: Payment,
) -> Result<Vec<LogEntry>, RuleError> {
    if picks.is_empty() {
        return Err(RuleError::illegal(DEPLOY, "Deploy at least one unit, or discard the token."));
    }
    let faction = state.faction_of(seat);
    let patsies = picks.iter().filter(|p| p.kind == UnitType::Patsy).count();
    let extra_patsies = extra_patsies(state, seat);
    let counted = picks.len() - patsies.min(extra_patsies);
    let limit = match max {
        Max::Count(n) => Some(n as usize),
        Max::Word(MaxWord::DeployLimit) => Some(deploy_limit(state, seat) as usize),
        Max::Word(MaxWord::Unlimited) => None,
    };
    if let Some(l) = limit
        && counted > l
    {
        return Err(RuleError::illegal(
            DEPLOY,
            format!(
                "Your deploy limit is {l}, and this deploys {counted}{}.",
                if extra_patsies > 0 { " besides the extra patsies" } else { "" }
            ),
        ));
    }
    let with_kau = faction.champion.ongoing.contains(&Ongoing::ImmuneToPowerlessAgainstKau)
        && (picks.iter().any(|p| p.kind == UnitType::Champion) || kau_in(state, seat, area));
    let mut from_reserve: std::collections::BTreeMap<UnitType, u8> = Default::default();
    let mut moved: Vec<UnitUid> = Vec::new();
    let mut cost = u32::from(base);
    let surcharge = entry_surcharge(state, seat, area, with_kau);
    for p in picks {
        let Some(stats) = faction.unit(p.kind) else {
            return Err(RuleError::illegal(DEPLOY, format!("The {} have no {}.", faction.name, p.kind.word())));
        };
        cost += u32::from(stats.cost) + u32::from(surcharge);
        match p.from {
            None => {
                let n = from_reserve.entry(p.kind).or_insert(0);
                *n += 1;
                if *n > state.players[seat as usize].reserve_units.get(&p.kind).copied().unwrap_or(0) {
                    return Err(RuleError::illegal(
                        DEPLOY,
                        format!("No {} left in your reserve.", crate::rules::units::unit_name(state, seat, p.kind)),
                    ));
                }
                if p.stay_wounded {
                    return Err(RuleError::illegal(DEPLOY, "Units from the reserve arrive on their healthy side."));
                }
            }
            Some(uid) => {
                let Some((from, u)) = state.units_of(seat).find(|(_, u)| u.uid == uid) else {
                    return Err(RuleError::illegal(DEPLOY, "Re-deploy one of your units in play."));
                };
                if u.kind != p.kind || moved.contains(&uid) {
                    return Err(RuleError::illegal(DEPLOY, "Each unit is deployed once, as its own type."));
                }
                if p.stay_wounded && !u.wounded {
                    return Err(RuleError::illegal(DEPLOY, "Only a wounded unit may stay wounded."));
                }
                if from != area && !may_leave(state, seat, from, with_kau || kau_in(state, seat, from)) {
                    return Err(RuleError::illegal(
                        DEPLOY,
                        format!("Units may not leave {} (Trapped Like Rats).", from.area().name),
                    ));
                }
                moved.push(uid);
            }
        }
    }
    let cost = u8::try_from(cost).map_err(|_| RuleError::illegal(DEPLOY, "You cannot pay that much."))?;
    check_payment(state, seat, cost, payment)?;

    pay(state, seat, payment);
    let ready_on_deploy = faction
        .champion
        .triggers
        .iter()
        .any(|t| t.when == When::Deployed && t.effects.iter().any(|e| matches!(e, Effect::Ready(_))));
    let mut names = Vec::new();
    for p in picks {
        let uid = crate::rules::units::place(state, seat, p, area);
        if p.kind == UnitType::Champion && ready_on_deploy {
            state.area_mut(area).units.iter_mut().find(|u| u.uid == uid).expect("placed").readied = true;
        }
        names.push(crate::rules::units::a_unit(state, seat, p.kind));
    }
    Ok(vec![LogEntry::public(format!(
        "{} {} to {} (cost {cost}).",
        state.who_verb(seat, "deploys", "deploy"),
        backroom_engine::and_list(&names),
        area.area().name
    ))])
}

fn move_in(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    units: &[UnitUid],
    base: u8,
    payment: Payment,
) -> Result<Vec<LogEntry>, RuleError> {
    if units.is_empty() {
        return Err(RuleError::illegal(MOVE, "Move at least one unit, or discard the token."));
    }
    let anywhere = standing::has(state, seat, &Ongoing::MoveIgnoresAdjacency);
    let moving_kau = state.faction_of(seat).champion.ongoing.contains(&Ongoing::ImmuneToPowerlessAgainstKau)
        && units.iter().any(|id| state.units_of(seat).any(|(_, u)| u.uid == *id && u.kind == UnitType::Champion));
    let with_kau = moving_kau || kau_in(state, seat, area);
    let mut seen = Vec::new();
    let mut cost = u32::from(base);
    for id in units {
        let Some((from, _)) = state.units_of(seat).find(|(_, u)| u.uid == *id) else {
            return Err(RuleError::illegal(MOVE, "Move your own units in play."));
        };
        if seen.contains(id) {
            return Err(RuleError::illegal(MOVE, "Each unit moves once."));
        }
        seen.push(*id);
        if from == area {
            return Err(RuleError::illegal(MOVE, "Units move into the token's area, never out of it."));
        }
        if !anywhere && !content().adjacent(area).contains(&from) {
            return Err(RuleError::illegal(
                MOVE,
                format!("{} is not adjacent to {}.", from.area().name, area.area().name),
            ));
        }
        if !may_leave(state, seat, from, moving_kau || kau_in(state, seat, from)) {
            return Err(RuleError::illegal(
                MOVE,
                format!("Units may not leave {} (Trapped Like Rats).", from.area().name),
            ));
        }
        cost += u32::from(entry_surcharge(state, seat, area, with_kau));
    }
    let cost = u8::try_from(cost).map_err(|_| RuleError::illegal(MOVE, "You cannot pay that much."))?;
    check_payment(state, seat, cost, payment)?;
    pay(state, seat, payment);
    let mut names = Vec::new();
    for id in units {
        let (from, _) = state.units_of(seat).find(|(_, u)| u.uid == *id).expect("checked");
        let a = state.area_mut(from);
        let i = a.units.iter().position(|u| u.uid == *id).expect("checked");
        let mut u = a.units.remove(i);
        u.readied = false;
        names.push(format!("{} from {}", crate::rules::units::a_unit(state, seat, u.kind), from.area().name));
        state.area_mut(area).units.push(u);
    }
    Ok(vec![LogEntry::public(format!(
        "{} {} into {} (cost {cost}).",
        state.who_verb(seat, "moves", "move"),
        backroom_engine::and_list(&names),
        area.area().name
    ))])
}

/// A unique token's own effects: nothing at once for the tokens whose rules
/// stand while they are activated (Biohazard, Credit Freeze, Rise Up); the
/// Hitman's hit on a basic enemy unit here (toughness wounds; it cannot be
/// activated without such a unit).
fn unique(
    state: &mut Villains,
    seat: Seat,
    area: AreaId,
    effects: &[Effect],
    base: u8,
    payment: Payment,
    target: Option<UnitUid>,
) -> Result<Vec<LogEntry>, RuleError> {
    let mut log = Vec::new();
    let hits = effects.iter().find_map(|e| if let Effect::Hits(h) = e { Some(h.count) } else { None });
    if hits.is_none() && target.is_some() {
        return Err(RuleError::illegal(ACTIVATING, "This token strikes no unit."));
    }
    let victim = match hits {
        Some(_) => {
            let Some(u) = target.and_then(|t| {
                state.area(area).units.iter().find(|u| u.uid == t && u.owner != seat && u.kind.is_basic()).cloned()
            }) else {
                // Named by the token's own name (the Hitman).
                let rule = state.faction_of(seat).unique_token.name.clone();
                let any = state.area(area).units.iter().any(|u| u.owner != seat && u.kind.is_basic());
                let words = if any {
                    format!("Choose one of the basic enemy units in {}.", area.area().name)
                } else {
                    format!("There is no basic enemy unit in {} to hit: discard the token.", area.area().name)
                };
                return Err(RuleError::illegal(rule, words));
            };
            Some(u)
        }
        None => None,
    };
    check_payment(state, seat, base, payment)?;
    pay(state, seat, payment);
    if let Some(u) = victim {
        // The Gnome of Zurich's owner may pay to cancel it (`abilities`).
        match combat::offer_cancel(state, u.owner, area, u.uid, seat) {
            Some(l) => log.extend(l),
            None => log.push(units::strike(state, area, u.uid, seat)?),
        }
    }
    Ok(log)
}
