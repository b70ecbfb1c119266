// Villains: the City as an SVG map. Nine areas, the Capitol in the middle
// and the ring in area order around it, with a line for every adjacency
// the content lists. Each area shows its control marker, combat marker,
// skill track, token track (space 1 on the left: face-down tokens as dark
// tiles, marked with their kind only when the view says what they are,
// that is for their owner or whoever looked; face-up tokens in their
// owner's colour), its units (wounded, readied, exhausted), its graveyard
// by killer and its rule cards.
//
// Drawing only: what a click does is the caller's (villains.js), through
// `lit` (what the prompt lets you pick) and the on* callbacks.

import { svg } from '../../util.js';
import { C, areaName, areaTip, unitName, unitTip, tokenName, tokenTip, cardName, cardTip, UNIT_LETTER, TOKEN_LETTER } from './text.js';

export const SEAT_COLORS = ['#2f6fdf', '#d0452f', '#2e9a5a', '#a334b0', '#c98a12'];
export const seatColor = (s) => SEAT_COLORS[s % SEAT_COLORS.length];
const SETUP_COLOR = '#6b4fa0';

// Grid cells (column, row) by area id; unknown areas fill what is left.
const CELL = {
  sewers: [0, 0], police: [1, 0], laboratory: [2, 0], factory: [2, 1],
  bank: [2, 2], university: [1, 2], subway: [0, 2], church: [0, 1], capitol: [1, 1],
};
const BOX = 300;
const PITCH = 340;
const M = 20;

function cells(areas) {
  const used = new Set();
  const out = {};
  for (const a of areas) if (CELL[a.id]) { out[a.id] = CELL[a.id]; used.add(CELL[a.id].join()); }
  const free = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) if (!used.has(`${c},${r}`)) free.push([c, r]);
  for (const a of areas) if (!out[a.id]) out[a.id] = free.shift() || [0, 0];
  return out;
}

/** A lit element answers Enter and Space as a tap. */
const pressable = (el, fn) => {
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  el.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    e.stopPropagation();
    fn(e);
  });
};

const tip = (el, title, text) => {
  if (!text) return el;
  el.setAttribute('data-tip', text);
  el.setAttribute('data-tip-title', title);
  el.setAttribute('tabindex', '0');
  return el;
};

function skilledType(faction, type) {
  const f = C.faction[faction];
  if (!f) return type === 'talent';
  const u = type === 'champion' ? f.champion : f.units[type];
  return !!(u && u.skilled);
}

/**
 * The map. opts: {me, who(seat) -> name, factionOf(seat), lit: {areas:Set,
 * slots:Set("area:space"), units:Set(uid)}, chosen: {area, unit}, onArea,
 * onSlot, onUnit, battleArea}.
 */
export function cityMap(view, opts) {
  const pos = cells(view.areas);
  const root = svg('svg', { class: 'vl-city', viewBox: '0 0 1000 1000', role: 'img', 'aria-label': 'The City' });
  // Adjacency lines, each pair once, under the areas.
  const lines = svg('g', { class: 'vl-adj' });
  const centre = (id) => [M + pos[id][0] * PITCH + BOX / 2, M + pos[id][1] * PITCH + BOX / 2];
  const seen = new Set();
  for (const a of view.areas) {
    for (const b of (C.area[a.id] && C.area[a.id].adjacent) || []) {
      const k = [a.id, b].sort().join('|');
      if (seen.has(k) || !pos[b]) continue;
      seen.add(k);
      const [x1, y1] = centre(a.id);
      const [x2, y2] = centre(b);
      lines.append(svg('line', { x1, y1, x2, y2, 'data-adj': k }));
    }
  }
  root.append(lines);
  for (const a of view.areas) root.append(areaBox(a, view, opts, M + pos[a.id][0] * PITCH, M + pos[a.id][1] * PITCH));
  return root;
}

function marker(m, x, y, who) {
  if (!m) return null;
  const setup = m === 'setup';
  const seat = setup ? null : m.player;
  const g = svg('g', { class: 'vl-marker', 'data-marker': setup ? 'setup' : String(seat) },
    svg('circle', { cx: x, cy: y, r: 17, fill: setup ? SETUP_COLOR : seatColor(seat) }),
    svg('text', { x, y: y + 7, 'text-anchor': 'middle', class: 'vl-marker-t' }, setup ? 'S' : String(seat + 1)));
  return tip(g, 'Control marker', setup ? 'The setup marker (neutral, 1 influence).' : `${who(seat)} controls this area.`);
}

