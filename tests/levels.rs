//! Bot levels (issue #27): the host chooses each bot seat's level and the
//! table's stand-in level before the start, refusals name the rule, both
//! stores keep them across a restart; a Strong bot finishes a match, never
//! thinks much past its budget, and the table answers while it thinks.

use crate::helpers::*;
use crate::play::play_seat;
use backroom_engine::GameRng;
use backroom_server::table::think::{Thought, think};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Each seat's level as the players panel gets it (`null` for a person).
fn levels(info: &Value) -> Vec<Value> {
    let mut players: Vec<&Value> = info["players"].as_array().unwrap().iter().filter(|p| p["seat"].is_u64()).collect();
    players.sort_by_key(|p| p["seat"].as_u64());
    players.iter().map(|p| p["level"].clone()).collect()
}

#[tokio::test]
async fn the_host_chooses_bot_levels_before_the_start_and_a_restart_keeps_them() {
    for backend in BOTH {
        let db = TestDb::new(backend).await;
        let app = spawn_app(&db, &[]).await;
        let base = app.url("");
        let lobby = sealed_bids_lobby(&base, &app.http, 4, 2).await;
        let friend = join_players(&base, &app.http, &lobby, 1).await.remove(0);
        let (host, id) = (Some(lobby.host_token.as_str()), lobby.id.clone());
        let level = format!("/api/lobbies/{id}/level");

        // Bots fill the empty seats at the level asked; people have none.
        let (s, e) = app.post(&format!("/api/lobbies/{id}/bots"), host, json!({"level": "hard"})).await;
        assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")), "{e}");
        assert!(e["message"].as_str().unwrap().contains("easy, normal or strong"), "{e}");
        let (s, info) = app.post(&format!("/api/lobbies/{id}/bots"), host, json!({"level": "strong"})).await;
        assert_eq!(s, 200, "{info}");
        assert_eq!(levels(&info), [json!(null), json!(null), json!("strong"), json!("strong")], "{info}");
        assert_eq!(info["stand_in_level"], "normal", "{info}");

        // The host changes one bot's level and the stand-in level.
        let (s, info) = app.post(&level, host, json!({"seat": 2, "level": "easy"})).await;
        assert_eq!(s, 200, "{info}");
        assert_eq!(levels(&info), [json!(null), json!(null), json!("easy"), json!("strong")]);
        let (s, info) = app.post(&level, host, json!({"level": "strong"})).await;
        assert_eq!((s, info["stand_in_level"].as_str()), (200, Some("strong")), "{info}");

        // Refusals are typed and say the rule.
        let (s, e) = app.post(&level, Some(&friend), json!({"seat": 2, "level": "normal"})).await;
        assert_eq!((s, e["code"].as_str()), (403, Some("not_host")), "{e}");
        assert!(e["message"].as_str().unwrap().contains("Only the host"), "{e}");
        let (s, e) = app.post(&level, host, json!({"seat": 2, "level": "hard"})).await;
        assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")), "{e}");
        assert!(e["message"].as_str().unwrap().contains("strong"), "the levels are named: {e}");
        let (s, e) = app.post(&level, host, json!({"seat": 1, "level": "easy"})).await;
        assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")), "{e}");
        assert!(e["message"].as_str().unwrap().contains("not a server bot"), "{e}");
        let (s, e) = app.post(&level, host, json!({"seat": 9, "level": "easy"})).await;
        assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")), "{e}");

        // Both stores keep every level across a restart.
        app.stop().await;
        let app = spawn_app(&db, &[]).await;
        let (s, info) = app.get(&format!("/api/lobbies/{id}"), host).await;
        assert_eq!(s, 200, "{info}");
        assert_eq!(levels(&info), [json!(null), json!(null), json!("easy"), json!("strong")], "{backend:?}: {info}");
        assert_eq!(info["stand_in_level"], "strong", "{backend:?}: {info}");

        // After the start, levels no longer change; the log names them.
        let (s, info) = app.post(&level, host, json!({"seat": 2, "level": "normal"})).await;
        assert_eq!(s, 200, "{info}");
        let mut ws = Ws::hello(app.addr, &id, &lobby.host_token, None).await;
        let (s, info) = app.post(&format!("/api/lobbies/{id}/start"), host, json!({})).await;
        assert_eq!(s, 200, "{info}");
        let st = ws.until(|m| m["type"] == "state").await;
        let said = st["log"].as_array().unwrap().iter().any(|l| {
            l.as_str().is_some_and(|l| l.contains("{seat:2} plays Normal") && l.contains("{seat:3} plays Strong"))
        });
        assert!(said, "the log names the bots' levels: {st}");
        let (s, e) = app.post(&level, host, json!({"seat": 2, "level": "easy"})).await;
        assert_eq!((s, e["code"].as_str()), (409, Some("already_started")), "{e}");
        assert!(e["message"].as_str().unwrap().contains("before the start"), "{e}");
        let (s, e) = app.post(&level, host, json!({"level": "easy"})).await;
        assert_eq!((s, e["code"].as_str()), (409, Some("already_started")), "{e}");
        app.stop().await;
        db.cleanup().await;
    }
}

