//! Winning the Game: the end-of-round victory check, the house round limit,
//! and the Final Tournament among Schools with 6 Revolution Points.

use super::illegal;
use crate::action::Action as A;
use crate::battle::Battle;
use crate::state::phase::*;
use crate::state::{Log, XMen};
use backroom_engine::{GameRng, RuleError, Seat, and_list};

impl XMen {
    /// End of round: the victory check, then the next round, the Final
    /// Tournament, or (house round cap) the end.
    pub fn end_of_round(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        let six: Vec<Seat> = (0..self.seats).filter(|s| self.players[*s as usize].rp >= 6).collect();
        match six.len() {
            0 if self.max_rounds > 0 && self.round >= self.max_rounds => {
                let ranking = self.rank_by(|p| (p.rp as u32, p.hope), &[]);
                let w = ranking[0].clone();
                self.game_over(
                    ranking,
                    if w.len() == 1 {
                        format!("Round limit reached: {} on Revolution Points.", self.who_verb(w[0], "wins", "win"))
                    } else {
                        format!(
                            "Round limit reached: {} share the lead on Revolution Points.",
                            and_list(&w.iter().map(|s| self.who(*s)).collect::<Vec<_>>())
                        )
                    },
                    log,
                );
            }
            0 => self.start_round(rng, log),
            1 => {
                let w = six[0];
                let ranking = self.rank_by(|p| (p.rp as u32, p.hope), &[w]);
                self.game_over(ranking, format!("{} with 6 Revolution Points.", self.who_verb(w, "wins", "win")), log);
            }
            _ => self.start_tournament(six, rng, log),
        }
    }

    pub(crate) fn rank_by(&self, key: impl Fn(&crate::state::Player) -> (u32, u32), first: &[Seat]) -> Vec<Vec<Seat>> {
        let mut ranking: Vec<Vec<Seat>> = first.iter().map(|s| vec![*s]).collect();
        let mut rest: Vec<Seat> = (0..self.seats).filter(|s| !first.contains(s)).collect();
        rest.sort_by_key(|s| std::cmp::Reverse(key(&self.players[*s as usize])));
        for s in rest {
            match ranking.last_mut() {
                Some(g)
                    if !first.contains(&g[0])
                        && key(&self.players[g[0] as usize]) == key(&self.players[s as usize]) =>
                {
                    g.push(s)
                }
                _ => ranking.push(vec![s]),
            }
        }
        ranking
    }

    pub(crate) fn game_over(&mut self, ranking: Vec<Vec<Seat>>, summary: String, log: &mut Log<'_>) {
        log.note(summary.clone());
        self.windows.clear();
        self.phase = Phase::Over { ranking, summary };
    }

    /// Orders seats by Hope, fewest first; ties by dice.
    pub(crate) fn by_hope(&mut self, seats: &[Seat], rng: &mut GameRng) -> Vec<Seat> {
        let mut keyed: Vec<(u32, u32, Seat)> = seats
            .iter()
            .map(|s| (self.players[*s as usize].hope, rng.dice(3).iter().map(|d| *d as u32).sum(), *s))
            .collect();
        keyed.sort();
        keyed.into_iter().map(|k| k.2).collect()
    }

    pub(crate) fn start_tournament(&mut self, six: Vec<Seat>, rng: &mut GameRng, log: &mut Log<'_>) {
        let order = self.by_hope(&six, rng);
        let matches = match order.len() {
            2 => vec![[Slot::Seat(order[0]), Slot::Seat(order[1])]],
            3 => vec![[Slot::Seat(order[0]), Slot::Seat(order[1])], [Slot::WinnerOf(0), Slot::Seat(order[2])]],
            _ => vec![
                [Slot::Seat(order[0]), Slot::Seat(order[1])],
                [Slot::Seat(order[2]), Slot::Seat(order[3])],
                [Slot::WinnerOf(0), Slot::WinnerOf(1)],
            ],
        };
        log.note(format!(
            "Final Tournament among {}.",
            and_list(&order.iter().map(|s| self.who(*s)).collect::<Vec<_>>())
        ));
        let t = Tournament { matches, winners: vec![], pair: [0, 0], chosen: vec![] };
        self.next_match(t, rng, log);
    }

