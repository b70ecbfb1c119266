//! "Mission Turns": initiative, the Mission Stalemate and the house turn
//! cap, and [`XMen::battle_action`], which checks and applies every action
//! of a turn (placing tokens, choosing who acts first, Taking Actions,
//! moving Mission Characters, and the decisions that pause the battle).
//! Separate from the step machine, which only resumes the battle.

use super::{Interrupt, Step, TURN_CAP, Token, battle_mut, rule_of_one};
use crate::content::distance;
use crate::state::{CharKey, Log, Rank, XMen};
use backroom_engine::{GameRng, RuleError, Seat, and_list, plural};

impl XMen {
    pub(super) fn start_turn(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        let mc = self.mc;
        let order = self.clockwise(mc);
        let b = battle_mut(self);
        b.turn += 1;
        b.busy = false;
        for p in &mut b.pcs {
            p.attacked.clear();
        }
        // Initiative: SPD dice per PC, rolled from the Mission Commander
        // clockwise (ruling A31); tied highest reroll.
        let mut field: Vec<usize> =
            order.iter().filter_map(|s| b.pc_of(*s)).filter(|i| b.pcs[*i].hex.is_some()).collect();
        let mut lines = vec![];
        let mut first = true;
        while field.len() > 1 {
            let rolls: Vec<(usize, u32)> = field
                .iter()
                .map(|i| {
                    let n = if first { b.pcs[*i].stats[2] } else { b.pcs[*i].stats[2].max(1) };
                    (*i, rng.dice(n as usize).iter().map(|d| *d as u32).sum())
                })
                .collect();
            first = false;
            lines.push(and_list(
                &rolls.iter().map(|(i, v)| format!("{} {v}", b.pcs[*i].who.name())).collect::<Vec<_>>(),
            ));
            let best = rolls.iter().map(|r| r.1).max().unwrap_or(0);
            field = rolls.iter().filter(|r| r.1 == best).map(|r| r.0).collect();
        }
        let winner = b.pcs[field[0]].seat;
        let standing = b.standing();
        let turn = b.turn;
        if standing.len() <= 1 {
            b.step = Step::Act { order: standing, at: 0, left: 2, moved: false };
        } else {
            b.step = Step::First { winner };
        }
        log.note(format!(
            "Mission Turn {turn}: initiative {}. {} who acts first.",
            lines.join(", then "),
            self.who_verb(winner, "chooses", "choose")
        ));
    }

    pub(super) fn end_turn(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        let b = battle_mut(self);
        if b.busy {
            b.quiet = 0;
        } else {
            b.quiet += 1;
        }
        if b.mission.is_some() && b.quiet >= 3 {
            b.over = Some(false);
            log.note("Mission Stalemate: three Mission Turns without an attack; the Mission fails.".into());
            return;
        }
        if b.turn >= TURN_CAP {
            if b.mission.is_some() {
                b.over = Some(false);
            } else {
                // Match cap (house): the PC with the higher stat total wins;
                // ties to the PC in Character Position 1.
                let best = b
                    .standing()
                    .into_iter()
                    .max_by_key(|i| (b.pcs[*i].stats.iter().map(|x| *x as u32).sum::<u32>(), std::cmp::Reverse(*i)));
                for i in b.standing() {
                    if Some(i) != best {
                        b.pcs[i].hex = None;
                    }
                }
                b.over = Some(true);
            }
            log.note(format!("Mission Turn {TURN_CAP} reached (house turn cap): the battle ends."));
            return;
        }
        self.start_turn(rng, log);
    }

