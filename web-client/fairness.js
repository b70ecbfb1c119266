// A seed nobody picks (README, "Fairness"): this browser's share of the
// match seed, and the derivation the end screen redoes to check the
// server's word.
//
// seed = SHA-256("backroom-seed-v1" || u32be(len(secret)) || secret
//                || for each seat in order: u32be(len(c)) || c)

import { api, loadSeat, saveSeat } from './util.js';

const DOMAIN = new TextEncoder().encode('backroom-seed-v1');

export const toHex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Bytes from hex, or null when it is not hex. */
export function fromHex(s) {
  if (typeof s !== 'string' || s.length % 2 || !/^[0-9a-f]*$/i.test(s)) return null;
  return Uint8Array.from(s.match(/../g) || [], (x) => parseInt(x, 16));
}

/** Hex SHA-256, or null when this browser cannot hash here (no Web Crypto). */
export async function sha256Hex(bytes) {
  if (!(window.crypto && crypto.subtle)) return null;
  return toHex(await crypto.subtle.digest('SHA-256', bytes));
}

/** The seed (hex) from the server's secret and the seats' contributions (hex each); '' if one is not hex, null as `sha256Hex`. */
export async function deriveSeed(secretHex, contributionsHex) {
  const parts = [fromHex(secretHex), ...contributionsHex.map(fromHex)];
  if (parts.some((p) => p === null)) return '';
  const out = [DOMAIN];
  for (const p of parts) {
    const len = new Uint8Array(4);
    new DataView(len.buffer).setUint32(0, p.length);
    out.push(len, p);
  }
  const all = new Uint8Array(out.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of out) { all.set(p, at); at += p.length; }
  return sha256Hex(all);
}

/**
 * This browser's contribution to a lobby's seed: 32 bytes from the Web
 * Crypto API, made once and kept with the seat (so the end screen can
 * show it was used), and sent again on every visit before the start (the
 * server keeps a person's last one; the same bytes change nothing).
 */
export async function contribute(lobbyId, token) {
  let mine = (loadSeat(lobbyId) || {}).contribution;
  if (!fromHex(mine) || mine.length !== 64) {
    mine = toHex(crypto.getRandomValues(new Uint8Array(32)));
    saveSeat(lobbyId, { contribution: mine });
  }
  await api('POST', `/api/lobbies/${lobbyId}/contribute`, { token, body: { contribution: mine } });
}
