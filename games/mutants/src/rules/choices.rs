//! The questions abilities ask ("choose a card to discard", "you may
//! freeze this Mutant", "which Block?"), their options, and their answers.
//!
//! One action answers them all, `choose {pick}`, with a value from the
//! prompt's options. A question with a single possible answer and no
//! "may" resolves by itself; whether it asks is decided by counts the
//! other seats can see (cards in hand, not which cards), so that waiting
//! for an answer never tells anyone what a hand holds.

use super::{Flow, Log};
use crate::content::{Ability, CardId, CopyFrom, Effect, FreezeFrom, GainTo};
use crate::state::{Mutants, Slot, Task, This};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat};

/// One option: the value for `pick` and its label.
pub type Choice = (String, String);

fn distinct(cards: &[CardId]) -> Vec<CardId> {
    let mut v = cards.to_vec();
    v.sort();
    v.dedup();
    v
}

fn card_choices(cards: &[CardId]) -> Vec<Choice> {
    distinct(cards).into_iter().map(|c| (c.key().to_string(), c.name().to_string())).collect()
}

fn yes_no(yes: &str) -> Vec<Choice> {
    vec![("yes".into(), yes.into()), ("no".into(), "No".into())]
}

impl Mutants {
    /// The options of an asking task (empty: nothing can be done, so it is
    /// skipped).
    pub fn options(&self, t: &Task) -> Vec<Choice> {
        match t {
            Task::DiscardHand { s, .. } => card_choices(&self.boards[*s as usize].hand),
            Task::Freeze { s, from, may, this } => {
                let b = &self.boards[*s as usize];
                let mut o = match from {
                    FreezeFrom::This => match self.this_card(*s, *this) {
                        Some(c) if *may => return yes_no(&format!("Freeze {}", c.name())),
                        Some(c) => vec![(c.key().to_string(), c.name().to_string())],
                        None => vec![],
                    },
                    FreezeFrom::Hand => card_choices(&b.hand),
                    FreezeFrom::Discard => card_choices(&b.discard),
                    FreezeFrom::JustDiscarded => card_choices(
                        &b.just_discarded.iter().copied().filter(|c| b.discard.contains(c)).collect::<Vec<_>>(),
                    ),
                };
                if *may && !o.is_empty() {
                    o.push(("skip".into(), "Freeze nothing".into()));
                }
                o
            }
            Task::Gain { s, to } => {
                let b = &self.boards[*s as usize];
                if *to == GainTo::Incubator && b.incubator.is_some() {
                    return vec![];
                }
                (0..3)
                    .filter_map(|i| {
                        b.pool[i].first().map(|c| ((i + 1).to_string(), format!("{}, from stack {}", c.name(), i + 1)))
                    })
                    .collect()
            }
            Task::Pay { s, discard, .. } => {
                if self.boards[*s as usize].hand.len() < *discard as usize {
                    vec![]
                } else {
                    yes_no(&format!("Discard {} to do it", backroom_engine::plural(*discard, "card", "cards")))
                }
            }
            Task::TakeFromDiscard { s } => card_choices(&self.boards[*s as usize].discard),
            Task::Copy { s, ability, from, this, .. } => self.copy_choices(*s, *ability, *from, *this),
            Task::BlockChoice { target } => self
                .blockers(*target)
                .into_iter()
                .filter_map(|x| {
                    self.boards[*target as usize]
                        .up(x)
                        .map(|c| (x.key().to_string(), format!("{} in the {} slot", c.name(), x.name())))
                })
                .collect(),
            Task::ForcedFreeze { s } => card_choices(&self.boards[*s as usize].discard),
            _ => vec![],
        }
    }

    /// Whether the task asks even with one option (a "may").
    fn optional(t: &Task) -> bool {
        matches!(t, Task::Pay { .. } | Task::Freeze { may: true, .. })
    }

    /// How many ways there are to answer, counted the way other seats can
    /// (cards in hand by count).
    fn ways(&self, t: &Task, opts: &[Choice]) -> usize {
        match t {
            Task::DiscardHand { s, .. } | Task::Freeze { s, from: FreezeFrom::Hand, .. } => {
                self.boards[*s as usize].hand.len()
            }
            _ => opts.len(),
        }
    }

    /// Asks the task's seat, resolves it alone, or skips it.
    pub fn ask_or_auto(&mut self, t: Task, log: &mut Log, rng: &mut GameRng) -> Flow {
        let opts = self.options(&t);
        if opts.is_empty() {
            return Flow::Done;
        }
        if !Self::optional(&t) && self.ways(&t, &opts) == 1 {
            let pick = opts[0].0.clone();
            self.answer(t, &pick, log, rng);
            return Flow::Done;
        }
        Flow::Ask(t)
    }

