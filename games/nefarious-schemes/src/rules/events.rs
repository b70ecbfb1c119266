//! Event windows. After every roll, before its result is read, the roller
//! and then the opponent may play Events, alternating until both pass in a
//! row; a modifier is added to the roll before it is read. The Intercept
//! phase (whose text is lost) is such a window without a roll, for the
//! Events that say so. A seat with an empty hand (a public fact) passes by
//! itself; any other seat is asked, whatever it holds, so that being asked
//! tells nothing about a hand.

use crate::content::{CardId, Kind, When, Whose};
use crate::state::{Log, Modifier, Schemes, Stage, Uid, VILLAIN, other};
use backroom_engine::{Seat, seat_verb};

impl Schemes {
    /// The seat in the window passes; the window closes after two passes
    /// in a row.
    pub fn pass_window(&mut self) {
        let Some(Stage::Window { to, passes, intercept }) = self.stage.clone() else { return };
        self.stage =
            if passes >= 1 { None } else { Some(Stage::Window { to: other(to), passes: passes + 1, intercept }) };
    }

    /// Why `seat` may not play `card` now (`None`: it may).
    pub fn event_refusal(&self, seat: Seat, card: CardId, on: Option<Uid>) -> Option<String> {
        let Some(Stage::Window { to, intercept, .. }) = &self.stage else {
            return Some("there is no event window now".into());
        };
        if *to != seat {
            return Some("the other player answers the window first".into());
        }
        let c = card.card();
        let Some(ev) = &c.event else { return Some(format!("{} is not an Event", c.name)) };
        if !self.sides[seat as usize].hand.contains(&card) {
            return Some(format!("{} is not in your hand", c.name));
        }
        if *intercept {
            if ev.when != When::Intercept {
                return Some(format!("{} is played after a roll, not in the Intercept phase", c.name));
            }
        } else {
            if ev.when != When::AfterRoll {
                return Some(format!("{} is played in the Intercept phase", c.name));
            }
            let Some(roll) = &self.roll else { return Some("there is no roll to modify".into()) };
            match ev.whose {
                Whose::Own if roll.roller != seat => return Some(format!("{} modifies your own rolls", c.name)),
                Whose::Opponent if roll.roller == seat => {
                    return Some(format!("{} modifies your opponent's rolls", c.name));
                }
                _ => {}
            }
            if !ev.rolls.is_empty() && !ev.rolls.contains(&roll.kind) {
                return Some(format!("{} does not modify the {}", c.name, roll.kind.table().name));
            }
        }
        if ev.minions > 0 {
            let ok = seat == VILLAIN && on.is_some_and(|m| self.masterminds().contains(&m));
            if !ok {
                return Some(match on {
                    _ if seat != VILLAIN => {
                        format!("{} gives Minions to a Mastermind of the Villain's, and you have none", c.name)
                    }
                    None => format!("{} names the Mastermind that gets its Minions", c.name),
                    Some(m) => match self.piece(m) {
                        None => format!("There is no card #{m} in play."),
                        Some(_) => format!(
                            "{} is not one of your Masterminds: {} gives Minions to one of them",
                            self.label(m),
                            c.name
                        ),
                    },
                });
            }
        } else if on.is_some() {
            return Some(format!("{} takes no target", c.name));
        }
        None
    }

    /// Plays an Event (checked by [`Self::event_refusal`]): it is revealed
    /// and discarded, then does what it says.
    pub fn play_event(&mut self, seat: Seat, card: CardId, on: Option<Uid>, log: &mut Log<'_>) {
        let Some(Stage::Window { to, intercept, .. }) = self.stage.clone() else { return };
        self.discard_from_hand(seat, card);
        let ev = card.card().event.clone().unwrap_or_else(unreachable_event);
        let mut line = format!("{} {}", seat_verb(seat, "plays", "play"), card.name());
        if ev.modifier != 0
            && let Some(r) = &mut self.roll
        {
            r.mods.push(Modifier { from: card.name().to_string(), value: i32::from(ev.modifier) });
            line.push_str(&format!(": {:+}, the {} is now {}", ev.modifier, r.kind.table().name, r.total()));
        }
        if ev.minions > 0
            && let Some(m) = on
        {
            if let Some(p) = self.piece_mut(m) {
                p.minions += ev.minions;
            }
            line.push_str(&format!(
                ": {} gains {}",
                self.label(m),
                backroom_engine::plural(ev.minions, self.minion_name(m), &format!("{}s", self.minion_name(m)))
            ));
        }
        line.push('.');
        log.note(line);
        if ev.draw > 0 {
            self.draw(seat, u32::from(ev.draw), log);
        }
        self.stage = Some(Stage::Window { to: other(to), passes: 0, intercept });
    }

    /// Events `seat` could play now, each with the targets it could take.
    pub fn playable_events(&self, seat: Seat) -> Vec<(CardId, Vec<Uid>)> {
        let mut cards: Vec<CardId> =
            self.sides[seat as usize].hand.iter().copied().filter(|c| c.card().kind == Kind::Event).collect();
        cards.sort();
        cards.dedup();
        cards
            .into_iter()
            .filter_map(|c| {
                let needs = c.card().event.as_ref().is_some_and(|e| e.minions > 0);
                if needs {
                    let ms: Vec<Uid> = self
                        .masterminds()
                        .into_iter()
                        .filter(|m| self.event_refusal(seat, c, Some(*m)).is_none())
                        .collect();
                    (!ms.is_empty()).then_some((c, ms))
                } else {
                    self.event_refusal(seat, c, None).is_none().then_some((c, vec![]))
                }
            })
            .collect()
    }
}

fn unreachable_event() -> crate::content::EventPlay {
    crate::content::EventPlay {
        when: When::Intercept,
        whose: Whose::Any,
        rolls: vec![],
        modifier: 0,
        draw: 0,
        minions: 0,
    }
}
