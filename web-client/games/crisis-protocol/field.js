// Marvel: Crisis Protocol: the 36"×36" battlefield as an SVG drawn to
// scale (10 units to the inch): terrain pieces with their footprints and
// Sizes, the deployment zones along each player's edge, objective tokens
// (1" across) with their control and holder, and every deployed base
// (40/50/65 mm) with its damage, power, conditions and Activated or Dazed
// state. The viewer's own edge is at the bottom (seat 1's for spectators).
//
// Over it, what the viewer's prompt offers: the end positions of the
// offered movement plans (each with its tool path on hover or focus; a
// drag from the moving base picks the nearest end; or the free-hand tool,
// freehand.js, laid and bent by hand), deployment points,
// targets with their dice pools, ready characters, tokens within reach,
// superpower choices. Range rings R1–R5 around a hovered or tapped base,
// and a line-of-sight line from the chosen base to the hovered one, are a
// preview only: the server measures everything.
//
// A piece of terrain the prompt offers to throw is outlined and tapped
// (or reached by Tab, taken by Enter) to pick it; then the directions the
// prompt offers for it are arrows from the thrower's base, as long as the
// throw, tapped to choose one.
//
// Drawing only: what a tap does is the caller's (`opts.on*`).

import { svg } from '../../util.js';
import { geo, charOf, charName, charTip, piecesOf, conditionName, crisisName, crisisTip, rangeWords } from './text.js';
import { drawFree, moverOf } from './freehand.js';

export const U = 10; // SVG units per inch
export const SEAT_COLORS = ['#2f6fdf', '#d0452f'];
export const seatColor = (s) => SEAT_COLORS[s % 2] || '#777';
const TOKEN_COLORS = ['#d9a21b', '#1aa39a'];

/** Engine inches → screen units with `edge` at the bottom, and back. */
export function orientation(edge) {
  const T = geo().tableInches;
  const f = {
    south: [([x, y]) => [x, T - y], ([a, b]) => [a, T - b]],
    north: [([x, y]) => [T - x, y], ([a, b]) => [T - a, b]],
    west: [([x, y]) => [T - y, T - x], ([a, b]) => [T - b, T - a]],
    east: [([x, y]) => [y, x], ([a, b]) => [b, a]],
  }[edge] || [([x, y]) => [x, T - y], ([a, b]) => [a, T - b]];
  return {
    edge,
    swap: edge === 'west' || edge === 'east',
    to: (p) => { const [a, b] = f[0](p); return [a * U, b * U]; },
    from: ([a, b]) => f[1]([a / U, b / U]),
  };
}

const initials = (name) => {
  const w = String(name).replace(/^The /, '').split(/[\s-]+/).filter(Boolean);
  return (w.length > 1 ? w[0][0] + w[1][0] : w[0].slice(0, 2)).toUpperCase();
};
const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const tip = (el, title, text) => {
  if (!text) return el;
  el.setAttribute('data-tip', text);
  el.setAttribute('data-tip-title', title);
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
  return el;
};
/** A lit element answers Enter and Space as a tap. */
const pressable = (el, label, fn) => {
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  if (label) el.setAttribute('aria-label', label);
  el.addEventListener('click', (e) => { e.stopPropagation(); fn(e); });
  el.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    e.stopPropagation();
    fn(e);
  });
};

/** The range band of an edge-to-edge distance: 1..5, or 0 beyond R5. */
export function rangeBand(d) {
  const R = geo().rangeInches;
  for (let i = 0; i < R.length; i++) if (d <= R[i] + 1e-6) return i + 1;
  return 0;
}

/** The tool's polyline for a plan from a base (digest §2.4: radial, pivot at the middle, bend). */
export function toolPath(c, r, plan) {
  const l = geo().tools[plan.tool] || 0;
  const rad = (d) => (d * Math.PI) / 180;
  const u0 = [Math.cos(rad(plan.angle)), Math.sin(rad(plan.angle))];
  const u1 = [Math.cos(rad(plan.angle + (plan.bend || 0))), Math.sin(rad(plan.angle + (plan.bend || 0)))];
  const s = [c[0] + u0[0] * r, c[1] + u0[1] * r];
  const m = [s[0] + (u0[0] * l) / 2, s[1] + (u0[1] * l) / 2];
  return [s, m, [m[0] + (u1[0] * l) / 2, m[1] + (u1[1] * l) / 2]];
}

