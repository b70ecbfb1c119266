//! Setup: each deck is shuffled and each player draws 7. Mulligan: a hand
//! with no Character is discarded (publicly) and 7 more are drawn, again
//! until it holds one; for the Villain a Mastermind counts as a Character
//! here (ruling B1). The server checks and repeats it; a deck too thin for
//! another 7 keeps its hand.
//!
//! The house mulligan (engine version 2, [`crate::versions`]): the
//! Villain's kept hand must also hold a Mastermind, since Minor Villains,
//! Locations, Plots and gear all go on one and a Villain without one has
//! nothing to put into play. A hand without one goes back into the deck
//! (nothing is discarded, so the Villain's deck is no thinner), the deck is
//! shuffled and 7 are drawn again, until the hand holds one.

use super::decisions::deck_name;
use crate::content::{Kind, content};
use crate::state::{HERO, Log, Phase, Schemes, Side, VILLAIN};
use backroom_engine::{GameRng, and_list};

impl Schemes {
    /// The opening position, run on to the first decision.
    pub fn new_game(options: &crate::Options, engine_version: u32, rng: &mut GameRng) -> Self {
        let c = content();
        let mut g = Schemes {
            turn: 0,
            turn_limit: options.turn_limit,
            villain_first: options.villain_first,
            sides: [Side::default(), Side::default()],
            pieces: vec![],
            next_uid: 1,
            phase: Phase::Setup,
            tasks: vec![],
            stage: None,
            roll: None,
            wrong_track: 0,
            looks: [None, None],
            notices: vec![],
            mulligans: [0, 0],
            ending: None,
            engine_version,
            opening: vec![],
        };
        for seat in [HERO, VILLAIN] {
            let mut deck = if seat == HERO { c.hero_deck.clone() } else { c.villain_deck.clone() };
            rng.shuffle_deck(deck_name(seat), &mut deck);
            g.sides[seat as usize].deck = deck;
        }
        let hand = u32::from(c.rules.hand_size);
        let mut opening = vec![];
        let log = &mut Log::new(&mut opening);
        log.note(format!("Setup: each player shuffles their deck and draws {hand}."));
        for seat in [HERO, VILLAIN] {
            g.draw(seat, hand, log);
            while !g.hand_has_character(seat) && g.sides[seat as usize].deck.len() >= hand as usize {
                let side = &mut g.sides[seat as usize];
                let gone: Vec<_> = std::mem::take(&mut side.hand);
                let names: Vec<&str> = gone.iter().map(|c| c.name()).collect();
                side.discard.extend(gone.iter().copied());
                g.mulligans[seat as usize] += 1;
                let line = format!(
                    "Mulligan for {}: no Character in hand, so the hand ({}) is discarded and 7 more are drawn.",
                    backroom_engine::seat_ref(seat),
                    and_list(&names)
                );
                log.note(line);
                g.draw(seat, hand, log);
            }
        }
        if options.house_mulligan && crate::versions::house_mulligan(&g) {
            g.house_mulligan(rng, log);
        }
        g.advance(rng, log);
        g.opening = opening;
        g
    }

    /// The house mulligan: the Villain's hand goes back and 7 are drawn
    /// again until it holds a Mastermind (there are always some left in the
    /// deck while the hand holds none; the bound only guards the loop).
    fn house_mulligan(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        let hand = u32::from(content().rules.hand_size);
        for _ in 0..100 {
            if self.hand_has_mastermind(VILLAIN) || self.sides[VILLAIN as usize].deck.is_empty() {
                return;
            }
            let side = &mut self.sides[VILLAIN as usize];
            let back = std::mem::take(&mut side.hand);
            side.deck.extend(back);
            let mut deck = std::mem::take(&mut side.deck);
            rng.shuffle_deck(deck_name(VILLAIN), &mut deck);
            self.sides[VILLAIN as usize].deck = deck;
            self.mulligans[VILLAIN as usize] += 1;
            let line = format!(
                "House mulligan: {} no Mastermind in hand, so the hand goes back into the deck, the deck is shuffled and 7 are drawn again.",
                backroom_engine::seat_verb(VILLAIN, "has", "have")
            );
            log.note(line);
            self.draw(VILLAIN, hand, log);
        }
    }

    /// Whether `seat`'s hand holds a Mastermind.
    pub fn hand_has_mastermind(&self, seat: crate::Seat) -> bool {
        self.sides[seat as usize].hand.iter().any(|c| c.card().kind == Kind::Mastermind)
    }

    /// The mulligan's test: a Character in hand (or a Mastermind, for the Villain).
    pub fn hand_has_character(&self, seat: crate::Seat) -> bool {
        self.sides[seat as usize]
            .hand
            .iter()
            .any(|c| c.card().kind == Kind::Character || (seat == VILLAIN && c.card().kind == Kind::Mastermind))
    }
}