function areaBox(a, view, opts, x, y) {
  const lit = opts.lit || {};
  const isLit = lit.areas && lit.areas.has(a.id);
  const g = svg('g', {
    class: `vl-area${isLit ? ' lit' : ''}${opts.battleArea === a.id ? ' fighting' : ''}${opts.chosen && opts.chosen.area === a.id ? ' chosen' : ''}`,
    'data-area': a.id, 'data-k': `area:${a.id}`, 'data-v': JSON.stringify([a.controller, a.combat_marker, a.skill_used, a.rules.length]),
  });
  const bg = svg('rect', { x, y, width: BOX, height: BOX, rx: 18, class: 'vl-area-bg' });
  g.append(bg);
  const title = tip(svg('text', { x: x + 14, y: y + 34, class: 'vl-area-name' }, areaName(a.id).replace(/^The /, '')), areaName(a.id), areaTip(a.id));
  g.append(title);
  // Control and combat markers, top right.
  const mk = marker(a.controller, x + BOX - 26, y + 26, opts.who);
  if (mk) g.append(mk);
  if (a.combat_marker) {
    g.append(tip(svg('g', { class: 'vl-combat', 'data-combat': a.id },
      svg('circle', { cx: x + BOX - 64, cy: y + 26, r: 16 }),
      svg('text', { x: x + BOX - 64, y: y + 33, 'text-anchor': 'middle' }, '⚔')), 'Combat marker', 'This area fights a round of combat in the Combat Step.'));
  }
  // The skill track: who used this area's skill this turn.
  a.skill_used.forEach((s, i) => g.append(tip(svg('circle', { cx: x + 18 + i * 16, cy: y + 52, r: 6, fill: seatColor(s), class: 'vl-skill-dot', 'data-skill-seat': String(s) }),
    'Skill used', `${opts.who(s)} used this area's skill this turn.`)));
  // The token track.
  const n = a.track.length;
  const w = Math.min(44, Math.floor((BOX - 28) / n) - 4);
  a.track.forEach((t, i) => g.append(slot(a, t, i, x + 14 + i * (w + 4), y + 62, w, view, opts)));
  // Units, grouped by owner.
  const units = [...a.units].sort((p, q) => p.owner - q.owner || p.uid - q.uid);
  const per = units.length > 21 ? 9 : 7;
  const pitch = per === 7 ? 38 : 30;
  units.forEach((u, i) => g.append(unitChip(u, x + 30 + (i % per) * pitch, y + 150 + Math.floor(i / per) * pitch, view, opts, per === 7 ? 1.3 : 1)));
  // The graveyard, by killer.
  if (a.graveyard.length) {
    const byKiller = new Map();
    for (const d of a.graveyard) {
      if (!byKiller.has(d.killer)) byKiller.set(d.killer, []);
      byKiller.get(d.killer).push(d);
    }
    let cx = x + 40;
    const gy = y + BOX - 22;
    const grave = svg('g', { class: 'vl-grave', 'data-k': `grave:${a.id}`, 'data-v': String(a.graveyard.length) },
      svg('text', { x: x + 14, y: gy + 7, class: 'vl-grave-t' }, '☠'));
    for (const [killer, dead] of byKiller) {
      const grp = svg('g', { 'data-killer': String(killer) });
      for (const d of dead) {
        grp.append(svg('rect', { x: cx - 8, y: gy - 8, width: 16, height: 16, rx: 3, fill: seatColor(d.owner), stroke: seatColor(killer), class: 'vl-dead' }));
        cx += 19;
      }
      const words = dead.map((d) => `${unitName(opts.factionOf(d.owner), d.type)} of ${opts.who(d.owner)}`).join(', ');
      grave.append(tip(grp, `Killed by ${opts.who(killer)}`, words));
      cx += 8;
    }
    g.append(grave);
  }
  // Rule cards in play here.
  if (a.rules.length) {
    g.append(tip(svg('text', { x: x + BOX - 14, y: y + BOX - 14, 'text-anchor': 'end', class: 'vl-rule-t' }, `§ ${a.rules.length} rule${a.rules.length === 1 ? '' : 's'}`),
      'Rule cards here', a.rules.map((r) => `${cardName(r.card)} (${opts.who(r.owner)}): ${cardTip(r.card)}`).join('\n\n')));
  }
  g.addEventListener('click', (e) => {
    if (e.target.closest('.vl-slot.lit, .vl-unit.lit')) return;
    opts.onArea && opts.onArea(a.id, e);
  });
  if (isLit) {
    pressable(g, (e) => opts.onArea && opts.onArea(a.id, e));
    g.setAttribute('aria-label', `${areaName(a.id)}: place here`);
  }
  return g;
}

