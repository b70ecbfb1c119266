//! Whole candidate actions for the prompts: activations of the revealed
//! token, card plays with their choices, skills with theirs, each tried on
//! a copy of the table before it is offered.
//!
//! Why whole candidates: an activation or a card carries several choices
//! (units, origins, a token, an opponent, a payment) that only work
//! together, and a prompt may offer only what works. [`priced`] tries one
//! with its payment left open (`Payment::QUOTE`): one trial learns both
//! the cost and whether the rest works (`state::Quote`).

use crate::action::Action;
use crate::action::choices::{Activation, CardChoices, DeployPick, SkillChoice};
use crate::content::effect::{Effect, Place, TokenType, UnitType};
use crate::content::{AreaId, CardId, content};
use crate::rules::apply_to;
use crate::rules::units;
use crate::state::payment::Payment;
use crate::state::{UnitUid, Villains};
use backroom_engine::{GameRng, Seat};

/// Keeps the candidates the rules accept for `seat` now.
pub(crate) fn workable(state: &Villains, seat: Seat, candidates: Vec<Action>) -> Vec<Action> {
    let mut out: Vec<Action> = Vec::new();
    for a in candidates {
        if out.contains(&a) {
            continue;
        }
        let mut t = state.clone();
        if apply_to(&mut t, seat, &a, &mut GameRng::seeded(0)).is_ok() {
            out.push(a);
        }
    }
    out
}

/// The action `make` builds, paid energy first, if the rules accept it: one
/// trial on a copy that quotes the cost and pays it energy first
/// (`state::Quote`).
pub(crate) fn priced(state: &Villains, seat: Seat, make: &dyn Fn(Payment) -> Action) -> Option<Action> {
    priced_cost(state, seat, make).map(|(a, _, _)| a)
}

/// [`priced`], with the same action paid resources first when that split
/// differs (R21: the player chooses the split). The split changes nothing
/// else, so it needs no trial of its own; it is left out when the funds
/// changed before the payment was made (the trial was then redone).
pub(crate) fn priced_splits(state: &Villains, seat: Seat, make: &dyn Fn(Payment) -> Action) -> Vec<Action> {
    let Some((a, cost, sure)) = priced_cost(state, seat, make) else {
        return Vec::new();
    };
    let p = &state.players[seat as usize];
    let r = u8::try_from(p.resources.min(u16::from(cost))).unwrap_or(cost);
    let energy_first = Payment::energy_first(state, seat, cost);
    let resources_first = Payment { energy: cost - r, resources: u16::from(r) };
    let mut out = vec![a];
    if sure && resources_first != energy_first && resources_first.energy <= p.energy {
        out.push(make(resources_first));
    }
    out
}

/// The priced action, its cost, and whether the split could be chosen
/// freely (not when the funds changed before the payment was made).
pub(crate) fn priced_cost(
    state: &Villains,
    seat: Seat,
    make: &dyn Fn(Payment) -> Action,
) -> Option<(Action, u8, bool)> {
    let mut trial = state.clone();
    trial.quote = crate::state::Quote::asking(state, seat);
    apply_to(&mut trial, seat, &make(Payment::QUOTE), &mut GameRng::seeded(0)).ok()?;
    let cost = trial.quote.cost().unwrap_or(0);
    let a = make(Payment::energy_first(state, seat, cost));
    if trial.quote.unsure() {
        let mut t = state.clone();
        apply_to(&mut t, seat, &a, &mut GameRng::seeded(0)).ok()?;
        return Some((a, cost, false));
    }
    Some((a, cost, true))
}

pub(crate) fn reserve_kinds(state: &Villains, seat: Seat) -> Vec<UnitType> {
    state.players[seat as usize].reserve_units.iter().filter(|(_, n)| **n > 0).map(|(k, _)| *k).collect()
}

pub(crate) fn pick(kind: UnitType) -> DeployPick {
    DeployPick { kind, from: None, stay_wounded: false }
}

