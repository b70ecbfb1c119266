//! How the game ends. The text gives one way: a Major Plot with 4 counters
//! wins for the Villain. The house rules of the digest (B4.2) add the
//! others so that every game ends: the Heroes win when the Villain has no
//! Mastermind left in play, hand or deck, when the Villain must draw from
//! an empty deck, or at the end of the turn limit; the Villain wins when
//! the Heroes have no Character left in play, hand or deck.

use crate::content::Kind;
use crate::state::{Ending, HERO, Log, Phase, Schemes, VILLAIN};
use backroom_engine::{Seat, seat_verb};

impl Schemes {
    /// Ends the game (the first ending stands).
    pub fn win(&mut self, winner: Seat, reason: String, log: &mut Log<'_>) {
        if self.ending.is_some() {
            return;
        }
        log.note(format!("{}: {} the game.", reason, seat_verb(winner, "wins", "win")));
        self.ending = Some(Ending { winner, reason });
        self.phase = Phase::Over;
        self.stage = None;
    }

    /// The house endings that depend on what is left.
    pub fn check_end(&mut self, log: &mut Log<'_>) {
        if self.ending.is_some() || self.phase == Phase::Setup {
            return;
        }
        let villain = &self.sides[VILLAIN as usize];
        let mastermind_left = !self.masterminds().is_empty()
            || villain.hand.iter().chain(&villain.deck).any(|c| c.card().kind == Kind::Mastermind);
        if !mastermind_left {
            self.win(HERO, format!("{} no Mastermind left", seat_verb(VILLAIN, "has", "have")), log);
            return;
        }
        let heroes = &self.sides[HERO as usize];
        let hero_left = !self.heroes().is_empty()
            || heroes.hand.iter().chain(&heroes.deck).any(|c| c.card().kind == Kind::Character);
        if !hero_left {
            self.win(VILLAIN, format!("{} no Character left", seat_verb(HERO, "has", "have")), log);
        }
    }
}
