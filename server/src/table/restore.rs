//! Loading a table from the store: the latest snapshot plus the tail of the
//! action log (checked against a full replay from the opening on restore).

use super::chat::{CHAT_WINDOW, Chat};
use super::{LOG_WINDOW, Live, Table};
use crate::ctx::Ctx;
use crate::intern;
use crate::store::{LobbyRow, PlayerRow, Snapshot};
use backroom_engine::erased::{DynGame, DynState};
use backroom_engine::{GameRng, LogEntry, PackedLogEntry, Seat, seat_ref};
use backroom_protocol::http::BotLevel;
use backroom_protocol::http::LobbyStatus;
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::Instant;
use uuid::Uuid;

impl Table {
    /// Loads a table from the store, replaying the actions after the last
    /// snapshot. With `verify`, also replays from the opening and checks
    /// both paths agree.
    pub async fn load(ctx: Arc<Ctx>, id: Uuid, verify: bool) -> anyhow::Result<Option<Table>> {
        let Some((lobby, players)) = ctx.store.load_lobby(id).await? else { return Ok(None) };
        let Some(game) = backroom_games::find(&lobby.game) else {
            anyhow::bail!("lobby {id} is for '{}', which this server does not offer", lobby.game)
        };
        let mut t = Table::new_lobby(ctx.clone(), game, lobby, players);
        let chat = ctx.store.recent_chat(id, CHAT_WINDOW as i64).await?;
        t.chat = Chat::restored(chat);
        if matches!(t.lobby.status, LobbyStatus::Live | LobbyStatus::Finished) {
            let started = Instant::now();
            let resume = ctx.store.load_resume(id, LOG_WINDOW as i64 / 4).await?;
            let same = same_engine(game, &t.lobby);
            let (state, rng) = if same {
                let (mut state, mut rng) = restore_snapshot(game, &resume.snapshot)?;
                for a in &resume.tail {
                    let action: Value = serde_json::from_str(&a.action)?;
                    state
                        .apply(a.seat, &action, &mut rng)
                        .map_err(|e| anyhow::anyhow!("replaying action {} was refused: {e}", a.seq))?;
                }
                (state, rng)
            } else {
                // Stored by another engine version: the whole log, from a
                // setup under that version (see `opening`).
                let (full_state, full_rng) = replay_all(&ctx, game, &t.lobby).await?;
                (game.restore(&full_state).map_err(|e| anyhow::anyhow!(e))?, serde_json::from_str(&full_rng)?)
            };
            if same && verify && resume.snapshot.seq > 0 {
                let (full_state, full_rng) = replay_all(&ctx, game, &t.lobby).await?;
                anyhow::ensure!(
                    full_state == state.state_json() && full_rng == serde_json::to_string(&rng)?,
                    "match {id}: the snapshot at {} and a replay from the opening disagree",
                    resume.snapshot.seq
                );
            }
            let seats = t.lobby.seats;
            let version = resume.version as u64;
            let mut live = Live {
                state,
                rng,
                version,
                log: VecDeque::new(),
                prompts: vec![None; seats as usize],
                prompt_changed: vec![version; seats as usize],
                rids: HashMap::new(),
                last_snapshot: resume.snapshot.seq as u64,
                over: false,
            };
            // The opening line is not stored; it follows from the published
            // seed hash, so a restored table shows the same log.
            if resume.recent.first().is_none_or(|a| a.seq == 1) {
                live.log.push_back((0, opening_line(t.lobby.seed_hash.as_deref().unwrap_or("")).into()));
                live.log.extend(levels_line(&t.players, t.lobby.stand_in_level).map(|e| (0, e.into())));
                live.log.extend(live.state.opening_log().into_iter().map(|e| (0, e.into())));
            }
            for a in &resume.recent {
                if let Ok(entries) = serde_json::from_str::<Vec<LogEntry>>(&a.log) {
                    for e in entries {
                        live.log.push_back((a.seq as u64, PackedLogEntry::pack(e, intern::share)));
                    }
                }
                if let Some(rid) = &a.rid {
                    live.remember_rid(a.seat, rid, a.seq as u64, &a.action);
                }
            }
            for s in 0..seats {
                live.prompts[s as usize] = live.state.prompt(s);
            }
            live.over = live.state.pending().is_over();
            // The turn clock runs on from the last stored move (or from
            // when the match started), as if the server had never stopped.
            t.clock.restart(resume.recent.last().map_or(t.lobby.updated_at, |a| a.at));
            metrics::histogram!("backroom_resume_seconds").record(started.elapsed().as_secs_f64());
            t.live = Some(live);
        }
        Ok(Some(t))
    }
}

