//! The actions: everything a seat can do in any phase, below the rules
//! that apply them and the prompts that offer them.

use crate::content::CardId;
use crate::state::Slot;
use serde::{Deserialize, Serialize};

/// Everything a seat can do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Draft: pick a card from the pack you hold.
    DraftPick {
        /// The card.
        card: CardId,
    },
    /// Constructed: submit 12 Advanced Mutants (`"id"`, `"id:2"`).
    Construct {
        /// The list.
        cards: Vec<String>,
    },
    /// Mulligan the named stacks (1–3; none to keep all).
    Mulligan {
        /// Stacks.
        stacks: Vec<u8>,
    },
    /// Move the Active Mutant to this side slot.
    Move {
        /// Left or right.
        side: Slot,
    },
    /// Deploy a card from hand.
    Deploy {
        /// The card.
        card: CardId,
    },
    /// Breed the top of a Gene Pool stack, discarding two cards.
    Breed {
        /// Stack 1–3.
        stack: u8,
        /// The two cards.
        cards: Vec<CardId>,
    },
    /// Incubate the top of a Gene Pool stack, discarding one card.
    Incubate {
        /// The card discarded.
        card: CardId,
        /// Stack 1–3.
        stack: u8,
    },
    /// Answer an ability's question.
    Choose {
        /// The option's value.
        pick: String,
    },
}
