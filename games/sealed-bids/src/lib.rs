//! **Sealed Bids**, the platform's own fixture game.
//!
//! Rules (the same as `shared/bench/anchors/game/rules.js`, so Backroom
//! races the peers on exactly their game): every round each seat secretly
//! sets its Bidding Dial to 0–14. When the last dial is locked all bids are
//! revealed together; the highest bid that nobody else made (the highest
//! *unique* bid) scores 1 point; if every value is shared, nobody scores.
//! A seat may change its bid until the last one is in. After the last round
//! (20 by default) the most points wins; equal points share a place.
//!
//! It exercises the platform's hardest secrecy case, the simultaneous secret
//! step: others learn only *that* a seat has bid, never the amount, until
//! the reveal.
#![deny(missing_docs)]

mod action;
mod prompts;
mod rules;
mod state;
mod view;

pub use action::Action;
pub use rules::highest_unique;
pub use state::{MAX_BID, Options, Reveal, SealedBids};
pub use view::View;

use backroom_engine::{
    Game, GameInfo, GameOption, GameRng, LogEntry, OptionKind, Outcome, Pending, Prompt, RuleError, Seat, SeatSet,
    SetupError, Viewer,
};

impl Game for SealedBids {
    type Options = Options;
    type Action = Action;
    type View = View;

    fn info() -> GameInfo {
        GameInfo {
            id: "sealed-bids".into(),
            name: "Sealed Bids".into(),
            summary:
                "Each round everyone secretly sets a Bidding Dial from 0 to 14; the highest bid nobody matched scores."
                    .into(),
            min_seats: 2,
            max_seats: 8,
            default_seats: 4,
            options: vec![GameOption {
                name: "rounds".into(),
                label: "Rounds".into(),
                kind: OptionKind::Number { min: 1, max: 100, default: 20 },
                for_seats: None,
            }],
            house_content: false,
            engine_version: 1,
        }
    }

    fn setup(options: &Options, seats: u8, _rng: &mut GameRng) -> Result<Self, SetupError> {
        if !(1..=100).contains(&options.rounds) {
            return Err(SetupError(format!("rounds must be 1 to 100, not {}", options.rounds)));
        }
        if !(2..=8).contains(&seats) {
            return Err(SetupError(format!("Sealed Bids is played by 2 to 8 players, not {seats}")));
        }
        Ok(SealedBids {
            seats,
            rounds: options.rounds,
            round: 0,
            dials: vec![None; seats as usize],
            scores: vec![0; seats as usize],
            reveals: Vec::new(),
        })
    }

