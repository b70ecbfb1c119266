//! The setup prompts, step by step (rosters, the battlefield agreement,
//! the deck choice, mission tokens, Maximum Threat, edge, squads,
//! deployment and the leader): each offers what the setup rules' own checks
//! accept.

use super::{free, one};
use crate::content::content;
use crate::rules::setup::deploy_points;
use crate::state::Crisis;
use backroom_engine::{Ask, Input, Opt, Prompt, Seat};
use serde_json::json;

/// The deck choice: the priority player picks the crisis deck.
pub fn deck_prompt(g: &Crisis, seat: Seat) -> Option<Prompt> {
    (seat == g.priority).then(|| {
        let opts = vec![Opt::new("secure", "Secure deck"), Opt::new("extraction", "Extraction deck")];
        Prompt::single(
            "Choose the crisis deck you draw from",
            Ask::new("choose_deck", "Draw from").param("deck", "Deck", one(opts)),
        )
    })
}

/// Mission setup: the next token to place, by its card's player.
pub fn mission_prompt(g: &Crisis, seat: Seat) -> Option<Prompt> {
    let &token = g.to_place.first()?;
    if seat != g.turn {
        return None;
    }
    let card = g.crisis_card(g.tokens[token].crisis);
    let opts = crate::rules::mission::place_points(g, token)
        .iter()
        .map(|p| Opt::new(json!(p), format!("at {:.1}, {:.1}", p[0], p[1])))
        .collect();
    let n = card.place_within.unwrap_or(0);
    Some(Prompt::single(
        format!("Mission setup: place {} token {} within R{n} of its map point", card.name, g.tokens[token].index + 1),
        Ask::new("place_token", format!("Place {} token {}", card.name, g.tokens[token].index + 1))
            .with("token", token)
            .param("at", "Where", free::table_point(g, opts)),
    ))
}

/// The Maximum Threat choice (the player without priority).
pub fn threat_prompt(g: &Crisis, seat: Seat) -> Option<Prompt> {
    if seat == g.priority {
        return None;
    }
    let opts = (0..2).map(|k| {
        let c = g.crisis_card(k);
        Opt::new(k, format!("{}: Maximum Threat {}", c.name, c.max_threat))
    });
    Some(Prompt::single(
        "Choose the Maximum Threat",
        Ask::new("choose_threat", "Choose the crisis whose Maximum Threat applies").param(
            "crisis",
            "Crisis",
            one(opts.collect()),
        ),
    ))
}

/// The edge choice (the player without priority).
pub fn edge_prompt(g: &Crisis, seat: Seat) -> Option<Prompt> {
    if seat == g.priority {
        return None;
    }
    let opts = crate::state::Edge::ALL.iter().map(|e| Opt::new(json!(e), format!("{e:?} edge"))).collect();
    Some(Prompt::single(
        "Choose your edge",
        Ask::new("choose_edge", "Choose your edge").param("edge", "Edge", one(opts)),
    ))
}

/// Squad building, in secret.
pub fn squad_prompt(g: &Crisis, seat: Seat) -> Option<Prompt> {
    let roster = g.rosters[usize::from(seat)].as_ref();
    let opts = content()
        .characters
        .iter()
        .filter(|c| roster.is_none_or(|r| r.characters.contains(&c.id)))
        .map(|c| {
            Opt::new(c.id.clone(), format!("{}, threat {}", c.name, c.threat))
                .disabled_if(c.threat > g.max_threat, || "over the Maximum Threat".into())
        })
        .collect();
    let title = if g.squads[usize::from(seat)].is_some() {
        "Change your squad while your opponent decides"
    } else {
        "Build your squad in secret"
    };
    let cards = content()
        .tactics
        .iter()
        .filter(|t| roster.is_none_or(|r| r.tactics.contains(&t.id)))
        .map(|t| Opt::new(t.id.clone(), t.name.clone()))
        .collect();
    Some(Prompt::single(
        format!("{title}: Maximum Threat {}", g.max_threat),
        Ask::new("squad", "Commit your squad")
            .param("characters", "Characters", Input::Many { options: opts, min: 1, max: 6 })
            .param("tactics", "Team Tactic cards, up to 5", Input::Many { options: cards, min: 0, max: 5 }),
    ))
}

