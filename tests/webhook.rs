//! Lobby webhooks: a real local HTTP receiver (allowed with the operator's
//! flag) hears when the table starts waiting on someone who is away, and a
//! loopback URL is refused without the flag.

use crate::helpers::*;
use axum::Router;
use axum::http::StatusCode;
use axum::routing::post;
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[tokio::test]
async fn the_webhook_hears_when_the_table_waits_on_someone_away() {
    // The receiver fails its first delivery (500), so the retry is seen.
    let got: Arc<Mutex<Vec<Value>>> = Arc::default();
    let seen = got.clone();
    let receiver = Router::new().route(
        "/hook",
        post(move |body: axum::Json<Value>| {
            let seen = seen.clone();
            async move {
                let mut g = seen.lock().unwrap();
                g.push(body.0);
                if g.len() == 1 { StatusCode::INTERNAL_SERVER_ERROR } else { StatusCode::NO_CONTENT }
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let hook = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, receiver).await.unwrap() });

    let db = TestDb::new(Backend::Sqlite).await;
    // Without the operator's flag, a loopback webhook is refused.
    let plain = spawn_app(&db, &[]).await;
    let (s, e) =
        plain.post("/api/lobbies", None, json!({"game": "sealed-bids", "name": "Host", "webhook_url": hook})).await;
    assert_eq!((s, e["code"].as_str()), (400, Some("invalid_field")), "{e}");
    assert!(!e["message"].as_str().unwrap().contains("127.0.0.1"), "the URL is not echoed: {e}");
    plain.stop().await;

    let app = spawn_app(&db, &["--allow-private-webhooks"]).await;
    let body =
        json!({"game": "sealed-bids", "seats": 2, "name": "Host", "options": {"rounds": 2}, "webhook_url": hook});
    let (s, j) = app.post("/api/lobbies", None, body).await;
    assert_eq!(s, 201, "{j}");
    let lobby = Lobby::created(&j);
    let _friend = join_players(&app.url(""), &app.http, &lobby, 1).await;
    let (_, info) = app.get(&format!("/api/lobbies/{}", lobby.id), Some(&lobby.host_token)).await;
    assert_eq!(info["webhook"], true, "{info}");
    assert!(!info.to_string().contains("/hook"), "the URL itself is never sent: {info}");
    // The host is here; the friend never connects. The start waits on both
    // (a sealed bid): the webhook names the friend only.
    let _host = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    start(&app.url(""), &app.http, &lobby).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while got.lock().unwrap().len() < 2 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let got = got.lock().unwrap().clone();
    assert_eq!(got.len(), 2, "one failed delivery, then the retry: {got:?}");
    assert_eq!(got[0], got[1]);
    let text = got[1]["content"].as_str().unwrap();
    assert_eq!(got[1]["text"], got[1]["content"], "Slack reads text, Discord content");
    assert_eq!(text, "Sealed Bids: the table is waiting on Friend 0.");
    assert!(!text.contains(&lobby.host_token) && !text.contains(&lobby.invite));
    app.stop().await;
    db.cleanup().await;
}
