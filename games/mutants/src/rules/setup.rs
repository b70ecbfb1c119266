//! Set Up: starter decks and the fixed starting hand, the first player and
//! the Power Track order, the Gene Pools (Draft, Preconstructed,
//! Constructed; Uprising always constructs), and the Mulligan.

use super::Log;
use crate::content::{CardId, Gene, content};
use crate::state::{Board, BossState, Draft, Mutants, Phase, Task};
use crate::state::{Options, PoolMode};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat, SeatSet, SetupError};

/// Picks in the draft.
pub const PICKS: u8 = 6;
/// Cards dealt to each seat for the draft.
pub const PACK: usize = 9;

impl Mutants {
    /// The opening position.
    ///
    /// # Errors
    /// An unplayable seat count or option.
    pub fn new(options: &Options, seats: u8, rng: &mut GameRng) -> Result<Mutants, SetupError> {
        if !(1..=4).contains(&seats) {
            return Err(SetupError(format!("Mutants is played by 1 to 4 players, not {seats}.")));
        }
        let c = content();
        let solo = seats == 1;
        let restricted: Option<Gene> = if options.restricted_gene.is_empty() {
            None
        } else {
            Some(
                serde_json::from_value(serde_json::Value::String(options.restricted_gene.clone()))
                    .map_err(|_| SetupError(format!("no gene \"{}\"", options.restricted_gene)))?,
            )
        };
        let boss = if solo {
            let id = c
                .bosses
                .iter()
                .position(|b| b.id == options.boss)
                .ok_or_else(|| SetupError(format!("no boss \"{}\"", options.boss)))?;
            let life = i32::from(c.bosses[id].life) + if options.super_tough { 10 } else { 0 };
            Some(BossState { id, life, start_life: life })
        } else {
            None
        };
        let mut boards = vec![];
        for s in 0..seats {
            let mut b = Board { hand: c.starting_hand.clone(), ..Board::default() };
            b.sort_hand();
            let mut deck: Vec<CardId> = c.basics().collect();
            rng.shuffle_deck(&format!("deck-{s}"), &mut deck);
            b.deck = deck;
            boards.push(b);
        }
        if let Some(bs) = &boss {
            let mut deck = c.bosses[bs.id].deck.clone();
            rng.shuffle_deck("boss", &mut deck);
            boards.push(Board { deck, ..Board::default() });
        }
        let first = if solo { 0 } else { rng.index(seats as usize) as u8 };
        let mut track = vec![vec![]; c.track.cells as usize];
        if solo {
            track[c.track.second as usize].push(0);
            track[c.track.second as usize + 1].push(seats);
        } else {
            // Counter-clockwise from the first player's right: cell 1, 2, ...
            for k in 1..=seats {
                let s = (first + seats * 2 - k) % seats;
                track[(c.track.second + k - 1) as usize].push(s);
            }
        }
        let mut g = Mutants {
            seats,
            boards,
            track,
            round: 1,
            first,
            turn: first,
            phase: Phase::Over,
            draft: None,
            stack: vec![],
            boss,
            stamp: 0,
            last_choice: None,
            restricted,
            lists: vec![],
            result: None,
            asked_by: None,
        };
        let mode = if solo { PoolMode::Constructed } else { options.gene_pools };
        match mode {
            PoolMode::Draft => {
                let mut designs: Vec<CardId> = c.advanced().collect();
                rng.shuffle_deck("draft", &mut designs);
                let mut packs = vec![];
                for _ in 0..seats {
                    let mut p: Vec<CardId> = designs.drain(..PACK).collect();
                    p.sort();
                    packs.push(p);
                }
                g.draft = Some(Draft {
                    pick: 1,
                    packs,
                    picks: vec![vec![]; seats as usize],
                    commits: vec![None; seats as usize],
                    boxed: designs,
                });
                g.phase = Phase::Draft;
            }
            PoolMode::Preconstructed => {
                let mut lists: Vec<usize> = (0..c.precons.len()).collect();
                rng.shuffle(&mut lists);
                let mut log = vec![];
                for s in 0..seats {
                    let p = &c.precons[lists[s as usize]];
                    g.lists.push(p.id.clone());
                    let cards: Vec<CardId> = p.cards.iter().flat_map(|c| [*c, *c]).collect();
                    g.place_pool(s, cards, rng, &mut log);
                }
                g.phase = Phase::Mulligan { seat: first, done: 0 };
            }
            PoolMode::Constructed => g.phase = Phase::Construct { commits: vec![None; seats as usize] },
        }
        Ok(g)
    }

