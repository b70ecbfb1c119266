//! Three nodes behind HAProxy on one Postgres (`deploy/haproxy.cfg`,
//! `docs/scale-out.md`): 50 matches of a client and a server bot each play
//! through the proxy while one node is killed with SIGKILL and another is
//! frozen with SIGSTOP for a few lease times, then thawed. At the end:
//!
//! * no acknowledged move is lost (each is in the store at its version);
//! * no table took moves on two nodes: each match's log is one unbroken
//!   sequence that replays from its seed to its stored outcome (a second
//!   node accepting moves from a stale state could only have stored a move
//!   the replay refuses, or acknowledged one that is not stored);
//! * every match finished.
//!
//! It needs Debian's `haproxy`; `.ci/run` installs it. Without it the test
//! says so and passes, except under CI, where it fails.
//!
//! The fence in Postgres is shown apart, without the proxy: in the
//! failover test a woken node always drops its tables itself first, so no
//! commit of a stale node ever reaches Postgres there.
//! `postgres_refuses_the_commit_of_a_node_that_missed_its_self_fence`
//! freezes a node whose self-fence is off (a test-only flag) while another
//! node takes its table, and shows Postgres refusing its commit.

use crate::helpers::*;
use crate::reliability::{Acked, check_stored, seat_player};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::process::{Child, Command};

const MATCHES: usize = 50;
const ROUNDS: u64 = 12;
/// Short leases so that failover happens within the test's seconds.
const LEASE_MS: u64 = 1500;

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

pub(crate) fn haproxy() -> Option<String> {
    let found = std::process::Command::new("haproxy").arg("-v").output().is_ok_and(|o| o.status.success());
    if found {
        return Some("haproxy".into());
    }
    assert!(std::env::var("CI").is_err(), "CI must have haproxy (.ci/run installs it)");
    eprintln!("haproxy is not installed: skipping the cluster test (apt-get install haproxy)");
    None
}

/// One `backroom serve --node` process.
pub(crate) struct Node {
    pub child: Child,
    pub addr: SocketAddr,
}

pub(crate) async fn spawn_node(db: &str, name: &str, addr: SocketAddr, bot_delay_ms: u64) -> Node {
    spawn_node_with(db, name, addr, bot_delay_ms, &[]).await
}

