//! **X-Men: Mutant Revolution** (3–4 players), the rules engine.
//!
//! Source: the rulebook text (`shared/seeds/000_b8054beae47d2542.txt`) and
//! its digest (`shared/rules/xmen-mutant-revolution.md`), whose state
//! machine this crate follows section by section; the README lists every
//! ruling taken where the text is unclear and all house content.
//!
//! Module map:
//! * [`content`]: the Recruit Deck, Plot Deck, Mission Deck, Schools,
//!   Charters and the Mission Arena as validated JSON data;
//! * [`state`]: Schools, Characters and decks; `state::phase`: where the
//!   round is; `state::battle`: the arena's types (PCs, steps, interrupts);
//! * [`rules`]: Setup, Upkeep, Plot Phase, Recruit Phase, Bid for Mission
//!   Commander, Choose Characters, End of Round, Final Tournament, one
//!   module per rulebook section, and the dispatcher routing each action;
//! * [`battle`]: Missions and tournament matches in the arena (initiative,
//!   actions, Dice Strings, the Rule of One, Mission Characters, defeat
//!   penalties, rewards, Triumph Tokens);
//! * [`prompts`]: what each seat may do; [`view`]: what each seat may see,
//!   built by allow-list, and the non-leak re-deal;
//! * [`bot`]: a heuristic player behind `Game::bot_action`.
//!
//! `apply` works on a clone and only replaces the state when the action
//! was legal, so a refusal never leaves a half-done change.
#![deny(missing_docs)]

pub mod action;
pub mod battle;
pub mod bot;
pub mod content;
pub mod prompts;
pub mod rules;
pub mod state;
pub mod versions;
pub mod view;

pub use action::Action;
pub use state::XMen;
pub use state::battle::Mark;

use backroom_engine::{
    Game, GameInfo, GameOption, GameRng, LogEntry, OptionKind, Outcome, Pending, Prompt, RuleError, Seat, SeatSet,
    SetupError, Viewer,
};
use content::{PlotId, RecruitType, content};
use serde::{Deserialize, Serialize};
use state::phase::{self, Phase};
use state::{CharKey, Character, Log, Player};

/// Options a host may set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// Seats choose their School in order of the setup roll (Setup S2);
    /// when false, seat 1 takes Wolverine, seat 2 Cyclops, seat 3 Magneto,
    /// seat 4 Storm.
    pub pick_schools: bool,
    /// House rule: the game ends after this many rounds, won on Revolution
    /// Points then Hope (0 = play until someone wins).
    pub max_rounds: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options { pick_schools: true, max_rounds: 20 }
    }
}

impl Game for XMen {
    type Options = Options;
    type Action = Action;
    type View = view::View;