    /// Place: shuffle the 12 Advanced Mutants into three stacks of four and
    /// flip each top.
    pub fn place_pool(&mut self, s: u8, mut cards: Vec<CardId>, rng: &mut GameRng, log: &mut Log) {
        rng.shuffle_deck(&format!("pool-{s}"), &mut cards);
        let per = cards.len().div_ceil(3);
        let b = &mut self.boards[s as usize];
        for (i, st) in b.pool.iter_mut().enumerate() {
            *st = cards.iter().skip(i * per).take(per).copied().collect();
        }
        let tops: Vec<&str> = b.pool.iter().filter_map(|st| st.first().map(|c| c.name())).collect();
        log.push(LogEntry::public(format!(
            "{} {} on top of the Gene Pool stacks.",
            self.who_verb(s, "shows", "show"),
            backroom_engine::and_list(&tops)
        )));
    }

    /// Designs a seat may put in a constructed Gene Pool: not Valkyrie in
    /// Uprising, none with a restricted gene.
    pub fn constructible(&self, restricted: Option<Gene>) -> Vec<CardId> {
        content()
            .advanced()
            .filter(|c| !(self.boss.is_some() && c.key() == "valkyrie"))
            .filter(|c| restricted.is_none_or(|g| !c.card().has(g)))
            .collect()
    }

    /// A draft pick, committed in secret (it may be changed until the last
    /// seat commits).
    ///
    /// # Errors
    /// Not drafting, or the card is not in the pack this seat holds.
    pub fn draft_pick(&mut self, seat: Seat, card: CardId, log: &mut Log, rng: &mut GameRng) -> Result<(), RuleError> {
        let Some(d) = self.draft.as_mut().filter(|_| matches!(self.phase, Phase::Draft)) else {
            return Err(RuleError::not_your_turn(
                "Draft",
                format!("There is no draft now: {}.", self.waiting_on(seat)),
            ));
        };
        if !d.packs[seat as usize].contains(&card) {
            return Err(RuleError::illegal("Draft", format!("{} is not in the pack you hold.", card.name())));
        }
        d.commits[seat as usize] = Some(card);
        log.push(LogEntry::split(
            SeatSet::only(seat),
            format!("{} {}.", backroom_engine::seat_verb(seat, "picks", "pick"), card.name()),
            Some(format!("{} a card.", backroom_engine::seat_verb(seat, "picks", "pick"))),
        ));
        if d.commits.iter().all(Option::is_some) {
            let n = self.seats as usize;
            for s in 0..n {
                let c = d.commits[s].take().expect("all committed");
                d.packs[s].retain({
                    let mut gone = false;
                    move |x| {
                        if !gone && *x == c {
                            gone = true;
                            false
                        } else {
                            true
                        }
                    }
                });
                d.picks[s].push(c);
            }
            if d.pick >= PICKS {
                log.push(LogEntry::public("The draft is over; the cards left in the packs go back to the box."));
                let picks = d.picks.clone();
                for (s, p) in picks.into_iter().enumerate() {
                    let cards: Vec<CardId> = p.iter().flat_map(|c| [*c, *c]).collect();
                    self.place_pool(s as u8, cards, rng, log);
                }
                self.draft = None;
                self.phase = Phase::Mulligan { seat: self.first, done: 0 };
            } else {
                d.pick += 1;
                let mut packs = vec![vec![]; n];
                for (s, p) in d.packs.drain(..).enumerate() {
                    packs[(s + 1) % n] = p;
                }
                d.packs = packs;
                log.push(LogEntry::public(format!(
                    "Everyone has picked; the packs pass clockwise for pick {}.",
                    d.pick
                )));
            }
        }
        Ok(())
    }

