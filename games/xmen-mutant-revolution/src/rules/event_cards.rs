//! Playing Event Cards and Canceling an Event: an Event's declaration and
//! payment, the cancel windows of Reaction Cards (ruling A11: first claim
//! clockwise wins) and the Event's resolution.

use super::illegal;
use crate::action::Action as A;
use crate::content::{PlotId, PlotKind, Target};
use crate::state::phase::*;
use crate::state::{CharKey, Log, Rank, XMen};
use backroom_engine::{GameRng, RuleError, Seat, SeatSet, and_list, plural};

impl XMen {
    /// Validates an Event's declaration (P2a step 2) without changing
    /// anything.
    pub fn check_event(
        &self,
        seat: Seat,
        card: PlotId,
        targets: &[Seat],
        character: Option<CharKey>,
        supporters: &[Seat],
    ) -> Result<u8, RuleError> {
        let p = &self.players[seat as usize];
        let def = card.card();
        if !p.hand.contains(&card) {
            return Err(illegal("Playing Event Cards", format!("{} is not in your hand", def.name)));
        }
        if def.kind != PlotKind::Event {
            return Err(illegal("Playing Event Cards", format!("{} is a Reaction, not an Event", def.name)));
        }
        let Phase::Plot(pl) = &self.phase else { unreachable!() };
        let support = self.accepted_support(pl, seat, supporters)?;
        if support > def.plot {
            return Err(illegal(
                "Playing Event Cards",
                format!(
                    "the pledges ({}) are more than the Plot Value of {} ({}); play an Event that uses them all, or abandon the request",
                    plural(support, "Plot Point", "Plot Points"),
                    def.name,
                    def.plot
                ),
            ));
        }
        let own = def.plot - support;
        if own > p.pp {
            return Err(illegal(
                "Playing Event Cards",
                format!("{} costs {} Plot Points; you have {} and {support} in support", def.name, def.plot, p.pp),
            ));
        }
        let valid_seat = |s: &Seat| *s < self.seats;
        let ok = match def.target {
            Target::None => targets.is_empty(),
            Target::Any => targets.len() == 1 && targets.iter().all(valid_seat),
            Target::Another => targets.len() == 1 && targets.iter().all(valid_seat) && targets[0] != seat,
            Target::TwoDifferent => targets.len() == 2 && targets.iter().all(valid_seat) && targets[0] != targets[1],
        };
        if !ok {
            let need = match def.target {
                Target::None => "no target",
                Target::Any => "one School",
                Target::Another => "another School",
                Target::TwoDifferent => "two different Schools",
            };
            let named = match targets {
                [] => "you named none".to_string(),
                _ if targets.iter().any(|s| !valid_seat(s)) => {
                    format!("there is no seat {}", targets.iter().find(|s| !valid_seat(s)).map_or(0, |s| s + 1))
                }
                [t] if *t == seat && def.target == Target::Another => "you named your own".to_string(),
                [a, b] if a == b => format!("you named {} twice", self.school_name(*a)),
                _ => format!("you named {}", targets.len()),
            };
            return Err(illegal("Playing Event Cards", format!("{} names {need}; {named}.", def.name)));
        }
        for e in def.cost.iter() {
            match e.op.as_str() {
                "discard_own_student" => {
                    let ok = character.is_some_and(|c| c.rank() == Rank::Student && p.find(c).is_some());
                    if !ok {
                        let fact = match character {
                            None => "name the one you discard".to_string(),
                            Some(c) if p.find(c).is_none() => format!("{} is not in your School", c.name()),
                            Some(c) => format!("{} is not a Student", c.name()),
                        };
                        return Err(illegal(
                            "Playing Event Cards",
                            format!("{} costs one of your Students: {fact}.", def.name),
                        ));
                    }
                }
                _ => {
                    if p.hope < e.amount as u32 {
                        return Err(illegal(
                            "Playing Event Cards",
                            format!("{} costs {} Hope Coins too; you have {}.", def.name, e.amount, p.hope),
                        ));
                    }
                }
            }
        }
        for e in &def.effects {
            match e.op.as_str() {
                "power_token" | "heal" => {
                    let Some(i) = character.and_then(|c| p.find(c)) else {
                        let fact = match character {
                            None => "name it".to_string(),
                            Some(c) => format!("{} is not in your School", c.name()),
                        };
                        return Err(illegal(
                            "Playing Event Cards",
                            format!("{} is played on one of your Characters: {fact}.", def.name),
                        ));
                    };
                    if e.op == "heal" && !p.chars[i].injured {
                        return Err(illegal(
                            "Playing Event Cards",
                            format!(
                                "{} heals an Injured Character, and {} is not Injured.",
                                def.name,
                                p.chars[i].id.name()
                            ),
                        ));
                    }
                    let readings = self.readings();
                    if e.op == "power_token"
                        && readings.power_token_event_needs_room()
                        && p.chars[i].power >= readings.power_token_limit(&p.chars[i])
                    {
                        return Err(illegal(
                            "Playing Event Cards",
                            format!(
                                "{} is already at its Power Token limit ({})",
                                p.chars[i].id.name(),
                                readings.power_token_limit(&p.chars[i])
                            ),
                        ));
                    }
                }
                "injure" => {
                    let ok = character.is_some_and(|c| {
                        c.rank() != Rank::Leader && targets.iter().any(|t| self.players[*t as usize].find(c).is_some())
                    });
                    if !ok {
                        let school = self.school_names(targets.iter().copied().filter(|t| *t < self.seats));
                        let fact = match character {
                            None => format!("name one of {school}"),
                            Some(c) if c.rank() == Rank::Leader => format!("{} is a Leader", c.name()),
                            Some(c) => format!("{} is not in {school}", c.name()),
                        };
                        return Err(illegal(
                            "Playing Event Cards",
                            format!("{} injures a Hero or Student of the target School: {fact}.", def.name),
                        ));
                    }
                }
                _ => {}
            }
        }
        Ok(own)
    }

