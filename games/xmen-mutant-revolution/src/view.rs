//! What one viewer sees, built field by field from what the digest's
//! hidden-information table (§2) makes public, plus the viewer's own
//! secrets; and [`redeal`], which re-randomizes everything else for the
//! non-leak test.
//!
//! Hidden: deck orders, other hands (counts are public), the face-down
//! Recruit row, other seats' locked dials, sealed Upkeep and Hand Size
//! choices and cancel-window answers, and trade offers between two other
//! Schools.

use crate::battle::Battle;
use crate::content::{MissionId, PlotId, RecruitId};
use crate::state::phase::*;
use crate::state::{Character, XMen};
use backroom_engine::{GameRng, Seat, SeatSet, Viewer};
use serde::Serialize;

/// One School as everyone sees it.
#[derive(Debug, Clone, Serialize)]
pub struct SchoolView {
    /// The seat.
    pub seat: Seat,
    /// School id, once chosen.
    pub school: Option<String>,
    /// Hope Coins.
    pub hope: u32,
    /// Revolution Points.
    pub rp: u8,
    /// Plot Points.
    pub pp: u8,
    /// Cards in hand (the count only).
    pub hand_count: usize,
    /// Current Hand Size.
    pub hand_size: usize,
    /// Leader, Heroes and Students with their tokens.
    pub characters: Vec<Character>,
}

/// An auction as a viewer sees it.
#[derive(Debug, Clone, Serialize)]
pub struct AuctionView {
    /// Seats still bidding.
    pub bidders: SeatSet,
    /// Escrowed Hope per seat.
    pub escrow: Vec<u32>,
    /// Bidding round.
    pub round: u8,
    /// Who has locked a dial this round.
    pub committed: Vec<bool>,
    /// The viewer's own locked dial.
    pub my_dial: Option<u8>,
    /// Revealed dials of earlier rounds.
    pub revealed: Vec<SeatMap<u8>>,
}

/// The step, as a viewer sees it.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum PhaseView {
    /// Choosing Schools.
    PickSchool {
        /// Seats still to choose.
        order: Vec<Seat>,
        /// The setup roll.
        rolls: Vec<(Seat, u32)>,
    },
    /// An Upkeep stage.
    Upkeep {
        /// Stage.
        stage: UpkeepStage,
        /// Who has sealed a choice.
        committed: Vec<bool>,
        /// The viewer's sealed choice.
        mine: Option<UpkeepChoice>,
        /// The clockwise order after a Wait, and its progress.
        ordered: Option<(Vec<Seat>, usize)>,
    },
    /// Turns to act.
    Plot {
        /// Seat to act.
        current: Seat,
        /// Seats that passed.
        passed: SeatSet,
        /// Support request (amount and pledges; never a card).
        request: Option<Request>,
        /// The seat to act already asked for support this turn.
        requested: bool,
        /// The Event being resolved and Reactions against it.
        chain: Option<ChainView>,
    },
    /// Discard to Hand Size.
    HandSize {
        /// Seats that must discard.
        over: SeatSet,
        /// Who has chosen.
        committed: Vec<bool>,
        /// The viewer's choice (each card as its option names it).
        mine: Option<Vec<crate::state::HandCard>>,
    },
    /// Change Allegiance.
    Allegiance {
        /// Seats that picked up their dial.
        ready: SeatSet,
        /// Offers the viewer is party to.
        offers: Vec<Offer>,
        /// Offers the viewer made this phase.
        my_offers_made: u8,
        /// Secret Missions per seat (public: the Character is discarded face up).
        secret: Vec<u8>,
        /// A School asked to wait for ordered Secret Missions.
        wait: bool,
        /// The ordered Secret Missions sub-step, once reached.
        ordered: Option<(Vec<Seat>, usize)>,
    },
    /// Recruit and Train.
    Recruit {
        /// Face-down cards still to come (count only).
        row: usize,
        /// The card up for recruitment.
        current: RecruitId,
        /// Its auction.
        auction: AuctionView,
        /// The seat assigning a won Training Card.
        training_for: Option<Seat>,
    },
    /// Bid for Mission Commander.
    McBid {
        /// The Mission.
        mission: MissionId,
        /// The auction.
        auction: AuctionView,
    },
    /// Choose Characters.
    Invite(Invite),
    /// A Mission or tournament match (all public).
    Battle(Box<Battle>),
    /// Tournament Character choice.
    TournamentPick(Tournament),
    /// Game over.
    Over {
        /// Places.
        ranking: Vec<Vec<Seat>>,
        /// Summary.
        summary: String,
    },
}

