'use strict';
// Adapter for shared/bench/anchors/driver.js: plays Sealed Bids on a Backroom
// server through Backroom's own public protocol (protocol/README.md):
//   HTTP  POST /api/lobbies (host, seat 0) · POST /api/lobbies/{id}/join with
//         the invite · POST /api/lobbies/{id}/seat · POST /api/lobbies/{id}/start
//   WS    /ws: hello → welcome, lobby, state…; act → ack (after the commit) + state
//
// Usage (from the anchors folder):
//   node driver.js --adapter /work/main/bench/anchors-adapter/backroom.js \
//        --url ws://127.0.0.1:9300/ws --server-pid PID --matches 250
//
// The driver's view per state: { round: view.round, myBid: view.my_bid != null,
// over: view.over || outcome }. bid(round, value) sends
// {"type":"act","rid":…,"version":<last state version>,"action":{"type":"bid","value":v,"round":r}}.
//
// Database CPU (race.sh): when BACKROOM_DB_STATS=<file> is set, the adapter
// sums the CPU of every process named BACKROOM_DB_PROC (default "postgres")
// over the driver's measured play phases and writes it, with the counts of
// acts, acks and rejections, to that file at shutdown. Phases are inferred
// from the driver's calls: a play phase starts at the first bid() after a
// setup (createMatch/joinSeat) and ends at the first close() after it; a
// wave is measured when its setup began after the warm-up
// (BACKROOM_WARMUP_S, the driver's --warmup) counted from init().
const fs = require('fs');
const path = require('path');

// `ws` comes from the anchors folder's node_modules (this file lives elsewhere).
const ANCHORS = process.env.ANCHORS_DIR || path.resolve(__dirname, '../../../shared/bench/anchors');
function requireWs() {
  try { return require('ws'); } catch { return require(path.join(ANCHORS, 'node_modules', 'ws')); }
}
const WebSocket = requireWs();

let wsUrl = 'ws://127.0.0.1:9300/ws';
let httpBase = 'http://127.0.0.1:9300';
let label = { framework: 'Backroom', version: '0.1.0' };
const GAME = process.env.BACKROOM_GAME || 'sealed-bids';
const ROUNDS = Number(process.env.BACKROOM_ROUNDS || 20);

// ---------- stats for race.sh ----------
const CLK_TCK = 100;
const statsFile = process.env.BACKROOM_DB_STATS || '';
const dbProc = process.env.BACKROOM_DB_PROC || 'postgres';
const warmupS = Number(process.env.BACKROOM_WARMUP_S || 0);
const stats = {
  acts: 0, acks: 0, rejected: {}, errors: {},
  db_cpu_s_play: 0, play_phases: 0, measured_phases: 0,
  db_cpu_s_all: 0,
};
let t0 = Date.now();
let phase = 'idle'; // idle | setup | play
let phaseMeasured = false;
let dbAtPlayStart = null;
let dbAtInit = null;
let dbPids = [];
let dbPidsAt = 0;

function readCpu(pid) {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { comm: s.slice(s.indexOf('(') + 1, s.lastIndexOf(')')), cpu: (Number(f[11]) + Number(f[12])) / CLK_TCK };
  } catch { return null; }
}
function scanDbPids() {
  const out = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const r = readCpu(d);
    if (r && r.comm === dbProc) out.push(Number(d));
  }
  dbPids = out;
  dbPidsAt = Date.now();
}
// CPU per pid of the database processes (pid list refreshed at most once a second).
function dbCpu() {
  if (!statsFile) return null;
  if (Date.now() - dbPidsAt > 1000) scanDbPids();
  const m = new Map();
  for (const pid of dbPids) { const r = readCpu(pid); if (r) m.set(pid, r.cpu); }
  return m;
}
function cpuDelta(a, b) {
  let s = 0;
  for (const [pid, c] of b) s += Math.max(0, c - (a.get(pid) || 0));
  return s;
}
function enterSetup() {
  if (phase === 'setup') return;
  if (phase === 'play') endPlay();
  phase = 'setup';
  phaseMeasured = (Date.now() - t0) / 1000 >= warmupS;
}
function maybeStartPlay() {
  if (phase === 'play') return;
  phase = 'play';
  stats.play_phases++;
  if (phaseMeasured && statsFile) dbAtPlayStart = dbCpu();
}
function endPlay() {
  if (phase !== 'play') return;
  phase = 'idle';
  if (phaseMeasured) {
    stats.measured_phases++;
    if (dbAtPlayStart) { stats.db_cpu_s_play += cpuDelta(dbAtPlayStart, dbCpu()); dbAtPlayStart = null; }
  }
}
const inc = (m, k) => { m[k] = (m[k] || 0) + 1; };

// ---------- HTTP ----------
async function call(method, p, token, body) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(httpBase + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) {
    let why = text.slice(0, 200);
    try { const e = JSON.parse(text); why = `${e.code}: ${e.message}`; } catch {}
    const err = new Error(`${method} ${p}: HTTP ${res.status} ${why}`);
    err.body = text;
    throw err;
  }
  return text ? JSON.parse(text) : null;
}

