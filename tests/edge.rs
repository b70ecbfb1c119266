//! Reliability, second pass: hostile strings stop at the edge, one table's
//! failure stays its own, acknowledgements never run ahead of commits,
//! silent sockets are noticed, and every HTTP failure is typed JSON under
//! a strict browser policy.

use crate::helpers::*;
use serde_json::{Value, json};
use std::time::Duration;

async fn two_seat_match(app: &App, rounds: u32) -> (Lobby, String) {
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, rounds).await;
    let friend = join_players(&base, &app.http, &lobby, 1).await.remove(0);
    (lobby, friend)
}

/// A started three-round two-seat match: the lobby, the host's socket (it
/// has seen the first state) and the friend's.
async fn started_pair(app: &App) -> (Lobby, Ws, Ws) {
    let (lobby, friend) = two_seat_match(app, 3).await;
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let b = Ws::hello(app.addr, &lobby.id, &friend, None).await;
    start(&app.url(""), &app.http, &lobby).await;
    a.until(|m| m["type"] == "state").await;
    (lobby, a, b)
}

#[tokio::test]
async fn hostile_strings_are_refused_at_the_edge() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    // Names that are blank to the eye, or read backwards, or hold a NUL.
    for name in ["\u{200B}\u{200B}", "\u{3164}", "Bea\u{202E}naeJ", "a\u{0}b", "   "] {
        let (status, body) = app.post("/api/lobbies", None, json!({"game": "sealed-bids", "name": name})).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("invalid_field")), "name {name:?}: {body}");
    }
    let (status, body) = app
        .post("/api/lobbies", None, json!({"game": "sealed-bids", "name": "Ann", "options": {"rounds": "3\u{0}"}}))
        .await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_field")), "{body}");
    // Names are stored as people read them: NFC, spaces folded.
    let lobby = sealed_bids_lobby(&app.url(""), &app.http, 3, 2).await;
    let (_, j) = app
        .post(
            &format!("/api/lobbies/{}/join", lobby.id),
            None,
            json!({"invite": lobby.invite, "name": "  Rene\u{301}e   B "}),
        )
        .await;
    assert!(j["token"].is_string(), "{j}");
    let (_, info) = app.get(&format!("/api/lobbies/{}", lobby.id), Some(&lobby.host_token)).await;
    assert!(info["players"].as_array().unwrap().iter().any(|p| p["name"] == "Ren\u{e9}e B"), "{info}");

    let mut ws = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    ws.send(json!({"type": "act", "rid": "a\u{0}b", "version": 0, "action": {"type": "bid", "value": 1}})).await;
    assert_eq!(ws.until(|m| m["type"] == "error").await["code"], "invalid_field");
    for text in ["hi\u{0}", "\u{202E}olleh", "two\nlines", "\u{200B}"] {
        ws.send(json!({"type": "chat", "rid": "c1", "text": text})).await;
        let r = ws.until(|m| m["type"] == "rejected").await;
        assert_eq!((r["rid"].as_str(), r["code"].as_str()), (Some("c1"), Some("invalid_field")), "chat {text:?}: {r}");
    }
    ws.send(json!({"type": "act", "rid": "a2", "version": 0, "action": {"type": "bid", "note": "x\u{0}"}})).await;
    let r = ws.until(|m| m["type"] == "rejected").await;
    assert_eq!((r["rid"].as_str(), r["code"].as_str()), (Some("a2"), Some("invalid_field")), "{r}");
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn http_failures_are_typed_json_under_a_strict_policy() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let (status, body) = app.get("/api/lobbies/not-a-uuid", None).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("lobby_not_found")), "{body}");
    let (status, body) = app.get("/api/nothing-here", None).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("unknown_message")), "{body}");
    let r = app.http.delete(app.url("/api/lobbies")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 405);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["code"], "unknown_message", "{body}");
    let (status, body) = app.get(&format!("/api/lobbies/{}/replay?at=-1", uuid::Uuid::new_v4()), None).await;
    assert!(status == 400 || status == 401, "{status} {body}");
    assert!(body["code"].is_string(), "{body}");

    // Every response carries the browser policy; static files are
    // compressed and revalidated.
    for path in ["/", "/app.js", "/api/games", "/api/nothing-here"] {
        let r = app.http.get(app.url(path)).header("accept-encoding", "gzip").send().await.unwrap();
        let h = r.headers();
        let csp = h.get("content-security-policy").and_then(|v| v.to_str().ok()).unwrap_or_default();
        assert!(
            csp.contains("script-src 'self'")
                && csp.contains("connect-src 'self'")
                && csp.contains("frame-ancestors 'none'"),
            "{path}: {csp}"
        );
        assert_eq!(h.get("x-content-type-options").and_then(|v| v.to_str().ok()), Some("nosniff"), "{path}");
        assert_eq!(h.get("referrer-policy").and_then(|v| v.to_str().ok()), Some("no-referrer"), "{path}");
        if path == "/app.js" {
            assert_eq!(h.get("content-encoding").and_then(|v| v.to_str().ok()), Some("gzip"), "{path}");
            assert!(h.contains_key("last-modified"), "{path}: a cache validator");
        }
    }
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn reads_share_a_per_address_limit() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &["--read-rate-per-second", "1", "--read-rate-burst", "3"]).await;
    let mut codes = vec![];
    for _ in 0..6 {
        let (status, body) = app.get(&format!("/api/lobbies/{}", uuid::Uuid::new_v4()), None).await;
        codes.push((status, body["code"].as_str().unwrap_or_default().to_string()));
    }
    assert!(codes.iter().any(|(s, c)| *s == 429 && c == "rate_limited"), "{codes:?}");
    assert!(codes[0].0 != 429, "the burst is allowed: {codes:?}");
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn a_frame_over_a_mebibyte_gets_an_error_frame_and_1009() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let (lobby, _) = two_seat_match(&app, 2).await;
    let mut ws = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    ws.send_text(format!("{{\"type\":\"chat\",\"rid\":\"big\",\"text\":\"{}\"}}", "x".repeat(1100 * 1024))).await;
    let e = ws.until(|m| m["type"] == "error").await;
    assert_eq!(e["code"], "frame_too_large");
    assert_eq!(ws.until_closed().await, 1009);
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn a_request_id_reused_for_another_move_is_refused_and_a_true_resend_is_not() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let (lobby, mut a, _b) = started_pair(&app).await;
    a.send(json!({"type": "act", "rid": "r1", "version": 0, "action": {"type": "bid", "value": 3}})).await;
    assert_eq!(a.until(|m| m["type"] == "ack").await["version"], 1);
    a.send(json!({"type": "act", "rid": "r1", "version": 1, "action": {"type": "bid", "value": 5}})).await;
    let r = a.until(|m| m["type"] == "ack" || m["type"] == "rejected").await;
    assert_eq!((r["type"].as_str(), r["code"].as_str()), (Some("rejected"), Some("request_id_reused")), "{r}");
    // The same move again under its id: acknowledged again, made once.
    a.send(json!({"type": "act", "rid": "r1", "version": 0, "action": {"type": "bid", "value": 3}})).await;
    assert_eq!(
        a.until(|m| m["type"] == "ack" || m["type"] == "rejected").await,
        json!({"type": "ack", "rid": "r1", "version": 1})
    );
    // ... and after a restart too, compared with the stored move.
    app.stop().await;
    let app = spawn_app(&db, &[]).await;
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, Some(1)).await;
    a.send(json!({"type": "act", "rid": "r1", "version": 1, "action": {"type": "bid", "value": 5}})).await;
    let r = a.until(|m| m["type"] == "ack" || m["type"] == "rejected").await;
    assert_eq!(r["code"], "request_id_reused", "{r}");
    a.send(json!({"type": "act", "rid": "r1", "version": 1, "action": {"value": 3, "type": "bid"}})).await;
    assert_eq!(a.until(|m| m["type"] == "ack" || m["type"] == "rejected").await["type"], "ack");
    app.stop().await;
    db.cleanup().await;
}

