//! Recruit Phase, Recruit and Train: the Bidding Dial auctions (shared with
//! Bid for Mission Commander), tie rounds with escrow, Plot Cards Earned for
//! High Bids, and attaching Training Cards.

use super::{MAX_DIAL, illegal};
use crate::action::Action as A;
use crate::content::{RecruitId, RecruitType};
use crate::state::phase::*;
use crate::state::{CharKey, Character, Log, Rank, Reveal, RevealOutcome, XMen};
use backroom_engine::{GameRng, RuleError, Seat, and_list};

impl XMen {
    pub(crate) fn start_recruit_auctions(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        let mut row = vec![];
        for _ in 0..self.seats {
            if let Some(c) = self.draw_recruit(rng) {
                row.push(c);
            }
        }
        log.note(format!("Recruit and Train: {} cards are dealt face down.", row.len()));
        self.next_recruit(row, rng, log);
    }

    pub(crate) fn next_recruit(&mut self, mut row: Vec<RecruitId>, rng: &mut GameRng, log: &mut Log<'_>) {
        if row.is_empty() {
            self.start_mission_phase(rng, log);
            return;
        }
        let current = row.remove(0);
        log.note(format!("{} is up for recruitment.", current.card().name));
        self.phase =
            Phase::Recruit(Recruit { row, current, auction: Auction::new(self.seats, self.all()), training_for: None });
    }

    /// A dial's legal range: 0 to min(14, Hope on the School card minus
    /// escrow) (ruling A23).
    pub fn dial_max(&self, seat: Seat, auction: &Auction) -> u8 {
        let free = self.players[seat as usize].hope.saturating_sub(auction.escrow[seat as usize]);
        free.min(MAX_DIAL as u32) as u8
    }

    /// A Bidding Dial for the current auction.
    pub fn bid_action(&mut self, seat: Seat, a: &A, rng: &mut GameRng, log: &mut Log<'_>) -> Result<(), RuleError> {
        let auction = match &self.phase {
            Phase::Recruit(r) if r.training_for.is_none() => &r.auction,
            Phase::McBid { auction, .. } => auction,
            Phase::Recruit(_) => return self.train_action(seat, a, rng, log),
            _ => unreachable!(),
        };
        let item = match &self.phase {
            Phase::Recruit(r) => r.current.card().name.clone(),
            _ => "Mission Commander".to_string(),
        };
        let A::Bid { value } = a else {
            return Err(illegal(
                "Bidding",
                format!(
                    "The Bidding Dials are being set for {item}: \"{}\" waits until they are revealed.",
                    super::action_name(a)
                ),
            ));
        };
        if !auction.bidders.contains(seat) {
            return Err(RuleError::not_your_turn(
                "Bidding",
                format!(
                    "Only {} still bid for {item} (round {}); you are out of this auction.",
                    self.school_names(auction.bidders.iter()),
                    auction.round
                ),
            ));
        }
        let max = self.dial_max(seat, auction);
        if *value > max {
            return Err(illegal(
                "Bidding Dial",
                format!(
                    "You dialed {value}; your dial goes from 0 to {max} (14 at most, and only the Hope Coins you hold)."
                ),
            ));
        }
        let auction = match &mut self.phase {
            Phase::Recruit(r) => &mut r.auction,
            Phase::McBid { auction, .. } => auction,
            _ => unreachable!(),
        };
        auction.dials.insert(seat, *value);
        if auction.bidders.iter().all(|s| auction.dials.contains_key(&s)) {
            self.reveal_dials(rng, log);
        }
        Ok(())
    }

