//! END PHASE after Determine Control (see [`crate::rules::determine_control`]): Collect
//! Resources, Score Targets, plan objectives (what Score Plans checks),
//! Check for Victory with its tiebreakers, Collect Upgrades, Refresh
//! Skilled Units and Cleanup.
//!
//! Plan objectives are the content's [`Requirement`]s, evaluated on the
//! table as it is at scoring time; "this turn" counts come from the
//! graveyards and skill tracks, which Cleanup clears.

use crate::content::effect::{Ongoing, Requirement, UnitType};
use crate::content::{AreaId, PlanId, content};
use crate::rules::determine_control::{counts_as, influence};
use crate::rules::standing;
use crate::state::{CapitolTokenState, Marker, Phase, RuleCard, SpentToken, Villains};
use backroom_engine::{LogEntry, Seat, SeatSet};

/// Area points that win.
pub const WIN_AP: u8 = 10;
/// Plan points that win.
pub const WIN_PP: u8 = 12;
/// Points (either track) for the level I upgrade.
pub const UPGRADE_I: u8 = 4;
/// Points (either track) for the level II upgrade.
pub const UPGRADE_II: u8 = 7;
/// Game turns.
pub const LAST_TURN: u8 = 4;

/// The Collect Resources Step: 1 per controlled area, plus what control
/// abilities add (the Bank).
pub fn collect_resources(state: &mut Villains) -> Vec<LogEntry> {
    let mut log = Vec::new();
    for seat in state.player_order().collect::<Vec<_>>() {
        let areas = content().area_ids().filter(|a| state.controller(*a) == Some(seat)).count() as u16;
        let extra: u16 = standing::rules_of(state, seat)
            .iter()
            .map(|r| match r {
                Ongoing::ExtraResources(n) => u16::from(*n),
                _ => 0,
            })
            .sum();
        if areas + extra > 0 {
            state.players[seat as usize].resources += areas + extra;
            log.push(LogEntry::public(format!(
                "{} {}.",
                state.who_verb(seat, "collects", "collect"),
                backroom_engine::plural(areas + extra, "resource", "resources")
            )));
        }
    }
    log
}

/// The Score Targets Step: every target is revealed; each gives 1 AP to
/// whoever controls its area now (nobody for the setup marker, an
/// uncontrolled area or a card without an area).
pub fn score_targets(state: &mut Villains) -> Vec<LogEntry> {
    state.targets_revealed = true;
    let mut log = Vec::new();
    for seat in state.player_order().collect::<Vec<_>>() {
        let Some(t) = &state.players[seat as usize].target else {
            continue;
        };
        let card = *t.rules_value();
        match card.target() {
            Some(a) => {
                let name = &a.area().name;
                match state.controller(a) {
                    Some(p) => {
                        state.players[p as usize].ap += 1;
                        log.push(LogEntry::public(format!(
                            "{} the target {name} ({}): {} 1 AP.",
                            state.who_verb(seat, "has", "have"),
                            card.card().name,
                            state.who_verb(p, "scores", "score")
                        )));
                    }
                    None => log.push(LogEntry::public(format!(
                        "{} the target {name} ({}): nobody scores.",
                        state.who_verb(seat, "has", "have"),
                        card.card().name
                    ))),
                }
            }
            None => log.push(LogEntry::public(format!(
                "{} a target card ({}) that names no area.",
                state.who_verb(seat, "has", "have"),
                card.card().name
            ))),
        }
    }
    log
}

/// The area of `seat`'s target, if it has one naming an area.
pub fn target_area(state: &Villains, seat: Seat) -> Option<AreaId> {
    state.players[seat as usize].target.as_ref().and_then(|t| t.rules_value().target())
}

/// Areas some opponent of `seat` chose as target.
fn enemy_target_areas(state: &Villains, seat: Seat) -> Vec<AreaId> {
    let mut v: Vec<AreaId> = (0..state.seats).filter(|o| *o != seat).filter_map(|o| target_area(state, o)).collect();
    v.sort();
    v.dedup();
    v
}

/// Enemy units `seat` killed this turn (in graveyards in its colour).
pub fn kills(state: &Villains, seat: Seat) -> usize {
    state.areas.iter().flat_map(|a| a.graveyard.iter()).filter(|g| g.killer == seat && g.owner != seat).count()
}

