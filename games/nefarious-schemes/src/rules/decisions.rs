//! The actions that answer each decision ([`Stage`]). Every arm checks the
//! whole action before it changes anything, and a refusal names the rule
//! by its rulebook name.

use super::refuse;
use crate::action::Action;
use crate::content::{Find, Kind, Skill};
use crate::state::{HERO, Log, LookKind, Schemes, Stage, Task, Uid, VILLAIN};
use backroom_engine::{GameRng, RuleError, Seat, seat_verb};

/// The rulebook name of the rule a decision belongs to.
pub fn stage_rule(stage: &Stage) -> &'static str {
    match stage {
        Stage::Window { .. } => "Event window",
        Stage::Doctor { .. } => "Doctor",
        Stage::Discard { .. } => "Opponent must discard 1 card",
        Stage::ChooseDeck { .. } => "Look at next 7 cards in either deck",
        Stage::Lure { .. } => "Gain Control of target Character",
        Stage::Search { find: Find::Character, .. } => "Recruit (Genius table)",
        Stage::Search { find: Find::Gear, .. } => "Blueprints",
        Stage::Build { .. } => "Build",
        Stage::Harm { .. } => "Wounded (or discard an attached weapon or vehicle)",
        Stage::Foil { .. } => "Foiled",
        Stage::Wheels { .. } => "Wheels in Motion",
        Stage::Recruit { .. } => "Recruit Phase",
        Stage::PlotAttach { .. } => "Plot Phase",
        Stage::Assassin { .. } => "Assassin Phase",
        Stage::Track { .. } => "Track Phase",
        Stage::Attack { .. } => "Attack Phase",
        Stage::Continue { .. } => "Combat Roll",
    }
}

/// The deck's name for forced orders in tests.
pub fn deck_name(seat: Seat) -> &'static str {
    if seat == HERO { "hero" } else { "villain" }
}

impl Schemes {
    /// Validates and performs `action` for `seat`, then runs the game on to
    /// the next decision.
    ///
    /// # Errors
    /// The rule the action breaks.
    pub fn decide(
        &mut self,
        seat: Seat,
        action: &Action,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        if self.ending.is_some() {
            return Err(RuleError::game_over());
        }
        let Some(stage) = self.stage.clone() else {
            return Err(RuleError::not_your_turn(
                "Turn Sequence",
                "No decision is awaited now: the turn runs on by itself.",
            ));
        };
        let rule = stage_rule(&stage);
        if stage.seat() != seat {
            return Err(RuleError::not_your_turn(rule, self.not_yours(&stage)));
        }
        // Each arm gates on its rule as it always did; the refusal's words
        // come from `refusals`, which names the fact.
        self.answer_effect(seat, &stage, action, rule, rng, log)?;
        self.advance(rng, log);
        Ok(())
    }

