//! Bounded log growth per seat: stored moves that leave the table waiting
//! on the same seats (here Sealed Bids re-bids, as Villains offers and
//! withdrawals) have a budget per seat, not per socket
//! (`--chatter-per-minute`). Past it such a move is refused
//! (`rate_limited`) and not stored, a move that moves the game on is still
//! made, a socket that keeps at it is closed (1008), and a normal match
//! never meets the limit. Nothing here waits on the clock: the budget's
//! minute never runs out within a test.

use crate::helpers::*;
use backroom_server::Store;
use serde_json::{Value, json};

/// Sends a bid with this request id; the answer (`ack` or `rejected`), or
/// `None` once the socket is closed.
async fn bid(ws: &mut Ws, rid: &str, version: u64, value: u8) -> Option<Value> {
    ws.send(json!({"type": "act", "rid": rid, "version": version, "action": {"type": "bid", "value": value}})).await;
    while let Some(m) = ws.recv().await {
        if (m["type"] == "ack" || m["type"] == "rejected") && m["rid"] == rid {
            return Some(m);
        }
    }
    None
}

async fn stored(store: &Store, lobby: &Lobby) -> usize {
    store.all_actions(lobby.id.parse().unwrap()).await.unwrap().len()
}

/// A seat re-bids in a loop over two sockets: the first five re-bids are
/// stored, every later one is refused and not stored, each socket is
/// closed once it has been refused as often again, and a new socket of
/// the same seat is still refused a re-bid but may make a move that moves
/// the game on (its bid in the next round).
#[tokio::test]
async fn a_seat_rebidding_over_two_sockets_is_refused_past_its_budget() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &["--chatter-per-minute", "5"]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 3).await;
    let friend = join_players(&base, &app.http, &lobby, 1).await.remove(0);
    let mut socks = [
        Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await,
        Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await,
    ];
    start(&base, &app.http, &lobby).await;
    let first = bid(&mut socks[0], "first", 0, 1).await.expect("answered");
    assert_eq!(first["type"], "ack", "{first}");
    let mut version = first["version"].as_u64().unwrap();
    let (mut accepted, mut refused, mut closed) = (0, 0, [false, false]);
    for i in 0..40u32 {
        let s = (i % 2) as usize;
        if closed[s] {
            continue;
        }
        match bid(&mut socks[s], &format!("re{i}"), version, (i % 9) as u8).await {
            Some(m) if m["type"] == "ack" => {
                accepted += 1;
                version = m["version"].as_u64().unwrap();
            }
            Some(m) => {
                assert_eq!(m["code"], "rate_limited", "{m}");
                assert!(m["message"].as_str().unwrap().contains("changed your move too often"), "{m}");
                refused += 1;
            }
            None => {
                closed[s] = true;
                assert_eq!(socks[s].closed, Some(1008), "closed as a flood");
            }
        }
        if closed == [true, true] {
            break;
        }
    }
    assert_eq!(accepted, 5, "the budget is per seat, not per socket");
    assert_eq!(refused, 10, "each socket is refused five times, then closed");
    assert_eq!(closed, [true, true], "both flooding sockets are closed");
    let store = db.store().await;
    assert_eq!(stored(&store, &lobby).await, 6, "the first bid and five re-bids; no refused move is stored");

    // A new socket of the same seat: still no re-bid this minute.
    let mut host = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let m = bid(&mut host, "again", version, 8).await.expect("answered");
    assert_eq!(m["code"], "rate_limited", "{m}");
    // The friend's bid ends the round; the host's bid in the next one moves
    // the game on, so it is made though the budget is spent.
    let mut f = Ws::hello(app.addr, &lobby.id, &friend, None).await;
    let m = bid(&mut f, "f1", version, 2).await.expect("answered");
    assert_eq!(m["type"], "ack", "{m}");
    let next = bid(&mut host, "next", m["version"].as_u64().unwrap(), 3).await.expect("answered");
    assert_eq!(next["type"], "ack", "{next}");
    assert_eq!(stored(&store, &lobby).await, 8);
    app.stop().await;
    db.cleanup().await;
}

