//! The effect vocabulary: what cards, tokens, area abilities, champions,
//! passives and upgrades *do*, as data the engine interprets.
//!
//! Villains' texts fall into three shapes, and so does the vocabulary:
//!
//! * [`Effect`]: something that happens once, when an event card is played,
//!   a token is activated, a skill ability is used or a trigger fires
//!   (`{ "gain": { "resources": 2 } }`, `{ "attacks": { "in": "this",
//!   "count": 2, "value": 5 } }`);
//! * [`Ongoing`]: a standing rule, for as long as its source lasts: a rule
//!   card until Cleanup, a control ability while the area is controlled, an
//!   activated token until Cleanup, a passive or an upgrade for the whole game
//!   (`{ "deploy_limit": 1 }`, `"place_any_space"`);
//! * [`Trigger`]: effects that fire when something happens to their source
//!   (a champion deployed, exhausted for a skill, leaving an area...).
//!
//! Whose and where an ongoing rule applies follows from its source (the
//! card's scope, the area's controller, the token's area), never from the
//! record, so one word means the same thing wherever it stands. Words are the
//! games' own: deploy, move, battle, attack, hit, sacrifice, readied,
//! exhausted, influence, deploy limit, refund. Plan objectives have their
//! own vocabulary, [`Requirement`].

use serde::{Deserialize, Serialize};

/// Where an effect takes place or draws from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// The area of the token, card or skill that resolves the effect
    /// ("this area"); a local card's area is its card token's.
    This,
    /// Any one area, chosen by the player.
    AnyArea,
    /// Areas adjacent to this one (a move's origin, Bully's attack).
    Adjacent,
    /// Each area the player controls (Despotism).
    EachControlled,
    /// Any area where the player has a unit (Factory skill, Blackstone
    /// Encryption).
    AnyWithOwnUnit,
    /// The area of the unit chosen for the effect (Sewers skill).
    ChosenUnitsArea,
    /// The attacking unit's own area (Police skill).
    OwnArea,
}

/// "How many": a number, up to the deploy limit, or any number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Max {
    /// At most this many.
    Count(u8),
    /// A word: `deploy_limit` or `unlimited`.
    Word(MaxWord),
}

/// The words a [`Max`] may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MaxWord {
    /// Up to the player's current deploy limit.
    DeployLimit,
    /// Any number.
    Unlimited,
}

/// The four basic unit types and the champion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitType {
    /// Goon.
    Goon,
    /// Mole.
    Mole,
    /// Talent (skilled).
    Talent,
    /// Patsy.
    Patsy,
    /// The faction's champion.
    Champion,
}

impl crate::state::tally::Kind for UnitType {
    const ALL: &'static [Self] = &UnitType::ALL;
    fn index(self) -> usize {
        self as usize
    }
}

impl UnitType {
    /// All types, basic first.
    pub const ALL: [UnitType; 5] =
        [UnitType::Goon, UnitType::Mole, UnitType::Talent, UnitType::Patsy, UnitType::Champion];

    /// The rulebook's word.
    pub fn word(self) -> &'static str {
        match self {
            UnitType::Goon => "goon",
            UnitType::Mole => "mole",
            UnitType::Talent => "talent",
            UnitType::Patsy => "patsy",
            UnitType::Champion => "champion",
        }
    }

    /// Goon, mole, talent or patsy (Hitman, High Noon).
    pub fn is_basic(self) -> bool {
        self != UnitType::Champion
    }
}

/// The four basic action token types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenType {
    /// Deploy.
    Deploy,
    /// Card.
    Card,
    /// Move.
    Move,
    /// Battle.
    Battle,
}

impl TokenType {
    /// All four, in the inventory card's order.
    pub const ALL: [TokenType; 4] = [TokenType::Deploy, TokenType::Card, TokenType::Move, TokenType::Battle];

    /// The rulebook's word.
    pub fn word(self) -> &'static str {
        match self {
            TokenType::Deploy => "deploy",
            TokenType::Card => "card",
            TokenType::Move => "move",
            TokenType::Battle => "battle",
        }
    }
}

/// Who must sacrifice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// Every player, the effect's owner included (Let God Sort Them Out).
    EveryPlayer,
    /// Each opponent with units in this area (Biohazard).
    EachOpponentWithUnitsHere,
    /// One opponent with units in this area, chosen by the effect's owner
    /// (Basta).
    ChosenOpponentWithUnitsHere,
}