    /// Asking for Support: the Plot Points the pledges give an Event played
    /// with `supporters` named.
    ///
    /// From version 2, "if one or more players agree to support an Event,
    /// then the soliciting player must play an Event Card that uses up all
    /// of their spent Plot Points": every pledge counts, and `supporters`,
    /// when given, must name exactly the Schools that pledged. Version 1
    /// counted only the pledges `supporters` accepted, any subset.
    fn accepted_support(&self, pl: &Plot, seat: Seat, supporters: &[Seat]) -> Result<u8, RuleError> {
        if !self.readings().every_pledge_held_aside() {
            let mut support = 0u8;
            for (i, s) in supporters.iter().enumerate() {
                let pledge = pl.request.as_ref().and_then(|r| r.pledges.get(s).copied());
                match pledge {
                    Some(n) if n > 0 && *s != seat && !supporters[..i].contains(s) => support += n,
                    _ => {
                        return Err(illegal(
                            "Playing Event Cards",
                            format!("{} has no pledge for you to accept", self.school_name(*s)),
                        ));
                    }
                }
            }
            return Ok(support);
        }
        let pledgers = Self::pledgers(pl);
        let support: u8 = pledgers.iter().map(|(_, n)| n).sum();
        if !supporters.is_empty() {
            let mut named = supporters.to_vec();
            named.sort_unstable();
            named.dedup();
            let all: Vec<Seat> = pledgers.iter().map(|(s, _)| *s).collect();
            if named.len() != supporters.len() || named != all {
                return Err(illegal(
                    "Playing Event Cards",
                    if all.is_empty() {
                        "nobody pledged Plot Points".to_string()
                    } else {
                        format!("the Event uses every pledge: {}", self.school_names(all.iter().copied()))
                    },
                ));
            }
        }
        Ok(support)
    }

    /// The Schools that pledged Plot Points to the open support request,
    /// in seat order, with their pledges.
    pub(crate) fn pledgers(pl: &Plot) -> Vec<(Seat, u8)> {
        let Some(r) = &pl.request else {
            return vec![];
        };
        let mut v: Vec<(Seat, u8)> =
            r.pledges.iter().filter(|(s, n)| **n > 0 && **s != pl.current).map(|(s, n)| (*s, *n)).collect();
        v.sort_unstable();
        v
    }

