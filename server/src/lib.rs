//! Backroom's server.
//!
//! * [`config`]: flags and environment (clap).
//! * [`store`]: Postgres / SQLite, migrations, the group-commit writer.
//! * [`table`]: one actor per lobby and match; the life of an action.
//! * [`ctx`]: the services every table and handler shares; [`outbox`]: a
//!   socket's queue of frames. Both sit below the table and the handlers.
//! * [`registry`]: the tables in memory, restore after a restart.
//! * [`api`]: the HTTP lobby API; [`ws`]: the WebSocket.
//! * [`limit`]: per-address limits on lobby requests and open sockets.
//! * [`verify`]: replay a finished match and check its published seed;
//!   [`fairness`]: the seed's derivation from the server's committed secret
//!   and the players' contributions.
//!
//! [`run`] is the seam tests use: it serves on a bound listener until the
//! `shutdown` future completes, then closes every socket with "restarting"
//! (close code 1012, which clients reconnect on) after the commits in flight.

pub mod api;
pub mod cluster;
pub mod config;
pub mod ctx;
#[cfg(test)]
mod engine_panic;
pub mod fairness;
pub mod hardening;
pub mod intern;
pub mod limit;
pub mod outbox;
pub mod registry;
pub mod secret;
pub mod store;
pub mod table;
pub mod verify;
pub mod webhook;
pub mod ws;

use axum::Router;
use axum::handler::HandlerWithoutStateExt;
use axum::routing::{any, get, post};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use registry::Registry;
use std::future::Future;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::net::TcpListener;
use tower_http::services::ServeDir;
use tower_http::trace::TraceLayer;

pub use config::ServeArgs;
pub use store::Store;

/// The process-wide Prometheus recorder (installed once).
pub fn metrics_handle() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            PrometheusBuilder::new()
                .set_buckets(&[0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5])
                .expect("bucket list is not empty")
                .set_buckets_for_metric(
                    metrics_exporter_prometheus::Matcher::Full("backroom_commit_batch_size".into()),
                    &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0],
                )
                .expect("bucket list is not empty")
                .install_recorder()
                .expect("no other metrics recorder is installed")
        })
        .clone()
}

/// `/metrics`: the server's counters, and the process's own CPU seconds,
/// resident memory and peak resident memory, read on each scrape (the same
/// figures the load tool and the race read from /proc).
fn render_metrics(handle: &PrometheusHandle, process: &metrics_process::Collector) -> String {
    process.collect();
    if let Some(kb) = peak_rss_kb() {
        metrics::gauge!("process_resident_memory_max_bytes").set((kb * 1024) as f64);
    }
    handle.render()
}

/// `VmHWM` of this process (Linux), in KiB.
fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// `/healthz`: "ok"; on a node of a cluster, 503 while it is shutting down
/// or its leases may have lapsed, so the proxy sends its tables elsewhere.
/// The 503 is typed JSON like every HTTP failure (`restarting` while it
/// drains, `table_moving` while its leases may be another node's), with
/// `Retry-After`.
async fn health(axum::extract::State(ctx): axum::extract::State<Arc<Registry>>) -> axum::response::Response {
    use axum::response::IntoResponse;
    use backroom_protocol::{ApiError, ErrorCode};
    let refusal = match &ctx.cluster {
        Some(c) if c.draining() => {
            ApiError::new(ErrorCode::Restarting, "This node is shutting down; its tables are moving to another node.")
        }
        Some(c) if !c.fresh() => ApiError::new(
            ErrorCode::TableMoving,
            "This node's leases may have lapsed (it was silent for most of a lease time); its tables may be served elsewhere.",
        ),
        _ => return "ok".into_response(),
    };
    api::HttpError(refusal).into_response()
}

/// `/ws`: the WebSocket. A request that is not a WebSocket upgrade (a
/// browser opening the address, a proxy that drops the `Upgrade` header)
/// gets typed JSON like every other HTTP failure: 426 Upgrade Required
/// without the upgrade headers, else the status axum gives the refusal.
async fn ws_route(
    state: axum::extract::State<Arc<Registry>>,
    peer: axum::extract::ConnectInfo<std::net::SocketAddr>,
    query: axum::extract::RawQuery,
    headers: axum::http::HeaderMap,
    upgrade: Result<axum::extract::WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let refusal = match upgrade {
        Ok(upgrade) => return ws::upgrade(state, peer, query, headers, upgrade).await,
        Err(refusal) => refusal,
    };
    use axum::extract::ws::rejection::WebSocketUpgradeRejection as R;
    // Not asked as a WebSocket at all: 426 names the upgrade it needs.
    let plain =
        matches!(refusal, R::InvalidConnectionHeader(_) | R::InvalidUpgradeHeader(_) | R::ConnectionNotUpgradable(_));
    let status = if plain { axum::http::StatusCode::UPGRADE_REQUIRED } else { refusal.status() };
    let why =
        format!("/ws is a WebSocket: open it with a WebSocket client (protocol/README.md). {}", refusal.body_text());
    let e = backroom_protocol::ApiError::new(backroom_protocol::ErrorCode::UnknownMessage, why);
    let mut r = api::HttpError(e).into_response();
    *r.status_mut() = status;
    if plain {
        r.headers_mut().insert(axum::http::header::UPGRADE, axum::http::HeaderValue::from_static("websocket"));
    }
    r
}

