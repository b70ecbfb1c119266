//! The keywords of Icon Effects & Special Rules, as the engine resolves
//! them: Gain and Lose Power, Cycle, Freeze, Attack, Block, Knock Down,
//! Transform, Gain, Copy, and Leave (remove, resolve, then discard).
//!
//! "If any effect affects more than one player, resolve it beginning with
//! the active player and then continue clockwise": an Attack fixes its
//! targets first (ruling 25), then each attacked opponent Blocks or
//! suffers the hit in turn order.

use super::Log;
use crate::content::{Effect, SlotRef, Who};
use crate::rules::power::Deed;
use crate::state::{Mutants, Placed, Slot, Task, This};
use backroom_engine::{GameRng, LogEntry, SeatSet, and_list, plural};

/// The slot an effect names, `slot` being the resolving card's own.
pub fn resolve(r: SlotRef, slot: Option<Slot>) -> Option<Slot> {
    match r {
        SlotRef::Left => Some(Slot::Left),
        SlotRef::Active => Some(Slot::Active),
        SlotRef::Right => Some(Slot::Right),
        SlotRef::ThisSlot => slot,
    }
}

impl Mutants {
    /// Resolves one effect for side `s`.
    pub fn perform(&mut self, s: u8, this: This, slot: Option<Slot>, e: Effect, log: &mut Log, rng: &mut GameRng) {
        let boss = self.is_boss(s);
        self.asked_by = self.this_card(s, this);
        match e {
            Effect::GainPower { n } => self.gain_power(s, n, log),
            Effect::LosePower { n } => self.lose_power(s, n, log),
            Effect::Cycle { n } if !boss => {
                self.boards[s as usize].just_discarded.clear();
                self.stack.push(Task::Draw { s, n, cycle: true, drawn: 0 });
            }
            Effect::Discard { n } if !boss => self.stack.push(Task::DiscardHand { s, n }),
            Effect::Freeze { from, may } if !boss => self.stack.push(Task::Freeze { s, from, may, this }),
            Effect::Gain { to } if !boss => self.stack.push(Task::Gain { s, to }),
            Effect::Pay { discard, then } if !boss => self.stack.push(Task::Pay { s, discard, then, this, slot }),
            Effect::TakeFromDiscard if !boss => self.stack.push(Task::TakeFromDiscard { s }),
            Effect::Attack { who, hit } => self.attack(s, who, hit, slot, log),
            Effect::KnockDown { slot: r } => {
                if let Some(x) = resolve(r, slot) {
                    self.knock_down(s, x, log);
                }
            }
            Effect::KnockDownThis => {
                if let This::Slot(x) = this {
                    self.knock_down(s, x, log);
                }
            }
            Effect::Transform => {
                if let This::Slot(x) = this {
                    log.push(LogEntry::public(format!(
                        "{} transforms and leaves at once.",
                        self.boards[s as usize].arena[x.i()].map_or("It", |p| p.card.name())
                    )));
                    self.stack.push(Task::DeployTop { s });
                    self.stack.push(Task::Leave { s, slot: x });
                }
            }
            Effect::Copy { ability, from, slot: fixed } => match fixed {
                Some(r) => {
                    let target = resolve(r, slot).and_then(|x| self.boards[s as usize].up(x));
                    if let Some(c) = target {
                        let effects = c.card().copyable(false);
                        if !effects.is_empty() && !effects.iter().any(|e| matches!(e, Effect::Copy { .. })) {
                            log.push(LogEntry::public(format!(
                                "{} the Deploy ability of {}.",
                                self.who_verb(s, "copies", "copy"),
                                c.name()
                            )));
                            self.stack.push(Task::Run { s, this, slot, effects });
                        }
                    }
                }
                None => self.stack.push(Task::Copy { s, ability, from, this, slot }),
            },
            Effect::FlipUp => {
                let mut flipped = vec![];
                for p in self.boards[s as usize].arena.iter_mut().flatten() {
                    if !p.face_up {
                        p.face_up = true;
                        flipped.push(p.card.name());
                    }
                }
                if !flipped.is_empty() {
                    log.push(LogEntry::public(format!(
                        "{} {} face-up.",
                        self.who_verb(s, "flips", "flip"),
                        and_list(&flipped)
                    )));
                    if !boss {
                        self.deed(Deed::FlippedUp, log);
                    }
                }
            }
            Effect::Score { n, if_fury } if (!if_fury || self.fury(s)) => {
                self.score(s, i32::from(n), "a Deploy ability", log);
            }
            Effect::GainLife { n } => {
                if let Some(b) = self.boss.as_mut() {
                    b.life += i32::from(n);
                    let life = b.life;
                    log.push(LogEntry::public(format!(
                        "{} {}; {} now.",
                        self.who_verb(s, "gains", "gain"),
                        plural(n, "Life", "Life"),
                        plural(life, "Life", "Life")
                    )));
                }
            }
            Effect::ReshuffleDiscard => {
                let b = &mut self.boards[s as usize];
                let mut all = std::mem::take(&mut b.deck);
                all.append(&mut b.discard);
                rng.shuffle_deck("boss", &mut all);
                b.deck = all;
                log.push(LogEntry::public(format!(
                    "{} its discard into its deck.",
                    self.who_verb(s, "shuffles", "shuffle")
                )));
            }
            Effect::GainPowerPerFaceUp { n } => {
                let up = self.boards[s as usize].arena.iter().flatten().filter(|p| p.face_up).count() as u8;
                self.gain_power(s, up * n, log);
            }
            // The boss has no hand, deck to cycle, Gene Pool or freezer.
            _ => {}
        }
    }

