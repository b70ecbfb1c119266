//! The actions: everything a seat can do ([`Action`]), and what a
//! superpower or card names when it is used ([`PowerChoice`]). Below the
//! rules, which read them, and the prompts, which offer them.

use crate::content::Tool;
use crate::content::{self, cards};
use crate::geometry::Pt;
use crate::{geometry, state};
use serde::{Deserialize, Serialize};

/// Everything a seat can do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Commit (or change) a secret roster: 10 characters and 10 Team
    /// Tactic cards (engine version 2).
    Roster {
        /// Character ids.
        characters: Vec<String>,
        /// Team Tactic card ids.
        tactics: Vec<String>,
    },
    /// Answer the proposed terrain layout (engine version 2).
    Battlefield {
        /// Confirm it, ask for another generated one, or propose a set.
        choice: LayoutChoice,
    },
    /// Deck choice: the priority player's crisis deck to draw from.
    ChooseDeck {
        /// Secure or Extraction.
        deck: cards::CrisisKind,
    },
    /// Threat choice: the crisis card (0 Secure, 1 Extraction) whose
    /// Maximum Threat applies.
    ChooseThreat {
        /// 0 or 1.
        crisis: usize,
    },
    /// Edge choice (the non-priority player).
    ChooseEdge {
        /// The edge.
        edge: state::Edge,
    },
    /// Choose the leader for the game (several qualify).
    ChooseLeader {
        /// Model index.
        model: usize,
    },
    /// Place a token the other player's character dropped, within R2 of
    /// it; or, in mission setup, the next token of your crisis card.
    PlaceToken {
        /// Token index.
        token: usize,
        /// Its centre.
        at: geometry::Pt,
    },
    /// Commit (or change) a secret squad.
    Squad {
        /// Character ids.
        characters: Vec<String>,
        /// Up to 5 Team Tactic card ids (left out when none, the form
        /// matches stored before cards could be chosen).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tactics: Vec<String>,
    },
    /// Answer a reaction window: a reactive superpower (`power:Name`) or
    /// card (`tactic:id`), or nothing to decline.
    React {
        /// What to react with; absent to decline.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<String>,
    },
    /// Play a Team Tactic card from the hand (the active character pays).
    PlayTactic {
        /// Card id.
        card: String,
        /// What the card names, for cards that name something.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        choice: Option<PowerChoice>,
    },
    /// Deploy a character.
    Deploy {
        /// Model index.
        model: usize,
        /// Base centre.
        at: geometry::Pt,
    },
    /// Activate a ready character.
    Activate {
        /// Model index.
        model: usize,
    },
    /// Pass the turn (only when behind on ready characters).
    Pass {},
    /// Move action: advance or climb.
    Advance {
        /// The tool and end position.
        plan: Plan,
    },
    /// Attack action.
    Attack {
        /// Index of the attack on the stat card.
        attack: usize,
        /// Target model.
        target: usize,
    },
    /// Shake off a condition.
    Shake {
        /// Which.
        condition: content::Condition,
    },
    /// Interact with a token (1 ⚡, not an action).
    Interact {
        /// Token index.
        token: usize,
    },
    /// End the activation.
    EndActivation {},
    /// The modify step (engine version 6): reroll some of your own dice
    /// with one of your reroll abilities, or keep the dice (no ability).
    Reroll {
        /// The ability's name; absent to keep the dice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ability: Option<String>,
        /// Indices of the dice rerolled (in your own roll).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        dice: Vec<usize>,
    },
    /// The order a beam's or area's enemies are attacked in (engine
    /// version 6): every enemy in range once.
    OrderTargets {
        /// Model indices, first attacked first.
        order: Vec<usize>,
    },
    /// Use an active superpower.
    UsePower {
        /// Index of the superpower on the stat card.
        power: usize,
        /// What it names.
        choice: PowerChoice,
    },
}

/// What a superpower or card names (fields it doesn't need are left out).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PowerChoice {
    /// Target model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<usize>,
    /// A point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub point: Option<geometry::Pt>,
    /// A direction in degrees.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub angle: Option<f64>,
    /// A piece of terrain (index in the layout).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<usize>,
    /// An objective token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<usize>,
    /// One of the character's attacks (a Charge's attack).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<usize>,
}

/// An answer to the proposed layout.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LayoutChoice {
    /// Agree to the layout on the table.
    Confirm,
    /// Ask for another generated layout.
    Generate,
    /// Propose a house terrain set by id.
    Set(String),
}

/// A proposed advance or climb.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    /// The tool used.
    pub tool: Tool,
    /// A climb (S tool, counted as movement Size 5).
    pub climb: bool,
    /// Direction the tool leaves the base, in degrees (0 = +x).
    pub angle: f64,
    /// Bend at the pivot, in degrees, −90..=90.
    pub bend: f64,
    /// The base's end centre.
    pub to: Pt,
}
