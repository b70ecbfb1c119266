//! Recruit Phase, Change Allegiance: trades between Schools (offers private
//! to their two parties, ruling A14), Secret Missions, and picking up the
//! Bidding Dial.

use super::{OFFERS_PER_PHASE, illegal};
use crate::action::Action as A;
use crate::state::phase::*;
use crate::state::{CharKey, Log, Rank, XMen};
use backroom_engine::{GameRng, RuleError, Seat, SeatSet, and_list};

impl XMen {
    pub(crate) fn start_recruit(&mut self, _rng: &mut GameRng, log: &mut Log<'_>) {
        log.note("Recruit Phase: Change Allegiance.".into());
        self.phase = Phase::Allegiance(Allegiance {
            ready: SeatSet::EMPTY,
            offers: vec![],
            made: vec![0; self.seats as usize],
            pairs: vec![0; (self.seats * self.seats) as usize],
            secret: vec![0; self.seats as usize],
            wait: false,
            ordered: None,
        });
    }

    /// Ruling A15: after the trade, a School that had an Uninjured Student
    /// (Hero) still has one.
    pub(crate) fn keeps_last_uninjured(before: &crate::state::Player, after: &crate::state::Player) -> bool {
        [Rank::Hero, Rank::Student].iter().all(|r| before.uninjured(*r) == 0 || after.uninjured(*r) > 0)
    }

    pub(crate) fn check_offer(&self, o: &Offer) -> Result<(crate::state::Player, crate::state::Player), RuleError> {
        let rule = "Change Allegiance";
        if o.to >= self.seats || o.to == o.from {
            let why = if o.to == o.from {
                "A trade is with another School, not your own.".to_string()
            } else {
                format!("There is no seat {}.", o.to + 1)
            };
            return Err(illegal(rule, why));
        }
        if o.give.is_empty() && o.take.is_empty() {
            return Err(illegal(rule, "This trade moves no Hero or Student; a trade moves at least one."));
        }
        let mut a = self.players[o.from as usize].clone();
        let mut b = self.players[o.to as usize].clone();
        for (k, list) in [&o.give, &o.take].into_iter().enumerate() {
            let owner = if k == 0 { o.from } else { o.to };
            let (from, to) = if k == 0 { (&mut a, &mut b) } else { (&mut b, &mut a) };
            for id in list.iter() {
                if id.rank() == Rank::Leader {
                    return Err(illegal(rule, format!("{} is a Leader, and Leaders are never traded.", id.name())));
                }
                let Some(i) = from.find(*id) else {
                    return Err(illegal(rule, format!("{} is not in {}.", id.name(), self.school_name(owner))));
                };
                let c = from.chars.remove(i);
                to.chars.push(c);
            }
        }
        if a.hope < o.give_hope || b.hope < o.take_hope {
            let (who, has, pays) =
                if a.hope < o.give_hope { (o.from, a.hope, o.give_hope) } else { (o.to, b.hope, o.take_hope) };
            return Err(illegal(
                rule,
                format!("The trade asks {pays} Hope Coins of {}, which has {has}.", self.school_name(who)),
            ));
        }
        a.hope = a.hope - o.give_hope + o.take_hope;
        b.hope = b.hope - o.take_hope + o.give_hope;
        if !Self::keeps_last_uninjured(&self.players[o.from as usize], &a)
            || !Self::keeps_last_uninjured(&self.players[o.to as usize], &b)
        {
            let (who, before, after) = if Self::keeps_last_uninjured(&self.players[o.from as usize], &a) {
                (o.to, &self.players[o.to as usize], &b)
            } else {
                (o.from, &self.players[o.from as usize], &a)
            };
            let rank =
                if before.uninjured(Rank::Hero) > 0 && after.uninjured(Rank::Hero) == 0 { "Hero" } else { "Student" };
            return Err(illegal(
                rule,
                format!(
                    "{} would trade away its last Uninjured {rank}, which a School may not.",
                    self.school_name(who)
                ),
            ));
        }
        Ok((a, b))
    }

