// Villains: the table.
//
// Draws, from the viewer's view only: the banner (turn, phase, step, who
// is awaited), one sheet per player (faction, energy, resources, AP and
// PP, captured markers, upgrade, hand and plan counts, target as far as
// the viewer may know it, reserves, passed), the capitol tokens and decks,
// open deal offers (accept, decline, withdraw), the combat under way with
// the last dice rolled, the City as an SVG map
// (city.js) with the chosen area's details beside it, right above
// the prompt, and the viewer's own secrets under the prompt: target, plans
// with objectives, hand of action cards, tokens in reserve.
//
// The map answers the prompt where it can: a tap on a lit area places the
// chosen token there, on a lit token reveals it, on a lit unit assigns the
// hit, sacrifices or picks the attacker. Everything stays in the standard
// prompt too (prompt.js), with richer controls for factions, plans, cards,
// tokens, areas and units (`input`).
//
// Texts (cards, factions, areas, plans, upgrades) come from the engine's
// content (GET /api/games/villains/content, text.js). Loaded as
// games/villains/table.js (the game's folder); its stylesheet is style.css
// beside it.

import { h } from '../../util.js';
import { genericControl } from '../../prompt.js';
import { registerRenderer } from '../../renderers.js';
import { injectStyle } from '../kit/load.js';
import { termsIndex, decorateLogTerms } from '../../log-terms.js';
import { C, loadTexts, areaName, shortArea, factionName, factionTip, cardOf, cardName, cardTip, planOf, planTip, upgradeOf, upgradeTip,
  unitName, unitTip, tokenName, tokenTip, areaTip, markerBonus, tipProps, reference, TOKEN_LETTER, UNIT_LETTER } from './text.js';
import { cityMap, seatColor } from './city.js';
import { choiceList, unitChoice } from './controls.js';

await loadTexts();

injectStyle(new URL('./style.css', import.meta.url).href, 'villains');

// ------------------------------------------------------------ small pieces
const who = (ctx, s) => (s === ctx.seat && !ctx.replay ? 'you' : ctx.seatName(s));
const factionOfSeat = (view) => (s) => (view.players[s] ? view.players[s].faction : null);
const seatTag = (ctx, s) => h('span.vl-seat', { style: { '--seat': seatColor(s) }, dataset: { seat: String(s) } }, who(ctx, s));
const ROMAN = ['I', 'II', 'III', 'IV', 'V'];
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** My prompt's asks with this verb, with their index. */
function asksOf(ctx, verb) {
  const p = ctx.prompt;
  if (!p) return [];
  return p.asks.map((a, i) => ({ ...a, ai: i })).filter((a) => a.verb === verb);
}
const paramOf = (ask, name) => (ask && ask.params ? ask.params.find((p) => p.name === name) : null);
const optionsOf = (ask, name) => { const p = paramOf(ask, name); return p && p.input.options ? p.input.options.filter((o) => !o.disabled) : []; };

// One action per tap and table version (a double tap sends once; after a
// refusal the same version may be tried again a moment later).
let sent = { version: null, at: 0 };
function act(ctx, action) {
  if (sent.version === ctx.version && Date.now() - sent.at < 1500) return;
  sent = { version: ctx.version, at: Date.now() };
  if (window.backroomTable) window.backroomTable.act(action);
}
/** Clicks a choice inside a prompt form (opening that alternative first). */
function pickInForm(ai, selector) {
  const area = document.querySelector('.prompt');
  if (!area) return false;
  const form = area.querySelector(`form[data-ask="${ai}"]`);
  if (form && form.hidden) area.querySelector(`.ask-pick[data-ask="${ai}"]`)?.click();
  const el = area.querySelector(`form[data-ask="${ai}"] ${selector}`);
  if (!el) return false;
  el.click();
  el.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  return true;
}

// The token kind last placed: a tap on an area places another of it.
let lastKind = null;
// The area whose details are shown beside the map.
let shownArea = null;

// ------------------------------------------------------------ banner
function phaseWords(view, ctx) {
  const P = view.phase;
  if (view.battle) return ['Combat', `a round in ${areaName(view.battle.area)}`];
  if (view.attacks) return ['Attacks', `${who(ctx, view.attacks.attacker)} ${view.attacks.attacker === ctx.seat ? 'make' : 'makes'} ${plural(view.attacks.queue.length, 'attack')}`];
  switch (P.step) {
    case 'select_factions': return ['Setup', 'Select Factions'];
    case 'start': return ['Start Phase', ''];
    case 'select_plans': return ['Start Phase', 'Select Plans'];
    case 'select_targets': return ['Start Phase', P.inside_job !== undefined ? 'Select Targets (Inside Job done)' : 'Select Targets'];
    case 'place_tokens': return ['Main Phase', 'Place Action Tokens'];
    case 'take_actions': return ['Main Phase', P.revealed !== undefined ? 'Take Actions: activate or discard the revealed token' : 'Take Actions'];
    case 'combat': return ['Main Phase', P.at ? `Combat Step: ${areaName(P.at)}` : 'Combat Step'];
    case 'score_plans': return ['End Phase', 'Score Plans'];
    case 'over': return ['Game over', ''];
    default: return [P.step || '', ''];
  }
}