/// A resend that lands in the same batch as its first copy waits for that
/// copy's commit: when the database refuses the commit, neither copy is
/// acknowledged; when it takes it, both are, with the same version.
#[tokio::test]
async fn a_resend_in_the_same_batch_is_answered_only_after_the_commit() {
    let db = TestDb::new(Backend::Postgres).await;
    let app = spawn_app(&db, &[]).await;
    let (_lobby, mut a, _b) = started_pair(&app).await;

    sql(&db, "ALTER TABLE actions ADD CONSTRAINT outage CHECK (seq < 0) NOT VALID").await;
    let bid = json!({"type": "act", "rid": "twice", "version": 0, "action": {"type": "bid", "value": 7}});
    a.send_text(format!("{bid}")).await;
    a.send_text(format!("{bid}")).await;
    for _ in 0..2 {
        let r = a.until(|m| m["type"] == "ack" || m["type"] == "rejected").await;
        assert_eq!(
            (r["type"].as_str(), r["code"].as_str()),
            (Some("rejected"), Some("internal")),
            "nothing was stored, so nothing is acknowledged: {r}"
        );
    }
    sql(&db, "ALTER TABLE actions DROP CONSTRAINT outage").await;
    let bid = json!({"type": "act", "rid": "again", "version": 0, "action": {"type": "bid", "value": 7}});
    a.send_text(format!("{bid}")).await;
    a.send_text(format!("{bid}")).await;
    for _ in 0..2 {
        let r = a.until(|m| m["type"] == "ack" || m["type"] == "rejected").await;
        assert_eq!(r, json!({"type": "ack", "rid": "again", "version": 1}));
    }
    app.stop().await;
    db.cleanup().await;
}

