//! Why an answer is refused, in words that name the fact behind the rule
//! (issue 24, part 2): the card named that is not in play, the Unit that is
//! not the seat's, the Hero that has tracked already, the Mastermind that
//! refuses Vehicles, the decision the table waits for and whose it is.
//! `decisions` checks each answer with these before it changes anything.
//! A refusal says only what the refused seat may know: cards in play, its
//! own hand and what its own search shows.

use crate::action::Action;
use crate::content::{Find, Kind};
use crate::state::{HERO, Piece, Schemes, Stage, Uid, VILLAIN};
use backroom_engine::Seat;

/// "a Weapon", "an Event".
fn a(kind: Kind) -> String {
    let w = kind.word();
    if w.starts_with(['A', 'E', 'I', 'O', 'U']) { format!("an {w}") } else { format!("a {w}") }
}

/// "The Heroes are", "The Villain is".
fn side_is(seat: Seat) -> &'static str {
    if seat == HERO { "The Heroes are" } else { "The Villain is" }
}

/// "the Heroes'", "the Villain's".
fn whose(seat: Seat) -> &'static str {
    if seat == HERO { "the Heroes'" } else { "the Villain's" }
}

/// The decision an action answers, for a refusal of it elsewhere.
fn answers(action: &Action) -> &'static str {
    match action {
        Action::Pass | Action::PlayEvent { .. } => "an event window",
        Action::Heal { .. } => "the Doctors' help in the Healing Phase",
        Action::Discard { .. } => "a discard (Analysis, Neutralize)",
        Action::LookAt { .. } => "Predictions or Machinations",
        Action::Lure { .. } => "Lure or Manipulations",
        Action::Take { .. } | Action::TakeNothing => "a search of the deck (Recruit on the Genius table, Blueprints)",
        Action::Build { .. } => "Build",
        Action::Wound | Action::DropGear { .. } => "a Wound on a Unit with a Vehicle or Weapon attached",
        Action::Foil { .. } => "Foiled",
        Action::DrawCard | Action::AddCounter { .. } => "Wheels in Motion",
        Action::Recruit { .. } => "the Recruit Phase",
        Action::AttachPlot { .. } => "the Plot Phase",
        Action::Send { .. } => "the Assassin Phase",
        Action::Track { .. } => "the Track Phase",
        Action::Attack { .. } => "the Attack Phase",
        Action::AttackAgain | Action::Stop => "a Combat Roll of 7 or more",
        Action::Done => "a phase played until its player is done (Recruit, Plot, Assassin, Track, Attack)",
    }
}

/// The action's name on the wire ("attach_plot").
fn action_name(action: &Action) -> String {
    serde_json::to_value(action).ok().and_then(|v| v["type"].as_str().map(str::to_string)).unwrap_or_default()
}

impl Schemes {
    /// What the decision awaited is about, as "putting cards into play".
    pub fn doing(&self, stage: &Stage) -> String {
        match stage {
            Stage::Window { .. } => "answering the event window (play an Event or pass)".into(),
            Stage::Doctor { .. } => "choosing the wounded Units the Doctors help".into(),
            Stage::Discard { .. } => "choosing a card to discard from the hand".into(),
            Stage::ChooseDeck { .. } => "choosing the deck whose next 7 cards are looked at".into(),
            Stage::Lure { .. } => "choosing the Character to gain control of".into(),
            Stage::Search { find: Find::Character, .. } => "searching the deck for a Character".into(),
            Stage::Search { find: Find::Gear, .. } => "searching the deck for a Vehicle or Weapon".into(),
            Stage::Build { .. } => "choosing the Unit that gets the Invention Marker".into(),
            Stage::Harm { unit, .. } => {
                format!("choosing between the Wound on {} and discarding its Vehicle or Weapon", self.label(*unit))
            }
            Stage::Foil { mastermind, .. } => format!("choosing the Plot of {} to discard", self.label(*mastermind)),
            Stage::Wheels { .. } => {
                "choosing between drawing 1 card and putting 1 Plot counter (Wheels in Motion)".into()
            }
            Stage::Recruit { .. } => "putting cards into play".into(),
            Stage::PlotAttach { .. } => "attaching Plots to Masterminds".into(),
            Stage::Assassin { .. } => "sending Minions at Heroes".into(),
            Stage::Track { .. } => "making Track Rolls".into(),
            Stage::Attack { .. } => "attacking the Thwarted Masterminds".into(),
            Stage::Continue { hero, .. } => format!("deciding whether {} attacks again", self.label(*hero)),
        }
    }

