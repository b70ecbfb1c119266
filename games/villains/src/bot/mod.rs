//! A heuristic player behind `Game::bot_action`: it plays for control of
//! the areas worth most to it (its target, the Capitol with this turn's
//! capitol token, areas whose marker it can capture), scores its plans, and
//! keeps its cheapest units alive last.
//!
//! Why this shape: Villains' points come from control at the End Phase
//! (captured markers, capitol tokens, targets) and from plans, and control
//! is a count of influence. So the bot weighs each area by what holding it
//! is worth to it and by how likely it is to hold it, projecting the
//! face-down tokens still to be revealed (its own by what they are, the
//! others' as an average, since it may not know what they are). Placing
//! follows that projection; revealing goes deploy first, battle last;
//! whole activations (from its own deploy candidates and the prompt's) are
//! tried on copies of the table and the one that leaves the best-weighted
//! table is played, discarding when nothing beats it.
//!
//! The bot uses only what its seat may know: its own tokens' types, its
//! own target and hand; others' face-down tokens count as tokens, never as
//! what they are. Every idea is tried on a copy before it is returned; an
//! idea the rules refuse falls back to a random legal action.

mod evaluate;
mod weigh;

pub use evaluate::{FEATURES, NAMES, evaluate, features};

use crate::action::Action;
use crate::action::choices::{Activation, DeployPick, PlanScore};
use crate::content::effect::UnitType;
use crate::content::{AreaId, content};
use crate::rules::action_tokens::deploy_limit;
use crate::rules::combat;
use crate::rules::determine_control::influence;
use crate::rules::end_phase::completable_objectives;
use crate::rules::place_action_tokens::placement_cost;
use crate::rules::units;
use crate::state::payment::Payment;
use crate::state::{Phase, TokenKind, Unit, Villains};
use backroom_engine::{Game, GameRng, Seat, Viewer};
use weigh::{
    battle_worth, eval, hold, margin, owed, plan_promise, strength, stronger, token_cost, token_gain, unit_value, worth,
};

/// Factions in the order the bot prefers them: by the points this bot
/// scored with each when factions were dealt at random between bots (60
/// games at each of 4 and 5 seats, `tests/bot.rs`; the Mutants' plans
/// reward units in play, which this bot deploys most).
const FACTIONS: [&str; 8] = ["mutants", "bankers", "mafia", "robots", "aliens", "communists", "scientists", "cult"];

/// The bot's choice for `seat`: its idea when the rules accept it, else a
/// random action the rules accept; `None` when `seat` is not awaited (or no
/// action was found).
pub fn choose(g: &Villains, seat: Seat, rng: &mut GameRng) -> Option<Action> {
    if !g.pending().awaited().contains(seat) {
        return None;
    }
    match idea(g, seat, rng) {
        Some(a) if applies(g, seat, &a, rng) => Some(a),
        // The random fallback is checked too: the prompt's whole candidates
        // are priced, not all tried, so one may still be refused.
        _ => {
            for _ in 0..8 {
                let a = g.random_action(seat, rng)?;
                if applies(g, seat, &a, rng) {
                    return Some(a);
                }
            }
            None
        }
    }
}

/// Whether the rules accept `a` from `seat` now (tried on a copy).
fn applies(g: &Villains, seat: Seat, a: &Action, rng: &GameRng) -> bool {
    after(g, seat, a, rng).is_some()
}

/// The table after `a`, when the rules accept it. The copy is the bot's
/// own and is dropped on a refusal, so the action goes straight to
/// `try_apply` rather than through `apply`, which would copy it again.
fn after(g: &Villains, seat: Seat, a: &Action, rng: &GameRng) -> Option<Villains> {
    let mut t = g.clone();
    t.try_apply(seat, a, &mut rng.clone(), &mut Vec::new()).ok().map(|_| t)
}