function awaited(ctx) {
  const P = ctx.pending;
  if (!P) return [];
  if (P.mode === 'turn') return [P.seat];
  if (P.mode === 'simultaneous') return P.waiting || [];
  return [];
}

function banner(view, ctx) {
  const [phase, step] = phaseWords(view, ctx);
  const wait = awaited(ctx);
  const mine = ctx.seat !== null && wait.includes(ctx.seat) && !!ctx.prompt;
  return h('div.vl-banner', { class: `vl-banner${mine ? ' your-move' : ''}`, dataset: { section: 'banner', step: view.phase.step, k: 'phase', v: `${view.turn}|${phase}|${step}` } },
    h('div.vl-turn', view.turn ? `Turn ${view.turn} of 4` : 'Setup'),
    h('div.vl-phase', h('b', phase), step ? h('span', ` · ${step}`) : null),
    wait.length && view.phase.step !== 'over'
      ? h('div.vl-awaited', mine && !ctx.replay && wait.length === 1 ? h('b', 'Your move') : ['Waiting for ', wait.map((s, i) => [i ? ', ' : '', seatTag(ctx, s)])])
      : null,
    h('div.vl-first', { title: 'First player', dataset: { k: 'first', v: String(view.first_player) } }, 'First player: ', seatTag(ctx, view.first_player)));
}

// ------------------------------------------------------------ combat
function dieFaces(rolls) {
  return h('span.vl-dice', rolls.map((r) => h('span.vl-die', String(r === 10 ? 0 : r))));
}

function combatPanel(view, ctx) {
  const b = view.battle;
  const A = view.attacks;
  const last = view.last_attack;
  if (!b && !A && !last) return null;
  const fac = factionOfSeat(view);
  const parts = [];
  if (b) {
    const waiting = b.to_attack.length;
    parts.push(h('p', h('b', `Combat in ${areaName(b.area)}`), b.modifier_all ? ` (every roll ${b.modifier_all > 0 ? '+' : ''}${b.modifier_all})` : '', b.repeat ? ' · to the death' : '',
      ` · attack order: `, b.order.map((s, i) => [i ? ' → ' : '', seatTag(ctx, s)])));
    if (waiting) {
      const bySeat = new Map();
      for (const u of b.to_attack) bySeat.set(u.owner, [...(bySeat.get(u.owner) || []), u]);
      parts.push(h('p.small', 'Still to attack: ', [...bySeat].map(([s, us], i) => [i ? ' · ' : '', seatTag(ctx, s), ': ',
        us.map((u) => unitName(fac(s), u.type)).join(', ')])));
    }
    if (b.hits) parts.push(h('p.vl-hits', seatTag(ctx, b.hits.defender), ` ${b.hits.defender === ctx.seat ? 'assign' : 'assigns'} ${plural(b.hits.hits, 'hit')} from `, seatTag(ctx, b.hits.attacker), ' to units in ', areaName(b.hits.area), b.hits.defender === ctx.seat ? ': tap one of your lit units.' : '.'));
    if (b.sacrifices && b.sacrifices.length) parts.push(h('p.small', 'Sacrifices owed: ', b.sacrifices.map((q, i) => [i ? ', ' : '', seatTag(ctx, q.seat), ` in ${areaName(q.area)}`])));
  }
  if (A) {
    parts.push(h('p', seatTag(ctx, A.attacker), ` ${A.attacker === ctx.seat ? 'make' : 'makes'} attacks: `, A.queue.map(([a, v], i) => `${i ? ', ' : ''}${v} in ${shortArea(a)}`).join('')));
    if (A.hits) parts.push(h('p.vl-hits', seatTag(ctx, A.hits.defender), ` ${A.hits.defender === ctx.seat ? 'assign' : 'assigns'} ${plural(A.hits.hits, 'hit')} in ${areaName(A.hits.area)}.`));
  }
  if (last) {
    parts.push(h('div.vl-last-attack', { dataset: { k: 'last-attack', v: JSON.stringify(last) } },
      h('span.small.muted', 'Last attack: '),
      last.attacker === ctx.seat ? (last.unit ? ['your ', unitName(fac(last.attacker), last.unit)] : 'you') : [seatTag(ctx, last.attacker), last.unit ? `'s ${unitName(fac(last.attacker), last.unit)}` : ''], ' at ', seatTag(ctx, last.defender), ` in ${shortArea(last.area)}: `,
      dieFaces(last.rolls), h('b.vl-hitcount', ` ${plural(last.hits, 'hit')}`)));
  }
  return h('section.vl-combat-panel', { 'aria-label': 'Combat', dataset: { area: b ? b.area : A ? '' : last.area } }, parts);
}

