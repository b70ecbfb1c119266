//! Plot Phase: turns to act from the Mission Commander, Asking for Support
//! (pledges), Discard Cards for Hope Coins, Use 1 Character Power, Pass, and
//! giving Hope Coins. Playing and cancelling Events is in [`super::event_cards`].

use super::{card_names, illegal};
use crate::action::Action as A;
use crate::content::content;
use crate::phase::*;
use crate::state::XMen;
use backroom_engine::{GameRng, RuleError, Seat, SeatSet, and_list, plural};

impl XMen {
    pub(crate) fn start_plot(&mut self, rng: &mut GameRng) {
        for s in self.clockwise(self.mc) {
            self.draw_plot(s, 3, rng);
        }
        self.note("Plot Phase: every School draws 3 Plot Cards.".into());
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
        content()
            .plot
            .iter()
            .filter(|p| p.trigger.as_deref() == Some(trigger))
            .map(|p| p.plot)
            .min()
    }

    /// Plot Phase actions.
    pub fn plot_action(&mut self, seat: Seat, a: &A, rng: &mut GameRng) -> Result<(), RuleError> {
        if let A::GiveHope { to, amount } = a {
            return self.give_hope(seat, *to, *amount);
        }
        let pl = self.plot_state().clone();
        if let Some(chain) = &pl.chain {
            return self.chain_action(seat, chain.clone(), a, rng);
        }
        if let Some(req) = &pl.request
            && req.pledges.len() < self.seats as usize
        {
            let A::Pledge { amount } = a else {
                return Err(RuleError::not_your_turn(
                    "Playing Event Cards",
                    "the other Schools are answering a support request",
                ));
            };
            if seat == pl.current || req.pledges.contains_key(&seat) {
                return Err(RuleError::not_your_turn(
                    "Playing Event Cards",
                    "you have nothing to answer",
                ));
            }
            if *amount > self.players[seat as usize].pp {
                return Err(illegal(
                    "Playing Event Cards",
                    format!("you have {} Plot Points", self.players[seat as usize].pp),
                ));
            }
            // A pledge is locked and, from version 2, its Plot Points are
            // held aside at once: "they cannot later withdraw their
            // support" (version 1 took them when the Event was played).
            if self.readings().every_pledge_held_aside() {
                self.players[seat as usize].pp -= *amount;
            }
            self.plot_state()
                .request
                .as_mut()
                .unwrap()
                .pledges
                .insert(seat, *amount);
            self.note(if *amount == 0 {
                format!("{} nothing.", self.who_verb(seat, "pledges", "pledge"))
            } else {
                format!(
                    "{} {}{}.",
                    self.who_verb(seat, "pledges", "pledge"),
                    plural(*amount, "Plot Point", "Plot Points"),
                    if self.readings().every_pledge_held_aside() {
                        ", held aside until the Event is played"
                    } else {
                        ""
                    }
                )
            });
            return Ok(());
        }
        if seat != pl.current {
            return Err(RuleError::not_your_turn(
                "Plot Phase",
                "it is another School's turn to act",
            ));
        }
        let locked = pl.request.is_some();
        match a {
            A::RequestSupport { amount } => {
                if locked || pl.requested {
                    return Err(illegal(
                        "Playing Event Cards",
                        "you already asked for support during this turn to act",
                    ));
                }
                if !(1..=6).contains(amount) {
                    return Err(illegal("Playing Event Cards", "ask for 1 to 6 Plot Points"));
                }
                let mut pledges = SeatMap::default();
                pledges.insert(seat, 0);
                self.plot_state().request = Some(Request {
                    amount: *amount,
                    pledges,
                });
                self.plot_state().requested = true;
                self.note(format!(
                    "{} for {} of support.",
                    self.who_verb(seat, "asks", "ask"),
                    plural(*amount, "Plot Point", "Plot Points")
                ));
            }
            A::AbandonRequest => {
                if !locked {
                    return Err(illegal(
                        "Playing Event Cards",
                        "there is no support request",
                    ));
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
                        back.push(format!(
                            "{} {}",
                            self.who(*s),
                            plural(*n, "Plot Point", "Plot Points")
                        ));
                    }
                }
                self.note(if back.is_empty() {
                    format!(
                        "{} the support request.",
                        self.who_verb(seat, "abandons", "abandon")
                    )
                } else {
                    format!(
                        "{} the support request; pledged Plot Points go back at once ({}).",
                        self.who_verb(seat, "abandons", "abandon"),
                        and_list(&back)
                    )
                });
            }
            A::PlayEvent {
                card,
                targets,
                character,
                supporters,
            } => {
                self.play_event(seat, *card, targets, *character, supporters, rng)?;
            }
            A::DiscardForHope { cards } => {
                if locked {
                    return Err(illegal(
                        "Playing Event Cards",
                        "play an Event with your support or abandon the request first",
                    ));
                }
                if cards.is_empty() {
                    return Err(illegal(
                        "Discard Cards for Hope Coins",
                        "discard at least 1 card",
                    ));
                }
                let p = &mut self.players[seat as usize];
                let (cards, rest) = crate::action::HandCard::split(cards, &p.hand)
                    .map_err(|e| illegal("Discard Cards for Hope Coins", e))?;
                let cards = &cards;
                p.hand = rest;
                let hope: u32 = cards.iter().map(|c| c.card().hope as u32).sum();
                p.hope += hope;
                self.plot_discard.extend(cards.iter().copied());
                self.note(format!(
                    "{} {} for {hope} Hope.",
                    self.who_verb(seat, "discards", "discard"),
                    card_names(cards)
                ));
                self.next_plot_turn(rng);
            }
            A::UsePower { character } => {
                if locked {
                    return Err(illegal(
                        "Playing Event Cards",
                        "play an Event with your support or abandon the request first",
                    ));
                }
                let p = &mut self.players[seat as usize];
                let Some(i) = p.find(*character) else {
                    return Err(illegal(
                        "Use 1 Character Power",
                        format!("{} is not in your School", character.name()),
                    ));
                };
                let Some(pw) = p.chars[i].power("plot") else {
                    return Err(illegal(
                        "Use 1 Character Power",
                        format!("{} has no Plot Phase Power", character.name()),
                    ));
                };
                if p.chars[i].power == 0 {
                    return Err(illegal(
                        "Use 1 Character Power",
                        format!("{} has no Power Token", character.name()),
                    ));
                }
                p.chars[i].power -= 1;
                // What the Power did has a line of its own (issue 12 item 2),
                // the same one an Event's effect gets.
                self.note(format!(
                    "{} the Power of {}, which spends a Power Token.",
                    self.who_verb(seat, "uses", "use"),
                    character.name()
                ));
                let op = if pw.op == "gain_hope" { "gain_hope" } else { "draw" };
                self.apply_plot_effect(seat, seat, op, pw.amount as u32, None, rng);
                self.next_plot_turn(rng);
            }
            A::Pass => {
                if locked {
                    return Err(illegal(
                        "Playing Event Cards",
                        "play an Event with your support or abandon the request first",
                    ));
                }
                self.plot_state().passed.insert(seat);
                self.note(format!("{}.", self.who_verb(seat, "passes", "pass")));
                self.next_plot_turn(rng);
            }
            _ => {
                return Err(illegal(
                    "Plot Phase",
                    "on your turn to act: play an Event, discard for Hope, use a Power or pass",
                ));
            }
        }
        Ok(())
    }

    pub(crate) fn give_hope(&mut self, seat: Seat, to: Seat, amount: u32) -> Result<(), RuleError> {
        if to >= self.seats || to == seat {
            return Err(illegal("Hope Coins", "give Hope to another School"));
        }
        if amount == 0 || amount > self.players[seat as usize].hope {
            return Err(illegal(
                "Hope Coins",
                format!("you have {} Hope Coins", self.players[seat as usize].hope),
            ));
        }
        self.players[seat as usize].hope -= amount;
        self.players[to as usize].hope += amount;
        self.note(format!(
            "{} {amount} Hope to {}.",
            self.who_verb(seat, "gives", "give"),
            self.who(to)
        ));
        Ok(())
    }

    pub(crate) fn next_plot_turn(&mut self, rng: &mut GameRng) {
        let n = self.seats;
        let pl = self.plot_state();
        pl.request = None;
        pl.requested = false;
        if pl.passed.len() == n as usize {
            self.start_hand_size(rng);
            return;
        }
        let mut s = (pl.current + 1) % n;
        while pl.passed.contains(s) {
            s = (s + 1) % n;
        }
        pl.current = s;
    }
}