/// No such static file: a typed 404, or 405 for a method a file does not
/// take.
async fn no_such_file(method: axum::http::Method) -> axum::response::Response {
    if method == axum::http::Method::GET || method == axum::http::Method::HEAD {
        api::no_such_file().await
    } else {
        api::wrong_method().await
    }
}

/// The router over a context.
pub fn router(ctx: Arc<Registry>) -> Router {
    let metrics = metrics_handle();
    let process = Arc::new(metrics_process::Collector::default());
    process.describe();
    metrics::describe_gauge!(
        "process_resident_memory_max_bytes",
        metrics::Unit::Bytes,
        "Peak resident memory size in bytes."
    );
    let static_dir = ctx.cfg.static_dir.clone();
    let routes = Router::new()
        .route("/healthz", get(health))
        .route("/metrics", get(move || std::future::ready(render_metrics(&metrics, &process))))
        .merge(lobby_reads(&ctx))
        .merge(lobby_requests(&ctx))
        .route("/ws", get(ws_route))
        // Every API failure is typed JSON, unknown routes and wrong methods
        // included.
        .route("/api/{*rest}", any(api::no_such_route))
        .method_not_allowed_fallback(api::wrong_method)
        // The client routes by URL fragment, so only real files are served
        // and anything else is a typed 404 (or 405 for a method other than
        // GET and HEAD). Static files are compressed and carry
        // Last-Modified, so a browser revalidates instead of fetching again.
        .fallback_service(
            ServeDir::new(static_dir).call_fallback_on_method_not_allowed(true).fallback(no_such_file.into_service()),
        )
        .layer(tower_http::compression::CompressionLayer::new())
        .layer(axum::extract::DefaultBodyLimit::max(16 * 1024))
        .layer(TraceLayer::new_for_http());
    hardening::harden(routes).with_state(ctx)
}

/// The lobby API's reads, under the generous per-address read limit
/// ([`limit::read_limit`]): each may be a database query.
fn lobby_reads(ctx: &Arc<Registry>) -> Router<Arc<Registry>> {
    let routes = Router::new()
        .route("/api/games", get(api::games))
        .route("/api/games/{id}/content", get(api::content))
        .route("/api/lobbies/{id}", get(api::get_lobby))
        .route("/api/lobbies/{id}/record", get(api::record))
        .route("/api/lobbies/{id}/replay", get(api::replay));
    match &ctx.read_limit {
        Some(l) => routes.layer(tower_governor::GovernorLayer::new(l.clone()).error_handler(limit::read_refusal)),
        None => routes,
    }
}

/// The lobby API's writes (and the host's stand-in switch), each under the per-address limit
/// ([`limit`]) unless it is turned off.
fn lobby_requests(ctx: &Arc<Registry>) -> Router<Arc<Registry>> {
    let routes = Router::new()
        .route("/api/lobbies", post(api::create_lobby))
        .route("/api/lobbies/{id}/join", post(api::join))
        .route("/api/lobbies/{id}/seat", post(api::seat))
        .route("/api/lobbies/{id}/swap", post(api::swap))
        .route("/api/lobbies/{id}/leave", post(api::leave))
        .route("/api/lobbies/{id}/kick", post(api::kick))
        .route("/api/lobbies/{id}/bots", post(api::bots))
        .route("/api/lobbies/{id}/level", post(api::level))
        .route("/api/lobbies/{id}/program", post(api::program))
        .route("/api/lobbies/{id}/start", post(api::start))
        .route("/api/lobbies/{id}/stand-in", post(api::stand_in))
        .route("/api/lobbies/{id}/rematch", post(api::rematch))
        .route("/api/lobbies/{id}/host", post(api::host))
        .route("/api/lobbies/{id}/contribute", post(api::contribute));
    match &ctx.lobby_limit {
        Some(l) => routes.layer(tower_governor::GovernorLayer::new(l.clone()).error_handler(limit::refusal)),
        None => routes,
    }
}

