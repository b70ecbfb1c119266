//! Turn Sequence: Crush the Competition, Move Active Mutant, Take Action
//! (Deploy, Breed, Incubate), and who plays next.
//!
//! Rulings (README): a turn with an empty hand is skipped whole, with no
//! crush (ruling 2); with both side slots empty the player chooses where
//! the Active Mutant goes (14); a hand emptied by a Leave during the move
//! takes no action (16); a hand that refills plays again (17).

use super::{Flow, Log};
use crate::content::{CardId, Gene, Ongoing};
use crate::state::{Mutants, Slot, Task};
use backroom_engine::{LogEntry, RuleError, Seat};

/// A reason as a sentence: capitalized, with a full stop.
pub fn sentence(why: &str) -> String {
    let mut c = why.chars();
    let first: String = c.next().map(|f| f.to_uppercase().collect()).unwrap_or_default();
    format!("{first}{}.", c.as_str())
}

impl Mutants {
    /// A seat's turn begins.
    pub fn start_turn(&mut self, s: u8, log: &mut Log) {
        self.turn = s;
        if self.boards[s as usize].hand.is_empty() {
            self.stack.push(Task::EndTurn { s });
            return;
        }
        log.push(LogEntry::public(format!("{} a turn.", self.who_verb(s, "takes", "take"))));
        if self.fury(s) && self.opponents(s).iter().any(|o| self.dread(*o)) {
            let black = i32::from(self.round_score().black);
            log.push(LogEntry::public(format!("{} the competition.", self.who_verb(s, "crushes", "crush"))));
            self.score(s, black, "Crush the Competition", log);
        }
        if self.boss.is_some() && self.fury(s) {
            self.deed(crate::rules::power::Deed::FuryAtTurnStart, log);
        }
        self.stack.push(Task::EndTurn { s });
        self.stack.push(Task::AwaitAction { s });
        self.stack.push(Task::MovePhase { s });
    }

    /// Move Active Mutant: forced when exactly one side slot is empty.
    pub fn move_phase(&mut self, s: u8, log: &mut Log) -> Flow {
        let a = &self.boards[s as usize].arena;
        if a[Slot::Active.i()].is_none() {
            return Flow::Done;
        }
        match (a[0].is_some(), a[2].is_some()) {
            (true, false) => self.move_active(s, Slot::Right, log),
            (false, true) => self.move_active(s, Slot::Left, log),
            _ => return Flow::Ask(Task::MovePhase { s }),
        }
        Flow::Done
    }

    /// The `move` action: where the Active Mutant goes; when both side
    /// slots are full, the Mutant there leaves first.
    ///
    /// # Errors
    /// Not this seat's move.
    pub fn answer_move(&mut self, seat: Seat, side: Slot, log: &mut Log) -> Result<(), RuleError> {
        if !matches!(self.asking(seat), Some(Task::MovePhase { .. })) {
            return Err(RuleError::not_your_turn(
                "Move Active Mutant",
                format!("You are not moving your Active Mutant now: {}.", self.waiting_on(seat)),
            ));
        }
        if side == Slot::Active {
            return Err(RuleError::illegal(
                "Move Active Mutant",
                "The Active Mutant must move to the Left or Right slot.",
            ));
        }
        self.stack.pop();
        let full = self.boards[seat as usize].arena[side.i()].is_some();
        self.stack.push(Task::MoveActive { s: seat, to: side });
        if full {
            self.stack.push(Task::Leave { s: seat, slot: side });
        }
        let _ = log;
        Ok(())
    }

    fn take_action(&mut self, seat: Seat, rule: &str) -> Result<(), RuleError> {
        if !matches!(self.asking(seat), Some(Task::AwaitAction { .. })) {
            return Err(RuleError::not_your_turn(
                rule,
                format!("It is not your turn to take an action: {}.", self.waiting_on(seat)),
            ));
        }
        Ok(())
    }

