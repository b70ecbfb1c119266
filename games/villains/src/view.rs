//! What one viewer sees, built by allow-list, and the non-leak test's
//! re-deal.
//!
//! The rulebook's Secrecy: a player may look at anything it placed face
//! down, and at what an ability let it look at; everything on a faction
//! sheet is public. So a viewer sees: every face-up token; its own
//! face-down tokens and those it peeked at (others as anonymous face-down
//! tokens, by board id, owner and space); its own hand, plans, reserve of
//! tokens, the plans it put on the bottom of its deck, and its upgrades set
//! aside; targets it may know (its own, Inside Job, the Police, all once
//! revealed); of everything else only counts. Spectators see what every
//! seat sees.
//!
//! [`redeal`] re-randomizes everything a seat may not know: the action
//! deck with the others' hands and unknown targets, the others' plan hands
//! with their plan decks (the bottom plans they know stay), and the others'
//! unknown tokens (reserve, face-down on the board, removed unrevealed).

use crate::content::effect::UnitType;
use crate::content::{AreaId, CardId, FactionId, PlanId, UpgradeId};
use crate::state::{CapitolTokenState, Grave, Marker, Phase, RuleCard, TokenKind, TokenUid, Unit, Villains};
use backroom_engine::{GameRng, Seat, Viewer};
use serde::Serialize;
use std::collections::BTreeMap;

/// A token on a track as the viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TokenView {
    /// Board id.
    pub uid: TokenUid,
    /// Whose.
    pub owner: Seat,
    /// Face up.
    pub face_up: bool,
    /// Activated.
    pub activated: bool,
    /// What it is, when the viewer may know.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<TokenKind>,
    /// Face down: the seats that know what it is (its owner, and whoever
    /// looked at it; who looked is seen at the table, what they saw is not).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub known_to: Vec<Seat>,
}

/// An area as the viewer sees it (all public but face-down tokens).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AreaView {
    /// The area.
    pub id: AreaId,
    /// The control indicator.
    pub controller: Option<Marker>,
    /// The action token track, space 1 first.
    pub track: Vec<Option<TokenView>>,
    /// Units here.
    pub units: Vec<Unit>,
    /// The graveyard, by killer.
    pub graveyard: Vec<Grave>,
    /// A combat marker.
    pub combat_marker: bool,
    /// Seats on the skill track.
    pub skill_used: Vec<Seat>,
    /// Local rule cards.
    pub rules: Vec<RuleCard>,
}

/// A target as the viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "state", content = "card")]
pub enum TargetView {
    /// Not selected.
    None,
    /// Face down, unknown to the viewer.
    FaceDown,
    /// Known to the viewer: the card (its area is its target).
    Known(CardId),
}

/// A token that left the board, as the viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SpentView {
    /// What it is, when the viewer may know.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<TokenKind>,
}

/// A player as the viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// Faction.
    pub faction: Option<FactionId>,
    /// Energy.
    pub energy: u8,
    /// Resources.
    pub resources: u16,
    /// Area points.
    pub ap: u8,
    /// Plan points.
    pub pp: u8,
    /// Action cards in hand.
    pub hand_count: usize,
    /// The hand (own only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<CardId>>,
    /// Plans in hand.
    pub plan_count: usize,
    /// The plans (own only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plans: Option<Vec<PlanId>>,
    /// Cards in the plan deck.
    pub plan_deck_count: usize,
    /// For each plan in hand (own only), each objective: met now, or `None`
    /// when it depends on enemy targets the player does not know.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan_progress: Option<Vec<Vec<Option<bool>>>>,
    /// The plans it put on the bottom of its deck, in order (own only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plans_bottomed: Option<Vec<PlanId>>,
    /// Scored plans.
    pub scored_plans: Vec<PlanId>,
    /// The target.
    pub target: TargetView,
    /// Captured markers.
    pub captured: Vec<Marker>,
    /// The claimed upgrade.
    pub upgrade: Option<UpgradeId>,
    /// Upgrades set aside (own only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upgrades_set_aside: Option<Vec<UpgradeId>>,
    /// Units in reserve.
    pub reserve_units: BTreeMap<UnitType, u8>,
    /// Tokens in reserve.
    pub reserve_token_count: usize,
    /// Which tokens are in reserve (own only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reserve_tokens: Option<BTreeMap<TokenKind, u8>>,
    /// Tokens that left the board this turn.
    pub spent_tokens: Vec<SpentView>,
    /// Passed.
    pub passed: bool,
    /// The fusion track.
    pub fusion: u8,
}

