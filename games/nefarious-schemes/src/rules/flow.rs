//! The turn: 13 phases in order (B1 of the digest). Each phase schedules
//! its work as [`Task`]s; [`Schemes::advance`] runs them until a seat must
//! decide something (a [`Stage`]) or the game ends. In phases where both
//! sides act, the Villain goes first unless the option says otherwise.

use crate::content::{Kind, RollKind, Skill, content};
use crate::state::{HERO, Log, Phase, Schemes, Stage, Task, Uid, VILLAIN};
use backroom_engine::{GameRng, Seat, seat_ref, seat_verb};

impl Schemes {
    /// Schedules tasks to run in the given order.
    pub fn schedule(&mut self, tasks: Vec<Task>) {
        self.tasks.extend(tasks.into_iter().rev());
    }

    /// Runs the scheduled work until a decision is awaited or the game ends.
    pub fn advance(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        loop {
            self.check_end(log);
            if self.ending.is_some() {
                self.stage = None;
                self.tasks.clear();
                self.phase = Phase::Over;
                log.drop_heading();
                return;
            }
            if let Some(Stage::Window { to, .. }) = self.stage
                && self.sides[to as usize].hand.is_empty()
            {
                // An empty hand (public) has nothing to play: it passes.
                self.pass_window();
                continue;
            }
            if self.stage.is_some() {
                log.flush_heading();
                return;
            }
            let task = self.tasks.pop().unwrap_or(Task::Turn);
            self.run(task, rng, log);
        }
    }

    fn run(&mut self, task: Task, rng: &mut GameRng, log: &mut Log<'_>) {
        match task {
            Task::Turn => {
                let mut t: Vec<Task> = Phase::TURN.iter().map(|&phase| Task::Phase { phase }).collect();
                t.push(Task::EndTurn);
                self.schedule(t);
            }
            Task::Phase { phase } => self.start_phase(phase, log),
            Task::SidePart { phase, seat } => self.side_part(phase, seat, log),
            Task::Ask { stage } => {
                if self.stage_useful(&stage) {
                    self.stage = Some(stage);
                }
            }
            Task::Roll { kind, roller, unit, target, penalty } => {
                self.roll(kind, roller, unit, target, penalty, rng, log)
            }
            Task::Read => self.read(log),
            Task::Strike { hero, mastermind, penalty } => self.strike(hero, mastermind, penalty, log),
            Task::VillainRolls => {
                let rolls = self
                    .masterminds()
                    .into_iter()
                    .filter(|m| self.piece(*m).is_some_and(|p| !p.thwarted))
                    .map(|m| Task::Roll {
                        kind: RollKind::Villain,
                        roller: VILLAIN,
                        unit: Some(m),
                        target: None,
                        penalty: 0,
                    })
                    .collect();
                self.schedule(rolls);
            }
            Task::EndTurn => {
                if self.turn >= self.turn_limit {
                    self.win(
                        HERO,
                        format!(
                            "{} the end of turn {} with the Villain's schemes unfinished",
                            seat_verb(HERO, "reaches", "reach"),
                            self.turn
                        ),
                        log,
                    );
                }
            }
        }
    }

    fn start_phase(&mut self, phase: Phase, log: &mut Log<'_>) {
        self.phase = phase;
        if phase == Phase::NewDay {
            self.turn += 1;
            self.wrong_track = 0;
            for p in &mut self.pieces {
                p.thwarted = false;
                p.doctor = false;
            }
        }
        log.start_phase(format!("Turn {}, phase {}: {}.", self.turn, phase.number(), phase.name()));
        let both = |g: &Self| g.order().into_iter().map(|seat| Task::SidePart { phase, seat }).collect::<Vec<_>>();
        match phase {
            Phase::NewDay => {
                for seat in self.order() {
                    self.draw(seat, 1, log);
                }
            }
            Phase::Genius | Phase::Healing | Phase::Invention | Phase::Spy | Phase::Recruit => {
                let t = both(self);
                self.schedule(t);
            }
            Phase::Minion => self.generate(log),
            Phase::PlotAttach => self.schedule(vec![Task::Ask { stage: Stage::PlotAttach { seat: VILLAIN } }]),
            Phase::Assassin => {
                for p in &mut self.pieces {
                    p.minions_home = 0;
                }
                self.schedule(vec![Task::Ask { stage: Stage::Assassin { seat: VILLAIN } }]);
            }
            Phase::PlotAdvance => self.advance_plots(log),
            Phase::Intercept => self.stage = Some(Stage::Window { to: self.order()[0], passes: 0, intercept: true }),
            Phase::Track => {
                for p in &mut self.pieces {
                    p.acted = false;
                }
                self.schedule(vec![Task::Ask { stage: Stage::Track { seat: HERO } }, Task::VillainRolls]);
            }
            Phase::Attack => {
                for p in &mut self.pieces {
                    p.acted = false;
                }
                self.schedule(vec![Task::Ask { stage: Stage::Attack { seat: HERO } }]);
            }
            Phase::Setup | Phase::Over => {}
        }
    }

