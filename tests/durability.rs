//! The server process killed with SIGKILL mid-match, restarted on the same
//! store: the match continues with no acknowledged action lost. And a
//! database that refuses a write: the move is refused, never acknowledged,
//! and play goes on once the database is back.

use crate::helpers::*;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::process::Stdio;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

async fn spawn_binary(db: &str) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_backroom"))
        .args([
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--database-url",
            db,
            "--bot-delay-ms",
            "0",
            "--snapshot-every",
            "7",
            "--static-dir",
            "../web-client",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let line =
        tokio::time::timeout(std::time::Duration::from_secs(30), lines.next_line()).await.unwrap().unwrap().unwrap();
    let url = line.split("http://").nth(1).unwrap().trim_end_matches(|c| c != '/').trim_end_matches('/');
    (child, url.parse().unwrap())
}

/// Each seat bids in every open round; the test kills the server after
/// `kill_after` acknowledgements in total, restarts it, and every seat
/// reconnects (resending its unacknowledged request with the same rid).
async fn crash_and_resume(backend: Backend) {
    let db = TestDb::new(backend).await;
    let (mut server, addr) = spawn_binary(&db.url).await;
    let base = format!("http://{addr}");
    let http = http_client();
    let rounds = 8u64;
    let lobby = sealed_bids_lobby(&base, &http, 3, rounds as u32).await;
    let mut tokens = vec![lobby.host_token.clone()];
    tokens.extend(join_players(&base, &http, &lobby, 2).await);
    let mut sockets = vec![];
    for t in &tokens {
        sockets.push(Ws::hello(addr, &lobby.id, t, None).await);
    }
    start(&base, &http, &lobby).await;

    // Phase 1: play in lockstep until 10 actions are acknowledged, with one
    // more request in flight when the process dies.
    let mut acked: HashMap<String, u64> = HashMap::new();
    let mut version = 0u64;
    'outer: for round in 0..rounds {
        for (seat, ws) in sockets.iter_mut().enumerate() {
            let rid = format!("r{round}s{seat}");
            ws.send(json!({"type":"act","rid":rid,"version":version,"action":{"type":"bid","value":(round as usize + seat) % 15,"round":round}})).await;
            if acked.len() == 10 {
                break 'outer;
            }
            let ack = ws.until(|m| m["type"] == "ack" || m["type"] == "rejected").await;
            assert_eq!(ack["type"], "ack", "{ack}");
            version = ack["version"].as_u64().unwrap();
            acked.insert(rid, version);
        }
        for ws in sockets.iter_mut() {
            ws.until(|m| m["type"] == "state" && m["version"] == version).await;
        }
    }
    server.start_kill().unwrap();
    server.wait().await.unwrap();
    drop(sockets);

    // Phase 2: a new process on the same store.
    let (mut server, addr) = spawn_binary(&db.url).await;
    let mut sockets = vec![];
    for t in &tokens {
        sockets.push(Ws::hello(addr, &lobby.id, t, Some(version)).await);
    }
    let mut firsts: Vec<Value> = vec![];
    for ws in sockets.iter_mut() {
        firsts.push(ws.until(|m| m["type"] == "state").await);
    }
    let resumed = firsts[0]["version"].as_u64().unwrap();
    assert!(resumed == version || resumed == version + 1, "resumed at {resumed}, last ack was {version}");
    // Every seat finishes the match; the one whose request was in flight
    // resends it with the same rid if it was not stored.
    let mut tasks = vec![];
    for (seat, (mut ws, first)) in sockets.into_iter().zip(firsts).enumerate() {
        tasks.push(tokio::spawn(async move {
            let mut acks = vec![];
            let mut next = Some(first);
            loop {
                let m = match next.take() {
                    Some(m) => m,
                    None => ws.recv().await.expect("socket open"),
                };
                if m["type"] == "state" {
                    if m["view"]["over"] == true {
                        return acks;
                    }
                    let round = m["view"]["round"].as_u64().unwrap();
                    if m["view"]["my_bid"].is_null() {
                        let rid = format!("r{round}s{seat}");
                        ws.send(json!({"type":"act","rid":rid,"version":m["version"],"action":{"type":"bid","value":(round as usize + seat) % 15,"round":round}})).await;
                        let ack = ws.until(|m| m["type"] == "ack" || m["type"] == "rejected").await;
                        assert_eq!(ack["type"], "ack", "{ack}");
                        acks.push((rid, ack["version"].as_u64().unwrap()));
                    }
                }
            }
        }));
    }
    for t in tasks {
        for (rid, v) in t.await.unwrap() {
            acked.insert(rid, v);
        }
    }
    server.start_kill().unwrap();
    server.wait().await.unwrap();

    // Every acknowledged action is in the log exactly once, at its version.
    let store = db.store().await;
    let id = lobby.id.parse().unwrap();
    let actions = store.all_actions(id).await.unwrap();
    assert_eq!(actions.len() as u64, rounds * 3, "one bid per seat per round, none lost, none doubled");
    for (rid, v) in &acked {
        let row = actions
            .iter()
            .find(|a| a.rid.as_deref() == Some(rid))
            .unwrap_or_else(|| panic!("acknowledged {rid} was lost"));
        assert_eq!(row.seq as u64, *v);
    }
    assert!(backroom_server::verify::snapshot_matches_replay(&store, id).await.unwrap());
    backroom_server::verify::verify(&store, id).await.unwrap();
    db.cleanup().await;
}

