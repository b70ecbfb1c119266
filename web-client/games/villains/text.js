// Villains: the public texts the table shows, from the engine's own content
// (GET /api/games/villains/content, the effects left out): names, costs
// and texts of areas, factions, units, tokens, action cards, plans and
// upgrades, as lookups by the ids the view carries, and as tip texts.
//
// Card ids in the view name one physical card: "<design id>-<copy>"; the
// copy picks the target area printed at its top.

import { h } from '../../util.js';
import { contentLoader } from '../kit/load.js';

export let C = { loaded: false, areas: [], area: {}, faction: {}, card: {}, plan: {}, upgrade: {}, basic: {}, capitol: [] };

function index(raw) {
  const by = (list) => Object.fromEntries((list || []).map((x) => [x.id, x]));
  return {
    loaded: true,
    areas: raw.areas || [],
    area: by(raw.areas),
    faction: by(raw.factions),
    card: by(raw.cards),
    plan: by(raw.plans),
    upgrade: by(raw.upgrades),
    basic: raw.basic_tokens || {},
    capitol: raw.capitol_tokens || [],
  };
}

/** Fetches the texts once (the kit's loader: after a failure, again at most every 5 s). */
export const loadTexts = contentLoader('villains', 'Villains texts', (raw) => { C = index(raw); });

// ------------------------------------------------------------ lookups
export const areaName = (id) => (C.area[id] ? C.area[id].name : id);
export const shortArea = (id) => areaName(id).replace(/^The /, '');
export const factionName = (id) => (id && C.faction[id] ? C.faction[id].name : id || 'no faction yet');

/** A physical card id as {design, copy, target area}. */
export function cardOf(id) {
  const m = /^(.*)-(\d+)$/.exec(String(id));
  const d = m && C.card[m[1]];
  if (!d) return { id, name: String(id), text: '', cost: 0, type: '', scope: '', target: null };
  const copy = Number(m[2]);
  return { ...d, copy, target: (d.targets || [])[copy - 1] || null };
}
export const cardName = (id) => cardOf(id).name;
export const planOf = (id) => C.plan[id] || { id, name: id, objectives: [] };
export const upgradeOf = (id) => C.upgrade[id] || { id, name: id, text: '' };

const UNIT_WORD = { goon: 'Goon', mole: 'Mole', talent: 'Talent', patsy: 'Patsy', champion: 'Champion' };
export const UNIT_LETTER = { goon: 'G', mole: 'M', talent: 'T', patsy: 'P', champion: '★' };
/** A unit type's name for a faction ("Mole", or the champion's own name). */
export function unitName(faction, type) {
  const f = C.faction[faction];
  if (type === 'champion' && f && f.champion) return f.champion.name;
  return UNIT_WORD[type] || type;
}
/** A token kind's name for a faction ("Deploy", or the unique token's own name). */
export function tokenName(faction, kind) {
  if (kind === 'unique') {
    const f = C.faction[faction];
    return f && f.unique_token ? f.unique_token.name : 'Unique';
  }
  return C.basic[kind] ? C.basic[kind].name : kind;
}
export const TOKEN_LETTER = { deploy: 'D', card: 'C', move: 'M', battle: 'B', unique: 'U' };

// ------------------------------------------------------------ tips
const list = (xs) => xs.filter(Boolean).join('\n');
const dice = (a) => (a && a.length ? `attack ${a.join(', ')}` : 'no attack');

export function areaTip(id) {
  const a = C.area[id];
  if (!a) return null;
  return list([
    `Control: ${a.control}`,
    `Skill: ${a.skill}`,
    `${a.spaces} token spaces · adjacent to ${a.adjacent.map(shortArea).join(', ')}`,
  ]);
}

export function unitTip(faction, type) {
  const f = C.faction[faction];
  if (!f) return null;
  const u = type === 'champion' ? f.champion : f.units[type];
  if (!u) return null;
  return list([
    `${unitName(faction, type)} (${f.name}) · cost ${u.cost} · ${dice(u.attack)} · influence ${u.influence}${u.toughness ? ' · toughness' : ''}${u.skilled ? ' · skilled' : ''}`,
    type === 'champion' ? u.text : null,
  ]);
}

