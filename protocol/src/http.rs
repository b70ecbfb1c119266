//! HTTP JSON bodies. Requests that act for a player carry its token as
//! `Authorization: Bearer <token>`. Errors come back as [`crate::ApiError`]
//! with a 4xx/5xx status.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::{GameInfo, Outcome, Seat};

/// `POST /api/lobbies`: create a private lobby; the creator is its host.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateLobby {
    /// Game id from `GET /api/games`.
    pub game: String,
    /// Seat count (within the game's range; default: the game's default).
    #[serde(default)]
    pub seats: Option<u8>,
    /// The game's options (defaults filled in by the server).
    #[serde(default)]
    pub options: Value,
    /// The host's display name.
    pub name: String,
    /// Create a spectator link (public view only).
    #[serde(default)]
    pub spectators: bool,
    /// A turn clock: when nobody has moved for this many seconds, a server
    /// bot moves for every person the table waits on (0, the default: no
    /// clock; at most [`MAX_TURN_CLOCK_SECS`]).
    #[serde(default)]
    pub turn_clock_secs: u32,
    /// The level of the bots that stand in for people who are away and
    /// move when the turn clock runs out (default: normal; the host may
    /// change it before the start with [`SetLevel`]).
    #[serde(default)]
    pub stand_in_level: BotLevel,
    /// A webhook (`http`/`https` URL, Discord/Slack-compatible): called
    /// with a JSON POST when the table starts waiting on someone who is
    /// away. Never sent back to anyone (it holds its own secret).
    #[serde(default)]
    pub webhook_url: Option<String>,
}

/// The longest turn clock a lobby may have: a week.
pub const MAX_TURN_CLOCK_SECS: u32 = 7 * 24 * 3600;

/// Answer to [`CreateLobby`] and [`JoinLobby`]: who you are now.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Joined {
    /// The lobby (and later match) id.
    pub lobby: Uuid,
    /// Your player id in this lobby.
    pub player: Uuid,
    /// Your secret token; the server keeps only its hash. Keep it to resume.
    pub token: String,
    /// For the host: the links to share.
    #[serde(flatten)]
    pub links: HostLinks,
}

/// A new lobby's links, given to its host only (the server keeps only
/// their secrets' hashes); empty for everyone else.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct HostLinks {
    /// The invite link path to share (`/#/join/<lobby>/<invite>`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite_url: Option<String>,
    /// The invite secret itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
    /// The spectator link path, when enabled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spectate_url: Option<String>,
}

impl HostLinks {
    /// The links of lobby `id` with these secrets.
    pub fn new(id: Uuid, invite: String, spectate: Option<String>) -> Self {
        HostLinks {
            invite_url: Some(format!("/#/join/{id}/{invite}")),
            invite: Some(invite),
            spectate_url: spectate.map(|s| format!("/#/watch/{id}/{s}")),
        }
    }
}

/// `POST /api/lobbies/{id}/join`: join with the invite secret.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinLobby {
    /// The secret from the invite link.
    pub invite: String,
    /// Display name (1–32 characters).
    pub name: String,
}

/// `POST /api/lobbies/{id}/seat`: take a seat (or `null` to stand up).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChooseSeat {
    /// The seat, 0-based.
    pub seat: Option<Seat>,
}

/// `POST /api/lobbies/{id}/swap`: two seated people trade seats, each
/// agreeing. `seat` proposes a swap to whoever sits there, or accepts the
/// swap they proposed to you (the server then swaps both seats at once); a
/// bot's seat is swapped at once. `decline` turns down the swap offered by
/// the person at that seat. Neither withdraws your own offer. An offer
/// lasts [`SWAP_OFFER_SECS`] and ends when either person changes seat.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SwapSeats {
    /// The seat to swap with, 0-based.
    #[serde(default)]
    pub seat: Option<Seat>,
    /// The seat whose offer you turn down, 0-based.
    #[serde(default)]
    pub decline: Option<Seat>,
}

/// How long a seat swap offered to someone waits for their answer.
pub const SWAP_OFFER_SECS: u32 = 60;

/// A seat swap one seated person offered another, waiting for their
/// answer ([`SwapSeats`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwapOffer {
    /// The seat of the person who offered it.
    pub from: Seat,
    /// The seat of the person asked.
    pub to: Seat,
    /// Seconds left when this `LobbyInfo` was made.
    pub expires_in_secs: u32,
}

/// `POST /api/lobbies/{id}/host`: the host hands the role to another
/// person at the table; anyone else may take it for themselves once the
/// host has been away [`LobbyInfo::stand_in_after_secs`] (so that a lobby
/// whose host has gone can still be started).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewHost {
    /// Who hosts from now on.
    pub player: Uuid,
}

/// `POST /api/lobbies/{id}/program` (host, before start): a program, not a
/// person, will play a seat. The seat is held for it at once, under a
/// stand-in name until the program says hello with its own; everyone sees
/// it as a program. The answer is the seat's link, for the host alone.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProgramSeat {
    /// The seat, 0-based (default: the first empty one).
    #[serde(default)]
    pub seat: Option<Seat>,
}