// ------------------------------------------------------------ the map and one area's details
function mapAnswers(ctx) {
  const lit = { areas: new Set(), slots: new Set(), units: new Set() };
  const on = {};
  const place = asksOf(ctx, 'place_token')[0];
  if (place) {
    const areas = optionsOf(place, 'area').map((o) => o.value);
    for (const a of areas) lit.areas.add(a);
    on.area = (id) => {
      if (!lit.areas.has(id)) return false;
      const kinds = optionsOf(place, 'kind').map((o) => o.value);
      const drafted = ctx.draft[`${place.ai}:kind`];
      const kind = kinds.includes(drafted) ? drafted : kinds.includes(lastKind) ? lastKind : kinds.length === 1 ? kinds[0] : null;
      if (!kind) return pickInForm(place.ai, `[data-area-pick="${id}"]`);
      lastKind = kind;
      act(ctx, { type: 'place_token', kind, area: id });
      return true;
    };
  }
  const reveal = asksOf(ctx, 'reveal')[0];
  if (reveal) {
    for (const o of optionsOf(reveal, 'spot')) lit.slots.add(`${o.value[0]}:${o.value[1]}`);
    on.slot = (area, space) => act(ctx, { type: 'reveal', spot: [area, space] });
  }
  for (const verb of ['assign_hit', 'sacrifice', 'sacrifice_unit']) {
    const a = asksOf(ctx, verb)[0];
    if (!a) continue;
    for (const o of optionsOf(a, 'unit')) lit.units.add(o.value);
    on.unit = (uid) => act(ctx, { type: verb, unit: uid });
  }
  const attack = asksOf(ctx, 'attack')[0];
  if (attack) {
    for (const o of optionsOf(attack, 'unit')) lit.units.add(o.value);
    on.unit = (uid) => {
      const defs = optionsOf(attack, 'defender');
      if (defs.length === 1) act(ctx, { type: 'attack', unit: uid, defender: defs[0].value });
      else pickInForm(attack.ai, `[data-unit-pick="${uid}"]`);
    };
  }
  return { lit, on };
}

function areaDetails(view, ctx, id) {
  const a = view.areas.find((x) => x.id === id);
  if (!a) return null;
  const fac = factionOfSeat(view);
  const ctl = a.controller === 'setup' ? 'the setup marker' : a.controller ? who(ctx, a.controller.player) : 'nobody';
  const track = a.track.map((t, i) => {
    if (!t) return h('li.vl-d-slot.empty', `${i + 1}. open`);
    const known = t.kind ? tokenName(fac(t.owner), t.kind) : null;
    const state = t.face_up ? (t.activated ? 'activated' : 'face up') : known ? `face down (${t.owner === ctx.seat ? 'yours' : 'you looked'})` : 'face down';
    return h('li.vl-d-slot', { dataset: { uid: String(t.uid) }, ...(known ? tipProps(known, tokenTip(fac(t.owner), t.kind)) : {}) },
      `${i + 1}. `, seatTag(ctx, t.owner), known ? [': ', h('b', known)] : '', ` · ${state}`);
  });
  const byOwner = new Map();
  for (const u of a.units) byOwner.set(u.owner, [...(byOwner.get(u.owner) || []), u]);
  const units = [...byOwner].map(([s, us]) => h('li', seatTag(ctx, s), ': ', us.map((u, i) => [i ? ', ' : '',
    h('span.vl-d-unit', tipProps(unitName(fac(s), u.type), unitTip(fac(s), u.type)), unitName(fac(s), u.type), u.wounded ? ' (wounded)' : '', u.readied ? ' (readied)' : '')])));
  const killers = new Map();
  for (const d of a.graveyard) killers.set(d.killer, [...(killers.get(d.killer) || []), d]);
  return h('section.vl-area-details', { 'aria-label': `${areaName(id)} details`, dataset: { area: id } },
    h('h3', tipProps(areaName(id), areaTip(id)), areaName(id)),
    h('p.small', `Controlled by ${ctl}`, a.combat_marker ? ' · combat marker' : '', a.skill_used.length ? [' · skill used by ', a.skill_used.map((s, i) => [i ? ', ' : '', seatTag(ctx, s)])] : ''),
    C.area[id] ? h('p.small.vl-d-text', h('b', 'Control: '), C.area[id].control) : null,
    C.area[id] ? h('p.small.vl-d-text', h('b', 'Skill: '), C.area[id].skill) : null,
    h('h4', 'Token track'), h('ol.vl-d-track', track),
    h('h4', 'Units'), units.length ? h('ul.vl-d-units', units) : h('p.small.muted', 'No units.'),
    a.graveyard.length ? [h('h4', 'Graveyard'), h('ul.vl-d-grave', [...killers].map(([k, ds]) => h('li', 'Killed by ', seatTag(ctx, k), ': ',
      ds.map((d) => `${unitName(fac(d.owner), d.type)} of ${who(ctx, d.owner)}`).join(', '))))] : null,
    a.rules.length ? [h('h4', 'Rule cards'), h('ul', a.rules.map((r) => h('li', tipProps(cardName(r.card), cardTip(r.card)), cardName(r.card), ' (', seatTag(ctx, r.owner), ')')))] : null);
}