/// How many units a sacrifice takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum SacrificeCount {
    /// This many.
    Count(u8),
    /// A word: `areas_controlled` (one per area the sacrificing player
    /// controls).
    Word(SacrificeWord),
}

/// The words a [`SacrificeCount`] may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SacrificeWord {
    /// As many as the areas the sacrificing player controls.
    AreasControlled,
}

/// What a forbidding rule forbids ("no" beats "yes").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Forbidden {
    /// Units may not attack here (Cease Fire).
    Attacks,
    /// Units produce no influence here (Stand Down).
    UnitInfluence,
    /// Units may not leave this area (Trapped Like Rats).
    Leaving,
    /// No unit may be deployed or moved into this area (Suitcase Nuke).
    Entry,
    /// Nobody may control this area (Suitcase Nuke).
    Control,
}

/// Which unit makes a unit attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attacker {
    /// Any one of the player's units in play (Police skill).
    AnyOwnUnit,
    /// The champion whose ability this is (Bully G.O.A.T.).
    ThisUnit,
}

/// Whose units a hit may strike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HitTarget {
    /// A basic enemy unit in this area, chosen by the effect's owner
    /// (Hitman).
    BasicEnemyUnitHere,
}

/// Whose token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Owner {
    /// An opponent's (Stupor).
    Opponent,
}

/// What a peek looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PeekAt {
    /// One face-down action token anywhere on the board (University skill).
    FaceDownToken,
}

/// Which areas get combat markers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkerAreas {
    /// Every area without one (Total War).
    EveryArea,
}

/// How a deployed unit's cost is paid.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitCost {
    /// Each unit's own cost.
    #[default]
    Normal,
    /// No unit cost (surcharges such as Police Payoff still apply).
    Free,
}

/// Resources, energy or both.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Gain {
    /// Resource cubes.
    pub resources: u8,
}

/// Put units into an area.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deploy {
    /// Where the units arrive.
    pub to: Place,
    /// How many at most.
    pub max: Max,
    /// How many at least (a deploy must deploy one unless the effect is
    /// optional).
    #[serde(default = "one")]
    pub min: u8,
    /// Only these unit types (all if absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub types: Option<Vec<UnitType>>,
    /// How unit costs are paid.
    #[serde(default)]
    pub unit_cost: UnitCost,
    /// The units arrive readied (Slip in the Back).
    #[serde(default, skip_serializing_if = "is_false")]
    pub readied: bool,
    /// Outside the deploy limit.
    #[serde(default, skip_serializing_if = "is_false")]
    pub ignore_limit: bool,
    /// Must be of the same type as a unit of the player's chosen in play
    /// (Sewers skill: another unit of that type).
    #[serde(default, skip_serializing_if = "is_false")]
    pub like_chosen_unit: bool,
    /// At most once per area however often it triggers there (Mother Ooze).
    #[serde(default, skip_serializing_if = "is_false")]
    pub once_per_area: bool,
}

/// Bring units into an area from elsewhere.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveUnits {
    /// Where they may come from.
    pub from: Place,
    /// Where they go.
    pub to: Place,
    /// How many at most.
    pub max: Max,
}

/// One round of combat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Battle {
    /// Where.
    #[serde(rename = "in")]
    pub place: Place,
    /// Every unit of every player adds this to its attack rolls in this
    /// battle (Blown Cover).
    #[serde(default, skip_serializing_if = "is_zero_i8")]
    pub attack_modifier_all: i8,
    /// Fight again while anyone with units here agrees (To The Death!).
    #[serde(default, skip_serializing_if = "is_false")]
    pub repeat_while_anyone_agrees: bool,
    /// Starts only if combat can take place; otherwise nothing happens
    /// (Dr. Tyrannosaurus). Without it, the effect cannot resolve unless
    /// combat can take place.
    #[serde(default, skip_serializing_if = "is_false")]
    pub if_possible: bool,
}

/// Non-combat attacks made by a card or ability (no unit bonuses, no
/// retaliation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attacks {
    /// Where.
    #[serde(rename = "in")]
    pub place: Place,
    /// How many separate attacks (each at its own opponent).
    pub count: u8,
    /// The number each die must reach.
    pub value: u8,
}

