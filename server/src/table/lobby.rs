//! The lobby: who sits where, joining, seats, kicks, bots filling seats, a
//! bot standing in for someone away, handing over the host's role, the start,
//! the rematch, and subscribing a socket to the table.

use super::connections::Conn;
use super::restore::opening_line;
use super::{ConnId, Credential, Live, Table, err, frame, internal};
use crate::outbox::{Out, Outbox};
use crate::secret;
use crate::store::{LobbyRow, Snapshot};
use crate::store::{PlayerRow, now_ms};
use backroom_engine::{GameRng, Seat, Viewer};
use backroom_protocol::http::{BotLevel, PlayerInfo};
use backroom_protocol::http::{HostLinks, Joined, LobbyInfo, LobbyStatus, Rematch};
use backroom_protocol::http::{SWAP_OFFER_SECS, SwapOffer};
use backroom_protocol::ws::ServerMsg;
use backroom_protocol::{ApiError, ErrorCode};
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// "45 s", "2 min", "2 min 5 s": a wait, for people.
fn duration_words(secs: u64) -> String {
    match (secs / 60, secs % 60) {
        (0, s) => format!("{s} s"),
        (m, 0) => format!("{m} min"),
        (m, s) => format!("{m} min {s} s"),
    }
}

/// A display name as the protocol's text rules clean it (NFC, trimmed, 1–32
/// visible characters, no control or override characters).
pub fn clean_name(name: &str) -> Result<String, ApiError> {
    backroom_protocol::text::display_name(name)
}

/// A seat swap offered and not yet answered: from one person to another,
/// for the seats they hold (a seat change by either ends it), until a
/// moment.
pub(super) struct SwapAsked {
    pub(super) from: Uuid,
    pub(super) to: Uuid,
    pub(super) until: Instant,
}

impl Table {
    pub(super) fn player_by_token(&self, token_hash: &str) -> Result<&PlayerRow, ApiError> {
        self.not_a_program(token_hash)?;
        self.players.iter().find(|p| !p.bot && !p.program && p.token_hash == token_hash).ok_or_else(|| {
            err(ErrorCode::BadToken, "This link or token is not valid for this lobby (you may have been removed).")
        })
    }

    pub(super) fn host_check(&self, token_hash: &str) -> Result<(), ApiError> {
        let p = self.player_by_token(token_hash)?;
        if !p.host {
            return Err(err(ErrorCode::NotHost, "Only the host can do that."));
        }
        Ok(())
    }

    pub(super) fn open_check(&self) -> Result<(), ApiError> {
        match self.lobby.status {
            LobbyStatus::Open => Ok(()),
            LobbyStatus::Expired => Err(err(ErrorCode::LobbyNotFound, "This lobby expired before it started.")),
            _ => Err(err(ErrorCode::AlreadyStarted, "The match has already started; seats can no longer change.")),
        }
    }

    pub(super) fn not_expired(&self) -> Result<(), ApiError> {
        if self.lobby.status == LobbyStatus::Expired {
            return Err(err(ErrorCode::LobbyNotFound, "This lobby expired before it started."));
        }
        Ok(())
    }

    pub(super) fn authorize(&self, who: &Credential) -> Result<(Viewer, Option<Uuid>), ApiError> {
        self.not_expired()?;
        match who {
            Credential::Token(h) => {
                let p = self.player_by_token(h)?;
                Ok((p.seat.map(Viewer::Seat).unwrap_or(Viewer::Spectator), Some(p.id)))
            }
            Credential::Program { token, .. } => {
                let p = self.program_by_token(token)?;
                Ok((p.seat.map(Viewer::Seat).unwrap_or(Viewer::Spectator), Some(p.id)))
            }
            Credential::Spectate(h) => match &self.lobby.spectate_hash {
                Some(s) if s == h => Ok((Viewer::Spectator, None)),
                _ => Err(err(ErrorCode::BadToken, "This spectator link is not valid.")),
            },
            Credential::Invite(h) => {
                if &self.lobby.invite_hash == h {
                    Ok((Viewer::Spectator, None))
                } else {
                    Err(err(ErrorCode::BadToken, "This invite link is not valid."))
                }
            }
        }
    }

