//! Store benchmarks (criterion), built only with `--features store` because
//! they link the server crate:
//!
//! ```sh
//! cargo bench -p backroom-benches --features store --bench store              # SQLite only
//! BACKROOM_BENCH_PG=postgres://postgres@127.0.0.1:5432/bench_store \
//!     cargo bench -p backroom-benches --features store --bench store          # + Postgres
//! cargo bench -p backroom-benches --features store --bench store -- --test    # smoke
//! ```
//!
//! * `commit/<backend>/<grouped|single>/<M>`: M matches commit one action
//!   each, concurrently, through the server's `GroupCommit` writer with
//!   batching on (one transaction for whatever queued up) or off (one
//!   transaction per commit). Throughput is commits per second; the time per
//!   iteration is the latency of a commit when M matches commit at once.
//!   Persist-before-acknowledge holds in both: `commit` returns only once
//!   the transaction is durable.
//! * `resume/<backend>/<len>`: resume a Sealed Bids match of `len` actions
//!   (snapshot every 100 actions, as the server writes them) from the store:
//!   `load_resume` + restore the snapshot + replay the tail.
//!
//! The Postgres database named in `BACKROOM_BENCH_PG` must exist (lobby ids
//! are random, so reusing one is harmless); SQLite uses a fresh file in the
//! temporary directory.

use backroom_benches::*;
use backroom_protocol::http::LobbyStatus;
use backroom_server::store::{ActionRow, Commit, GroupCommit, LobbyRow, PlayerRow, Snapshot, Store, now_ms};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};
use tokio::runtime::Runtime;
use uuid::Uuid;

fn runtime() -> Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime")
}

fn backends(rt: &Runtime) -> Vec<(&'static str, Store)> {
    let mut out = Vec::new();
    // A file of its own per call: each benchmark group opens a fresh store, and
    // reusing one name would pair a new database with the last one's `-wal`
    // and `-shm` files (SQLite then reports a short read, "disk I/O error").
    static CALLS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = CALLS.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("backroom-store-bench-{}-{n}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let url = format!("sqlite://{}", path.display());
    out.push(("sqlite", rt.block_on(Store::connect(&url)).expect("sqlite store")));
    if let Ok(pg) = std::env::var("BACKROOM_BENCH_PG") {
        match rt.block_on(Store::connect(&pg)) {
            Ok(s) => out.push(("postgres", s)),
            Err(e) => eprintln!("skipping Postgres ({e:#})"),
        }
    } else {
        eprintln!("BACKROOM_BENCH_PG not set: Postgres skipped");
    }
    out
}

/// A live Sealed Bids match in the store, with its opening snapshot.
async fn new_match(store: &Store, opening_state: &str, opening_rng: &str) -> Uuid {
    let id = Uuid::new_v4();
    let now = now_ms();
    let lobby = LobbyRow {
        id,
        game: "sealed-bids".into(),
        seats: 4,
        options: r#"{"rounds":100}"#.into(),
        status: LobbyStatus::Open,
        invite_hash: "0".repeat(64),
        spectate_hash: None,
        seed: None,
        seed_hash: None,
        engine_version: 1,
        outcome: None,
        rematch: None,
        turn_clock_secs: 0,
        stand_in_level: Default::default(),
        webhook_url: None,
        server_secret: None,
        server_commitment: None,
        seat_contributions: None,
        created_at: now,
        updated_at: now,
    };
    let host = PlayerRow {
        id: Uuid::new_v4(),
        name: "bench".into(),
        token_hash: format!("{:064x}", id.as_u128()),
        seat: Some(0),
        bot: false,
        host: true,
        joined_at: now,
        stand_in: false,
        program: false,
        bot_level: Default::default(),
    };
    store.create_lobby(&lobby, &host).await.expect("create lobby");
    let opening = Snapshot { seq: 0, state: opening_state.into(), rng: opening_rng.into() };
    store.start_match(id, (&[7u8; 32], &"0".repeat(64)), None, &opening).await.expect("start");
    id
}

fn action_row(seq: i64, seat: u8, action: &str) -> ActionRow {
    ActionRow {
        seq,
        seat,
        rid: Some(format!("r{seq}")),
        action: action.into(),
        log: r#"[{"public":"Seat 1 has locked a bid.","to":[0],"private":"You locked your dial at 7."}]"#.into(),
        at: now_ms(),
    }
}

fn commits(c: &mut Criterion) {
    let rt = runtime();
    let rec = sealed_bids_recorded(4, 1);
    for (backend, store) in backends(&rt) {
        let mut g = c.benchmark_group(format!("commit/{backend}"));
        g.sample_size(10).measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_millis(500));
        for m in [1usize, 64, 512] {
            let ids: Vec<Uuid> = rt.block_on(async {
                let mut v = Vec::with_capacity(m);
                for _ in 0..m {
                    v.push(new_match(&store, &rec.initial_state, &rec.initial_rng).await);
                }
                v
            });
            let seqs: Arc<Vec<AtomicI64>> = Arc::new((0..m).map(|_| AtomicI64::new(0)).collect());
            g.throughput(Throughput::Elements(m as u64));
            for (mode, batching) in [("grouped", true), ("single", false)] {
                let writer = {
                    let _guard = rt.enter();
                    GroupCommit::start(store.clone(), batching, 512, 4)
                };
                g.bench_function(BenchmarkId::new(mode, m), |b| {
                    b.iter_custom(|iters| {
                        rt.block_on(async {
                            let t0 = Instant::now();
                            let tasks: Vec<_> = ids
                                .iter()
                                .enumerate()
                                .map(|(i, id)| {
                                    let w = writer.clone();
                                    let seqs = seqs.clone();
                                    let id = *id;
                                    tokio::spawn(async move {
                                        let base = seqs[i].fetch_add(iters as i64, Ordering::Relaxed);
                                        for k in 1..=iters as i64 {
                                            let row = action_row(
                                                base + k,
                                                (k % 4) as u8,
                                                r#"{"type":"bid","value":7,"round":0}"#,
                                            );
                                            w.commit(Commit {
                                                lobby: id,
                                                actions: vec![row],
                                                snapshot: None,
                                                finished: None,
                                                epoch: None,
                                            })
                                            .await
                                            .expect("commit");
                                        }
                                    })
                                })
                                .collect();
                            for t in tasks {
                                t.await.expect("task");
                            }
                            t0.elapsed()
                        })
                    })
                });
            }
        }
        g.finish();
    }
}

