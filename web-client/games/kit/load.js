// What every game's renderer loads besides its code, in one place: its
// public content (GET /api/games/<id>/content, the engine's own
// `Game::content()`) and its stylesheet (games/<id>/style.css). Each
// renderer had its own copy of both; they differed only in names.

import { h, api } from '../../util.js';

/**
 * A loader for a game's content: `load()` fetches it once per page, hands
 * the served document to `onLoad(raw)` (which keeps it, indexed as the
 * game likes), and resolves true; while a fetch is under way it returns
 * that one; after a failure it warns (`what` names the data) and tries
 * again at most every 5 s, resolving false meanwhile.
 */
export function contentLoader(gameId, what, onLoad) {
  let loaded = false;
  let loading = null;
  let failedAt = 0;
  return function load() {
    if (loaded) return Promise.resolve(true);
    if (loading) return loading;
    if (Date.now() - failedAt < 5000) return Promise.resolve(false);
    loading = api('GET', `/api/games/${gameId}/content`).then(
      (raw) => { onLoad(raw); loaded = true; return true; },
      (e) => { console.warn(`${what} did not load:`, e); failedAt = Date.now(); return false; },
    ).finally(() => { loading = null; });
    return loading;
  };
}

/**
 * Adds a game's stylesheet to the page once: a `<link>` marked
 * `data-<key>-css` (so a second load of the module, or another page of the
 * same game, finds it there).
 */
export function injectStyle(href, key) {
  if (document.querySelector(`link[data-${key}-css]`)) return;
  document.head.append(h('link', { rel: 'stylesheet', href, dataset: { [`${key}Css`]: '1' } }));
}