    /// The lobby as everyone may see it.
    pub(super) fn info(&self) -> LobbyInfo {
        let mut connected: HashMap<Uuid, usize> = HashMap::new();
        for c in self.conns.values() {
            if let Some(p) = c.player {
                *connected.entry(p).or_default() += 1;
            }
        }
        let finished = self.lobby.status == LobbyStatus::Finished;
        LobbyInfo {
            id: self.id,
            game: self.lobby.game.clone(),
            game_name: self.game.info().name,
            seats: self.lobby.seats,
            options: serde_json::from_str(&self.lobby.options).unwrap_or(Value::Null),
            status: self.lobby.status,
            players: self
                .players
                .iter()
                .map(|p| PlayerInfo {
                    id: p.id,
                    name: p.name.clone(),
                    seat: p.seat,
                    bot: p.bot,
                    program: p.program,
                    host: p.host,
                    connected: p.bot || connected.contains_key(&p.id),
                    stand_in: p.stand_in,
                    level: if p.bot {
                        Some(p.bot_level)
                    } else if p.stand_in {
                        Some(self.lobby.stand_in_level)
                    } else {
                        None
                    },
                    away_secs: if p.bot || p.seat.is_none() || connected.contains_key(&p.id) {
                        None
                    } else {
                        Some(self.away_secs(p))
                    },
                })
                .collect(),
            spectators: self.lobby.spectate_hash.is_some(),
            seed_hash: self.lobby.seed_hash.clone(),
            seed: if finished { self.lobby.seed.as_deref().map(secret::hex) } else { None },
            server_commitment: self.lobby.server_commitment.clone(),
            server_secret: if finished { self.lobby.server_secret.as_deref().map(secret::hex) } else { None },
            contributions: if finished {
                self.lobby.seat_contributions.as_deref().and_then(crate::fairness::contributions_hex)
            } else {
                None
            },
            outcome: self.lobby.outcome.as_deref().and_then(|o| serde_json::from_str(o).ok()),
            version: self.live.as_ref().map(|l| l.version).unwrap_or(0),
            stand_in_after_secs: self.ctx.cfg.stand_in_after_secs,
            turn_clock_secs: self.lobby.turn_clock_secs.max(0) as u32,
            stand_in_level: self.lobby.stand_in_level,
            webhook: self.lobby.webhook_url.is_some(),
            rematch: self.lobby.rematch,
            swaps: self.swap_offers(),
        }
    }

    /// The swaps still waiting for an answer, by seat (none once the
    /// match has started: seats no longer change).
    fn swap_offers(&self) -> Vec<SwapOffer> {
        if self.lobby.status != LobbyStatus::Open {
            return Vec::new();
        }
        let now = Instant::now();
        let seat = |id: Uuid| self.players.iter().find(|p| p.id == id).and_then(|p| p.seat);
        self.swaps
            .iter()
            .filter(|w| w.until > now)
            .filter_map(|w| {
                let left = w.until.duration_since(now).as_secs_f64().ceil() as u32;
                Some(SwapOffer { from: seat(w.from)?, to: seat(w.to)?, expires_in_secs: left })
            })
            .collect()
    }

    /// How long a person with no open connection has been away (seconds):
    /// since they left, else since they joined or the table was loaded.
    pub(super) fn away_secs(&self, player: &PlayerRow) -> u64 {
        let since = self.conns.away_since(player.id, player.joined_at);
        (now_ms() - since).max(0) as u64 / 1000
    }

    /// While `player` has been away less than `--stand-in-after-secs`, and
    /// so only the host may act for them: how long they have been away, the
    /// wait, and what is left of it, in words.
    pub(super) fn still_to_wait(&self, player: &PlayerRow) -> Option<[String; 3]> {
        let (away, after) = (self.away_secs(player), self.ctx.cfg.stand_in_after_secs);
        (away < after).then(|| [duration_words(away), duration_words(after), duration_words(after - away)])
    }

