#!/usr/bin/env node
'use strict';
// The race table: one row per (label, N) from result lines written by the
// anchors' driver.js (peers and Backroom through backroom.js) and by
// backroom-load --out (same field names). Backroom rows carry the database's
// CPU during play (db_cpu_s_play), which counts as the server's.
//
// usage: node table.js results.jsonl [more.jsonl ...]
const fs = require('fs');

const rows = [];
for (const f of process.argv.slice(2)) {
  for (const line of fs.readFileSync(f, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try { rows.push(JSON.parse(line)); } catch { /* a truncated line: skip */ }
  }
}
if (!rows.length) { console.error('no rows'); process.exit(1); }

const median = (xs) => {
  const s = xs.filter((x) => x != null && !Number.isNaN(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const fmt = (x, d = 1) => (x == null ? '-' : Number(x).toFixed(d));
const dbUs = (r) => (r.db_cpu_s_play != null && r.bids_acked ? (r.db_cpu_s_play / r.bids_acked) * 1e6 : null);
const totalUs = (r) => {
  if (r.server_cpu_us_per_bid == null) return null;
  const db = dbUs(r);
  return r.server_cpu_us_per_bid + (db || 0);
};

const groups = new Map();
for (const r of rows) {
  const k = `${r.label}|${r.matches}`;
  if (!groups.has(k)) groups.set(k, []);
  groups.get(k).push(r);
}
const order = (label) => {
  const l = label.toLowerCase();
  if (l.startsWith('bgio') || l.includes('boardgame')) return 0;
  if (l.startsWith('colyseus')) return 1;
  if (l.startsWith('plainws') || l.includes('node-ws')) return 2;
  if (l.includes('backroom-load')) return 4;
  return 3;
};
const ordered = [...groups.values()].sort((a, b) => {
  if (a[0].matches !== b[0].matches) return a[0].matches - b[0].matches;
  const oa = order(a[0].label), ob = order(b[0].label);
  if (oa !== ob) return oa - ob;
  return a[0].label < b[0].label ? -1 : 1;
});

const summary = [];
console.log('| server (config) | client | N | runs | throughput bids/s | p50 ms | p95 ms | p99 ms | server µs CPU/bid | db µs CPU/bid | server+db µs CPU/bid | server util | peak RSS MB | driver util | stuck | setup fails | rejected |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const g of ordered) {
  const r0 = g[0];
  const m = (f) => median(g.map(f));
  const rejected = g.reduce((s, r) => s + Object.values(r.rejections || r.adapter_rejected || {}).reduce((a, b) => a + b, 0), 0);
  const row = {
    label: r0.label, matches: r0.matches,
    thr: m((r) => r.throughput_bids_s), p50: m((r) => r.lat_ms.p50), p95: m((r) => r.lat_ms.p95), p99: m((r) => r.lat_ms.p99),
    srv: m((r) => r.server_cpu_us_per_bid), db: m(dbUs), tot: m(totalUs), rss: m((r) => r.server_peak_rss_mb),
  };
  summary.push(row);
  const client = r0.adapter === 'backroom-load' ? 'backroom-load (Rust)' : 'driver.js (Node)';
  console.log(`| ${r0.framework} (${r0.label}) | ${client} | ${r0.matches} | ${g.length} | ${fmt(row.thr, 0)} | ${fmt(row.p50, 2)} | ${fmt(row.p95, 2)} | ${fmt(row.p99, 2)} | ${fmt(row.srv, 1)} | ${fmt(row.db, 1)} | ${fmt(row.tot, 1)} | ${fmt(m((r) => r.server_cpu_util_play), 2)} | ${fmt(row.rss, 0)} | ${fmt(m((r) => r.driver_cpu_util_play), 2)} | ${g.reduce((s, r) => s + (r.stuck_games || 0), 0)} | ${g.reduce((s, r) => s + (r.setup_fails || 0), 0)} | ${rejected} |`);
}

// The goals, checked on the Node-driver rows of the same run.
const find = (pred, n) => summary.find((s) => s.matches === n && pred(s.label.toLowerCase()));
const isCol = (l) => l.startsWith('colyseus');
const isPg = (l) => l.includes('backroom') && l.includes('postgres') && !l.includes('backroom-load');
const peers = (l) => !l.includes('backroom');
console.log('\nGoals (Backroom on Postgres vs the peers, same run, Node driver):\n');
for (const n of [250, 1000]) {
  const c = find(isCol, n), b = find(isPg, n);
  if (c && b && c.srv != null && b.tot != null) {
    console.log(`- N=${n}: server+db CPU/bid ${fmt(b.tot, 1)} µs vs Colyseus ${fmt(c.srv, 1)} µs: ${(b.tot <= c.srv / 5) ? 'MET' : 'missed'} (goal ≤ ${fmt(c.srv / 5, 1)} µs)`);
  }
}
{
  const b = find(isPg, 1000);
  const best = summary.filter((s) => s.matches === 1000 && peers(s.label.toLowerCase()) && s.p99 != null).sort((x, y) => x.p99 - y.p99)[0];
  if (b && best && b.p99 != null) {
    console.log(`- N=1000: p99 ${fmt(b.p99, 2)} ms vs best peer ${best.label} ${fmt(best.p99, 2)} ms: ${(b.p99 <= best.p99 / 3) ? 'MET' : 'missed'} (goal ≤ ${fmt(best.p99 / 3, 2)} ms)`);
  }
  const c = find(isCol, 1000);
  if (b && c && b.rss != null && c.rss != null) {
    console.log(`- N=1000: peak RSS ${fmt(b.rss, 0)} MB vs Colyseus ${fmt(c.rss, 0)} MB: ${(b.rss <= c.rss / 5) ? 'MET' : 'missed'} (goal ≤ ${fmt(c.rss / 5, 0)} MB)`);
  }
}