    /// The other seat decides now.
    pub fn not_yours(&self, stage: &Stage) -> String {
        format!("{} {}: the decision is theirs, not yours.", side_is(stage.seat()), self.doing(stage))
    }

    /// The action answers another decision than the one awaited.
    pub fn wrong_answer(&self, stage: &Stage, action: &Action) -> String {
        format!("You are {} now; \"{}\" answers {}.", self.doing(stage), action_name(action), answers(action))
    }

    /// The piece numbered `uid`, or why there is none.
    fn in_play(&self, uid: Uid) -> Result<&Piece, String> {
        self.piece(uid).ok_or_else(|| format!("There is no card #{uid} in play."))
    }

    /// Why `uid` is not a Unit of `seat` (a Character or Mastermind).
    pub fn not_own_unit(&self, seat: Seat, uid: Uid) -> Option<String> {
        let p = match self.in_play(uid) {
            Ok(p) => p,
            Err(e) => return Some(e),
        };
        if !p.card.card().is_unit() {
            return Some(format!("{} is {}, not a Unit (a Character or Mastermind).", self.label(uid), a(p.kind())));
        }
        (p.side != seat).then(|| format!("{} is {}, not yours.", self.label(uid), whose(p.side)))
    }

    /// Why `uid` is not a Hero in play (a Character of the Heroes standing
    /// on its own).
    fn not_hero(&self, uid: Uid) -> Option<String> {
        let p = match self.in_play(uid) {
            Ok(p) => p,
            Err(e) => return Some(e),
        };
        let what = match (p.kind(), p.side, p.on) {
            (Kind::Character, HERO, None) => return None,
            (Kind::Character, _, Some(_)) => "a Minor Villain".to_string(),
            (Kind::Character, _, None) => "the Villain's Character".to_string(),
            (kind, _, _) => a(kind),
        };
        Some(format!("{} is {what}, not a Hero.", self.label(uid)))
    }

    /// Why `uid` is not a Mastermind in play.
    fn not_mastermind(&self, uid: Uid) -> Option<String> {
        let p = match self.in_play(uid) {
            Ok(p) => p,
            Err(e) => return Some(e),
        };
        (p.kind() != Kind::Mastermind).then(|| format!("{} is {}, not a Mastermind.", self.label(uid), a(p.kind())))
    }

    /// Why a card of `kind` may not go on `holder` for `seat` (`None`: it
    /// may), following [`Self::may_attach`].
    pub fn attach_refusal(&self, seat: Seat, kind: Kind, holder: Uid) -> Option<String> {
        if self.may_attach(seat, kind, holder) {
            return None;
        }
        let h = match self.in_play(holder) {
            Ok(h) => h,
            Err(e) => return Some(e),
        };
        let label = self.label(holder);
        if h.side != seat {
            return Some(format!("{label} is {}, not yours.", whose(h.side)));
        }
        let hc = h.card.card();
        if hc.mastermind.as_ref().is_some_and(|m| m.refuses.contains(&kind)) {
            let what = if kind == Kind::Character { "Minor Villain" } else { kind.word() };
            return Some(format!("{label} takes no {what}s (its card says so)."));
        }
        Some(match kind {
            Kind::Vehicle | Kind::Weapon => {
                format!("{label} is {}: {} goes on a Unit (a Character or Mastermind).", a(hc.kind), a(kind))
            }
            _ if seat == HERO => format!("The Heroes attach no {}s.", kind.word()),
            _ => format!("{label} is {}: {} goes on a Mastermind.", a(hc.kind), a(kind)),
        })
    }