    pub(super) fn broadcast_lobby(&mut self) {
        let f = frame(&ServerMsg::Lobby { lobby: Box::new(self.info()) });
        self.send_all(&f);
    }

    pub(super) async fn join(&mut self, invite: String, name: String) -> Result<Joined, ApiError> {
        self.not_expired()?;
        if secret::hash(&invite) != self.lobby.invite_hash {
            return Err(err(ErrorCode::BadToken, "This invite link is not valid for this lobby."));
        }
        self.open_check()?;
        let name = clean_name(&name)?;
        // Nobody at a table may pass for someone else there, seated or
        // watching, bots included (`text::confusable`).
        backroom_protocol::text::distinct_name(&name, self.players.iter().map(|p| p.name.as_str()))?;
        let Some(seat) = self.free_seat() else {
            return Err(err(ErrorCode::LobbyFull, format!("All {} seats are taken.", self.lobby.seats)));
        };
        let (id, token) = self.seat_newcomer(name, seat, false).await?;
        Ok(Joined { lobby: self.id, player: id, token, links: HostLinks::default() })
    }

    /// Seats someone new (a person who joined, or a program the host made
    /// room for): a fresh player id and token, stored before anyone hears
    /// of it, then told to the table. Returns the id and the token, which
    /// only the newcomer is ever shown.
    pub(super) async fn seat_newcomer(
        &mut self,
        name: String,
        seat: Seat,
        program: bool,
    ) -> Result<(Uuid, String), ApiError> {
        let token = secret::new_token();
        let p = PlayerRow {
            id: Uuid::new_v4(),
            name,
            token_hash: secret::hash(&token),
            seat: Some(seat),
            bot: false,
            host: false,
            joined_at: now_ms(),
            stand_in: false,
            program,
            bot_level: BotLevel::Normal,
        };
        self.ctx.store.add_player(self.id, &p).await.map_err(internal)?;
        let id = p.id;
        self.players.push(p);
        self.broadcast_lobby();
        Ok((id, token))
    }

    pub(super) fn free_seat(&self) -> Option<Seat> {
        (0..self.lobby.seats).find(|s| !self.players.iter().any(|p| p.seat == Some(*s)))
    }

    pub(super) async fn seat(&mut self, token: String, seat: Option<Seat>) -> Result<LobbyInfo, ApiError> {
        let id = self.player_by_token(&token)?.id;
        self.open_check()?;
        if let Some(s) = seat {
            if s >= self.lobby.seats {
                return Err(err(
                    ErrorCode::SeatTaken,
                    format!("There is no seat {}; this table has {}.", s as u32 + 1, self.lobby.seats),
                ));
            }
            if let Some(other) = self.players.iter().find(|p| p.seat == Some(s) && p.id != id) {
                // A seated player may trade seats with a bot (choosing a
                // side in a game whose seats are sides); a person's seat
                // is theirs, traded only by a swap both agree to.
                let mine = self.players.iter().find(|p| p.id == id).and_then(|p| p.seat);
                if mine.is_some() && (other.bot || other.program) {
                    return self.swap(token, seat, None).await;
                }
                return Err(err(
                    ErrorCode::SeatTaken,
                    format!(
                        "Seat {} is taken by {}; offer them a swap, and the seats change once they accept.",
                        s + 1,
                        other.name
                    ),
                ));
            }
        }
        self.ctx.store.set_seat(self.id, id, seat).await.map_err(internal)?;
        if let Some(p) = self.players.iter_mut().find(|p| p.id == id) {
            p.seat = seat;
        }
        self.seated_moved(id);
        self.broadcast_lobby();
        Ok(self.info())
    }

    /// A player's seat changed: their connections see from it, and the
    /// swaps they offered or were offered end (they were for the old seat).
    fn seated_moved(&mut self, id: Uuid) {
        let seat = self.players.iter().find(|p| p.id == id).and_then(|p| p.seat);
        for c in self.conns.values_mut().filter(|c| c.player == Some(id)) {
            c.viewer = seat.map(Viewer::Seat).unwrap_or(Viewer::Spectator);
        }
        self.swaps.retain(|w| w.from != id && w.to != id);
    }

