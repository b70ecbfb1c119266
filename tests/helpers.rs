//! Shared test helpers: databases, an in-process server, WebSocket clients.

use backroom_server::config::Cli;
use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use uuid::Uuid;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub const BOTH: [Backend; 2] = [Backend::Sqlite, Backend::Postgres];

/// A fresh, empty database.
pub struct TestDb {
    pub url: String,
    pg_admin: Option<(String, String)>,
    dir: Option<std::path::PathBuf>,
}

pub fn pg_admin_url() -> String {
    std::env::var("BACKROOM_TEST_PG").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

impl TestDb {
    pub async fn new(b: Backend) -> TestDb {
        match b {
            Backend::Sqlite => {
                let dir = std::env::temp_dir().join(format!("backroom-test-{}", Uuid::new_v4().simple()));
                std::fs::create_dir_all(&dir).unwrap();
                TestDb { url: format!("sqlite://{}/backroom.db", dir.display()), pg_admin: None, dir: Some(dir) }
            }
            Backend::Postgres => TestDb::on(pg_admin_url()).await,
        }
    }

    /// A fresh database on the Postgres server `admin` reaches.
    pub async fn on(admin: String) -> TestDb {
        use sqlx::Connection;
        let name = format!("backroom_test_{}", Uuid::new_v4().simple());
        let mut conn = sqlx::PgConnection::connect(&admin)
            .await
            .unwrap_or_else(|e| panic!("Postgres is needed for this test at {admin} (set BACKROOM_TEST_PG, or run scripts/test which starts one): {e}"));
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&mut conn).await.unwrap();
        let base = admin.rsplit_once('/').map(|(b, _)| b.to_string()).unwrap();
        TestDb { url: format!("{base}/{name}"), pg_admin: Some((admin, name)), dir: None }
    }

    pub async fn store(&self) -> backroom_server::Store {
        backroom_server::Store::connect(&self.url).await.unwrap()
    }

    /// Drops the database (best effort).
    pub async fn cleanup(self) {
        if let Some((admin, name)) = &self.pg_admin {
            use sqlx::Connection;
            if let Ok(mut c) = sqlx::PgConnection::connect(admin).await {
                let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")))
                    .execute(&mut c)
                    .await;
            }
        }
        if let Some(d) = &self.dir {
            let _ = std::fs::remove_dir_all(d);
        }
    }
}

/// An HTTP client. The server's webhooks use reqwest with rustls on ring,
/// and cargo unifies reqwest's features across the workspace, so every
/// client in the process needs that crypto provider installed first.
pub fn http_client() -> reqwest::Client {
    backroom_server::webhook::init_tls();
    reqwest::Client::new()
}

/// Runs one statement on a Postgres test database from outside the server.
pub async fn sql(db: &TestDb, statement: &str) {
    use sqlx::Connection;
    let mut c = sqlx::PgConnection::connect(&db.url).await.unwrap();
    sqlx::raw_sql(sqlx::AssertSqlSafe(statement.to_string())).execute(&mut c).await.unwrap();
}

/// A server running in this process.
pub struct App {
    pub addr: SocketAddr,
    pub http: reqwest::Client,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<anyhow::Result<()>>>,
}

pub async fn spawn_app(db: &TestDb, extra: &[&str]) -> App {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let mut args = vec!["backroom", "--database-url", &db.url, "--static-dir", "../web-client"];
    if !extra.contains(&"--bot-delay-ms") {
        args.extend(["--bot-delay-ms", "0"]);
    }
    args.extend_from_slice(extra);
    let cfg = Cli::parse_from(args).serve;
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(backroom_server::run(listener, cfg, async move {
        let _ = rx.await;
    }));
    App { addr, http: http_client(), stop: Some(tx), task: Some(task) }
}

impl App {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// Graceful shutdown; waits for the server to finish.
    pub async fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.task.take() {
            tokio::time::timeout(Duration::from_secs(20), t).await.expect("server stops").unwrap().unwrap();
        }
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        self.request(self.http.post(self.url(path)).json(&body), token).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        self.request(self.http.get(self.url(path)), token).await
    }

    /// Sends a request (with the token if any); status and JSON body (a
    /// non-JSON body comes back as a string).
    async fn request(&self, mut r: reqwest::RequestBuilder, token: Option<&str>) -> (u16, Value) {
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        let resp = r.send().await.unwrap();
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }
}

/// A lobby made by a host, with its invite.
pub struct Lobby {
    pub id: String,
    pub host_token: String,
    pub invite: String,
}

/// Creates a Sealed Bids lobby.
pub async fn sealed_bids_lobby(base: &str, http: &reqwest::Client, seats: u8, rounds: u32) -> Lobby {
    let body = json!({"game": "sealed-bids", "seats": seats, "name": "Host", "options": {"rounds": rounds}, "spectators": true});
    Lobby::created(&post_json(http, format!("{base}/api/lobbies"), body).await)
}

