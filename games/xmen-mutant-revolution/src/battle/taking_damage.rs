//! "Taking Damage" and "The Rule of One": who allocates a PC's Damage and
//! which allocations are legal. Separate because the Rule of One is a pure
//! rule the prompts and the bot also enumerate.

use super::{Interrupt, battle_mut};
use crate::state::battle::Mark;
use crate::state::{Log, XMen};
use backroom_engine::{GameRng, Seat, and_list};

/// Every legal allocation of `damage` over `stats` under the Rule of One:
/// no stat below 1 until all are 1; then each point zeroes one stat.
pub fn allocations(stats: [u8; 3], damage: u8) -> Vec<[u8; 3]> {
    let mut out = Vec::new();
    for a in 0..=stats[0] {
        for d in 0..=stats[1] {
            for s in 0..=stats[2] {
                if rule_of_one(stats, damage, [a, d, s]) {
                    out.push([a, d, s]);
                }
            }
        }
    }
    out
}

/// True if losing `loss` is a legal allocation of `damage` (exactly the
/// damage, capped by what the stats hold; a 0 only once every stat is at 1
/// or 0).
pub fn rule_of_one(stats: [u8; 3], damage: u8, loss: [u8; 3]) -> bool {
    let health: u32 = stats.iter().map(|x| *x as u32).sum();
    let total: u32 = loss.iter().map(|x| *x as u32).sum();
    if (0..3).any(|i| loss[i] > stats[i]) || total != (damage as u32).min(health) {
        return false;
    }
    let after: Vec<u8> = (0..3).map(|i| stats[i] - loss[i]).collect();
    !after.contains(&0) || after.iter().all(|x| *x <= 1)
}

/// Points lost per stat for the log: "1 ATK and 2 DEF".
fn stat_loss(loss: [u8; 3]) -> String {
    let parts: Vec<String> =
        ["ATK", "DEF", "SPD"].iter().zip(loss).filter(|(_, n)| *n > 0).map(|(name, n)| format!("{n} {name}")).collect();
    if parts.is_empty() { "nothing".into() } else { and_list(&parts) }
}

impl XMen {
    pub(super) fn damage_pc(
        &mut self,
        pc: usize,
        damage: u8,
        chooser: Seat,
        by: Option<Seat>,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) {
        let b = battle_mut(self);
        if damage == 0 {
            return;
        }
        let opts = allocations(b.pcs[pc].stats, damage);
        if opts.len() == 1 {
            self.allocate(pc, opts[0], by, rng, log);
        } else {
            b.interrupt = Some(Interrupt::Allocate { pc, damage, chooser, by });
        }
    }

    pub(super) fn allocate(
        &mut self,
        pc: usize,
        loss: [u8; 3],
        by: Option<Seat>,
        _rng: &mut GameRng,
        log: &mut Log<'_>,
    ) {
        let b = battle_mut(self);
        let p = &mut b.pcs[pc];
        for (i, l) in loss.iter().enumerate() {
            p.stats[i] -= l;
        }
        let zeros = p.stats.iter().filter(|x| **x == 0).count() as u8;
        let mark = Mark::Pc(p.seat);
        if let Some(r) = self.last_attacks.iter_mut().rev().find(|r| r.target == mark && r.allocation.is_none()) {
            r.allocation = Some(loss);
            r.defeated = zeros > 0;
        }
        let b = battle_mut(self);
        let p = &mut b.pcs[pc];
        let (who, stats) = (p.who, p.stats);
        log.note(format!(
            "{} loses {} and is at ATK {} DEF {} SPD {}.",
            who.name(),
            stat_loss(loss),
            stats[0],
            stats[1],
            stats[2]
        ));
        if zeros > 0 {
            self.defeat(pc, zeros, by, log);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_of_one() {
        // Nightcrawler 3/4/3 takes 3: DEF -2, SPD -1 is legal.
        assert!(rule_of_one([3, 4, 3], 3, [0, 2, 1]));
        assert!(!rule_of_one([3, 4, 3], 3, [3, 0, 0]), "no stat below 1 before all are 1");
        assert!(!rule_of_one([3, 4, 3], 3, [0, 1, 1]), "the exact Damage");
        // 1/1/2 takes 3: Speed to 1 first, then two stats to 0.
        let all = allocations([1, 1, 2], 3);
        assert_eq!(all.len(), 3);
        assert!(all.iter().all(|l| [1, 1, 2].iter().zip(l).filter(|(s, l)| *s == *l).count() == 2));
        // More Damage than health: everything goes to 0, one way only.
        assert_eq!(allocations([2, 1, 1], 9), vec![[2, 1, 1]]);
    }
}