    /// Doctor: why these Units may not have the +2.
    pub fn heal_refusal(&self, seat: Seat, units: &[Uid]) -> Option<String> {
        for (i, u) in units.iter().enumerate() {
            if let Some(why) = self.not_own_unit(seat, *u) {
                return Some(why);
            }
            if self.piece(*u).is_some_and(|p| p.wounds == 0) {
                return Some(format!("{} has no Wound to heal.", self.label(*u)));
            }
            if units[..i].contains(u) {
                return Some(format!("{} is named twice.", self.label(*u)));
            }
        }
        let doctors = self.with_skill(seat, crate::content::Skill::Doctor).len();
        (units.len() > doctors).then(|| {
            format!(
                "Each Doctor helps one Unit: you have {}, and named {} Units.",
                backroom_engine::plural(doctors as u32, "Doctor", "Doctors"),
                units.len()
            )
        })
    }

    /// Lure or Manipulations: why `target` may not change sides.
    pub fn lure_refusal(&self, seat: Seat, target: Uid) -> Option<String> {
        if seat == VILLAIN && self.holders(VILLAIN, Kind::Character).is_empty() {
            return Some(
                "None of your Masterminds in play takes a Minor Villain, so no Character can join you.".into(),
            );
        }
        let p = match self.in_play(target) {
            Ok(p) => p,
            Err(e) => return Some(e),
        };
        if p.kind() != Kind::Character {
            return Some(format!(
                "{} is {}: only a Character changes sides (never a Mastermind).",
                self.label(target),
                a(p.kind())
            ));
        }
        (p.side == seat).then(|| format!("{} is yours already.", self.label(target)))
    }

    /// A search: why `card` (onto `onto`) may not be taken. Only the card's
    /// type, the Units in play and, for a card of the right type, the
    /// searcher's own deck (which it is looking through) are told.
    pub fn take_refusal(
        &self,
        seat: Seat,
        find: Find,
        card: crate::content::CardId,
        onto: Option<Uid>,
    ) -> Option<String> {
        let kind = card.card().kind;
        match find {
            Find::Character if kind != Kind::Character => {
                return Some(format!("{} is {}; this search finds a Character.", card.name(), a(kind)));
            }
            Find::Gear if !matches!(kind, Kind::Vehicle | Kind::Weapon) => {
                return Some(format!("{} is {}; Blueprints finds a Vehicle or Weapon.", card.name(), a(kind)));
            }
            _ => {}
        }
        match (find, onto) {
            (Find::Character, Some(_)) => return Some(format!("{} goes to your hand, not onto a Unit.", card.name())),
            (Find::Gear, None) => {
                return Some(format!("{} goes into play on one of your Units: name it.", card.name()));
            }
            (Find::Gear, Some(u)) => {
                if let Some(why) = self.attach_refusal(seat, kind, u) {
                    return Some(why);
                }
            }
            (Find::Character, None) => {}
        }
        (!self.sides[seat as usize].deck.contains(&card)).then(|| format!("{} is not in your deck.", card.name()))
    }

    /// Build: why `unit` may not get the Invention Marker.
    pub fn build_refusal(&self, seat: Seat, unit: Uid) -> Option<String> {
        self.not_own_unit(seat, unit)
    }

    /// Instead of a Wound: why `gear` may not be discarded.
    pub fn drop_refusal(&self, unit: Uid, gear: Uid) -> Option<String> {
        let p = match self.in_play(gear) {
            Ok(p) => p,
            Err(e) => return Some(e),
        };
        if !matches!(p.kind(), Kind::Vehicle | Kind::Weapon) {
            return Some(format!("{} is {}, not a Vehicle or Weapon.", self.label(gear), a(p.kind())));
        }
        (p.on != Some(unit))
            .then(|| format!("{} is not attached to {}, the wounded Unit.", self.label(gear), self.label(unit)))
    }

