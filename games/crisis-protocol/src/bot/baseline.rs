//! The first, simple bot, kept as the yardstick the heuristic bot is
//! measured against (`examples/duel.rs`): it builds the
//! largest squad the threat allows, deploys toward the middle, attacks the
//! most damaged enemy it can reach with its strongest payable attack,
//! interacts with tokens in reach, and otherwise moves toward the nearest
//! objective it does not own yet (or the nearest enemy). It answers only
//! from its prompt, so every choice is one the rules accept.

use crate::Action;
use crate::content::{TokenMode, content};
use crate::geometry::{Pt, len, sub};
use crate::rules::movement::Plan;
use crate::state::{Crisis, Phase};
use backroom_engine::{GameRng, Seat};

fn opts(
    p: &backroom_engine::Prompt,
    verb: &str,
) -> Vec<(serde_json::Map<String, serde_json::Value>, Vec<serde_json::Value>)> {
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

/// The bot's action for `seat`, when it has a prompt.
pub fn action(g: &Crisis, seat: Seat, rng: &mut GameRng) -> Option<Action> {
    let p = crate::prompts::prompt(g, seat)?;
    match g.phase {
        Phase::Over => None,
        Phase::ThreatChoice => {
            let best = (0..2).max_by_key(|&k| g.crisis_card(k).max_threat).unwrap_or(0);
            Some(Action::ChooseThreat { crisis: best })
        }
        Phase::EdgeChoice => Some(Action::ChooseEdge { edge: crate::state::Edge::South }),
        // Its roster stays the one it was measured with: the ten cheapest
        // characters and the first ten cards of the content.
        Phase::Rosters => {
            let mut chars: Vec<&crate::content::Character> = content().characters.iter().collect();
            chars.sort_by_key(|c| c.threat);
            let characters =
                chars.iter().take(crate::rules::rosters::ROSTER_CHARACTERS).map(|c| c.id.clone()).collect();
            let mut cards: Vec<&crate::content::cards::Tactic> = content().tactics.iter().collect();
            cards.sort_by_key(|t| t.effects.is_empty());
            let tactics = cards.iter().take(crate::rules::rosters::ROSTER_TACTICS).map(|t| t.id.clone()).collect();
            Some(Action::Roster { characters, tactics })
        }
        Phase::Battlefield | Phase::DeckChoice | Phase::MissionSetup => super::setup::step(g, &p, rng),
        Phase::SquadBuild => {
            let roster = g.rosters[usize::from(seat)].as_ref();
            let mut pool: Vec<&crate::content::Character> =
                content().characters.iter().filter(|c| roster.is_none_or(|r| r.characters.contains(&c.id))).collect();
            rng.shuffle(&mut pool);
            let mut left = g.max_threat;
            let mut squad = Vec::new();
            for c in pool {
                if c.threat <= left && squad.len() < 6 {
                    left -= c.threat;
                    squad.push(c.id.clone());
                }
            }
            let mut cards: Vec<String> = content()
                .tactics
                .iter()
                .filter(|t| !t.effects.is_empty() && roster.is_none_or(|r| r.tactics.contains(&t.id)))
                .map(|t| t.id.clone())
                .collect();
            cards.retain(|c| crate::rules::setup::tactics_error(&squad, std::slice::from_ref(c)).is_none());
            cards.truncate(5);
            (!squad.is_empty()).then_some(Action::Squad { characters: squad, tactics: cards })
        }
        Phase::Deployment => {
            let (fixed, points) = opts(&p, "deploy").into_iter().next()?;
            let model = fixed.get("model")?.as_u64()? as usize;
            let at = points
                .iter()
                .filter_map(|v| serde_json::from_value::<Pt>(v.clone()).ok())
                .min_by(|a, b| len(sub(*a, [18.0, 18.0])).total_cmp(&len(sub(*b, [18.0, 18.0]))))?;
            Some(Action::Deploy { model, at })
        }
        Phase::Leadership => super::leader(&p),
        Phase::Activation => super::place_token(g, seat, &p).or_else(|| activation(g, seat, &p)),
    }
}

fn activation(g: &Crisis, seat: Seat, p: &backroom_engine::Prompt) -> Option<Action> {
    // The steps engine version 6 added, played as the rules played them
    // for it before: model order, and every reroll on a die that failed.
    if g.reactions.is_empty() {
        if let Some(pa) = g.pending_attack.as_ref().filter(|x| x.ordering) {
            return Some(Action::OrderTargets { order: pa.queue.clone() });
        }
        if crate::rules::attack::modify_seat(g) == Some(seat) {
            return Some(super::reroll(g));
        }
    }
    if !g.reactions.is_empty() || g.pending_attack.as_ref().is_some_and(|x| x.window().is_some()) {
        let with =
            opts(p, "react").into_iter().find_map(|(_, o)| o.first().and_then(|v| v.as_str().map(str::to_string)));
        return Some(Action::React { with });
    }
    let Some(act) = &g.activation else {
        if let Some((_, models)) = opts(p, "activate").into_iter().next() {
            let model = models
                .iter()
                .filter_map(serde_json::Value::as_u64)
                .map(|m| m as usize)
                .min_by(|a, b| goal_dist(g, *a).total_cmp(&goal_dist(g, *b)))?;
            return Some(Action::Activate { model });
        }
        return Some(Action::Pass {});
    };
    let me = act.model;
    // Attack: strongest payable attack, the target closest to Dazed.
    let mut best: Option<(i32, Action)> = None;
    for (fixed, targets) in opts(p, "attack") {
        let attack = fixed.get("attack")?.as_u64()? as usize;
        let strength = i32::from(g.models[me].card().sides.healthy.attacks[attack].strength);
        for t in targets.iter().filter_map(serde_json::Value::as_u64).map(|t| t as usize) {
            let left = i32::from(g.models[t].stamina()) - i32::from(g.models[t].damage);
            let score = strength * 10 - left;
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                best = Some((score, Action::Attack { attack, target: t }));
            }
        }
    }
    if let Some((_, a)) = best {
        return Some(a);
    }
    if let Some((_, toks)) = opts(p, "interact").into_iter().next()
        && let Some(t) = toks.first().and_then(serde_json::Value::as_u64)
    {
        return Some(Action::Interact { token: t as usize });
    }
    if let Some((_, conds)) = opts(p, "shake").into_iter().next()
        && let Some(c) = conds.first()
    {
        return serde_json::from_value(c.clone()).ok().map(|condition| Action::Shake { condition });
    }
    if let Some((_, plans)) = opts(p, "advance").into_iter().next() {
        let goal = goal(g, me);
        let plan = plans
            .iter()
            .filter_map(|v| serde_json::from_value::<Plan>(v.clone()).ok())
            .min_by(|a, b| len(sub(a.to, goal)).total_cmp(&len(sub(b.to, goal))));
        if let Some(plan) = plan
            && len(sub(plan.to, goal)) < len(sub(g.models[me].pos, goal))
        {
            return Some(Action::Advance { plan });
        }
    }
    let _ = seat;
    Some(Action::EndActivation {})
}

/// Where a model wants to go: the nearest token its side doesn't own yet,
/// else the nearest enemy.
fn goal(g: &Crisis, m: usize) -> Pt {
    let me = &g.models[m];
    let mine = |t: usize| {
        let tok = &g.tokens[t];
        match g.crisis_card(tok.crisis).token_mode {
            TokenMode::Control => tok.control == Some(me.owner),
            TokenMode::PickUp => tok.holder.is_some(),
            TokenMode::Secure => false,
        }
    };
    let tokens = (0..g.tokens.len()).filter(|&t| !mine(t)).map(|t| g.token_pos(t));
    let enemies = g.models.iter().filter(|x| x.owner != me.owner && x.present()).map(|x| x.pos);
    tokens.chain(enemies).min_by(|a, b| len(sub(*a, me.pos)).total_cmp(&len(sub(*b, me.pos)))).unwrap_or([18.0, 18.0])
}

fn goal_dist(g: &Crisis, m: usize) -> f64 {
    len(sub(goal(g, m), g.models[m].pos))
}
