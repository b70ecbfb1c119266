//! Weighing the table for the bot: what each area is worth to a player,
//! how likely it is to hold it (its influence against the best opponent's,
//! face-down tokens projected), and what its tokens, units and plans
//! promise. Only what the player may know goes in: others' face-down tokens
//! count as tokens, never as what they are.

use crate::content::effect::{Effect, Ongoing, Requirement, TokenType, UnitType};
use crate::content::{AreaId, PlanId, content};
use crate::rules::action_tokens::deploy_limit;
use crate::rules::combat;
use crate::rules::determine_control::influence;
use crate::rules::end_phase::target_area;
use crate::rules::units;
use crate::state::{CapitolTokenState, Marker, TokenKind, Villains};
use backroom_engine::{Seat, Viewer};

/// Influence an opponent's face-down token is expected to bring once
/// revealed (it may be anything: a deploy brings units, a card one).
const ENEMY_TOKEN_GUESS: f64 = 1.5;

/// What controlling `area` at the End Phase is worth to `seat`, in points
/// and near-points.
pub(super) fn worth(g: &Villains, seat: Seat, area: AreaId) -> f64 {
    let mut w = 1.0; // a resource, and a step towards "control N areas"
    if target_area(g, seat) == Some(area) {
        w += 2.5; // its target's AP, and "control your target" objectives
    }
    let p = &g.players[seat as usize];
    let spaces = g.faction_of(seat).captured_markers.len();
    match g.area(area).controller {
        Some(Marker::Player(s)) if s == seat => w += 0.5,
        Some(_) if p.captured.len() < spaces => w += 1.5, // a captured marker's AP
        _ => {}
    }
    if area == content().capitol()
        && let Some(i) = usize::from(g.turn).checked_sub(1)
        && g.capitol_tokens.get(i) == Some(&CapitolTokenState::OnTrack)
    {
        w += f64::from(content().capitol_tokens[i].ap);
    }
    w
}

/// Influence `seat`'s own face-down tokens in `area` should still bring.
pub(super) fn own_pending(g: &Villains, seat: Seat, area: AreaId) -> f64 {
    g.area(area)
        .tokens()
        .filter(|t| t.owner == seat && !t.face_up)
        .filter_map(|t| t.kind.for_viewer(Viewer::Seat(seat)))
        .map(|k| token_gain(g, seat, *k, area))
        .sum()
}

/// The margin of `seat`'s projected influence in `area` over the best
/// opponent's (the setup marker counts 1), with the controller's tie.
pub(super) fn margin(g: &Villains, seat: Seat, area: AreaId) -> f64 {
    let a = g.area(area);
    let mine = f64::from(influence(g, seat, area)) + own_pending(g, seat, area);
    let mut best: f64 = if a.controller == Some(Marker::Setup) { 1.0 } else { 0.0 };
    for o in (0..g.seats).filter(|o| *o != seat) {
        let down = a.tokens().filter(|t| t.owner == o && !t.face_up).count();
        best = best.max(f64::from(influence(g, o, area)) + ENEMY_TOKEN_GUESS * down as f64);
    }
    let tie = if a.controller == Some(Marker::Player(seat)) { 0.5 } else { -0.5 };
    mine - best + tie
}

/// How likely a margin is to hold until the End Phase.
pub(super) fn hold(m: f64) -> f64 {
    1.0 / (1.0 + (-m / 1.2).exp())
}

/// What a unit is worth to its owner: its cost, influence and dice, more
/// for a champion.
pub(super) fn unit_value(g: &Villains, seat: Seat, kind: UnitType) -> f64 {
    let Some(s) = g.faction_of(seat).unit(kind) else {
        return 0.0;
    };
    let champion = if kind == UnitType::Champion { 2.0 } else { 0.0 };
    f64::from(s.cost) + f64::from(s.influence) + 0.4 * s.attack.len() as f64 + champion
}

