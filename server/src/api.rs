//! The HTTP JSON API for the catalogue and lobbies (`protocol/README.md`).
//!
//! Handlers only translate HTTP to table commands: every lobby change goes
//! through the lobby's table actor, which owns it.

use crate::registry::Registry;
use crate::secret;
use crate::store::{LobbyRow, PlayerRow, now_ms};
use crate::table::{Credential, LobbyRequest, clean_name, internal};
use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use backroom_protocol::http::{
    BotLevel, Catalogue, ChooseSeat, Contribute, CreateLobby, HostLinks, JoinLobby, Joined, Kick, LobbyStatus,
    MAX_TURN_CLOCK_SECS, NewHost, ProgramLink, ProgramSeat, SetLevel, StandIn, SwapSeats,
};
use backroom_protocol::{ApiError, ErrorCode};
use serde::Deserialize;
use std::sync::Arc;
use uuid::Uuid;

/// An [`ApiError`] as an HTTP response with the matching status.
pub struct HttpError(pub ApiError);

impl From<ApiError> for HttpError {
    fn from(e: ApiError) -> Self {
        HttpError(e)
    }
}

impl IntoResponse for HttpError {
    fn into_response(self) -> Response {
        use ErrorCode::*;
        let status = match self.0.code {
            BadJson | UnknownMessage | InvalidField | BadOptions | MalformedAction => StatusCode::BAD_REQUEST,
            FrameTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            RateLimited => StatusCode::TOO_MANY_REQUESTS,
            NotAuthenticated | BadToken => StatusCode::UNAUTHORIZED,
            NotHost | NotSeated => StatusCode::FORBIDDEN,
            LobbyNotFound => StatusCode::NOT_FOUND,
            LobbyFull | AlreadyStarted | NotStarted | SeatTaken | NameTaken | StaleVersion | RequestIdReused
            | NotYourTurn | IllegalMove | GameOver | NotOver => StatusCode::CONFLICT,
            Restarting | TableMoving | StoreUnavailable => StatusCode::SERVICE_UNAVAILABLE,
            Internal => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let mut r = (status, Json(self.0)).into_response();
        if status == StatusCode::SERVICE_UNAVAILABLE {
            r.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from_static("1"));
        }
        r
    }
}

type ApiResult<T> = Result<Json<T>, HttpError>;

/// A lobby id from the path; anything that is not a UUID gets a typed
/// `lobby_not_found` instead of axum's plain-text 400.
pub struct LobbyId(pub Uuid);

impl<S: Send + Sync> FromRequestParts<S> for LobbyId {
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<Uuid>::from_request_parts(parts, state).await {
            Ok(Path(id)) => Ok(LobbyId(id)),
            Err(_) => Err(HttpError(ApiError::new(
                ErrorCode::LobbyNotFound,
                "No such lobby: a lobby id is a UUID, as in the link you were given.",
            ))),
        }
    }
}

/// A query string whose parse errors come back as typed `invalid_field`.
pub struct Q<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> FromRequestParts<S> for Q<T> {
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(v)) => Ok(Q(v)),
            Err(e) => Err(HttpError(ApiError::new(
                ErrorCode::InvalidField,
                format!("The query string is not understood: {}", e.body_text()),
            ))),
        }
    }
}

/// Unknown routes under `/api/`: a typed 404, like every other API failure.
pub async fn no_such_route() -> Response {
    let mut r =
        HttpError(ApiError::new(ErrorCode::UnknownMessage, "There is no such API route; see protocol/README.md."))
            .into_response();
    *r.status_mut() = StatusCode::NOT_FOUND;
    r
}

/// No such page or file outside `/api/` (the web client routes by URL
/// fragment, so only real files exist): a typed 404.
pub async fn no_such_file() -> Response {
    let mut r = HttpError(ApiError::new(
        ErrorCode::UnknownMessage,
        "There is no such page or file; the web client starts at /.",
    ))
    .into_response();
    *r.status_mut() = StatusCode::NOT_FOUND;
    r
}

/// A known route asked with the wrong method.
pub async fn wrong_method() -> Response {
    let mut r = HttpError(ApiError::new(
        ErrorCode::UnknownMessage,
        "This route does not take that method; see protocol/README.md.",
    ))
    .into_response();
    *r.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
    r
}

/// JSON bodies whose parse errors come back as typed [`ApiError`]s.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = HttpError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(JsonRejection::JsonSyntaxError(e)) => Err(HttpError(ApiError::new(
                ErrorCode::BadJson,
                format!("The body is not valid JSON: {}", e.body_text()),
            ))),
            Err(JsonRejection::JsonDataError(e)) => {
                Err(HttpError(ApiError::new(ErrorCode::InvalidField, e.body_text())))
            }
            Err(JsonRejection::BytesRejection(_)) => {
                Err(HttpError(ApiError::new(ErrorCode::FrameTooLarge, "The request body is too large.")))
            }
            Err(e) => Err(HttpError(ApiError::new(ErrorCode::BadJson, e.body_text()))),
        }
    }
}