    fn pending(&self) -> Pending {
        if self.round >= self.rounds {
            return Pending::Over;
        }
        let committed: SeatSet = (0..self.seats).filter(|s| self.dials[*s as usize].is_some()).collect();
        Pending::Simultaneous { waiting: SeatSet::first(self.seats).minus(committed), committed }
    }

    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        self.ask(seat)
    }

    fn seat_count(&self) -> u8 {
        self.seats
    }

    fn is_over(&self) -> bool {
        self.round >= self.rounds
    }

    fn try_apply(
        &mut self,
        seat: Seat,
        action: &Action,
        _rng: &mut GameRng,
        log: &mut Vec<LogEntry>,
    ) -> Result<(), RuleError> {
        self.bid(seat, action, log)
    }

    fn view(&self, viewer: Viewer) -> View {
        self.view_for(viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.final_standing()
    }

    fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng) {
        self.redeal(viewer, rng)
    }

    fn max_actions(seats: u8) -> usize {
        100 * seats as usize * 4
    }

    /// Bots bid uniformly; this is the fast path random play and the load
    /// tool use (no prompt is built).
    fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        (self.round < self.rounds && seat < self.seats)
            .then(|| Action::Bid { value: rng.range(0, MAX_BID as u32) as u8, round: Some(self.round) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use backroom_engine::{seat_ref, testkit};
    use serde::{Deserialize, Serialize};

    #[test]
    fn highest_unique_bid_wins() {
        assert_eq!(highest_unique(&[5, 9, 9, 3]), Some(0));
        assert_eq!(highest_unique(&[14, 14, 2, 2]), None);
        assert_eq!(highest_unique(&[0, 1, 2, 3]), Some(3));
    }

    #[test]
    fn random_play_contract() {
        for seed in 0..200 {
            for seats in [2, 4, 5] {
                let r = testkit::random_play::<SealedBids>(&Options::default(), seats, seed).unwrap();
                assert!(r.finished);
            }
        }
    }

    #[test]
    fn offered_options_work() {
        for seed in 0..20 {
            for seats in [2, 4] {
                let r = testkit::offered_options_work::<SealedBids>(&Options { rounds: 5 }, seats, seed, 200).unwrap();
                assert!(r.asks > 0);
            }
        }
    }

    #[test]
    fn a_locked_dial_is_the_default_of_its_change() {
        let mut rng = GameRng::seeded(3);
        let mut g = SealedBids::setup(&Options::default(), 3, &mut rng).unwrap();
        assert_eq!(g.prompt(0).unwrap().asks[0].params[0].default, None);
        g.apply(0, &Action::Bid { value: 7, round: Some(0) }, &mut rng).unwrap();
        assert_eq!(g.prompt(0).unwrap().asks[0].params[0].default, Some(7.into()));
    }

    #[test]
    fn non_leak() {
        let (mut effective, mut log_effective) = (0, 0);
        for seed in 0..40 {
            let r = testkit::non_leak::<SealedBids>(&Options { rounds: 5 }, 4, seed).unwrap();
            effective += r.effective;
            log_effective += r.log_effective;
        }
        assert!(effective > 100, "the re-deal must actually change hidden bids ({effective})");
        assert!(log_effective > 100, "the log check must meet changed hidden bids ({log_effective})");
    }

    #[test]
    fn search_sees_only_its_view() {
        let mut effective = 0;
        for seed in 0..10 {
            effective += testkit::search_sees_only_its_view::<SealedBids>(&Options { rounds: 5 }, 3, seed, 40, 2)
                .unwrap_or_else(|e| panic!("{e}"))
                .effective;
        }
        assert!(effective > 0, "the re-deal must change hidden bids ({effective})");
    }

    /// Sealed Bids that leaks one way the non-leak test must catch, by
    /// `HOW`: [`TATTLETALE`] logs the value of each locked dial for all to
    /// read (views and prompts stay clean, so only the log check can catch
    /// it); [`BLABBERMOUTH`] refuses a bid another seat has locked already,
    /// and says whose (views, prompts and log lines stay clean, so only the
    /// refusal check can catch it: a seat could learn a sealed bid by
    /// trying values).
    #[derive(Clone, Serialize, Deserialize)]
    struct Leaky<const HOW: u8>(SealedBids);
    const TATTLETALE: u8 = 0;
    const BLABBERMOUTH: u8 = 1;

    impl<const HOW: u8> Game for Leaky<HOW> {
        type Options = Options;
        type Action = Action;
        type View = View;
        fn info() -> GameInfo {
            SealedBids::info()
        }
        fn setup(o: &Options, seats: u8, rng: &mut GameRng) -> Result<Self, SetupError> {
            SealedBids::setup(o, seats, rng).map(Leaky)
        }
        fn pending(&self) -> Pending {
            self.0.pending()
        }
        fn prompt(&self, seat: Seat) -> Option<Prompt> {
            self.0.prompt(seat)
        }
        fn seat_count(&self) -> u8 {
            self.0.seats
        }
        fn is_over(&self) -> bool {
            self.0.is_over()
        }
        fn try_apply(
            &mut self,
            seat: Seat,
            a: &Action,
            rng: &mut GameRng,
            log: &mut Vec<LogEntry>,
        ) -> Result<(), RuleError> {
            let Action::Bid { value, .. } = a;
            if HOW == BLABBERMOUTH
                && let Some(other) = (0..self.0.seats).find(|&s| s != seat && self.0.dials[s as usize] == Some(*value))
            {
                return Err(RuleError::illegal("Bidding Dial", format!("seat {} locked {value} already", other + 1)));
            }
            self.0.try_apply(seat, a, rng, log)?;
            if HOW == TATTLETALE {
                log.push(LogEntry::public(format!("{} turned the dial to {value}.", seat_ref(seat))));
            }
            Ok(())
        }
        fn view(&self, viewer: Viewer) -> View {
            self.0.view(viewer)
        }
        fn outcome(&self) -> Option<Outcome> {
            self.0.outcome()
        }
        fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng) {
            self.0.redeal_hidden(viewer, rng)
        }
        fn max_actions(seats: u8) -> usize {
            SealedBids::max_actions(seats)
        }
    }

    #[test]
    fn the_non_leak_test_catches_a_log_line_that_tells_a_sealed_bid() {
        let caught = (0..10)
            .filter_map(|seed| testkit::non_leak::<Leaky<TATTLETALE>>(&Options { rounds: 3 }, 4, seed).err())
            .next();
        let e = caught.expect("a log line naming a sealed bid must fail the non-leak test");
        assert!(e.contains("log lines") && e.contains("turned the dial"), "{e}");
    }

    #[test]
    fn the_non_leak_test_catches_a_refusal_that_tells_a_sealed_bid() {
        let caught = (0..10)
            .filter_map(|seed| testkit::non_leak::<Leaky<BLABBERMOUTH>>(&Options { rounds: 3 }, 4, seed).err())
            .next();
        let e = caught.expect("a refusal naming a sealed bid must fail the non-leak test");
        assert!(e.contains("refusal depends"), "{e}");
    }

    #[test]
    fn a_stale_round_is_refused_and_changes_nothing() {
        let mut rng = GameRng::seeded(1);
        let mut g = SealedBids::setup(&Options::default(), 4, &mut rng).unwrap();
        let before = g.clone();
        let e = g.apply(0, &Action::Bid { value: 3, round: Some(4) }, &mut rng).unwrap_err();
        assert_eq!(e.rule, "Rounds");
        assert_eq!(g, before);
        let e = g.apply(0, &Action::Bid { value: 15, round: None }, &mut rng).unwrap_err();
        assert_eq!(e.rule, "Bidding Dial");
        assert_eq!(g, before);
    }

    #[test]
    fn log_and_outcome_name_seats_by_token() {
        let mut rng = GameRng::seeded(1);
        let mut g = SealedBids::setup(&Options { rounds: 1 }, 3, &mut rng).unwrap();
        let log = g.apply(1, &Action::Bid { value: 9, round: None }, &mut rng).unwrap();
        assert_eq!(log[0].public.as_deref(), Some("{seat:1|has|have} locked a bid."));
        g.apply(0, &Action::Bid { value: 4, round: None }, &mut rng).unwrap();
        let log = g.apply(2, &Action::Bid { value: 4, round: None }, &mut rng).unwrap();
        let line = log[1].public.clone().unwrap();
        assert_eq!(line, "Round 1 bids: {seat:0} 4, {seat:1} 9 and {seat:2} 4. {seat:1|scores|score} with 9.");
        let names: Vec<String> = ["Ana", "Bas", "Jean"].map(String::from).to_vec();
        assert_eq!(
            backroom_engine::render_names(&line, &names, Some(1)),
            "Round 1 bids: Ana 4, you 9 and Jean 4. You score with 9."
        );
        let summary = g.outcome().unwrap().summary;
        assert_eq!(backroom_engine::render_names(&summary, &names, None), "Bas wins with 1 point.");
    }
}
