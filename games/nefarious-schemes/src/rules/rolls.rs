//! Rolling on a table: the dice, the modifiers the text names (Fight,
//! Track, Heal bonuses), the event window that follows every roll, and
//! reading the modified roll on its table, whose row's effect (data) is
//! carried out here.

use crate::content::{Effect, Find, Kind, RollKind, Skill, WhichDeck, content};
use crate::state::{HERO, Log, Look, LookKind, Modifier, Notice, Roll, Schemes, Stage, Task, Uid, VILLAIN, other};
use backroom_engine::{GameRng, LogEntry, Seat, SeatSet, plural, seat_verb};

/// Heal +3: an Immortal on its own Healing Rolls.
const IMMORTAL_HEAL: i32 = 3;
/// Heal +2: a Doctor's one roll per turn.
const DOCTOR_HEAL: i32 = 2;

impl Schemes {
    /// Rolls on a table and opens the event window; the roll is read when
    /// the window closes. A roll whose Unit or target has left play (or
    /// changed sides) is not made.
    #[allow(clippy::too_many_arguments, reason = "the five fields of `Task::Roll`, the generator and the log sink")]
    pub fn roll(
        &mut self,
        kind: RollKind,
        roller: Seat,
        unit: Option<Uid>,
        target: Option<Uid>,
        penalty: u8,
        rng: &mut GameRng,
        log: &mut Log<'_>,
    ) {
        if unit.is_some_and(|u| self.piece(u).is_none_or(|p| p.side != roller))
            || target.is_some_and(|t| self.piece(t).is_none())
        {
            return;
        }
        let table = kind.table();
        let dice = rng.dice(table.dice as usize);
        let mut mods = vec![];
        let mut add = |from: String, value: i32| {
            if value != 0 {
                mods.push(Modifier { from, value });
            }
        };
        let pen = i32::from(penalty);
        match (kind, unit, target) {
            (RollKind::Healing, Some(u), _) => {
                if self.piece(u).is_some_and(|p| p.card.card().has(Skill::Immortal)) {
                    add("Immortal".into(), IMMORTAL_HEAL);
                }
                if let Some(p) = self.piece_mut(u)
                    && p.doctor
                {
                    p.doctor = false;
                    add("Doctor".into(), DOCTOR_HEAL);
                }
            }
            (RollKind::Assassin, Some(m), Some(h)) => {
                add(format!("{} Fight", self.minion_name(m)), self.minion_fight(m));
                add(format!("Fight of {}", self.label(h)), -self.fight(h));
            }
            (RollKind::Track, Some(h), _) => {
                add(format!("Track of {}", self.label(h)), self.track_bonus(h));
                if let Some(p) = self.piece_mut(h)
                    && p.interrogation > 0
                {
                    let n = i32::from(p.interrogation);
                    p.interrogation = 0;
                    add("Minion Interrogated".into(), n);
                }
                add("On the Wrong Track".into(), -i32::from(self.wrong_track));
            }
            (RollKind::Combat, Some(h), Some(m)) => {
                add(format!("Fight of {}", self.label(h)), self.fight(h));
                add("another attack".into(), -pen);
                add(format!("{} Fight", self.minion_name(m)), -self.minion_fight(m));
            }
            (RollKind::Showdown, Some(h), Some(m)) => {
                add(format!("Fight of {}", self.label(h)), self.fight(h));
                add("another attack".into(), -pen);
                add(format!("Fight of {}", self.label(m)), -self.fight(m));
            }
            _ => {}
        }
        let roll = Roll { kind, roller, unit, target, dice, mods, result: None };
        let dice_text = roll.dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" + ");
        let mut line = format!("{} {dice_text} on the {}", seat_verb(roller, "rolls", "roll"), table.name);
        if let Some(u) = unit {
            line.push_str(&format!(" for {}", self.label(u)));
        }
        if let Some(t) = target {
            line.push_str(&format!(" against {}", self.label(t)));
        }
        for m in &roll.mods {
            line.push_str(&format!(", {:+} {}", m.value, m.from));
        }
        line.push_str(&format!(": {}.", roll.total()));
        log.note(line);
        self.roll = Some(roll);
        self.schedule(vec![Task::Read]);
        self.stage = Some(Stage::Window { to: roller, passes: 0, intercept: false });
    }

    /// Reads the current roll on its table and carries out the row.
    pub fn read(&mut self, log: &mut Log<'_>) {
        let Some(roll) = self.roll.clone() else { return };
        let row = roll.kind.table().row(roll.total());
        if let Some(r) = &mut self.roll {
            r.result = Some(row.name.clone());
        }
        log.note(format!("{} {}: {}.", roll.kind.table().name, roll.total(), row.name));
        let (seat, them) = (roll.roller, other(roll.roller));
        let unit = roll.unit;
        if !self.carry_out(&roll, row.effect, seat, them, unit, log) {
            return;
        }
        // The Minion of an Assassin or Combat Roll dies, unless it came home.
        match (roll.kind, row.effect) {
            (RollKind::Combat, _) => {
                if let Some(m) = roll.target {
                    self.lose_minion(m, log);
                }
            }
            (RollKind::Assassin, Effect::ReturnMinion) => {}
            (RollKind::Assassin, _) => {
                if let Some(m) = unit {
                    let line = format!("The {} sent by {} dies.", self.minion_name(m), self.label(m));
                    log.note(line);
                }
            }
            _ => {}
        }
    }

    /// Carries out a table row's effect for the roller (`seat`) against
    /// `them`, with the rolling `unit`; false when the row stops the read
    /// there (no unit to act), so the Minion's fate is not read either.
    fn carry_out(
        &mut self,
        roll: &Roll,
        effect: Effect,
        seat: Seat,
        them: Seat,
        unit: Option<Uid>,
        log: &mut Log<'_>,
    ) -> bool {
        match effect {
            Effect::Nothing => {}
            Effect::OpponentDiscards => self.schedule(vec![Task::Ask { stage: Stage::Discard { seat: them } }]),
            Effect::LookNextSeven { deck: WhichDeck::Own } => self.look_next_seven(seat, seat, log),
            Effect::LookNextSeven { deck: WhichDeck::Either } => {
                self.schedule(vec![Task::Ask { stage: Stage::ChooseDeck { seat } }])
            }
            Effect::LookOpponentHand => self.look_hand(seat, log),
            Effect::GainControl => {
                if self.lure_targets(seat).is_empty() {
                    log.note("There is no Character that can change sides.");
                } else {
                    self.schedule(vec![Task::Ask { stage: Stage::Lure { seat } }]);
                }
            }
            Effect::Search { find } => self.begin_search(seat, find, log),
            Effect::Draw { cards } => self.draw(seat, u32::from(cards), log),
            Effect::Heal => {
                if let Some(u) = unit
                    && let Some(p) = self.piece_mut(u)
                {
                    p.wounds = p.wounds.saturating_sub(1);
                    let line = format!("{} loses a Wound counter.", self.label(u));
                    log.note(line);
                }
            }
            Effect::InventionMarker => self.schedule(vec![Task::Ask { stage: Stage::Build { seat } }]),
            Effect::LabExplosion => {
                let Some(u) = unit else { return false };
                if self.piece(u).is_some_and(|p| p.kind() == Kind::Location) {
                    if let Some(p) = self.piece_mut(u) {
                        p.idle = content().rules.location_idle_turns;
                    }
                    let line = format!(
                        "{} cannot roll on the Invention table for {}.",
                        self.label(u),
                        plural(content().rules.location_idle_turns, "turn", "turns")
                    );
                    log.note(line);
                } else {
                    self.wound(u, log);
                }
            }
            Effect::SpyCaught => {
                let Some(u) = unit else { return false };
                if self.piece(u).is_some_and(|p| p.kind() == Kind::Mastermind) {
                    self.wound(u, log);
                } else {
                    let line = format!("{} is caught and discarded.", self.label(u));
                    log.note(line);
                    self.remove(u);
                }
            }
            Effect::Interrogated => {
                if let Some(h) = roll.target
                    && let Some(p) = self.piece_mut(h)
                {
                    p.interrogation += 1;
                    let line = format!("{} holds +1 for its next Track Roll; the Minion dies.", self.label(h));
                    log.note(line);
                }
            }
            Effect::ReturnMinion => {
                if let Some(m) = unit
                    && let Some(p) = self.piece_mut(m)
                {
                    p.minions += 1;
                    p.minions_home += 1;
                    let line = format!("The Minion returns to {}.", self.label(m));
                    log.note(line);
                }
            }
            Effect::WoundTarget => self.harm_opt(roll.target, log),
            Effect::KillTarget => {
                if let Some(t) = roll.target {
                    self.kill(t, log);
                }
            }
            Effect::WoundRoller => self.harm_opt(unit, log),
            Effect::KillRoller => {
                if let Some(u) = unit {
                    self.kill(u, log);
                }
            }
            Effect::WrongTrack => {
                self.wrong_track += 1;
                log.note(format!("All Heroes have Track -{} this turn.", self.wrong_track));
            }
            Effect::Foiled => {
                if let Some(m) = roll.target {
                    self.foiled_result(m, log);
                }
            }
            Effect::Thwarted => {
                if let Some(m) = roll.target {
                    self.thwarted_result(m, log);
                }
            }
            Effect::GainMinions { minions } => {
                if let Some(m) = unit.filter(|m| self.piece(*m).is_some_and(|p| p.kind() == Kind::Mastermind))
                    && let Some(p) = self.piece_mut(m)
                {
                    p.minions += minions;
                    let line = format!(
                        "{} gains {}.",
                        self.label(m),
                        plural(minions, self.minion_name(m), &format!("{}s", self.minion_name(m)))
                    );
                    log.note(line);
                }
            }
            Effect::DrawOrPlotCounter => {
                if self.plots().is_empty() {
                    self.draw(seat, 1, log);
                } else {
                    self.schedule(vec![Task::Ask { stage: Stage::Wheels { seat } }]);
                }
            }
            Effect::AttackAgain => {
                if let (Some(h), Some(m)) = (unit, roll.target) {
                    let penalty =
                        roll.mods.iter().find(|x| x.from == "another attack").map_or(0, |x| -x.value) as u8 + 1;
                    self.schedule(vec![Task::Ask {
                        stage: Stage::Continue { seat: HERO, hero: h, mastermind: m, penalty },
                    }]);
                }
            }
            Effect::DrawRoll => self.draw(seat, roll.total().max(0) as u32, log),
        }
        true
    }

    /// Foiled: one of the Mastermind's Plots is discarded, the Heroes'
    /// choice when it has several.
    fn foiled_result(&mut self, m: Uid, log: &mut Log<'_>) {
        let plots = self.plots_of(m);
        match plots.as_slice() {
            [] => log.note("There is no Plot to discard."),
            [one] => self.foil(*one, log),
            _ => self.schedule(vec![Task::Ask { stage: Stage::Foil { seat: HERO, mastermind: m } }]),
        }
    }

    /// Thwarted: all the Mastermind's Plots are discarded and the Heroes
    /// may attack it this turn.
    fn thwarted_result(&mut self, m: Uid, log: &mut Log<'_>) {
        for p in self.plots_of(m) {
            self.foil(p, log);
        }
        if let Some(p) = self.piece_mut(m) {
            p.thwarted = true;
        }
        let line = format!("{} is Thwarted: the Heroes may attack it this turn.", self.label(m));
        log.note(line);
    }

    fn lose_minion(&mut self, m: Uid, log: &mut Log<'_>) {
        if let Some(p) = self.piece_mut(m) {
            p.minions = p.minions.saturating_sub(1);
        }
        let line = format!("The {} of {} dies.", self.minion_name(m), self.label(m));
        log.note(line);
    }

    fn harm_opt(&mut self, u: Option<Uid>, log: &mut Log<'_>) {
        if let Some(u) = u {
            self.harm(u, log);
        }
    }

    /// Discards a Plot from play.
    pub fn foil(&mut self, plot: Uid, log: &mut Log<'_>) {
        let line = format!("{} is discarded.", self.plot_label(plot));
        log.note(line);
        self.remove(plot);
    }

    /// The roller sees the next 7 cards of `deck_of`'s deck; the opponent
    /// learns only that it happened.
    pub fn look_next_seven(&mut self, seat: Seat, deck_of: Seat, log: &mut Log<'_>) {
        let cards: Vec<_> = self.sides[deck_of as usize].deck.iter().take(7).copied().collect();
        let names: Vec<&str> = cards.iter().map(|c| c.name()).collect();
        let deck_words = if deck_of == crate::state::HERO { "the Heroes' deck" } else { "the Villain's deck" };
        log.say(LogEntry::split(
            SeatSet::only(seat),
            format!(
                "{} the next cards of {deck_words}: {}.",
                seat_verb(seat, "sees", "see"),
                if names.is_empty() { "none".to_string() } else { names.join(", ") }
            ),
            Some(format!("{} at the next 7 cards of {deck_words}.", seat_verb(seat, "looks", "look"))),
        ));
        self.looks[seat as usize] = Some(Look { what: LookKind::NextSeven, of: deck_of, cards });
        self.notice(Notice { by: seat, what: LookKind::NextSeven, of: deck_of, found: None });
    }

    /// The roller sees the opponent's hand.
    pub fn look_hand(&mut self, seat: Seat, log: &mut Log<'_>) {
        let them = other(seat);
        let cards = self.sides[them as usize].hand.clone();
        let names: Vec<&str> = cards.iter().map(|c| c.name()).collect();
        log.say(LogEntry::split(
            SeatSet::only(seat),
            format!(
                "{} the hand of {}: {}.",
                seat_verb(seat, "sees", "see"),
                Self::role(them),
                if names.is_empty() { "no cards".to_string() } else { names.join(", ") }
            ),
            Some(format!("{} at the hand of {}.", seat_verb(seat, "looks", "look"), Self::role(them))),
        ));
        self.looks[seat as usize] = Some(Look { what: LookKind::Hand, of: them, cards });
        self.notice(Notice { by: seat, what: LookKind::Hand, of: them, found: None });
    }

    /// Cards a search may take from `seat`'s deck, sorted and distinct.
    pub fn search_candidates(&self, seat: Seat, find: Find) -> Vec<crate::content::CardId> {
        let mut c: Vec<_> = self.sides[seat as usize]
            .deck
            .iter()
            .copied()
            .filter(|c| match find {
                Find::Character => c.card().kind == Kind::Character,
                Find::Gear => {
                    matches!(c.card().kind, Kind::Vehicle | Kind::Weapon)
                        && !self.holders(seat, c.card().kind).is_empty()
                }
            })
            .collect();
        c.sort();
        c.dedup();
        c
    }

    /// A search: the searcher sees its whole deck (sorted, so the order
    /// stays secret), then chooses, then the deck is shuffled.
    fn begin_search(&mut self, seat: Seat, find: Find, log: &mut Log<'_>) {
        let mut cards = self.sides[seat as usize].deck.clone();
        cards.sort();
        self.looks[seat as usize] = Some(Look { what: LookKind::Search, of: seat, cards });
        self.notice(Notice { by: seat, what: LookKind::Search, of: seat, found: None });
        log.note(format!("{} the deck.", seat_verb(seat, "searches", "search")));
        self.schedule(vec![Task::Ask { stage: Stage::Search { seat, find } }]);
    }

    /// Whether the Villain's seat is `seat` (for readability).
    pub fn is_villain(seat: Seat) -> bool {
        seat == VILLAIN
    }
}