/// An attack by one unit, with its dice and bonuses, outside combat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitAttack {
    /// Which unit attacks.
    pub attacker: Attacker,
    /// Into which area.
    pub into: Place,
}

/// Hits dealt directly.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hits {
    /// How many.
    pub count: u8,
    /// At what.
    pub on: HitTarget,
}

/// Units given up by their owners (toughness ignored).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sacrifice {
    /// Who sacrifices.
    pub who: Who,
    /// How many each.
    pub count: SacrificeCount,
}

/// Units from two players' reserves into this area (High Noon).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaceFromReserves {
    /// Units of the player's own.
    pub own: u8,
    /// Units of one chosen opponent.
    pub one_opponent: u8,
    /// All of one basic type.
    #[serde(default, skip_serializing_if = "is_false")]
    pub same_basic_type: bool,
}

/// Use an area's skill ability without exhausting units.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UseSkill {
    /// Which areas qualify.
    #[serde(rename = "in")]
    pub place: Place,
    /// Whether a readied unit is needed there.
    pub needs_readied_unit: bool,
}

/// Play action cards from hand, one at a time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayCards {
    /// How many at most (at least one is always played).
    pub max: Max,
    /// Count them on the fusion track (Mr. Fusion).
    #[serde(default, skip_serializing_if = "is_false")]
    pub fusion_track: bool,
}

/// Reveal the action deck's top card to all (Laboratory skill).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RevealTopCard {
    /// The player may play it free as if from a card token in this area
    /// (an area id), or else takes it into hand.
    pub play_free_in: String,
}

/// Remove a face-down token unrevealed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoveToken {
    /// Whose token.
    pub owner: Owner,
}

/// Cancel a hit by paying.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CancelHit {
    /// What cancelling one hit costs.
    pub cost: u8,
}

/// Nothing to say: an effect word without parameters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nil {}

/// Something that happens once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// Gain resources.
    Gain(Gain),
    /// Draw this many action cards.
    Draw(u8),
    /// Deploy units.
    Deploy(Deploy),
    /// Move units.
    MoveUnits(MoveUnits),
    /// Start a round of combat.
    Battle(Battle),
    /// Make non-combat attacks.
    Attacks(Attacks),
    /// One unit makes an attack.
    UnitAttack(UnitAttack),
    /// Deal hits.
    Hits(Hits),
    /// Players sacrifice units.
    Sacrifice(Sacrifice),
    /// The player may sacrifice one of their units here; if they do, the
    /// listed effects follow (Suitcase Nuke).
    MaySacrificeOwnUnit {
        /// What follows the sacrifice.
        then: Vec<Effect>,
    },
    /// The area's controller loses control; no marker is captured.
    LoseControl(Nil),
    /// Every action token in this area leaves the board.
    RemoveAllTokens(Nil),
    /// Every unit in this area is killed, credited to the effect's owner.
    KillAllUnits(Nil),
    /// These things are forbidden in this area until Cleanup.
    ForbidUntilCleanup(Vec<Forbidden>),
    /// The effect's owner counts as having exterminated this area.
    CountAsExterminated(Nil),
    /// Every unit in every graveyard returns where it died.
    ReviveGraveyards(Nil),
    /// Each opponent pays this much if able.
    OpponentsPay(u8),
    /// Each opponent discards this many action cards of their choice.
    OpponentsDiscard(u8),
    /// Put combat markers in areas.
    CombatMarkers(MarkerAreas),
    /// Units from reserves into this area.
    PlaceFromReserves(PlaceFromReserves),
    /// Remove a face-down token here without revealing it.
    RemoveFaceDownToken(RemoveToken),
    /// Use an area's skill ability.
    UseSkill(UseSkill),
    /// Play action cards.
    PlayCards(PlayCards),
    /// Choose which basic token type this token acts as (Wild).
    ActAs(Vec<TokenType>),
    /// Exchange two action tokens in one area (Capitol skill).
    SwapTokens(Nil),
    /// Secretly look at something hidden.
    Peek(PeekAt),
    /// Reveal the action deck's top card.
    RevealTopCard(RevealTopCard),
    /// Turn one of the player's tokens activated this turn face down.
    FlipTokenDown(Nil),
    /// Ready this unit.
    Ready(Nil),
    /// Heal this unit if wounded.
    Heal(Nil),
    /// Cancel a hit assigned to a unit.
    CancelHit(CancelHit),
}