/// A Strong bot (a tiny budget) plays a whole match against a person.
#[tokio::test]
async fn a_match_finishes_with_a_strong_bot() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &["--bot-think-ms", "20"]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 3).await;
    let host = Some(lobby.host_token.as_str());
    let (s, info) = app.post(&format!("/api/lobbies/{}/bots", lobby.id), host, json!({"level": "strong"})).await;
    assert_eq!((s, levels(&info)), (200, vec![json!(null), json!("strong")]), "{info}");
    let mut me = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    start(&base, &app.http, &lobby).await;
    let (last, acks) = play_seat(&mut me, 0, |r| (r * 3 % 11) as u8).await;
    assert_eq!(acks.len(), 3, "{last}");
    assert!(last["outcome"]["ranking"].is_array(), "{last}");
    let (_, info) = app.get(&format!("/api/lobbies/{}", lobby.id), host).await;
    assert_eq!(info["status"], "finished", "{info}");
    app.stop().await;
    db.cleanup().await;
}

/// The bounded-time check of issue #27: with a budget of B ms, no Strong
/// decision takes longer than B plus a generous margin, in every game,
/// measured at the server function that runs the search, on one thread and
/// on two (root parallelism).
#[tokio::test]
async fn no_strong_decision_takes_much_longer_than_its_budget() {
    const BUDGET: Duration = Duration::from_millis(200);
    const MARGIN: Duration = Duration::from_millis(1500);
    for game in backroom_games::catalogue() {
        let info = game.info();
        let options = game.normalize_options(&Value::Null).unwrap();
        let mut rng = GameRng::seeded(27);
        let mut state = game.setup(&options, info.min_seats.max(2), &mut rng).unwrap();
        let mut worst = Duration::ZERO;
        for decision in 0..3u64 {
            let Some(seat) = state.pending().awaited().iter().next() else { break };
            let began = Instant::now();
            let thought = tokio::task::spawn_blocking({
                let state = state.clone_box();
                move || think(&*state, seat, decision, Instant::now() + BUDGET, 1 + decision as usize % 2)
            })
            .await
            .unwrap();
            worst = worst.max(began.elapsed());
            let Thought::Chose(action) = thought else { panic!("{}: no move from the search: {thought:?}", info.id) };
            state.apply(seat, &action, &mut rng).unwrap_or_else(|e| panic!("{}: the search's move: {e}", info.id));
        }
        eprintln!("{}: slowest Strong decision {worst:?} for a {BUDGET:?} budget", info.id);
        assert!(worst <= BUDGET + MARGIN, "{}: a decision took {worst:?}", info.id);
    }
}

