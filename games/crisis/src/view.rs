//! What each viewer may see, built from an allow-list. Everything on the
//! battlefield is public (positions, ⚡, damage, conditions, dice, tokens);
//! the only secret is a squad committed while the other player is still
//! choosing: its owner sees it, everyone else sees only that it is in. The
//! undrawn crisis cards are never part of the state at all.

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
    /// Terrain layout id (pieces in the content).
    pub layout: String,
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
    let revealed = !matches!(g.phase, Phase::SquadBuild | Phase::ThreatChoice | Phase::EdgeChoice);
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
            .map(|t| TokenView { crisis: g.tokens[t].crisis, index: g.tokens[t].index, pos: g.token_pos(t), holder: g.tokens[t].holder, control: g.tokens[t].control })
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

/// Re-deals what `viewer` may not know: the other player's committed
/// squad while squads are secret, replaced by another legal squad.
pub fn redeal_hidden(g: &mut Crisis, viewer: Seat, rng: &mut GameRng) {
    if g.phase != Phase::SquadBuild {
        return;
    }
    let other = usize::from(1 - viewer);
    if g.squads[other].is_none() {
        return;
    }
    let ids: Vec<String> = content().characters.iter().map(|c| c.id.clone()).collect();
    for _ in 0..32 {
        let mut pick = ids.clone();
        rng.shuffle(&mut pick);
        let n = 1 + rng.index(4);
        let mut squad: Vec<String> = pick.into_iter().take(n).collect();
        squad.sort();
        let mut cards: Vec<String> = content().tactics.iter().map(|t| t.id.clone()).collect();
        rng.shuffle(&mut cards);
        let k = rng.index(4);
        let mut cards: Vec<String> = cards.into_iter().filter(|c| content().tactic(c).is_some_and(|t| t.affiliation.is_none())).take(k).collect();
        cards.sort();
        if squad_error(g, &squad).is_none() {
            g.squads[other] = Some(squad);
            g.tactics[other] = cards;
            return;
        }
    }
}
