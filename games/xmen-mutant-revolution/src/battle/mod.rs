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
//!
//! This module holds the battle's state and that step machine; the rules
//! live one rulebook section per module: [`playing_missions`] (entering the
//! arena, the end of a battle, rewards), [`mission_turns`] (initiative, the
//! Mission Stalemate, the turn cap and every action of a turn),
//! [`attacking`], [`taking_damage`] (with the Rule of One),
//! [`defeated_pcs`] and [`mission_characters`] (Controlling Mission
//! Characters).

mod attacking;
mod defeated_pcs;
mod mission_characters;
mod mission_turns;
mod playing_missions;
mod taking_damage;

pub use attacking::compare;
pub use taking_damage::{allocations, rule_of_one};

pub use crate::state::battle::{ATTACKS_KEPT, AttackRecord, Attacker, Battle, Interrupt, Objective, Pc, Step, Token};

use crate::state::battle::Mark;

use crate::content::{MissionId, content, distance, neighbours};
use crate::state::phase::Phase;
use crate::state::{CharKey, Log, XMen};
use backroom_engine::{GameRng, Seat};

/// House rule: a Mission or match still running after this many Mission
/// Turns ends (a Mission in failure; a match to the healthier PC), so that
/// every game terminates.
pub const TURN_CAP: u32 = 20;

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
                .map(|sp| sp.hexes.iter().map(|h| Objective { hex: *h, done_by: None }).collect())
                .unwrap_or_default(),
            over: None,
        }
    }

    /// Hexes occupied by Characters (PCs in the arena and living tokens).
    pub fn occupied(&self) -> Vec<[i32; 2]> {
        self.pcs.iter().filter_map(|p| p.hex).chain(self.tokens.iter().filter(|t| t.alive).map(|t| t.hex)).collect()
    }

    /// Hexes reachable from `from` in at most `steps` hexes, never through
    /// an Obstacle or another Character (ruling A32), not counting `from`.
    pub fn reachable(&self, from: [i32; 2], steps: u8) -> Vec<[i32; 2]> {
        let arena = &content().arena;
        // Visited marks on the coordinate grid; occupied hexes start marked.
        let w = 2 * crate::content::GRID + 1;
        let idx = |h: [i32; 2]| ((h[0] + crate::content::GRID) * w + h[1] + crate::content::GRID) as usize;
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
            .filter(|h| self.pcs.iter().filter_map(|p| p.hex).any(|p| distance(p, *h) <= spec.range as i32))
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
        let min = self.mission.map(|m| m.card().tokens[*kind as usize].min_distance).unwrap_or(0) as i32;
        let arena = &content().arena;
        let occ = self.occupied();
        let free: Vec<[i32; 2]> = arena.hexes.iter().copied().filter(|h| arena.open(*h) && !occ.contains(h)).collect();
        let far: Vec<[i32; 2]> = free
            .iter()
            .copied()
            .filter(|h| self.pcs.iter().filter_map(|p| p.hex).all(|p| distance(p, *h) >= min))
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
        (0..self.pcs.len()).filter(|i| self.pcs[*i].hex.is_some()).collect()
    }

    /// Position of a mark, if it is still in the arena.
    pub fn mark_hex(&self, m: Mark) -> Option<[i32; 2]> {
        match m {
            Mark::Pc(s) => self.pcs.iter().find(|p| p.seat == s).and_then(|p| p.hex),
            Mark::Token(t) => self.tokens.get(t as usize).filter(|t| t.alive).map(|t| t.hex),
        }
    }

    /// What the battle waits for, for a refusal: "the actions of
    /// Wolverine", "allocating the 3 Damage to Rogue".
    pub fn waiting_for(&self) -> String {
        let name = |i: usize| self.pcs.get(i).map_or("a PC", |p| p.who.name());
        if let Some(i) = &self.interrupt {
            return match i {
                Interrupt::Allocate { pc, damage, .. } => format!("allocating the {damage} Damage to {}", name(*pc)),
                Interrupt::Guard { pc, .. } => format!("a Reaction (or none) as {} is attacked", name(*pc)),
                Interrupt::Penalty { who, .. } => {
                    format!("paying Hope Coins to keep the defeated {} (or not)", who.name())
                }
                Interrupt::Claim { who, .. } => format!("recruiting the defeated Student {} (or not)", who.card().name),
            };
        }
        match &self.step {
            Step::Place => "placing the Mission Tokens".into(),
            Step::First { .. } => "choosing the PC that acts first (Initiative)".into(),
            Step::Act { order, at, .. } => format!("the actions of {}", order.get(*at).map_or("a PC", |i| name(*i))),
            Step::Tokens { pending, .. } if pending.len() > 1 => {
                "choosing the order of the Mission Character's attacks".into()
            }
            Step::Tokens { .. } => "moving the Mission Characters".into(),
        }
    }

    /// Why `hex` is not among [`Self::placements`].
    pub fn placement_refusal(&self, hex: [i32; 2]) -> String {
        let arena = &content().arena;
        let at = format!("[{}, {}]", hex[0], hex[1]);
        if !arena.hexes.contains(&hex) {
            return format!("{at} is not a hex of the Mission Arena.");
        }
        if !arena.open(hex) {
            return format!("{at} is an Obstacle; a Mission Token goes on an open hex.");
        }
        if self.occupied().contains(&hex) {
            return format!("{at} is taken; a Mission Token goes on an empty hex.");
        }
        let min = self
            .to_place
            .first()
            .and_then(|k| self.mission.map(|m| m.card().tokens[*k as usize].min_distance))
            .unwrap_or(0);
        let near = self.pcs.iter().filter_map(|p| p.hex.map(|h| (p, distance(h, hex)))).min_by_key(|(_, d)| *d);
        match near {
            Some((p, d)) => format!(
                "{at} is {d} hexes from {}; this Mission's Tokens go at least {min} hexes from every PC.",
                p.who.name()
            ),
            None => format!("{at} is not a hex a Mission Token may go on."),
        }
    }

    /// Why `seat`'s PC may not be chosen: it has none, or it has left the
    /// arena.
    pub fn pc_refusal(&self, seat: Seat, school: &str) -> String {
        match self.pc_of(seat) {
            None => format!("{school} has no PC in this Mission."),
            Some(i) => format!("{} has left the Mission Arena.", self.pcs[i].who.name()),
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

fn battle_mut(g: &mut XMen) -> &mut Battle {
    match &mut g.phase {
        Phase::Battle(b) => b,
        _ => unreachable!("battle actions are only routed during a battle"),
    }
}

impl XMen {
    /// Resumes the battle until it needs a decision or ends.
    pub fn advance_battle(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
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
                self.finish_battle(rng, log);
                return;
            }
            match &mut b.step {
                Step::Place => {
                    if b.to_place.is_empty() {
                        self.start_turn(rng, log);
                    } else {
                        return;
                    }
                }
                Step::First { .. } => return,
                Step::Act { order, at, left, moved } => {
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
                        let todo = (0..b.tokens.len() as u8).filter(|i| b.tokens[*i as usize].alive).collect();
                        b.step = Step::Tokens { todo, pending: vec![] };
                    } else {
                        self.end_turn(rng, log);
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
                        self.token_attack(t, pc, rng, log);
                        continue;
                    }
                    let tokens = &b.tokens;
                    todo.retain(|t| tokens[*t as usize].alive);
                    if todo.is_empty() {
                        self.end_turn(rng, log);
                    } else {
                        return;
                    }
                }
            }
        }
    }
}