function cityPanel(view, ctx) {
  const { lit, on } = mapAnswers(ctx);
  if (!shownArea || !view.areas.some((a) => a.id === shownArea)) shownArea = view.areas[0] ? view.areas[0].id : null;
  if (view.battle) shownArea = view.battle.area;
  const details = h('div.vl-details-slot');
  const showDetails = () => details.replaceChildren(areaDetails(view, ctx, shownArea) || '');
  const map = cityMap(view, {
    me: ctx.seat,
    who: (s) => who(ctx, s),
    factionOf: factionOfSeat(view),
    lit,
    battleArea: view.battle ? view.battle.area : null,
    chosen: { area: shownArea },
    onArea: (id) => {
      if (on.area && on.area(id)) return;
      shownArea = id;
      for (const g of map.querySelectorAll('.vl-area.chosen')) g.classList.remove('chosen');
      map.querySelector(`.vl-area[data-area="${id}"]`)?.classList.add('chosen');
      showDetails();
    },
    onSlot: on.slot,
    onUnit: on.unit,
  });
  showDetails();
  const hints = [];
  if (lit.areas.size) hints.push('Tap a lit area to place your chosen token there.');
  if (lit.slots.size) hints.push('Tap a lit token to reveal it.');
  if (lit.units.size) hints.push(asksOf(ctx, 'attack').length ? 'Tap one of your lit units to attack with it.' : 'Tap one of your lit units.');
  return h('section.vl-city-panel', { 'aria-label': 'The City' },
    h('div.vl-map-wrap', map, hints.length ? h('p.small.vl-hint', hints.join(' ')) : h('p.small.muted.vl-hint', 'Tap an area for its details; hover or tap anything for its text.')),
    details);
}

function tableLine(view, ctx) {
  const caps = view.capitol_tokens.map((c, i) => {
    const ap = C.capitol[i] ? C.capitol[i].ap : '?';
    const st = c === 'on_track' ? (i + 1 === view.turn ? 'this turn' : 'on the track') : c === 'discarded' ? 'discarded' : c.collected !== undefined ? ['taken by ', seatTag(ctx, c.collected)] : '';
    return h('li.vl-capitol', { class: `vl-capitol ${typeof c === 'string' ? c : 'collected'}`, dataset: { k: `capitol:${i}`, v: JSON.stringify(c) } }, h('b', ROMAN[i] || String(i + 1)), ` (${ap} AP) `, st);
  });
  const rules = view.global_rules.map((r) => h('li', tipProps(cardName(r.card), cardTip(r.card)), cardName(r.card), ' (', seatTag(ctx, r.owner), ')'));
  const top = view.discards[view.discards.length - 1];
  return h('section.vl-tableline.small',
    h('div', h('span.muted', 'Capitol tokens: '), h('ul.vl-capitols', caps)),
    rules.length ? h('div', h('span.muted', 'Global rule cards: '), h('ul.vl-inline', rules)) : null,
    h('div.muted', `Action deck ${view.deck_count} · discards ${view.discards.length}`, top ? [' · top: ', h('span', tipProps(cardName(top), cardTip(top)), cardName(top))] : null));
}

