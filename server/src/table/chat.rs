//! Table chat: stored before it is shown, like a move.

use super::{ConnId, Table, frame};
use crate::store::{ChatRow, now_ms};
use backroom_protocol::ErrorCode;
use backroom_protocol::ws::{ChatLine, ServerMsg};
use std::collections::VecDeque;

/// How many chat lines a newcomer receives.
pub(super) const CHAT_WINDOW: usize = 50;

fn chat_line(c: ChatRow) -> ChatLine {
    ChatLine { seq: c.seq, from: c.name, seat: c.seat, text: c.text, at: c.at }
}

/// A table's chat in memory: the last lines, for newcomers, and the number
/// of the last line stored.
#[derive(Default)]
pub(super) struct Chat {
    lines: VecDeque<ChatLine>,
    seq: i64,
}

impl Chat {
    /// The chat as the store holds it (its last lines, oldest first).
    pub(super) fn restored(rows: Vec<ChatRow>) -> Chat {
        Chat { seq: rows.last().map(|c| c.seq).unwrap_or(0), lines: rows.into_iter().map(chat_line).collect() }
    }

    /// The number the next line is stored under.
    fn next_seq(&self) -> i64 {
        self.seq + 1
    }

    /// A line just stored joins the window; the line as shown.
    fn add(&mut self, row: ChatRow) -> ChatLine {
        self.seq = row.seq;
        let line = chat_line(row);
        self.lines.push_back(line.clone());
        while self.lines.len() > CHAT_WINDOW {
            self.lines.pop_front();
        }
        line
    }

    /// The lines a newcomer receives.
    pub(super) fn recent(&self) -> Vec<ChatLine> {
        self.lines.iter().cloned().collect()
    }
}

impl Table {
    /// A chat line from a seated player: stored, acknowledged, then shown
    /// to everyone.
    pub(super) async fn chat(&mut self, conn: ConnId, rid: String, text: String) {
        let Some(c) = self.conns.get(&conn) else { return };
        let Some(player) = c.player else {
            self.send_to(
                conn,
                &ServerMsg::Rejected {
                    rid,
                    code: ErrorCode::NotSeated,
                    rule: None,
                    message: "Spectators cannot chat at the table.".into(),
                },
            );
            return;
        };
        let Some(p) = self.players.iter().find(|p| p.id == player) else { return };
        let row = ChatRow { seq: self.chat.next_seq(), player, name: p.name.clone(), seat: p.seat, text, at: now_ms() };
        if let Err(e) = self.ctx.store.add_chat(self.id, &row).await {
            tracing::error!(table = %self.id, error = %format!("{e:#}"), "chat not saved");
            self.send_to(
                conn,
                &ServerMsg::Rejected {
                    rid,
                    code: ErrorCode::Internal,
                    rule: None,
                    message: "The message could not be saved; please try again.".into(),
                },
            );
            return;
        }
        let line = self.chat.add(row);
        let version = self.live.as_ref().map(|l| l.version).unwrap_or(0);
        self.send_to(conn, &ServerMsg::Ack { rid, version });
        let f = frame(&ServerMsg::Chat { line });
        self.send_all(&f);
    }
}
