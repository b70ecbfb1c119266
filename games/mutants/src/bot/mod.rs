//! A heuristic player: drafts and builds for gene synergy, then plays each
//! decision by looking one step ahead.
//!
//! It never reads what its seat may not know: every look-ahead runs on a
//! copy whose hidden parts (other hands, every deck order, cards under the
//! Gene Pool tops) are re-dealt first with the engine's own
//! `redeal_hidden`, so the bot sees exactly what its player would.
//!
//! The position is judged by the Power Track (being ahead of each opponent,
//! and near the Fury Space), Victory Points and freezer value (or the
//! boss's Life in Uprising), and cards in hand (each is a turn to come).

use crate::content::{CardId, Effect, Freeze, content};
use crate::state::{Mutants, Phase};
use crate::{Action, Game};
use backroom_engine::{GameRng, Input, Seat};
use serde_json::Value;

/// How strong a design looks on its own, for the draft and construction.
pub fn design_value(c: CardId) -> f64 {
    let card = c.card();
    let mut v = match card.freeze {
        Freeze::Fixed(f) => f64::from(f) * 0.5,
        Freeze::PerGene { .. } => 1.5,
    };
    for e in card.deploy.iter().chain(card.leave.iter()) {
        e.walk(&mut |x| {
            v += match x {
                Effect::GainPower { n } => f64::from(*n),
                Effect::Attack { .. } => 1.0,
                Effect::Cycle { .. } => 0.5,
                Effect::Freeze { .. } => 1.0,
                Effect::Gain { .. } => 1.0,
                Effect::Copy { .. } => 1.0,
                _ => 0.0,
            }
        });
    }
    if !card.block.is_empty() {
        v += 1.0;
    }
    if !card.ongoing.is_empty() {
        v += 1.5;
    }
    v
}

fn synergy(c: CardId, picks: &[CardId]) -> f64 {
    let shared = picks.iter().flat_map(|p| p.card().genes.iter()).filter(|g| c.card().genes.contains(g)).count();
    design_value(c) + 0.4 * shared as f64
}

/// The position as `seat` may judge it (higher is better).
pub fn evaluate(g: &Mutants, seat: Seat) -> f64 {
    let me = seat;
    let b = &g.boards[me as usize];
    let (cell, _) = g.pos(me);
    let mut v = -(cell as f64) * 0.6;
    v += b.hand.len() as f64 * 1.2;
    v += b.incubator.map_or(0.0, |_| 1.0);
    v += b.arena.iter().flatten().filter(|p| p.face_up).count() as f64 * 0.3;
    if let Some(boss) = &g.boss {
        v -= f64::from(boss.life) * 1.5;
        v -= b.hand.len() as f64 * 0.8;
        // The round's red box goes to whoever leads when the hand runs out.
        let (boss_cell, _) = g.pos(g.seats);
        v += (boss_cell as f64 - cell as f64) * 0.8;
        if g.ahead(me, g.seats) {
            v += f64::from(g.round_score().red) * (0.8 + 2.0 / (b.hand.len() as f64 + 1.0));
        }
        if g.is_over() && boss.life <= 0 {
            v += 1000.0;
        }
        return v;
    }
    let freezer: i32 = b.freezer.iter().map(|f| g.freeze_value(me, f.card)).sum();
    v += f64::from(b.score) * 1.5 + f64::from(freezer) * 1.2;
    let opps = g.opponents(me);
    let ahead = opps.iter().filter(|o| g.ahead(me, **o)).count();
    v += ahead as f64 * f64::from(g.round_score().red) * 0.5;
    for o in &opps {
        v -= f64::from(g.boards[*o as usize].score) * 0.5;
    }
    if let Some(r) = &g.result
        && r.ranking.first().is_some_and(|w| w.contains(&me))
    {
        v += 1000.0;
    }
    v
}

/// How many points of [`evaluate`] count as odds of e to 1 between two
/// seats, for [`chance`] (fitted on heuristic matches: see the README).
pub const TEMPERATURE: f64 = 16.0;

