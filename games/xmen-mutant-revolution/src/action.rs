//! Everything a seat can do, as one serde enum tagged by `type`. Characters
//! are named by id (the Leader's id, e.g. `"wolverine"`, or the Hero's or
//! Student's card id), cards by card id, hexes as axial `[q, r]`. A card
//! chosen from a hand among several (a discard) is one physical card: its
//! id for the first copy held, `id#2` for the second ([`HandCard`]), so two
//! copies of one card are two choices.

use crate::content::PlotId;
use crate::state::battle::Mark;
use crate::state::{CharKey, HandCard};
use backroom_engine::Seat;
use serde::{Deserialize, Serialize};

/// Actions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Setup: choose a School (by its id: wolverine, cyclops, magneto, storm).
    PickSchool {
        /// School id.
        school: String,
    },
    /// Upkeep: ask for the stage to be done in clockwise order from the
    /// Mission Commander.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    Wait,
    /// U1 Recover Characters: up to 3 of your Characters.
    Recover {
        /// Characters to recover.
        characters: Vec<CharKey>,
    },
    /// U2 Advance the Revolution: exactly 6 Characters with a Power Token,
    /// or none to skip.
    Advance {
        /// Characters spending 1 Power Token each.
        characters: Vec<CharKey>,
    },
    /// U3 Acquire Hope: the Heroes you pay for; `penalty` (`hope` or `rp`)
    /// when no Uninjured Hero or Student remains.
    AcquireHope {
        /// Heroes kept (the others are discarded).
        keep: Vec<CharKey>,
        /// `hope` (lose half, rounded up) or `rp` (lose 1).
        #[serde(default)]
        penalty: Option<String>,
    },
    /// Plot Phase: play an Event. Your own Plot Points pay what the accepted
    /// supporters' pledges do not.
    PlayEvent {
        /// The Event.
        card: PlotId,
        /// Target Schools, as the card requires.
        #[serde(default)]
        targets: Vec<Seat>,
        /// The Character the card's text or cost names.
        #[serde(default)]
        character: Option<CharKey>,
        /// Seats whose pledges you accept.
        #[serde(default)]
        supporters: Vec<Seat>,
    },
    /// Plot Phase: ask the other Schools for Plot Points.
    RequestSupport {
        /// Plot Points wanted.
        amount: u8,
    },
    /// Answer a support request (0 = no support).
    Pledge {
        /// Plot Points pledged.
        amount: u8,
    },
    /// Drop your support request (pledges are released).
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    AbandonRequest,
    /// Plot Phase: discard Plot Cards for their Hope Value.
    DiscardForHope {
        /// Cards to discard.
        cards: Vec<HandCard>,
    },
    /// Plot Phase: use a Character Power marked for the Plot Phase.
    UsePower {
        /// The Character.
        character: CharKey,
    },
    /// Plot Phase: pass for the rest of the phase.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    Pass,
    /// Plot Phase, any time: give Hope Coins to another School.
    GiveHope {
        /// The receiver.
        to: Seat,
        /// Coins.
        amount: u32,
    },
    /// Cancel window: play a Reaction that cancels the card just played.
    React {
        /// The Reaction.
        card: PlotId,
    },
    /// Decline a window.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    Decline,
    /// Discard to Hand Size.
    DiscardToHandSize {
        /// Cards to discard.
        cards: Vec<HandCard>,
    },
    /// Change Allegiance: offer a trade to another School.
    Offer {
        /// The other School.
        to: Seat,
        /// Your Heroes/Students you give.
        #[serde(default)]
        give: Vec<CharKey>,
        /// Hope Coins you give.
        #[serde(default)]
        give_hope: u32,
        /// Their Heroes/Students you take.
        #[serde(default)]
        take: Vec<CharKey>,
        /// Hope Coins you take.
        #[serde(default)]
        take_hope: u32,
    },
    /// Accept an offer made to you.
    Accept {
        /// Proposer.
        from: Seat,
        /// Its number.
        n: u8,
    },
    /// Decline an offer made to you.
    Reject {
        /// Proposer.
        from: Seat,
        /// Its number.
        n: u8,
    },
    /// Withdraw your own offer.
    Withdraw {
        /// Receiver.
        to: Seat,
        /// Its number.
        n: u8,
    },
    /// Send an Uninjured Hero or Student on a Secret Mission.
    SecretMission {
        /// The Character (discarded for its Hope Value).
        character: CharKey,
    },
    /// Pick up your Bidding Dial: done with Change Allegiance.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    Ready,
    /// Set your Bidding Dial (0–14).
    Bid {
        /// Hope Coins.
        value: u8,
    },
    /// Attach a won Training Card.
    Train {
        /// The Hero or Student.
        character: CharKey,
    },
    /// Mission Commander: invite a School to send a Character.
    Invite {
        /// The School.
        school: Seat,
    },
    /// Invited: send a Character to the next Character Position.
    Send {
        /// The Character.
        character: CharKey,
    },
    /// Invited: refuse (lose 1 Revolution Point).
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    RefuseInvitation,
    /// Set Up Mission: place the next Mission Token.
    Place {
        /// The hex.
        hex: [i32; 2],
    },
    /// Initiative winner: the PC (by its seat) that acts first.
    First {
        /// Seat of the PC.
        pc: Seat,
    },
    /// PC action: move.
    Move {
        /// Destination hex.
        to: [i32; 2],
    },
    /// PC action: attack, spending Power Tokens on the PC's attack Power
    /// and the Leader's tokens on the Charter.
    Attack {
        /// Target.
        target: Mark,
        /// Power Tokens spent on the attacker's attack Power.
        #[serde(default)]
        power: u8,
        /// Leader Power Tokens spent on the Charter.
        #[serde(default)]
        charter: u8,
    },
    /// After a move: spend 1 Power Token to regain 1 lost stat (Wolverine).
    Regain {
        /// `atk`, `def` or `spd`.
        stat: String,
    },
    /// PC action: a Special Action (an Action-costing Power such as
    /// Elixir's): restore lost points of `stat` to the PC of seat `pc`
    /// (itself or an adjacent PC).
    Special {
        /// Seat of the PC helped.
        pc: Seat,
        /// `atk`, `def` or `spd`.
        stat: String,
    },
    /// PC action: the Mission's own Special Action (e.g. shut down a
    /// control panel) on the objective with this index, within the card's
    /// range of the PC.
    MissionAction {
        /// Objective index.
        objective: u8,
    },
    /// End this PC's actions.
    #[serde(deserialize_with = "backroom_engine::strict::no_fields")]
    EndActions,
    /// Controller of the Mission Characters: move one.
    MoveToken {
        /// Token index.
        token: u8,
        /// Destination.
        to: [i32; 2],
    },
    /// Controller of the Mission Characters: the Mission Character that
    /// just moved attacks this PC next (when more than one PC is in range,
    /// the controller chooses the order).
    TokenAttack {
        /// Seat of the PC attacked next.
        pc: Seat,
    },
    /// Allocate Damage under the Rule of One: points lost from ATK, DEF, SPD.
    Allocate {
        /// `[atk, def, spd]` losses.
        loss: [u8; 3],
    },
    /// Defeated Hero/Student: pay its Hope Value (true) or discard it.
    Penalty {
        /// Pay.
        pay: bool,
    },
    /// Victorious School: pay the Hope Value and recruit the discarded
    /// Student (true) or decline.
    Claim {
        /// Recruit.
        recruit: bool,
    },
    /// Final Tournament: choose your Character.
    Champion {
        /// The Character.
        character: CharKey,
    },
}