// ------------------------------------------------------------ deals
const resWords = (n) => plural(n, 'resource');
function dealTerms(o) {
  if (!o.want) return `${resWords(o.give)} as a gift`;
  if (!o.give) return `nothing for ${resWords(o.want)}`;
  return `${resWords(o.give)} for ${resWords(o.want)}`;
}
/** Open deal offers (public), with Accept, Decline and Withdraw where the prompt allows them. */
function dealsPanel(view, ctx) {
  const offers = view.offers || [];
  if (!offers.length) return null;
  const can = (verb, name, v) => asksOf(ctx, verb).some((a) => optionsOf(a, name).some((o) => o.value === v));
  return h('section.vl-deals', { 'aria-label': 'Deal offers' },
    h('h4', 'Deal offers', h('small.muted', ' · resources only; the receiver accepts or declines')),
    h('ul', offers.map((o) => h('li.vl-offer', { dataset: { from: String(o.from), to: String(o.to), k: `offer:${o.from}:${o.to}`, v: `${o.give}|${o.want}` } },
      seatTag(ctx, o.from), ' offers ', seatTag(ctx, o.to), `: ${dealTerms(o)} `,
      o.to === ctx.seat && can('accept_offer', 'from', o.from) ? h('button.small.primary', { type: 'button', dataset: { offerAccept: '' }, onclick: () => act(ctx, { type: 'accept_offer', from: o.from }) }, 'Accept') : null,
      o.to === ctx.seat && can('decline_offer', 'from', o.from) ? h('button.small', { type: 'button', dataset: { offerDecline: '' }, onclick: () => act(ctx, { type: 'decline_offer', from: o.from }) }, 'Decline') : null,
      o.from === ctx.seat && can('withdraw_offer', 'to', o.to) ? h('button.small', { type: 'button', onclick: () => act(ctx, { type: 'withdraw_offer', to: o.to }) }, 'Withdraw') : null))),
    ctx.seat !== null && ctx.seat !== undefined ? h('p.small.muted', 'Make an offer from the prompt ("Offer … a deal").') : null);
}

// ------------------------------------------------------------ player sheets
function targetWords(ctx, p, s) {
  const t = p.target;
  if (!t || t.state === 'none') return 'not chosen';
  if (t.state === 'face_down') return 'face down';
  const c = cardOf(t.card);
  return h('span.vl-target-known', { ...tipProps(c.name, cardTip(t.card)), dataset: { card: t.card } }, c.target ? areaName(c.target) : 'no area', ` (${c.name})`, s === ctx.seat ? '' : ' · you know it');
}

function playerSheet(view, ctx, s) {
  const p = view.players[s];
  const mine = s === ctx.seat;
  const f = p.faction;
  const stat = (k, label, v, title) => h('span.vl-stat', { title, dataset: { k: `${k}:${s}`, v: String(v) } }, h('b', String(v)), h('small', ` ${label}`));
  // In words ("8 goons, 1 Commissar Papova"), readable without hovering.
  const units = Object.entries(p.reserve_units).filter(([, n]) => n).map(([k, n], i) => [i ? ', ' : '',
    h('span.vl-res-unit', { ...tipProps(unitName(f, k), unitTip(f, k)), dataset: { unit: k, letter: UNIT_LETTER[k] || k } }, `${n} ${k === 'champion' || n === 1 ? unitName(f, k) : `${unitName(f, k)}s`}`)]);
  const captured = p.captured.map((m, i) => h('span.vl-captured', {
    style: { '--seat': m === 'setup' ? '#6b4fa0' : seatColor(m.player) }, title: `Captured ${m === 'setup' ? 'setup marker' : `marker of ${who(ctx, m.player)}`}${C.faction[f] && C.faction[f].captured_markers[i] ? `: ${markerBonus(C.faction[f].captured_markers[i])}` : ''}`,
  }, m === 'setup' ? 'S' : String(m.player + 1)));
  const spaces = C.faction[f] ? C.faction[f].captured_markers.length : 3;
  for (let i = captured.length; i < spaces; i++) captured.push(h('span.vl-captured.empty', { title: C.faction[f] ? `Open captured space: ${markerBonus(C.faction[f].captured_markers[i])}` : 'Open captured space' }, '·'));
  const controls = view.areas.filter((a) => a.controller && a.controller.player === s).map((a) => shortArea(a.id));
  return h('section.vl-player', {
    class: `vl-player${mine ? ' mine' : ''}${p.passed ? ' passed' : ''}`, style: { '--seat': seatColor(s) },
    dataset: { seat: String(s) }, 'aria-label': `${ctx.seatName(s)}'s sheet`,
  },
  h('header.vl-player-head',
    h('span.vl-player-name', ctx.presenceDot ? ctx.presenceDot(s) : null, h('span.vl-seatno', { title: `Seat ${s + 1}: its markers on the map show ${s + 1}` }, String(s + 1)), ctx.seatName(s), mine && !ctx.replay ? h('span.you', 'you') : null),
    h('small.vl-faction', f ? tipProps(factionName(f), factionTip(f)) : {}, factionName(f)),
    view.first_player === s ? h('span.vl-firstmark', { title: 'First player' }, '1st') : null,
    p.passed ? h('span.vl-passed', { dataset: { k: `passed:${s}`, v: '1' } }, 'passed') : null),
  h('div.vl-points',
    h('span.vl-pts.ap', { title: 'Area points (10 wins)', dataset: { k: `ap:${s}`, v: String(p.ap) } }, h('b', String(p.ap)), h('small', ' AP'), h('i', { style: { '--w': `${Math.min(100, p.ap * 10)}%` } })),
    h('span.vl-pts.pp', { title: 'Plan points (12 wins)', dataset: { k: `pp:${s}`, v: String(p.pp) } }, h('b', String(p.pp)), h('small', ' PP'), h('i', { style: { '--w': `${Math.min(100, (p.pp * 100) / 12)}%` } }))),
  h('div.vl-stats',
    stat('energy', 'energy', p.energy, 'Energy (reset each Start Phase)'),
    stat('res', 'resources', p.resources, 'Resources'),
    h('span.vl-stat', { title: 'Action cards in hand (count only)', dataset: { k: `hand-count:${s}`, v: String(p.hand_count), handCount: String(p.hand_count) } }, h('b', String(p.hand_count)), h('small', ' cards')),
    h('span.vl-stat', { title: 'Plans in hand / in the plan deck', dataset: { k: `plans:${s}`, v: `${p.plan_count}|${p.plan_deck_count}` } }, h('b', String(p.plan_count)), h('small', ` plans (${p.plan_deck_count} in deck)`)),
    h('span.vl-stat', { title: 'Action tokens in reserve', dataset: { k: `tokens:${s}`, v: String(p.reserve_token_count) } }, h('b', String(p.reserve_token_count)), h('small', ' tokens left')),
    f === 'scientists' || p.fusion ? h('span.vl-stat', { title: 'Fusion track' }, h('b', String(p.fusion)), h('small', ' fusion')) : null),
  h('div.vl-row.small', h('span.muted', 'Target: '), h('span.vl-target', { dataset: { k: `target:${s}`, v: p.target ? p.target.state : '' } }, targetWords(ctx, p, s))),
  h('div.vl-row.small', h('span.muted', 'Captured: '), h('span.vl-captured-row', { dataset: { k: `captured:${s}`, v: String(p.captured.length) } }, captured)),
  controls.length ? h('div.vl-row.small', h('span.muted', 'Controls: '), controls.join(', ')) : null,
  p.upgrade ? h('div.vl-row.small', h('span.muted', 'Upgrade: '), h('span', tipProps(upgradeOf(p.upgrade).name, upgradeTip(p.upgrade)), upgradeOf(p.upgrade).name)) : null,
  p.scored_plans.length ? h('div.vl-row.small', h('span.muted', 'Scored: '), p.scored_plans.map((id, i) => [i ? ', ' : '', h('span.vl-plan-ref', tipProps(planOf(id).name, planTip(id)), planOf(id).name)])) : null,
  units.length ? h('div.vl-row.small', h('span.muted', 'Units in reserve: '), h('span.vl-res-units', units)) : null);
}