/// The weighed table for `seat`: held areas by their worth, points, units,
/// cards and funds, less what its face-down tokens will lack to be
/// activated.
pub(super) fn eval(g: &Villains, seat: Seat) -> f64 {
    let p = &g.players[seat as usize];
    let mut v: f64 = content().area_ids().map(|a| worth(g, seat, a) * hold(margin(g, seat, a))).sum();
    v += 3.0 * f64::from(p.ap) + 3.0 * f64::from(p.pp);
    v += g.units_of(seat).map(|(_, u)| 0.1 * unit_value(g, seat, u.kind)).sum::<f64>();
    v += 0.25 * p.hand.len() as f64 + 0.3 * f64::from(p.resources) + 0.05 * f64::from(p.energy);
    let short = f64::from(owed(g, seat)) - f64::from(p.funds());
    v -= SHORTFALL * short.max(0.0);
    v += 0.2 * g.areas.iter().filter(|a| a.skill_used.contains(seat)).count() as f64;
    v
}

/// How promising a plan looks: its points, each objective discounted by
/// how reachable its requirements look (top-down, as it is scored).
pub(super) fn plan_promise(g: &Villains, seat: Seat, plan: PlanId) -> f64 {
    let units = g.units_of(seat).count() as f64;
    let areas = content().area_ids().filter(|a| g.controller(*a) == Some(seat)).count() as f64;
    let ease = |r: &Requirement| -> f64 {
        match r {
            Requirement::UnitsInPlay(n) => ((units + 5.0) / f64::from(*n)).min(1.0),
            Requirement::ControlAreas(n) => ((areas + 1.5) / f64::from(*n)).min(1.0),
            Requirement::ControlOwnTarget => 0.6,
            Requirement::InfluenceInAreas { influence, areas } => {
                (5.0 / f64::from(*influence)).min(1.0) / f64::from(*areas)
            }
            Requirement::ActivatedTokensInAreas { areas, .. } => (4.0 / f64::from(*areas)).min(1.0),
            Requirement::PossessEnemyMarkers(n) => {
                let have = g.players[seat as usize].captured.len() as f64;
                ((have + 1.0) / f64::from(*n)).min(1.0)
            }
            Requirement::UseAreaSkills(n) => (1.5 / f64::from(*n)).min(1.0),
            Requirement::UnitsAtOwnTarget { count, .. } => (2.0 / f64::from(*count)).min(1.0),
            Requirement::DiscardActionCards(n) => (4.0 / f64::from(*n)).min(1.0),
            _ => 0.25,
        }
    };
    let mut reach = 1.0;
    let mut v = 0.0;
    for o in &plan.plan().objectives {
        reach *= o.requires.iter().map(ease).product::<f64>();
        v += f64::from(o.pp) * reach;
    }
    v
}

/// The cheapest units `seat` could deploy now, at most `n`, with their
/// influence and cost, best influence per energy first.
pub(super) fn deploy_plan(g: &Villains, seat: Seat, n: usize) -> (f64, u32) {
    let f = g.faction_of(seat);
    let mut kinds: Vec<(f64, u32, u8)> = g.players[seat as usize]
        .reserve_units
        .iter()
        .filter(|(_, c)| **c > 0)
        .filter_map(|(k, c)| {
            let s = f.unit(*k)?;
            Some((f64::from(s.influence), u32::from(s.cost), *c))
        })
        .collect();
    kinds.sort_by(|a, b| (b.0 / (b.1 as f64 + 0.5)).total_cmp(&(a.0 / (a.1 as f64 + 0.5))));
    let (mut inf, mut cost, mut left) = (0.0, 0, n);
    for (i, c, count) in kinds {
        let take = left.min(count as usize);
        inf += i * take as f64;
        cost += c * take as u32;
        left -= take;
    }
    (inf, cost)
}

