//! Program seats: a seat the host gives to a program, a bot anyone can
//! write, that plays over the same public WebSocket as the browser
//! (`docs/bots.md`).
//!
//! A program seat is a player row like a person's (so the table waits on
//! it, its away time counts, a stand-in or the turn clock covers it, its
//! moves pass the same socket limits and chatter budget) with one
//! difference: its token opens only a program's `hello`, which carries the
//! program's name, and a person's token never does. So a person's link
//! cannot be handed to a program to pass for that person, a program's
//! link cannot seat a person at the program's place unseen, and everyone
//! at the table sees the seat as a program (`PlayerInfo::program`) under
//! the name the program gave, held to the same name rules as a person's.

use super::lobby::clean_name;
use super::{Table, err, internal};
use crate::store::PlayerRow;
use backroom_engine::Seat;
use backroom_protocol::http::ProgramLink;
use backroom_protocol::{ApiError, ErrorCode};

impl Table {
    /// The program seat whose token hash this is; a person's token is
    /// refused with words that say why.
    pub(super) fn program_by_token(&self, token_hash: &str) -> Result<&PlayerRow, ApiError> {
        if let Some(p) = self.players.iter().find(|p| p.program && p.token_hash == token_hash) {
            return Ok(p);
        }
        if self.players.iter().any(|p| !p.bot && p.token_hash == token_hash) {
            return Err(err(
                ErrorCode::BadToken,
                "This is a person's token; a program plays only with a program seat's link, which the host makes.",
            ));
        }
        Err(err(
            ErrorCode::BadToken,
            "This program seat's link is not valid for this lobby (it may have been removed).",
        ))
    }

    /// Refuses a program seat's token where a person's is expected (the
    /// lobby API and a person's `hello`).
    pub(super) fn not_a_program(&self, token_hash: &str) -> Result<(), ApiError> {
        if self.players.iter().any(|p| p.program && p.token_hash == token_hash) {
            return Err(err(
                ErrorCode::BadToken,
                "This is a program seat's token: a program says hello with its name (`program`); see docs/bots.md.",
            ));
        }
        Ok(())
    }

    /// The host holds a seat (the one asked, else the first empty one) for
    /// a program, under "Program N" until it names itself, and gets the
    /// seat's link: the only time its token is shown.
    pub(super) async fn hold_for_program(
        &mut self,
        token: String,
        seat: Option<Seat>,
    ) -> Result<ProgramLink, ApiError> {
        self.host_check(&token)?;
        self.open_check()?;
        let seat = match seat {
            Some(s) if s >= self.lobby.seats => {
                return Err(err(
                    ErrorCode::InvalidField,
                    format!("There is no seat {}; this table has {}.", s as u32 + 1, self.lobby.seats),
                ));
            }
            Some(s) => {
                if let Some(p) = self.players.iter().find(|p| p.seat == Some(s)) {
                    return Err(err(
                        ErrorCode::SeatTaken,
                        format!("Seat {} is taken by {}; a program can have an empty seat.", s + 1, p.name),
                    ));
                }
                s
            }
            None => self
                .free_seat()
                .ok_or_else(|| err(ErrorCode::LobbyFull, format!("All {} seats are taken.", self.lobby.seats)))?,
        };
        // The first "Program N" nobody's name could pass for (a person may
        // have called themselves "Program 1"); one of these is always free.
        let taken = || self.players.iter().map(|p| p.name.as_str());
        let name = (1..=self.players.len() + 1)
            .map(|n| format!("Program {n}"))
            .find(|name| backroom_protocol::text::distinct_name(name, taken()).is_ok())
            .unwrap_or_else(|| format!("Program {}", self.players.len() + 2));
        let (player, token) = self.seat_newcomer(name, seat, true).await?;
        let url = format!("/#/program/{}/{token}", self.id);
        Ok(ProgramLink { seat, player, token, url, lobby: self.info() })
    }

    /// A program's `hello`: its token must be a program seat's, and the
    /// name it gives must be one a person could take at this table (no
    /// look-alike of anyone else's). A new name is stored before the
    /// socket is let in, and everyone sees it.
    pub(super) async fn program_hello(&mut self, token_hash: &str, name: &str) -> Result<(), ApiError> {
        self.not_expired()?;
        let me = self.program_by_token(token_hash)?;
        let (id, old) = (me.id, me.name.clone());
        let name = clean_name(name)?;
        if name == old {
            return Ok(());
        }
        backroom_protocol::text::distinct_name(
            &name,
            self.players.iter().filter(|p| p.id != id).map(|p| p.name.as_str()),
        )?;
        self.ctx.store.set_name(self.id, id, &name).await.map_err(internal)?;
        if let Some(p) = self.players.iter_mut().find(|p| p.id == id) {
            p.name = name;
        }
        self.broadcast_lobby();
        Ok(())
    }
}
