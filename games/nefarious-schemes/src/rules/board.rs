//! The board: what is in play and what it adds up to. Units and their
//! Fight and Track (Wounds, Invention Markers and everything attached),
//! Minions and Tripods, Plots Minor and Major, and the attachment rules of
//! the Recruit phase (Vehicles and Weapons on Units; the Villain's
//! Locations, Minor Villains and Plots on Masterminds; what a Mastermind
//! refuses).

use crate::content::{CardId, Kind, PlotSize, Skill, content};
use crate::state::{HERO, Notice, Piece, Schemes, Uid, VILLAIN};
use backroom_engine::Seat;

impl Schemes {
    /// Records a public notice, keeping the last few.
    pub fn notice(&mut self, n: Notice) {
        if self.notices.len() >= 6 {
            self.notices.remove(0);
        }
        self.notices.push(n);
    }

    /// Phases where both act, in order.
    pub fn order(&self) -> [Seat; 2] {
        if self.villain_first { [VILLAIN, HERO] } else { [HERO, VILLAIN] }
    }

    /// The piece with this number.
    pub fn piece(&self, uid: Uid) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.uid == uid)
    }

    /// The piece with this number, to change.
    pub fn piece_mut(&mut self, uid: Uid) -> Option<&mut Piece> {
        self.pieces.iter_mut().find(|p| p.uid == uid)
    }

    /// A piece's name with its number ("Rookie #4"), for lines and labels.
    pub fn label(&self, uid: Uid) -> String {
        self.piece(uid).map_or_else(|| format!("#{uid}"), |p| format!("{} #{uid}", p.card.name()))
    }

    /// Pieces of `seat` of this kind, in play.
    pub fn of_kind(&self, seat: Seat, kind: Kind) -> impl Iterator<Item = &Piece> {
        self.pieces.iter().filter(move |p| p.side == seat && p.kind() == kind)
    }

    /// The side's Characters standing on their own: the Heroes.
    pub fn heroes(&self) -> Vec<Uid> {
        self.pieces
            .iter()
            .filter(|p| p.side == HERO && p.kind() == Kind::Character && p.on.is_none())
            .map(|p| p.uid)
            .collect()
    }

    /// The Villain's Masterminds.
    pub fn masterminds(&self) -> Vec<Uid> {
        self.of_kind(VILLAIN, Kind::Mastermind).map(|p| p.uid).collect()
    }

    /// Pieces attached to `uid`.
    pub fn attached(&self, uid: Uid) -> impl Iterator<Item = &Piece> {
        self.pieces.iter().filter(move |p| p.on == Some(uid))
    }

    /// Units (Characters and Masterminds) of a side, attached or not.
    pub fn units(&self, seat: Seat) -> Vec<Uid> {
        self.pieces.iter().filter(|p| p.side == seat && p.card.card().is_unit()).map(|p| p.uid).collect()
    }

    /// Pieces of a side with a skill (Units and Locations), in play order.
    pub fn with_skill(&self, seat: Seat, skill: Skill) -> Vec<Uid> {
        self.pieces.iter().filter(|p| p.side == seat && p.card.card().has(skill)).map(|p| p.uid).collect()
    }

    /// A Unit's Fight: its own, its Invention Markers, less its Wounds, plus
    /// the Fight of everything attached (Vehicles, Weapons, Locations,
    /// Minor Villains) and of what is attached to those.
    pub fn fight(&self, uid: Uid) -> i32 {
        let Some(p) = self.piece(uid) else { return 0 };
        let rules = &content().rules;
        i32::from(p.card.card().fight) + i32::from(p.markers)
            - i32::from(p.wounds) * i32::from(rules.wound_fight_penalty)
            + self.attached_bonus(uid, |c| c.fight)
    }

    fn attached_bonus(&self, uid: Uid, stat: fn(&crate::content::Card) -> i8) -> i32 {
        self.attached(uid).map(|a| i32::from(stat(a.card.card())) + self.attached_bonus(a.uid, stat)).sum()
    }

    /// A Hero's Track bonus: its own and its attachments'.
    pub fn track_bonus(&self, uid: Uid) -> i32 {
        let Some(p) = self.piece(uid) else { return 0 };
        i32::from(p.card.card().track) + self.attached_bonus(uid, |c| c.track)
    }

    /// The Fight of a Mastermind's Minion tokens.
    pub fn minion_fight(&self, mastermind: Uid) -> i32 {
        let m = self.piece(mastermind).and_then(|p| p.card.card().mastermind.as_ref()).and_then(|m| m.minion.as_ref());
        i32::from(m.map_or(content().rules.minion_fight, |k| k.fight))
    }

    /// "Minion" or the Mastermind's own kind ("Tripod").
    pub fn minion_name(&self, mastermind: Uid) -> &'static str {
        let m = self.piece(mastermind).and_then(|p| p.card.card().mastermind.as_ref()).and_then(|m| m.minion.as_ref());
        m.map_or("Minion", |k| k.name.as_str())
    }

    /// Whether a Plot in play is Major (its card, or its Mastermind's rule).
    pub fn plot_is_major(&self, plot: Uid) -> bool {
        let Some(p) = self.piece(plot) else { return false };
        p.card.card().plot == Some(PlotSize::Major) || self.plot_title(plot).is_some()
    }

    /// The title a Mastermind gives its Plots ("World Conquest").
    pub fn plot_title(&self, plot: Uid) -> Option<&'static str> {
        let on = self.piece(plot)?.on?;
        self.piece(on)?.card.card().mastermind.as_ref()?.plot_title.as_deref()
    }

    /// A Plot's name as it stands ("World Conquest (Bank Heist)").
    pub fn plot_label(&self, plot: Uid) -> String {
        match self.plot_title(plot) {
            Some(t) => format!("{t} ({})", self.label(plot)),
            None => self.label(plot),
        }
    }

    /// Plots attached to a Mastermind.
    pub fn plots_of(&self, mastermind: Uid) -> Vec<Uid> {
        self.attached(mastermind).filter(|p| p.kind() == Kind::Plot).map(|p| p.uid).collect()
    }

    /// Every Plot in play.
    pub fn plots(&self) -> Vec<Uid> {
        self.pieces.iter().filter(|p| p.kind() == Kind::Plot).map(|p| p.uid).collect()
    }

    /// Whether `holder` may take a card of this kind attached: Vehicles and
    /// Weapons go on Units; the Villain's Locations, Minor Villains and
    /// Plots on Masterminds; a Mastermind may refuse some types.
    pub fn may_attach(&self, seat: Seat, kind: Kind, holder: Uid) -> bool {
        let Some(h) = self.piece(holder) else { return false };
        if h.side != seat {
            return false;
        }
        let hc = h.card.card();
        if hc.mastermind.as_ref().is_some_and(|m| m.refuses.contains(&kind)) {
            return false;
        }
        match kind {
            Kind::Vehicle | Kind::Weapon => hc.is_unit(),
            Kind::Location | Kind::Character | Kind::Plot => seat == VILLAIN && hc.kind == Kind::Mastermind,
            Kind::Mastermind | Kind::Event => false,
        }
    }

    /// Whether a card of this kind is put into play attached (else on its own).
    pub fn needs_holder(seat: Seat, kind: Kind) -> bool {
        match kind {
            Kind::Vehicle | Kind::Weapon | Kind::Plot => true,
            Kind::Location | Kind::Character => seat == VILLAIN,
            Kind::Mastermind | Kind::Event => false,
        }
    }

    /// Holders a card of this kind could go on now.
    pub fn holders(&self, seat: Seat, kind: Kind) -> Vec<Uid> {
        self.pieces.iter().filter(|p| self.may_attach(seat, kind, p.uid)).map(|p| p.uid).collect()
    }

    /// Whether a card from `seat`'s hand can be put into play now.
    pub fn playable(&self, seat: Seat, kind: Kind) -> bool {
        !matches!(kind, Kind::Event | Kind::Plot)
            && (!Self::needs_holder(seat, kind) || !self.holders(seat, kind).is_empty())
    }

    /// Puts a card into play.
    pub fn enter(&mut self, card: CardId, owner: Seat, side: Seat, on: Option<Uid>) -> Uid {
        let uid = self.next_uid;
        self.next_uid += 1;
        self.pieces.push(Piece::new(uid, card, owner, side, on));
        uid
    }
}
