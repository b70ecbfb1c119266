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

use super::*;

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
        self.auto_pass.retain(|p| *p != player);
        if on {
            self.auto_pass.push(player);
        }
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
        if live.over || self.auto_pass.is_empty() {
            return vec![];
        }
        let awaited = live.state.pending().awaited();
        self.players
            .iter()
            .filter(|p| !p.bot && !p.stand_in && self.auto_pass.contains(&p.id))
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
            if !self.auto_due.iter().any(|(s, at, _)| *s == seat && *at == v) {
                self.auto_due.retain(|(s, _, _)| *s != seat);
                self.auto_due.push((seat, v, due));
                armed = true;
            }
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
        self.auto_due.retain(|(seat, v, at)| {
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
