//! Everything a seat can do: the `Action` enum the engine contract speaks
//! of, with the plays it carries (the Laboratory's card, Mr. Fusion's next
//! card, the skill a seat brings units with). A type below the rules: the
//! rules ([`crate::rules`]) apply it, the prompts and the bot build it.

pub mod choices;

use crate::action::choices::{Activation, CardChoices, PlanScore, SkillChoice, Spot};
use crate::content::effect::UnitType;
use crate::content::{AreaId, CardId, FactionId, PlanId};
use crate::state::payment::Payment;
use crate::state::{TokenKind, UnitUid};
use backroom_engine::Seat;
use serde::{Deserialize, Serialize};

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
        units: Vec<crate::action::choices::DeployPick>,
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
