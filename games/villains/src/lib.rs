//! Villains (Kalgreen/Seman), 4-5 players: a pure rules engine and its
//! content.
//!
//! Module map, by the rulebook's sections (see the README); types sit below
//! the rules, and the prompts and the bot sit above them:
//!
//! * [`content`]: the City (areas, adjacency, token tracks, control and skill
//!   abilities, capitol tokens), the faction sheets and inventory cards, the
//!   action deck, plans and upgrades, loaded from `content/*.json` and
//!   validated; [`content::effect`]: the vocabulary those files use for what
//!   things do;
//! * [`state`]: the table in play: the City's token tracks, units,
//!   graveyards, players' sheets, hands, decks and targets
//!   ([`state::tally`]: a count per kind for the reserves);
//! * [`action`]: the `Action` enum, everything a seat can do;
//! * [`rules`]: one file per rulebook section, and the router sending each
//!   action to the section that rules on it:
//!   * [`rules::setup`]: SETUP, from the setup marker to Select Factions;
//!   * [`rules::standing`]: the standing rules that apply to a player now
//!     (faction abilities, upgrades, control abilities, rule cards) and what
//!     they derive (card draw, income, energy, Subway placement);
//!   * [`rules::start_phase`]: START PHASE (Reset Energy, Draw Action Cards,
//!     Select Plans, Select Targets with Inside Job and the Police);
//!   * [`rules::place_action_tokens`]: MAIN PHASE, Place Action Tokens, and
//!     Paying Costs;
//!   * [`rules::take_actions`]: MAIN PHASE, Take Actions: revealing
//!     (refunds), discarding, Locked, Pass;
//!   * [`rules::action_tokens`]: the Deploy, Move and Battle Tokens (and
//!     unique tokens acting as them), with deploy limits, costs, taxes and
//!     surcharges;
//!   * [`rules::card_token`]: the Card Token: playing action cards (most of
//!     the deck);
//!   * [`rules::skill_abilities`]: Activating an Area's Skill Ability (the
//!     nine skills, Commissar Papova's move);
//!   * [`rules::choices`]: sacrifices and discards other players owe after an
//!     effect;
//!   * [`rules::combat`]: COMBAT: a round in one area, attacks, hits,
//!     toughness, graveyards, sacrifices, Biohazard;
//!   * [`rules::determine_control`]: END PHASE, Determine Control (influence,
//!     captured markers, capitol tokens);
//!   * [`rules::end_phase`]: END PHASE after control: Collect Resources, Score
//!     Targets, plan objectives, Check for Victory, Collect Upgrades,
//!     Refresh, Cleanup;
//!   * [`rules::turn_loop`]: the Combat Step's order of battles, the END
//!     PHASE's order, Score Plans, victory or the next turn;
//!   * [`rules::mr_fusion`]: Mr. Fusion's further cards, one after another;
//!   * [`rules::abilities`]: champion and upgrade abilities that wait on a
//!     choice (Mother Ooze's free deploys, ...);
//!   * [`rules::deals`]: Deals: resource offers between players at any time;
//! * [`prompts`]: what each seat may do now, only workable options, built
//!   from whole candidates tried on copies ([`prompts::candidates`]) and
//!   asked step by step ([`prompts::composite`]: the card or skill, then what
//!   it needs, then the energy), labelled in words ([`prompts::labels`]);
//! * [`bot`]: the heuristic player behind `Game::bot_action`;
//! * [`versions`]: the readings a saved match keeps from the engine version
//!   it was set up under;
//! * [`view`]: what a viewer sees (allow-list) and the non-leak re-deal;
//! * this file: the `backroom_engine::Game` impl (pending, outcome, and the
//!   rest delegated).
#![deny(missing_docs)]

pub mod action;
pub mod bot;
pub mod content;
pub mod prompts;
pub mod rules;
pub mod state;
pub mod versions;
pub mod view;

pub use action::{Action, SkillPick};
/// The game: the table is the value the engine contract speaks of.
pub use state::Villains;

use crate::state::Phase;
use backroom_engine::{
    Game, GameInfo, GameRng, LogEntry, Outcome, Pending, Prompt, RuleError, Seat, SeatSet, SetupError, Viewer,
};
use serde::{Deserialize, Serialize};

/// Lobby options (none yet).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {}

impl Game for Villains {
    type Options = Options;
    type Action = Action;
    type View = crate::view::View;

    fn info() -> GameInfo {
        GameInfo {
            id: "villains".into(),
            name: "Villains".into(),
            summary: "Eight factions fight for the City with face-down action tokens, secret targets and plans.".into(),
            min_seats: 4,
            max_seats: 5,
            default_seats: 4,
            options: Vec::new(),
            house_content: false,
            engine_version: crate::versions::CURRENT,
        }
    }