    /// The answers to an effect's question (event windows, the Doctor,
    /// discards, looks, Lure and searches); any other answer goes on to
    /// [`Schemes::answer_board`].
    fn answer_effect(
        &mut self,
        seat: Seat,
        stage: &Stage,
        action: &Action,
        rule: &'static str,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        let bad = |m: &str| Err(refuse(rule, m));
        let why = |m: Option<String>, fallback: &str| m.unwrap_or_else(|| fallback.to_string());
        match (stage, action) {
            (Stage::Window { .. }, Action::Pass) => self.pass_window(),
            (Stage::Window { .. }, Action::PlayEvent { card, on }) => {
                if let Some(why) = self.event_refusal(seat, *card, *on) {
                    return bad(&why);
                }
                self.play_event(seat, *card, *on, log);
            }
            (Stage::Doctor { .. }, Action::Heal { units }) => {
                let doctors = self.with_skill(seat, Skill::Doctor).len();
                let wounded = self.wounded(seat);
                let mut seen = units.clone();
                seen.sort_unstable();
                seen.dedup();
                if seen.len() != units.len() || units.len() > doctors || units.iter().any(|u| !wounded.contains(u)) {
                    return bad(&why(
                        self.heal_refusal(seat, units),
                        "choose distinct wounded Units of your side, at most one per Doctor",
                    ));
                }
                for u in units {
                    if let Some(p) = self.piece_mut(*u) {
                        p.doctor = true;
                    }
                }
                let names: Vec<String> = units.iter().map(|u| self.label(*u)).collect();
                let line = if names.is_empty() {
                    format!("{} no Doctor's help.", seat_verb(seat, "gives", "give"))
                } else {
                    format!("Doctor: Heal +2 to the next Healing Roll of {}.", backroom_engine::and_list(&names))
                };
                log.note(line);
                self.stage = None;
                self.schedule_healing(seat);
            }
            (Stage::Discard { .. }, Action::Discard { card }) => {
                if !self.discard_from_hand(seat, *card) {
                    return bad(&format!("{} is not in your hand.", card.name()));
                }
                log.note(format!("{} {}.", seat_verb(seat, "discards", "discard"), card.name()));
                self.stage = None;
            }
            (Stage::ChooseDeck { .. }, Action::LookAt { deck }) => {
                if *deck > 1 {
                    return bad(&format!("There is no deck {deck}: deck 0 is the Heroes', 1 the Villain's."));
                }
                self.stage = None;
                self.look_next_seven(seat, *deck, log);
            }
            (Stage::Lure { .. }, Action::Lure { target }) => {
                if !self.lure_targets(seat).contains(target) {
                    return bad(&why(
                        self.lure_refusal(seat, *target),
                        "choose a Character of your opponent in play (never a Mastermind)",
                    ));
                }
                self.stage = None;
                self.take_control(seat, *target, log);
            }
            (Stage::Search { find, .. }, Action::Take { card, onto }) => {
                let kind = card.card().kind;
                let ok = self.search_candidates(seat, *find).contains(card)
                    && match (find, onto) {
                        (Find::Character, None) => true,
                        (Find::Gear, Some(u)) => self.may_attach(seat, kind, *u),
                        _ => false,
                    };
                if !ok {
                    return bad(&why(
                        self.take_refusal(seat, *find, *card, *onto),
                        "that card is not in your deck, or not what this search finds",
                    ));
                }
                let deck = &mut self.sides[seat as usize].deck;
                if let Some(i) = deck.iter().position(|c| c == card) {
                    deck.remove(i);
                }
                match onto {
                    None => {
                        self.sides[seat as usize].hand.push(*card);
                        log.note(format!(
                            "{} {}, shown to both players.",
                            seat_verb(seat, "finds", "find"),
                            card.name()
                        ));
                    }
                    Some(u) => {
                        let uid = self.enter(*card, seat, seat, Some(*u));
                        let line = format!(
                            "{} {}, which goes on {}.",
                            seat_verb(seat, "finds", "find"),
                            self.label(uid),
                            self.label(*u)
                        );
                        log.note(line);
                    }
                }
                if let Some(n) = self.notices.iter_mut().rev().find(|n| n.by == seat && n.what == LookKind::Search) {
                    n.found = Some(*card);
                }
                self.stage = None;
                self.shuffle_after_search(seat, rng, log);
            }
            (Stage::Search { find, .. }, Action::TakeNothing) => {
                let found = self.search_candidates(seat, *find).len();
                if found > 0 {
                    return bad(&format!(
                        "Your deck holds {} this search finds: a search takes one when it can.",
                        backroom_engine::plural(found as u32, "card", "cards")
                    ));
                }
                log.note(format!("{} nothing.", seat_verb(seat, "finds", "find")));
                self.stage = None;
                self.shuffle_after_search(seat, rng, log);
            }
            _ => return self.answer_board(seat, stage, action, rule, log),
        }
        Ok(())
    }

