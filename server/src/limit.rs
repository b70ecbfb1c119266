//! Per-address limits on the lobby API.
//!
//! Every lobby request writes to the store (a new lobby, a player, a seat),
//! so one address must not be able to create lobbies or join in a loop.
//! `tower_governor` keeps a token bucket (GCRA) per client address; a refusal
//! is a typed `rate_limited` error with `Retry-After`, like every other
//! refusal of the API. WebSocket messages have their own per-socket buckets
//! (`ws.rs`).

use crate::config::ServeArgs;
use axum::body::Body;
use axum::http::{HeaderValue, Request, Response, StatusCode, header};
use backroom_protocol::{ApiError, ErrorCode};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tower_governor::GovernorError;
use tower_governor::governor::{GovernorConfig, GovernorConfigBuilder};
use tower_governor::key_extractor::{KeyExtractor, PeerIpKeyExtractor, SmartIpKeyExtractor};

/// The client's address: the peer's, or behind a trusted reverse proxy the
/// one it forwards.
#[derive(Clone, Copy, Debug)]
pub struct ClientIp {
    pub trust_forwarded: bool,
}

impl KeyExtractor for ClientIp {
    type Key = IpAddr;

    fn extract<T>(&self, req: &Request<T>) -> Result<IpAddr, GovernorError> {
        if self.trust_forwarded { SmartIpKeyExtractor.extract(req) } else { PeerIpKeyExtractor.extract(req) }
    }
}

/// The lobby API's limit, shared by the layer and the sweeper.
pub type LobbyLimit = Arc<GovernorConfig<ClientIp, governor::middleware::NoOpMiddleware<governor::clock::QuantaInstant>>>;

/// The limit from the flags; `None` when `--lobby-rate-per-minute 0`.
pub fn lobby_limit(cfg: &ServeArgs) -> Option<LobbyLimit> {
    if cfg.lobby_rate_per_minute == 0 {
        return None;
    }
    let period = Duration::from_nanos(60_000_000_000 / u64::from(cfg.lobby_rate_per_minute));
    GovernorConfigBuilder::default()
        .period(period)
        .burst_size(cfg.lobby_rate_burst.max(1))
        .key_extractor(ClientIp { trust_forwarded: cfg.trust_forwarded_for })
        .finish()
        .map(Arc::new)
}

/// The answer to a refused request: 429 with a typed error naming the wait.
pub fn refusal(e: GovernorError) -> Response<Body> {
    let (status, wait, message) = match e {
        GovernorError::TooManyRequests { wait_time, .. } => {
            let wait = wait_time.max(1);
            (StatusCode::TOO_MANY_REQUESTS, Some(wait), format!(
                "Too many lobby requests from your address; wait {wait} s and try again."
            ))
        }
        GovernorError::UnableToExtractKey => (StatusCode::INTERNAL_SERVER_ERROR, None, "The server could not tell your address.".to_string()),
        GovernorError::Other { code, msg, .. } => (code, None, msg.unwrap_or_else(|| "The request was refused.".into())),
    };
    let code = if status == StatusCode::TOO_MANY_REQUESTS { ErrorCode::RateLimited } else { ErrorCode::Internal };
    let body = serde_json::to_vec(&ApiError::new(code, message)).unwrap_or_default();
    let mut r = Response::new(Body::from(body));
    *r.status_mut() = status;
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    if let Some(w) = wait {
        r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(w));
    }
    r
}
