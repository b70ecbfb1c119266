// The table's WebSocket: hello, automatic reconnect with exponential
// backoff, keep-alive, and requests (act/chat) that are answered exactly
// once by `ack` or `rejected`. A request still unanswered when the socket
// drops is resent with the same rid after the next welcome: the server
// acknowledges an already-accepted rid again instead of applying it twice.

import { rid as newRid } from './util.js';

const PING_EVERY_MS = 20000;
const SILENCE_LIMIT_MS = 50000;
const MAX_BACKOFF_MS = 15000;

/**
 * status(s): s.state is one of 'connecting' | 'online' | 'waiting' (retry
 * scheduled at s.retryAt) | 'closed' (no retry; s.reason says why).
 */
export class Connection {
  constructor({ lobby, token, spectate, onMessage, onStatus }) {
    this.lobby = lobby;
    this.token = token;
    this.spectate = spectate;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.since = null; // last state version seen: resent as `since`
    this.autoPass = false; // "pass for me when I have nothing to decide": sent with every hello
    this.attempt = 0;
    this.pending = new Map(); // rid -> {msg, resolve}
    this.stopped = false;
    this.welcomed = false;
    this.timers = {};
    this.onOnline = () => this.retryNow();
    this.onVisible = () => {
      if (document.visibilityState === 'visible' && this.state === 'waiting') this.retryNow();
    };
    window.addEventListener('online', this.onOnline);
    document.addEventListener('visibilitychange', this.onVisible);
  }

  setStatus(state, extra = {}) {
    this.state = state;
    this.onStatus?.({ state, attempt: this.attempt, ...extra });
  }

  start() {
    this.stopped = false;
    this.open();
  }

  url() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    // The lobby id in the URL lets a proxy send every socket of one table
    // to the same node (docs/scale-out.md); the token stays in `hello`.
    return `${proto}//${location.host}/ws?lobby=${encodeURIComponent(this.lobby)}`;
  }

  open() {
    clearTimeout(this.timers.retry);
    if (this.stopped) return;
    this.welcomed = false;
    this.setStatus('connecting');
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      const hello = { type: 'hello', lobby: this.lobby };
      if (this.token) hello.token = this.token;
      if (this.spectate) hello.spectate = this.spectate;
      if (this.since !== null) hello.since = this.since;
      if (this.token) hello.auto_pass = this.autoPass;
      ws.send(JSON.stringify(hello));
      this.lastHeard = Date.now();
      this.startKeepAlive();
    };
    ws.onmessage = (ev) => {
      if (ws !== this.ws) return;
      this.lastHeard = Date.now();
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      this.handle(msg);
    };
    ws.onclose = (ev) => {
      if (ws !== this.ws) return;
      this.ws = null;
      this.stopKeepAlive();
      this.closed(ev.code, ev.reason);
    };
    ws.onerror = () => { /* a close event follows */ };
  }

  handle(msg) {
    switch (msg.type) {
      case 'welcome':
        this.welcomed = true;
        this.attempt = 0;
        this.setStatus('online');
        this.onMessage(msg);
        // Requests lost with the previous socket: resend with their rid.
        for (const [, p] of this.pending) this.rawSend(p.msg);
        return;
      case 'state':
        if (typeof msg.version === 'number') this.since = msg.version;
        this.onMessage(msg);
        return;
      case 'ack':
      case 'rejected': {
        const p = this.pending.get(msg.rid);
        if (p) {
          this.pending.delete(msg.rid);
          p.resolve(msg);
        }
        this.onMessage(msg);
        return;
      }
      case 'pong':
        return;
      case 'error':
        // Kept: a close that follows (4001) is explained best by this text.
        this.lastError = msg;
        // Refused before the welcome for holding too many sockets: the close
        // (1013) that follows is shown as the connection's status, not as a
        // new toast at every retry.
        if (!this.welcomed && msg.code === 'rate_limited') return;
        this.onMessage(msg);
        return;
      default:
        this.onMessage(msg);
    }
  }

  closed(code, reason) {
    if (this.stopped) return;
    const err = this.lastError;
    this.lastError = null;
    if (err && (code === 4001 || code === 4002)) reason = err.message;
    if (code === 4001) {
      this.stop();
      this.setStatus('closed', { code, reason: 'bad_token', text: reason });
      return;
    }
    if (code === 4002) {
      this.stop();
      this.setStatus('closed', { code, reason: 'kicked', text: reason });
      return;
    }
    if (code === 1012) {
      // Server restarting: come back soon, without counting it as a failure.
      this.scheduleRetry(400 + Math.random() * 800, 'restarting');
      return;
    }
    if (code === 1013) {
      // Too many sockets from this address: back off and try again.
      this.scheduleRetry(undefined, 'busy', err && err.code === 'rate_limited' ? err.message : undefined);
      return;
    }
    this.scheduleRetry(undefined, code === 1009 ? 'too_large' : 'lost');
  }

  scheduleRetry(delay, why = 'lost', text = undefined) {
    if (this.stopped) return;
    if (delay === undefined) {
      const base = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempt);
      delay = base * (0.6 + Math.random() * 0.4);
      this.attempt += 1;
    }
    const retryAt = Date.now() + delay;
    this.setStatus('waiting', { retryAt, why, text });
    this.timers.retry = setTimeout(() => this.open(), delay);
  }

  retryNow() {
    if (this.stopped || this.ws) return;
    clearTimeout(this.timers.retry);
    this.open();
  }

  startKeepAlive() {
    this.stopKeepAlive();
    this.timers.ping = setInterval(() => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
      if (Date.now() - this.lastHeard > SILENCE_LIMIT_MS) {
        // A half-open socket (phone asleep, wifi switch): drop and redial.
        const ws = this.ws;
        this.ws = null;
        try { ws.close(); } catch { /* ignore */ }
        this.closed(1006, 'silent');
        return;
      }
      this.rawSend({ type: 'ping' });
    }, PING_EVERY_MS);
  }

  stopKeepAlive() {
    clearInterval(this.timers.ping);
  }

  rawSend(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || (!this.welcomed && msg.type !== 'hello')) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /**
   * Sends an act or chat; resolves with the server's `ack` or `rejected`.
   * While offline it waits and goes out after the next welcome.
   */
  request(msg) {
    const id = newRid(msg.type === 'chat' ? 'c' : 'a');
    const full = { ...msg, rid: id };
    return new Promise((resolve) => {
      this.pending.set(id, { msg: full, resolve });
      this.rawSend(full);
    });
  }

  /** Turns "pass for me when I have nothing to decide" on or off (kept for reconnects). */
  setAutoPass(on) {
    this.autoPass = !!on;
    return this.request({ type: 'settings', auto_pass: this.autoPass });
  }

  get online() {
    return this.state === 'online';
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timers.retry);
    this.stopKeepAlive();
    window.removeEventListener('online', this.onOnline);
    document.removeEventListener('visibilitychange', this.onVisible);
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      try { ws.close(1000); } catch { /* ignore */ }
    }
  }
}
