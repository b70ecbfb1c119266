//! Villains as a `backroom_engine::Game`: the actions, who is awaited, and
//! the outcome, over the rules modules; the prompts are built in
//! [`crate::prompts`].

use crate::actions::{self, Spot};
use crate::activate::Activation;
use crate::cards::CardChoices;
use crate::combat;
use crate::content::{AreaId, CardId, FactionId, PlanId, content};
use crate::effect::UnitType;
use crate::flow::PlanScore;
use crate::place::Payment;
use crate::skill::SkillChoice;
use crate::state::{Phase, State, TokenKind, UnitUid};
use backroom_engine::{
    Game, GameInfo, GameRng, LogEntry, Outcome, Pending, Prompt, RuleError, Seat, SeatSet, SetupError, Viewer,
};
use serde::{Deserialize, Serialize};

/// Lobby options (none yet).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {}

/// How the Laboratory's revealed card is played.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
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
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
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
    /// Activate the revealed token as the activation says (its payment
    /// left aside), paying at most `energy` energy and resources for the
    /// rest: a battle, a unique token or a card, asked step by step.
    ActivatePaying {
        /// How (its payment is ignored).
        activation: Activation,
        /// The most energy to spend.
        energy: u8,
        /// A card's choices, asked after the card (they stand for the
        /// activation's own): the token, units or opponent it needs.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        choices: Option<CardChoices>,
    },
    /// Activate the revealed token as a deploy token, asked step by step
    /// (`composite`): the units, then at most this much energy, resources
    /// paying the rest.
    Deploy {
        /// The units, in order.
        units: Vec<crate::activate::DeployPick>,
        /// The most energy to spend.
        energy: u8,
    },
    /// Activate the revealed token as a move token, asked step by step:
    /// the units from adjacent areas, then at most this much energy.
    Move {
        /// The units.
        units: Vec<UnitUid>,
        /// The most energy to spend.
        energy: u8,
    },
    /// Discard the revealed token.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    Discard,
    /// Use an area's skill.
    UseSkill {
        /// The area and the skill's choices.
        skill: (AreaId, SkillChoice),
    },
    /// Use an area's skill with the champion exhausted for it bringing
    /// units from other areas (Commissar Papova), asked step by step
    /// (`composite`): the skill, then what it needs, then the units she
    /// brings, then at most `energy` energy (resources pay the rest;
    /// energy first when unset). Resolves to the `UseSkill` a whole
    /// candidate carries.
    UseSkillBringing {
        /// The skill's area, or (as first sent, still accepted) the area
        /// with the skill's other choices.
        skill: SkillPick,
        /// What the skill needs chosen (its payment is ignored), when
        /// `skill` names only the area.
        #[serde(default, skip_serializing_if = "is_default")]
        choice: SkillChoice,
        /// The units the champion brings.
        brings: Vec<UnitUid>,
        /// The most energy to spend, when `skill` names only the area.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        energy: Option<u8>,
        /// Where a skill that deploys one unit anywhere (the Subway's)
        /// deploys it, asked before the unit instead of `choice`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<AreaId>,
        /// The unit from the reserve it deploys, with `to`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<UnitType>,
    },
    /// Use a skill that deploys one unit anywhere (the Subway's), asked
    /// step by step: the area, then the unit, then the most energy to
    /// spend (resources pay the rest). Resolves to the `UseSkill` a whole
    /// candidate carries.
    SkillDeploy {
        /// The skill's area.
        skill: AreaId,
        /// Where the unit goes.
        to: AreaId,
        /// The unit, from the reserve.
        unit: UnitType,
        /// The most energy to spend.
        energy: u8,
    },
    /// Use an area's skill asked step by step (`composite`): the skill,
    /// then what it needs, then at most `energy` energy (resources pay the
    /// rest; energy first when unset). Resolves to the `UseSkill` a whole
    /// candidate carries.
    UseSkillPaying {
        /// The skill's area.
        skill: AreaId,
        /// What the skill needs chosen (its payment is ignored).
        #[serde(default, skip_serializing_if = "is_default")]
        choice: SkillChoice,
        /// The most energy to spend.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        energy: Option<u8>,
    },
    /// Declare locked.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    Locked,
    /// Pass for the rest of Take Actions.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
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
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    LabDraw,
    /// The Laboratory's revealed card: play it for free there.
    LabPlay {
        /// How.
        play: LabPlay,
    },
    /// The Laboratory's revealed card played there, asked step by step:
    /// what it needs, then at most `energy` energy for any surcharge
    /// (resources pay the rest; energy first when unset).
    LabPaying {
        /// What its effects need chosen.
        #[serde(default, skip_serializing_if = "is_default")]
        choices: CardChoices,
        /// The most energy to spend.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        energy: Option<u8>,
    },
    /// Mr. Fusion's next card asked step by step: the card, then what it
    /// needs, then at most `energy` energy (resources pay the rest).
    FusionPaying {
        /// The card, from hand.
        card: CardId,
        /// What its effects need chosen.
        #[serde(default, skip_serializing_if = "is_default")]
        choices: CardChoices,
        /// The most energy to spend.
        energy: u8,
    },
    /// Mr. Fusion: play another action card.
    FusionPlay {
        /// Which and how.
        play: FusionCard,
    },
    /// Mr. Fusion: play no more cards.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
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

