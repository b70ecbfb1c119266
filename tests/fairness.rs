//! A seed nobody picks: the server's commitment from the lobby's creation,
//! the people's contributions before the start (and only then), the
//! derivation revealed at the end and checked by `verify`, on both stores.

use crate::helpers::*;
use crate::play::play_seat;
use backroom_server::fairness::{derive_seed, unhex};
use backroom_server::{Store, secret};
use serde_json::json;
use uuid::Uuid;

fn contribute_path(lobby: &Lobby) -> String {
    format!("/api/lobbies/{}/contribute", lobby.id)
}

/// Sets a column of a stored lobby, as someone tampering with the
/// database would: text, or bytes given in hex.
async fn tamper(store: &Store, id: Uuid, column: &str, value: &str, bytes: bool) {
    let q = || sqlx::AssertSqlSafe(format!("UPDATE lobbies SET {column} = $1 WHERE id = $2"));
    let raw = unhex(value).filter(|_| bytes);
    match store {
        Store::Sqlite(p) => {
            match raw {
                Some(b) => sqlx::query(q()).bind(b).bind(id).execute(p).await,
                None => sqlx::query(q()).bind(value).bind(id).execute(p).await,
            }
            .unwrap();
        }
        Store::Postgres(p) => {
            match raw {
                Some(b) => sqlx::query(q()).bind(b).bind(id).execute(p).await,
                None => sqlx::query(q()).bind(value).bind(id).execute(p).await,
            }
            .unwrap();
        }
    }
}

/// Four seats: the host contributes twice (the last one counts), a friend
/// once, another friend's browser never does, and a bot fills the last
/// seat. After the start nothing changes the seed: a contribution and a
/// join are refused, and bots standing in for both friends play their
/// seats to the end. The end reveals the secret and each seat's
/// contribution; `verify` redoes the derivation and refuses a tampered one.
async fn committed_seed(backend: Backend) {
    let db = TestDb::new(backend).await;
    let app = spawn_app(&db, &[]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 4, 2).await;
    let friends = join_players(&base, &app.http, &lobby, 2).await;
    let lobby_path = format!("/api/lobbies/{}", lobby.id);

    // The commitment is public from the creation on; the secret is not.
    let (_, open) = app.get(&lobby_path, Some(&lobby.host_token)).await;
    let commitment = open["server_commitment"].as_str().unwrap_or_else(|| panic!("no commitment: {open}")).to_string();
    assert_eq!(commitment.len(), 64);
    assert!(open.get("server_secret").is_none() && open.get("contributions").is_none(), "{open}");

    // Malformed contributions are refused with a typed answer.
    for bad in ["", "zz", "abc", &"ab".repeat(65)] {
        let (status, e) =
            app.post(&contribute_path(&lobby), Some(&lobby.host_token), json!({"contribution": bad})).await;
        assert_eq!((status, e["code"].as_str()), (400, Some("invalid_field")), "{bad:?}: {e}");
    }
    let (status, e) = app.post(&contribute_path(&lobby), None, json!({"contribution": "00"})).await;
    assert_eq!((status, e["code"].as_str()), (401, Some("not_authenticated")), "{e}");

    let first = secret::hex(&[0x11; 32]);
    let host_c = secret::hex(&[0x5a; 32]);
    let friend_c = secret::hex(&[0xc3; 32]);
    for (token, c) in [(&lobby.host_token, &first), (&lobby.host_token, &host_c), (&friends[0], &friend_c)] {
        let (status, e) = app.post(&contribute_path(&lobby), Some(token), json!({"contribution": c})).await;
        assert_eq!(status, 204, "{e}");
    }
    // Nobody sees a contribution before the start, not even its author.
    let (_, open) = app.get(&lobby_path, Some(&friends[1])).await;
    let text = open.to_string();
    assert!(!text.contains(&host_c) && !text.contains(&friend_c), "a contribution shows before the start: {text}");
    let (status, filled) = app.post(&format!("{lobby_path}/bots"), Some(&lobby.host_token), json!({})).await;
    assert_eq!(status, 200, "{filled}");

    let mut host_ws = Ws::hello(app.addr, &lobby.id, &lobby.host_token, None).await;
    let started = start(&base, &app.http, &lobby).await;
    assert_eq!(started["status"], "live", "{started}");
    let seed_hash = started["seed_hash"].as_str().unwrap().to_string();
    assert_eq!(started["server_commitment"].as_str(), Some(commitment.as_str()));
    assert!(started.get("server_secret").is_none() && started.get("contributions").is_none(), "{started}");

    // After the start: the seed is fixed.
    let (status, e) =
        app.post(&contribute_path(&lobby), Some(&friends[1]), json!({"contribution": secret::hex(&[9; 32])})).await;
    assert_eq!((status, e["code"].as_str()), (409, Some("already_started")), "{e}");
    assert!(e["message"].as_str().unwrap().contains("only before the start"), "the refusal names the rule: {e}");
    let (status, e) =
        app.post(&format!("{lobby_path}/join"), None, json!({"invite": lobby.invite, "name": "Late"})).await;
    assert_eq!((status, e["code"].as_str()), (409, Some("already_started")), "{e}");
    for seat in [1, 2] {
        let (status, e) = app
            .post(&format!("{lobby_path}/stand-in"), Some(&lobby.host_token), json!({"seat": seat, "on": true}))
            .await;
        assert_eq!(status, 200, "{e}");
    }
    let (last, _) = play_seat(&mut host_ws, 0, |round| (round % 7) as u8).await;
    assert_eq!(last["view"]["over"], true);

    // The end reveals everything the seed came from.
    let (status, record) = app.get(&format!("{lobby_path}/record"), Some(&lobby.host_token)).await;
    assert_eq!(status, 200, "{record}");
    let l = &record["lobby"];
    assert_eq!(l["seed_hash"].as_str(), Some(seed_hash.as_str()), "a stand-in changes nothing of the seed");
    assert_eq!(l["contributions"], json!([host_c, friend_c, "", ""]), "seat order; the last one counts: {l}");
    let server_secret = unhex(l["server_secret"].as_str().unwrap()).unwrap();
    assert_eq!(secret::hash_bytes(&server_secret), commitment);
    let contributions: Vec<Vec<u8>> =
        l["contributions"].as_array().unwrap().iter().map(|c| unhex(c.as_str().unwrap()).unwrap()).collect();
    let seed = derive_seed(&server_secret, &contributions);
    assert_eq!(l["seed"].as_str(), Some(secret::hex(&seed).as_str()));
    assert_eq!(secret::hash_bytes(&seed), seed_hash);
    app.stop().await;

    // `verify` redoes the derivation, and refuses a tampered record.
    let store = db.store().await;
    let id: Uuid = lobby.id.parse().unwrap();
    let v = backroom_server::verify::verify(&store, id).await.unwrap();
    assert_eq!(v.contributions, Some(2));
    let honest = l["contributions"].to_string();
    let forged = json!([friend_c, host_c, "", ""]).to_string();
    tamper(&store, id, "seat_contributions", &forged, false).await;
    let e = backroom_server::verify::verify(&store, id).await.expect_err("swapped contributions verify");
    assert!(format!("{e:#}").contains("not the derivation"), "{e:#}");
    tamper(&store, id, "seat_contributions", &honest, false).await;
    backroom_server::verify::verify(&store, id).await.unwrap();
    tamper(&store, id, "server_secret", &secret::hex(&[0; 32]), true).await;
    let e = backroom_server::verify::verify(&store, id).await.expect_err("another secret verifies");
    assert!(format!("{e:#}").contains("commitment"), "{e:#}");
    db.cleanup().await;
}