module.exports = {
  name: 'backroom',
  defaultUrl: 'ws://127.0.0.1:9300/ws',
  describe() { return label; },
  async init(opts) {
    if (opts.url) wsUrl = opts.url;
    const u = new URL(wsUrl);
    httpBase = `${u.protocol === 'wss:' ? 'https:' : 'http:'}//${u.host}`;
    if (opts.framework) label = { framework: opts.framework, version: opts.version || '?' };
    t0 = Date.now();
    if (statsFile) { scanDbPids(); dbAtInit = dbCpu(); }
  },
  async shutdown() {
    endPlay();
    if (statsFile) {
      if (dbAtInit) stats.db_cpu_s_all = cpuDelta(dbAtInit, dbCpu());
      stats.db_proc = dbProc;
      fs.writeFileSync(statsFile, JSON.stringify(stats) + '\n');
    }
  },

  // The host creates the lobby and takes seat 0 here; seat 0's socket opens in joinSeat.
  async createMatch() {
    enterSetup();
    const host = await call('POST', '/api/lobbies', null, {
      game: GAME, seats: 4, options: { rounds: ROUNDS }, name: 'bench-1', spectators: false,
    });
    try {
      await call('POST', `/api/lobbies/${host.lobby}/seat`, host.token, { seat: 0 });
    } catch (e) {
      if (!/seat_taken/.test(String(e.message))) throw e; // a server that seats the host itself
    }
    let started = null;
    const match = {
      id: host.lobby, hostToken: host.token, invite: host.invite, seated: 1,
      // Resolves once the host has started the match (after all 4 seats are taken).
      started: new Promise((res, rej) => { started = { res, rej }; }),
    };
    match.started.catch(() => {});
    match.startedCtl = started;
    return match;
  },

  // Seat 0 (awaited first by the driver): open the host's socket. Seats 1..3
  // (concurrently): join with the invite, take the seat, open the socket; the
  // last one seated starts the match; each resolves after its first state.
  async joinSeat(match, seat, onView) {
    enterSetup();
    let token = match.hostToken;
    if (seat !== 0) {
      const j = await call('POST', `/api/lobbies/${match.id}/join`, null, { invite: match.invite, name: `bench-${seat + 1}` });
      token = j.token;
      // Joining may already seat the player (first free seat); asking for
      // this seat then races the other joiners, and seat_taken is fine.
      await call('POST', `/api/lobbies/${match.id}/seat`, token, { seat }).catch((e) => {
        if (!/seat_taken/.test(String(e.message))) throw e;
      });
    }
    const sock = await openSeat(match, token, onView);
    if (seat !== 0) {
      match.seated++;
      if (match.seated === 4) {
        call('POST', `/api/lobbies/${match.id}/start`, match.hostToken, {})
          .then(() => match.startedCtl.res(), (e) => match.startedCtl.rej(e));
      }
      await Promise.race([sock.firstState, match.started.then(() => sock.firstState)]);
    }
    return sock.handle;
  },
};

function openSeat(match, token, onView) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { perMessageDeflate: false });
    let welcomed = false;
    let version = 0;
    let rid = 0;
    let gotState = null;
    const firstState = new Promise((r) => { gotState = r; });
    ws.on('error', (e) => { if (!welcomed) reject(e); });
    ws.on('close', (code) => { if (!welcomed) reject(new Error(`closed before welcome (${code})`)); });
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'hello', lobby: match.id, token }));
    });
    const handle = {
      bid(round, value) {
        maybeStartPlay();
        stats.acts++;
        rid++;
        ws.send(JSON.stringify({ type: 'act', rid: `r${rid}`, version, action: { type: 'bid', value, round } }));
      },
      close() {
        endPlay();
        return new Promise((r) => {
          if (ws.readyState === WebSocket.CLOSED) return r();
          ws.once('close', r);
          const t = setTimeout(() => { ws.terminate(); r(); }, 2000);
          t.unref();
          ws.close();
        });
      },
    };
    ws.on('message', (data) => {
      const msg = JSON.parse(data);
      switch (msg.type) {
        case 'state': {
          version = msg.version;
          const v = msg.view || {};
          if (gotState) { gotState(); gotState = null; }
          onView({ round: v.round, myBid: v.my_bid !== null && v.my_bid !== undefined, over: !!v.over || !!msg.outcome });
          break;
        }
        case 'ack': stats.acks++; break;
        case 'rejected': inc(stats.rejected, msg.code); break;
        case 'welcome':
          welcomed = true;
          resolve({ handle, firstState });
          break;
        case 'error':
          inc(stats.errors, msg.code);
          if (!welcomed) { reject(new Error(`${msg.code}: ${msg.message}`)); ws.terminate(); }
          break;
        default: break;
      }
    });
  });
}