    fn side_part(&mut self, phase: Phase, seat: Seat, log: &mut Log<'_>) {
        let roll = |kind, unit| Task::Roll { kind, roller: seat, unit: Some(unit), target: None, penalty: 0 };
        match phase {
            Phase::Genius => {
                let t = self.with_skill(seat, Skill::Genius).into_iter().map(|u| roll(RollKind::Genius, u)).collect();
                self.schedule(t);
            }
            Phase::Healing => {
                let wounded = self.wounded(seat);
                if wounded.is_empty() {
                    return;
                }
                if self.with_skill(seat, Skill::Doctor).is_empty() {
                    self.schedule_healing(seat);
                } else {
                    self.schedule(vec![Task::Ask { stage: Stage::Doctor { seat } }]);
                }
            }
            Phase::Invention => {
                let mut t = vec![];
                for u in self.with_skill(seat, Skill::Inventor) {
                    let idle = self.piece(u).map_or(0, |p| p.idle);
                    if idle > 0 {
                        if let Some(p) = self.piece_mut(u) {
                            p.idle -= 1;
                        }
                        let line =
                            format!("{} is still repairing after its Lab Explosion and does not roll.", self.label(u));
                        log.note(line);
                    } else {
                        t.push(roll(RollKind::Invention, u));
                    }
                }
                self.schedule(t);
            }
            Phase::Spy => {
                let t = self.with_skill(seat, Skill::Spy).into_iter().map(|u| roll(RollKind::Spy, u)).collect();
                self.schedule(t);
            }
            Phase::Recruit => self.schedule(vec![Task::Ask { stage: Stage::Recruit { seat, played: 0 } }]),
            _ => {}
        }
    }

    /// Units of a side with Wound counters.
    pub fn wounded(&self, seat: Seat) -> Vec<Uid> {
        self.units(seat).into_iter().filter(|u| self.piece(*u).is_some_and(|p| p.wounds > 0)).collect()
    }

    /// One Healing Roll per Wound counter of the side.
    pub fn schedule_healing(&mut self, seat: Seat) {
        let mut t = vec![];
        for u in self.wounded(seat) {
            for _ in 0..self.piece(u).map_or(0, |p| p.wounds) {
                t.push(Task::Roll { kind: RollKind::Healing, roller: seat, unit: Some(u), target: None, penalty: 0 });
            }
        }
        self.schedule(t);
    }

    /// Minion phase: every Mastermind that Generates gains one token.
    fn generate(&mut self, log: &mut Log<'_>) {
        for m in self.masterminds() {
            if self.piece(m).is_some_and(|p| p.card.card().has(Skill::Generate)) {
                if let Some(p) = self.piece_mut(m) {
                    p.minions += 1;
                }
                let line = format!("{} generates a {}.", self.label(m), self.minion_name(m));
                log.note(line);
            }
        }
    }

    /// Plot phase (advance): a counter on every Plot in play, then the
    /// thresholds.
    fn advance_plots(&mut self, log: &mut Log<'_>) {
        for plot in self.plots() {
            self.add_counter(plot, log);
            if self.ending.is_some() {
                return;
            }
        }
    }

