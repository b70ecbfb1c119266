//! Villains as a `backroom_engine::Game`: the actions, who is awaited, the
//! prompts, and the outcome, over the rules modules.
//!
//! Prompts offer only workable options: a composite choice (an activation,
//! a skill with its choices, a plan scoring) is offered as whole candidate
//! values, each one checked by trying it on a copy of the table. The
//! candidates are a useful subset, not every possible combination (an
//! activation may also be sent with other choices or another payment split;
//! the rules check it the same way).

use crate::actions::{self, Spot};
use crate::activate::{Activation, DeployPick};
use crate::cards::CardChoices;
use crate::combat;
use crate::content::{AreaId, CardId, FactionId, PlanId, content};
use crate::effect::{Effect, Place, TokenType, UnitType};
use crate::end::completable_objectives;
use crate::flow::PlanScore;
use crate::place::Payment;
use crate::skill::SkillChoice;
use crate::state::{Phase, State, TokenKind, UnitUid};
use backroom_engine::{
    Ask, Game, GameInfo, GameRng, Input, LogEntry, Opt, Outcome, Pending, Prompt, RuleError, Seat,
    SeatSet, SetupError, Viewer,
};
use serde::{Deserialize, Serialize};

/// Lobby options (none yet).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {}

/// How the Laboratory's revealed card is played.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LabPlay {
    /// The payment for anything else it costs (surcharges).
    #[serde(default)]
    pub payment: Payment,
    /// What its effects need chosen.
    #[serde(default)]
    pub choices: CardChoices,
}

/// Mr. Fusion's next card and how it is played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FusionCard {
    /// The card, from hand.
    pub card: CardId,
    /// The payment for its cost, taxes and surcharges.
    #[serde(default)]
    pub payment: Payment,
    /// What its effects need chosen.
    #[serde(default)]
    pub choices: CardChoices,
}

/// Everything a seat can do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Deals: offer `to` `give` resources for `want` back (any time).
    Offer {
        /// To whom.
        to: Seat,
        /// Resources given.
        give: u16,
        /// Resources asked back.
        want: u16,
    },
    /// Deals: accept the offer `from` made you.
    AcceptOffer {
        /// Who made it.
        from: Seat,
    },
    /// Deals: decline the offer `from` made you.
    DeclineOffer {
        /// Who made it.
        from: Seat,
    },
    /// Deals: withdraw your offer to `to`.
    WithdrawOffer {
        /// To whom it was made.
        to: Seat,
    },
    /// Select Factions.
    ChooseFaction {
        /// The faction.
        faction: FactionId,
    },
    /// Select Plans: put this plan on the bottom of the plan deck.
    BottomPlan {
        /// The plan.
        plan: PlanId,
    },
    /// Inside Job: look at this opponent's target.
    InsideJob {
        /// The opponent.
        enemy: Seat,
    },
    /// Select Targets.
    SelectTarget {
        /// The card.
        card: CardId,
    },
    /// Place an action token (lowest open space unless `space`; energy
    /// first unless `payment`).
    PlaceToken {
        /// The token.
        kind: TokenKind,
        /// The area.
        area: AreaId,
        /// The space (0-based), for the Subway's controller.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        space: Option<usize>,
        /// The payment.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        payment: Option<Payment>,
    },
    /// Pass for the rest of Place Action Tokens.
    PassPlacing,
    /// Reveal a token.
    Reveal {
        /// Its area and space.
        spot: Spot,
    },
    /// Activate the revealed token.
    Activate {
        /// How.
        activation: Activation,
    },
    /// Discard the revealed token.
    Discard,
    /// Use an area's skill.
    UseSkill {
        /// The area and the skill's choices.
        skill: (AreaId, SkillChoice),
    },
    /// Declare locked.
    Locked,
    /// Pass for the rest of Take Actions.
    Pass,
    /// Attack with a unit in combat.
    Attack {
        /// The unit.
        unit: UnitUid,
        /// The defender.
        defender: Seat,
    },
    /// Assign a hit.
    AssignHit {
        /// The unit.
        unit: UnitUid,
    },
    /// Sacrifice a unit.
    Sacrifice {
        /// The unit.
        unit: UnitUid,
    },
    /// Make the next non-combat attack.
    CardAttack {
        /// The defender.
        defender: Seat,
    },
    /// Sacrifice a unit anywhere (an effect's owed sacrifice).
    SacrificeUnit {
        /// The unit.
        unit: UnitUid,
    },
    /// To The Death!: fight another round or not.
    KeepFighting {
        /// Yes or no.
        yes: bool,
    },
    /// The Laboratory's revealed card: take it into hand.
    LabDraw,
    /// The Laboratory's revealed card: play it for free there.
    LabPlay {
        /// How.
        play: LabPlay,
    },
    /// Mr. Fusion: play another action card.
    FusionPlay {
        /// Which and how.
        play: FusionCard,
    },
    /// Mr. Fusion: play no more cards.
    FusionStop,
    /// Discard a card (an effect's owed discard).
    DiscardCard {
        /// The card.
        card: CardId,
    },
    /// Mother Ooze: a free deploy after the Cleanup heal (`None`: none).
    FreeDeploy {
        /// The unit type, from the reserve.
        unit: Option<UnitType>,
    },
    /// Bully G.O.A.T.'s attack after a skill: the area and the opponent.
    ChampionAttack {
        /// The area (adjacent to his) and the defender.
        target: (AreaId, Seat),
    },
    /// The Gnome of Zurich: pay to cancel the hit assigned, or not.
    CancelHit {
        /// Pay or not.
        pay: bool,
    },
    /// Basta left an area: the opponent there who sacrifices a unit.
    ChooseVictim {
        /// The opponent.
        enemy: Seat,
    },
    /// Score plans (possibly none).
    ScorePlans {
        /// The plans and objectives.
        scores: Vec<PlanScore>,
    },
}

