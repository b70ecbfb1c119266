//! What each seat may do now, offering only options that work: legal
//! deployment points, movement plans already validated by
//! [`crate::rules::movement`], attacks whose cost is payable with targets in range
//! and line of sight, tokens within R1. A point, a plan or a superpower's
//! point and direction is any within its domain, those ready-made ones as
//! quick picks ([`crate::prompts::free`]).

pub mod activation;
pub mod free;
pub mod setup;

use crate::state::{Crisis, Phase};
use backroom_engine::{Input, Opt, Prompt, Seat};

pub(crate) fn one(options: Vec<Opt>) -> Input {
    Input::One { options }
}

/// The prompt for `seat`, if it may act.
pub fn prompt(g: &Crisis, seat: Seat) -> Option<Prompt> {
    if seat > 1 {
        return None;
    }
    match g.phase {
        Phase::Over => None,
        Phase::Rosters => Some(setup::roster_prompt(g, seat)),
        Phase::Battlefield => setup::battlefield_prompt(g, seat),
        Phase::DeckChoice => setup::deck_prompt(g, seat),
        Phase::MissionSetup => setup::mission_prompt(g, seat),
        Phase::ThreatChoice => setup::threat_prompt(g, seat),
        Phase::EdgeChoice => setup::edge_prompt(g, seat),
        Phase::SquadBuild => setup::squad_prompt(g, seat),
        Phase::Deployment => setup::deploy_prompt(g, seat),
        Phase::Leadership => setup::leader_prompt(g, seat),
        Phase::Activation => activation::activation_phase_prompt(g, seat),
    }
}