/** Does the segment a–b cross the axis-aligned rectangle (centre, w, h)? (Liang–Barsky.) */
function crosses(a, b, p) {
  const [cx, cy] = p.center;
  const x0 = cx - p.w / 2; const x1 = cx + p.w / 2; const y0 = cy - p.h / 2; const y1 = cy + p.h / 2;
  const dx = b[0] - a[0]; const dy = b[1] - a[1];
  let t0 = 0; let t1 = 1;
  for (const [q, r] of [[-dx, a[0] - x0], [dx, x1 - a[0]], [-dy, a[1] - y0], [dy, y1 - a[1]]]) {
    if (q === 0) { if (r < 0) return false; continue; }
    const t = r / q;
    if (q < 0) { if (t > t1) return false; if (t > t0) t0 = t; } else { if (t < t0) return false; if (t < t1) t1 = t; }
  }
  return t1 - t0 > 1e-9;
}

/**
 * The battlefield. opts: {me, who(seat), edge, focus (model index or null),
 * lit: {models: Map(model -> label), targets: Map(model -> label),
 * tokens: Set, points: [{p, label, key}], ends: [{value, label}], mover,
 * pieces: Map(piece -> {dirs: [{value, angle, label}], len})}, thrower,
 * fling: {target, dirs: [{value, angle, label, lands, what}], value} (an
 * enemy to throw, its directions with where it lands), onFling(value),
 * finger (a fingertip's radius in SVG units, for the throw arrows' ends),
 * chosen: {end, point, model, token, piece, throw}, onModel(m), onToken(t),
 * onPoint(pt), onEnd(value), onPiece(piece, event), onThrow(value),
 * onPick(model) (a tap on any base, for its card)}.
 */
