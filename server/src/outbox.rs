//! A socket's outbound queue: the table offers frames without waiting, the
//! socket's task drains them. A socket that lets too many pile up is too slow.
//!
//! It sits below both the table, which fills it, and the WebSocket, which
//! drains it, so that neither imports the other.

use crate::ctx::CLOSE_IDLE;
use axum::extract::ws::Utf8Bytes;
use std::collections::VecDeque;
use std::sync::Arc;

/// Outbound frames queued per socket before it is dropped as too slow.
pub const OUTBOX: usize = 256;

/// A frame for one socket.
#[derive(Debug, Clone)]
pub enum Out {
    /// A text frame, shared between sockets that receive the same bytes
    /// (reference-counted: built once, never copied on the way out).
    Text(Utf8Bytes),
    /// Close with this code and reason.
    Close(u16, String),
}

impl Out {
    /// Bytes on the wire, about.
    pub fn wire_len(&self) -> usize {
        match self {
            Out::Text(t) => t.len(),
            Out::Close(_, r) => r.len() + 4,
        }
    }
}

/// A socket's queue of outbound frames: the table pushes without waiting,
/// the socket's task drains. Lighter than an mpsc channel (a lock, a short
/// deque and a `Notify`, a few hundred bytes per socket instead of a few
/// KiB of channel blocks), which matters with thousands of sockets.
pub struct Outbox {
    queue: std::sync::Mutex<(VecDeque<Out>, bool)>,
    ready: tokio::sync::Notify,
}

impl Outbox {
    pub fn new() -> Arc<Outbox> {
        Arc::new(Outbox { queue: std::sync::Mutex::new((VecDeque::new(), false)), ready: tokio::sync::Notify::new() })
    }

    /// Queues a frame; false if the socket has gone or has let [`OUTBOX`]
    /// frames pile up unread (it is then dropped as too slow).
    ///
    /// A socket that falls that far behind is told so: what was queued for
    /// it is dropped and replaced by a close frame with
    /// [`CLOSE_IDLE`], so that a client that reads again gets a
    /// close it reconnects on (and a fresh state), not silence.
    pub fn offer(&self, o: Out) -> bool {
        {
            let Ok(mut q) = self.queue.lock() else { return false };
            if q.1 {
                return false;
            }
            if q.0.len() >= OUTBOX {
                q.0.clear();
                q.0.push_back(Out::Close(CLOSE_IDLE, "This connection fell too far behind; reconnecting.".into()));
                q.1 = true;
                metrics::counter!("backroom_sockets_closed_total", "reason" => "too_slow").increment(1);
                drop(q);
                self.ready.notify_one();
                return false;
            }
            q.0.push_back(o);
        }
        self.ready.notify_one();
        true
    }

    /// Waits for frames and moves all of them into `batch` (cancel-safe:
    /// nothing is taken until it is returned).
    pub async fn recv_many(&self, batch: &mut Vec<Out>) {
        loop {
            if self.take(batch) {
                return;
            }
            self.ready.notified().await;
        }
    }

    /// Moves whatever is queued into `batch`; true if anything was.
    pub fn take(&self, batch: &mut Vec<Out>) -> bool {
        let Ok(mut q) = self.queue.lock() else { return false };
        if q.0.is_empty() {
            return false;
        }
        batch.extend(q.0.drain(..));
        if q.0.capacity() > 16 {
            q.0.shrink_to(4);
        }
        true
    }

    /// Bytes of the frames queued (what the client has not been sent yet).
    pub fn queued_bytes(&self) -> usize {
        self.queue.lock().map_or(0, |q| q.0.iter().map(Out::wire_len).sum())
    }

    /// Ends the socket with `close`: what was queued is dropped (the client
    /// fell behind; it gets a fresh state when it reconnects) and later
    /// frames are refused.
    pub fn close_with(&self, close: Out) {
        if let Ok(mut q) = self.queue.lock() {
            q.0.clear();
            q.0.push_back(close);
            q.1 = true;
        }
        self.ready.notify_one();
    }

    /// The socket is gone: later frames are refused.
    pub fn close(&self) {
        if let Ok(mut q) = self.queue.lock() {
            q.1 = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A socket that stops reading gets a close it reconnects on instead of
    /// silence: its queue is replaced by the close frame.
    #[test]
    fn a_full_outbox_turns_into_a_close_the_client_reconnects_on() {
        let out = Outbox::new();
        for _ in 0..OUTBOX {
            assert!(out.offer(Out::Text(Utf8Bytes::from_static("x"))));
        }
        assert!(!out.offer(Out::Text(Utf8Bytes::from_static("one too many"))));
        assert!(!out.offer(Out::Text(Utf8Bytes::from_static("later"))), "a dropped socket takes nothing more");
        let mut batch = vec![];
        assert!(out.take(&mut batch));
        assert!(matches!(batch.as_slice(), [Out::Close(CLOSE_IDLE, _)]), "{batch:?}");
    }
}
