//! Full Sealed Bids matches over real WebSockets on both stores.

use crate::helpers::*;
use serde_json::{Value, json};
use std::collections::HashMap;

/// One seat bidding whenever its view shows an open round it has not bid
/// in, until the game is over. Checks on every `state` that the view's
/// `my_bid` is this seat's own bid (never another's). Returns the final
/// state and the acknowledged (rid, version) pairs.
pub async fn play_seat(ws: &mut Ws, seat: usize, mut pick: impl FnMut(u64) -> u8) -> (Value, Vec<(String, u64)>) {
    let mut acks = vec![];
    let mut my_bids: HashMap<u64, u8> = HashMap::new();
    let mut pending: Option<String> = None;
    let mut n = 0;
    loop {
        let m = ws.recv().await.unwrap_or_else(|| panic!("seat {seat}: socket ended before the game did"));
        match m["type"].as_str().unwrap() {
            "state" => {
                let view = &m["view"];
                let round = view["round"].as_u64().unwrap();
                if !view["my_bid"].is_null() {
                    assert_eq!(
                        view["my_bid"].as_u64().map(|b| b as u8),
                        my_bids.get(&round).copied(),
                        "seat {seat} sees a bid that is not its own: {m}"
                    );
                }
                if view["over"] == true {
                    assert!(m["outcome"].is_object(), "an ended game carries its outcome");
                    return (m, acks);
                }
                if pending.is_none() && view["my_bid"].is_null() && !m["prompt"].is_null() {
                    let value = pick(round);
                    n += 1;
                    let rid = format!("s{seat}-{n}");
                    my_bids.insert(round, value);
                    ws.send(json!({"type": "act", "rid": rid, "version": m["version"], "action": {"type": "bid", "value": value, "round": round}})).await;
                    pending = Some(rid);
                }
            }
            "ack" => {
                let rid = m["rid"].as_str().unwrap().to_string();
                assert_eq!(Some(&rid), pending.as_ref(), "an ack for a request this seat did not make");
                acks.push((rid, m["version"].as_u64().unwrap()));
                pending = None;
            }
            "rejected" => panic!("seat {seat}: a legal bid was refused: {m}"),
            _ => {}
        }
    }
}

async fn full_match(backend: Backend) {
    let db = TestDb::new(backend).await;
    let app = spawn_app(&db, &["--snapshot-every", "10"]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 4, 12).await;
    let mut tokens = vec![lobby.host_token.clone()];
    tokens.extend(join_players(&base, &app.http, &lobby, 3).await);
    let mut sockets = vec![];
    for t in &tokens {
        sockets.push(Ws::hello(app.addr, &lobby.id, t, None).await);
    }
    let started = start(&base, &app.http, &lobby).await;
    assert_eq!(started["status"], "live");
    let seed_hash = started["seed_hash"].as_str().unwrap().to_string();
    assert!(started.get("seed").is_none(), "the seed stays secret during play");
    let mut tasks = vec![];
    for (seat, mut ws) in sockets.into_iter().enumerate() {
        tasks.push(tokio::spawn(async move {
            let mut x = seat as u64 * 7 + 3;
            let r = play_seat(&mut ws, seat, move |round| {
                x = (x * 31 + round) % 1009;
                (x % 15) as u8
            })
            .await;
            (seat, r)
        }));
    }
    let mut outcomes = vec![];
    let mut total_acks = 0;
    for t in tasks {
        let (_seat, (last, acks)) = t.await.unwrap();
        assert_eq!(acks.len(), 12, "every round's bid is acknowledged");
        total_acks += acks.len();
        outcomes.push(last["outcome"].clone());
    }
    assert_eq!(total_acks, 48);
    assert!(outcomes.windows(2).all(|w| w[0] == w[1]), "every seat sees the same outcome");

    // The record reveals the seed, whose hash was published at the start.
    let (status, record) = app.get(&format!("/api/lobbies/{}/record", lobby.id), Some(&lobby.host_token)).await;
    assert_eq!(status, 200, "{record}");
    assert_eq!(record["actions"].as_array().unwrap().len(), 48);
    let seed = record["lobby"]["seed"].as_str().unwrap();
    let bytes: Vec<u8> = (0..seed.len()).step_by(2).map(|i| u8::from_str_radix(&seed[i..i + 2], 16).unwrap()).collect();
    assert_eq!(backroom_server::secret::hash_bytes(&bytes), seed_hash);
    app.stop().await;

    // And the fairness check replays it from the revealed seed.
    let store = db.store().await;
    let id = lobby.id.parse().unwrap();
    let v = backroom_server::verify::verify(&store, id).await.unwrap();
    assert_eq!(v.actions, 48);
    assert!(backroom_server::verify::snapshot_matches_replay(&store, id).await.unwrap());
    db.cleanup().await;
}

#[tokio::test]
async fn four_clients_play_a_full_match_on_sqlite() {
    full_match(Backend::Sqlite).await;
}

#[tokio::test]
async fn four_clients_play_a_full_match_on_postgres() {
    full_match(Backend::Postgres).await;
}

