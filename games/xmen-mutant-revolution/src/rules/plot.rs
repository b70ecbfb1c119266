//! Plot Phase: turns to act from the Mission Commander, Asking for Support
//! (pledges), Discard Cards for Hope Coins, Use 1 Character Power, Pass, and
//! giving Hope Coins. Playing and cancelling Events is in [`super::event_cards`].

use super::{card_names, illegal};
use crate::action::Action as A;
use crate::content::content;
use crate::state::phase::*;
use crate::state::{Log, XMen};
use backroom_engine::{GameRng, RuleError, Seat, SeatSet, and_list, plural};

impl XMen {
    pub(crate) fn start_plot(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        for s in self.clockwise(self.mc) {
            self.draw_plot(s, 3, rng);
        }
        log.note("Plot Phase: every School draws 3 Plot Cards.".into());
        self.phase = Phase::Plot(Plot {
            current: self.mc,
            passed: SeatSet::EMPTY,
            request: None,
            requested: false,
            chain: None,
        });
    }

    pub(crate) fn plot_state(&mut self) -> &mut Plot {
        match &mut self.phase {
            Phase::Plot(p) => p,
            _ => unreachable!(),
        }
    }

    /// The cheapest Reaction with this trigger in the content (public data
    /// that decides who is offered a cancel window).
    pub fn cheapest(trigger: &str) -> Option<u8> {
        content().plot.iter().filter(|p| p.trigger.as_deref() == Some(trigger)).map(|p| p.plot).min()
    }

