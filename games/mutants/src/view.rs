//! What a viewer may see, built field by field from what it may know
//! (digest A2): its own hand; every hand's count; deck counts, never
//! orders; discards, Arenas (knocked-down cards keep their identity),
//! incubators and Gene Pool tops are public, cards under the tops are
//! hidden from everyone; a freezer shows its owner everything, others the
//! cards frozen from public zones (all at the end of the game; everything
//! in Uprising). In the draft a seat sees the pack it holds and its own
//! picks only.
//!
//! [`redeal`] is the non-leak test's re-deal: it re-deals exactly what the
//! viewer may not know.

use crate::content::{CardId, content};
use crate::prompts::question;
use crate::state::{Mutants, Phase, Placed};
use backroom_engine::{GameRng, Seat, Viewer};
use serde::Serialize;

/// One Gene Pool stack: its face-up top and its size.
#[derive(Debug, Clone, Serialize)]
pub struct StackView {
    /// The face-up top.
    pub top: Option<CardId>,
    /// Cards in the stack.
    pub size: usize,
}

/// One board as the viewer sees it.
#[derive(Debug, Clone, Serialize)]
pub struct BoardView {
    /// The hand, for its owner.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<CardId>>,
    /// Cards in hand.
    pub hand_count: usize,
    /// Cards in the deck.
    pub deck_count: usize,
    /// The discard, bottom first.
    pub discard: Vec<CardId>,
    /// Left, Active, Right.
    pub arena: [Option<Placed>; 3],
    /// The incubated Mutant.
    pub incubator: Option<CardId>,
    /// The Cryo Freezer (`null`: a face-down card the viewer may not know).
    pub freezer: Vec<Option<CardId>>,
    /// The Gene Pool.
    pub pool: Vec<StackView>,
    /// Every card left in the Gene Pool, sorted, for its owner (who built
    /// it) but not their order under the tops, which nobody knows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool_cards: Option<Vec<CardId>>,
    /// Victory Points.
    pub score: i32,
    /// The Mutant leaving the Arena, while its Leave resolves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leaving: Option<CardId>,
    /// The Preconstructed list played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list: Option<String>,
}

/// The draft, as one seat sees it.
#[derive(Debug, Clone, Serialize)]
pub struct DraftView {
    /// Pick number.
    pub pick: u8,
    /// The pack this seat holds.
    pub pack: Vec<CardId>,
    /// This seat's picks so far.
    pub picks: Vec<CardId>,
    /// This seat's current commit.
    pub my_pick: Option<CardId>,
    /// Who has committed.
    pub committed: Vec<bool>,
}

/// The boss.
#[derive(Debug, Clone, Serialize)]
pub struct BossView {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Life left.
    pub life: i32,
    /// Its Special Power.
    pub special: String,
    /// Its board index (its Power marker).
    pub marker: u8,
}

/// The table as one viewer sees it.
#[derive(Debug, Clone, Serialize)]
pub struct View {
    /// The viewer's seat.
    pub you: Option<Seat>,
    /// Seats.
    pub seats: u8,
    /// Round, from 1.
    pub round: u8,
    /// Rounds in the game.
    pub rounds: u8,
    /// Where the match is.
    pub phase: &'static str,
    /// Whose turn (a board index).
    pub turn: u8,
    /// First player of the game.
    pub first: u8,
    /// The Power Track: each cell's stack of markers, bottom first.
    pub track: Vec<Vec<u8>>,
    /// Boards (the boss's last in Uprising).
    pub boards: Vec<BoardView>,
    /// Who is being asked, and what.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asking: Option<(Seat, String)>,
    /// The draft.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draft: Option<DraftView>,
    /// Seats that have built their Gene Pool (Constructed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constructed: Option<Vec<bool>>,
    /// The boss.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boss: Option<BossView>,
    /// The last answer to an ability's question (public part).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_choice: Option<(u8, String)>,
    /// The result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
}