#[tokio::test]
async fn reconnect_resumes_and_resent_requests_apply_once() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 3).await;
    let friend = join_players(&base, &app.http, &lobby, 1).await.remove(0);
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    start(&base, &app.http, &lobby).await;
    let s = a.until(|m| m["type"] == "state").await;
    assert_eq!(s["view"]["round"], 0);
    a.send(json!({"type":"act","rid":"a1","version":0,"action":{"type":"bid","value":9}})).await;
    let ack = a.until(|m| m["type"] == "ack").await;
    assert_eq!(ack["version"], 1);
    // The same request again (as after a lost connection): acknowledged, not applied twice.
    a.send(json!({"type":"act","rid":"a1","version":0,"action":{"type":"bid","value":9}})).await;
    let again = a.until(|m| m["type"] == "ack" || m["type"] == "rejected").await;
    assert_eq!(again, json!({"type":"ack","rid":"a1","version":1}));
    drop(a);

    // The friend plays meanwhile; a second tab of the same seat works too.
    let mut b = Ws::hello(app.addr, &lobby.id, &friend, None).await;
    let mut b2 = Ws::hello(app.addr, &lobby.id, &friend, None).await;
    let s = b.until(|m| m["type"] == "state").await;
    assert_eq!(s["view"]["committed"], json!([true, false]));
    assert!(s["view"]["my_bid"].is_null(), "the friend must not see the host's bid");
    assert!(!s.to_string().contains("\"my_bid\":9"));
    b.send(json!({"type":"act","rid":"b1","version":1,"action":{"type":"bid","value":4}})).await;
    b.until(|m| m["type"] == "ack").await;
    let s2 = b2.until(|m| m["type"] == "state" && m["version"] == 2).await;
    assert_eq!(s2["view"]["reveals"][0]["bids"], json!([9, 4]));

    // The host comes back having seen version 1: it gets the log since then.
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, Some(1)).await;
    let s = a.until(|m| m["type"] == "state").await;
    assert_eq!(s["version"], 2);
    assert_eq!(s["view"]["scores"], json!([1, 0]));
    let log = s["log"].as_array().unwrap();
    assert!(log.iter().any(|l| l.as_str().unwrap().contains("Round 1")), "missed log lines are resent: {log:?}");
    assert!(
        !log.iter().any(|l| l.as_str().unwrap().contains("locked the dial at 9")),
        "lines already seen are not resent"
    );
    // A chat line is stored and shown to a newcomer.
    a.send(json!({"type":"chat","rid":"c1","text":"  nice one  "})).await;
    a.until(|m| m["type"] == "ack" && m["rid"] == "c1").await;
    let c = b.until(|m| m["type"] == "chat").await;
    assert_eq!(c["line"]["text"], "nice one");
    let (status, lobby_info) = app.get(&format!("/api/lobbies/{}", lobby.id), Some(&friend)).await;
    assert_eq!(status, 200);
    assert!(lobby_info["players"].as_array().unwrap().iter().all(|p| p["connected"] == true));
    app.stop().await;

    // After a restart the chat is still there.
    let app = spawn_app(&db, &[]).await;
    let mut ws = Ws::connect(app.addr).await;
    ws.send(json!({"type":"hello","lobby":lobby.id,"token":friend})).await;
    let w = ws.until(|m| m["type"] == "welcome").await;
    assert_eq!(w["chat"][0]["text"], "nice one");
    assert_eq!(w["viewer"], json!({"seat": 1}));
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn bots_fill_seats_and_finish_the_match_while_a_spectator_watches() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let (_, r) = app
        .post(
            "/api/lobbies",
            None,
            json!({"game":"sealed-bids","seats":4,"name":"Host","options":{"rounds":5},"spectators":true}),
        )
        .await;
    let lobby = r["lobby"].as_str().unwrap();
    let token = r["token"].as_str().unwrap();
    let spectate = r["spectate_url"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    let (s, info) = app.post(&format!("/api/lobbies/{lobby}/bots"), Some(token), json!({})).await;
    assert_eq!(s, 200);
    assert_eq!(info["players"].as_array().unwrap().iter().filter(|p| p["bot"] == true).count(), 3);
    let mut watch = Ws::connect(app.addr).await;
    watch.send(json!({"type":"hello","lobby":lobby,"spectate":spectate})).await;
    let w = watch.until(|m| m["type"] == "welcome").await;
    assert_eq!(w["viewer"], "spectator");
    let mut me = Ws::hello(app.addr, lobby, token, None).await;
    app.post(&format!("/api/lobbies/{lobby}/start"), Some(token), json!({})).await;
    let (last, acks) = play_seat(&mut me, 0, |r| (r % 15) as u8).await;
    assert_eq!(acks.len(), 5);
    assert!(last["outcome"]["ranking"].is_array());
    // The spectator saw every reveal but never a prompt or a pending bid.
    let mut saw_over = false;
    while let Some(m) = watch.recv().await {
        if m["type"] == "state" {
            assert!(m["prompt"].is_null());
            assert!(m["view"]["my_bid"].is_null());
            if m["view"]["over"] == true {
                saw_over = true;
                break;
            }
        }
    }
    assert!(saw_over);
    // Spectators cannot act or chat.
    watch.send(json!({"type":"act","rid":"x","version":0,"action":{"type":"bid","value":1}})).await;
    let r = watch.until(|m| m["type"] == "rejected").await;
    assert_eq!(r["code"], "not_seated");
    watch.send(json!({"type":"chat","rid":"y","text":"hi"})).await;
    let r = watch.until(|m| m["type"] == "rejected").await;
    assert_eq!(r["code"], "not_seated");
    let (_, metrics) = app.get("/metrics", None).await;
    let metrics = metrics.as_str().unwrap().to_string();
    for name in [
        "backroom_actions_total",
        "backroom_commit_latency_seconds",
        "backroom_action_latency_seconds",
        "backroom_connections",
        "backroom_matches_finished_total",
        "process_cpu_seconds_total",
        "process_resident_memory_bytes",
        "process_resident_memory_max_bytes",
    ] {
        assert!(metrics.contains(name), "/metrics lacks {name}");
    }
    app.stop().await;
    db.cleanup().await;
}