/// The chain as a viewer sees it.
#[derive(Debug, Clone, Serialize)]
pub struct ChainView {
    /// Event and Reactions played (public).
    pub cards: Vec<Played>,
    /// Targets.
    pub targets: Vec<Seat>,
    /// Named Character.
    pub character: Option<crate::state::CharKey>,
    /// Seats offered the window.
    pub window: SeatSet,
    /// Whether the viewer has answered (its own entry only: answers stay
    /// sealed until the window closes, so that a pass, made by hand or for
    /// a player who asked the server to pass when they cannot respond, is
    /// not told from a thought-out one).
    pub answered: Vec<bool>,
    /// The viewer's own answer.
    pub mine: Option<Option<PlotId>>,
}

/// What a viewer sees.
#[derive(Debug, Clone, Serialize)]
pub struct View {
    /// Seats.
    pub seats: u8,
    /// Round.
    pub round: u32,
    /// Round limit (house; 0 = none).
    pub max_rounds: u32,
    /// Mission Commander.
    pub mc: Seat,
    /// Every School.
    pub schools: Vec<SchoolView>,
    /// The viewer's Plot hand.
    pub my_hand: Option<Vec<PlotId>>,
    /// Cards left in the Recruit, Plot and Mission Decks.
    pub decks: [usize; 3],
    /// Recruit discard pile.
    pub recruit_discard: Vec<RecruitId>,
    /// Plot discard pile.
    pub plot_discard: Vec<PlotId>,
    /// Mission discard pile (the last is this round's Mission).
    pub mission_discard: Vec<MissionId>,
    /// The Final Tournament in progress.
    pub tournament: Option<Tournament>,
    /// The step.
    pub phase: PhaseView,
    /// The most recent Bidding Dial reveal: what was auctioned, every dial,
    /// the escrow before it, and the outcome.
    pub last_reveal: Option<crate::state::Reveal>,
    /// The last few attacks of the current or last Mission or match.
    pub last_attacks: Vec<crate::battle::AttackRecord>,
    /// This round's Upkeep choices applied so far (public once applied).
    pub upkeep_revealed: Vec<crate::state::UpkeepReveal>,
    /// This round's invitation answers: `[seat, character]`, `null` for a
    /// refusal (public as given).
    pub invite_answers: Vec<(Seat, Option<crate::state::CharKey>)>,
    /// The last completed trade (public once accepted, ruling A14).
    pub last_trade: Option<crate::state::Trade>,
    /// The open Reaction window on a trigger point (gap G11), if any.
    pub window: Option<WindowView>,
}

/// A trigger Reaction window as a viewer sees it.
#[derive(Debug, Clone, Serialize)]
pub struct WindowView {
    /// The trigger id.
    pub trigger: String,
    /// The School that caused it.
    pub actor: Option<Seat>,
    /// Seats offered the window.
    pub seats: SeatSet,
    /// Whether the viewer has answered (its own entry only: answers stay
    /// sealed until the window closes, so that a pass, made by hand or for
    /// a player who asked the server to pass when they cannot respond, is
    /// not told from a thought-out one).
    pub answered: Vec<bool>,
    /// The viewer's own sealed answer.
    pub mine: Option<Option<PlotId>>,
    /// Windows queued behind this one.
    pub queued: usize,
}

fn auction_view(a: &Auction, me: Option<Seat>) -> AuctionView {
    AuctionView {
        bidders: a.bidders,
        escrow: a.escrow.clone(),
        round: a.round,
        committed: (0..a.escrow.len() as Seat).map(|s| a.dials.contains_key(&s)).collect(),
        my_dial: me.and_then(|s| a.dials.get(&s).copied()),
        revealed: a.revealed.clone(),
    }
}

