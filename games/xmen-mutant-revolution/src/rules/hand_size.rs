//! Discard to Hand Size: sealed discards by the Schools over their Hand
//! Size, revealed together when all are in.

use super::{card_names, illegal};
use crate::action::Action as A;
use crate::state::XMen;
use crate::state::phase::*;
use crate::state::{HandCard, Log};
use backroom_engine::{GameRng, RuleError, Seat, SeatSet, plural};

impl XMen {
    pub(crate) fn start_hand_size(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        let over: SeatSet = (0..self.seats)
            .filter(|s| {
                let p = &self.players[*s as usize];
                p.hand.len() > p.hand_size()
            })
            .collect();
        if over.is_empty() {
            self.start_recruit(rng, log);
        } else {
            self.phase = Phase::HandSize { commits: Default::default(), over };
        }
    }

    /// Discard to Hand Size (sealed; revealed when all are in).
    pub fn hand_size_action(
        &mut self,
        seat: Seat,
        a: &A,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        let Phase::HandSize { over, .. } = &self.phase else { unreachable!() };
        let p = &self.players[seat as usize];
        let A::DiscardToHandSize { cards } = a else {
            let why = if over.contains(seat) {
                format!(
                    "You hold {} and your Hand Size is {}: discard down to it first (\"{}\" waits).",
                    plural(p.hand.len() as u32, "card", "cards"),
                    p.hand_size(),
                    super::action_name(a)
                )
            } else {
                format!(
                    "{} over Hand Size {} discarding; \"{}\" waits until they are done.",
                    self.school_names(over.iter()),
                    if over.len() == 1 { "is" } else { "are" },
                    super::action_name(a)
                )
            };
            return Err(illegal("Discard to Hand Size", why));
        };
        if !over.contains(seat) {
            return Err(RuleError::not_your_turn(
                "Discard to Hand Size",
                format!(
                    "Your hand of {} is within your Hand Size of {}: you discard nothing.",
                    plural(p.hand.len() as u32, "card", "cards"),
                    p.hand_size()
                ),
            ));
        }
        let p = &self.players[seat as usize];
        let excess = p.hand.len() - p.hand_size();
        if cards.len() != excess {
            return Err(illegal(
                "Discard to Hand Size",
                format!(
                    "Discard exactly {} to reach your Hand Size of {}; you named {}.",
                    plural(excess as u32, "card", "cards"),
                    p.hand_size(),
                    cards.len()
                ),
            ));
        }
        HandCard::split(cards, &p.hand).map_err(|e| illegal("Discard to Hand Size", e))?;
        let Phase::HandSize { commits, over } = &mut self.phase else { unreachable!() };
        commits.insert(seat, cards.clone());
        if over.iter().all(|s| commits.contains_key(&s)) {
            let all: Vec<(Seat, Vec<HandCard>)> = std::mem::take(commits).0.into_iter().collect();
            for (s, named) in all {
                let p = &mut self.players[s as usize];
                // Checked when each School committed; hands do not change meanwhile.
                let Ok((cards, rest)) = HandCard::split(&named, &p.hand) else {
                    continue;
                };
                p.hand = rest;
                log.note(format!("{} {} to Hand Size.", self.who_verb(s, "discards", "discard"), card_names(&cards)));
                self.plot_discard.extend(cards);
            }
            self.start_recruit(rng, log);
        }
        Ok(())
    }
}