export function battlefield(view, opts) {
  const G = geo();
  const T = G.tableInches;
  const O = orientation(opts.edge);
  const W = T * U;
  // A tap target at least a fingertip across on screen (opts.finger: its radius in SVG units).
  const hitR = (r) => Math.max(r, opts.finger || 0);
  const root = svg('svg', { class: 'cp-field', viewBox: `-6 -6 ${W + 12} ${W + 12}`, role: 'group', 'aria-label': `The battlefield, ${T} by ${T} inches`, 'data-edge': O.edge });
  root.append(svg('rect', { x: 0, y: 0, width: W, height: W, class: 'cp-table' }));
  // A 6" grid, light, for judging distances by eye.
  const grid = svg('g', { class: 'cp-grid' });
  for (let i = 6; i < T; i += 6) {
    grid.append(svg('line', { x1: i * U, y1: 0, x2: i * U, y2: W }), svg('line', { x1: 0, y1: i * U, x2: W, y2: i * U }));
  }
  root.append(grid);

  // Deployment zones: within R3 (deployRange) of each player's edge.
  if (view.edges) {
    const depth = G.rangeInches[(G.deployRange || 3) - 1] || 6;
    view.edges.forEach((edge, s) => {
      const corners = {
        south: [[0, 0], [T, depth]], north: [[0, T - depth], [T, T]], west: [[0, 0], [depth, T]], east: [[T - depth, 0], [T, T]],
      }[edge];
      if (!corners) return;
      const [a, b] = [O.to(corners[0]), O.to(corners[1])];
      const zone = svg('rect', {
        x: Math.min(a[0], b[0]), y: Math.min(a[1], b[1]), width: Math.abs(a[0] - b[0]), height: Math.abs(a[1] - b[1]),
        class: 'cp-zone', 'data-seat': String(s), 'data-edge': edge, style: { '--seat': seatColor(s) },
      });
      root.append(tip(zone, `${opts.who(s, true)} deployment zone`, `Within R${G.deployRange || 3} (${depth}") of the ${edge} edge.`));
    });
  }

  // The edge choice on the map: each edge offered is a band as deep as
  // its deployment zone, with its name; a tap chooses it (the opponent
  // takes the opposite edge).
  const edgeLayer = svg('g', { class: 'cp-edge-picks' });
  if (opts.lit.edges && opts.lit.edges.size) {
    const depth = G.rangeInches[(G.deployRange || 3) - 1] || 6;
    for (const [edge, label] of opts.lit.edges) {
      const corners = { south: [[0, 0], [T, depth]], north: [[0, T - depth], [T, T]], west: [[0, 0], [depth, T]], east: [[T - depth, 0], [T, T]] }[edge];
      if (!corners) continue;
      const [a, b] = [O.to(corners[0]), O.to(corners[1])];
      const x = Math.min(a[0], b[0]); const y = Math.min(a[1], b[1]);
      const w = Math.abs(a[0] - b[0]); const hh = Math.abs(a[1] - b[1]);
      const g = svg('g', { class: `cp-edge-pick${opts.chosen.edge === edge ? ' chosen' : ''}`, 'data-edge': edge },
        svg('rect', { x, y, width: w, height: hh, rx: 2 }),
        svg('text', { x: x + w / 2, y: y + hh / 2 + 2.5, 'text-anchor': 'middle', class: 'cp-edge-t', transform: w < hh ? `rotate(-90 ${x + w / 2} ${y + hh / 2})` : null }, label));
      pressable(g, `${label}: deploy within R${G.deployRange || 3} of it`, () => opts.onEdge(edge));
      edgeLayer.append(g);
    }
  }

  // Terrain.
  const terrain = svg('g', { class: 'cp-terrain' });
  const destroyed = new Set(view.destroyed || []);
  piecesOf(view).forEach((p, i) => {
    const [cx, cy] = O.to(p.center);
    const w = (O.swap ? p.h : p.w) * U;
    const hgt = (O.swap ? p.w : p.h) * U;
    if (destroyed.has(i)) {
      // Gone: its outline stays as a reminder, nothing blocks there.
      terrain.append(tip(svg('g', { class: 'cp-piece destroyed', 'data-piece': String(i), 'data-k': `piece:${i}`, 'data-v': 'destroyed' },
        svg('rect', { x: cx - w / 2, y: cy - hgt / 2, width: w, height: hgt, rx: 2 })), `${p.name} (destroyed)`, 'Destroyed: removed from the battlefield; anything on it stayed where it was.'));
      return;
    }
    const g = svg('g', { class: `cp-piece size-${p.size}${p.standable === false ? ' no-stand' : ''}`, 'data-piece': String(i) },
      svg('rect', { x: cx - w / 2, y: cy - hgt / 2, width: w, height: hgt, rx: 2 }),
      svg('text', { x: cx, y: cy + 2, 'text-anchor': 'middle', class: 'cp-piece-size' }, String(p.size)));
    if (Math.min(w, hgt) >= 24) g.append(svg('text', { x: cx, y: cy - hgt / 2 + 8, 'text-anchor': 'middle', class: 'cp-piece-name' }, p.name));
    tip(g, `${p.name}, Size ${p.size}`, `${p.w}" × ${p.h}" at (${p.center[0]}, ${p.center[1]}).${p.standable === false ? ' No character can stand on it.' : ' A character may climb onto it (effective Size adds its Size).'}`);
    // A piece the prompt offers to throw: outlined, a tap (or Enter) picks it.
    if (opts.lit.pieces && opts.lit.pieces.has(i)) {
      g.classList.add('lit');
      if (opts.chosen.piece === i) g.classList.add('chosen');
      pressable(g, `Throw the ${p.name} (Size ${p.size})`, (e) => opts.onPiece(i, e));
    }
    terrain.append(g);
  });
  root.append(terrain);

  // Offered movement plans and deployment points: under the bases.
  const plans = svg('g', { class: 'cp-plans' });
  root.append(plans);

  // Hit areas a fingertip across round what a tap may choose (bases, lit
  // tokens), under every base: a tap on a base is always that base's.
  const hits = svg('g', { class: 'cp-base-hits' });

  // Objective tokens.
  const tokens = svg('g', { class: 'cp-tokens' });
  const tr = ((G.tokenDiameter || 1) / 2) * U;
  (view.tokens || []).forEach((t, i) => {
    const held = t.holder !== null && t.holder !== undefined;
    const [x, y] = O.to(t.pos);
    const lit = opts.lit.tokens && opts.lit.tokens.has(i);
    const ox = held ? tr * 0.9 : 0;
    const g = svg('g', {
      class: `cp-token crisis-${t.crisis}${held ? ' held' : ''}${lit ? ' lit' : ''}${opts.chosen.token === i ? ' chosen' : ''}`,
      'data-token': String(i), 'data-k': `token:${i}`, 'data-v': `${t.control ?? ''}|${t.holder ?? ''}|${t.pos.join(',')}`,
    });
    if (t.control !== null && t.control !== undefined) g.append(svg('circle', { cx: x + ox, cy: y - ox, r: tr + 2.2, class: 'cp-control', style: { '--seat': seatColor(t.control) } }));
    g.append(svg('circle', { cx: x + ox, cy: y - ox, r: held ? tr * 0.7 : tr, fill: TOKEN_COLORS[t.crisis] || '#999', class: 'cp-token-c' }));
    g.append(svg('text', { x: x + ox, y: y - ox + 2.5, 'text-anchor': 'middle', class: 'cp-token-t' }, String(t.index + 1)));
    const where = held ? `held by ${charName(view.models[t.holder].card)} (${opts.who(view.models[t.holder].owner)})` : `at (${t.pos[0].toFixed(1)}, ${t.pos[1].toFixed(1)})`;
    tip(g, `${crisisName(view.crises[t.crisis])} token ${t.index + 1}`, `${where}; ${t.control !== null && t.control !== undefined ? `control token of ${opts.who(t.control)}` : 'no control token'}.\n${crisisTip(view.crises[t.crisis])}`);
    if (lit) {
      pressable(g, `Interact with token ${t.index + 1}`, () => opts.onToken(i));
      // A fingertip across, under the bases (with theirs).
      if ((opts.finger || 0) > tr) {
        const c = svg('circle', { cx: x + ox, cy: y - ox, r: opts.finger, class: 'cp-end-hit cp-token-hit', 'data-token': String(i) });
        c.addEventListener('click', (e) => { e.stopPropagation(); opts.onToken(i); });
        hits.append(c);
      }
    }
    tokens.append(g);
  });

  // Bases.
  const bases = svg('g', { class: 'cp-bases' });
  const overlay = svg('g', { class: 'cp-overlay', 'pointer-events': 'none' });
  const baseEls = new Map();
  view.models.forEach((m, i) => {
    if (!m.deployed || m.ko) return;
    const el = baseOf(view, m, i, O, opts);
    baseEls.set(i, el);
    bases.append(el);
  });
  // Tokens lie under the bases (a character standing on one stays
  // tappable), except the ones the prompt offers and tokens held.
  const tokensOver = svg('g', { class: 'cp-tokens over' });
  for (const el of [...tokens.children]) if (el.classList.contains('lit') || el.classList.contains('held')) tokensOver.append(el);
  for (const [i, el] of baseEls) {
    if (!el.dataset.hit) continue;
    const [x, y] = O.to(view.models[i].pos);
    const c = svg('circle', { cx: x, cy: y, r: Number(el.dataset.hit), class: 'cp-base-hit', 'data-model': String(i) });
    c.addEventListener('click', (e) => { e.stopPropagation(); el.dispatchEvent(new MouseEvent('click', { bubbles: true })); });
    hits.append(c);
  }
  root.append(tokens, plans, hits, bases, tokensOver, edgeLayer, overlay);

  // ---- overlays: rings and line of sight (preview only)
  const clear = () => overlay.replaceChildren();
  const rings = (i) => {
    const m = view.models[i];
    const [x, y] = O.to(m.pos);
    G.rangeInches.forEach((R, k) => {
      overlay.append(svg('circle', { cx: x, cy: y, r: (m.radius + R) * U, class: `cp-ring r${k + 1}` }));
      overlay.append(svg('text', { x, y: y - (m.radius + R) * U + 4, 'text-anchor': 'middle', class: 'cp-ring-t' }, `R${k + 1}`));
    });
  };
  const sight = (from, to) => {
    const a = view.models[from]; const b = view.models[to];
    const d = Math.max(0, dist(a.pos, b.pos) - a.radius - b.radius);
    const band = rangeBand(d);
    const crossed = piecesOf(view).filter((p, k) => !destroyed.has(k) && crosses(a.pos, b.pos, p));
    // Terrain taller than both characters may block the centre line (the
    // server also tries other lines, and counts what they stand on).
    const size = (m) => { const c = charOf(m.card); return c ? c.sides.healthy.size : 0; };
    const tall = crossed.filter((p) => p.size > Math.max(size(a), size(b)));
    const [x1, y1] = O.to(a.pos); const [x2, y2] = O.to(b.pos);
    overlay.append(svg('line', { x1, y1, x2, y2, class: `cp-los${tall.length ? ' through' : ''}` }));
    const label = `${d.toFixed(1)}" ${band ? `R${band}` : 'beyond R5'}${crossed.length ? ` · crosses ${crossed.map((p) => `${p.name} (Size ${p.size}${tall.includes(p) ? ', taller' : ''})`).join(', ')}` : ''}`;
    overlay.append(svg('text', { x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 3, 'text-anchor': 'middle', class: 'cp-los-t' }, label));
    return label;
  };
  const hover = (i) => {
    clear();
    if (i === null) { showChosen(); return; }
    rings(i);
    const f = opts.focus;
    if (f !== null && f !== undefined && f !== i && view.models[f] && view.models[f].deployed && !view.models[f].ko) {
      const label = sight(f, i);
      if (opts.onSight) opts.onSight(f, i, label);
    }
  };

  // ---- movement plans: end positions, tool path on hover
  const ends = opts.lit.ends || [];
  const mover = opts.lit.mover;
  const drawPlan = (plan, cls) => {
    const m = view.models[mover];
    if (!m) return;
    const pts = toolPath(m.pos, m.radius, plan).map((p) => O.to(p));
    overlay.append(svg('polyline', { points: pts.map((p) => p.join(',')).join(' '), class: `cp-tool ${cls}`, 'stroke-width': (G.toolWidth || 0.75) * U }));
    const [x, y] = O.to(plan.to);
    overlay.append(svg('circle', { cx: x, cy: y, r: m.radius * U, class: `cp-ghost ${cls}`, style: { '--seat': seatColor(m.owner) } }));
  };
  // Ends that (nearly) coincide, e.g. a straight and a bent plan to the
  // same place, share one dot: a tap picks the first, the next tap on it
  // the next plan there (each with its tool path); the form lists them all.
  const groups = [];
  for (const e of ends) {
    const g = groups.find((x) => dist(x[0].value.to, e.value.to) < 0.8);
    if (g) g.push(e); else groups.push([e]);
  }
  const chosenKey = opts.chosen.end ? JSON.stringify(opts.chosen.end) : null;
  groups.forEach((grp) => {
    const at = grp.findIndex((e) => JSON.stringify(e.value) === chosenKey);
    const shown = grp[Math.max(0, at)];
    const [x, y] = O.to(shown.value.to);
    const g = svg('g', {
      class: `cp-end tool-${shown.value.tool}${shown.value.climb ? ' climb' : ''}${at >= 0 ? ' chosen' : ''}${grp.length > 1 ? ' several' : ''}`,
      'data-end': JSON.stringify(shown.value), 'data-count': String(grp.length),
    },
    svg('circle', { cx: x, cy: y, r: 2.6, class: 'cp-end-dot' }),
    svg('circle', { cx: x, cy: y, r: hitR(4), class: 'cp-end-hit' }));
    const label = grp.length > 1 ? `${shown.label} (${grp.length} plans end here; tap again for the next)` : shown.label;
    pressable(g, label, () => opts.onEnd(at >= 0 ? grp[(at + 1) % grp.length].value : grp[0].value));
    const show = () => { clear(); drawPlan(shown.value, 'hover'); };
    g.addEventListener('pointerenter', show);
    g.addEventListener('focus', show);
    g.addEventListener('pointerleave', () => hover(null));
    g.addEventListener('blur', () => hover(null));
    plans.append(g);
  });
  // Deployment points and superpower points.
  (opts.lit.points || []).forEach((pt) => {
    const [x, y] = O.to(pt.p);
    const chosen = opts.chosen.point && JSON.stringify(opts.chosen.point) === JSON.stringify(pt.value);
    const g = svg('g', { class: `cp-point${chosen ? ' chosen' : ''}`, 'data-point': JSON.stringify(pt.p) },
      svg('rect', { x: x - 2.6, y: y - 2.6, width: 5.2, height: 5.2, rx: 1, class: 'cp-point-dot' }),
      svg('circle', { cx: x, cy: y, r: hitR(4), class: 'cp-end-hit' }));
    pressable(g, pt.label, () => opts.onPoint(pt));
    if (pt.r) {
      g.addEventListener('pointerenter', () => { clear(); overlay.append(svg('circle', { cx: x, cy: y, r: pt.r * U, class: 'cp-ghost hover', style: { '--seat': seatColor(opts.me ?? 0) } })); });
      g.addEventListener('pointerleave', () => hover(null));
    }
    plans.append(g);
  });

  // The directions a picked piece may be thrown: arrows from the thrower's
  // base, each as long as the throw's tool (where the piece flies), the
  // chosen one saying what it would hit (the option's Throw fact; the
  // server sweeps it). Over the bases, to tap.
  const picked = opts.chosen.piece;
  const thrower = opts.thrower;
  if (picked !== undefined && picked !== null && opts.lit.pieces && opts.lit.pieces.has(picked) && view.models[thrower]) {
    const at = opts.lit.pieces.get(picked);
    const m = view.models[thrower];
    const layer = svg('g', { class: 'cp-throws', 'data-piece': String(picked) });
    const chosenKey = opts.chosen.throw ? JSON.stringify(opts.chosen.throw) : null;
    for (const d of at.dirs) {
      const u = [Math.cos((d.angle * Math.PI) / 180), Math.sin((d.angle * Math.PI) / 180)];
      const a = O.to([m.pos[0] + u[0] * m.radius, m.pos[1] + u[1] * m.radius]);
      const b = O.to([m.pos[0] + u[0] * (m.radius + at.len), m.pos[1] + u[1] * (m.radius + at.len)]);
      const chosen = chosenKey === JSON.stringify(d.value);
      // The arrowhead: two short strokes back from the end.
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      const w = [(a[0] - b[0]) / len, (a[1] - b[1]) / len];
      const head = (s) => [b[0] + (w[0] * Math.cos(s) - w[1] * Math.sin(s)) * 4, b[1] + (w[0] * Math.sin(s) + w[1] * Math.cos(s)) * 4];
      const g = svg('g', { class: `cp-throw-dir${chosen ? ' chosen' : ''}`, 'data-angle': String(d.angle), 'data-throw': JSON.stringify(d.value) },
        svg('line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: 'cp-throw-line' }),
        svg('polyline', { points: [head(0.5), b, head(-0.5)].map((p) => p.join(',')).join(' '), class: 'cp-throw-head' }),
        // At least a fingertip across on screen (a phone), short of its neighbours.
        svg('circle', { cx: b[0], cy: b[1], r: Math.min(12, Math.max(4.5, opts.finger || 0)), class: 'cp-throw-hit' }));
      if (chosen && d.what) g.append(svg('text', { x: b[0], y: b[1] - 6, 'text-anchor': 'middle', class: 'cp-fling-t' }, d.what));
      pressable(g, `Throw ${d.label}`, () => opts.onThrow(d.value));
      layer.append(g);
    }
    root.insertBefore(layer, overlay);
  }

  // An enemy to throw (Hired Muscle): arrows from its base to where the
  // engine foresees it lands in each offered direction, a ghost base there,
  // and, for the direction chosen, what the throw would hit (the option's
  // facts; the server judges when it is sent). Over the bases, to tap.
  const fl = opts.fling;
  if (fl && view.models[fl.target]) {
    const m = view.models[fl.target];
    const layer = svg('g', { class: 'cp-flings', 'data-target': String(fl.target) });
    const chosenKey = fl.value ? JSON.stringify(fl.value) : null;
    for (const d of fl.dirs) {
      if (!Array.isArray(d.lands)) continue;
      const chosen = chosenKey === JSON.stringify(d.value);
      const u = [Math.cos((d.angle * Math.PI) / 180), Math.sin((d.angle * Math.PI) / 180)];
      const a = O.to([m.pos[0] + u[0] * m.radius, m.pos[1] + u[1] * m.radius]);
      const b = O.to(d.lands);
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      const w = [(a[0] - b[0]) / len, (a[1] - b[1]) / len];
      const head = (t) => [b[0] + (w[0] * Math.cos(t) - w[1] * Math.sin(t)) * 4, b[1] + (w[0] * Math.sin(t) + w[1] * Math.cos(t)) * 4];
      const hits = d.what && !/^hits nothing/.test(d.what);
      const g = svg('g', { class: `cp-throw-dir cp-fling${chosen ? ' chosen' : ''}${hits ? ' hits' : ''}`, 'data-angle': String(d.angle), 'data-throw': JSON.stringify(d.value), 'data-lands': d.lands.join(',') },
        svg('circle', { cx: b[0], cy: b[1], r: m.radius * U, class: 'cp-fling-ghost' }),
        svg('line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: 'cp-throw-line' }),
        svg('polyline', { points: [head(0.5), b, head(-0.5)].map((p) => p.join(',')).join(' '), class: 'cp-throw-head' }),
        svg('circle', { cx: b[0], cy: b[1], r: Math.min(12, Math.max(4.5, opts.finger || 0)), class: 'cp-throw-hit' }));
      if (chosen && d.what) g.append(svg('text', { x: b[0], y: b[1] - m.radius * U - 3, 'text-anchor': 'middle', class: 'cp-fling-t' }, d.what));
      tip(g, `Throw toward ${d.angle}°`, d.label);
      pressable(g, `Throw ${d.label}`, () => opts.onFling(d.value));
      layer.append(g);
    }
    root.insertBefore(layer, overlay);
  }

  const showChosen = () => {
    if (opts.chosen.end && mover !== undefined && mover !== null && ends.some((e) => JSON.stringify(e.value) === chosenKey)) drawPlan(opts.chosen.end, 'chosen');
    if (opts.chosen.point && opts.chosen.pointR) {
      const [x, y] = O.to(opts.chosen.point);
      overlay.append(svg('circle', { cx: x, cy: y, r: opts.chosen.pointR * U, class: 'cp-ghost chosen', style: { '--seat': seatColor(opts.me ?? 0) } }));
    }
  };
  showChosen();

  // Hover and tap on bases: rings, the line of sight, the card.
  for (const [i, el] of baseEls) {
    el.addEventListener('pointerenter', (e) => { if (e.pointerType === 'mouse') hover(i); });
    el.addEventListener('pointerleave', (e) => { if (e.pointerType === 'mouse') hover(null); });
    el.addEventListener('focus', () => hover(i));
    el.addEventListener('blur', () => hover(null));
    el.addEventListener('click', () => {
      if (dragged) { dragged = false; return; }
      const act = (opts.lit.targets && opts.lit.targets.has(i) && opts.onTarget) || (opts.lit.models && opts.lit.models.has(i) && opts.onModel);
      if (act) act(i);
      else if (opts.onPick) opts.onPick(i);
      hover(i);
    });
    el.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
  }

  // The free-hand tool (when the player took one): over the bases, its
  // handles tappable; a drag from the moving base lays its first half.
  const free = opts.free && opts.free.state && mover !== null && mover !== undefined && baseEls.has(mover) ? opts.free : null;
  if (free) {
    // Touch: SVG parts have no touch-action of their own, the map's decides;
    // while the tool is out a finger on the map drags, it does not scroll.
    root.classList.add('free-on');
    const layer = svg('g', { class: 'cp-free-layer' });
    root.insertBefore(layer, overlay);
    const m = view.models[mover];
    baseEls.get(mover).classList.add('draggable');
    drawFree(layer, free.state, {
      view, mv: moverOf(view, mover), O, root, seatColor: seatColor(m.owner), baseEl: baseEls.get(mover), handle: free.handle,
      onChange: free.onChange, onPaint: free.onPaint,
    });
  }

  // Drag from the moving base: the ghost follows, the nearest offered end is picked.
  let dragged = false;
  if (ends.length && baseEls.has(mover) && !free) {
    const el = baseEls.get(mover);
    el.classList.add('draggable');
    const pt = (e) => {
      const r = root.getBoundingClientRect();
      const vb = root.viewBox.baseVal;
      return [vb.x + ((e.clientX - r.left) / r.width) * vb.width, vb.y + ((e.clientY - r.top) / r.height) * vb.height];
    };
    let dragging = false;
    let near = null;
    el.addEventListener('pointerdown', (e) => {
      dragging = true;
      dragged = false;
      near = null;
      el.setPointerCapture?.(e.pointerId);
    });
    el.addEventListener('pointermove', (e) => {
      if (!dragging) return;
      const p = O.from(pt(e));
      let best = null;
      for (const x of ends) {
        const d = dist(p, x.value.to);
        if (!best || d < best.d) best = { d, v: x.value };
      }
      const m = view.models[mover];
      if (dist(p, m.pos) > m.radius) dragged = true;
      if (!dragged) return;
      clear();
      const [sx, sy] = O.to(p);
      overlay.append(svg('circle', { cx: sx, cy: sy, r: m.radius * U, class: 'cp-ghost drag', style: { '--seat': seatColor(m.owner) } }));
      near = best && best.d <= 2 ? best.v : null;
      if (near) drawPlan(near, 'hover');
    });
    const done = () => {
      if (!dragging) return;
      dragging = false;
      if (dragged && near) opts.onEnd(near);
      else if (dragged) hover(null);
    };
    el.addEventListener('pointerup', done);
    el.addEventListener('pointercancel', () => { dragging = false; hover(null); });
    // A finger on the moving base drags it (style.css gives the base
    // `touch-action: none`; the rest of the map still scrolls the page);
    // where a browser ignores that on SVG parts, a drag under way keeps the
    // page still all the same. A tap still taps.
    el.addEventListener('touchmove', (e) => { if (dragging && e.cancelable) e.preventDefault(); }, { passive: false });
  }

  root.addEventListener('click', (e) => { if (!(e.target instanceof Element && e.target.closest('.cp-base'))) hover(null); });
  return root;
}

function baseOf(view, m, i, O, opts) {
  const [x, y] = O.to(m.pos);
  const r = m.radius * U;
  const c = charOf(m.card);
  const name = charName(m.card);
  const lit = (opts.lit.models && opts.lit.models.has(i)) || (opts.lit.targets && opts.lit.targets.has(i));
  const offered = opts.lit.targets && opts.lit.targets.get(i);
  const target = offered ? offered.label || 'target' : null;
  const attackTarget = offered && offered.kind === 'attack';
  const active = view.activation && view.activation.model === i;
  const cls = ['cp-base', `seat-${m.owner}`, m.activated ? 'activated' : '', m.dazed ? 'dazed' : '', m.injured ? 'injured' : '', active ? 'active' : '',
    lit ? 'lit' : '', attackTarget ? 'target' : '', opts.chosen.model === i ? 'chosen' : '', opts.focus === i ? 'focus' : ''].filter(Boolean).join(' ');
  const g = svg('g', {
    class: cls, 'data-model': String(i), 'data-card': m.card, 'data-owner': String(m.owner),
    'data-k': `base:${i}`, 'data-v': `${m.pos.join(',')}|${m.damage}|${m.power}|${m.conditions.join(',')}|${m.activated}|${m.dazed}|${m.injured}`,
    tabindex: '0', role: 'button',
    style: { '--seat': seatColor(m.owner) },
  });
  // What a tap may choose (a lit character, a target, the moving base) is
  // at least a fingertip across: a hit area under every base (battlefield()).
  if ((lit || active) && (opts.finger || 0) > r) g.dataset.hit = String(opts.finger);
  if (active) g.append(svg('circle', { cx: x, cy: y, r: r + 3, class: 'cp-active-ring' }));
  if (target) g.append(svg('circle', { cx: x, cy: y, r: r + 3, class: attackTarget ? 'cp-target-ring' : 'cp-choice-ring' }));
  g.append(svg('circle', { cx: x, cy: y, r, class: 'cp-base-c' }));
  // Damage: the share of Stamina lost, as an arc round the rim.
  if (m.damage > 0 && m.stamina > 0) {
    const f = Math.min(1, m.damage / m.stamina);
    const rr = r - 1.2;
    const len = 2 * Math.PI * rr;
    g.append(svg('circle', { cx: x, cy: y, r: rr, class: 'cp-damage', 'stroke-dasharray': `${(f * len).toFixed(2)} ${len.toFixed(2)}`, transform: `rotate(-90 ${x} ${y})` }));
  }
  g.append(svg('text', { x, y: y + 2.4, 'text-anchor': 'middle', class: 'cp-base-t' }, initials(name)));
  // Power, top right; damage, bottom right; conditions, bottom left.
  const badge = (bx, by, text, k) => svg('g', { class: `cp-badge ${k}` }, svg('circle', { cx: bx, cy: by, r: 3.4 }), svg('text', { x: bx, y: by + 1.6, 'text-anchor': 'middle' }, text));
  g.append(badge(x + r * 0.78, y - r * 0.78, String(m.power), 'power'));
  if (m.damage) g.append(badge(x + r * 0.78, y + r * 0.78, String(m.damage), 'dmg'));
  if (m.conditions.length) g.append(badge(x - r * 0.78, y + r * 0.78, String(m.conditions.length), 'cond'));
  if (m.dazed) g.append(badge(x - r * 0.78, y - r * 0.78, 'Z', 'dazed'));
  else if (m.activated) g.append(badge(x - r * 0.78, y - r * 0.78, '✓', 'done'));
  if (target) g.append(svg('text', { x, y: y - r - 4.5, 'text-anchor': 'middle', class: 'cp-target-t' }, target));
  const state = [
    `${m.injured ? 'Injured' : 'Healthy'}: ${m.damage} damage of ${m.stamina} Stamina`, `${m.power} power`,
    m.conditions.length ? `conditions: ${m.conditions.map(conditionName).join(', ')}` : '',
    m.dazed ? 'Dazed' : m.activated ? 'activated this round' : '', active ? 'activating now' : '',
    ...(view.tokens || []).filter((t) => t.holder === i).map((t) => `holds ${crisisName(view.crises[t.crisis])} token ${t.index + 1}`),
  ].filter(Boolean).join(' · ');
  // A short tip (the map stays visible while aiming); a tap puts the whole stat card beside the map.
  const short = c ? [...charTip(m.card).split('\n').slice(0, 2), `Attacks: ${c.sides.healthy.attacks.map((a) => `${a.name} ${rangeWords(a.range)} ${a.type} ${a.strength}`).join(', ')}`].join('\n') : '';
  tip(g, `${name} (${opts.who(m.owner)})`, `${state}\n${short}`);
  g.setAttribute('aria-label', `${name} of ${opts.who(m.owner)}: ${state}`);
  return g;
}