impl Action {
    /// Deals are made at any time, whether or not the game waits for the
    /// seat (`deals`).
    pub fn any_time(&self) -> bool {
        matches!(
            self,
            Action::Offer { .. }
                | Action::AcceptOffer { .. }
                | Action::DeclineOffer { .. }
                | Action::WithdrawOffer { .. }
        )
    }
}

/// The Deals asks `seat` has now: any-time asks (`Ask::any_time`).
fn deal_asks(state: &State, seat: Seat) -> Vec<Ask> {
    use crate::deals::{MOST, offer_between, terms};
    if !crate::deals::open(state) || seat >= state.seats {
        return Vec::new();
    }
    let mine = state.players[seat as usize].resources;
    let mut asks = Vec::new();
    let others: Vec<Seat> = (0..state.seats).filter(|o| *o != seat).collect();
    for o in &others {
        let theirs = state.players[*o as usize].resources;
        if mine == 0 && theirs == 0 {
            continue;
        }
        asks.push(
            Ask::new("offer", format!("Offer {} a deal", state.who(*o)))
                .with("to", *o)
                .param("give", "Resources you give", Input::Number { min: 0, max: i64::from(mine.min(MOST)) })
                .param("want", "Resources you ask back", Input::Number { min: 0, max: i64::from(theirs.min(MOST)) })
                .at_any_time(),
        );
    }
    let to_me: Vec<crate::deals::Offer> = state.offers.iter().copied().filter(|o| o.to == seat).collect();
    let acceptable: Vec<Opt> = to_me
        .iter()
        .filter(|o| state.players[o.from as usize].resources >= o.give && mine >= o.want)
        .map(|o| opt(&o.from, format!("{}: {}", state.who(o.from), terms(o.give, o.want))))
        .collect();
    asks.extend(one(Ask::new("accept_offer", "Accept an offer"), "from", "Offer", acceptable).map(Ask::at_any_time));
    let declinable: Vec<Opt> = to_me
        .iter()
        .map(|o| opt(&o.from, format!("{}: {}", state.who(o.from), terms(o.give, o.want))))
        .collect();
    asks.extend(one(Ask::new("decline_offer", "Decline an offer"), "from", "Offer", declinable).map(Ask::at_any_time));
    let withdrawable: Vec<Opt> = others
        .iter()
        .filter_map(|o| offer_between(state, seat, *o))
        .map(|o| opt(&o.to, format!("To {}: {}", state.who(o.to), terms(o.give, o.want))))
        .collect();
    asks.extend(one(Ask::new("withdraw_offer", "Withdraw an offer"), "to", "Offer", withdrawable).map(Ask::at_any_time));
    asks
}

/// Applies `action`, then holds it to the standing rule of a Suitcase
/// Nuke: no unit may enter its area until Cleanup (every way a unit could
/// enter, checked once here). The caller works on a copy.
fn apply_to(
    state: &mut State,
    seat: Seat,
    action: &Action,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let log = apply_each(state, seat, action, rng)?;
    if let Some(a) = content()
        .area_ids()
        .find(|a| state.area(*a).nuked.is_some() && !state.area(*a).units.is_empty())
    {
        return Err(RuleError::illegal(
            crate::cards::CARD_TOKEN,
            format!("No unit may enter {} this turn (Suitcase Nuke).", a.area().name),
        ));
    }
    Ok(log)
}

