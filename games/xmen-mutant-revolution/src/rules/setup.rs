//! Setup (S1–S9 once the Schools are chosen) and the start of each round.
//! The order roll and the deal happen in `XMen::setup` (`lib.rs`), which
//! owns the match's opening position; this module is what follows a choice.

use super::illegal;
use crate::content::content;
use crate::state::phase::*;
use crate::state::{CharKey, Character, Log, XMen};
use backroom_engine::{GameRng, RuleError, Seat};

impl XMen {
    /// S3–S9 once every School is chosen: markers, Power Tokens, Hope.
    pub fn begin_game(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        for p in &mut self.players {
            p.rp = 1;
            p.pp = 1;
            p.hope = 5;
            let school = p.school.expect("chosen");
            let limit = content().schools[school as usize].leader.power_limit;
            p.chars.insert(0, Character::new(CharKey::Leader(school), limit));
        }
        log.note(format!("{} the Mission Commander token.", self.who_verb(self.mc, "holds", "hold")));
        self.start_round(rng, log);
    }

    /// Setup S2: choose a School.
    pub fn pick_school(&mut self, seat: Seat, school: &str, log: &mut Log<'_>) -> Result<(), RuleError> {
        let Phase::PickSchool { order, .. } = &mut self.phase else { unreachable!() };
        if order.first() != Some(&seat) {
            let now = order.first().map_or(0, |s| s + 1);
            return Err(RuleError::not_your_turn(
                "Setup",
                format!("Seat {now} chooses its School now; the Schools are chosen in turn."),
            ));
        }
        let Some(i) = content().schools.iter().position(|s| s.id == school) else {
            return Err(illegal("Setup", format!("There is no School '{school}'.")));
        };
        if self.players.iter().any(|p| p.school == Some(i as u8)) {
            return Err(illegal("Setup", format!("{} is taken by another seat.", content().schools[i].name)));
        }
        order.remove(0);
        self.players[seat as usize].school = Some(i as u8);
        log.note(format!("{} {}.", backroom_engine::seat_verb(seat, "takes", "take"), content().schools[i].name));
        Ok(())
    }

    pub(crate) fn start_round(&mut self, _rng: &mut GameRng, log: &mut Log<'_>) {
        self.round += 1;
        log.note(format!("Round {} begins.", self.round));
        self.upkeep_revealed.clear();
        self.phase = Phase::Upkeep(Upkeep { stage: UpkeepStage::Recover, commits: Default::default(), ordered: None });
    }
}
