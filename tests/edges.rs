//! Reliability, third pass (items 5 and 6): names that cannot pass for one
//! another at a table, and one behaviour at every edge: unknown action
//! fields refused alike by every game, typed JSON for every HTTP failure
//! (`/ws` included), `not_over` for the record of a live match, "out of
//! range" for numbers out of range.

use crate::helpers::*;
use backroom_engine::GameRng;
use backroom_engine::erased::DynState;
use serde_json::{Value, json};

/// Every path to an object inside `v` ("" is `v` itself).
fn object_paths(v: &Value, path: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            out.push(path.clone());
            for (k, x) in m {
                object_paths(x, format!("{path}/{k}"), out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                object_paths(x, format!("{path}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// What `state` answers to `action` with a field `zz_unknown` added to the
/// object at `path`: `None` when it is refused as `malformed_action` naming
/// the field, else a description of what happened.
fn unknown_field_answer(state: &dyn DynState, seat: u8, action: &Value, path: &str, rng: &GameRng) -> Option<String> {
    let mut bent = action.clone();
    bent.pointer_mut(path).and_then(Value::as_object_mut)?.insert("zz_unknown".into(), Value::from(1));
    let mut copy = state.clone_box();
    match copy.apply(seat, &bent, &mut rng.clone()) {
        Err(e) if e.code == backroom_engine::RuleCode::MalformedAction && e.message.contains("zz_unknown") => None,
        // A value that is one of several kinds says which by its only key
        // (X-Men's `{"pc": 1}`, Crisis's `{"set": "downtown-12"}`): a
        // second key is refused for that rule.
        Err(e)
            if e.code == backroom_engine::RuleCode::MalformedAction
                && e.message.contains("expected map with a single key") =>
        {
            None
        }
        Err(e) => Some(format!("{path}: refused as {:?}: {}", e.code, e.message)),
        Ok(_) => Some(format!("{path}: accepted")),
    }
}

/// Random play of every game at every seat count from a few seeds, calling
/// `f(game id, state, seat, action, rng)` before each action is made.
fn every_step(mut f: impl FnMut(&str, &dyn DynState, u8, &Value, &GameRng)) {
    for game in backroom_games::catalogue() {
        let info = game.info();
        let options = game.normalize_options(&serde_json::json!({})).unwrap();
        for seats in info.min_seats..=info.max_seats {
            for seed in 0..4 {
                let mut rng = GameRng::seeded(seed);
                let Ok(mut state) = game.setup(&options, seats, &mut rng) else { continue };
                for step in 0..3000u32 {
                    if state.outcome().is_some() {
                        break;
                    }
                    // Each seat in turn first: a seat that may change its
                    // secret commit would otherwise commit forever.
                    let mut turn = (0..seats).map(|i| ((step % u32::from(seats)) as u8 + i) % seats);
                    let Some((seat, action)) = turn.find_map(|s| state.random_action(s, &mut rng).map(|a| (s, a)))
                    else {
                        break;
                    };
                    f(&info.id, state.as_ref(), seat, &action, &rng);
                    state.apply(seat, &action, &mut rng).unwrap();
                }
            }
        }
    }
}

/// "deploy/at/#": the kind of an object in an action, to try each once.
fn kind(action: &Value, path: &str) -> String {
    let shape: Vec<&str> = path.split('/').map(|c| if c.parse::<usize>().is_ok() { "#" } else { c }).collect();
    format!("{}{}", action.get("type").and_then(Value::as_str).unwrap_or("?"), shape.join("/"))
}

/// At every step of random play, the action about to be made is tried
/// with an unknown field in each of its objects: every game refuses it as
/// `malformed_action` naming the field.
#[test]
fn every_game_refuses_unknown_action_fields_naming_them() {
    let (mut wrong, mut seen) = (Vec::new(), std::collections::BTreeSet::new());
    every_step(|game, state, seat, action, rng| {
        let mut paths = Vec::new();
        object_paths(action, String::new(), &mut paths);
        for p in paths {
            let kind = format!("{game}: {}", kind(action, &p));
            if seen.insert(kind.clone())
                && let Some(w) = unknown_field_answer(state, seat, action, &p, rng)
            {
                wrong.push(format!("{kind}: {w}"));
            }
        }
    });
    eprintln!("an unknown field tried in {} kinds of object", seen.len());
    assert!(seen.len() > 100, "{seen:?}");
    assert!(wrong.is_empty(), "unknown fields not refused as malformed_action naming them:\n{}", wrong.join("\n"));
}

/// Every path to a number inside `v`.
fn number_paths(v: &Value, path: String, out: &mut Vec<String>) {
    match v {
        Value::Number(_) => out.push(path),
        Value::Object(m) => m.iter().for_each(|(k, x)| number_paths(x, format!("{path}/{k}"), out)),
        Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| number_paths(x, format!("{path}/{i}"), out)),
        _ => {}
    }
}

/// Every number of every kind of action, set to 1e308, -1e308 and a
/// number just too large for a `u32`, is refused by every game as
/// `malformed_action`, "out of range" (a Crisis point at 1e308 was refused
/// as "not finite", X-Men hope past `u32` by serde's own words).
#[test]
fn every_game_says_out_of_range_for_numbers_out_of_range() {
    let (mut wrong, mut seen) = (Vec::new(), std::collections::BTreeSet::new());
    every_step(|game, state, seat, action, rng| {
        let mut paths = Vec::new();
        number_paths(action, String::new(), &mut paths);
        for p in paths {
            if !seen.insert(format!("{game}: {}", kind(action, &p))) {
                continue;
            }
            for x in [serde_json::json!(1e308), serde_json::json!(-1e308), serde_json::json!(4_294_967_296u64)] {
                let mut bent = action.clone();
                *bent.pointer_mut(&p).unwrap() = x.clone();
                match state.clone_box().apply(seat, &bent, &mut rng.clone()) {
                    Err(e)
                        if e.code == backroom_engine::RuleCode::MalformedAction
                            && e.message.contains("out of range") => {}
                    Err(e) => wrong.push(format!("{game}: {} = {x}: {:?}: {}", kind(action, &p), e.code, e.message)),
                    Ok(_) => wrong.push(format!("{game}: {} = {x}: accepted", kind(action, &p))),
                }
            }
        }
    });
    eprintln!("out-of-range numbers tried in {} kinds of number", seen.len());
    assert!(seen.len() > 50, "{seen:?}");
    assert!(wrong.is_empty(), "numbers out of range not refused as such:\n{}", wrong.join("\n"));
}

/// Refusing unknown fields must not refuse a stored match: every action of
/// every stored match in the upgrade corpus still reads under today's
/// strict action types (the store keeps each action's canonical JSON, so
/// none carries a field its game did not know then).
#[test]
fn every_stored_action_of_the_corpus_still_reads() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
    let mut read = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let f = backroom_games::corpus::Fixture::load(&path).unwrap();
        let game = backroom_games::find(&f.game).unwrap();
        // Any state of the game will do: only its action type is used.
        let info = game.info();
        let state = (info.min_seats..=info.max_seats)
            .find_map(|n| {
                game.setup(&game.normalize_options(&serde_json::json!({})).ok()?, n, &mut GameRng::seeded(1)).ok()
            })
            .unwrap();
        for (i, (_, a)) in f.actions.iter().enumerate() {
            let a: Value = serde_json::from_str(a.get()).unwrap();
            assert!(state.canonical_action(&a).is_some(), "{}: action {} no longer reads: {a}", path.display(), i + 1);
            assert!(
                backroom_engine::strict::numbers_in_range(&a).is_ok(),
                "{}: action {} is out of range: {a}",
                path.display(),
                i + 1
            );
            read += 1;
        }
    }
    eprintln!("{read} stored actions read");
    assert!(read > 1000);
}

/// Joins `lobby` as `name`: status and answer.
async fn join_as(app: &App, lobby: &Lobby, name: &str) -> (u16, Value) {
    app.post(&format!("/api/lobbies/{}/join", lobby.id), None, json!({"invite": lobby.invite, "name": name})).await
}

/// Nobody at a table can pass for someone else there: the same name,
/// a zero-width character, Cyrillic or fullwidth look-alikes, capitals, are
/// refused as `name_taken` with a variant that is free; 31 combining marks
/// are refused outright; a bot does not take a number a person took.
#[tokio::test]
async fn names_at_a_table_cannot_pass_for_one_another() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let lobby = sealed_bids_lobby(&app.url(""), &app.http, 5, 2).await;
    assert_eq!(join_as(&app, &lobby, "Ana").await.0, 200);
    for (name, like) in [
        ("Ana", "already called Ana"),
        ("An\u{200B}a", "looks too much like Ana"),
        ("\u{410}n\u{430}", "looks too much like Ana"),
        ("\u{FF21}\u{FF4E}\u{FF41}", "looks too much like Ana"),
        ("ANA", "looks too much like Ana"),
        ("H\u{43E}st", "looks too much like Host"),
    ] {
        let (status, e) = join_as(&app, &lobby, name).await;
        assert_eq!((status, e["code"].as_str()), (409, Some("name_taken")), "{name:?}: {e}");
        let message = e["message"].as_str().unwrap();
        assert!(message.contains(like) && message.contains("for example"), "{name:?}: {message}");
    }
    let (status, e) = join_as(&app, &lobby, &format!("Bea{}", "\u{301}".repeat(31))).await;
    assert_eq!((status, e["code"].as_str()), (400, Some("invalid_field")), "{e}");
    // The suggested variant is free, and so is a name that merely
    // resembles one in spelling.
    let (_, e) = join_as(&app, &lobby, "Ana").await;
    let variant =
        e["message"].as_str().unwrap().rsplit("for example ").next().unwrap().trim_end_matches('.').to_string();
    assert_eq!(variant, "Ana 2");
    assert_eq!(join_as(&app, &lobby, &variant).await.0, 200);
    // A person called "Bot 1": the bot filling a seat is "Bot 2".
    assert_eq!(join_as(&app, &lobby, "Bot 1").await.0, 200);
    let (status, info) = app.post(&format!("/api/lobbies/{}/bots", lobby.id), Some(&lobby.host_token), json!({})).await;
    assert_eq!(status, 200, "{info}");
    let names: Vec<&str> = info["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Host", "Ana", "Ana 2", "Bot 1", "Bot 2"], "{info}");
    app.stop().await;
    db.cleanup().await;
}

