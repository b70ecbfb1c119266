//! The table in play: the City's areas with their action token tracks,
//! units and graveyards, the score board (capitol tokens, targets, global
//! rule cards), and each player's faction sheet, reserves, hands and plan
//! deck.
//!
//! Everything here serializes and holds ids only (records are looked up in
//! [`crate::content::content`]). What some viewer may not know is kept in
//! plainly named places so the view can be built by allow-list and the
//! non-leak test's re-deal knows what to shuffle:
//!
//! * a face-down token's type: [`PlacedToken::kind`], a [`Hidden`] known to
//!   its owner and to whoever peeked (the University skill);
//! * hands: [`Player::hand`] (action cards) and [`Player::plans`], known to
//!   their owner; [`Player::plan_deck`]'s order, known to nobody except the
//!   bottom [`Player::plans_bottomed`] the owner put there;
//! * targets: [`Player::target`], a [`Hidden`] known to its owner, the Mafia
//!   after Inside Job and the Police's controller, public from Score
//!   Targets on;
//! * reserves: [`Player::reserve_tokens`] (which tokens are left says which
//!   are on the board) and the upgrades not yet claimed;
//! * the action deck's order.
//!
//! Units, wounds, readied units, graveyards, energy, resources, points,
//! captured markers, capitol tokens, skill tracks and combat markers are
//! public (the rulebook: everything on a faction sheet is public).
//!
//! Every type the table holds is defined here, below the rules that change
//! it, so `state` imports no rules, prompts, bot or view: the board ids
//! ([`ids`]), combat under way ([`battle`]), the choices owed ([`owed`]),
//! deal offers ([`deals`]) and how a cost is paid ([`payment`]).

pub mod battle;
pub mod deals;
pub mod ids;
pub mod owed;
pub mod payment;
pub mod tally;

use crate::content::effect::{TokenType, UnitType};
use crate::content::{AreaId, CardId, FactionId, PlanId, UpgradeId, content};
use crate::state::battle::{AttackRecord, Battle, CardAttacks};
use crate::state::deals::Offer;
pub use crate::state::ids::{TokenUid, UnitUid};
use crate::state::owed::Owed;
use crate::state::tally::Tally;
use backroom_engine::{Hidden, Seat, SeatSet};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// A player marker on an area's control indicator or a captured-marker
/// space: a player's colour, or the purple setup marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Marker {
    /// The purple setup marker (1 influence, captured like any enemy marker).
    Setup,
    /// A player's marker (seats are colours).
    Player(Seat),
}

/// What an action token is: one of the four basic types or the faction's
/// unique token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenKind {
    /// Deploy.
    Deploy,
    /// Card.
    Card,
    /// Move.
    Move,
    /// Battle.
    Battle,
    /// The owner's faction's unique token (Hitman, Mr. Fusion...).
    Unique,
}

impl crate::state::tally::Kind for TokenKind {
    const ALL: &'static [Self] =
        &[TokenKind::Deploy, TokenKind::Card, TokenKind::Move, TokenKind::Battle, TokenKind::Unique];
    fn index(self) -> usize {
        self as usize
    }
}

impl TokenKind {
    /// The basic type, if it is one.
    pub fn basic(self) -> Option<TokenType> {
        match self {
            TokenKind::Deploy => Some(TokenType::Deploy),
            TokenKind::Card => Some(TokenType::Card),
            TokenKind::Move => Some(TokenType::Move),
            TokenKind::Battle => Some(TokenType::Battle),
            TokenKind::Unique => None,
        }
    }

    /// The kind of a basic type.
    pub fn of(t: TokenType) -> TokenKind {
        match t {
            TokenType::Deploy => TokenKind::Deploy,
            TokenType::Card => TokenKind::Card,
            TokenType::Move => TokenKind::Move,
            TokenType::Battle => TokenKind::Battle,
        }
    }
}

/// An action token on an area's track.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedToken {
    /// Its board id.
    pub uid: TokenUid,
    /// Whose it is (public: tokens show their faction's back).
    pub owner: Seat,
    /// What it is; known to its owner, to peekers, to all once revealed.
    pub kind: Hidden<TokenKind>,
    /// Face up (revealed) or face down.
    pub face_up: bool,
    /// Revealed and activated (it gives influence and stays face up).
    pub activated: bool,
    /// Activated during this turn's Take Actions step (the Church skill may
    /// flip it face down again).
    #[serde(default, skip_serializing_if = "is_false")]
    pub activated_this_turn: bool,
}

