//! The server's public HTTP API, as a client (`protocol/README.md`).

use backroom_protocol::http::{Catalogue, ChooseSeat, CreateLobby, JoinLobby, Joined, LobbyInfo};
use backroom_protocol::{ApiError, GameInfo, Seat};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::time::Duration;
use uuid::Uuid;

/// An HTTP client bound to one server.
#[derive(Clone)]
pub struct Api {
    http: reqwest::Client,
    base: String,
}

/// A failed call: transport error or the server's typed refusal.
#[derive(Debug)]
pub struct CallError(pub String);

impl std::fmt::Display for CallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Api {
    /// A client for `base` (e.g. `http://127.0.0.1:8080`), with a 20 s
    /// timeout per request.
    pub fn new(base: &str) -> Self {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(20))
            .pool_max_idle_per_host(256)
            .tcp_nodelay(true)
            .build()
            .expect("http client");
        Api { http, base: base.trim_end_matches('/').to_string() }
    }

    async fn call<B: Serialize, T: DeserializeOwned>(
        &self,
        path: &str,
        token: Option<&str>,
        body: Option<&B>,
    ) -> Result<T, CallError> {
        let url = format!("{}{}", self.base, path);
        let mut req = if body.is_some() { self.http.post(&url) } else { self.http.get(&url) };
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(b);
        }
        let resp = req.send().await.map_err(|e| CallError(format!("{path}: {e}")))?;
        let status = resp.status();
        let bytes = resp.bytes().await.map_err(|e| CallError(format!("{path}: {e}")))?;
        if !status.is_success() {
            let why = serde_json::from_slice::<ApiError>(&bytes)
                .map(|e| format!("{} {}", e.code.as_str(), e.message))
                .unwrap_or_else(|_| String::from_utf8_lossy(&bytes).chars().take(200).collect());
            let hint = if status.as_u16() == 429 {
                " (the server limits lobby requests per address: start it with --lobby-rate-per-minute 0 --max-sockets-per-address 0 for load tests)"
            } else {
                ""
            };
            return Err(CallError(format!("{path}: HTTP {status}: {why}{hint}")));
        }
        serde_json::from_slice(&bytes).map_err(|e| CallError(format!("{path}: bad answer: {e}")))
    }

    /// `GET /api/games`.
    pub async fn games(&self) -> Result<Vec<GameInfo>, CallError> {
        self.call::<(), Catalogue>("/api/games", None, None).await.map(|c| c.games)
    }

    /// `POST /api/lobbies`.
    pub async fn create(&self, body: &CreateLobby) -> Result<Joined, CallError> {
        self.call("/api/lobbies", None, Some(body)).await
    }

    /// `POST /api/lobbies/{id}/join`.
    pub async fn join(&self, lobby: Uuid, invite: &str, name: &str) -> Result<Joined, CallError> {
        let body = JoinLobby { invite: invite.to_string(), name: name.to_string() };
        self.call(&format!("/api/lobbies/{lobby}/join"), None, Some(&body)).await
    }

    /// `POST /api/lobbies/{id}/seat`.
    pub async fn seat(&self, lobby: Uuid, token: &str, seat: Seat) -> Result<LobbyInfo, CallError> {
        let body = ChooseSeat { seat: Some(seat) };
        self.call(&format!("/api/lobbies/{lobby}/seat"), Some(token), Some(&body)).await
    }

    /// `POST /api/lobbies/{id}/start` (host).
    pub async fn start(&self, lobby: Uuid, token: &str) -> Result<LobbyInfo, CallError> {
        self.call(&format!("/api/lobbies/{lobby}/start"), Some(token), Some(&serde_json::json!({}))).await
    }
}