    /// Applies a battle action for `seat`.
    ///
    /// # Errors
    /// A [`RuleError`] naming the broken rule (the caller discards the
    /// clone it worked on).
    pub fn battle_action(
        &mut self,
        seat: Seat,
        a: &crate::action::Action,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        use crate::action::Action as A;
        // Schools by name, for refusals (read before the battle is borrowed).
        let schools: Vec<String> = (0..self.seats).map(|s| self.school_name(s)).collect();
        let school = |s: Seat| schools.get(s as usize).cloned().unwrap_or_else(|| format!("seat {}", s + 1));
        let b = battle_mut(self);
        if b.awaited() != Some(seat) {
            let who = b.awaited().map_or_else(|| "nobody".to_string(), school);
            let why = format!("The Mission waits for {who}: {}.", b.waiting_for());
            return Err(RuleError::not_your_turn("Mission Turns", why));
        }
        if let Some(int) = b.interrupt.clone() {
            return self.answer_interrupt(seat, int, a, rng, log);
        }
        match (b.step.clone(), a) {
            (Step::Place, A::Place { hex }) => {
                if !b.placements().contains(hex) {
                    return Err(RuleError::illegal("Set Up Mission", b.placement_refusal(*hex)));
                }
                let spec = b.to_place.remove(0);
                b.tokens.push(Token { spec, hex: *hex, damage: 0, alive: true, destroyed_by: None });
            }
            (Step::First { .. }, A::First { pc }) => {
                let Some(i) = b.pc_of(*pc).filter(|i| b.pcs[*i].hex.is_some()) else {
                    let why = b.pc_refusal(*pc, &school(*pc));
                    return Err(RuleError::illegal("Rolling for Initiative", why));
                };
                let first_seat = b.pcs[i].seat;
                let mut order = vec![];
                // The chosen PC, then the others in clockwise seating order.
                let seats = self.clockwise(first_seat);
                let b = battle_mut(self);
                for s in seats {
                    if let Some(j) = b.pc_of(s).filter(|j| b.pcs[*j].hex.is_some()) {
                        order.push(j);
                    }
                }
                b.step = Step::Act { order, at: 0, left: 2, moved: false };
            }
            (Step::Act { order, at, left, .. }, act) => self.take_action(order, at, left, act, &school, rng, log)?,
            (Step::Tokens { todo, pending }, A::TokenAttack { pc }) => {
                self.order_token_attack(todo, pending, pc, &school, rng, log)?
            }
            (Step::Tokens { pending, .. }, A::MoveToken { .. }) if !pending.is_empty() => {
                return Err(RuleError::illegal(
                    "Controlling Mission Characters",
                    "the Mission Character that just moved attacks every PC in range first",
                ));
            }
            (Step::Tokens { todo, .. }, A::MoveToken { token, to }) => self.move_token(todo, token, to)?,
            _ => {
                let b = battle_mut(self);
                return Err(RuleError::illegal(
                    "Mission Turns",
                    format!(
                        "The Mission's step now is {}, where \"{}\" is not a choice.",
                        b.waiting_for(),
                        crate::rules::action_name(a)
                    ),
                ));
            }
        }
        self.advance_battle(rng, log);
        Ok(())
    }