    /// Seat swaps (`POST /swap`): `seat` offers a swap to the person there
    /// or accepts theirs, and a bot's seat is swapped at once; `decline`
    /// turns down the offer from that seat; neither withdraws the caller's
    /// own offer. Both seats change in one store transaction.
    pub(super) async fn swap(
        &mut self,
        token: String,
        seat: Option<Seat>,
        decline: Option<Seat>,
    ) -> Result<LobbyInfo, ApiError> {
        let me = self.player_by_token(&token)?.clone();
        self.open_check()?;
        self.swaps.retain(|w| w.until > Instant::now());
        let Some(mine) = me.seat else {
            return Err(err(ErrorCode::NotSeated, "Take a seat first: a swap trades your seat for another."));
        };
        let other_at = |s: Seat, what: &str| -> Result<PlayerRow, ApiError> {
            if s >= self.lobby.seats {
                return Err(err(
                    ErrorCode::InvalidField,
                    format!("There is no seat {}; this table has {}.", s as u32 + 1, self.lobby.seats),
                ));
            }
            if s == mine {
                return Err(err(ErrorCode::InvalidField, format!("Seat {} is yours already.", s + 1)));
            }
            self.players
                .iter()
                .find(|p| p.seat == Some(s))
                .cloned()
                .ok_or_else(|| err(ErrorCode::InvalidField, format!("Seat {} is empty: {what}", s + 1)))
        };
        match (seat, decline) {
            (Some(_), Some(_)) => {
                Err(err(ErrorCode::InvalidField, "Send `seat` to offer or accept a swap, or `decline`, not both."))
            }
            (None, Some(s)) => {
                let other = other_at(s, "nobody there offered you a swap.")?;
                let before = self.swaps.len();
                self.swaps.retain(|w| !(w.from == other.id && w.to == me.id));
                if self.swaps.len() == before {
                    return Err(err(
                        ErrorCode::InvalidField,
                        format!("{} at seat {} has not offered you a swap (or the offer ran out).", other.name, s + 1),
                    ));
                }
                self.broadcast_lobby();
                Ok(self.info())
            }
            (None, None) => {
                self.swaps.retain(|w| w.from != me.id);
                self.broadcast_lobby();
                Ok(self.info())
            }
            (Some(s), None) => {
                let other = other_at(s, "take it instead of swapping.")?;
                let theirs = self.swaps.iter().any(|w| w.from == other.id && w.to == me.id);
                // A bot's or a program's seat is swapped at once: neither
                // answers offers.
                if other.bot || other.program || theirs {
                    self.ctx.store.swap_seats(self.id, (me.id, mine), (other.id, s)).await.map_err(internal)?;
                    for p in self.players.iter_mut() {
                        if p.id == me.id {
                            p.seat = Some(s);
                        } else if p.id == other.id {
                            p.seat = Some(mine);
                        }
                    }
                    self.seated_moved(me.id);
                    self.seated_moved(other.id);
                } else {
                    self.swaps.retain(|w| w.from != me.id);
                    let until = Instant::now() + Duration::from_secs(SWAP_OFFER_SECS.into());
                    self.swaps.push(SwapAsked { from: me.id, to: other.id, until });
                }
                self.broadcast_lobby();
                Ok(self.info())
            }
        }
    }

    pub(super) async fn leave(&mut self, token: String) -> Result<(), ApiError> {
        let p = self.player_by_token(&token)?.clone();
        self.open_check()?;
        if p.host {
            return Err(err(
                ErrorCode::NotHost,
                "The host cannot leave an open lobby; start the match or let it expire.",
            ));
        }
        self.remove(p.id, 4002, "You left the lobby.").await
    }