fn bearer(headers: &HeaderMap) -> Result<String, HttpError> {
    let v = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).unwrap_or("");
    match v.strip_prefix("Bearer ") {
        Some(t) if !t.trim().is_empty() && t.len() <= 128 => Ok(secret::hash(t.trim())),
        _ => Err(HttpError(ApiError::new(
            ErrorCode::NotAuthenticated,
            "This needs your player token: `Authorization: Bearer <token>`.",
        ))),
    }
}

pub async fn games() -> Json<Catalogue> {
    Json(Catalogue { games: backroom_games::catalogue().iter().map(|g| g.info()).collect() })
}

/// `GET /api/games/{id}/content`: the game's public card data, if it has any.
pub async fn content(Path(id): Path<String>) -> Response {
    match backroom_games::find(&id).and_then(|g| g.content()) {
        Some(json) => {
            ([(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "public, max-age=300")], json)
                .into_response()
        }
        None => HttpError(ApiError::new(
            ErrorCode::LobbyNotFound,
            format!("No content for a game called '{}'.", id.chars().take(40).collect::<String>()),
        ))
        .into_response(),
    }
}

pub async fn create_lobby(
    State(ctx): State<Arc<Registry>>,
    Body(req): Body<CreateLobby>,
) -> Result<(StatusCode, Json<Joined>), HttpError> {
    let game = backroom_games::find(&req.game).ok_or_else(|| {
        ApiError::new(
            ErrorCode::InvalidField,
            format!("There is no game '{}'; see GET /api/games.", req.game.chars().take(40).collect::<String>()),
        )
    })?;
    let info = game.info();
    let seats = req.seats.unwrap_or(info.default_seats);
    if seats < info.min_seats || seats > info.max_seats {
        return Err(ApiError::new(
            ErrorCode::BadOptions,
            format!("{} is played by {} to {} players, not {seats}.", info.name, info.min_seats, info.max_seats),
        )
        .into());
    }
    if req.turn_clock_secs > MAX_TURN_CLOCK_SECS {
        return Err(ApiError::new(
            ErrorCode::InvalidField,
            format!("A turn clock is at most a week ({MAX_TURN_CLOCK_SECS} s), not {} s.", req.turn_clock_secs),
        )
        .into());
    }
    backroom_protocol::text::json_strings(&req.options, "options", 200)?;
    let options =
        game.normalize_options(&req.options).map_err(|e| ApiError::new(ErrorCode::BadOptions, e.to_string()))?;
    // Set the game up once with a throwaway seed, so unplayable options are
    // refused now rather than at start.
    let mut probe = backroom_engine::GameRng::seeded(0);
    game.setup(&options, seats, &mut probe).map_err(|e| ApiError::new(ErrorCode::BadOptions, e.to_string()))?;
    let name = clean_name(&req.name)?;
    let webhook_url = match req.webhook_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
        Some(u) => Some(crate::webhook::check(u, ctx.cfg.allow_private_webhooks).await?),
        None => None,
    };
    let invite = secret::new_invite();
    let spectate = req.spectators.then(secret::new_invite);
    let token = secret::new_token();
    let now = now_ms();
    let lobby = LobbyRow {
        id: Uuid::new_v4(),
        game: info.id.clone(),
        seats,
        options: options.to_string(),
        status: LobbyStatus::Open,
        invite_hash: secret::hash(&invite),
        spectate_hash: spectate.as_deref().map(secret::hash),
        seed: None,
        seed_hash: None,
        engine_version: info.engine_version as i32,
        outcome: None,
        rematch: None,
        turn_clock_secs: req.turn_clock_secs as i32,
        webhook_url,
        server_secret: None,
        server_commitment: None,
        seat_contributions: None,
        stand_in_level: req.stand_in_level,
        created_at: now,
        updated_at: now,
    };
    let host = PlayerRow {
        id: Uuid::new_v4(),
        name,
        token_hash: secret::hash(&token),
        seat: Some(0),
        bot: false,
        host: true,
        joined_at: now,
        stand_in: false,
        program: false,
        bot_level: BotLevel::Normal,
    };
    let lobby = crate::table::with_server_secret(lobby, ctx.cfg.test_seed.is_some());
    ctx.store.create_lobby(&lobby, &host).await.map_err(internal)?;
    let id = lobby.id;
    let player = host.id;
    ctx.open(game, lobby, vec![host]);
    metrics::counter!("backroom_lobbies_created_total").increment(1);
    Ok((StatusCode::CREATED, Json(Joined { lobby: id, player, token, links: HostLinks::new(id, invite, spectate) })))
}

