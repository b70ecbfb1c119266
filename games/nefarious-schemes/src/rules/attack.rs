//! The Attack phase: each Hero may attack a Mastermind Thwarted this turn.
//! An attack must hit one of its Minions (a Combat Roll; the Minion always
//! dies); with no Minions left the Hero destroys one of its Locations
//! without a roll, which ends the Hero's attacks; with no Locations left
//! comes the Showdown with the Mastermind himself.

use crate::content::{Kind, RollKind};
use crate::state::{HERO, Log, Schemes, Task, Uid};

impl Schemes {
    /// One attack by `hero` on `mastermind`, `penalty` Fight down.
    pub fn strike(&mut self, hero: Uid, mastermind: Uid, penalty: u8, log: &mut Log<'_>) {
        let (Some(_), Some(m)) = (self.piece(hero), self.piece(mastermind)) else { return };
        if m.minions > 0 {
            self.schedule(vec![Task::Roll {
                kind: RollKind::Combat,
                roller: HERO,
                unit: Some(hero),
                target: Some(mastermind),
                penalty,
            }]);
            return;
        }
        let location = self.attached(mastermind).find(|p| p.kind() == Kind::Location).map(|p| p.uid);
        if let Some(l) = location {
            let line = format!(
                "{} has no Minions left: {} destroys {}.",
                self.label(mastermind),
                self.label(hero),
                self.label(l)
            );
            log.note(line);
            self.kill(l, log);
            return;
        }
        self.schedule(vec![Task::Roll {
            kind: RollKind::Showdown,
            roller: HERO,
            unit: Some(hero),
            target: Some(mastermind),
            penalty,
        }]);
    }
}
