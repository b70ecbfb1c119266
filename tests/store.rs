//! The same store tests on Postgres and SQLite.

use crate::helpers::*;
use backroom_protocol::http::{BotLevel, LobbyStatus};
use backroom_server::store::{ActionRow, Commit, GroupCommit, LobbyRow, PlayerRow, Snapshot, now_ms};
use uuid::Uuid;

fn lobby_row() -> (LobbyRow, PlayerRow) {
    let now = now_ms();
    (
        LobbyRow {
            id: Uuid::new_v4(),
            game: "sealed-bids".into(),
            seats: 2,
            options: "{\"rounds\":3}".into(),
            status: LobbyStatus::Open,
            invite_hash: "i".into(),
            spectate_hash: None,
            seed: None,
            seed_hash: None,
            engine_version: 1,
            outcome: None,
            rematch: None,
            turn_clock_secs: 0,
            webhook_url: None,
            server_secret: None,
            server_commitment: None,
            seat_contributions: None,
            stand_in_level: BotLevel::Normal,
            created_at: now,
            updated_at: now,
        },
        PlayerRow {
            id: Uuid::new_v4(),
            name: "Ana".into(),
            token_hash: "t".into(),
            seat: Some(0),
            bot: false,
            host: true,
            joined_at: now,
            stand_in: false,
            program: false,
            bot_level: BotLevel::Normal,
        },
    )
}

fn action(seq: i64) -> ActionRow {
    ActionRow {
        seq,
        seat: (seq % 2) as u8,
        rid: Some(format!("r{seq}")),
        action: format!("{{\"n\":{seq}}}"),
        log: "[]".into(),
        at: seq,
    }
}

#[tokio::test]
async fn group_commit_batches_many_matches_and_resume_reads_them_back() {
    for backend in BOTH {
        let db = TestDb::new(backend).await;
        let store = db.store().await;
        let mut ids = vec![];
        for _ in 0..5 {
            let (l, p) = lobby_row();
            store.create_lobby(&l, &p).await.unwrap();
            let opening = Snapshot { seq: 0, state: "{\"s\":0}".into(), rng: "{}".into() };
            store.start_match(l.id, (&[7; 32], "h"), None, &opening).await.unwrap();
            assert!(store.start_match(l.id, (&[7; 32], "h"), None, &opening).await.is_err(), "a match starts once");
            ids.push(l.id);
        }
        let commits = GroupCommit::start(store.clone(), true, 64, 4);
        // 5 matches x 30 actions, committed concurrently.
        let mut tasks = vec![];
        for id in ids.clone() {
            let c = commits.clone();
            tasks.push(tokio::spawn(async move {
                for seq in 1..=30 {
                    let snapshot =
                        (seq % 10 == 0).then(|| Snapshot { seq, state: format!("{{\"s\":{seq}}}"), rng: "{}".into() });
                    c.commit(Commit { lobby: id, actions: vec![action(seq)], snapshot, finished: None, epoch: None })
                        .await
                        .unwrap();
                }
            }));
        }
        for t in tasks {
            t.await.unwrap();
        }
        for id in &ids {
            let r = store.load_resume(*id, 5).await.unwrap();
            assert_eq!(r.version, 30, "{backend:?}");
            assert_eq!(r.snapshot.seq, 30);
            assert!(r.tail.is_empty());
            assert_eq!(r.recent.len(), 5);
            assert_eq!(r.recent[4].rid.as_deref(), Some("r30"));
            assert_eq!(store.all_actions(*id).await.unwrap().len(), 30);
        }
        // A duplicate seq fails the whole batch: nothing of it is stored.
        let bad = Commit {
            lobby: ids[0],
            actions: vec![action(31), action(30)],
            snapshot: None,
            finished: None,
            epoch: None,
        };
        assert!(commits.commit(bad).await.is_err());
        assert_eq!(store.all_actions(ids[0]).await.unwrap().len(), 30, "{backend:?}: atomic batch");
        // Finishing stores the outcome and status.
        commits
            .commit(Commit {
                lobby: ids[1],
                actions: vec![action(31)],
                snapshot: None,
                finished: Some("{\"x\":1}".into()),
                epoch: None,
            })
            .await
            .unwrap();
        let (l, players) = store.load_lobby(ids[1]).await.unwrap().unwrap();
        assert_eq!(l.status, LobbyStatus::Finished);
        assert_eq!(l.outcome.as_deref(), Some("{\"x\":1}"));
        assert_eq!(l.seed.as_deref(), Some(&[7u8; 32][..]));
        assert_eq!(players.len(), 1);
        assert!(store.live_lobbies().await.unwrap().len() == 4);
        db.cleanup().await;
    }
}