/// Every HTTP failure is typed JSON: `/ws` asked without a WebSocket
/// upgrade, a missing page or file, a static path asked with the wrong
/// method; and the record of a live match is `not_over`.
#[tokio::test]
async fn every_http_failure_is_typed_json_ws_and_files_included() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let (status, e) = app.get("/ws", None).await;
    assert_eq!((status, e["code"].as_str()), (426, Some("unknown_message")), "{e}");
    assert!(e["message"].as_str().unwrap().contains("WebSocket"), "{e}");
    let r = app
        .http
        .get(app.url("/ws"))
        .header("connection", "upgrade")
        .header("upgrade", "websocket")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 400, "no Sec-WebSocket-Key");
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
    let e: Value = r.json().await.unwrap();
    assert_eq!(e["code"], "unknown_message", "{e}");
    let (status, e) = app.post("/ws", None, json!({})).await;
    assert_eq!((status, e["code"].as_str()), (405, Some("unknown_message")), "{e}");
    let (status, e) = app.get("/no-such-page.html", None).await;
    assert_eq!((status, e["code"].as_str()), (404, Some("unknown_message")), "{e}");
    let (status, e) = app.post("/index.html", None, json!({})).await;
    assert_eq!((status, e["code"].as_str()), (405, Some("unknown_message")), "{e}");
    // The real files are still served.
    let r = app.http.get(app.url("/")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/html"));

    let lobby = sealed_bids_lobby(&app.url(""), &app.http, 2, 1).await;
    let record = format!("/api/lobbies/{}/record", lobby.id);
    let (status, e) = app.get(&record, Some(&lobby.host_token)).await;
    assert_eq!((status, e["code"].as_str()), (409, Some("not_started")), "an open lobby: {e}");
    join_players(&app.url(""), &app.http, &lobby, 1).await;
    start(&app.url(""), &app.http, &lobby).await;
    let (status, e) = app.get(&record, Some(&lobby.host_token)).await;
    assert_eq!((status, e["code"].as_str()), (409, Some("not_over")), "a live match: {e}");
    app.stop().await;
    db.cleanup().await;
}