    #[allow(clippy::too_many_arguments, reason = "the fields of a play Action, plus the generator and the log sink")]
    pub(crate) fn play_event(
        &mut self,
        seat: Seat,
        card: PlotId,
        targets: &[Seat],
        character: Option<CharKey>,
        supporters: &[Seat],
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        let own = self.check_event(seat, card, targets, character, supporters)?;
        // From version 2 the pledged Plot Points were taken when pledged
        // (held aside) and the Event spends them all now; version 1 takes
        // the accepted pledges now.
        let supporters: Vec<Seat> = if self.readings().every_pledge_held_aside() {
            let Phase::Plot(pl) = &self.phase else { unreachable!() };
            Self::pledgers(pl).into_iter().map(|(s, _)| s).collect()
        } else {
            supporters.to_vec()
        };
        let pledges = self.plot_state().request.take().map(|r| r.pledges);
        if !self.readings().every_pledge_held_aside() {
            for s in &supporters {
                let n = pledges.as_ref().and_then(|p| p.get(s).copied()).unwrap_or(0);
                self.players[*s as usize].pp -= n;
            }
        }
        let p = &mut self.players[seat as usize];
        p.pp -= own;
        let i = p.hand.iter().position(|c| *c == card).unwrap();
        p.hand.remove(i);
        let support = if supporters.is_empty() {
            String::new()
        } else {
            format!(" with support from {}", and_list(&supporters.iter().map(|s| self.who(*s)).collect::<Vec<_>>()))
        };
        log.note(format!("{} {}{support}.", self.who_verb(seat, "plays", "play"), card.card().name));
        let chain = Chain {
            cards: vec![Played { seat, card }],
            targets: targets.to_vec(),
            character,
            window: SeatSet::EMPTY,
            answers: Default::default(),
        };
        self.plot_state().chain = Some(chain);
        self.open_cancel_window(rng, log);
        Ok(())
    }

    /// Offers the cancel window for the top of the chain to every other
    /// School with enough Plot Points for the cheapest cancelling Reaction
    /// (public criteria only, never hand contents).
    pub(crate) fn open_cancel_window(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        let pp: Vec<u8> = self.players.iter().map(|p| p.pp).collect();
        let chain = self.plot_state().chain.as_mut().unwrap();
        let top = chain.cards.last().unwrap();
        let trigger = if chain.cards.len() == 1 { "cancel_event" } else { "cancel_reaction" };
        let window: SeatSet = match XMen::cheapest(trigger) {
            Some(cost) => (0..pp.len() as Seat).filter(|s| *s != top.seat && pp[*s as usize] >= cost).collect(),
            None => SeatSet::EMPTY,
        };
        chain.window = window;
        chain.answers.clear();
        if window.is_empty() {
            self.resolve_chain(rng, log);
        }
    }

