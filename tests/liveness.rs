//! Liveness in seconds, with real stalled clients: a socket that answers
//! no ping is closed as away within the idle timeout, and a client that
//! keeps talking but stops reading is closed as too slow once what it has
//! not read (frames queued plus bytes the kernel holds unacknowledged)
//! passes `--max-unread-kib`. Timings come from the flags; nothing here
//! asserts a wall-clock time, only that it happens within a bound.

use crate::helpers::*;
use futures_util::SinkExt;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio_tungstenite::MaybeTlsStream;
use tokio_tungstenite::tungstenite::Message;

/// Whether the lobby shows this player connected.
async fn connected(app: &App, lobby: &Lobby, name: &str) -> bool {
    let (s, info) = app.get(&format!("/api/lobbies/{}", lobby.id), Some(&lobby.host_token)).await;
    assert_eq!(s, 200, "{info}");
    info["players"].as_array().unwrap().iter().find(|p| p["name"] == name).unwrap_or_else(|| panic!("{name} in {info}"))
        ["connected"]
        == true
}

/// A counter of the server's `/metrics` (summed over its labels' values
/// matching `label`).
async fn counter(app: &App, name: &str, label: &str) -> f64 {
    let text = app.http.get(app.url("/metrics")).send().await.unwrap().text().await.unwrap();
    text.lines()
        .filter(|l| l.starts_with(name) && l.contains(label))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

/// A friend's socket goes silent (its client reads nothing, so it answers
/// no ping: a closed laptop, a dead network): the server closes it as away
/// within the idle timeout, and the table shows the friend away.
#[tokio::test]
async fn a_socket_that_answers_no_ping_is_closed_as_away() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &["--ping-secs", "1", "--idle-timeout-secs", "3"]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 3).await;
    let friend = join_players(&base, &app.http, &lobby, 1).await.remove(0);
    let mut host = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let mut silent = Ws::hello(app.addr, &lobby.id, &friend, None).await;
    assert!(connected(&app, &lobby, "Friend 0").await);
    // From here on the friend's client neither reads nor writes; the host
    // keeps reading (and so answering pings).
    let began = Instant::now();
    let reader = tokio::spawn(async move {
        while host.recv().await.is_some() {}
        host
    });
    while connected(&app, &lobby, "Friend 0").await {
        assert!(began.elapsed() < Duration::from_secs(20), "the silent socket was never closed");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    println!("liveness: a silent socket was seen away after {:?} (ping 1 s, idle timeout 3 s)", began.elapsed());
    // The client, reading again, finds the close it reconnects on.
    let code = silent.until_closed().await;
    assert!(matches!(code, 4008 | 1006), "closed with {code}");
    reader.abort();
    app.stop().await;
    db.cleanup().await;
}

/// A client with a small receive buffer keeps sending (app pings) but
/// never reads, while its table plays on: it is closed as too slow, not
/// after hundreds of frames sit in the kernel's buffers, and not as silent.
#[tokio::test]
async fn a_client_that_stops_reading_is_closed_as_too_slow() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(
        &db,
        &["--ping-secs", "1", "--idle-timeout-secs", "60", "--max-unread-kib", "16", "--view-pace-ms", "0"],
    )
    .await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 100).await;
    let friend = join_players(&base, &app.http, &lobby, 1).await.remove(0);
    let mut a = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let mut b = Ws::hello(app.addr, &lobby.id, &friend, None).await;
    // The friend's second tab: a socket with a small receive buffer, so
    // that what it does not read soon backs up into the server's kernel.
    let tcp = tokio::net::TcpSocket::new_v4().unwrap();
    tcp.set_recv_buffer_size(4096).unwrap();
    let tcp = tcp.connect(app.addr).await.unwrap();
    let (mut stalled, _) =
        tokio_tungstenite::client_async(format!("ws://{}/ws", app.addr), MaybeTlsStream::Plain(tcp)).await.unwrap();
    stalled
        .send(Message::Text(json!({"type": "hello", "lobby": lobby.id, "token": friend}).to_string().into()))
        .await
        .unwrap();
    let welcome = futures_util::StreamExt::next(&mut stalled).await.unwrap().unwrap();
    assert!(welcome.to_text().unwrap().contains("\"welcome\""), "{welcome}");
    let (mut tx, rx) = futures_util::StreamExt::split(stalled);
    // It keeps talking, so it is never silent, but reads nothing more.
    let talker = tokio::spawn(async move {
        loop {
            if tx.send(Message::Text(json!({"type": "ping"}).to_string().into())).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    });
    let before = counter(&app, "backroom_sockets_closed_total", "too_slow").await;
    start(&base, &app.http, &lobby).await;
    let mut version = 0;
    let mut closed = false;
    for round in 0..100u64 {
        for (ws, rid) in [(&mut a, format!("a{round}")), (&mut b, format!("b{round}"))] {
            ws.send(json!({"type":"act","rid":rid,"version":version,"action":{"type":"bid","value":round % 15}})).await;
            let ack: Value = ws.until(|m| m["type"] == "ack" || m["type"] == "rejected" || m["type"] == "error").await;
            assert_eq!(ack["type"], "ack", "{ack}");
            version = ack["version"].as_u64().unwrap();
        }
        // Under the per-socket message rate (20 a second).
        tokio::time::sleep(Duration::from_millis(60)).await;
        if counter(&app, "backroom_sockets_closed_total", "too_slow").await > before {
            println!("liveness: the client that stopped reading was closed as too slow after {} rounds", round + 1);
            closed = true;
            break;
        }
    }
    assert!(closed, "a client that read nothing of 100 rounds was never closed as too slow");
    talker.abort();
    // The socket is gone: reading again ends (the close frame, or the
    // connection dropped while its buffers were full).
    let mut rx = rx;
    let ended = tokio::time::timeout(Duration::from_secs(20), async {
        while let Some(Ok(m)) = futures_util::StreamExt::next(&mut rx).await {
            if let Message::Close(f) = m {
                return f.map(|f| u16::from(f.code));
            }
        }
        None
    })
    .await
    .expect("the stalled socket ends");
    assert!(matches!(ended, Some(4008) | None), "{ended:?}");
    app.stop().await;
    db.cleanup().await;
}