/// A table of bots only (the host stood up) must never stall: in X-Men's
/// School pick the seats choose one after another from what is left, and
/// every bot's move is chosen against the table as it is when it is applied.
#[tokio::test]
async fn a_table_of_bots_alone_plays_xmen_past_setup() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let (_, r) = app
        .post("/api/lobbies", None, json!({"game":"xmen-mutant-revolution","seats":4,"name":"Host","spectators":true}))
        .await;
    let lobby = r["lobby"].as_str().expect("lobby created").to_string();
    let token = r["token"].as_str().unwrap().to_string();
    let (s, _) = app.post(&format!("/api/lobbies/{lobby}/seat"), Some(&token), json!({"seat": null})).await;
    assert_eq!(s, 200);
    let (s, info) = app.post(&format!("/api/lobbies/{lobby}/bots"), Some(&token), json!({})).await;
    assert_eq!(s, 200);
    assert_eq!(info["players"].as_array().unwrap().iter().filter(|p| p["bot"] == true).count(), 4);
    let mut me = Ws::hello(app.addr, &lobby, &token, None).await;
    let (s, _) = app.post(&format!("/api/lobbies/{lobby}/start"), Some(&token), json!({})).await;
    assert_eq!(s, 200);
    // Standing, the host watches: no prompt ever, and the bots reach round 2.
    let last = me
        .until(|m| {
            if m["type"] == "state" {
                assert!(m["prompt"].is_null(), "a standing host got a prompt");
            }
            m["type"] == "state" && (m["view"]["round"].as_u64().unwrap_or(0) >= 2 || !m["outcome"].is_null())
        })
        .await;
    let schools = last["view"]["schools"].as_array().expect("schools in the view");
    assert_eq!(schools.len(), 4);
    assert!(schools.iter().all(|s| s["school"].is_string()), "every seat took a School: {schools:?}");
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn graceful_shutdown_closes_sockets_with_restarting() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 3).await;
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    app.stop().await;
    assert_eq!(a.until_closed().await, 1012);
    db.cleanup().await;
}

/// View pacing: a seat that acts gets its own state at once, while a seat the
/// move did not concern (its prompt is unchanged) gets one paced frame that
/// covers both moves made meanwhile, and still every change in the end.
#[tokio::test]
async fn paced_viewers_get_one_frame_for_a_quick_succession_of_moves() {
    let db = TestDb::new(Backend::Sqlite).await;
    // A long pace, so the two moves below surely fall within one interval.
    let app = spawn_app(&db, &["--view-pace-ms", "2000"]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 3, 2).await;
    let tokens = join_players(&base, &app.http, &lobby, 2).await;
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let mut b = Ws::hello(app.addr, &lobby.id, &tokens[0], None).await;
    let mut c = Ws::hello(app.addr, &lobby.id, &tokens[1], None).await;
    start(&base, &app.http, &lobby).await;
    for ws in [&mut a, &mut b, &mut c] {
        let s = ws.until(|m| m["type"] == "state").await;
        assert_eq!(s["version"], 0);
    }
    a.send(json!({"type":"act","rid":"a1","version":0,"action":{"type":"bid","value":3}})).await;
    a.until(|m| m["type"] == "ack").await;
    let s = a.until(|m| m["type"] == "state").await;
    assert_eq!(s["version"], 1, "the seat that acted sees its move at once");
    b.send(json!({"type":"act","rid":"b1","version":0,"action":{"type":"bid","value":5}})).await;
    b.until(|m| m["type"] == "ack").await;
    let s = b.until(|m| m["type"] == "state").await;
    assert_eq!(s["version"], 2);
    // Seat 2 did nothing and its prompt did not change: its next frame is
    // the paced one, already at version 2, with both dials locked.
    let s = c.until(|m| m["type"] == "state").await;
    assert_eq!(s["version"], 2, "one paced frame covers both moves");
    assert_eq!(s["view"]["committed"], json!([true, true, false]));
    let log = s["log"].as_array().unwrap();
    assert!(
        log.iter().filter(|l| l.as_str().unwrap().contains("locked")).count() >= 2,
        "the paced frame carries the log lines of both moves: {log:?}"
    );
    // Its own move ends the round: everybody's prompt changes, so everybody
    // hears at once.
    // Nothing changed after the paced frame: seat 2 hears nothing more until
    // its own move (a viewer already up to date is never paced again).
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    c.send(json!({"type":"act","rid":"c1","version":2,"action":{"type":"bid","value":1}})).await;
    c.until(|m| m["type"] == "ack").await;
    let s = c.until(|m| m["type"] == "state").await;
    assert_eq!(s["version"], 3, "no repeated frame for an unchanged table");
    for ws in [&mut a, &mut b] {
        let s = ws.until(|m| m["type"] == "state" && m["version"] == 3).await;
        assert_eq!(s["view"]["round"], 1);
    }
    app.stop().await;
    db.cleanup().await;
}