/// Answer to [`ProgramSeat`]: the program seat's link. Its token opens
/// only a program's `hello` (with `program`, its name); the server keeps
/// only its hash, so this is the one time it is shown.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ProgramLink {
    /// The seat held for the program.
    pub seat: Seat,
    /// The program's player id.
    pub player: Uuid,
    /// The program's token.
    pub token: String,
    /// The link path to give the program (`/#/program/<lobby>/<token>`).
    pub url: String,
    /// The lobby, with the program's seat.
    pub lobby: LobbyInfo,
}

/// `POST /api/lobbies/{id}/kick` (host, before start).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kick {
    /// The player to remove.
    pub player: Uuid,
}

/// `POST /api/lobbies/{id}/stand-in` (during the match): a bot plays the
/// seat of a player who is away, or stops. The host may start and stop it at
/// any time; any other seated player may start it once the player has been
/// away [`LobbyInfo::stand_in_after_secs`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandIn {
    /// The seat, 0-based.
    pub seat: Seat,
    /// True: the bot takes over; false: it stops.
    pub on: bool,
}

/// How well a server bot plays: the host chooses it for each bot seat
/// ([`FillBots`], [`SetLevel`]) and, once for the table, for the bots that
/// stand in for people and move when the turn clock runs out
/// ([`LobbyInfo::stand_in_level`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotLevel {
    /// The game's heuristic bot, with about one move in three a random
    /// legal move instead.
    Easy,
    /// The game's heuristic bot.
    #[default]
    Normal,
    /// The search bot, thinking up to the server's budget a move
    /// (`--bot-think-ms`).
    Strong,
}

impl BotLevel {
    /// The stored (and wire) name.
    pub fn as_str(self) -> &'static str {
        match self {
            BotLevel::Easy => "easy",
            BotLevel::Normal => "normal",
            BotLevel::Strong => "strong",
        }
    }

    /// Parses a stored name.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "easy" => BotLevel::Easy,
            "normal" => BotLevel::Normal,
            "strong" => BotLevel::Strong,
            _ => return None,
        })
    }

    /// The level as people read it ("Strong").
    pub fn word(self) -> &'static str {
        match self {
            BotLevel::Easy => "Easy",
            BotLevel::Normal => "Normal",
            BotLevel::Strong => "Strong",
        }
    }
}

/// `POST /api/lobbies/{id}/bots` (host, before start): every empty seat
/// gets a server bot. The body is optional.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FillBots {
    /// The new bots' level (default: normal).
    #[serde(default)]
    pub level: Option<BotLevel>,
}

/// `POST /api/lobbies/{id}/level` (host, before start): with a seat, the
/// level of the bot in it; without, the table's stand-in level (the bots
/// that play for people who are away, or whose turn clock ran out).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetLevel {
    /// A bot's seat, 0-based; absent for the stand-in level.
    #[serde(default)]
    pub seat: Option<Seat>,
    /// The level.
    pub level: BotLevel,
}

/// `POST /api/lobbies/{id}/contribute` (a person in the lobby, before the
/// start): this browser's share of the match seed, random bytes from the
/// Web Crypto API. Each person's last contribution before the start
/// counts, for the seat they hold at the start; it is never shown to
/// anyone before the start, and revealed with the seed at the end (see
/// [`LobbyInfo::server_commitment`]). Answered `204 No Content`; after the
/// start, `already_started`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Contribute {
    /// 1 to [`MAX_CONTRIBUTION_BYTES`] bytes, hex (the web client sends 32).
    pub contribution: String,
}

/// The longest contribution to a seed ([`Contribute`]), in bytes.
pub const MAX_CONTRIBUTION_BYTES: usize = 64;

/// Lobby life cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LobbyStatus {
    /// Taking seats.
    Open,
    /// The match is being played.
    Live,
    /// The match ended; its record stays readable.
    Finished,
    /// Idle too long before starting; closed.
    Expired,
}

impl LobbyStatus {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            LobbyStatus::Open => "open",
            LobbyStatus::Live => "live",
            LobbyStatus::Finished => "finished",
            LobbyStatus::Expired => "expired",
        }
    }

    /// Parses a stored name.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "open" => LobbyStatus::Open,
            "live" => LobbyStatus::Live,
            "finished" => LobbyStatus::Finished,
            "expired" => LobbyStatus::Expired,
            _ => return None,
        })
    }
}

