// Marvel: Crisis Protocol: zoom and pan for the battlefield.
//
// Why: on a 390 px phone the 36" table is drawn about 10 px to the inch, so
// a movement end or a 40 mm base is a few pixels across, too small to aim
// at or to tap. The map keeps one zoom across redraws (module state): the
// whole table, or a square window onto it. On a phone each new decision
// starts zoomed onto what the prompt offers (the moving character and its
// ends, the targets, the points to tap); zooming by hand (the bar's
// buttons, two fingers, Ctrl + the wheel) keeps that zoom until the next
// decision (the next state: after a move the attack is aimed afresh). While zoomed, one finger on the ground of the map
// pans it; a drag that starts on the moving base or a free-hand handle
// stays theirs, and a tap still taps.

import { h } from '../../util.js';

const MAX = 5;
const SLOP = 8; // px a finger moves before a press becomes a pan
// s: scale (1 = the whole table), c: the window's centre in SVG units,
// key: the decision it was fitted for, manual: zoomed by hand since.
const Z = { s: 1, c: null, key: null, version: null, manual: false };
let full = [0, 0, 0, 0]; // the whole table's viewBox [x, y, w, h]

const clamp = (v, a, b) => Math.max(a, Math.min(b, v));

/** The window shown now, [x, y, w, h] in SVG units. */
export function windowBox() {
  const w = full[2] / Z.s;
  const c = Z.c || [full[0] + full[2] / 2, full[1] + full[3] / 2];
  const x = clamp(c[0] - w / 2, full[0], full[0] + full[2] - w);
  const y = clamp(c[1] - w / 2, full[1], full[1] + full[3] - w);
  Z.c = [x + w / 2, y + w / 2];
  return [x, y, w, w];
}

/** Shows the current window on `root` (the map's svg, drawn with the whole table as its viewBox). */
export function applyZoom(root) {
  if (!root.dataset.full) {
    const vb = root.viewBox.baseVal;
    root.dataset.full = [vb.x, vb.y, vb.width, vb.height].join(' ');
  }
  full = root.dataset.full.split(' ').map(Number);
  root.setAttribute('viewBox', windowBox().join(' '));
  root.classList.toggle('zoomed', Z.s > 1.01);
  root.dataset.zoom = Z.s.toFixed(2);
}

/** The whole table's box, once a map has been drawn (for fitting before the new map is zoomed). */
export function setFull(box) { full = box; }

/**
 * Fits the window to `bbox` ([x0, y0, x1, y1] in SVG units) for a new
 * decision: `key` names the decision (a new one forgets a zoom by hand),
 * `version` the state (each new state refits unless zoomed by hand).
 * Only on a phone (`auto`); elsewhere a new decision shows the whole table.
 */