    /// Foiled, or Wheels in Motion: why `plot` is not a Plot (of
    /// `mastermind`, when given).
    pub fn plot_refusal(&self, plot: Uid, mastermind: Option<Uid>) -> Option<String> {
        let p = match self.in_play(plot) {
            Ok(p) => p,
            Err(e) => return Some(e),
        };
        if p.kind() != Kind::Plot {
            return Some(format!("{} is {}, not a Plot.", self.label(plot), a(p.kind())));
        }
        let m = mastermind?;
        (p.on != Some(m))
            .then(|| format!("{} is not a Plot of {}, the Foiled Mastermind.", self.plot_label(plot), self.label(m)))
    }

    /// Plot Phase: why `card` may not be attached to `mastermind`.
    pub fn attach_plot_refusal(&self, seat: Seat, card: crate::content::CardId, mastermind: Uid) -> Option<String> {
        let kind = card.card().kind;
        if kind != Kind::Plot {
            return Some(format!("{} is {}, not a Plot.", card.name(), a(kind)));
        }
        if !self.sides[seat as usize].hand.contains(&card) {
            return Some(format!("{} is not in your hand.", card.name()));
        }
        self.attach_refusal(seat, Kind::Plot, mastermind)
    }

    /// Assassin Phase: why this Minion may not be sent at `hero`.
    pub fn send_refusal(&self, mastermind: Uid, hero: Uid) -> Option<String> {
        if let Some(why) = self.not_mastermind(mastermind) {
            return Some(why);
        }
        let p = self.piece(mastermind)?;
        let minion = self.minion_name(mastermind);
        if p.minions == 0 {
            return Some(format!("{} has no {minion}s to send.", self.label(mastermind)));
        }
        if p.minions <= p.minions_home {
            return Some(format!(
                "{}'s {} came back this phase: Minions that came back stay home.",
                self.label(mastermind),
                backroom_engine::plural(u32::from(p.minions), minion, &format!("{minion}s"))
            ));
        }
        self.not_hero(hero)
    }

    /// Track or Attack Phase: why `hero` may not roll against `mastermind`.
    pub fn hero_refusal(&self, hero: Uid, mastermind: Uid, attack: bool) -> Option<String> {
        if let Some(why) = self.not_hero(hero).or_else(|| self.not_mastermind(mastermind)) {
            return Some(why);
        }
        if self.piece(hero).is_some_and(|p| p.acted) {
            let did = if attack { "attacked" } else { "made its Track Roll" };
            return Some(format!("{} has already {did} this phase.", self.label(hero)));
        }
        (attack && !self.thwarted().contains(&mastermind)).then(|| {
            format!("{} was not Thwarted this turn; only a Thwarted Mastermind is attacked.", self.label(mastermind))
        })
    }

    /// A card put into play on its own or on `onto` in the Recruit Phase.
    pub fn recruit_refusal(&self, seat: Seat, card: crate::content::CardId, onto: Option<Uid>) -> Option<String> {
        let c = card.card();
        if !self.sides[seat as usize].hand.contains(&card) {
            return Some(format!("{} is not in your hand.", c.name));
        }
        match c.kind {
            Kind::Event => {
                return Some(format!(
                    "{} is an Event: it is played after a roll (or in the Intercept Phase), not put into play.",
                    c.name
                ));
            }
            Kind::Plot => {
                return Some(format!("{} is a Plot: it is attached to a Mastermind in the Plot Phase.", c.name));
            }
            _ => {}
        }
        match onto {
            None if Self::needs_holder(seat, c.kind) => {
                Some(format!("{} is attached: name the Unit or Mastermind it goes on.", c.name))
            }
            None => None,
            Some(_) if !Self::needs_holder(seat, c.kind) => {
                Some(format!("{} is put into play on its own, not attached.", c.name))
            }
            Some(h) => self.attach_refusal(seat, c.kind, h),
        }
    }
}
