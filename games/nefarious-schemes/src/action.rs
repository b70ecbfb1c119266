//! Everything a seat can do, as the JSON the client sends (`{"type": ...}`).

use crate::content::CardId;
use crate::state::Uid;
use serde::{Deserialize, Serialize};

/// An action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Event window: play nothing.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    Pass,
    /// Event window: play an Event from the hand.
    PlayEvent {
        /// The Event.
        card: CardId,
        /// The Mastermind that gets its Minions (Hired Guns).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Uid>,
    },
    /// Doctor: the Units whose next Healing Roll gets +2.
    Heal {
        /// At most one per Doctor.
        units: Vec<Uid>,
    },
    /// Analysis or Neutralize: the card discarded.
    Discard {
        /// From the hand.
        card: CardId,
    },
    /// Predictions or Machinations: whose deck to look at.
    LookAt {
        /// 0 the Heroes' deck, 1 the Villain's.
        deck: u8,
    },
    /// Lure or Manipulations: the Character taken.
    Lure {
        /// The Character.
        target: Uid,
    },
    /// A search: the card taken (and the Unit a Vehicle or Weapon goes on).
    Take {
        /// From the deck.
        card: CardId,
        /// Blueprints: the Unit.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        onto: Option<Uid>,
    },
    /// A search that takes nothing.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    TakeNothing,
    /// Build: the Unit that gets the Invention Marker.
    Build {
        /// Own Unit.
        unit: Uid,
    },
    /// Take the Wound.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    Wound,
    /// Discard an attached Vehicle or Weapon instead of the Wound.
    DropGear {
        /// The Vehicle or Weapon.
        gear: Uid,
    },
    /// Foiled: the Plot discarded.
    Foil {
        /// A Plot of the target Mastermind.
        plot: Uid,
    },
    /// Wheels in Motion: draw 1.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    DrawCard,
    /// Wheels in Motion: +1 Plot counter.
    AddCounter {
        /// The Plot.
        plot: Uid,
    },
    /// Recruit phase: put a card into play.
    Recruit {
        /// From the hand.
        card: CardId,
        /// The Unit or Mastermind it is attached to.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        onto: Option<Uid>,
    },
    /// Plot phase: attach a Plot.
    AttachPlot {
        /// From the hand.
        card: CardId,
        /// The Mastermind.
        mastermind: Uid,
    },
    /// Assassin phase: send one Minion at a Hero.
    Send {
        /// Whose Minion.
        mastermind: Uid,
        /// The target Hero.
        hero: Uid,
    },
    /// Track phase: a Track Roll.
    Track {
        /// The Hero.
        hero: Uid,
        /// The target Mastermind.
        mastermind: Uid,
    },
    /// Attack phase: a Hero attacks a Thwarted Mastermind.
    Attack {
        /// The Hero.
        hero: Uid,
        /// The Mastermind.
        mastermind: Uid,
    },
    /// Combat 7+: attack again at Fight -1.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    AttackAgain,
    /// Combat 7+: stop.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    Stop,
    /// End this part of the phase.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    Done,
}
