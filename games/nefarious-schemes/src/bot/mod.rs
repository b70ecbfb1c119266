//! A heuristic player: it sends Minions where the Assassin odds are good,
//! tracks the Mastermind closest to completing a Major Plot with its best
//! trackers first, plays an Event only where it turns a roll onto a better
//! row, attacks only where the Combat or Showdown odds favour the Hero,
//! and otherwise plays out its hand (Characters first, gear on the best
//! Unit, Plots spread over the Masterminds, all of them on the Martians).
//! Whatever it has no opinion on falls back to random legal play.

mod evaluate;

pub use evaluate::{FEATURES, NAMES, evaluate, features};

use crate::action::Action;
use crate::content::{CardId, Effect, Kind, RollKind};
use crate::state::{Schemes, Stage, Uid, VILLAIN};
use backroom_engine::{GameRng, Seat};

/// How good a table row is for the seat that rolled.
fn row_value(effect: Effect, total: i32) -> i32 {
    use Effect as E;
    match effect {
        E::Nothing | E::ReturnMinion => 0,
        E::OpponentDiscards | E::InventionMarker => 2,
        E::LookNextSeven { .. } | E::LookOpponentHand => 1,
        E::GainControl => 5,
        E::Search { .. } | E::Heal | E::WoundTarget | E::Foiled | E::GainMinions { .. } | E::DrawOrPlotCounter => 3,
        E::Draw { cards } => 2 * i32::from(cards),
        E::LabExplosion | E::SpyCaught | E::WoundRoller => -3,
        E::Interrogated => -1,
        E::KillTarget | E::Thwarted => 6,
        E::KillRoller => -6,
        E::WrongTrack => -2,
        E::AttackAgain => 2,
        E::DrawRoll => total.max(0),
    }
}

/// Chance that 2D6 + `m` reaches `at` or more.
fn p2d6_at_least(m: i32, at: i32) -> f64 {
    let mut n = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            if a + b + m >= at {
                n += 1;
            }
        }
    }
    f64::from(n) / 36.0
}

/// Chance that 1D6 + `m` reaches `at` or more.
fn p1d6_at_least(m: i32, at: i32) -> f64 {
    f64::from((1..=6).filter(|d| d + m >= at).count() as u32) / 6.0
}

fn best_by<T: Copy>(items: &[T], key: impl Fn(T) -> i32) -> Option<T> {
    items.iter().copied().max_by_key(|x| key(*x))
}

/// The heuristic's choice, or `None` to fall back to random play.
pub fn bot_action(g: &Schemes, seat: Seat, _rng: &mut GameRng) -> Option<Action> {
    let stage = g.stage.as_ref()?;
    if stage.seat() != seat {
        return None;
    }
    let hand = &g.sides[seat as usize].hand;
    Some(match stage {
        Stage::Window { intercept, .. } => window(g, seat, *intercept),
        Stage::Doctor { .. } => {
            let n = g.with_skill(seat, crate::content::Skill::Doctor).len();
            let mut w = g.wounded(seat);
            w.sort_by_key(|u| -g.fight(*u));
            w.truncate(n);
            Action::Heal { units: w }
        }
        Stage::Discard { .. } => {
            let rank = |c: &CardId| match c.card().kind {
                Kind::Vehicle | Kind::Weapon | Kind::Location => 0,
                Kind::Event => 1,
                Kind::Character => 2,
                Kind::Plot => 3,
                Kind::Mastermind => 4,
            };
            Action::Discard { card: *hand.iter().min_by_key(|c| rank(c))? }
        }
        Stage::ChooseDeck { .. } => Action::LookAt { deck: crate::state::other(seat) },
        Stage::Lure { .. } => {
            Action::Lure { target: best_by(&g.lure_targets(seat), |u| g.fight(u) + g.track_bonus(u))? }
        }
        Stage::Search { find, .. } => {
            let c =
                best_by(&g.search_candidates(seat, *find), |c| i32::from(c.card().fight) + i32::from(c.card().track))?;
            match find {
                crate::content::Find::Character => Action::Take { card: c, onto: None },
                crate::content::Find::Gear => {
                    Action::Take { card: c, onto: best_unit(g, seat, &g.holders(seat, c.card().kind)) }
                }
            }
        }
        Stage::Build { .. } => Action::Build { unit: best_unit(g, seat, &g.units(seat))? },
        Stage::Harm { unit, .. } => {
            let p = g.piece(*unit)?;
            let dies = if p.kind() == Kind::Mastermind { 3 } else { 2 };
            match g.gear_of(*unit).first() {
                Some(gear) if p.wounds + 1 >= dies => Action::DropGear { gear: *gear },
                _ => Action::Wound,
            }
        }
        Stage::Foil { mastermind, .. } => {
            Action::Foil { plot: best_by(&g.plots_of(*mastermind), |p| plot_threat(g, p))? }
        }
        Stage::Wheels { .. } => match best_by(&g.plots(), |p| plot_threat(g, p)) {
            Some(p) if g.plot_is_major(p) || g.piece(p).is_some_and(|x| x.counters >= 2) => {
                Action::AddCounter { plot: p }
            }
            _ => Action::DrawCard,
        },
        Stage::Recruit { .. } => recruit(g, seat).unwrap_or(Action::Done),
        Stage::PlotAttach { .. } => {
            let plot = hand.iter().copied().find(|c| c.card().kind == Kind::Plot);
            let holders = g.holders(seat, Kind::Plot);
            let martians = holders.iter().copied().find(|m| {
                g.piece(*m).is_some_and(|p| p.card.card().mastermind.as_ref().is_some_and(|r| r.plot_title.is_some()))
            });
            match (plot, martians.or_else(|| best_by(&holders, |m| -(g.plots_of(m).len() as i32)))) {
                (Some(card), Some(mastermind)) => Action::AttachPlot { card, mastermind },
                _ => Action::Done,
            }
        }
        Stage::Assassin { .. } => {
            let mut best: Option<(f64, Uid, Uid)> = None;
            for m in g.senders() {
                for h in g.heroes() {
                    let edge = g.minion_fight(m) - g.fight(h);
                    let score = p2d6_at_least(edge, 8) - 0.5 * (1.0 - p2d6_at_least(edge, 3));
                    if best.is_none_or(|b| score > b.0) {
                        best = Some((score, m, h));
                    }
                }
            }
            match best {
                Some((s, mastermind, hero)) if s >= 0.25 => Action::Send { mastermind, hero },
                _ => Action::Done,
            }
        }
        Stage::Track { .. } => {
            let hero = best_by(&g.fresh_heroes(), |h| {
                g.track_bonus(h) + i32::from(g.piece(h).map_or(0, |p| p.interrogation))
            })?;
            let mastermind =
                best_by(&g.masterminds(), |m| g.plots_of(m).iter().map(|p| plot_threat(g, *p)).max().unwrap_or(-1))?;
            Action::Track { hero, mastermind }
        }
        Stage::Attack { .. } => {
            let mut best: Option<(f64, Uid, Uid)> = None;
            for h in g.fresh_heroes() {
                for m in g.thwarted() {
                    let s = attack_odds(g, h, m, 0);
                    if best.is_none_or(|b| s > b.0) {
                        best = Some((s, h, m));
                    }
                }
            }
            match best {
                Some((s, hero, mastermind)) if s > 0.0 => Action::Attack { hero, mastermind },
                _ => Action::Done,
            }
        }
        Stage::Continue { hero, mastermind, penalty, .. } => {
            if attack_odds(g, *hero, *mastermind, *penalty) > 0.0 {
                Action::AttackAgain
            } else {
                Action::Stop
            }
        }
    })
}

