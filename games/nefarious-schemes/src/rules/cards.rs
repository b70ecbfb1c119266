//! Cards moving: drawing (private to the drawer), discarding (public),
//! Wounds and deaths. A card that leaves play goes to its owner's discard
//! with everything attached to it; Minion tokens simply vanish.

use crate::content::{CardId, Kind, content};
use crate::state::{HERO, Log, Schemes, Stage, Task, Uid, VILLAIN};
use backroom_engine::{LogEntry, Seat, SeatSet, and_list, plural, seat_verb};

impl Schemes {
    /// `seat` draws `n` cards. The drawer reads their names; the opponent
    /// the count. The Villain drawing from an empty deck loses (house
    /// rule); the Heroes skip the draw.
    pub fn draw(&mut self, seat: Seat, n: u32, log: &mut Log<'_>) {
        let mut got: Vec<CardId> = vec![];
        for _ in 0..n {
            let side = &mut self.sides[seat as usize];
            if side.deck.is_empty() {
                break;
            }
            got.push(side.deck.remove(0));
        }
        if !got.is_empty() {
            let names: Vec<&str> = got.iter().map(|c| c.name()).collect();
            self.sides[seat as usize].hand.extend(got.iter().copied());
            log.say(LogEntry::split(
                SeatSet::only(seat),
                format!("{} {}.", seat_verb(seat, "draws", "draw"), and_list(&names)),
                Some(format!("{} {}.", seat_verb(seat, "draws", "draw"), plural(got.len() as i64, "card", "cards"))),
            ));
        }
        if (got.len() as u32) < n {
            if seat == VILLAIN {
                self.win(HERO, format!("{} to draw from an empty deck", seat_verb(VILLAIN, "has", "have")), log);
            } else {
                let line = format!("The deck is empty: {} no more cards.", seat_verb(seat, "draws", "draw"));
                log.note(line);
            }
        }
    }

    /// Moves a card from `seat`'s hand to its discard (public).
    pub fn discard_from_hand(&mut self, seat: Seat, card: CardId) -> bool {
        let side = &mut self.sides[seat as usize];
        let Some(i) = side.hand.iter().position(|c| *c == card) else { return false };
        side.hand.remove(i);
        side.discard.push(card);
        true
    }

    /// Takes a piece out of play with everything attached to it, each card
    /// to its owner's discard.
    pub fn remove(&mut self, uid: Uid) {
        let children: Vec<Uid> = self.attached(uid).map(|p| p.uid).collect();
        for c in children {
            self.remove(c);
        }
        if let Some(i) = self.pieces.iter().position(|p| p.uid == uid) {
            let p = self.pieces.remove(i);
            self.sides[p.owner as usize].discard.push(p.card);
        }
    }

    /// Kills a Unit (or destroys a Location): out of play with its attachments.
    pub fn kill(&mut self, uid: Uid, log: &mut Log<'_>) {
        let Some(p) = self.piece(uid) else { return };
        let what = if p.kind() == Kind::Location { "is destroyed" } else { "is killed" };
        let gone: Vec<String> = self.attached(uid).map(|a| a.card.name().to_string()).collect();
        let mut line = format!("{} {what}", self.label(uid));
        if !gone.is_empty() {
            line.push_str(&format!(", and {} with it", and_list(&gone)));
            line.push_str(if gone.len() == 1 { " goes" } else { " go" });
        }
        line.push('.');
        log.note(line);
        self.remove(uid);
    }

    /// One Wound counter; a Character dies at 2, a Mastermind at 3 (house).
    pub fn wound(&mut self, uid: Uid, log: &mut Log<'_>) {
        let rules = &content().rules;
        let Some(p) = self.piece_mut(uid) else { return };
        p.wounds += 1;
        let (n, kind) = (p.wounds, p.kind());
        let dies =
            if kind == Kind::Mastermind { rules.mastermind_dies_at_wounds } else { rules.character_dies_at_wounds };
        let line = format!("{} takes a Wound ({}).", self.label(uid), plural(n, "Wound", "Wounds"));
        log.note(line);
        if n >= dies {
            self.kill(uid, log);
        }
    }

    /// A Vehicle or Weapon attached to a Unit.
    pub fn gear_of(&self, uid: Uid) -> Vec<Uid> {
        self.attached(uid).filter(|p| matches!(p.kind(), Kind::Vehicle | Kind::Weapon)).map(|p| p.uid).collect()
    }

    /// "Wounded (or discard an attached Weapon or Vehicle)": the Unit's
    /// controller chooses when it has one; otherwise the Wound.
    pub fn harm(&mut self, uid: Uid, log: &mut Log<'_>) {
        let Some(p) = self.piece(uid) else { return };
        if self.gear_of(uid).is_empty() {
            self.wound(uid, log);
        } else {
            let seat = p.side;
            self.schedule(vec![Task::Ask { stage: Stage::Harm { seat, unit: uid } }]);
        }
    }

    /// Moves a piece and its attachments to `seat`'s control.
    pub fn change_side(&mut self, uid: Uid, seat: Seat) {
        let children: Vec<Uid> = self.attached(uid).map(|p| p.uid).collect();
        if let Some(p) = self.piece_mut(uid) {
            p.side = seat;
        }
        for c in children {
            self.change_side(c, seat);
        }
    }
}
