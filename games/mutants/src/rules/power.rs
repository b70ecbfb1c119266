//! The Power Track (Gain Power, Lose Power, Fury and Dread), Victory
//! Points, freezing and Freeze values, and in Uprising the damage that
//! Victory Points do to the boss and its Weaknesses.

use super::Log;
use crate::content::{CardId, Freeze, Ongoing, Special, WeakWhen, content};
use crate::state::{Frozen, Mutants, Phase, Slot};
use backroom_engine::{LogEntry, SeatSet, plural};

/// Something the player did that a Weakness may wait for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deed {
    /// Froze this card.
    Froze(CardId),
    /// Started a turn with Fury.
    FuryAtTurnStart,
    /// Deployed a Mutant with Transform.
    DeployedTransform,
    /// Flipped a Mutant face-up.
    FlippedUp,
}

impl Mutants {
    fn put(&mut self, s: u8, cell: usize) {
        let (c, h) = self.pos(s);
        self.track[c].remove(h);
        self.track[cell].push(s);
    }

    /// Gain Power: one space toward the Fury Space per power; on the Fury
    /// Space, each opponent is pushed one space back instead (in turn order,
    /// from the active player).
    pub fn gain_power(&mut self, s: u8, n: u8, log: &mut Log) {
        if n == 0 {
            return;
        }
        let mut pushed = 0;
        for _ in 0..n {
            let (c, _) = self.pos(s);
            if c == 0 {
                pushed += 1;
                let last = self.track.len() - 1;
                let order: Vec<u8> = self.order_from(self.turn).filter(|o| *o != s).collect();
                for o in order {
                    let (oc, _) = self.pos(o);
                    if oc < last {
                        self.put(o, oc + 1);
                    }
                }
            } else {
                self.put(s, c - 1);
            }
        }
        let mut line = format!("{} {}", self.who_verb(s, "gains", "gain"), plural(n, "power", "power"));
        if pushed > 0 {
            line.push_str(&format!(
                "; from the Fury Space that pushes every opponent back {}",
                plural(pushed, "space", "spaces")
            ));
        }
        line.push('.');
        log.push(LogEntry::public(line));
    }

    /// Lose Power: one space toward the Dread Zone per power, stopping on
    /// the last space.
    pub fn lose_power(&mut self, s: u8, n: u8, log: &mut Log) {
        let last = self.track.len() - 1;
        let mut moved = 0;
        for _ in 0..n {
            let (c, _) = self.pos(s);
            if c < last {
                self.put(s, c + 1);
                moved += 1;
            }
        }
        log.push(LogEntry::public(format!(
            "{} {} (moved back {}).",
            self.who_verb(s, "loses", "lose"),
            plural(n, "power", "power"),
            plural(moved, "space", "spaces")
        )));
    }

    /// Victory Points: on the score track, or in Uprising as damage to the
    /// boss.
    pub fn score(&mut self, s: u8, n: i32, why: &str, log: &mut Log) {
        if n <= 0 {
            return;
        }
        if self.boss.is_some() {
            if !self.is_boss(s) {
                self.damage(n, why, log);
            }
            return;
        }
        self.stamp += 1;
        let b = &mut self.boards[s as usize];
        b.score += n;
        b.score_stamp = self.stamp;
        log.push(LogEntry::public(format!(
            "{} {} ({why}).",
            self.who_verb(s, "scores", "score"),
            plural(n, "Victory Point", "Victory Points")
        )));
    }

    /// The boss loses Life; at zero or less the player wins at once.
    pub fn damage(&mut self, n: i32, why: &str, log: &mut Log) {
        let Some(b) = self.boss.as_mut() else { return };
        b.life -= n;
        let (life, name) = (b.life, content().bosses[b.id].name.clone());
        log.push(LogEntry::public(format!(
            "{name} loses {} ({why}); {} left.",
            plural(n, "Life", "Life"),
            plural(life.max(0), "Life", "Life")
        )));
        if life <= 0 {
            self.finish_solo(true, log);
        }
    }

