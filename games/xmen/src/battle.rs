//! Missions and Final Tournament matches in the Mission Arena ("Playing
//! Missions", "Mission Turns", "Attacking", "Taking Damage", "The Rule of
//! One", "Controlling Mission Characters", "Defeated PCs").
//!
//! One [`Battle`] value runs both: a Mission has Mission Tokens, rewards,
//! the Mission Stalemate rule and defeat penalties; a tournament match has
//! none of them (ruling A35) and ends when one PC is left. The battle is a
//! small step machine ([`Step`]) with at most one [`Interrupt`] (a Damage
//! allocation or a defeat-penalty choice) that pauses it; [`XMen::advance_battle`]
//! resumes it after every action.

use crate::action::Mark;
use crate::content::{MissionId, RecruitId, content, distance, neighbours};
use crate::phase::Phase;
use crate::state::{CharKey, Rank, XMen};
use backroom_engine::{GameRng, RuleError, Seat, and_list, plural};
use serde::{Deserialize, Serialize};

/// House rule: a Mission or match still running after this many Mission
/// Turns ends (a Mission in failure; a match to the healthier PC), so that
/// every game terminates.
pub const TURN_CAP: u32 = 20;

/// A Player Character in the arena.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pc {
    /// Owner.
    pub seat: Seat,
    /// The Character.
    pub who: CharKey,
    /// Its hex; `None` once defeated and removed.
    pub hex: Option<[i32; 2]>,
    /// Current stats `[atk, def, spd]`.
    pub stats: [u8; 3],
    /// Stats at the start of the Mission (the cap for regaining).
    pub start: [u8; 3],
    /// Attack Range.
    pub range: u8,
    /// Characters attacked this Mission Turn.
    #[serde(default)]
    pub attacked: Vec<Mark>,
}

/// A Mission Token (Mission Character) in the arena.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    /// Index into the Mission card's token kinds.
    pub spec: u8,
    /// Its hex.
    pub hex: [i32; 2],
    /// Damage sustained.
    pub damage: u8,
    /// Still in the arena.
    pub alive: bool,
    /// The School that destroyed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destroyed_by: Option<Seat>,
}

/// An objective of the Mission's Special Action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Objective {
    /// Its hex.
    pub hex: [i32; 2],
    /// The School whose PC completed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub done_by: Option<Seat>,
}

/// Where a Mission Turn is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Set Up Mission: the Mission Commander places the next token.
    Place,
    /// The initiative winner chooses the PC that acts first.
    First {
        /// The winner.
        winner: Seat,
    },
    /// PCs act in order.
    Act {
        /// PC indices in acting order.
        order: Vec<usize>,
        /// Position in `order`.
        at: usize,
        /// Actions left to the acting PC.
        left: u8,
        /// The acting PC's last action was a Move.
        moved: bool,
    },
    /// The controller moves each Mission Character, in the order it
    /// chooses; each attacks every PC in range right after its move, in the
    /// order the controller chooses (`token_attack`; the last one is
    /// automatic).
    Tokens {
        /// Tokens not yet moved this Mission Turn.
        todo: Vec<u8>,
        /// Attacks still to resolve: (token, PC).
        pending: Vec<(u8, usize)>,
    },
}

/// How many attacks [`XMen::last_attacks`] keeps.
pub const ATTACKS_KEPT: usize = 6;

/// One attack as everyone saw it (for the board: the dice are public once
/// rolled).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackRecord {
    /// Mission Turn.
    pub turn: u32,
    /// The attacker: a PC (by its seat) or a Mission Token (by index).
    pub attacker: Mark,
    /// Its name.
    pub attacker_name: String,
    /// The target: a PC (by its seat) or a Mission Token (by index).
    pub target: Mark,
    /// Its name.
    pub target_name: String,
    /// Attack dice rolled.
    pub attack: Vec<u8>,
    /// Defense dice rolled (Reaction dice included).
    pub defense: Vec<u8>,
    /// Damage dealt.
    pub damage: u8,
    /// For a PC target: the `[atk, def, spd]` points lost, once allocated
    /// (`null` while its allocation is pending).
    #[serde(default)]
    pub allocation: Option<[u8; 3]>,
    /// Who allocated the Damage (for a PC target).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocated_by: Option<Seat>,
    /// The target was destroyed (a Mission Character) or defeated (a PC).
    #[serde(default)]
    pub defeated: bool,
}

/// Who makes an attack on a PC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attacker {
    /// The PC with this index.
    Pc(u8),
    /// The Mission Token with this index.
    Token(u8),
}

/// A decision that pauses the battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Interrupt {
    /// Allocate Damage to a PC under the Rule of One.
    Allocate {
        /// The PC hit.
        pc: usize,
        /// Damage.
        damage: u8,
        /// Who allocates (the owner, or Psylocke's owner with her Power).
        chooser: Seat,
        /// The attacking School, if a PC attacked.
        by: Option<Seat>,
    },
    /// A defeated Hero or Student: its owner pays its Hope Value or
    /// discards it.
    Penalty {
        /// Owner.
        seat: Seat,
        /// The Character.
        who: CharKey,
        /// The School that defeated it, if a PC did.
        by: Option<Seat>,
    },
    /// A PC is attacked: its owner may play a Reaction that triggers on it
    /// before the dice are rolled.
    Guard {
        /// The attacker.
        attacker: Attacker,
        /// The PC attacked.
        pc: usize,
        /// Extra attack dice already paid for.
        bonus: u8,
        /// The attacker allocates the Damage (Psylocke).
        allocate: bool,
    },
    /// The victorious School may pay the Hope Value and recruit the
    /// discarded Student.
    Claim {
        /// The victorious School.
        seat: Seat,
        /// The Student.
        who: RecruitId,
        /// Its Training Card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        training: Option<RecruitId>,
        /// It keeps its Injured token.
        injured: bool,
        /// The price.
        hope: u8,
    },
}