    /// All dials are revealed: the AUCTION sub-machine (§1.6).
    pub(crate) fn reveal_dials(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        let who: Vec<String> = (0..self.seats).map(|s| self.who(s)).collect();
        let auction = match &mut self.phase {
            Phase::Recruit(r) => &mut r.auction,
            Phase::McBid { auction, .. } => auction,
            _ => unreachable!(),
        };
        let dials = std::mem::take(&mut auction.dials);
        auction.revealed.push(dials.clone());
        let (escrow_before, round_before) = (auction.escrow.clone(), auction.round);
        let bidders: Vec<Seat> = auction.bidders.iter().collect();
        let text = and_list(&bidders.iter().map(|s| format!("{} {}", who[*s as usize], dials[s])).collect::<Vec<_>>());
        let outcome = if bidders.iter().all(|s| dials[s] == 0) {
            None
        } else {
            let total = |s: &Seat| auction.escrow[*s as usize] + dials[s] as u32;
            let best = bidders.iter().map(total).max().unwrap();
            let top: Vec<Seat> = bidders.iter().copied().filter(|s| total(s) == best).collect();
            if top.len() == 1 {
                let w = top[0];
                let bonus = auction.round == 1 && dials[&w] >= 10;
                Some(Some((w, best, bonus)))
            } else {
                for s in &bidders {
                    if top.contains(s) {
                        auction.escrow[*s as usize] += dials[s] as u32;
                    } else {
                        auction.escrow[*s as usize] = 0;
                    }
                }
                auction.bidders = top.iter().copied().collect();
                auction.round += 1;
                Some(None)
            }
        };
        log.note(format!("Dials revealed: {text}."));
        let item = match &self.phase {
            Phase::Recruit(r) => r.current.key_str().to_string(),
            _ => "mission_commander".to_string(),
        };
        let result = match &outcome {
            None => RevealOutcome::Failed,
            Some(None) => RevealOutcome::Tie {
                seats: match &self.phase {
                    Phase::Recruit(r) => r.auction.bidders.iter().collect(),
                    Phase::McBid { auction, .. } => auction.bidders.iter().collect(),
                    _ => vec![],
                },
            },
            Some(Some((w, paid, bonus))) => RevealOutcome::Won { winner: *w, price: *paid, bonus: *bonus },
        };
        let actor = match &result {
            RevealOutcome::Won { winner, .. } => Some(*winner),
            _ => None,
        };
        self.last_reveal =
            Some(Reveal { item, round: round_before, dials: dials.clone(), escrow: escrow_before, outcome: result });
        self.open_trigger_window("bids_revealed", actor, log);
        match outcome {
            Some(None) => log.note("Tied: the tied bidders put their bids on the board and bid again.".into()),
            None => self.auction_failed(rng, log),
            Some(Some((w, paid, bonus))) => self.auction_won(w, paid, bonus, rng, log),
        }
    }

    pub(crate) fn auction_failed(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        match std::mem::replace(&mut self.phase, Phase::Over { ranking: vec![], summary: String::new() }) {
            Phase::Recruit(r) => {
                log.note(format!("Every bid is 0: the recruitment of {} fails.", r.current.card().name));
                self.recruit_discard.push(r.current);
                self.next_recruit(r.row, rng, log);
            }
            Phase::McBid { mission, auction } => {
                // Ruling A20: the remaining bidders roll 3 dice; nobody pays.
                let field: Vec<Seat> = auction.bidders.iter().collect();
                let (w, rolls) = XMen::roll_off(&field, rng);
                log.note(format!("Every bid is 0: roll for Mission Commander ({}).", XMen::rolls_text(&rolls)));
                self.new_mc(w, mission, log);
            }
            _ => unreachable!(),
        }
    }