#[tokio::test]
async fn players_seats_chat_and_expiry_round_trip() {
    for backend in BOTH {
        let db = TestDb::new(backend).await;
        let store = db.store().await;
        let (l, host) = lobby_row();
        store.create_lobby(&l, &host).await.unwrap();
        let bot = PlayerRow {
            id: Uuid::new_v4(),
            name: "Bot 1".into(),
            token_hash: "b".into(),
            seat: Some(1),
            bot: true,
            host: false,
            joined_at: now_ms(),
            stand_in: false,
            program: false,
            bot_level: BotLevel::Normal,
        };
        store.add_player(l.id, &bot).await.unwrap();
        store.set_seat(l.id, host.id, None).await.unwrap();
        let (_, players) = store.load_lobby(l.id).await.unwrap().unwrap();
        assert_eq!(players.len(), 2);
        assert_eq!(players.iter().find(|p| p.host).unwrap().seat, None);
        assert!(players.iter().find(|p| p.bot).unwrap().bot);
        store.remove_player(l.id, bot.id).await.unwrap();
        for i in 1..=60 {
            store
                .add_chat(
                    l.id,
                    &backroom_server::store::ChatRow {
                        seq: i,
                        player: host.id,
                        name: "Ana".into(),
                        seat: None,
                        text: format!("m{i}"),
                        at: i,
                    },
                )
                .await
                .unwrap();
        }
        let chat = store.recent_chat(l.id, 50).await.unwrap();
        assert_eq!(chat.len(), 50);
        assert_eq!(chat.first().unwrap().text, "m11");
        assert_eq!(chat.last().unwrap().text, "m60");
        assert_eq!(store.expire_open_lobbies(now_ms() - 60_000).await.unwrap().len(), 0);
        assert_eq!(store.expire_open_lobbies(now_ms() + 1).await.unwrap(), vec![l.id]);
        assert_eq!(store.load_lobby(l.id).await.unwrap().unwrap().0.status, LobbyStatus::Expired);
        db.cleanup().await;
    }
}

/// A row the database refuses (here a NUL byte, which Postgres `text`
/// cannot hold) fails only its own table's commit, not every table that
/// shared the group commit's transaction.
#[tokio::test]
async fn a_refused_row_fails_only_its_own_tables_commit() {
    let db = TestDb::new(Backend::Postgres).await;
    let store = db.store().await;
    let writer = GroupCommit::start(store.clone(), true, 64, 1);
    let commit = |lobby: Uuid, rid: &str| Commit {
        lobby,
        actions: vec![ActionRow {
            seq: 1,
            seat: 0,
            rid: Some(rid.into()),
            action: "{}".into(),
            log: "[]".into(),
            at: 1,
        }],
        snapshot: None,
        finished: None,
        epoch: None,
    };
    let (good1, bad, good2) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
    let (r1, r2, r3) = tokio::join!(
        writer.commit(commit(good1, "a")),
        writer.commit(commit(bad, "b\0")),
        writer.commit(commit(good2, "c"))
    );
    assert!(r1.is_ok() && r3.is_ok(), "{r1:?} {r3:?}");
    assert!(r2.is_err());
    for (lobby, stored) in [(good1, 1), (bad, 0), (good2, 1)] {
        assert_eq!(store.all_actions(lobby).await.unwrap().len(), stored);
    }
    db.cleanup().await;
}