// ------------------------------------------------------------ my secrets
function cardEl(id, key) {
  const c = cardOf(id);
  return h('li.vl-card', { class: `vl-card type-${c.type}`, dataset: { card: id, ...(key ? { k: key } : {}) }, ...tipProps(c.name, cardTip(id)) },
    h('div.vl-card-head', h('span.vl-card-name', c.name), h('span.vl-card-cost', { title: 'Cost' }, String(c.cost))),
    h('div.vl-card-top', c.target ? ['Target: ', h('b', shortArea(c.target))] : 'No target area'),
    h('div.vl-card-kind', `${c.type === 'rule' ? 'Rule' : 'Event'} · ${c.scope}`),
    h('p.vl-card-text', c.text));
}
// progress: per objective, true (met now), false, or null (it depends on
// enemy targets you do not know); absent for plans that are not yours.
function planEl(id, key, progress) {
  const p = planOf(id);
  const mark = (i) => {
    if (!progress) return null;
    const m = progress[i];
    if (m === true) return h('span.vl-met', { title: 'Met now' }, '✓ ');
    if (m === null) return h('span.vl-unknown', { title: 'Depends on enemy targets you do not know' }, '? ');
    return h('span.vl-unmet', { title: 'Not met yet' }, '· ');
  };
  return h('li.vl-plan', { dataset: { plan: id, ...(key ? { k: key } : {}) } },
    h('div.vl-plan-name', p.name),
    h('ol.vl-objectives', p.objectives.map((o, i) => h('li', { class: [o.focus ? 'focus' : '', progress && progress[i] === true ? 'met' : ''].join(' ').trim() || null },
      mark(i), h('b', `${o.pp} PP`), ' ', o.text))));
}