    fn content() -> Option<String> {
        Some(crate::content::public_json())
    }

    fn setup(_options: &Options, seats: u8, rng: &mut GameRng) -> Result<Self, SetupError> {
        crate::rules::setup::setup(seats, rng).map(|(s, _)| s)
    }

    fn oldest_version() -> u32 {
        crate::versions::OLDEST
    }

    /// Versions set up alike; the version is kept in the state for the
    /// readings it changed ([`crate::versions`]).
    fn setup_version(options: &Options, seats: u8, rng: &mut GameRng, engine_version: u32) -> Result<Self, SetupError> {
        let mut s = Self::setup(options, seats, rng)?;
        s.engine_version = engine_version;
        Ok(s)
    }

    fn pending(&self) -> Pending {
        if let Phase::Over { .. } = self.phase {
            return Pending::Over;
        }
        if let Some(seat) = crate::rules::fighting(self) {
            return Pending::Turn { seat };
        }
        match &self.phase {
            Phase::SelectFactions { chooser } => Pending::Turn { seat: *chooser },
            Phase::SelectPlans { waiting } => {
                Pending::Simultaneous { waiting: *waiting, committed: SeatSet::first(self.seats).minus(*waiting) }
            }
            Phase::SelectTargets { .. } => {
                let mut waiting = SeatSet::EMPTY;
                let mut committed = SeatSet::EMPTY;
                for s in 0..self.seats {
                    if crate::rules::start_phase::may_select_target(self, s) {
                        waiting.insert(s);
                    } else if self.players[s as usize].target.is_some() {
                        committed.insert(s);
                    }
                }
                Pending::Simultaneous { waiting, committed }
            }
            Phase::PlaceTokens { current } | Phase::TakeActions { current, .. } | Phase::ScorePlans { current } => {
                Pending::Turn { seat: *current }
            }
            Phase::Start | Phase::Combat { .. } | Phase::Over { .. } => Pending::Over,
        }
    }

    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        crate::prompts::prompt(self, seat)
    }

    fn seat_count(&self) -> u8 {
        self.seats
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// Only an awaited seat acts, but for the few actions allowed at any
    /// time ([`Action::any_time`]).
    fn try_apply(
        &mut self,
        seat: Seat,
        action: &Action,
        rng: &mut GameRng,
        log: &mut Vec<LogEntry>,
    ) -> Result<(), RuleError> {
        if !action.any_time() && !self.pending().awaited().contains(seat) {
            return Err(crate::rules::not_awaited(self, seat));
        }
        log.extend(crate::rules::apply_to(self, seat, action, rng)?);
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> crate::view::View {
        crate::view::view(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over { winners } = &self.phase else {
            return None;
        };
        let total = |s: Seat| i64::from(self.players[s as usize].ap) + i64::from(self.players[s as usize].pp);
        let mut rest: Vec<Seat> = (0..self.seats).filter(|s| !winners.contains(s)).collect();
        rest.sort_by_key(|s| std::cmp::Reverse(total(*s)));
        let mut ranking = vec![winners.clone()];
        for s in rest {
            match ranking.last_mut() {
                Some(g) if !g.is_empty() && !winners.contains(&g[0]) && total(g[0]) == total(s) => g.push(s),
                _ => ranking.push(vec![s]),
            }
        }
        let summary = crate::rules::end_phase::victory_words(self, winners);
        Some(Outcome { ranking, scores: (0..self.seats).map(total).collect(), summary, game_winner: None })
    }

    fn bot_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        crate::bot::choose(self, seat, rng)
    }

    fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng) {
        crate::view::redeal(self, viewer, rng);
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        Some(bot::evaluate(self, seat))
    }

    fn search_config() -> backroom_engine::search::Config {
        backroom_engine::search::Config { horizon: 100, ..Default::default() }
    }

    fn max_actions(_seats: u8) -> usize {
        6000
    }

    /// As the default (a sample of the prompt, tried on a copy), except that
    /// the whole-candidate options (activations, skills, Laboratory plays,
    /// plan scores) were each tried on a copy to build the prompt, so they
    /// are not tried again.
    fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        let prompt = self.prompt(seat)?;
        for _ in 0..64 {
            let candidate = prompt.random_action(rng)?;
            let Ok(action) = serde_json::from_value::<Action>(candidate) else {
                continue;
            };
            if matches!(
                action,
                Action::Activate { .. }
                    | Action::UseSkill { .. }
                    | Action::LabPlay { .. }
                    | Action::FusionPlay { .. }
                    | Action::ScorePlans { .. }
            ) {
                return Some(action);
            }
            // `apply` would copy the table again: try on one copy.
            let mut probe = self.clone();
            if crate::rules::apply_to(&mut probe, seat, &action, &mut rng.clone()).is_ok() {
                return Some(action);
            }
        }
        None
    }
}