function slot(a, t, i, x, y, w, view, opts) {
  const lit = opts.lit && opts.lit.slots && opts.lit.slots.has(`${a.id}:${i}`);
  const g = svg('g', { class: `vl-slot${lit ? ' lit' : ''}`, 'data-area': a.id, 'data-space': String(i) });
  const hgt = 52;
  if (!t) {
    g.setAttribute('data-k', `slot:${a.id}:${i}`);
    g.setAttribute('data-v', '');
    g.append(svg('rect', { x, y, width: w, height: hgt, rx: 6, class: 'vl-slot-empty' }));
    g.append(svg('text', { x: x + w / 2, y: y + hgt / 2 + 6, 'text-anchor': 'middle', class: 'vl-slot-n' }, String(i + 1)));
    return g;
  }
  const mine = t.owner === opts.me;
  const fac = opts.factionOf(t.owner);
  g.setAttribute('data-uid', String(t.uid));
  g.setAttribute('data-owner', String(t.owner));
  g.setAttribute('data-face', t.face_up ? 'up' : 'down');
  g.setAttribute('data-k', `slot:${a.id}:${i}`);
  g.setAttribute('data-v', `${t.uid}|${t.face_up}|${t.activated}|${t.kind || ''}`);
  if (t.face_up) {
    g.classList.add('up');
    if (t.activated) g.classList.add('activated');
    g.append(svg('rect', { x, y, width: w, height: hgt, rx: 6, fill: seatColor(t.owner), class: 'vl-token' }));
    g.append(svg('text', { x: x + w / 2, y: y + hgt / 2 + 8, 'text-anchor': 'middle', class: 'vl-token-t' }, TOKEN_LETTER[t.kind] || '?'));
    tip(g, `${tokenName(fac, t.kind)} token of ${opts.who(t.owner)}`, `Space ${i + 1}, face up${t.activated ? ', activated' : ', not activated yet'}.\n${tokenTip(fac, t.kind) || ''}`);
    return g;
  }
  g.classList.add('down');
  g.append(svg('rect', { x, y, width: w, height: hgt, rx: 6, stroke: seatColor(t.owner), class: 'vl-token-down' }));
  g.append(svg('rect', { x: x + 4, y: y + hgt - 10, width: w - 8, height: 6, rx: 2, fill: seatColor(t.owner) }));
  const lookers = (t.known_to || []).filter((s) => s !== t.owner);
  if (t.kind) {
    // Known to this viewer: its owner, or a seat that looked at it.
    g.classList.add('known');
    g.append(svg('text', { x: x + w / 2, y: y + hgt / 2 + 4, 'text-anchor': 'middle', class: 'vl-token-known' }, TOKEN_LETTER[t.kind] || '?'));
    tip(g, mine ? `Your ${tokenName(fac, t.kind)} token (face down)` : `${opts.who(t.owner)}'s face-down token: you looked, it is ${tokenName(fac, t.kind)}`,
      `Space ${i + 1}. Only ${mine ? 'you' : 'you and its owner'} know what it is${lookers.length && mine ? `; seen by ${lookers.map(opts.who).join(', ')}` : ''}.\n${tokenTip(fac, t.kind) || ''}`);
  } else {
    g.append(svg('text', { x: x + w / 2, y: y + hgt / 2 + 4, 'text-anchor': 'middle', class: 'vl-token-q' }, '?'));
    tip(g, `${opts.who(t.owner)}'s face-down token`, `Space ${i + 1}. Only its owner knows what it is${lookers.length ? `; ${lookers.map(opts.who).join(', ')} looked at it` : ''}.`);
  }
  if (lookers.length) g.append(svg('text', { x: x + w - 3, y: y + 12, 'text-anchor': 'end', class: 'vl-eye' }, '◉'));
  if (lit) {
    g.addEventListener('click', (e) => { e.stopPropagation(); opts.onSlot && opts.onSlot(a.id, i); });
    pressable(g, () => opts.onSlot && opts.onSlot(a.id, i));
  }
  return g;
}

function unitChip(u, cx, cy, view, opts, k = 1) {
  const fac = opts.factionOf(u.owner);
  const skilled = skilledType(fac, u.type);
  const exhausted = skilled && !u.readied;
  const lit = opts.lit && opts.lit.units && opts.lit.units.has(u.uid);
  const chosen = opts.chosen && opts.chosen.unit === u.uid;
  const g = svg('g', {
    class: `vl-unit${u.wounded ? ' wounded' : ''}${u.readied ? ' readied' : ''}${exhausted ? ' exhausted' : ''}${lit ? ' lit' : ''}${chosen ? ' chosen' : ''}`,
    'data-uid': String(u.uid), 'data-owner': String(u.owner), 'data-type': u.type,
    'data-k': `unit:${u.uid}`, 'data-v': `${!!u.wounded}|${!!u.readied}`,
  });
  if (u.readied) g.append(svg('circle', { cx, cy, r: 15 * k, class: 'vl-ready-ring' }));
  g.append(svg('circle', { cx, cy, r: 12 * k, fill: seatColor(u.owner), class: 'vl-unit-c' }));
  g.append(svg('text', { x: cx, y: cy + 5 * k, 'text-anchor': 'middle', class: 'vl-unit-t', 'font-size': 15 * k }, UNIT_LETTER[u.type] || '?'));
  if (u.wounded) g.append(svg('path', { d: `M${cx - 9 * k} ${cy + 9 * k} L${cx + 9 * k} ${cy - 9 * k}`, class: 'vl-wound' }));
  const state = [u.wounded ? 'wounded' : 'healthy', u.readied ? 'readied' : exhausted ? 'exhausted' : null].filter(Boolean).join(', ');
  tip(g, `${unitName(fac, u.type)} of ${opts.who(u.owner)} (${state})`, unitTip(fac, u.type));
  if (lit) {
    g.addEventListener('click', (e) => { e.stopPropagation(); opts.onUnit && opts.onUnit(u.uid); });
    pressable(g, () => opts.onUnit && opts.onUnit(u.uid));
  }
  return g;
}