    /// The answers that change the board: Build, a wound or a dropped
    /// attachment, Foiled, Wheels in Motion; any other answer goes on to
    /// [`Schemes::answer_phase`].
    fn answer_board(
        &mut self,
        seat: Seat,
        stage: &Stage,
        action: &Action,
        rule: &'static str,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        let bad = |m: &str| Err(refuse(rule, m));
        let why = |m: Option<String>, fallback: &str| m.unwrap_or_else(|| fallback.to_string());
        match (stage, action) {
            (Stage::Build { .. }, Action::Build { unit }) => {
                if !self.units(seat).contains(unit) {
                    return bad(&why(
                        self.build_refusal(seat, *unit),
                        "the Invention Marker goes on one of your Units (a Character or Mastermind)",
                    ));
                }
                if let Some(p) = self.piece_mut(*unit) {
                    p.markers += 1;
                }
                let line = format!("{} gets an Invention Marker (Fight +1).", self.label(*unit));
                log.note(line);
                self.stage = None;
            }
            (Stage::Harm { unit, .. }, Action::Wound) => {
                self.stage = None;
                self.wound(*unit, log);
            }
            (Stage::Harm { unit, .. }, Action::DropGear { gear }) => {
                if !self.gear_of(*unit).contains(gear) {
                    return bad(&why(
                        self.drop_refusal(*unit, *gear),
                        "discard a Vehicle or Weapon attached to the wounded Unit",
                    ));
                }
                let line = format!("{} discards {} instead of taking the Wound.", self.label(*unit), self.label(*gear));
                log.note(line);
                self.stage = None;
                self.remove(*gear);
            }
            (Stage::Foil { mastermind, .. }, Action::Foil { plot }) => {
                if !self.plots_of(*mastermind).contains(plot) {
                    return bad(&why(
                        self.plot_refusal(*plot, Some(*mastermind)),
                        "choose a Plot of the target Mastermind",
                    ));
                }
                self.stage = None;
                self.foil(*plot, log);
            }
            (Stage::Wheels { .. }, Action::DrawCard) => {
                self.stage = None;
                self.draw(seat, 1, log);
            }
            (Stage::Wheels { .. }, Action::AddCounter { plot }) => {
                if !self.plots().contains(plot) {
                    return bad(&why(self.plot_refusal(*plot, None), "choose a Plot card in play"));
                }
                self.stage = None;
                self.add_counter(*plot, log);
            }
            _ => return self.answer_phase(seat, stage, action, rule, log),
        }
        Ok(())
    }

    /// The answers to a phase of the turn (Recruit, Plot, Assassin, Track,
    /// Attack and its Combat Rolls, and Done); anything else is the wrong
    /// answer to the decision awaited.
    fn answer_phase(
        &mut self,
        seat: Seat,
        stage: &Stage,
        action: &Action,
        rule: &'static str,
        log: &mut Log<'_>,
    ) -> Result<(), RuleError> {
        let bad = |m: &str| Err(refuse(rule, m));
        let why = |m: Option<String>, fallback: &str| m.unwrap_or_else(|| fallback.to_string());
        match (stage, action) {
            (Stage::Recruit { played, .. }, Action::Recruit { card, onto }) => {
                if let Some(m) = self.recruit_refusal(seat, *card, *onto) {
                    return bad(&m);
                }
                let hand = &mut self.sides[seat as usize].hand;
                if let Some(i) = hand.iter().position(|c| c == card) {
                    hand.remove(i);
                }
                let uid = self.enter(*card, seat, seat, *onto);
                let line = match onto {
                    Some(h) => format!(
                        "{} {} into play on {}.",
                        seat_verb(seat, "puts", "put"),
                        self.label(uid),
                        self.label(*h)
                    ),
                    None => format!("{} {} into play.", seat_verb(seat, "puts", "put"), self.label(uid)),
                };
                log.note(line);
                self.stage = None;
                self.schedule(vec![Task::Ask { stage: Stage::Recruit { seat, played: played + 1 } }]);
            }
            (Stage::PlotAttach { .. }, Action::AttachPlot { card, mastermind }) => {
                if card.card().kind != Kind::Plot
                    || !self.sides[seat as usize].hand.contains(card)
                    || !self.may_attach(seat, Kind::Plot, *mastermind)
                {
                    return bad(&why(
                        self.attach_plot_refusal(seat, *card, *mastermind),
                        "attach a Plot card from your hand",
                    ));
                }
                let pos = self.sides[seat as usize].hand.iter().position(|c| c == card).unwrap_or(0);
                self.sides[seat as usize].hand.remove(pos);
                let uid = self.enter(*card, seat, seat, Some(*mastermind));
                let size = if self.plot_is_major(uid) { "Major" } else { "Minor" };
                let line = format!(
                    "{} the {size} Plot {} to {}.",
                    seat_verb(seat, "attaches", "attach"),
                    self.plot_label(uid),
                    self.label(*mastermind)
                );
                log.note(line);
                self.stage = None;
                self.schedule(vec![Task::Ask { stage: Stage::PlotAttach { seat } }]);
            }
            (Stage::Assassin { .. }, Action::Send { mastermind, hero }) => {
                if !self.senders().contains(mastermind) || !self.heroes().contains(hero) {
                    return bad(&why(
                        self.send_refusal(*mastermind, *hero),
                        "send a Minion of one of your Masterminds (not one that came back this phase) at a Hero in play",
                    ));
                }
                if let Some(p) = self.piece_mut(*mastermind) {
                    p.minions -= 1;
                }
                let line = format!(
                    "{} sends a {} at {}.",
                    self.label(*mastermind),
                    self.minion_name(*mastermind),
                    self.label(*hero)
                );
                log.note(line);
                self.stage = None;
                self.schedule(vec![
                    Task::Roll {
                        kind: crate::content::RollKind::Assassin,
                        roller: VILLAIN,
                        unit: Some(*mastermind),
                        target: Some(*hero),
                        penalty: 0,
                    },
                    Task::Ask { stage: Stage::Assassin { seat } },
                ]);
            }
            (Stage::Track { .. }, Action::Track { hero, mastermind }) => {
                if !self.fresh_heroes().contains(hero) || !self.masterminds().contains(mastermind) {
                    return bad(&why(
                        self.hero_refusal(*hero, *mastermind, false),
                        "each Hero that has not tracked this phase picks a Mastermind in play",
                    ));
                }
                if let Some(p) = self.piece_mut(*hero) {
                    p.acted = true;
                }
                self.stage = None;
                self.schedule(vec![
                    Task::Roll {
                        kind: crate::content::RollKind::Track,
                        roller: HERO,
                        unit: Some(*hero),
                        target: Some(*mastermind),
                        penalty: 0,
                    },
                    Task::Ask { stage: Stage::Track { seat } },
                ]);
            }
            (Stage::Attack { .. }, Action::Attack { hero, mastermind }) => {
                if !self.fresh_heroes().contains(hero) || !self.thwarted().contains(mastermind) {
                    return bad(&why(
                        self.hero_refusal(*hero, *mastermind, true),
                        "each Hero that has not attacked this phase attacks a Mastermind Thwarted this turn",
                    ));
                }
                if let Some(p) = self.piece_mut(*hero) {
                    p.acted = true;
                }
                log.note(format!("{} attacks {}.", self.label(*hero), self.label(*mastermind)));
                self.stage = None;
                self.schedule(vec![
                    Task::Strike { hero: *hero, mastermind: *mastermind, penalty: 0 },
                    Task::Ask { stage: Stage::Attack { seat } },
                ]);
            }
            (Stage::Continue { hero, mastermind, penalty, .. }, Action::AttackAgain) => {
                log.note(format!("{} attacks again, Fight -{penalty}.", self.label(*hero)));
                self.stage = None;
                self.schedule(vec![Task::Strike { hero: *hero, mastermind: *mastermind, penalty: *penalty }]);
            }
            (Stage::Continue { hero, .. }, Action::Stop) => {
                log.note(format!("{} stops attacking.", self.label(*hero)));
                self.stage = None;
            }
            (
                Stage::Recruit { .. }
                | Stage::PlotAttach { .. }
                | Stage::Assassin { .. }
                | Stage::Track { .. }
                | Stage::Attack { .. },
                Action::Done,
            ) => {
                self.stage = None;
            }
            _ => return bad(&self.wrong_answer(stage, action)),
        }
        Ok(())
    }

