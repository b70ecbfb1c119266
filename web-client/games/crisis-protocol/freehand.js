// Marvel: Crisis Protocol: free-hand movement (issue 17).
//
// The prompt offers a bounded set of movement plans (the end dots), but
// the engine accepts any plan whose tool bends at most 90° at its pivot
// (the tool's midpoint) and whose end touches the tool (README, ruling 6).
// This file lets the player lay the tool by hand: the first half follows
// the pointer from the base (the pivot handle), the second half bends at
// the pivot (the tip handle, clamped to ±90°), and the base's end slides
// anywhere it still touches the tool (the ghost base).
//
// Everything here is a preview: the tool's length and width come from the
// geometry content, and the checks are the cheap ones the engine also
// makes (bend, the base touching the tool, on the table, no other base
// overlapped, terrain fully on or off and not too tall to stand on or to
// pass the tool over). The band of lit squares is where the base's centre
// may end by those checks. The server decides; a refusal comes back typed.
//
// A climb is the S tool laid the same way, at the climb's movement Size
// (digest: a climb counts as movement Size 5, or the character's own if
// larger), so it may pass over and end on taller terrain.
//
// Geometry is in engine inches (the field's orientation maps to screen).

import { svg } from '../../util.js';
import { geo, charOf, piecesOf } from './text.js';
import { tapPx } from './zoom.js';

const U = 10; // SVG units per inch, as field.js
let refocus = null; // the handle to focus once the map is drawn again (keyboard)
const EPS = 1e-6;
const rad = (d) => (d * Math.PI) / 180;
const deg = (r) => (r * 180) / Math.PI;
const unit = (a) => [Math.cos(rad(a)), Math.sin(rad(a))];
const add = (p, u, k) => [p[0] + u[0] * k, p[1] + u[1] * k];
const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
/** An angle in (−180, 180]. */
export const norm = (a) => { const x = (((a + 180) % 360) + 360) % 360 - 180; return x === -180 ? 180 : x; };
/** The engine's 1/1024" grid (it rounds the end the same way). */
const quant = (v) => Math.round(v * 1024) / 1024;
const round1 = (v) => Math.round(v * 10) / 10;

/** The tool's polyline from a base: edge, pivot, tip. */
export function freePath(c, r, tool, angle, bend) {
  const l = geo().tools[tool] || 0;
  const u0 = unit(angle);
  const s = add(c, u0, r);
  const m = add(s, u0, l / 2);
  return [s, m, add(m, unit(angle + bend), l / 2)];
}

/** The nearest point of a segment to p. */
function onSeg(p, a, b) {
  const d = [b[0] - a[0], b[1] - a[1]];
  const l2 = d[0] * d[0] + d[1] * d[1];
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / l2));
  return [a[0] + d[0] * t, a[1] + d[1] * t];
}

/** The nearest point of the polyline to p, and its distance. */
function nearest(p, path) {
  let best = null;
  for (let i = 0; i + 1 < path.length; i++) {
    const q = onSeg(p, path[i], path[i + 1]);
    const d = dist(p, q);
    if (!best || d < best.d) best = { q, d };
  }
  return best;
}

/** How far from the tool a base's centre may be and still touch it. */
const reach = (r) => r + (geo().toolWidth || 0.75) / 2 - 1e-3;

/** p moved into the band where a base of radius r touches the tool. */
export function clampEnd(p, path, r) {
  const { q, d } = nearest(p, path);
  const R = reach(r);
  if (d <= R) return p;
  return [q[0] + ((p[0] - q[0]) * R) / d, q[1] + ((p[1] - q[1]) * R) / d];
}