/// Candidate activations of the token revealed in `area`; deploys and
/// moves only `with_units` (the prompt asks for those step by step,
/// `composite`; the bot weighs them whole).
pub(crate) fn activation_options(state: &Villains, seat: Seat, area: AreaId, with_units: bool) -> Vec<Action> {
    let act = |a: Activation| Action::Activate { activation: a };
    let mut out = Vec::new();
    let can = |t: Option<TokenType>| crate::rules::action_tokens::can_act_as(state, seat, t);
    let (deploy, moving, battle, unique, card) = (
        with_units && can(Some(TokenType::Deploy)),
        with_units && can(Some(TokenType::Move)),
        can(Some(TokenType::Battle)),
        can(None),
        can(Some(TokenType::Card)),
    );
    let kinds = if deploy { reserve_kinds(state, seat) } else { Vec::new() };
    let mut groups: Vec<Vec<UnitType>> = kinds.iter().map(|k| vec![*k]).collect();
    for (i, a) in kinds.iter().enumerate() {
        for b in &kinds[i..] {
            groups.push(vec![*a, *b]);
        }
    }
    for g in groups {
        let units: Vec<DeployPick> = g.iter().map(|k| pick(*k)).collect();
        out.extend(priced_splits(state, seat, &|p| act(Activation::Deploy { units: units.clone(), payment: p })));
    }
    // Re-deploying: one of the player's units already in play elsewhere
    // (a few of them: the rules accept any).
    if deploy {
        let again: Vec<DeployPick> = state
            .units_of(seat)
            .filter(|(a, _)| *a != area)
            .map(|(_, u)| DeployPick { kind: u.kind, from: Some(u.uid), stay_wounded: false })
            .take(4)
            .collect();
        for p in again {
            out.extend(priced_splits(state, seat, &|pay| act(Activation::Deploy { units: vec![p], payment: pay })));
        }
    }
    let movable: Vec<UnitUid> = content()
        .adjacent(area)
        .iter()
        .filter(|_| moving)
        .flat_map(|a| state.area(*a).units.iter().filter(|u| u.owner == seat).map(|u| u.uid))
        .collect();
    for u in &movable {
        out.extend(priced_splits(state, seat, &|p| act(Activation::Move { units: vec![*u], payment: p })));
    }
    if movable.len() > 1 {
        out.extend(priced_splits(state, seat, &|p| act(Activation::Move { units: movable.clone(), payment: p })));
    }
    if battle {
        out.extend(priced_splits(state, seat, &|p| act(Activation::Battle { payment: p })));
    }
    if unique {
        out.extend(priced_splits(state, seat, &|p| act(Activation::Unique { payment: p, target: None })));
    }
    for u in state.area(area).units.iter().filter(|u| unique && u.owner != seat && u.kind.is_basic()) {
        out.extend(priced_splits(state, seat, &|p| act(Activation::Unique { payment: p, target: Some(u.uid) })));
    }
    let mut hand = if card { state.players[seat as usize].hand.clone() } else { Default::default() };
    hand.sort_by_key(|c| c.deck_card().design);
    hand.dedup_by_key(|c| c.deck_card().design);
    for card in hand {
        for choices in card_choices(state, seat, area, card) {
            out.extend(priced_splits(state, seat, &|p| {
                act(Activation::Card { card, payment: p, choices: choices.clone() })
            }));
        }
    }
    out
}