/// A standing rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ongoing {
    /// The deploy limit is this much higher.
    DeployLimit(i8),
    /// The base deploy limit (2) becomes this.
    BaseDeployLimit(u8),
    /// The player's units add this to their attack rolls.
    AttackModifier(i8),
    /// Attack rolls against the player's units add this (negative).
    DefenceModifier(i8),
    /// The player's units roll this many extra dice.
    BonusDice(u8),
    /// The player has this much more influence here.
    Influence(i8),
    /// Each of the player's activated tokens of this type here gives more
    /// influence.
    InfluencePerToken {
        /// Token type.
        token: TokenType,
        /// Influence each.
        influence: u8,
    },
    /// Each of the player's patsies here produces this influence (Rise Up).
    PatsyInfluence(u8),
    /// The player has this influence per enemy unit in their graveyard
    /// space of the area (Death Cult).
    InfluencePerKillHere(u8),
    /// Each enemy unit deployed or moved in here costs this much more.
    EntrySurcharge(u8),
    /// Forbids something here.
    Forbid(Forbidden),
    /// Draw this many more action cards in the Draw Action Cards step.
    CardDraw(u8),
    /// Draw this many action cards instead of 3.
    BaseCardDraw(u8),
    /// Collect this many more resources in the Collect Resources step.
    ExtraResources(u8),
    /// Gain this many resources at the start of each turn.
    ResourcesPerTurn(u8),
    /// Place action tokens in any open space.
    PlaceAnySpace,
    /// Complete plan objectives in any order.
    AnyOrderObjectives,
    /// The player's patsies are skilled.
    PatsiesSkilled,
    /// Look at each enemy target once both are chosen.
    SeeEnemyTargets,
    /// Collect this turn's capitol token in Determine Control.
    CollectCapitolToken,
    /// Choose the target after every other player (Inside Job).
    TargetsLast,
    /// Look at enemy targets before choosing one's own.
    PeekEnemyTargets {
        /// How many.
        count: u8,
        /// All of them while controlling this area (an area id).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        all_if_controls: Option<String>,
    },
    /// Each deploy token may deploy this many extra patsies beyond the limit.
    ExtraPatsiesPerDeploy(u8),
    /// Move tokens cost this to activate.
    MoveTokenCost(u8),
    /// Moves may come from any area.
    MoveIgnoresAdjacency,
    /// The player's patsies attack with these dice.
    PatsyAttack(Vec<u8>),
    /// Opponents pay this much more to activate each token they reveal here.
    ActivationTax(u8),
    /// Immune to enemy cards with the "Powerless against Kau" icon, with the
    /// units accompanying him.
    ImmuneToPowerlessAgainstKau,
}

/// When a trigger fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum When {
    /// This champion is deployed (not moved).
    Deployed,
    /// The player's champion is deployed (upgrades).
    ChampionDeployed,
    /// A skill ability was paid by exhausting this champion (after it
    /// resolves).
    ExhaustedForSkill,
    /// This unit leaves its area (moved, or redeployed elsewhere).
    LeavesArea,
    /// The Cleanup step.
    Cleanup,
    /// Each of this unit's attack dice that hits.
    DieHits,
    /// A hit is assigned to one of the player's units in this unit's area.
    HitAssignedHere,
    /// After each combat round in this token's area in which a unit of its
    /// owner was killed.
    CombatHereWithOwnLosses,
}

impl When {
    /// Whether a champion's record may carry this trigger.
    pub fn on_champion(self) -> bool {
        matches!(
            self,
            When::Deployed
                | When::ExhaustedForSkill
                | When::LeavesArea
                | When::Cleanup
                | When::DieHits
                | When::HitAssignedHere
        )
    }

    /// Whether an activated token may carry this trigger.
    pub fn on_token(self) -> bool {
        self == When::CombatHereWithOwnLosses
    }

    /// Whether a faction-wide record (passive, upgrade) may carry it.
    pub fn on_faction(self) -> bool {
        self == When::ChampionDeployed
    }
}

