//! Leadership (digest §1.1, LEADERSHIP_DECLARE, and ruling 12): a
//! Leadership ability works only while more than half of the squad shares
//! its affiliation and the leader is on the battlefield (Dazed included,
//! not KO'd). When several of a player's characters qualify, the player
//! picks one after deployment for the whole game, priority player first
//! (engine version 3; earlier versions took the first on the squad list).

use super::common::{Lines, model_name};
use super::round::start_round;
use crate::state::{Crisis, Phase};
use backroom_engine::{LogEntry, RuleError, Seat, seat_verb};

/// The characters of `seat` whose Leadership qualifies, in squad order.
pub fn qualifying(g: &Crisis, seat: Seat) -> Vec<usize> {
    let squad: Vec<usize> = (0..g.models.len()).filter(|&i| g.models[i].owner == seat).collect();
    squad
        .iter()
        .copied()
        .filter(|&i| g.models[i].present())
        .filter(|&i| {
            g.models[i].card().leadership.as_ref().is_some_and(|l| {
                let members =
                    squad.iter().filter(|&&x| g.models[x].card().affiliations.contains(&l.affiliation)).count();
                members * 2 > squad.len()
            })
        })
        .collect()
}

/// The next player who must still pick a leader, priority player first.
fn next_chooser(g: &Crisis) -> Option<Seat> {
    [g.priority, 1 - g.priority]
        .into_iter()
        .find(|&s| g.leaders[usize::from(s)].is_none() && qualifying(g, s).len() > 1)
}

/// Once deployment is over: a leader choice if one is owed, else Round 1.
pub fn after_deployment(g: &mut Crisis) -> Vec<LogEntry> {
    if crate::versions::v3(g)
        && let Some(s) = next_chooser(g)
    {
        g.phase = Phase::Leadership;
        g.turn = s;
        return vec![LogEntry::public(format!("{} a leader for the game.", seat_verb(s, "chooses", "choose")))];
    }
    start_round(g)
}

/// Picks the leader for the whole game.
pub fn choose(g: &mut Crisis, seat: Seat, model: usize) -> Lines {
    if g.phase != Phase::Leadership {
        return Err(RuleError::not_your_turn(
            "Leadership",
            format!("a leader is chosen after deployment; the match is in {}", super::common::phase_words(g.phase)),
        ));
    }
    if g.turn != seat {
        return Err(RuleError::not_your_turn("Leadership", "the other player is choosing a leader"));
    }
    if !qualifying(g, seat).contains(&model) {
        let why = match g.models.get(model) {
            None => format!("there is no character {model}"),
            Some(m) if m.owner != seat => format!("{} is the other player's character", m.card().name),
            Some(m) => match &m.card().leadership {
                None => format!("{} has no Leadership ability", m.card().name),
                Some(_) if !m.present() => format!("{} is not on the battlefield", m.card().name),
                Some(l) => format!(
                    "{}'s {} needs more than half of the squad to be {}; it is not",
                    m.card().name,
                    l.name,
                    l.affiliation
                ),
            },
        };
        return Err(RuleError::illegal("Leadership", why));
    }
    g.leaders[usize::from(seat)] = Some(model);
    let name = g.models[model].card().leadership.as_ref().map(|l| l.name.clone()).unwrap_or_default();
    let mut log = vec![LogEntry::public(format!("{} leads with {name}.", model_name(g, model)))];
    log.extend(after_deployment(g));
    Ok(log)
}
