//! **Mutants: The Card Game** (2–4 players, and solo "Uprising" against a
//! boss), the rules engine.
//!
//! Source: the rulebook text (`shared/seeds/002_a68d410aca3e45d8.txt`) and
//! its digest (`shared/rules/mutants-and-004.md`, part A), whose state
//! machine, hidden-information table and rulings this crate follows; the
//! README lists the rulings taken and the house content.
//!
//! Module map:
//! * [`action`]: everything a seat can do ([`Action`]);
//! * [`content`]: Basic and Advanced Mutants, the board, the bosses, as
//!   validated JSON data with effects in the rulebook's keywords;
//! * [`state`]: boards, the Power Track, the resolution stack;
//! * [`rules`]: Set Up, the turn, the keywords, End of Round, Uprising;
//! * [`prompts`]: what each seat may do; [`view`]: what each seat may
//!   see, built by allow-list, and the non-leak re-deal;
//! * [`bot`]: a heuristic player behind `Game::bot_action`.
//!
//! `apply` works on a clone and only keeps it when the action was legal,
//! so a refusal never leaves a half-done change.
#![deny(missing_docs)]

pub mod action;
pub mod bot;
pub mod content;
pub mod prompts;
pub mod rules;
pub mod state;
pub mod view;

pub use action::Action;
pub use state::{Mutants, Options, PoolMode};

use backroom_engine::{
    Game, GameInfo, GameOption, GameRng, LogEntry, OptionKind, Outcome, Pending, Prompt, RuleError, Seat, SeatSet,
    SetupError, Viewer,
};
use content::Gene;
use state::Phase;

impl Game for Mutants {
    type Options = Options;
    type Action = Action;
    type View = view::View;

    fn info() -> GameInfo {
        let c = content::content();
        let genes = [Gene::Cyber, Gene::Necro, Gene::Saber, Gene::Mythic, Gene::Zoomorph, Gene::Galactic];
        GameInfo {
            id: "mutants".into(),
            name: "Mutants: The Card Game".into(),
            summary: "Breed genetic gladiators and fight for the Power Track over five rounds: a quick deck-builder with a blind draft, for 2–4 players, or alone against a boss (Uprising).".into(),
            min_seats: 1,
            max_seats: 4,
            default_seats: 2,
            options: vec![
                // Solo (Uprising) always constructs its Gene Pool; the boss
                // and the extra challenges are solo's only.
                GameOption {
                    name: "gene_pools".into(),
                    label: "Gene Pools".into(),
                    kind: OptionKind::Choice {
                        choices: vec![
                            ("draft".into(), "Draft".into()),
                            ("preconstructed".into(), "Preconstructed".into()),
                            ("constructed".into(), "Constructed".into()),
                        ],
                        default: "draft".into(),
                    },
                    for_seats: Some([2, 4]),
                },
                GameOption {
                    name: "boss".into(),
                    label: "Uprising boss".into(),
                    kind: OptionKind::Choice {
                        choices: c.bosses.iter().map(|b| (b.id.clone(), b.name.clone())).collect(),
                        default: "singularity-wizard".into(),
                    },
                    for_seats: Some([1, 1]),
                },
                GameOption { name: "super_tough".into(), label: "Extra challenge, Super Tough: the boss has 10 more Life".into(), kind: OptionKind::Bool { default: false }, for_seats: Some([1, 1]) },
                GameOption {
                    name: "restricted_gene".into(),
                    label: "Extra challenge, Restricted Gene Pool: no Advanced Mutant with this gene".into(),
                    kind: OptionKind::Choice {
                        choices: std::iter::once(("".to_string(), "None".to_string()))
                            .chain(genes.iter().map(|g| (serde_json::to_value(g).unwrap().as_str().unwrap_or("").to_string(), g.name().to_string())))
                            .collect(),
                        default: String::new(),
                    },
                    for_seats: Some([1, 1]),
                },
            ],
            house_content: true,
            engine_version: 1,
        }
    }

    fn content() -> Option<String> {
        Some(content::content().to_json())
    }

    fn setup(options: &Options, seats: u8, rng: &mut GameRng) -> Result<Self, SetupError> {
        Mutants::new(options, seats, rng)
    }

    fn pending(&self) -> Pending {
        match &self.phase {
            Phase::Over => Pending::Over,
            Phase::Draft => {
                let d = self.draft.as_ref().expect("drafting");
                let committed: SeatSet = (0..self.seats).filter(|s| d.commits[*s as usize].is_some()).collect();
                Pending::Simultaneous { waiting: SeatSet::first(self.seats).minus(committed), committed }
            }
            Phase::Construct { commits } => {
                let committed: SeatSet = (0..self.seats).filter(|s| commits[*s as usize].is_some()).collect();
                Pending::Simultaneous { waiting: SeatSet::first(self.seats).minus(committed), committed }
            }
            Phase::Mulligan { seat, .. } => Pending::Turn { seat: *seat },
            Phase::Play => match self.stack.last().and_then(state::Task::asker) {
                Some(s) => Pending::Turn { seat: self.decider(s) },
                None => Pending::Over,
            },
        }
    }

    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        prompts::prompt(self, seat)
    }

    fn seat_count(&self) -> u8 {
        self.seats
    }

    fn is_over(&self) -> bool {
        Mutants::is_over(self)
    }

    fn try_apply(
        &mut self,
        seat: Seat,
        action: &Action,
        rng: &mut GameRng,
        log: &mut Vec<LogEntry>,
    ) -> Result<(), RuleError> {
        self.act(seat, action, log, rng)
    }

    fn view(&self, viewer: Viewer) -> view::View {
        view::view(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        let r = self.result.as_ref().filter(|_| self.is_over())?;
        // In Uprising a boss still alive at the end has won, not the player.
        let game_winner =
            self.boss.as_ref().filter(|b| b.life > 0).map(|b| content::content().bosses[b.id].name.clone());
        Some(Outcome { ranking: r.ranking.clone(), scores: r.scores.clone(), summary: r.summary.clone(), game_winner })
    }

    fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng) {
        view::redeal(self, viewer, rng);
    }

    fn max_actions(seats: u8) -> usize {
        600 * usize::from(seats.max(1)) + 200
    }

    fn bot_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        bot::bot_action(self, seat, rng)
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        bot::chance(self, seat, bot::TEMPERATURE)
    }
}