    /// A constructed Gene Pool: 12 Advanced Mutants, at most 2 of a design
    /// (`"id"` for a first copy, `"id:2"` for a second).
    ///
    /// # Errors
    /// Not constructing, or a list that breaks the rules.
    pub fn construct(
        &mut self,
        seat: Seat,
        cards: &[String],
        log: &mut Log,
        rng: &mut GameRng,
    ) -> Result<(), RuleError> {
        let rule = "Constructed";
        if !matches!(self.phase, Phase::Construct { .. }) {
            return Err(RuleError::not_your_turn(
                rule,
                format!("Gene Pools are not being constructed now: {}.", self.waiting_on(seat)),
            ));
        }
        let mut seen = std::collections::BTreeSet::new();
        let allowed = self.constructible(self.restricted);
        let mut list = vec![];
        for v in cards {
            let id = v.strip_suffix(":2").unwrap_or(v);
            let Some(c) = content().id(id).filter(|c| allowed.contains(c)) else {
                return Err(RuleError::illegal(rule, self.not_constructible(id)));
            };
            if !seen.insert(v.clone()) {
                return Err(RuleError::illegal(
                    rule,
                    format!(
                        "No more than 2 copies of {}: name it \"{id}\" and \"{id}:2\", each once; \"{v}\" is named twice.",
                        c.name()
                    ),
                ));
            }
            list.push(c);
        }
        if list.len() != 12 {
            return Err(RuleError::illegal(
                rule,
                format!("A Gene Pool holds 12 Advanced Mutants, not {}.", list.len()),
            ));
        }
        let Phase::Construct { commits } = &mut self.phase else { unreachable!() };
        commits[seat as usize] = Some(list);
        log.push(LogEntry::split(
            SeatSet::only(seat),
            format!("{} built a Gene Pool.", backroom_engine::seat_verb(seat, "has", "have")),
            Some(format!("{} a Gene Pool.", backroom_engine::seat_verb(seat, "builds", "build"))),
        ));
        if commits.iter().all(Option::is_some) {
            let lists: Vec<Vec<CardId>> = commits.iter().map(|c| c.clone().unwrap_or_default()).collect();
            for (s, l) in lists.into_iter().enumerate() {
                self.place_pool(s as u8, l, rng, log);
            }
            self.phase = Phase::Mulligan { seat: self.first, done: 0 };
        }
        Ok(())
    }

    /// Why the card `id` may not go into this constructed Gene Pool.
    fn not_constructible(&self, id: &str) -> String {
        let Some(c) = content().id(id) else { return format!("There is no Mutant \"{id}\".") };
        match c.card().kind {
            crate::content::Kind::Advanced => {}
            _ => return format!("{} is not an Advanced Mutant; a Gene Pool holds only Advanced Mutants.", c.name()),
        }
        match self.restricted.filter(|g| c.card().has(*g)) {
            Some(g) => format!(
                "{} carries the {} gene, which this match's Restricted Gene Pool leaves out.",
                c.name(),
                g.name()
            ),
            None if self.boss.is_some() => format!("{} is not played in Uprising.", c.name()),
            None => format!("{} may not go into this Gene Pool.", c.name()),
        }
    }

    /// Mulligan: for any of the stacks, once each, the top card goes face
    /// down to the bottom and the next is flipped.
    ///
    /// # Errors
    /// Not this seat's mulligan, or a stack named twice or out of range.
    pub fn mulligan(&mut self, seat: Seat, stacks: &[u8], log: &mut Log) -> Result<(), RuleError> {
        let Phase::Mulligan { seat: who, done } = self.phase else {
            return Err(RuleError::not_your_turn(
                "Mulligan",
                format!("There is no mulligan now: {}.", self.waiting_on(seat)),
            ));
        };
        if who != seat {
            return Err(RuleError::not_your_turn(
                "Mulligan",
                "Players mulligan one at a time, clockwise from the first player.",
            ));
        }
        let mut sorted = stacks.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != stacks.len() || sorted.iter().any(|s| !(1..=3).contains(s)) {
            return Err(RuleError::illegal(
                "Mulligan",
                format!("Name each of stacks 1 to 3 at most once; you named {stacks:?}."),
            ));
        }
        for st in sorted {
            let p = &mut self.boards[seat as usize].pool[st as usize - 1];
            if p.len() > 1 {
                let c = p.remove(0);
                p.push(c);
                let next = p[0];
                log.push(LogEntry::public(format!(
                    "{} {} to the bottom of stack {st}; {} is revealed.",
                    backroom_engine::seat_verb(seat, "sends", "send"),
                    c.name(),
                    next.name()
                )));
            }
        }
        let done = done + 1;
        if done >= self.seats {
            self.phase = Phase::Play;
            log.push(LogEntry::public("Round 1 begins."));
            self.stack.push(if self.boss.is_some() { Task::BossTurn } else { Task::StartTurn { s: self.first } });
        } else {
            self.phase = Phase::Mulligan { seat: (seat + 1) % self.seats, done };
        }
        Ok(())
    }
}
