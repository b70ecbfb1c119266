//! Combat under way, as the table holds it: a round of combat in one area
//! (who attacks in what order, the hits waiting to be assigned, the
//! sacrifices after the round), the non-combat attacks of a card, and the
//! last attack rolled. The rules that move them on are `rules::combat`.

use crate::content::AreaId;
use crate::content::effect::UnitType;
use crate::state::ids::UnitUid;
use backroom_engine::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// A unit still to attack this round (it may have died since).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attacker {
    /// The unit.
    pub uid: UnitUid,
    /// Whose.
    pub owner: Seat,
    /// Its type (for its dice, alive or dead).
    #[serde(rename = "type")]
    pub kind: UnitType,
}

/// Hits waiting for their defender to assign them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingHits {
    /// Where.
    pub area: AreaId,
    /// Who assigns them.
    pub defender: Seat,
    /// Who scored them (the killer).
    pub attacker: Seat,
    /// How many are left.
    pub hits: u8,
}

/// A sacrifice waiting for its player's choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingSacrifice {
    /// Who sacrifices.
    pub seat: Seat,
    /// Whose effect it is (the killer).
    pub killer: Seat,
    /// In this area.
    pub area: AreaId,
}

/// The last attack rolled (public: who attacked whom, where, the dice), so
/// the view holds what the log tells.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackRecord {
    /// Who attacked.
    pub attacker: Seat,
    /// At whom.
    pub defender: Seat,
    /// Where.
    pub area: AreaId,
    /// The attacking unit's type (none for a card's attack).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<UnitType>,
    /// The dice rolled.
    pub rolls: Vec<u8>,
    /// Hits scored.
    pub hits: u8,
}

/// A round of combat in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// Where.
    pub area: AreaId,
    /// Players in player order, as fixed at the start.
    pub order: Vec<Seat>,
    /// Units still to attack.
    pub to_attack: Vec<Attacker>,
    /// Added to every unit's rolls in this battle (Blown Cover).
    #[serde(default)]
    pub modifier_all: i8,
    /// Fight again while anyone with units here agrees (To The Death!).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repeat: bool,
    /// Hits to assign.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits: Option<PendingHits>,
    /// Players who lost a unit in this round (for Biohazard).
    #[serde(default)]
    pub lost: SeatSet,
    /// Sacrifices to make once the round is over (Biohazard), in player
    /// order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sacrifices: Vec<PendingSacrifice>,
}

/// Non-combat attacks waiting to be made (Public Backlash, Fish in a
/// Barrel, Despotism): one at a time, each at an opponent with units in its
/// area, who assigns the hits. No unit bonuses; the defender's penalties
/// apply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardAttacks {
    /// Whose attacks (the killer).
    pub attacker: Seat,
    /// The attacks left: area and the value each die needs.
    pub queue: Vec<(AreaId, u8)>,
    /// Hits of the last attack to assign.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits: Option<PendingHits>,
}
