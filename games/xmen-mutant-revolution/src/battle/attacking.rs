//! "Attacking": a PC's attack (its range, Powers and Charter bonuses, the
//! once-per-target rule), a PC attacked (the defender's Reaction window,
//! then the roll), the Dice String comparison and the attack records the
//! board shows. Separate because the dice and the bonuses are one rule,
//! used by PCs and Mission Characters alike.

use super::{ATTACKS_KEPT, AttackRecord, Attacker, Battle, Interrupt, battle_mut};
use crate::content::{content, distance};
use crate::state::battle::{Mark, Pc};
use crate::state::phase::Phase;
use crate::state::{CharKey, Character, Log, Rank, XMen};
use backroom_engine::{GameRng, RuleError, and_list, plural};

/// The Dice String comparison: both strings sorted highest first and
/// compared position by position, ties to the defender; unopposed attack
/// dice hit on 3+; unopposed defense dice are ignored.
pub fn compare(attack: &[u8], defense: &[u8]) -> u8 {
    let mut a = attack.to_vec();
    let mut d = defense.to_vec();
    a.sort_unstable_by(|x, y| y.cmp(x));
    d.sort_unstable_by(|x, y| y.cmp(x));
    a.iter()
        .enumerate()
        .filter(|(i, x)| match d.get(*i) {
            Some(y) => *x > y,
            None => **x >= 3,
        })
        .count() as u8
}