function mySecrets(view, ctx) {
  if (ctx.seat === null || ctx.seat === undefined || !view.players[ctx.seat]) return null;
  const p = view.players[ctx.seat];
  if (!p.hand) return null;
  const f = p.faction;
  const t = p.target;
  const tcard = t && t.state === 'known' ? cardOf(t.card) : null;
  const tokens = p.reserve_tokens ? Object.entries(p.reserve_tokens).filter(([, n]) => n) : [];
  return h('section.vl-mine', { 'aria-label': 'Your secrets', dataset: { section: 'hand' } },
    h('h3', 'Only you see these'),
    h('div.vl-mine-grid',
      h('div.vl-mytarget', { dataset: { k: 'my-target', v: t ? `${t.state}|${t.card || ''}` : '' } }, h('h4', 'Your target'),
        tcard ? h('p', { ...tipProps(tcard.name, cardTip(t.card)), dataset: { card: t.card } }, h('b', tcard.target ? areaName(tcard.target) : 'no area'), ` (${tcard.name})`, h('br'), h('small.muted', 'Whoever controls it at Score Targets gains 1 AP.'))
          : h('p.muted.small', 'Not chosen yet.')),
      h('div.vl-mytokens', h('h4', `Tokens in reserve (${p.reserve_token_count})`),
        tokens.length ? h('ul.vl-tokens', tokens.map(([k, n]) => h('li.vl-tok', { ...tipProps(tokenName(f, k), tokenTip(f, k)), dataset: { kind: k, k: `my-tok:${k}`, v: String(n) } },
          h('span.vl-tok-l', TOKEN_LETTER[k]), ` ${tokenName(f, k)} ×${n}`))) : h('p.muted.small', 'None left.'),
        p.spent_tokens.length ? h('p.small.muted', `Left the board this turn: ${p.spent_tokens.map((x) => (x.kind ? tokenName(f, x.kind) : '?')).join(', ')}`) : null)),
    h('h4', `Your plans (${p.plans.length})`),
    p.plans.length ? h('ul.vl-plans', p.plans.map((id, i) => planEl(id, `plan:${id}`, p.plan_progress && p.plan_progress[i]))) : h('p.muted.small', 'No plans in hand.'),
    p.plans_bottomed && p.plans_bottomed.length ? h('p.small.muted', 'At the bottom of your plan deck: ', p.plans_bottomed.map((id, i) => [i ? ', ' : '', h('span.vl-plan-ref', planOf(id).name)])) : null,
    h('h4', `${ctx.replay ? `${ctx.seatName(ctx.seat)}’s` : 'Your'} hand (${p.hand.length})`),
    p.hand.length ? h('ul.vl-cards', p.hand.map((id) => cardEl(id, `hand:${id}`))) : h('p.muted.small', 'No action cards in hand.'),
    p.upgrades_set_aside && p.upgrades_set_aside.length ? h('p.small', h('span.muted', 'Upgrades set aside: '),
      p.upgrades_set_aside.map((id, i) => [i ? ', ' : '', h('span', tipProps(upgradeOf(id).name, upgradeTip(id)), upgradeOf(id).name)])) : null);
}

