//! Backroom's wire protocol. `README.md` beside this crate is the reference
//! for client authors; these types are the single source of truth for it
//! (the server, the load tool and the tests use them; the web client
//! follows the README).
//!
//! Two channels:
//! * **HTTP JSON** for the catalogue and lobby management
//!   (`/api/games`, `/api/lobbies/...`): see [`http`].
//! * **One WebSocket per browser tab** at `/ws` for everything live at a
//!   table: lobby updates, views, prompts, actions, chat: see [`ws`].
//!
//! Every client message that can fail carries a request id (`rid`) and gets
//! exactly one answer: [`ws::ServerMsg::Ack`] or [`ws::ServerMsg::Rejected`]
//! with an [`ErrorCode`] and a human message naming the rule.
#![deny(missing_docs)]

pub mod http;
pub mod text;
pub mod ws;

use serde::{Deserialize, Serialize};

pub use backroom_engine::{GameInfo, Outcome, Pending, Prompt, Seat, Viewer};

/// Largest WebSocket frame the server reads (bytes).
pub const MAX_FRAME_BYTES: usize = 64 * 1024;
/// Longest chat message (characters).
pub const MAX_CHAT_CHARS: usize = 500;
/// Longest display name (characters).
pub const MAX_NAME_CHARS: usize = 32;
/// Longest request id (characters).
pub const MAX_RID_CHARS: usize = 64;

/// Every typed reason the server gives for refusing something.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The frame or body is not valid JSON.
    BadJson,
    /// Valid JSON, but not a message this server knows.
    UnknownMessage,
    /// A field is missing, too long or out of range.
    InvalidField,
    /// The frame is larger than [`MAX_FRAME_BYTES`].
    FrameTooLarge,
    /// Too many messages too quickly.
    RateLimited,
    /// The first message on a socket must be `hello`.
    NotAuthenticated,
    /// The token or invite is wrong, revoked, or for another lobby.
    BadToken,
    /// No such lobby (or it expired).
    LobbyNotFound,
    /// The lobby has no free seat.
    LobbyFull,
    /// The match has already started.
    AlreadyStarted,
    /// The match has not started yet.
    NotStarted,
    /// Only the host may do that.
    NotHost,
    /// The seat is taken or does not exist.
    SeatTaken,
    /// Someone at the table already has this name, or one that could pass
    /// for it (the same Unicode confusable skeleton); the message suggests
    /// a variant.
    NameTaken,
    /// Only a seated player may act.
    NotSeated,
    /// The action was made against a view that has since changed.
    StaleVersion,
    /// A request id already used for a different action (a resend must
    /// repeat the same action; a new action needs a new id).
    RequestIdReused,
    /// Not this seat's turn (or window).
    NotYourTurn,
    /// The action breaks a rule of the game.
    IllegalMove,
    /// The action is not one this game understands.
    MalformedAction,
    /// The match is over.
    GameOver,
    /// The match is not over yet (a rematch follows a finished match).
    NotOver,
    /// The game's options or seat count are not playable.
    BadOptions,
    /// The server is shutting down; reconnect shortly.
    Restarting,
    /// The table is moving to another node of the cluster (or another node
    /// still holds it); retry shortly, through the same address.
    TableMoving,
    /// The server cannot reach its database just now: nothing can be saved,
    /// so no move is made. The table keeps trying, with back-off, and
    /// resumes by itself (a `state` frame follows) once the store answers.
    StoreUnavailable,
    /// Something failed on the server; nothing was lost.
    Internal,
}

impl ErrorCode {
    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadJson => "bad_json",
            ErrorCode::UnknownMessage => "unknown_message",
            ErrorCode::InvalidField => "invalid_field",
            ErrorCode::FrameTooLarge => "frame_too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::NotAuthenticated => "not_authenticated",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::LobbyNotFound => "lobby_not_found",
            ErrorCode::LobbyFull => "lobby_full",
            ErrorCode::AlreadyStarted => "already_started",
            ErrorCode::NotStarted => "not_started",
            ErrorCode::NotHost => "not_host",
            ErrorCode::SeatTaken => "seat_taken",
            ErrorCode::NameTaken => "name_taken",
            ErrorCode::NotSeated => "not_seated",
            ErrorCode::StaleVersion => "stale_version",
            ErrorCode::RequestIdReused => "request_id_reused",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::MalformedAction => "malformed_action",
            ErrorCode::GameOver => "game_over",
            ErrorCode::NotOver => "not_over",
            ErrorCode::BadOptions => "bad_options",
            ErrorCode::Restarting => "restarting",
            ErrorCode::TableMoving => "table_moving",
            ErrorCode::StoreUnavailable => "store_unavailable",
            ErrorCode::Internal => "internal",
        }
    }
}

impl From<backroom_engine::RuleCode> for ErrorCode {
    fn from(c: backroom_engine::RuleCode) -> Self {
        use backroom_engine::RuleCode as R;
        match c {
            R::NotYourTurn => ErrorCode::NotYourTurn,
            R::IllegalMove => ErrorCode::IllegalMove,
            R::MalformedAction => ErrorCode::MalformedAction,
            R::GameOver => ErrorCode::GameOver,
        }
    }
}

/// A refusal: HTTP error bodies and WebSocket errors share this shape.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiError {
    /// The typed reason.
    pub code: ErrorCode,
    /// A sentence for the person, naming the rule where there is one.
    pub message: String,
}

impl ApiError {
    /// An error with this code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        ApiError { code, message: message.into() }
    }
}