/// A token that left the board this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpentToken {
    /// What it is.
    pub kind: Hidden<TokenKind>,
    /// It had been revealed (so everyone knows what it is).
    pub revealed: bool,
}

/// A unit in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Its id.
    pub uid: UnitUid,
    /// Whose it is.
    pub owner: Seat,
    /// Its type (the champion included).
    #[serde(rename = "type")]
    pub kind: UnitType,
    /// Showing its wounded side (toughness units only).
    #[serde(default, skip_serializing_if = "is_false")]
    pub wounded: bool,
    /// In the readied units zone (may be exhausted for a skill).
    #[serde(default, skip_serializing_if = "is_false")]
    pub readied: bool,
}

/// A dead unit on an area's graveyard, in its killer's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grave {
    /// Whose unit it was.
    pub owner: Seat,
    /// Its type.
    #[serde(rename = "type")]
    pub kind: UnitType,
    /// Who killed it (its owner, for a unit killed by its own effect).
    pub killer: Seat,
}

/// An action card in play as a rule until Cleanup, with its player's marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleCard {
    /// The card.
    pub card: CardId,
    /// Who played it.
    pub owner: Seat,
}

/// One area of the City.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaState {
    /// The marker on its control indicator.
    pub controller: Option<Marker>,
    /// Its action token track, space 1 first; `None` is an open space.
    pub track: SmallVec<[Option<PlacedToken>; 6]>,
    /// Units here.
    pub units: SmallVec<[Unit; 8]>,
    /// Dead units here, with their killers.
    pub graveyard: SmallVec<[Grave; 4]>,
    /// A combat marker lies here.
    pub combat_marker: bool,
    /// Players whose marker is on its skill track this turn.
    pub skill_used: SeatSet,
    /// Local rule cards played here.
    pub rules: Vec<RuleCard>,
    /// Who set off a Suitcase Nuke here this turn: until Cleanup no unit
    /// may enter, nobody controls it, and that player counts as having
    /// exterminated it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nuked: Option<Seat>,
}

// Copies are made per candidate action the prompts try, so these copy
// their inline lists as whole slices rather than item by item (SmallVec's
// own `clone`).
impl Clone for AreaState {
    fn clone(&self) -> Self {
        AreaState {
            controller: self.controller,
            track: SmallVec::from_slice(&self.track),
            units: SmallVec::from_slice(&self.units),
            graveyard: SmallVec::from_slice(&self.graveyard),
            combat_marker: self.combat_marker,
            skill_used: self.skill_used,
            rules: self.rules.clone(),
            nuked: self.nuked,
        }
    }
}

impl Clone for Player {
    fn clone(&self) -> Self {
        Player {
            faction: self.faction,
            energy: self.energy,
            resources: self.resources,
            ap: self.ap,
            pp: self.pp,
            hand: SmallVec::from_slice(&self.hand),
            plan_deck: SmallVec::from_slice(&self.plan_deck),
            plans_bottomed: self.plans_bottomed,
            plans: SmallVec::from_slice(&self.plans),
            scored_plans: SmallVec::from_slice(&self.scored_plans),
            target: self.target,
            captured: SmallVec::from_slice(&self.captured),
            upgrades_set_aside: SmallVec::from_slice(&self.upgrades_set_aside),
            upgrade: self.upgrade,
            reserve_units: self.reserve_units,
            reserve_tokens: self.reserve_tokens,
            spent_tokens: SmallVec::from_slice(&self.spent_tokens),
            passed: self.passed,
            fusion: self.fusion,
        }
    }
}

impl AreaState {
    /// An empty area with `spaces` token spaces.
    pub fn new(spaces: u8) -> Self {
        AreaState {
            controller: None,
            track: smallvec::smallvec![None; spaces as usize],
            units: SmallVec::new(),
            graveyard: SmallVec::new(),
            combat_marker: false,
            skill_used: SeatSet::EMPTY,
            rules: Vec::new(),
            nuked: None,
        }
    }

    /// Tokens on the track.
    pub fn tokens(&self) -> impl Iterator<Item = &PlacedToken> {
        self.track.iter().flatten()
    }

    /// How many tokens are on the track.
    pub fn token_count(&self) -> usize {
        self.tokens().count()
    }

    /// The lowest open space, if any.
    pub fn lowest_open(&self) -> Option<usize> {
        self.track.iter().position(Option::is_none)
    }

    /// Whether `seat` has units here.
    pub fn has_units_of(&self, seat: Seat) -> bool {
        self.units.iter().any(|u| u.owner == seat)
    }
}

