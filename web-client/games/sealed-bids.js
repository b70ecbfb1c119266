// Sealed Bids: a scoreboard with each seat's dial state this round (locked
// or still thinking, never the amount), the revealed rounds, and the
// Bidding Dial as the control for the `bid` prompt's `value`.
//
// The view only ever holds the viewer's own dial (`my_bid`); others'
// current bids are simply not in it, so nothing here can show them.

import { h, svg } from '../util.js';
import { registerRenderer } from '../renderers.js';

const MAX = 14;

/** A small padlock (emoji fonts are missing on some systems). */
function lock() {
  return svg('svg', { viewBox: '0 0 16 16', class: 'ico-lock', 'aria-hidden': 'true' },
    svg('rect', { x: 3, y: 7, width: 10, height: 8, rx: 1.5 }),
    svg('path', { d: 'M5.5 7V5a2.5 2.5 0 0 1 5 0v2', fill: 'none', 'stroke-width': 1.8 }));
}

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
    h('span.sb-name', ctx.seatName(s), mine ? h('span.you', 'you') : null),
    status,
    h('span.sb-score', { title: 'points' }, h('b', String(view.scores[s])), h('small', view.scores[s] === 1 ? ' pt' : ' pts'))));
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
  return h('div.sb-last', h('div.sb-last-title', `Round ${n} revealed: ${who}`), h('div.sb-chips', chips));
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

/** The Bidding Dial: 0–14 around a knob; the centre shows the choice and whether it is locked in. */
function biddingDial(param, ask, ctx, key) {
  const view = ctx.view;
  const locked = view.my_bid === null || view.my_bid === undefined ? undefined : view.my_bid; // my own dial only
  const min = param.input.min ?? 0;
  const max = param.input.max ?? MAX;
  let chosen = ctx.draft[key] ?? locked ?? undefined;
  const wrap = h('div.dial-wrap');
  const dial = h('div.dial', { role: 'radiogroup', 'aria-label': 'Bidding Dial' });
  const face = svg('svg', { viewBox: '-100 -100 200 200', class: 'dial-face', 'aria-hidden': 'true' });
  const sweep = 300;
  const angleOf = (v) => -sweep / 2 + ((v - min) / Math.max(1, max - min)) * sweep;
  const arc = (r) => {
    const a0 = ((angleOf(min) - 90) * Math.PI) / 180;
    const a1 = ((angleOf(max) - 90) * Math.PI) / 180;
    return `M ${r * Math.cos(a0)} ${r * Math.sin(a0)} A ${r} ${r} 0 1 1 ${r * Math.cos(a1)} ${r * Math.sin(a1)}`;
  };
  face.append(
    svg('circle', { r: 96, class: 'dial-rim' }),
    svg('path', { d: arc(70), class: 'dial-track' }),
    svg('circle', { r: 50, class: 'dial-knob' }),
  );
  const needle = svg('line', { x1: 0, y1: -53, x2: 0, y2: -72, class: 'dial-needle' });
  face.append(needle);
  dial.append(face);
  const center = h('div.dial-center');
  const big = h('div.dial-value');
  const state = h('div.dial-state');
  center.append(big, state);
  const buttons = [];
  for (let v = min; v <= max; v++) {
    const a = ((angleOf(v) - 90) * Math.PI) / 180;
    const b = h('button.dial-num', {
      type: 'button', role: 'radio', dataset: { dial: String(v) }, 'aria-label': `Bid ${v}`,
      style: { left: `${50 + 41 * Math.cos(a)}%`, top: `${50 + 41 * Math.sin(a)}%` },
      onclick: () => { set(v); b.dispatchEvent(new Event('pick', { bubbles: true })); },
    }, String(v));
    buttons.push(b);
  }
  dial.append(...buttons, center);
  const step = (d) => {
    const base = chosen ?? locked ?? min;
    set(Math.min(max, Math.max(min, base + d)));
    dial.dispatchEvent(new Event('pick', { bubbles: true }));
  };
  dial.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') { e.preventDefault(); step(1); }
    if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') { e.preventDefault(); step(-1); }
  });
  function set(v) {
    chosen = v;
    ctx.draft[key] = v;
    draw();
  }
  function draw() {
    for (const b of buttons) {
      const v = Number(b.dataset.dial);
      b.setAttribute('aria-checked', String(v === chosen));
      b.classList.toggle('locked', v === locked);
      b.tabIndex = v === (chosen ?? locked ?? min) ? 0 : -1;
    }
    const shown = chosen ?? locked;
    needle.setAttribute('transform', `rotate(${shown === undefined ? 0 : angleOf(shown)})`);
    needle.classList.toggle('idle', shown === undefined);
    big.textContent = shown === undefined ? '?' : String(shown);
    dial.classList.toggle('is-locked', locked !== undefined && chosen === locked);
    if (locked !== undefined && chosen === locked) state.replaceChildren(lock(), ' Locked in');
    else if (locked !== undefined) state.textContent = `locked at ${locked}: change?`;
    else if (shown === undefined) state.textContent = 'pick a number';
    else state.textContent = 'not locked yet';
  }
  draw();
  wrap.append(dial);
  return {
    el: wrap,
    labelled: true,
    get: () => chosen,
    problem: () => {
      if (chosen === undefined) return 'Turn the dial to a number, then lock it in.';
      if (locked !== undefined && chosen === locked) return `Your dial is locked in at ${locked}. You may change it until everyone has bid.`;
      return '';
    },
  };
}

registerRenderer('sealed-bids', {
  render(view, ctx) {
    const board = scoreboard(view, ctx);
    const hist = history(view, ctx);
    if (hist) board.append(hist);
    return h('div.sb', board);
  },
  input(param, ask, ctx, key) {
    if (ask.verb === 'bid' && param.name === 'value' && param.input.kind === 'number') return biddingDial(param, ask, ctx, key);
    return null;
  },
});
