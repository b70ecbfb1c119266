//! Per-address limits: on the lobby API, and on open WebSockets.
//!
//! Every lobby request writes to the store (a new lobby, a player, a seat),
//! so one address must not be able to create lobbies or join in a loop.
//! `tower_governor` keeps a token bucket (GCRA) per client address; a refusal
//! is a typed `rate_limited` error with `Retry-After`, like every other
//! refusal of the API. Every open socket holds memory, so one address may
//! hold only so many at once ([`Sockets`]). WebSocket messages have their own
//! per-socket buckets (`ws.rs`).

use crate::config::ServeArgs;
use axum::body::Body;
use axum::http::{HeaderValue, Request, Response, StatusCode, header};
use backroom_protocol::{ApiError, ErrorCode};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
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
pub type LobbyLimit =
    Arc<GovernorConfig<ClientIp, governor::middleware::NoOpMiddleware<governor::clock::QuantaInstant>>>;

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

/// The limit on reads from the flags; `None` when `--read-rate-per-second 0`.
pub fn read_limit(cfg: &ServeArgs) -> Option<LobbyLimit> {
    if cfg.read_rate_per_second == 0 {
        return None;
    }
    GovernorConfigBuilder::default()
        .period(Duration::from_nanos(1_000_000_000 / u64::from(cfg.read_rate_per_second)))
        .burst_size(cfg.read_rate_burst.max(1))
        .key_extractor(ClientIp { trust_forwarded: cfg.trust_forwarded_for })
        .finish()
        .map(Arc::new)
}

/// The answer to a refused read.
pub fn read_refusal(e: GovernorError) -> Response<Body> {
    refused(e, "Too many requests from your address", "read_rate_limited")
}

/// The answer to a refused request: 429 with a typed error naming the wait.
pub fn refusal(e: GovernorError) -> Response<Body> {
    refused(e, "Too many lobby requests from your address", "lobby_rate_limited")
}

fn refused(e: GovernorError, what: &str, counter: &'static str) -> Response<Body> {
    let (status, wait, message) = match e {
        GovernorError::TooManyRequests { wait_time, .. } => {
            let wait = wait_time.max(1);
            (StatusCode::TOO_MANY_REQUESTS, Some(wait), format!("{what}; wait {wait} s and try again."))
        }
        GovernorError::UnableToExtractKey => {
            (StatusCode::INTERNAL_SERVER_ERROR, None, "The server could not tell your address.".to_string())
        }
        GovernorError::Other { code, msg, .. } => {
            (code, None, msg.unwrap_or_else(|| "The request was refused.".into()))
        }
    };
    let code = if status == StatusCode::TOO_MANY_REQUESTS { ErrorCode::RateLimited } else { ErrorCode::Internal };
    metrics::counter!("backroom_rejections_total", "code" => if wait.is_some() { counter } else { "internal" })
        .increment(1);
    let body = serde_json::to_vec(&ApiError::new(code, message)).unwrap_or_default();
    let mut r = Response::new(Body::from(body));
    *r.status_mut() = status;
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    if let Some(w) = wait {
        r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(w));
    }
    r
}

impl ClientIp {
    /// The address of a request known by its peer and headers.
    pub fn of(&self, peer: SocketAddr, headers: &axum::http::HeaderMap) -> IpAddr {
        if !self.trust_forwarded {
            return peer.ip();
        }
        // The same reading of the forwarding headers as the lobby limit's.
        let mut probe = Request::new(());
        *probe.headers_mut() = headers.clone();
        probe.extensions_mut().insert(axum::extract::ConnectInfo(peer));
        self.extract(&probe).unwrap_or(peer.ip())
    }
}

/// Open WebSockets per client address, against a cap.
pub struct Sockets {
    max: u32,
    open: Mutex<HashMap<IpAddr, u32>>,
}

/// One open socket of an address; dropping it frees the place.
pub struct SocketSlot {
    sockets: Arc<Sockets>,
    ip: IpAddr,
}

impl Sockets {
    /// `max` sockets per address; 0 is no limit.
    pub fn new(max: u32) -> Arc<Sockets> {
        Arc::new(Sockets { max, open: Mutex::new(HashMap::new()) })
    }

    pub fn max(&self) -> u32 {
        self.max
    }

    /// A place for one more socket of `ip`, if it has one left.
    pub fn take(self: &Arc<Self>, ip: IpAddr) -> Option<SocketSlot> {
        let mut open = self.open.lock().expect("sockets lock");
        let n = open.entry(ip).or_insert(0);
        if self.max > 0 && *n >= self.max {
            return None;
        }
        *n += 1;
        Some(SocketSlot { sockets: self.clone(), ip })
    }

    /// Sockets `ip` holds open now.
    #[cfg(test)]
    fn open(&self, ip: IpAddr) -> u32 {
        self.open.lock().expect("sockets lock").get(&ip).copied().unwrap_or(0)
    }
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        let mut open = self.sockets.open.lock().expect("sockets lock");
        if let Some(n) = open.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_its_share_of_sockets_and_gets_them_back() {
        let s = Sockets::new(2);
        let (a, b): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        let first = s.take(a).unwrap();
        let _second = s.take(a).unwrap();
        assert!(s.take(a).is_none(), "a third socket from one address is refused");
        let _other = s.take(b).expect("another address has its own share");
        drop(first);
        assert_eq!(s.open(a), 1);
        let _again = s.take(a).expect("a closed socket frees its place");
        let unlimited = Sockets::new(0);
        let all: Vec<_> = (0..1000).map(|_| unlimited.take(a).unwrap()).collect();
        assert_eq!(unlimited.open(a), 1000);
        drop(all);
        assert!(unlimited.open.lock().unwrap().is_empty(), "an address with no sockets is forgotten");
    }
}
