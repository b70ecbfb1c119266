//! The rules, one module per part of the rulebook, and the loop that
//! resolves the task stack ([`crate::state::Task`]).
//!
//! * [`setup`]: Set Up, the Draft, Preconstructed and Constructed Gene
//!   Pools, the Mulligan;
//! * [`turn`]: Turn Sequence (Crush the Competition, Move Active Mutant,
//!   Take Action) and whose turn is next;
//! * [`effects`]: the keywords (Gain Power, Cycle, Freeze, Attack, Block,
//!   Knock Down, Transform, Gain, Copy, ...), and the questions they ask;
//! * [`power`]: the Power Track, scoring, freezing and the Freeze values;
//! * [`round`]: End of Round and End of Game Scoring;
//! * [`boss`]: Uprising: the boss's turn, its Special Power, Weaknesses.

pub mod boss;
pub mod choices;
pub mod effects;
pub mod power;
pub mod round;
pub mod setup;
pub mod turn;

use crate::Action;
use crate::state::{Mutants, Task};
use backroom_engine::{GameRng, LogEntry, RuleError, Seat};

/// The log lines an action writes.
pub type Log = Vec<LogEntry>;

/// What a task did.
pub enum Flow {
    /// Done; go on with the stack.
    Done,
    /// It waits for its seat's answer (it is put back on top).
    Ask(Task),
}

impl Mutants {
    /// Pops and performs tasks until one asks or the stack is empty.
    pub fn run(&mut self, log: &mut Log, rng: &mut GameRng) {
        let mut guard = 0u32;
        while let Some(task) = self.stack.pop() {
            guard += 1;
            assert!(guard < 100_000, "resolution does not end");
            match self.step(task, log, rng) {
                Flow::Done => {}
                Flow::Ask(t) => {
                    self.stack.push(t);
                    return;
                }
            }
            self.check_weaknesses(log);
            if self.is_over() {
                self.stack.clear();
                return;
            }
        }
    }

    fn step(&mut self, task: Task, log: &mut Log, rng: &mut GameRng) -> Flow {
        match task {
            Task::StartTurn { s } => self.start_turn(s, log),
            Task::MovePhase { s } => return self.move_phase(s, log),
            Task::AwaitAction { s } => {
                if !self.boards[s as usize].hand.is_empty() {
                    return Flow::Ask(Task::AwaitAction { s });
                }
            }
            Task::EndTurn { s } => self.end_turn(s),
            Task::RoundEnd => self.round_end(log),
            Task::StartRound => self.start_round(log),
            Task::BossTurn => self.boss_turn(log),
            Task::Leave { s, slot } => self.leave(s, slot, log),
            Task::FinishLeave { s, card } => self.finish_leave(s, card, log),
            Task::MoveActive { s, to } => self.move_active(s, to, log),
            Task::DeployTop { s } => self.deploy_top(s, log, rng),
            Task::Draw { s, n, cycle, drawn } => self.draw(s, n, cycle, drawn, log, rng),
            Task::Run { s, this, slot, effects } => {
                for effect in effects.into_iter().rev() {
                    self.stack.push(Task::Do { s, this, slot, effect });
                }
            }
            Task::Do { s, this, slot, effect } => self.perform(s, this, slot, effect, log, rng),
            Task::AttackOne { target, hit, slot, .. } => self.attack_one(target, hit, slot, log),
            t => return self.ask_or_auto(t, log, rng),
        }
        Flow::Done
    }

    /// Validates and performs an action (on a clone: see `lib.rs`).
    ///
    /// # Errors
    /// The rule the action breaks.
    pub fn act(&mut self, seat: Seat, action: &Action, log: &mut Log, rng: &mut GameRng) -> Result<(), RuleError> {
        match action {
            Action::DraftPick { card } => self.draft_pick(seat, *card, log, rng)?,
            Action::Construct { cards } => self.construct(seat, cards, log, rng)?,
            Action::Mulligan { stacks } => self.mulligan(seat, stacks, log)?,
            Action::Move { side } => self.answer_move(seat, *side, log)?,
            Action::Deploy { card } => self.deploy_action(seat, *card, log)?,
            Action::Breed { stack, cards } => self.breed_action(seat, *stack, cards, log)?,
            Action::Incubate { card, stack } => self.incubate_action(seat, *card, *stack, log)?,
            Action::Choose { pick } => self.answer_choice(seat, pick, log, rng)?,
        }
        self.run(log, rng);
        Ok(())
    }

    /// The task waiting for `seat`'s answer, if any.
    pub fn asking(&self, seat: Seat) -> Option<&Task> {
        if !matches!(self.phase, crate::state::Phase::Play) {
            return None;
        }
        let t = self.stack.last()?;
        let s = t.asker()?;
        (self.decider(s) == seat).then_some(t)
    }
}
