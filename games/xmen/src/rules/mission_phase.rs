//! Mission Phase up to the arena: Reveal Mission, the Mission Commander
//! chosen by the Bidding Dial, and Choose Characters (invitations). The
//! arena itself is [`crate::battle`].

use super::illegal;
use crate::action::Action as A;
use crate::content::MissionId;
use crate::phase::*;
use crate::state::{CharKey, Rank, XMen};
use backroom_engine::{GameRng, RuleError, Seat, SeatSet};

impl XMen {
    pub(crate) fn start_mission_phase(&mut self, rng: &mut GameRng) {
        let Some(m) = self.draw_mission(rng) else {
            self.end_of_round(rng);
            return;
        };
        self.mission_discard.push(m);
        self.note(format!("Mission Phase: {} is revealed.", m.card().name));
        self.phase = Phase::McBid {
            mission: m,
            auction: Auction::new(self.seats, self.all()),
        };
        self.open_trigger_window("mission_revealed", None);
    }

    pub(crate) fn new_mc(&mut self, w: Seat, mission: MissionId) {
        self.mc = w;
        self.players[w as usize].add_rp(1);
        self.note(format!(
            "{} Mission Commander: +1 Revolution Point.",
            self.who_verb(w, "becomes", "become")
        ));
        self.invite_answers.clear();
        self.phase = Phase::Invite(Invite {
            mission,
            invited: SeatSet::EMPTY,
            asking: None,
            positions: vec![],
        });
    }

    /// Characters a School may send to this Mission.
    pub fn eligible(&self, seat: Seat, mission: MissionId) -> Vec<CharKey> {
        let p = &self.players[seat as usize];
        let others_ok = p
            .chars
            .iter()
            .any(|c| c.rank() != Rank::Leader && !c.injured);
        p.chars
            .iter()
            .filter(|c| {
                !c.injured
                    && (c.rank() != Rank::Leader || !others_ok || mission.card().leaders_allowed)
            })
            .map(|c| c.id)
            .collect()
    }

    /// Choose Characters: invitations and answers.
    pub fn invite_action(&mut self, seat: Seat, a: &A, rng: &mut GameRng) -> Result<(), RuleError> {
        let Phase::Invite(inv) = &self.phase else {
            unreachable!()
        };
        let mut inv = inv.clone();
        let rule = "Choose Characters";
        match inv.asking {
            None => {
                if seat != self.mc {
                    return Err(RuleError::not_your_turn(
                        rule,
                        "the Mission Commander invites the Schools",
                    ));
                }
                let A::Invite { school } = a else {
                    return Err(illegal(rule, "invite a School"));
                };
                if *school >= self.seats || inv.invited.contains(*school) {
                    return Err(illegal(rule, "invite a School not yet invited"));
                }
                inv.invited.insert(*school);
                inv.asking = Some(*school);
                let position = inv.positions.len() + 1;
                self.note(if *school == seat {
                    format!(
                        "{} to Character Position {position}.",
                        self.who_verb(seat, "invites itself", "invite yourself")
                    )
                } else {
                    format!(
                        "{} {} to Character Position {position}.",
                        self.who_verb(seat, "invites", "invite"),
                        self.who(*school)
                    )
                });
            }
            Some(asked) => {
                if seat != asked {
                    return Err(RuleError::not_your_turn(
                        rule,
                        "another School is answering its invitation",
                    ));
                }
                match a {
                    A::Send { character } => {
                        if !self.eligible(seat, inv.mission).contains(character) {
                            return Err(illegal(
                                rule,
                                "send an Uninjured Character; a Leader only if no Uninjured Hero or Student can go or the Mission allows it",
                            ));
                        }
                        inv.positions.push((seat, *character));
                        self.invite_answers.push((seat, Some(*character)));
                        self.note(format!(
                            "{} {}.",
                            self.who_verb(seat, "sends", "send"),
                            character.name()
                        ));
                    }
                    A::RefuseInvitation => {
                        let had = self.players[seat as usize].rp;
                        self.players[seat as usize].add_rp(-1);
                        self.invite_answers.push((seat, None));
                        self.note(if had > 0 {
                            format!(
                                "{} the invitation: -1 Revolution Point.",
                                self.who_verb(seat, "refuses", "refuse")
                            )
                        } else {
                            format!(
                                "{} the invitation (no Revolution Point left to lose).",
                                self.who_verb(seat, "refuses", "refuse")
                            )
                        });
                    }
                    _ => return Err(illegal(rule, "send a Character or refuse")),
                }
                inv.asking = None;
                let max = inv.mission.card().max_characters as usize;
                let full = max > 0 && inv.positions.len() >= max;
                if full || inv.invited.len() == self.seats as usize {
                    if inv.positions.len() <= 1 {
                        self.note(
                            "Only one School (or none) takes part: the Mission does not happen."
                                .into(),
                        );
                        self.end_of_round(rng);
                    } else {
                        self.start_mission(inv.mission, &inv.positions, rng);
                    }
                    return Ok(());
                }
            }
        }
        self.phase = Phase::Invite(inv);
        Ok(())
    }
}