/// A capitol token: on the turn track until collected or discarded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CapitolTokenState {
    /// On the turn track.
    OnTrack,
    /// Collected by a player.
    Collected(Seat),
    /// Discarded (nobody controlled the Capitol).
    Discarded,
}

/// One player: faction sheet, reserves, hands and score.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The faction, once chosen.
    pub faction: Option<FactionId>,
    /// Energy left this turn.
    pub energy: u8,
    /// Resource cubes.
    pub resources: u16,
    /// Area points.
    pub ap: u8,
    /// Plan points.
    pub pp: u8,
    /// Action cards in hand (owner only; the count is public).
    pub hand: SmallVec<[CardId; 8]>,
    /// Plan deck, top first (nobody knows its order).
    pub plan_deck: SmallVec<[PlanId; 8]>,
    /// How many cards at the bottom of the plan deck its owner put there,
    /// so knows (the last `plans_bottomed` of `plan_deck`, in order).
    pub plans_bottomed: u8,
    /// Plans in hand (owner only; the count is public).
    pub plans: SmallVec<[PlanId; 4]>,
    /// Plans scored: face up and finished.
    pub scored_plans: SmallVec<[PlanId; 4]>,
    /// This turn's target card, once selected.
    pub target: Option<Hidden<CardId>>,
    /// Captured markers, in the captured-marker track's order.
    pub captured: SmallVec<[Marker; 4]>,
    /// Upgrade cards set aside face down (owner only).
    pub upgrades_set_aside: SmallVec<[UpgradeId; 2]>,
    /// The claimed upgrade, face up above the faction sheet.
    pub upgrade: Option<UpgradeId>,
    /// Units in reserve, by type (public: units are).
    pub reserve_units: Tally<UnitType>,
    /// Action tokens in reserve, by kind (owner only: with the public mix,
    /// the reserve tells which face-down tokens are on the board).
    pub reserve_tokens: Tally<TokenKind>,
    /// Tokens that left the board this turn (discarded, removed by Stupor
    /// or the Suitcase Nuke), back to the reserve at Cleanup; a token
    /// removed unrevealed stays hidden.
    pub spent_tokens: SmallVec<[SpentToken; 4]>,
    /// Passed for the rest of the current step.
    pub passed: bool,
    /// Cards played with Mr. Fusion this turn (the fusion track).
    pub fusion: u8,
}

impl Player {
    /// A player before choosing a faction.
    pub fn new() -> Self {
        Player {
            faction: None,
            energy: 0,
            resources: 0,
            ap: 0,
            pp: 0,
            hand: SmallVec::new(),
            plan_deck: SmallVec::new(),
            plans_bottomed: 0,
            plans: SmallVec::new(),
            scored_plans: SmallVec::new(),
            target: None,
            captured: SmallVec::new(),
            upgrades_set_aside: SmallVec::new(),
            upgrade: None,
            reserve_units: Tally::new(),
            reserve_tokens: Tally::new(),
            spent_tokens: SmallVec::new(),
            passed: false,
            fusion: 0,
        }
    }

    /// Energy plus resources: what the player can pay.
    pub fn funds(&self) -> u32 {
        u32::from(self.energy) + u32::from(self.resources)
    }
}

impl Default for Player {
    fn default() -> Self {
        Player::new()
    }
}

/// Where the game is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Phase {
    /// SETUP, Select Factions: `chooser` picks a faction sheet (in player
    /// order from the first player).
    SelectFactions {
        /// Who picks now.
        chooser: Seat,
    },
    /// The START PHASE of `Villains::turn` is next (Reset Energy, Draw Action
    /// Cards and the plan draw run at once when it begins).
    Start,
    /// START PHASE, Select Plans: each seat in `waiting` puts one of its
    /// three plans on the bottom of its plan deck (simultaneous, secret).
    SelectPlans {
        /// Seats still to choose.
        waiting: SeatSet,
    },
    /// START PHASE, Select Targets: every seat without a target puts one
    /// action card face down as its target; the Mafia last (Inside Job).
    SelectTargets {
        /// Whose target the Mafia looked at with Inside Job, once it has.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        inside_job: Option<Seat>,
    },
    /// MAIN PHASE, Place Action Tokens: `current` places a token or passes.
    PlaceTokens {
        /// Whose turn it is.
        current: Seat,
    },
    /// MAIN PHASE, Take Actions: `current` takes an action.
    TakeActions {
        /// Whose turn it is.
        current: Seat,
        /// The token `current` has just revealed and must now activate or
        /// discard.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        revealed: Option<TokenUid>,
    },
    /// MAIN PHASE, the Combat Step: areas with a combat marker fight one
    /// round each, in area order.
    Combat {
        /// The marked area being fought (or last looked at).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<AreaId>,
    },
    /// END PHASE, the Score Plans Step: `current` scores its plans (or
    /// none), in player order.
    ScorePlans {
        /// Whose turn it is.
        current: Seat,
    },
    /// The game is over: one winner, or the players sharing a draw.
    Over {
        /// The winner, or those who share the draw.
        winners: Vec<Seat>,
    },
}

