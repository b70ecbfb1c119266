//! Reaction windows on trigger points outside the Plot Phase (gap G11):
//! `bids_revealed` (after every Bidding Dial reveal; the actor is the
//! winner, if any), `character_defeated` (a PC defeated in a Mission; the
//! actor is the School that made the defeating attack, or the controller
//! for a Mission Character's attack) and `mission_revealed` (no actor).
//!
//! A window is offered to every seat but the actor whose Plot Points reach
//! the cheapest Reaction with that trigger in the data: public criteria
//! only, never hand contents, so a seat with nothing to play is offered it
//! the same way. Answers are sealed; `decline` (pass) is the default. When
//! every offered seat has answered, every Reaction played resolves, in
//! clockwise order from the actor (from the Mission Commander when there
//! is none): its Plot Points are paid, it goes face up to the Plot discard
//! and its effects (`gain_hope`, `lose_hope`, `gain_pp`, `lose_pp`, `draw`;
//! to `self` or the `actor`) apply. The interrupted step then resumes.

use crate::action::Action as A;
use crate::state::phase::{Phase, TriggerWindow};
use crate::state::{Log, XMen};
use backroom_engine::{GameRng, RuleError, Seat, SeatSet, and_list};

impl XMen {
    /// Opens (queues) a window for `trigger` if any seat qualifies.
    pub fn open_trigger_window(&mut self, trigger: &str, actor: Option<Seat>, log: &mut Log<'_>) {
        if matches!(self.phase, Phase::Over { .. }) {
            return;
        }
        let Some(cost) = XMen::cheapest(trigger) else {
            return;
        };
        let seats: SeatSet =
            (0..self.seats).filter(|s| Some(*s) != actor && self.players[*s as usize].pp >= cost).collect();
        if seats.is_empty() {
            return;
        }
        log.note(format!(
            "Reaction window ({}): {} may play a Reaction.",
            trigger.replace('_', " "),
            and_list(&seats.iter().map(|s| self.who(s)).collect::<Vec<_>>())
        ));
        self.windows.push(TriggerWindow { trigger: trigger.to_string(), actor, seats, answers: Default::default() });
    }

    /// An answer to the first open trigger window.
    pub fn trigger_action(&mut self, seat: Seat, a: &A, rng: &mut GameRng, log: &mut Log<'_>) -> Result<(), RuleError> {
        let rule = "Reaction Cards";
        let w = self.windows[0].clone();
        let what = w.trigger.replace('_', " ");
        if !w.seats.contains(seat) || w.answers.contains_key(&seat) {
            let why = if w.answers.contains_key(&seat) {
                format!("You have answered the Reaction window ({what}); the other Schools offered it are answering.")
            } else if w.actor == Some(seat) {
                format!("A Reaction window ({what}) is open to the other Schools: its actor is not offered it.")
            } else {
                format!(
                    "A Reaction window ({what}) is open to the Schools with at least {} Plot Points (the cheapest such Reaction); you had {}.",
                    XMen::cheapest(&w.trigger).unwrap_or(0),
                    self.players[seat as usize].pp
                )
            };
            return Err(RuleError::not_your_turn(rule, why));
        }
        let answer = match a {
            A::Decline => None,
            A::React { card } => {
                let p = &self.players[seat as usize];
                let def = card.card();
                if !p.hand.contains(card) {
                    return Err(RuleError::illegal(rule, format!("{} is not in your hand", def.name)));
                }
                if def.trigger.as_deref() != Some(w.trigger.as_str()) {
                    return Err(RuleError::illegal(
                        rule,
                        format!(
                            "{} cannot be played now: this window is for '{}'",
                            def.name,
                            w.trigger.replace('_', " ")
                        ),
                    ));
                }
                if def.plot > p.pp {
                    return Err(RuleError::illegal(
                        rule,
                        format!(
                            "{} costs {} Plot Points and you have {}; Reactions cannot be supported",
                            def.name, def.plot, p.pp
                        ),
                    ));
                }
                Some(*card)
            }
            _ => {
                return Err(RuleError::not_your_turn(
                    rule,
                    format!(
                        "A Reaction window ({what}) is open to you: play a Reaction or decline first (\"{}\" waits).",
                        crate::rules::action_name(a)
                    ),
                ));
            }
        };
        self.windows[0].answers.insert(seat, answer);
        let w = &self.windows[0];
        if w.seats.iter().all(|s| w.answers.contains_key(&s)) {
            let w = self.windows.remove(0);
            self.resolve_trigger_window(w, rng, log);
            self.refresh_queued_windows(log);
            if self.windows.is_empty() && matches!(self.phase, Phase::Battle(_)) {
                self.advance_battle(rng, log);
            }
        }
        Ok(())
    }

    /// A queued window is offered on the Plot Points seats hold when it
    /// comes up (a Reaction just played may have spent them); one nobody
    /// qualifies for any more is dropped.
    fn refresh_queued_windows(&mut self, log: &mut Log<'_>) {
        while let Some(w) = self.windows.first() {
            let cost = XMen::cheapest(&w.trigger).unwrap_or(u8::MAX);
            let seats: SeatSet =
                (0..self.seats).filter(|s| Some(*s) != w.actor && self.players[*s as usize].pp >= cost).collect();
            if seats.is_empty() {
                self.windows.remove(0);
            } else {
                if seats != w.seats {
                    let line = format!(
                        "Reaction window ({}): now {} may play a Reaction.",
                        w.trigger.replace('_', " "),
                        and_list(&seats.iter().map(|s| self.who(s)).collect::<Vec<_>>())
                    );
                    log.note(line);
                }
                self.windows[0].seats = seats;
                return;
            }
        }
    }

    fn resolve_trigger_window(&mut self, w: TriggerWindow, rng: &mut GameRng, log: &mut Log<'_>) {
        let from = w.actor.unwrap_or(self.mc);
        let mut any = false;
        for s in self.clockwise(from) {
            let Some(Some(card)) = w.answers.get(&s).copied() else {
                continue;
            };
            let def = card.card();
            let p = &mut self.players[s as usize];
            let Some(i) = p.hand.iter().position(|c| *c == card) else {
                continue;
            };
            if p.pp < def.plot {
                continue;
            }
            any = true;
            p.pp -= def.plot;
            p.hand.remove(i);
            self.plot_discard.push(card);
            log.note(format!("{} {}.", self.who_verb(s, "plays", "play"), def.name));
            for e in &def.effects {
                let t = match e.to.as_str() {
                    "actor" => match w.actor {
                        Some(a) => a,
                        None => continue,
                    },
                    _ => s,
                };
                // The effects a trigger Reaction may have (the content check
                // allows no others; anything else was never applied).
                if matches!(e.op.as_str(), "gain_hope" | "lose_hope" | "gain_pp" | "lose_pp" | "draw") {
                    self.apply_plot_effect(s, t, &e.op, e.amount as u32, None, rng, log);
                }
            }
        }
        if !any {
            log.note("Nobody plays a Reaction.".into());
        }
    }
}