/// Connects the store, restores live matches and serves until `shutdown`.
pub async fn run(
    listener: TcpListener,
    cfg: ServeArgs,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let store = Store::connect(&cfg.database_url).await?;
    serve(listener, store, cfg, shutdown).await
}

/// Like [`run`], over an already connected store.
pub async fn serve(
    listener: TcpListener,
    store: Store,
    cfg: ServeArgs,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    if cfg.test_lose_bot_turns > 0 {
        tracing::warn!(
            "--test-lose-bot-turns is set: tables lose bot turns on purpose, for the watchdog to find; for tests only"
        );
    }
    if cfg.test_seed.is_some() {
        tracing::warn!("--test-seed is set: every match's deal is fixed by it; for tests only, never for real play");
    }
    let cluster = match (&cfg.node, &store) {
        (Some(name), Store::Postgres(pool)) => {
            let c = cluster::Cluster::join(pool.clone(), name.clone(), Duration::from_millis(cfg.lease_ms))
                .await?
                .self_fencing(!cfg.test_skip_self_fence);
            c.heartbeat().await?;
            tracing::info!(node = %name, id = %c.node, "serving as one node of a cluster");
            Some(c)
        }
        (Some(_), Store::Sqlite(_)) => {
            anyhow::bail!("--node (a cluster) needs a Postgres store; SQLite serves one node")
        }
        (None, _) => None,
    };
    let ctx = Registry::on_node(store, cfg, cluster);
    // A single server restores every live match now; on a cluster each
    // node adopts the matches nobody serves as it keeps its leases.
    let keeper = if ctx.cluster.is_some() {
        Some(tokio::spawn(ctx.clone().keep_leases()))
    } else {
        let restored = ctx.restore_live().await?;
        if restored > 0 {
            tracing::info!(restored, "live matches restored");
        }
        None
    };
    // Histogram samples pile up in the recorder until they are folded into
    // their buckets; without a scrape that would grow without bound.
    let upkeep_ctx = ctx.clone();
    let upkeep = tokio::spawn(async move {
        let handle = metrics_handle();
        let mut every = tokio::time::interval(Duration::from_secs(5));
        loop {
            every.tick().await;
            handle.run_upkeep();
            // Forget addresses whose buckets are full again.
            for l in [&upkeep_ctx.lobby_limit, &upkeep_ctx.read_limit].into_iter().flatten() {
                l.limiter().retain_recent();
            }
        }
    });
    let sweeper = {
        let ctx = ctx.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(ctx.cfg.expiry_sweep_secs.max(1)));
            loop {
                every.tick().await;
                match ctx.expire_idle().await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(expired = n, "idle lobbies expired"),
                    Err(e) => tracing::warn!(error = %format!("{e:#}"), "lobby expiry failed"),
                }
            }
        })
    };
    let app = router(ctx.clone());
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let ctx2 = ctx.clone();
    // Small frames must leave at once: no Nagle delay on any socket. TCP
    // keepalive lets the kernel notice a peer that vanished without a word.
    let keepalive = (ctx.cfg.tcp_keepalive_secs > 0).then(|| {
        let idle = Duration::from_secs(ctx.cfg.tcp_keepalive_secs);
        socket2::TcpKeepalive::new().with_time(idle).with_interval(Duration::from_secs(10))
    });
    let listener = axum::serve::ListenerExt::tap_io(listener, move |tcp: &mut tokio::net::TcpStream| {
        let _ = tcp.set_nodelay(true);
        ws::accepted(tcp);
        if let Some(k) = &keepalive {
            let _ = socket2::SockRef::from(&*tcp).set_tcp_keepalive(k);
        }
    });
    let server = axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>())
        .with_graceful_shutdown(async move {
            shutdown.await;
            // On a cluster: first the proxy learns (from /healthz) to send
            // new requests elsewhere; then the tables close their sockets
            // with "reconnect", and their leases are freed for the nodes
            // the clients come back through.
            if let Some(c) = &ctx2.cluster {
                c.start_draining();
                tokio::time::sleep(Duration::from_millis(ctx2.cfg.drain_ms)).await;
            }
            tracing::info!("shutting down: finishing commits and closing sockets");
            // Sockets are long-lived: close them from the tables so that
            // the graceful shutdown can complete.
            ctx2.shutdown().await;
            if let Some(c) = &ctx2.cluster
                && let Err(e) = c.leave().await
            {
                tracing::warn!(error = %format!("{e:#}"), "freeing this node's leases failed; they lapse with its heartbeat");
            }
            let _ = stop_tx.send(true);
        });
    server.await?;
    drop(stop_rx);
    sweeper.abort();
    upkeep.abort();
    if let Some(k) = keeper {
        k.abort();
    }
    Ok(())
}