/// Whether `seat` has exterminated `area`: the only player with units there
/// (at least one) having killed an enemy unit there this turn.
pub fn exterminated(state: &Villains, seat: Seat, area: AreaId) -> bool {
    let a = state.area(area);
    if a.nuked == Some(seat) {
        // Suitcase Nuke: its player counts as having exterminated it.
        return true;
    }
    a.has_units_of(seat)
        && a.units.iter().all(|u| u.owner == seat)
        && a.graveyard.iter().any(|g| g.killer == seat && g.owner != seat)
}

/// Whether the area is an enemy area for `seat`: controlled by another
/// player, or held by the setup marker (which counts as an enemy marker).
fn enemy_area(state: &Villains, seat: Seat, area: AreaId) -> bool {
    match state.area(area).controller {
        Some(Marker::Player(p)) => p != seat,
        Some(Marker::Setup) => true,
        None => false,
    }
}

/// Whether `seat` meets one requirement now.
pub fn requirement_met(state: &Villains, seat: Seat, req: &Requirement) -> bool {
    let c = content();
    let units = |kind: Option<UnitType>, in_area: &dyn Fn(AreaId) -> bool| -> usize {
        c.area_ids()
            .filter(|a| in_area(*a))
            .map(|a| state.area(a).units.iter().filter(|u| u.owner == seat && kind.is_none_or(|k| u.kind == k)).count())
            .sum()
    };
    match req {
        Requirement::ControlOwnTarget => target_area(state, seat).is_some_and(|a| state.controller(a) == Some(seat)),
        Requirement::ControlEnemyTargets(n) => {
            (0..state.seats)
                .filter(|o| *o != seat && target_area(state, *o).is_some_and(|a| state.controller(a) == Some(seat)))
                .count()
                >= *n as usize
        }
        Requirement::ControlAreas(n) => {
            c.area_ids().filter(|a| state.controller(*a) == Some(seat)).count() >= *n as usize
        }
        Requirement::UnitsInPlay(n) => units(None, &|_| true) >= *n as usize,
        Requirement::InfluenceInAreas { influence: need, areas } => {
            c.area_ids().filter(|a| influence(state, seat, *a) >= u32::from(*need)).count() >= *areas as usize
        }
        Requirement::KillEnemyUnits(n) => kills(state, seat) >= *n as usize,
        Requirement::KillMostEnemyUnits => {
            let mine = kills(state, seat);
            mine > 0 && (0..state.seats).filter(|o| *o != seat).all(|o| kills(state, o) < mine)
        }
        Requirement::LoseUnits(n) => {
            state.areas.iter().flat_map(|a| a.graveyard.iter()).filter(|g| g.owner == seat).count() >= *n as usize
        }
        Requirement::PossessEnemyMarkers(n) => state.players[seat as usize].captured.len() >= *n as usize,
        Requirement::UseAreaSkills(n) => {
            state.areas.iter().filter(|a| a.skill_used.contains(seat)).count() >= *n as usize
        }
        Requirement::ExterminateAreas(n) => {
            c.area_ids().filter(|a| exterminated(state, seat, *a)).count() >= *n as usize
        }
        Requirement::ExterminateOwnTarget => target_area(state, seat).is_some_and(|a| exterminated(state, seat, a)),
        Requirement::ExterminateAnEnemyTarget => {
            enemy_target_areas(state, seat).into_iter().any(|a| exterminated(state, seat, a))
        }
        Requirement::UnitsInEnemyAreas { unit, count } => {
            units(Some(*unit), &|a| enemy_area(state, seat, a)) >= *count as usize
        }
        Requirement::UnitsAtOwnTarget { unit, count } => {
            let t = target_area(state, seat);
            units(Some(*unit), &|a| Some(a) == t) >= *count as usize
        }
        Requirement::UnitsInEnemyTargets { count, unit } => {
            let targets = enemy_target_areas(state, seat);
            units(*unit, &|a| targets.contains(&a)) >= *count as usize
        }
        Requirement::ActivatedTokensInAreas { areas, token } => {
            c.area_ids()
                .filter(|a| {
                    state.area(*a).tokens().any(|t| {
                        t.owner == seat && t.face_up && t.activated && token.is_none_or(|k| counts_as(state, t, k))
                    })
                })
                .count()
                >= *areas as usize
        }
        Requirement::Fusion(n) => state.players[seat as usize].fusion >= *n,
        Requirement::DiscardActionCards(n) => state.players[seat as usize].hand.len() >= *n as usize,
    }
}

/// Whether `seat` meets every requirement of objective `i` of `plan`.
pub fn objective_met(state: &Villains, seat: Seat, plan: PlanId, i: usize) -> bool {
    plan.plan().objectives[i].requires.iter().all(|r| requirement_met(state, seat, r))
}