    pub(super) async fn remove(&mut self, player: Uuid, code: u16, reason: &str) -> Result<(), ApiError> {
        self.ctx.store.remove_player(self.id, player).await.map_err(internal)?;
        self.players.retain(|p| p.id != player);
        self.conns.back(player);
        let gone: Vec<ConnId> =
            self.conns.iter().filter(|(_, c)| c.player == Some(player)).map(|(id, _)| *id).collect();
        for id in gone {
            if let Some(c) = self.conns.remove(&id) {
                let _ = c.out.offer(Out::Close(code, reason.to_string()));
            }
        }
        self.broadcast_lobby();
        Ok(())
    }

    pub(super) async fn kick(&mut self, token: String, player: Uuid) -> Result<LobbyInfo, ApiError> {
        self.host_check(&token)?;
        self.open_check()?;
        let Some(target) = self.players.iter().find(|p| p.id == player) else {
            return Err(err(ErrorCode::InvalidField, "That player is not in this lobby."));
        };
        if target.host {
            return Err(err(ErrorCode::InvalidField, "The host cannot be removed."));
        }
        self.remove(player, 4002, "The host removed you from this lobby.").await?;
        Ok(self.info())
    }

    /// Bots at `level` fill every empty seat (host, before the start).
    pub(super) async fn fill_bots(&mut self, token: String, level: BotLevel) -> Result<LobbyInfo, ApiError> {
        self.host_check(&token)?;
        self.open_check()?;
        let mut n = self.players.iter().filter(|p| p.bot).count();
        while let Some(seat) = self.free_seat() {
            n += 1;
            // A person may have called themselves "Bot 2": the bot then
            // takes the next number, so that no one passes for a bot.
            while backroom_protocol::text::distinct_name(
                &format!("Bot {n}"),
                self.players.iter().map(|p| p.name.as_str()),
            )
            .is_err()
            {
                n += 1;
            }
            let p = PlayerRow {
                id: Uuid::new_v4(),
                name: format!("Bot {n}"),
                token_hash: secret::hash(&secret::new_token()),
                seat: Some(seat),
                bot: true,
                host: false,
                joined_at: now_ms(),
                stand_in: false,
                program: false,
                bot_level: level,
            };
            self.ctx.store.add_player(self.id, &p).await.map_err(internal)?;
            self.players.push(p);
        }
        self.broadcast_lobby();
        Ok(self.info())
    }

    /// The host sets the level of the bot at `seat`, or without a seat the
    /// table's stand-in level, before the start (stored first).
    pub(super) async fn set_level(
        &mut self,
        token: String,
        seat: Option<Seat>,
        level: BotLevel,
    ) -> Result<LobbyInfo, ApiError> {
        let caller = self.player_by_token(&token)?;
        if !caller.host {
            return Err(err(ErrorCode::NotHost, "Only the host chooses how well the bots play."));
        }
        match self.lobby.status {
            LobbyStatus::Open => {}
            LobbyStatus::Expired => return Err(err(ErrorCode::LobbyNotFound, "This lobby expired before it started.")),
            _ => {
                return Err(err(
                    ErrorCode::AlreadyStarted,
                    "The match has started: bot levels are chosen in the lobby, before the start.",
                ));
            }
        }
        match seat {
            Some(s) => {
                let Some(bot) = self.players.iter().find(|p| p.seat == Some(s)) else {
                    return Err(err(
                        ErrorCode::InvalidField,
                        format!("Seat {} is empty: fill it with a bot first, then choose its level.", s as u32 + 1),
                    ));
                };
                if !bot.bot {
                    return Err(err(
                        ErrorCode::InvalidField,
                        format!(
                            "{} at seat {} is not a server bot; only a bot's level can be chosen.",
                            bot.name,
                            s + 1
                        ),
                    ));
                }
                let id = bot.id;
                self.ctx.store.set_bot_level(self.id, id, level).await.map_err(internal)?;
                if let Some(p) = self.players.iter_mut().find(|p| p.id == id) {
                    p.bot_level = level;
                }
            }
            None => {
                self.ctx.store.set_stand_in_level(self.id, level).await.map_err(internal)?;
                self.lobby.stand_in_level = level;
            }
        }
        self.broadcast_lobby();
        Ok(self.info())
    }