// ------------------------------------------------------------ prompt controls
function input(param, ask, ctx, key) {
  const view = ctx.view;
  const i = param.input;
  // A deal asks for something either way: nothing for nothing is refused.
  if (ask.verb === 'offer' && param.name === 'want') {
    const c = genericControl(param, ctx, null, key);
    const gk = key.replace(/:want$/, ':give');
    return { ...c, problem: () => (!ctx.draft[gk] && !c.get() ? 'Give or ask at least 1 resource.' : '') };
  }
  if (i.kind !== 'one' || !i.options.length) return null;
  const fac = factionOfSeat(view);
  if (ask.verb === 'choose_faction') {
    return choiceList(param, ctx, key, (o) => ({ props: { ...tipProps(factionName(o.value), factionTip(o.value)), dataset: { faction: o.value } },
      body: [h('b', o.label), C.faction[o.value] ? h('small', ` · ${C.faction[o.value].sheet_title} · plans: ${C.faction[o.value].plan_focus}`) : null] }));
  }
  if (ask.verb === 'bottom_plan') {
    return choiceList(param, ctx, key, (o) => ({ props: { dataset: { plan: o.value } },
      body: [h('b.vl-plan-ref', o.label), h('small.vl-opt-sub', planOf(o.value).objectives.map((x) => `${x.pp} PP: ${x.text}`).join(' / '))] }));
  }
  if (ask.verb === 'select_target' || ask.verb === 'discard_card') {
    return choiceList(param, ctx, key, (o) => {
      const c = cardOf(o.value);
      return { props: { ...tipProps(c.name, cardTip(o.value)), dataset: { card: o.value } },
        body: ask.verb === 'select_target' ? [h('b', c.target ? areaName(c.target) : 'no area'), h('small', ` · ${c.name}`)] : [h('b', c.name), h('small', ` · cost ${c.cost}`)] };
    });
  }
  if (ask.verb === 'place_token' && param.name === 'kind') {
    const seatFac = fac(ctx.seat);
    const counts = (view.players[ctx.seat] && view.players[ctx.seat].reserve_tokens) || {};
    if (ctx.draft[key] === undefined && i.options.some((o) => o.value === lastKind)) ctx.draft[key] = lastKind;
    return choiceList(param, ctx, key, (o) => ({ props: { ...tipProps(o.label, tokenTip(seatFac, o.value)), dataset: { kind: o.value } },
      body: [h('span.vl-tok-l', TOKEN_LETTER[o.value] || '?'), ` ${o.label}`, counts[o.value] !== undefined ? h('small', ` ×${counts[o.value]}`) : null] }),
    { row: true, onPick: (v) => { lastKind = v; } });
  }
  if (ask.verb === 'place_token' && param.name === 'area') {
    return choiceList(param, ctx, key, (o) => {
      const a = view.areas.find((x) => x.id === o.value);
      const open = a ? a.track.filter((t) => !t).length : 0;
      return { props: { ...tipProps(o.label, areaTip(o.value)), dataset: { areaPick: o.value } }, body: [o.label.replace(/^The /, ''), h('small', ` ${open} open`)] };
    }, { row: true, note: 'or tap a lit area on the map' });
  }
  // The Subway's deploy: the area first (a row, as placing), then the unit (with its facts, generic).
  if (ask.verb === 'skill_deploy' && param.name === 'to') {
    return choiceList(param, ctx, key, (o) => ({ props: { ...tipProps(o.label, areaTip(o.value)), dataset: { deployTo: o.value } },
      body: [o.label.replace(/^The /, '')] }), { row: true });
  }
  if (param.name === 'unit' && ['assign_hit', 'sacrifice', 'sacrifice_unit', 'attack'].includes(ask.verb)) return unitChoice(param, ctx, key, view);
  // Choices in words; a card that cannot be played now stays listed, disabled, with why.
  // A card or skill chosen asks what it needs next (its follow-ups, drawn
  // by prompt.js with a way back), listed the same way.
  if (['activate', 'activate_paying', 'use_skill', 'use_skill_paying', 'use_skill_bringing', 'lab_play', 'lab_paying', 'fusion_play', 'fusion_paying', 'score_plans', 'reveal'].includes(ask.verb)) {
    const more = (o) => !!(o.then && o.then.length);
    return choiceList(param, ctx, key, (o) => ({ props: more(o) ? { dataset: { then: 'yes' } } : {}, body: [o.label, more(o) ? h('span.vl-then', ' …') : null] }));
  }
  return null;
}

// ------------------------------------------------------------ the log: names with their texts
let namesIndex = null;
function nameTips() {
  if (namesIndex) return namesIndex;
  const tips = new Map();
  for (const a of C.areas) tips.set(a.name, [a.name, () => areaTip(a.id)]);
  for (const f of Object.values(C.faction)) {
    tips.set(f.name, [f.name, () => factionTip(f.id)]);
    if (f.champion) tips.set(f.champion.name, [f.champion.name, () => unitTip(f.id, 'champion')]);
  }
  for (const c of Object.values(C.card)) tips.set(c.name, [c.name, () => cardTip(`${c.id}-1`).replace(/ · target [^\n·]*/, '')]);
  for (const p of Object.values(C.plan)) tips.set(p.name, [p.name, () => planTip(p.id)]);
  for (const u of Object.values(C.upgrade)) tips.set(u.name, [u.name, () => upgradeTip(u.id)]);
  namesIndex = termsIndex(tips);
  return namesIndex;
}
/** Card, faction, area and plan names in the log's new lines become tips. */
function decorateLog() {
  if (!C.loaded) return;
  decorateLogTerms(nameTips(), 'vl', (name, [title, tip]) => h('span.term', tipProps(title, tip()), name));
}

// ------------------------------------------------------------ register
registerRenderer('villains', {
  reference,
  role(view, seat) {
    const p = view.players && view.players[seat];
    return p && p.faction ? factionName(p.faction) : null;
  },
  render(view, ctx) {
    if (!C.loaded) loadTexts();
    queueMicrotask(decorateLog);
    const order = [...view.players.keys()].sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
    return h('div.vl', { dataset: { step: view.phase.step } },
      banner(view, ctx),
      C.loaded ? null : h('p.small.muted', 'The card texts have not loaded yet: things show by id.'),
      h('section.vl-players', { 'aria-label': 'Players' }, order.map((s) => playerSheet(view, ctx, s))),
      tableLine(view, ctx),
      dealsPanel(view, ctx),
      combatPanel(view, ctx),
      // The map last, right above the prompt it answers.
      cityPanel(view, ctx),
      mySecrets(view, ctx));
  },
  input,
});
