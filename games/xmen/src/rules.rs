//! The round loop outside the arena: Setup, Upkeep, Plot Phase, Recruit
//! Phase, the Mission Phase up to the arena, End of Round and the Final
//! Tournament. Each `*_action` validates against the rulebook section it
//! names and then mutates; [`crate::XMen`]'s `apply` runs it on a clone, so
//! a refusal never leaves a half-done change behind.

use crate::action::Action as A;
use crate::battle::Battle;
use crate::content::{PlotId, PlotKind, RecruitType, Target, content};
use crate::phase::*;
use crate::state::{CharKey, Character, Rank, Reveal, RevealOutcome, XMen};
use backroom_engine::{GameRng, RuleError, Seat, SeatSet};

/// Highest value on a Bidding Dial.
pub const MAX_DIAL: u8 = 14;
/// Offers one School may make in one Change Allegiance stage (house bound
/// so that negotiation always ends).
pub const OFFERS_PER_PHASE: u8 = 3;

fn illegal(rule: &str, msg: impl Into<String>) -> RuleError {
    RuleError::illegal(rule, msg)
}

impl XMen {
    // ----------------------------------------------------------------- setup

    /// S3–S9 once every School is chosen: markers, Power Tokens, Hope.
    pub fn begin_game(&mut self, rng: &mut GameRng) {
        for p in &mut self.players {
            p.rp = 1;
            p.pp = 1;
            p.hope = 5;
            let school = p.school.expect("chosen");
            let limit = content().schools[school as usize].leader.power_limit;
            p.chars
                .insert(0, Character::new(CharKey::Leader(school), limit));
        }
        self.note(format!(
            "{} holds the Mission Commander token.",
            self.who(self.mc)
        ));
        self.start_round(rng);
    }

    /// Setup S2: choose a School.
    pub fn pick_school(&mut self, seat: Seat, school: &str) -> Result<(), RuleError> {
        let Phase::PickSchool { order, .. } = &mut self.phase else {
            unreachable!()
        };
        if order.first() != Some(&seat) {
            return Err(RuleError::not_your_turn(
                "Setup",
                "another seat chooses its School now",
            ));
        }
        let Some(i) = content().schools.iter().position(|s| s.id == school) else {
            return Err(illegal("Setup", format!("there is no School '{school}'")));
        };
        if self.players.iter().any(|p| p.school == Some(i as u8)) {
            return Err(illegal("Setup", "that School is taken"));
        }
        order.remove(0);
        self.players[seat as usize].school = Some(i as u8);
        self.note(format!(
            "Seat {} takes {}.",
            seat + 1,
            content().schools[i].name
        ));
        Ok(())
    }

    fn start_round(&mut self, _rng: &mut GameRng) {
        self.round += 1;
        self.note(format!("Round {} begins.", self.round));
        self.upkeep_revealed.clear();
        self.phase = Phase::Upkeep(Upkeep {
            stage: UpkeepStage::Recover,
            commits: Default::default(),
            ordered: None,
        });
    }

    // ---------------------------------------------------------------- upkeep