/// Builds the view of `viewer`.
pub fn view(g: &Mutants, viewer: Viewer) -> View {
    let over = g.is_over();
    let boards = g
        .boards
        .iter()
        .enumerate()
        .map(|(s, b)| {
            let mine = viewer.is(s as u8);
            BoardView {
                hand: mine.then(|| b.hand.clone()),
                hand_count: b.hand.len(),
                deck_count: b.deck.len(),
                discard: b.discard.clone(),
                arena: b.arena,
                incubator: b.incubator,
                freezer: b.freezer.iter().map(|f| (mine || over || f.public).then_some(f.card)).collect(),
                pool: b.pool.iter().map(|st| StackView { top: st.first().copied(), size: st.len() }).collect(),
                pool_cards: mine.then(|| {
                    let mut all: Vec<CardId> = b.pool.iter().flatten().copied().collect();
                    all.sort();
                    all
                }),
                score: b.score,
                leaving: b.limbo,
                list: g.lists.get(s).cloned(),
            }
        })
        .collect();
    let draft = match (&g.draft, viewer) {
        (Some(d), Viewer::Seat(s)) => Some(DraftView {
            pick: d.pick,
            pack: d.packs[s as usize].clone(),
            picks: d.picks[s as usize].clone(),
            my_pick: d.commits[s as usize],
            committed: d.commits.iter().map(Option::is_some).collect(),
        }),
        (Some(d), Viewer::Spectator) => Some(DraftView {
            pick: d.pick,
            pack: vec![],
            picks: vec![],
            my_pick: None,
            committed: d.commits.iter().map(Option::is_some).collect(),
        }),
        _ => None,
    };
    let asking = match &g.phase {
        Phase::Play => g.stack.last().and_then(|t| t.asker().map(|s| (g.decider(s), question(g, t)))),
        _ => None,
    };
    View {
        you: viewer.seat(),
        seats: g.seats,
        round: g.round,
        rounds: g.last_round(),
        phase: match g.phase {
            Phase::Draft => "draft",
            Phase::Construct { .. } => "construct",
            Phase::Mulligan { .. } => "mulligan",
            Phase::Play => "play",
            Phase::Over => "over",
        },
        turn: g.turn,
        first: g.first,
        track: g.track.clone(),
        boards,
        asking,
        draft,
        constructed: match &g.phase {
            Phase::Construct { commits } => Some(commits.iter().map(Option::is_some).collect()),
            _ => None,
        },
        boss: g.boss.as_ref().map(|b| {
            let c = &content().bosses[b.id];
            BossView {
                id: c.id.clone(),
                name: c.name.clone(),
                life: b.life,
                special: c.special_text.clone(),
                marker: g.seats,
            }
        }),
        last_choice: g.last_choice.clone(),
        summary: g.result.as_ref().map(|r| r.summary.clone()),
    }
}

/// Re-deals everything `viewer` may not know: other seats' hands, decks,
/// hidden Gene Pool cards and face-down freezer cards (as one pool per
/// seat), the viewer's own deck order and hidden Gene Pool order, the
/// boss deck, and in the draft the other packs, the other picks and the
/// box.
pub fn redeal(g: &mut Mutants, viewer: Seat, rng: &mut GameRng) {
    let over = g.is_over();
    for s in 0..g.boards.len() {
        let b = &mut g.boards[s];
        if s == viewer as usize || g.boss.is_some() && s == g.seats as usize {
            // Each pool is sorted before it is shuffled, so the deal depends
            // on what the viewer may know only (the search bot relies on it).
            b.deck.sort_unstable();
            rng.shuffle(&mut b.deck);
            let mut under: Vec<CardId> = b.pool.iter().flat_map(|st| st.iter().skip(1).copied()).collect();
            under.sort_unstable();
            rng.shuffle(&mut under);
            let mut it = under.into_iter();
            for st in &mut b.pool {
                for x in st.iter_mut().skip(1) {
                    *x = it.next().expect("same count");
                }
            }
            continue;
        }
        let mut all: Vec<CardId> = b.hand.clone();
        all.extend(b.deck.iter().copied());
        all.extend(b.pool.iter().flat_map(|st| st.iter().skip(1).copied()));
        all.extend(b.freezer.iter().filter(|f| !f.public && !over).map(|f| f.card));
        all.sort_unstable();
        rng.shuffle(&mut all);
        let mut it = all.into_iter();
        for h in &mut b.hand {
            *h = it.next().expect("same count");
        }
        b.sort_hand();
        for d in &mut b.deck {
            *d = it.next().expect("same count");
        }
        for st in &mut b.pool {
            for x in st.iter_mut().skip(1) {
                *x = it.next().expect("same count");
            }
        }
        for f in b.freezer.iter_mut().filter(|f| !f.public && !over) {
            f.card = it.next().expect("same count");
        }
    }
    if let Some(d) = &mut g.draft {
        let v = viewer as usize;
        let mut all: Vec<CardId> = d.boxed.clone();
        for s in 0..d.packs.len() {
            if s != v {
                all.extend(d.packs[s].iter().copied());
                all.extend(d.picks[s].iter().copied());
            }
        }
        all.sort_unstable();
        rng.shuffle(&mut all);
        let mut it = all.into_iter();
        for x in &mut d.boxed {
            *x = it.next().expect("same count");
        }
        for s in 0..d.packs.len() {
            if s == v {
                continue;
            }
            for x in &mut d.packs[s] {
                *x = it.next().expect("same count");
            }
            d.packs[s].sort();
            for x in &mut d.picks[s] {
                *x = it.next().expect("same count");
            }
            if d.commits[s].is_some() {
                d.commits[s] = d.packs[s].first().copied();
            }
        }
    }
}