/// When the pace timer fires, only viewers that are behind get a frame: a
/// viewer already at the table's version is never sent the same state again
/// (otherwise every table would resend frames forever, even when idle).
#[tokio::test]
async fn the_pace_timer_sends_nothing_to_viewers_already_up_to_date() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &["--view-pace-ms", "200"]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 3, 2).await;
    let tokens = join_players(&base, &app.http, &lobby, 2).await;
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let mut b = Ws::hello(app.addr, &lobby.id, &tokens[0], None).await;
    start(&base, &app.http, &lobby).await;
    for ws in [&mut a, &mut b] {
        ws.until(|m| m["type"] == "state").await;
    }
    a.send(json!({"type":"act","rid":"a1","version":0,"action":{"type":"bid","value":3}})).await;
    let s = a.until(|m| m["type"] == "state").await;
    assert_eq!(s["version"], 1);
    // Seat 1 is paced: its frame comes when the timer fires.
    let s = b.until(|m| m["type"] == "state").await;
    assert_eq!(s["version"], 1);
    // Then the table is quiet: nobody hears anything for several pace intervals.
    for ws in [&mut a, &mut b] {
        if let Ok(Some(m)) = tokio::time::timeout(std::time::Duration::from_millis(1000), ws.recv()).await {
            panic!("no frame expected from an unchanged table, got {m}");
        }
    }
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn anyone_seated_lets_a_bot_play_for_a_player_away_long_enough_even_the_host() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &["--stand-in-after-secs", "1", "--bot-delay-ms", "50"]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 3, 4).await;
    let friends = join_players(&base, &app.http, &lobby, 2).await;
    let (bea, cal) = (&friends[0], &friends[1]);
    let path = format!("/api/lobbies/{}/stand-in", lobby.id);
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let mut b = Ws::hello(app.addr, &lobby.id, bea, None).await;
    let mut c = Ws::hello(app.addr, &lobby.id, cal, None).await;
    let l = c.until(|m| m["type"] == "lobby" && m["lobby"]["players"][2]["connected"] == true).await;
    assert_eq!(l["lobby"]["stand_in_after_secs"], 1, "{l}");
    assert!(l["lobby"]["players"][1].get("away_secs").is_none(), "Bea is here: {l}");
    start(&base, &app.http, &lobby).await;
    c.until(|m| m["type"] == "state").await;

    // Bea leaves: Cal may not let a bot play for her yet, and says so.
    b.close().await;
    let l = c.until(|m| m["type"] == "lobby" && m["lobby"]["players"][1]["connected"] == false).await;
    assert_eq!(l["lobby"]["players"][1]["away_secs"], 0, "Bea has just left: {l}");
    let (s, e) = app.post(&path, Some(cal), json!({"seat": 1, "on": true})).await;
    assert_eq!((s, e["code"].as_str()), (403, Some("not_host")), "{e}");
    let m = e["message"].as_str().unwrap();
    assert!(m.contains("Friend 0 has been away for") && m.contains("the host can now"), "{m}");
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let (s, info) = app.post(&path, Some(cal), json!({"seat": 1, "on": true})).await;
    assert_eq!((s, info["players"][1]["stand_in"].clone()), (200, json!(true)), "{info}");
    // Stopping the bot stays the host's.
    let (s, e) = app.post(&path, Some(cal), json!({"seat": 1, "on": false})).await;
    assert_eq!((s, e["code"].as_str()), (403, Some("not_host")), "{e}");

    // The host leaves too: once they have been away long enough, Cal lets a
    // bot play for them as well, and the table goes on without either.
    a.close().await;
    c.until(|m| m["type"] == "lobby" && m["lobby"]["players"][0]["connected"] == false).await;
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let (s, info) = app.post(&path, Some(cal), json!({"seat": 0, "on": true})).await;
    assert_eq!((s, info["players"][0]["stand_in"].clone()), (200, json!(true)), "{info}");
    let st = c.until(|m| m["type"] == "state").await;
    c.send(json!({"type":"act","rid":"c0","version":st["version"],"action":{"type":"bid","value":3,"round":0}})).await;
    let r = c.until(|m| m["type"] == "state" && m["view"]["round"] == 1).await;
    assert_eq!(r["view"]["reveals"][0]["bids"].as_array().map(Vec::len), Some(3), "both bots bid: {r}");

    // The host comes back and has their seat again.
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let l = a.until(|m| m["type"] == "lobby" && m["lobby"]["players"][0]["stand_in"] == false).await;
    assert!(l["lobby"]["players"][0].get("away_secs").is_none(), "{l}");
    assert_eq!(l["lobby"]["players"][1]["stand_in"], true, "Bea's bot plays on: {l}");
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn the_host_lets_a_bot_stand_in_for_an_away_player_until_they_come_back() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 4).await;
    let friend = join_players(&base, &app.http, &lobby, 1).await.remove(0);
    let path = format!("/api/lobbies/{}/stand-in", lobby.id);
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let mut b = Ws::hello(app.addr, &lobby.id, &friend, None).await;
    let (s, e) = app.post(&path, Some(&lobby.host_token), json!({"seat": 1, "on": true})).await;
    assert_eq!((s, e["code"].as_str()), (409, Some("not_started")), "{e}");
    start(&base, &app.http, &lobby).await;
    a.until(|m| m["type"] == "state").await;

    // Only for someone who is away; the host may ask at once.
    let (s, e) = app.post(&path, Some(&friend), json!({"seat": 0, "on": true})).await;
    assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")));
    let (s, e) = app.post(&path, Some(&lobby.host_token), json!({"seat": 1, "on": true})).await;
    assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")));
    assert!(e["message"].as_str().unwrap().contains("is here"), "{e}");
    b.close().await;
    a.until(|m| m["type"] == "lobby" && m["lobby"]["players"][1]["connected"] == false).await;
    let (s, info) = app.post(&path, Some(&lobby.host_token), json!({"seat": 1, "on": true})).await;
    assert_eq!(s, 200, "{info}");
    assert_eq!(info["players"][1]["stand_in"], true);
    // The host can stop it, and start it again.
    let (s, info) = app.post(&path, Some(&lobby.host_token), json!({"seat": 1, "on": false})).await;
    assert_eq!((s, info["players"][1]["stand_in"].clone()), (200, json!(false)), "{info}");
    let (s, info) = app.post(&path, Some(&lobby.host_token), json!({"seat": 1, "on": true})).await;
    assert_eq!((s, info["players"][1]["stand_in"].clone()), (200, json!(true)), "{info}");

    // The bot plays the away seat: the round ends once the host bids; the
    // log says a bot played for the friend (seat token, rendered with names).
    a.send(json!({"type":"act","rid":"a0","version":0,"action":{"type":"bid","value":9,"round":0}})).await;
    let mut said = false;
    loop {
        let m = a.until(|m| m["type"] == "state").await;
        said |= m["log"].as_array().is_some_and(|l| l.iter().any(|x| x == "A bot played for {seat:1}:"));
        if m["view"]["round"] == 1 {
            break;
        }
    }
    assert!(said, "the log says a bot played for the friend");

    // It survives a restart: the restored table's bot bids for the friend
    // (now after a pause long enough for the friend to come back first).
    app.stop().await;
    let app = spawn_app(&db, &["--bot-delay-ms", "1000"]).await;
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let l = a.until(|m| m["type"] == "lobby").await;
    assert_eq!(l["lobby"]["players"][1]["stand_in"], true, "the stand-in is stored: {l}");
    let s = a.until(|m| m["type"] == "state").await;
    a.send(json!({"type":"act","rid":"a1","version":s["version"],"action":{"type":"bid","value":9,"round":1}})).await;
    a.until(|m| m["type"] == "state" && m["view"]["round"] == 2).await;
    let s = a.until(|m| m["type"] == "state" && m["view"]["committed"] == json!([false, true])).await;
    a.send(json!({"type":"act","rid":"a2","version":s["version"],"action":{"type":"bid","value":9,"round":2}})).await;
    a.until(|m| m["type"] == "state" && m["view"]["round"] == 3).await;

    // The friend comes back: the seat is theirs again, and the bot stops.
    let mut b = Ws::hello(app.addr, &lobby.id, &friend, None).await;
    a.until(|m| {
        m["type"] == "lobby"
            && m["lobby"]["players"][1]["stand_in"] == false
            && m["lobby"]["players"][1]["connected"] == true
    })
    .await;
    let s = b.until(|m| m["type"] == "state").await;
    assert!(!s["prompt"].is_null(), "the friend is asked to bid: {s}");
    a.send(json!({"type":"act","rid":"a3","version":s["version"],"action":{"type":"bid","value":9,"round":3}})).await;
    let s = a.until(|m| m["type"] == "ack").await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let (_, record) = app.get(&format!("/api/lobbies/{}", lobby.id), Some(&friend)).await;
    assert_eq!(record["version"], s["version"], "no bot moved for the friend after they came back");
    b.send(json!({"type":"act","rid":"b3","version":s["version"],"action":{"type":"bid","value":4,"round":3}})).await;
    let r = b.until(|m| m["type"] == "ack" || m["type"] == "rejected").await;
    assert_eq!(r["type"], "ack", "{r}");
    let end = a.until(|m| m["type"] == "state" && m["view"]["over"] == true).await;
    assert_eq!(end["view"]["reveals"][3]["bids"], json!([9, 4]), "the friend's own bid decided the last round");
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn players_play_again_at_the_same_seats_in_a_new_lobby() {
    for backend in BOTH {
        let db = TestDb::new(backend).await;
        let app = spawn_app(&db, &[]).await;
        let base = app.url("");
        let lobby = sealed_bids_lobby(&base, &app.http, 2, 1).await;
        let friend = join_players(&base, &app.http, &lobby, 1).await.remove(0);
        let path = format!("/api/lobbies/{}/rematch", lobby.id);
        let (s, e) = app.post(&path, Some(&friend), json!({})).await;
        assert_eq!((s, e["code"].as_str()), (409, Some("not_started")), "{e}");
        start(&base, &app.http, &lobby).await;
        let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
        let mut b = Ws::hello(app.addr, &lobby.id, &friend, None).await;
        let (s, e) = app.post(&path, Some(&friend), json!({})).await;
        assert_eq!((s, e["code"].as_str()), (409, Some("not_over")), "{e}");
        assert!(e["message"].as_str().unwrap().contains("once it is over"), "{e}");

        // The one round is played; the match is over.
        for (ws, rid, v) in [(&mut a, "a0", 9), (&mut b, "b0", 4)] {
            let st = ws.until(|m| m["type"] == "state").await;
            ws.send(
                json!({"type":"act","rid":rid,"version":st["version"],"action":{"type":"bid","value":v,"round":0}}),
            )
            .await;
        }
        a.until(|m| m["type"] == "state" && m["view"]["over"] == true).await;

        // The friend asks to play again: a new lobby, which they host.
        let (s, r) = app.post(&path, Some(&friend), json!({})).await;
        assert_eq!((s, r["created"].clone()), (200, json!(true)), "{r}");
        assert!(r["invite"].as_str().is_some_and(|i| !i.is_empty()) && r["invite_url"].as_str().is_some(), "{r}");
        let next = r["lobby"].as_str().unwrap().to_string();
        assert_ne!(next, lobby.id);
        // Everyone at the old table hears of it, and the host follows to the same lobby.
        let l = a.until(|m| m["type"] == "lobby" && m["lobby"]["rematch"].is_string()).await;
        assert_eq!(l["lobby"]["rematch"], json!(next));
        let (s, r2) = app.post(&path, Some(&lobby.host_token), json!({})).await;
        assert_eq!((s, r2["lobby"].as_str(), r2["created"].clone()), (200, Some(next.as_str()), json!(false)), "{r2}");
        assert!(r2.get("invite").is_none(), "only its host gets the invite: {r2}");

        // Same game, options and seats; each old token works there.
        let (s, info) = app.get(&format!("/api/lobbies/{next}"), Some(&lobby.host_token)).await;
        assert_eq!(s, 200, "{info}");
        assert_eq!(
            (info["status"].as_str(), info["game"].as_str(), info["options"]["rounds"].as_u64()),
            (Some("open"), Some("sealed-bids"), Some(1)),
            "{info}"
        );
        let seats: Vec<(Value, Value, Value)> = info["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["name"].clone(), p["seat"].clone(), p["host"].clone()))
            .collect();
        assert_eq!(
            seats,
            vec![(json!("Host"), json!(0), json!(false)), (json!("Friend 0"), json!(1), json!(true))],
            "{info}"
        );
        let (s, e) = app.post(&format!("/api/lobbies/{next}/start"), Some(&lobby.host_token), json!({})).await;
        assert_eq!((s, e["code"].as_str()), (403, Some("not_host")), "the friend hosts the rematch: {e}");
        let (s, info) = app.post(&format!("/api/lobbies/{next}/start"), Some(&friend), json!({})).await;
        assert_eq!((s, info["status"].as_str()), (200, Some("live")), "{info}");
        let mut a2 = Ws::hello(app.addr, &next, &lobby.host_token, None).await;
        let st = a2.until(|m| m["type"] == "state").await;
        assert_eq!(st["view"]["round"], 0, "a fresh match: {st}");

        // The link from the old match to the new one is stored.
        app.stop().await;
        let app = spawn_app(&db, &[]).await;
        let (s, info) = app.get(&format!("/api/lobbies/{}", lobby.id), Some(&friend)).await;
        assert_eq!((s, info["rematch"].as_str()), (200, Some(next.as_str())), "{info}");
        app.stop().await;
        db.cleanup().await;
    }
}

#[tokio::test]
async fn a_finished_match_replays_move_by_move_through_any_seats_eyes() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 2).await;
    let friend = join_players(&base, &app.http, &lobby, 1).await.remove(0);
    start(&base, &app.http, &lobby).await;
    let replay = |q: &str| format!("/api/lobbies/{}/replay?{q}", lobby.id);
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let mut b = Ws::hello(app.addr, &lobby.id, &friend, None).await;
    let (s, e) = app.get(&replay("at=1"), Some(&friend)).await;
    assert_eq!((s, e["code"].as_str()), (409, Some("not_over")), "{e}");

    // Two rounds: the host bids 9 then the friend 4, each round.
    for round in 0..2 {
        for (ws, v) in [(&mut a, 9), (&mut b, 4)] {
            let st = ws.until(|m| m["type"] == "state" && m["view"]["round"] == round && !m["prompt"].is_null()).await;
            ws.send(json!({"type":"act","rid":format!("r{round}-{v}"),"version":st["version"],"action":{"type":"bid","value":v,"round":round}})).await;
            ws.until(|m| m["type"] == "ack").await;
        }
    }
    a.until(|m| m["type"] == "state" && m["view"]["over"] == true).await;

    // The opening, then the host's first bid through the host's eyes and the friend's.
    let (s, r) = app.get(&replay("at=0"), Some(&lobby.host_token)).await;
    assert_eq!(
        (s, r["at"].clone(), r["moves"].clone(), r["view"]["round"].clone()),
        (200, json!(0), json!(4), json!(0)),
        "{r}"
    );
    assert!(r.get("seat").is_none() && r["lines"] == json!([]), "{r}");
    let (_, r) = app.get(&replay("at=1"), Some(&lobby.host_token)).await;
    assert_eq!(
        (r["seat"].clone(), r["view"]["my_bid"].clone(), r["viewer"].clone()),
        (json!(0), json!(9), json!({"seat": 0})),
        "{r}"
    );
    assert_eq!(r["lines"], json!(["{seat:0} locked the dial at 9."]), "{r}");
    assert_eq!(r["pending"]["waiting"], json!([1]), "{r}");
    let (_, r) = app.get(&replay("at=1&seat=1"), Some(&lobby.host_token)).await;
    assert_eq!(
        (r["view"]["my_bid"].clone(), r["lines"].clone()),
        (json!(null), json!(["{seat:0|has|have} locked a bid."])),
        "the friend saw only that the host had bid: {r}"
    );
    // Without `seat`, the caller's own eyes; past the end, the end.
    let (_, r) = app.get(&replay("at=1"), Some(&friend)).await;
    assert_eq!(r["viewer"], json!({"seat": 1}), "{r}");
    let (_, r) = app.get(&replay("at=99"), Some(&friend)).await;
    assert_eq!((r["at"].clone(), r["view"]["over"].clone()), (json!(4), json!(true)), "{r}");
    assert_eq!(r["view"]["reveals"][1]["bids"], json!([9, 4]), "{r}");
    // And back again (the server starts over from the opening).
    let (_, r) = app.get(&replay("at=1"), Some(&lobby.host_token)).await;
    assert_eq!(
        (r["at"].clone(), r["view"]["my_bid"].clone(), r["view"]["round"].clone()),
        (json!(1), json!(9), json!(0)),
        "{r}"
    );
    // Bad input gets a typed answer.
    let (s, e) = app.get(&replay("at=first"), Some(&friend)).await;
    assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")), "{e}");
    let (s, e) = app.get(&replay("at=1&seat=7"), Some(&friend)).await;
    assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")), "{e}");
    let (s, e) = app.get(&replay("at=1"), None).await;
    assert_eq!((s, e["code"].as_str()), (401, Some("not_authenticated")), "{e}");
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn the_turn_clock_moves_for_whoever_the_table_waits_on_even_across_a_restart() {
    for backend in BOTH {
        let db = TestDb::new(backend).await;
        let app = spawn_app(&db, &[]).await;
        let base = app.url("");
        let (s, e) = app
            .post("/api/lobbies", None, json!({"game": "sealed-bids", "name": "Host", "turn_clock_secs": 999_999_999}))
            .await;
        assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")), "{e}");
        let body =
            json!({"game": "sealed-bids", "seats": 2, "name": "Host", "options": {"rounds": 3}, "turn_clock_secs": 2});
        let (s, j) = app.post("/api/lobbies", None, body).await;
        assert_eq!(s, 201, "{j}");
        let lobby = Lobby::created(&j);
        let friend = join_players(&base, &app.http, &lobby, 1).await.remove(0);
        let info = start(&base, &app.http, &lobby).await;
        assert_eq!(info["turn_clock_secs"], 2, "{info}");
        let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
        let mut b = Ws::hello(app.addr, &lobby.id, &friend, None).await;
        let ran_out = |m: &Value| {
            m["log"].as_array().is_some_and(|l| {
                l.iter()
                    .any(|x| x.as_str().is_some_and(|t| t.contains("{seat:1} ran out of time: a bot moved for them.")))
            })
        };

        // The host bids; the friend does not: two seconds later a bot bids for them.
        let st = a.until(|m| m["type"] == "state").await;
        a.send(json!({"type":"act","rid":"a0","version":st["version"],"action":{"type":"bid","value":9,"round":0}}))
            .await;
        let m = a.until(|m| m["type"] == "state" && ran_out(m)).await;
        assert_eq!(m["view"]["round"], 1, "the bot's bid ended the round: {m}");
        assert_eq!(m["view"]["reveals"][0]["bids"][0], 9, "the host's own bid stood: {m}");

        // Whoever moves in time moves for themselves.
        a.send(json!({"type":"act","rid":"a1","version":m["version"],"action":{"type":"bid","value":9,"round":1}}))
            .await;
        a.until(|m| m["type"] == "ack").await;
        let st = b.until(|m| m["type"] == "state" && m["view"]["round"] == 1 && !m["prompt"].is_null()).await;
        b.send(json!({"type":"act","rid":"b1","version":st["version"],"action":{"type":"bid","value":4,"round":1}}))
            .await;
        b.until(|m| m["type"] == "ack").await;
        let m = a.until(|m| m["type"] == "state" && m["view"]["round"] == 2).await;
        assert_eq!(m["view"]["reveals"][1]["bids"], json!([9, 4]), "{m}");

        // Round 3: nobody moves, and the server restarts. The clock is kept
        // with the lobby and runs from the last stored move: bots bid for both.
        app.stop().await;
        let app = spawn_app(&db, &[]).await;
        let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
        let end = a.until(|m| m["type"] == "state" && m["view"]["over"] == true).await;
        assert_eq!(end["view"]["reveals"].as_array().map(Vec::len), Some(3), "{end}");
        let (_, info) = app.get(&format!("/api/lobbies/{}", lobby.id), Some(&friend)).await;
        assert_eq!((info["status"].as_str(), info["turn_clock_secs"].clone()), (Some("finished"), json!(2)), "{info}");
        app.stop().await;
        db.cleanup().await;
    }
}