/// `seat`'s chance to win, for the search bot: a softmax of every seat's
/// [`evaluate`] at [`TEMPERATURE`]; `None` against the Boss (one seat: the
/// share says nothing). Reads nothing the search did not re-deal for its
/// own seat.
pub fn chance(g: &Mutants, seat: Seat, temperature: f64) -> Option<f64> {
    if g.boss.is_some() || g.seats < 2 {
        return None;
    }
    if let Some(r) = &g.result {
        let first = r.ranking.first().map_or(&[][..], Vec::as_slice);
        return Some(if first.contains(&seat) { 1.0 / first.len() as f64 } else { 0.0 });
    }
    let values: Vec<f64> = (0..g.seats).map(|s| evaluate(g, s)).collect();
    Some(backroom_engine::search::share_by_scores(&values, seat, temperature))
}

/// Every action a prompt offers, expanded over its one-of parameters (a
/// bounded number).
fn candidates(g: &Mutants, seat: Seat) -> Vec<Action> {
    let Some(p) = g.prompt(seat) else { return vec![] };
    let mut out = vec![];
    for ask in p.asks.iter().filter(|a| a.enabled()) {
        let mut partial: Vec<Vec<Value>> = vec![vec![]];
        for param in &ask.params {
            let values: Vec<Value> = match &param.input {
                Input::One { options } => options.iter().filter(|o| o.enabled()).map(|o| o.value.clone()).collect(),
                Input::Many { options, min: 2, max: 2 } => pairs(options),
                _ => return vec![],
            };
            partial = partial
                .into_iter()
                .flat_map(|p| values.iter().map(move |v| [p.clone(), vec![v.clone()]].concat()))
                .collect();
            partial.truncate(80);
        }
        for vals in partial {
            if let Ok(a) = serde_json::from_value::<Action>(ask.action(vals)) {
                out.push(a);
            }
        }
    }
    out
}

/// Every pair a two-card `many` allows (Breed's discards): two enabled
/// options, or one taken twice when its `up_to` allows.
fn pairs(options: &[backroom_engine::Opt]) -> Vec<Value> {
    let open: Vec<&backroom_engine::Opt> = options.iter().filter(|o| o.enabled()).collect();
    let mut out = vec![];
    for (i, a) in open.iter().enumerate() {
        for b in &open[i..] {
            if std::ptr::eq(*a, *b) && a.up_to < 2 {
                continue;
            }
            out.push(Value::Array(vec![a.value.clone(), b.value.clone()]));
        }
    }
    out
}

/// The heuristic bot's action.
pub fn bot_action(g: &Mutants, seat: Seat, rng: &mut GameRng) -> Option<Action> {
    match &g.phase {
        Phase::Over => None,
        Phase::Draft => {
            let d = g.draft.as_ref()?;
            if d.commits[seat as usize].is_some() {
                return None;
            }
            let picks = &d.picks[seat as usize];
            let best = d.packs[seat as usize]
                .iter()
                .copied()
                .max_by(|a, b| synergy(*a, picks).total_cmp(&synergy(*b, picks)))?;
            Some(Action::DraftPick { card: best })
        }
        Phase::Construct { commits } => {
            if commits[seat as usize].is_some() {
                return None;
            }
            let mut pool = g.constructible(g.restricted);
            let mut chosen: Vec<CardId> = vec![];
            for _ in 0..6 {
                pool.sort_by(|a, b| synergy(*b, &chosen).total_cmp(&synergy(*a, &chosen)));
                let c = pool.remove(0);
                chosen.push(c);
            }
            let cards = chosen.iter().flat_map(|c| [c.key().to_string(), format!("{}:2", c.key())]).collect();
            Some(Action::Construct { cards })
        }
        Phase::Mulligan { seat: who, .. } if *who == seat => {
            let b = &g.boards[seat as usize];
            let avg = content().advanced().map(design_value).sum::<f64>() / 36.0;
            let stacks = (0..3u8)
                .filter(|i| b.pool[*i as usize].first().is_some_and(|c| design_value(*c) < avg - 1.0))
                .map(|i| i + 1)
                .collect();
            Some(Action::Mulligan { stacks })
        }
        Phase::Mulligan { .. } => None,
        Phase::Play => {
            let options = candidates(g, seat);
            let mut best: Option<(f64, Action)> = None;
            for a in options {
                let mut probe = g.clone();
                let mut r = rng.clone();
                probe.redeal_hidden(seat, &mut r);
                if probe.apply(seat, &a, &mut r).is_err() {
                    continue;
                }
                let v = evaluate(&probe, seat) + rng.index(100) as f64 * 1e-4;
                if best.as_ref().is_none_or(|(bv, _)| v > *bv) {
                    best = Some((v, a));
                }
            }
            best.map(|(_, a)| a)
        }
    }
}
