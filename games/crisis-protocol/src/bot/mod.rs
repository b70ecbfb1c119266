//! The heuristic player behind `Game::bot_action`. It answers only from
//! its prompt (every option it picks is one the rules offered), and keeps
//! each decision cheap: it scores the few dozen options of one prompt,
//! never searches ahead (terrain throws alone are tried out on copies of
//! the match, at most 32 choices twice each).
//!
//! * **Setup**: the full setup's steps in [`setup`]; the larger Maximum Threat; the squad that spends the most
//!   of it (the most characters on a tie) out of a few shuffles; deployment
//!   points near the objective tokens, spread out.
//! * **Turns** ([`activation`]): activate the character with the best
//!   attack now, else the one furthest from where it is wanted; in an
//!   activation pick up or take control of tokens in reach, use place,
//!   extra-dice, healing, throwing, enemy-moving (the Mind Gem) and
//!   Transform powers and the Team Tactic cards (Coordinated Strike, Hold
//!   Together, Shadow Deal, ...) when they pay, attack with the
//!   best expected damage per power ([`estimate`]: exact dice odds, the
//!   chance of putting a target down, focus on damaged enemies and on
//!   contesters), and move to the place worth most ([`objectives`]: tokens
//!   it would tip, take or carry, goals assigned over the squad so it
//!   spreads over the objectives, an attack for the next action).
//! * **Reactions** ([`reactions`]): defense dice, rerolls, Take Cover and
//!   Evasive Roll when the damage they save (exact dice odds) is worth
//!   their cost, Last Stand, the best Overwatch attack, a bodyguard when
//!   the guard has more Stamina left, and always strike back.
//!
//! [`baseline`] keeps the first, simpler bot as a yardstick for the duel
//! example (`cargo run -p crisis-protocol --example duel`).

pub mod activation;
pub mod baseline;
pub mod estimate;
pub mod evaluate;
pub mod objectives;
pub mod reactions;
pub mod setup;

use crate::Action;
use crate::content::content;
use crate::geometry::{Pt, len, sub};
use crate::state::{Crisis, Phase};
use backroom_engine::{GameRng, Prompt, Seat};
use serde_json::{Map, Value};

/// The enabled asks of a verb: their fixed fields and the enabled options
/// of their first parameter. A blind ask (a move or point with no
/// ready-made value, laid only by hand) is not the bot's to take.
pub(crate) fn opts(p: &Prompt, verb: &str) -> Vec<(Map<String, Value>, Vec<Value>)> {
    p.asks
        .iter()
        .filter(|a| a.verb == verb && a.enabled() && !a.blind())
        .map(|a| {
            (
                a.fixed.clone(),
                a.params
                    .first()
                    .map(|x| x.input.options().iter().filter(|o| o.enabled()).map(|o| o.value.clone()).collect())
                    .unwrap_or_default(),
            )
        })
        .collect()
}

/// Does the prompt offer this verb at all?
pub(crate) fn offers(p: &Prompt, verb: &str) -> bool {
    p.asks.iter().any(|a| a.verb == verb && a.enabled())
}

/// The bot's action for `seat`, when it has a prompt. Should its choice
/// ever not be one the prompt offers, or be refused on a copy of the match
/// (a prompt a newer rule added that the bot does not know yet), it plays
/// a random offered action instead, so a bot match always goes on.
pub fn action(g: &Crisis, seat: Seat, rng: &mut GameRng) -> Option<Action> {
    let p = crate::prompts::prompt(g, seat)?;
    let chosen = decide(g, seat, &p, rng).filter(|a| {
        let verb = serde_json::to_value(a).ok().and_then(|v| v.get("type").and_then(Value::as_str).map(str::to_string));
        verb.is_some_and(|v| offers(&p, &v))
            && crate::rules::apply(&mut g.clone(), seat, a, &mut GameRng::seeded(0)).is_ok()
    });
    chosen.or_else(|| backroom_engine::Game::random_action(g, seat, rng))
}

/// The bot's own choice, without the fallback of [`action`] (the tests
/// check that it alone is always offered and accepted).
pub fn choose(g: &Crisis, seat: Seat, rng: &mut GameRng) -> Option<Action> {
    let p = crate::prompts::prompt(g, seat)?;
    decide(g, seat, &p, rng)
}

fn decide(g: &Crisis, seat: Seat, p: &Prompt, rng: &mut GameRng) -> Option<Action> {
    match g.phase {
        Phase::Over => None,
        Phase::ThreatChoice => {
            let best = (0..2).max_by_key(|&k| g.crisis_card(k).max_threat).unwrap_or(0);
            Some(Action::ChooseThreat { crisis: best })
        }
        Phase::EdgeChoice => Some(Action::ChooseEdge { edge: crate::state::Edge::South }),
        Phase::Rosters | Phase::Battlefield | Phase::DeckChoice | Phase::MissionSetup => setup::step(g, p, rng),
        Phase::SquadBuild => squad(g, seat, rng),
        Phase::Deployment => deploy(g, seat, p),
        Phase::Leadership => leader(p),
        Phase::Activation => {
            if let Some(a) = place_token(g, seat, p) {
                return Some(a);
            }
            if g.reactions.is_empty() {
                if let Some(p) = g.pending_attack.as_ref().filter(|x| x.ordering) {
                    return Some(Action::OrderTargets { order: p.queue.clone() });
                }
                if crate::rules::attack::modify_seat(g) == Some(seat) {
                    return Some(reroll(g));
                }
            }
            if !g.reactions.is_empty() || g.pending_attack.as_ref().is_some_and(|x| x.window().is_some()) {
                return Some(reactions::react(g, p));
            }
            activation::action(g, seat, p)
        }
    }
}