/// A game through the server: bots fill every seat and play a whole match
/// to its end, on SQLite and on Postgres, while the host watches standing;
/// the finished match passes `verify`.
async fn bots_play_to_the_end_on_both_stores(game: &str, seats: u8, options: serde_json::Value) {
    for backend in BOTH {
        let db = TestDb::new(backend).await;
        let app = spawn_app(&db, &[]).await;
        let (_, r) = app
            .post("/api/lobbies", None, json!({"game": game, "seats": seats, "name": "Host", "options": options}))
            .await;
        let lobby = r["lobby"].as_str().unwrap_or_else(|| panic!("lobby created: {r}")).to_string();
        let token = r["token"].as_str().unwrap().to_string();
        let (s, _) = app.post(&format!("/api/lobbies/{lobby}/seat"), Some(&token), json!({"seat": null})).await;
        assert_eq!(s, 200);
        let (s, info) = app.post(&format!("/api/lobbies/{lobby}/bots"), Some(&token), json!({})).await;
        let bots = info["players"].as_array().unwrap().iter().filter(|p| p["bot"] == true).count();
        assert_eq!((s, bots), (200, seats as usize));
        let mut me = Ws::hello(app.addr, &lobby, &token, None).await;
        let (s, _) = app.post(&format!("/api/lobbies/{lobby}/start"), Some(&token), json!({})).await;
        assert_eq!(s, 200);
        let done = me.until(|m| m["type"] == "state" && !m["outcome"].is_null()).await;
        assert!(done["outcome"]["ranking"].as_array().is_some_and(|r| !r.is_empty()), "{game}: {}", done["outcome"]);
        app.stop().await;
        let store = db.store().await;
        backroom_server::verify::verify(&store, lobby.parse().unwrap()).await.unwrap();
        db.cleanup().await;
    }
}

#[tokio::test]
async fn five_bots_play_villains_to_the_end_on_both_stores() {
    bots_play_to_the_end_on_both_stores("villains", 5, json!({})).await;
}

#[tokio::test]
async fn two_bots_play_nefarious_schemes_to_the_end_on_both_stores() {
    bots_play_to_the_end_on_both_stores("nefarious-schemes", 2, json!({})).await;
}

#[tokio::test]
async fn two_bots_play_crisis_protocol_to_the_end_on_both_stores() {
    bots_play_to_the_end_on_both_stores("crisis-protocol", 2, json!({})).await;
}

#[tokio::test]
async fn four_bots_play_mutants_to_the_end_on_both_stores() {
    bots_play_to_the_end_on_both_stores("mutants", 4, json!({})).await;
}

/// Mutants' solo game (Uprising): a bot plays a whole match against each
/// boss, the engine playing the boss.
#[tokio::test]
async fn a_bot_plays_mutants_solo_against_each_boss_on_both_stores() {
    for boss in ["singularity-wizard", "jack-ice"] {
        bots_play_to_the_end_on_both_stores("mutants", 1, json!({"boss": boss})).await;
    }
}
