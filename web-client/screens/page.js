// What every screen shares: the page's root and connection pill, putting a
// screen on the page, an error line, the lobby status words, and `screen`:
// the current screen's cleanup (the router runs it before drawing the
// next) and the router itself (a screen may route again).

import { h, ApiError } from '../util.js';

export const app = document.getElementById('app');
export const connPill = document.getElementById('conn');

/** The current screen's cleanup (or null), and the router (set by app.js). */
export const screen = { cleanup: null, route: null };

export const STATUS_TEXT = { open: 'Lobby open', live: 'Match in progress', finished: 'Finished', expired: 'Expired' };

export function setPage(...nodes) {
  app.replaceChildren(...nodes);
}

export function errorBox(err) {
  return h('p.error', { role: 'alert' }, err instanceof ApiError || err instanceof Error ? err.message : String(err));
}