/// The table as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    /// Who is looking (`None`: a spectator).
    pub viewer: Option<Seat>,
    /// Players.
    pub seats: u8,
    /// The game turn.
    pub turn: u8,
    /// Where the game is (all its fields are public).
    pub phase: Phase,
    /// The first player.
    pub first_player: Seat,
    /// The City, in area order.
    pub areas: Vec<AreaView>,
    /// Players, by seat.
    pub players: Vec<PlayerView>,
    /// Cards in the action deck.
    pub deck_count: usize,
    /// The discard pile, top last.
    pub discards: Vec<CardId>,
    /// Global rule cards.
    pub global_rules: Vec<RuleCard>,
    /// Capitol tokens I-IV.
    pub capitol_tokens: Vec<CapitolTokenState>,
    /// The round of combat being fought (all public).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub battle: Option<crate::state::battle::Battle>,
    /// Non-combat attacks being made (all public).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacks: Option<crate::state::battle::CardAttacks>,
    /// The last attack rolled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_attack: Option<crate::state::battle::AttackRecord>,
    /// Choices players owe (all public).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub owed: Vec<crate::state::owed::Owed>,
    /// Open deal offers (public: deals are struck at the table).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub offers: Vec<crate::state::deals::Offer>,
}

/// Builds `viewer`'s view.
pub fn view(state: &Villains, viewer: Viewer) -> View {
    let me = viewer.seat();
    let own = |s: Seat| me == Some(s);
    let areas = crate::content::content()
        .area_ids()
        .map(|id| {
            let a = state.area(id);
            AreaView {
                id,
                controller: a.controller,
                track: a
                    .track
                    .iter()
                    .map(|t| {
                        t.as_ref().map(|t| TokenView {
                            uid: t.uid,
                            owner: t.owner,
                            face_up: t.face_up,
                            activated: t.activated,
                            known_to: if t.face_up { Vec::new() } else { t.kind.known_by().iter().collect() },
                            kind: if t.face_up {
                                Some(*t.kind.rules_value())
                            } else {
                                t.kind.for_viewer(viewer).copied()
                            },
                        })
                    })
                    .collect(),
                units: a.units.to_vec(),
                graveyard: a.graveyard.to_vec(),
                combat_marker: a.combat_marker,
                skill_used: a.skill_used.iter().collect(),
                rules: a.rules.clone(),
            }
        })
        .collect();
    let players = state
        .players
        .iter()
        .enumerate()
        .map(|(s, p)| {
            let s = s as Seat;
            let mine = own(s);
            let bottom = p.plan_deck.len().saturating_sub(p.plans_bottomed as usize);
            PlayerView {
                faction: p.faction,
                energy: p.energy,
                resources: p.resources,
                ap: p.ap,
                pp: p.pp,
                hand_count: p.hand.len(),
                hand: mine.then(|| p.hand.to_vec()),
                plan_count: p.plans.len(),
                plans: mine.then(|| p.plans.to_vec()),
                plan_deck_count: p.plan_deck.len(),
                plans_bottomed: mine.then(|| p.plan_deck[bottom..].to_vec()),
                plan_progress: mine.then(|| plan_progress(state, s)),
                scored_plans: p.scored_plans.to_vec(),
                target: match &p.target {
                    None => TargetView::None,
                    Some(t) if state.targets_revealed => TargetView::Known(*t.rules_value()),
                    Some(t) => t.for_viewer(viewer).map_or(TargetView::FaceDown, |c| TargetView::Known(*c)),
                },
                captured: p.captured.to_vec(),
                upgrade: p.upgrade,
                upgrades_set_aside: mine.then(|| p.upgrades_set_aside.to_vec()),
                reserve_units: p.reserve_units.to_map(),
                reserve_token_count: p.reserve_tokens.values().map(|n| *n as usize).sum(),
                reserve_tokens: mine.then(|| p.reserve_tokens.to_map()),
                spent_tokens: p
                    .spent_tokens
                    .iter()
                    .map(|t| SpentView {
                        kind: if t.revealed { Some(*t.kind.rules_value()) } else { t.kind.for_viewer(viewer).copied() },
                    })
                    .collect(),
                passed: p.passed,
                fusion: p.fusion,
            }
        })
        .collect();
    View {
        viewer: me,
        seats: state.seats,
        turn: state.turn,
        phase: state.phase.clone(),
        first_player: state.first_player,
        areas,
        players,
        deck_count: state.deck.len(),
        discards: state.discards.clone(),
        global_rules: state.global_rules.clone(),
        capitol_tokens: state.capitol_tokens.clone(),
        battle: state.battle.clone(),
        attacks: state.attacks.clone(),
        last_attack: state.last_attack.clone(),
        offers: state.offers.clone(),
        owed: state.owed.clone(),
    }
}

/// Re-randomizes everything `viewer` may not know (the non-leak test).
pub fn redeal(state: &mut Villains, viewer: Seat, rng: &mut GameRng) {
    redeal_cards(state, viewer, rng);
    for other in 0..state.seats {
        redeal_plans(state, other, other == viewer, rng);
        if other != viewer {
            redeal_tokens(state, viewer, other, rng);
        }
    }
}

