//! End of Round (score the Power Track, advance the round, incubation,
//! draw 6, reset the Power markers) and End of Game Scoring (freezer
//! values; ties to fewer freezer points, then the Power Track leader).

use super::Log;
use crate::state::{Final, Mutants, Phase, Task};
use backroom_engine::{LogEntry, Seat, and_list, plural};

impl Mutants {
    /// End of Round, steps 1–4 (the draws are tasks: an empty deck asks).
    pub fn round_end(&mut self, log: &mut Log) {
        let rs = self.round_score();
        log.push(LogEntry::public(format!("Round {} ends.", self.round)));
        let standing = self.standing();
        if let Some(boss) = self.boss_side() {
            if standing[0] != boss {
                log.push(LogEntry::public(format!("{} the Power Track.", self.who_verb(0, "leads", "lead"))));
                self.damage(i32::from(rs.red), "the Power Track", log);
            } else {
                log.push(LogEntry::public(format!("{} the Power Track.", self.who_verb(boss, "leads", "lead"))));
            }
        } else {
            let n = standing.len();
            let winner = standing[0];
            // Score markers move from the winner, clockwise.
            for s in self.order_from(winner).collect::<Vec<_>>() {
                let place = standing.iter().position(|x| *x == s).unwrap_or(n - 1);
                let vp = if place == 0 {
                    rs.red
                } else if place == n - 1 {
                    0
                } else {
                    rs.black
                };
                self.score(s, i32::from(vp), &format!("place {} on the Power Track", place + 1), log);
            }
        }
        if self.is_over() {
            return;
        }
        if self.round >= self.last_round() {
            self.game_end(log);
            return;
        }
        self.round += 1;
        for s in 0..self.seats {
            let b = &mut self.boards[s as usize];
            if let Some(c) = b.incubator.take() {
                b.deck.insert(0, c);
                log.push(LogEntry::public(format!(
                    "{} the incubated {} on top of the deck.",
                    self.who_verb(s, "puts", "put"),
                    c.name()
                )));
            }
        }
        self.stack.push(Task::StartRound);
        for s in (0..self.seats).rev() {
            self.stack.push(Task::Draw { s, n: 6, cycle: false, drawn: 0 });
        }
    }

    /// Reset Power Markers, then the next round's first turn.
    pub fn start_round(&mut self, log: &mut Log) {
        for c in &mut self.track {
            c.clear();
        }
        let second = crate::content::content().track.second as usize;
        if let Some(boss) = self.boss_side() {
            self.track[second].push(0);
            self.track[second + 1].push(boss);
            log.push(LogEntry::public(format!("Round {} begins; the boss takes the first turn.", self.round)));
            self.stack.push(Task::BossTurn);
            return;
        }
        let mut order: Vec<u8> = (0..self.seats).collect();
        order.sort_by_key(|s| {
            let b = &self.boards[*s as usize];
            (b.score, b.score_stamp)
        });
        let last = self.track.len() - 1;
        for (k, s) in order.iter().enumerate() {
            self.track[(second + k).min(last)].push(*s);
        }
        let first = *order.last().expect("seats");
        log.push(LogEntry::public(format!(
            "Round {} begins; {} the first turn.",
            self.round,
            self.who_verb(first, "takes", "take")
        )));
        self.stack.push(Task::StartTurn { s: first });
    }

    /// End of Game Scoring.
    pub fn game_end(&mut self, log: &mut Log) {
        if self.boss.is_some() {
            self.finish_solo(false, log);
            return;
        }
        let mut frozen = vec![0i32; self.seats as usize];
        for s in 0..self.seats {
            let v: i32 = self.boards[s as usize].freezer.iter().map(|f| self.freeze_value(s, f.card)).sum();
            frozen[s as usize] = v;
            let b = &mut self.boards[s as usize];
            b.score += v;
            let names: Vec<&str> = b.freezer.iter().map(|f| f.card.name()).collect();
            log.push(LogEntry::public(format!(
                "{} {} from the Cryo Freezer ({}).",
                self.who_verb(s, "scores", "score"),
                plural(v, "Victory Point", "Victory Points"),
                if names.is_empty() { "empty".to_string() } else { and_list(&names) }
            )));
        }
        let mut seats: Vec<Seat> = (0..self.seats).collect();
        let track = self.standing();
        seats.sort_by_key(|s| {
            let total = self.boards[*s as usize].score;
            (-total, frozen[*s as usize], track.iter().position(|x| x == s))
        });
        let scores: Vec<i64> = self.boards.iter().map(|b| i64::from(b.score)).collect();
        let w = seats[0];
        let summary = format!(
            "{} with {}.",
            self.who_verb(w, "wins", "win"),
            plural(scores[w as usize], "Victory Point", "Victory Points")
        );
        log.push(LogEntry::public(summary.clone()));
        self.result = Some(Final { ranking: seats.into_iter().map(|s| vec![s]).collect(), scores, summary });
        self.phase = Phase::Over;
    }

    /// Uprising ends: the boss is beaten, or it survived round 5.
    pub fn finish_solo(&mut self, won: bool, log: &mut Log) {
        if self.is_over() {
            return;
        }
        let Some(b) = &self.boss else { return };
        let name = crate::content::content().bosses[b.id].name.clone();
        let summary = if won {
            format!("{} {name} in round {}.", self.who_verb(0, "defeats", "defeat"), self.round)
        } else {
            format!("{name} survives with {}; it has beaten {}.", plural(b.life, "Life", "Life"), self.who(0))
        };
        log.push(LogEntry::public(summary.clone()));
        let dealt = i64::from(b.start_life - b.life.max(0));
        self.result = Some(Final {
            ranking: vec![vec![0]],
            scores: vec![if won { dealt } else { dealt - i64::from(b.start_life) }],
            summary,
        });
        self.phase = Phase::Over;
    }
}