/// The objectives of `plan` that `seat` may complete now: from the top
/// down to the first unmet one, or every met one in any order while it
/// controls the Church. (Discard requirements are checked one objective at
/// a time; scoring several makes the player discard for each.)
pub fn completable_objectives(state: &Villains, seat: Seat, plan: PlanId) -> Vec<usize> {
    let n = plan.plan().objectives.len();
    if standing::has(state, seat, &Ongoing::AnyOrderObjectives) {
        (0..n).filter(|i| objective_met(state, seat, plan, *i)).collect()
    } else {
        (0..n).take_while(|i| objective_met(state, seat, plan, *i)).collect()
    }
}

/// The result of Check for Victory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Victory {
    /// Nobody has won yet.
    NotYet,
    /// This seat wins.
    Winner(Seat),
    /// The tied players share a draw (no capitol token among them).
    Draw(Vec<Seat>),
}

/// The highest capitol token number `seat` holds (0 for none).
pub fn best_capitol_token(state: &Villains, seat: Seat) -> u8 {
    state
        .capitol_tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| **t == CapitolTokenState::Collected(seat))
        .map(|(i, _)| i as u8 + 1)
        .max()
        .unwrap_or(0)
}

/// Among `contenders`: the most AP+PP, then the single highest capitol
/// token; still tied without any capitol token, a draw.
fn tiebreak(state: &Villains, contenders: &[Seat]) -> Victory {
    let total = |s: &Seat| u32::from(state.players[*s as usize].ap) + u32::from(state.players[*s as usize].pp);
    let best = contenders.iter().map(total).max().unwrap_or(0);
    let top: Vec<Seat> = contenders.iter().copied().filter(|s| total(s) == best).collect();
    if top.len() == 1 {
        return Victory::Winner(top[0]);
    }
    let token = top.iter().map(|s| best_capitol_token(state, *s)).max().unwrap_or(0);
    if token == 0 {
        return Victory::Draw(top);
    }
    Victory::Winner(*top.iter().find(|s| best_capitol_token(state, **s) == token).expect("one holds it"))
}

/// The Check for Victory Step: a player with 10 AP or 12 PP wins (several:
/// the tiebreakers); after turn 4 with no such player, the final scoring
/// compares everyone the same way.
pub fn check_victory(state: &Villains) -> Victory {
    let met: Vec<Seat> = (0..state.seats)
        .filter(|s| state.players[*s as usize].ap >= WIN_AP || state.players[*s as usize].pp >= WIN_PP)
        .collect();
    match met.len() {
        1 => Victory::Winner(met[0]),
        0 if state.turn >= LAST_TURN => tiebreak(state, &(0..state.seats).collect::<Vec<_>>()),
        0 => Victory::NotYet,
        _ => tiebreak(state, &met),
    }
}

/// The Collect Upgrades Step: level I at 4 points on either track, level II
/// (replacing level I) at 7.
pub fn collect_upgrades(state: &mut Villains) -> Vec<LogEntry> {
    let mut log = Vec::new();
    for seat in state.player_order().collect::<Vec<_>>() {
        let p = &state.players[seat as usize];
        let points = p.ap.max(p.pp);
        let level = if points >= UPGRADE_II {
            2
        } else if points >= UPGRADE_I {
            1
        } else {
            0
        };
        let have = p.upgrade.map_or(0, |u| u.upgrade().level);
        if level <= have {
            continue;
        }
        let Some(f) = p.faction else { continue };
        let Some(u) = content().upgrade_of(f, level) else {
            continue;
        };
        let p = &mut state.players[seat as usize];
        p.upgrades_set_aside.retain(|x| x.upgrade().level > level);
        p.upgrade = Some(u);
        log.push(LogEntry::public(format!(
            "{} the upgrade {} (level {level}).",
            state.who_verb(seat, "claims", "claim"),
            u.upgrade().name
        )));
    }
    log
}

/// Whether a unit of `seat` of this type is skilled now (talents and skilled
/// champions; patsies while it controls the University).
pub fn skilled(state: &Villains, seat: Seat, kind: UnitType) -> bool {
    let printed = state.faction_of(seat).unit(kind).is_some_and(|u| u.skilled);
    printed || (kind == UnitType::Patsy && standing::has(state, seat, &Ongoing::PatsiesSkilled))
}

/// The Refresh Skilled Units Step: every skilled unit in play is readied.
pub fn refresh(state: &mut Villains) {
    for a in content().area_ids() {
        for i in 0..state.area(a).units.len() {
            let u = &state.area(a).units[i];
            let ready = skilled(state, u.owner, u.kind);
            if ready {
                state.area_mut(a).units[i].readied = true;
            }
        }
    }
}

