//! What each viewer may see, built from an allow-list. Everything on the
//! battlefield is public (positions, ⚡, damage, conditions, dice, tokens,
//! the terrain layout and who has confirmed it); the secrets are a roster
//! (unless the match has open rosters) and a squad with its Team Tactic
//! cards while the other player is still choosing: its owner sees it,
//! everyone else sees only that it is in. A roster stays secret all match
//! (so do the Team Tactic cards left out of the squad); a squad and its
//! cards are revealed together once both are in. The undrawn crisis cards
//! are never part of the state at all.

use crate::content::{Condition, content};
use crate::geometry::Pt;
use crate::rules::setup::squad_error;
use crate::state::{Activation, AttackRecord, Crisis, Phase};
use backroom_engine::{GameRng, Seat, Viewer};
use serde::Serialize;

/// A character as everyone sees it.
#[derive(Clone, Debug, Serialize)]
pub struct ModelView {
    /// Stat card id.
    pub card: String,
    /// Player.
    pub owner: Seat,
    /// Deployed yet.
    pub deployed: bool,
    /// Base centre.
    pub pos: Pt,
    /// Base radius in inches.
    pub radius: f64,
    /// Injured side up.
    pub injured: bool,
    /// Dazed.
    pub dazed: bool,
    /// Knocked out.
    pub ko: bool,
    /// Damage.
    pub damage: u8,
    /// Stamina on the side up.
    pub stamina: u8,
    /// Power.
    pub power: u8,
    /// Conditions.
    pub conditions: Vec<Condition>,
    /// Activated token.
    pub activated: bool,
}

/// A token as everyone sees it.
#[derive(Clone, Debug, Serialize)]
pub struct TokenView {
    /// Crisis card 0 or 1.
    pub crisis: usize,
    /// Index on the card.
    pub index: usize,
    /// Where it is now.
    pub pos: Pt,
    /// Holder model.
    pub holder: Option<usize>,
    /// Controlling player.
    pub control: Option<Seat>,
}

/// One player's squad as the viewer may know it.
#[derive(Clone, Debug, Serialize)]
pub struct SquadView {
    /// Committed yet.
    pub committed: bool,
    /// The characters: the viewer's own commit, or anyone's once revealed.
    pub characters: Option<Vec<String>>,
    /// The Team Tactic cards, the same way (then the hand in play).
    pub tactics: Option<Vec<String>>,
}

/// One player's roster as the viewer may know it.
#[derive(Clone, Debug, Serialize)]
pub struct RosterView {
    /// Committed yet.
    pub committed: bool,
    /// The characters: the viewer's own, or anyone's with open rosters.
    pub characters: Option<Vec<String>>,
    /// The Team Tactic cards, the same way.
    pub tactics: Option<Vec<String>>,
}

/// What one viewer sees.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// The viewer's seat.
    pub you: Option<Seat>,
    /// Where the match is.
    pub phase: Phase,
    /// Round.
    pub round: u8,
    /// Priority player.
    pub priority: Seat,
    /// Victory points.
    pub vp: [u8; 2],
    /// The crisis cards in play (ids).
    pub crises: [String; 2],
    /// Maximum Threat (0 until chosen).
    pub max_threat: u8,
    /// The crisis card whose Maximum Threat applies.
    pub threat_card: Option<usize>,
    /// Terrain layout id (a content set, or `generated`).
    pub layout: String,
    /// The terrain pieces on the battlefield.
    pub terrain: Vec<crate::content::cards::TerrainPiece>,
    /// Layout changes made (engine version 2; the last allowed one stands).
    pub layout_changes: u8,
    /// Who has confirmed the layout.
    pub layout_confirmed: [bool; 2],
    /// Rosters (engine version 2).
    pub rosters: [RosterView; 2],
    /// The player who drew each crisis card.
    pub crisis_owner: Option<[Seat; 2]>,
    /// Tokens still to be placed in mission setup, in order.
    pub to_place: Vec<usize>,
    /// Each seat's edge, once chosen.
    pub edges: Option<[crate::state::Edge; 2]>,
    /// Squads.
    pub squads: [SquadView; 2],
    /// Characters.
    pub models: Vec<ModelView>,
    /// Tokens.
    pub tokens: Vec<TokenView>,
    /// Whose turn.
    pub turn: Seat,
    /// The activation under way.
    pub activation: Option<Activation>,
    /// The last attack.
    pub last_attack: Option<AttackRecord>,
    /// Team Tactic cards played.
    pub discards: Vec<String>,
    /// An attack waiting on the defender's reactions.
    pub pending_attack: Option<crate::state::PendingAttack>,
    /// Reactions waiting on a player (Overwatch, Evasive Roll, Last Stand).
    pub reactions: Vec<crate::state::Reaction>,
    /// Terrain pieces destroyed (indices in the layout).
    pub destroyed: Vec<usize>,
    /// Extra defense dice for each seat's contesting characters until
    /// Cleanup (Hold Together).
    pub contest_defense: [u8; 2],
    /// Each seat's chosen leader, when several qualified.
    pub leaders: [Option<usize>; 2],
    /// The last piece of terrain thrown and the direction, in degrees.
    pub last_throw: Option<(usize, f64)>,
    /// Result once over: the winner, or none for a draw.
    pub result: Option<Option<Seat>>,
}

