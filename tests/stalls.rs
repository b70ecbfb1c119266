//! No table waits forever: after a batch the store refuses, a reload, or an
//! outage longer than the pool's timeout, the table schedules again whatever
//! it waits on (bots included), tells its players with a typed
//! `store_unavailable` while it cannot save and `store_available` once it
//! can again, and goes on by itself. A watchdog finds what no command
//! follows: a bot turn whose timer was lost.

use crate::helpers::*;
use crate::reliability::ThrowawayPg;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

fn bid(rid: &str, version: u64, value: u64) -> Value {
    json!({"type":"act","rid":rid,"version":version,"action":{"type":"bid","value":value}})
}

/// The store refuses every row of the bot's seat (a constraint, as a
/// disk-full or failed-over primary would refuse all): the bot's save fails
/// again and again, and the table must keep asking it, with back-off, not
/// forget it. Its person hears why nothing happens; once the store takes
/// the bot's rows the round completes with nobody doing anything.
#[tokio::test]
async fn a_bot_whose_save_the_store_refuses_is_asked_again() {
    let db = TestDb::new(Backend::Postgres).await;
    let app = spawn_app(&db, &[]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 2).await;
    let (s, _) = app.post(&format!("/api/lobbies/{}/bots", lobby.id), Some(&lobby.host_token), json!({})).await;
    assert_eq!(s, 200);
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    sql(&db, "ALTER TABLE actions ADD CONSTRAINT no_bot CHECK (seat <> 1) NOT VALID").await;
    start(&base, &app.http, &lobby).await;
    // The bot bids at once (no bot delay in tests); its save is refused.
    let told = a.until(|m| m["type"] == "error").await;
    assert_eq!(told["code"], "store_unavailable", "{told}");
    // The person's own bid is saved meanwhile.
    a.send(bid("a1", 0, 5)).await;
    assert_eq!(
        a.until(|m| m["type"] == "ack" || m["type"] == "rejected").await,
        json!({"type":"ack","rid":"a1","version":1})
    );
    // Let the bot be refused a few more times, then let the store take it.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    sql(&db, "ALTER TABLE actions DROP CONSTRAINT no_bot").await;
    // The last word on the store before the round closes: it is back.
    let mut status = None;
    let s = loop {
        let m = a.recv().await.expect("the round closes");
        if m["type"] == "error" || m["type"] == "store_available" {
            status = Some(m.clone());
        }
        if m["type"] == "state" && m["version"] == 2 {
            break m;
        }
    };
    assert_eq!(status.as_ref().map(|m| m["type"].clone()), Some(json!("store_available")), "{status:?}");
    assert_eq!(s["view"]["round"], 1, "the bot's bid closed the round: {s}");
    assert!(s["prompt"].is_object(), "the person is asked again: {s}");
    app.stop().await;
    db.cleanup().await;
}

/// The table cannot even read its match back (the lobby's row is out of
/// reach): its sockets stay open and hear `store_unavailable`, a move made
/// meanwhile is refused with it, and once the store answers the table sends
/// a fresh state by itself and play goes on.
#[tokio::test]
async fn a_table_that_cannot_reach_its_store_says_so_and_comes_back_by_itself() {
    let db = TestDb::new(Backend::Postgres).await;
    let app = spawn_app(&db, &[]).await;
    let (lobby, friend, mut a, mut b) = two_players_started(&app).await;

    sql(&db, "ALTER TABLE actions ADD CONSTRAINT outage CHECK (seq < 0) NOT VALID").await;
    sql(&db, "ALTER TABLE lobbies RENAME TO lobbies_away").await;
    a.send(bid("a1", 0, 3)).await;
    let refused = a.until(|m| m["type"] == "ack" || m["type"] == "rejected").await;
    assert_eq!((refused["type"].as_str(), refused["code"].as_str()), (Some("rejected"), Some("internal")), "{refused}");
    for ws in [&mut a, &mut b] {
        let told = ws.until(|m| m["type"] == "error").await;
        assert_eq!(told["code"], "store_unavailable", "{told}");
    }
    b.send(bid("b1", 0, 4)).await;
    let refused = b.until(|m| m["type"] == "ack" || m["type"] == "rejected").await;
    assert_eq!(
        (refused["type"].as_str(), refused["code"].as_str()),
        (Some("rejected"), Some("store_unavailable")),
        "{refused}"
    );
    // Someone arriving meanwhile is told too.
    let mut c = Ws::hello(app.addr, &lobby.id, &friend, None).await;
    assert_eq!(c.until(|m| m["type"] == "error").await["code"], "store_unavailable");

    sql(&db, "ALTER TABLE lobbies_away RENAME TO lobbies").await;
    sql(&db, "ALTER TABLE actions DROP CONSTRAINT outage").await;
    for ws in [&mut a, &mut b, &mut c] {
        let back = ws.until(|m| m["type"] == "store_available").await;
        assert!(back["message"].as_str().is_some_and(|m| m.contains("again")), "{back}");
        let s = ws.until(|m| m["type"] == "state").await;
        assert_eq!((s["version"].clone(), s["view"]["committed"].clone()), (json!(0), json!([false, false])), "{s}");
        assert!(ws.closed.is_none());
    }
    a.send(bid("a2", 0, 3)).await;
    assert_eq!(a.until(|m| m["type"] == "ack").await["version"], 1);
    app.stop().await;
    db.cleanup().await;
}