/// [`spawn_node`] with more flags.
pub(crate) async fn spawn_node_with(db: &str, name: &str, addr: SocketAddr, bot_delay_ms: u64, extra: &[&str]) -> Node {
    let child = Command::new(env!("CARGO_BIN_EXE_backroom"))
        .args([
            "serve",
            "--bind",
            &addr.to_string(),
            "--database-url",
            db,
            "--static-dir",
            "../web-client",
            "--bot-delay-ms",
            &bot_delay_ms.to_string(),
        ])
        .args(["--node", name, "--lease-ms", &LEASE_MS.to_string(), "--drain-ms", "1200"])
        .args([
            "--lobby-rate-per-minute",
            "0",
            "--read-rate-per-second",
            "0",
            "--max-sockets-per-address",
            "0",
            "--snapshot-every",
            "5",
        ])
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let http = http_client();
    let began = Instant::now();
    while http.get(format!("http://{addr}/healthz")).send().await.map(|r| r.status().as_u16()).ok() != Some(200) {
        assert!(began.elapsed() < Duration::from_secs(60), "node {name} did not start");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Node { child, addr }
}

/// HAProxy on `deploy/haproxy.cfg` in front of `nodes` (up to three).
pub(crate) async fn spawn_proxy(bin: &str, nodes: &[SocketAddr]) -> (Child, SocketAddr, std::path::PathBuf) {
    let template = std::fs::read_to_string("../deploy/haproxy.cfg").unwrap();
    // Fewer than three nodes: the unused server lines go.
    let cfg: String = template
        .lines()
        .filter(|l| {
            !(l.trim_start().starts_with("server node")
                && l.trim_start()["server node".len()..]
                    .chars()
                    .next()
                    .and_then(|c| c.to_digit(10))
                    .is_some_and(|n| n as usize > nodes.len()))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let addr: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
    let path = std::env::temp_dir().join(format!("backroom-haproxy-{}.cfg", addr.port()));
    std::fs::write(&path, cfg).unwrap();
    let mut cmd = Command::new(bin);
    cmd.arg("-db").arg("-f").arg(&path).env("BACKROOM_PROXY_BIND", addr.to_string());
    for (i, n) in nodes.iter().enumerate() {
        cmd.env(format!("BACKROOM_NODE{}", i + 1), n.to_string());
    }
    let child = cmd.stdout(Stdio::null()).stderr(Stdio::null()).kill_on_drop(true).spawn().unwrap();
    let http = http_client();
    let began = Instant::now();
    while http.get(format!("http://{addr}/api/games")).send().await.map(|r| r.status().as_u16()).ok() != Some(200) {
        assert!(began.elapsed() < Duration::from_secs(20), "haproxy did not start");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    (child, addr, path)
}

/// A POST through the proxy, tried again while the table is moving.
pub(crate) async fn post_retrying(http: &reqwest::Client, url: String, token: Option<&str>, body: Value) -> Value {
    for _ in 0..40 {
        let mut req = http.post(&url).json(&body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let r = req.send().await.unwrap();
        if r.status().as_u16() == 503 {
            tokio::time::sleep(Duration::from_millis(250)).await;
            continue;
        }
        let status = r.status();
        let v: Value = r.json().await.unwrap_or(Value::Null);
        assert!(status.is_success(), "{url}: {status} {v}");
        return v;
    }
    panic!("{url}: the table never settled");
}

/// `n` nodes on the test database and HAProxy in front of them.
async fn spawn_cluster(
    db: &TestDb,
    haproxy: &str,
    n: usize,
    bot_delay_ms: u64,
) -> (Vec<Node>, Vec<SocketAddr>, Child, SocketAddr) {
    let addrs: Vec<SocketAddr> = (0..n).map(|_| format!("127.0.0.1:{}", free_port()).parse().unwrap()).collect();
    let mut nodes = vec![];
    for (i, a) in addrs.iter().enumerate() {
        nodes.push(spawn_node(&db.url, &format!("node{}", i + 1), *a, bot_delay_ms).await);
    }
    let (proxy_child, proxy, cfg) = spawn_proxy(haproxy, &addrs).await;
    let _ = std::fs::remove_file(cfg);
    (nodes, addrs, proxy_child, proxy)
}

fn signal(child: &Child, sig: &str) {
    let pid = child.id().expect("running").to_string();
    assert!(std::process::Command::new("kill").args([sig, &pid]).status().unwrap().success());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_nodes_behind_haproxy_lose_no_move_when_one_dies_and_one_freezes() {
    let Some(haproxy) = haproxy() else { return };
    let db = TestDb::new(Backend::Postgres).await;
    let (mut nodes, _, _proxy, proxy) = spawn_cluster(&db, &haproxy, 3, 0).await;
    let base = format!("http://{proxy}");
    let http = http_client();

    let acked: Acked = Arc::default();
    let total = Arc::new(AtomicU64::new(0));
    let mut lobbies = vec![];
    let mut players = vec![];
    for _ in 0..MATCHES {
        let body = json!({"game": "sealed-bids", "seats": 2, "name": "Host", "options": {"rounds": ROUNDS}});
        let lobby = Lobby::created(&post_retrying(&http, format!("{base}/api/lobbies"), None, body).await);
        post_retrying(&http, format!("{base}/api/lobbies/{}/bots", lobby.id), Some(&lobby.host_token), json!({})).await;
        post_retrying(&http, format!("{base}/api/lobbies/{}/start", lobby.id), Some(&lobby.host_token), json!({}))
            .await;
        players.push(tokio::spawn(seat_player(
            proxy,
            lobby.id.clone(),
            lobby.host_token.clone(),
            0,
            acked.clone(),
            total.clone(),
        )));
        lobbies.push(lobby.id);
    }
    let expected = MATCHES as u64 * ROUNDS;
    let wait_for = |share: f64| {
        let total = total.clone();
        let at = (expected as f64 * share) as u64;
        async move {
            let began = Instant::now();
            while total.load(Ordering::Relaxed) < at && began.elapsed() < Duration::from_secs(120) {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
    };

    // A third of the way: node 1 dies.
    wait_for(0.3).await;
    nodes[0].child.start_kill().unwrap();
    nodes[0].child.wait().await.unwrap();
    // Half-way: node 2 freezes for three lease times (its tables move to
    // node 3), then wakes up holding tables it no longer owns.
    wait_for(0.5).await;
    signal(&nodes[1].child, "-STOP");
    let frozen_at = total.load(Ordering::Relaxed);
    tokio::time::sleep(Duration::from_millis(3 * LEASE_MS)).await;
    let during_freeze = total.load(Ordering::Relaxed) - frozen_at;
    signal(&nodes[1].child, "-CONT");

    for p in players {
        tokio::time::timeout(Duration::from_secs(240), p).await.expect("every client finishes").unwrap();
    }

    let acked = acked.lock().await;
    let (lost, finished) = check_stored(&db, &lobbies, &acked).await;
    let fenced = metric(&http, nodes[1].addr, "backroom_fenced_commits_total").await;
    println!(
        "cluster: nodes=3 matches={MATCHES} acks={} acks_lost={lost} finished={finished}/{MATCHES} acks_while_frozen={during_freeze} fenced_on_thawed_node={fenced}",
        acked.len()
    );
    assert_eq!(lost, 0, "acknowledged moves lost");
    assert_eq!(finished, MATCHES, "every match finished");
    assert!(during_freeze > 0, "play went on while a node was frozen");
    for mut n in nodes.into_iter().skip(1) {
        let _ = n.child.start_kill();
        let _ = n.child.wait().await;
    }
    db.cleanup().await;
}

/// A counter from a node's `/metrics` (0 if absent).
pub(crate) async fn metric(http: &reqwest::Client, node: SocketAddr, name: &str) -> f64 {
    let Ok(r) = http.get(format!("http://{node}/metrics")).send().await else { return 0.0 };
    let text = r.text().await.unwrap_or_default();
    text.lines()
        .filter(|l| l.starts_with(name))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .fold(0.0, |a, b| a + b)
}

/// Graceful shutdown of a node hands its tables over: the client's socket
/// is closed with "reconnect" (1012), and the match goes on through the
/// proxy on another node with no move refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_shutting_down_hands_its_tables_to_another() {
    let Some(haproxy) = haproxy() else { return };
    let db = TestDb::new(Backend::Postgres).await;
    // The bot takes its time, so the match outlasts the drain.
    let (mut nodes, addrs, _proxy, proxy) = spawn_cluster(&db, &haproxy, 2, 150).await;
    let base = format!("http://{proxy}");
    let http = http_client();
    let body = json!({"game": "sealed-bids", "seats": 2, "name": "Host", "options": {"rounds": 30}});
    let lobby = Lobby::created(&post_retrying(&http, format!("{base}/api/lobbies"), None, body).await);
    post_retrying(&http, format!("{base}/api/lobbies/{}/bots", lobby.id), Some(&lobby.host_token), json!({})).await;
    post_retrying(&http, format!("{base}/api/lobbies/{}/start", lobby.id), Some(&lobby.host_token), json!({})).await;
    // Which node serves it: the one whose metrics count a lease.
    let mut owner = None;
    let acked: Acked = Arc::default();
    let total = Arc::new(AtomicU64::new(0));
    let player =
        tokio::spawn(seat_player(proxy, lobby.id.clone(), lobby.host_token.clone(), 0, acked.clone(), total.clone()));
    let began = Instant::now();
    while owner.is_none() && began.elapsed() < Duration::from_secs(20) {
        for (i, a) in addrs.iter().enumerate() {
            if metric(&http, *a, "backroom_leases_taken_total").await > 0.0 {
                owner = Some(i);
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let owner = owner.expect("a node took the table");
    while total.load(Ordering::Relaxed) < 3 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    signal(&nodes[owner].child, "-TERM");
    tokio::time::timeout(Duration::from_secs(30), nodes[owner].child.wait()).await.expect("the node stops").unwrap();
    let handed_at = total.load(Ordering::Relaxed);
    tokio::time::timeout(Duration::from_secs(60), player).await.expect("the match goes on elsewhere").unwrap();
    assert!(total.load(Ordering::Relaxed) > handed_at, "moves were made after the handover");
    let other = 1 - owner;
    assert!(metric(&http, addrs[other], "backroom_leases_taken_total").await > 0.0, "the other node took the table");
    let store = db.store().await;
    let (row, _) = store.load_lobby(lobby.id.parse().unwrap()).await.unwrap().unwrap();
    assert_eq!(row.status, backroom_protocol::http::LobbyStatus::Finished);
    let rows = store.all_actions(lobby.id.parse().unwrap()).await.unwrap();
    for (rid, (_, v)) in acked.lock().await.iter() {
        assert!(
            rows.iter().any(|r| r.rid.as_deref() == Some(rid.as_str()) && r.seq as u64 == *v),
            "ack {rid} at {v} lost"
        );
    }
    for mut n in nodes {
        let _ = n.child.start_kill();
        let _ = n.child.wait().await;
    }
    db.cleanup().await;
}

/// The fence itself, on the store: node A holds a table's lease, stops
/// renewing its heartbeat (as a frozen process would), node B takes the
/// table after one lease time, and A's commit under its old epoch writes
/// nothing and comes back `Fenced`; B's commit under the new epoch lands.
#[tokio::test]
async fn a_commit_under_a_lost_lease_writes_nothing() {
    use backroom_server::cluster::{Cluster, Lease};
    use backroom_server::store::{ActionRow, Commit, CommitError, GroupCommit, Store};
    let db = TestDb::new(Backend::Postgres).await;
    let store = db.store().await;
    let Store::Postgres(pool) = &store else { unreachable!("a Postgres test database") };
    let lobby = uuid::Uuid::new_v4();
    sql(&db, &format!("INSERT INTO lobbies (id, game, seats, options, status, invite_hash, engine_version, created_at, updated_at) VALUES ('{lobby}', 'sealed-bids', 2, '{{}}', 'live', 'x', 1, 0, 0)")).await;
    let lease = Duration::from_millis(400);
    let a = Cluster::join(pool.clone(), "a".into(), lease).await.unwrap();
    let b = Cluster::join(pool.clone(), "b".into(), lease).await.unwrap();
    a.heartbeat().await.unwrap();
    b.heartbeat().await.unwrap();
    assert_eq!(a.acquire(lobby).await.unwrap(), Lease::Held(1));
    assert_eq!(b.acquire(lobby).await.unwrap(), Lease::Elsewhere, "A is alive");
    assert_eq!(b.acquire(uuid::Uuid::new_v4()).await.unwrap(), Lease::NoSuchLobby);
    // A goes silent; B keeps beating and takes the table once A's lapsed.
    let began = Instant::now();
    let taken = loop {
        b.heartbeat().await.unwrap();
        if let Lease::Held(e) = b.acquire(lobby).await.unwrap() {
            break e;
        }
        assert!(began.elapsed() < Duration::from_secs(10), "B never took the table");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(taken, 2);
    assert!(began.elapsed() >= lease / 2, "not before A's lease could have lapsed");
    assert!(!a.fresh(), "A counts its own leases lapsed before B may take them");
    // A wakes: its first beat says it lapsed (its tables are to be dropped)
    // and leaves it unfresh, so none of them reads a command meanwhile; the
    // next beat makes it fresh again, and it says nothing more.
    assert!(a.heartbeat().await.unwrap(), "the first beat after the lapse says so");
    assert!(!a.fresh(), "still unfresh until its tables were told to drop");
    assert!(!a.heartbeat().await.unwrap());
    assert!(a.fresh());
    let commit = |epoch, rid: &str| Commit {
        lobby,
        actions: vec![ActionRow {
            seq: 1,
            seat: 0,
            rid: Some(rid.into()),
            action: "{}".into(),
            log: "[]".into(),
            at: 1,
        }],
        snapshot: None,
        finished: None,
        epoch: Some(epoch),
    };
    let on_a = GroupCommit::start_on_node(store.clone(), true, 64, 1, Some(a.node));
    let on_b = GroupCommit::start_on_node(store.clone(), true, 64, 1, Some(b.node));
    assert_eq!(on_a.commit(commit(1, "from-a")).await, Err(CommitError::Fenced));
    assert_eq!(on_b.commit(commit(1, "stale-epoch-on-b")).await, Err(CommitError::Fenced), "the epoch must match too");
    assert_eq!(on_b.commit(commit(2, "from-b")).await, Ok(()));
    let rows = store.all_actions(lobby).await.unwrap();
    assert_eq!(rows.iter().map(|r| r.rid.clone().unwrap()).collect::<Vec<_>>(), ["from-b"]);
    // A frees nothing of B's: its release names its own, older epoch.
    a.release(lobby, 1).await.unwrap();
    assert_eq!(a.acquire(lobby).await.unwrap(), Lease::Elsewhere);
    db.cleanup().await;
}

/// `/ws?lobby=<id>` is what the proxy routes on: a socket's hello must name
/// the same lobby, and an address that names no valid id is refused with a
/// typed answer before the upgrade.
#[tokio::test]
async fn the_sockets_address_and_its_hello_name_the_same_lobby() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let lobby = sealed_bids_lobby(&app.url(""), &app.http, 2, 1).await;
    let addr = app.addr;
    // Routed to the right lobby: welcome.
    let (inner, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws?lobby={}", lobby.id)).await.unwrap();
    let mut ws = Ws::wrap(inner);
    ws.send(json!({"type": "hello", "lobby": lobby.id, "token": lobby.host_token})).await;
    assert_eq!(ws.until(|m| m["type"] == "welcome" || m["type"] == "error").await["type"], "welcome");
    // Routed by another lobby's id: refused, closed.
    let (inner, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/ws?lobby={}", uuid::Uuid::new_v4())).await.unwrap();
    let mut ws = Ws::wrap(inner);
    ws.send(json!({"type": "hello", "lobby": lobby.id, "token": lobby.host_token})).await;
    let e = ws.until(|m| m["type"] == "error").await;
    assert_eq!(e["code"], "invalid_field", "{e}");
    assert_eq!(ws.until_closed().await, 4001);
    // No valid id in the address: a typed 400, no socket.
    let r = app
        .http
        .get(app.url("/ws?lobby=not-a-uuid"))
        .header("connection", "upgrade")
        .header("upgrade", "websocket")
        .header("sec-websocket-version", "13")
        .header("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ==")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 400);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["code"], "invalid_field");
    app.stop().await;
    db.cleanup().await;
}

/// Through the proxy on two nodes, the rest of a table works as on one
/// server: a spectator watches, chat reaches the other player, the finished
/// match replays, and "Play again" makes a lobby (likely on the other
/// node) that every old token can open and start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_spectators_replay_and_rematch_work_through_the_proxy() {
    let Some(haproxy) = haproxy() else { return };
    let db = TestDb::new(Backend::Postgres).await;
    let (mut nodes, _, _proxy, proxy) = spawn_cluster(&db, &haproxy, 2, 0).await;
    let base = format!("http://{proxy}");
    let http = http_client();
    let ws_at = |lobby: &str| format!("ws://{proxy}/ws?lobby={lobby}");
    let body = json!({"game": "sealed-bids", "seats": 2, "name": "Host", "options": {"rounds": 1}, "spectators": true});
    let r = post_retrying(&http, format!("{base}/api/lobbies"), None, body).await;
    let lobby = Lobby::created(&r);
    let spectate = r["spectate_url"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    let friend = post_retrying(
        &http,
        format!("{base}/api/lobbies/{}/join", lobby.id),
        None,
        json!({"invite": lobby.invite, "name": "Friend"}),
    )
    .await["token"]
        .as_str()
        .unwrap()
        .to_string();
    post_retrying(&http, format!("{base}/api/lobbies/{}/start", lobby.id), Some(&lobby.host_token), json!({})).await;
    let connect = |url: String| async move { Ws::wrap(tokio_tungstenite::connect_async(url).await.unwrap().0) };
    let mut watch = connect(ws_at(&lobby.id)).await;
    watch.send(json!({"type": "hello", "lobby": lobby.id, "spectate": spectate})).await;
    assert_eq!(watch.until(|m| m["type"] == "welcome").await["viewer"], "spectator");
    let mut a = connect(ws_at(&lobby.id)).await;
    a.send(json!({"type": "hello", "lobby": lobby.id, "token": lobby.host_token})).await;
    a.until(|m| m["type"] == "welcome").await;
    let mut b = connect(ws_at(&lobby.id)).await;
    b.send(json!({"type": "hello", "lobby": lobby.id, "token": friend})).await;
    b.until(|m| m["type"] == "welcome").await;
    a.send(json!({"type": "chat", "rid": "c1", "text": "good luck"})).await;
    let line = b.until(|m| m["type"] == "chat").await;
    assert!(line.to_string().contains("good luck"), "{line}");
    for (ws, rid, v) in [(&mut a, "a0", 9), (&mut b, "b0", 4)] {
        let st = ws.until(|m| m["type"] == "state").await;
        ws.send(json!({"type": "act", "rid": rid, "version": st["version"], "action": {"type": "bid", "value": v, "round": 0}})).await;
    }
    watch.until(|m| m["type"] == "state" && m["view"]["over"] == true).await;
    let replay =
        http.get(format!("{base}/api/lobbies/{}/replay?at=99", lobby.id)).bearer_auth(&friend).send().await.unwrap();
    let replay: Value = replay.json().await.unwrap();
    assert_eq!(replay["view"]["over"], true, "{replay}");
    let r = post_retrying(&http, format!("{base}/api/lobbies/{}/rematch", lobby.id), Some(&friend), json!({})).await;
    let next = r["lobby"].as_str().unwrap().to_string();
    let info: Value = http
        .get(format!("{base}/api/lobbies/{next}"))
        .bearer_auth(&lobby.host_token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!((info["status"].as_str(), info["players"].as_array().map(Vec::len)), (Some("open"), Some(2)), "{info}");
    let started = post_retrying(&http, format!("{base}/api/lobbies/{next}/start"), Some(&friend), json!({})).await;
    assert_eq!(started["status"], "live", "{started}");
    let mut a2 = connect(ws_at(&next)).await;
    a2.send(json!({"type": "hello", "lobby": next, "token": lobby.host_token})).await;
    assert_eq!(a2.until(|m| m["type"] == "state").await["view"]["round"], 0);
    for n in &mut nodes {
        let _ = n.child.start_kill();
        let _ = n.child.wait().await;
    }
    db.cleanup().await;
}

/// What a frozen node's client heard of the move it sent while its node
/// was frozen and another node took the table.
struct StaleMove {
    /// The answer to the move (`ack` or `rejected`), if one came.
    reply: Option<Value>,
    /// The socket's close code.
    closed: u16,
    /// Commits Postgres refused on the frozen node (`backroom_fenced_commits_total`).
    fenced: f64,
    /// The lease's epoch before and after the takeover.
    epochs: (i64, i64),
}

/// The lease of a table: its epoch and its node's name.
async fn lease_of(store: &backroom_server::Store, lobby: &str) -> (i64, String) {
    let backroom_server::Store::Postgres(pool) = store else { unreachable!("a Postgres test database") };
    sqlx::query_as("SELECT t.epoch, n.name FROM table_leases t JOIN nodes n ON n.id = t.node_id WHERE t.lobby_id = $1")
        .bind(lobby.parse::<uuid::Uuid>().unwrap())
        .fetch_one(pool)
        .await
        .unwrap()
}

/// Two nodes, no proxy (each client picks its node): a match of two
/// people is served by node "stale"; one move is acknowledged there. Then
/// "stale" is frozen (SIGSTOP) and the other player's client says hello to
/// node "taker", which takes the lease once the frozen node's heartbeat
/// lapses. The first player, still on "stale", sends a move into the
/// frozen node's socket, and the node is thawed. What happens to that move
/// is returned; afterwards the move is sent again through "taker".
async fn move_sent_to_a_frozen_node(skip_self_fence: bool) -> StaleMove {
    let db = TestDb::new(Backend::Postgres).await;
    let store = db.store().await;
    let addr = || -> SocketAddr { format!("127.0.0.1:{}", free_port()).parse().unwrap() };
    let (a_addr, b_addr) = (addr(), addr());
    let flags: &[&str] = if skip_self_fence { &["--test-skip-self-fence"] } else { &[] };
    let mut stale = spawn_node_with(&db.url, "stale", a_addr, 0, flags).await;
    let mut taker = spawn_node(&db.url, "taker", b_addr, 0).await;
    let http = http_client();
    let on_a = format!("http://{a_addr}");
    let body = json!({"game": "sealed-bids", "seats": 2, "name": "Host", "options": {"rounds": 3}});
    let lobby = Lobby::created(&post_retrying(&http, format!("{on_a}/api/lobbies"), None, body).await);
    let joined = post_retrying(
        &http,
        format!("{on_a}/api/lobbies/{}/join", lobby.id),
        None,
        json!({"invite": lobby.invite, "name": "Friend"}),
    )
    .await;
    let friend = joined["token"].as_str().unwrap().to_string();
    post_retrying(&http, format!("{on_a}/api/lobbies/{}/start", lobby.id), Some(&lobby.host_token), json!({})).await;
    let mut host = Ws::hello(a_addr, &lobby.id, &lobby.host_token, None).await;
    let mut other = Ws::hello(a_addr, &lobby.id, &friend, None).await;
    // One move acknowledged on "stale", under its lease.
    let st = other.until(|m| m["type"] == "state" && m["prompt"].is_object()).await;
    other.send(json!({"type": "act", "rid": "friend-0", "version": st["version"], "action": {"type": "bid", "value": 4, "round": 0}})).await;
    other.until(|m| m["type"] == "ack").await;
    let st = host.until(|m| m["type"] == "state" && m["version"] == 1).await;
    assert!(st["prompt"].is_object(), "the host bids next: {st}");
    let before = lease_of(&store, &lobby.id).await;
    assert_eq!(before.1, "stale");

    // "stale" freezes; the other player turns to "taker", which takes the
    // table once the lease lapses (its first tries may hear table_moving).
    signal(&stale.child, "-STOP");
    let began = Instant::now();
    let _on_taker = loop {
        assert!(began.elapsed() < Duration::from_secs(30), "the taker never took the table");
        let Ok((inner, _)) = tokio_tungstenite::connect_async(format!("ws://{b_addr}/ws?lobby={}", lobby.id)).await
        else {
            continue;
        };
        let mut ws = Ws::wrap(inner);
        ws.send(json!({"type": "hello", "lobby": lobby.id, "token": friend})).await;
        match ws.recv().await {
            Some(m) if m["type"] == "welcome" => break ws,
            Some(m) => assert_eq!(m["code"], "table_moving", "{m}"),
            None => {}
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let after = lease_of(&store, &lobby.id).await;
    assert_eq!(after.1, "taker");
    assert!(after.0 > before.0, "taking the table raised the epoch");

    // The host's move goes into the frozen node's socket; the node wakes.
    let bid = json!({"type": "act", "rid": "host-0", "version": 1, "action": {"type": "bid", "value": 9, "round": 0}});
    host.send(bid.clone()).await;
    signal(&stale.child, "-CONT");
    let mut reply = None;
    while let Some(m) = host.recv().await {
        if m["rid"] == "host-0" {
            reply = Some(m);
        }
    }
    let closed = host.closed.expect("the stale node closed the socket");
    let fenced = metric(&http, a_addr, "backroom_fenced_commits_total").await;
    let rids = |rows: Vec<backroom_server::store::ActionRow>| {
        rows.into_iter().map(|r| (r.seq, r.rid.unwrap_or_default())).collect::<Vec<_>>()
    };
    let lobby_id: uuid::Uuid = lobby.id.parse().unwrap();
    assert_eq!(
        rids(store.all_actions(lobby_id).await.unwrap()),
        [(1, "friend-0".to_string())],
        "the move sent to the stale node is not stored"
    );

    // The client does what the web client does on 1012: reconnects (here
    // straight to the new owner) and sends its move again; it lands.
    let mut host = Ws::hello(b_addr, &lobby.id, &lobby.host_token, Some(1)).await;
    host.until(|m| m["type"] == "state" && m["prompt"].is_object()).await;
    host.send(bid).await;
    let ack = host.until(|m| m["rid"] == "host-0").await;
    assert_eq!((ack["type"].as_str(), ack["version"].as_u64()), (Some("ack"), Some(2)), "{ack}");
    assert_eq!(
        rids(store.all_actions(lobby_id).await.unwrap()),
        [(1, "friend-0".to_string()), (2, "host-0".to_string())]
    );
    for n in [&mut stale, &mut taker] {
        let _ = n.child.start_kill();
        let _ = n.child.wait().await;
    }
    db.cleanup().await;
    StaleMove { reply, closed, fenced, epochs: (before.0, after.0) }
}

/// The fence in Postgres, reached (issue 23, item 7): a node that misses
/// its own self-fence (`--test-skip-self-fence`, so that woken from a
/// freeze it still counts its lease valid and serves the table) sends a
/// move's commit under the epoch it loaded the table with, after another
/// node took the lease. Postgres writes nothing and says so; the node's
/// client hears `table_moving` (not an ack) and "reconnect" (1012), and the
/// move, sent again to the new owner, lands there as the next version.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_refuses_the_commit_of_a_node_that_missed_its_self_fence() {
    let r = tokio::time::timeout(Duration::from_secs(120), move_sent_to_a_frozen_node(true)).await.expect("bounded");
    let reply = r.reply.expect("the stale node answered the move");
    println!(
        "fence: epochs {}->{} reply={} code={} close={} fenced_commits_on_stale_node={}",
        r.epochs.0, r.epochs.1, reply["type"], reply["code"], r.closed, r.fenced
    );
    assert_eq!((reply["type"].as_str(), reply["code"].as_str()), (Some("rejected"), Some("table_moving")), "{reply}");
    assert_eq!(r.closed, 1012);
    assert_eq!(r.fenced, 1.0, "Postgres, not the node, refused the commit");
}

/// The same freeze with the self-fence on (as every real node runs): the
/// woken node drops the table without making the move, so the move never
/// reaches Postgres; but it answers it first, `table_moving` (never an
/// ack), and only then tells the client to reconnect (1012): a move queued
/// during a freeze is never left unanswered. Together with the test above:
/// which of the two fences stopped the move is the only difference.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_woken_node_fences_itself_and_answers_the_queued_move_before_closing() {
    let r = tokio::time::timeout(Duration::from_secs(120), move_sent_to_a_frozen_node(false)).await.expect("bounded");
    println!(
        "self-fence: epochs {}->{} reply={:?} close={} fenced_commits_on_woken_node={}",
        r.epochs.0,
        r.epochs.1,
        r.reply.as_ref().map(|m| m["type"].clone()),
        r.closed,
        r.fenced
    );
    let reply = r.reply.expect("the woken node answered the queued move before closing");
    assert_eq!((reply["type"].as_str(), reply["code"].as_str()), (Some("rejected"), Some("table_moving")), "{reply}");
    assert_eq!(r.closed, 1012);
    assert_eq!(r.fenced, 0.0, "the node fenced itself; no commit reached Postgres");
}

/// The per-node gauges a dashboard sums (README, "What a dashboard needs"),
/// as one node's `/metrics` reads them.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Gauges {
    live: f64,
    loaded: f64,
    sockets: f64,
}

/// A node's gauges, `None` if it does not answer.
async fn gauges(http: &reqwest::Client, node: SocketAddr) -> Option<Gauges> {
    let r = tokio::time::timeout(Duration::from_secs(2), http.get(format!("http://{node}/metrics")).send())
        .await
        .ok()?
        .ok()?;
    let text = r.text().await.ok()?;
    let value = |name: &str| {
        text.lines()
            .filter_map(|l| l.split_once(' '))
            .filter(|(k, _)| *k == name || k.starts_with(&format!("{name}{{")))
            .filter_map(|(_, v)| v.trim().parse::<f64>().ok())
            .sum::<f64>()
    };
    Some(Gauges {
        live: value("backroom_live_matches"),
        loaded: value("backroom_tables_loaded"),
        sockets: value("backroom_connections"),
    })
}

/// What a node really holds, from the leases in Postgres: (live matches,
/// tables, tables with a person's socket).
async fn held(pool: &sqlx::PgPool, node: &str, people: &[uuid::Uuid]) -> (i64, i64, i64) {
    sqlx::query_as(
        "SELECT count(*) FILTER (WHERE l.status = 'live'), count(*), count(*) FILTER (WHERE t.lobby_id = ANY($2))
         FROM table_leases t JOIN lobbies l ON l.id = t.lobby_id
         WHERE t.node_id = (SELECT id FROM nodes WHERE name = $1 ORDER BY heartbeat_at DESC LIMIT 1)",
    )
    .bind(node)
    .bind(people)
    .fetch_one(pool)
    .await
    .unwrap()
}

/// Waits until every running node's gauges equal what it holds, and the
/// totals equal the live matches and the people's sockets; panics with
/// the last difference if that never happens. Returns each node's gauges.
async fn gauges_settle(
    http: &reqwest::Client,
    pool: &sqlx::PgPool,
    running: &[(&str, SocketAddr)],
    people: &[uuid::Uuid],
    phase: &str,
) -> Vec<Gauges> {
    let began = Instant::now();
    loop {
        let mut wrong = vec![];
        let mut all = vec![];
        for (name, addr) in running {
            let Some(g) = gauges(http, *addr).await else {
                wrong.push(format!("{name} does not answer"));
                continue;
            };
            let (live, tables, with_people) = held(pool, name, people).await;
            let really = Gauges { live: live as f64, loaded: tables as f64, sockets: with_people as f64 };
            if g != really {
                wrong.push(format!("{name}: gauges {g:?}, holds {really:?}"));
            }
            all.push(g);
        }
        let (live,): (i64,) =
            sqlx::query_as("SELECT count(*) FROM lobbies WHERE status = 'live'").fetch_one(pool).await.unwrap();
        let sum = |f: fn(&Gauges) -> f64| all.iter().map(f).sum::<f64>();
        if sum(|g| g.live) != live as f64 {
            wrong.push(format!("live matches: {} summed over nodes, {live} in the store", sum(|g| g.live)));
        }
        if sum(|g| g.sockets) != people.len() as f64 {
            wrong.push(format!("sockets: {} summed over nodes, {} people connected", sum(|g| g.sockets), people.len()));
        }
        if wrong.is_empty() {
            let shown: Vec<String> = running
                .iter()
                .zip(&all)
                .map(|((n, _), g)| format!("{n}={}/{}/{}", g.live, g.loaded, g.sockets))
                .collect();
            println!("gauges {phase}: settled after {:?}, live/loaded/sockets {}", began.elapsed(), shown.join(" "));
            return all;
        }
        assert!(
            began.elapsed() < Duration::from_secs(45),
            "{phase}: the gauges never matched what the nodes hold: {wrong:#?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A person who keeps a socket open on their table through the proxy (and
/// reconnects whenever it closes), never moving: their table stays live
/// and loaded, waiting on them.
async fn hold_seat(proxy: SocketAddr, lobby: String, token: String) {
    loop {
        if let Ok(Ok((inner, _))) = tokio::time::timeout(
            Duration::from_secs(2),
            tokio_tungstenite::connect_async(format!("ws://{proxy}/ws?lobby={lobby}")),
        )
        .await
        {
            let mut ws = Ws::wrap(inner);
            ws.send(json!({"type": "hello", "lobby": lobby, "token": token})).await;
            while ws.recv().await.is_some() {}
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Issue 23, item 2: `backroom_live_matches`, `backroom_tables_loaded` and
/// `backroom_connections` are each node's own and exact through every way a
/// table changes node. Three nodes behind HAProxy serve matches of a person
/// (connected, never moving, so the table waits on them) and matches of
/// bots alone (slow bots, so they play on throughout). Then node 1 is
/// killed (its people's tables are taken over where they reconnect, its
/// bot matches adopted), comes back (the tables the proxy sends it again
/// are handed over to it by their holders), and node 2 shuts down
/// gracefully. After each step, once the cluster settles, every running
/// node's gauges equal the tables it holds in Postgres, and their sums the
/// live matches and the people's sockets; sampled all along, no gauge of
/// any node is ever negative.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn per_node_gauges_hold_through_takeover_adoption_handover_and_shutdown() {
    let Some(haproxy) = haproxy() else { return };
    let db = TestDb::new(Backend::Postgres).await;
    let store = db.store().await;
    let backroom_server::Store::Postgres(pool) = &store else { unreachable!("a Postgres test database") };
    // Bots slow enough that a match of bots alone outlasts the test.
    const BOT_MS: u64 = 600;
    let (mut nodes, addrs, _proxy, proxy) = spawn_cluster(&db, &haproxy, 3, BOT_MS).await;
    let base = format!("http://{proxy}");
    let http = http_client();

    // Sampled all along: the lowest value each gauge of each node shows.
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sampler = {
        let (stop, addrs, http) = (stop.clone(), addrs.clone(), http.clone());
        tokio::spawn(async move {
            let (mut lowest, mut samples) = (Gauges { live: 0.0, loaded: 0.0, sockets: 0.0 }, 0u64);
            while !stop.load(Ordering::Relaxed) {
                for a in &addrs {
                    if let Some(g) = gauges(&http, *a).await {
                        samples += 1;
                        lowest = Gauges {
                            live: lowest.live.min(g.live),
                            loaded: lowest.loaded.min(g.loaded),
                            sockets: lowest.sockets.min(g.sockets),
                        };
                    }
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            (lowest, samples)
        })
    };

    // Matches until nodes 1 and 2 each serve at least one of each kind.
    let (mut people, mut bots_only, mut seats) = (vec![], vec![], vec![]);
    let mut lobbies: Vec<(String, String)> = vec![];
    let mut on = std::collections::HashMap::<(String, bool), usize>::new();
    for i in 0..30 {
        for person in [true, false] {
            let body = json!({"game": "sealed-bids", "seats": 2, "name": "Host", "options": {"rounds": 100}});
            let lobby = Lobby::created(&post_retrying(&http, format!("{base}/api/lobbies"), None, body).await);
            let at = |what: &str| format!("{base}/api/lobbies/{}/{what}", lobby.id);
            if !person {
                post_retrying(&http, at("seat"), Some(&lobby.host_token), json!({"seat": null})).await;
            }
            post_retrying(&http, at("bots"), Some(&lobby.host_token), json!({})).await;
            post_retrying(&http, at("start"), Some(&lobby.host_token), json!({})).await;
            *on.entry((lease_of(&store, &lobby.id).await.1, person)).or_default() += 1;
            let id: uuid::Uuid = lobby.id.parse().unwrap();
            if person {
                people.push(id);
                seats.push(tokio::spawn(hold_seat(proxy, lobby.id.clone(), lobby.host_token.clone())));
            } else {
                bots_only.push(id);
            }
            lobbies.push((lobby.id, lobby.host_token));
        }
        let served = |n: &str| [true, false].iter().all(|p| on.get(&(n.to_string(), *p)).is_some_and(|c| *c > 0));
        if i >= 2 && served("node1") && served("node2") {
            break;
        }
    }
    println!(
        "gauges: {} matches of a person, {} of bots alone; served at the start {on:?}",
        people.len(),
        bots_only.len()
    );
    let named = |i: usize| -> (&'static str, SocketAddr) { (["node1", "node2", "node3"][i], addrs[i]) };
    gauges_settle(&http, pool, &[named(0), named(1), named(2)], &people, "at the start").await;

    // Takeover and adoption: node 1 dies.
    nodes[0].child.start_kill().unwrap();
    nodes[0].child.wait().await.unwrap();
    gauges_settle(&http, pool, &[named(1), named(2)], &people, "after node1 died").await;

    // Hand-over: node 1 comes back; the proxy sends it its tables again,
    // and their holders hand them over.
    nodes[0] = spawn_node(&db.url, "node1", addrs[0], BOT_MS).await;
    // Once the proxy sends node1 anything, one more round of requests for
    // every table, so that each table the ring gives node1 moves to it.
    let began = Instant::now();
    let mut rounds_after = 0;
    while rounds_after < 2 {
        for (id, token) in &lobbies {
            let _ = http.get(format!("{base}/api/lobbies/{id}")).bearer_auth(token).send().await;
        }
        if gauges(&http, addrs[0]).await.is_some_and(|g| g.live > 0.0) {
            rounds_after += 1;
        }
        assert!(began.elapsed() < Duration::from_secs(30), "node1 never got its tables back");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let back = gauges_settle(&http, pool, &[named(0), named(1), named(2)], &people, "after node1 came back").await;
    assert!(back[0].live > 0.0, "node1 serves tables again, handed over by their holders: {back:?}");

    // Graceful shutdown: node 2 drains, closes its sockets and frees its
    // leases; its people reconnect elsewhere and its bot matches are adopted.
    signal(&nodes[1].child, "-TERM");
    tokio::time::timeout(Duration::from_secs(30), nodes[1].child.wait()).await.expect("node2 stops").unwrap();
    gauges_settle(&http, pool, &[named(0), named(2)], &people, "after node2 shut down").await;

    stop.store(true, Ordering::Relaxed);
    let (lowest, samples) = sampler.await.unwrap();
    println!("gauges: {samples} samples of every node's gauges, lowest {lowest:?}");
    assert!(samples > 0);
    assert!(lowest.live >= 0.0 && lowest.loaded >= 0.0 && lowest.sockets >= 0.0, "a gauge went negative: {lowest:?}");
    for s in seats {
        s.abort();
    }
    for n in nodes.iter_mut() {
        let _ = n.child.start_kill();
        let _ = n.child.wait().await;
    }
    db.cleanup().await;
}
