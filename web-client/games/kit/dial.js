// The Bidding Dial, shared by every game that bids 0–14 in secret (Sealed
// Bids, X-Men's recruit and Mission Commander auctions): a knob with the
// numbers round it, the choice and its "locked in" state in the centre.
// Values the seat may not bid (more Hope than it has) are greyed out.
import { h, svg } from '../../util.js';

const MAX = 14;

/** A small padlock (emoji fonts are missing on some systems). */
export function lock() {
  return svg('svg', { viewBox: '0 0 16 16', class: 'ico-lock', 'aria-hidden': 'true' },
    svg('rect', { x: 3, y: 7, width: 10, height: 8, rx: 1.5 }),
    svg('path', { d: 'M5.5 7V5a2.5 2.5 0 0 1 5 0v2', fill: 'none', 'stroke-width': 1.8 }));
}

/**
 * A prompt control for a `number` param answered with the dial.
 * `locked`: the seat's own locked dial (undefined if none); `cls`: extra
 * classes for the dial; `note`: an element shown under it.
 */
export function biddingDial(param, ctx, key, { locked, cls = '', note = null } = {}) {
  const min = param.input.min ?? 0;
  const maxOk = param.input.max ?? MAX;
  let chosen = ctx.draft[key] ?? locked ?? undefined;
  const dial = h(`div.dial${cls}`, { role: 'radiogroup', 'aria-label': 'Bidding Dial' });
  const face = svg('svg', { viewBox: '-100 -100 200 200', class: 'dial-face', 'aria-hidden': 'true' });
  const sweep = 300;
  const angleOf = (v) => -sweep / 2 + (v / MAX) * sweep;
  const arcPath = (r, from, to) => {
    const a0 = ((angleOf(from) - 90) * Math.PI) / 180;
    const a1 = ((angleOf(to) - 90) * Math.PI) / 180;
    const large = angleOf(to) - angleOf(from) > 180 ? 1 : 0;
    return `M ${r * Math.cos(a0)} ${r * Math.sin(a0)} A ${r} ${r} 0 ${large} 1 ${r * Math.cos(a1)} ${r * Math.sin(a1)}`;
  };
  face.append(svg('circle', { r: 96, class: 'dial-rim' }));
  if (maxOk < MAX) face.append(svg('path', { d: arcPath(70, 0, MAX), class: 'dial-track xm-track-off' }));
  if (maxOk > 0) face.append(svg('path', { d: arcPath(70, 0, Math.min(maxOk, MAX)), class: 'dial-track' }));
  face.append(svg('circle', { r: 50, class: 'dial-knob' }));
  const needle = svg('line', { x1: 0, y1: -53, x2: 0, y2: -72, class: 'dial-needle' });
  face.append(needle);
  dial.append(face);
  const big = h('div.dial-value');
  const state = h('div.dial-state');
  const buttons = [];
  for (let v = 0; v <= MAX; v++) {
    const a = ((angleOf(v) - 90) * Math.PI) / 180;
    const off = v < min || v > maxOk;
    const b = h('button.dial-num', {
      type: 'button', role: 'radio', dataset: { dial: String(v) }, disabled: off,
      'aria-label': off ? `Bid ${v} (you cannot bid that much)` : `Bid ${v}`,
      style: { left: `${50 + 41 * Math.cos(a)}%`, top: `${50 + 41 * Math.sin(a)}%` },
      onclick: () => { set(v); b.dispatchEvent(new Event('pick', { bubbles: true })); },
    }, String(v));
    buttons.push(b);
  }
  dial.append(...buttons, h('div.dial-center', big, state));
  dial.addEventListener('keydown', (e) => {
    const d = e.key === 'ArrowRight' || e.key === 'ArrowUp' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -1 : 0;
    if (!d) return;
    e.preventDefault();
    set(Math.min(maxOk, Math.max(min, (chosen ?? locked ?? min) + d)));
    dial.dispatchEvent(new Event('pick', { bubbles: true }));
  });
  function set(v) { chosen = v; ctx.draft[key] = v; draw(); }
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
    const isLocked = locked !== undefined && chosen === locked;
    dial.classList.toggle('is-locked', isLocked);
    dial.dataset.locked = String(isLocked);
    if (isLocked) state.replaceChildren(lock(), ' Locked in');
    else if (locked !== undefined) state.textContent = `locked at ${locked}: change?`;
    else if (shown === undefined) state.textContent = 'pick a number';
    else state.textContent = 'not locked yet';
  }
  draw();
  return {
    el: h(`div.dial-wrap${cls ? cls + '-wrap' : ''}`, dial, note),
    labelled: true,
    get: () => chosen,
    problem: () => {
      if (chosen === undefined) return 'Turn the dial to a number, then lock it in.';
      if (locked !== undefined && chosen === locked) return `Your dial is locked in at ${locked}. You may change it until everyone has bid.`;
      return '';
    },
  };
}