    /// The answer to a decision that paused the battle: Damage allocated
    /// (Taking Damage), a Reaction to an attack, a defeated PC's penalty or
    /// a defeated Student's claim (Defeated PCs).
    fn answer_interrupt(
        &mut self,
        seat: Seat,
        int: Interrupt,
        a: &crate::action::Action,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        use crate::action::Action as A;
        let b = battle_mut(self);
        match (int, a) {
            (Interrupt::Allocate { pc, damage, by, .. }, A::Allocate { loss }) => {
                if !rule_of_one(b.pcs[pc].stats, damage, *loss) {
                    let stats = b.pcs[pc].stats;
                    let health: u32 = stats.iter().map(|x| u32::from(*x)).sum();
                    let taken: u32 = loss.iter().map(|x| u32::from(*x)).sum();
                    let due = u32::from(damage).min(health);
                    let why = match (0..3).find(|i| loss[*i] >= stats[*i]) {
                        _ if taken != due => format!("{due} Damage is taken exactly; you allocated {taken}."),
                        Some(i) => format!(
                            "This takes {}'s {} from {} to {}; no stat drops below 1 until all three are 1.",
                            b.pcs[pc].who.name(),
                            ["ATK", "DEF", "SPD"][i],
                            stats[i],
                            i32::from(stats[i]) - i32::from(loss[i])
                        ),
                        None => format!("{due} Damage: no stat drops below 1 until all three are 1."),
                    };
                    return Err(RuleError::illegal("The Rule of One", why));
                }
                b.interrupt = None;
                self.allocate(pc, *loss, by, rng, log);
                self.control_transfer();
                self.resolve_control_roll(rng, log);
            }
            (Interrupt::Penalty { seat, who, by }, A::Penalty { pay }) => {
                b.interrupt = None;
                let p = &mut self.players[seat as usize];
                let i = p.find(who).expect("defeated Character still owned");
                let price = p.chars[i].attributes().hope as u32;
                if *pay {
                    if p.hope < price {
                        return Err(RuleError::illegal(
                            "Defeated PCs",
                            format!(
                                "Keeping {} costs {}; you have {}.",
                                who.name(),
                                plural(price, "Hope Coin", "Hope Coins"),
                                p.hope
                            ),
                        ));
                    }
                    p.hope -= price;
                    log.note(format!("{} {price} Hope to keep {}.", self.who_verb(seat, "pays", "pay"), who.name()));
                } else {
                    let c = p.chars[i].clone();
                    self.discard_character(seat, i);
                    log.note(format!("{} {}.", self.who_verb(seat, "discards", "discard"), who.name()));
                    if let (Some(v), CharKey::Recruit(r), Rank::Student) = (by, who, who.rank()) {
                        let hope = c.attributes().hope;
                        battle_mut(self).interrupt =
                            Some(Interrupt::Claim { seat: v, who: r, training: c.training, injured: c.injured, hope });
                    }
                }
            }
            (Interrupt::Claim { seat, who, training, injured, hope }, A::Claim { recruit }) => {
                b.interrupt = None;
                if *recruit {
                    let p = &mut self.players[seat as usize];
                    if p.hope < hope as u32 {
                        return Err(RuleError::illegal(
                            "Defeated Students",
                            format!(
                                "Recruiting {} costs {}; you have {}.",
                                who.card().name,
                                plural(hope, "Hope Coin", "Hope Coins"),
                                p.hope
                            ),
                        ));
                    }
                    p.hope -= hope as u32;
                    // A22: the Student arrives with 0 Power Tokens and
                    // keeps its Injured token.
                    let mut c = crate::state::Character::new(CharKey::Recruit(who), 0);
                    c.injured = injured;
                    c.training = training;
                    p.chars.push(c);
                    self.recruit_discard.retain(|x| *x != who && Some(*x) != training);
                    log.note(format!(
                        "{} {hope} Hope to recruit {}.",
                        self.who_verb(seat, "pays", "pay"),
                        who.card().name
                    ));
                }
            }
            (Interrupt::Guard { attacker, pc, bonus, allocate }, A::React { card }) => {
                b.interrupt = None;
                let p = &mut self.players[seat as usize];
                let def = card.card();
                if !p.hand.contains(card) {
                    return Err(RuleError::illegal("Reaction Cards", format!("{} is not in your hand", def.name)));
                }
                if def.trigger.as_deref() != Some("pc_attacked") {
                    return Err(RuleError::illegal(
                        "Reaction Cards",
                        format!("{} cannot be played when a PC is attacked", def.name),
                    ));
                }
                if def.plot > p.pp {
                    return Err(RuleError::illegal(
                        "Reaction Cards",
                        format!(
                            "{} costs {} Plot Points and you have {}; Reactions cannot be supported",
                            def.name, def.plot, p.pp
                        ),
                    ));
                }
                p.pp -= def.plot;
                let i = p.hand.iter().position(|c| c == card).expect("in hand");
                p.hand.remove(i);
                self.plot_discard.push(*card);
                let extra: u8 = def.effects.iter().filter(|e| e.op == "defense_dice").map(|e| e.amount).sum();

                log.note(format!("{} {}: +{extra} defense dice.", self.who_verb(seat, "plays", "play"), def.name));
                self.roll_pc_attack(attacker, pc, bonus, allocate, extra, rng, log);
            }
            (Interrupt::Guard { attacker, pc, bonus, allocate }, A::Decline) => {
                b.interrupt = None;
                self.roll_pc_attack(attacker, pc, bonus, allocate, 0, rng, log);
            }
            _ => {
                let b = battle_mut(self);
                return Err(RuleError::illegal(
                    "Mission Turns",
                    format!(
                        "The Mission waits for your answer first: {} (\"{}\" is not one).",
                        b.waiting_for(),
                        crate::rules::action_name(a)
                    ),
                ));
            }
        }
        self.advance_battle(rng, log);
        Ok(())
    }

