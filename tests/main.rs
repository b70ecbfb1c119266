//! Backroom's integration tests: one binary (ripgrep, zero2prod), real
//! parts only: a real server on 127.0.0.1, real WebSockets, real Postgres
//! and SQLite (a fresh database per test), the real `backroom` binary for
//! crash tests.
//!
//! Postgres: `BACKROOM_TEST_PG` (default `postgres://postgres@127.0.0.1:5432/postgres`)
//! must reach a server where that user may create databases; the README's
//! test command starts a throwaway one when none is reachable.

mod helpers;

mod bad_input;
mod chatter;
mod cluster;
mod corpus;
mod durability;
mod edge;
mod edges;
mod fairness;
mod fuzz;
mod levels;
mod liveness;
mod lobby;
mod play;
mod programs;
mod reliability;
mod stalls;
mod store;
mod webhook;