/// Postgres itself stopped for longer than the pool's 10 s timeout, while
/// a bot-only match plays and a person waits on a bot's bid: both tables go
/// on by themselves when it is back, the person's socket never closes, and
/// the bot-only match finishes.
#[tokio::test]
async fn reliability_postgres_outage_longer_than_the_pool_timeout_leaves_no_table_waiting() {
    let Some(pg) = ThrowawayPg::new() else {
        println!("stalls: SKIPPED the Postgres outage: no initdb here");
        return;
    };
    let db = TestDb::on(pg.url()).await;
    // Bots that take their time, so that Postgres stops while the mixed
    // table waits on its bot and the bot-only match is still playing; each
    // table's commit on a connection of its own, so that both wait out the
    // pool's timeout at once rather than one behind the other.
    let app =
        spawn_app(&db, &["--bot-delay-ms", "1500", "--lobby-rate-per-minute", "0", "--commits-in-flight", "4"]).await;
    let base = app.url("");
    // Bots only: the host stands up, bots fill both seats.
    let bots_only = sealed_bids_lobby(&base, &app.http, 2, 8).await;
    let (s, e) = app
        .post(&format!("/api/lobbies/{}/seat", bots_only.id), Some(&bots_only.host_token), json!({"seat": null}))
        .await;
    assert_eq!(s, 200, "{e}");
    app.post(&format!("/api/lobbies/{}/bots", bots_only.id), Some(&bots_only.host_token), json!({})).await;
    start(&base, &app.http, &bots_only).await;
    // A person and a bot.
    let mixed = sealed_bids_lobby(&base, &app.http, 2, 3).await;
    app.post(&format!("/api/lobbies/{}/bots", mixed.id), Some(&mixed.host_token), json!({})).await;
    let mut a = Ws::hello(app.addr, &mixed.id, &mixed.host_token, None).await;
    start(&base, &app.http, &mixed).await;
    a.until(|m| m["type"] == "state" && m["version"] == 1).await;
    // The bot has bid in round 1; the person bids, and the table waits on
    // the bot (and the person) for round 2 as Postgres goes away.
    a.send(bid("a1", 1, 5)).await;
    assert_eq!(a.until(|m| m["type"] == "ack").await["version"], 2);
    pg.stop();
    let stopped = Instant::now();
    // Longer than the pool's timeout counted from the bot's first try
    // (its delay after the person's bid), so that try fails for sure.
    tokio::time::sleep(Duration::from_secs(13)).await;
    pg.start();
    let back = Instant::now();
    println!("stalls: Postgres was stopped for {:?}", stopped.elapsed());

    let (mut told, mut available) = (false, false);
    let after = loop {
        let m = a.until(|m| m["type"] == "state" || m["type"] == "error" || m["type"] == "store_available").await;
        if m["type"] == "error" {
            assert_eq!(m["code"], "store_unavailable", "{m}");
            told = true;
        } else if m["type"] == "store_available" {
            available = told;
        } else if m["version"].as_u64() >= Some(3) {
            break m;
        }
    };
    println!("stalls: the bot waited on moved {:?} after Postgres was back", back.elapsed());
    assert!(told, "the person heard why nothing happened");
    assert!(available, "and that the store was back");
    assert_eq!(after["pending"]["committed"], json!([1]), "the bot bid in round 2 after all: {after}");
    assert!(a.closed.is_none());
    let began = Instant::now();
    loop {
        let (s, info) = app.get(&format!("/api/lobbies/{}", bots_only.id), Some(&bots_only.host_token)).await;
        if s == 200 && info["status"] == "finished" {
            println!("stalls: the bot-only match finished {:?} after Postgres was back", back.elapsed());
            break;
        }
        assert!(began.elapsed() < Duration::from_secs(40), "the bot-only match went on: {info}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    app.stop().await;
    db.cleanup().await;
}

/// A table's scheduled bot turn is lost (`--test-lose-bot-turns 1`: the
/// turn counts as scheduled but its timer never fires, as a bug that
/// forgets a timer would) and nothing else happens: no command reaches the
/// table, so only the watchdog (`--watchdog-secs`) can see that the turn is
/// overdue. It logs it, counts it in `backroom_stalls_repaired_total` and
/// schedules the bot again, which bids.
#[tokio::test]
async fn the_watchdog_repairs_a_bot_turn_that_never_came() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &["--test-lose-bot-turns", "1", "--watchdog-secs", "1"]).await;
    let base = app.url("");
    let repaired = || async {
        let text = app.http.get(app.url("/metrics")).send().await.unwrap().text().await.unwrap();
        text.lines()
            .filter(|l| l.starts_with("backroom_stalls_repaired_total"))
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .sum::<f64>()
    };
    let before = repaired().await;
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 2).await;
    let (s, _) = app.post(&format!("/api/lobbies/{}/bots", lobby.id), Some(&lobby.host_token), json!({})).await;
    assert_eq!(s, 200);
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    start(&base, &app.http, &lobby).await;
    let first = a.until(|m| m["type"] == "state").await;
    assert_eq!(
        (first["version"].as_u64(), first["pending"]["committed"].clone()),
        (Some(0), json!([])),
        "the bot's turn was lost: {first}"
    );
    // The person does nothing; the watchdog finds the turn overdue.
    let bid = a.until(|m| m["type"] == "state" && m["version"] == 1).await;
    assert_eq!(bid["pending"]["committed"], json!([1]), "the bot bid: {bid}");
    assert!(repaired().await >= before + 1.0, "the repair was counted");
    app.stop().await;
    db.cleanup().await;
}