    /// A bot plays the seat of a player who is away, or stops. The host may
    /// ask at any time; anyone else seated may start it once the player has
    /// been away `--stand-in-after-secs`, so a table whose host is away too
    /// is not stuck. The player gets the seat back by coming back.
    pub(super) async fn stand_in(&mut self, token: String, seat: Seat, on: bool) -> Result<LobbyInfo, ApiError> {
        let caller = self.player_by_token(&token)?;
        let (host, caller_seated) = (caller.host, caller.seat.is_some());
        if !host && !on {
            return Err(err(
                ErrorCode::NotHost,
                "Only the host can stop a bot that plays for someone; it stops by itself when they come back.",
            ));
        }
        if !host && !caller_seated {
            return Err(err(
                ErrorCode::NotHost,
                "Only the host or a seated player can let a bot play for someone who is away.",
            ));
        }
        match &self.live {
            Some(live) if !live.over => {}
            Some(_) => return Err(err(ErrorCode::GameOver, "The match is over.")),
            None => {
                return Err(err(
                    ErrorCode::NotStarted,
                    "A bot can stand in only during the match; before it, fill the seat with a bot.",
                ));
            }
        }
        let Some(p) = self.players.iter().find(|p| p.seat == Some(seat)) else {
            return Err(err(ErrorCode::InvalidField, format!("Seat {} is not at this table.", seat + 1)));
        };
        let (id, name, was, wait) = (p.id, p.name.clone(), p.stand_in, self.still_to_wait(p));
        if p.bot {
            return Err(err(ErrorCode::InvalidField, format!("{name} is a bot already.")));
        }
        if on && self.conns.values().any(|c| c.player == Some(id)) {
            return Err(err(
                ErrorCode::InvalidField,
                format!("{name} is here; a bot can stand in only for someone who is away."),
            ));
        }
        if on
            && !host
            && !was
            && let Some([away, after, left]) = wait
        {
            return Err(err(
                ErrorCode::NotHost,
                format!(
                    "{name} has been away for {away}. Anyone seated can let a bot play for them once they have been away {after} ({left} from now); the host can now."
                ),
            ));
        }
        if was != on {
            self.set_stand_in(id, on).await?;
        }
        Ok(self.info())
    }

    /// The host hands the role to `to`; anyone else may take it for
    /// themselves once the host has been away `--stand-in-after-secs` (a
    /// lobby whose host has gone could otherwise never start).
    pub(super) async fn hand_over(&mut self, token: String, to: Uuid) -> Result<LobbyInfo, ApiError> {
        let caller = self.player_by_token(&token)?;
        let (caller_id, caller_host) = (caller.id, caller.host);
        match self.lobby.status {
            LobbyStatus::Open | LobbyStatus::Live => {}
            LobbyStatus::Finished => {
                return Err(err(ErrorCode::GameOver, "The match is over; play again to host the next one."));
            }
            LobbyStatus::Expired => return Err(err(ErrorCode::LobbyNotFound, "This lobby expired before it started.")),
        }
        let Some(target) = self.players.iter().find(|p| p.id == to) else {
            return Err(err(ErrorCode::InvalidField, "That player is not in this lobby."));
        };
        if target.bot || target.program {
            return Err(err(ErrorCode::InvalidField, "A bot cannot host."));
        }
        if target.host {
            return Ok(self.info());
        }
        let after = self.ctx.cfg.stand_in_after_secs;
        if !caller_host {
            if to != caller_id {
                return Err(err(
                    ErrorCode::NotHost,
                    format!(
                        "Only the host can make someone else host; you can take it yourself once the host has been away {}.",
                        duration_words(after)
                    ),
                ));
            }
            if let Some(h) = self.players.iter().find(|p| p.host) {
                if self.conns.values().any(|c| c.player == Some(h.id)) {
                    return Err(err(
                        ErrorCode::NotHost,
                        format!("{}, the host, is here: ask them to hand it over.", h.name),
                    ));
                }
                if let Some([away, after, left]) = self.still_to_wait(h) {
                    return Err(err(
                        ErrorCode::NotHost,
                        format!(
                            "{}, the host, has been away for {away}. Anyone at the table can take over once the host has been away {after} ({left} from now).",
                            h.name
                        ),
                    ));
                }
            }
        }
        self.ctx.store.set_host(self.id, to).await.map_err(internal)?;
        for p in &mut self.players {
            p.host = p.id == to;
        }
        self.broadcast_lobby();
        Ok(self.info())
    }

