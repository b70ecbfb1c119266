// Small helpers shared by every screen: DOM building, the HTTP API, the
// browser's saved seats, and toasts. No framework: every screen rebuilds
// its own DOM from state.

/** Builds an element: h('button.primary#go', {onclick}, 'Go'). */
export function h(spec, props, ...children) {
  const m = /^([a-z0-9-]+)?((?:[.#][\w-]+)*)$/i.exec(spec);
  const el = document.createElement((m && m[1]) || 'div');
  if (m && m[2]) {
    for (const part of m[2].match(/[.#][\w-]+/g)) {
      if (part[0] === '.') el.classList.add(part.slice(1));
      else el.id = part.slice(1);
    }
  }
  if (props && (typeof props !== 'object' || props instanceof Node || Array.isArray(props))) {
    children.unshift(props);
    props = null;
  }
  for (const [k, v] of Object.entries(props || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'style') setStyle(el, v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k in el && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/**
 * Sets inline styles through the CSSOM (`el.style`), never as a `style`
 * attribute: the server's Content-Security-Policy (`style-src 'self'`)
 * blocks style attributes, not the CSSOM. `v` is an object or a string
 * like "--seat:#2f6fdf; left: 3px".
 */
function setStyle(el, v) {
  if (typeof v === 'object') {
    for (const [p, x] of Object.entries(v)) {
      if (p.startsWith('--')) el.style.setProperty(p, String(x));
      else el.style[p] = x;
    }
    return;
  }
  for (const decl of String(v).split(';')) {
    const at = decl.indexOf(':');
    if (at > 0) el.style.setProperty(decl.slice(0, at).trim(), decl.slice(at + 1).trim());
  }
}

/** SVG element with attributes. */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null) continue;
    if (k === 'style') setStyle(el, v);
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

/** An error the API (or the network) gave. */
export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** Calls the JSON API. Throws ApiError with the server's code and message. */
// A table moving between the nodes of a cluster (or a server restarting)
// answers 503 with a Retry-After: the request is tried again a few times
// before the person hears of it.
const RETRIES = 4;

export async function api(method, path, opts = {}) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiOnce(method, path, opts);
    } catch (e) {
      const moving = e instanceof ApiError && (e.code === 'table_moving' || e.code === 'restarting');
      if (!moving || attempt >= RETRIES) throw e;
      await new Promise((r) => setTimeout(r, 300 + attempt * 400 + Math.random() * 200));
    }
  }
}

async function apiOnce(method, path, { token, body } = {}) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new ApiError('network', 'Could not reach the server. Check your connection and try again.', 0);
  }
  if (res.status === 204) return null;
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
  if (!res.ok) {
    throw new ApiError(
      (data && data.code) || `http_${res.status}`,
      (data && data.message) || `The server answered ${res.status} ${res.statusText || ''}`.trim() + '.',
      res.status,
    );
  }
  return data;
}

// ---- Seats this browser holds (tokens), keyed by lobby id ----------------

const SEAT_PREFIX = 'backroom.seat.';

/** Saves what the server gave us when we created or joined a lobby. */
export function saveSeat(lobby, data) {
  const old = loadSeat(lobby) || {};
  localStorage.setItem(SEAT_PREFIX + lobby, JSON.stringify({ ...old, ...data, lobby, savedAt: old.savedAt || Date.now() }));
}

/** The saved seat for a lobby, or null. */
export function loadSeat(lobby) {
  try {
    const raw = localStorage.getItem(SEAT_PREFIX + lobby);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

/** Removes a saved seat (the token is forgotten by this browser). */
export function forgetSeat(lobby) {
  localStorage.removeItem(SEAT_PREFIX + lobby);
}

/** Every saved seat, newest first. */
export function allSeats() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k || !k.startsWith(SEAT_PREFIX)) continue;
    const s = loadSeat(k.slice(SEAT_PREFIX.length));
    if (s && s.token) out.push(s);
  }
  return out.sort((a, b) => (b.savedAt || 0) - (a.savedAt || 0));
}

/** The name this browser used last. */
export function savedName() {
  return localStorage.getItem('backroom.name') || '';
}
export function saveName(name) {
  localStorage.setItem('backroom.name', name);
}

// ---- Toasts ---------------------------------------------------------------

/** A short message in the corner; kind: info | error | ok. */
export function toast(text, kind = 'info', ms = 4000) {
  const box = document.getElementById('toasts');
  if (!box) return;
  const el = h(`div.toast.${kind}`, { role: kind === 'error' ? 'alert' : 'status' }, text);
  box.append(el);
  setTimeout(() => el.classList.add('gone'), ms);
  setTimeout(() => el.remove(), ms + 400);
}

/** Copies text; falls back to selecting an input when the API is missing. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (input) {
      input.focus();
      input.select();
      try { return document.execCommand('copy'); } catch { return false; }
    }
    return false;
  }
}

/** Seat numbers are 0-based on the wire and 1-based for people. */
export const seatLabel = (s) => `Seat ${Number(s) + 1}`;

/** Human time for a chat line. */
export function clock(ms) {
  const d = new Date(ms);
  const now = new Date();
  const hm = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return d.toDateString() === now.toDateString() ? hm : `${d.toLocaleDateString([], { month: 'short', day: 'numeric' })} ${hm}`;
}

/** A request id unique within this tab. */
let ridCounter = 0;
const ridPrefix = Math.random().toString(36).slice(2, 8);
export function rid(kind) {
  ridCounter += 1;
  return `${kind}-${ridPrefix}-${ridCounter}`;
}