/// A normal match (each seat bids once a round) never meets even a budget
/// of one: none of its moves leaves the table waiting on the same seats.
#[tokio::test]
async fn a_normal_match_is_unaffected() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &["--chatter-per-minute", "1"]).await;
    let base = app.url("");
    let rounds = 4;
    let lobby = sealed_bids_lobby(&base, &app.http, 3, rounds).await;
    let friends = join_players(&base, &app.http, &lobby, 2).await;
    let mut socks = vec![Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await];
    for t in &friends {
        socks.push(Ws::hello(app.addr, &lobby.id, t, None).await);
    }
    start(&base, &app.http, &lobby).await;
    let mut version = 0;
    for r in 0..rounds {
        for (s, ws) in socks.iter_mut().enumerate() {
            let m = bid(ws, &format!("r{r}s{s}"), version, (s as u8 + r as u8) % 9).await.expect("answered");
            assert_eq!(m["type"], "ack", "round {r}, seat {s}: {m}");
            version = m["version"].as_u64().unwrap();
        }
    }
    let store = db.store().await;
    assert_eq!(stored(&store, &lobby).await, 3 * rounds as usize);
    let over = socks[0].until(|m| m["type"] == "state" && !m["outcome"].is_null()).await;
    assert!(!over["outcome"].is_null());
    app.stop().await;
    db.cleanup().await;
}

/// Sends an action with this request id; the answer (`ack` or
/// `rejected`), or `None` once the socket is closed.
async fn act(ws: &mut Ws, rid: &str, version: u64, action: Value) -> Option<Value> {
    ws.send(json!({"type": "act", "rid": rid, "version": version, "action": action})).await;
    while let Some(m) = ws.recv().await {
        if (m["type"] == "ack" || m["type"] == "rejected") && m["rid"] == rid {
            return Some(m);
        }
    }
    None
}

/// Villains: once the factions are chosen, the Bankers offer a gift and
/// withdraw it in a loop (any-time moves that leave the table waiting on
/// the same seats): past the seat's budget the offers are refused and not
/// stored, and the socket that keeps at it is closed.
#[tokio::test]
async fn villains_offers_and_withdrawals_in_a_loop_are_refused_past_the_budget() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = spawn_app(&db, &["--chatter-per-minute", "4"]).await;
    let base = app.url("");
    let body = json!({"game": "villains", "seats": 4, "name": "Host", "options": {}});
    let created: Value = app.http.post(app.url("/api/lobbies")).json(&body).send().await.unwrap().json().await.unwrap();
    let lobby = Lobby::created(&created);
    let mut tokens = vec![lobby.host_token.clone()];
    tokens.extend(join_players(&base, &app.http, &lobby, 3).await);
    let mut socks = vec![];
    for t in &tokens {
        socks.push(Ws::hello(app.addr, &lobby.id, t, None).await);
    }
    start(&base, &app.http, &lobby).await;
    // Each faction in turn, by whoever is choosing.
    let mut version = 0;
    let mut bankers = None;
    for faction in ["mutants", "mafia", "bankers", "robots"] {
        let mut chosen = false;
        for (s, ws) in socks.iter_mut().enumerate() {
            let m = act(ws, &format!("{faction}{s}"), version, json!({"type": "choose_faction", "faction": faction}))
                .await
                .expect("answered");
            if m["type"] == "ack" {
                version = m["version"].as_u64().unwrap();
                if faction == "bankers" {
                    bankers = Some(s);
                }
                chosen = true;
                break;
            }
        }
        assert!(chosen, "nobody could choose {faction}");
    }
    let b = bankers.unwrap();
    let store = db.store().await;
    assert_eq!(stored(&store, &lobby).await, 4);
    // The Bankers' seat is unknown here: an offer to oneself is refused.
    let (mut to, mut accepted, mut refused, mut open) = (0u64, 0, 0, false);
    let ws = &mut socks[b];
    for i in 0..30 {
        let action = if !open {
            json!({"type": "offer", "to": to, "give": 1, "want": 0})
        } else {
            json!({"type": "withdraw_offer", "to": to})
        };
        let Some(m) = act(ws, &format!("deal{i}"), version, action).await else {
            assert_eq!(ws.closed, Some(1008), "closed as a flood");
            break;
        };
        match m["code"].as_str() {
            None => {
                accepted += 1;
                open = !open;
                version = m["version"].as_u64().unwrap();
            }
            Some("illegal_move") if i == 0 && to == 0 => {
                to = 1;
                let m = act(ws, "deal-again", version, json!({"type": "offer", "to": to, "give": 1, "want": 0}))
                    .await
                    .unwrap();
                assert_eq!(m["type"], "ack", "{m}");
                accepted += 1;
                open = true;
                version = m["version"].as_u64().unwrap();
            }
            Some(code) => {
                assert_eq!(code, "rate_limited", "{m}");
                refused += 1;
            }
        }
    }
    assert_eq!(accepted, 4, "offers and withdrawals within the seat's budget");
    assert_eq!(refused, 4, "then refused as often again before the close");
    assert_eq!(ws.closed, Some(1008));
    assert_eq!(stored(&store, &lobby).await, 8, "four factions and four deals; nothing refused is stored");
    app.stop().await;
    db.cleanup().await;
}