    fn hit_lands(&self, o: u8, hit: &[Effect], slot: Option<Slot>) -> bool {
        hit.iter().any(|h| match h {
            Effect::LosePower { .. } => true,
            Effect::Discard { .. } => !self.is_boss(o) && !self.boards[o as usize].hand.is_empty(),
            Effect::KnockDown { slot: r } => resolve(*r, slot).and_then(|x| self.boards[o as usize].up(x)).is_some(),
            _ => false,
        })
    }

    fn attack(&mut self, s: u8, who: Who, hit: Vec<Effect>, slot: Option<Slot>, log: &mut Log) {
        let targets: Vec<u8> = self
            .opponents(s)
            .into_iter()
            .filter(|o| match who {
                Who::DominatingYou => self.ahead(*o, s),
                Who::DominatedByYou => self.ahead(s, *o),
                Who::All => true,
            })
            .filter(|o| self.hit_lands(*o, &hit, slot))
            .collect();
        if targets.is_empty() {
            log.push(LogEntry::public(format!(
                "{} nobody: no opponent is an eligible target.",
                self.who_verb(s, "attacks", "attack")
            )));
            return;
        }
        let names: Vec<String> = targets.iter().map(|t| self.who(*t)).collect();
        log.push(LogEntry::public(format!("{} {}.", self.who_verb(s, "attacks", "attack"), and_list(&names))));
        for t in targets.into_iter().rev() {
            self.stack.push(Task::AttackOne { attacker: s, target: t, hit: hit.clone(), slot });
        }
    }

    /// Slots of `t` holding a face-up Mutant with a Block ability.
    pub fn blockers(&self, t: u8) -> Vec<Slot> {
        Slot::ALL
            .into_iter()
            .filter(|x| self.boards[t as usize].up(*x).is_some_and(|c| !c.card().block.is_empty()))
            .collect()
    }

    /// One attacked opponent: a face-up Block must be activated instead.
    pub fn attack_one(&mut self, t: u8, hit: Vec<Effect>, slot: Option<Slot>, log: &mut Log) {
        let blockers = self.blockers(t);
        match blockers.as_slice() {
            [] => self.stack.push(Task::Run { s: t, this: This::Nothing, slot, effects: hit }),
            [b] => self.block(t, *b, log),
            _ => self.stack.push(Task::BlockChoice { target: t }),
        }
    }

    /// Activates the Block of the card in slot `b`.
    pub fn block(&mut self, t: u8, b: Slot, log: &mut Log) {
        let Some(c) = self.boards[t as usize].up(b) else { return };
        log.push(LogEntry::public(format!("{} with {} instead.", self.who_verb(t, "blocks", "block"), c.name())));
        self.stack.push(Task::Run { s: t, this: This::Slot(b), slot: None, effects: c.card().block.clone() });
    }

    /// Knock Down: the card lies face down in its slot.
    pub fn knock_down(&mut self, s: u8, x: Slot, log: &mut Log) {
        if let Some(p) = self.boards[s as usize].arena[x.i()].as_mut()
            && p.face_up
        {
            p.face_up = false;
            let name = p.card.name();
            log.push(LogEntry::public(format!(
                "{} {name} in the {} slot knocked down.",
                self.who_verb(s, "has", "have"),
                x.name()
            )));
        }
    }

    /// A Mutant leaves: removed, its Leave resolved (face-up only), then
    /// discarded unless its Leave moved it.
    pub fn leave(&mut self, s: u8, x: Slot, log: &mut Log) {
        let Some(p) = self.boards[s as usize].arena[x.i()].take() else { return };
        if p.face_up {
            log.push(LogEntry::public(format!(
                "{} {} from the {} slot; its Leave ability resolves.",
                self.who_verb(s, "removes", "remove"),
                p.card.name(),
                x.name()
            )));
            self.boards[s as usize].limbo = Some(p.card);
            self.stack.push(Task::FinishLeave { s, card: p.card });
            let effects = p.card.card().leave.clone();
            if !effects.is_empty() {
                self.stack.push(Task::Run { s, this: This::Limbo, slot: Some(x), effects });
            }
        } else {
            log.push(LogEntry::public(format!(
                "{} the knocked-down {} from the {} slot, without its Leave ability.",
                self.who_verb(s, "removes", "remove"),
                p.card.name(),
                x.name()
            )));
            self.boards[s as usize].discard.push(p.card);
        }
    }