/// The first line of every match's log.
pub(super) fn opening_line(seed_hash: &str) -> LogEntry {
    LogEntry::public(format!("The match begins. Seed hash {}…", seed_hash.get(..16).unwrap_or(seed_hash)))
}

/// The second line of a match's log where it matters: the level of each
/// bot seated, and the one a bot standing in for a person plays at, when
/// the table has bots or stand-ins do not play the usual Normal.
pub(super) fn levels_line(players: &[PlayerRow], stand_in: BotLevel) -> Option<LogEntry> {
    let mut bots: Vec<(Seat, BotLevel)> =
        players.iter().filter(|p| p.bot).filter_map(|p| Some((p.seat?, p.bot_level))).collect();
    if bots.is_empty() && stand_in == BotLevel::Normal {
        return None;
    }
    bots.sort_unstable_by_key(|(s, _)| *s);
    let seated: Vec<String> = bots.iter().map(|(s, l)| format!("{} plays {}", seat_ref(*s), l.word())).collect();
    let stand_ins = format!("a bot standing in for someone plays {}.", stand_in.word());
    Some(LogEntry::public(if seated.is_empty() {
        format!("Bot levels: {stand_ins}")
    } else {
        format!("Bot levels: {}; {stand_ins}", seated.join(", "))
    }))
}

/// A stored snapshot's state and generator, as the game restores them.
pub(super) fn restore_snapshot(
    game: &'static dyn DynGame,
    s: &Snapshot,
) -> anyhow::Result<(Box<dyn DynState>, GameRng)> {
    let state = game.restore(&s.state).map_err(|e| anyhow::anyhow!("snapshot {}: {e}", s.seq))?;
    Ok((state, serde_json::from_str(&s.rng)?))
}

/// Whether the match was stored by the engine this server runs. A match
/// of another `engine_version` is restored by replaying its whole log from
/// a setup under that version (the engine keeps the old rules behind it);
/// its stored snapshots are never read, since their state may not fit
/// today's types.
pub fn same_engine(game: &dyn DynGame, lobby: &LobbyRow) -> bool {
    u32::try_from(lobby.engine_version).is_ok_and(|v| v == game.info().engine_version)
}

/// The opening position of a started match: its stored opening snapshot,
/// or for a match of another engine version a setup from its seed under
/// that version (the seed is stored from the start; it is only published
/// at the end).
pub fn opening(
    game: &'static dyn DynGame,
    lobby: &LobbyRow,
    stored: &Snapshot,
) -> anyhow::Result<(Box<dyn DynState>, GameRng)> {
    if same_engine(game, lobby) {
        return restore_snapshot(game, stored);
    }
    let seed: [u8; 32] = lobby
        .seed
        .clone()
        .and_then(|s| s.try_into().ok())
        .ok_or_else(|| anyhow::anyhow!("match {}: no 32-byte seed stored", lobby.id))?;
    let mut rng = GameRng::from_seed(seed);
    let options: Value = serde_json::from_str(&lobby.options)?;
    let version = u32::try_from(lobby.engine_version).unwrap_or(0);
    let state = game
        .setup_at_version(&options, lobby.seats, &mut rng, version)
        .map_err(|e| anyhow::anyhow!("match {}: {e}", lobby.id))?;
    Ok((state, rng))
}

/// Replays a match from its opening through every stored action. Returns
/// the final state and RNG as JSON text.
pub async fn replay_all(ctx: &Ctx, game: &'static dyn DynGame, lobby: &LobbyRow) -> anyhow::Result<(String, String)> {
    let stored = ctx.store.opening(lobby.id).await?.ok_or_else(|| anyhow::anyhow!("no opening snapshot"))?;
    let (mut state, mut rng) = opening(game, lobby, &stored)?;
    for a in ctx.store.all_actions(lobby.id).await? {
        let action: Value = serde_json::from_str(&a.action)?;
        state
            .apply(a.seat, &action, &mut rng)
            .map_err(|e| anyhow::anyhow!("action {} refused on replay: {e}", a.seq))?;
    }
    Ok((state.state_json(), serde_json::to_string(&rng)?))
}