    /// Taking Actions: the acting PC moves, attacks, uses a Power or a
    /// Special Action, or ends its actions.
    #[allow(
        clippy::too_many_arguments,
        reason = "the acting PC's place in the Mission Turn and the action, plus the generator and the log sink"
    )]
    fn take_action(
        &mut self,
        order: Vec<usize>,
        at: usize,
        left: u8,
        act: &crate::action::Action,
        school: &impl Fn(Seat) -> String,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        use crate::action::Action as A;
        let b = battle_mut(self);
        let me = order[at];
        let pc = b.pcs[me].clone();
        match act {
            A::Move { to } => {
                if !b.reachable(pc.hex.expect("acting PC stands"), pc.stats[2]).contains(to) {
                    return Err(RuleError::illegal(
                        "Moving",
                        format!(
                            "{} cannot reach [{}, {}]: it moves up to {}, never through Obstacles or other Characters",
                            pc.who.name(),
                            to[0],
                            to[1],
                            plural(pc.stats[2], "hex", "hexes")
                        ),
                    ));
                }
                b.pcs[me].hex = Some(*to);
                b.step = Step::Act { order, at, left: left - 1, moved: true };
            }
            A::Attack { target, power, charter } => {
                self.pc_attack(me, *target, *power, *charter, rng, log)?;
                if let Step::Act { left, moved, .. } = &mut battle_mut(self).step {
                    *left -= 1;
                    *moved = false;
                }
            }
            A::Regain { stat } => {
                let Step::Act { moved: true, .. } = b.step else {
                    return Err(RuleError::illegal(
                        "Using Powers During Missions",
                        format!("{} has not just Moved; this Power is used right after a Move.", pc.who.name()),
                    ));
                };
                let i = match stat.as_str() {
                    "atk" => 0,
                    "def" => 1,
                    "spd" => 2,
                    _ => return Err(RuleError::malformed("stat is atk, def or spd")),
                };
                if b.pcs[me].stats[i] >= b.pcs[me].start[i] {
                    return Err(RuleError::illegal(
                        "Using Powers During Missions",
                        format!(
                            "{}'s {} is at its starting {}; only a lost stat point can be regained (ruling A33).",
                            pc.who.name(),
                            stat.to_uppercase(),
                            b.pcs[me].start[i]
                        ),
                    ));
                }
                b.pcs[me].stats[i] += 1;
                let pl = &mut self.players[pc.seat as usize];
                let ci = pl.find(pc.who).expect("PC owned");
                if pl.chars[ci].power("after_move").is_none() || pl.chars[ci].power == 0 {
                    return Err(RuleError::illegal(
                        "Using Powers During Missions",
                        format!("{} has no Power Token for this Power", pc.who.name()),
                    ));
                }
                pl.chars[ci].power -= 1;
            }
            A::Special { pc: target, stat } => self.special_action(&pc, target, stat, school, log)?,
            A::MissionAction { objective } => {
                let rule = "Perform Special Action";
                let Some(sp) = b.mission.and_then(|m| m.card().special.as_ref()) else {
                    let name = b.mission.map_or("This Mission", |m| m.card().name.as_str());
                    return Err(RuleError::illegal(rule, format!("{name} has no Special Action of its own.")));
                };
                let k = *objective as usize;
                let Some(o) = b.objectives.get(k).filter(|o| o.done_by.is_none()) else {
                    let left = b.objectives.iter().filter(|o| o.done_by.is_none()).count();
                    let why = match b.objectives.get(k) {
                        None => {
                            format!("There is no {} #{}; this Mission has {}.", sp.objective, k + 1, b.objectives.len())
                        }
                        Some(_) => format!(
                            "{} #{} has been dealt with already; {left} still to deal with.",
                            sp.objective,
                            k + 1
                        ),
                    };
                    return Err(RuleError::illegal(rule, why));
                };
                if distance(o.hex, pc.hex.expect("acting PC stands")) > sp.range as i32 {
                    return Err(RuleError::illegal(
                        rule,
                        format!(
                            "{} is {} hexes from the {}; it must be within {}",
                            pc.who.name(),
                            distance(o.hex, pc.hex.expect("acting PC stands")),
                            sp.objective,
                            plural(sp.range, "hex", "hexes")
                        ),
                    ));
                }
                b.objectives[k].done_by = Some(pc.seat);
                b.busy = true;
                b.step = Step::Act { order, at, left: left - 1, moved: false };
                self.players[pc.seat as usize].hope += sp.hope as u32;
                log.note(format!(
                    "{}: {} ({} #{}){}.",
                    pc.who.name(),
                    sp.name,
                    sp.objective,
                    k + 1,
                    if sp.hope > 0 { format!(", {} Hope", sp.hope) } else { String::new() }
                ));
            }
            A::EndActions => {
                b.step = Step::Act { order, at, left: 0, moved: false };
            }
            _ => {
                return Err(RuleError::illegal(
                    "Taking Actions",
                    format!(
                        "It is {}'s action ({left} left): a PC may Move, Attack, use a Power or end its actions, and \"{}\" is none of these.",
                        pc.who.name(),
                        crate::rules::action_name(act)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Controlling Mission Characters: the order in which the Mission
    /// Character that just moved attacks the PCs in its range.
    fn order_token_attack(
        &mut self,
        todo: Vec<u8>,
        mut pending: Vec<(u8, usize)>,
        pc: &Seat,
        school: &impl Fn(Seat) -> String,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        let b = battle_mut(self);
        let Some(k) = pending.iter().position(|(_, i)| b.pcs[*i].seat == *pc).filter(|_| pending.len() > 1) else {
            let why = if pending.len() <= 1 {
                "No Mission Character's attacks wait for their order now.".to_string()
            } else {
                match b.pc_of(*pc) {
                    Some(i) => format!(
                        "{} is not in range of the Mission Character that just moved (or it has attacked it already).",
                        b.pcs[i].who.name()
                    ),
                    None => b.pc_refusal(*pc, &school(*pc)),
                }
            };
            return Err(RuleError::illegal("Controlling Mission Characters", why));
        };
        let (t, i) = pending.remove(k);
        b.step = Step::Tokens { todo, pending };
        self.token_attack(t, i, rng, log);
        Ok(())
    }

    /// Controlling Mission Characters: a Mission Character moves (once a
    /// Mission Turn), then attacks the PCs in its range.
    fn move_token(&mut self, mut todo: Vec<u8>, token: &u8, to: &[i32; 2]) -> Result<(), RuleError> {
        let b = battle_mut(self);
        let Some(k) = todo.iter().position(|t| t == token) else {
            let why = match b.tokens.get(*token as usize) {
                None => format!("There is no Mission Character #{}.", token + 1),
                Some(t) if !t.alive => format!("Mission Character #{} has been destroyed.", token + 1),
                Some(_) => {
                    format!("Mission Character #{} has moved already this Mission Turn; each moves once.", token + 1)
                }
            };
            return Err(RuleError::illegal("Controlling Mission Characters", why));
        };
        todo.remove(k);
        let at = *token as usize;
        let spec = &b.mission.expect("mission").card().tokens[b.tokens[at].spec as usize];
        if !b.token_moves(at).contains(to) {
            return Err(RuleError::illegal(
                "Controlling Mission Characters",
                format!(
                    "Mission Character #{} may not end on [{}, {}]: it must move at least 1 hex and end within attack range of a PC when it can.",
                    token + 1,
                    to[0],
                    to[1]
                ),
            ));
        }
        b.tokens[at].hex = *to;
        let order = self.clockwise(self.controller_seat());
        let b = battle_mut(self);
        let mut pending = vec![];
        for s in order {
            if let Some(i) = b.pc_of(s)
                && let Some(h) = b.pcs[i].hex
                && distance(h, *to) <= spec.range as i32
            {
                pending.push((at as u8, i));
            }
        }
        if !pending.is_empty() {
            b.busy = true;
        }
        b.step = Step::Tokens { todo, pending };
        Ok(())
    }

    /// Perform Special Action: a Special Action Power restores lost stat
    /// points to this PC or an adjacent one (one Power Token).
    fn special_action(
        &mut self,
        pc: &super::Pc,
        target: &Seat,
        stat: &str,
        school: &impl Fn(Seat) -> String,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        let b = battle_mut(self);
        let i = match stat {
            "atk" => 0,
            "def" => 1,
            "spd" => 2,
            _ => return Err(RuleError::malformed("stat is atk, def or spd")),
        };
        let rule = "Perform Special Action";
        let Some(t) = b.pc_of(*target).filter(|t| b.pcs[*t].hex.is_some()) else {
            let why = b.pc_refusal(*target, &school(*target));
            return Err(RuleError::illegal(rule, why));
        };
        let d = distance(b.pcs[t].hex.unwrap(), pc.hex.unwrap());
        if d > 1 {
            return Err(RuleError::illegal(
                rule,
                format!(
                    "{} is {d} hexes from {}; the PC helped must be this PC or adjacent to it.",
                    b.pcs[t].who.name(),
                    pc.who.name()
                ),
            ));
        }
        let lost = b.pcs[t].start[i] - b.pcs[t].stats[i];
        if lost == 0 {
            return Err(RuleError::illegal(
                rule,
                format!(
                    "{}'s {} is at its starting {}; only lost stat points are restored.",
                    b.pcs[t].who.name(),
                    stat.to_uppercase(),
                    b.pcs[t].start[i]
                ),
            ));
        }
        let pl = &self.players[pc.seat as usize];
        let ci = pl.find(pc.who).expect("PC owned");
        let Some(pw) = pl.chars[ci].power("action") else {
            return Err(RuleError::illegal(rule, format!("{} has no Special Action Power", pc.who.name())));
        };
        if pl.chars[ci].power == 0 {
            return Err(RuleError::illegal(
                "Using Powers During Missions",
                format!("{} has no Power Token", pc.who.name()),
            ));
        }
        let k = lost.min(pw.amount);
        let b = battle_mut(self);
        b.pcs[t].stats[i] += k;
        b.busy = true;
        if let Step::Act { left, moved, .. } = &mut b.step {
            *left -= 1;
            *moved = false;
        }
        let name = b.pcs[t].who.name();
        self.players[pc.seat as usize].chars[ci].power -= 1;
        log.note(format!("{} restores {k} {} to {name}.", pc.who.name(), stat.to_uppercase()));
        Ok(())
    }
}