    /// Sends a Secret Mission (validated first).
    pub(crate) fn send_secret(
        &mut self,
        seat: Seat,
        character: CharKey,
        sent: u8,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        if sent >= 2 {
            return Err(illegal(
                "Secret Missions",
                "You have sent 2 Secret Missions this Recruit Phase, the most a School may.",
            ));
        }
        let p = &self.players[seat as usize];
        let Some(i) = p.find(character) else {
            return Err(illegal("Secret Missions", format!("{} is not in your School", character.name())));
        };
        let c = &p.chars[i];
        if c.rank() == Rank::Leader || c.injured {
            let what = if c.injured { "Injured" } else { "your Leader" };
            return Err(illegal(
                "Secret Missions",
                format!("{} is {what}; only an Uninjured Hero or Student goes on a Secret Mission.", character.name()),
            ));
        }
        if p.uninjured(c.rank()) <= 1 {
            let rank = if c.rank() == Rank::Hero { "Hero" } else { "Student" };
            return Err(illegal(
                "Secret Missions",
                format!("{} is your last Uninjured {rank}, who stays in your School.", character.name()),
            ));
        }
        let hope = c.attributes().hope as u32;
        self.discard_character(seat, i);
        self.players[seat as usize].hope += hope;
        let Phase::Allegiance(al) = &mut self.phase else { unreachable!() };
        al.secret[seat as usize] += 1;
        log.note(format!(
            "{} {} on a Secret Mission for {hope} Hope.",
            self.who_verb(seat, "sends", "send"),
            character.name()
        ));
        Ok(())
    }

    /// The ordered Secret Missions sub-step (ruling A17).
    pub(crate) fn ordered_secret_action(
        &mut self,
        seat: Seat,
        a: &A,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        let Phase::Allegiance(al) = &self.phase else { unreachable!() };
        let (order, at) = al.ordered.clone().expect("ordered sub-step");
        if order.get(at) != Some(&seat) {
            let now = order.get(at).map_or_else(String::new, |s| self.school_name(*s));
            return Err(RuleError::not_your_turn(
                "Secret Missions",
                format!("Secret Missions are sent in clockwise order from the Mission Commander: it is {now}'s turn."),
            ));
        }
        match a {
            A::SecretMission { character } => self.send_secret(seat, *character, al.secret[seat as usize], log),
            A::Ready => {
                let Phase::Allegiance(al) = &mut self.phase else { unreachable!() };
                al.ordered = Some((order.clone(), at + 1));
                if at + 1 >= order.len() {
                    self.start_recruit_auctions(rng, log);
                }
                Ok(())
            }
            _ => Err(illegal(
                "Secret Missions",
                format!(
                    "Trading is over; it is your turn to send Secret Missions in order (send one or finish), so \"{}\" waits.",
                    super::action_name(a)
                ),
            )),
        }
    }