/// Dice for the log: "6 4 2", or "no dice".
fn dice_text(dice: &[u8]) -> String {
    if dice.is_empty() { "no dice".into() } else { dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ") }
}

/// What Powers and the Charter add to one attack.
#[derive(Default)]
struct Bonus {
    dice: u8,
    range: u8,
    repeat: bool,
    allocate: bool,
}

/// Using Powers During Missions: a Character's attack Power adds dice or
/// range per token, or for 1 token lets it attack a target again or
/// allocate the Damage.
fn power_bonus(pc: &Pc, ch: &Character, power: u8) -> Result<Bonus, RuleError> {
    let Some(pw) = ch.power("attack") else {
        return Err(RuleError::illegal(
            "Using Powers During Missions",
            format!("{} has no attack Power", pc.who.name()),
        ));
    };
    if ch.power < power {
        return Err(RuleError::illegal(
            "Using Powers During Missions",
            format!("{} spends {power} Power Tokens and has only {}.", pc.who.name(), ch.power),
        ));
    }
    let mut bonus = Bonus::default();
    match pw.op.as_str() {
        "attack_dice" => bonus.dice += power,
        "range" => bonus.range += power,
        "repeat_target" | "allocate_damage" if power == 1 => {
            bonus.repeat = pw.op == "repeat_target";
            bonus.allocate = pw.op == "allocate_damage";
        }
        _ => {
            return Err(RuleError::illegal(
                "Using Powers During Missions",
                format!(
                    "{}'s attack Power is used once per attack, for 1 Power Token; you spend {power}.",
                    pc.who.name()
                ),
            ));
        }
    }
    Ok(bonus)
}

impl XMen {
    /// Keeps the last [`ATTACKS_KEPT`] attacks for the board.
    fn record_attack(&mut self, r: AttackRecord) {
        self.last_attacks.push(r);
        if self.last_attacks.len() > ATTACKS_KEPT {
            let extra = self.last_attacks.len() - ATTACKS_KEPT;
            self.last_attacks.drain(..extra);
        }
    }

    /// A PC attacks (Taking Actions): the target must be another PC or a
    /// Mission Character in range and not attacked yet this Mission Turn;
    /// Power and Charter tokens are paid, then the dice rolled.
    pub(super) fn pc_attack(
        &mut self,
        me: usize,
        target: Mark,
        power: u8,
        charter: u8,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        let b: &Battle = match &self.phase {
            Phase::Battle(b) => b,
            _ => unreachable!(),
        };
        let pc = b.pcs[me].clone();
        if target == Mark::Pc(pc.seat) {
            return Err(RuleError::illegal("Attacking", format!("{} does not attack itself.", pc.who.name())));
        }
        let Some(th) = b.mark_hex(target) else {
            let why = match target {
                Mark::Pc(s) => b.pc_refusal(s, &self.school_name(s)),
                Mark::Token(t) if (t as usize) < b.tokens.len() => {
                    format!("Mission Character #{} has been destroyed.", t + 1)
                }
                Mark::Token(t) => format!("There is no Mission Character #{}.", t + 1),
            };
            return Err(RuleError::illegal("Attacking", why));
        };
        let pl = &self.players[pc.seat as usize];
        let ci = pl.find(pc.who).expect("PC owned");
        let mut bonus = if power > 0 { power_bonus(&pc, &pl.chars[ci], power)? } else { Bonus::default() };
        if charter > 0 {
            self.charter_bonus(b, &pc, charter, &mut bonus)?;
        }
        let dist = distance(pc.hex.expect("acting PC stands"), th);
        if dist > (pc.range + bonus.range) as i32 {
            return Err(RuleError::illegal(
                "Attacking",
                format!(
                    "The target is {dist} hexes from {}; its Attack Range is {}.",
                    pc.who.name(),
                    pc.range + bonus.range
                ),
            ));
        }
        if pc.attacked.contains(&target) && !bonus.repeat {
            return Err(RuleError::illegal(
                "Taking Actions",
                format!(
                    "{} has attacked that target already this Mission Turn; a Character attacks the same Character once per Mission Turn.",
                    pc.who.name()
                ),
            ));
        }
        // Valid: pay and roll (attacker's dice first, then the defender's).
        self.pay_for_attack(&pc, ci, power, charter, log);
        let b = battle_mut(self);
        b.busy = true;
        b.pcs[me].attacked.push(target);
        match target {
            Mark::Token(t) => self.attack_token(&pc, t, bonus.dice, rng, log),
            Mark::Pc(s) => {
                let ti = b.pc_of(s).expect("target PC");
                self.attack_pc(Attacker::Pc(me as u8), ti, bonus.dice, bonus.allocate, rng, log);
            }
        }
        Ok(())
    }

    /// Using Charter Cards During Missions: the Charter helps a Hero or
    /// Student while its Leader is not in the Mission, paid from the
    /// Leader's Power Tokens.
    fn charter_bonus(&self, b: &Battle, pc: &Pc, charter: u8, bonus: &mut Bonus) -> Result<(), RuleError> {
        let pl = &self.players[pc.seat as usize];
        let school = pl.school.expect("school chosen");
        let leader_in = b.pcs.iter().any(|p| p.seat == pc.seat && p.who == CharKey::Leader(school));
        if pc.who.rank() == Rank::Leader || leader_in {
            let why = if pc.who.rank() == Rank::Leader {
                format!("{} is your Leader; the Charter helps a Hero or Student.", pc.who.name())
            } else {
                "Your Leader is in this Mission; the Charter helps only while the Leader is not.".to_string()
            };
            return Err(RuleError::illegal("Using Charter Cards During Missions", why));
        }
        if pl.chars[0].power < charter {
            return Err(RuleError::illegal(
                "Using Charter Cards During Missions",
                format!(
                    "The Charter spends {charter} of your Leader's Power Tokens, and it has {}.",
                    pl.chars[0].power
                ),
            ));
        }
        match content().schools[school as usize].charter.op.as_str() {
            "range" => bonus.range += charter,
            _ => bonus.dice += charter,
        }
        Ok(())
    }

    /// Pays the Power Tokens an attack spends, the Character's own and the
    /// Leader's through the Charter, and tells the log (issue 12 item 2).
    fn pay_for_attack(&mut self, pc: &Pc, ci: usize, power: u8, charter: u8, log: &mut Log<'_>) {
        let pl = &mut self.players[pc.seat as usize];
        pl.chars[ci].power -= power;
        pl.chars[0].power -= charter;
        if power > 0 || charter > 0 {
            let leader = pl.chars[0].id.name();
            let mut spent = vec![];
            if power > 0 {
                spent.push(plural(power, "Power Token", "Power Tokens"));
            }
            if charter > 0 {
                spent.push(format!(
                    "{} of {leader}'s through the Charter",
                    plural(charter, "Power Token", "Power Tokens")
                ));
            }
            log.note(format!("{} spends {}.", pc.who.name(), and_list(&spent)));
        }
    }

    /// A PC attacks a Mission Character: the Damage, its destruction, and
    /// the Mission's Hope for a damaging attack.
    fn attack_token(&mut self, pc: &Pc, t: u8, dice_bonus: u8, rng: &mut GameRng, log: &mut Log<'_>) {
        let b = battle_mut(self);
        let atk = rng.dice((pc.stats[0] + dice_bonus) as usize);
        let tok = &mut b.tokens[t as usize];
        let mission = b.mission.expect("tokens only in missions").card();
        let spec = &mission.tokens[tok.spec as usize];
        let def = rng.dice(spec.def as usize);
        let dmg = compare(&atk, &def);
        tok.damage = tok.damage.saturating_add(dmg);
        b.damage[pc.seat as usize] += dmg as u32;
        let destroyed = tok.damage >= spec.hp;
        if destroyed {
            tok.alive = false;
            tok.destroyed_by = Some(pc.seat);
            b.destroyed[pc.seat as usize] += 1;
        }
        let reward = if dmg > 0 { mission.hope_per_damaging_attack } else { 0 };
        let turn = b.turn;
        let spec_name = spec.name.clone();
        self.players[pc.seat as usize].hope += reward as u32;
        let rec = AttackRecord {
            turn,
            attacker: Mark::Pc(pc.seat),
            attacker_name: pc.who.name().to_string(),
            target: Mark::Token(t),
            target_name: spec_name,
            attack: atk.clone(),
            defense: def.clone(),
            damage: dmg,
            allocation: None,
            allocated_by: None,
            defeated: destroyed,
        };
        self.record_attack(rec);
        log.note(format!(
            "{} attacks {}: dice {} against {}, {dmg} Damage{}{}.",
            pc.who.name(),
            spec.name,
            dice_text(&atk),
            dice_text(&def),
            if reward > 0 { format!(", {reward} Hope") } else { String::new() },
            if destroyed { "; it is destroyed" } else { "" }
        ));
    }

    /// An attack on a PC: first the defender's Reaction window (offered
    /// when its owner's Plot Points reach the cheapest `pc_attacked`
    /// Reaction: public criteria), then the roll.
    pub(super) fn attack_pc(
        &mut self,
        attacker: Attacker,
        pc: usize,
        bonus: u8,
        allocate: bool,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) {
        let b = battle_mut(self);
        let owner = b.pcs[pc].seat;
        let cheapest = XMen::cheapest("pc_attacked");
        if cheapest.is_some_and(|c| self.players[owner as usize].pp >= c) {
            battle_mut(self).interrupt = Some(Interrupt::Guard { attacker, pc, bonus, allocate });
        } else {
            self.roll_pc_attack(attacker, pc, bonus, allocate, 0, rng, log);
        }
    }

    /// Rolls an attack on a PC (attack dice, then defense dice) and deals
    /// the Damage.
    #[allow(
        clippy::too_many_arguments,
        reason = "an attack on a PC carries its attacker, target, bonuses and Reaction dice, plus the generator and the log sink"
    )]
    pub(super) fn roll_pc_attack(
        &mut self,
        attacker: Attacker,
        pc: usize,
        bonus: u8,
        allocate: bool,
        extra_def: u8,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) {
        let b = battle_mut(self);
        let (n, name, by) = match attacker {
            Attacker::Pc(i) => {
                let a = &b.pcs[i as usize];
                (a.stats[0] + bonus, a.who.name().to_string(), Some(a.seat))
            }
            Attacker::Token(t) => {
                let spec =
                    &b.mission.expect("tokens only in missions").card().tokens[b.tokens[t as usize].spec as usize];
                (spec.atk, spec.name.clone(), None)
            }
        };
        let atk = rng.dice(n as usize);
        let def = rng.dice((b.pcs[pc].stats[1] + extra_def) as usize);
        let dmg = compare(&atk, &def);
        let (owner, target) = (b.pcs[pc].seat, b.pcs[pc].who.name());
        let (turn, attacker_mark) = (
            b.turn,
            match attacker {
                Attacker::Pc(i) => Mark::Pc(b.pcs[i as usize].seat),
                Attacker::Token(t) => Mark::Token(t),
            },
        );
        log.note(format!(
            "{name} attacks {target}: dice {} against {}, {dmg} Damage.",
            dice_text(&atk),
            dice_text(&def)
        ));
        let chooser = match (allocate, by) {
            (true, Some(s)) => s,
            _ => owner,
        };
        let rec = AttackRecord {
            turn,
            attacker: attacker_mark,
            attacker_name: name.clone(),
            target: Mark::Pc(owner),
            target_name: target.to_string(),
            attack: atk.clone(),
            defense: def.clone(),
            damage: dmg,
            allocation: (dmg == 0).then_some([0, 0, 0]),
            allocated_by: Some(chooser),
            defeated: false,
        };
        self.record_attack(rec);
        self.damage_pc(pc, dmg, chooser, by, rng, log);
        self.control_transfer();
        self.resolve_control_roll(rng, log);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_strings_compare_highest_to_highest_ties_to_the_defender() {
        // 4 against 4: 6>5 hit, 4=4 miss, 3<4 miss, 2>1 hit.
        assert_eq!(compare(&[3, 6, 2, 4], &[4, 1, 5, 4]), 2);
        // Unopposed attack dice hit on 3+; a defender cannot shift its string.
        assert_eq!(compare(&[6, 3, 2, 1], &[6]), 1);
        assert_eq!(compare(&[5, 3, 4], &[6]), 2);
        // Unopposed defense dice are ignored.
        assert_eq!(compare(&[2], &[1, 6, 6]), 0);
        assert_eq!(compare(&[4], &[3, 1, 1]), 1);
        assert_eq!(compare(&[], &[6]), 0);
    }
}
