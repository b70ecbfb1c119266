// Sealed Bids: a scoreboard with each seat's dial state this round (locked
// or still thinking, never the amount), the revealed rounds, and the
// Bidding Dial as the control for the `bid` prompt's `value`.
//
// The view only ever holds the viewer's own dial (`my_bid`); others'
// current bids are simply not in it, so nothing here can show them.

import { h, svg } from '../../util.js';
import { registerRenderer } from '../../renderers.js';
import { biddingDial, lock } from '../kit/dial.js';


function scoreboard(view, ctx) {
  const over = view.over;
  const last = view.reveals[view.reveals.length - 1];
  const best = Math.max(...view.scores);
  const rows = [];
  for (let s = 0; s < view.seats; s++) {
    const mine = ctx.seat === s;
    const committed = !!view.committed[s];
    let status;
    if (over) status = null;
    else if (mine && view.my_bid !== null && view.my_bid !== undefined) status = h('span.sb-status.locked', lock(), 'locked at ', h('b', String(view.my_bid)));
    else if (committed) status = h('span.sb-status.locked', lock(), 'locked');
    else status = h('span.sb-status.thinking', 'thinking…');
    rows.push(h('div.sb-seat', {
      class: `sb-seat${mine ? ' mine' : ''}${over && view.scores[s] === best ? ' leader' : ''}`,
      dataset: { seatStatus: String(s), committed: String(committed) },
    },
    h('span.sb-name', ctx.presenceDot ? ctx.presenceDot(s) : null, ' ', ctx.seatName(s), mine && !ctx.replay ? h('span.you', 'you') : null),
    status ? h('span.sb-status-wrap', { dataset: { k: `dial:${s}`, v: `${view.round}|${committed}` } }, status) : null,
    h('span.sb-score', { title: 'points', dataset: { k: `score:${s}`, v: String(view.scores[s]) } }, h('b', String(view.scores[s])), h('small', view.scores[s] === 1 ? ' pt' : ' pts'))));
  }
  return h('div.sb-board', { 'aria-label': 'Scores and dials' },
    h('div.sb-round', over ? `All ${view.rounds} rounds played` : `Round ${view.round + 1} of ${view.rounds}`),
    h('div.sb-seats', rows),
    last ? lastReveal(view, last, ctx) : h('p.sb-last.muted', 'Bids are revealed together once every dial is locked.'));
}

function lastReveal(view, rev, ctx) {
  const n = view.reveals.length;
  const chips = rev.bids.map((b, s) =>
    h('span.sb-chip', { class: `sb-chip${rev.winner === s ? ' win' : ''}${ctx.seat === s ? ' mine' : ''}` },
      h('small', ctx.seatName(s)), h('b', String(b))));
  const who = rev.winner === null || rev.winner === undefined
    ? 'every bid was matched: nobody scores'
    : `${ctx.seatName(rev.winner)} scores with ${rev.bids[rev.winner]}`;
  return h('div.sb-last', { dataset: { k: 'reveal', v: String(n) } }, h('div.sb-last-title', `Round ${n} revealed: ${who}`), h('div.sb-chips', chips));
}

function history(view, ctx) {
  if (!view.reveals.length) return null;
  const head = h('tr', h('th', 'Round'), Array.from({ length: view.seats }, (_, s) =>
    h('th', { class: ctx.seat === s ? 'mine' : null }, ctx.seatName(s))));
  const rows = view.reveals.map((r, i) => h('tr',
    h('th', String(i + 1)),
    r.bids.map((b, s) => h('td', { class: `${r.winner === s ? 'win' : ''}${ctx.seat === s ? ' mine' : ''}`.trim() || null }, String(b)))));
  const phone = window.matchMedia('(max-width: 600px)').matches;
  return h('details.sb-history', { open: view.over || (!phone && view.reveals.length <= 8) },
    h('summary', `Revealed rounds (${view.reveals.length})`),
    h('div.table-wrap', h('table.sb-table', h('thead', head), h('tbody', rows))));
}

registerRenderer('sealed-bids', {
  render(view, ctx) {
    const board = scoreboard(view, ctx);
    const hist = history(view, ctx);
    if (hist) board.append(hist);
    return h('div.sb', board);
  },
  input(param, ask, ctx, key) {
    if (ask.verb === 'bid' && param.name === 'value' && param.input.kind === 'number') return biddingDial(param, ctx, key, { locked: ctx.view.my_bid ?? undefined }); // my own dial only
    return null;
  },
});