#[tokio::test]
async fn kill_9_mid_match_then_resume_on_sqlite() {
    crash_and_resume(Backend::Sqlite).await;
}

#[tokio::test]
async fn kill_9_mid_match_then_resume_on_postgres() {
    crash_and_resume(Backend::Postgres).await;
}

#[tokio::test]
async fn a_move_the_database_refuses_is_never_acknowledged_and_play_goes_on() {
    let db = TestDb::new(Backend::Postgres).await;
    let app = spawn_app(&db, &[]).await;
    let (lobby, friend, mut a, mut b) = two_players_started(&app).await;
    a.send(json!({"type":"act","rid":"a1","version":0,"action":{"type":"bid","value":9}})).await;
    assert_eq!(a.until(|m| m["type"] == "ack").await["version"], 1);

    // The database starts refusing every new move (as a full disk or a
    // failed-over primary would), with the server none the wiser.
    sql(&db, "ALTER TABLE actions ADD CONSTRAINT outage CHECK (seq < 0) NOT VALID").await;
    b.send(json!({"type":"act","rid":"b1","version":1,"action":{"type":"bid","value":4}})).await;
    let refused = b.until(|m| m["type"] == "ack" || m["type"] == "rejected").await;
    assert_eq!(refused["type"], "rejected", "a move that was not saved must not be acknowledged: {refused}");
    assert_eq!(refused["code"], "internal");
    assert!(refused["message"].as_str().unwrap().contains("could not be saved"), "{refused}");
    // The table reloads from the store: both seats see the round still
    // open, with only the saved bid in it.
    for ws in [&mut a, &mut b] {
        let s = ws.until(|m| m["type"] == "state").await;
        assert_eq!(s["version"], 1, "{s}");
        assert_eq!(s["view"]["committed"], json!([true, false]));
        assert_eq!(s["view"]["reveals"], json!([]));
    }
    let (status, _) = app.get(&format!("/api/lobbies/{}", lobby.id), Some(&friend)).await;
    assert_eq!(status, 200);

    // The database is back: the same bid, asked again, is made.
    sql(&db, "ALTER TABLE actions DROP CONSTRAINT outage").await;
    b.send(json!({"type":"act","rid":"b2","version":1,"action":{"type":"bid","value":4}})).await;
    assert_eq!(
        b.until(|m| m["type"] == "ack" || m["type"] == "rejected").await,
        json!({"type":"ack","rid":"b2","version":2})
    );
    let s = a.until(|m| m["type"] == "state" && m["version"] == 2).await;
    assert_eq!(s["view"]["reveals"][0]["bids"], json!([9, 4]));

    // A worse outage: the table cannot even reload. Its sockets stay open
    // and hear `store_unavailable`; the table retries with back-off and
    // sends a fresh state by itself once the store answers
    // (tests/stalls.rs has the whole story).
    sql(&db, "ALTER TABLE actions ADD CONSTRAINT outage CHECK (seq < 0) NOT VALID").await;
    sql(&db, "ALTER TABLE lobbies RENAME TO lobbies_away").await;
    a.send(json!({"type":"act","rid":"a2","version":2,"action":{"type":"bid","value":3}})).await;
    let refused = a.until(|m| m["type"] == "ack" || m["type"] == "rejected").await;
    assert_eq!((refused["type"].as_str(), refused["code"].as_str()), (Some("rejected"), Some("internal")), "{refused}");
    assert_eq!(b.until(|m| m["type"] == "error").await["code"], "store_unavailable");
    sql(&db, "ALTER TABLE lobbies_away RENAME TO lobbies").await;
    sql(&db, "ALTER TABLE actions DROP CONSTRAINT outage").await;
    let s = a.until(|m| m["type"] == "state").await;
    assert_eq!((s["version"].clone(), s["view"]["committed"].clone()), (json!(2), json!([false, false])));
    a.send(json!({"type":"act","rid":"a3","version":2,"action":{"type":"bid","value":3}})).await;
    assert_eq!(a.until(|m| m["type"] == "ack").await["version"], 3);
    app.stop().await;

    // After a restart the store holds exactly the acknowledged moves.
    let app = spawn_app(&db, &[]).await;
    let mut b = Ws::hello(app.addr, &lobby.id, &friend, None).await;
    let s = b.until(|m| m["type"] == "state").await;
    assert_eq!((s["version"].clone(), s["view"]["scores"].clone()), (json!(3), json!([1, 0])));
    assert_eq!(s["view"]["committed"], json!([true, false]));
    app.stop().await;
    let store = db.store().await;
    let id: uuid::Uuid = lobby.id.parse().unwrap();
    assert!(backroom_server::verify::snapshot_matches_replay(&store, id).await.unwrap());
    db.cleanup().await;
}