    pub(crate) fn next_match(&mut self, mut t: Tournament, rng: &mut GameRng, log: &mut Log<'_>) {
        let k = t.winners.len();
        if k >= t.matches.len() {
            let w = *t.winners.last().unwrap();
            let ranking = self.rank_by(|p| (p.rp as u32, p.hope), &[w]);
            self.game_over(ranking, format!("{} the Final Tournament.", self.who_verb(w, "wins", "win")), log);
            return;
        }
        let side = |s: Slot| match s {
            Slot::Seat(x) => x,
            Slot::WinnerOf(i) => t.winners[i as usize],
        };
        let pair = [side(t.matches[k][0]), side(t.matches[k][1])];
        let pair = self.by_hope(&pair, rng);
        t.pair = [pair[0], pair[1]];
        t.chosen.clear();
        // A36: a School with no Uninjured Character forfeits.
        for (i, s) in t.pair.iter().enumerate() {
            if self.players[*s as usize].chars.iter().all(|c| c.injured) {
                let w = t.pair[1 - i];
                log.note(format!("No Uninjured Character: {} the match.", self.who_verb(*s, "forfeits", "forfeit")));
                t.winners.push(w);
                return self.next_match(t, rng, log);
            }
        }
        self.phase = Phase::TournamentPick(t);
    }

    /// Final Tournament: choose a Character (fewer Hope first).
    pub fn champion_action(
        &mut self,
        seat: Seat,
        a: &A,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        let Phase::TournamentPick(t) = &self.phase else { unreachable!() };
        let mut t = t.clone();
        if t.pair.get(t.chosen.len()) != Some(&seat) {
            let chooser = t.pair[t.chosen.len().min(1)];
            return Err(RuleError::not_your_turn(
                "Final Tournament",
                format!(
                    "In the match of {} against {}, {} chooses its Character now.",
                    self.school_name(t.pair[0]),
                    self.school_name(t.pair[1]),
                    self.school_name(chooser)
                ),
            ));
        }
        let A::Champion { character } = a else {
            return Err(illegal(
                "Final Tournament",
                format!(
                    "You are choosing your Character for the match against {} (\"{}\" is not a choice now).",
                    self.school_name(t.pair[1 - t.chosen.len().min(1)]),
                    super::action_name(a)
                ),
            ));
        };
        let p = &self.players[seat as usize];
        if p.find(*character).is_none_or(|i| p.chars[i].injured) {
            let why = if p.find(*character).is_none() {
                format!("{} is not in your School.", character.name())
            } else {
                format!("{} is Injured; an Uninjured Character fights (a Leader may).", character.name())
            };
            return Err(illegal("Final Tournament", why));
        }
        t.chosen.push(*character);
        log.note(format!("{} {} to the tournament.", self.who_verb(seat, "sends", "send"), character.name()));
        if t.chosen.len() == 2 {
            let entrants = vec![(t.pair[0], t.chosen[0]), (t.pair[1], t.chosen[1])];
            let mut b = Battle::new(self, None, &entrants);
            b.controller = t.pair[0];
            self.last_attacks.clear();
            self.phase = Phase::Battle(Box::new(b));
            self.tournament = Some(t);
            self.advance_battle(rng, log);
        } else {
            self.phase = Phase::TournamentPick(t);
        }
        Ok(())
    }

    /// A tournament match is decided.
    pub fn tournament_match_won(&mut self, winner: Seat, rng: &mut GameRng, log: &mut Log<'_>) {
        let mut t = self.tournament.take().expect("a match belongs to a tournament");
        t.winners.push(winner);
        self.next_match(t, rng, log);
    }
}