export function tokenTip(faction, kind) {
  if (kind === 'unique') {
    const f = C.faction[faction];
    const t = f && f.unique_token;
    return t ? `${t.name} · cost ${t.cost}${t.refunded ? ' · refunded' : ''}\n${t.text}` : null;
  }
  const t = C.basic[kind];
  return t ? `${t.name} · cost ${t.cost}${t.refunded ? ' · refunded' : ''}\n${t.text}` : null;
}

export function factionTip(id) {
  const f = C.faction[id];
  if (!f) return null;
  const units = Object.entries(f.units).map(([k, u]) => `${u.count} ${UNIT_WORD[k]}${u.count === 1 ? '' : 's'} (cost ${u.cost}, ${dice(u.attack)}, influence ${u.influence}${u.toughness ? ', toughness' : ''})`);
  const tokens = Object.entries(f.tokens || {}).filter(([, n]) => n).map(([k, n]) => `${n} ${tokenName(id, k)}`);
  return list([
    `${f.sheet_title} · energy ${f.energy} · placing costs ${f.placement_cost} · plans focus: ${f.plan_focus}`,
    ...f.passives.map((p) => `${p.name}: ${p.text}`),
    `Champion ${f.champion.name}${f.champion.count > 1 ? ` ×${f.champion.count}` : ''} (cost ${f.champion.cost}, ${dice(f.champion.attack)}, influence ${f.champion.influence}): ${f.champion.text}`,
    `Unique token ${f.unique_token.name}: ${f.unique_token.text}`,
    `Units: ${units.join('; ')}`,
    `Tokens: ${tokens.join(', ')}`,
    `Captured spaces: ${(f.captured_markers || []).map(markerBonus).join(' · ')}`,
  ]);
}

export function markerBonus(m) {
  return [m.ap ? `+${m.ap} AP` : null, m.energy ? `+${m.energy} energy` : null, m.cards ? `+${m.cards} card` : null].filter(Boolean).join(' ');
}

export function cardTip(id) {
  const c = cardOf(id);
  return list([
    `${c.type === 'rule' ? 'Rule' : 'Event'} · ${c.scope === 'local' ? 'local' : 'global'} · cost ${c.cost}${c.target ? ` · target ${areaName(c.target)}` : ''}${c.powerless_against_kau ? ' · powerless against Kau' : ''}`,
    c.text,
  ]);
}

export function planTip(id) {
  const p = planOf(id);
  return list([
    `${factionName(p.faction)} plan`,
    ...p.objectives.map((o, i) => `${i + 1}. ${o.pp} PP${o.focus ? ' (focus)' : ''}: ${o.text}`),
  ]);
}

export function upgradeTip(id) {
  const u = upgradeOf(id);
  return `${factionName(u.faction)} upgrade, level ${u.level === 2 ? 'II' : 'I'}\n${u.text}`;
}

/** Props that make an element show a tip (hover, focus, tap). */
export const tipProps = (title, text) => (text ? { 'data-tip': text, 'data-tip-title': title, tabindex: '0' } : {});

// ------------------------------------------------------------ reference for the rules help
export function reference() {
  if (!C.loaded) return h('p.muted', 'The card texts have not loaded.');
  const group = (title, items) => h('details.vl-ref', h('summary', `${title} (${items.length / 2})`), h('dl.vl-ref-list', items));
  const factions = Object.values(C.faction).flatMap((f) => [h('dt', f.name), h('dd', factionTip(f.id))]);
  const areas = C.areas.flatMap((a) => [h('dt', a.name), h('dd', areaTip(a.id))]);
  const cards = Object.values(C.card).sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((c) => [h('dt', c.name), h('dd', cardTip(`${c.id}-1`).replace(/ · target [^\n·]*/, ` · targets ${(c.targets || []).map((t) => (t ? shortArea(t) : 'none')).join(', ')}`))]);
  const plans = Object.values(C.plan).flatMap((p) => [h('dt', p.name), h('dd', planTip(p.id))]);
  const ups = Object.values(C.upgrade).flatMap((u) => [h('dt', u.name), h('dd', upgradeTip(u.id))]);
  const tokens = Object.keys(C.basic).flatMap((k) => [h('dt', C.basic[k].name), h('dd', tokenTip(null, k))]);
  return h('div.vl-reference', group('Factions', factions), group('Areas', areas), group('Action tokens', tokens),
    group('Action cards', cards), group('Plans', plans), group('Upgrades', ups));
}