/// Choices worth trying for a card, from its effects.
pub(crate) fn card_choices(state: &Villains, seat: Seat, area: AreaId, card: CardId) -> Vec<CardChoices> {
    let mut out = vec![CardChoices::default()];
    for e in &card.card().effects {
        match e {
            Effect::Deploy(d) => {
                for k in
                    reserve_kinds(state, seat).into_iter().filter(|k| d.types.as_ref().is_none_or(|t| t.contains(k)))
                {
                    out.push(CardChoices { units: vec![pick(k)], ..Default::default() });
                }
            }
            Effect::MoveUnits(_) => {
                let mine: Vec<UnitUid> = state.units_of(seat).filter(|(a, _)| *a != area).map(|(_, u)| u.uid).collect();
                for u in mine.iter().take(3) {
                    out.push(CardChoices { moving: vec![*u], ..Default::default() });
                }
                if mine.len() > 1 {
                    out.push(CardChoices { moving: mine, ..Default::default() });
                }
            }
            Effect::RemoveFaceDownToken(_) => {
                for t in state.area(area).tokens().filter(|t| t.owner != seat && !t.face_up) {
                    out.push(CardChoices { token: Some(t.uid), ..Default::default() });
                }
            }
            Effect::MaySacrificeOwnUnit { .. } => {
                out.extend(
                    state
                        .area(area)
                        .units
                        .iter()
                        .filter(|u| u.owner == seat)
                        .map(|u| CardChoices { sacrifice: Some(u.uid), ..Default::default() }),
                );
            }
            Effect::UseSkill(_) => {
                for at in content()
                    .area_ids()
                    .filter(|a| state.area(*a).has_units_of(seat) && !state.area(*a).skill_used.contains(seat))
                {
                    let (tries, deploys) = skill_tries(state, seat, at);
                    let paid = deploys.into_iter().flat_map(|d| {
                        (0..=4)
                            .map(move |c| SkillChoice { payment: Payment::energy_first(state, seat, c), ..d.clone() })
                    });
                    out.extend(
                        tries
                            .into_iter()
                            .chain(paid)
                            .map(|sc| CardChoices { skill: Some((at, sc)), ..Default::default() }),
                    );
                }
            }
            Effect::PlaceFromReserves(_) => {
                for k in [UnitType::Goon, UnitType::Mole, UnitType::Talent, UnitType::Patsy] {
                    for o in (0..state.seats).filter(|o| *o != seat) {
                        out.push(CardChoices { unit_type: Some(k), opponent: Some(o), ..Default::default() });
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Choices worth trying for `area`'s skill: those without a cost, and
/// those that deploy (whose payment is still to be priced).
pub(crate) fn skill_tries(state: &Villains, seat: Seat, area: AreaId) -> (Vec<SkillChoice>, Vec<SkillChoice>) {
    let mut tries: Vec<SkillChoice> = vec![SkillChoice::default()];
    let mut deploys: Vec<SkillChoice> = Vec::new();
    let face_down = || state.areas.iter().flat_map(|a| a.tokens()).filter(|t| !t.face_up);
    let one_token = |t: crate::state::TokenUid| SkillChoice { tokens: vec![t], ..Default::default() };
    for e in &area.area().skill.effects {
        match e {
            Effect::Peek(_) => tries.extend(face_down().map(|t| one_token(t.uid))),
            Effect::FlipTokenDown(_) => tries.extend(
                state
                    .areas
                    .iter()
                    .flat_map(|a| a.tokens())
                    .filter(|t| t.owner == seat && t.activated_this_turn)
                    .map(|t| one_token(t.uid)),
            ),
            Effect::SwapTokens(_) => {
                for a in &state.areas {
                    let ids: Vec<_> = a.tokens().map(|t| t.uid).collect();
                    if ids.len() >= 2 {
                        tries.push(SkillChoice { tokens: vec![ids[0], ids[ids.len() - 1]], ..Default::default() });
                    }
                }
            }
            Effect::Battle(_) => {
                tries.extend(content().area_ids().map(|a| SkillChoice { area: Some(a), ..Default::default() }))
            }
            Effect::Deploy(d) if d.to == Place::AnyArea => {
                for k in reserve_kinds(state, seat) {
                    for a in content().area_ids() {
                        deploys.push(SkillChoice { area: Some(a), deploy: Some(pick(k)), ..Default::default() });
                    }
                }
            }
            Effect::Deploy(_) => {
                for (_, u) in state.units_of(seat) {
                    deploys.push(SkillChoice { unit: Some(u.uid), deploy: Some(pick(u.kind)), ..Default::default() });
                }
            }
            Effect::UnitAttack(_) => {
                for (a, u) in state.units_of(seat) {
                    for d in units::enemies_in(state, seat, a) {
                        tries.push(SkillChoice { unit: Some(u.uid), defender: Some(d), ..Default::default() });
                    }
                }
            }
            _ => {}
        }
    }
    (tries, deploys)
}

/// Candidate skills for `seat`.
pub(crate) fn skill_options(state: &Villains, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    let skill = |a: AreaId, c: SkillChoice| Action::UseSkill { skill: (a, c) };
    for area in crate::rules::skill_abilities::skill_areas(state, seat) {
        let (tries, deploys) = skill_tries(state, seat, area);
        out.extend(workable(state, seat, tries.into_iter().map(|c| skill(area, c)).collect()));
        for d in deploys {
            let a = priced(state, seat, &|p| skill(area, SkillChoice { payment: p, ..d.clone() }));
            if let Some(a) = a
                && !out.contains(&a)
            {
                out.push(a);
            }
        }
    }
    out
}