    /// One Plot counter, then its threshold: a Major Plot at 4 wins, a
    /// Minor Plot at 3 is discarded for 1D6 cards.
    pub fn add_counter(&mut self, plot: Uid, log: &mut Log<'_>) {
        let Some(p) = self.piece_mut(plot) else { return };
        p.counters += 1;
        let n = p.counters;
        let rules = &content().rules;
        let line =
            format!("{} has {}.", self.plot_label(plot), backroom_engine::plural(n, "Plot counter", "Plot counters"));
        log.note(line);
        if self.plot_is_major(plot) {
            if n >= rules.major_plot_counters {
                self.win(
                    VILLAIN,
                    format!("{} the Major Plot {}", seat_verb(VILLAIN, "completes", "complete"), self.plot_label(plot)),
                    log,
                );
            }
        } else if n >= rules.minor_plot_counters {
            let line = format!(
                "The Minor Plot {} is complete and is discarded: {} 1D6 for cards.",
                self.plot_label(plot),
                seat_verb(VILLAIN, "rolls", "roll")
            );
            log.note(line);
            self.remove(plot);
            self.schedule(vec![Task::Roll {
                kind: RollKind::PlotDraw,
                roller: VILLAIN,
                unit: None,
                target: None,
                penalty: 0,
            }]);
        }
    }

    /// Whether a decision still has something to decide (public facts only).
    fn stage_useful(&self, stage: &Stage) -> bool {
        let limit = content().rules.recruit_limit;
        let exists = |u: Uid| self.piece(u).is_some();
        match stage {
            Stage::Recruit { seat, played } => *played < limit && !self.sides[*seat as usize].hand.is_empty(),
            Stage::PlotAttach { seat } => !self.sides[*seat as usize].hand.is_empty() && !self.masterminds().is_empty(),
            Stage::Assassin { .. } => !self.heroes().is_empty() && !self.senders().is_empty(),
            Stage::Track { .. } => !self.masterminds().is_empty() && !self.fresh_heroes().is_empty(),
            Stage::Attack { .. } => !self.thwarted().is_empty() && !self.fresh_heroes().is_empty(),
            Stage::Continue { hero, mastermind, .. } => exists(*hero) && exists(*mastermind),
            Stage::Harm { unit, .. } => exists(*unit),
            Stage::Foil { mastermind, .. } => !self.plots_of(*mastermind).is_empty(),
            Stage::Discard { seat } => !self.sides[*seat as usize].hand.is_empty(),
            Stage::Lure { seat } => !self.lure_targets(*seat).is_empty(),
            Stage::Build { seat } => !self.units(*seat).is_empty(),
            Stage::Doctor { seat } => !self.wounded(*seat).is_empty(),
            Stage::Wheels { .. } | Stage::ChooseDeck { .. } | Stage::Search { .. } | Stage::Window { .. } => true,
        }
    }

    /// Masterminds with Minions they may still send this phase.
    pub fn senders(&self) -> Vec<Uid> {
        self.masterminds().into_iter().filter(|m| self.piece(*m).is_some_and(|p| p.minions > p.minions_home)).collect()
    }

    /// Heroes that have not tracked (or attacked) this phase.
    pub fn fresh_heroes(&self) -> Vec<Uid> {
        self.heroes().into_iter().filter(|h| self.piece(*h).is_some_and(|p| !p.acted)).collect()
    }

    /// Masterminds Thwarted this turn.
    pub fn thwarted(&self) -> Vec<Uid> {
        self.masterminds().into_iter().filter(|m| self.piece(*m).is_some_and(|p| p.thwarted)).collect()
    }

    /// Characters `seat` could take with Lure or Manipulations: the
    /// opponent's Characters (never a Mastermind); the Villain needs a
    /// Mastermind that takes Minor Villains.
    pub fn lure_targets(&self, seat: Seat) -> Vec<Uid> {
        if seat == VILLAIN && self.holders(VILLAIN, Kind::Character).is_empty() {
            return vec![];
        }
        let them = crate::state::other(seat);
        self.pieces.iter().filter(|p| p.side == them && p.kind() == Kind::Character).map(|p| p.uid).collect()
    }

    /// A line naming a seat as its role.
    pub fn role(seat: Seat) -> &'static str {
        if seat == HERO { "the Heroes" } else { "the Villain" }
    }

    /// "{seat}" for lines.
    pub fn who(seat: Seat) -> String {
        seat_ref(seat)
    }
}