    /// The leaving Mutant reaches the discard.
    pub fn finish_leave(&mut self, s: u8, card: crate::content::CardId, _log: &mut Log) {
        let b = &mut self.boards[s as usize];
        if b.limbo == Some(card) {
            b.limbo = None;
            b.discard.push(card);
        }
    }

    /// The Active Mutant moves into a side slot.
    pub fn move_active(&mut self, s: u8, to: Slot, log: &mut Log) {
        let b = &mut self.boards[s as usize];
        if b.arena[to.i()].is_some() {
            return;
        }
        if let Some(p) = b.arena[Slot::Active.i()].take() {
            b.arena[to.i()] = Some(p);
            log.push(LogEntry::public(format!(
                "{} {} to the {} slot.",
                self.who_verb(s, "moves", "move"),
                p.card.name(),
                to.name()
            )));
        }
    }

    /// Deploy: the card goes to the Active slot and its Deploy resolves.
    pub fn deploy(&mut self, s: u8, c: crate::content::CardId, how: &str, log: &mut Log) {
        self.boards[s as usize].arena[Slot::Active.i()] = Some(Placed { card: c, face_up: true });
        log.push(LogEntry::public(format!("{} {}{how}.", self.who_verb(s, "deploys", "deploy"), c.name())));
        if !self.is_boss(s) && c.card().transforms() {
            self.deed(Deed::DeployedTransform, log);
        }
        let effects = c.card().deploy.clone();
        if !effects.is_empty() {
            self.stack.push(Task::Run { s, this: This::Slot(Slot::Active), slot: Some(Slot::Active), effects });
        }
    }

    /// Deploys the top card of the deck (Transform; the boss's Play Card).
    /// An empty deck: a player freezes one card of the discard and
    /// reshuffles the rest; the boss reshuffles without freezing.
    pub fn deploy_top(&mut self, s: u8, log: &mut Log, rng: &mut GameRng) {
        let boss = self.is_boss(s);
        let b = &mut self.boards[s as usize];
        if b.deck.is_empty() {
            if b.discard.is_empty() {
                return;
            }
            if boss {
                let mut d = std::mem::take(&mut b.discard);
                rng.shuffle_deck("boss", &mut d);
                b.deck = d;
                log.push(LogEntry::public(format!(
                    "{} its discard as a new deck.",
                    self.who_verb(s, "shuffles", "shuffle")
                )));
            } else {
                self.stack.push(Task::DeployTop { s });
                self.stack.push(Task::ForcedFreeze { s });
                return;
            }
        }
        let c = self.boards[s as usize].deck.remove(0);
        self.deploy(s, c, " from the top of the deck", log);
    }

    /// Draw (and for a Cycle, then discard as many as were drawn).
    pub fn draw(&mut self, s: u8, n: u8, cycle: bool, mut drawn: u8, log: &mut Log, _rng: &mut GameRng) {
        let mut got = vec![];
        let mut left = n;
        while left > 0 {
            let b = &mut self.boards[s as usize];
            if b.deck.is_empty() {
                if !b.discard.is_empty() {
                    self.stack.push(Task::Draw { s, n: left, cycle, drawn: drawn + got.len() as u8 });
                    self.stack.push(Task::ForcedFreeze { s });
                    self.log_draw(s, &got, log);
                    return;
                }
                break;
            }
            let c = b.deck.remove(0);
            b.hand.push(c);
            got.push(c);
            left -= 1;
        }
        self.boards[s as usize].sort_hand();
        self.log_draw(s, &got, log);
        drawn += got.len() as u8;
        if cycle && drawn > 0 {
            self.stack.push(Task::DiscardHand { s, n: drawn });
        }
    }

    fn log_draw(&self, s: u8, got: &[crate::content::CardId], log: &mut Log) {
        if got.is_empty() {
            return;
        }
        // Sorted: the order drawn is the deck's order, which nobody knows.
        let mut names: Vec<&str> = got.iter().map(|c| c.name()).collect();
        names.sort_unstable();
        log.push(LogEntry::split(
            SeatSet::only(s),
            format!("{} {}.", self.who_verb(s, "draws", "draw"), and_list(&names)),
            Some(format!("{} {}.", self.who_verb(s, "draws", "draw"), plural(got.len() as u32, "card", "cards"))),
        ));
    }
}