    /// Change Allegiance actions.
    pub fn allegiance_action(
        &mut self,
        seat: Seat,
        a: &A,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        let Phase::Allegiance(al) = &self.phase else { unreachable!() };
        if al.ordered.is_some() {
            return self.ordered_secret_action(seat, a, rng, log);
        }
        let al = al.clone();
        let ready = al.ready.contains(seat);
        let rule = "Change Allegiance";
        match a {
            A::Offer { to, give, give_hope, take, take_hope } => {
                if ready {
                    return Err(illegal(rule, "You have picked up your Bidding Dial: you are done trading."));
                }
                let o = Offer {
                    from: seat,
                    to: *to,
                    n: 0,
                    give: give.clone(),
                    give_hope: *give_hope,
                    take: take.clone(),
                    take_hope: *take_hope,
                };
                self.make_offer(&al, o)?;
            }
            A::Accept { from, n } => self.accept_offer(&al, seat, *from, *n, log)?,
            A::Reject { from, n } | A::Withdraw { to: from, n } => {
                let mine = matches!(a, A::Withdraw { .. });
                let Some(i) = al.offers.iter().position(|o| {
                    o.n == *n && if mine { o.from == seat && o.to == *from } else { o.from == *from && o.to == seat }
                }) else {
                    return Err(illegal(
                        rule,
                        if mine {
                            format!("You have no open offer number {n} to {}.", self.school_name(*from))
                        } else {
                            format!("{} has no open offer number {n} to you.", self.school_name(*from))
                        },
                    ));
                };
                let Phase::Allegiance(al) = &mut self.phase else { unreachable!() };
                al.offers.remove(i);
            }
            A::SecretMission { character } => {
                if ready {
                    return Err(illegal(
                        "Secret Missions",
                        "You have picked up your Bidding Dial: you are done sending Secret Missions.",
                    ));
                }
                if al.wait {
                    return Err(illegal(
                        "Secret Missions",
                        "a School asked to wait: Secret Missions are sent in order once everyone is ready",
                    ));
                }
                self.send_secret(seat, *character, al.secret[seat as usize], log)?;
            }
            A::Wait => {
                if ready || al.wait {
                    let why = if ready {
                        "You have picked up your Bidding Dial; only a School still negotiating may ask to wait."
                    } else {
                        "A School has asked to wait already this Recruit Phase."
                    };
                    return Err(illegal("Secret Missions", why));
                }
                let Phase::Allegiance(al) = &mut self.phase else { unreachable!() };
                al.wait = true;
                log.note(format!(
                    "{} to wait: Secret Missions will be sent in clockwise order from the Mission Commander.",
                    self.who_verb(seat, "asks", "ask")
                ));
            }
            A::Ready => {
                if ready {
                    return Err(illegal(rule, "You have picked up your Bidding Dial already."));
                }
                let order = self.clockwise(self.mc);
                let Phase::Allegiance(al) = &mut self.phase else { unreachable!() };
                al.ready.insert(seat);
                if al.ready.len() == self.seats as usize {
                    if al.wait {
                        al.ordered = Some((order, 0));
                        log.note(
                            "Everyone is ready: Secret Missions in clockwise order from the Mission Commander.".into(),
                        );
                    } else {
                        self.start_recruit_auctions(rng, log);
                    }
                }
            }
            _ => {
                return Err(illegal(
                    rule,
                    format!(
                        "The Schools are trading and sending Secret Missions: \"{}\" waits until every School has picked up its Bidding Dial.",
                        super::action_name(a)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Change Allegiance: an offer to another School, numbered per pair of
    /// Schools, at most [`OFFERS_PER_PHASE`] per School and phase.
    fn make_offer(&mut self, al: &Allegiance, mut o: Offer) -> Result<(), RuleError> {
        let (seat, rule) = (o.from, "Change Allegiance");
        if al.made[seat as usize] >= OFFERS_PER_PHASE {
            return Err(illegal(
                rule,
                format!(
                    "You have made {OFFERS_PER_PHASE} offers this Recruit Phase, the most a School may (house limit)."
                ),
            ));
        }
        let pair = seat as usize * self.seats as usize + (o.to as usize).min(self.seats as usize - 1);
        o.n = al.pairs[pair];
        self.check_offer(&o)?;
        let Phase::Allegiance(al) = &mut self.phase else { unreachable!() };
        // House ruling: an offer puts a School that had picked up
        // its Bidding Dial back at the table, so it answers (or
        // picks the dial up again) rather than leaving it hanging.
        al.ready.remove(o.to);
        al.offers.push(o);
        al.made[seat as usize] += 1;
        al.pairs[pair] += 1;
        Ok(())
    }

    /// Change Allegiance: accepting an open offer makes the trade, checked
    /// again against both Schools as they are now.
    fn accept_offer(
        &mut self,
        al: &Allegiance,
        seat: Seat,
        from: Seat,
        n: u8,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        let Some(i) = al.offers.iter().position(|o| o.from == from && o.to == seat && o.n == n) else {
            return Err(illegal(
                "Change Allegiance",
                format!("{} has no open offer number {n} to you.", self.school_name(from)),
            ));
        };
        let o = al.offers[i].clone();
        let (pa, pb) = self.check_offer(&o)?;
        self.players[o.from as usize] = pa;
        self.players[o.to as usize] = pb;
        let Phase::Allegiance(al) = &mut self.phase else { unreachable!() };
        al.offers.remove(i);
        al.ready.remove(o.from);
        al.ready.remove(o.to);
        let gives = |v: &Vec<CharKey>, hope: u32| {
            let mut parts: Vec<String> = v.iter().map(|c| c.name().to_string()).collect();
            if hope > 0 {
                parts.push(format!("{hope} Hope"));
            }
            if parts.is_empty() { "nothing".to_string() } else { and_list(&parts) }
        };
        log.note(format!(
            "Trade: {} {}; {} {}.",
            self.who_verb(o.from, "gives", "give"),
            gives(&o.give, o.give_hope),
            self.who_verb(o.to, "gives", "give"),
            gives(&o.take, o.take_hope)
        ));
        self.last_trade = Some(o.into());
        Ok(())
    }
}