// ---- rectangles (terrain footprints)
const box = (p) => [p.center[0] - p.w / 2, p.center[1] - p.h / 2, p.center[0] + p.w / 2, p.center[1] + p.h / 2];
const holds = (b, c) => c[0] >= b[0] && c[0] <= b[2] && c[1] >= b[1] && c[1] <= b[3];
/** Distance from c to the rectangle's boundary (inside or out). */
function boundaryDist(b, c) {
  if (holds(b, c)) return Math.min(c[0] - b[0], b[2] - c[0], c[1] - b[1], b[3] - c[1]);
  const dx = Math.max(b[0] - c[0], 0, c[0] - b[2]);
  const dy = Math.max(b[1] - c[1], 0, c[1] - b[3]);
  return Math.hypot(dx, dy);
}
const overlaps = (b, c, r) => holds(b, c) || boundaryDist(b, c) < r - EPS;
const fullyOn = (p, b, c, r) => p.standable !== false && holds(b, c) && boundaryDist(b, c) >= r - EPS;
/** Do segments a–b and c–d cross? */
function segsCross(a, b, c, d) {
  const o = (p, q, r) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return o(a, b, c) !== o(a, b, d) && o(c, d, a) !== o(c, d, b);
}
/** Distance between the segment a–b and the rectangle, 0 when they meet. */
function segRectDist(a, b, bx) {
  if (holds(bx, a) || holds(bx, b)) return 0;
  const k = [[bx[0], bx[1]], [bx[2], bx[1]], [bx[2], bx[3]], [bx[0], bx[3]]];
  for (let i = 0; i < 4; i++) if (segsCross(a, b, k[i], k[(i + 1) % 4])) return 0;
  return Math.min(boundaryDist(bx, a), boundaryDist(bx, b), ...k.map((q) => dist(q, onSeg(q, a, b))));
}

/** The mover as the engine sees it: radius, Size, movement Size, the piece it stands on. */
export function moverOf(view, i) {
  const G = geo();
  const m = view.models[i];
  const c = charOf(m.card);
  const side = c ? (m.injured && c.sides.injured && c.sides.injured.size ? c.sides.injured : c.sides.healthy) : null;
  const size = side ? side.size : 2;
  const flies = !!(c && (c.sides.healthy.keywords || []).length);
  const destroyed = new Set(view.destroyed || []);
  const pieces = piecesOf(view).map((p, k) => ({ ...p, k, b: box(p) })).filter((p) => !destroyed.has(p.k));
  const on = pieces.find((p) => fullyOn(p, p.b, m.pos, m.radius));
  return { i, m, r: m.radius, size, moveSize: flies ? Math.max(G.climbSize || 5, size) : size, on: on ? on.k : null, pieces };
}

/** The movement Size a plan counts with: a climb's is at least the climb Size. */
const moveSizeOf = (mv, climb) => (climb ? Math.max(geo().climbSize || 5, mv.moveSize) : mv.moveSize);

/** Why the base may not end at `to` (the preview's reason), or ''. */
function endRefusal(view, mv, to, climb = false) {
  const T = geo().tableInches;
  const r = mv.r;
  const ms = moveSizeOf(mv, climb);
  if (to[0] - r < -EPS || to[1] - r < -EPS || to[0] + r > T + EPS || to[1] + r > T + EPS) return 'the base must end on the table';
  const other = view.models.find((o, k) => k !== mv.i && o.deployed && !o.ko && dist(o.pos, to) < o.radius + r - EPS);
  if (other) return 'the base may not end overlapping another base';
  for (const p of mv.pieces) {
    if (!overlaps(p.b, to, r)) continue;
    if (!fullyOn(p, p.b, to, r)) return `a base is fully on terrain or fully off it (${p.name})`;
    if (p.size > ms && p.k !== mv.on) return `a character of movement Size ${ms} can't end on Size ${p.size} terrain`;
  }
  return '';
}

/** Why the tool itself may not lie there (terrain too tall under it), or ''. */
function toolRefusal(mv, path, climb = false) {
  const half = (geo().toolWidth || 0.75) / 2;
  const ms = moveSizeOf(mv, climb);
  for (const p of mv.pieces) {
    if (p.size <= ms || p.k === mv.on) continue;
    if (path.slice(1).some((b, k) => segRectDist(path[k], b, p.b) < half - EPS)) return `the tool may not pass over terrain of Size ${p.size} (movement Size ${ms})`;
  }
  return '';
}

/** The plan the free-hand tool makes, as the `advance` action takes it. */
export function planOf(f) {
  return { tool: f.tool, climb: !!f.climb, angle: round1(norm(f.angle)), bend: round1(Math.max(-90, Math.min(90, f.bend))), to: [quant(f.to[0]), quant(f.to[1])] };
}

/** The preview's reason against a plan, or ''. */
export function refusal(view, mv, plan) {
  if (Math.abs(plan.bend) > 90) return 'a tool bends at most 90 degrees at its pivot';
  if (plan.climb && plan.tool !== 'S') return 'a climb uses the S tool';
  const path = freePath(mv.m.pos, mv.r, plan.tool, plan.angle, plan.bend);
  if (nearest(plan.to, path).d > mv.r + (geo().toolWidth || 0.75) / 2 + EPS) return 'the base must end touching the movement tool';
  return toolRefusal(mv, path, plan.climb) || endRefusal(view, mv, plan.to, plan.climb);
}

