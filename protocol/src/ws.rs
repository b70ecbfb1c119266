//! WebSocket messages: JSON text frames tagged by `type`.
//!
//! A socket starts with [`ClientMsg::Hello`]; the server answers
//! [`ServerMsg::Welcome`], then a [`ServerMsg::Lobby`] and, once the match
//! has started, a full [`ServerMsg::State`] (plus the log lines this viewer
//! missed since `since`). After that it pushes a `state` to every viewer on
//! every change, each built for that viewer alone.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use uuid::Uuid;

use crate::http::LobbyInfo;
use crate::{ErrorCode, Outcome, Pending, Prompt, Seat, Viewer};

/// Client to server.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Authenticate: a player token, or a spectator secret.
    Hello {
        /// The lobby.
        lobby: Uuid,
        /// A player's token (seated or not).
        #[serde(default)]
        token: Option<String>,
        /// The spectator secret, for a spectator.
        #[serde(default)]
        spectate: Option<String>,
        /// The last version this client saw: log lines after it are resent.
        #[serde(default)]
        since: Option<u64>,
        /// "Pass for me when I have nothing to decide" (see `Settings`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        auto_pass: Option<bool>,
        /// A program's name, sent by a program that takes its program
        /// seat with that seat's token (`docs/bots.md`); held to the same
        /// name rules as a person's. A program seat's token is refused
        /// without it, and a person's token with it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        program: Option<String>,
    },
    /// An action in the game, for the sender's seat.
    Act {
        /// Request id, echoed in the answer; resending an accepted `rid` is
        /// acknowledged again and not applied twice.
        rid: String,
        /// The state version the action was chosen against.
        version: u64,
        /// The action, as built from a prompt.
        action: Value,
    },
    /// A chat line to the lobby.
    Chat {
        /// Request id.
        rid: String,
        /// The text (1–500 characters).
        text: String,
    },
    /// A player's table settings; answered by `ack`.
    Settings {
        /// Request id.
        rid: String,
        /// "Pass for me when I have nothing to decide": when this seat's
        /// prompt leaves exactly one thing to do (a reaction window it
        /// cannot answer but by passing, a single-option step), the server
        /// answers it after a short fixed delay.
        auto_pass: bool,
    },
    /// Keep-alive; answered by `pong`.
    Ping,
}

/// One chat line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChatLine {
    /// Sequence number in the lobby's chat.
    pub seq: i64,
    /// Sender's display name.
    pub from: String,
    /// Sender's seat, if seated.
    pub seat: Option<Seat>,
    /// The text.
    pub text: String,
    /// Milliseconds since the Unix epoch.
    pub at: i64,
}

/// Server to client.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// Answer to `hello`.
    Welcome {
        /// Who the server takes you for.
        viewer: Viewer,
        /// Your player id (absent for spectators).
        player: Option<Uuid>,
        /// The recent chat.
        chat: Vec<ChatLine>,
    },
    /// The lobby changed (seats, players, status, connection flags).
    Lobby {
        /// The lobby (boxed: it is by far the largest message, and the
        /// rest need not be as big; the wire form is the same).
        lobby: Box<LobbyInfo>,
    },
    /// The table as this viewer sees it.
    State {
        /// Accepted actions so far; send it back with actions.
        version: u64,
        /// The game's view for this viewer.
        view: Box<RawValue>,
        /// What this viewer may do now.
        prompt: Option<Prompt>,
        /// Who is awaited.
        pending: Pending,
        /// New log lines for this viewer since its previous `state`.
        log: Vec<String>,
        /// Result, once over.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outcome: Option<Outcome>,
    },
    /// The action or chat with this `rid` was accepted (and is durably
    /// stored).
    Ack {
        /// The request id.
        rid: String,
        /// The version after the action.
        version: u64,
    },
    /// The request with this `rid` was refused; nothing changed.
    Rejected {
        /// The request id.
        rid: String,
        /// The typed reason.
        code: ErrorCode,
        /// The rule by its rulebook name, for rule refusals.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
        /// A sentence for the person.
        message: String,
    },
    /// A chat line.
    Chat {
        /// The line.
        line: ChatLine,
    },
    /// A problem with the connection or a message that had no `rid`.
    Error {
        /// The typed reason.
        code: ErrorCode,
        /// A sentence for the person.
        message: String,
    },
    /// Answer to `ping`.
    Pong,
    /// The table can save moves again after it told this socket
    /// `store_unavailable` (an `error` frame): whatever showed that saving
    /// was paused can go. Sent once per outage, to every socket that was
    /// told, and to no one else.
    StoreAvailable {
        /// A sentence for the person.
        message: String,
    },
}
