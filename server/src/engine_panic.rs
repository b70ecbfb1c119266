//! Sealed Bids wrapped to misbehave on purpose, seen from the server:
//! rules that "crash" on a bid of 13 (reloading finds the real Sealed Bids
//! by id), and prompts that leave one thing to do (every bid dial reduced
//! to the single value 3), for "pass for me when I have nothing to decide".

use crate::config::Cli;
use crate::outbox::{Out, Outbox};
use crate::registry::Registry;
use crate::secret;
use crate::store::{LobbyRow, PlayerRow, Store, now_ms};
use crate::table::{Act, Cmd, ConnId, Credential, LobbyRequest};
use backroom_engine::erased::{DynGame, DynState};
use backroom_engine::{GameInfo, GameRng, LogEntry, Outcome, Pending, Prompt, RuleError, Seat, SetupError, Viewer};
use backroom_protocol::http::LobbyStatus;
use clap::Parser;
use serde_json::Value;
use serde_json::json;
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};
use uuid::Uuid;

struct Faulty(&'static dyn DynGame, Twist);
struct FaultyState(Box<dyn DynState>, Twist);

/// How the wrapped game misbehaves.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Twist {
    /// A bid of 13 panics half-way through `apply`.
    Panic,
    /// Every prompt leaves one thing to do: the dial offers only 3.
    OneOption,
    /// The search bot panics (Bob is a Strong bot).
    SearchPanics,
}

impl DynGame for Faulty {
    fn info(&self) -> GameInfo {
        self.0.info()
    }
    fn content(&self) -> Option<String> {
        self.0.content()
    }
    fn normalize_options(&self, options: &Value) -> Result<Value, SetupError> {
        self.0.normalize_options(options)
    }
    fn setup(&self, options: &Value, seats: u8, rng: &mut GameRng) -> Result<Box<dyn DynState>, SetupError> {
        Ok(Box::new(FaultyState(self.0.setup(options, seats, rng)?, self.1)))
    }
    fn restore(&self, state: &str) -> Result<Box<dyn DynState>, String> {
        Ok(Box::new(FaultyState(self.0.restore(state)?, self.1)))
    }
}

impl DynState for FaultyState {
    fn pending(&self) -> Pending {
        self.0.pending()
    }
    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        let mut p = self.0.prompt(seat)?;
        if self.1 == Twist::OneOption {
            for ask in &mut p.asks {
                for param in &mut ask.params {
                    param.input = backroom_engine::Input::One { options: vec![backroom_engine::Opt::new(3, "3")] };
                }
            }
        }
        Some(p)
    }
    fn apply(&mut self, seat: Seat, action: &Value, rng: &mut GameRng) -> Result<(Vec<LogEntry>, String), RuleError> {
        // Half-applied, then a crash: the table must not keep the half.
        let applied = self.0.apply(seat, action, rng);
        assert!(self.1 != Twist::Panic || action["value"] != 13, "injected fault in the rules");
        applied
    }
    fn view_json(&self, viewer: Viewer) -> String {
        self.0.view_json(viewer)
    }
    fn view_raw(&self, viewer: Viewer) -> Box<serde_json::value::RawValue> {
        self.0.view_raw(viewer)
    }
    fn state_json(&self) -> String {
        self.0.state_json()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn bot_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Value> {
        self.0.bot_action(seat, rng)
    }
    fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Value> {
        self.0.random_action(seat, rng)
    }
    fn redeal_hidden(&mut self, viewer: Seat, rng: &mut GameRng) {
        self.0.redeal_hidden(viewer, rng)
    }
    fn search_action(&self, seat: Seat, seed: u64, budget: backroom_engine::search::Budget<'_>) -> Option<Value> {
        assert!(self.1 != Twist::SearchPanics, "injected fault in the search");
        self.0.search_action(seat, seed, budget)
    }
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(FaultyState(self.0.clone_box(), self.1))
    }
    fn canonical_action(&self, action: &Value) -> Option<String> {
        self.0.canonical_action(action)
    }
}

/// Waits for the first frame on a socket's outbox that `pred` accepts
/// (frames before it are dropped).
async fn until(out: &Outbox, seen: &mut VecDeque<Value>, pred: impl Fn(&Value) -> bool) -> Value {
    loop {
        while let Some(m) = seen.pop_front() {
            if pred(&m) {
                return m;
            }
        }
        let mut batch = vec![];
        tokio::time::timeout(Duration::from_secs(10), out.recv_many(&mut batch)).await.expect("a frame within 10 s");
        for o in batch {
            let Out::Text(t) = o else { panic!("the socket was closed") };
            seen.push_back(serde_json::from_str(t.as_str()).expect("JSON frame"));
        }
    }
}