/** Where the base ends by default: touching the tip, straight on (as the offered plans). */
export function tipEnd(mv, tool, angle, bend) {
  const path = freePath(mv.m.pos, mv.r, tool, angle, bend);
  return add(path[2], unit(angle + bend), mv.r);
}

/** The centres (a ¼" grid) where the base may end touching the tool, by the preview. */
function band(view, mv, path, climb) {
  const R = reach(mv.r);
  const xs = path.map((p) => p[0]);
  const ys = path.map((p) => p[1]);
  const out = [];
  const step = 0.25;
  for (let x = Math.floor((Math.min(...xs) - R) / step) * step; x <= Math.max(...xs) + R; x += step) {
    for (let y = Math.floor((Math.min(...ys) - R) / step) * step; y <= Math.max(...ys) + R; y += step) {
      const p = [x, y];
      if (nearest(p, path).d > R) continue;
      // Not where it already stands (no move).
      if (dist(p, mv.m.pos) < mv.r) continue;
      if (!endRefusal(view, mv, p, climb)) out.push(p);
    }
  }
  return out;
}

/**
 * Draws the free-hand tool into `layer` and wires its handles. `f` is the
 * state {tool, angle, bend, to}; `onChange(f)` is called on every drop.
 * ctx: {view, mv, O (orientation), root (the svg), seatColor}.
 */