/// Builds `viewer`'s view.
pub fn build(g: &XMen, viewer: Viewer) -> View {
    let me = viewer.seat().filter(|s| *s < g.seats);
    let phase = match &g.phase {
        Phase::PickSchool { order, rolls } => PhaseView::PickSchool { order: order.clone(), rolls: rolls.clone() },
        Phase::Upkeep(u) => PhaseView::Upkeep {
            stage: u.stage,
            committed: (0..g.seats).map(|s| u.commits.contains_key(&s)).collect(),
            mine: me.and_then(|s| u.commits.get(&s).cloned()),
            ordered: u.ordered.clone(),
        },
        Phase::Plot(p) => PhaseView::Plot {
            current: p.current,
            passed: p.passed,
            request: p.request.clone(),
            requested: p.requested,
            chain: p.chain.as_ref().map(|c| ChainView {
                cards: c.cards.clone(),
                targets: c.targets.clone(),
                character: c.character,
                window: c.window,
                answered: (0..g.seats).map(|s| me == Some(s) && c.answers.contains_key(&s)).collect(),
                mine: me.and_then(|s| c.answers.get(&s).copied()),
            }),
        },
        Phase::HandSize { commits, over } => PhaseView::HandSize {
            over: *over,
            committed: (0..g.seats).map(|s| commits.contains_key(&s)).collect(),
            mine: me.and_then(|s| commits.get(&s).cloned()),
        },
        Phase::Allegiance(a) => PhaseView::Allegiance {
            ready: a.ready,
            offers: a.offers.iter().filter(|o| Some(o.from) == me || Some(o.to) == me).cloned().collect(),
            my_offers_made: me.map(|s| a.made[s as usize]).unwrap_or(0),
            secret: a.secret.clone(),
            wait: a.wait,
            ordered: a.ordered.clone(),
        },
        Phase::Recruit(r) => PhaseView::Recruit {
            row: r.row.len(),
            current: r.current,
            auction: auction_view(&r.auction, me),
            training_for: r.training_for,
        },
        Phase::McBid { mission, auction } => PhaseView::McBid { mission: *mission, auction: auction_view(auction, me) },
        Phase::Invite(i) => PhaseView::Invite(i.clone()),
        Phase::Battle(b) => PhaseView::Battle(b.clone()),
        Phase::TournamentPick(t) => PhaseView::TournamentPick(t.clone()),
        Phase::Over { ranking, summary } => PhaseView::Over { ranking: ranking.clone(), summary: summary.clone() },
    };
    View {
        seats: g.seats,
        round: g.round,
        max_rounds: g.max_rounds,
        mc: g.mc,
        schools: g
            .players
            .iter()
            .enumerate()
            .map(|(s, p)| SchoolView {
                seat: s as Seat,
                school: p.school.map(|i| crate::content::content().schools[i as usize].id.clone()),
                hope: p.hope,
                rp: p.rp,
                pp: p.pp,
                hand_count: p.hand.len(),
                hand_size: p.hand_size(),
                characters: p.chars.clone(),
            })
            .collect(),
        my_hand: me.map(|s| g.players[s as usize].hand.clone()),
        decks: [g.recruit_deck.len(), g.plot_deck.len(), g.mission_deck.len()],
        recruit_discard: g.recruit_discard.clone(),
        plot_discard: g.plot_discard.clone(),
        mission_discard: g.mission_discard.clone(),
        tournament: g.tournament.clone(),
        phase,
        last_reveal: g.last_reveal.clone(),
        last_attacks: g.last_attacks.clone(),
        upkeep_revealed: g.upkeep_revealed.clone(),
        last_trade: g.last_trade.clone(),
        invite_answers: g.invite_answers.clone(),
        window: g.windows.first().map(|w| WindowView {
            trigger: w.trigger.clone(),
            actor: w.actor,
            seats: w.seats,
            answered: (0..g.seats).map(|s| me == Some(s) && w.answers.contains_key(&s)).collect(),
            mine: me.and_then(|s| w.answers.get(&s).copied()),
            queued: g.windows.len() - 1,
        }),
    }
}