/// A started two-seat match of the wrapped game (Ann and Bob, stored in a
/// fresh SQLite file, `extra` flags for the server), with Ann's socket
/// subscribed and her first state read.
pub(crate) async fn wrapped_match(
    twist: Twist,
    extra: &[&str],
) -> (Arc<Registry>, Uuid, ConnId, Arc<Outbox>, VecDeque<Value>, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("backroom-panic-{}", Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}/b.db", dir.display());
    let mut args = vec!["backroom", "--database-url", &url];
    args.extend_from_slice(extra);
    let ctx = Registry::new(Store::connect(&url).await.unwrap(), Cli::parse_from(args).serve);
    let real = backroom_games::find("sealed-bids").unwrap();
    let faulty: &'static dyn DynGame = Box::leak(Box::new(Faulty(real, twist)));
    let now = now_ms();
    let lobby = LobbyRow {
        id: Uuid::new_v4(),
        game: "sealed-bids".into(),
        seats: 2,
        options: real.normalize_options(&json!({"rounds": 2})).unwrap().to_string(),
        status: LobbyStatus::Open,
        invite_hash: secret::hash("invite"),
        spectate_hash: None,
        seed: None,
        seed_hash: None,
        engine_version: real.info().engine_version as i32,
        outcome: None,
        rematch: None,
        turn_clock_secs: 0,
        webhook_url: None,
        server_secret: None,
        server_commitment: None,
        seat_contributions: None,
        stand_in_level: backroom_protocol::http::BotLevel::Normal,
        created_at: now,
        updated_at: now,
    };
    let player = |name: &str, seat: u8| PlayerRow {
        id: Uuid::new_v4(),
        name: name.into(),
        token_hash: secret::hash(name),
        seat: Some(seat),
        bot: twist == Twist::SearchPanics && seat == 1,
        host: seat == 0,
        joined_at: now + seat as i64,
        stand_in: false,
        program: false,
        bot_level: backroom_protocol::http::BotLevel::Strong,
    };
    let (ann, bob) = (player("ann", 0), player("bob", 1));
    ctx.store.create_lobby(&lobby, &ann).await.unwrap();
    ctx.store.add_player(lobby.id, &bob).await.unwrap();
    let id = lobby.id;
    ctx.open(faulty, lobby, vec![ann, bob]);
    ctx.call(id, |reply| LobbyRequest::Start { token: secret::hash("ann"), reply }).await.unwrap();
    let out = Outbox::new();
    let conn = ctx
        .call(id, |reply| LobbyRequest::Subscribe {
            who: Credential::Token(secret::hash("ann")),
            since: None,
            out: out.clone(),
            reply,
        })
        .await
        .unwrap();
    let mut seen = VecDeque::new();
    until(&out, &mut seen, |m| m["type"] == "state").await;
    (ctx, id, conn, out, seen, dir)
}

#[tokio::test]
async fn an_engine_panic_refuses_the_batch_and_the_table_carries_on() {
    let (ctx, id, conn, out, mut seen, dir) = wrapped_match(Twist::Panic, &[]).await;
    let act = |rid: &str, value: u8| {
        Cmd::Act(Box::new(Act {
            conn,
            rid: rid.into(),
            version: 0,
            action: json!({"type": "bid", "value": value}),
            received: Instant::now(),
        }))
    };

    // The rules crash: the move is refused with a reason, not saved, and
    // the table reloads from the store (with the real engine).
    ctx.tell(id, act("crash", 13)).await;
    let refused = until(&out, &mut seen, |m| m["type"] == "rejected" || m["type"] == "ack").await;
    assert_eq!(refused["code"], "internal", "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("fault in the game rules"), "{refused}");
    let s = until(&out, &mut seen, |m| m["type"] == "state").await;
    assert_eq!(
        (s["version"].clone(), s["view"]["committed"].clone()),
        (json!(0), json!([false, false])),
        "the half-applied move is gone: {s}"
    );
    assert!(ctx.store.all_actions(id).await.unwrap().is_empty(), "nothing was committed");

    // The table carries on: the next move is made and saved.
    ctx.tell(id, act("fine", 5)).await;
    let ack = until(&out, &mut seen, |m| m["type"] == "rejected" || m["type"] == "ack").await;
    assert_eq!(ack, json!({"type": "ack", "rid": "fine", "version": 1}));
    assert_eq!(ctx.store.all_actions(id).await.unwrap().len(), 1);
    ctx.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// "Pass for me when I have nothing to decide": Ann turns it on; her
/// prompt (a dial reduced to one value) is answered for her after the
/// fixed delay, stored like any move and shown to her as made.
#[tokio::test]
async fn the_server_answers_a_prompt_with_one_thing_left_for_a_player_who_asked() {
    let (ctx, id, conn, out, mut seen, dir) = wrapped_match(Twist::OneOption, &["--auto-pass-ms", "100"]).await;
    ctx.tell(id, Cmd::Request(Box::new(LobbyRequest::AutoPass { conn, rid: Some("s1".into()), on: true }))).await;
    let ack = until(&out, &mut seen, |m| m["type"] == "ack").await;
    assert_eq!(ack["rid"], "s1");
    let s = until(&out, &mut seen, |m| m["type"] == "state" && m["view"]["my_bid"] == 3).await;
    assert_eq!(s["version"], 1, "{s}");
    let rows = ctx.store.all_actions(id).await.unwrap();
    assert_eq!((rows.len(), rows[0].seat), (1, 0), "one move, Ann's, stored");
    assert!(!s["log"].to_string().contains("bot"), "not logged as a bot's move: {s}");
    // Off again: the next prompt waits for her.
    ctx.tell(id, Cmd::Request(Box::new(LobbyRequest::AutoPass { conn, rid: Some("s2".into()), on: false }))).await;
    until(&out, &mut seen, |m| m["type"] == "ack" && m["rid"] == "s2").await;
    ctx.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Strong bot whose search panics: the panic is caught off the table's
/// task, the heuristic bids instead, and the match goes on.
#[tokio::test]
async fn a_search_that_panics_leaves_the_move_to_the_heuristic() {
    let (ctx, id, _conn, out, mut seen, dir) =
        wrapped_match(Twist::SearchPanics, &["--bot-delay-ms", "0", "--bot-think-ms", "20"]).await;
    let s = until(&out, &mut seen, |m| m["type"] == "state" && m["version"] == 1).await;
    assert_eq!(s["view"]["committed"], json!([false, true]), "Bob bid all the same: {s}");
    let rows = ctx.store.all_actions(id).await.unwrap();
    assert_eq!((rows.len(), rows[0].seat), (1, 1), "Bob's bid is stored");
    ctx.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
