//! **Marvel: Crisis Protocol** (2 players), the rules engine on a
//! continuous 36"×36" battlefield.
//!
//! Source: the core rules (`shared/seeds/003_86b4677860c963a3.txt`) and
//! their digest (`shared/rules/crisis-protocol.md`), whose state machine,
//! attack pipeline and geometry model this crate follows; the README lists
//! every ruling and all house content.
//!
//! Module map:
//! * [`content`] (checked by [`validate`]): stat cards, Team Tactic cards, crises, terrain sets and
//!   the geometry constants as validated JSON (house starter set);
//! * [`geometry`]: bases, terrain, ranges, line of sight, cover, sweeps;
//!   [`movement`]: the S/M/L tools and legal end positions;
//! * [`state`]: the match; [`dice`]: the eight-sided die;
//! * [`rules`]: setup (threat, squads, deployment), activations, the
//!   attack pipeline and cleanup, and the dispatcher;
//! * [`prompts`]: what each seat may do ([`free`]: its continuous
//!   choices, quick picks included); [`view`]: what each seat may see,
//!   built by allow-list, and the non-leak re-deal; [`bot`]: a heuristic
//!   player.
//!
//! `apply` works on a clone and only keeps it when the action was legal,
//! so a refusal never leaves a half-done change.
#![deny(missing_docs)]

pub mod bot;
pub mod cards;
pub mod content;
pub mod dice;
pub mod free;
pub mod geometry;
pub mod movement;
pub mod prompts;
pub mod rules;
pub mod state;
pub mod validate;
pub mod versions;
pub mod view;

pub use state::Crisis;

use backroom_engine::{
    Game, GameInfo, GameOption, GameRng, LogEntry, OptionKind, Outcome, Pending, Prompt, RuleError, Seat, SeatSet,
    SetupError, Viewer,
};
use serde::{Deserialize, Serialize};
use state::Phase;

/// The engine version stored with every match (see [`versions`]).
pub const ENGINE_VERSION: u32 = versions::CURRENT;

/// Options a host may set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// House limit: a match still tied after this round (at least 6) is a draw.
    pub max_rounds: u8,
    /// Rosters are public as soon as they are committed (the digest's
    /// "open rosters" setting); by default they stay secret until both are in.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub open_rosters: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { max_rounds: 8, open_rosters: false }
    }
}

/// Everything a seat can do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Commit (or change) a secret roster: 10 characters and 10 Team
    /// Tactic cards (engine version 2).
    Roster {
        /// Character ids.
        characters: Vec<String>,
        /// Team Tactic card ids.
        tactics: Vec<String>,
    },
    /// Answer the proposed terrain layout (engine version 2).
    Battlefield {
        /// Confirm it, ask for another generated one, or propose a set.
        choice: rules::battlefield::LayoutChoice,
    },
    /// Deck choice: the priority player's crisis deck to draw from.
    ChooseDeck {
        /// Secure or Extraction.
        deck: cards::CrisisKind,
    },
    /// Threat choice: the crisis card (0 Secure, 1 Extraction) whose
    /// Maximum Threat applies.
    ChooseThreat {
        /// 0 or 1.
        crisis: usize,
    },
    /// Edge choice (the non-priority player).
    ChooseEdge {
        /// The edge.
        edge: state::Edge,
    },
    /// Choose the leader for the game (several qualify).
    ChooseLeader {
        /// Model index.
        model: usize,
    },
    /// Place a token the other player's character dropped, within R2 of
    /// it; or, in mission setup, the next token of your crisis card.
    PlaceToken {
        /// Token index.
        token: usize,
        /// Its centre.
        at: geometry::Pt,
    },
    /// Commit (or change) a secret squad.
    Squad {
        /// Character ids.
        characters: Vec<String>,
        /// Up to 5 Team Tactic card ids (left out when none, the form
        /// matches stored before cards could be chosen).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tactics: Vec<String>,
    },
    /// Answer a reaction window: a reactive superpower (`power:Name`) or
    /// card (`tactic:id`), or nothing to decline.
    React {
        /// What to react with; absent to decline.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<String>,
    },
    /// Play a Team Tactic card from the hand (the active character pays).
    PlayTactic {
        /// Card id.
        card: String,
        /// What the card names, for cards that name something.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        choice: Option<PowerChoice>,
    },
    /// Deploy a character.
    Deploy {
        /// Model index.
        model: usize,
        /// Base centre.
        at: geometry::Pt,
    },
    /// Activate a ready character.
    Activate {
        /// Model index.
        model: usize,
    },
    /// Pass the turn (only when behind on ready characters).
    Pass {},
    /// Move action: advance or climb.
    Advance {
        /// The tool and end position.
        plan: movement::Plan,
    },
    /// Attack action.
    Attack {
        /// Index of the attack on the stat card.
        attack: usize,
        /// Target model.
        target: usize,
    },
    /// Shake off a condition.
    Shake {
        /// Which.
        condition: content::Condition,
    },
    /// Interact with a token (1 ⚡, not an action).
    Interact {
        /// Token index.
        token: usize,
    },
    /// End the activation.
    EndActivation {},
    /// The modify step (engine version 6): reroll some of your own dice
    /// with one of your reroll abilities, or keep the dice (no ability).
    Reroll {
        /// The ability's name; absent to keep the dice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ability: Option<String>,
        /// Indices of the dice rerolled (in your own roll).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        dice: Vec<usize>,
    },
    /// The order a beam's or area's enemies are attacked in (engine
    /// version 6): every enemy in range once.
    OrderTargets {
        /// Model indices, first attacked first.
        order: Vec<usize>,
    },
    /// Use an active superpower.
    UsePower {
        /// Index of the superpower on the stat card.
        power: usize,
        /// What it names.
        choice: PowerChoice,
    },
}

/// What a superpower or card names (fields it doesn't need are left out).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PowerChoice {
    /// Target model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<usize>,
    /// A point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub point: Option<geometry::Pt>,
    /// A direction in degrees.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub angle: Option<f64>,
    /// A piece of terrain (index in the layout).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<usize>,
    /// An objective token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<usize>,
    /// One of the character's attacks (a Charge's attack).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<usize>,
}

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