    /// A card's Freeze value in `s`'s freezer now (variable: 1 per gene
    /// symbol there, itself included once it is in).
    pub fn freeze_value(&self, s: u8, c: CardId) -> i32 {
        match c.card().freeze {
            Freeze::Fixed(v) => i32::from(v),
            Freeze::PerGene { per_gene } => self.boards[s as usize]
                .freezer
                .iter()
                .map(|f| f.card.card().genes.iter().filter(|g| **g == per_gene).count() as i32)
                .sum(),
        }
    }

    /// Puts a card into `s`'s Cryo Freezer: every card entering it counts
    /// as frozen (Leech Lord, Jack Ice, solo damage). `public`: it came
    /// from a public zone; otherwise only its owner reads its name.
    pub fn freeze(&mut self, s: u8, c: CardId, public: bool, log: &mut Log) {
        if self.is_boss(s) {
            return;
        }
        let public = public || self.boss.is_some();
        self.boards[s as usize].freezer.push(Frozen { card: c, public });
        let line = format!("{} {} into the Cryo Freezer.", self.who_verb(s, "freezes", "freeze"), c.name());
        if public {
            log.push(LogEntry::public(line));
        } else {
            log.push(LogEntry::split(
                SeatSet::only(s),
                line,
                Some(format!("{} a card from hand into the Cryo Freezer.", self.who_verb(s, "freezes", "freeze"))),
            ));
        }
        let gain: u8 = self.boards[s as usize]
            .arena
            .iter()
            .flatten()
            .filter(|p| p.face_up)
            .flat_map(|p| p.card.card().ongoing.iter())
            .map(|o| match o {
                Ongoing::OnFreezeGainPower { n } => *n,
                Ongoing::OpponentsCannotIncubate => 0,
            })
            .sum();
        self.gain_power(s, gain, log);
        if let Some(b) = &self.boss {
            let boss = self.seats;
            if let Special::GainPowerOnOpponentFreeze { n } = content().bosses[b.id].special {
                self.gain_power(boss, n, log);
            }
            let v = self.freeze_value(s, c);
            self.damage(v, &format!("{} frozen", c.name()), log);
            self.deed(Deed::Froze(c), log);
        }
    }

    /// Weakness conditions that are states (a knocked-down card, the player's
    /// Fury), checked after every step.
    pub fn check_weaknesses(&mut self, log: &mut Log) {
        let Some(boss) = self.boss_side() else { return };
        if self.is_over() || !matches!(self.phase, Phase::Play) {
            return;
        }
        for slot in Slot::ALL {
            let Some(p) = self.boards[boss as usize].arena[slot.i()] else { continue };
            let Some(w) = p.card.card().weakness else { continue };
            let met = match w.when {
                WeakWhen::KnockedDown => !p.face_up,
                WeakWhen::PlayerHasFury => p.face_up && self.fury(0),
                _ => false,
            };
            if met {
                self.shatter(slot, log);
            }
        }
    }

    /// Weakness conditions that are deeds of the player.
    pub fn deed(&mut self, d: Deed, log: &mut Log) {
        let Some(boss) = self.boss_side() else { return };
        for slot in Slot::ALL {
            let Some(p) = self.boards[boss as usize].arena[slot.i()] else { continue };
            let Some(w) = p.card.card().weakness else { continue };
            if !p.face_up {
                continue;
            }
            let met = match (w.when, d) {
                (WeakWhen::PlayerFreezesGene, Deed::Froze(c)) => w.gene.is_some_and(|g| c.card().has(g)),
                (WeakWhen::PlayerFuryAtTurnStart, Deed::FuryAtTurnStart) => true,
                (WeakWhen::PlayerDeploysTransform, Deed::DeployedTransform) => true,
                (WeakWhen::PlayerFlipsUp, Deed::FlippedUp) => true,
                _ => false,
            };
            if met && !self.is_over() {
                self.shatter(slot, log);
            }
        }
    }

    /// Shatter a Weakness: the boss loses its Life value and the card goes
    /// back to the box.
    fn shatter(&mut self, slot: Slot, log: &mut Log) {
        let boss = self.seats as usize;
        let Some(p) = self.boards[boss].arena[slot.i()].take() else { return };
        let v = p.card.card().weakness.map_or(0, |w| w.v);
        log.push(LogEntry::public(format!(
            "The Weakness of {} shatters; the card goes back to the box.",
            p.card.name()
        )));
        self.damage(i32::from(v), &format!("{}'s Weakness", p.card.name()), log);
    }
}
