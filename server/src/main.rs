//! The `backroom` binary: `serve` (default), `verify`, `scenario`, `arena`.

use anyhow::Result;
use backroom_server::config::{Cli, Command, ServeArgs};
use clap::Parser;
use std::process::ExitCode;
use tracing_subscriber::EnvFilter;

/// mimalloc: the profile under load showed a quarter of the server's CPU in
/// glibc malloc/free (many small, short-lived strings per frame).
/// Build with `--no-default-features` to profile the heap with heaptrack.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn init_tracing(json: bool) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=warn"));
    if json {
        tracing_subscriber::fmt().with_env_filter(filter).json().init();
    } else {
        tracing_subscriber::fmt().with_env_filter(filter).init();
    }
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(s) => s,
            Err(_) => {
                let _ = ctrl_c.await;
                return;
            }
        };
        tokio::select! {
            _ = ctrl_c => {},
            _ = term.recv() => {},
        }
    }
    #[cfg(not(unix))]
    let _ = ctrl_c.await;
}

async fn serve(args: ServeArgs) -> Result<()> {
    init_tracing(args.log_json);
    let listener = tokio::net::TcpListener::bind(args.bind).await?;
    let addr = listener.local_addr()?;
    let store = backroom_server::Store::connect(&args.database_url).await?;
    println!("Backroom is running ({} store). Open http://{addr}/ in your browser.", store.backend());
    backroom_server::serve(listener, store, args, shutdown_signal()).await
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let workers = match &cli.command {
        Some(Command::Serve(args)) => args.worker_threads,
        _ => cli.serve.worker_threads,
    };
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let mut builder = match (workers, cores) {
        (0, 1) => tokio::runtime::Builder::new_current_thread(),
        (0, n) | (n, _) => {
            let mut b = tokio::runtime::Builder::new_multi_thread();
            b.worker_threads(n);
            b
        }
    };
    let rt = match builder.enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = rt.block_on(async move {
        match cli.command {
            None => serve(cli.serve).await.map(|_| true),
            Some(Command::Serve(args)) => serve(args).await.map(|_| true),
            Some(Command::Verify { lobby, database_url }) => {
                let store = backroom_server::Store::connect(&database_url).await?;
                match backroom_server::verify::verify(&store, lobby).await {
                    Ok(v) => {
                        let source = match v.contributions {
                            Some(n) => format!(
                                "seed derived from the server's committed secret and {n} player contribution{}",
                                if n == 1 { "" } else { "s" }
                            ),
                            None => "seed picked by the server alone (no commitment)".to_string(),
                        };
                        println!(
                            "verified: {} match, {} actions, {source}, seed hash {}; {}",
                            v.game, v.actions, v.seed_hash, v.outcome
                        );
                        Ok(true)
                    }
                    Err(e) => {
                        println!("NOT verified: {e:#}");
                        Ok(false)
                    }
                }
            }
            Some(Command::Arena { game, matches, bots, seed, options, think_ms }) => {
                let Some(g) = backroom_games::find(&game) else {
                    anyhow::bail!("no game '{game}' in the catalogue");
                };
                let arena = backroom_games::arena::Arena {
                    options: serde_json::from_str(&options)?,
                    bots: backroom_games::arena::parse_bots(&bots).map_err(anyhow::Error::msg)?,
                    matches,
                    seed,
                    max_actions: 1_000_000,
                    think_ms,
                };
                let started = std::time::Instant::now();
                let report = backroom_games::arena::run(g, &arena).map_err(anyhow::Error::msg)?;
                print!("{report}");
                let per_match = started.elapsed().as_secs_f64() / (report.finished + report.abandoned).max(1) as f64;
                println!("  {per_match:.2} s per match");
                Ok(report.abandoned == 0)
            }
            Some(Command::Scenario { paths }) => {
                let mut files = vec![];
                for p in paths {
                    if p.is_dir() { files.extend(backroom_games::scenario::files_in(&p)) } else { files.push(p) }
                }
                let (mut passed, mut failed) = (0, 0);
                for f in files {
                    match backroom_games::scenario::load(&f).and_then(|s| backroom_games::scenario::run(&s)) {
                        Ok(()) => {
                            passed += 1;
                            println!("ok    {}", f.display());
                        }
                        Err(e) => {
                            failed += 1;
                            println!("FAIL  {}: {e}", f.display());
                        }
                    }
                }
                println!("{passed} passed, {failed} failed");
                Ok(failed == 0)
            }
        }
    });
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