#[derive(Deserialize)]
pub struct Secrets {
    invite: Option<String>,
    spectate: Option<String>,
}

fn credential(headers: &HeaderMap, q: &Secrets) -> Result<Credential, HttpError> {
    if headers.contains_key(header::AUTHORIZATION) {
        return Ok(Credential::Token(bearer(headers)?));
    }
    if let Some(s) = &q.spectate {
        backroom_protocol::text::secret(s)?;
        return Ok(Credential::Spectate(secret::hash(s)));
    }
    if let Some(s) = &q.invite {
        backroom_protocol::text::secret(s)?;
        return Ok(Credential::Invite(secret::hash(s)));
    }
    Err(HttpError(ApiError::new(ErrorCode::NotAuthenticated, "Show a player token, an invite or a spectator secret.")))
}

pub async fn get_lobby(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    headers: HeaderMap,
    Q(q): Q<Secrets>,
) -> ApiResult<backroom_protocol::http::LobbyInfo> {
    let who = credential(&headers, &q)?;
    Ok(Json(ctx.call(id, |reply| LobbyRequest::Info { who: who.clone(), reply }).await?))
}

pub async fn record(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    headers: HeaderMap,
    Q(q): Q<Secrets>,
) -> ApiResult<backroom_protocol::http::MatchRecord> {
    let who = credential(&headers, &q)?;
    Ok(Json(ctx.call(id, |reply| LobbyRequest::Record { who: who.clone(), reply }).await?))
}

/// `?at=N&seat=S` and, without a token, the spectator secret. Numbers are
/// read here, so that a bad one gets a typed `invalid_field`.
#[derive(Deserialize)]
pub struct ReplayQuery {
    at: Option<String>,
    seat: Option<String>,
    invite: Option<String>,
    spectate: Option<String>,
}

pub async fn replay(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    headers: HeaderMap,
    Q(q): Q<ReplayQuery>,
) -> ApiResult<backroom_protocol::http::ReplayStep> {
    let number = |v: Option<&String>, what: &str| -> Result<Option<u64>, HttpError> {
        v.map(|t| {
            t.parse::<u64>().map_err(|_| {
                ApiError::new(ErrorCode::InvalidField, format!("`{what}` is a whole number, not {t:?}.")).into()
            })
        })
        .transpose()
    };
    let at = number(q.at.as_ref(), "at")?.unwrap_or(0);
    let seat = number(q.seat.as_ref(), "seat")?.map(|s| u8::try_from(s).unwrap_or(u8::MAX));
    let who = credential(&headers, &Secrets { invite: q.invite, spectate: q.spectate })?;
    Ok(Json(ctx.call(id, |reply| LobbyRequest::Replay { who: who.clone(), at, seat, reply }).await?))
}

pub async fn join(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    Body(req): Body<JoinLobby>,
) -> ApiResult<Joined> {
    if backroom_protocol::text::secret(&req.invite).is_err() {
        return Err(ApiError::new(ErrorCode::BadToken, "This invite link is not valid.").into());
    }
    clean_name(&req.name)?;
    Ok(Json(
        ctx.call(id, |reply| LobbyRequest::Join { invite: req.invite.clone(), name: req.name.clone(), reply }).await?,
    ))
}

pub async fn seat(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    headers: HeaderMap,
    Body(req): Body<ChooseSeat>,
) -> ApiResult<backroom_protocol::http::LobbyInfo> {
    let token = bearer(&headers)?;
    Ok(Json(ctx.call(id, |reply| LobbyRequest::Seat { token: token.clone(), seat: req.seat, reply }).await?))
}

/// `POST /api/lobbies/{id}/swap`: offer, accept, decline or withdraw a seat swap.
pub async fn swap(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    headers: HeaderMap,
    Body(req): Body<SwapSeats>,
) -> ApiResult<backroom_protocol::http::LobbyInfo> {
    let token = bearer(&headers)?;
    Ok(Json(
        ctx.call(id, |reply| LobbyRequest::Swap { token: token.clone(), seat: req.seat, decline: req.decline, reply })
            .await?,
    ))
}

pub async fn leave(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    headers: HeaderMap,
) -> Result<StatusCode, HttpError> {
    let token = bearer(&headers)?;
    ctx.call(id, |reply| LobbyRequest::Leave { token: token.clone(), reply }).await?;
    Ok(StatusCode::NO_CONTENT)
}

pub async fn host(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    headers: HeaderMap,
    Body(req): Body<NewHost>,
) -> ApiResult<backroom_protocol::http::LobbyInfo> {
    let token = bearer(&headers)?;
    Ok(Json(ctx.call(id, |reply| LobbyRequest::Host { token: token.clone(), player: req.player, reply }).await?))
}

