//! Response headers that keep a browser from being turned against its user:
//! a strict Content-Security-Policy (scripts, styles and connections from
//! this origin only; no framing, so no click-jacking of a table), no MIME
//! sniffing, and no Referer (a table's URL fragment holds secrets, and
//! while browsers never send fragments, nothing else of ours needs to leak
//! either). Set on every response, API and static files alike, with
//! tower-http's header layer.

use axum::Router;
use axum::http::{HeaderName, HeaderValue, header};
use tower_http::set_header::SetResponseHeaderLayer;

/// The policy. `connect-src 'self'` covers the WebSocket on the same host
/// (CSP Level 3); `img-src data:` lets the client draw a favicon badge.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data: blob:; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// `router` with the headers on every response (unless a handler set its own).
pub fn harden<S: Clone + Send + Sync + 'static>(router: Router<S>) -> Router<S> {
    let set = |name: HeaderName, value: &'static str| {
        SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
    };
    router
        .layer(set(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
        .layer(set(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(set(header::REFERRER_POLICY, "no-referrer"))
}
