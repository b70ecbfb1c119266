//! "Pass for me when I have nothing to decide."
//!
//! A player may ask the table to answer for them whenever their prompt
//! leaves exactly one thing to do (`Prompt::only_answer`: a reaction window
//! they cannot answer but by passing, a step with a single option). The
//! answer is made `--auto-pass-ms` after the prompt appeared, never at once,
//! and reaction windows keep their answers sealed until they close (see
//! `sealed_answers`): nobody else can tell such a pass from a thought-out
//! one, neither by a "has answered" mark nor by its timing beyond "it came
//! after the fixed delay, as a quick pass by hand would". The setting lives
//! with the table while it is loaded; clients send it again with each
//! `hello`, so a restart keeps it.

use super::{Cmd, ConnId, Incoming, Origin, Table};
use backroom_engine::Seat;
use backroom_protocol::ErrorCode;
use backroom_protocol::ws::ServerMsg;
use serde_json::Value;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// Who asked for it at this table, and the answers due.
#[derive(Default)]
pub(super) struct AutoPass {
    /// Players who asked the server to pass for them when they have
    /// nothing to decide.
    players: Vec<Uuid>,
    /// The answers due: (seat, the version its prompt appeared at, when).
    due: Vec<(Seat, u64, tokio::time::Instant)>,
}

impl AutoPass {
    /// Turns the setting on or off for `player`.
    fn set(&mut self, player: Uuid, on: bool) {
        self.players.retain(|p| *p != player);
        if on {
            self.players.push(player);
        }
    }

    fn asked(&self, player: &Uuid) -> bool {
        self.players.contains(player)
    }

    /// Marks the answer for `seat`'s prompt of version `v` due at `at`,
    /// unless it already is; true if it was not.
    fn arm(&mut self, seat: Seat, v: u64, at: tokio::time::Instant) -> bool {
        if self.due.iter().any(|(s, at, _)| *s == seat && *at == v) {
            return false;
        }
        self.due.retain(|(s, _, _)| *s != seat);
        self.due.push((seat, v, at));
        true
    }

    /// Forgets every answer due (the table reloaded; they are armed again).
    pub(super) fn disarm(&mut self) {
        self.due.clear();
    }

    /// Whether an answer is due for which `overdue` holds.
    pub(super) fn any_due(&self, overdue: impl Fn(tokio::time::Instant) -> bool) -> bool {
        self.due.iter().any(|(_, _, due)| overdue(*due))
    }
}

impl Table {
    /// Turns the setting on or off for the socket's player; acknowledged
    /// when the request has an id.
    pub(super) fn set_auto_pass(&mut self, conn: ConnId, rid: Option<String>, on: bool) {
        let Some(player) = self.conns.get(&conn).and_then(|c| c.player) else {
            if let Some(rid) = rid {
                self.send_to(
                    conn,
                    &ServerMsg::Rejected {
                        rid,
                        code: ErrorCode::NotSeated,
                        rule: None,
                        message: "Only a player has table settings.".into(),
                    },
                );
            }
            return;
        };
        self.auto_pass.set(player, on);
        if let Some(rid) = rid {
            let version = self.live.as_ref().map_or(0, |l| l.version);
            self.send_to(conn, &ServerMsg::Ack { rid, version });
        }
        self.schedule_auto_pass();
    }

    /// The seats whose player asked for it and whose prompt leaves one thing
    /// to do, each with the version its prompt appeared at.
    fn auto_pass_seats(&self) -> Vec<(Seat, u64, Value)> {
        let Some(live) = &self.live else { return vec![] };
        if live.over || self.auto_pass.players.is_empty() {
            return vec![];
        }
        let awaited = live.state.pending().awaited();
        self.players
            .iter()
            .filter(|p| !p.bot && !p.stand_in && self.auto_pass.asked(&p.id))
            .filter_map(|p| p.seat)
            .filter(|s| awaited.contains(*s))
            .filter_map(|s| {
                let answer = live.prompts.get(s as usize)?.as_ref()?.only_answer()?;
                Some((s, live.prompt_changed[s as usize], answer))
            })
            .collect()
    }

    /// Arms the timer for every prompt that newly has one thing left to do.
    pub(super) fn schedule_auto_pass(&mut self) {
        let due = tokio::time::Instant::now() + Duration::from_millis(self.ctx.cfg.auto_pass_ms);
        let mut armed = false;
        for (seat, v, _) in self.auto_pass_seats() {
            armed |= self.auto_pass.arm(seat, v, due);
        }
        if armed && let Some(tx) = self.self_tx.upgrade() {
            let wait = Duration::from_millis(self.ctx.cfg.auto_pass_ms);
            tokio::spawn(async move {
                tokio::time::sleep(wait).await;
                let _ = tx.send(Cmd::AutoPass).await;
            });
        }
    }

    /// The answers now due, for prompts that have not changed meanwhile.
    pub(super) fn auto_answers(&mut self) -> Vec<Incoming> {
        let now = tokio::time::Instant::now();
        let current = self.auto_pass_seats();
        let mut batch = vec![];
        self.auto_pass.due.retain(|(seat, v, at)| {
            let Some((_, _, answer)) = current.iter().find(|(s, cv, _)| s == seat && cv == v) else { return false };
            if *at > now {
                return true;
            }
            batch.push(Incoming {
                origin: Origin::AutoPass,
                seat: *seat,
                action: answer.clone(),
                received: Instant::now(),
            });
            false
        });
        batch
    }
}