    /// The `choose` action.
    ///
    /// # Errors
    /// Nothing asked of this seat, or a pick not among the options.
    pub fn answer_choice(&mut self, seat: Seat, pick: &str, log: &mut Log, rng: &mut GameRng) -> Result<(), RuleError> {
        let Some(t) = self.asking(seat).cloned() else {
            return Err(RuleError::not_your_turn(
                "Icon Effects",
                format!("No ability is waiting for your choice: {}.", self.waiting_on(seat)),
            ));
        };
        if matches!(t, Task::MovePhase { .. } | Task::AwaitAction { .. }) {
            return Err(RuleError::illegal(
                "Turn Sequence",
                format!("No ability is waiting for your choice: {}.", self.waiting_on(seat)),
            ));
        }
        let options = self.options(&t);
        if !options.iter().any(|(v, _)| v == pick) {
            let labels: Vec<&str> = options.iter().map(|(_, l)| l.as_str()).collect();
            return Err(RuleError::illegal(
                "Icon Effects",
                format!(
                    "\"{pick}\" does not answer \"{}\"; the answers are {}.",
                    crate::prompts::titled(self, &t),
                    or_list(&labels)
                ),
            ));
        }
        self.stack.pop();
        let private = matches!(t, Task::Freeze { from: FreezeFrom::Hand, .. }) && pick != "skip";
        self.last_choice = Some((seat, if private { "hand".into() } else { pick.to_string() }));
        self.answer(t, pick, log, rng);
        Ok(())
    }

    /// The card "this Mutant" names.
    pub fn this_card(&self, s: u8, this: This) -> Option<CardId> {
        match this {
            This::Nothing => None,
            This::Limbo => self.boards[s as usize].limbo,
            This::Slot(x) => self.boards[s as usize].arena[x.i()].map(|p| p.card),
        }
    }

    fn copy_choices(&self, s: u8, ability: Ability, from: CopyFrom, this: This) -> Vec<Choice> {
        let b = &self.boards[s as usize];
        let kinds: &[bool] = match ability {
            Ability::Deploy => &[false],
            Ability::Leave => &[true],
            Ability::DeployOrLeave => &[false, true],
        };
        let ok = |c: CardId, leave: bool| {
            let e = c.card().copyable(leave);
            !e.is_empty() && !e.iter().any(|x| matches!(x, Effect::Copy { .. }))
        };
        let word = |leave: bool| if leave { "leave" } else { "deploy" };
        let title = |leave: bool| if leave { "Leave" } else { "Deploy" };
        let mut out = vec![];
        for &leave in kinds {
            match from {
                CopyFrom::Arena => {
                    for x in Slot::ALL {
                        if this == This::Slot(x) {
                            continue;
                        }
                        if let Some(c) = b.up(x)
                            && ok(c, leave)
                        {
                            out.push((
                                format!("{}:{}", x.key(), word(leave)),
                                format!("{}'s {} ability, {} slot", c.name(), title(leave), x.name()),
                            ));
                        }
                    }
                }
                CopyFrom::Hand | CopyFrom::Discard => {
                    let (zone, cards) =
                        if from == CopyFrom::Hand { ("hand", &b.hand) } else { ("discard", &b.discard) };
                    for c in distinct(cards) {
                        if ok(c, leave) {
                            out.push((
                                format!("{zone}:{}:{}", c.key(), word(leave)),
                                format!("{}'s {} ability, from your {zone}", c.name(), title(leave)),
                            ));
                        }
                    }
                }
                CopyFrom::Pool => {
                    for (i, st) in b.pool.iter().enumerate() {
                        if let Some(c) = st.first().copied()
                            && ok(c, leave)
                        {
                            out.push((
                                format!("pool:{}:{}", i + 1, word(leave)),
                                format!("{}'s {} ability, Gene Pool stack {}", c.name(), title(leave), i + 1),
                            ));
                        }
                    }
                }
            }
        }
        out
    }

    fn copied(&self, s: u8, pick: &str) -> Option<(CardId, bool)> {
        let b = &self.boards[s as usize];
        let parts: Vec<&str> = pick.split(':').collect();
        let leave = *parts.last()? == "leave";
        let c = match parts.as_slice() {
            [slot, _] => Slot::ALL.into_iter().find(|x| x.key() == *slot).and_then(|x| b.up(x))?,
            ["pool", i, _] => b.pool.get(i.parse::<usize>().ok()?.checked_sub(1)?)?.first().copied()?,
            [_, id, _] => crate::content::content().id(id)?,
            _ => return None,
        };
        Some((c, leave))
    }