fn idea(g: &Villains, seat: Seat, rng: &mut GameRng) -> Option<Action> {
    if let Some(o) = g.offers.iter().find(|o| o.to == seat) {
        return Some(deal(g, seat, *o));
    }
    if let Some(o) = crate::rules::choices::next(g) {
        return Some(match o {
            crate::state::owed::Owed::Sacrifice { .. } => {
                Action::SacrificeUnit { unit: cheapest(g, seat, g.units_of(seat).map(|(_, u)| u), false)? }
            }
            crate::state::owed::Owed::KeepFighting { area, .. } => {
                Action::KeepFighting { yes: stronger(g, seat, area) }
            }
            crate::state::owed::Owed::LabCard { .. } => {
                best_of(g, seat, rng, crate::prompts::lab_plays(g, seat), Action::LabDraw, 0.0)
            }
            crate::state::owed::Owed::FreeDeploy { .. } => Action::FreeDeploy {
                // Free: the dearest unit it has.
                unit: crate::rules::abilities::free_deploy_kinds(g, seat)
                    .into_iter()
                    .max_by_key(|k| g.faction_of(seat).unit(*k).map_or(0, |u| u.cost)),
            },
            crate::state::owed::Owed::ChampionAttack { from, .. } => {
                let targets = crate::rules::choices::champion_targets(g, seat, from);
                let best = targets.iter().copied().max_by_key(|(a, e)| influence(g, *e, *a))?;
                Action::ChampionAttack { target: best }
            }
            crate::state::owed::Owed::CancelHit { .. } => Action::CancelHit { pay: true },
            crate::state::owed::Owed::ChooseVictim { area, .. } => {
                Action::ChooseVictim { enemy: rival(g, seat, area, &crate::rules::units::enemies_in(g, seat, area))? }
            }
            crate::state::owed::Owed::SacrificeIn { area, .. } => Action::SacrificeUnit {
                unit: cheapest(g, seat, g.area(area).units.iter().filter(|u| u.owner == seat), false)?,
            },
            crate::state::owed::Owed::Fusion { .. } => {
                best_of(g, seat, rng, crate::prompts::fusion_plays(g, seat), Action::FusionStop, 0.0)
            }
            crate::state::owed::Owed::Discard { .. } => {
                let p = &g.players[seat as usize];
                Action::DiscardCard { card: *p.hand.iter().max_by_key(|c| c.card().cost)? }
            }
        });
    }
    if let Some(b) = &g.battle {
        if let Some(h) = b.hits {
            let here = g.area(h.area).units.iter().filter(|u| u.owner == seat);
            return Some(Action::AssignHit { unit: cheapest(g, seat, here, true)? });
        }
        if let Some(q) = b.sacrifices.first() {
            let here = g.area(q.area).units.iter().filter(|u| u.owner == seat);
            return Some(Action::Sacrifice { unit: cheapest(g, seat, here, false)? });
        }
        let unit = b.to_attack.iter().find(|a| a.owner == seat)?.uid;
        let defender = rival(g, seat, b.area, &combat::defenders(g, seat))?;
        return Some(Action::Attack { unit, defender });
    }
    if let Some(a) = &g.attacks {
        if let Some(h) = a.hits {
            let here = g.area(h.area).units.iter().filter(|u| u.owner == seat);
            return Some(Action::AssignHit { unit: cheapest(g, seat, here, true)? });
        }
        let area = a.queue.first()?.0;
        return Some(Action::CardAttack { defender: rival(g, seat, area, &units::enemies_in(g, seat, area))? });
    }
    match &g.phase {
        Phase::SelectFactions { .. } => {
            let free = crate::rules::setup::available_factions(g);
            let f = FACTIONS
                .iter()
                .filter_map(|id| content().faction_id(id))
                .find(|f| free.contains(f))
                .or_else(|| free.first().copied())?;
            Some(Action::ChooseFaction { faction: f })
        }
        Phase::SelectPlans { .. } => {
            let p = &g.players[seat as usize];
            let plan =
                p.plans.iter().min_by(|a, b| plan_promise(g, seat, **a).total_cmp(&plan_promise(g, seat, **b)))?;
            Some(Action::BottomPlan { plan: *plan })
        }
        Phase::SelectTargets { .. } => select_target(g, seat),
        Phase::PlaceTokens { .. } => Some(place(g, seat)),
        Phase::TakeActions { revealed: Some(_), .. } => {
            Some(best_of_ladders(g, seat, rng, activations(g, seat), Action::Discard, 0.0))
        }
        Phase::TakeActions { revealed: None, .. } => take_action(g, seat, rng),
        Phase::ScorePlans { .. } => Some(score_plans(g, seat, rng)),
        Phase::Start | Phase::Combat { .. } | Phase::Over { .. } => None,
    }
}

/// An offer made to the bot: it accepts what gains it resources (a gift, or
/// more back than it gives) and declines the rest; it makes none itself.
fn deal(g: &Villains, seat: Seat, o: crate::state::deals::Offer) -> Action {
    let can_pay = g.players[seat as usize].resources >= o.want;
    if o.give > o.want && can_pay {
        Action::AcceptOffer { from: o.from }
    } else {
        Action::DeclineOffer { from: o.from }
    }
}

// ---------------------------------------------------------------------
// Choosing among candidates.

/// The candidate whose table weighs most for `seat`, or `fallback` unless
/// a candidate beats it by `edge`.
fn best_of(g: &Villains, seat: Seat, rng: &GameRng, cands: Vec<Action>, fallback: Action, edge: f64) -> Action {
    best_of_ladders(g, seat, rng, cands.into_iter().map(|c| vec![c]), fallback, edge)
}

