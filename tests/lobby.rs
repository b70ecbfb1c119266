//! Lobbies and seats: create, invite, join, seats, kick, bots, start, expiry.

use crate::helpers::*;
use serde_json::json;

#[tokio::test]
async fn catalogue_lists_every_game_with_its_options() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let (s, c) = app.get("/api/games", None).await;
    assert_eq!(s, 200);
    let games = c["games"].as_array().unwrap();
    let sb = games.iter().find(|g| g["id"] == "sealed-bids").unwrap();
    assert_eq!(sb["min_seats"], 2);
    assert_eq!(sb["options"][0]["name"], "rounds");
    let (s, content) = app.get("/api/games/xmen-mutant-revolution/content", None).await;
    assert_eq!(s, 200);
    assert!(
        content["plot"].as_array().unwrap().iter().any(|c| c["id"] == "careful-preparations"),
        "the Plot cards are served"
    );
    let (s, e) = app.get("/api/games/sealed-bids/content", None).await;
    assert_eq!((s, e["code"].as_str()), (404, Some("lobby_not_found")));
    let (s, body) = app.get("/healthz", None).await;
    assert_eq!((s, body.as_str()), (200, Some("ok")));
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn lobby_life_cycle_seats_kick_and_start() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 3, 2).await;
    let id = &lobby.id;
    assert_eq!(lobby.invite.len(), 32, "128-bit invite");
    assert_eq!(lobby.host_token.len(), 64, "256-bit token");

    // The invite shows the lobby; a wrong invite does not.
    let (s, info) = app.get(&format!("/api/lobbies/{id}?invite={}", lobby.invite), None).await;
    assert_eq!(s, 200);
    assert_eq!(info["players"][0]["seat"], 0);
    let (s, e) = app.get(&format!("/api/lobbies/{id}?invite=00000000000000000000000000000000"), None).await;
    assert_eq!((s, e["code"].as_str()), (401, Some("bad_token")));

    // Joining takes the lowest free seat; names are checked.
    let (s, e) =
        app.post(&format!("/api/lobbies/{id}/join"), None, json!({"invite": lobby.invite, "name": "   "})).await;
    assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")));
    let (s, bob) =
        app.post(&format!("/api/lobbies/{id}/join"), None, json!({"invite": lobby.invite, "name": "Bob"})).await;
    assert_eq!(s, 200);
    let bob_token = bob["token"].as_str().unwrap().to_string();
    let bob_id = bob["player"].as_str().unwrap().to_string();
    let mut bob_ws = Ws::hello(app.addr, id, &bob_token, None).await;

    // Seats: taken, out of range, moving.
    let (s, e) = app.post(&format!("/api/lobbies/{id}/seat"), Some(&bob_token), json!({"seat": 0})).await;
    assert_eq!((s, e["code"].as_str()), (409, Some("seat_taken")));
    let (s, e) = app.post(&format!("/api/lobbies/{id}/seat"), Some(&bob_token), json!({"seat": 7})).await;
    assert_eq!((s, e["code"].as_str()), (409, Some("seat_taken")));
    let (s, info) = app.post(&format!("/api/lobbies/{id}/seat"), Some(&bob_token), json!({"seat": 2})).await;
    assert_eq!(s, 200);
    assert_eq!(info["players"][1]["seat"], 2);

    // Only the host kicks, starts and adds bots.
    let (s, e) = app.post(&format!("/api/lobbies/{id}/start"), Some(&bob_token), json!({})).await;
    assert_eq!((s, e["code"].as_str()), (403, Some("not_host")));
    let (s, e) = app.post(&format!("/api/lobbies/{id}/start"), Some(&lobby.host_token), json!({})).await;
    assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")), "seat 2 is empty");
    assert!(e["message"].as_str().unwrap().contains("Seat 2 is empty"));
    let (s, _) = app.post(&format!("/api/lobbies/{id}/kick"), Some(&lobby.host_token), json!({"player": bob_id})).await;
    assert_eq!(s, 200);
    assert_eq!(bob_ws.until_closed().await, 4002, "a kicked player's socket is closed with 4002");
    let (s, e) = app.post(&format!("/api/lobbies/{id}/seat"), Some(&bob_token), json!({"seat": 1})).await;
    assert_eq!((s, e["code"].as_str()), (401, Some("bad_token")), "a kicked player's token no longer works");

    // Fill with bots, start; then the lobby is closed to joins and seat changes.
    let (s, info) = app.post(&format!("/api/lobbies/{id}/bots"), Some(&lobby.host_token), json!({})).await;
    assert_eq!(s, 200);
    assert_eq!(info["players"].as_array().unwrap().len(), 3);
    let (s, info) = app.post(&format!("/api/lobbies/{id}/start"), Some(&lobby.host_token), json!({})).await;
    assert_eq!(s, 200, "{info}");
    assert_eq!(info["seed_hash"].as_str().unwrap().len(), 64);
    let (s, e) =
        app.post(&format!("/api/lobbies/{id}/join"), None, json!({"invite": lobby.invite, "name": "Late"})).await;
    assert_eq!((s, e["code"].as_str()), (409, Some("already_started")));
    let (s, e) = app.post(&format!("/api/lobbies/{id}/seat"), Some(&lobby.host_token), json!({"seat": 1})).await;
    assert_eq!((s, e["code"].as_str()), (409, Some("already_started")));
    let (s, e) = app.get(&format!("/api/lobbies/{id}/record"), Some(&lobby.host_token)).await;
    assert_eq!((s, e["code"].as_str()), (409, Some("not_over")), "no record (and no seed) before the end");
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn a_full_lobby_refuses_joins() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 2).await;
    join_players(&base, &app.http, &lobby, 1).await;
    let (s, e) = app
        .post(&format!("/api/lobbies/{}/join", lobby.id), None, json!({"invite": lobby.invite, "name": "Third"}))
        .await;
    assert_eq!((s, e["code"].as_str()), (409, Some("lobby_full")));
    assert_eq!(e["message"], "All 2 seats are taken.");
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn idle_open_lobbies_expire_but_live_matches_do_not() {
    let db = TestDb::new(Backend::Postgres).await;
    let app = spawn_app(&db, &["--lobby-ttl-minutes", "0", "--expiry-sweep-secs", "1"]).await;
    let base = app.url("");
    let idle = sealed_bids_lobby(&base, &app.http, 2, 2).await;
    let live = sealed_bids_lobby(&base, &app.http, 2, 2).await;
    app.post(&format!("/api/lobbies/{}/bots", live.id), Some(&live.host_token), json!({})).await;
    let (s, _) = app.post(&format!("/api/lobbies/{}/start", live.id), Some(&live.host_token), json!({})).await;
    assert_eq!(s, 200);
    // Depending on when the sweep runs, the socket is either closed on
    // expiry or refused at hello; both close with 4001.
    let mut ws = Ws::connect(app.addr).await;
    ws.send(json!({"type":"hello","lobby":idle.id,"token":idle.host_token})).await;
    let first = ws.until(|m| m["type"] == "welcome" || m["type"] == "error").await;
    if first["type"] == "error" {
        assert_eq!(first["code"], "lobby_not_found");
    }
    assert_eq!(ws.until_closed().await, 4001, "the expired lobby's sockets are closed");
    let (s, e) = app.get(&format!("/api/lobbies/{}", idle.id), Some(&idle.host_token)).await;
    assert_eq!((s, e["code"].as_str()), (404, Some("lobby_not_found")));
    let (s, info) = app.get(&format!("/api/lobbies/{}", live.id), Some(&live.host_token)).await;
    assert_eq!(s, 200);
    assert_eq!(info["status"], "live");
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn lobby_requests_are_limited_per_address_with_a_typed_answer() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app =
        spawn_app(&db, &["--lobby-rate-per-minute", "1", "--lobby-rate-burst", "3", "--trust-forwarded-for"]).await;
    let create = |from: &'static str| {
        app.http
            .post(app.url("/api/lobbies"))
            .header("x-forwarded-for", from)
            .json(&json!({"game": "sealed-bids", "name": "Ann", "seats": 2, "options": {"rounds": 1}}))
            .send()
    };
    // The burst passes: three lobbies from one address.
    for _ in 0..3 {
        let r = create("203.0.113.7").await.unwrap();
        assert_eq!(r.status(), 201, "within the burst");
    }
    // The fourth is refused with a typed error that says how long to wait.
    let r = create("203.0.113.7").await.unwrap();
    assert_eq!(r.status(), 429);
    let wait: u64 = r.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "Retry-After {wait}");
    let e: serde_json::Value = r.json().await.unwrap();
    assert_eq!(e["code"], "rate_limited");
    assert!(e["message"].as_str().unwrap().contains(&format!("wait {wait} s")), "{e}");
    // Every lobby write shares the bucket: a join is refused too...
    let r = app
        .http
        .post(app.url("/api/lobbies/00000000-0000-0000-0000-000000000000/join"))
        .header("x-forwarded-for", "203.0.113.7")
        .json(&json!({"invite": "x", "name": "Bob"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 429);
    let (_, metrics) = app.get("/metrics", None).await;
    assert!(
        metrics.as_str().unwrap().contains(r#"backroom_rejections_total{code="lobby_rate_limited"}"#),
        "refusals are counted"
    );
    // ...while reads are not limited, and another address has its own bucket.
    let (s, _) = app.get("/api/games", None).await;
    assert_eq!(s, 200);
    assert_eq!(create("198.51.100.2").await.unwrap().status(), 201);
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn without_a_trusted_proxy_the_forwarded_address_is_ignored() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &["--lobby-rate-per-minute", "1", "--lobby-rate-burst", "2"]).await;
    // A client cannot dodge its limit by claiming another address.
    let mut statuses = vec![];
    for i in 0..3 {
        let r = app
            .http
            .post(app.url("/api/lobbies"))
            .header("x-forwarded-for", format!("192.0.2.{i}"))
            .json(&json!({"game": "sealed-bids", "name": "Ann", "seats": 2, "options": {"rounds": 1}}))
            .send()
            .await
            .unwrap();
        statuses.push(r.status().as_u16());
    }
    assert_eq!(statuses, [201, 201, 429]);
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn the_host_hands_over_and_a_lobby_whose_host_has_gone_can_still_start() {
    for backend in BOTH {
        let db = TestDb::new(backend).await;
        let app = spawn_app(&db, &["--stand-in-after-secs", "1"]).await;
        let base = app.url("");
        let lobby = sealed_bids_lobby(&base, &app.http, 4, 2).await;
        let friends = join_players(&base, &app.http, &lobby, 2).await;
        let (bea, cal) = (&friends[0], &friends[1]);
        let path = format!("/api/lobbies/{}/host", lobby.id);
        let mut host = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
        let l = host.until(|m| m["type"] == "lobby").await;
        let id = |name: &str| {
            l["lobby"]["players"].as_array().unwrap().iter().find(|p| p["name"] == name).unwrap()["id"].clone()
        };
        let (bea_id, cal_id) = (id("Friend 0"), id("Friend 1"));

        // Only the host picks someone else; nobody takes it from a host who is here.
        let (s, e) = app.post(&path, Some(cal), json!({"player": bea_id})).await;
        assert_eq!((s, e["code"].as_str()), (403, Some("not_host")), "{e}");
        let (s, e) = app.post(&path, Some(cal), json!({"player": cal_id})).await;
        assert_eq!((s, e["code"].as_str()), (403, Some("not_host")), "{e}");
        assert!(e["message"].as_str().unwrap().contains("is here"), "{e}");
        let (s, info) = app.post(&path, Some(&lobby.host_token), json!({"player": bea_id})).await;
        assert_eq!(s, 200, "{info}");
        let hosts: Vec<&str> = info["players"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["host"] == true)
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(hosts, ["Friend 0"], "{info}");
        let (s, e) = app.post(&format!("/api/lobbies/{}/bots", lobby.id), Some(&lobby.host_token), json!({})).await;
        assert_eq!((s, e["code"].as_str()), (403, Some("not_host")), "the old host is not host any more: {e}");

        // Bea, now host, never opens the table: Cal waits, then takes over.
        let (s, e) = app.post(&path, Some(cal), json!({"player": cal_id})).await;
        assert_eq!((s, e["code"].as_str()), (403, Some("not_host")), "{e}");
        assert!(e["message"].as_str().unwrap().contains("the host, has been away for"), "{e}");
        tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
        let (s, info) = app.post(&path, Some(cal), json!({"player": cal_id})).await;
        assert_eq!(s, 200, "{info}");
        let l = host
            .until(|m| {
                m["type"] == "lobby"
                    && m["lobby"]["players"].as_array().unwrap().iter().any(|p| p["host"] == true && p["id"] == cal_id)
            })
            .await;
        assert_eq!(l["lobby"]["players"].as_array().unwrap().iter().filter(|p| p["host"] == true).count(), 1, "{l}");
        let (s, info) = app.post(&format!("/api/lobbies/{}/bots", lobby.id), Some(cal), json!({})).await;
        assert_eq!(s, 200, "{info}");
        let bot = info["players"].as_array().unwrap().iter().find(|p| p["bot"] == true).unwrap()["id"].clone();
        let (s, e) = app.post(&path, Some(cal), json!({"player": bot})).await;
        assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")), "{e}");
        let (s, info) = app.post(&format!("/api/lobbies/{}/start", lobby.id), Some(cal), json!({})).await;
        assert_eq!((s, info["status"].as_str()), (200, Some("live")), "the new host starts the match: {info}");

        // It is stored: after a restart Cal still hosts.
        app.stop().await;
        let app = spawn_app(&db, &[]).await;
        let (_, info) = app.get(&format!("/api/lobbies/{}", lobby.id), Some(bea)).await;
        let hosts: Vec<&str> = info["players"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["host"] == true)
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(hosts, ["Friend 1"], "{info}");
        app.stop().await;
        db.cleanup().await;
    }
}

/// Two people trade seats in one tap each: one offers, everyone sees the
/// offer, the other accepts and both seats change at once (one store
/// transaction, so a restart finds them swapped); an offer can be declined
/// or withdrawn, ends when either person moves, and every refusal is typed.
/// The same holds in a rematch's lobby.
#[tokio::test]
async fn two_people_swap_seats_when_both_agree_before_the_start_and_at_a_rematch() {
    for backend in BOTH {
        let db = TestDb::new(backend).await;
        let app = spawn_app(&db, &["--lobby-rate-per-minute", "0"]).await;
        let base = app.url("");
        let lobby = sealed_bids_lobby(&base, &app.http, 3, 1).await;
        let friends = join_players(&base, &app.http, &lobby, 2).await;
        let (host, bea, cal) = (lobby.host_token.as_str(), friends[0].as_str(), friends[1].as_str());
        let swap = format!("/api/lobbies/{}/swap", lobby.id);
        let seats = |info: &serde_json::Value| -> Vec<(String, i64)> {
            let mut v: Vec<(String, i64)> = info["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p["name"].as_str().unwrap().to_string(), p["seat"].as_i64().unwrap_or(-1)))
                .collect();
            v.sort_by_key(|(_, s)| *s);
            v
        };
        let mut bea_ws = Ws::hello(app.addr, &lobby.id, bea, None).await;

        // The host offers Bea a swap: nothing moves yet, and Bea hears of it.
        let (s, info) = app.post(&swap, Some(host), json!({"seat": 1})).await;
        assert_eq!(s, 200, "{info}");
        assert_eq!((info["swaps"][0]["from"].clone(), info["swaps"][0]["to"].clone()), (json!(0), json!(1)), "{info}");
        assert!(info["swaps"][0]["expires_in_secs"].as_u64().unwrap() <= 60);
        assert_eq!(seats(&info)[0].0, "Host");
        let heard = bea_ws.until(|m| m["type"] == "lobby" && m["lobby"]["swaps"].is_array()).await;
        assert_eq!(heard["lobby"]["swaps"][0]["to"], 1, "{heard}");

        // Refusals, each typed and saying why.
        for (who, body, code, says) in [
            (cal, json!({"decline": 0}), "invalid_field", "has not offered you a swap"),
            (host, json!({"seat": 0}), "invalid_field", "is yours already"),
            (host, json!({"seat": 9}), "invalid_field", "no seat 10"),
            (host, json!({"seat": 1, "decline": 2}), "invalid_field", "not both"),
            (host, json!({"seat": 1, "side": 2}), "invalid_field", "unknown field"),
        ] {
            let (s, e) = app.post(&swap, Some(who), body.clone()).await;
            assert_eq!((s, e["code"].as_str()), (400, Some(code)), "{body}: {e}");
            assert!(e["message"].as_str().unwrap().contains(says), "{body}: {e}");
        }
        // A person's seat is still not taken by asking for it.
        let (s, e) = app.post(&format!("/api/lobbies/{}/seat", lobby.id), Some(cal), json!({"seat": 0})).await;
        assert_eq!((s, e["code"].as_str()), (409, Some("seat_taken")), "{e}");
        assert!(e["message"].as_str().unwrap().contains("offer them a swap"), "{e}");

        // Cal offers the host a swap too; the host declines it.
        let (s, info) = app.post(&swap, Some(cal), json!({"seat": 0})).await;
        assert_eq!((s, info["swaps"].as_array().unwrap().len()), (200, 2), "{info}");
        let (s, info) = app.post(&swap, Some(host), json!({"decline": 2})).await;
        assert_eq!(s, 200, "{info}");
        assert_eq!(
            info["swaps"],
            json!([{"from": 0, "to": 1, "expires_in_secs": info["swaps"][0]["expires_in_secs"]}]),
            "{info}"
        );

        // Bea accepts: both seats change at once, and the offer is gone.
        let (s, info) = app.post(&swap, Some(bea), json!({"seat": 0})).await;
        assert_eq!(s, 200, "{info}");
        assert_eq!(seats(&info), [("Friend 0".to_string(), 0), ("Host".to_string(), 1), ("Friend 1".to_string(), 2)]);
        assert!(info.get("swaps").is_none(), "{info}");

        // An offer withdrawn, and one that ends because its person stood up.
        app.post(&swap, Some(host), json!({"seat": 2})).await;
        let (s, info) = app.post(&swap, Some(host), json!({})).await;
        assert!(s == 200 && info.get("swaps").is_none(), "withdrawn: {info}");
        app.post(&swap, Some(host), json!({"seat": 2})).await;
        let (s, info) = app.post(&format!("/api/lobbies/{}/seat", lobby.id), Some(cal), json!({"seat": null})).await;
        assert!(s == 200 && info.get("swaps").is_none(), "Cal stood up: {info}");
        let (s, e) = app.post(&swap, Some(cal), json!({"seat": 0})).await;
        assert_eq!((s, e["code"].as_str()), (403, Some("not_seated")), "{e}");
        let (s, e) = app.post(&swap, Some(host), json!({"seat": 2})).await;
        assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")), "{e}");
        assert!(e["message"].as_str().unwrap().contains("Seat 3 is empty"), "{e}");
        app.post(&format!("/api/lobbies/{}/seat", lobby.id), Some(cal), json!({"seat": 2})).await;

        // Stored: a restart finds the seats swapped.
        app.stop().await;
        let app = spawn_app(&db, &["--lobby-rate-per-minute", "0"]).await;
        let base = app.url("");
        let (_, info) = app.get(&format!("/api/lobbies/{}", lobby.id), Some(host)).await;
        assert_eq!(seats(&info), [("Friend 0".to_string(), 0), ("Host".to_string(), 1), ("Friend 1".to_string(), 2)]);

        // Once the match has started, seats no longer change.
        app.post(&swap, Some(host), json!({"seat": 2})).await;
        let info = start(&base, &app.http, &lobby).await;
        assert!(info.get("swaps").is_none(), "the start ends every offer: {info}");
        let (s, e) = app.post(&swap, Some(cal), json!({"seat": 1})).await;
        assert_eq!((s, e["code"].as_str()), (409, Some("already_started")), "{e}");

        // Play the one round; in the rematch's lobby two people swap again.
        for (i, token) in [bea, host, cal].into_iter().enumerate() {
            let mut ws = Ws::hello(app.addr, &lobby.id, token, None).await;
            ws.send(json!({"type":"act","rid":format!("b{i}"),"version":0,"action":{"type":"bid","value":i + 1}}))
                .await;
            assert_eq!(ws.until(|m| m["type"] == "ack" || m["type"] == "rejected").await["type"], "ack");
        }
        let (s, r) = app.post(&format!("/api/lobbies/{}/rematch", lobby.id), Some(cal), json!({})).await;
        assert_eq!(s, 200, "{r}");
        let again = format!("/api/lobbies/{}/swap", r["lobby"].as_str().unwrap());
        let (s, info) = app.post(&again, Some(cal), json!({"seat": 0})).await;
        assert_eq!((s, info["swaps"][0]["from"].clone()), (200, json!(2)), "{info}");
        let (s, info) = app.post(&again, Some(bea), json!({"seat": 2})).await;
        assert_eq!(s, 200, "{info}");
        assert_eq!(seats(&info), [("Friend 1".to_string(), 0), ("Host".to_string(), 1), ("Friend 0".to_string(), 2)]);
        app.stop().await;
        db.cleanup().await;
    }
}