/// Builds `viewer`'s view.
pub fn view(g: &Crisis, viewer: Viewer) -> View {
    let geo = g.geo();
    let revealed = !matches!(
        g.phase,
        Phase::Rosters
            | Phase::Battlefield
            | Phase::DeckChoice
            | Phase::ThreatChoice
            | Phase::EdgeChoice
            | Phase::MissionSetup
            | Phase::SquadBuild
    );
    let roster = |s: Seat| {
        let r = g.rosters[usize::from(s)].as_ref();
        let see = crate::rules::rosters::visible(g, s, viewer);
        RosterView {
            committed: r.is_some(),
            characters: r.filter(|_| see).map(|r| r.characters.clone()),
            tactics: r.filter(|_| see).map(|r| r.tactics.clone()),
        }
    };
    let squad = |s: Seat| SquadView {
        committed: g.squads[usize::from(s)].is_some(),
        characters: if revealed || viewer.is(s) { g.squads[usize::from(s)].clone() } else { None },
        tactics: if revealed || viewer.is(s) { Some(g.tactics[usize::from(s)].clone()) } else { None },
    };
    View {
        you: viewer.seat(),
        phase: g.phase,
        round: g.round,
        priority: g.priority,
        vp: g.vp,
        crises: g.crises.clone(),
        max_threat: g.max_threat,
        threat_card: g.threat_card,
        layout: g.layout.clone(),
        terrain: g.terrain_spec(),
        layout_changes: g.layout_changes,
        layout_confirmed: g.layout_confirmed,
        rosters: [roster(0), roster(1)],
        crisis_owner: g.crisis_owner,
        to_place: g.to_place.clone(),
        edges: g.edges,
        squads: [squad(0), squad(1)],
        models: g
            .models
            .iter()
            .map(|m| ModelView {
                card: m.card.clone(),
                owner: m.owner,
                deployed: m.deployed,
                pos: m.pos,
                radius: m.disc(geo).r,
                injured: m.injured,
                dazed: m.dazed,
                ko: m.ko,
                damage: m.damage,
                stamina: m.stamina(),
                power: m.power,
                conditions: m.conditions.clone(),
                activated: m.activated,
            })
            .collect(),
        tokens: (0..g.tokens.len())
            .map(|t| TokenView {
                crisis: g.tokens[t].crisis,
                index: g.tokens[t].index,
                pos: g.token_pos(t),
                holder: g.tokens[t].holder,
                control: g.tokens[t].control,
            })
            .collect(),
        turn: g.turn,
        activation: g.activation.clone(),
        last_attack: g.last_attack.clone(),
        discards: g.discards.clone(),
        pending_attack: g.pending_attack.clone(),
        reactions: g.reactions.clone(),
        destroyed: g.destroyed.clone(),
        last_throw: g.last_throw,
        leaders: g.leaders,
        contest_defense: g.contest_defense,
        result: g.result,
    }
}

/// Re-deals what `viewer` may not know: the other player's roster
/// (unless rosters are open), keeping what has been revealed from it (its
/// squad, its hand and the cards it may have played), and its committed
/// squad while squads are secret, replaced by another legal one from the
/// re-dealt roster.
pub fn redeal_hidden(g: &mut Crisis, viewer: Seat, rng: &mut GameRng) {
    let other = usize::from(1 - viewer);
    if !g.options.open_rosters && g.rosters[other].is_some() {
        let revealed = !g.models.is_empty();
        let mut chars: Vec<String> = if revealed {
            g.models.iter().filter(|m| usize::from(m.owner) == other).map(|m| m.card.clone()).collect()
        } else {
            Vec::new()
        };
        let mut cards: Vec<String> = if revealed {
            // Its hand and the discards the viewer did not play (the
            // viewer knows its own roster), never the real roster: the
            // re-deal depends on what the viewer may know only.
            let own = g.rosters[usize::from(viewer)].as_ref().map(|r| r.tactics.clone()).unwrap_or_default();
            g.tactics[other].iter().chain(g.discards.iter().filter(|d| !own.contains(d))).cloned().collect()
        } else {
            Vec::new()
        };
        let mut pool: Vec<String> =
            content().characters.iter().map(|c| c.id.clone()).filter(|c| !chars.contains(c)).collect();
        rng.shuffle(&mut pool);
        chars.extend(pool.into_iter().take(crate::rules::rosters::ROSTER_CHARACTERS.saturating_sub(chars.len())));
        let mut pool: Vec<String> =
            content().tactics.iter().map(|t| t.id.clone()).filter(|t| !cards.contains(t)).collect();
        rng.shuffle(&mut pool);
        cards.extend(pool.into_iter().take(crate::rules::rosters::ROSTER_TACTICS.saturating_sub(cards.len())));
        chars.sort();
        cards.sort();
        cards.dedup();
        g.rosters[other] = Some(crate::state::Roster { characters: chars, tactics: cards });
    }
    if g.phase != Phase::SquadBuild || g.squads[other].is_none() {
        return;
    }
    let (ids, all_cards): (Vec<String>, Vec<String>) = match &g.rosters[other] {
        Some(r) => (r.characters.clone(), r.tactics.clone()),
        None => (
            content().characters.iter().map(|c| c.id.clone()).collect(),
            content().tactics.iter().map(|t| t.id.clone()).collect(),
        ),
    };
    for _ in 0..32 {
        let mut pick = ids.clone();
        rng.shuffle(&mut pick);
        let n = 1 + rng.index(4);
        let mut squad: Vec<String> = pick.into_iter().take(n).collect();
        squad.sort();
        let mut cards = all_cards.clone();
        rng.shuffle(&mut cards);
        let k = rng.index(4);
        let mut cards: Vec<String> = cards
            .into_iter()
            .filter(|c| content().tactic(c).is_some_and(|t| t.affiliation.is_none()))
            .take(k)
            .collect();
        cards.sort();
        if squad_error(g, &squad).is_none() {
            g.squads[other] = Some(squad);
            g.tactics[other] = cards;
            return;
        }
    }
}
