//! Uprising: the boss's turn. Check for Crush (the boss gains Life), Push
//! Active Card (always toward its arrow, the card there leaving), Play Card
//! (the top of the boss deck; an empty deck reshuffles without freezing).
//! The boss makes no choices: its cards are written without any, and a
//! choice of the boss inside the player's abilities is the player's.

use super::Log;
use crate::content::{Arrow, Special, content};
use crate::state::{Mutants, Slot, Task};
use backroom_engine::{LogEntry, plural};

impl Mutants {
    /// The boss's turn.
    pub fn boss_turn(&mut self, log: &mut Log) {
        let Some(boss) = self.boss_side() else { return };
        self.turn = boss;
        let id = self.boss.as_ref().map_or(0, |b| b.id);
        log.push(LogEntry::public(format!("{} a turn.", self.who_verb(boss, "takes", "take"))));
        if self.fury(boss) && self.dread(0) {
            let black = i32::from(self.round_score().black);
            if let Some(b) = self.boss.as_mut() {
                b.life += black;
            }
            log.push(LogEntry::public(format!(
                "{} {}: it gains {}.",
                self.who_verb(boss, "crushes", "crush"),
                self.who(0),
                plural(black, "Life", "Life")
            )));
        }
        self.stack.push(Task::EndTurn { s: boss });
        self.stack.push(Task::DeployTop { s: boss });
        if let Some(p) = self.boards[boss as usize].arena[Slot::Active.i()] {
            let to = match p.card.card().arrow {
                Some(Arrow::Right) => Slot::Right,
                _ => Slot::Left,
            };
            log.push(LogEntry::public(format!("{} pushes {}.", p.card.name(), to.name().to_lowercase())));
            self.stack.push(Task::MoveActive { s: boss, to });
            if self.boards[boss as usize].arena[to.i()].is_some() {
                self.stack.push(Task::Leave { s: boss, slot: to });
            }
            if let Special::GainPowerOnPush { n } = content().bosses[id].special {
                self.gain_power(boss, n, log);
            }
        }
    }
}