impl Lobby {
    /// The lobby a `POST /api/lobbies` answer (`Joined`) describes.
    pub fn created(j: &Value) -> Lobby {
        let field = |k: &str| j[k].as_str().unwrap_or_else(|| panic!("no {k} in {j}")).to_string();
        Lobby { id: field("lobby"), host_token: field("token"), invite: field("invite") }
    }
}

/// Joins `n` more players; returns their tokens.
pub async fn join_players(base: &str, http: &reqwest::Client, lobby: &Lobby, n: usize) -> Vec<String> {
    let mut out = vec![];
    for i in 0..n {
        let body = json!({"invite": lobby.invite, "name": format!("Friend {i}")});
        let r = post_json(http, format!("{base}/api/lobbies/{}/join", lobby.id), body).await;
        out.push(r["token"].as_str().unwrap_or_else(|| panic!("join failed: {r}")).to_string());
    }
    out
}

/// POSTs a JSON body without a token; the JSON answer.
async fn post_json(http: &reqwest::Client, url: String, body: Value) -> Value {
    http.post(url).json(&body).send().await.unwrap().json().await.unwrap()
}

pub async fn start(base: &str, http: &reqwest::Client, lobby: &Lobby) -> Value {
    http.post(format!("{base}/api/lobbies/{}/start", lobby.id))
        .bearer_auth(&lobby.host_token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// A started 2-seat, 3-round Sealed Bids match: the host (`a`) and one
/// friend (`b`, whose token is returned too) each on a socket that has its
/// first state.
pub async fn two_players_started(app: &App) -> (Lobby, String, Ws, Ws) {
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 3).await;
    let friend = join_players(&base, &app.http, &lobby, 1).await.remove(0);
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let mut b = Ws::hello(app.addr, &lobby.id, &friend, None).await;
    start(&base, &app.http, &lobby).await;
    a.until(|m| m["type"] == "state").await;
    b.until(|m| m["type"] == "state").await;
    (lobby, friend, a, b)
}

/// A WebSocket client that records what it receives.
pub struct Ws {
    inner: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Close code, once closed.
    pub closed: Option<u16>,
}

impl Ws {
    pub async fn connect(addr: SocketAddr) -> Ws {
        let (inner, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await.unwrap();
        Ws { inner, closed: None }
    }

    /// A client over a socket already connected.
    pub fn wrap(inner: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Ws {
        Ws { inner, closed: None }
    }

    /// Connects and says hello with a token; waits for `welcome`.
    pub async fn hello(addr: SocketAddr, lobby: &str, token: &str, since: Option<u64>) -> Ws {
        let mut ws = Ws::connect(addr).await;
        ws.send(json!({"type": "hello", "lobby": lobby, "token": token, "since": since})).await;
        let w = ws.until(|m| m["type"] == "welcome" || m["type"] == "error").await;
        assert_eq!(w["type"], "welcome", "hello refused: {w}");
        ws
    }

    pub async fn send(&mut self, v: Value) {
        self.inner.send(Message::Text(v.to_string().into())).await.unwrap();
    }

    pub async fn send_text(&mut self, s: String) {
        let _ = self.inner.send(Message::Text(s.into())).await;
    }

    /// The next JSON message, `None` once closed or after 15 s of silence.
    pub async fn recv(&mut self) -> Option<Value> {
        loop {
            match tokio::time::timeout(Duration::from_secs(15), self.inner.next()).await {
                Ok(Some(Ok(Message::Text(t)))) => return Some(serde_json::from_str(&t).expect("server sends JSON")),
                Ok(Some(Ok(Message::Close(f)))) => {
                    self.closed = Some(f.map(|f| u16::from(f.code)).unwrap_or(1005));
                    return None;
                }
                Ok(Some(Ok(_))) => continue,
                Ok(Some(Err(_))) | Ok(None) => {
                    self.closed.get_or_insert(1006);
                    return None;
                }
                Err(_) => return None,
            }
        }
    }

    /// Reads until a message satisfies `pred`; panics if none comes.
    pub async fn until(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        let mut seen = vec![];
        while let Some(m) = self.recv().await {
            if pred(&m) {
                return m;
            }
            seen.push(m);
        }
        panic!(
            "expected message never came (closed: {:?}); saw: {:#?}",
            self.closed,
            seen.iter().rev().take(5).collect::<Vec<_>>()
        );
    }

    /// Closes from this side, as a browser tab does when it goes away.
    pub async fn close(&mut self) {
        let _ = self.inner.close(None).await;
    }

    /// Reads until the socket closes; returns the close code.
    pub async fn until_closed(&mut self) -> u16 {
        while self.recv().await.is_some() {}
        self.closed.expect("socket closed")
    }
}