/// Influence a token of `kind` should bring to `area` once activated.
pub(super) fn token_gain(g: &Villains, seat: Seat, kind: TokenKind, area: AreaId) -> f64 {
    let limit = usize::from(deploy_limit(g, seat));
    let movable = || -> f64 {
        content()
            .adjacent(area)
            .iter()
            .flat_map(|a| g.area(*a).units.iter())
            .filter(|u| u.owner == seat)
            .filter_map(|u| g.faction_of(seat).unit(u.kind))
            .map(|s| f64::from(s.influence))
            .sum()
    };
    match kind {
        TokenKind::Deploy => 1.0 + deploy_plan(g, seat, limit).0,
        TokenKind::Move => 1.0 + movable().min(4.0),
        TokenKind::Card => {
            if g.players[seat as usize].hand.is_empty() {
                0.0
            } else {
                1.0
            }
        }
        TokenKind::Battle => 0.5,
        TokenKind::Unique => {
            let u = &g.faction_of(seat).unique_token;
            if !u.activatable && u.counts_as.is_none() {
                return 0.0;
            }
            let deploys =
                u.counts_as == Some(TokenType::Deploy) || u.effects.iter().any(|e| matches!(e, Effect::ActAs(_)));
            let patsies = u.ongoing.iter().any(|o| matches!(o, Ongoing::PatsyInfluence(_)));
            if deploys {
                1.0 + deploy_plan(g, seat, limit + 1).0
            } else if patsies {
                1.0 + g.area(area).units.iter().filter(|u| u.owner == seat && u.kind == UnitType::Patsy).count() as f64
            } else {
                f64::from(u.influence.max(1))
            }
        }
    }
}

/// What activating a token of `kind` is likely to cost.
pub(super) fn token_cost(g: &Villains, seat: Seat, kind: TokenKind) -> u32 {
    let limit = usize::from(deploy_limit(g, seat));
    match kind {
        TokenKind::Deploy => deploy_plan(g, seat, limit).1,
        TokenKind::Move => 2,
        TokenKind::Card => 1,
        TokenKind::Battle => 0,
        TokenKind::Unique => {
            let u = &g.faction_of(seat).unique_token;
            if u.counts_as == Some(TokenType::Deploy) || u.effects.iter().any(|e| matches!(e, Effect::ActAs(_))) {
                deploy_plan(g, seat, limit).1
            } else {
                u32::from(u.cost) + 1
            }
        }
    }
}

/// What `seat`'s face-down tokens will cost to activate.
pub(super) fn owed(g: &Villains, seat: Seat) -> u32 {
    g.areas
        .iter()
        .flat_map(|a| a.tokens())
        .filter(|t| t.owner == seat && !t.face_up)
        .filter_map(|t| t.kind.for_viewer(Viewer::Seat(seat)))
        .map(|k| token_cost(g, seat, *k))
        .sum()
}

/// What each unit of energy or resources missing for the face-down tokens
/// costs: a token that cannot be activated is discarded, its influence lost.
const SHORTFALL: f64 = 0.6;

/// Expected hits per round of `seat`'s units in `area` (no bonuses).
pub(super) fn strength(g: &Villains, seat: Seat, area: AreaId) -> f64 {
    g.area(area)
        .units
        .iter()
        .filter(|u| u.owner == seat)
        .flat_map(|u| combat::attack_dice(g, seat, u.kind))
        .map(|d| f64::from(11u8.saturating_sub(d)) / 10.0)
        .sum()
}

/// Whether `seat` outguns each opponent in `area`.
pub(super) fn stronger(g: &Villains, seat: Seat, area: AreaId) -> bool {
    let mine = strength(g, seat, area);
    mine > 0.0 && (0..g.seats).filter(|o| *o != seat).all(|o| strength(g, o, area) < mine)
}

/// A battle here is worth starting: the bot has units that outgun every
/// opponent there, and some opponent has units to lose.
pub(super) fn battle_worth(g: &Villains, seat: Seat, area: AreaId) -> bool {
    stronger(g, seat, area) && !units::enemies_in(g, seat, area).is_empty()
}
