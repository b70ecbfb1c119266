//! **Marvel: Crisis Protocol** (2 players), the rules engine on a
//! continuous 36"×36" battlefield.
//!
//! Source: the core rules (`shared/seeds/003_86b4677860c963a3.txt`) and
//! their digest (`shared/rules/crisis-protocol.md`), whose state machine,
//! attack pipeline and geometry model this crate follows; the README lists
//! every ruling and all house content.
//!
//! Module map (types below rules; rules import types, prompts and the bot
//! import rules, never the other way):
//! * [`action`]: everything a seat can do ([`Action`]);
//! * [`state`]: the match ([`Crisis`]) and every type it holds;
//! * [`content`]: stat cards, Team Tactic cards, crises, terrain sets and
//!   the geometry constants as validated JSON (house starter set), with its
//!   card types in [`content::cards`] and its loader in [`content::validate`];
//! * [`geometry`]: the battlefield's measuring layer (bases, terrain,
//!   ranges, line of sight, cover, sweeps), below the rules;
//! * [`rules`]: one file per rulebook section (setup, activations, the
//!   attack pipeline, reactions, cleanup, ...), the S/M/L tools in
//!   [`rules::movement`], the eight-sided die in [`rules::dice`], and the
//!   dispatcher;
//! * [`prompts`]: what each seat may do ([`prompts::free`]: its continuous
//!   choices, quick picks included); [`view`]: what each seat may see,
//!   built by allow-list, and the non-leak re-deal; [`bot`]: a heuristic
//!   player; [`versions`]: the readings that changed with an engine version.
//!
//! `apply` works on a clone and only keeps it when the action was legal,
//! so a refusal never leaves a half-done change.
#![deny(missing_docs)]

pub mod action;
pub mod bot;
pub mod content;
pub mod geometry;
pub mod prompts;
pub mod rules;
pub mod state;
pub mod versions;
pub mod view;

pub use action::{Action, PowerChoice};
pub use state::{Crisis, Options};

use backroom_engine::{
    Game, GameInfo, GameOption, GameRng, LogEntry, OptionKind, Outcome, Pending, Prompt, RuleError, Seat, SeatSet,
    SetupError, Viewer,
};
use state::Phase;

/// The engine version stored with every match (see [`versions`]).
pub const ENGINE_VERSION: u32 = versions::CURRENT;

fn check_setup(options: &Options, seats: u8) -> Result<(), SetupError> {
    if seats != 2 {
        return Err(SetupError("Crisis Protocol is played by exactly 2 players".into()));
    }
    if !(6..=12).contains(&options.max_rounds) {
        return Err(SetupError("max_rounds must be between 6 and 12".into()));
    }
    Ok(())
}

impl Game for Crisis {
    type Options = Options;
    type Action = Action;
    type View = view::View;

    fn info() -> GameInfo {
        GameInfo {
            id: "crisis-protocol".into(),
            name: "Marvel: Crisis Protocol".into(),
            summary: "Two squads of superheroes fight over objectives on a 36-inch battlefield: movement tools, ranges, line of sight and cover, measured by the server. House starter set.".into(),
            min_seats: 2,
            max_seats: 2,
            default_seats: 2,
            options: vec![
                GameOption {
                    name: "max_rounds".into(),
                    label: "House limit: a match still tied after this round is a draw".into(),
                    kind: OptionKind::Number { min: 6, max: 12, default: 8 },
                    for_seats: None,
                },
                GameOption { name: "open_rosters".into(), label: "Open rosters: each roster is public once committed".into(), kind: OptionKind::Bool { default: false }, for_seats: None },
            ],
            house_content: true,
            engine_version: ENGINE_VERSION,
        }
    }

    fn setup(options: &Options, seats: u8, rng: &mut GameRng) -> Result<Self, SetupError> {
        Self::setup_version(options, seats, rng, ENGINE_VERSION)
    }

    fn oldest_version() -> u32 {
        versions::OLDEST
    }

    /// Version 4 plays the full setup ([`rules::setup::setup_full`]);
    /// older versions set up alike with the shortcuts they were played
    /// with, the version kept in the state for the readings it changed
    /// ([`versions`]).
    fn setup_version(options: &Options, seats: u8, rng: &mut GameRng, engine_version: u32) -> Result<Self, SetupError> {
        check_setup(options, seats)?;
        let mut g = if engine_version >= versions::FULL_SETUP {
            rules::setup::setup_full(options, rng).0
        } else {
            rules::setup::setup(options, rng).0
        };
        g.version = engine_version;
        Ok(g)
    }

