//! The choices an action carries whole: how a token is activated, what a
//! card or a skill needs chosen, where a token sits, the plans scored.
//! They are plain data, below the rules that check them, so an action
//! names them without reaching into the rules.

use crate::content::effect::{TokenType, UnitType};
use crate::content::{AreaId, CardId, PlanId};
use crate::state::payment::Payment;
use crate::state::{TokenUid, UnitUid};
use backroom_engine::Seat;
use serde::{Deserialize, Serialize};

/// One unit to deploy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeployPick {
    /// Its type.
    #[serde(rename = "type")]
    pub kind: UnitType,
    /// A unit in play to re-deploy (from anywhere, even this area); `None`
    /// takes one from the reserve.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<UnitUid>,
    /// Keep a wounded re-deployed unit on its wounded side.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stay_wounded: bool,
}

/// How a revealed token is activated, with every choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "as", rename_all = "snake_case", deny_unknown_fields)]
pub enum Activation {
    /// As a deploy token.
    Deploy {
        /// The units, in order.
        units: Vec<DeployPick>,
        /// The payment for the whole activation.
        payment: Payment,
    },
    /// As a move token.
    Move {
        /// Units to bring in from adjacent areas.
        units: Vec<UnitUid>,
        /// The payment.
        payment: Payment,
    },
    /// As a battle token.
    Battle {
        /// The payment (taxes only).
        #[serde(default)]
        payment: Payment,
    },
    /// A unique token as itself (Hitman, Biohazard, Credit Freeze, Rise Up).
    Unique {
        /// The payment (taxes only).
        #[serde(default)]
        payment: Payment,
        /// The unit its hit strikes (Hitman).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<UnitUid>,
    },
    /// As a card token: play one action card from hand.
    Card {
        /// The card.
        card: CardId,
        /// The payment (the card's cost, taxes, surcharges).
        payment: Payment,
        /// What its effects need chosen.
        #[serde(default)]
        choices: CardChoices,
    },
}

impl Activation {
    /// The same activation paid with `p` (the step-by-step ask prices it
    /// once the seat has said how much energy to spend, `composite`).
    #[must_use]
    pub fn with_payment(&self, p: Payment) -> Activation {
        let mut a = self.clone();
        match &mut a {
            Activation::Deploy { payment, .. }
            | Activation::Move { payment, .. }
            | Activation::Battle { payment }
            | Activation::Unique { payment, .. }
            | Activation::Card { payment, .. } => *payment = p,
        }
        a
    }

    /// Its payment.
    pub fn payment(&self) -> Payment {
        match self {
            Activation::Deploy { payment, .. }
            | Activation::Move { payment, .. }
            | Activation::Battle { payment }
            | Activation::Unique { payment, .. }
            | Activation::Card { payment, .. } => *payment,
        }
    }

    pub(crate) fn token_type(&self) -> Option<TokenType> {
        match self {
            Activation::Deploy { .. } => Some(TokenType::Deploy),
            Activation::Move { .. } => Some(TokenType::Move),
            Activation::Battle { .. } => Some(TokenType::Battle),
            Activation::Card { .. } => Some(TokenType::Card),
            Activation::Unique { .. } => None,
        }
    }
}

/// What a card's effects need chosen; unused fields stay empty.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CardChoices {
    /// Units to deploy (Mobilize, Slip in the Back).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<DeployPick>,
    /// Units to move in (Chicago Airlift).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub moving: Vec<UnitUid>,
    /// A token (Stupor).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<TokenUid>,
    /// A basic unit type (High Noon).
    #[serde(skip_serializing_if = "Option::is_none", rename = "type")]
    pub unit_type: Option<UnitType>,
    /// An opponent (High Noon).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opponent: Option<Seat>,
    /// The area whose skill to use and the skill's own choices (Blackstone
    /// Encryption).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skill: Option<(AreaId, SkillChoice)>,
    /// Your unit to sacrifice (Suitcase Nuke); none declines.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sacrifice: Option<UnitUid>,
}

/// The choices a skill needs; unused fields stay empty.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SkillChoice {
    /// Tokens: the one to look at (University) or flip (Church), or the
    /// two to swap (Capitol).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<TokenUid>,
    /// An area: where to battle (Factory) or deploy (Subway).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub area: Option<AreaId>,
    /// A unit in play: whose type to copy (Sewers), or which attacks
    /// (Police).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<UnitUid>,
    /// The opponent a unit attack strikes (Police).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defender: Option<Seat>,
    /// The unit to deploy (Sewers, Subway).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deploy: Option<DeployPick>,
    /// How the skill's costs are paid.
    pub payment: Payment,
    /// Units a champion exhausted for the skill brings in afterwards
    /// (Commissar Papova), in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub champion_moves: Vec<UnitUid>,
}

/// Where a token sits: its area and space (0-based).
pub type Spot = (AreaId, usize);

/// One plan a player scores: the objectives it completes (indices, top
/// first) and the cards it discards for discard objectives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanScore {
    /// The plan, from the player's hand.
    pub plan: PlanId,
    /// The objectives completed.
    pub objectives: Vec<usize>,
    /// Cards discarded for its "discard N action cards" objectives.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discards: Vec<CardId>,
}