/// [`best_of`] over ladders: of each ladder only the first rung the rules
/// accept is weighed. A deploy's ladder is its exact cost and the cost with
/// a tax of one or two more; the rules take exactly the cost
/// (`check_payment`), so at most one rung is ever accepted, and stopping
/// there saves trying the others on copies of the table.
fn best_of_ladders(
    g: &Villains,
    seat: Seat,
    rng: &GameRng,
    ladders: impl IntoIterator<Item = Vec<Action>>,
    fallback: Action,
    edge: f64,
) -> Action {
    let base = after(g, seat, &fallback, rng).map_or(f64::MIN, |t| eval(&t, seat));
    let mut best = (base + edge, fallback);
    for ladder in ladders {
        let Some((c, t)) = ladder.into_iter().find_map(|c| after(g, seat, &c, rng).map(|t| (c, t))) else {
            continue;
        };
        let v = eval(&t, seat);
        if v > best.0 {
            best = (v, c);
        }
    }
    best.1
}

// ---------------------------------------------------------------------
// Start Phase.

/// The target card whose area the bot is likeliest to hold (or, with no
/// card naming an area, any card).
fn select_target(g: &Villains, seat: Seat) -> Option<Action> {
    let hand = &g.players[seat as usize].hand;
    let card = hand
        .iter()
        .filter_map(|c| c.target().map(|a| (c, margin(g, seat, a) + 0.3 * worth(g, seat, a))))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(c, _)| *c)
        .or_else(|| hand.first().copied())?;
    Some(Action::SelectTarget { card })
}

// ---------------------------------------------------------------------
// Place Action Tokens.

/// The token and area whose projected influence adds most worth, or a pass
/// when nothing is worth the energy its activation will need.
fn place(g: &Villains, seat: Seat) -> Action {
    let p = &g.players[seat as usize];
    let owed = owed(g, seat);
    let funds = p.funds();
    let fee = u32::from(placement_cost(g, seat));
    let any_space = crate::rules::standing::places_in_any_space(g, seat);
    let mut best: Option<(f64, TokenKind, AreaId)> = None;
    for (kind, n) in p.reserve_tokens.iter() {
        if *n == 0 {
            continue;
        }
        let need = owed + fee + token_cost(g, seat, *kind);
        if need > funds {
            continue;
        }
        for a in content().area_ids() {
            let open =
                if any_space { g.area(a).track.iter().any(Option::is_none) } else { g.area(a).lowest_open().is_some() };
            let gain = token_gain(g, seat, *kind, a);
            if !open || gain <= 0.0 {
                continue;
            }
            if *kind == TokenKind::Battle && !battle_worth(g, seat, a) {
                continue;
            }
            let m = margin(g, seat, a);
            let v = worth(g, seat, a) * (hold(m + gain) - hold(m)) + 0.05 * gain;
            if best.is_none_or(|b| v > b.0) {
                best = Some((v, *kind, a));
            }
        }
    }
    match best {
        Some((v, kind, area)) if v > 0.08 => Action::PlaceToken { kind, area, space: None, payment: None },
        _ => Action::PassPlacing,
    }
}

// ---------------------------------------------------------------------
// Take Actions.

/// How a token's reveal ranks: units first, battles last.
fn reveal_rank(g: &Villains, seat: Seat, kind: TokenKind) -> u8 {
    match kind {
        TokenKind::Deploy => 0,
        TokenKind::Unique if g.faction_of(seat).unique_token.counts_as.is_some() => 0,
        TokenKind::Move => 1,
        TokenKind::Unique => 2,
        TokenKind::Card => 3,
        TokenKind::Battle => 4,
    }
}

/// Reveal the best-ranked revealable token; with none, a skill that
/// helps, else Locked or Pass.
fn take_action(g: &Villains, seat: Seat, rng: &GameRng) -> Option<Action> {
    let spot = crate::rules::take_actions::revealable(g, seat).into_iter().min_by_key(|(a, i)| {
        let kind = g.area(*a).track[*i]
            .as_ref()
            .and_then(|t| t.kind.for_viewer(Viewer::Seat(seat)).copied())
            .unwrap_or(TokenKind::Card);
        (reveal_rank(g, seat, kind), *i)
    });
    if let Some(spot) = spot {
        return Some(Action::Reveal { spot });
    }
    let rest = if g.face_down_tokens_of(seat) > 0 { Action::Locked } else { Action::Pass };
    Some(best_of(
        g,
        seat,
        rng,
        // Every skill use whole, the Subway's deploys included (the prompt
        // asks those step by step).
        crate::prompts::candidates::skill_options(g, seat),
        rest,
        0.1,
    ))
}

