//! Where the round is: one variant per step of the digest's state machine
//! (§1), each holding only what that step needs.

use crate::content::{MissionId, PlotId, RecruitId};
use crate::state::CharKey;
use backroom_engine::{Seat, SeatSet};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The current step of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Setup S2: seats choose a School, highest order roll first.
    PickSchool {
        /// Seats still to choose, in order.
        order: Vec<Seat>,
        /// The setup roll (3 dice per seat; tied highest rerolled), public.
        #[serde(default)]
        rolls: Vec<(Seat, u32)>,
    },
    /// Upkeep stages U1–U3 (U4 is automatic).
    Upkeep(Upkeep),
    /// Plot Phase P2: turns to act from the Mission Commander.
    Plot(Plot),
    /// Plot Phase P3: Discard to Hand Size.
    HandSize {
        /// Sealed discards (secret until all are in).
        #[serde(default)]
        commits: SeatMap<Vec<crate::state::HandCard>>,
        /// Seats that must discard.
        over: SeatSet,
    },
    /// Recruit Phase R1: Change Allegiance.
    Allegiance(Allegiance),
    /// Recruit Phase R2: Recruit and Train.
    Recruit(Recruit),
    /// Mission Phase M2: Bid for Mission Commander.
    McBid {
        /// The revealed Mission.
        mission: MissionId,
        /// The auction.
        auction: Auction,
    },
    /// Mission Phase M3: Choose Characters.
    Invite(Invite),
    /// Mission Phase M4–M7, and Final Tournament matches.
    Battle(Box<super::battle::Battle>),
    /// Final Tournament: a match's Characters are being chosen.
    TournamentPick(Tournament),
    /// The game is over.
    Over {
        /// Places, first to last.
        ranking: Vec<Vec<Seat>>,
        /// Why.
        summary: String,
    },
}

/// Upkeep stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UpkeepStage {
    /// U1 Recover Characters.
    Recover,
    /// U2 Advance the Revolution.
    Advance,
    /// U3 Acquire Hope.
    AcquireHope,
}

impl UpkeepStage {
    /// The stage's rulebook name.
    pub fn name(self) -> &'static str {
        match self {
            UpkeepStage::Recover => "Recover Characters",
            UpkeepStage::Advance => "Advance the Revolution",
            UpkeepStage::AcquireHope => "Acquire Hope",
        }
    }
}

/// A sealed Upkeep choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UpkeepChoice {
    /// Characters recovered, advancing, or Heroes kept.
    pub characters: Vec<CharKey>,
    /// U3 only: `hope` or `rp` when the School has no Uninjured Hero or
    /// Student left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub penalty: Option<String>,
}

/// One Upkeep stage in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Upkeep {
    /// Which stage.
    pub stage: UpkeepStage,
    /// Sealed choices (secret until applied).
    #[serde(default)]
    pub commits: SeatMap<UpkeepChoice>,
    /// Set once a seat asked to wait: the clockwise order from the Mission
    /// Commander, and how many seats have already acted in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordered: Option<(Vec<Seat>, usize)>,
}

/// A support request (P2a step 1): the amount is public, the card is never
/// named.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// Plot Points asked for.
    pub amount: u8,
    /// Pledges so far, per seat (public, locked once made).
    #[serde(default)]
    pub pledges: SeatMap<u8>,
}

/// An Event or Reaction on the chain being resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// Who played it.
    pub seat: Seat,
    /// The card (public once played).
    pub card: PlotId,
}

/// An Event declared and paid, with the Reactions played against it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chain {
    /// The Event first, then each Reaction cancelling the one before.
    pub cards: Vec<Played>,
    /// The Event's target Schools.
    pub targets: Vec<Seat>,
    /// The Character the Event's text or cost names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub character: Option<CharKey>,
    /// The open cancel window: seats offered it.
    pub window: SeatSet,
    /// Sealed answers (a Reaction or a pass), secret until the window closes.
    #[serde(default)]
    pub answers: SeatMap<Option<PlotId>>,
}

/// The Plot Phase's turns to act.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plot {
    /// The seat whose turn to act it is.
    pub current: Seat,
    /// Seats that have passed.
    pub passed: SeatSet,
    /// An open or locked support request by `current`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request: Option<Request>,
    /// `current` already asked for support during this turn to act (one
    /// request per turn, so a request cannot be repeated forever).
    #[serde(default)]
    pub requested: bool,
    /// An Event being resolved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<Chain>,
}

/// A trade offer between two Schools (visible to those two only).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// Proposer.
    pub from: Seat,
    /// Receiver.
    pub to: Seat,
    /// Number of this offer among `from`'s offers to `to`.
    pub n: u8,
    /// Characters `from` gives.
    pub give: Vec<CharKey>,
    /// Hope Coins `from` gives.
    pub give_hope: u32,
    /// Characters `from` takes.
    pub take: Vec<CharKey>,
    /// Hope Coins `from` takes.
    pub take_hope: u32,
}

