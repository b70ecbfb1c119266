//! Villains (Kalgreen/Seman), 4-5 players: a pure rules engine and its
//! content.
//!
//! Module map, by the rulebook's sections (see the README):
//!
//! * [`content`]: the City (areas, adjacency, token tracks, control and skill
//!   abilities, capitol tokens), the faction sheets and inventory cards, the
//!   action deck, plans and upgrades, loaded from `content/*.json` and
//!   validated;
//! * [`effect`]: the vocabulary those files use for what things do;
//! * [`state`]: the table in play: the City's token tracks, units,
//!   graveyards, players' sheets, hands, decks and targets;
//! * [`setup`]: SETUP, from the setup marker to Select Factions;
//! * [`skill`]: Activating an Area's Skill Ability (the nine skills,
//!   Commissar Papova's move);
//! * [`standing`]: the standing rules that apply to a player now (faction
//!   abilities, upgrades, control abilities, rule cards) and what they
//!   derive (card draw, income, energy, Subway placement);
//! * [`start`]: START PHASE (Reset Energy, Draw Action Cards, Select Plans,
//!   Select Targets with Inside Job and the Police);
//! * [`place`]: MAIN PHASE, Place Action Tokens, and Paying Costs;
//! * [`actions`]: MAIN PHASE, Take Actions: revealing (refunds), discarding,
//!   Locked, Pass (activation to come);
//! * [`activate`]: activating deploy, move and battle tokens (and unique
//!   tokens acting as them), with deploy limits, costs, taxes and
//!   surcharges;
//! * [`candidates`]: whole candidate actions for the prompts, each tried
//!   on a copy (the price trial);
//! * [`cards`]: playing action cards from card tokens (most of the deck);
//! * [`choices`]: sacrifices and discards other players owe after an effect;
//! * [`combat`]: COMBAT: a round in one area, attacks, hits, toughness,
//!   graveyards, sacrifices, Biohazard;
//! * [`control`]: END PHASE, Determine Control (influence, captured
//!   markers, capitol tokens);
//! * [`end`]: END PHASE after control: Collect Resources, Score Targets, plan
//!   objectives, Check for Victory, Collect Upgrades, Refresh, Cleanup;
//! * [`fusion`]: Mr. Fusion's further cards, one after another;
//! * [`flow`]: the Combat Step's order of battles, the END PHASE's order,
//!   Score Plans, victory or the next turn;
//! * [`deals`]: Deals: resource offers between players at any time;
//! * [`game`]: the `backroom_engine::Game` impl (actions, pending, prompts,
//!   outcome);
//! * [`bot`]: the heuristic player behind `Game::bot_action`;
//! * [`abilities`]: champion and upgrade abilities that wait on a choice
//!   (Mother Ooze's free deploys, ...);
//! * [`prompts`]: what each seat may do now, only workable options,
//!   built from whole candidates tried on copies and asked step by step
//!   ([`composite`]: the card or skill, then what it needs, then the
//!   energy);
//! * [`versions`]: the readings a saved match keeps from the engine version
//!   it was set up under;
//! * [`view`]: what a viewer sees (allow-list) and the non-leak re-deal.
#![deny(missing_docs)]

pub mod abilities;
pub mod actions;
pub mod activate;
pub mod bot;
pub mod candidates;
pub mod cards;
pub mod choices;
pub mod combat;
pub mod composite;
pub mod content;
pub mod control;
pub mod deals;
pub mod effect;
pub mod end;
pub mod flow;
pub mod fusion;
pub mod game;
pub mod labels;
pub mod place;
pub mod prompts;
pub mod setup;
pub mod skill;
pub mod standing;
pub mod start;
pub mod state;
pub mod tally;
pub mod versions;
pub mod view;

/// The game: the table is the value the engine contract speaks of.
pub type Villains = state::State;
pub use game::{Action, Options, SkillPick};