fn apply_each(
    state: &mut State,
    seat: Seat,
    action: &Action,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    match action.clone() {
        Action::Offer { to, give, want } => crate::deals::offer(state, seat, to, give, want),
        Action::AcceptOffer { from } => crate::deals::accept(state, seat, from),
        Action::DeclineOffer { from } => crate::deals::decline(state, seat, from),
        Action::WithdrawOffer { to } => crate::deals::withdraw(state, seat, to),
        Action::ChooseFaction { faction } => {
            let mut log = crate::setup::choose_faction(state, seat, faction, rng)?;
            if state.phase == Phase::Start {
                log.extend(crate::start::begin_turn(state, rng));
            }
            Ok(log)
        }
        Action::BottomPlan { plan } => crate::start::bottom_plan(state, seat, plan),
        Action::InsideJob { enemy } => crate::start::inside_job(state, seat, enemy),
        Action::SelectTarget { card } => crate::start::select_target(state, seat, card),
        Action::PlaceToken {
            kind,
            area,
            space,
            payment,
        } => {
            if !matches!(state.phase, Phase::PlaceTokens { .. })
                || state.players[seat as usize].faction.is_none()
            {
                return Err(RuleError::illegal(
                    crate::place::PLACE_ACTION_TOKENS,
                    "Tokens are placed in the Main Phase.",
                ));
            }
            let pay = payment.unwrap_or_else(|| {
                Payment::energy_first(state, seat, crate::place::placement_cost(state, seat))
            });
            crate::place::place_token(state, seat, kind, area, space, pay)
        }
        Action::PassPlacing => crate::place::pass(state, seat),
        Action::Reveal { spot } => {
            busy(state)?;
            actions::reveal(state, seat, spot)
        }
        Action::Activate { activation } => {
            busy(state)?;
            crate::activate::activate(state, seat, &activation, rng)
        }
        Action::Discard => {
            busy(state)?;
            actions::discard(state, seat)
        }
        Action::UseSkill {
            skill: (area, choice),
        } => {
            busy(state)?;
            crate::skill::use_skill(state, seat, area, &choice, rng)
        }
        Action::Locked => {
            busy(state)?;
            actions::locked(state, seat)
        }
        Action::Pass => {
            busy(state)?;
            actions::pass(state, seat)
        }
        Action::Attack { unit, defender } => combat::attack(state, seat, unit, defender, rng),
        Action::AssignHit { unit } => combat::assign_hit(state, seat, unit),
        Action::Sacrifice { unit } => combat::sacrifice(state, seat, unit),
        Action::CardAttack { defender } => combat::card_attack(state, seat, defender, rng),
        Action::SacrificeUnit { unit } => crate::choices::sacrifice_unit(state, seat, unit),
        Action::DiscardCard { card } => crate::choices::discard_card(state, seat, card),
        Action::LabDraw => crate::choices::lab_draw(state, seat),
        Action::FusionPlay { play } => {
            crate::fusion::play(state, seat, play.card, play.payment, &play.choices, rng)
        }
        Action::FusionStop => crate::fusion::stop(state, seat),
        Action::KeepFighting { yes } => crate::choices::keep_fighting(state, seat, yes),
        Action::LabPlay { play } => {
            crate::choices::lab_play(state, seat, play.payment, &play.choices, rng)
        }
        Action::ScorePlans { scores } => crate::flow::score_plans(state, seat, &scores, rng),
        Action::FreeDeploy { unit } => crate::abilities::free_deploy(state, seat, unit, rng),
        Action::ChampionAttack { target } => {
            crate::abilities::champion_attack(state, seat, target, rng)
        }
        Action::CancelHit { pay } => crate::abilities::cancel_hit(state, seat, pay),
        Action::ChooseVictim { enemy } => crate::abilities::choose_victim(state, seat, enemy),
    }
}

/// Take Actions waits while a battle or attacks are under way.
fn busy(state: &State) -> Result<(), RuleError> {
    if state.battle.is_some() || state.attacks.is_some() {
        return Err(RuleError::illegal(
            combat::COMBAT,
            "Finish the combat first.",
        ));
    }
    Ok(())
}

/// Who acts in a battle, attacks or owed choices under way.
fn fighting(state: &State) -> Option<Seat> {
    if let Some(o) = crate::choices::next(state) {
        return Some(o.seat());
    }
    if state.battle.is_some() {
        return combat::battle_actor(state);
    }
    state
        .attacks
        .as_ref()
        .map(|a| a.hits.map_or(a.attacker, |h| h.defender))
}

fn opt<T: Serialize>(v: &T, label: impl Into<String>) -> Opt {
    Opt::new(serde_json::to_value(v).expect("serializes"), label)
}

fn one(ask: Ask, name: &str, label: &str, options: Vec<Opt>) -> Option<Ask> {
    (!options.is_empty()).then(|| ask.param(name, label, Input::One { options }))
}

/// Keeps the candidates the rules accept for `seat` now.
fn workable(state: &State, seat: Seat, candidates: Vec<Action>) -> Vec<Action> {
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
fn priced(state: &State, seat: Seat, make: &dyn Fn(Payment) -> Action) -> Option<Action> {
    let mut trial = state.clone();
    trial.quote = crate::state::Quote::asking(state, seat);
    apply_to(&mut trial, seat, &make(Payment::QUOTE), &mut GameRng::seeded(0)).ok()?;
    let cost = trial.quote.cost().unwrap_or(0);
    let a = make(Payment::energy_first(state, seat, cost));
    if trial.quote.unsure() {
        let mut t = state.clone();
        apply_to(&mut t, seat, &a, &mut GameRng::seeded(0)).ok()?;
    }
    Some(a)
}

fn reserve_kinds(state: &State, seat: Seat) -> Vec<UnitType> {
    state.players[seat as usize]
        .reserve_units
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(k, _)| *k)
        .collect()
}

fn pick(kind: UnitType) -> DeployPick {
    DeployPick {
        kind,
        from: None,
        stay_wounded: false,
    }
}