    /// What the table waits for now, as `seat` may read it: its own
    /// question in words, or only that another player or the boss is
    /// deciding (never what they are asked), or the phase.
    pub fn waiting_on(&self, seat: Seat) -> String {
        use crate::state::Phase;
        match &self.phase {
            Phase::Over => "the game is over".into(),
            Phase::Draft => "the Gene Pools are being drafted".into(),
            Phase::Construct { .. } => "the Gene Pools are being built".into(),
            Phase::Mulligan { seat: who, .. } if *who == seat => "it is your mulligan".into(),
            Phase::Mulligan { .. } => "another player is deciding their mulligan".into(),
            Phase::Play => match self.stack.last().and_then(|t| t.asker().map(|s| (t, s))) {
                Some((Task::AwaitAction { .. }, s)) if self.decider(s) == seat => "you are to take an action".into(),
                Some((Task::MovePhase { .. }, s)) if self.decider(s) == seat => "move your Active Mutant first".into(),
                Some((t, s)) if self.decider(s) == seat => {
                    format!("first answer \"{}\"", crate::prompts::titled(self, t))
                }
                Some(_) => "another player is deciding".into(),
                None => "nobody is asked anything".into(),
            },
        }
    }

    /// Deploy Mutant: play a card from hand to the Active slot.
    ///
    /// # Errors
    /// Not this seat's action, or the card is not in hand.
    pub fn deploy_action(&mut self, seat: Seat, card: CardId, log: &mut Log) -> Result<(), RuleError> {
        self.take_action(seat, "Deploy Mutant")?;
        if !self.boards[seat as usize].hand.contains(&card) {
            return Err(RuleError::illegal("Deploy Mutant", format!("{} is not in your hand.", card.name())));
        }
        self.stack.pop();
        self.boards[seat as usize].take_from_hand(card);
        self.deploy(seat, card, "", log);
        Ok(())
    }

    /// Genes on two cards.
    pub fn genes_of(cards: &[CardId]) -> Vec<Gene> {
        let mut g: Vec<Gene> = cards.iter().flat_map(|c| c.card().genes.iter().copied()).collect();
        g.sort();
        g.dedup();
        g
    }

    /// True when discarding `cards` breeds `target`: both its genes appear
    /// on them (a double gene needs one copy).
    pub fn breeds(cards: &[CardId], target: CardId) -> bool {
        let have = Self::genes_of(cards);
        target.card().genes.iter().all(|g| have.contains(g))
    }

    /// Pairs of hand cards (distinct designs, or two copies) that breed the
    /// top of `stack`.
    pub fn breed_pairs(&self, seat: Seat, stack: usize) -> Vec<[CardId; 2]> {
        let b = &self.boards[seat as usize];
        let Some(target) = b.pool[stack].first().copied() else { return vec![] };
        let mut out = vec![];
        for i in 0..b.hand.len() {
            for j in i + 1..b.hand.len() {
                let pair = [b.hand[i], b.hand[j]];
                if Self::breeds(&pair, target) && !out.contains(&pair) {
                    out.push(pair);
                }
            }
        }
        out
    }

    /// The genes of `target` that none of `cards` carries.
    pub fn missing_genes(cards: &[CardId], target: CardId) -> Vec<Gene> {
        let have = Self::genes_of(cards);
        let mut need: Vec<Gene> = target.card().genes.iter().copied().filter(|g| !have.contains(g)).collect();
        need.dedup();
        need
    }

    /// Genes in words: "Necro", "Necro and Zombie".
    pub fn gene_words(genes: &[Gene]) -> String {
        let names: Vec<&str> = genes.iter().map(|g| g.name()).collect();
        backroom_engine::and_list(&names)
    }

    /// A card's genes as its face shows them: "Mythic + Galactic",
    /// "Necro + Necro", "Necro".
    pub fn genes_plus(c: CardId) -> String {
        let names: Vec<&str> = c.card().genes.iter().map(|g| g.name()).collect();
        names.join(" + ")
    }

    /// "the Necro gene", "the Necro and Zombie genes".
    pub fn the_genes(genes: &[Gene]) -> String {
        format!("the {} {}", Self::gene_words(genes), if genes.len() == 1 { "gene" } else { "genes" })
    }

