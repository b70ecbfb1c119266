// The fallback renderer: any game without its own renderer is shown as a
// readable tree of its view, so a new game is playable before it has art.

import { h } from '../../util.js';
import { registerRenderer } from '../../renderers.js';

const isScalar = (v) => v === null || typeof v !== 'object';

function scalar(v) {
  if (v === null) return h('span.v-null', '—');
  if (typeof v === 'boolean') return h('span.v-bool', v ? 'yes' : 'no');
  return h('span.v', String(v));
}

const pretty = (k) => String(k).replace(/_/g, ' ');

/** Renders any JSON value as nested lists and tables. */
export function tree(v, depth = 0) {
  if (isScalar(v)) return scalar(v);
  if (Array.isArray(v)) {
    if (v.length === 0) return h('span.v-null', 'none');
    if (v.every(isScalar)) return h('span.v-list', v.map((x, i) => [i ? ', ' : '', scalar(x)]));
    const keys = v.every((x) => x && typeof x === 'object' && !Array.isArray(x))
      ? [...new Set(v.flatMap((x) => Object.keys(x)))]
      : null;
    if (keys && keys.length <= 8) {
      return h('div.table-wrap', h('table.tree-table',
        h('thead', h('tr', h('th', '#'), keys.map((k) => h('th', pretty(k))))),
        h('tbody', v.map((row, i) => h('tr', h('td', String(i + 1)), keys.map((k) => h('td', tree(row[k], depth + 1))))))));
    }
    return h('ol.tree-list', v.map((x) => h('li', tree(x, depth + 1))));
  }
  return h('dl.tree', Object.entries(v).map(([k, x]) => [h('dt', pretty(k)), h('dd', tree(x, depth + 1))]));
}

registerRenderer('*', {
  render(view) {
    return h('div.generic-view', h('p.muted.small', 'This game has no board drawing yet; here is what you can see:'), tree(view));
  },
});