/// While a Strong bot thinks (a long budget), the table answers chat and
/// status reads, and the bot has not moved yet.
#[tokio::test]
async fn a_table_answers_while_a_strong_bot_thinks() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &["--bot-think-ms", "3000"]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 2).await;
    let host = Some(lobby.host_token.as_str());
    app.post(&format!("/api/lobbies/{}/bots", lobby.id), host, json!({"level": "strong"})).await;
    let mut me = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    start(&base, &app.http, &lobby).await;
    me.until(|m| m["type"] == "state").await;
    // The bot is awaited from the start (both bid at once) and thinks.
    for i in 0..3 {
        me.send(json!({"type": "chat", "rid": format!("c{i}"), "text": format!("hello {i}")})).await;
        let m = me.until(|m| m["type"] == "chat" || (m["type"] == "state" && m["version"] != 0)).await;
        assert_eq!(m["type"], "chat", "the chat line comes before the bot's move: {m}");
        let (s, info) = app.get(&format!("/api/lobbies/{}", lobby.id), host).await;
        assert_eq!((s, info["version"].as_u64()), (200, Some(0)), "{info}");
    }
    // Then its move comes.
    let m = me.until(|m| m["type"] == "state" && m["version"] == 1).await;
    assert_eq!(m["view"]["committed"], json!([false, true]), "{m}");
    app.stop().await;
    db.cleanup().await;
}

/// A Strong stand-in: the table's stand-in level plays for a friend who is
/// away, the players panel says so, and the log names the level.
#[tokio::test]
async fn a_strong_bot_stands_in_at_the_level_the_table_chose() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &["--bot-think-ms", "20"]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 2).await;
    let host = Some(lobby.host_token.as_str());
    join_players(&base, &app.http, &lobby, 1).await;
    let (s, info) = app.post(&format!("/api/lobbies/{}/level", lobby.id), host, json!({"level": "strong"})).await;
    assert_eq!((s, info["stand_in_level"].as_str()), (200, Some("strong")), "{info}");
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    start(&base, &app.http, &lobby).await;
    a.until(|m| m["type"] == "state").await;
    let path = format!("/api/lobbies/{}/stand-in", lobby.id);
    let (s, info) = app.post(&path, host, json!({"seat": 1, "on": true})).await;
    assert_eq!(s, 200, "{info}");
    assert_eq!(levels(&info), [json!(null), json!("strong")], "a stand-in shows the table's level: {info}");
    a.send(json!({"type":"act","rid":"a0","version":0,"action":{"type":"bid","value":9,"round":0}})).await;
    let mut said = false;
    loop {
        let m = a.until(|m| m["type"] == "state").await;
        said |= m["log"].as_array().is_some_and(|l| l.iter().any(|x| x == "A bot (Strong) played for {seat:1}:"));
        if m["view"]["round"] == 1 {
            break;
        }
    }
    assert!(said, "the log says a Strong bot played for the friend");
    app.stop().await;
    db.cleanup().await;
}

/// The turn clock runs out on a person: the table's Strong stand-in level
/// moves for them, off the table's task, and the log says so.
#[tokio::test]
async fn a_turn_clock_move_is_made_at_the_stand_in_level() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &["--bot-think-ms", "20"]).await;
    let body = json!({"game": "sealed-bids", "seats": 2, "name": "Host", "options": {"rounds": 2},
        "turn_clock_secs": 1, "stand_in_level": "strong"});
    let (s, r) = app.post("/api/lobbies", None, body).await;
    assert_eq!(s, 201, "{r}");
    let lobby = Lobby::created(&r);
    join_players(&app.url(""), &app.http, &lobby, 1).await;
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let info = start(&app.url(""), &app.http, &lobby).await;
    assert_eq!(info["stand_in_level"], "strong", "{info}");
    a.until(|m| m["type"] == "state").await;
    a.send(json!({"type":"act","rid":"a0","version":0,"action":{"type":"bid","value":9,"round":0}})).await;
    let line = "{seat:1} ran out of time: a bot (Strong) moved for them.";
    a.until(|m| m["type"] == "state" && m["log"].as_array().is_some_and(|l| l.iter().any(|x| x == line))).await;
    app.stop().await;
    db.cleanup().await;
}