/// The whole table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Villains {
    /// Number of players (4 or 5).
    pub seats: u8,
    /// The game turn, 1 to 4.
    pub turn: u8,
    /// Where the game is.
    pub phase: Phase,
    /// Who holds the first player card.
    pub first_player: Seat,
    /// One per seat; seats are player colours, clockwise.
    pub players: SmallVec<[Player; 5]>,
    /// The City, in area order.
    pub areas: SmallVec<[AreaState; 9]>,
    /// The action deck, top first (nobody knows its order).
    pub deck: Vec<CardId>,
    /// The action discard pile, top last (public).
    pub discards: Vec<CardId>,
    /// Global rule cards in play.
    pub global_rules: Vec<RuleCard>,
    /// The capitol tokens I-IV.
    pub capitol_tokens: Vec<CapitolTokenState>,
    /// The next token board id.
    pub next_token: u16,
    /// The next unit id.
    pub next_unit: u16,
    /// The targets have been revealed (Score Targets) and stay public until
    /// Cleanup.
    #[serde(default, skip_serializing_if = "is_false")]
    pub targets_revealed: bool,
    /// The round of combat being fought, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<Battle>,
    /// Non-combat attacks being made, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacks: Option<CardAttacks>,
    /// The last attack rolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_attack: Option<AttackRecord>,
    /// Choices players owe after an effect, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub owed: Vec<Owed>,
    /// The engine version the match was set up under (`versions`).
    #[serde(default = "version_1", skip_serializing_if = "is_version_1")]
    pub engine_version: u32,
    /// Open deal offers (public), in the order made.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offers: Vec<Offer>,
    /// Not part of the table: set only on a prompt's scratch copy, to learn
    /// what an action would cost (see [`Quote`]).
    #[serde(skip)]
    pub quote: Quote,
}

/// A price quote: the prompt's way to learn what a whole action costs, and
/// whether it works, in one trial instead of one trial per possible
/// payment. The trial carries [`payment::Payment::QUOTE`] as the action's
/// payment; on a scratch copy whose quote is asking, the rules' payment
/// check (`rules::place_action_tokens::check_payment`) records the cost of
/// that payment and accepts it when the player can pay it at all, and
/// their `pay` pays it energy first: the trial is exactly the action paid
/// energy first. Other payments made inside the action (a
/// skill's own, used through a card) are checked as they stand. Copies made
/// while resolving (cards and skills resolve on a copy) share the quote.
/// It is never serialized and never makes two tables differ.
#[derive(Debug, Clone, Default)]
pub struct Quote(Option<std::sync::Arc<QuoteCell>>);

/// What a price trial learns.
#[derive(Debug)]
pub struct QuoteCell {
    /// The player's energy and resources before the trial.
    funds: (u8, u16),
    /// The cost reached, `u16::MAX` for none.
    cost: std::sync::atomic::AtomicU16,
    /// The funds had changed by the time of the payment, so the payment
    /// made then may differ from the one split before the action.
    unsure: std::sync::atomic::AtomicBool,
}

impl Quote {
    /// A quote that asks what `seat` would pay.
    pub fn asking(state: &Villains, seat: Seat) -> Quote {
        let p = &state.players[seat as usize];
        Quote(Some(std::sync::Arc::new(QuoteCell {
            funds: (p.energy, p.resources),
            cost: std::sync::atomic::AtomicU16::new(u16::MAX),
            unsure: std::sync::atomic::AtomicBool::new(false),
        })))
    }

    /// Whether this copy is a price trial.
    pub fn is_asking(&self) -> bool {
        self.0.is_some()
    }