    pub(crate) fn chain_action(
        &mut self,
        seat: Seat,
        chain: Chain,
        a: &A,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        let top = chain.cards.last().copied();
        let on =
            top.map_or_else(String::new, |t| format!("{} played by {}", t.card.card().name, self.school_name(t.seat)));
        if !chain.window.contains(seat) || chain.answers.contains_key(&seat) {
            let trigger = if chain.cards.len() == 1 { "cancel_event" } else { "cancel_reaction" };
            let why = if chain.answers.contains_key(&seat) {
                format!(
                    "You have answered the cancel window on {on} already; the other Schools offered it are answering."
                )
            } else if top.is_some_and(|t| t.seat == seat) {
                format!(
                    "You played {}: the other Schools may cancel it now.",
                    top.map_or("", |t| t.card.card().name.as_str())
                )
            } else {
                format!(
                    "The cancel window on {on} is offered to the Schools with at least {} (the cheapest cancelling Reaction); you have {}.",
                    plural(XMen::cheapest(trigger).unwrap_or(0), "Plot Point", "Plot Points"),
                    self.players[seat as usize].pp
                )
            };
            return Err(RuleError::not_your_turn("Canceling an Event", why));
        }
        let answer = match a {
            A::Decline => None,
            A::React { card } => {
                let p = &self.players[seat as usize];
                let def = card.card();
                let want = if chain.cards.len() == 1 { "cancel_event" } else { "cancel_reaction" };
                if !p.hand.contains(card) {
                    return Err(illegal("Reaction Cards", format!("{} is not in your hand", def.name)));
                }
                if def.trigger.as_deref() != Some(want) {
                    return Err(illegal(
                        "Reaction Cards",
                        format!("{} cannot be played now: this window is to {}", def.name, want.replace('_', " an ")),
                    ));
                }
                if def.plot > p.pp {
                    return Err(illegal(
                        "Reaction Cards",
                        format!(
                            "{} costs {} Plot Points and you have {}; Reactions cannot be supported",
                            def.name, def.plot, p.pp
                        ),
                    ));
                }
                Some(*card)
            }
            _ => {
                return Err(illegal(
                    "Canceling an Event",
                    format!(
                        "The cancel window on {on} is open to you, so \"{}\" waits: play a cancelling Reaction or decline.",
                        super::action_name(a)
                    ),
                ));
            }
        };
        let n = self.seats;
        let ch = self.plot_state().chain.as_mut().unwrap();
        ch.answers.insert(seat, answer);
        if ch.window.iter().all(|s| ch.answers.contains_key(&s)) {
            // Ruling A11: the first claim clockwise from the card's player wins.
            let from = ch.cards.last().unwrap().seat;
            let winner = (1..n).map(|i| (from + i) % n).find(|s| matches!(ch.answers.get(s), Some(Some(_))));
            match winner {
                Some(s) => {
                    let card = ch.answers[&s].unwrap();
                    ch.cards.push(Played { seat: s, card });
                    let p = &mut self.players[s as usize];
                    p.pp -= card.card().plot;
                    let i = p.hand.iter().position(|c| *c == card).unwrap();
                    p.hand.remove(i);
                    log.note(format!("{} {} to cancel it.", self.who_verb(s, "plays", "play"), card.card().name));
                    self.open_cancel_window(rng, log);
                }
                None => self.resolve_chain(rng, log),
            }
        }
        Ok(())
    }

    /// Resolves the chain: the top card stands; each card cancels the one
    /// below it unless it was itself cancelled. Then every card goes face up
    /// to the Plot discard.
    pub(crate) fn resolve_chain(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        let chain = self.plot_state().chain.take().unwrap();
        let n = chain.cards.len();
        let mut effective = vec![true; n];
        for i in (0..n - 1).rev() {
            effective[i] = !effective[i + 1];
        }
        let ev = chain.cards[0];
        if effective[0] {
            self.resolve_event(ev.seat, ev.card, &chain.targets, chain.character, rng, log);
        } else {
            log.note(format!("{} is cancelled; its other costs are not taken.", ev.card.card().name));
        }
        self.plot_discard.extend(chain.cards.iter().map(|p| p.card));
        self.next_plot_turn(rng, log);
    }