/// A choice left as it starts (nothing chosen) is not written.
/// The skill of `use_skill_bringing`: the area alone (its choice and
/// energy apart, as the table asks it), or the area with its choices
/// whole (as the table first sent it; stored matches replay it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum SkillPick {
    /// The area, with the skill's other choices.
    Whole((AreaId, SkillChoice)),
    /// The area alone.
    Area(AreaId),
}

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
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

/// Applies `action`, then holds it to the standing rule of a Suitcase
/// Nuke: no unit may enter its area until Cleanup (every way a unit could
/// enter, checked once here). The caller works on a copy.
pub(crate) fn apply_to(
    state: &mut State,
    seat: Seat,
    action: &Action,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let log = apply_each(state, seat, action, rng)?;
    if let Some(a) = content().area_ids().find(|a| state.area(*a).nuked.is_some() && !state.area(*a).units.is_empty()) {
        return Err(RuleError::illegal(
            crate::cards::CARD_TOKEN,
            format!("No unit may enter {} this turn (Suitcase Nuke).", a.area().name),
        ));
    }
    Ok(log)
}

fn apply_each(state: &mut State, seat: Seat, action: &Action, rng: &mut GameRng) -> Result<Vec<LogEntry>, RuleError> {
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
        Action::PlaceToken { kind, area, space, payment } => {
            if !matches!(state.phase, Phase::PlaceTokens { .. }) || state.players[seat as usize].faction.is_none() {
                return Err(RuleError::illegal(
                    crate::place::PLACE_ACTION_TOKENS,
                    "Tokens are placed in the Main Phase.",
                ));
            }
            let pay = payment
                .unwrap_or_else(|| Payment::energy_first(state, seat, crate::place::placement_cost(state, seat)));
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
        Action::ActivatePaying { activation, energy, choices } => {
            busy(state)?;
            let activation = match (activation, choices) {
                (Activation::Card { card, payment, .. }, Some(choices)) => Activation::Card { card, payment, choices },
                (_, Some(_)) => {
                    return Err(RuleError::illegal(
                        crate::cards::CARD_TOKEN,
                        "Only a card has choices to make; a battle or a unique token takes none.",
                    ));
                }
                (a, None) => a,
            };
            activate_priced(state, seat, energy, &|p| activation.with_payment(p), rng)
        }
        Action::Deploy { units, energy } => {
            busy(state)?;
            activate_priced(state, seat, energy, &|payment| Activation::Deploy { units: units.clone(), payment }, rng)
        }
        Action::Move { units, energy } => {
            busy(state)?;
            activate_priced(state, seat, energy, &|payment| Activation::Move { units: units.clone(), payment }, rng)
        }
        Action::Discard => {
            busy(state)?;
            actions::discard(state, seat)
        }
        Action::UseSkill { skill: (area, choice) } => {
            busy(state)?;
            crate::skill::use_skill(state, seat, area, &choice, rng)
        }
        Action::UseSkillBringing { skill: SkillPick::Whole((area, whole)), choice, brings, energy, to, unit } => {
            busy(state)?;
            if choice != SkillChoice::default() || energy.is_some() || to.is_some() || unit.is_some() {
                return Err(RuleError::illegal(
                    crate::skill::SKILL,
                    "Name the skill's area alone when its choice or the energy is given apart.",
                ));
            }
            let choice = crate::composite::with_brought(state, seat, area, &whole, &brings);
            crate::skill::use_skill(state, seat, area, &choice, rng)
        }
        Action::UseSkillBringing { skill: SkillPick::Area(area), choice, brings, energy, to, unit } => {
            busy(state)?;
            let choice = crate::composite::deploy_anywhere_choice(choice, to, unit)?;
            let make = |payment| Action::UseSkill {
                skill: (area, SkillChoice { payment, champion_moves: brings.clone(), ..choice.clone() }),
            };
            let a = crate::composite::priced_at(state, seat, energy, &make)?;
            apply_each(state, seat, &a, rng)
        }
        Action::SkillDeploy { skill, to, unit, energy } => {
            busy(state)?;
            let choice = crate::composite::skill_deploy_choice(state, seat, skill, to, unit, energy)?;
            crate::skill::use_skill(state, seat, skill, &choice, rng)
        }
        Action::UseSkillPaying { skill, choice, energy } => {
            busy(state)?;
            let make = |payment| Action::UseSkill { skill: (skill, SkillChoice { payment, ..choice.clone() }) };
            let a = crate::composite::priced_at(state, seat, energy, &make)?;
            apply_each(state, seat, &a, rng)
        }
        Action::LabPaying { choices, energy } => {
            let make = |payment| Action::LabPlay { play: LabPlay { payment, choices: choices.clone() } };
            let a = crate::composite::priced_at(state, seat, energy, &make)?;
            apply_each(state, seat, &a, rng)
        }
        Action::FusionPaying { card, choices, energy } => {
            let make = |payment| Action::FusionPlay { play: FusionCard { card, payment, choices: choices.clone() } };
            let a = crate::composite::priced_at(state, seat, Some(energy), &make)?;
            apply_each(state, seat, &a, rng)
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
        Action::FusionPlay { play } => crate::fusion::play(state, seat, play.card, play.payment, &play.choices, rng),
        Action::FusionStop => crate::fusion::stop(state, seat),
        Action::KeepFighting { yes } => crate::choices::keep_fighting(state, seat, yes),
        Action::LabPlay { play } => crate::choices::lab_play(state, seat, play.payment, &play.choices, rng),
        Action::ScorePlans { scores } => crate::flow::score_plans(state, seat, &scores, rng),
        Action::FreeDeploy { unit } => crate::abilities::free_deploy(state, seat, unit, rng),
        Action::ChampionAttack { target } => crate::abilities::champion_attack(state, seat, target, rng),
        Action::CancelHit { pay } => crate::abilities::cancel_hit(state, seat, pay),
        Action::ChooseVictim { enemy } => crate::abilities::choose_victim(state, seat, enemy),
    }
}

/// A token activated from its parts (units, then the energy to spend):
/// priced by one trial of the whole activation, then made.
fn activate_priced(
    state: &mut State,
    seat: Seat,
    energy: u8,
    make: &dyn Fn(Payment) -> Activation,
    rng: &mut GameRng,
) -> Result<Vec<LogEntry>, RuleError> {
    let how = crate::composite::resolve(state, seat, energy, make)?;
    crate::activate::activate(state, seat, &how, rng)
}

/// Take Actions waits while a battle or attacks are under way.
fn busy(state: &State) -> Result<(), RuleError> {
    if state.battle.is_some() || state.attacks.is_some() {
        return Err(RuleError::illegal(combat::COMBAT, "Finish the combat first."));
    }
    Ok(())
}

/// Why `seat` may not act now, in the words of the step under way: who
/// the game waits for is public, and so is whether `seat` passed, chose
/// or holds no card.
fn not_awaited(state: &State, seat: Seat) -> RuleError {
    use crate::start::step;
    let p = &state.players[seat as usize];
    if crate::choices::next(state).is_some() {
        return RuleError::not_your_turn(crate::choices::CHOICES, "Another player answers a choice owed now.");
    }
    if let Some(b) = &state.battle {
        let words = format!("Another player attacks or takes hits in {} now.", b.area.area().name);
        return RuleError::not_your_turn(combat::COMBAT, words);
    }
    if state.attacks.is_some() {
        return RuleError::not_your_turn(combat::COMBAT, "Another player's attacks are being resolved now.");
    }
    let (rule, words) = match &state.phase {
        Phase::SelectFactions { .. } => (crate::setup::SELECT_FACTIONS, "Another player chooses a faction now."),
        Phase::SelectPlans { .. } if p.plan_deck.is_empty() => {
            (step::SELECT_PLANS, "You have no plan to put back: your plan deck could not fill your hand to 3.")
        }
        Phase::SelectPlans { .. } => {
            (step::SELECT_PLANS, "You have put a plan on the bottom already this turn; the others are still choosing.")
        }
        Phase::SelectTargets { .. } if p.target.is_some() => {
            (step::SELECT_TARGETS, "You have selected your target already this turn.")
        }
        Phase::SelectTargets { .. } if p.hand.is_empty() => {
            (step::SELECT_TARGETS, "You have no action card to select as your target.")
        }
        Phase::SelectTargets { .. } => (step::SELECT_TARGETS, "The Mafia chooses its target after every other player."),
        Phase::PlaceTokens { .. } if p.passed => {
            (crate::place::PLACE_ACTION_TOKENS, "You have passed for the rest of the Place Action Tokens Step.")
        }
        Phase::PlaceTokens { .. } => (crate::place::PLACE_ACTION_TOKENS, "Another player places now."),
        Phase::TakeActions { .. } if p.passed => {
            (actions::PASSING, "You have passed for the rest of the Take Actions Step.")
        }
        Phase::TakeActions { .. } => (actions::TAKE_ACTIONS, "Another player takes an action now."),
        Phase::ScorePlans { .. } => (crate::flow::SCORE_PLANS, "Another player scores plans now."),
        Phase::Start | Phase::Combat { .. } | Phase::Over { .. } => ("Actions", "It is not your turn."),
    };
    RuleError::not_your_turn(rule, words)
}

/// Who acts in a battle, attacks or owed choices under way.
fn fighting(state: &State) -> Option<Seat> {
    if let Some(o) = crate::choices::next(state) {
        return Some(o.seat());
    }
    if state.battle.is_some() {
        return combat::battle_actor(state);
    }
    state.attacks.as_ref().map(|a| a.hits.map_or(a.attacker, |h| h.defender))
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
            engine_version: crate::versions::CURRENT,
        }
    }

    fn content() -> Option<String> {
        Some(crate::content::public_json())
    }

    fn setup(_options: &Options, seats: u8, rng: &mut GameRng) -> Result<Self, SetupError> {
        crate::setup::setup(seats, rng).map(|(s, _)| s)
    }

    fn oldest_version() -> u32 {
        crate::versions::OLDEST
    }

    /// Versions set up alike; the version is kept in the state for the
    /// readings it changed ([`crate::versions`]).
    fn setup_version(options: &Options, seats: u8, rng: &mut GameRng, engine_version: u32) -> Result<Self, SetupError> {
        let mut s = Self::setup(options, seats, rng)?;
        s.engine_version = engine_version;
        Ok(s)
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
            Phase::SelectPlans { waiting } => {
                Pending::Simultaneous { waiting: *waiting, committed: SeatSet::first(self.seats).minus(*waiting) }
            }
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
            Phase::PlaceTokens { current } | Phase::TakeActions { current, .. } | Phase::ScorePlans { current } => {
                Pending::Turn { seat: *current }
            }
            Phase::Start | Phase::Combat { .. } | Phase::Over { .. } => Pending::Over,
        }
    }

    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        crate::prompts::prompt(self, seat)
    }

    fn seat_count(&self) -> u8 {
        self.seats
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// Only an awaited seat acts, but for the few actions allowed at any
    /// time ([`Action::any_time`]).
    fn try_apply(
        &mut self,
        seat: Seat,
        action: &Action,
        rng: &mut GameRng,
        log: &mut Vec<LogEntry>,
    ) -> Result<(), RuleError> {
        if !action.any_time() && !self.pending().awaited().contains(seat) {
            return Err(not_awaited(self, seat));
        }
        log.extend(apply_to(self, seat, action, rng)?);
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> crate::view::View {
        crate::view::view(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over { winners } = &self.phase else {
            return None;
        };
        let total = |s: Seat| i64::from(self.players[s as usize].ap) + i64::from(self.players[s as usize].pp);
        let mut rest: Vec<Seat> = (0..self.seats).filter(|s| !winners.contains(s)).collect();
        rest.sort_by_key(|s| std::cmp::Reverse(total(*s)));
        let mut ranking = vec![winners.clone()];
        for s in rest {
            match ranking.last_mut() {
                Some(g) if !g.is_empty() && !winners.contains(&g[0]) && total(g[0]) == total(s) => g.push(s),
                _ => ranking.push(vec![s]),
            }
        }
        let summary = crate::end::victory_words(self, winners);
        Some(Outcome { ranking, scores: (0..self.seats).map(total).collect(), summary, game_winner: None })
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