    /// Records the cost the trial reached, with the funds then.
    pub fn record(&self, cost: u8, funds: (u8, u16)) {
        if let Some(q) = &self.0 {
            q.cost.store(u16::from(cost), std::sync::atomic::Ordering::Relaxed);
            if funds != q.funds {
                q.unsure.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        }
    }

    /// The cost recorded, if the trial reached a payment.
    pub fn cost(&self) -> Option<u8> {
        let q = self.0.as_ref()?.cost.load(std::sync::atomic::Ordering::Relaxed);
        u8::try_from(q).ok()
    }

    /// Whether the trial paid from other funds than the player had before
    /// it (then the action must be tried again with its real payment).
    pub fn unsure(&self) -> bool {
        self.0.as_ref().is_some_and(|q| q.unsure.load(std::sync::atomic::Ordering::Relaxed))
    }
}

impl PartialEq for Quote {
    fn eq(&self, _: &Quote) -> bool {
        true
    }
}

impl Eq for Quote {}

impl Villains {
    /// Seats in player order: the first player, then clockwise.
    pub fn player_order(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.seats).map(move |i| (self.first_player + i) % self.seats)
    }

    /// The seat after `seat`, clockwise.
    pub fn next_clockwise(&self, seat: Seat) -> Seat {
        (seat + 1) % self.seats
    }

    /// An area's state.
    pub fn area(&self, a: AreaId) -> &AreaState {
        &self.areas[a.index()]
    }

    /// An area's state, to change.
    pub fn area_mut(&mut self, a: AreaId) -> &mut AreaState {
        &mut self.areas[a.index()]
    }

    /// Who controls an area, if a player does.
    pub fn controller(&self, a: AreaId) -> Option<Seat> {
        match self.area(a).controller {
            Some(Marker::Player(s)) => Some(s),
            _ => None,
        }
    }

    /// The area the setup marker is on, while it is on the board.
    pub fn setup_marker(&self) -> Option<AreaId> {
        content().area_ids().find(|a| self.area(*a).controller == Some(Marker::Setup))
    }

    /// A player's faction record (after Select Factions).
    ///
    /// # Panics
    /// If the seat has not chosen a faction yet.
    pub fn faction_of(&self, seat: Seat) -> &'static crate::content::Faction {
        self.players[seat as usize].faction.expect("faction chosen").faction()
    }

    /// Seat `s` in text: a seat token with its faction as the role once
    /// chosen, read "Jean (Mafia)" by others and "you" by the seat itself
    /// (`backroom_engine::names`); never "Seat 2".
    pub fn who(&self, s: Seat) -> String {
        self.seat_ref(s).token()
    }

    /// Seat `s` as the subject of a verb: "Jean (Mafia) gains", "you gain".
    pub fn who_verb(&self, s: Seat, third: &str, second: &str) -> String {
        self.seat_ref(s).verb(third, second).token()
    }

    fn seat_ref(&self, s: Seat) -> backroom_engine::SeatRef<'static> {
        let r = backroom_engine::SeatRef::new(s);
        match self.players.get(s as usize).and_then(|p| p.faction) {
            Some(f) => r.role(f.faction().name.as_str()),
            None => r,
        }
    }

    /// Which seat, if any, plays this faction.
    pub fn seat_of(&self, f: FactionId) -> Option<Seat> {
        self.players.iter().position(|p| p.faction == Some(f)).map(|s| s as Seat)
    }

    /// Units of `seat` in play, with their areas.
    pub fn units_of(&self, seat: Seat) -> impl Iterator<Item = (AreaId, &Unit)> + '_ {
        content()
            .area_ids()
            .flat_map(move |a| self.area(a).units.iter().filter(move |u| u.owner == seat).map(move |u| (a, u)))
    }

    /// Takes a unit of `kind` from `seat`'s reserve and puts it in `area`
    /// (healthy, not readied); `None` if the reserve has none. The caller
    /// has checked costs and limits.
    pub fn put_unit(&mut self, area: AreaId, seat: Seat, kind: UnitType) -> Option<UnitUid> {
        let n = self.players[seat as usize].reserve_units.get_mut(&kind).filter(|n| **n > 0)?;
        *n -= 1;
        let uid = UnitUid(self.next_unit);
        self.next_unit += 1;
        self.area_mut(area).units.push(Unit { uid, owner: seat, kind, wounded: false, readied: false });
        Some(uid)
    }

    /// Tokens `seat` still has face down on the board.
    pub fn face_down_tokens_of(&self, seat: Seat) -> usize {
        self.areas.iter().flat_map(|a| a.tokens()).filter(|t| t.owner == seat && !t.face_up).count()
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// States stored before `engine_version` existed were version 1
/// (`crate::versions`).
fn version_1() -> u32 {
    1
}

/// Version 1 states are written as version 1 wrote them: without the field.
fn is_version_1(v: &u32) -> bool {
    *v == 1
}
