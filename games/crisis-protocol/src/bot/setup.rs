//! The bots' answers to the full setup's steps (engine version 2): a
//! roster of the ten cheapest characters (the most squads fit any Maximum
//! Threat) and the ten Team Tactic cards worth most to it ([`card_value`]);
//! the proposed terrain layout confirmed; a deck at random; mission tokens
//! toward the middle of the table.
//!
//! Team Tactic cards are ranked by what they do (their effect kinds in the
//! content), not by name or content order, so a card the bot plays well
//! (Hold Together, Shadow Deal) is taken when the squad and the crises in
//! play suit it.

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
            let chars: Vec<&crate::content::Character> =
                chars.into_iter().take(crate::rules::rosters::ROSTER_CHARACTERS).collect();
            let characters: Vec<String> = chars.iter().map(|c| c.id.clone()).collect();
            // An affiliated card counts when the roster holds enough of its
            // affiliation for a squad of three or more sharing it; the
            // crises are not drawn yet, so every token mode may come.
            let fits = |t: &&crate::content::cards::Tactic| {
                t.affiliation.as_ref().is_none_or(|a| chars.iter().filter(|c| c.affiliations.contains(a)).count() >= 3)
            };
            let mut tactics = ranked(content().tactics.iter().filter(fits).collect(), &[], &characters);
            tactics.extend(ranked(content().tactics.iter().filter(|t| !fits(t)).collect(), &[], &characters));
            tactics.truncate(crate::rules::rosters::ROSTER_TACTICS);
            Some(Action::Roster { characters, tactics })
        }
        Phase::Battlefield => Some(Action::Battlefield { choice: crate::rules::battlefield::LayoutChoice::Confirm }),
        Phase::DeckChoice => {
            let deck = if rng.index(2) == 0 {
                crate::content::cards::CrisisKind::Secure
            } else {
                crate::content::cards::CrisisKind::Extraction
            };
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

/// What a Team Tactic card is worth to the bot: the best of its effects'
/// values below (0 for a card the engine does not play). `modes` are the
/// token modes of the crises in play (empty before they are drawn: every
/// card fits). The order follows what the bot's heuristics gain from each
/// (measured: taking the defensive reactions first beat content order; an
/// affiliated card in place of Evasive Roll, Last Stand or Coordinated
/// Strike measured alike, within noise, and Evasive Roll gives way):
///
/// | effect kind | value | fits when |
/// |---|---|---|
/// | Take Cover (`takeCover`) | 10 | always |
/// | extra defense dice (`defenseDice`) | 9 | always |
/// | defense dice for contesters (`contestingDefenseDice`) | 8.5 | a crisis has Secure tokens (else 1) |
/// | dice per ally near the target (`attackDicePerAllyNearTarget`) | 8 | always |
/// | pass a token (`passToken`) | 6.5 | a crisis has tokens to pick up (else 0.5) |
/// | `lastStand` | 6 | always |
/// | dodge reroll (`rerollDodge`) | 5.5 | always |
/// | `throwTerrain` | 5 | always |
/// | `overwatch` | 4 | always |
/// | shake conditions (`shakeAllies`) | 3 | always |
/// | interact at range (`interactRange`) | 2 | always |
/// | `extraAction` | 1 | always |
/// | ready an activated ally (`readyAlly`), `transform` | 0.5 | always (not played by the bot) |
///
/// Defense dice for every contester outweigh one Fortify where the bot
/// plays them (two or more allies contesting a Secure token); a passed
/// token keeps its VP from a character about to fall or carries it into the
/// enemy half.
pub fn card_value(
    t: &crate::content::cards::Tactic,
    modes: &[crate::content::cards::TokenMode],
    chars: &[String],
) -> f64 {
    use crate::content::cards::{TacticEffect as E, TokenMode};
    let fits = |m: TokenMode| modes.is_empty() || modes.contains(&m);
    let has = |id: &str| chars.iter().any(|c| c == id);
    let transforms = chars.iter().filter_map(|id| content().character(id)).any(|c| {
        c.sides
            .healthy
            .superpowers
            .iter()
            .any(|sp| sp.effects.iter().any(|e| matches!(e, crate::content::Power::Transform { .. })))
    });
    let value = |e: &E| match e {
        E::TakeCover {} => 10.0,
        E::DefenseDice { .. } => 9.0,
        E::ContestingDefenseDice { .. } => {
            if fits(TokenMode::Secure) {
                8.5
            } else {
                1.0
            }
        }
        E::AttackDicePerAllyNearTarget { .. } => 8.0,
        E::PassToken { .. } => {
            if fits(TokenMode::PickUp) {
                6.5
            } else {
                0.5
            }
        }
        E::LastStand { .. } => 6.0,
        E::RerollDodge {} => 5.5,
        E::ThrowTerrain { .. } => 5.0,
        E::Overwatch { .. } => 4.0,
        E::ShakeAllies { .. } => 3.0,
        E::InteractRange { .. } => 2.0,
        E::ExtraAction {} => 1.0,
        // A second activation for an ally in one turn, when the squad has
        // the character the card names; a Transform without its cost, when
        // a character can Transform: each in place of Evasive Roll.
        E::ReadyAlly { with, .. } if has(with) => 5.8,
        E::Transform {} if transforms => 5.7,
        E::ReadyAlly { .. } | E::Transform {} => 0.5,
    };
    t.effects.iter().map(value).fold(0.0, f64::max)
}

/// The cards' ids, the most valuable first ([`card_value`]; ties keep the
/// given order).
pub fn ranked(
    mut cards: Vec<&crate::content::cards::Tactic>,
    modes: &[crate::content::cards::TokenMode],
    chars: &[String],
) -> Vec<String> {
    cards.sort_by(|a, b| card_value(b, modes, chars).total_cmp(&card_value(a, modes, chars)));
    cards.into_iter().map(|t| t.id.clone()).collect()
}

/// Whether the character may go in the seat's squad (its roster, if any).
pub fn in_roster(g: &Crisis, seat: backroom_engine::Seat, id: &str) -> bool {
    g.rosters[usize::from(seat)].as_ref().is_none_or(|r| r.characters.iter().any(|c| c == id))
}

/// Whether the Team Tactic card may go with the seat's squad.
pub fn card_in_roster(g: &Crisis, seat: backroom_engine::Seat, id: &str) -> bool {
    g.rosters[usize::from(seat)].as_ref().is_none_or(|r| r.tactics.iter().any(|c| c == id))
}