export function drawFree(layer, f, ctx) {
  const { view, mv, O, root } = ctx;
  const G = geo();
  let cur = { ...f };
  const g = svg('g', { class: 'cp-free' });
  layer.append(g);
  const pt = (e) => {
    const r = root.getBoundingClientRect();
    const vb = root.viewBox.baseVal;
    return O.from([vb.x + ((e.clientX - r.left) / r.width) * vb.width, vb.y + ((e.clientY - r.top) / r.height) * vb.height]);
  };
  const paint = () => {
    const path = freePath(mv.m.pos, mv.r, cur.tool, cur.angle, cur.bend);
    const plan = planOf(cur);
    const why = refusal(view, mv, plan);
    g.replaceChildren();
    g.setAttribute('data-plan', JSON.stringify(plan));
    g.setAttribute('data-ok', String(!why));
    g.setAttribute('data-why', why);
    const sp = path.map((p) => O.to(p));
    const cell = 0.25 * U;
    const lit = svg('g', { class: 'cp-free-band' });
    for (const p of band(view, mv, path, cur.climb)) {
      const [x, y] = O.to(p);
      lit.append(svg('rect', { x: x - cell / 2, y: y - cell / 2, width: cell, height: cell }));
    }
    g.append(lit);
    g.append(svg('polyline', { points: sp.map((p) => p.join(',')).join(' '), class: `cp-free-tool${cur.climb ? ' climb' : ''}${toolRefusal(mv, path, cur.climb) ? ' bad' : ''}`, 'stroke-width': (G.toolWidth || 0.75) * U }));
    const [ex, ey] = O.to(cur.to);
    g.append(svg('line', { x1: sp[1][0], y1: sp[1][1], x2: sp[2][0], y2: sp[2][1], class: 'cp-free-axis' }));
    const ghost = svg('circle', { cx: ex, cy: ey, r: mv.r * U, class: `cp-ghost cp-free-ghost${why ? ' bad' : ''}`, style: { '--seat': ctx.seatColor }, 'data-h': 'end' });
    // Handles 44 px across on a phone (22 with a mouse), whatever the map's size or zoom.
    const px = root.getBoundingClientRect().width;
    const hr = Math.max(3.2, px ? (tapPx() * root.viewBox.baseVal.width) / px : ctx.handle || 0);
    const pivot = svg('circle', { cx: sp[1][0], cy: sp[1][1], r: hr, class: 'cp-free-h at-pivot', 'data-h': 'pivot' });
    const tip = svg('circle', { cx: sp[2][0], cy: sp[2][1], r: hr, class: 'cp-free-h at-tip', 'data-h': 'tip' });
    pivot.append(svg('title', {}, 'Drag: the tool\'s direction'));
    tip.append(svg('title', {}, 'Drag: bend at the pivot (up to 90°)'));
    ghost.append(svg('title', {}, 'Drag: where along the tool the base ends'));
    // Keyboard: the handles take focus; arrows turn (pivot) or bend (tip) by 5°, 1° with Shift.
    for (const el of [pivot, tip]) {
      el.setAttribute('tabindex', '0');
      el.setAttribute('role', 'slider');
      el.setAttribute('aria-label', el === pivot ? `Tool direction, ${Math.round(norm(cur.angle))} degrees` : `Bend at the pivot, ${plan.bend} degrees`);
    }
    g.append(ghost, pivot, tip);
    // (The map may be drawn again more than once for one change, some of
    // it later: each drawing within a second focuses its handle.)
    if (refocus && performance.now() < refocus.until) {
      const which = refocus.which;
      requestAnimationFrame(() => { if (g.isConnected) g.querySelector(`[data-h="${which}"]`)?.focus(); });
    }
    g.append(svg('text', { x: sp[1][0], y: sp[1][1] - hr - 2, 'text-anchor': 'middle', class: 'cp-free-t' }, `${cur.climb ? 'climb ' : ''}${cur.tool}${plan.bend ? ` ${plan.bend > 0 ? '+' : ''}${plan.bend.toFixed(0)}°` : ''}`));
    if (ctx.onPaint) ctx.onPaint(plan, why);
  };
  // One drag at a time, from a handle or from the mover's base.
  let drag = null;
  const move = (e) => {
    if (!drag) return;
    e.preventDefault();
    const p = pt(e);
    if (drag === 'pivot') {
      const a = deg(Math.atan2(p[1] - mv.m.pos[1], p[0] - mv.m.pos[0]));
      if (dist(p, mv.m.pos) > mv.r * 0.5) cur.angle = a;
      cur.to = tipEnd(mv, cur.tool, cur.angle, cur.bend);
    } else if (drag === 'tip') {
      const path = freePath(mv.m.pos, mv.r, cur.tool, cur.angle, cur.bend);
      const a = deg(Math.atan2(p[1] - path[1][1], p[0] - path[1][0]));
      cur.bend = Math.max(-90, Math.min(90, norm(a - cur.angle)));
      cur.to = tipEnd(mv, cur.tool, cur.angle, cur.bend);
    } else {
      cur.to = clampEnd(p, freePath(mv.m.pos, mv.r, cur.tool, cur.angle, cur.bend), mv.r);
    }
    paint();
  };
  const start = (which) => (e) => {
    refocus = null;
    e.preventDefault();
    e.stopPropagation();
    drag = which;
    root.setPointerCapture?.(e.pointerId);
  };
  const end = () => {
    if (!drag) return;
    drag = null;
    ctx.onChange({ ...cur });
  };
  g.addEventListener('keydown', (e) => {
    const which = e.target instanceof Element && e.target.getAttribute('data-h');
    const k = { ArrowLeft: 1, ArrowUp: 1, ArrowRight: -1, ArrowDown: -1 }[e.key];
    if (!k || (which !== 'pivot' && which !== 'tip')) return;
    e.preventDefault();
    e.stopPropagation();
    const step = (e.shiftKey ? 1 : 5) * k;
    if (which === 'pivot') cur.angle = norm(cur.angle + step);
    else cur.bend = Math.max(-90, Math.min(90, cur.bend + step));
    cur.to = tipEnd(mv, cur.tool, cur.angle, cur.bend);
    refocus = { which, until: performance.now() + 1000 };
    ctx.onChange({ ...cur });
  });
  g.addEventListener('pointerdown', (e) => {
    const h = e.target instanceof Element && e.target.getAttribute('data-h');
    if (h) start(h)(e);
  });
  if (ctx.baseEl) ctx.baseEl.addEventListener('pointerdown', start('pivot'));
  root.addEventListener('pointermove', move);
  root.addEventListener('pointerup', end);
  root.addEventListener('pointercancel', () => { drag = null; cur = { ...f }; paint(); });
  paint();
  // Drawn again when the map changes size (a phone turned, a tab shown), for the handles.
  if (typeof ResizeObserver === 'function') {
    let w = 0;
    new ResizeObserver(([e]) => { const nw = Math.round(e.contentRect.width); if (nw && nw !== w) { w = nw; if (!drag && g.isConnected) paint(); } }).observe(root);
  }
  return { get: () => ({ ...cur }) };
}

/** The start of a free-hand tool: the first offered plan's direction with this tool, else toward the table's centre. */
export function startFree(view, mv, tool, ends) {
  const e = ends.find((x) => x.value.tool === tool && !x.value.climb && !x.value.bend) || ends.find((x) => x.value.tool === tool);
  const T = geo().tableInches;
  const angle = e ? e.value.angle : deg(Math.atan2(T / 2 - mv.m.pos[1], T / 2 - mv.m.pos[0]));
  return { tool, angle, bend: 0, to: tipEnd(mv, tool, angle, 0) };
}
