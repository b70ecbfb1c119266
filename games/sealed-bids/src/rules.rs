//! The rules, by their names in the rules: the Bidding Dial (lock or
//! change a dial while the round is open) and Scoring (the highest unique
//! bid scores when the last dial is locked; the most points win).

use crate::{Action, MAX_BID, Reveal, SealedBids};
use backroom_engine::{LogEntry, Outcome, RuleError, Seat, SeatSet, and_list, plural, seat_ref, seat_verb};

impl SealedBids {
    /// Bidding Dial: `seat` locks its dial, or changes a locked one before
    /// the reveal; the last dial locked reveals the round.
    pub(crate) fn bid(&mut self, seat: Seat, action: &Action, log: &mut Vec<LogEntry>) -> Result<(), RuleError> {
        let Action::Bid { value, round } = *action;
        if let Some(r) = round
            && r != self.round
        {
            return Err(RuleError::illegal(
                "Rounds",
                format!("that bid was for round {}, but round {} is open", r + 1, self.round + 1),
            ));
        }
        if value > MAX_BID {
            return Err(RuleError::illegal("Bidding Dial", format!("a dial goes from 0 to {MAX_BID}, not {value}")));
        }
        let private = match self.dials[seat as usize].replace(value) {
            None => format!("{} locked the dial at {value}.", seat_ref(seat)),
            Some(old) => format!("{} changed the dial from {old} to {value}.", seat_ref(seat)),
        };
        log.push(LogEntry::split(
            SeatSet::only(seat),
            private,
            Some(format!("{} locked a bid.", seat_verb(seat, "has", "have"))),
        ));
        if self.dials.iter().all(Option::is_some) {
            log.push(self.resolve_round());
        }
        Ok(())
    }

    /// Scoring, at the end of the game: the most points win, and equal
    /// points share a place.
    pub(crate) fn final_standing(&self) -> Option<Outcome> {
        if self.round < self.rounds {
            return None;
        }
        let mut order: Vec<Seat> = (0..self.seats).collect();
        order.sort_by_key(|s| std::cmp::Reverse(self.scores[*s as usize]));
        let mut ranking: Vec<Vec<Seat>> = Vec::new();
        for s in order {
            match ranking.last_mut() {
                Some(group) if self.scores[group[0] as usize] == self.scores[s as usize] => group.push(s),
                _ => ranking.push(vec![s]),
            }
        }
        let top = &ranking[0];
        let points = plural(self.scores[top[0] as usize], "point", "points");
        let summary = if top.len() == 1 {
            format!("{} with {points}.", seat_verb(top[0], "wins", "win"))
        } else {
            let who: Vec<String> = top.iter().map(|s| seat_ref(*s)).collect();
            format!("{} share first place with {points}.", and_list(&who))
        };
        Some(Outcome { ranking, scores: self.scores.clone(), summary, game_winner: None })
    }

    /// Scoring: reveals every dial; the highest unique bid scores 1 point.
    fn resolve_round(&mut self) -> LogEntry {
        let bids: Vec<u8> = self.dials.iter().map(|d| d.unwrap_or(0)).collect();
        let winner = highest_unique(&bids);
        if let Some(w) = winner {
            self.scores[w as usize] += 1;
        }
        // Text names seats by token (`backroom_engine::names`): the reader
        // sees names, and "you" for their own seat.
        let each: Vec<String> = bids.iter().enumerate().map(|(s, b)| format!("{} {b}", seat_ref(s as Seat))).collect();
        let result = match winner {
            Some(w) => format!("{} with {}.", seat_verb(w, "scores", "score"), bids[w as usize]),
            None => "Every bid was matched: nobody scores.".to_string(),
        };
        let text = format!("Round {} bids: {}. {result}", self.round + 1, and_list(&each));
        self.reveals.push(Reveal { bids, winner });
        self.round += 1;
        self.dials.iter_mut().for_each(|d| *d = None);
        LogEntry::public(text)
    }
}

/// The seat whose bid nobody else made and is highest among such bids.
pub fn highest_unique(bids: &[u8]) -> Option<Seat> {
    let mut count = [0u8; MAX_BID as usize + 1];
    for b in bids {
        count[*b as usize] += 1;
    }
    let best = (0..=MAX_BID).rev().find(|v| count[*v as usize] == 1)?;
    bids.iter().position(|b| *b == best).map(|i| i as Seat)
}