#[tokio::test]
async fn the_seed_comes_from_the_commitment_and_the_contributions_on_sqlite() {
    committed_seed(Backend::Sqlite).await;
}

#[tokio::test]
async fn the_seed_comes_from_the_commitment_and_the_contributions_on_postgres() {
    committed_seed(Backend::Postgres).await;
}

/// A server that forces seeds for tests commits to nothing and takes no
/// contributions: its deals follow from the test seed alone, as before.
#[tokio::test]
async fn a_test_seed_server_keeps_the_server_picked_seed() {
    let db = TestDb::new(Backend::Sqlite).await;
    let forced = [0x42u8; 32];
    let app = spawn_app(&db, &["--test-seed", &secret::hex(&forced)]).await;
    let base = app.url("");
    let lobby = sealed_bids_lobby(&base, &app.http, 2, 1).await;
    let (_, open) = app.get(&format!("/api/lobbies/{}", lobby.id), Some(&lobby.host_token)).await;
    assert!(open.get("server_commitment").is_none(), "{open}");
    let (status, e) = app
        .post(&contribute_path(&lobby), Some(&lobby.host_token), json!({"contribution": secret::hex(&[1; 32])}))
        .await;
    assert_eq!((status, e["code"].as_str()), (400, Some("invalid_field")), "{e}");
    join_players(&base, &app.http, &lobby, 1).await;
    let started = start(&base, &app.http, &lobby).await;
    let seed = backroom_server::config::TestSeed(forced).match_seed();
    assert_eq!(started["seed_hash"].as_str(), Some(secret::hash_bytes(&seed).as_str()));
    app.stop().await;
    db.cleanup().await;
}