/// The modify step: the first ability with dice worth rerolling (not a
/// success for the bot's side) rerolls them; else keep the dice.
pub(crate) fn reroll(g: &Crisis) -> Action {
    use crate::rules::dice::Face;
    let Some(m) = g.pending_attack.as_ref().and_then(|p| p.modify.as_ref()) else {
        return Action::Reroll { ability: None, dice: Vec::new() };
    };
    let (dice, by, good): (_, _, fn(Face) -> bool) = if m.defender {
        (&m.defense_dice, &m.defense_by, Face::defense_success)
    } else {
        (&m.attack_dice, &m.attack_by, Face::attack_success)
    };
    for (name, n) in &m.sources {
        let ok = crate::rules::rerolls::rerollable(dice, by, name);
        let picks: Vec<usize> = (0..dice.len()).filter(|&i| ok[i] && !good(dice[i])).take(usize::from(*n)).collect();
        if !picks.is_empty() {
            return Action::Reroll { ability: Some(name.clone()), dice: picks };
        }
    }
    Action::Reroll { ability: None, dice: Vec::new() }
}

/// The squad spending the most of the Maximum Threat (then the most
/// characters) out of a few shuffles, with the five Team Tactic cards worth
/// most to it that the squad may take.
fn squad(g: &Crisis, seat: Seat, rng: &mut GameRng) -> Option<Action> {
    let mut best: Option<(u8, usize, Vec<String>)> = None;
    for _ in 0..24 {
        let mut pool: Vec<&crate::content::Character> =
            content().characters.iter().filter(|c| setup::in_roster(g, seat, &c.id)).collect();
        rng.shuffle(&mut pool);
        let mut left = g.max_threat;
        let mut squad = Vec::new();
        for c in pool {
            if c.threat <= left && squad.len() < 6 {
                left -= c.threat;
                squad.push(c.id.clone());
            }
        }
        let key = (g.max_threat - left, squad.len());
        if best.as_ref().is_none_or(|(u, n, _)| key > (*u, *n)) {
            best = Some((key.0, key.1, squad));
        }
    }
    let squad = best?.2;
    // The cards worth most to it for this squad and the crises in play
    // ([`setup::card_value`]).
    let modes: Vec<crate::content::cards::TokenMode> = (0..2).map(|k| g.crisis_card(k).token_mode).collect();
    let cards: Vec<&crate::content::cards::Tactic> = content()
        .tactics
        .iter()
        .filter(|t| !t.effects.is_empty() && setup::card_in_roster(g, seat, &t.id))
        .filter(|t| crate::rules::setup::tactics_error(&squad, std::slice::from_ref(&t.id)).is_none())
        .collect();
    let mut cards = setup::ranked(cards, &modes, &squad);
    cards.truncate(5);
    (!squad.is_empty()).then_some(Action::Squad { characters: squad, tactics: cards })
}

/// A deployment point near an objective token, away from allies already
/// deployed (so the squad spreads over the tokens).
fn deploy(g: &Crisis, seat: Seat, p: &Prompt) -> Option<Action> {
    let (fixed, points) = opts(p, "deploy").into_iter().next()?;
    let model = usize::try_from(fixed.get("model")?.as_u64()?).ok()?;
    let targets: Vec<Pt> =
        if g.tokens.is_empty() { vec![[18.0, 18.0]] } else { (0..g.tokens.len()).map(|t| g.token_pos(t)).collect() };
    let allies: Vec<Pt> = g.models.iter().filter(|m| m.owner == seat && m.deployed).map(|m| m.pos).collect();
    let cost = |q: Pt| {
        let near = targets.iter().map(|t| len(sub(*t, q))).fold(f64::INFINITY, f64::min);
        let crowd = allies.iter().filter(|a| len(sub(**a, q)) < 4.0).count() as f64;
        near + 3.0 * crowd
    };
    let at = points
        .iter()
        .filter_map(|v| serde_json::from_value::<Pt>(v.clone()).ok())
        .min_by(|a, b| cost(*a).total_cmp(&cost(*b)))?;
    Some(Action::Deploy { model, at })
}

/// The first leader offered (the bot has no preference between them).
pub(crate) fn leader(p: &Prompt) -> Option<Action> {
    let (_, models) = opts(p, "choose_leader").into_iter().next()?;
    Some(Action::ChooseLeader { model: usize::try_from(models.first()?.as_u64()?).ok()? })
}

/// A dropped token of the other side, placed as far as it may be from the
/// characters of the side that dropped it.
pub(crate) fn place_token(g: &Crisis, seat: Seat, p: &Prompt) -> Option<Action> {
    let (fixed, points) = opts(p, "place_token").into_iter().next()?;
    let token = usize::try_from(fixed.get("token")?.as_u64()?).ok()?;
    let theirs: Vec<Pt> =
        g.models.iter().filter(|m| m.owner != seat && m.present() && !m.dazed).map(|m| m.pos).collect();
    let near = |q: Pt| theirs.iter().map(|t| len(sub(*t, q))).fold(f64::INFINITY, f64::min);
    let at = points
        .iter()
        .filter_map(|v| serde_json::from_value::<Pt>(v.clone()).ok())
        .max_by(|a, b| near(*a).total_cmp(&near(*b)))?;
    Some(Action::PlaceToken { token, at })
}