    fn pending(&self) -> Pending {
        match self.phase {
            Phase::Over => Pending::Over,
            Phase::SquadBuild | Phase::Rosters | Phase::Battlefield => {
                let mut waiting = SeatSet::EMPTY;
                let mut committed = SeatSet::EMPTY;
                for s in 0..2u8 {
                    let i = usize::from(s);
                    let done = match self.phase {
                        Phase::Rosters => self.rosters[i].is_some(),
                        Phase::Battlefield => self.layout_confirmed[i],
                        _ => self.squads[i].is_some(),
                    };
                    if done { committed.insert(s) } else { waiting.insert(s) }
                }
                Pending::Simultaneous { waiting, committed }
            }
            Phase::DeckChoice => Pending::Turn { seat: self.priority },
            Phase::MissionSetup => Pending::Turn { seat: self.turn },
            Phase::ThreatChoice | Phase::EdgeChoice => Pending::Turn { seat: 1 - self.priority },
            Phase::Activation if !self.reactions.is_empty() => Pending::Window {
                seats: SeatSet::only(rules::reactions::reaction_seat(self, &self.reactions[0])),
                answered: SeatSet::EMPTY,
            },
            Phase::Activation if self.pending_attack.as_ref().is_some_and(|p| p.ordering) => {
                Pending::Turn { seat: self.models[self.pending_attack.as_ref().map_or(0, |p| p.attacker)].owner }
            }
            Phase::Activation if rules::attack::modify_seat(self).is_some() => {
                let s = rules::attack::modify_seat(self).unwrap_or(0);
                if s == self.turn {
                    Pending::Turn { seat: s }
                } else {
                    Pending::Window { seats: SeatSet::only(s), answered: SeatSet::EMPTY }
                }
            }
            Phase::Activation if self.pending_attack.as_ref().is_some_and(|p| p.window().is_some()) => {
                let t = self.pending_attack.as_ref().and_then(|p| p.window()).unwrap_or(0);
                Pending::Window { seats: SeatSet::only(self.models[t].owner), answered: SeatSet::EMPTY }
            }
            Phase::Deployment | Phase::Leadership | Phase::Activation => Pending::Turn { seat: self.turn },
        }
    }

    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        prompts::prompt(self, seat)
    }

    fn seat_count(&self) -> u8 {
        2
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Each rules step returns its lines ([`rules::Lines`]); they go to the
    /// engine's sink here.
    fn try_apply(
        &mut self,
        seat: Seat,
        action: &Action,
        rng: &mut GameRng,
        log: &mut Vec<LogEntry>,
    ) -> Result<(), RuleError> {
        log.extend(rules::apply(self, seat, action, rng)?);
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> view::View {
        view::view(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        let result = self.result?;
        let scores = vec![i64::from(self.vp[0]), i64::from(self.vp[1])];
        Some(match result {
            Some(w) => Outcome {
                ranking: vec![vec![w], vec![1 - w]],
                scores,
                summary: format!(
                    "{} with {} VP to {}.",
                    backroom_engine::seat_verb(w, "wins", "win"),
                    self.vp[usize::from(w)],
                    self.vp[usize::from(1 - w)]
                ),
                game_winner: None,
            },
            None => Outcome {
                ranking: vec![vec![0, 1]],
                scores,
                summary: format!("A draw, {} VP to {}.", self.vp[0], self.vp[1]),
                game_winner: None,
            },
        })
    }

    fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng) {
        view::redeal_hidden(self, viewer, rng);
    }

    fn bot_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        bot::action(self, seat, rng)
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        Some(bot::evaluate::evaluate(self, seat))
    }

    fn search_config() -> backroom_engine::search::Config {
        // About 14 k actions a second: short playouts, fewer candidates.
        backroom_engine::search::Config { horizon: 20, candidates: 8, ..Default::default() }
    }

    fn max_actions(_seats: u8) -> usize {
        4000
    }

    fn content() -> Option<String> {
        let c = content::content();
        Some(
            serde_json::json!({
                "geometry": c.geometry,
                "characters": c.characters,
                "forms": c.forms,
                "tactics": c.tactics,
                "crises": c.crises,
                "terrainSets": c.terrain_sets,
            })
            .to_string(),
        )
    }
}