/// Over a real socket: an unknown action field and a number out of range
/// are refused alike, `malformed_action`, naming the field or saying "out
/// of range", and the match goes on.
#[tokio::test]
async fn a_socket_hears_unknown_fields_and_ranges_named() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let lobby = sealed_bids_lobby(&app.url(""), &app.http, 2, 2).await;
    join_players(&app.url(""), &app.http, &lobby, 1).await;
    let mut ws = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    start(&app.url(""), &app.http, &lobby).await;
    let state = ws.until(|m| m["type"] == "state").await;
    let version = state["version"].as_u64().unwrap();
    for (rid, action, says) in [
        ("u1", json!({"type": "bid", "value": 1, "colour": "red"}), "unknown field `colour`"),
        ("r1", json!({"type": "bid", "value": 300}), "out of range"),
        ("r2", json!({"type": "bid", "value": 1e308}), "out of range"),
    ] {
        ws.send(json!({"type": "act", "rid": rid, "version": version, "action": action})).await;
        let r = ws.until(|m| m["type"] == "rejected").await;
        assert_eq!((r["rid"].as_str(), r["code"].as_str()), (Some(rid), Some("malformed_action")), "{r}");
        assert!(r["message"].as_str().unwrap().contains(says), "{rid}: {r}");
    }
    ws.send(json!({"type": "act", "rid": "ok", "version": version, "action": {"type": "bid", "value": 1}})).await;
    let a = ws.until(|m| m["type"] == "ack" || m["type"] == "rejected").await;
    assert_eq!((a["type"].as_str(), a["rid"].as_str()), (Some("ack"), Some("ok")), "{a}");
    app.stop().await;
    db.cleanup().await;
}