/// A Mission or a tournament match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// The Mission; `None` for a Final Tournament match.
    pub mission: Option<MissionId>,
    /// PCs by Character Position.
    pub pcs: Vec<Pc>,
    /// Mission Tokens placed so far.
    pub tokens: Vec<Token>,
    /// Token kinds still to place, in order.
    pub to_place: Vec<u8>,
    /// Damage each School inflicted on Mission Characters.
    pub damage: Vec<u32>,
    /// Mission Characters each School destroyed.
    pub destroyed: Vec<u32>,
    /// Who moves the Mission Characters.
    pub controller: Seat,
    /// Control already passed from the Mission Commander.
    pub transferred: bool,
    /// Mission Turn, from 1 (0 during set-up).
    pub turn: u32,
    /// Consecutive Mission Turns without an attack or Special Action.
    pub quiet: u8,
    /// Someone attacked during this Mission Turn.
    pub busy: bool,
    /// The step.
    pub step: Step,
    /// A pending decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interrupt: Option<Interrupt>,
    /// Objectives of the Mission's Special Action (public).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<Objective>,
    /// Set when the battle is decided: success of a Mission, or the
    /// tournament match winner's seat as `Some(true)` on that PC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub over: Option<bool>,
}

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

impl Battle {
    /// A battle with these PCs entering at their Character Positions.
    pub fn new(g: &XMen, mission: Option<MissionId>, entrants: &[(Seat, CharKey)]) -> Battle {
        let arena = &content().arena;
        let n = entrants.len();
        let pcs = entrants
            .iter()
            .enumerate()
            .map(|(i, (seat, who))| {
                let p = &g.players[*seat as usize];
                let a = p.chars[p.find(*who).expect("entrant belongs to its seat")].attributes();
                let stats = [a.atk, a.def, a.spd];
                Pc {
                    seat: *seat,
                    who: *who,
                    hex: Some(arena.entry(i, n)),
                    stats,
                    start: stats,
                    range: a.range,
                    attacked: vec![],
                }
            })
            .collect();
        let to_place = match mission {
            Some(m) => m
                .card()
                .tokens
                .iter()
                .enumerate()
                .flat_map(|(i, t)| std::iter::repeat_n(i as u8, t.count as usize))
                .collect(),
            None => vec![],
        };
        Battle {
            mission,
            pcs,
            tokens: vec![],
            to_place,
            damage: vec![0; g.seats as usize],
            destroyed: vec![0; g.seats as usize],
            controller: g.mc,
            transferred: false,
            turn: 0,
            quiet: 0,
            busy: false,
            step: Step::Place,
            interrupt: None,
            objectives: mission
                .and_then(|m| m.card().special.as_ref())
                .map(|sp| {
                    sp.hexes
                        .iter()
                        .map(|h| Objective {
                            hex: *h,
                            done_by: None,
                        })
                        .collect()
                })
                .unwrap_or_default(),
            over: None,
        }
    }

    /// Hexes occupied by Characters (PCs in the arena and living tokens).
    pub fn occupied(&self) -> Vec<[i32; 2]> {
        self.pcs
            .iter()
            .filter_map(|p| p.hex)
            .chain(self.tokens.iter().filter(|t| t.alive).map(|t| t.hex))
            .collect()
    }