/// Re-randomizes everything `viewer` may not know, keeping every count
/// and everything public.
pub fn redeal(g: &mut XMen, viewer: Seat, rng: &mut GameRng) {
    let seats = g.seats;
    // Plot Deck and the other hands.
    let mut pool: Vec<PlotId> = std::mem::take(&mut g.plot_deck);
    let mut counts = vec![0; seats as usize];
    for s in 0..seats {
        if s != viewer {
            counts[s as usize] = g.players[s as usize].hand.len();
            pool.append(&mut g.players[s as usize].hand);
        }
    }
    // Each pool is sorted before it is shuffled, so the deal depends on what
    // the viewer may know only (the search bot's determinizations rely on it).
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    for s in 0..seats {
        if s != viewer {
            let n = counts[s as usize];
            g.players[s as usize].hand = pool.drain(..n).collect();
        }
    }
    g.plot_deck = pool;
    // Recruit Deck and the face-down row.
    let mut recruit = std::mem::take(&mut g.recruit_deck);
    let row_len = match &g.phase {
        Phase::Recruit(r) => r.row.len(),
        _ => 0,
    };
    if let Phase::Recruit(r) = &mut g.phase {
        recruit.append(&mut r.row);
    }
    recruit.sort_unstable();
    rng.shuffle(&mut recruit);
    if let Phase::Recruit(r) = &mut g.phase {
        r.row = recruit.drain(..row_len).collect();
    }
    g.recruit_deck = recruit;
    g.mission_deck.sort_unstable();
    rng.shuffle(&mut g.mission_deck);
    // Sealed choices of others.
    let hands: Vec<Vec<PlotId>> = g.players.iter().map(|p| p.hand.clone()).collect();
    for w in &mut g.windows {
        let trigger = w.trigger.clone();
        for (s, a) in w.answers.iter_mut() {
            if *s != viewer {
                *a = hands[*s as usize]
                    .iter()
                    .copied()
                    .find(|c| c.card().trigger.as_deref() == Some(trigger.as_str()) && rng.index(2) == 0);
            }
        }
    }
    let hope: Vec<u32> = g.players.iter().map(|p| p.hope).collect();
    match &mut g.phase {
        Phase::Upkeep(u) => {
            for (s, c) in u.commits.iter_mut() {
                if *s != viewer {
                    *c = UpkeepChoice {
                        characters: vec![],
                        penalty: Some(if rng.index(2) == 0 { "hope" } else { "rp" }.into()),
                    };
                }
            }
        }
        Phase::Plot(p) => {
            if let Some(ch) = &mut p.chain {
                for (s, a) in ch.answers.iter_mut() {
                    if *s != viewer {
                        *a = hands[*s as usize]
                            .iter()
                            .copied()
                            .find(|c| c.card().trigger.is_some() && rng.index(2) == 0);
                    }
                }
            }
        }
        Phase::HandSize { commits, .. } => {
            for (s, c) in commits.iter_mut() {
                if *s != viewer {
                    let k = c.len();
                    *c = crate::state::HandCard::numbered(&hands[*s as usize][..k]);
                }
            }
        }
        Phase::Allegiance(a) => {
            for (s, m) in a.made.iter_mut().enumerate() {
                if s as Seat != viewer {
                    *m = rng.range(0, crate::rules::OFFERS_PER_PHASE as u32) as u8;
                }
            }
            for o in &mut a.offers {
                if o.from != viewer && o.to != viewer {
                    o.give_hope = rng.range(0, 6);
                    o.take_hope = rng.range(0, 6);
                }
            }
            for (i, p) in a.pairs.iter_mut().enumerate() {
                let (from, to) = (i / seats as usize, i % seats as usize);
                if from != viewer as usize && to != viewer as usize {
                    *p = rng.range(0, 3) as u8;
                }
            }
        }
        Phase::Recruit(Recruit { auction, .. }) | Phase::McBid { auction, .. } => {
            for (s, d) in auction.dials.iter_mut() {
                if *s != viewer {
                    let max = hope[*s as usize].saturating_sub(auction.escrow[*s as usize]).min(14);
                    *d = rng.range(0, max) as u8;
                }
            }
        }
        _ => {}
    }
}
