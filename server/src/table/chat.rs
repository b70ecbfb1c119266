//! Table chat: stored before it is shown, like a move.

use super::*;

pub(super) fn chat_line(c: ChatRow) -> ChatLine {
    ChatLine { seq: c.seq, from: c.name, seat: c.seat, text: c.text, at: c.at }
}

impl Table {
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
        let row = ChatRow { seq: self.chat_seq + 1, player, name: p.name.clone(), seat: p.seat, text, at: now_ms() };
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
        self.chat_seq = row.seq;
        let line = chat_line(row);
        self.chat.push_back(line.clone());
        while self.chat.len() > CHAT_WINDOW {
            self.chat.pop_front();
        }
        let version = self.live.as_ref().map(|l| l.version).unwrap_or(0);
        self.send_to(conn, &ServerMsg::Ack { rid, version });
        let f = frame(&ServerMsg::Chat { line });
        self.send_all(&f);
    }
}