pub async fn kick(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    headers: HeaderMap,
    Body(req): Body<Kick>,
) -> ApiResult<backroom_protocol::http::LobbyInfo> {
    let token = bearer(&headers)?;
    Ok(Json(ctx.call(id, |reply| LobbyRequest::Kick { token: token.clone(), player: req.player, reply }).await?))
}

/// `POST /api/lobbies/{id}/bots`: bots fill the empty seats, at the level
/// the optional body names (normal without one).
pub async fn bots(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    headers: HeaderMap,
    body: Result<axum::body::Bytes, axum::extract::rejection::BytesRejection>,
) -> ApiResult<backroom_protocol::http::LobbyInfo> {
    let token = bearer(&headers)?;
    let body =
        body.map_err(|_| HttpError(ApiError::new(ErrorCode::FrameTooLarge, "The request body is too large.")))?;
    let level = fill_bots_level(&body)?;
    Ok(Json(ctx.call(id, |reply| LobbyRequest::FillBots { token: token.clone(), level, reply }).await?))
}

/// The level a `bots` body names: an empty body (the call before levels
/// existed) is a normal bot.
fn fill_bots_level(body: &[u8]) -> Result<BotLevel, HttpError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(BotLevel::Normal);
    }
    match serde_json::from_slice::<backroom_protocol::http::FillBots>(body) {
        Ok(b) => Ok(b.level.unwrap_or_default()),
        Err(e) if e.is_data() => Err(HttpError(ApiError::new(ErrorCode::InvalidField, level_words(&e.to_string())))),
        Err(e) => Err(HttpError(ApiError::new(ErrorCode::BadJson, format!("The body is not valid JSON: {e}")))),
    }
}

/// A refused level, in words naming the levels there are.
fn level_words(serde: &str) -> String {
    if serde.contains("unknown variant") {
        format!("A bot's level is easy, normal or strong ({serde}).")
    } else {
        serde.to_string()
    }
}

/// `POST /api/lobbies/{id}/level` (host, before start): a bot seat's
/// level, or the table's stand-in level.
pub async fn level(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    headers: HeaderMap,
    Body(req): Body<SetLevel>,
) -> ApiResult<backroom_protocol::http::LobbyInfo> {
    let token = bearer(&headers)?;
    Ok(Json(
        ctx.call(id, |reply| LobbyRequest::SetLevel { token: token.clone(), seat: req.seat, level: req.level, reply })
            .await?,
    ))
}

/// `POST /api/lobbies/{id}/program`: the host holds a seat for a program
/// (a bot someone wrote) and gets the link to give it.
pub async fn program(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    headers: HeaderMap,
    Body(req): Body<ProgramSeat>,
) -> Result<(StatusCode, Json<ProgramLink>), HttpError> {
    let token = bearer(&headers)?;
    let link = ctx.call(id, |reply| LobbyRequest::Program { token: token.clone(), seat: req.seat, reply }).await?;
    Ok((StatusCode::CREATED, Json(link)))
}

pub async fn start(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    headers: HeaderMap,
) -> ApiResult<backroom_protocol::http::LobbyInfo> {
    let token = bearer(&headers)?;
    Ok(Json(ctx.call(id, |reply| LobbyRequest::Start { token: token.clone(), reply }).await?))
}

pub async fn rematch(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    headers: HeaderMap,
) -> ApiResult<backroom_protocol::http::Rematch> {
    let token = bearer(&headers)?;
    Ok(Json(ctx.call(id, |reply| LobbyRequest::Rematch { token: token.clone(), reply }).await?))
}

pub async fn stand_in(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    headers: HeaderMap,
    Body(req): Body<StandIn>,
) -> ApiResult<backroom_protocol::http::LobbyInfo> {
    let token = bearer(&headers)?;
    Ok(Json(
        ctx.call(id, |reply| LobbyRequest::StandIn { token: token.clone(), seat: req.seat, on: req.on, reply }).await?,
    ))
}

/// `POST /api/lobbies/{id}/contribute`: this browser's share of the seed.
pub async fn contribute(
    State(ctx): State<Arc<Registry>>,
    LobbyId(id): LobbyId,
    headers: HeaderMap,
    Body(req): Body<Contribute>,
) -> Result<StatusCode, HttpError> {
    let token = bearer(&headers)?;
    let bytes = crate::fairness::unhex(&req.contribution)
        .filter(|b| (1..=backroom_protocol::http::MAX_CONTRIBUTION_BYTES).contains(&b.len()))
        .ok_or_else(|| {
            ApiError::new(
                ErrorCode::InvalidField,
                format!(
                    "A contribution is 1 to {} random bytes written in hex.",
                    backroom_protocol::http::MAX_CONTRIBUTION_BYTES
                ),
            )
        })?;
    ctx.call(id, |reply| LobbyRequest::Contribute { token: token.clone(), bytes: bytes.clone(), reply }).await?;
    Ok(StatusCode::NO_CONTENT)
}
