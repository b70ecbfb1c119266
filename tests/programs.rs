//! Program seats (`docs/bots.md`): a seat the host gives to a program
//! someone wrote, played over the same public WebSocket as the browser.

use crate::helpers::*;
use serde_json::{Value, json};

/// The token of a program seat's link (`/#/program/<lobby>/<token>`).
fn token_of(url: &str) -> String {
    url.rsplit('/').next().unwrap().to_string()
}

/// A program says hello with its seat's token and its name; the first
/// answer (`welcome`, or the `error` refusing it).
async fn program_hello(app: &App, lobby: &str, token: &str, name: &str) -> (Ws, Value) {
    let mut ws = Ws::connect(app.addr).await;
    ws.send(json!({"type": "hello", "lobby": lobby, "token": token, "program": name})).await;
    let first = ws.until(|m| m["type"] == "welcome" || m["type"] == "error").await;
    (ws, first)
}

/// A person's hello with a token; the first answer.
async fn person_hello(app: &App, lobby: &str, token: &str) -> Value {
    let mut ws = Ws::connect(app.addr).await;
    ws.send(json!({"type": "hello", "lobby": lobby, "token": token})).await;
    ws.until(|m| m["type"] == "welcome" || m["type"] == "error").await
}

/// The lobby's entry for the player with this id.
fn player(lobby: &Value, id: &str) -> Value {
    lobby["players"].as_array().into_iter().flatten().find(|p| p["id"] == id).cloned().unwrap_or_default()
}

#[tokio::test]
async fn a_program_seat_opens_only_by_its_own_link_and_everyone_sees_it() {
    for backend in BOTH {
        let db = TestDb::new(backend).await;
        let app = spawn_app(&db, &[]).await;
        let base = app.url("");
        let lobby = sealed_bids_lobby(&base, &app.http, 3, 2).await;
        let id = lobby.id.as_str();
        let friend = join_players(&base, &app.http, &lobby, 1).await.remove(0);
        let mut watcher = Ws::hello(app.addr, id, &friend, None).await;

        // Only the host holds a seat for a program, and only an empty one.
        let path = format!("/api/lobbies/{id}/program");
        let (s, e) = app.post(&path, Some(&friend), json!({"seat": 2})).await;
        assert_eq!((s, e["code"].as_str()), (403, Some("not_host")));
        let (s, e) = app.post(&path, Some(&lobby.host_token), json!({"seat": 1})).await;
        assert_eq!((s, e["code"].as_str()), (409, Some("seat_taken")), "{backend:?}");
        let (s, held) = app.post(&path, Some(&lobby.host_token), json!({"seat": 2})).await;
        assert_eq!(s, 201, "{held}");
        let url = held["url"].as_str().unwrap();
        assert!(url.starts_with(&format!("/#/program/{id}/")), "{url}");
        let token = token_of(url);
        assert_eq!(token, held["token"].as_str().unwrap());
        let program_id = held["player"].as_str().unwrap().to_string();
        let p = player(&held["lobby"], &program_id);
        assert_eq!(
            (p["program"].as_bool(), p["bot"].as_bool(), p["seat"].as_u64()),
            (Some(true), Some(false), Some(2))
        );
        assert_eq!(p["name"], "Program 1", "a stand-in name until the program names itself");

        // A program seat's token is not a person's: no person's hello, no
        // lobby API. A person's token is not a program's.
        let e = person_hello(&app, id, &token).await;
        assert_eq!((e["type"].as_str(), e["code"].as_str()), (Some("error"), Some("bad_token")), "{e}");
        let (s, e) = app.get(&format!("/api/lobbies/{id}"), Some(&token)).await;
        assert_eq!((s, e["code"].as_str()), (401, Some("bad_token")));
        let (s, e) = app.post(&format!("/api/lobbies/{id}/seat"), Some(&token), json!({"seat": null})).await;
        assert_eq!((s, e["code"].as_str()), (401, Some("bad_token")));
        let (_, e) = program_hello(&app, id, &friend, "Sneaky").await;
        assert_eq!(e["code"], "bad_token", "a person's link cannot be used as a program's: {e}");

        // The program's name follows a person's rules, look-alikes included.
        for (name, code) in [
            ("   ", "invalid_field"),
            ("Ho\u{202E}st", "invalid_field"),
            ("HOST", "name_taken"),
            ("Friend 0", "name_taken"),
        ] {
            let (mut ws, e) = program_hello(&app, id, &token, name).await;
            assert_eq!(e["code"], code, "{name:?}: {e}");
            assert_eq!(ws.until_closed().await, 4001);
        }

        // The program takes its seat under its own name; everyone sees it.
        let (mut bot, w) = program_hello(&app, id, &token, "Random Rita").await;
        assert_eq!(w["type"], "welcome", "{w}");
        assert_eq!(w["viewer"], json!({"seat": 2}));
        let seen = watcher
            .until(|m| {
                let p = player(&m["lobby"], &program_id);
                m["type"] == "lobby" && p["name"] == "Random Rita" && p["connected"] == true
            })
            .await;
        let p = player(&seen["lobby"], &program_id);
        assert_eq!((p["program"].as_bool(), p["connected"].as_bool()), (Some(true), Some(true)));

        bot.close().await;
        drop(watcher);
        app.stop().await;
        db.cleanup().await;
    }
}

