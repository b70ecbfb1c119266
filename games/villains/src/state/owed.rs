//! Choices owed after an effect, as the table queues them: who answers,
//! and what the answer is about. The rules that queue and settle them are
//! `rules::choices` (and `rules::abilities` for the champions' own).

use crate::content::{AreaId, CardId};
use crate::state::ids::UnitUid;
use backroom_engine::Seat;
use serde::{Deserialize, Serialize};

/// A choice a player owes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "choice", rename_all = "snake_case")]
pub enum Owed {
    /// Sacrifice `count` of its units in play, anywhere (toughness does not
    /// help); the kills are `killer`'s.
    Sacrifice {
        /// Who.
        seat: Seat,
        /// Whose effect it is.
        killer: Seat,
        /// How many are left.
        count: u8,
    },
    /// The Laboratory's skill: the revealed top card (public), to play for
    /// free in `area` or to take into hand.
    LabCard {
        /// Who.
        seat: Seat,
        /// The card.
        card: CardId,
        /// Where it would be played.
        area: AreaId,
    },
    /// To The Death!: fight another round in `area`?
    KeepFighting {
        /// Who answers.
        seat: Seat,
        /// Where.
        area: AreaId,
    },
    /// Discard `count` action cards of its choice.
    Discard {
        /// Who.
        seat: Seat,
        /// How many are left.
        count: u8,
    },
    /// Mr. Fusion: play another action card in `area`, or stop
    /// (`rules::mr_fusion`).
    Fusion {
        /// Who.
        seat: Seat,
        /// Where Mr. Fusion lies.
        area: AreaId,
    },
    /// Mother Ooze healed in `area` at Cleanup: one unit of the player's
    /// choice from its reserve there without its unit cost, or none.
    FreeDeploy {
        /// Who.
        seat: Seat,
        /// Where.
        area: AreaId,
    },
    /// Bully G.O.A.T. exhausted for a skill in `from`: once the skill is
    /// resolved (its hits assigned, its battle fought), he attacks into an
    /// adjacent area, at an opponent of the player's choice there.
    ChampionAttack {
        /// Whose champion.
        seat: Seat,
        /// His area.
        from: AreaId,
    },
    /// Basta left `area`: her owner picks an opponent with units there, who
    /// then sacrifices one of them.
    ChooseVictim {
        /// Basta's owner.
        seat: Seat,
        /// The area she left.
        area: AreaId,
    },
    /// Sacrifice one unit in `area` (Basta's victim); the kill `killer`'s.
    SacrificeIn {
        /// Who.
        seat: Seat,
        /// Whose effect it is.
        killer: Seat,
        /// Where.
        area: AreaId,
    },
    /// The Gnome of Zurich: a hit assigned to `unit` of `seat`'s in the
    /// Gnome's area; pay to cancel it, or let it land.
    CancelHit {
        /// The Gnome's owner.
        seat: Seat,
        /// Where.
        area: AreaId,
        /// The unit hit.
        unit: UnitUid,
        /// Whose hit it is (the killer).
        attacker: Seat,
    },
}

impl Owed {
    /// Who owes it.
    pub fn seat(self) -> Seat {
        match self {
            Owed::Sacrifice { seat, .. }
            | Owed::Discard { seat, .. }
            | Owed::LabCard { seat, .. }
            | Owed::KeepFighting { seat, .. }
            | Owed::Fusion { seat, .. }
            | Owed::FreeDeploy { seat, .. }
            | Owed::ChampionAttack { seat, .. }
            | Owed::CancelHit { seat, .. }
            | Owed::ChooseVictim { seat, .. }
            | Owed::SacrificeIn { seat, .. } => seat,
        }
    }
}