/// Someone in a lobby (ids of others are shown so the host can kick; tokens
/// never are).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerInfo {
    /// Player id.
    pub id: Uuid,
    /// Display name.
    pub name: String,
    /// Seat taken, if any.
    pub seat: Option<Seat>,
    /// A server bot.
    pub bot: bool,
    /// A program plays this seat over the public protocol (a bot someone
    /// wrote; `docs/bots.md`). Its name is the one it gave.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub program: bool,
    /// The host.
    pub host: bool,
    /// Has at least one open connection now.
    pub connected: bool,
    /// A bot is playing this seat while its player is away (the host asked,
    /// or someone seated once the player had been away long enough; it ends
    /// when the player comes back).
    #[serde(default)]
    pub stand_in: bool,
    /// How long (seconds, when this was sent) a seated person has had no
    /// open connection: since they left, or since the server loaded the
    /// table if they have not come since. A duration rather than a time, so
    /// that a client's clock need not agree with the server's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub away_secs: Option<u64>,
    /// The level the server's bot plays this seat at: a bot's own, or the
    /// table's stand-in level while a bot stands in for its person.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<BotLevel>,
}

/// `GET /api/lobbies/{id}` (with a player token, invite or spectator
/// secret) and the `lobby` WebSocket message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LobbyInfo {
    /// Lobby id.
    pub id: Uuid,
    /// Game id.
    pub game: String,
    /// Game display name.
    pub game_name: String,
    /// Seat count.
    pub seats: u8,
    /// Options in force.
    pub options: Value,
    /// Life cycle.
    pub status: LobbyStatus,
    /// Everyone in the lobby.
    pub players: Vec<PlayerInfo>,
    /// A spectator link exists.
    pub spectators: bool,
    /// Hex SHA-256 of the match seed, published when the match starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_hash: Option<String>,
    /// The seed itself (hex), revealed once the match has ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// Hex SHA-256 of the server's secret share of the seed, published from
    /// the lobby's creation on: the server cannot change its share once it
    /// has seen the players' contributions ([`Contribute`]). The seed is
    /// `SHA-256("backroom-seed-v1" || u32be(len(secret)) || secret || for
    /// each seat in order: u32be(len(c)) || c)`. Absent for a lobby whose
    /// seed the server picks alone (made before contributions existed, or
    /// on a server that forces seeds for tests).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_commitment: Option<String>,
    /// The server's secret (hex), revealed once the match has ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_secret: Option<String>,
    /// Each seat's contribution (hex, seat order; empty for a seat whose
    /// browser never contributed and for a bot), revealed once the match
    /// has ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contributions: Option<Vec<String>>,
    /// Result, once finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// Accepted actions so far.
    pub version: u64,
    /// How long (seconds) a seated player must have been away before anyone
    /// seated, not only the host, may let a bot play for them.
    #[serde(default)]
    pub stand_in_after_secs: u64,
    /// The turn clock (seconds; 0: none): when nobody has moved for this
    /// long, a bot moves for every person the table waits on.
    #[serde(default)]
    pub turn_clock_secs: u32,
    /// The level of the bots that stand in for people who are away and
    /// move when the turn clock runs out (the host chooses it before the
    /// start; [`SetLevel`]).
    #[serde(default)]
    pub stand_in_level: BotLevel,
    /// Once the match is over and someone asked to play again: the new
    /// lobby, where every player of this one is seated as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<Uuid>,
    /// Whether the lobby has a webhook (the URL itself is never sent).
    #[serde(default)]
    pub webhook: bool,
    /// Seat swaps offered and not yet answered (before the start).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub swaps: Vec<SwapOffer>,
}

/// `POST /api/lobbies/{id}/rematch` (a player, once the match is over): the
/// lobby to play again in. The first call makes it, with the same game,
/// options and seats, everyone seated where they sat (bots too) and the
/// caller as its host; every later call, by anyone at the table, leads to
/// the same lobby. Each player's token of this lobby is their token there.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Rematch {
    /// The new lobby.
    pub lobby: Uuid,
    /// Whether this call made it (the caller hosts it).
    pub created: bool,
    /// For its host, at creation: the links to share (a spectator link if
    /// the finished lobby had one).
    #[serde(flatten)]
    pub links: HostLinks,
}

/// `GET /api/games`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Catalogue {
    /// Every game.
    pub games: Vec<GameInfo>,
}

/// `GET /api/lobbies/{id}/replay?at=N[&seat=S]` (a player or spectator, once
/// the match is over): the match as one viewer saw it after its first `at`
/// moves. Once a match is over its record is public (every move, the
/// revealed seed), so any seat's eyes may be asked for; without `seat`, the
/// caller's own.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReplayStep {
    /// Moves applied (`at`, at most `moves`).
    pub at: u64,
    /// Accepted moves in the whole match.
    pub moves: u64,
    /// Whose eyes.
    pub viewer: crate::Viewer,
    /// That viewer's view after move `at`.
    pub view: Value,
    /// Who was awaited then.
    pub pending: crate::Pending,
    /// Who made move `at` (none at the opening).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// Move `at`'s log lines, as that viewer read them.
    pub lines: Vec<String>,
}

/// `GET /api/lobbies/{id}/record`: a finished match's public record, enough
/// to verify it (replay the actions from the revealed seed).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MatchRecord {
    /// The lobby.
    pub lobby: LobbyInfo,
    /// Every accepted action: `(seat, action)` in order.
    pub actions: Vec<(crate::Seat, Value)>,
}