/// Deployment: each undeployed character of the player whose turn it is.
pub fn deploy_prompt(g: &Crisis, seat: Seat) -> Option<Prompt> {
    if g.turn != seat {
        return None;
    }
    let asks: Vec<Ask> = (0..g.models.len())
        .filter(|&m| g.models[m].owner == seat && !g.models[m].deployed)
        .map(|m| {
            // With no grid point free, the point is laid by hand.
            let opts = deploy_points(g, m)
                .iter()
                .map(|p| Opt::new(json!(p), format!("at {:.1}, {:.1}", p[0], p[1])))
                .collect();
            Ask::new("deploy", format!("Deploy {}", g.models[m].card().name)).with("model", m).param(
                "at",
                "Where",
                free::table_point(g, opts),
            )
        })
        .collect();
    Some(Prompt { title: "Deploy a character within R3 of your edge".into(), asks })
}

/// The leadership choice among the qualifying leaders.
pub fn leader_prompt(g: &Crisis, seat: Seat) -> Option<Prompt> {
    if g.turn != seat {
        return None;
    }
    let opts = crate::rules::leadership::qualifying(g, seat)
        .into_iter()
        .map(|m| {
            let l = g.models[m].card().leadership.as_ref().map(|l| l.name.clone()).unwrap_or_default();
            Opt::new(m, format!("{}: {l}", g.models[m].card().name))
        })
        .collect();
    Some(Prompt::single(
        "Choose your leader for the game",
        Ask::new("choose_leader", "Choose the leader").param("model", "Leader", one(opts)),
    ))
}

/// The roster step: 10 characters and 10 Team Tactic cards, in secret
/// (or open by option).
pub fn roster_prompt(g: &Crisis, seat: Seat) -> Prompt {
    use crate::rules::rosters::{ROSTER_CHARACTERS, ROSTER_TACTICS};
    let chars = content()
        .characters
        .iter()
        .map(|c| Opt::new(c.id.clone(), format!("{} ({}), threat {}", c.name, c.alter_ego, c.threat)))
        .collect();
    let cards = content().tactics.iter().map(|t| Opt::new(t.id.clone(), t.name.clone())).collect();
    let title = if g.rosters[usize::from(seat)].is_some() {
        "Change your roster while your opponent decides"
    } else {
        "Build your roster"
    };
    Prompt::single(
        title,
        Ask::new("roster", "Commit your roster")
            .param(
                "characters",
                "Characters",
                Input::Many { options: chars, min: ROSTER_CHARACTERS as u32, max: ROSTER_CHARACTERS as u32 },
            )
            .param(
                "tactics",
                "Team Tactic cards",
                Input::Many { options: cards, min: ROSTER_TACTICS as u32, max: ROSTER_TACTICS as u32 },
            ),
    )
}

/// The battlefield agreement: confirm, ask for another layout, or propose
/// a house set.
pub fn battlefield_prompt(g: &Crisis, seat: Seat) -> Option<Prompt> {
    use crate::rules::battlefield::{LayoutChoice, MAX_LAYOUT_CHANGES, proposable_sets, refusal};
    if refusal(g, seat).is_some() {
        return None;
    }
    let mut asks = vec![Ask::new("battlefield", "Confirm this layout").with("choice", json!(LayoutChoice::Confirm))];
    if g.layout_changes < MAX_LAYOUT_CHANGES {
        let left = MAX_LAYOUT_CHANGES - g.layout_changes;
        asks.push(
            Ask::new("battlefield", format!("Ask for another generated layout ({left} changes left)"))
                .with("choice", json!(LayoutChoice::Generate)),
        );
        for set in proposable_sets(g) {
            asks.push(
                Ask::new("battlefield", format!("Propose the {} terrain set", set.name))
                    .with("choice", json!(LayoutChoice::Set(set.id.clone()))),
            );
        }
    }
    Some(Prompt { title: "Agree the battlefield".into(), asks })
}