/// The action deck, the others' hands and the targets `viewer` does not
/// know form one pool, shuffled and dealt back into the same places.
fn redeal_cards(state: &mut Villains, viewer: Seat, rng: &mut GameRng) {
    let revealed = state.targets_revealed;
    let mut pool: Vec<CardId> = state.deck.clone();
    for (s, p) in state.players.iter().enumerate() {
        if s as Seat == viewer {
            continue;
        }
        pool.extend(p.hand.iter().copied());
        if let Some(t) = &p.target
            && !revealed
            && !t.known_by().contains(viewer)
        {
            pool.push(*t.rules_value());
        }
    }
    // Each pool is sorted before it is shuffled, so the deal depends on what
    // the viewer may know only (the search bot's determinizations rely on it).
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    let mut next = pool.into_iter();
    for c in state.deck.iter_mut() {
        *c = next.next().expect("same size");
    }
    for (s, p) in state.players.iter_mut().enumerate() {
        if s as Seat == viewer {
            continue;
        }
        for c in p.hand.iter_mut() {
            *c = next.next().expect("same size");
        }
        if let Some(t) = &mut p.target
            && !revealed
            && !t.known_by().contains(viewer)
        {
            let card = next.next().expect("same size");
            t.redeal_unless_known(viewer, card);
        }
    }
}

/// A plan deck's order above the plans its owner put at the bottom (nobody
/// knows it), shuffled; for another player, together with its plan hand.
fn redeal_plans(state: &mut Villains, seat: Seat, own: bool, rng: &mut GameRng) {
    let p = &mut state.players[seat as usize];
    let free = p.plan_deck.len() - p.plans_bottomed as usize;
    let hand: &[PlanId] = if own { &[] } else { &p.plans };
    let mut pool: Vec<PlanId> = hand.iter().chain(p.plan_deck[..free].iter()).copied().collect();
    let in_hand = hand.len();
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    let (hand, deck) = pool.split_at(in_hand);
    if !own {
        p.plans = hand.iter().copied().collect();
    }
    p.plan_deck[..free].copy_from_slice(deck);
}

/// Another player's tokens `viewer` cannot see: its reserve, its face-down
/// tokens the viewer has not peeked at, and those it lost unrevealed.
fn redeal_tokens(state: &mut Villains, viewer: Seat, other: Seat, rng: &mut GameRng) {
    let mut pool: Vec<TokenKind> = Vec::new();
    for (k, n) in state.players[other as usize].reserve_tokens.iter() {
        pool.extend(std::iter::repeat_n(*k, *n as usize));
    }
    let hidden_on_board =
        |t: &crate::state::PlacedToken| t.owner == other && !t.face_up && !t.kind.known_by().contains(viewer);
    for a in &state.areas {
        pool.extend(a.tokens().filter(|t| hidden_on_board(t)).map(|t| *t.kind.rules_value()));
    }
    let hidden_spent = |t: &crate::state::SpentToken| !t.revealed && !t.kind.known_by().contains(viewer);
    pool.extend(
        state.players[other as usize].spent_tokens.iter().filter(|t| hidden_spent(t)).map(|t| *t.kind.rules_value()),
    );
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    let mut next = pool.into_iter();
    for a in &mut state.areas {
        for t in a.track.iter_mut().flatten().filter(|t| hidden_on_board(t)) {
            t.kind.redeal_unless_known(viewer, next.next().expect("same size"));
        }
    }
    for t in state.players[other as usize].spent_tokens.iter_mut().filter(|t| hidden_spent(t)) {
        t.kind.redeal_unless_known(viewer, next.next().expect("same size"));
    }
    let mut reserve = BTreeMap::new();
    for k in next {
        *reserve.entry(k).or_insert(0u8) += 1;
    }
    // Keep the kinds the faction has at zero as they were, so an empty entry
    // does not show as a difference.
    for (k, n) in state.players[other as usize].reserve_tokens.iter_mut() {
        *n = reserve.remove(k).unwrap_or(0);
    }
    state.players[other as usize].reserve_tokens.extend(reserve);
}

/// Which objectives of `seat`'s plans in hand are met now, as `seat` may
/// know it: an objective about enemy targets is unknown (`None`) while an
/// enemy's target is hidden from `seat` (Inside Job and the Police aside).
fn plan_progress(state: &Villains, seat: Seat) -> Vec<Vec<Option<bool>>> {
    use crate::content::effect::Requirement;
    let knows_targets = (0..state.seats).filter(|e| *e != seat).all(|e| {
        state.players[e as usize].target.as_ref().is_none_or(|t| state.targets_revealed || t.known_by().contains(seat))
    });
    state.players[seat as usize]
        .plans
        .iter()
        .map(|p| {
            p.plan()
                .objectives
                .iter()
                .enumerate()
                .map(|(i, o)| {
                    let blind = o.requires.iter().any(|r| {
                        matches!(
                            r,
                            Requirement::ControlEnemyTargets(_)
                                | Requirement::ExterminateAnEnemyTarget
                                | Requirement::UnitsInEnemyTargets { .. }
                        )
                    });
                    (knows_targets || !blind).then(|| crate::rules::end_phase::objective_met(state, seat, *p, i))
                })
                .collect()
        })
        .collect()
}