    /// Hexes reachable from `from` in at most `steps` hexes, never through
    /// an Obstacle or another Character (ruling A32), not counting `from`.
    pub fn reachable(&self, from: [i32; 2], steps: u8) -> Vec<[i32; 2]> {
        let arena = &content().arena;
        // Visited marks on the coordinate grid; occupied hexes start marked.
        let w = 2 * crate::content::GRID + 1;
        let idx = |h: [i32; 2]| {
            ((h[0] + crate::content::GRID) * w + h[1] + crate::content::GRID) as usize
        };
        let mut seen = vec![false; (w * w) as usize];
        for h in self.occupied() {
            seen[idx(h)] = true;
        }
        seen[idx(from)] = true;
        let mut out = vec![];
        let mut frontier = vec![from];
        for _ in 0..steps {
            let mut next = vec![];
            for h in &frontier {
                for n in neighbours(*h) {
                    if arena.open(n) && !seen[idx(n)] {
                        seen[idx(n)] = true;
                        out.push(n);
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        out
    }

    /// Where Mission Token `i` may move: at least 1 hex when it can, and
    /// within attack range of a PC when that is possible.
    pub fn token_moves(&self, i: usize) -> Vec<[i32; 2]> {
        let t = &self.tokens[i];
        let spec = &self.mission.expect("tokens only in missions").card().tokens[t.spec as usize];
        let reach = self.reachable(t.hex, spec.moves);
        let attacking: Vec<[i32; 2]> = reach
            .iter()
            .copied()
            .filter(|h| {
                self.pcs
                    .iter()
                    .filter_map(|p| p.hex)
                    .any(|p| distance(p, *h) <= spec.range as i32)
            })
            .collect();
        if reach.is_empty() {
            vec![t.hex]
        } else if !attacking.is_empty() {
            attacking
        } else {
            reach
        }
    }

    /// Hexes where the next Mission Token may be placed.
    pub fn placements(&self) -> Vec<[i32; 2]> {
        let Some(kind) = self.to_place.first() else {
            return vec![];
        };
        let min = self
            .mission
            .map(|m| m.card().tokens[*kind as usize].min_distance)
            .unwrap_or(0) as i32;
        let arena = &content().arena;
        let occ = self.occupied();
        let free: Vec<[i32; 2]> = arena
            .hexes
            .iter()
            .copied()
            .filter(|h| arena.open(*h) && !occ.contains(h))
            .collect();
        let far: Vec<[i32; 2]> = free
            .iter()
            .copied()
            .filter(|h| {
                self.pcs
                    .iter()
                    .filter_map(|p| p.hex)
                    .all(|p| distance(p, *h) >= min)
            })
            .collect();
        if far.is_empty() { free } else { far }
    }

    /// The PC acting now, if the battle waits for a PC action.
    pub fn acting(&self) -> Option<usize> {
        match (&self.step, &self.interrupt) {
            (Step::Act { order, at, .. }, None) => order.get(*at).copied(),
            _ => None,
        }
    }

    /// PCs still in the arena.
    pub fn standing(&self) -> Vec<usize> {
        (0..self.pcs.len())
            .filter(|i| self.pcs[*i].hex.is_some())
            .collect()
    }

    /// Position of a mark, if it is still in the arena.
    pub fn mark_hex(&self, m: Mark) -> Option<[i32; 2]> {
        match m {
            Mark::Pc(s) => self.pcs.iter().find(|p| p.seat == s).and_then(|p| p.hex),
            Mark::Token(t) => self
                .tokens
                .get(t as usize)
                .filter(|t| t.alive)
                .map(|t| t.hex),
        }
    }

    /// The PC index of a seat.
    pub fn pc_of(&self, seat: Seat) -> Option<usize> {
        self.pcs.iter().position(|p| p.seat == seat)
    }

    /// Who the battle waits for.
    pub fn awaited(&self) -> Option<Seat> {
        if let Some(i) = &self.interrupt {
            return Some(match i {
                Interrupt::Allocate { chooser, .. } => *chooser,
                Interrupt::Guard { pc, .. } => self.pcs[*pc].seat,
                Interrupt::Penalty { seat, .. } | Interrupt::Claim { seat, .. } => *seat,
            });
        }
        match &self.step {
            Step::Place | Step::Tokens { .. } => Some(self.controller),
            Step::First { winner } => Some(*winner),
            Step::Act { order, at, .. } => order.get(*at).map(|i| self.pcs[*i].seat),
        }
    }
}

/// Dice for the log: "6 4 2", or "no dice".
fn dice_text(dice: &[u8]) -> String {
    if dice.is_empty() {
        "no dice".into()
    } else {
        dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
    }
}

/// Points lost per stat for the log: "1 ATK and 2 DEF".
fn stat_loss(loss: [u8; 3]) -> String {
    let parts: Vec<String> = ["ATK", "DEF", "SPD"]
        .iter()
        .zip(loss)
        .filter(|(_, n)| *n > 0)
        .map(|(name, n)| format!("{n} {name}"))
        .collect();
    if parts.is_empty() { "nothing".into() } else { and_list(&parts) }
}

fn battle_mut(g: &mut XMen) -> &mut Battle {
    match &mut g.phase {
        Phase::Battle(b) => b,
        _ => unreachable!("battle actions are only routed during a battle"),
    }
}

impl XMen {
    /// Starts a Mission with the chosen Characters (M3b Enter arena).
    pub fn start_mission(
        &mut self,
        mission: MissionId,
        entrants: &[(Seat, CharKey)],
        rng: &mut GameRng,
    ) {
        let b = Battle::new(self, Some(mission), entrants);
        self.last_attacks.clear();
        self.note(format!(
            "{} {} the Mission Arena.",
            and_list(&entrants.iter().map(|(_, c)| c.name()).collect::<Vec<_>>()),
            if entrants.len() == 1 {
                "enters"
            } else {
                "enter"
            }
        ));
        self.phase = Phase::Battle(Box::new(b));
        self.advance_battle(rng);
    }

    /// Resumes the battle until it needs a decision or ends.
    pub fn advance_battle(&mut self, rng: &mut GameRng) {
        loop {
            if !self.windows.is_empty() {
                return;
            }
            let b = battle_mut(self);
            if b.interrupt.is_some() {
                return;
            }
            if b.over.is_none() {
                self.check_end();
            }
            let b = battle_mut(self);
            if b.over.is_some() {
                self.finish_battle(rng);
                return;
            }
            match &mut b.step {
                Step::Place => {
                    if b.to_place.is_empty() {
                        self.start_turn(rng);
                    } else {
                        return;
                    }
                }
                Step::First { .. } => return,
                Step::Act {
                    order,
                    at,
                    left,
                    moved,
                } => {
                    let done = match order.get(*at) {
                        None => true,
                        Some(i) => {
                            if b.pcs[*i].hex.is_none() || *left == 0 {
                                *at += 1;
                                *left = 2;
                                *moved = false;
                                continue;
                            }
                            false
                        }
                    };
                    if !done {
                        return;
                    }
                    if b.tokens.iter().any(|t| t.alive) {
                        let todo = (0..b.tokens.len() as u8)
                            .filter(|i| b.tokens[*i as usize].alive)
                            .collect();
                        b.step = Step::Tokens {
                            todo,
                            pending: vec![],
                        };
                    } else {
                        self.end_turn(rng);
                    }
                }
                Step::Tokens { todo, pending } => {
                    let (tokens, pcs) = (&b.tokens, &b.pcs);
                    pending.retain(|(t, pc)| tokens[*t as usize].alive && pcs[*pc].hex.is_some());
                    if pending.len() > 1 {
                        // The controller chooses which PC is attacked next.
                        return;
                    }
                    if let Some((t, pc)) = pending.first().copied() {
                        pending.remove(0);
                        self.token_attack(t, pc, rng);
                        continue;
                    }
                    let tokens = &b.tokens;
                    todo.retain(|t| tokens[*t as usize].alive);
                    if todo.is_empty() {
                        self.end_turn(rng);
                    } else {
                        return;
                    }
                }
            }
        }
    }

    fn start_turn(&mut self, rng: &mut GameRng) {
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
        let mut field: Vec<usize> = order
            .iter()
            .filter_map(|s| b.pc_of(*s))
            .filter(|i| b.pcs[*i].hex.is_some())
            .collect();
        let mut lines = vec![];
        let mut first = true;
        while field.len() > 1 {
            let rolls: Vec<(usize, u32)> = field
                .iter()
                .map(|i| {
                    let n = if first {
                        b.pcs[*i].stats[2]
                    } else {
                        b.pcs[*i].stats[2].max(1)
                    };
                    (*i, rng.dice(n as usize).iter().map(|d| *d as u32).sum())
                })
                .collect();
            first = false;
            lines.push(and_list(
                &rolls
                    .iter()
                    .map(|(i, v)| format!("{} {v}", b.pcs[*i].who.name()))
                    .collect::<Vec<_>>(),
            ));
            let best = rolls.iter().map(|r| r.1).max().unwrap_or(0);
            field = rolls.iter().filter(|r| r.1 == best).map(|r| r.0).collect();
        }
        let winner = b.pcs[field[0]].seat;
        let standing = b.standing();
        let turn = b.turn;
        if standing.len() <= 1 {
            b.step = Step::Act {
                order: standing,
                at: 0,
                left: 2,
                moved: false,
            };
        } else {
            b.step = Step::First { winner };
        }
        self.note(format!(
            "Mission Turn {turn}: initiative {}. {} who acts first.",
            lines.join(", then "),
            self.who_verb(winner, "chooses", "choose")
        ));
    }

    fn end_turn(&mut self, rng: &mut GameRng) {
        let b = battle_mut(self);
        if b.busy {
            b.quiet = 0;
        } else {
            b.quiet += 1;
        }
        if b.mission.is_some() && b.quiet >= 3 {
            b.over = Some(false);
            self.note(
                "Mission Stalemate: three Mission Turns without an attack; the Mission fails."
                    .into(),
            );
            return;
        }
        if b.turn >= TURN_CAP {
            if b.mission.is_some() {
                b.over = Some(false);
            } else {
                // Match cap (house): the PC with the higher stat total wins;
                // ties to the PC in Character Position 1.
                let best = b.standing().into_iter().max_by_key(|i| {
                    (
                        b.pcs[*i].stats.iter().map(|x| *x as u32).sum::<u32>(),
                        std::cmp::Reverse(*i),
                    )
                });
                for i in b.standing() {
                    if Some(i) != best {
                        b.pcs[i].hex = None;
                    }
                }
                b.over = Some(true);
            }
            self.note(format!(
                "Mission Turn {TURN_CAP} reached (house turn cap): the battle ends."
            ));
            return;
        }
        self.start_turn(rng);
    }

    fn check_end(&mut self) {
        let b = battle_mut(self);
        let standing = b.standing().len();
        match b.mission {
            Some(m) => {
                let all_done = !b.objectives.is_empty()
                    && b.objectives.iter().all(|o| o.done_by.is_some())
                    && m.card().special.as_ref().is_some_and(|sp| sp.ends_mission);
                let all_destroyed = b.to_place.is_empty()
                    && !b.tokens.is_empty()
                    && b.tokens.iter().all(|t| !t.alive);
                if all_done || all_destroyed {
                    b.over = Some(true);
                } else if standing == 0 {
                    b.over = Some(false);
                }
            }
            None => {
                if standing <= 1 {
                    b.over = Some(true);
                }
            }
        }
    }

    /// M6 Receive Rewards and M7 Confer Triumph Tokens, or the end of a
    /// tournament match.
    fn finish_battle(&mut self, rng: &mut GameRng) {
        let Phase::Battle(b) = std::mem::replace(
            &mut self.phase,
            Phase::Over {
                ranking: vec![],
                summary: String::new(),
            },
        ) else {
            unreachable!()
        };
        let Some(mission) = b.mission else {
            let winner = b
                .standing()
                .first()
                .map(|i| b.pcs[*i].seat)
                .unwrap_or(b.pcs[0].seat);
            self.note(format!(
                "{} the tournament match.",
                self.who_verb(winner, "wins", "win")
            ));
            self.tournament_match_won(winner, rng);
            return;
        };
        let card = mission.card();
        if b.over == Some(true) {
            let entrants: Vec<Seat> = b.pcs.iter().map(|p| p.seat).collect();
            let mut gained = vec![0u8; self.seats as usize];
            for r in &card.rewards {
                let score = |s: Seat| match r.criterion.as_str() {
                    "most_damage" => b.damage[s as usize],
                    "most_specials" => {
                        b.objectives.iter().filter(|o| o.done_by == Some(s)).count() as u32
                    }
                    _ => b.destroyed[s as usize],
                };
                let best = entrants.iter().map(|s| score(*s)).max().unwrap_or(0);
                if best == 0 {
                    continue;
                }
                for s in &entrants {
                    if score(*s) == best {
                        gained[*s as usize] += r.rp;
                    }
                }
            }
            for s in 0..self.seats {
                if gained[s as usize] > 0 {
                    self.players[s as usize].add_rp(gained[s as usize] as i32);
                    self.note(format!(
                        "{} {} from {}.",
                        self.who_verb(s, "receives", "receive"),
                        plural(gained[s as usize], "Revolution Point", "Revolution Points"),
                        card.name
                    ));
                }
            }
            for p in b
                .pcs
                .iter()
                .filter(|p| p.hex.is_some() && gained[p.seat as usize] > 0)
            {
                let pl = &mut self.players[p.seat as usize];
                if let Some(i) = pl.find(p.who) {
                    pl.chars[i].triumph = true;
                }
            }
            self.note(format!("{} succeeds.", card.name));
        } else {
            self.note(format!(
                "{} fails: no Revolution Points are awarded.",
                card.name
            ));
        }
        self.end_of_round(rng);
    }

    fn damage_pc(
        &mut self,
        pc: usize,
        damage: u8,
        chooser: Seat,
        by: Option<Seat>,
        rng: &mut GameRng,
    ) {
        let b = battle_mut(self);
        if damage == 0 {
            return;
        }
        let opts = allocations(b.pcs[pc].stats, damage);
        if opts.len() == 1 {
            self.allocate(pc, opts[0], by, rng);
        } else {
            b.interrupt = Some(Interrupt::Allocate {
                pc,
                damage,
                chooser,
                by,
            });
        }
    }

    fn allocate(&mut self, pc: usize, loss: [u8; 3], by: Option<Seat>, _rng: &mut GameRng) {
        let b = battle_mut(self);
        let p = &mut b.pcs[pc];
        for (i, l) in loss.iter().enumerate() {
            p.stats[i] -= l;
        }
        let zeros = p.stats.iter().filter(|x| **x == 0).count() as u8;
        let mark = Mark::Pc(p.seat);
        if let Some(r) = self
            .last_attacks
            .iter_mut()
            .rev()
            .find(|r| r.target == mark && r.allocation.is_none())
        {
            r.allocation = Some(loss);
            r.defeated = zeros > 0;
        }
        let b = battle_mut(self);
        let p = &mut b.pcs[pc];
        let (who, stats) = (p.who, p.stats);
        self.note(format!(
            "{} loses {} and is at ATK {} DEF {} SPD {}.",
            who.name(),
            stat_loss(loss),
            stats[0],
            stats[1],
            stats[2]
        ));
        if zeros > 0 {
            self.defeat(pc, zeros, by);
        }
    }

    fn defeat(&mut self, pc: usize, zeros: u8, by: Option<Seat>) {
        let b = battle_mut(self);
        b.pcs[pc].hex = None;
        let (seat, who) = (b.pcs[pc].seat, b.pcs[pc].who);
        let mission = b.mission.is_some();
        let severity = ["", "knocked out", "badly injured", "hospitalized"][zeros as usize];
        self.note(format!("{} is defeated ({severity}).", who.name()));
        if mission {
            // The trigger point 'character defeated' (G11): the actor is the
            // School whose attack defeated it (the controller for a Mission
            // Character's attack).
            let actor = by.unwrap_or(battle_mut(self).controller);
            self.penalties(seat, who, zeros, by);
            self.open_trigger_window("character_defeated", Some(actor));
            self.control_transfer();
        }
    }

    /// Defeat penalties by type and severity ("Defeated Students", "Defeated
    /// Heroes", "Defeated Leaders").
    fn penalties(&mut self, seat: Seat, who: CharKey, zeros: u8, by: Option<Seat>) {
        let p = &mut self.players[seat as usize];
        let Some(i) = p.find(who) else { return };
        p.chars[i].power = 0;
        p.chars[i].triumph = false;
        let by = by.filter(|v| *v != seat);
        match who.rank() {
            Rank::Leader => {
                p.add_rp(-1);
                p.lose_hope(6);
                if zeros >= 2 {
                    p.chars[i].injured = true;
                }
                if zeros >= 3 {
                    p.add_rp(-1);
                }
            }
            rank => {
                if rank == Rank::Hero {
                    p.add_rp(-1);
                }
                if zeros >= 3 {
                    self.discard_character(seat, i);
                } else {
                    if zeros == 2 {
                        p.chars[i].injured = true;
                    }
                    battle_mut(self).interrupt = Some(Interrupt::Penalty { seat, who, by });
                }
            }
        }
    }

    /// "If the Mission Commander's PC becomes the last PC in the Mission
    /// Arena, the Mission Commander immediately surrenders control."
    fn control_transfer(&mut self) {
        let mc = self.mc;
        let b = battle_mut(self);
        let standing = b.standing();
        if b.transferred
            || b.controller != mc
            || standing.len() != 1
            || b.pcs[standing[0]].seat != mc
            || !b.tokens.iter().any(|t| t.alive)
        {
            return;
        }
        b.transferred = true;
        // The roll happens at once; the dice come from the rng passed to
        // the caller via `pending_roll`.
        b.controller = Seat::MAX;
    }

    fn resolve_control_roll(&mut self, rng: &mut GameRng) {
        let b = battle_mut(self);
        if b.controller != Seat::MAX {
            return;
        }
        let others: Vec<Seat> = self.clockwise(self.mc).into_iter().skip(1).collect();
        let (w, rolls) = XMen::roll_off(&others, rng);
        battle_mut(self).controller = w;
        self.note(format!(
            "The Mission Commander's PC is the last in the arena: control rolls {}. {} the Mission Characters.",
            XMen::rolls_text(&rolls),
            self.who_verb(w, "controls", "control")
        ));
    }

    fn token_attack(&mut self, t: u8, pc: usize, rng: &mut GameRng) {
        let b = battle_mut(self);
        if !b.tokens[t as usize].alive || b.pcs[pc].hex.is_none() {
            return;
        }
        self.attack_pc(Attacker::Token(t), pc, 0, false, rng);
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
    ) -> Result<(), RuleError> {
        use crate::action::Action as A;
        let b = battle_mut(self);
        if b.awaited() != Some(seat) {
            return Err(RuleError::not_your_turn(
                "Mission Turns",
                "the Mission is waiting for another School",
            ));
        }
        if let Some(int) = b.interrupt.clone() {
            match (int, a) {
                (Interrupt::Allocate { pc, damage, by, .. }, A::Allocate { loss }) => {
                    if !rule_of_one(b.pcs[pc].stats, damage, *loss) {
                        return Err(RuleError::illegal(
                            "The Rule of One",
                            format!(
                                "{damage} Damage must be taken exactly, and no stat may drop below 1 until all three are 1"
                            ),
                        ));
                    }
                    b.interrupt = None;
                    self.allocate(pc, *loss, by, rng);
                    self.control_transfer();
                    self.resolve_control_roll(rng);
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
                                format!("paying {} costs {price} Hope Coins", who.name()),
                            ));
                        }
                        p.hope -= price;
                        self.note(format!(
                            "{} {price} Hope to keep {}.",
                            self.who_verb(seat, "pays", "pay"),
                            who.name()
                        ));
                    } else {
                        let c = p.chars[i].clone();
                        self.discard_character(seat, i);
                        self.note(format!(
                            "{} {}.",
                            self.who_verb(seat, "discards", "discard"),
                            who.name()
                        ));
                        if let (Some(v), CharKey::Recruit(r), Rank::Student) = (by, who, who.rank())
                        {
                            let hope = c.attributes().hope;
                            battle_mut(self).interrupt = Some(Interrupt::Claim {
                                seat: v,
                                who: r,
                                training: c.training,
                                injured: c.injured,
                                hope,
                            });
                        }
                    }
                }
                (
                    Interrupt::Claim {
                        seat,
                        who,
                        training,
                        injured,
                        hope,
                    },
                    A::Claim { recruit },
                ) => {
                    b.interrupt = None;
                    if *recruit {
                        let p = &mut self.players[seat as usize];
                        if p.hope < hope as u32 {
                            return Err(RuleError::illegal(
                                "Defeated Students",
                                format!("recruiting costs {hope} Hope Coins"),
                            ));
                        }
                        p.hope -= hope as u32;
                        // A22: the Student arrives with 0 Power Tokens and
                        // keeps its Injured token.
                        let mut c = crate::state::Character::new(CharKey::Recruit(who), 0);
                        c.injured = injured;
                        c.training = training;
                        p.chars.push(c);
                        self.recruit_discard
                            .retain(|x| *x != who && Some(*x) != training);
                        self.note(format!(
                            "{} {hope} Hope to recruit {}.",
                            self.who_verb(seat, "pays", "pay"),
                            who.card().name
                        ));
                    }
                }
                (
                    Interrupt::Guard {
                        attacker,
                        pc,
                        bonus,
                        allocate,
                    },
                    A::React { card },
                ) => {
                    b.interrupt = None;
                    let p = &mut self.players[seat as usize];
                    let def = card.card();
                    if !p.hand.contains(card) {
                        return Err(RuleError::illegal(
                            "Reaction Cards",
                            format!("{} is not in your hand", def.name),
                        ));
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
                                "{} costs {} Plot Points; Reactions cannot be supported",
                                def.name, def.plot
                            ),
                        ));
                    }
                    p.pp -= def.plot;
                    let i = p.hand.iter().position(|c| c == card).expect("in hand");
                    p.hand.remove(i);
                    self.plot_discard.push(*card);
                    let extra: u8 = def
                        .effects
                        .iter()
                        .filter(|e| e.op == "defense_dice")
                        .map(|e| e.amount)
                        .sum();

                    self.note(format!(
                        "{} {}: +{extra} defense dice.",
                        self.who_verb(seat, "plays", "play"),
                        def.name
                    ));
                    self.roll_pc_attack(attacker, pc, bonus, allocate, extra, rng);
                }
                (
                    Interrupt::Guard {
                        attacker,
                        pc,
                        bonus,
                        allocate,
                    },
                    A::Decline,
                ) => {
                    b.interrupt = None;
                    self.roll_pc_attack(attacker, pc, bonus, allocate, 0, rng);
                }
                _ => {
                    return Err(RuleError::illegal(
                        "Mission Turns",
                        "a decision about Damage or a defeat must be made first",
                    ));
                }
            }
            self.advance_battle(rng);
            return Ok(());
        }
        match (b.step.clone(), a) {
            (Step::Place, A::Place { hex }) => {
                if !b.placements().contains(hex) {
                    return Err(RuleError::illegal(
                        "Set Up Mission",
                        "a Mission Token goes on an empty open hex at the Mission's distance from every PC",
                    ));
                }
                let spec = b.to_place.remove(0);
                b.tokens.push(Token {
                    spec,
                    hex: *hex,
                    damage: 0,
                    alive: true,
                    destroyed_by: None,
                });
            }
            (Step::First { .. }, A::First { pc }) => {
                let Some(i) = b.pc_of(*pc).filter(|i| b.pcs[*i].hex.is_some()) else {
                    return Err(RuleError::illegal(
                        "Rolling for Initiative",
                        "choose a PC still in the Mission Arena",
                    ));
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
                b.step = Step::Act {
                    order,
                    at: 0,
                    left: 2,
                    moved: false,
                };
            }
            (
                Step::Act {
                    order, at, left, ..
                },
                act,
            ) => {
                let me = order[at];
                let pc = b.pcs[me].clone();
                match act {
                    A::Move { to } => {
                        if !b
                            .reachable(pc.hex.expect("acting PC stands"), pc.stats[2])
                            .contains(to)
                        {
                            return Err(RuleError::illegal(
                                "Moving",
                                format!(
                                    "{} moves up to {} hexes, never through Obstacles or other Characters",
                                    pc.who.name(),
                                    pc.stats[2]
                                ),
                            ));
                        }
                        b.pcs[me].hex = Some(*to);
                        b.step = Step::Act {
                            order,
                            at,
                            left: left - 1,
                            moved: true,
                        };
                    }
                    A::Attack {
                        target,
                        power,
                        charter,
                    } => {
                        self.pc_attack(me, *target, *power, *charter, rng)?;
                        if let Step::Act { left, moved, .. } = &mut battle_mut(self).step {
                            *left -= 1;
                            *moved = false;
                        }
                    }
                    A::Regain { stat } => {
                        let Step::Act { moved: true, .. } = b.step else {
                            return Err(RuleError::illegal(
                                "Using Powers During Missions",
                                "this Power is used right after a Move",
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
                                "only a lost stat point can be regained (ruling A33)",
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
                    A::Special { pc: target, stat } => {
                        let i = match stat.as_str() {
                            "atk" => 0,
                            "def" => 1,
                            "spd" => 2,
                            _ => return Err(RuleError::malformed("stat is atk, def or spd")),
                        };
                        let rule = "Perform Special Action";
                        let Some(t) = b.pc_of(*target).filter(|t| b.pcs[*t].hex.is_some()) else {
                            return Err(RuleError::illegal(
                                rule,
                                "help a PC still in the Mission Arena",
                            ));
                        };
                        if distance(b.pcs[t].hex.unwrap(), pc.hex.unwrap()) > 1 {
                            return Err(RuleError::illegal(
                                rule,
                                "the PC helped must be this PC or adjacent to it",
                            ));
                        }
                        let lost = b.pcs[t].start[i] - b.pcs[t].stats[i];
                        if lost == 0 {
                            return Err(RuleError::illegal(
                                rule,
                                "only lost stat points are restored",
                            ));
                        }
                        let pl = &self.players[pc.seat as usize];
                        let ci = pl.find(pc.who).expect("PC owned");
                        let Some(pw) = pl.chars[ci].power("action") else {
                            return Err(RuleError::illegal(
                                rule,
                                format!("{} has no Special Action Power", pc.who.name()),
                            ));
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
                        b.step = Step::Act {
                            order,
                            at,
                            left: left - 1,
                            moved: false,
                        };
                        let name = b.pcs[t].who.name();
                        self.players[pc.seat as usize].chars[ci].power -= 1;
                        self.note(format!(
                            "{} restores {k} {} to {name}.",
                            pc.who.name(),
                            stat.to_uppercase()
                        ));
                    }
                    A::MissionAction { objective } => {
                        let rule = "Perform Special Action";
                        let Some(sp) = b.mission.and_then(|m| m.card().special.as_ref()) else {
                            return Err(RuleError::illegal(
                                rule,
                                "this Mission has no Special Action of its own",
                            ));
                        };
                        let k = *objective as usize;
                        let Some(o) = b.objectives.get(k).filter(|o| o.done_by.is_none()) else {
                            return Err(RuleError::illegal(
                                rule,
                                format!("choose a {} not yet dealt with", sp.objective),
                            ));
                        };
                        if distance(o.hex, pc.hex.expect("acting PC stands")) > sp.range as i32 {
                            return Err(RuleError::illegal(
                                rule,
                                format!(
                                    "{} must be within {} of the {}",
                                    pc.who.name(),
                                    plural(sp.range, "hex", "hexes"),
                                    sp.objective
                                ),
                            ));
                        }
                        b.objectives[k].done_by = Some(pc.seat);
                        b.busy = true;
                        b.step = Step::Act {
                            order,
                            at,
                            left: left - 1,
                            moved: false,
                        };
                        self.players[pc.seat as usize].hope += sp.hope as u32;
                        self.note(format!(
                            "{}: {} ({} #{}){}.",
                            pc.who.name(),
                            sp.name,
                            sp.objective,
                            k + 1,
                            if sp.hope > 0 {
                                format!(", {} Hope", sp.hope)
                            } else {
                                String::new()
                            }
                        ));
                    }
                    A::EndActions => {
                        b.step = Step::Act {
                            order,
                            at,
                            left: 0,
                            moved: false,
                        };
                    }
                    _ => {
                        return Err(RuleError::illegal(
                            "Taking Actions",
                            "a PC may Move, Attack or use a Power",
                        ));
                    }
                }
            }
            (Step::Tokens { todo, mut pending }, A::TokenAttack { pc }) => {
                let Some(k) = pending
                    .iter()
                    .position(|(_, i)| b.pcs[*i].seat == *pc)
                    .filter(|_| pending.len() > 1)
                else {
                    return Err(RuleError::illegal(
                        "Controlling Mission Characters",
                        "choose one of the PCs in range of the Mission Character that just moved",
                    ));
                };
                let (t, i) = pending.remove(k);
                b.step = Step::Tokens { todo, pending };
                self.token_attack(t, i, rng);
            }
            (Step::Tokens { pending, .. }, A::MoveToken { .. }) if !pending.is_empty() => {
                return Err(RuleError::illegal(
                    "Controlling Mission Characters",
                    "the Mission Character that just moved attacks every PC in range first",
                ));
            }
            (Step::Tokens { mut todo, .. }, A::MoveToken { token, to }) => {
                let Some(k) = todo.iter().position(|t| t == token) else {
                    return Err(RuleError::illegal(
                        "Controlling Mission Characters",
                        "each Mission Character still in the arena moves once per Mission Turn",
                    ));
                };
                todo.remove(k);
                let at = *token as usize;
                let spec = &b.mission.expect("mission").card().tokens[b.tokens[at].spec as usize];
                if !b.token_moves(at).contains(to) {
                    return Err(RuleError::illegal(
                        "Controlling Mission Characters",
                        "a Mission Character must move at least 1 hex and must end within attack range of a PC when it can",
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
            }
            _ => {
                return Err(RuleError::illegal(
                    "Mission Turns",
                    "that is not the step the Mission is at",
                ));
            }
        }
        self.advance_battle(rng);
        Ok(())
    }

    /// Keeps the last [`ATTACKS_KEPT`] attacks for the board.
    fn record_attack(&mut self, r: AttackRecord) {
        self.last_attacks.push(r);
        if self.last_attacks.len() > ATTACKS_KEPT {
            let extra = self.last_attacks.len() - ATTACKS_KEPT;
            self.last_attacks.drain(..extra);
        }
    }

    fn controller_seat(&self) -> Seat {
        match &self.phase {
            Phase::Battle(b) => b.controller,
            _ => self.mc,
        }
    }

    fn pc_attack(
        &mut self,
        me: usize,
        target: Mark,
        power: u8,
        charter: u8,
        rng: &mut GameRng,
    ) -> Result<(), RuleError> {
        let b: &Battle = match &self.phase {
            Phase::Battle(b) => b,
            _ => unreachable!(),
        };
        let pc = b.pcs[me].clone();
        let Some(th) = b.mark_hex(target) else {
            return Err(RuleError::illegal(
                "Attacking",
                "the target is not in the Mission Arena",
            ));
        };
        if target == Mark::Pc(pc.seat) {
            return Err(RuleError::illegal(
                "Attacking",
                "a Character does not attack itself",
            ));
        }
        let pl = &self.players[pc.seat as usize];
        let ci = pl.find(pc.who).expect("PC owned");
        let ch = &pl.chars[ci];
        let pw = ch.power("attack");
        let (mut dice_bonus, mut range_bonus, mut repeat, mut allocate) = (0u8, 0u8, false, false);
        if power > 0 {
            let Some(pw) = pw else {
                return Err(RuleError::illegal(
                    "Using Powers During Missions",
                    format!("{} has no attack Power", pc.who.name()),
                ));
            };
            if ch.power < power {
                return Err(RuleError::illegal(
                    "Using Powers During Missions",
                    format!("{} has only {} Power Tokens", pc.who.name(), ch.power),
                ));
            }
            match pw.op.as_str() {
                "attack_dice" => dice_bonus += power,
                "range" => range_bonus += power,
                "repeat_target" | "allocate_damage" if power == 1 => {
                    repeat = pw.op == "repeat_target";
                    allocate = pw.op == "allocate_damage";
                }
                _ => {
                    return Err(RuleError::illegal(
                        "Using Powers During Missions",
                        "this Power is used once per attack, for 1 Power Token",
                    ));
                }
            }
        }
        if charter > 0 {
            let school = pl.school.expect("school chosen");
            let leader_in = b
                .pcs
                .iter()
                .any(|p| p.seat == pc.seat && p.who == CharKey::Leader(school));
            if pc.who.rank() == Rank::Leader || leader_in {
                return Err(RuleError::illegal(
                    "Using Charter Cards During Missions",
                    "the Charter helps a Hero or Student while the Leader is not in the Mission",
                ));
            }
            if pl.chars[0].power < charter {
                return Err(RuleError::illegal(
                    "Using Charter Cards During Missions",
                    format!("the Leader has only {} Power Tokens", pl.chars[0].power),
                ));
            }
            match content().schools[school as usize].charter.op.as_str() {
                "range" => range_bonus += charter,
                _ => dice_bonus += charter,
            }
        }
        let dist = distance(pc.hex.expect("acting PC stands"), th);
        if dist > (pc.range + range_bonus) as i32 {
            return Err(RuleError::illegal(
                "Attacking",
                format!(
                    "the target is {dist} hexes away; the Attack Range is {}",
                    pc.range + range_bonus
                ),
            ));
        }
        if pc.attacked.contains(&target) && !repeat {
            return Err(RuleError::illegal(
                "Taking Actions",
                "a Character cannot Attack the same Character more than once in a Mission Turn",
            ));
        }
        // Valid: pay and roll (attacker's dice first, then the defender's).
        let pl = &mut self.players[pc.seat as usize];
        pl.chars[ci].power -= power;
        pl.chars[0].power -= charter;
        // Tokens spent are part of what the log tells (issue 12 item 2).
        if power > 0 || charter > 0 {
            let leader = pl.chars[0].id.name();
            let mut spent = vec![];
            if power > 0 {
                spent.push(plural(power, "Power Token", "Power Tokens"));
            }
            if charter > 0 {
                spent.push(format!("{} of {leader}'s through the Charter", plural(charter, "Power Token", "Power Tokens")));
            }
            self.note(format!("{} spends {}.", pc.who.name(), and_list(&spent)));
        }
        let b = battle_mut(self);
        b.busy = true;
        b.pcs[me].attacked.push(target);
        match target {
            Mark::Token(t) => {
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
                let reward = if dmg > 0 {
                    mission.hope_per_damaging_attack
                } else {
                    0
                };
                let turn = b.turn;
                let spec_name = spec.name.clone();
                self.players[pc.seat as usize].hope += reward as u32;
                let rec = AttackRecord {
                    turn,
                    attacker: Mark::Pc(pc.seat),
                    attacker_name: pc.who.name().to_string(),
                    target,
                    target_name: spec_name,
                    attack: atk.clone(),
                    defense: def.clone(),
                    damage: dmg,
                    allocation: None,
                    allocated_by: None,
                    defeated: destroyed,
                };
                self.record_attack(rec);
                self.note(format!(
                    "{} attacks {}: dice {} against {}, {dmg} Damage{}{}.",
                    pc.who.name(),
                    spec.name,
                    dice_text(&atk),
                    dice_text(&def),
                    if reward > 0 {
                        format!(", {reward} Hope")
                    } else {
                        String::new()
                    },
                    if destroyed { "; it is destroyed" } else { "" }
                ));
            }
            Mark::Pc(s) => {
                let ti = b.pc_of(s).expect("target PC");
                self.attack_pc(Attacker::Pc(me as u8), ti, dice_bonus, allocate, rng);
            }
        }
        Ok(())
    }

    /// An attack on a PC: first the defender's Reaction window (offered
    /// when its owner's Plot Points reach the cheapest `pc_attacked`
    /// Reaction: public criteria), then the roll.
    fn attack_pc(
        &mut self,
        attacker: Attacker,
        pc: usize,
        bonus: u8,
        allocate: bool,
        rng: &mut GameRng,
    ) {
        let b = battle_mut(self);
        let owner = b.pcs[pc].seat;
        let cheapest = XMen::cheapest("pc_attacked");
        if cheapest.is_some_and(|c| self.players[owner as usize].pp >= c) {
            battle_mut(self).interrupt = Some(Interrupt::Guard {
                attacker,
                pc,
                bonus,
                allocate,
            });
        } else {
            self.roll_pc_attack(attacker, pc, bonus, allocate, 0, rng);
        }
    }

    /// Rolls an attack on a PC (attack dice, then defense dice) and deals
    /// the Damage.
    fn roll_pc_attack(
        &mut self,
        attacker: Attacker,
        pc: usize,
        bonus: u8,
        allocate: bool,
        extra_def: u8,
        rng: &mut GameRng,
    ) {
        let b = battle_mut(self);
        let (n, name, by) = match attacker {
            Attacker::Pc(i) => {
                let a = &b.pcs[i as usize];
                (a.stats[0] + bonus, a.who.name().to_string(), Some(a.seat))
            }
            Attacker::Token(t) => {
                let spec = &b.mission.expect("tokens only in missions").card().tokens
                    [b.tokens[t as usize].spec as usize];
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
        self.note(format!(
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
        self.damage_pc(pc, dmg, chooser, by, rng);
        self.control_transfer();
        self.resolve_control_roll(rng);
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

    #[test]
    fn the_rule_of_one() {
        // Nightcrawler 3/4/3 takes 3: DEF -2, SPD -1 is legal.
        assert!(rule_of_one([3, 4, 3], 3, [0, 2, 1]));
        assert!(
            !rule_of_one([3, 4, 3], 3, [3, 0, 0]),
            "no stat below 1 before all are 1"
        );
        assert!(!rule_of_one([3, 4, 3], 3, [0, 1, 1]), "the exact Damage");
        // 1/1/2 takes 3: Speed to 1 first, then two stats to 0.
        let all = allocations([1, 1, 2], 3);
        assert_eq!(all.len(), 3);
        assert!(
            all.iter()
                .all(|l| [1, 1, 2].iter().zip(l).filter(|(s, l)| *s == *l).count() == 2)
        );
        // More Damage than health: everything goes to 0, one way only.
        assert_eq!(allocations([2, 1, 1], 9), vec![[2, 1, 1]]);
    }
}