    pub(crate) fn auction_won(&mut self, w: Seat, paid: u32, bonus: bool, rng: &mut GameRng, log: &mut Log<'_>) {
        self.players[w as usize].hope -= paid;
        if bonus {
            self.draw_plot(w, 1, rng);
        }
        let bonus_text = if bonus { " and a bonus Plot Card" } else { "" };
        match std::mem::replace(&mut self.phase, Phase::Over { ranking: vec![], summary: String::new() }) {
            Phase::Recruit(mut r) => {
                let card = r.current.card();
                log.note(format!("{} {} for {paid} Hope{bonus_text}.", self.who_verb(w, "wins", "win"), card.name));
                match card.kind {
                    RecruitType::Training => {
                        if self.training_holders(w, r.current).is_empty() {
                            log.note(format!(
                                "{} nobody to train: {} is discarded.",
                                self.who_verb(w, "has", "have"),
                                card.name
                            ));
                            self.recruit_discard.push(r.current);
                            self.next_recruit(r.row, rng, log);
                        } else {
                            r.training_for = Some(w);
                            self.phase = Phase::Recruit(r);
                        }
                    }
                    _ => {
                        self.players[w as usize]
                            .chars
                            .push(Character::new(CharKey::Recruit(r.current), card.kind.arrival_tokens()));
                        self.next_recruit(r.row, rng, log);
                    }
                }
            }
            Phase::McBid { mission, .. } => {
                log.note(format!(
                    "{} the Mission Commander bid for {paid} Hope{bonus_text}.",
                    self.who_verb(w, "wins", "win")
                ));
                self.new_mc(w, mission, log);
            }
            _ => unreachable!(),
        }
    }

    /// Why `character` may not take the Training Card `card` (it is not
    /// among [`Self::training_holders`]).
    fn train_refusal(&self, seat: Seat, card: RecruitId, character: CharKey) -> String {
        let p = &self.players[seat as usize];
        let name = character.name();
        let Some(c) = p.find(character).map(|i| &p.chars[i]) else {
            return format!("{name} is not in your School.");
        };
        if let Some(t) = c.training {
            return format!("{name} has a Training Card already ({}); a Character takes one.", t.card().name);
        }
        match c.rank() {
            Rank::Leader => format!("{name} is your Leader; a Training Card goes on a Hero or Student."),
            Rank::Hero => format!("{} trains Students only, and {name} is a Hero.", card.card().name),
            Rank::Student => format!("{} trains Heroes only, and {name} is a Student.", card.card().name),
        }
    }

    /// Heroes and Students of `seat` that may take this Training Card.
    pub fn training_holders(&self, seat: Seat, card: RecruitId) -> Vec<CharKey> {
        let r = card.card().restriction.as_deref().unwrap_or("any");
        self.players[seat as usize]
            .chars
            .iter()
            .filter(|c| c.training.is_none())
            .filter(|c| match c.rank() {
                Rank::Leader => false,
                Rank::Hero => r != "student",
                Rank::Student => r != "hero",
            })
            .map(|c| c.id)
            .collect()
    }

    pub(crate) fn train_action(
        &mut self,
        seat: Seat,
        a: &A,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        let Phase::Recruit(r) = &self.phase else { unreachable!() };
        if r.training_for != Some(seat) {
            let who = r.training_for.map_or_else(String::new, |s| self.school_name(s));
            return Err(RuleError::not_your_turn(
                "Recruit and Train",
                format!("{who} is assigning its Training Card, {}, now.", r.current.card().name),
            ));
        }
        let A::Train { character } = a else {
            return Err(illegal(
                "Recruit and Train",
                format!(
                    "You won {}: attach it to one of your Heroes or Students first (\"{}\" waits).",
                    r.current.card().name,
                    super::action_name(a)
                ),
            ));
        };
        if !self.training_holders(seat, r.current).contains(character) {
            return Err(illegal("Recruit and Train", self.train_refusal(seat, r.current, *character)));
        }
        let (card, row) = (r.current, r.row.clone());
        let p = &mut self.players[seat as usize];
        let i = p.find(*character).unwrap();
        p.chars[i].training = Some(card);
        log.note(format!("{} {} with {}.", self.who_verb(seat, "trains", "train"), character.name(), card.card().name));
        self.next_recruit(row, rng, log);
        Ok(())
    }
}