/// Candidate activations of the token revealed in `area`.
fn activation_options(state: &State, seat: Seat, area: AreaId) -> Vec<Action> {
    let act = |a: Activation| Action::Activate { activation: a };
    let mut out = Vec::new();
    let can = |t: Option<TokenType>| crate::activate::can_act_as(state, seat, t);
    let (deploy, moving, battle, unique, card) = (
        can(Some(TokenType::Deploy)),
        can(Some(TokenType::Move)),
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
        out.extend(priced(state, seat, &|p| {
            act(Activation::Deploy {
                units: units.clone(),
                payment: p,
            })
        }));
    }
    let movable: Vec<UnitUid> = content()
        .adjacent(area)
        .iter()
        .filter(|_| moving)
        .flat_map(|a| {
            state
                .area(*a)
                .units
                .iter()
                .filter(|u| u.owner == seat)
                .map(|u| u.uid)
        })
        .collect();
    for u in &movable {
        out.extend(priced(state, seat, &|p| {
            act(Activation::Move {
                units: vec![*u],
                payment: p,
            })
        }));
    }
    if movable.len() > 1 {
        out.extend(priced(state, seat, &|p| {
            act(Activation::Move {
                units: movable.clone(),
                payment: p,
            })
        }));
    }
    if battle {
        out.extend(priced(state, seat, &|p| {
            act(Activation::Battle { payment: p })
        }));
    }
    if unique {
        out.extend(priced(state, seat, &|p| {
            act(Activation::Unique {
                payment: p,
                target: None,
            })
        }));
    }
    for u in state
        .area(area)
        .units
        .iter()
        .filter(|u| unique && u.owner != seat && u.kind.is_basic())
    {
        out.extend(priced(state, seat, &|p| {
            act(Activation::Unique {
                payment: p,
                target: Some(u.uid),
            })
        }));
    }
    let mut hand = if card { state.players[seat as usize].hand.clone() } else { Default::default() };
    hand.sort_by_key(|c| c.deck_card().design);
    hand.dedup_by_key(|c| c.deck_card().design);
    for card in hand {
        for choices in card_choices(state, seat, area, card) {
            out.extend(priced(state, seat, &|p| {
                act(Activation::Card {
                    card,
                    payment: p,
                    choices: choices.clone(),
                })
            }));
        }
    }
    out
}