    /// Plot Phase actions.
    pub fn plot_action(&mut self, seat: Seat, a: &A, rng: &mut GameRng, log: &mut Log<'_>) -> Result<(), RuleError> {
        if let A::GiveHope { to, amount } = a {
            return self.give_hope(seat, *to, *amount, log);
        }
        let pl = self.plot_state().clone();
        if let Some(chain) = &pl.chain {
            return self.chain_action(seat, chain.clone(), a, rng, log);
        }
        if let Some(req) = &pl.request
            && req.pledges.len() < self.seats as usize
        {
            return self.pledge(seat, pl.current, req, a, log);
        }
        if seat != pl.current {
            return Err(RuleError::not_your_turn(
                "Plot Phase",
                format!("It is {}'s turn to act, not yours.", self.school_name(pl.current)),
            ));
        }
        let locked = pl.request.is_some();
        match a {
            A::RequestSupport { amount } => self.request_support(seat, *amount, locked, pl.requested, log)?,
            A::AbandonRequest => self.abandon_request(seat, locked, log)?,
            A::PlayEvent { card, targets, character, supporters } => {
                self.play_event(seat, *card, targets, *character, supporters, rng, log)?;
            }
            A::DiscardForHope { cards } => {
                if locked {
                    return Err(request_open_first(a));
                }
                self.discard_for_hope(seat, cards, rng, log)?;
            }
            A::UsePower { character } => {
                if locked {
                    return Err(request_open_first(a));
                }
                self.use_power(seat, *character, rng, log)?;
            }
            A::Pass => {
                if locked {
                    return Err(request_open_first(a));
                }
                self.plot_state().passed.insert(seat);
                log.note(format!("{}.", self.who_verb(seat, "passes", "pass")));
                self.next_plot_turn(rng, log);
            }
            _ => {
                return Err(illegal(
                    "Plot Phase",
                    format!(
                        "It is your turn to act in the Plot Phase, where \"{}\" is not a choice: play an Event, ask for support, discard for Hope, use a Power or pass.",
                        super::action_name(a)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Playing Event Cards, asking for support: a seat other than the one
    /// who asked pledges Plot Points (a pledge is locked).
    fn pledge(&mut self, seat: Seat, current: Seat, req: &Request, a: &A, log: &mut Log<'_>) -> Result<(), RuleError> {
        let waiting = (0..self.seats).filter(|s| !req.pledges.contains_key(s));
        let waiting = self.school_names(waiting);
        let asked = format!(
            "{} asked for {} of support",
            self.school_name(current),
            plural(req.amount, "Plot Point", "Plot Points")
        );
        let A::Pledge { amount } = a else {
            return Err(RuleError::not_your_turn(
                "Playing Event Cards",
                format!("{asked}; the table waits for the pledges of {waiting}."),
            ));
        };
        if seat == current {
            return Err(RuleError::not_your_turn(
                "Playing Event Cards",
                format!("You asked for this support; {waiting} still to pledge."),
            ));
        }
        if req.pledges.contains_key(&seat) {
            return Err(RuleError::not_your_turn(
                "Playing Event Cards",
                format!("You have pledged already (a pledge is locked); {waiting} still to pledge."),
            ));
        }
        if *amount > self.players[seat as usize].pp {
            return Err(illegal(
                "Playing Event Cards",
                format!(
                    "You pledge {} and have {}.",
                    plural(*amount, "Plot Point", "Plot Points"),
                    plural(self.players[seat as usize].pp, "Plot Point", "Plot Points")
                ),
            ));
        }
        // A pledge is locked and, from version 2, its Plot Points are
        // held aside at once: "they cannot later withdraw their
        // support" (version 1 took them when the Event was played).
        if self.readings().every_pledge_held_aside() {
            self.players[seat as usize].pp -= *amount;
        }
        self.plot_state().request.as_mut().unwrap().pledges.insert(seat, *amount);
        log.note(if *amount == 0 {
            format!("{} nothing.", self.who_verb(seat, "pledges", "pledge"))
        } else {
            format!(
                "{} {}{}.",
                self.who_verb(seat, "pledges", "pledge"),
                plural(*amount, "Plot Point", "Plot Points"),
                if self.readings().every_pledge_held_aside() { ", held aside until the Event is played" } else { "" }
            )
        });
        Ok(())
    }

    /// Playing Event Cards: the seat to act asks the others for support,
    /// once per turn to act.
    fn request_support(
        &mut self,
        seat: Seat,
        amount: u8,
        locked: bool,
        requested: bool,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        if locked || requested {
            let why = if locked {
                "Your support request is open: play an Event with it or abandon it."
            } else {
                "You have asked for support once this turn to act; a request is made once per turn to act."
            };
            return Err(illegal("Playing Event Cards", why));
        }
        if !(1..=6).contains(&amount) {
            return Err(illegal(
                "Playing Event Cards",
                format!("A request for support is for 1 to 6 Plot Points, not {amount}."),
            ));
        }
        let mut pledges = SeatMap::default();
        pledges.insert(seat, 0);
        self.plot_state().request = Some(Request { amount, pledges });
        self.plot_state().requested = true;
        log.note(format!(
            "{} for {} of support.",
            self.who_verb(seat, "asks", "ask"),
            plural(amount, "Plot Point", "Plot Points")
        ));
        Ok(())
    }

    /// Playing Event Cards: the seat gives up its open support request and
    /// the pledges go back.
    fn abandon_request(&mut self, seat: Seat, locked: bool, log: &mut Log<'_>) -> Result<(), RuleError> {
        if !locked {
            return Err(illegal("Playing Event Cards", "You have no open support request to abandon."));
        }
        // "If for some reason the player does not have such an Event
        // Card, then the supporting players are immediately
        // reimbursed their spent Plot Points." From version 2 the
        // pledges were held aside and go back now; version 1 had
        // taken nothing yet.
        let pledges = self.plot_state().request.take().unwrap().pledges;
        let mut back = vec![];
        for (s, n) in pledges.iter() {
            if *n > 0 && self.readings().every_pledge_held_aside() {
                self.players[*s as usize].pp += n;
                back.push(format!("{} {}", self.who(*s), plural(*n, "Plot Point", "Plot Points")));
            }
        }
        log.note(if back.is_empty() {
            format!("{} the support request.", self.who_verb(seat, "abandons", "abandon"))
        } else {
            format!(
                "{} the support request; pledged Plot Points go back at once ({}).",
                self.who_verb(seat, "abandons", "abandon"),
                and_list(&back)
            )
        });
        Ok(())
    }

    /// Discard Cards for Hope Coins.
    fn discard_for_hope(
        &mut self,
        seat: Seat,
        cards: &[crate::state::HandCard],
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        if cards.is_empty() {
            return Err(illegal(
                "Discard Cards for Hope Coins",
                "You named no card: discard at least 1 for Hope Coins.",
            ));
        }
        let p = &mut self.players[seat as usize];
        let (cards, rest) =
            crate::state::HandCard::split(cards, &p.hand).map_err(|e| illegal("Discard Cards for Hope Coins", e))?;
        let cards = &cards;
        p.hand = rest;
        let hope: u32 = cards.iter().map(|c| c.card().hope as u32).sum();
        p.hope += hope;
        self.plot_discard.extend(cards.iter().copied());
        log.note(format!("{} {} for {hope} Hope.", self.who_verb(seat, "discards", "discard"), card_names(cards)));
        self.next_plot_turn(rng, log);
        Ok(())
    }

    /// Use 1 Character Power (a Plot Phase Power).
    fn use_power(
        &mut self,
        seat: Seat,
        character: crate::CharKey,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        let p = &mut self.players[seat as usize];
        let Some(i) = p.find(character) else {
            return Err(illegal("Use 1 Character Power", format!("{} is not in your School", character.name())));
        };
        let Some(pw) = p.chars[i].power("plot") else {
            return Err(illegal("Use 1 Character Power", format!("{} has no Plot Phase Power", character.name())));
        };
        if p.chars[i].power == 0 {
            return Err(illegal("Use 1 Character Power", format!("{} has no Power Token", character.name())));
        }
        p.chars[i].power -= 1;
        // What the Power did has a line of its own (issue 12 item 2),
        // the same one an Event's effect gets.
        log.note(format!(
            "{} the Power of {}, which spends a Power Token.",
            self.who_verb(seat, "uses", "use"),
            character.name()
        ));
        let op = if pw.op == "gain_hope" { "gain_hope" } else { "draw" };
        self.apply_plot_effect(seat, seat, op, pw.amount as u32, None, rng, log);
        self.next_plot_turn(rng, log);
        Ok(())
    }

    pub(crate) fn give_hope(&mut self, seat: Seat, to: Seat, amount: u32, log: &mut Log<'_>) -> Result<(), RuleError> {
        if to >= self.seats || to == seat {
            let why = if to == seat {
                "Hope is given to another School, not to your own.".to_string()
            } else {
                format!("There is no seat {}.", to + 1)
            };
            return Err(illegal("Hope Coins", why));
        }
        if amount == 0 || amount > self.players[seat as usize].hope {
            let have = self.players[seat as usize].hope;
            let why = if amount == 0 {
                "Give at least 1 Hope Coin.".to_string()
            } else {
                format!("You give {} and have {have}.", plural(amount, "Hope Coin", "Hope Coins"))
            };
            return Err(illegal("Hope Coins", why));
        }
        self.players[seat as usize].hope -= amount;
        self.players[to as usize].hope += amount;
        log.note(format!("{} {amount} Hope to {}.", self.who_verb(seat, "gives", "give"), self.who(to)));
        Ok(())
    }

    pub(crate) fn next_plot_turn(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        let n = self.seats;
        let pl = self.plot_state();
        pl.request = None;
        pl.requested = false;
        if pl.passed.len() == n as usize {
            self.start_hand_size(rng, log);
            return;
        }
        let mut s = (pl.current + 1) % n;
        while pl.passed.contains(s) {
            s = (s + 1) % n;
        }
        pl.current = s;
    }
}

/// An action other than playing the Event while the seat's support request
/// is open.
fn request_open_first(a: &A) -> RuleError {
    illegal(
        "Playing Event Cards",
        format!(
            "Your support request is open: play an Event with it or abandon it first (\"{}\" waits).",
            super::action_name(a)
        ),
    )
}