/// The Cleanup Step: rule cards and targets to the discard pile; tokens
/// (on the board and spent), skill markers and graveyard units back to
/// their owners; combat markers off; wounded Mother Oozes heal; the first
/// player card passes clockwise; the next turn's Start Phase is next
/// (after Mother Ooze's free deploys, owed choices: see `abilities`).
pub fn cleanup(state: &mut Villains) -> Vec<LogEntry> {
    let seats = state.seats;
    let mut rules: Vec<RuleCard> = std::mem::take(&mut state.global_rules);
    for a in &mut state.areas {
        rules.append(&mut a.rules);
    }
    state.discards.extend(rules.iter().map(|r| r.card));
    for s in 0..seats {
        if let Some(t) = state.players[s as usize].target.take() {
            state.discards.push(*t.rules_value());
        }
    }
    for ai in 0..state.areas.len() {
        let a = &mut state.areas[ai];
        a.combat_marker = false;
        a.skill_used = SeatSet::EMPTY;
        a.nuked = None;
        let tokens: Vec<_> = a.track.iter_mut().filter_map(Option::take).collect();
        let graves = std::mem::take(&mut a.graveyard);
        for t in tokens {
            state.players[t.owner as usize].spent_tokens.push(SpentToken { kind: t.kind, revealed: t.face_up });
        }
        for g in graves {
            *state.players[g.owner as usize].reserve_units.entry_or_insert(g.kind, 0) += 1;
        }
    }
    for p in &mut state.players {
        for t in p.spent_tokens.drain(..) {
            *p.reserve_tokens.entry_or_insert(*t.kind.rules_value(), 0) += 1;
        }
        p.passed = false;
        p.fusion = 0;
    }
    let mut log = Vec::new();
    crate::rules::abilities::cleanup_heals(state, &mut log);
    state.targets_revealed = false;
    state.first_player = state.next_clockwise(state.first_player);
    state.turn += 1;
    state.phase = Phase::Start;
    log.insert(
        0,
        LogEntry::public(format!(
            "Cleanup. {} the first player card for turn {}.",
            state.who_verb(state.first_player, "takes", "take"),
            state.turn
        )),
    );
    log
}

/// Why the game ended as it did, for the outcome and the log: the track
/// reached, or the tiebreaker, and the step and turn it happened in.
pub fn victory_words(state: &Villains, winners: &[Seat]) -> String {
    let p = |s: Seat| &state.players[s as usize];
    let total = |s: Seat| u32::from(p(s).ap) + u32::from(p(s).pp);
    let when = format!("in the Check for Victory Step of turn {}", state.turn);
    let met: Vec<Seat> = (0..state.seats).filter(|s| p(*s).ap >= WIN_AP || p(*s).pp >= WIN_PP).collect();
    match winners {
        [w] if met.len() == 1 => {
            let track = if p(*w).ap >= WIN_AP {
                format!("reached {} AP ({WIN_AP} wins)", p(*w).ap)
            } else {
                format!("reached {} PP ({WIN_PP} wins)", p(*w).pp)
            };
            format!("{}: {track}, {when}.", state.who_verb(*w, "wins", "win"))
        }
        [w] => {
            let how = if met.is_empty() {
                format!("nobody reached {WIN_AP} AP or {WIN_PP} PP by turn {LAST_TURN}")
            } else {
                format!("{} reached a winning track", plural_players(met.len()))
            };
            let tied = (0..state.seats).filter(|s| total(*s) == total(*w)).count() > 1;
            let best = if tied {
                format!(
                    ", tied on {} AP and PP together, and {} the best capitol token",
                    total(*w),
                    state.who_verb(*w, "holds", "hold")
                )
            } else {
                format!(", and {} the most AP and PP together ({})", state.who_verb(*w, "has", "have"), total(*w))
            };
            format!("{} {when}: {how}{best}.", state.who_verb(*w, "wins", "win"))
        }
        ws => {
            let who: Vec<String> = ws.iter().map(|s| state.who(*s)).collect();
            format!(
                "A draw between {}: tied on {} AP and PP together with no capitol token to break the tie, {when}.",
                backroom_engine::and_list(&who),
                ws.first().map_or(0, |s| total(*s))
            )
        }
    }
}

fn plural_players(n: usize) -> String {
    if n == 1 { "1 player".into() } else { format!("{n} players") }
}
