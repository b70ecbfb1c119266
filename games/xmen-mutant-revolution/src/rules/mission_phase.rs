//! Mission Phase up to the arena: Reveal Mission, the Mission Commander
//! chosen by the Bidding Dial, and Choose Characters (invitations). The
//! arena itself is [`crate::battle`].

use super::illegal;
use crate::action::Action as A;
use crate::content::MissionId;
use crate::state::phase::*;
use crate::state::{CharKey, Log, Rank, XMen};
use backroom_engine::{GameRng, RuleError, Seat, SeatSet};

impl XMen {
    pub(crate) fn start_mission_phase(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        let Some(m) = self.draw_mission(rng) else {
            self.end_of_round(rng, log);
            return;
        };
        self.mission_discard.push(m);
        log.note(format!("Mission Phase: {} is revealed.", m.card().name));
        self.phase = Phase::McBid { mission: m, auction: Auction::new(self.seats, self.all()) };
        self.open_trigger_window("mission_revealed", None, log);
    }

    pub(crate) fn new_mc(&mut self, w: Seat, mission: MissionId, log: &mut Log<'_>) {
        self.mc = w;
        self.players[w as usize].add_rp(1);
        log.note(format!("{} Mission Commander: +1 Revolution Point.", self.who_verb(w, "becomes", "become")));
        self.invite_answers.clear();
        self.phase = Phase::Invite(Invite { mission, invited: SeatSet::EMPTY, asking: None, positions: vec![] });
    }

    /// Why `character` may not answer the invitation (it is not among
    /// [`Self::eligible`]).
    fn send_refusal(&self, seat: Seat, character: CharKey, mission: MissionId) -> String {
        let p = &self.players[seat as usize];
        let Some(c) = p.find(character).map(|i| &p.chars[i]) else {
            return format!("{} is not in your School.", character.name());
        };
        if c.injured {
            return format!("{} is Injured; only an Uninjured Character goes on a Mission.", character.name());
        }
        format!(
            "{} is your Leader: a Leader goes only when no Uninjured Hero or Student of yours can, and {} does not allow Leaders.",
            character.name(),
            mission.card().name
        )
    }

    /// Characters a School may send to this Mission.
    pub fn eligible(&self, seat: Seat, mission: MissionId) -> Vec<CharKey> {
        let p = &self.players[seat as usize];
        let others_ok = p.chars.iter().any(|c| c.rank() != Rank::Leader && !c.injured);
        p.chars
            .iter()
            .filter(|c| !c.injured && (c.rank() != Rank::Leader || !others_ok || mission.card().leaders_allowed))
            .map(|c| c.id)
            .collect()
    }

    /// Choose Characters: invitations and answers.
    pub fn invite_action(&mut self, seat: Seat, a: &A, rng: &mut GameRng, log: &mut Log<'_>) -> Result<(), RuleError> {
        let Phase::Invite(inv) = &self.phase else { unreachable!() };
        let mut inv = inv.clone();
        let rule = "Choose Characters";
        match inv.asking {
            None => {
                if seat != self.mc {
                    return Err(RuleError::not_your_turn(
                        rule,
                        format!("{}, the Mission Commander, invites the Schools now.", self.school_name(self.mc)),
                    ));
                }
                let A::Invite { school } = a else {
                    return Err(illegal(
                        rule,
                        format!(
                            "You are the Mission Commander: invite a School to Character Position {} (\"{}\" waits).",
                            inv.positions.len() + 1,
                            super::action_name(a)
                        ),
                    ));
                };
                if *school >= self.seats {
                    return Err(illegal(rule, format!("There is no seat {}.", school + 1)));
                }
                if inv.invited.contains(*school) {
                    return Err(illegal(
                        rule,
                        format!(
                            "{} has been invited to this Mission already; each School is invited once.",
                            self.school_name(*school)
                        ),
                    ));
                }
                inv.invited.insert(*school);
                inv.asking = Some(*school);
                let position = inv.positions.len() + 1;
                log.note(if *school == seat {
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
                        format!("{} is answering its invitation now.", self.school_name(asked)),
                    ));
                }
                match a {
                    A::Send { character } => {
                        if !self.eligible(seat, inv.mission).contains(character) {
                            return Err(illegal(rule, self.send_refusal(seat, *character, inv.mission)));
                        }
                        inv.positions.push((seat, *character));
                        self.invite_answers.push((seat, Some(*character)));
                        log.note(format!("{} {}.", self.who_verb(seat, "sends", "send"), character.name()));
                    }
                    A::RefuseInvitation => {
                        let had = self.players[seat as usize].rp;
                        self.players[seat as usize].add_rp(-1);
                        self.invite_answers.push((seat, None));
                        log.note(if had > 0 {
                            format!("{} the invitation: -1 Revolution Point.", self.who_verb(seat, "refuses", "refuse"))
                        } else {
                            format!(
                                "{} the invitation (no Revolution Point left to lose).",
                                self.who_verb(seat, "refuses", "refuse")
                            )
                        });
                    }
                    _ => {
                        return Err(illegal(
                            rule,
                            format!(
                                "You are invited to {}: send a Character or refuse (\"{}\" waits).",
                                inv.mission.card().name,
                                super::action_name(a)
                            ),
                        ));
                    }
                }
                inv.asking = None;
                let max = inv.mission.card().max_characters as usize;
                let full = max > 0 && inv.positions.len() >= max;
                if full || inv.invited.len() == self.seats as usize {
                    if inv.positions.len() <= 1 {
                        log.note("Only one School (or none) takes part: the Mission does not happen.".into());
                        self.end_of_round(rng, log);
                    } else {
                        self.start_mission(inv.mission, &inv.positions, rng, log);
                    }
                    return Ok(());
                }
            }
        }
        self.phase = Phase::Invite(inv);
        Ok(())
    }
}