/// Deploy candidates of the bot's own: up to the limit (one more for a
/// People's Army patsy or an unlimited token), best units first, at the
/// exact cost or a little more (taxes), each a ladder of those costs.
fn deploys(g: &Villains, seat: Seat) -> Vec<Vec<Action>> {
    let f = g.faction_of(seat);
    let mut kinds: Vec<(UnitType, u8)> =
        g.players[seat as usize].reserve_units.iter().filter(|(_, n)| **n > 0).map(|(k, n)| (*k, *n)).collect();
    kinds.sort_by(|a, b| unit_value(g, seat, b.0).total_cmp(&unit_value(g, seat, a.0)));
    let limit = usize::from(deploy_limit(g, seat)) + 1;
    let mut out = Vec::new();
    for first in 0..kinds.len() {
        // Fill from `first` on, best value first.
        let mut units = Vec::new();
        for (k, n) in &kinds[first..] {
            for _ in 0..*n {
                if units.len() < limit + 1 {
                    units.push(DeployPick { kind: *k, from: None, stay_wounded: false });
                }
            }
        }
        for size in (1..=units.len()).rev() {
            let picked = &units[..size];
            let cost: u32 = picked.iter().filter_map(|p| f.unit(p.kind)).map(|s| u32::from(s.cost)).sum();
            let ladder = (0..=2)
                .filter_map(|extra| u8::try_from(cost + extra).ok())
                .map(|c| Action::Activate {
                    activation: Activation::Deploy {
                        units: picked.to_vec(),
                        payment: Payment::energy_first(g, seat, c),
                    },
                })
                .collect();
            out.push(ladder);
        }
    }
    out
}

/// Activations to weigh for the revealed token: the bot's deploys and the
/// prompt's candidates; a battle only where the bot outguns the others.
/// Each is a ladder for [`best_of_ladders`] (the prompt's of one rung).
fn activations(g: &Villains, seat: Seat) -> Vec<Vec<Action>> {
    let Phase::TakeActions { revealed: Some(uid), .. } = g.phase else {
        return vec![];
    };
    let Some((area, _)) = crate::rules::take_actions::find(g, uid) else {
        return vec![];
    };
    let mut out: Vec<Vec<Action>> = crate::prompts::candidates::activation_options(g, seat, area, true)
        .into_iter()
        .filter(|a| {
            !matches!(a, Action::Activate { activation: Activation::Battle { .. } }) || battle_worth(g, seat, area)
        })
        .map(|a| vec![a])
        .collect();
    let kind =
        g.area(area).tokens().find(|t| t.uid == uid).and_then(|t| t.kind.for_viewer(Viewer::Seat(seat)).copied());
    if kind == Some(TokenKind::Deploy) || kind == Some(TokenKind::Unique) {
        out.extend(deploys(g, seat));
    }
    out
}

// ---------------------------------------------------------------------
// Combat and choices.

/// The unit of `seat` whose loss costs least: a healthy toughness unit
/// first when `hit` (it only turns to its wounded side), else the cheapest.
fn cheapest<'a>(
    g: &Villains,
    seat: Seat,
    units: impl Iterator<Item = &'a Unit>,
    hit: bool,
) -> Option<crate::state::UnitUid> {
    let f = g.faction_of(seat);
    units
        .map(|u| {
            let tough = f.unit(u.kind).is_some_and(|s| s.toughness) && !u.wounded;
            let v = unit_value(g, seat, u.kind);
            (if hit && tough { 0.1 * v } else { v }, u.uid)
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, uid)| uid)
}

/// The opponent among `among` the bot most wants weakened in `area`: the
/// most influence there, then the most attack.
fn rival(g: &Villains, seat: Seat, area: AreaId, among: &[Seat]) -> Option<Seat> {
    let _ = seat;
    among.iter().copied().max_by(|a, b| {
        let ka = (influence(g, *a, area), strength(g, *a, area));
        let kb = (influence(g, *b, area), strength(g, *b, area));
        ka.0.cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
    })
}

/// Score every plan with an objective done now, all of them (points now
/// beat points hoped for); a scoring the rules refuse drops to fewer plans.
fn score_plans(g: &Villains, seat: Seat, rng: &GameRng) -> Action {
    let scores: Vec<PlanScore> = g.players[seat as usize]
        .plans
        .iter()
        .map(|p| PlanScore { plan: *p, objectives: completable_objectives(g, seat, *p), discards: vec![] })
        .filter(|s| !s.objectives.is_empty())
        .collect();
    let all = Action::ScorePlans { scores: scores.clone() };
    if applies(g, seat, &all, rng) {
        return all;
    }
    for s in scores {
        let one = Action::ScorePlans { scores: vec![s] };
        if applies(g, seat, &one, rng) {
            return one;
        }
    }
    Action::ScorePlans { scores: vec![] }
}
