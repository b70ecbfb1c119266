//! Lobby webhooks: friends who play over days hear when the table waits
//! on one of them, in their Discord or Slack channel.
//!
//! A lobby may have one webhook URL (set at creation, never shown to anyone
//! again: Discord's and Slack's URLs carry their own secret). When the
//! table starts waiting on someone who is away (no open connection, no bot
//! standing in), the server POSTs `{"content": ..., "text": ...}` (Discord
//! reads `content`, Slack `text`) naming the game and the people awaited,
//! nothing else: no link, token, card or move. Delivery is retried with
//! back-off (at most four tries over about half a minute) and never holds
//! up the table.
//!
//! A webhook must not become a way to make the server send requests into
//! its own network: URLs whose host resolves to a loopback, private,
//! link-local, shared, documentation or otherwise non-public address are
//! refused at creation, and the address is checked again (and pinned) at
//! each delivery, so a DNS answer that changes later does not get through
//! either. The operator may allow them with `--allow-private-webhooks`
//! (the tests do, with a receiver on 127.0.0.1).

use backroom_protocol::{ApiError, ErrorCode};
use std::net::{IpAddr, SocketAddr};
use std::sync::OnceLock;
use std::time::Duration;

/// Longest webhook URL accepted.
pub const MAX_URL_CHARS: usize = 500;
/// Waits before each delivery attempt.
const ATTEMPTS: [Duration; 4] =
    [Duration::ZERO, Duration::from_secs(1), Duration::from_secs(5), Duration::from_secs(25)];

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::new(ErrorCode::InvalidField, message)
}

/// Whether an address is on the public internet (not loopback, private,
/// link-local, shared, multicast, documentation, benchmarking or reserved).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let o = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_broadcast()
                || v4.is_documentation()
                || v4.is_unspecified()
                || v4.is_multicast()
                || o[0] == 0
                || (o[0] == 100 && (64..128).contains(&o[1]))
                || (o[0] == 192 && o[1] == 0 && o[2] == 0)
                || (o[0] == 198 && (18..20).contains(&o[1]))
                || o[0] >= 240)
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public(IpAddr::V4(v4));
            }
            let s = v6.segments();
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (s[0] & 0xfe00) == 0xfc00
                || (s[0] & 0xffc0) == 0xfe80
                || (s[0] == 0x2001 && s[1] == 0x0db8)
                || (s[0] == 0x0064 && s[1] == 0xff9b))
        }
    }
}

/// The URL's host resolved, every address checked; the first address.
async fn resolve(url: &reqwest::Url, allow_private: bool) -> Result<SocketAddr, ApiError> {
    let host = url.host_str().ok_or_else(|| invalid("A webhook URL needs a host."))?;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let port = url.port_or_known_default().unwrap_or(443);
    let addrs: Vec<SocketAddr> = tokio::time::timeout(Duration::from_secs(5), tokio::net::lookup_host((host, port)))
        .await
        .map_err(|_| invalid("The webhook's host did not resolve in time."))?
        .map_err(|_| invalid("The webhook's host does not resolve."))?
        .collect();
    let first = *addrs.first().ok_or_else(|| invalid("The webhook's host does not resolve."))?;
    if !allow_private && addrs.iter().any(|a| !is_public(a.ip())) {
        return Err(invalid("A webhook must reach a public address; this one is loopback, private or link-local."));
    }
    Ok(first)
}

/// Checks a webhook URL for a new lobby: `http` or `https`, at most
/// [`MAX_URL_CHARS`], a host that resolves to public addresses only
/// (unless the operator allows private ones). Returns the URL to store.
///
/// # Errors
/// `invalid_field` saying what is wrong (never echoing the URL).
pub async fn check(url: &str, allow_private: bool) -> Result<String, ApiError> {
    if url.chars().count() > MAX_URL_CHARS || url.chars().any(char::is_control) {
        return Err(invalid(format!(
            "A webhook URL is at most {MAX_URL_CHARS} characters, without control characters."
        )));
    }
    let parsed = reqwest::Url::parse(url).map_err(|_| invalid("The webhook is not a valid URL."))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(invalid("A webhook URL starts with https:// (or http://)."));
    }
    resolve(&parsed, allow_private).await?;
    Ok(parsed.to_string())
}

/// The body: Discord reads `content`, Slack `text`.
pub fn body(text: &str) -> serde_json::Value {
    serde_json::json!({ "content": text, "text": text })
}

/// Sends `text` to the webhook in the background, retrying with back-off;
/// the outcome is only logged and counted (`backroom_webhooks_total`).
pub fn notify(url: String, text: String, allow_private: bool) {
    tokio::spawn(async move {
        let result = deliver(&url, &text, allow_private).await;
        let label = if result { "delivered" } else { "failed" };
        metrics::counter!("backroom_webhooks_total", "result" => label).increment(1);
        if !result {
            tracing::warn!("a lobby webhook could not be delivered");
        }
    });
}

async fn deliver(url: &str, text: &str, allow_private: bool) -> bool {
    init_tls();
    let Ok(parsed) = reqwest::Url::parse(url) else { return false };
    let Some(host) = parsed.host_str().map(str::to_string) else { return false };
    for wait in ATTEMPTS {
        tokio::time::sleep(wait).await;
        // Checked again at each try, and the checked address pinned, so a
        // DNS answer that changed since creation cannot redirect it.
        let Ok(addr) = resolve(&parsed, allow_private).await else { continue };
        let Ok(client) = reqwest::Client::builder()
            .resolve(&host, addr)
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(10))
            .build()
        else {
            return false;
        };
        match client.post(parsed.clone()).json(&body(text)).send().await {
            Ok(r) if r.status().is_success() => return true,
            // The receiver says the request itself is wrong: trying again
            // would not help (429 and 5xx are tried again).
            Ok(r) if r.status().is_client_error() && r.status().as_u16() != 429 => return false,
            _ => {}
        }
    }
    false
}

/// Installs the TLS crypto provider once (rustls with ring).
pub fn init_tls() {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| {
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_addresses_are_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fe80::1",
            "fd00::1",
            "::ffff:127.0.0.1",
            "224.0.0.1",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in ["1.1.1.1", "8.8.8.8", "2606:4700:4700::1111"] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[tokio::test]
    async fn loopback_and_odd_urls_are_refused_unless_allowed() {
        assert!(check("http://127.0.0.1:9/hook", false).await.is_err());
        assert!(check("http://localhost:9/hook", false).await.is_err());
        assert!(check("http://[::1]:9/hook", false).await.is_err());
        assert!(check("ftp://127.0.0.1/hook", true).await.is_err());
        assert!(check("not a url", true).await.is_err());
        assert_eq!(check("http://127.0.0.1:9/hook", true).await.unwrap(), "http://127.0.0.1:9/hook");
    }
}
