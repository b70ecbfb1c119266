//! What a viewer sees, built field by field from what it may know (B2 of
//! the digest): the play areas, counters, Wounds, Minions, dice, discards
//! and the decision awaited are public; a hand is shown to its owner and
//! counted for everyone else; decks are counted. A look at a hand or at
//! the next 7 cards, or a search, is shown to the seat that made it only
//! (a copy taken at that moment), and everyone sees the public notice
//! that it happened.
//!
//! [`redeal`] re-deals what a viewer may not know, for the non-leak test:
//! the opponent's hand and deck together, and the viewer's own deck order.

use crate::content::CardId;
use crate::state::{Ending, Look, Notice, Phase, Piece, Roll, Schemes, Stage, other};
use backroom_engine::{GameRng, Seat, Viewer};
use serde::Serialize;

/// One side as a viewer sees it.
#[derive(Clone, Debug, Serialize)]
pub struct SideView {
    /// "heroes" or "villain".
    pub role: &'static str,
    /// Cards left in the deck.
    pub deck: usize,
    /// Cards in hand.
    pub hand_count: usize,
    /// The hand, for its owner only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<CardId>>,
    /// The discard pile, oldest first.
    pub discard: Vec<CardId>,
}

/// A card in play with the figures a player reads off it.
#[derive(Clone, Debug, Serialize)]
pub struct PieceView {
    /// The piece.
    #[serde(flatten)]
    pub piece: Piece,
    /// Its Fight now (Units).
    pub fight: i32,
    /// Its Track bonus now (Units).
    pub track: i32,
    /// A Plot that counts as Major.
    pub major: bool,
    /// A Plot's title under its Mastermind ("World Conquest").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<&'static str>,
}

/// What one viewer sees.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// The viewer's seat.
    pub you: Option<Seat>,
    /// Turn number.
    pub turn: u32,
    /// The Heroes win at its end.
    pub turn_limit: u32,
    /// Phases where both act: the Villain first.
    pub villain_first: bool,
    /// The phase.
    pub phase: Phase,
    /// 1 to 13 on the turn track.
    pub phase_number: u8,
    /// Its rulebook name.
    pub phase_name: &'static str,
    /// Who decides now.
    pub awaiting: Option<Seat>,
    /// What is being decided.
    pub stage: Option<Stage>,
    /// Heroes, Villain.
    pub sides: Vec<SideView>,
    /// Cards in play.
    pub pieces: Vec<PieceView>,
    /// The roll being resolved, or the last one.
    pub roll: Option<Roll>,
    /// Track -1 per On the Wrong Track this turn.
    pub wrong_track: u8,
    /// What the viewer was shown last.
    pub look: Option<Look>,
    /// Public facts: the last few looks, searches and what they found.
    pub notices: Vec<Notice>,
    /// Mulligans at setup.
    pub mulligans: [u8; 2],
    /// How the game ended.
    pub ending: Option<Ending>,
}

impl View {
    /// Builds `viewer`'s view.
    pub fn build(g: &Schemes, viewer: Viewer) -> View {
        let sides = g
            .sides
            .iter()
            .enumerate()
            .map(|(i, s)| SideView {
                role: if i == 0 { "heroes" } else { "villain" },
                deck: s.deck.len(),
                hand_count: s.hand.len(),
                hand: viewer.is(i as Seat).then(|| s.hand.clone()),
                discard: s.discard.clone(),
            })
            .collect();
        let pieces = g
            .pieces
            .iter()
            .map(|p| PieceView {
                piece: p.clone(),
                fight: if p.card.card().is_unit() { g.fight(p.uid) } else { 0 },
                track: if p.card.card().is_unit() { g.track_bonus(p.uid) } else { 0 },
                major: p.kind() == crate::content::Kind::Plot && g.plot_is_major(p.uid),
                title: g.plot_title(p.uid).filter(|_| p.kind() == crate::content::Kind::Plot),
            })
            .collect();
        View {
            you: viewer.seat(),
            turn: g.turn,
            turn_limit: g.turn_limit,
            villain_first: g.villain_first,
            phase: g.phase,
            phase_number: g.phase.number(),
            phase_name: g.phase.name(),
            awaiting: g.stage.as_ref().map(Stage::seat),
            stage: g.stage.clone(),
            sides,
            pieces,
            roll: g.roll.clone(),
            wrong_track: g.wrong_track,
            look: viewer.seat().and_then(|s| g.looks[s as usize].clone()),
            notices: g.notices.clone(),
            mulligans: g.mulligans,
            ending: g.ending.clone(),
        }
    }
}

/// Re-deals everything `viewer` may not know: the opponent's hand and deck
/// shuffled together and split again at the same counts, and the viewer's
/// own deck order.
pub fn redeal(g: &mut Schemes, viewer: Seat, rng: &mut GameRng) {
    if viewer > 1 {
        return;
    }
    let them = &mut g.sides[other(viewer) as usize];
    let n = them.hand.len();
    let mut pool: Vec<CardId> = them.hand.drain(..).chain(them.deck.drain(..)).collect();
    // Sorted first, so the deal depends on what the viewer may know only.
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    them.deck = pool.split_off(n);
    them.hand = pool;
    g.sides[viewer as usize].deck.sort_unstable();
    rng.shuffle(&mut g.sides[viewer as usize].deck);
}