#[tokio::test]
async fn an_away_program_is_covered_by_a_stand_in_like_a_person() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 2).await;
    let id = lobby.id.as_str();
    let (s, held) = app.post(&format!("/api/lobbies/{id}/program"), Some(&lobby.host_token), json!({})).await;
    assert_eq!((s, held["seat"].as_u64()), (201, Some(1)), "the first empty seat: {held}");
    let token = token_of(held["url"].as_str().unwrap());
    let program_id = held["player"].as_str().unwrap().to_string();
    // The program never came: the match starts all the same, and the host
    // lets a server bot play for it while it is away.
    let mut host = Ws::hello(app.addr, id, &lobby.host_token, None).await;
    start(&base, &app.http, &lobby).await;
    let path = format!("/api/lobbies/{id}/stand-in");
    let (s, info) = app.post(&path, Some(&lobby.host_token), json!({"seat": 1, "on": true})).await;
    assert_eq!(s, 200, "{info}");
    assert_eq!(player(&info, &program_id)["stand_in"], true);
    // The stand-in bids for it; the program's coming back ends the stand-in.
    let st = host.until(|m| m["type"] == "state" && m["view"]["committed"][1] == true).await;
    assert_eq!(st["pending"]["mode"], "simultaneous");
    let (mut bot, w) = program_hello(&app, id, &token, "Late Larry").await;
    assert_eq!(w["type"], "welcome");
    let seen = host.until(|m| m["type"] == "lobby" && player(&m["lobby"], &program_id)["stand_in"] == false).await;
    assert_eq!(player(&seen["lobby"], &program_id)["name"], "Late Larry");
    bot.close().await;
    app.stop().await;
    db.cleanup().await;
}

#[tokio::test]
async fn a_program_meets_the_same_rate_limit_as_a_person() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &[]).await;
    let lobby = sealed_bids_lobby(&app.url(""), &app.http, 2, 2).await;
    let id = lobby.id.as_str();
    let (s, held) = app.post(&format!("/api/lobbies/{id}/program"), Some(&lobby.host_token), json!({})).await;
    assert_eq!(s, 201, "{held}");
    let (mut ws, first) = program_hello(&app, id, &token_of(held["url"].as_str().unwrap()), "Quickbot").await;
    assert_eq!(first["type"], "welcome", "{first}");
    // The same burst that meets a person's limit (`bad_input`) meets a
    // program's: a typed error, not a faster lane.
    for _ in 0..80 {
        ws.send(json!({"type": "ping"})).await;
    }
    let mut limited = false;
    while let Some(m) = ws.recv().await {
        if m["type"] == "error" && m["code"] == "rate_limited" {
            limited = true;
            break;
        }
    }
    assert!(limited, "a burst of 80 messages from a program hits the rate limit");
    app.stop().await;
    db.cleanup().await;
}