    /// Why no two cards of this seat's hand breed the top of `stack`, if
    /// none do: too few cards, or a gene no card in hand carries.
    pub fn cannot_breed(&self, seat: Seat, stack: usize) -> Option<String> {
        let b = &self.boards[seat as usize];
        let target = b.pool.get(stack)?.first().copied()?;
        if b.hand.len() < 2 {
            return Some(format!("breeding discards 2 cards; you hold {}", b.hand.len()));
        }
        let missing = Self::missing_genes(&b.hand, target);
        if !missing.is_empty() {
            let it = if missing.len() == 1 { "it" } else { "them" };
            return Some(format!(
                "{} needs {}; no card in your hand carries {it}",
                target.name(),
                Self::the_genes(&missing)
            ));
        }
        None
    }

    /// Why `card` of this seat's hand breeds the top of `stack` with no
    /// other card of the hand, if it does not.
    pub fn card_cannot_breed(&self, seat: Seat, stack: usize, card: CardId) -> Option<String> {
        let b = &self.boards[seat as usize];
        let target = b.pool.get(stack)?.first().copied()?;
        let missing = Self::missing_genes(&[card], target);
        let mut rest = b.hand.clone();
        if let Some(k) = rest.iter().position(|c| *c == card) {
            rest.remove(k);
        }
        if rest.iter().any(|o| Self::breeds(&[card, *o], target)) {
            return None;
        }
        if rest.is_empty() {
            return Some("breeding discards 2 cards; it is your only card".into());
        }
        let it = if missing.len() == 1 { "it" } else { "them" };
        Some(format!("it lacks {} and no other card in your hand carries {it}", Self::the_genes(&missing)))
    }

    /// Breed: discard two cards whose genes the bred Mutant has, deploy it
    /// from the Gene Pool.
    ///
    /// # Errors
    /// Not this seat's action, cards not in hand, or genes not matching.
    pub fn breed_action(&mut self, seat: Seat, stack: u8, cards: &[CardId], log: &mut Log) -> Result<(), RuleError> {
        self.take_action(seat, "Breed")?;
        let i = self.pool_stack(seat, stack, "Breed")?;
        let b = &self.boards[seat as usize];
        let target = b.pool[i][0];
        if cards.len() != 2 {
            return Err(RuleError::illegal(
                "Breed",
                format!("You must always discard 2 cards to breed; you named {}.", cards.len()),
            ));
        }
        let mut hand = b.hand.clone();
        for c in cards {
            match hand.iter().position(|h| h == c) {
                Some(k) => {
                    hand.remove(k);
                }
                None => return Err(RuleError::illegal("Breed", Self::not_held(&b.hand, *c))),
            }
        }
        let missing = Self::missing_genes(cards, target);
        if !missing.is_empty() {
            return Err(RuleError::illegal(
                "Breed",
                format!(
                    "{} needs {}, which neither {} ({}) nor {} ({}) carries.",
                    target.name(),
                    Self::the_genes(&missing),
                    cards[0].name(),
                    Self::genes_plus(cards[0]),
                    cards[1].name(),
                    Self::genes_plus(cards[1])
                ),
            ));
        }
        self.stack.pop();
        let b = &mut self.boards[seat as usize];
        b.hand = hand;
        b.discard.extend_from_slice(cards);
        log.push(LogEntry::public(format!(
            "{} {} and {} to breed {}.",
            self.who_verb(seat, "discards", "discard"),
            cards[0].name(),
            cards[1].name(),
            target.name()
        )));
        let bred = self.take_pool_top(seat, i, log);
        if let Some(c) = bred {
            self.deploy(seat, c, " from the Gene Pool", log);
        }
        Ok(())
    }

    /// The index of Gene Pool stack `stack` (1–3) of this seat, refused
    /// under `rule` when there is no such stack or it is empty.
    fn pool_stack(&self, seat: Seat, stack: u8, rule: &str) -> Result<usize, RuleError> {
        let i = usize::from(stack).wrapping_sub(1);
        match self.boards[seat as usize].pool.get(i) {
            None => Err(RuleError::illegal(
                rule,
                format!("There is no Gene Pool stack {stack}; a Gene Pool has stacks 1 to 3."),
            )),
            Some(st) if st.is_empty() => {
                Err(RuleError::illegal(rule, format!("Your Gene Pool stack {stack} is empty.")))
            }
            Some(_) => Ok(i),
        }
    }

