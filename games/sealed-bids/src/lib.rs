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

use backroom_engine::{
    Ask, Game, GameInfo, GameOption, GameRng, Input, LogEntry, OptionKind, Outcome, Pending, Prompt, RuleError, Seat,
    SeatSet, SetupError, Viewer, and_list, plural, seat_ref, seat_verb,
};
use serde::{Deserialize, Serialize};

/// Highest value on a Bidding Dial.
pub const MAX_BID: u8 = 14;

/// Options a host may set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// Rounds in a game (1–100).
    pub rounds: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options { rounds: 20 }
    }
}

/// The game state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SealedBids {
    seats: u8,
    rounds: u32,
    /// The round open for bids, from 0; equals `rounds` once over.
    round: u32,
    /// This round's locked dials (secret until the reveal).
    dials: Vec<Option<u8>>,
    scores: Vec<i64>,
    /// Every revealed round, in order (public).
    reveals: Vec<Reveal>,
}

/// One revealed round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    /// Each seat's bid.
    pub bids: Vec<u8>,
    /// The seat with the highest unique bid, if any.
    pub winner: Option<Seat>,
}

/// Actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Lock the Bidding Dial at `value` (or change a locked one before the
    /// reveal). `round`, when given, must be the open round, so a bid made
    /// against an old screen is refused rather than applied to a new round.
    Bid {
        /// 0–14.
        value: u8,
        /// The round this bid is meant for.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        round: Option<u32>,
    },
}

/// What one viewer sees.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// Seats at the table.
    pub seats: u8,
    /// Rounds in the game.
    pub rounds: u32,
    /// The open round (0-based); equals `rounds` once over.
    pub round: u32,
    /// True once the game is over.
    pub over: bool,
    /// Which seats have locked their dial this round (never the value).
    pub committed: Vec<bool>,
    /// The viewer's own locked dial this round, if any.
    pub my_bid: Option<u8>,
    /// Points per seat.
    pub scores: Vec<i64>,
    /// Revealed rounds.
    pub reveals: Vec<Reveal>,
}

impl SealedBids {
    fn resolve_round(&mut self) -> LogEntry {
        let bids: Vec<u8> = self.dials.iter().map(|d| d.unwrap_or(0)).collect();
        let winner = highest_unique(&bids);
        if let Some(w) = winner {
            self.scores[w as usize] += 1;
        }
        // Text names seats by token (`backroom_engine::names`): the reader
        // sees names, and "you" for their own seat.
        let each: Vec<String> = bids.iter().enumerate().map(|(s, b)| format!("{} {b}", seat_ref(s as Seat))).collect();
        let result = match winner {
            Some(w) => format!("{} with {}.", seat_verb(w, "scores", "score"), bids[w as usize]),
            None => "Every bid was matched: nobody scores.".to_string(),
        };
        let text = format!("Round {} bids: {}. {result}", self.round + 1, and_list(&each));
        self.reveals.push(Reveal { bids, winner });
        self.round += 1;
        self.dials.iter_mut().for_each(|d| *d = None);
        LogEntry::public(text)
    }
}

/// The seat whose bid nobody else made and is highest among such bids.
pub fn highest_unique(bids: &[u8]) -> Option<Seat> {
    let mut count = [0u8; MAX_BID as usize + 1];
    for b in bids {
        count[*b as usize] += 1;
    }
    let best = (0..=MAX_BID).rev().find(|v| count[*v as usize] == 1)?;
    bids.iter().position(|b| *b == best).map(|i| i as Seat)
}

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
        if self.round >= self.rounds || seat >= self.seats {
            return None;
        }
        let title = match self.dials[seat as usize] {
            None => format!("Round {} of {}: set your Bidding Dial", self.round + 1, self.rounds),
            Some(b) => format!(
                "Round {} of {}: your dial is locked at {b}; you may change it until everyone has bid",
                self.round + 1,
                self.rounds
            ),
        };
        let mut ask = Ask::new("bid", "Lock in").with("round", self.round).param(
            "value",
            "Bid",
            Input::Number { min: 0, max: MAX_BID as i64 },
        );
        // Changing a locked dial starts from it, not from 0.
        if let Some(b) = self.dials[seat as usize] {
            ask = ask.default_to(b);
        }
        Some(Prompt::single(title, ask))
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
        let Action::Bid { value, round } = *action;
        if let Some(r) = round
            && r != self.round
        {
            return Err(RuleError::illegal(
                "Rounds",
                format!("that bid was for round {}, but round {} is open", r + 1, self.round + 1),
            ));
        }
        if value > MAX_BID {
            return Err(RuleError::illegal("Bidding Dial", format!("a dial goes from 0 to {MAX_BID}, not {value}")));
        }
        let private = match self.dials[seat as usize].replace(value) {
            None => format!("{} locked the dial at {value}.", seat_ref(seat)),
            Some(old) => format!("{} changed the dial from {old} to {value}.", seat_ref(seat)),
        };
        log.push(LogEntry::split(
            SeatSet::only(seat),
            private,
            Some(format!("{} locked a bid.", seat_verb(seat, "has", "have"))),
        ));
        if self.dials.iter().all(Option::is_some) {
            log.push(self.resolve_round());
        }
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> View {
        View {
            seats: self.seats,
            rounds: self.rounds,
            round: self.round,
            over: self.round >= self.rounds,
            committed: self.dials.iter().map(Option::is_some).collect(),
            my_bid: viewer.seat().and_then(|s| self.dials.get(s as usize).copied().flatten()),
            scores: self.scores.clone(),
            reveals: self.reveals.clone(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.round < self.rounds {
            return None;
        }
        let mut order: Vec<Seat> = (0..self.seats).collect();
        order.sort_by_key(|s| std::cmp::Reverse(self.scores[*s as usize]));
        let mut ranking: Vec<Vec<Seat>> = Vec::new();
        for s in order {
            match ranking.last_mut() {
                Some(group) if self.scores[group[0] as usize] == self.scores[s as usize] => group.push(s),
                _ => ranking.push(vec![s]),
            }
        }
        let top = &ranking[0];
        let points = plural(self.scores[top[0] as usize], "point", "points");
        let summary = if top.len() == 1 {
            format!("{} with {points}.", seat_verb(top[0], "wins", "win"))
        } else {
            let who: Vec<String> = top.iter().map(|s| seat_ref(*s)).collect();
            format!("{} share first place with {points}.", and_list(&who))
        };
        Some(Outcome { ranking, scores: self.scores.clone(), summary, game_winner: None })
    }

    fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng) {
        for (s, d) in self.dials.iter_mut().enumerate() {
            if s as Seat != viewer && d.is_some() {
                *d = Some(rng.range(0, MAX_BID as u32) as u8);
            }
        }
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
    use backroom_engine::testkit;

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