    /// "Play again": the lobby of the next match at this table, made by the
    /// first player who asks once the match is over (they host it), with
    /// the same game, options and seats, and everyone seated where they sat
    /// under the same player id and token, so that each can go straight in.
    /// Later calls lead to the same lobby.
    pub(super) async fn rematch(&mut self, token: String) -> Result<Rematch, ApiError> {
        let caller = self.player_by_token(&token)?.id;
        match self.lobby.status {
            LobbyStatus::Finished => {}
            LobbyStatus::Live => {
                return Err(err(
                    ErrorCode::NotOver,
                    "The match is still being played; you can play again once it is over.",
                ));
            }
            LobbyStatus::Open => return Err(err(ErrorCode::NotStarted, "The match has not started yet.")),
            LobbyStatus::Expired => return Err(err(ErrorCode::LobbyNotFound, "This lobby expired before it started.")),
        }
        if let Some(id) = self.lobby.rematch {
            return Ok(Rematch { lobby: id, created: false, links: HostLinks::default() });
        }
        let invite = secret::new_invite();
        let spectate = self.lobby.spectate_hash.is_some().then(secret::new_invite);
        let now = now_ms();
        let lobby = LobbyRow {
            id: Uuid::new_v4(),
            game: self.lobby.game.clone(),
            seats: self.lobby.seats,
            options: self.lobby.options.clone(),
            status: LobbyStatus::Open,
            invite_hash: secret::hash(&invite),
            spectate_hash: spectate.as_deref().map(secret::hash),
            seed: None,
            seed_hash: None,
            engine_version: self.game.info().engine_version as i32,
            outcome: None,
            rematch: None,
            turn_clock_secs: self.lobby.turn_clock_secs,
            webhook_url: self.lobby.webhook_url.clone(),
            server_secret: None,
            server_commitment: None,
            seat_contributions: None,
            stand_in_level: self.lobby.stand_in_level,
            created_at: now,
            updated_at: now,
        };
        let lobby = super::with_server_secret(lobby, self.ctx.cfg.test_seed.is_some());
        let players: Vec<PlayerRow> = self
            .players
            .iter()
            .map(|p| PlayerRow { host: p.id == caller, joined_at: now, stand_in: false, ..p.clone() })
            .collect();
        self.ctx.store.create_rematch(self.id, &lobby, &players).await.map_err(internal)?;
        let id = lobby.id;
        self.lobby.rematch = Some(id);
        self.ctx.open(self.game, lobby, players);
        metrics::counter!("backroom_lobbies_created_total").increment(1);
        self.broadcast_lobby();
        Ok(Rematch { lobby: id, created: true, links: HostLinks::new(id, invite, spectate) })
    }

    /// A bot starts (stored first: a restart keeps it) or stops playing for
    /// `player`; everyone is told.
    pub(super) async fn set_stand_in(&mut self, player: Uuid, on: bool) -> Result<(), ApiError> {
        if let Err(e) = self.ctx.store.set_stand_in(self.id, player, on).await {
            if on {
                return Err(internal(e));
            }
            // Stopping cannot wait for the store: the seat is the player's
            // again at once. A restart before the store hears of it hands it
            // back to the bot until they reconnect, which ends it again.
            tracing::warn!(table = %self.id, error = %format!("{e:#}"), "could not store the end of a stand-in");
        }
        if let Some(p) = self.players.iter_mut().find(|p| p.id == player) {
            p.stand_in = on;
        }
        self.broadcast_lobby();
        if on {
            self.bots.stuck = false;
            self.schedule_bots();
        }
        Ok(())
    }