/// `/healthz` answers "ok" while a node serves, and its 503 is typed JSON
/// like every other HTTP failure: a node of a cluster that is shutting
/// down says `restarting` (with `Retry-After`) for as long as it drains.
#[tokio::test]
async fn healthz_refusals_are_typed_json() {
    let db = TestDb::new(Backend::Postgres).await;
    let app = spawn_app(&db, &["--node", "edge", "--drain-ms", "2000"]).await;
    let health = app.url("/healthz");
    let http = app.http.clone();
    let began = std::time::Instant::now();
    let ok = loop {
        match http.get(&health).send().await {
            Ok(r) => break r,
            Err(_) if began.elapsed() < std::time::Duration::from_secs(30) => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await
            }
            Err(e) => panic!("the node never answered: {e}"),
        }
    };
    assert_eq!((ok.status().as_u16(), ok.text().await.unwrap()), (200, "ok".to_string()));
    let stopping = tokio::spawn(app.stop());
    let refused = loop {
        let r = http.get(&health).send().await.expect("the node answers while it drains");
        if r.status().as_u16() != 200 {
            break r;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert_eq!(refused.status().as_u16(), 503);
    assert_eq!(refused.headers()["retry-after"], "1");
    assert!(refused.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["code"], "restarting", "{body}");
    assert!(body["message"].as_str().is_some_and(|m| m.contains("shutting down")), "{body}");
    stopping.await.unwrap();
    db.cleanup().await;
}