    /// Checks an Upkeep choice against the stage's rule.
    pub fn check_upkeep(
        &self,
        seat: Seat,
        stage: UpkeepStage,
        c: &UpkeepChoice,
    ) -> Result<(), RuleError> {
        let p = &self.players[seat as usize];
        let mut seen = vec![];
        for id in &c.characters {
            if p.find(*id).is_none() {
                return Err(illegal(
                    "Upkeep",
                    format!("{} is not in your School", id.name()),
                ));
            }
            if seen.contains(id) {
                return Err(illegal("Upkeep", format!("{} is named twice", id.name())));
            }
            seen.push(*id);
        }
        match stage {
            UpkeepStage::Recover => {
                if c.characters.len() > 3 {
                    return Err(illegal("Recover Characters", "up to 3 Characters recover"));
                }
            }
            UpkeepStage::Advance => {
                if !c.characters.is_empty() {
                    if c.characters.len() != 6 {
                        return Err(illegal(
                            "Advance the Revolution",
                            "exactly 6 different Characters spend 1 Power Token each",
                        ));
                    }
                    if c.characters
                        .iter()
                        .any(|id| p.chars[p.find(*id).unwrap()].power == 0)
                    {
                        return Err(illegal(
                            "Advance the Revolution",
                            "each of the 6 Characters needs a Power Token",
                        ));
                    }
                }
            }
            UpkeepStage::AcquireHope => {
                if c.characters.iter().any(|id| id.rank() != Rank::Hero) {
                    return Err(illegal("Acquire Hope", "only Heroes are paid for"));
                }
                let income = self.hope_income(seat);
                if c.characters.len() as u32 > p.hope + income {
                    return Err(illegal(
                        "Acquire Hope",
                        format!("you can pay for at most {} Heroes", p.hope + income),
                    ));
                }
                let left = p.chars.iter().any(|x| {
                    !x.injured
                        && (x.rank() == Rank::Student
                            || (x.rank() == Rank::Hero && c.characters.contains(&x.id)))
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

    fn hope_income(&self, seat: Seat) -> u32 {
        let p = &self.players[seat as usize];
        (p.count(Rank::Student) + p.chars.iter().filter(|c| c.triumph).count()) as u32
    }

    fn apply_upkeep(&mut self, seat: Seat, stage: UpkeepStage, c: &UpkeepChoice) {
        self.upkeep_revealed.push(crate::state::UpkeepReveal { seat, stage, choice: c.clone() });
        let who = self.who(seat);
        let income = self.hope_income(seat);
        let p = &mut self.players[seat as usize];
        let names = c
            .characters
            .iter()
            .map(|x| x.name())
            .collect::<Vec<_>>()
            .join(", ");
        let line = match stage {
            UpkeepStage::Recover => {
                for id in &c.characters {
                    let i = p.find(*id).unwrap();
                    let ch = &mut p.chars[i];
                    if ch.injured {
                        ch.injured = false;
                    } else {
                        ch.power = (ch.power + 1).min(ch.attributes().limit);
                    }
                }
                format!(
                    "{who} recovers {}.",
                    if names.is_empty() {
                        "nobody".into()
                    } else {
                        names
                    }
                )
            }
            UpkeepStage::Advance => {
                if c.characters.is_empty() {
                    format!("{who} does not advance the Revolution.")
                } else {
                    for id in &c.characters {
                        let i = p.find(*id).unwrap();
                        p.chars[i].power -= 1;
                    }
                    p.add_rp(1);
                    format!("{who} advances the Revolution with {names}.")
                }
            }
            UpkeepStage::AcquireHope => {
                p.hope += income;
                p.hope -= c.characters.len() as u32;
                let dropped: Vec<usize> = (0..p.chars.len())
                    .rev()
                    .filter(|i| {
                        p.chars[*i].rank() == Rank::Hero && !c.characters.contains(&p.chars[*i].id)
                    })
                    .collect();
                let mut gone = vec![];
                for i in dropped {
                    gone.push(self.players[seat as usize].chars[i].id.name());
                    self.discard_character(seat, i);
                }
                let p = &mut self.players[seat as usize];
                let mut line = format!(
                    "{who} gains {income} Hope and pays {} for Heroes",
                    c.characters.len()
                );
                if !gone.is_empty() {
                    line += &format!(", discarding {}", gone.join(", "));
                }
                let left = p
                    .chars
                    .iter()
                    .any(|x| x.rank() != Rank::Leader && !x.injured);
                if !left {
                    if c.penalty.as_deref() == Some("rp") {
                        p.add_rp(-1);
                        line += "; with no Uninjured Hero or Student it loses 1 Revolution Point";
                    } else {
                        let lost = p.hope.div_ceil(2);
                        p.hope -= lost;
                        line +=
                            &format!("; with no Uninjured Hero or Student it loses {lost} Hope");
                    }
                }
                line + "."
            }
        };
        self.note(line);
    }

    /// Upkeep actions: a sealed choice, or Wait.
    pub fn upkeep_action(&mut self, seat: Seat, a: &A, rng: &mut GameRng) -> Result<(), RuleError> {
        let Phase::Upkeep(u) = &self.phase else {
            unreachable!()
        };
        let stage = u.stage;
        if let Some((order, at)) = &u.ordered
            && order.get(*at) != Some(&seat)
        {
            return Err(RuleError::not_your_turn(
                "Upkeep",
                "Upkeep is being done in clockwise order from the Mission Commander",
            ));
        }
        let choice = match (stage, a) {
            (_, A::Wait) => {
                if u.ordered.is_some() || u.commits.contains_key(&seat) {
                    return Err(illegal(
                        "Upkeep",
                        "only a seat that has not chosen yet may ask to wait, once per stage",
                    ));
                }
                let order = self.clockwise(self.mc);
                let Phase::Upkeep(u) = &mut self.phase else {
                    unreachable!()
                };
                u.ordered = Some((order, 0));
                self.note(format!("{} asks to wait: this stage is done in clockwise order from the Mission Commander.", self.who(seat)));
                self.flush_upkeep(rng);
                return Ok(());
            }
            (UpkeepStage::Recover, A::Recover { characters })
            | (UpkeepStage::Advance, A::Advance { characters }) => UpkeepChoice {
                characters: characters.clone(),
                penalty: None,
            },
            (UpkeepStage::AcquireHope, A::AcquireHope { keep, penalty }) => UpkeepChoice {
                characters: keep.clone(),
                penalty: penalty.clone(),
            },
            _ => {
                return Err(illegal(
                    "Upkeep",
                    format!("this is the {stage:?} stage of Upkeep"),
                ));
            }
        };
        self.check_upkeep(seat, stage, &choice)?;
        let Phase::Upkeep(u) = &mut self.phase else {
            unreachable!()
        };
        u.commits.insert(seat, choice);
        self.flush_upkeep(rng);
        Ok(())
    }

    fn flush_upkeep(&mut self, rng: &mut GameRng) {
        let Phase::Upkeep(u) = &mut self.phase else {
            unreachable!()
        };
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
                    self.apply_upkeep(s, stage, &c);
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
                    self.apply_upkeep(*s, stage, c);
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
                self.phase = Phase::Upkeep(Upkeep {
                    stage,
                    commits: Default::default(),
                    ordered: None,
                });
            }
            None => {
                // U4 Set Plot Marker.
                for p in &mut self.players {
                    p.pp = p.rp;
                }
                self.start_plot(rng);
            }
        }
    }

    // ------------------------------------------------------------------ plot

    fn start_plot(&mut self, rng: &mut GameRng) {
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

    fn plot_state(&mut self) -> &mut Plot {
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
            self.plot_state()
                .request
                .as_mut()
                .unwrap()
                .pledges
                .insert(seat, *amount);
            self.note(format!("{} pledges {amount} Plot Points.", self.who(seat)));
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
                    "{} asks for {amount} Plot Points of support.",
                    self.who(seat)
                ));
            }
            A::AbandonRequest => {
                if !locked {
                    return Err(illegal(
                        "Playing Event Cards",
                        "there is no support request",
                    ));
                }
                self.plot_state().request = None;
                self.note(format!(
                    "{} abandons the support request; pledges are released.",
                    self.who(seat)
                ));
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
                p.hand = without_cards(&p.hand, cards, "Discard Cards for Hope Coins")?;
                let hope: u32 = cards.iter().map(|c| c.card().hope as u32).sum();
                p.hope += hope;
                self.plot_discard.extend(cards.iter().copied());
                self.note(format!("{} discards {} for {hope} Hope.", self.who(seat), card_names(cards)));
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
                match pw.op.as_str() {
                    "gain_hope" => p.hope += pw.amount as u32,
                    _ => {
                        self.draw_plot(seat, pw.amount as usize, rng);
                    }
                }
                self.note(format!(
                    "{} uses the Power of {}.",
                    self.who(seat),
                    character.name()
                ));
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
                self.note(format!("{} passes.", self.who(seat)));
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

    fn give_hope(&mut self, seat: Seat, to: Seat, amount: u32) -> Result<(), RuleError> {
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
            "{} gives {amount} Hope to {}.",
            self.who(seat),
            self.who(to)
        ));
        Ok(())
    }

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
            return Err(illegal(
                "Playing Event Cards",
                format!("{} is not in your hand", def.name),
            ));
        }
        if def.kind != PlotKind::Event {
            return Err(illegal(
                "Playing Event Cards",
                format!("{} is a Reaction, not an Event", def.name),
            ));
        }
        let Phase::Plot(pl) = &self.phase else {
            unreachable!()
        };
        let mut support = 0u8;
        for (i, s) in supporters.iter().enumerate() {
            let pledge = pl.request.as_ref().and_then(|r| r.pledges.get(s).copied());
            match pledge {
                Some(n) if n > 0 && *s != seat && !supporters[..i].contains(s) => support += n,
                _ => {
                    return Err(illegal(
                        "Playing Event Cards",
                        format!("seat {} has no pledge to accept", s + 1),
                    ));
                }
            }
        }
        if support > def.plot {
            return Err(illegal(
                "Playing Event Cards",
                format!(
                    "the accepted support ({support}) is more than the Plot Value {}",
                    def.plot
                ),
            ));
        }
        let own = def.plot - support;
        if own > p.pp {
            return Err(illegal(
                "Playing Event Cards",
                format!(
                    "{} costs {} Plot Points; you have {} and {support} in support",
                    def.name, def.plot, p.pp
                ),
            ));
        }
        let valid_seat = |s: &Seat| *s < self.seats;
        let ok = match def.target {
            Target::None => targets.is_empty(),
            Target::Any => targets.len() == 1 && targets.iter().all(valid_seat),
            Target::Another => {
                targets.len() == 1 && targets.iter().all(valid_seat) && targets[0] != seat
            }
            Target::TwoDifferent => {
                targets.len() == 2 && targets.iter().all(valid_seat) && targets[0] != targets[1]
            }
        };
        if !ok {
            let need = match def.target {
                Target::None => "no target",
                Target::Any => "one School",
                Target::Another => "another School",
                Target::TwoDifferent => "two different Schools",
            };
            return Err(illegal(
                "Playing Event Cards",
                format!("{} names {need}", def.name),
            ));
        }
        for e in def.cost.iter() {
            match e.op.as_str() {
                "discard_own_student" => {
                    let ok =
                        character.is_some_and(|c| c.rank() == Rank::Student && p.find(c).is_some());
                    if !ok {
                        return Err(illegal(
                            "Playing Event Cards",
                            format!("{} needs one of your Students to discard", def.name),
                        ));
                    }
                }
                _ => {
                    if p.hope < e.amount as u32 {
                        return Err(illegal(
                            "Playing Event Cards",
                            format!("{} costs {} Hope Coins too", def.name, e.amount),
                        ));
                    }
                }
            }
        }
        for e in &def.effects {
            match e.op.as_str() {
                "power_token" | "heal" => {
                    let Some(i) = character.and_then(|c| p.find(c)) else {
                        return Err(illegal(
                            "Playing Event Cards",
                            format!("{} needs one of your Characters", def.name),
                        ));
                    };
                    if e.op == "heal" && !p.chars[i].injured {
                        return Err(illegal(
                            "Playing Event Cards",
                            "choose an Injured Character to heal",
                        ));
                    }
                }
                "injure" => {
                    let ok = character.is_some_and(|c| {
                        c.rank() != Rank::Leader
                            && targets
                                .iter()
                                .any(|t| self.players[*t as usize].find(c).is_some())
                    });
                    if !ok {
                        return Err(illegal(
                            "Playing Event Cards",
                            "choose a Hero or Student of the target School",
                        ));
                    }
                }
                _ => {}
            }
        }
        Ok(own)
    }

    fn play_event(
        &mut self,
        seat: Seat,
        card: PlotId,
        targets: &[Seat],
        character: Option<CharKey>,
        supporters: &[Seat],
        rng: &mut GameRng,
    ) -> Result<(), RuleError> {
        let own = self.check_event(seat, card, targets, character, supporters)?;
        let pledges = self
            .plot_state()
            .request
            .take()
            .map(|r| r.pledges)
            .unwrap_or_default();
        for s in supporters {
            let n = pledges.get(s).copied().unwrap_or(0);
            self.players[*s as usize].pp -= n;
        }
        let p = &mut self.players[seat as usize];
        p.pp -= own;
        let i = p.hand.iter().position(|c| *c == card).unwrap();
        p.hand.remove(i);
        let support = if supporters.is_empty() {
            String::new()
        } else {
            format!(
                " with support from {}",
                supporters
                    .iter()
                    .map(|s| self.who(*s))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        self.note(format!(
            "{} plays {}{support}.",
            self.who(seat),
            card.card().name
        ));
        let chain = Chain {
            cards: vec![Played { seat, card }],
            targets: targets.to_vec(),
            character,
            window: SeatSet::EMPTY,
            answers: Default::default(),
        };
        self.plot_state().chain = Some(chain);
        self.open_cancel_window(rng);
        Ok(())
    }

    /// Offers the cancel window for the top of the chain to every other
    /// School with enough Plot Points for the cheapest cancelling Reaction
    /// (public criteria only, never hand contents).
    fn open_cancel_window(&mut self, rng: &mut GameRng) {
        let pp: Vec<u8> = self.players.iter().map(|p| p.pp).collect();
        let chain = self.plot_state().chain.as_mut().unwrap();
        let top = chain.cards.last().unwrap();
        let trigger = if chain.cards.len() == 1 {
            "cancel_event"
        } else {
            "cancel_reaction"
        };
        let window: SeatSet = match XMen::cheapest(trigger) {
            Some(cost) => (0..pp.len() as Seat)
                .filter(|s| *s != top.seat && pp[*s as usize] >= cost)
                .collect(),
            None => SeatSet::EMPTY,
        };
        chain.window = window;
        chain.answers.clear();
        if window.is_empty() {
            self.resolve_chain(rng);
        }
    }

    fn chain_action(
        &mut self,
        seat: Seat,
        chain: Chain,
        a: &A,
        rng: &mut GameRng,
    ) -> Result<(), RuleError> {
        if !chain.window.contains(seat) || chain.answers.contains_key(&seat) {
            return Err(RuleError::not_your_turn(
                "Canceling an Event",
                "you are not offered this window, or already answered",
            ));
        }
        let answer = match a {
            A::Decline => None,
            A::React { card } => {
                let p = &self.players[seat as usize];
                let def = card.card();
                let want = if chain.cards.len() == 1 {
                    "cancel_event"
                } else {
                    "cancel_reaction"
                };
                if !p.hand.contains(card) {
                    return Err(illegal(
                        "Reaction Cards",
                        format!("{} is not in your hand", def.name),
                    ));
                }
                if def.trigger.as_deref() != Some(want) {
                    return Err(illegal(
                        "Reaction Cards",
                        format!(
                            "{} cannot be played now: this window is to {}",
                            def.name,
                            want.replace('_', " an ")
                        ),
                    ));
                }
                if def.plot > p.pp {
                    return Err(illegal(
                        "Reaction Cards",
                        format!(
                            "{} costs {} Plot Points; Reactions cannot be supported",
                            def.name, def.plot
                        ),
                    ));
                }
                Some(*card)
            }
            _ => {
                return Err(illegal(
                    "Canceling an Event",
                    "play a cancelling Reaction or decline",
                ));
            }
        };
        let n = self.seats;
        let ch = self.plot_state().chain.as_mut().unwrap();
        ch.answers.insert(seat, answer);
        if ch.window.iter().all(|s| ch.answers.contains_key(&s)) {
            // Ruling A11: the first claim clockwise from the card's player wins.
            let from = ch.cards.last().unwrap().seat;
            let winner = (1..n)
                .map(|i| (from + i) % n)
                .find(|s| matches!(ch.answers.get(s), Some(Some(_))));
            match winner {
                Some(s) => {
                    let card = ch.answers[&s].unwrap();
                    ch.cards.push(Played { seat: s, card });
                    let p = &mut self.players[s as usize];
                    p.pp -= card.card().plot;
                    let i = p.hand.iter().position(|c| *c == card).unwrap();
                    p.hand.remove(i);
                    self.note(format!(
                        "{} plays {} to cancel it.",
                        self.who(s),
                        card.card().name
                    ));
                    self.open_cancel_window(rng);
                }
                None => self.resolve_chain(rng),
            }
        }
        Ok(())
    }

    /// Resolves the chain: the top card stands; each card cancels the one
    /// below it unless it was itself cancelled. Then every card goes face up
    /// to the Plot discard.
    fn resolve_chain(&mut self, rng: &mut GameRng) {
        let chain = self.plot_state().chain.take().unwrap();
        let n = chain.cards.len();
        let mut effective = vec![true; n];
        for i in (0..n - 1).rev() {
            effective[i] = !effective[i + 1];
        }
        let ev = chain.cards[0];
        if effective[0] {
            self.resolve_event(ev.seat, ev.card, &chain.targets, chain.character, rng);
        } else {
            self.note(format!(
                "{} is cancelled; its other costs are not taken.",
                ev.card.card().name
            ));
        }
        self.plot_discard.extend(chain.cards.iter().map(|p| p.card));
        self.next_plot_turn(rng);
    }

    fn resolve_event(
        &mut self,
        seat: Seat,
        card: PlotId,
        targets: &[Seat],
        character: Option<CharKey>,
        rng: &mut GameRng,
    ) {
        let def = card.card();
        for e in &def.cost {
            let p = &mut self.players[seat as usize];
            match e.op.as_str() {
                "discard_own_student" => {
                    if let Some(i) = character.and_then(|c| p.find(c)) {
                        self.discard_character(seat, i);
                    }
                }
                _ => {
                    p.lose_hope(e.amount as u32);
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
                let n = e.amount as u32;
                let p = &mut self.players[t as usize];
                match e.op.as_str() {
                    "gain_hope" => p.hope += n,
                    "lose_hope" => {
                        p.lose_hope(n);
                    }
                    "steal_hope" => {
                        let k = p.lose_hope(n);
                        self.players[seat as usize].hope += k;
                    }
                    "gain_rp" => p.add_rp(n as i32),
                    "lose_rp" => p.add_rp(-(n as i32)),
                    "gain_pp" => p.add_pp(n as i32),
                    "lose_pp" => p.add_pp(-(n as i32)),
                    "draw" => {
                        self.draw_plot(t, n as usize, rng);
                    }
                    "power_token" => {
                        if let Some(i) = character.and_then(|c| p.find(c)) {
                            let lim = p.chars[i].attributes().limit;
                            p.chars[i].power = (p.chars[i].power + n as u8).min(lim);
                        }
                    }
                    "heal" => {
                        if let Some(i) = character.and_then(|c| p.find(c)) {
                            p.chars[i].injured = false;
                        }
                    }
                    "injure" => {
                        if let Some(i) = character.and_then(|c| p.find(c)) {
                            p.chars[i].injured = true;
                        }
                    }
                    _ => {}
                }
            }
        }
        self.note(format!("{} resolves.", def.name));
    }

    fn next_plot_turn(&mut self, rng: &mut GameRng) {
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

    fn start_hand_size(&mut self, rng: &mut GameRng) {
        let over: SeatSet = (0..self.seats)
            .filter(|s| {
                let p = &self.players[*s as usize];
                p.hand.len() > p.hand_size()
            })
            .collect();
        if over.is_empty() {
            self.start_recruit(rng);
        } else {
            self.phase = Phase::HandSize {
                commits: Default::default(),
                over,
            };
        }
    }

    /// Discard to Hand Size (sealed; revealed when all are in).
    pub fn hand_size_action(
        &mut self,
        seat: Seat,
        a: &A,
        rng: &mut GameRng,
    ) -> Result<(), RuleError> {
        let A::DiscardToHandSize { cards } = a else {
            return Err(illegal(
                "Discard to Hand Size",
                "discard down to your Hand Size",
            ));
        };
        let Phase::HandSize { over, .. } = &self.phase else {
            unreachable!()
        };
        if !over.contains(seat) {
            return Err(RuleError::not_your_turn(
                "Discard to Hand Size",
                "your hand is within your Hand Size",
            ));
        }
        let p = &self.players[seat as usize];
        let excess = p.hand.len() - p.hand_size();
        if cards.len() != excess {
            return Err(illegal(
                "Discard to Hand Size",
                format!(
                    "discard exactly {excess} cards to reach your Hand Size of {}",
                    p.hand_size()
                ),
            ));
        }
        without_cards(&p.hand, cards, "Discard to Hand Size")?;
        let Phase::HandSize { commits, over } = &mut self.phase else {
            unreachable!()
        };
        commits.insert(seat, cards.clone());
        if over.iter().all(|s| commits.contains_key(&s)) {
            let all: Vec<(Seat, Vec<PlotId>)> = std::mem::take(commits).0.into_iter().collect();
            for (s, cards) in all {
                let p = &mut self.players[s as usize];
                // Checked when each School committed; hands do not change meanwhile.
                if let Ok(rest) = without_cards(&p.hand, &cards, "Discard to Hand Size") {
                    p.hand = rest;
                }
                self.note(format!("{} discards {} to Hand Size.", self.who(s), card_names(&cards)));
                self.plot_discard.extend(cards);
            }
            self.start_recruit(rng);
        }
        Ok(())
    }

    // --------------------------------------------------------------- recruit

    fn start_recruit(&mut self, _rng: &mut GameRng) {
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
    fn keeps_last_uninjured(before: &crate::state::Player, after: &crate::state::Player) -> bool {
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
    fn send_secret(&mut self, seat: Seat, character: CharKey, sent: u8) -> Result<(), RuleError> {
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
            "{} sends {} on a Secret Mission for {hope} Hope.",
            self.who(seat),
            character.name()
        ));
        Ok(())
    }

    /// The ordered Secret Missions sub-step (ruling A17).
    fn ordered_secret_action(
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
                    if hope > 0 || parts.is_empty() {
                        parts.push(format!("{hope} Hope"));
                    }
                    parts.join(", ")
                };
                self.note(format!(
                    "Trade: {} gives {}; {} gives {}.",
                    self.who(o.from),
                    gives(&o.give, o.give_hope),
                    self.who(o.to),
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
                    "{} asks to wait: Secret Missions will be sent in clockwise order from the Mission Commander.",
                    self.who(seat)
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

    fn start_recruit_auctions(&mut self, rng: &mut GameRng) {
        let mut row = vec![];
        for _ in 0..self.seats {
            if let Some(c) = self.draw_recruit(rng) {
                row.push(c);
            }
        }
        self.note(format!(
            "Recruit and Train: {} cards are dealt face down.",
            row.len()
        ));
        self.next_recruit(row, rng);
    }

    fn next_recruit(&mut self, mut row: Vec<RecruitId>, rng: &mut GameRng) {
        if row.is_empty() {
            self.start_mission_phase(rng);
            return;
        }
        let current = row.remove(0);
        self.note(format!("{} is up for recruitment.", current.card().name));
        self.phase = Phase::Recruit(Recruit {
            row,
            current,
            auction: Auction::new(self.seats, self.all()),
            training_for: None,
        });
    }

    /// A dial's legal range: 0 to min(14, Hope on the School card minus
    /// escrow) (ruling A23).
    pub fn dial_max(&self, seat: Seat, auction: &Auction) -> u8 {
        let free = self.players[seat as usize]
            .hope
            .saturating_sub(auction.escrow[seat as usize]);
        free.min(MAX_DIAL as u32) as u8
    }

    /// A Bidding Dial for the current auction.
    pub fn bid_action(&mut self, seat: Seat, a: &A, rng: &mut GameRng) -> Result<(), RuleError> {
        let auction = match &self.phase {
            Phase::Recruit(r) if r.training_for.is_none() => &r.auction,
            Phase::McBid { auction, .. } => auction,
            Phase::Recruit(_) => return self.train_action(seat, a, rng),
            _ => unreachable!(),
        };
        let A::Bid { value } = a else {
            return Err(illegal("Bidding", "set your Bidding Dial"));
        };
        if !auction.bidders.contains(seat) {
            return Err(RuleError::not_your_turn(
                "Bidding",
                "you are out of this auction",
            ));
        }
        let max = self.dial_max(seat, auction);
        if *value > max {
            return Err(illegal(
                "Bidding Dial",
                format!(
                    "your dial goes from 0 to {max} (14 at most, and only the Hope Coins you hold)"
                ),
            ));
        }
        let auction = match &mut self.phase {
            Phase::Recruit(r) => &mut r.auction,
            Phase::McBid { auction, .. } => auction,
            _ => unreachable!(),
        };
        auction.dials.insert(seat, *value);
        if auction
            .bidders
            .iter()
            .all(|s| auction.dials.contains_key(&s))
        {
            self.reveal_dials(rng);
        }
        Ok(())
    }

    /// All dials are revealed: the AUCTION sub-machine (§1.6).
    fn reveal_dials(&mut self, rng: &mut GameRng) {
        let auction = match &mut self.phase {
            Phase::Recruit(r) => &mut r.auction,
            Phase::McBid { auction, .. } => auction,
            _ => unreachable!(),
        };
        let dials = std::mem::take(&mut auction.dials);
        auction.revealed.push(dials.clone());
        let (escrow_before, round_before) = (auction.escrow.clone(), auction.round);
        let bidders: Vec<Seat> = auction.bidders.iter().collect();
        let text = bidders
            .iter()
            .map(|s| format!("seat {} {}", s + 1, dials[s]))
            .collect::<Vec<_>>()
            .join(", ");
        let outcome = if bidders.iter().all(|s| dials[s] == 0) {
            None
        } else {
            let total = |s: &Seat| auction.escrow[*s as usize] + dials[s] as u32;
            let best = bidders.iter().map(total).max().unwrap();
            let top: Vec<Seat> = bidders
                .iter()
                .copied()
                .filter(|s| total(s) == best)
                .collect();
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
        self.note(format!("Dials revealed: {text}."));
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
            Some(Some((w, paid, bonus))) => RevealOutcome::Won {
                winner: *w,
                price: *paid,
                bonus: *bonus,
            },
        };
        let actor = match &result {
            RevealOutcome::Won { winner, .. } => Some(*winner),
            _ => None,
        };
        self.last_reveal = Some(Reveal {
            item,
            round: round_before,
            dials: dials.clone(),
            escrow: escrow_before,
            outcome: result,
        });
        self.open_trigger_window("bids_revealed", actor);
        match outcome {
            Some(None) => self
                .note("Tied: the tied bidders put their bids on the board and bid again.".into()),
            None => self.auction_failed(rng),
            Some(Some((w, paid, bonus))) => self.auction_won(w, paid, bonus, rng),
        }
    }

    fn auction_failed(&mut self, rng: &mut GameRng) {
        match std::mem::replace(
            &mut self.phase,
            Phase::Over {
                ranking: vec![],
                summary: String::new(),
            },
        ) {
            Phase::Recruit(r) => {
                self.note(format!(
                    "Every bid is 0: the recruitment of {} fails.",
                    r.current.card().name
                ));
                self.recruit_discard.push(r.current);
                self.next_recruit(r.row, rng);
            }
            Phase::McBid { mission, auction } => {
                // Ruling A20: the remaining bidders roll 3 dice; nobody pays.
                let field: Vec<Seat> = auction.bidders.iter().collect();
                let (w, rolls) = XMen::roll_off(&field, rng);
                self.note(format!(
                    "Every bid is 0: roll for Mission Commander ({}).",
                    rolls
                        .iter()
                        .map(|(s, v)| format!("seat {} {v}", s + 1))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                self.new_mc(w, mission);
            }
            _ => unreachable!(),
        }
    }

    fn auction_won(&mut self, w: Seat, paid: u32, bonus: bool, rng: &mut GameRng) {
        self.players[w as usize].hope -= paid;
        if bonus {
            self.draw_plot(w, 1, rng);
        }
        let bonus_text = if bonus {
            " and draws a bonus Plot Card"
        } else {
            ""
        };
        match std::mem::replace(
            &mut self.phase,
            Phase::Over {
                ranking: vec![],
                summary: String::new(),
            },
        ) {
            Phase::Recruit(mut r) => {
                let card = r.current.card();
                self.note(format!(
                    "{} wins {} for {paid} Hope{bonus_text}.",
                    self.who(w),
                    card.name
                ));
                match card.kind {
                    RecruitType::Training => {
                        if self.training_holders(w, r.current).is_empty() {
                            self.note(format!(
                                "{} has nobody to train: {} is discarded.",
                                self.who(w),
                                card.name
                            ));
                            self.recruit_discard.push(r.current);
                            self.next_recruit(r.row, rng);
                        } else {
                            r.training_for = Some(w);
                            self.phase = Phase::Recruit(r);
                        }
                    }
                    _ => {
                        self.players[w as usize].chars.push(Character::new(
                            CharKey::Recruit(r.current),
                            card.power_limit,
                        ));
                        self.next_recruit(r.row, rng);
                    }
                }
            }
            Phase::McBid { mission, .. } => {
                self.note(format!(
                    "{} wins the Mission Commander bid for {paid} Hope{bonus_text}.",
                    self.who(w)
                ));
                self.new_mc(w, mission);
            }
            _ => unreachable!(),
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

    fn train_action(&mut self, seat: Seat, a: &A, rng: &mut GameRng) -> Result<(), RuleError> {
        let Phase::Recruit(r) = &self.phase else {
            unreachable!()
        };
        if r.training_for != Some(seat) {
            return Err(RuleError::not_your_turn(
                "Recruit and Train",
                "another School is assigning its Training Card",
            ));
        }
        let A::Train { character } = a else {
            return Err(illegal(
                "Recruit and Train",
                "attach the Training Card to a Hero or Student",
            ));
        };
        if !self.training_holders(seat, r.current).contains(character) {
            return Err(illegal(
                "Recruit and Train",
                "a Training Card goes on one of your Heroes or Students without one (never a Leader)",
            ));
        }
        let (card, row) = (r.current, r.row.clone());
        let p = &mut self.players[seat as usize];
        let i = p.find(*character).unwrap();
        p.chars[i].training = Some(card);
        self.note(format!(
            "{} trains {} with {}.",
            self.who(seat),
            character.name(),
            card.card().name
        ));
        self.next_recruit(row, rng);
        Ok(())
    }

    // --------------------------------------------------------------- mission

    fn start_mission_phase(&mut self, rng: &mut GameRng) {
        let Some(m) = self.draw_mission(rng) else {
            self.end_of_round(rng);
            return;
        };
        self.mission_discard.push(m);
        self.note(format!("Mission Phase: {} is revealed.", m.card().name));
        self.phase = Phase::McBid {
            mission: m,
            auction: Auction::new(self.seats, self.all()),
        };
        self.open_trigger_window("mission_revealed", None);
    }

    fn new_mc(&mut self, w: Seat, mission: MissionId) {
        self.mc = w;
        self.players[w as usize].add_rp(1);
        self.note(format!(
            "{} is Mission Commander and gains 1 Revolution Point.",
            self.who(w)
        ));
        self.invite_answers.clear();
        self.phase = Phase::Invite(Invite {
            mission,
            invited: SeatSet::EMPTY,
            asking: None,
            positions: vec![],
        });
    }

    /// Characters a School may send to this Mission.
    pub fn eligible(&self, seat: Seat, mission: MissionId) -> Vec<CharKey> {
        let p = &self.players[seat as usize];
        let others_ok = p
            .chars
            .iter()
            .any(|c| c.rank() != Rank::Leader && !c.injured);
        p.chars
            .iter()
            .filter(|c| {
                !c.injured
                    && (c.rank() != Rank::Leader || !others_ok || mission.card().leaders_allowed)
            })
            .map(|c| c.id)
            .collect()
    }

    /// Choose Characters: invitations and answers.
    pub fn invite_action(&mut self, seat: Seat, a: &A, rng: &mut GameRng) -> Result<(), RuleError> {
        let Phase::Invite(inv) = &self.phase else {
            unreachable!()
        };
        let mut inv = inv.clone();
        let rule = "Choose Characters";
        match inv.asking {
            None => {
                if seat != self.mc {
                    return Err(RuleError::not_your_turn(
                        rule,
                        "the Mission Commander invites the Schools",
                    ));
                }
                let A::Invite { school } = a else {
                    return Err(illegal(rule, "invite a School"));
                };
                if *school >= self.seats || inv.invited.contains(*school) {
                    return Err(illegal(rule, "invite a School not yet invited"));
                }
                inv.invited.insert(*school);
                inv.asking = Some(*school);
                self.note(format!(
                    "{} invites {} to Character Position {}.",
                    self.who(seat),
                    self.who(*school),
                    inv.positions.len() + 1
                ));
            }
            Some(asked) => {
                if seat != asked {
                    return Err(RuleError::not_your_turn(
                        rule,
                        "another School is answering its invitation",
                    ));
                }
                match a {
                    A::Send { character } => {
                        if !self.eligible(seat, inv.mission).contains(character) {
                            return Err(illegal(
                                rule,
                                "send an Uninjured Character; a Leader only if no Uninjured Hero or Student can go or the Mission allows it",
                            ));
                        }
                        inv.positions.push((seat, *character));
                        self.invite_answers.push((seat, Some(*character)));
                        self.note(format!("{} sends {}.", self.who(seat), character.name()));
                    }
                    A::RefuseInvitation => {
                        let had = self.players[seat as usize].rp;
                        self.players[seat as usize].add_rp(-1);
                        self.invite_answers.push((seat, None));
                        self.note(if had > 0 {
                            format!("{} refuses and loses 1 Revolution Point.", self.who(seat))
                        } else {
                            format!("{} refuses (no Revolution Point left to lose).", self.who(seat))
                        });
                    }
                    _ => return Err(illegal(rule, "send a Character or refuse")),
                }
                inv.asking = None;
                let max = inv.mission.card().max_characters as usize;
                let full = max > 0 && inv.positions.len() >= max;
                if full || inv.invited.len() == self.seats as usize {
                    if inv.positions.len() <= 1 {
                        self.note(
                            "Only one School (or none) takes part: the Mission does not happen."
                                .into(),
                        );
                        self.end_of_round(rng);
                    } else {
                        self.start_mission(inv.mission, &inv.positions, rng);
                    }
                    return Ok(());
                }
            }
        }
        self.phase = Phase::Invite(inv);
        Ok(())
    }

    // ---------------------------------------------------------- end of round

    /// End of round: the victory check, then the next round, the Final
    /// Tournament, or (house round cap) the end.
    pub fn end_of_round(&mut self, rng: &mut GameRng) {
        let six: Vec<Seat> = (0..self.seats)
            .filter(|s| self.players[*s as usize].rp >= 6)
            .collect();
        match six.len() {
            0 if self.max_rounds > 0 && self.round >= self.max_rounds => {
                let ranking = self.rank_by(|p| (p.rp as u32, p.hope), &[]);
                let w = ranking[0].clone();
                self.game_over(
                    ranking,
                    format!(
                        "Round limit reached: {} lead(s) on Revolution Points.",
                        w.iter()
                            .map(|s| self.who(*s))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
            }
            0 => self.start_round(rng),
            1 => {
                let w = six[0];
                let ranking = self.rank_by(|p| (p.rp as u32, p.hope), &[w]);
                self.game_over(
                    ranking,
                    format!("{} wins with 6 Revolution Points.", self.who(w)),
                );
            }
            _ => self.start_tournament(six, rng),
        }
    }

    fn rank_by(
        &self,
        key: impl Fn(&crate::state::Player) -> (u32, u32),
        first: &[Seat],
    ) -> Vec<Vec<Seat>> {
        let mut ranking: Vec<Vec<Seat>> = first.iter().map(|s| vec![*s]).collect();
        let mut rest: Vec<Seat> = (0..self.seats).filter(|s| !first.contains(s)).collect();
        rest.sort_by_key(|s| std::cmp::Reverse(key(&self.players[*s as usize])));
        for s in rest {
            match ranking.last_mut() {
                Some(g)
                    if !first.contains(&g[0])
                        && key(&self.players[g[0] as usize]) == key(&self.players[s as usize]) =>
                {
                    g.push(s)
                }
                _ => ranking.push(vec![s]),
            }
        }
        ranking
    }

    fn game_over(&mut self, ranking: Vec<Vec<Seat>>, summary: String) {
        self.note(summary.clone());
        self.windows.clear();
        self.phase = Phase::Over { ranking, summary };
    }

    /// Orders seats by Hope, fewest first; ties by dice.
    fn by_hope(&mut self, seats: &[Seat], rng: &mut GameRng) -> Vec<Seat> {
        let mut keyed: Vec<(u32, u32, Seat)> = seats
            .iter()
            .map(|s| {
                (
                    self.players[*s as usize].hope,
                    rng.dice(3).iter().map(|d| *d as u32).sum(),
                    *s,
                )
            })
            .collect();
        keyed.sort();
        keyed.into_iter().map(|k| k.2).collect()
    }

    fn start_tournament(&mut self, six: Vec<Seat>, rng: &mut GameRng) {
        let order = self.by_hope(&six, rng);
        let matches = match order.len() {
            2 => vec![[Slot::Seat(order[0]), Slot::Seat(order[1])]],
            3 => vec![
                [Slot::Seat(order[0]), Slot::Seat(order[1])],
                [Slot::WinnerOf(0), Slot::Seat(order[2])],
            ],
            _ => vec![
                [Slot::Seat(order[0]), Slot::Seat(order[1])],
                [Slot::Seat(order[2]), Slot::Seat(order[3])],
                [Slot::WinnerOf(0), Slot::WinnerOf(1)],
            ],
        };
        self.note(format!(
            "Final Tournament among {}.",
            order
                .iter()
                .map(|s| self.who(*s))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        let t = Tournament {
            matches,
            winners: vec![],
            pair: [0, 0],
            chosen: vec![],
        };
        self.next_match(t, rng);
    }

    fn next_match(&mut self, mut t: Tournament, rng: &mut GameRng) {
        let k = t.winners.len();
        if k >= t.matches.len() {
            let w = *t.winners.last().unwrap();
            let ranking = self.rank_by(|p| (p.rp as u32, p.hope), &[w]);
            self.game_over(
                ranking,
                format!("{} wins the Final Tournament.", self.who(w)),
            );
            return;
        }
        let side = |s: Slot| match s {
            Slot::Seat(x) => x,
            Slot::WinnerOf(i) => t.winners[i as usize],
        };
        let pair = [side(t.matches[k][0]), side(t.matches[k][1])];
        let pair = self.by_hope(&pair, rng);
        t.pair = [pair[0], pair[1]];
        t.chosen.clear();
        // A36: a School with no Uninjured Character forfeits.
        for (i, s) in t.pair.iter().enumerate() {
            if self.players[*s as usize].chars.iter().all(|c| c.injured) {
                let w = t.pair[1 - i];
                self.note(format!(
                    "{} has no Uninjured Character and forfeits.",
                    self.who(*s)
                ));
                t.winners.push(w);
                return self.next_match(t, rng);
            }
        }
        self.phase = Phase::TournamentPick(t);
    }

    /// Final Tournament: choose a Character (fewer Hope first).
    pub fn champion_action(
        &mut self,
        seat: Seat,
        a: &A,
        rng: &mut GameRng,
    ) -> Result<(), RuleError> {
        let Phase::TournamentPick(t) = &self.phase else {
            unreachable!()
        };
        let mut t = t.clone();
        if t.pair.get(t.chosen.len()) != Some(&seat) {
            return Err(RuleError::not_your_turn(
                "Final Tournament",
                "the other School chooses now",
            ));
        }
        let A::Champion { character } = a else {
            return Err(illegal("Final Tournament", "choose your Character"));
        };
        let p = &self.players[seat as usize];
        if p.find(*character).is_none_or(|i| p.chars[i].injured) {
            return Err(illegal(
                "Final Tournament",
                "choose one of your Uninjured Characters (a Leader may fight)",
            ));
        }
        t.chosen.push(*character);
        self.note(format!(
            "{} sends {} to the tournament.",
            self.who(seat),
            character.name()
        ));
        if t.chosen.len() == 2 {
            let entrants = vec![(t.pair[0], t.chosen[0]), (t.pair[1], t.chosen[1])];
            let mut b = Battle::new(self, None, &entrants);
            b.controller = t.pair[0];
            self.last_attacks.clear();
            self.phase = Phase::Battle(Box::new(b));
            self.tournament = Some(t);
            self.advance_battle(rng);
        } else {
            self.phase = Phase::TournamentPick(t);
        }
        Ok(())
    }

    /// A tournament match is decided.
    pub fn tournament_match_won(&mut self, winner: Seat, rng: &mut GameRng) {
        let mut t = self
            .tournament
            .take()
            .expect("a match belongs to a tournament");
        t.winners.push(winner);
        self.next_match(t, rng);
    }
}

use crate::content::{MissionId, RecruitId};

/// "Rally the Students, Fundraiser": Plot Cards by name, for the log.
fn card_names(cards: &[PlotId]) -> String {
    cards.iter().map(|c| c.card().name.as_str()).collect::<Vec<_>>().join(", ")
}

/// The hand less `cards` (each copy once), or a refusal under `rule` naming
/// the first card that is not in it.
fn without_cards(hand: &[PlotId], cards: &[PlotId], rule: &str) -> Result<Vec<PlotId>, RuleError> {
    let mut rest = hand.to_vec();
    for c in cards {
        let Some(i) = rest.iter().position(|h| h == c) else {
            return Err(illegal(rule, format!("{} is not in your hand", c.card().name)));
        };
        rest.remove(i);
    }
    Ok(rest)
}