    /// Why `card` cannot be taken from `hand`: not held at all, or held
    /// fewer times than named.
    fn not_held(hand: &[CardId], card: CardId) -> String {
        if hand.contains(&card) {
            format!("You hold only one {}.", card.name())
        } else {
            format!("{} is not in your hand.", card.name())
        }
    }

    /// Takes the top of a Gene Pool stack and reveals the next.
    pub fn take_pool_top(&mut self, s: u8, i: usize, log: &mut Log) -> Option<CardId> {
        let st = &mut self.boards[s as usize].pool[i];
        if st.is_empty() {
            return None;
        }
        let c = st.remove(0);
        if let Some(next) = st.first().copied() {
            log.push(LogEntry::public(format!(
                "{} {} on Gene Pool stack {}.",
                self.who_verb(s, "reveals", "reveal"),
                next.name(),
                i + 1
            )));
        }
        Some(c)
    }

    /// Why this seat cannot Incubate now, if it cannot: the Mutant already
    /// incubated, the face-up Ongoing ability that forbids it (whose), or
    /// an empty Gene Pool.
    pub fn cannot_incubate(&self, seat: Seat) -> Option<String> {
        let b = &self.boards[seat as usize];
        if let Some(c) = b.incubator {
            return Some(format!("your Incubator already holds {}; it takes one Mutant at a time", c.name()));
        }
        let forbids = self.opponents(seat).into_iter().find_map(|o| {
            self.boards[o as usize]
                .arena
                .iter()
                .flatten()
                .find(|p| p.face_up && p.card.card().ongoing.contains(&Ongoing::OpponentsCannotIncubate))
                .map(|p| (o, p.card))
        });
        if let Some((o, c)) = forbids {
            let whose = if self.is_boss(o) {
                format!("{}'s", self.who_verb(o, "", "").trim_end())
            } else {
                "an opponent's".into()
            };
            return Some(format!("{}, face up in {whose} Arena, forbids Incubating (its Ongoing ability)", c.name()));
        }
        if b.pool.iter().all(Vec::is_empty) {
            return Some("your Gene Pool is empty".into());
        }
        None
    }

    /// Incubate: discard one card, put a face-up Gene Pool Mutant into the
    /// Incubator.
    ///
    /// # Errors
    /// Not this seat's action, a full Incubator, the card not in hand.
    pub fn incubate_action(&mut self, seat: Seat, card: CardId, stack: u8, log: &mut Log) -> Result<(), RuleError> {
        self.take_action(seat, "Incubate")?;
        if let Some(why) = self.cannot_incubate(seat) {
            return Err(RuleError::illegal("Incubate", sentence(&why)));
        }
        let i = self.pool_stack(seat, stack, "Incubate")?;
        if !self.boards[seat as usize].hand.contains(&card) {
            return Err(RuleError::illegal("Incubate", format!("{} is not in your hand.", card.name())));
        }
        self.stack.pop();
        let b = &mut self.boards[seat as usize];
        b.take_from_hand(card);
        b.discard.push(card);
        let c = self.take_pool_top(seat, i, log).expect("checked");
        self.boards[seat as usize].incubator = Some(c);
        log.push(LogEntry::public(format!(
            "{} {} and incubates {}.",
            self.who_verb(seat, "discards", "discard"),
            card.name(),
            c.name()
        )));
        Ok(())
    }

    /// After a turn: the next seat clockwise with cards plays; when no hand
    /// has cards, the round ends. In Uprising the boss and the player
    /// alternate, and the player's last card ends the round at once.
    pub fn end_turn(&mut self, s: u8) {
        if let Some(boss) = self.boss_side() {
            if self.boards[0].hand.is_empty() {
                self.stack.push(Task::RoundEnd);
            } else if s == boss {
                self.stack.push(Task::StartTurn { s: 0 });
            } else {
                self.stack.push(Task::BossTurn);
            }
            return;
        }
        let n = self.seats;
        match (1..=n).map(|i| (s + i) % n).find(|o| !self.boards[*o as usize].hand.is_empty()) {
            Some(next) => self.stack.push(Task::StartTurn { s: next }),
            None => self.stack.push(Task::RoundEnd),
        }
    }
}