    fn shuffle_after_search(&mut self, seat: Seat, rng: &mut GameRng, log: &mut Log<'_>) {
        let mut deck = std::mem::take(&mut self.sides[seat as usize].deck);
        rng.shuffle_deck(deck_name(seat), &mut deck);
        self.sides[seat as usize].deck = deck;
        log.note(format!("{} the deck.", seat_verb(seat, "shuffles", "shuffle")));
    }

    /// Lure or Manipulations: the Character (with its attachments) changes
    /// sides. The Heroes' new Character stands on its own; the Villain's
    /// joins the rolling Mastermind as a Minor Villain, or the first
    /// Mastermind that takes one.
    fn take_control(&mut self, seat: Seat, target: Uid, log: &mut Log<'_>) {
        let holder = if seat == VILLAIN {
            let holders = self.holders(VILLAIN, Kind::Character);
            let roller = self.roll.as_ref().and_then(|r| r.unit).filter(|u| holders.contains(u));
            roller.or_else(|| holders.first().copied())
        } else {
            None
        };
        self.change_side(target, seat);
        if let Some(p) = self.piece_mut(target) {
            p.on = holder;
            p.acted = true;
        }
        let line = match holder {
            Some(h) => format!(
                "{} control of {}, who joins {}.",
                seat_verb(seat, "gains", "gain"),
                self.label(target),
                self.label(h)
            ),
            None => format!("{} control of {}.", seat_verb(seat, "gains", "gain"), self.label(target)),
        };
        log.note(line);
    }
}
