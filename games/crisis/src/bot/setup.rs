//! The bots' answers to the full setup's steps (engine version 2): a
//! roster of the ten cheapest characters (the most squads fit any Maximum
//! Threat) and the Team Tactic cards the engine plays first; the proposed
//! terrain layout confirmed; a deck at random; mission tokens toward the
//! middle of the table.

use super::opts;
use crate::Action;
use crate::content::content;
use crate::geometry::{Pt, len, sub};
use crate::state::{Crisis, Phase};
use backroom_engine::{GameRng, Prompt};

/// The action for a full-setup step, `None` in any other phase.
pub fn step(g: &Crisis, p: &Prompt, rng: &mut GameRng) -> Option<Action> {
    match g.phase {
        Phase::Rosters => {
            let mut chars: Vec<&crate::content::Character> = content().characters.iter().collect();
            chars.sort_by_key(|c| c.threat);
            let characters = chars.iter().take(crate::rules::rosters::ROSTER_CHARACTERS).map(|c| c.id.clone()).collect();
            let mut cards: Vec<&crate::cards::Tactic> = content().tactics.iter().collect();
            cards.sort_by_key(|t| t.effects.is_empty());
            let tactics = cards.iter().take(crate::rules::rosters::ROSTER_TACTICS).map(|t| t.id.clone()).collect();
            Some(Action::Roster { characters, tactics })
        }
        Phase::Battlefield => Some(Action::Battlefield { choice: crate::rules::battlefield::LayoutChoice::Confirm }),
        Phase::DeckChoice => {
            let deck = if rng.index(2) == 0 { crate::cards::CrisisKind::Secure } else { crate::cards::CrisisKind::Extraction };
            Some(Action::ChooseDeck { deck })
        }
        Phase::MissionSetup => {
            let (fixed, points) = opts(p, "place_token").into_iter().next()?;
            let token = usize::try_from(fixed.get("token")?.as_u64()?).ok()?;
            let at = points
                .iter()
                .filter_map(|v| serde_json::from_value::<Pt>(v.clone()).ok())
                .min_by(|a, b| len(sub(*a, [18.0, 18.0])).total_cmp(&len(sub(*b, [18.0, 18.0]))))?;
            Some(Action::PlaceToken { token, at })
        }
        _ => None,
    }
}

/// Whether the character may go in the seat's squad (its roster, if any).
pub fn in_roster(g: &Crisis, seat: backroom_engine::Seat, id: &str) -> bool {
    g.rosters[usize::from(seat)].as_ref().is_none_or(|r| r.characters.iter().any(|c| c == id))
}

/// Whether the Team Tactic card may go with the seat's squad.
pub fn card_in_roster(g: &Crisis, seat: backroom_engine::Seat, id: &str) -> bool {
    g.rosters[usize::from(seat)].as_ref().is_none_or(|r| r.tactics.iter().any(|c| c == id))
}
