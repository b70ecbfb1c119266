//! Every kind of bad input gets a clear, typed answer and changes nothing.

use crate::helpers::*;
use serde_json::{Value, json};

async fn two_seat_match(app: &App) -> (Lobby, String) {
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 2).await;
    let friend = join_players(&base, &app.http, &lobby, 1).await.remove(0);
    (lobby, friend)
}

#[tokio::test]
async fn malformed_frames_get_typed_errors_and_the_socket_stays_usable() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let (lobby, _) = two_seat_match(&app).await;

    let mut ws = Ws::connect(app.addr).await;
    ws.send(json!({"type":"act","rid":"early","version":0,"action":{}})).await;
    let r = ws.until(|m| m["type"] == "rejected").await;
    assert_eq!((r["rid"].as_str(), r["code"].as_str()), (Some("early"), Some("not_authenticated")));
    ws.send(json!({"type":"hello","lobby":lobby.id,"token":lobby.host_token})).await;
    ws.until(|m| m["type"] == "welcome").await;

    ws.send_text("{not json".into()).await;
    assert_eq!(ws.until(|m| m["type"] == "error").await["code"], "bad_json");
    ws.send(json!({"type":"dance"})).await;
    assert_eq!(ws.until(|m| m["type"] == "error").await["code"], "unknown_message");
    ws.send(json!({"no":"type"})).await;
    assert_eq!(ws.until(|m| m["type"] == "error").await["code"], "unknown_message");
    ws.send(json!({"type":"act","rid":"r1","version":"zero"})).await;
    let r = ws.until(|m| m["type"] == "rejected").await;
    assert_eq!((r["rid"].as_str(), r["code"].as_str()), (Some("r1"), Some("invalid_field")));
    ws.send(json!({"type":"act","rid":"x".repeat(65),"version":0,"action":{}})).await;
    assert_eq!(ws.until(|m| m["type"] == "error").await["code"], "invalid_field");
    ws.send(json!({"type":"hello","lobby":lobby.id,"token":lobby.host_token})).await;
    assert_eq!(ws.until(|m| m["type"] == "error").await["code"], "invalid_field");
    ws.send(json!({"type":"act","rid":"r2","version":0,"action":{"type":"bid","value":3}})).await;
    let r = ws.until(|m| m["type"] == "rejected").await;
    assert_eq!(r["code"], "not_started");
    ws.send(json!({"type":"chat","rid":"c1","text":"x".repeat(501)})).await;
    let r = ws.until(|m| m["type"] == "rejected").await;
    assert_eq!((r["rid"].as_str(), r["code"].as_str()), (Some("c1"), Some("invalid_field")));
    ws.send(json!({"type":"ping"})).await;
    ws.until(|m| m["type"] == "pong").await;

    // Too fast: a burst of pings meets the rate limit, with a typed error.
    for _ in 0..80 {
        ws.send(json!({"type":"ping"})).await;
    }
    let mut limited = false;
    while let Some(m) = ws.recv().await {
        if m["type"] == "error" && m["code"] == "rate_limited" {
            limited = true;
            break;
        }
    }
    assert!(limited, "a burst of 80 messages hits the rate limit");

    // Oversize: a typed error, then close 1009 (on a fresh socket, so no
    // rate-limit answers are still queued).
    let mut ws = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    ws.send_text(format!("{{\"type\":\"chat\",\"rid\":\"big\",\"text\":\"{}\"}}", "x".repeat(70 * 1024))).await;
    let e = ws.until(|m| m["type"] == "error").await;
    assert_eq!(e["code"], "frame_too_large");
    assert_eq!(ws.until_closed().await, 1009);
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn wrong_tokens_are_refused() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let (lobby, _) = two_seat_match(&app).await;
    let mut ws = Ws::connect(app.addr).await;
    ws.send(json!({"type":"hello","lobby":lobby.id,"token":"not-a-token"})).await;
    assert_eq!(ws.until(|m| m["type"] == "error").await["code"], "bad_token");
    assert_eq!(ws.until_closed().await, 4001);
    let mut ws = Ws::connect(app.addr).await;
    ws.send(json!({"type":"hello","lobby":lobby.id})).await;
    assert_eq!(ws.until(|m| m["type"] == "error").await["code"], "not_authenticated");
    let mut ws = Ws::connect(app.addr).await;
    ws.send(json!({"type":"hello","lobby":uuid::Uuid::new_v4(),"token":lobby.host_token})).await;
    assert_eq!(ws.until(|m| m["type"] == "error").await["code"], "lobby_not_found");
    let mut ws = Ws::connect(app.addr).await;
    ws.send(json!({"type":"hello","lobby":lobby.id,"spectate":"nope"})).await;
    assert_eq!(ws.until(|m| m["type"] == "error").await["code"], "bad_token");
    let (s, e) = app.post(&format!("/api/lobbies/{}/bots", lobby.id), None, json!({})).await;
    assert_eq!((s, e["code"].as_str()), (401, Some("not_authenticated")));
    let (s, e) = app.post(&format!("/api/lobbies/{}/bots", lobby.id), Some("wrong"), json!({})).await;
    assert_eq!((s, e["code"].as_str()), (401, Some("bad_token")));
    let (s, e) =
        app.post(&format!("/api/lobbies/{}/join", lobby.id), None, json!({"invite":"wrong","name":"Eve"})).await;
    assert_eq!((s, e["code"].as_str()), (401, Some("bad_token")));
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn bad_lobby_requests_are_refused_with_reasons() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let resp = app
        .http
        .post(app.url("/api/lobbies"))
        .header("content-type", "application/json")
        .body("{oops")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 400);
    assert_eq!(resp.json::<Value>().await.unwrap()["code"], "bad_json");
    let (s, e) = app.post("/api/lobbies", None, json!({"game":"chess","name":"A"})).await;
    assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")));
    let (s, e) = app.post("/api/lobbies", None, json!({"game":"sealed-bids","name":"A","seats":9})).await;
    assert_eq!((s, e["code"].as_str()), (400, Some("bad_options")));
    assert!(e["message"].as_str().unwrap().contains("2 to 8"));
    let (s, e) = app.post("/api/lobbies", None, json!({"game":"sealed-bids","name":"A","options":{"rounds":0}})).await;
    assert_eq!((s, e["code"].as_str()), (400, Some("bad_options")));
    let (s, e) =
        app.post("/api/lobbies", None, json!({"game":"sealed-bids","name":"A","options":{"turbo":true}})).await;
    assert_eq!((s, e["code"].as_str()), (400, Some("bad_options")));
    let (s, e) = app.post("/api/lobbies", None, json!({"game":"sealed-bids","name":"x".repeat(33)})).await;
    assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")));
    let (s, e) = app.post("/api/lobbies", None, json!({"game":"sealed-bids","name":"A","extra":1})).await;
    assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")));
    let big = json!({"game":"sealed-bids","name":"A","options":{"pad":"x".repeat(20_000)}});
    let (s, e) = app.post("/api/lobbies", None, big).await;
    assert_eq!((s, e["code"].as_str()), (413, Some("frame_too_large")));
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn illegal_stale_and_late_actions_are_refused_and_change_nothing() {
    let db = TestDb::new(Backend::Postgres).await;
    let app = spawn_app(&db, &[]).await;
    let base = app.url("");
    let (lobby, friend) = two_seat_match(&app).await;
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let mut b = Ws::hello(app.addr, &lobby.id, &friend, None).await;
    start(&base, &app.http, &lobby).await;
    a.until(|m| m["type"] == "state").await;
    b.until(|m| m["type"] == "state").await;

    let expect = async |ws: &mut Ws, action: Value, version: u64, code: &str| {
        let rid = format!("t{}", rand_id());
        ws.send(json!({"type":"act","rid":rid,"version":version,"action":action})).await;
        let r = ws.until(|m| m["rid"] == rid.as_str()).await;
        assert_eq!(r["type"], "rejected", "{r}");
        assert_eq!(r["code"], code, "{r}");
        r
    };
    let r = expect(&mut a, json!({"type":"bid","value":15}), 0, "illegal_move").await;
    assert_eq!(r["rule"], "Bidding Dial");
    assert!(r["message"].as_str().unwrap().contains("0 to 14"));
    expect(&mut a, json!({"type":"dance"}), 0, "malformed_action").await;
    expect(&mut a, json!({"type":"bid","value":"high"}), 0, "malformed_action").await;
    expect(&mut a, json!({"type":"bid","value":3,"round":5}), 0, "illegal_move").await;
    expect(&mut a, json!({"type":"bid","value":3}), 7, "stale_version").await;

    // Seat 1 bidding does not make seat 0's view stale...
    b.send(json!({"type":"act","rid":"b1","version":0,"action":{"type":"bid","value":2}})).await;
    b.until(|m| m["type"] == "ack").await;
    a.send(json!({"type":"act","rid":"a1","version":0,"action":{"type":"bid","value":5}})).await;
    assert_eq!(a.until(|m| m["rid"] == "a1").await["type"], "ack");
    // ...but a new round does: an action chosen against round 1 is stale in round 2.
    let r = expect(&mut a, json!({"type":"bid","value":1}), 1, "stale_version").await;
    assert!(r["message"].as_str().unwrap().contains("changed"));
    // Nothing refused was stored.
    let (_, info) = app.get(&format!("/api/lobbies/{}", lobby.id), Some(&lobby.host_token)).await;
    assert_eq!(info["version"], 2);
    // Finish, then act after the end.
    a.send(json!({"type":"act","rid":"a2","version":2,"action":{"type":"bid","value":1}})).await;
    b.send(json!({"type":"act","rid":"b2","version":2,"action":{"type":"bid","value":1}})).await;
    a.until(|m| m["type"] == "state" && m["view"]["over"] == true).await;
    expect(&mut a, json!({"type":"bid","value":1}), 4, "game_over").await;
    app.stop().await;
    db.cleanup().await;
}