/// Choices worth trying for a card, from its effects.
fn card_choices(state: &State, seat: Seat, area: AreaId, card: CardId) -> Vec<CardChoices> {
    let mut out = vec![CardChoices::default()];
    for e in &card.card().effects {
        match e {
            Effect::Deploy(d) => {
                for k in reserve_kinds(state, seat)
                    .into_iter()
                    .filter(|k| d.types.as_ref().is_none_or(|t| t.contains(k)))
                {
                    out.push(CardChoices {
                        units: vec![pick(k)],
                        ..Default::default()
                    });
                }
            }
            Effect::MoveUnits(_) => {
                let mine: Vec<UnitUid> = state
                    .units_of(seat)
                    .filter(|(a, _)| *a != area)
                    .map(|(_, u)| u.uid)
                    .collect();
                for u in mine.iter().take(3) {
                    out.push(CardChoices {
                        moving: vec![*u],
                        ..Default::default()
                    });
                }
                if mine.len() > 1 {
                    out.push(CardChoices {
                        moving: mine,
                        ..Default::default()
                    });
                }
            }
            Effect::RemoveFaceDownToken(_) => {
                for t in state
                    .area(area)
                    .tokens()
                    .filter(|t| t.owner != seat && !t.face_up)
                {
                    out.push(CardChoices {
                        token: Some(t.uid),
                        ..Default::default()
                    });
                }
            }
            Effect::MaySacrificeOwnUnit { .. } => {
                out.extend(state.area(area).units.iter().filter(|u| u.owner == seat).map(|u| CardChoices {
                    sacrifice: Some(u.uid),
                    ..Default::default()
                }));
            }
            Effect::UseSkill(_) => {
                for at in content().area_ids().filter(|a| {
                    state.area(*a).has_units_of(seat) && !state.area(*a).skill_used.contains(seat)
                }) {
                    let (tries, deploys) = skill_tries(state, seat, at);
                    let paid = deploys.into_iter().flat_map(|d| {
                        (0..=4).map(move |c| SkillChoice {
                            payment: Payment::energy_first(state, seat, c),
                            ..d.clone()
                        })
                    });
                    out.extend(tries.into_iter().chain(paid).map(|sc| CardChoices {
                        skill: Some((at, sc)),
                        ..Default::default()
                    }));
                }
            }
            Effect::PlaceFromReserves(_) => {
                for k in [
                    UnitType::Goon,
                    UnitType::Mole,
                    UnitType::Talent,
                    UnitType::Patsy,
                ] {
                    for o in (0..state.seats).filter(|o| *o != seat) {
                        out.push(CardChoices {
                            unit_type: Some(k),
                            opponent: Some(o),
                            ..Default::default()
                        });
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
fn skill_tries(state: &State, seat: Seat, area: AreaId) -> (Vec<SkillChoice>, Vec<SkillChoice>) {
    let mut tries: Vec<SkillChoice> = vec![SkillChoice::default()];
    let mut deploys: Vec<SkillChoice> = Vec::new();
    let face_down = || state.areas.iter().flat_map(|a| a.tokens()).filter(|t| !t.face_up);
    let one_token = |t: crate::state::TokenUid| SkillChoice {
        tokens: vec![t],
        ..Default::default()
    };
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
                        tries.push(SkillChoice {
                            tokens: vec![ids[0], ids[ids.len() - 1]],
                            ..Default::default()
                        });
                    }
                }
            }
            Effect::Battle(_) => tries.extend(content().area_ids().map(|a| SkillChoice {
                area: Some(a),
                ..Default::default()
            })),
            Effect::Deploy(d) if d.to == Place::AnyArea => {
                for k in reserve_kinds(state, seat) {
                    for a in [area, content().capitol()] {
                        deploys.push(SkillChoice {
                            area: Some(a),
                            deploy: Some(pick(k)),
                            ..Default::default()
                        });
                    }
                }
            }
            Effect::Deploy(_) => {
                for (_, u) in state.units_of(seat) {
                    deploys.push(SkillChoice {
                        unit: Some(u.uid),
                        deploy: Some(pick(u.kind)),
                        ..Default::default()
                    });
                }
            }
            Effect::UnitAttack(_) => {
                for (a, u) in state.units_of(seat) {
                    for d in combat::enemies_in(state, seat, a) {
                        tries.push(SkillChoice {
                            unit: Some(u.uid),
                            defender: Some(d),
                            ..Default::default()
                        });
                    }
                }
            }
            _ => {}
        }
    }
    (tries, deploys)
}

/// Candidate skills for `seat`.
fn skill_options(state: &State, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    let skill = |a: AreaId, c: SkillChoice| Action::UseSkill { skill: (a, c) };
    for area in crate::skill::skill_areas(state, seat) {
        let (tries, deploys) = skill_tries(state, seat, area);
        out.extend(workable(
            state,
            seat,
            tries.into_iter().map(|c| skill(area, c)).collect(),
        ));
        for d in deploys {
            let a = priced(state, seat, &|p| {
                skill(
                    area,
                    SkillChoice {
                        payment: p,
                        ..d.clone()
                    },
                )
            });
            if let Some(a) = a
                && !out.contains(&a)
            {
                out.push(a);
            }
        }
    }
    out
}

/// One ask whose single parameter is a whole candidate action, each
/// labelled in words (`labels`).
fn candidates_ask(
    state: &State,
    seat: Seat,
    verb: &str,
    label: &str,
    param: &str,
    actions: Vec<Action>,
) -> Option<Ask> {
    let options: Vec<Opt> = actions
        .iter()
        .map(|a| {
            let mut v = serde_json::to_value(a).expect("serializes");
            let inner = v
                .as_object_mut()
                .and_then(|m| m.remove(param))
                .unwrap_or(serde_json::Value::Null);
            Opt::new(inner, crate::labels::label(state, seat, a))
        })
        .collect();
    one(Ask::new(verb, label), param, label, options)
}

impl Game for State {
    type Options = Options;
    type Action = Action;
    type View = crate::view::View;

    fn info() -> GameInfo {
        GameInfo {
            id: "villains".into(),
            name: "Villains".into(),
            summary: "Eight factions fight for the City with face-down action tokens, secret targets and plans.".into(),
            min_seats: 4,
            max_seats: 5,
            default_seats: 4,
            options: Vec::new(),
            house_content: false,
            engine_version: 1,
        }
    }

    fn setup(_options: &Options, seats: u8, rng: &mut GameRng) -> Result<Self, SetupError> {
        crate::setup::setup(seats, rng).map(|(s, _)| s)
    }

    fn pending(&self) -> Pending {
        if let Phase::Over { .. } = self.phase {
            return Pending::Over;
        }
        if let Some(seat) = fighting(self) {
            return Pending::Turn { seat };
        }
        match &self.phase {
            Phase::SelectFactions { chooser } => Pending::Turn { seat: *chooser },
            Phase::SelectPlans { waiting } => Pending::Simultaneous {
                waiting: *waiting,
                committed: SeatSet::first(self.seats).minus(*waiting),
            },
            Phase::SelectTargets { .. } => {
                let mut waiting = SeatSet::EMPTY;
                let mut committed = SeatSet::EMPTY;
                for s in 0..self.seats {
                    if crate::start::may_select_target(self, s) {
                        waiting.insert(s);
                    } else if self.players[s as usize].target.is_some() {
                        committed.insert(s);
                    }
                }
                Pending::Simultaneous { waiting, committed }
            }
            Phase::PlaceTokens { current }
            | Phase::TakeActions { current, .. }
            | Phase::ScorePlans { current } => Pending::Turn { seat: *current },
            Phase::Start | Phase::Combat { .. } | Phase::Over { .. } => Pending::Over,
        }
    }

    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        if !self.pending().awaited().contains(seat) {
            let asks = deal_asks(self, seat);
            return (!asks.is_empty()).then(|| Prompt {
                title: "Deals".into(),
                asks,
            });
        }
        let mut asks: Vec<Ask> = Vec::new();
        if let Some(o) = crate::choices::next(self) {
            match o {
                crate::choices::Owed::Sacrifice { .. } => {
                    let units = self
                        .units_of(seat)
                        .map(|(a, u)| {
                            opt(
                                &u.uid,
                                format!(
                                    "{} in {}",
                                    combat::unit_name(self, seat, u.kind),
                                    a.area().name
                                ),
                            )
                        })
                        .collect();
                    asks.extend(one(
                        Ask::new("sacrifice_unit", "Sacrifice a unit"),
                        "unit",
                        "Unit",
                        units,
                    ));
                }
                crate::choices::Owed::KeepFighting { .. } => {
                    let o = vec![Opt::new(true, "Fight on"), Opt::new(false, "Enough")];
                    asks.extend(one(
                        Ask::new("keep_fighting", "To the death?"),
                        "yes",
                        "Fight on?",
                        o,
                    ));
                }
                crate::choices::Owed::LabCard { card, area, .. } => {
                    asks.push(Ask::new("lab_draw", "Take the card into your hand"));
                    let mut plays = Vec::new();
                    if crate::cards::playable_in_this_version(card) {
                        for choices in card_choices(self, seat, area, card) {
                            plays.extend(priced(self, seat, &|p| Action::LabPlay {
                                play: LabPlay {
                                    payment: p,
                                    choices: choices.clone(),
                                },
                            }));
                        }
                    }
                    asks.extend(candidates_ask(
                        self,
                        seat,
                        "lab_play",
                        "Play it for free in the Laboratory",
                        "play",
                        plays,
                    ));
                }
                crate::choices::Owed::Fusion { area, .. } => {
                    let mut plays = Vec::new();
                    let mut hand = self.players[seat as usize].hand.clone();
                    hand.sort_by_key(|c| c.deck_card().design);
                    hand.dedup_by_key(|c| c.deck_card().design);
                    for card in hand {
                        for choices in card_choices(self, seat, area, card) {
                            plays.extend(priced(self, seat, &|p| Action::FusionPlay {
                                play: FusionCard {
                                    card,
                                    payment: p,
                                    choices: choices.clone(),
                                },
                            }));
                        }
                    }
                    asks.extend(candidates_ask(
                        self,
                        seat,
                        "fusion_play",
                        "Mr. Fusion: play another card",
                        "play",
                        plays,
                    ));
                    asks.push(Ask::new("fusion_stop", "Mr. Fusion: play no more cards"));
                }
                crate::choices::Owed::FreeDeploy { area, .. } => {
                    let units: Vec<Opt> = crate::abilities::free_deploy_kinds(self, seat)
                        .into_iter()
                        .map(Some)
                        .chain([None])
                        .map(|unit| {
                            let l = crate::labels::label(self, seat, &Action::FreeDeploy { unit });
                            opt(&unit, l)
                        })
                        .collect();
                    asks.extend(one(
                        Ask::new(
                            "free_deploy",
                            format!("Deploy a unit into {} free", area.area().name),
                        ),
                        "unit",
                        "Unit",
                        units,
                    ));
                }
                crate::choices::Owed::ChampionAttack { from, .. } => {
                    let name = &self.faction_of(seat).champion.name;
                    let targets = crate::abilities::champion_targets(self, seat, from)
                        .into_iter()
                        .map(|target| {
                            let l =
                                crate::labels::label(self, seat, &Action::ChampionAttack { target });
                            opt(&target, l)
                        })
                        .collect();
                    asks.extend(one(
                        Ask::new("champion_attack", format!("{name} attacks")),
                        "target",
                        "Whom and where",
                        targets,
                    ));
                }
                crate::choices::Owed::CancelHit { .. } => {
                    let o = [true, false]
                        .into_iter()
                        .map(|pay| {
                            let l = crate::labels::label(self, seat, &Action::CancelHit { pay });
                            opt(&pay, l)
                        })
                        .collect();
                    asks.extend(one(
                        Ask::new("cancel_hit", "Cancel the hit?"),
                        "pay",
                        "Pay?",
                        o,
                    ));
                }
                crate::choices::Owed::ChooseVictim { area, .. } => {
                    let o = combat::enemies_in(self, seat, area)
                        .iter()
                        .map(|e| {
                            let l = crate::labels::label(self, seat, &Action::ChooseVictim { enemy: *e });
                            opt(e, l)
                        })
                        .collect();
                    asks.extend(one(
                        Ask::new(
                            "choose_victim",
                            format!("Pick an opponent to sacrifice a unit in {}", area.area().name),
                        ),
                        "enemy",
                        "Opponent",
                        o,
                    ));
                }
                crate::choices::Owed::SacrificeIn { area, .. } => {
                    asks.extend(one(
                        Ask::new(
                            "sacrifice_unit",
                            format!("Sacrifice a unit in {}", area.area().name),
                        ),
                        "unit",
                        "Unit",
                        units_opts(self, seat, area),
                    ));
                }
                crate::choices::Owed::Discard { .. } => {
                    let cards = self.players[seat as usize]
                        .hand
                        .iter()
                        .map(|c| opt(c, c.card().name.clone()))
                        .collect();
                    asks.extend(one(
                        Ask::new("discard_card", "Discard a card"),
                        "card",
                        "Card",
                        cards,
                    ));
                }
            }
        } else if let Some(b) = &self.battle {
            if let Some(h) = b.hits {
                asks.extend(one(
                    Ask::new("assign_hit", "Assign a hit"),
                    "unit",
                    "Unit",
                    units_opts(self, seat, h.area),
                ));
            } else if let Some(q) = b.sacrifices.first() {
                asks.extend(one(
                    Ask::new("sacrifice", "Sacrifice a unit"),
                    "unit",
                    "Unit",
                    units_opts(self, seat, q.area),
                ));
            } else {
                let mine: Vec<Opt> = b
                    .to_attack
                    .iter()
                    .filter(|a| a.owner == seat)
                    .map(|a| opt(&a.uid, combat::unit_name(self, seat, a.kind)))
                    .collect();
                let defs: Vec<Opt> = combat::defenders(self, seat)
                    .iter()
                    .map(|d| opt(d, self.who(*d)))
                    .collect();
                if let Some(ask) = one(Ask::new("attack", "Attack"), "unit", "Unit", mine) {
                    asks.extend(one(ask, "defender", "Defender", defs));
                }
            }
        } else if let Some(a) = &self.attacks {
            if let Some(h) = a.hits {
                asks.extend(one(
                    Ask::new("assign_hit", "Assign a hit"),
                    "unit",
                    "Unit",
                    units_opts(self, seat, h.area),
                ));
            } else {
                let defs: Vec<Opt> = combat::enemies_in(self, seat, a.queue[0].0)
                    .iter()
                    .map(|d| opt(d, self.who(*d)))
                    .collect();
                asks.extend(one(
                    Ask::new("card_attack", "Attack"),
                    "defender",
                    "Defender",
                    defs,
                ));
            }
        } else {
            match &self.phase {
                Phase::SelectFactions { .. } => {
                    let o = crate::setup::available_factions(self)
                        .iter()
                        .map(|f| opt(f, f.faction().name.clone()))
                        .collect();
                    asks.extend(one(
                        Ask::new("choose_faction", "Choose your faction"),
                        "faction",
                        "Faction",
                        o,
                    ));
                }
                Phase::SelectPlans { .. } => {
                    let o = self.players[seat as usize]
                        .plans
                        .iter()
                        .map(|p| opt(p, p.plan().name.clone()))
                        .collect();
                    asks.extend(one(
                        Ask::new("bottom_plan", "Put a plan on the bottom of your deck"),
                        "plan",
                        "Plan",
                        o,
                    ));
                }
                Phase::SelectTargets { inside_job } => {
                    let o = self.players[seat as usize]
                        .hand
                        .iter()
                        .map(|c| opt(c, c.card().name.clone()))
                        .collect();
                    asks.extend(one(
                        Ask::new("select_target", "Select your target"),
                        "card",
                        "Card",
                        o,
                    ));
                    if inside_job.is_none()
                        && self
                            .faction_of(seat)
                            .passive_rules()
                            .any(|r| *r == crate::effect::Ongoing::TargetsLast)
                    {
                        let o = (0..self.seats)
                            .filter(|e| *e != seat && self.players[*e as usize].target.is_some())
                            .map(|e| opt(&e, self.who(e)))
                            .collect();
                        asks.extend(one(
                            Ask::new("inside_job", "Inside Job: look at a target"),
                            "enemy",
                            "Opponent",
                            o,
                        ));
                    }
                }
                Phase::PlaceTokens { .. } => {
                    if crate::place::can_place(self, seat) {
                        let kinds = self.players[seat as usize]
                            .reserve_tokens
                            .iter()
                            .filter(|(_, n)| **n > 0)
                            .map(|(k, _)| opt(k, crate::place::kind_name(self, seat, *k)))
                            .collect();
                        let areas = content()
                            .area_ids()
                            .filter(|a| self.area(*a).lowest_open().is_some())
                            .map(|a| opt(&a, a.area().name.clone()))
                            .collect();
                        if let Some(ask) = one(
                            Ask::new("place_token", "Place an action token"),
                            "kind",
                            "Token",
                            kinds,
                        ) {
                            asks.extend(one(ask, "area", "Area", areas));
                        }
                    }
                    asks.push(Ask::new("pass_placing", "Pass"));
                }
                Phase::TakeActions {
                    revealed: Some(uid),
                    ..
                } => {
                    let (area, _) = actions::find(self, *uid).expect("revealed token");
                    asks.extend(candidates_ask(
                        self,
                        seat,
                        "activate",
                        "Activate the token",
                        "activation",
                        activation_options(self, seat, area),
                    ));
                    asks.push(Ask::new("discard", "Discard the token"));
                }
                Phase::TakeActions { revealed: None, .. } => {
                    let spots: Vec<Opt> = actions::revealable(self, seat)
                        .iter()
                        .map(|s| opt(s, format!("{}, space {}", s.0.area().name, s.1 + 1)))
                        .collect();
                    asks.extend(one(
                        Ask::new("reveal", "Reveal a token"),
                        "spot",
                        "Token",
                        spots.clone(),
                    ));
                    asks.extend(candidates_ask(
                        self,
                        seat,
                        "use_skill",
                        "Use a skill",
                        "skill",
                        skill_options(self, seat),
                    ));
                    let down = self.face_down_tokens_of(seat);
                    if down > 0 && spots.is_empty() {
                        asks.push(Ask::new("locked", "Declare yourself locked"));
                    }
                    if down == 0 {
                        asks.push(Ask::new("pass", "Pass"));
                    }
                }
                Phase::ScorePlans { .. } => {
                    let mut best = Vec::new();
                    for p in &self.players[seat as usize].plans {
                        let objs = completable_objectives(self, seat, *p);
                        let cand = Action::ScorePlans {
                            scores: vec![PlanScore {
                                plan: *p,
                                objectives: objs.clone(),
                                discards: vec![],
                            }],
                        };
                        if !objs.is_empty() && !workable(self, seat, vec![cand]).is_empty() {
                            best.push(PlanScore {
                                plan: *p,
                                objectives: objs,
                                discards: vec![],
                            });
                        }
                    }
                    let mut c = vec![Action::ScorePlans { scores: vec![] }];
                    if !best.is_empty() {
                        c.push(Action::ScorePlans { scores: best });
                    }
                    asks.extend(candidates_ask(
                        self,
                        seat,
                        "score_plans",
                        "Score plans",
                        "scores",
                        workable(self, seat, c),
                    ));
                }
                Phase::Start | Phase::Combat { .. } | Phase::Over { .. } => {}
            }
        }
        asks.extend(deal_asks(self, seat));
        (!asks.is_empty()).then(|| Prompt {
            title: step_title(self).into(),
            asks,
        })
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        rng: &mut GameRng,
    ) -> Result<Vec<LogEntry>, RuleError> {
        if let Phase::Over { .. } = self.phase {
            return Err(RuleError::game_over());
        }
        if seat >= self.seats {
            return Err(RuleError::not_your_turn("Actions", "No such seat."));
        }
        if !action.any_time() && !self.pending().awaited().contains(seat) {
            return Err(RuleError::not_your_turn("Actions", "It is not your turn."));
        }
        let mut t = self.clone();
        let mut r = rng.clone();
        let log = apply_to(&mut t, seat, action, &mut r)?;
        *self = t;
        *rng = r;
        Ok(log)
    }

    fn view(&self, viewer: Viewer) -> crate::view::View {
        crate::view::view(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over { winners } = &self.phase else {
            return None;
        };
        let total = |s: Seat| {
            i64::from(self.players[s as usize].ap) + i64::from(self.players[s as usize].pp)
        };
        let mut rest: Vec<Seat> = (0..self.seats).filter(|s| !winners.contains(s)).collect();
        rest.sort_by_key(|s| std::cmp::Reverse(total(*s)));
        let mut ranking = vec![winners.clone()];
        for s in rest {
            match ranking.last_mut() {
                Some(g) if !g.is_empty() && !winners.contains(&g[0]) && total(g[0]) == total(s) => {
                    g.push(s)
                }
                _ => ranking.push(vec![s]),
            }
        }
        let summary = if winners.len() == 1 {
            format!("{}.", self.who_verb(winners[0], "wins", "win"))
        } else {
            let who: Vec<String> = winners.iter().map(|s| self.who(*s)).collect();
            format!("A draw between {}.", backroom_engine::and_list(&who))
        };
        Some(Outcome {
            ranking,
            scores: (0..self.seats).map(total).collect(),
            summary,
        })
    }

    fn bot_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        crate::bot::choose(self, seat, rng)
    }

    fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng) {
        crate::view::redeal(self, viewer, rng);
    }

    fn max_actions(_seats: u8) -> usize {
        6000
    }

    /// As the default (a sample of the prompt, tried on a copy), except that
    /// the whole-candidate options (activations, skills, Laboratory plays,
    /// plan scores) were each tried on a copy to build the prompt, so they
    /// are not tried again.
    fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        let prompt = self.prompt(seat)?;
        for _ in 0..64 {
            let candidate = prompt.random_action(rng)?;
            let Ok(action) = serde_json::from_value::<Action>(candidate) else {
                continue;
            };
            if matches!(
                action,
                Action::Activate { .. }
                    | Action::UseSkill { .. }
                    | Action::LabPlay { .. }
                    | Action::FusionPlay { .. }
                    | Action::ScorePlans { .. }
            ) {
                return Some(action);
            }
            // `apply` would copy the table again: try on one copy.
            let mut probe = self.clone();
            if apply_to(&mut probe, seat, &action, &mut rng.clone()).is_ok() {
                return Some(action);
            }
        }
        None
    }
}

fn units_opts(state: &State, seat: Seat, area: AreaId) -> Vec<Opt> {
    state
        .area(area)
        .units
        .iter()
        .filter(|u| u.owner == seat)
        .map(|u| opt(&u.uid, combat::unit_name(state, seat, u.kind)))
        .collect()
}

/// The rulebook step a prompt belongs to.
fn step_title(state: &State) -> &'static str {
    if let Some(crate::choices::Owed::FreeDeploy { .. }) = crate::choices::next(state) {
        return "Cleanup";
    }
    if state.battle.is_some() || state.attacks.is_some() {
        return "Combat";
    }
    match state.phase {
        Phase::SelectFactions { .. } => "Select Factions",
        Phase::SelectPlans { .. } => "Select Plans",
        Phase::SelectTargets { .. } => "Select Targets",
        Phase::PlaceTokens { .. } => "Place Action Tokens",
        Phase::TakeActions { .. } => "Take Actions",
        Phase::ScorePlans { .. } => "Score Plans",
        Phase::Start | Phase::Combat { .. } | Phase::Over { .. } => "Villains",
    }
}