fn resumes(c: &mut Criterion) {
    let rt = runtime();
    let game = sealed_bids_dyn();
    for (backend, store) in backends(&rt) {
        let mut g = c.benchmark_group(format!("resume/{backend}"));
        g.sample_size(10).measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_millis(500));
        for len in [100usize, 1_000, 10_000] {
            let rec = sealed_bids_recorded_with_snapshots(len + 37, 5, 100);
            let id = rt.block_on(async {
                let id = new_match(&store, &rec.initial_state, &rec.initial_rng).await;
                // Commit in chunks of 100 actions, each with its snapshot, as the server does.
                let mut seq = 0usize;
                for chunk in rec.log.chunks(100) {
                    let actions: Vec<ActionRow> = chunk
                        .iter()
                        .enumerate()
                        .map(|(i, (seat, a))| action_row((seq + i + 1) as i64, *seat, a))
                        .collect();
                    seq += chunk.len();
                    let snapshot = rec.snapshots.iter().find(|(s, _, _)| *s == seq).map(|(s, st, r)| Snapshot {
                        seq: *s as i64,
                        state: st.clone(),
                        rng: r.clone(),
                    });
                    store
                        .commit_batch(&[Commit { lobby: id, actions, snapshot, finished: None, epoch: None }])
                        .await
                        .expect("commit");
                }
                id
            });
            g.bench_with_input(BenchmarkId::from_parameter(len + 37), &len, |b, _| {
                b.iter(|| {
                    rt.block_on(async {
                        let r = store.load_resume(id, 25).await.expect("load_resume");
                        let tail = r.tail.iter().map(|a| (a.seat, a.action.as_str()));
                        black_box(resume_from(game, &r.snapshot.state, &r.snapshot.rng, tail))
                    })
                })
            });
        }
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().without_plots();
    targets = commits, resumes
}
criterion_main!(benches);