    /// Views name cards by id; clients draw them from this.
    fn content() -> Option<String> {
        Some(content::Content::default_json())
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "xmen-mutant-revolution".into(),
            name: "X-Men: Mutant Revolution".into(),
            summary: "Lead a School of mutants: plot, recruit Heroes and Students by secret bids, and fight Missions to reach 6 Revolution Points.".into(),
            min_seats: 3,
            max_seats: 4,
            default_seats: 4,
            options: vec![
                GameOption {
                    name: "pick_schools".into(),
                    label: "Choose Schools in order of the setup roll".into(),
                    kind: OptionKind::Bool { default: true },
                    for_seats: None,
                },
                GameOption {
                    name: "max_rounds".into(),
                    label: "Round limit (house rule; 0 = none)".into(),
                    kind: OptionKind::Number { min: 0, max: 100, default: 20 },
                    for_seats: None,
                },
            ],
            house_content: true,
            // 2: every pledge is used and held aside when made; Power Token
            // limits apart from the tokens a Character arrives with. Version
            // 1 matches keep their readings (`versions`).
            engine_version: versions::CURRENT,
        }
    }

    fn setup(options: &Options, seats: u8, rng: &mut GameRng) -> Result<Self, SetupError> {
        Self::setup_version(options, seats, rng, versions::CURRENT)
    }

    fn oldest_version() -> u32 {
        versions::OLDEST
    }

    /// Versions 1 and 2 set up alike (same draws, same Characters); the
    /// version is kept in the state for the readings it changed
    /// ([`versions`]).
    fn setup_version(options: &Options, seats: u8, rng: &mut GameRng, engine_version: u32) -> Result<Self, SetupError> {
        if !(3..=4).contains(&seats) {
            return Err(SetupError(format!("X-Men: Mutant Revolution is played by 3 or 4 players, not {seats}")));
        }
        if options.max_rounds > 100 {
            return Err(SetupError("max_rounds is at most 100".into()));
        }
        let c = content();
        // Setup's lines are not shown: the match's first line says it all.
        let mut discarded = vec![];
        let log = &mut Log::new(&mut discarded);
        let mut g = XMen {
            seats,
            round: 0,
            max_rounds: options.max_rounds,
            mc: 0,
            players: (0..seats)
                .map(|_| Player { school: None, chars: vec![], hope: 0, rp: 0, pp: 0, hand: vec![] })
                .collect(),
            recruit_deck: vec![],
            recruit_discard: vec![],
            plot_deck: vec![],
            plot_discard: vec![],
            mission_deck: vec![],
            mission_discard: vec![],
            last_reveal: None,
            last_attacks: vec![],
            upkeep_revealed: vec![],
            invite_answers: vec![],
            last_trade: None,
            windows: vec![],
            phase: Phase::PickSchool { order: vec![], rolls: vec![] },
            tournament: None,
            engine_version,
        };
        // S1 Order roll (ruling A1), S2 pick order.
        let mut setup_rolls = vec![];
        let order = if options.pick_schools {
            let all: Vec<Seat> = (0..seats).collect();
            let (first, rolls) = XMen::roll_off(&all, rng);
            setup_rolls = rolls.clone();
            log.note(format!(
                "Setup roll: {}. {} a School first.",
                XMen::rolls_text(&rolls),
                backroom_engine::seat_verb(first, "chooses", "choose")
            ));
            g.clockwise(first)
        } else {
            for s in 0..seats {
                g.players[s as usize].school = Some(s);
            }
            vec![]
        };
        // S4 Starting characters: 1 Hero and 2 Students each.
        let ids = |kind: RecruitType, starting: bool| -> Vec<content::RecruitId> {
            c.recruit
                .iter()
                .enumerate()
                .filter(|(_, r)| {
                    r.kind == kind && (r.starting == starting || (!starting && kind == RecruitType::Training))
                })
                .map(|(i, _)| content::RecruitId(i as u16))
                .collect()
        };
        let mut heroes = ids(RecruitType::Hero, true);
        let mut students = ids(RecruitType::Student, true);
        rng.shuffle_deck("starting-heroes", &mut heroes);
        rng.shuffle_deck("starting-students", &mut students);
        for s in 0..seats as usize {
            let h = heroes.remove(0);
            g.players[s].chars.push(Character::new(CharKey::Recruit(h), h.card().kind.arrival_tokens()));
            for _ in 0..2 {
                let st = students.remove(0);
                g.players[s].chars.push(Character::new(CharKey::Recruit(st), st.card().kind.arrival_tokens()));
            }
        }
        // S7 Decks.
        let mut recruit: Vec<content::RecruitId> = heroes.into_iter().chain(students).collect();
        recruit.extend((0..c.recruit.len()).map(|i| content::RecruitId(i as u16)).filter(|r| !r.card().starting));
        rng.shuffle_deck("recruit", &mut recruit);
        g.recruit_deck = recruit;
        let mut plot: Vec<PlotId> = c
            .plot
            .iter()
            .enumerate()
            .flat_map(|(i, p)| std::iter::repeat_n(PlotId(i as u16), p.copies as usize))
            .collect();
        rng.shuffle_deck("plot", &mut plot);
        g.plot_deck = plot;
        let mut missions: Vec<content::MissionId> =
            (0..c.missions.len()).map(|i| content::MissionId(i as u16)).collect();
        rng.shuffle_deck("mission", &mut missions);
        g.mission_deck = missions;
        // S9 Mission Commander token: a random seat.
        g.mc = rng.index(seats as usize) as Seat;
        if options.pick_schools {
            g.phase = Phase::PickSchool { order, rolls: setup_rolls };
        } else {
            g.begin_game(rng, log);
        }
        Ok(g)
    }

    fn pending(&self) -> Pending {
        let sim = |waiting: SeatSet, committed: SeatSet| Pending::Simultaneous { waiting, committed };
        if let Some(w) = self.windows.first()
            && !matches!(self.phase, Phase::Over { .. })
        {
            let answered = w.seats.iter().filter(|s| w.answers.contains_key(s)).collect();
            return Pending::Window { seats: w.seats, answered };
        }
        match &self.phase {
            Phase::PickSchool { order, .. } => Pending::Turn { seat: order[0] },
            Phase::Upkeep(u) => match &u.ordered {
                Some((order, at)) => Pending::Turn { seat: order[*at] },
                None => {
                    let committed: SeatSet = u.commits.keys().copied().collect();
                    sim(self.all().minus(committed), committed)
                }
            },
            Phase::Plot(p) => {
                if let Some(ch) = &p.chain {
                    let answered = ch.window.iter().filter(|s| ch.answers.contains_key(s)).collect();
                    Pending::Window { seats: ch.window, answered }
                } else if let Some(r) = p.request.as_ref().filter(|r| r.pledges.len() < self.seats as usize) {
                    let seats = self.all().minus(SeatSet::only(p.current));
                    let answered = seats.iter().filter(|s| r.pledges.contains_key(s)).collect();
                    Pending::Window { seats, answered }
                } else {
                    Pending::Turn { seat: p.current }
                }
            }
            Phase::HandSize { commits, over } => {
                let committed: SeatSet = over.iter().filter(|s| commits.contains_key(s)).collect();
                sim(over.minus(committed), committed)
            }
            Phase::Allegiance(a) => match &a.ordered {
                Some((order, at)) => Pending::Turn { seat: order[*at] },
                None => Pending::Negotiation { seats: self.all(), ready: a.ready },
            },
            Phase::Recruit(r) if r.training_for.is_some() => Pending::Turn { seat: r.training_for.unwrap() },
            Phase::Recruit(phase::Recruit { auction, .. }) | Phase::McBid { auction, .. } => {
                let committed: SeatSet = auction.bidders.iter().filter(|s| auction.dials.contains_key(s)).collect();
                sim(auction.bidders.minus(committed), committed)
            }
            Phase::Invite(i) => Pending::Turn { seat: i.asking.unwrap_or(self.mc) },
            Phase::Battle(b) => Pending::Turn { seat: b.awaited().unwrap_or(self.mc) },
            Phase::TournamentPick(t) => Pending::Turn { seat: t.pair[t.chosen.len().min(1)] },
            Phase::Over { .. } => Pending::Over,
        }
    }

    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        prompts::prompt(self, seat)
    }

    fn seat_count(&self) -> u8 {
        self.seats
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// The rules write straight to the engine's sink (`state::Log`).
    fn try_apply(
        &mut self,
        seat: Seat,
        action: &Action,
        rng: &mut GameRng,
        log: &mut Vec<LogEntry>,
    ) -> Result<(), RuleError> {
        self.dispatch(seat, action, rng, &mut Log::new(log))
    }

    fn view(&self, viewer: Viewer) -> view::View {
        view::build(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        match &self.phase {
            Phase::Over { ranking, summary } => Some(Outcome {
                ranking: ranking.clone(),
                scores: self.players.iter().map(|p| p.rp as i64).collect(),
                summary: summary.clone(),
                game_winner: None,
            }),
            _ => None,
        }
    }

    fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng) {
        view::redeal(self, viewer, rng)
    }

    /// The default sampler, probing candidates on one clone each (without
    /// the second clone `apply` makes).
    fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        let prompt = self.prompt(seat)?;
        for _ in 0..64 {
            let candidate = prompt.random_action(rng)?;
            let Ok(action) = serde_json::from_value::<Action>(candidate) else {
                continue;
            };
            let mut probe = self.clone();
            let mut probe_rng = rng.clone();
            if probe.dispatch(seat, &action, &mut probe_rng, &mut Log::new(&mut vec![])).is_ok() {
                return Some(action);
            }
        }
        None
    }

    fn bot_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        bot::choose(self, seat, rng)
    }

    fn max_actions(seats: u8) -> usize {
        // 100 rounds at most (the round limit option), a few hundred
        // actions per round and seat.
        60_000 * seats as usize
    }
}
