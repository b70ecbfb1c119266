//! "Playing Missions": entering the arena (M3b), when a battle is decided,
//! and M6 Receive Rewards and M7 Confer Triumph Tokens, or the end of a
//! Final Tournament match. Separate because it is where the battle meets
//! the round outside the arena.

use super::{Battle, battle_mut};
use crate::content::MissionId;
use crate::state::phase::Phase;
use crate::state::{CharKey, Log, XMen};
use backroom_engine::{GameRng, Seat, and_list, plural};

impl XMen {
    /// Starts a Mission with the chosen Characters (M3b Enter arena).
    pub fn start_mission(
        &mut self,
        mission: MissionId,
        entrants: &[(Seat, CharKey)],
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) {
        let b = Battle::new(self, Some(mission), entrants);
        self.last_attacks.clear();
        log.note(format!(
            "{} {} the Mission Arena.",
            and_list(&entrants.iter().map(|(_, c)| c.name()).collect::<Vec<_>>()),
            if entrants.len() == 1 { "enters" } else { "enter" }
        ));
        self.phase = Phase::Battle(Box::new(b));
        self.advance_battle(rng, log);
    }

    pub(super) fn check_end(&mut self) {
        let b = battle_mut(self);
        let standing = b.standing().len();
        match b.mission {
            Some(m) => {
                let all_done = !b.objectives.is_empty()
                    && b.objectives.iter().all(|o| o.done_by.is_some())
                    && m.card().special.as_ref().is_some_and(|sp| sp.ends_mission);
                let all_destroyed = b.to_place.is_empty() && !b.tokens.is_empty() && b.tokens.iter().all(|t| !t.alive);
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
    pub(super) fn finish_battle(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        let Phase::Battle(b) =
            std::mem::replace(&mut self.phase, Phase::Over { ranking: vec![], summary: String::new() })
        else {
            unreachable!()
        };
        let Some(mission) = b.mission else {
            let winner = b.standing().first().map(|i| b.pcs[*i].seat).unwrap_or(b.pcs[0].seat);
            log.note(format!("{} the tournament match.", self.who_verb(winner, "wins", "win")));
            self.tournament_match_won(winner, rng, log);
            return;
        };
        let card = mission.card();
        if b.over == Some(true) {
            let entrants: Vec<Seat> = b.pcs.iter().map(|p| p.seat).collect();
            let mut gained = vec![0u8; self.seats as usize];
            for r in &card.rewards {
                let score = |s: Seat| match r.criterion.as_str() {
                    "most_damage" => b.damage[s as usize],
                    "most_specials" => b.objectives.iter().filter(|o| o.done_by == Some(s)).count() as u32,
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
                    log.note(format!(
                        "{} {} from {}.",
                        self.who_verb(s, "receives", "receive"),
                        plural(gained[s as usize], "Revolution Point", "Revolution Points"),
                        card.name
                    ));
                }
            }
            for p in b.pcs.iter().filter(|p| p.hex.is_some() && gained[p.seat as usize] > 0) {
                let pl = &mut self.players[p.seat as usize];
                if let Some(i) = pl.find(p.who) {
                    pl.chars[i].triumph = true;
                }
            }
            log.note(format!("{} succeeds.", card.name));
        } else {
            log.note(format!("{} fails: no Revolution Points are awarded.", card.name));
        }
        self.end_of_round(rng, log);
    }
}