    /// Applies one effect of a Plot card (an Event's, or a Reaction's on a
    /// trigger point) played by `seat` to seat `t`, and logs what it changed
    /// (issue 12 item 2): Hope, Points, Power Tokens and Injuries publicly;
    /// cards drawn named to the drawer alone and counted for the rest.
    #[allow(
        clippy::too_many_arguments,
        reason = "one effect as the data states it, plus the generator and the log sink"
    )]
    pub(crate) fn apply_plot_effect(
        &mut self,
        seat: Seat,
        t: Seat,
        op: &str,
        n: u32,
        character: Option<CharKey>,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) {
        let readings = self.readings();
        let gains =
            |g: &XMen, what: &str, k: u32| format!("{} {}.", g.who_verb(t, "gains", "gain"), plural(k, what, what));
        let loses =
            |g: &XMen, what: &str, k: u32| format!("{} {}.", g.who_verb(t, "loses", "lose"), plural(k, what, what));
        let line = match op {
            "gain_hope" => {
                self.players[t as usize].hope += n;
                Some(gains(self, "Hope", n))
            }
            "lose_hope" => {
                let k = self.players[t as usize].lose_hope(n);
                Some(loses(self, "Hope", k))
            }
            "steal_hope" => {
                let k = self.players[t as usize].lose_hope(n);
                self.players[seat as usize].hope += k;
                Some(format!(
                    "{} {} from {}.",
                    self.who_verb(seat, "takes", "take"),
                    plural(k, "Hope", "Hope"),
                    self.who(t)
                ))
            }
            "gain_rp" => {
                self.players[t as usize].add_rp(n as i32);
                Some(gains(self, if n == 1 { "Revolution Point" } else { "Revolution Points" }, n))
            }
            "lose_rp" => {
                self.players[t as usize].add_rp(-(n as i32));
                Some(loses(self, if n == 1 { "Revolution Point" } else { "Revolution Points" }, n))
            }
            "gain_pp" => {
                self.players[t as usize].add_pp(n as i32);
                Some(gains(self, if n == 1 { "Plot Point" } else { "Plot Points" }, n))
            }
            "lose_pp" => {
                self.players[t as usize].add_pp(-(n as i32));
                Some(loses(self, if n == 1 { "Plot Point" } else { "Plot Points" }, n))
            }
            "draw" => {
                let before = self.players[t as usize].hand.len();
                let k = self.draw_plot(t, n as usize, rng);
                let names: Vec<&str> =
                    self.players[t as usize].hand[before..].iter().map(|c| c.card().name.as_str()).collect();
                let public =
                    format!("{} {}.", self.who_verb(t, "draws", "draw"), plural(k as u32, "Plot Card", "Plot Cards"));
                let private = if names.is_empty() {
                    public.clone()
                } else {
                    format!("{} {}.", self.who_verb(t, "draws", "draw"), and_list(&names))
                };
                log.note_private(t, private, public);
                None
            }
            "power_token" => character.and_then(|c| self.players[t as usize].find(c)).map(|i| {
                let p = &mut self.players[t as usize];
                let lim = readings.power_token_limit(&p.chars[i]);
                let before = p.chars[i].power;
                p.chars[i].power = (before + n as u8).min(lim);
                let (name, now) = (p.chars[i].id.name(), p.chars[i].power);
                format!(
                    "{name} {} ({now} now).",
                    if now > before {
                        format!("gains {}", plural(u32::from(now - before), "Power Token", "Power Tokens"))
                    } else {
                        "is already at its Power Token limit".into()
                    }
                )
            }),
            "heal" => character.and_then(|c| self.players[t as usize].find(c)).map(|i| {
                self.players[t as usize].chars[i].injured = false;
                format!("{} is no longer Injured.", self.players[t as usize].chars[i].id.name())
            }),
            "injure" => character.and_then(|c| self.players[t as usize].find(c)).map(|i| {
                self.players[t as usize].chars[i].injured = true;
                format!("{} is Injured.", self.players[t as usize].chars[i].id.name())
            }),
            _ => None,
        };
        if let Some(line) = line {
            log.note(line);
        }
    }

    pub(crate) fn resolve_event(
        &mut self,
        seat: Seat,
        card: PlotId,
        targets: &[Seat],
        character: Option<CharKey>,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) {
        let def = card.card();
        log.note(format!("{} resolves.", def.name));
        // Every change the Event makes gets a line of its own (issue 12
        // item 2): Hope, Points, Power Tokens and Injuries are public; the
        // cards drawn are named to the drawer alone, counted for the rest.
        for e in &def.cost {
            match e.op.as_str() {
                "discard_own_student" => {
                    if let Some(i) = character.and_then(|c| self.players[seat as usize].find(c)) {
                        let name = self.players[seat as usize].chars[i].id.name();
                        self.discard_character(seat, i);
                        log.note(format!("{} {name} as the Event's cost.", self.who_verb(seat, "discards", "discard")));
                    }
                }
                _ => {
                    let paid = self.players[seat as usize].lose_hope(e.amount as u32);
                    log.note(format!(
                        "{} {} for the Event.",
                        self.who_verb(seat, "pays", "pay"),
                        plural(paid, "Hope", "Hope")
                    ));
                }
            }
        }
        for e in &def.effects {
            let to: Vec<Seat> = match e.to.as_str() {
                "targets" => targets.to_vec(),
                "all" => (0..self.seats).collect(),
                _ => vec![seat],
            };
            for t in to {
                self.apply_plot_effect(seat, t, &e.op, e.amount as u32, character, rng, log);
            }
        }
    }
}