/// Change Allegiance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Allegiance {
    /// Seats that picked up their Bidding Dial.
    pub ready: SeatSet,
    /// Open offers.
    pub offers: Vec<Offer>,
    /// Offers made this phase per seat (bounded so negotiation ends;
    /// secret: each seat sees its own count only).
    pub made: Vec<u8>,
    /// Offers made this phase per (from, to) pair, `from * seats + to`
    /// (numbers offers so only the two parties learn about them).
    pub pairs: Vec<u8>,
    /// Secret Missions sent this phase per seat (at most 2).
    pub secret: Vec<u8>,
    /// A School asked to wait: Secret Missions are sent in clockwise order
    /// from the Mission Commander once everyone is ready (ruling A17).
    #[serde(default)]
    pub wait: bool,
    /// That ordered sub-step: the order and how many seats are done.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordered: Option<(Vec<Seat>, usize)>,
}

/// A sealed-dial auction (§1.6), for a Recruit card or the Mission
/// Commander token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    /// Seats still bidding.
    pub bidders: SeatSet,
    /// Hope Coins moved to the board by tied seats (public).
    pub escrow: Vec<u32>,
    /// Bidding round, from 1.
    pub round: u8,
    /// Locked dials (secret until all are in).
    #[serde(default)]
    pub dials: SeatMap<u8>,
    /// Revealed dials of earlier rounds of this auction (public).
    #[serde(default)]
    pub revealed: Vec<SeatMap<u8>>,
}

impl Auction {
    /// A fresh auction among `bidders`.
    pub fn new(seats: u8, bidders: SeatSet) -> Self {
        Auction { bidders, escrow: vec![0; seats as usize], round: 1, dials: SeatMap::default(), revealed: Vec::new() }
    }
}

/// Recruit and Train.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recruit {
    /// Face-down row still to auction (secret from everyone).
    pub row: Vec<RecruitId>,
    /// The revealed card up for recruitment.
    pub current: RecruitId,
    /// Its auction.
    pub auction: Auction,
    /// A won Training Card waiting to be assigned by this seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub training_for: Option<Seat>,
}

/// Choose Characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invite {
    /// The Mission.
    pub mission: MissionId,
    /// Schools already invited.
    pub invited: SeatSet,
    /// The School that must answer now, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asking: Option<Seat>,
    /// Character Positions filled, in order.
    pub positions: Vec<(Seat, CharKey)>,
}

/// The Final Tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    /// Matches still to fight, as pairs.
    pub matches: Vec<[Slot; 2]>,
    /// Winners of finished matches.
    pub winners: Vec<Seat>,
    /// The match being set up: seats in choosing order (fewer Hope first).
    pub pair: [Seat; 2],
    /// Characters chosen so far for it (public as soon as chosen).
    pub chosen: Vec<CharKey>,
}

/// One side of a Final Tournament match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    /// This School.
    Seat(Seat),
    /// The winner of the match with this index.
    WinnerOf(u8),
}

/// A Reaction window opened on a trigger point outside the Plot Phase
/// (`bids_revealed`, `character_defeated`, `mission_revealed`; gap G11).
/// It is offered to every seat but the actor whose Plot Points reach the
/// cheapest Reaction with that trigger in the data (public criteria only).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriggerWindow {
    /// The trigger id.
    pub trigger: String,
    /// The School that caused the trigger, if any (never offered).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor: Option<Seat>,
    /// Seats offered the window.
    pub seats: SeatSet,
    /// Sealed answers (a Reaction or a pass), secret until all are in.
    #[serde(default)]
    pub answers: SeatMap<Option<PlotId>>,
}

/// Sealed choices or pledges by seat: a map serialized with the seat number
/// as its key (`{"2": 5}`), so scenario files can write them in TOML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatMap<T>(pub BTreeMap<Seat, T>);

impl<T> Default for SeatMap<T> {
    fn default() -> Self {
        SeatMap(BTreeMap::new())
    }
}

impl<T> std::ops::Deref for SeatMap<T> {
    type Target = BTreeMap<Seat, T>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl<T> std::ops::DerefMut for SeatMap<T> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl<T: Serialize> Serialize for SeatMap<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(&k.to_string(), v)?;
        }
        m.end()
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for SeatMap<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = BTreeMap::<String, T>::deserialize(d)?;
        let mut out = BTreeMap::new();
        for (k, v) in raw {
            let seat: Seat = k.parse().map_err(|_| serde::de::Error::custom(format!("'{k}' is not a seat number")))?;
            if seat >= 16 {
                return Err(serde::de::Error::custom(format!("seat {seat} is out of range")));
            }
            out.insert(seat, v);
        }
        Ok(SeatMap(out))
    }
}
