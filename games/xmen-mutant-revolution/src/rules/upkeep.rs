//! Upkeep: Recover Characters, Advance the Revolution, Acquire Hope (sealed
//! simultaneous choices, or clockwise from the Mission Commander after a
//! `wait`), then Set Plot Marker.

use super::illegal;
use crate::action::Action as A;
use crate::state::phase::*;
use crate::state::{Log, Rank, XMen};
use backroom_engine::{GameRng, RuleError, Seat, and_list};

impl XMen {
    /// Checks an Upkeep choice against the stage's rule.
    pub fn check_upkeep(&self, seat: Seat, stage: UpkeepStage, c: &UpkeepChoice) -> Result<(), RuleError> {
        let p = &self.players[seat as usize];
        let mut seen = vec![];
        for id in &c.characters {
            if p.find(*id).is_none() {
                return Err(illegal("Upkeep", format!("{} is not in your School", id.name())));
            }
            if seen.contains(id) {
                return Err(illegal("Upkeep", format!("{} is named twice", id.name())));
            }
            seen.push(*id);
        }
        match stage {
            UpkeepStage::Recover => {
                if c.characters.len() > 3 {
                    return Err(illegal(
                        "Recover Characters",
                        format!("Up to 3 Characters recover; you named {}.", c.characters.len()),
                    ));
                }
            }
            UpkeepStage::Advance => {
                if !c.characters.is_empty() {
                    if c.characters.len() != 6 {
                        return Err(illegal(
                            "Advance the Revolution",
                            format!(
                                "Exactly 6 different Characters spend 1 Power Token each; you named {}.",
                                c.characters.len()
                            ),
                        ));
                    }
                    if let Some(id) = c.characters.iter().find(|id| p.chars[p.find(**id).unwrap()].power == 0) {
                        return Err(illegal(
                            "Advance the Revolution",
                            format!("{} has no Power Token to spend; each of the 6 Characters spends one.", id.name()),
                        ));
                    }
                }
            }
            UpkeepStage::AcquireHope => {
                if let Some(id) = c.characters.iter().find(|id| id.rank() != Rank::Hero) {
                    let rank = if id.rank() == Rank::Leader { "your Leader" } else { "a Student" };
                    return Err(illegal("Acquire Hope", format!("{} is {rank}; only Heroes are paid for.", id.name())));
                }
                let income = self.hope_income(seat);
                if c.characters.len() as u32 > p.hope + income {
                    return Err(illegal(
                        "Acquire Hope",
                        format!(
                            "You keep {} Heroes and can pay for at most {} ({} Hope Coins and {income} income).",
                            c.characters.len(),
                            p.hope + income,
                            p.hope
                        ),
                    ));
                }
                let left = p.chars.iter().any(|x| {
                    !x.injured
                        && (x.rank() == Rank::Student || (x.rank() == Rank::Hero && c.characters.contains(&x.id)))
                });
                match (left, c.penalty.as_deref()) {
                    (true, _) | (false, Some("hope" | "rp")) => {}
                    _ => {
                        return Err(illegal(
                            "Acquire Hope",
                            "with no Uninjured Hero or Student left, choose to lose half your Hope (penalty \"hope\") or 1 Revolution Point (\"rp\")",
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    pub(crate) fn hope_income(&self, seat: Seat) -> u32 {
        let p = &self.players[seat as usize];
        (p.count(Rank::Student) + p.chars.iter().filter(|c| c.triumph).count()) as u32
    }

    pub(crate) fn apply_upkeep(&mut self, seat: Seat, stage: UpkeepStage, c: &UpkeepChoice, log: &mut Log<'_>) {
        self.upkeep_revealed.push(crate::state::UpkeepReveal { seat, stage, choice: c.clone() });
        let who = |third: &str, second: &str| self.who_verb(seat, third, second);
        let (recovers, advances, gains, loses) =
            (who("recovers", "recover"), who("advances", "advance"), who("gains", "gain"), who("loses", "lose"));
        let does_not = who("does", "do");
        let income = self.hope_income(seat);
        let readings = self.readings();
        let p = &mut self.players[seat as usize];
        let names = and_list(&c.characters.iter().map(|x| x.name()).collect::<Vec<_>>());
        let line = match stage {
            UpkeepStage::Recover => {
                for id in &c.characters {
                    let i = p.find(*id).unwrap();
                    let ch = &mut p.chars[i];
                    if ch.injured {
                        ch.injured = false;
                    } else {
                        ch.power = (ch.power + 1).min(readings.power_token_limit(ch));
                    }
                }
                format!("{recovers} {}.", if names.is_empty() { "nobody".into() } else { names })
            }
            UpkeepStage::Advance => {
                if c.characters.is_empty() {
                    format!("{does_not} not advance the Revolution.")
                } else {
                    for id in &c.characters {
                        let i = p.find(*id).unwrap();
                        p.chars[i].power -= 1;
                    }
                    p.add_rp(1);
                    format!("{advances} the Revolution with {names}.")
                }
            }
            UpkeepStage::AcquireHope => {
                p.hope += income;
                p.hope -= c.characters.len() as u32;
                let dropped: Vec<usize> = (0..p.chars.len())
                    .rev()
                    .filter(|i| p.chars[*i].rank() == Rank::Hero && !c.characters.contains(&p.chars[*i].id))
                    .collect();
                let mut gone = vec![];
                for i in dropped {
                    gone.push(self.players[seat as usize].chars[i].id.name());
                    self.discard_character(seat, i);
                }
                let p = &mut self.players[seat as usize];
                let mut line = format!("{gains} {income} Hope");
                if !c.characters.is_empty() {
                    line += &format!(
                        ", paying {} Hope to keep {}",
                        c.characters.len(),
                        and_list(&c.characters.iter().map(|x| x.name()).collect::<Vec<_>>())
                    );
                }
                if !gone.is_empty() {
                    line += &format!(
                        ". Unpaid, {} {} discarded",
                        and_list(&gone),
                        if gone.len() == 1 { "is" } else { "are" }
                    );
                }
                let left = p.chars.iter().any(|x| x.rank() != Rank::Leader && !x.injured);
                if !left {
                    if c.penalty.as_deref() == Some("rp") {
                        p.add_rp(-1);
                        line += &format!(". With no Uninjured Hero or Student left, {loses} 1 Revolution Point");
                    } else {
                        let lost = p.hope.div_ceil(2);
                        p.hope -= lost;
                        line += &format!(". With no Uninjured Hero or Student left, {loses} {lost} Hope");
                    }
                }
                line + "."
            }
        };
        log.note(line);
    }

    /// Upkeep actions: a sealed choice, or Wait.
    pub fn upkeep_action(&mut self, seat: Seat, a: &A, rng: &mut GameRng, log: &mut Log<'_>) -> Result<(), RuleError> {
        let Phase::Upkeep(u) = &self.phase else { unreachable!() };
        let stage = u.stage;
        if let Some((order, at)) = &u.ordered
            && order.get(*at) != Some(&seat)
        {
            let now = order.get(*at).map_or_else(String::new, |s| self.school_name(*s));
            return Err(RuleError::not_your_turn(
                "Upkeep",
                format!(
                    "A School asked to wait, so this stage is done in clockwise order from the Mission Commander: it is {now}'s turn."
                ),
            ));
        }
        let choice = match (stage, a) {
            (_, A::Wait) => {
                if u.ordered.is_some() || u.commits.contains_key(&seat) {
                    let why = if u.ordered.is_some() {
                        "A School has asked to wait already: this stage is done in clockwise order."
                    } else {
                        "You have made your choice for this stage; only a School that has not chosen may ask to wait."
                    };
                    return Err(illegal("Upkeep", why));
                }
                let order = self.clockwise(self.mc);
                let Phase::Upkeep(u) = &mut self.phase else { unreachable!() };
                u.ordered = Some((order, 0));
                log.note(format!(
                    "{} to wait: this stage is done in clockwise order from the Mission Commander.",
                    self.who_verb(seat, "asks", "ask")
                ));
                self.flush_upkeep(rng, log);
                return Ok(());
            }
            (UpkeepStage::Recover, A::Recover { characters }) | (UpkeepStage::Advance, A::Advance { characters }) => {
                UpkeepChoice { characters: characters.clone(), penalty: None }
            }
            (UpkeepStage::AcquireHope, A::AcquireHope { keep, penalty }) => {
                UpkeepChoice { characters: keep.clone(), penalty: penalty.clone() }
            }
            _ => {
                return Err(illegal(
                    "Upkeep",
                    format!(
                        "This is the {} stage of Upkeep, where \"{}\" is not a choice.",
                        stage.name(),
                        super::action_name(a)
                    ),
                ));
            }
        };
        self.check_upkeep(seat, stage, &choice)?;
        let Phase::Upkeep(u) = &mut self.phase else { unreachable!() };
        u.commits.insert(seat, choice);
        self.flush_upkeep(rng, log);
        Ok(())
    }

    pub(crate) fn flush_upkeep(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        let Phase::Upkeep(u) = &mut self.phase else { unreachable!() };
        let stage = u.stage;
        let mut todo = vec![];
        match &mut u.ordered {
            Some((order, at)) => {
                while *at < order.len() {
                    let s = order[*at];
                    match u.commits.remove(&s) {
                        Some(c) => {
                            todo.push((s, c));
                            *at += 1;
                        }
                        None => break,
                    }
                }
                let done = *at >= order.len();
                for (s, c) in todo {
                    self.apply_upkeep(s, stage, &c, log);
                }
                if !done {
                    return;
                }
            }
            None => {
                if u.commits.len() < self.seats as usize {
                    return;
                }
                let all = std::mem::take(&mut u.commits);
                for (s, c) in all.iter() {
                    self.apply_upkeep(*s, stage, c, log);
                }
            }
        }
        let next = match stage {
            UpkeepStage::Recover => Some(UpkeepStage::Advance),
            UpkeepStage::Advance => Some(UpkeepStage::AcquireHope),
            UpkeepStage::AcquireHope => None,
        };
        match next {
            Some(stage) => {
                self.phase = Phase::Upkeep(Upkeep { stage, commits: Default::default(), ordered: None });
            }
            None => {
                // U4 Set Plot Marker.
                for p in &mut self.players {
                    p.pp = p.rp;
                }
                self.start_plot(rng, log);
            }
        }
    }
}