export function fitFor(key, version, bbox, auto) {
  if (key !== Z.key) { Z.key = key; Z.manual = false; }
  if (Z.manual || version === Z.version) return;
  Z.version = version;
  if (!auto || !bbox) { Z.s = 1; Z.c = null; return; }
  const margin = 28; // 2.8": room round the ends for a finger and the ghost base
  const span = Math.max(bbox[2] - bbox[0], bbox[3] - bbox[1]) + 2 * margin;
  Z.s = clamp(full[2] / Math.max(span, 140), 1, MAX);
  Z.c = [(bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2];
}

/** Zooms by factor k about the point `at` (SVG units; the centre when omitted). */
function zoomBy(k, at) {
  const [x, y, w] = windowBox();
  const s = clamp(Z.s * k, 1, MAX);
  const p = at || [x + w / 2, y + w / 2];
  // Keep `p` where it is on screen.
  const f = Z.s / s;
  Z.c = [p[0] + (x + w / 2 - p[0]) * f, p[1] + (y + w / 2 - p[1]) * f];
  Z.s = s;
  Z.manual = true;
}

/** The zoom bar over the map: −, +, the whole table; `redraw` draws the map again. */
export function zoomBar(redraw) {
  const label = h('span.cp-zoom-level', { 'aria-live': 'polite' });
  const b = (text, aria, fn) => h('button.small.cp-zoom-b', { type: 'button', 'aria-label': aria, onclick: () => { fn(); redraw(); } }, text);
  const el = h('div.cp-zoom', { role: 'group', 'aria-label': 'Zoom the battlefield' },
    b('−', 'Zoom out', () => zoomBy(1 / 1.6)),
    b('+', 'Zoom in', () => zoomBy(1.6)),
    b('Whole table', 'Show the whole table', () => { Z.s = 1; Z.c = null; Z.manual = true; }),
    label);
  return { el, show() { label.textContent = Z.s > 1.01 ? `×${Z.s.toFixed(1)}, one finger pans` : 'whole table'; } };
}

/**
 * Pinch, pan and Ctrl + wheel on the map. `changed()` is called when a
 * gesture ends (the map is drawn again: tap targets keep their size on
 * screen). Presses on the moving base and on free-hand handles are theirs.
 */
export function wireZoom(root, changed) {
  const pts = new Map();
  let pan = null;
  let pinch = null;
  let swallow = false;
  const perPx = () => { const r = root.getBoundingClientRect(); return r.width ? windowBox()[2] / r.width : 0; };
  const unitAt = (cx, cy) => {
    const r = root.getBoundingClientRect();
    const [x, y, w] = windowBox();
    return [x + ((cx - r.left) / r.width) * w, y + ((cy - r.top) / r.height) * w];
  };
  const mid = () => { const [a, b] = [...pts.values()]; return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]; };
  const spread = () => { const [a, b] = [...pts.values()]; return Math.hypot(a[0] - b[0], a[1] - b[1]) || 1; };
  root.addEventListener('pointerdown', (e) => {
    swallow = false;
    if (e.target instanceof Element && e.target.closest('.draggable, .cp-free-h, .cp-free-ghost')) return;
    pts.set(e.pointerId, [e.clientX, e.clientY]);
    if (pts.size === 2) {
      pan = null;
      const m = mid();
      pinch = { d0: spread(), s0: Z.s, at: unitAt(...m) };
    } else if (pts.size === 1) {
      pan = { x: e.clientX, y: e.clientY, c0: [...windowBox()], moved: false, id: e.pointerId };
    }
  });
  root.addEventListener('pointermove', (e) => {
    if (!pts.has(e.pointerId)) return;
    pts.set(e.pointerId, [e.clientX, e.clientY]);
    if (pinch && pts.size >= 2) {
      e.preventDefault();
      const s = clamp(pinch.s0 * (spread() / pinch.d0), 1, MAX);
      // The point under the fingers' midpoint stays under it.
      const r = root.getBoundingClientRect();
      const m = mid();
      const w = full[2] / s;
      Z.s = s;
      Z.c = [pinch.at[0] - ((m[0] - r.left) / r.width - 0.5) * w, pinch.at[1] - ((m[1] - r.top) / r.height - 0.5) * w];
      Z.manual = true;
      applyZoom(root);
      return;
    }
    if (!pan || Z.s <= 1.01) return;
    const dx = e.clientX - pan.x;
    const dy = e.clientY - pan.y;
    if (!pan.moved && Math.hypot(dx, dy) < SLOP) return;
    if (!pan.moved) { pan.moved = true; root.setPointerCapture?.(e.pointerId); }
    e.preventDefault();
    const k = perPx();
    Z.c = [pan.c0[0] + pan.c0[2] / 2 - dx * k, pan.c0[1] + pan.c0[3] / 2 - dy * k];
    Z.manual = true;
    applyZoom(root);
  });
  const up = (e) => {
    if (!pts.delete(e.pointerId)) return;
    const was = (pan && pan.moved) || pinch;
    if (pts.size < 2) pinch = null;
    if (pts.size === 0) pan = null;
    if (was) { swallow = true; if (pts.size === 0) changed(); }
  };
  root.addEventListener('pointerup', up);
  root.addEventListener('pointercancel', up);
  // The click that ends a pan or pinch chooses nothing.
  root.addEventListener('click', (e) => { if (swallow) { swallow = false; e.stopPropagation(); e.preventDefault(); } }, true);
  root.addEventListener('wheel', (e) => {
    if (!e.ctrlKey && !e.metaKey) return;
    e.preventDefault();
    zoomBy(e.deltaY < 0 ? 1.2 : 1 / 1.2, unitAt(e.clientX, e.clientY));
    applyZoom(root);
    clearTimeout(root.__zoomT);
    root.__zoomT = setTimeout(changed, 250);
  }, { passive: false });
}

/** SVG units per screen pixel of the map drawn last (the window shown over its width), 0 before one is. */
export function unitsPerPx() {
  const el = document.querySelector('.cp-field');
  // (Hidden on another tab: the width it will have, about the screen's.)
  const w = (el && el.getBoundingClientRect().width) || Math.min(window.innerWidth - 24, 900);
  return w > 0 ? windowBox()[2] / w : 0;
}

/**
 * A tap target's radius on screen in px: 22 (44 px across, a fingertip)
 * on a phone or wherever the pointer is coarse, 11 with a mouse.
 */
export function tapPx() {
  return window.matchMedia('(max-width: 700px), (pointer: coarse)').matches ? 22 : 11;
}