    pub(super) async fn start(&mut self, token: String) -> Result<LobbyInfo, ApiError> {
        self.host_check(&token)?;
        self.open_check()?;
        if let Some(empty) = (0..self.lobby.seats).find(|s| !self.players.iter().any(|p| p.seat == Some(*s))) {
            return Err(err(
                ErrorCode::InvalidField,
                format!("Seat {} is empty: wait for a friend to take it, or fill it with a bot.", empty + 1),
            ));
        }
        let (seed, seat_contributions) = self.seed_at_start().await?;
        let seed_hash = secret::hash_bytes(&seed);
        let mut rng = GameRng::from_seed(seed);
        let options: Value = serde_json::from_str(&self.lobby.options).unwrap_or(Value::Null);
        let state = self
            .game
            .setup(&options, self.lobby.seats, &mut rng)
            .map_err(|e| err(ErrorCode::BadOptions, e.to_string()))?;
        let opening =
            Snapshot { seq: 0, state: state.state_json(), rng: serde_json::to_string(&rng).map_err(internal)? };
        self.ctx
            .store
            .start_match(self.id, (&seed, &seed_hash), seat_contributions.as_deref(), &opening)
            .await
            .map_err(internal)?;
        self.lobby.status = LobbyStatus::Live;
        self.lobby.seed = Some(seed.to_vec());
        self.lobby.seed_hash = Some(seed_hash);
        self.lobby.seat_contributions = seat_contributions;
        let seats = self.lobby.seats;
        let mut live = Live {
            state,
            rng,
            version: 0,
            log: VecDeque::new(),
            prompts: vec![None; seats as usize],
            prompt_changed: vec![0; seats as usize],
            rids: HashMap::new(),
            last_snapshot: 0,
            over: false,
        };
        live.log.push_back((0, opening_line(self.lobby.seed_hash.as_deref().unwrap_or("")).into()));
        live.log.extend(super::restore::levels_line(&self.players, self.lobby.stand_in_level).map(|e| (0, e.into())));
        live.log.extend(live.state.opening_log().into_iter().map(|e| (0, e.into())));
        live.refresh_prompts(seats);
        self.live = Some(live);
        self.clock.restart(now_ms());
        // Seated players now see their seat's view.
        for c in self.conns.values_mut() {
            if let Some(p) = c.player
                && let Some(seat) = self.players.iter().find(|x| x.id == p).and_then(|x| x.seat)
            {
                c.viewer = Viewer::Seat(seat);
            }
        }
        self.broadcast_lobby();
        self.broadcast_state();
        self.notify_away();
        self.schedule_auto_pass();
        self.schedule_bots();
        Ok(self.info())
    }

    pub(super) fn subscribe(
        &mut self,
        who: Credential,
        since: Option<u64>,
        out: Arc<Outbox>,
    ) -> Result<ConnId, ApiError> {
        if matches!(who, Credential::Invite(_)) {
            return Err(err(ErrorCode::BadToken, "Join the lobby first; an invite alone cannot open the table."));
        }
        let (viewer, player) = self.authorize(&who)?;
        let first_of_player = player.is_some_and(|p| !self.conns.has_player(p));
        let welcome = ServerMsg::Welcome { viewer, player, chat: self.chat.recent() };
        let _ = out.offer(Out::Text(frame(&welcome)));
        let id = self.conns.add(Conn { viewer, player, out, log_sent: since, behind: false });
        if first_of_player {
            if let Some(p) = player {
                self.conns.back(p);
            }
            self.broadcast_lobby();
        } else {
            let f = frame(&ServerMsg::Lobby { lobby: Box::new(self.info()) });
            if let Some(c) = self.conns.get(&id) {
                let _ = c.out.offer(Out::Text(f));
            }
        }
        if self.live.is_some() {
            let f = self.state_frame(viewer, since);
            if let Some(c) = self.conns.get_mut(&id) {
                c.log_sent = self.live.as_ref().map(|l| l.version);
                let _ = c.out.offer(Out::Text(f));
            }
        }
        Ok(id)
    }
}
