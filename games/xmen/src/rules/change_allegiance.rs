//! Recruit Phase, Change Allegiance: trades between Schools (offers private
//! to their two parties, ruling A14), Secret Missions, and picking up the
//! Bidding Dial.

use super::{OFFERS_PER_PHASE, illegal};
use crate::action::Action as A;
use crate::phase::*;
use crate::state::{CharKey, Rank, XMen};
use backroom_engine::{GameRng, RuleError, Seat, SeatSet, and_list};

impl XMen {
    pub(crate) fn start_recruit(&mut self, _rng: &mut GameRng) {
        self.note("Recruit Phase: Change Allegiance.".into());
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
    pub(crate) fn keeps_last_uninjured(
        before: &crate::state::Player,
        after: &crate::state::Player,
    ) -> bool {
        [Rank::Hero, Rank::Student]
            .iter()
            .all(|r| before.uninjured(*r) == 0 || after.uninjured(*r) > 0)
    }

    pub(crate) fn check_offer(
        &self,
        o: &Offer,
    ) -> Result<(crate::state::Player, crate::state::Player), RuleError> {
        let rule = "Change Allegiance";
        if o.to >= self.seats || o.to == o.from {
            return Err(illegal(rule, "trade with another School"));
        }
        if o.give.is_empty() && o.take.is_empty() {
            return Err(illegal(rule, "a trade moves at least one Hero or Student"));
        }
        let mut a = self.players[o.from as usize].clone();
        let mut b = self.players[o.to as usize].clone();
        for (k, list) in [&o.give, &o.take].into_iter().enumerate() {
            let (from, to) = if k == 0 {
                (&mut a, &mut b)
            } else {
                (&mut b, &mut a)
            };
            for id in list.iter() {
                if id.rank() == Rank::Leader {
                    return Err(illegal(rule, "Leaders are never traded"));
                }
                let Some(i) = from.find(*id) else {
                    return Err(illegal(
                        rule,
                        format!("{} is not in that School", id.name()),
                    ));
                };
                let c = from.chars.remove(i);
                to.chars.push(c);
            }
        }
        if a.hope < o.give_hope || b.hope < o.take_hope {
            return Err(illegal(rule, "not enough Hope Coins for that trade"));
        }
        a.hope = a.hope - o.give_hope + o.take_hope;
        b.hope = b.hope - o.take_hope + o.give_hope;
        if !Self::keeps_last_uninjured(&self.players[o.from as usize], &a)
            || !Self::keeps_last_uninjured(&self.players[o.to as usize], &b)
        {
            return Err(illegal(
                rule,
                "a School may not trade away its last Uninjured Student or last Uninjured Hero",
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
    ) -> Result<(), RuleError> {
        if sent >= 2 {
            return Err(illegal(
                "Secret Missions",
                "at most 2 Secret Missions per Recruit Phase",
            ));
        }
        let p = &self.players[seat as usize];
        let Some(i) = p.find(character) else {
            return Err(illegal(
                "Secret Missions",
                format!("{} is not in your School", character.name()),
            ));
        };
        let c = &p.chars[i];
        if c.rank() == Rank::Leader || c.injured {
            return Err(illegal(
                "Secret Missions",
                "only an Uninjured Hero or Student goes on a Secret Mission",
            ));
        }
        if p.uninjured(c.rank()) <= 1 {
            return Err(illegal(
                "Secret Missions",
                "not your last Uninjured Hero or last Uninjured Student",
            ));
        }
        let hope = c.attributes().hope as u32;
        self.discard_character(seat, i);
        self.players[seat as usize].hope += hope;
        let Phase::Allegiance(al) = &mut self.phase else {
            unreachable!()
        };
        al.secret[seat as usize] += 1;
        self.note(format!(
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
    ) -> Result<(), RuleError> {
        let Phase::Allegiance(al) = &self.phase else {
            unreachable!()
        };
        let (order, at) = al.ordered.clone().expect("ordered sub-step");
        if order.get(at) != Some(&seat) {
            return Err(RuleError::not_your_turn(
                "Secret Missions",
                "Secret Missions are sent in clockwise order from the Mission Commander",
            ));
        }
        match a {
            A::SecretMission { character } => {
                self.send_secret(seat, *character, al.secret[seat as usize])
            }
            A::Ready => {
                let Phase::Allegiance(al) = &mut self.phase else {
                    unreachable!()
                };
                al.ordered = Some((order.clone(), at + 1));
                if at + 1 >= order.len() {
                    self.start_recruit_auctions(rng);
                }
                Ok(())
            }
            _ => Err(illegal(
                "Secret Missions",
                "send a Secret Mission or finish (no more trading)",
            )),
        }
    }

    /// Change Allegiance actions.
    pub fn allegiance_action(
        &mut self,
        seat: Seat,
        a: &A,
        rng: &mut GameRng,
    ) -> Result<(), RuleError> {
        let Phase::Allegiance(al) = &self.phase else {
            unreachable!()
        };
        if al.ordered.is_some() {
            return self.ordered_secret_action(seat, a, rng);
        }
        let al = al.clone();
        let ready = al.ready.contains(seat);
        let rule = "Change Allegiance";
        match a {
            A::Offer {
                to,
                give,
                give_hope,
                take,
                take_hope,
            } => {
                if ready {
                    return Err(illegal(rule, "you picked up your Bidding Dial"));
                }
                if al.made[seat as usize] >= OFFERS_PER_PHASE {
                    return Err(illegal(
                        rule,
                        format!(
                            "at most {OFFERS_PER_PHASE} offers per Recruit Phase (house limit)"
                        ),
                    ));
                }
                let pair = seat as usize * self.seats as usize
                    + (*to as usize).min(self.seats as usize - 1);
                let n = al.pairs[pair];
                let o = Offer {
                    from: seat,
                    to: *to,
                    n,
                    give: give.clone(),
                    give_hope: *give_hope,
                    take: take.clone(),
                    take_hope: *take_hope,
                };
                self.check_offer(&o)?;
                let Phase::Allegiance(al) = &mut self.phase else {
                    unreachable!()
                };
                // House ruling: an offer puts a School that had picked up
                // its Bidding Dial back at the table, so it answers (or
                // picks the dial up again) rather than leaving it hanging.
                al.ready.remove(o.to);
                al.offers.push(o);
                al.made[seat as usize] += 1;
                al.pairs[pair] += 1;
            }
            A::Accept { from, n } => {
                let Some(i) = al
                    .offers
                    .iter()
                    .position(|o| o.from == *from && o.to == seat && o.n == *n)
                else {
                    return Err(illegal(rule, "no such offer to you"));
                };
                let o = al.offers[i].clone();
                let (pa, pb) = self.check_offer(&o)?;
                self.players[o.from as usize] = pa;
                self.players[o.to as usize] = pb;
                let Phase::Allegiance(al) = &mut self.phase else {
                    unreachable!()
                };
                al.offers.remove(i);
                al.ready.remove(o.from);
                al.ready.remove(o.to);
                let gives = |v: &Vec<CharKey>, hope: u32| {
                    let mut parts: Vec<String> = v.iter().map(|c| c.name().to_string()).collect();
                    if hope > 0 {
                        parts.push(format!("{hope} Hope"));
                    }
                    if parts.is_empty() {
                        "nothing".to_string()
                    } else {
                        and_list(&parts)
                    }
                };
                self.note(format!(
                    "Trade: {} {}; {} {}.",
                    self.who_verb(o.from, "gives", "give"),
                    gives(&o.give, o.give_hope),
                    self.who_verb(o.to, "gives", "give"),
                    gives(&o.take, o.take_hope)
                ));
                self.last_trade = Some(o.into());
            }
            A::Reject { from, n } | A::Withdraw { to: from, n } => {
                let mine = matches!(a, A::Withdraw { .. });
                let Some(i) = al.offers.iter().position(|o| {
                    o.n == *n
                        && if mine {
                            o.from == seat && o.to == *from
                        } else {
                            o.from == *from && o.to == seat
                        }
                }) else {
                    return Err(illegal(rule, "no such offer"));
                };
                let Phase::Allegiance(al) = &mut self.phase else {
                    unreachable!()
                };
                al.offers.remove(i);
            }
            A::SecretMission { character } => {
                if ready {
                    return Err(illegal(
                        "Secret Missions",
                        "you picked up your Bidding Dial",
                    ));
                }
                if al.wait {
                    return Err(illegal(
                        "Secret Missions",
                        "a School asked to wait: Secret Missions are sent in order once everyone is ready",
                    ));
                }
                self.send_secret(seat, *character, al.secret[seat as usize])?;
            }
            A::Wait => {
                if ready || al.wait {
                    return Err(illegal(
                        "Secret Missions",
                        "only a School still negotiating may ask to wait, once",
                    ));
                }
                let Phase::Allegiance(al) = &mut self.phase else {
                    unreachable!()
                };
                al.wait = true;
                self.note(format!(
                    "{} to wait: Secret Missions will be sent in clockwise order from the Mission Commander.",
                    self.who_verb(seat, "asks", "ask")
                ));
            }
            A::Ready => {
                if ready {
                    return Err(illegal(rule, "you already picked up your Bidding Dial"));
                }
                let order = self.clockwise(self.mc);
                let Phase::Allegiance(al) = &mut self.phase else {
                    unreachable!()
                };
                al.ready.insert(seat);
                if al.ready.len() == self.seats as usize {
                    if al.wait {
                        al.ordered = Some((order, 0));
                        self.note("Everyone is ready: Secret Missions in clockwise order from the Mission Commander.".into());
                    } else {
                        self.start_recruit_auctions(rng);
                    }
                }
            }
            _ => {
                return Err(illegal(
                    rule,
                    "trade, send a Secret Mission, or pick up your Bidding Dial",
                ));
            }
        }
        Ok(())
    }
}