fn rand_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()[..8].to_string()
}

/// Out of turn, in a turn-based game (X-Men opens with the School choice in
/// dice order): the awaited seat's own action, sent by another seat, is
/// refused as `not_your_turn` and changes nothing.
#[tokio::test]
async fn an_action_out_of_turn_is_refused() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let (s, r) = app.post("/api/lobbies", None, json!({"game":"xmen-mutant-revolution","seats":3,"name":"Host"})).await;
    assert_eq!(s, 201, "{r}");
    let lobby = Lobby::created(&r);
    let mut tokens = vec![lobby.host_token.clone()];
    tokens.extend(join_players(&app.url(""), &app.http, &lobby, 2).await);
    let mut sockets = vec![];
    for t in &tokens {
        sockets.push(Ws::hello(app.addr, &lobby.id, t, None).await);
    }
    start(&app.url(""), &app.http, &lobby).await;
    let mut states = vec![];
    for ws in sockets.iter_mut() {
        states.push(ws.until(|m| m["type"] == "state").await);
    }
    assert_eq!(states[0]["pending"]["mode"], "turn", "{}", states[0]["pending"]);
    let turn = states[0]["pending"]["seat"].as_u64().unwrap() as usize;
    let other = (turn + 1) % 3;
    assert!(states[other]["prompt"].is_null(), "a seat that is not awaited has nothing to do");
    let ask = &states[turn]["prompt"]["asks"][0];
    let mut action = ask["fixed"].clone();
    if action.is_null() {
        action = json!({});
    }
    action["type"] = ask["verb"].clone();
    for p in ask["params"].as_array().cloned().unwrap_or_default() {
        let input = &p["input"];
        let v = match input["kind"].as_str().unwrap() {
            "one" => input["options"][0]["value"].clone(),
            "number" => input["min"].clone(),
            other => panic!("unexpected first prompt input {other}"),
        };
        action[p["name"].as_str().unwrap()] = v;
    }
    let version = states[other]["version"].clone();
    sockets[other].send(json!({"type":"act","rid":"out-of-turn","version":version,"action":action})).await;
    let r = sockets[other].until(|m| m["rid"] == "out-of-turn").await;
    assert_eq!((r["type"].as_str(), r["code"].as_str()), (Some("rejected"), Some("not_your_turn")), "{r}");
    // The awaited seat's same action is accepted.
    sockets[turn].send(json!({"type":"act","rid":"in-turn","version":version,"action":action})).await;
    let r = sockets[turn].until(|m| m["rid"] == "in-turn").await;
    assert_eq!(r["type"], "ack", "{r}");
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn an_address_holds_only_its_share_of_sockets() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &["--max-sockets-per-address", "2"]).await;
    let lobby = sealed_bids_lobby(&app.url(""), &app.http, 2, 1).await;
    let _tab1 = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let mut tab2 = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    // A third socket is told why, in words, and closed with "try again later".
    let mut tab3 = Ws::connect(app.addr).await;
    let e = tab3.until(|m| m["type"] == "error").await;
    assert_eq!(e["code"], "rate_limited");
    assert!(e["message"].as_str().unwrap().contains("at most 2 at once"), "{e}");
    assert_eq!(tab3.until_closed().await, 1013);
    // Closing a tab frees its place (once the server has seen it go).
    tab2.close().await;
    tab2.until_closed().await;
    let mut admitted = false;
    for _ in 0..50 {
        let mut again = Ws::connect(app.addr).await;
        again.send(json!({"type": "hello", "lobby": lobby.id, "token": lobby.host_token})).await;
        if again.until(|m| m["type"] == "welcome" || m["type"] == "error").await["type"] == "welcome" {
            admitted = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(admitted, "a socket closed long ago still counts against its address");
    app.stop().await;
    db.cleanup().await;
}