/// How close a Plot is to paying off (Major Plots first).
fn plot_threat(g: &Schemes, plot: Uid) -> i32 {
    let c = g.piece(plot).map_or(0, |p| i32::from(p.counters));
    if g.plot_is_major(plot) { 10 + c } else { c }
}

/// The Unit that makes the most of a bonus: the strongest.
fn best_unit(g: &Schemes, _seat: Seat, units: &[Uid]) -> Option<Uid> {
    best_by(units, |u| {
        g.fight(u) * 2 + g.track_bonus(u) + if g.piece(u).is_some_and(|p| p.kind() == Kind::Mastermind) { 3 } else { 0 }
    })
}

/// Positive when the next attack of `hero` on `mastermind` is worth it.
fn attack_odds(g: &Schemes, hero: Uid, mastermind: Uid, penalty: u8) -> f64 {
    let Some(m) = g.piece(mastermind) else { return -1.0 };
    let f = g.fight(hero) - i32::from(penalty);
    if m.minions > 0 {
        let edge = f - g.minion_fight(mastermind);
        p1d6_at_least(edge, 4) - 2.0 * (1.0 - p1d6_at_least(edge, 2)) - 0.2
    } else if g.attached(mastermind).any(|p| p.kind() == Kind::Location) {
        1.0
    } else {
        let edge = f - g.fight(mastermind);
        p1d6_at_least(edge, 4) - (1.0 - p1d6_at_least(edge, 2))
    }
}

fn window(g: &Schemes, seat: Seat, intercept: bool) -> Action {
    let events = g.playable_events(seat);
    if intercept {
        return match events.first() {
            Some((card, targets)) => {
                Action::PlayEvent { card: *card, on: best_by(targets, |m| g.plots_of(m).len() as i32) }
            }
            None => Action::Pass,
        };
    }
    let Some(roll) = &g.roll else { return Action::Pass };
    let table = roll.kind.table();
    let total = roll.total();
    let sign = if roll.roller == seat { 1 } else { -1 };
    let now = row_value(table.row(total).effect, total);
    let mut best: Option<(i32, CardId)> = None;
    for (card, _) in &events {
        let after = total + card.card().event.as_ref().map_or(0, |e| i32::from(e.modifier));
        let gain = sign * (row_value(table.row(after).effect, after) - now);
        let gain = if roll.kind == RollKind::PlotDraw { gain.min(2) } else { gain };
        if gain > 0 && best.is_none_or(|b| gain > b.0) {
            best = Some((gain, *card));
        }
    }
    match best {
        Some((_, card)) => Action::PlayEvent { card, on: None },
        None => Action::Pass,
    }
}

fn recruit(g: &Schemes, seat: Seat) -> Option<Action> {
    let mut cards: Vec<CardId> = g.sides[seat as usize].hand.clone();
    cards.sort_by_key(|c| match c.card().kind {
        Kind::Mastermind => 0,
        Kind::Character => 1,
        Kind::Weapon | Kind::Vehicle => 2,
        _ => 3,
    });
    for c in cards {
        let kind = c.card().kind;
        if !g.playable(seat, kind) {
            continue;
        }
        if Schemes::needs_holder(seat, kind) {
            let holders = g.holders(seat, kind);
            let onto = if seat == VILLAIN && kind != Kind::Weapon && kind != Kind::Vehicle {
                best_by(&holders, |m| g.plots_of(m).len() as i32 * 2 - g.attached(m).count() as i32)
            } else {
                best_unit(g, seat, &holders)
            };
            return Some(Action::Recruit { card: c, onto });
        }
        return Some(Action::Recruit { card: c, onto: None });
    }
    None
}