/// One table floods hostile input while others play on Postgres: the
/// others see no refusal at all.
#[tokio::test]
async fn one_hostile_table_causes_no_refusal_elsewhere() {
    let db = TestDb::new(Backend::Postgres).await;
    let app = spawn_app(&db, &[]).await;
    let base = app.url("");
    let (hostile, _) = two_seat_match(&app, 20).await;
    let mut h = Ws::hello(app.addr, &hostile.id, &hostile.host_token, None).await;
    start(&base, &app.http, &hostile).await;
    let hostile_task = tokio::spawn(async move {
        for i in 0..300 {
            let frame = match i % 4 {
                0 => {
                    json!({"type": "act", "rid": format!("n\u{0}{i}"), "version": 0, "action": {"type": "bid", "value": 1}})
                }
                1 => json!({"type": "chat", "rid": format!("c{i}"), "text": "\u{0}"}),
                2 => {
                    json!({"type": "act", "rid": format!("x{i}"), "version": 0, "action": {"type": "bid", "value": "\u{0}"}})
                }
                _ => {
                    json!({"type": "act", "rid": format!("b{i}"), "version": 0, "action": {"type": "bid", "value": i % 15}})
                }
            };
            h.send(frame).await;
            if i % 20 == 0 {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
        h
    });
    // Three honest tables play three rounds each meanwhile.
    let mut honest = vec![];
    for _ in 0..3 {
        let (lobby, friend) = two_seat_match(&app, 3).await;
        let a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
        let b = Ws::hello(app.addr, &lobby.id, &friend, None).await;
        start(&base, &app.http, &lobby).await;
        honest.push((a, b));
    }
    let mut refusals = 0;
    let mut acks = 0;
    for (a, b) in &mut honest {
        let mut version = 0u64;
        for round in 0..3u64 {
            for (i, ws) in [&mut *a, &mut *b].into_iter().enumerate() {
                ws.send(json!({"type": "act", "rid": format!("r{round}s{i}"), "version": version, "action": {"type": "bid", "value": (round + i as u64) % 10}})).await;
                let r = ws.until(|m| m["type"] == "ack" || m["type"] == "rejected").await;
                if r["type"] == "ack" {
                    acks += 1;
                    version = version.max(r["version"].as_u64().unwrap());
                } else {
                    refusals += 1;
                }
            }
        }
    }
    hostile_task.await.unwrap();
    assert_eq!((refusals, acks), (0, 18), "honest tables were refused because of another table's input");
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn a_silent_socket_is_closed_and_its_player_shown_away() {
    let db = TestDb::new(Backend::Sqlite).await;
    // Four pings of slack: a host that reads but is briefly starved of CPU
    // by a neighbouring test (a Strong bot's search) is not taken for silent.
    let app = spawn_app(&db, &["--ping-secs", "1", "--idle-timeout-secs", "4"]).await;
    let (lobby, friend) = two_seat_match(&app, 2).await;
    let mut host = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let mut silent = Ws::hello(app.addr, &lobby.id, &friend, None).await;
    let (_, info) = app.get(&format!("/api/lobbies/{}", lobby.id), Some(&lobby.host_token)).await;
    assert!(info["players"].as_array().unwrap().iter().all(|p| p["connected"] == true), "{info}");
    // The silent one neither reads nor answers pings; the host reads (and
    // so answers every ping) and stays.
    let lobby_id = lobby.id.clone();
    let friend_is = |m: &Value, connected: bool| {
        m["type"] == "lobby"
            && m["lobby"]["players"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["name"] == "Friend 0" && p["connected"] == connected)
    };
    host.until(|m| friend_is(m, true)).await;
    let away = host.until(|m| friend_is(m, false)).await;
    let friend_row =
        away["lobby"]["players"].as_array().unwrap().iter().find(|p| p["connected"] == false).unwrap().clone();
    assert_eq!(friend_row["name"], "Friend 0", "{away}");
    assert_eq!(silent.until_closed().await, 4008);
    let (_, info) = app.get(&format!("/api/lobbies/{lobby_id}"), Some(&lobby.host_token)).await;
    let host_row = info["players"].as_array().unwrap().iter().find(|p| p["host"] == true).unwrap().clone();
    assert_eq!(host_row["connected"], true, "a socket that reads answers pings and stays: {info}");
    app.stop().await;
    db.cleanup().await;
}