    /// Performs an answer already checked against the options.
    pub fn answer(&mut self, t: Task, pick: &str, log: &mut Log, rng: &mut GameRng) {
        let id = |p: &str| crate::content::content().id(p);
        match t {
            Task::DiscardHand { s, n } => {
                let Some(c) = id(pick) else { return };
                let b = &mut self.boards[s as usize];
                if b.take_from_hand(c) {
                    b.discard.push(c);
                    b.just_discarded.push(c);
                    log.push(LogEntry::public(format!("{} {}.", self.who_verb(s, "discards", "discard"), c.name())));
                }
                if n > 1 {
                    self.stack.push(Task::DiscardHand { s, n: n - 1 });
                }
            }
            Task::Freeze { s, from, this, .. } => {
                if pick == "skip" || pick == "no" {
                    return;
                }
                match from {
                    FreezeFrom::This => {
                        let Some(c) = self.this_card(s, this) else { return };
                        match this {
                            This::Limbo => self.boards[s as usize].limbo = None,
                            This::Slot(x) => self.boards[s as usize].arena[x.i()] = None,
                            This::Nothing => return,
                        }
                        self.freeze(s, c, true, log);
                    }
                    FreezeFrom::Hand => {
                        let Some(c) = id(pick) else { return };
                        if self.boards[s as usize].take_from_hand(c) {
                            self.freeze(s, c, false, log);
                        }
                    }
                    FreezeFrom::Discard | FreezeFrom::JustDiscarded => {
                        let Some(c) = id(pick) else { return };
                        let d = &mut self.boards[s as usize].discard;
                        if let Some(i) = d.iter().rposition(|x| *x == c) {
                            d.remove(i);
                            self.freeze(s, c, true, log);
                        }
                    }
                }
            }
            Task::Gain { s, to } => {
                let Some(i) = pick.parse::<usize>().ok().and_then(|i| i.checked_sub(1)) else { return };
                let Some(c) = self.take_pool_top(s, i, log) else { return };
                let place = match to {
                    GainTo::Hand => "into hand",
                    GainTo::DeckTop => "onto the top of the deck",
                    GainTo::Incubator => "into the Incubator",
                    GainTo::Discard => "into the discard",
                    GainTo::Freezer => "into the Cryo Freezer",
                };
                log.push(LogEntry::public(format!(
                    "{} {} from the Gene Pool {place}.",
                    self.who_verb(s, "gains", "gain"),
                    c.name()
                )));
                if to == GainTo::Freezer {
                    self.freeze(s, c, true, log);
                    return;
                }
                let b = &mut self.boards[s as usize];
                match to {
                    GainTo::Hand => {
                        b.hand.push(c);
                        b.sort_hand();
                    }
                    GainTo::DeckTop => b.deck.insert(0, c),
                    GainTo::Incubator => b.incubator = Some(c),
                    GainTo::Discard => b.discard.push(c),
                    GainTo::Freezer => {}
                }
            }
            Task::Pay { s, discard, then, this, slot } if pick == "yes" => {
                self.stack.push(Task::Run { s, this, slot, effects: then });
                self.stack.push(Task::DiscardHand { s, n: discard });
            }
            Task::TakeFromDiscard { s } => {
                let Some(c) = id(pick) else { return };
                let b = &mut self.boards[s as usize];
                if let Some(i) = b.discard.iter().rposition(|x| *x == c) {
                    b.discard.remove(i);
                    b.hand.push(c);
                    b.sort_hand();
                    log.push(LogEntry::public(format!(
                        "{} {} from the discard into hand.",
                        self.who_verb(s, "takes", "take"),
                        c.name()
                    )));
                }
            }
            Task::Copy { s, this, slot, .. } => {
                let Some((c, leave)) = self.copied(s, pick) else { return };
                log.push(LogEntry::public(format!(
                    "{} the {} ability of {}.",
                    self.who_verb(s, "copies", "copy"),
                    if leave { "Leave" } else { "Deploy" },
                    c.name()
                )));
                self.stack.push(Task::Run { s, this, slot, effects: c.card().copyable(leave) });
            }
            Task::BlockChoice { target } => {
                if let Some(x) = Slot::ALL.into_iter().find(|x| x.key() == pick) {
                    self.block(target, x, log);
                }
            }
            Task::ForcedFreeze { s } => {
                let Some(c) = id(pick) else { return };
                let d = &mut self.boards[s as usize].discard;
                let Some(i) = d.iter().rposition(|x| *x == c) else { return };
                d.remove(i);
                log.push(LogEntry::public(format!("{} an empty deck.", self.who_verb(s, "has", "have"))));
                self.freeze(s, c, true, log);
                let b = &mut self.boards[s as usize];
                let mut deck = std::mem::take(&mut b.discard);
                rng.shuffle_deck(&format!("deck-{s}"), &mut deck);
                b.deck = deck;
                log.push(LogEntry::public(format!(
                    "{} the discard as a new deck.",
                    self.who_verb(s, "shuffles", "shuffle")
                )));
            }
            _ => {}
        }
    }
}

/// "a, b or c".
fn or_list(items: &[&str]) -> String {
    match items.split_last() {
        None => "none".into(),
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}