/// Effects that fire when something happens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trigger {
    /// When.
    pub when: When,
    /// The player may decline.
    #[serde(default, skip_serializing_if = "is_false")]
    pub optional: bool,
    /// What happens.
    pub effects: Vec<Effect>,
}

/// One requirement of a plan objective (all of an objective's are needed).
/// Counts are minimums; "this turn" counts are cleared at Cleanup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Requirement {
    /// Control the area of the target you chose.
    ControlOwnTarget,
    /// Control the areas of this many opponents' targets.
    ControlEnemyTargets(u8),
    /// Control this many areas.
    ControlAreas(u8),
    /// This many of your units in play.
    UnitsInPlay(u8),
    /// At least `influence` in at least `areas` areas.
    InfluenceInAreas {
        /// Influence needed in each.
        influence: u8,
        /// How many areas.
        areas: u8,
    },
    /// Killed this many enemy units this turn.
    KillEnemyUnits(u8),
    /// Killed more enemy units this turn than anyone else.
    KillMostEnemyUnits,
    /// Lost this many units this turn (any killer, yourself included).
    LoseUnits(u8),
    /// Possess this many captured enemy markers.
    PossessEnemyMarkers(u8),
    /// Used the skill abilities of this many different areas this turn.
    UseAreaSkills(u8),
    /// Exterminated this many areas this turn.
    ExterminateAreas(u8),
    /// Exterminated the area of your own target.
    ExterminateOwnTarget,
    /// Exterminated an area an opponent chose as target.
    ExterminateAnEnemyTarget,
    /// This many units of a type in areas an opponent controls.
    UnitsInEnemyAreas {
        /// Unit type.
        unit: UnitType,
        /// How many.
        count: u8,
    },
    /// This many units of a type in your own target's area.
    UnitsAtOwnTarget {
        /// Unit type.
        unit: UnitType,
        /// How many.
        count: u8,
    },
    /// This many units (of a type, if given) in areas opponents chose as
    /// targets.
    UnitsInEnemyTargets {
        /// How many.
        count: u8,
        /// Unit type, if the objective names one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<UnitType>,
    },
    /// Activated tokens (of a type, if given) in this many areas.
    ActivatedTokensInAreas {
        /// How many areas.
        areas: u8,
        /// Token type, if the objective names one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<TokenType>,
    },
    /// The fusion track (cards played with Mr. Fusion this turn) reached
    /// this.
    Fusion(u8),
    /// Discard this many action cards as part of scoring.
    DiscardActionCards(u8),
}

fn one() -> u8 {
    1
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero_i8(n: &i8) -> bool {
    *n == 0
}

impl Effect {
    /// Calls `f` with every place this effect names and its field path below
    /// the effect (for validation).
    pub(crate) fn places(&self, f: &mut dyn FnMut(&str, Place)) {
        match self {
            Effect::Deploy(d) => f("deploy.to", d.to),
            Effect::MoveUnits(m) => {
                f("move_units.from", m.from);
                f("move_units.to", m.to);
            }
            Effect::Battle(b) => f("battle.in", b.place),
            Effect::Attacks(a) => f("attacks.in", a.place),
            Effect::UnitAttack(u) => f("unit_attack.into", u.into),
            Effect::UseSkill(u) => f("use_skill.in", u.place),
            Effect::MaySacrificeOwnUnit { then } => {
                for (i, e) in then.iter().enumerate() {
                    e.places(&mut |p, pl| f(&format!("may_sacrifice_own_unit.then[{i}].{p}"), pl));
                }
            }
            _ => {}
        }
    }

    /// Whether this effect only makes sense in an area (it names "this" or
    /// acts on "this area" by nature).
    pub(crate) fn needs_area(&self) -> bool {
        let mut here = false;
        self.places(&mut |_, p| here |= p == Place::This);
        here || matches!(
            self,
            Effect::MaySacrificeOwnUnit { .. }
                | Effect::LoseControl(_)
                | Effect::RemoveAllTokens(_)
                | Effect::KillAllUnits(_)
                | Effect::ForbidUntilCleanup(_)
                | Effect::CountAsExterminated(_)
                | Effect::PlaceFromReserves(_)
                | Effect::RemoveFaceDownToken(_)
                | Effect::Hits(_)
        )
    }
}
