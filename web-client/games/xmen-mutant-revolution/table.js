// X-Men: Mutant Revolution: the table.
//
// Draws, from the viewer's view only: the phase banner (round, phase, step
// and who is awaited), the step's own panel (auction with the Bidding Dial
// states and the reveal of all dials, trade offers with accept/decline,
// invitations, the Mission arena in SVG with the last attacks' Dice
// Strings and the Rule of One allocation), each School's board, and the
// viewer's Plot hand. Prompts stay generic (prompt.js); this renderer adds
// the Bidding Dial for `bid`, a clickable arena for `hex` inputs, and makes
// lit hexes and targets on the board answer the prompt.
//
// The view holds card ids only; names, stats and texts come from the
// game's card data, fetched once from GET /api/games/<id>/content (the
// server's copy of games/xmen-mutant-revolution/content/*.json) into CONTENT below.
//
// Loaded as games/xmen-mutant-revolution/table.js (the game's folder); its
// stylesheet is style.css beside it.

import { h, svg } from '../../util.js';
import { registerRenderer } from '../../renderers.js';
import { biddingDial } from '../kit/dial.js';
import { contentLoader, injectStyle } from '../kit/load.js';
import { termsIndex, decorateLogTerms } from '../../log-terms.js';

// ------------------------------------------------------------ card data
// The server serves the game's card data (the same files the engine
// embeds); it is fetched once per page and kept. The loader imports this
// module and waits for it, so the first draw already has the names.
let CONTENT = { schools: {}, recruit: {}, plot: {}, missions: {}, arena: null, loaded: false };

/** The served document (arrays of cards with ids) as lookups by id. */
function indexContent(raw) {
  const byId = (list) => Object.fromEntries((Array.isArray(list) ? list : []).filter((x) => x && x.id).map((x) => [x.id, x]));
  const a = raw && raw.arena;
  return {
    schools: byId(raw && raw.schools),
    recruit: byId(raw && raw.recruit),
    plot: byId(raw && raw.plot),
    missions: byId(raw && raw.missions),
    arena: a && Array.isArray(a.hexes)
      ? { hexes: a.hexes, obstacles: a.obstacles || [], pos: [a.pos1, a.pos2, a.pos3, a.pos4].filter(Boolean) }
      : null,
    loaded: true,
  };
}

/** Fetches the card data once (the kit's loader: after a failure, again at most every 5 s). */
const loadContent = contentLoader('xmen-mutant-revolution', 'X-Men card data', (raw) => { CONTENT = indexContent(raw); });
await loadContent();

/** Without the served arena: the radius-4 hexagon, no obstacles. */
function arenaGeometry() {
  if (CONTENT.arena) return CONTENT.arena;
  const hexes = [];
  for (let q = -4; q <= 4; q++) for (let r = -4; r <= 4; r++) if (Math.abs(q + r) <= 4) hexes.push([q, r]);
  return { hexes, obstacles: [], pos: [] };
}


// ------------------------------------------------------------ stylesheet
injectStyle(new URL('./style.css', import.meta.url).href, 'xmen');

// ------------------------------------------------------------ lookups
const SEAT_COLORS = ['#2f6fdf', '#d0452f', '#2e9a5a', '#a334b0'];
const seatColor = (s) => SEAT_COLORS[s % SEAT_COLORS.length];
const leaderOf = (id) => Object.values(CONTENT.schools).find((s) => s.leader && s.leader.id === id);

/** A Character id (Leader or Recruit card) as a record with printed stats. */
function charDef(id) {
  const school = leaderOf(id);
  if (school) return { ...school.leader, rank: 'leader' };
  const r = CONTENT.recruit[id];
  if (!r) return { id, name: id, rank: 'student', atk: 0, def: 0, spd: 0, range: 0, power_limit: 0, hope: 0, powers: [] };
  return { ...r, id, rank: r.type };
}
const charName = (id) => charDef(id).name;
const recruitName = (id) => (CONTENT.recruit[id] ? CONTENT.recruit[id].name : id);
const plotDef = (id) => CONTENT.plot[id] || { name: id, kind: 'event', plot: 0, hope: 0 };
const missionDef = (id) => CONTENT.missions[id] || { name: id, tokens: [], rewards: [] };
const schoolName = (id) => (id && CONTENT.schools[id] ? CONTENT.schools[id].name : 'no School yet');

/** Printed stats plus the Training Card. */
function attributes(c) {
  const d = charDef(c.id);
  const a = { atk: d.atk || 0, def: d.def || 0, spd: d.spd || 0, range: d.range || 0, limit: d.power_limit || 0, hope: d.hope || 0 };
  if (c.training && CONTENT.recruit[c.training]) {
    const t = CONTENT.recruit[c.training];
    for (const k of ['atk', 'def', 'spd', 'range']) a[k] += (t.mods && t.mods[k]) || 0;
    a.hope += t.hope || 0;
  }
  return a;
}

const who = (ctx, s) => (s === ctx.seat && !ctx.replay ? 'you' : ctx.seatName(s));
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// The effect vocabulary as sentences.
function effectText(e) {
  const n = e.amount ?? 1;
  const to = { targets: 'Each target School', all: 'Every School', others: 'Every other School', actor: 'The School that caused it' }[e.to] || (e.to && e.to !== 'self' ? e.to : 'you');
  const gain = (what) => (to === 'you' ? `Gain ${n} ${what}` : `${to} gains ${n} ${what}`);
  const lose = (what) => (to === 'you' ? `Lose ${n} ${what}` : `${to} loses ${n} ${what}`);
  switch (e.op) {
    case 'gain_rp': return gain(n === 1 ? 'Revolution Point' : 'Revolution Points');
    case 'lose_rp': return lose(n === 1 ? 'Revolution Point' : 'Revolution Points');
    case 'gain_hope': return gain('Hope');
    case 'lose_hope': return lose('Hope');
    case 'steal_hope': return `Take ${n} Hope from the target School`;
    case 'pay_hope': return `Pay ${n} Hope`;
    case 'gain_pp': return gain(n === 1 ? 'Plot Point' : 'Plot Points');
    case 'lose_pp': return lose(n === 1 ? 'Plot Point' : 'Plot Points');
    case 'draw': return `Draw ${plural(n, 'Plot card')}`;
    case 'discard_own_student': return 'Discard one of your Students';
    case 'power_token': return `Put ${plural(n, 'Power Token')} on a Character`;
    case 'heal': return 'Remove an Injured token';
    case 'injure': return "Injure another School's Hero or Student";
    case 'defense_dice': return `Roll ${n} extra defense ${n === 1 ? 'die' : 'dice'} against this attack`;
    default: return e.op.replace(/_/g, ' ');
  }
}
function powerText(p) {
  const when = { attack: 'Attacking', plot: 'Plot Phase', after_move: 'After a Move', action: 'Special Action' }[p.timing] || p.timing;
  const what = {
    attack_dice: '+1 attack die per Power Token',
    range: '+1 Attack Range per Power Token',
    allocate_damage: 'you allocate the Damage you inflict',
    repeat_target: 'may attack the same target again',
    regain_stat: 'spend 1 Power Token to regain a lost stat',
    restore: 'spend 1 Power Token to restore a lost stat point to an adjacent PC',
    gain_hope: `spend 1 Power Token: gain ${p.amount ?? 1} Hope`,
    draw: `spend 1 Power Token: draw ${plural(p.amount ?? 1, 'Plot card')}`,
  }[p.op] || p.op.replace(/_/g, ' ');
  return `${when}: ${what}`;
}
function plotText(d) {
  const parts = [];
  if (d.trigger === 'cancel_event') parts.push('Reaction: cancel an Event as it is played');
  if (d.trigger === 'cancel_reaction') parts.push('Reaction: cancel a Reaction');
  if (d.trigger === 'pc_attacked') parts.push('Reaction: when one of your PCs is attacked, before the dice');
  if (d.trigger === 'bids_revealed') parts.push('Reaction: when the Bidding Dials are revealed');
  if (d.trigger === 'character_defeated') parts.push('Reaction: when a Character is defeated');
  if (d.trigger === 'mission_revealed') parts.push('Reaction: when a Mission is revealed');
  if (d.target === 'another') parts.push('Target: another School');
  if (d.target === 'any') parts.push('Target: any School');
  if (d.target === 'two_different') parts.push('Target: two different Schools');
  if (d.cost && d.cost.length) parts.push(`Cost: ${d.cost.map(effectText).join(', ')}`);
  for (const e of d.effects || []) parts.push(effectText(e));
  return parts.join('. ') + (parts.length ? '.' : '');
}

// ------------------------------------------------------------ texts on hover and on tap
// (tips.js shows any element's data-tip: hover with a mouse, tap on a phone)
const RANK_WORD = { leader: 'Leader', hero: 'Hero', student: 'Student', training: 'Training Card' };
/** A Character's card: rank, printed stats, limit, Hope Value, Powers, Training. */
function charTip(c) {
  const d = charDef(c.id);
  const a = c.power !== undefined ? attributes(c) : attributes({ id: c.id });
  return [
    `${RANK_WORD[d.rank] || d.rank} · ATK ${a.atk} · DEF ${a.def} · SPD ${a.spd} · Attack Range ${a.range}`,
    `Power Token limit ${a.limit} · Hope Value ${a.hope}`,
    ...(d.powers || []).map(powerText),
    c.training ? `Training: ${recruitName(c.training)} (${trainingText(CONTENT.recruit[c.training])})` : null,
  ].filter(Boolean).join('\n');
}
function trainingText(t) {
  if (!t) return '';
  const m = t.mods || {};
  return ['atk', 'def', 'spd', 'range'].filter((k) => m[k]).map((k) => `+${m[k]} ${k === 'range' ? 'Attack Range' : k.toUpperCase()}`).join(', ') || 'no stat change';
}
/** A School card: Leader, Charter, Hand Size. */
function schoolTip(id) {
  const s = CONTENT.schools[id];
  if (!s) return null;
  const L = s.leader || {};
  const ch = s.charter;
  return [
    `Leader ${L.name}: ATK ${L.atk} · DEF ${L.def} · SPD ${L.spd} · Attack Range ${L.range} · Power Token limit ${L.power_limit}`,
    ...(L.powers || []).map(powerText),
    ch ? `Charter ${ch.name}: the Leader's Power Tokens give a Hero or Student ${ch.op === 'range' ? '+1 Attack Range' : '+1 attack die'} each, for one attack, while the Leader is not in the Mission` : null,
    Array.isArray(s.hand_size) ? `Hand Size by Revolution Points 0–6: ${s.hand_size.join(', ')}` : null,
  ].filter(Boolean).join('\n');
}
/** A Plot card: kind, Plot Points, Hope Value, what it does. */
function plotTip(id) {
  const d = plotDef(id);
  return `${d.kind === 'reaction' ? 'Reaction' : 'Event'} · costs ${plural(d.plot, 'Plot Point')} · Hope Value ${d.hope}\n${plotText(d)}`;
}
/** Props making an element show a tip (title kept for the name of the tip). */
const tipProps = (title, text) => (text ? { 'data-tip': text, 'data-tip-title': title, tabindex: '0' } : {});

/** Every School, Character, Plot card and Mission, for the rules help. */
function reference() {
  if (!CONTENT.loaded) return h('p.muted', 'The card data has not loaded.');
  const group = (title, items) => h('details.xm-ref', h('summary', `${title} (${items.length})`), h('dl.xm-ref-list', items));
  const schools = Object.values(CONTENT.schools).map((s) => [h('dt', s.name), h('dd', schoolTip(s.id))]);
  const chars = Object.values(CONTENT.recruit).filter((r) => r.type !== 'training').sort((a, b) => a.name.localeCompare(b.name))
    .map((r) => [h('dt', r.name), h('dd', charTip({ id: r.id }))]);
  const training = Object.values(CONTENT.recruit).filter((r) => r.type === 'training').sort((a, b) => a.name.localeCompare(b.name))
    .map((r) => [h('dt', r.name), h('dd', `Training Card · ${trainingText(r)}${r.restriction && r.restriction !== 'any' ? ` (${r.restriction} only)` : ''} · Hope Value ${r.hope}`)]);
  const plots = Object.values(CONTENT.plot).sort((a, b) => a.name.localeCompare(b.name)).map((p) => [h('dt', p.name), h('dd', plotTip(p.id))]);
  const missions = Object.values(CONTENT.missions).sort((a, b) => a.name.localeCompare(b.name)).map((m) => [h('dt', m.name), h('dd', missionCard(m.id))]);
  return h('div.xm-reference', group('Schools', schools), group('Heroes and Students', chars), group('Training Cards', training), group('Plot cards', plots), group('Missions', missions));
}

// ------------------------------------------------------------ small pieces
function pips(n, max, cls, label) {
  const out = h(`span.xm-pips.${cls}`, { title: label, 'aria-label': label });
  for (let i = 0; i < Math.max(n, max); i++) out.append(h('i', { class: i < n ? 'on' : '' }));
  return out;
}
function track(value, label, cls, key) {
  const t = h(`div.xm-track.${cls}`, { title: `${label}: ${value} of 6`, 'aria-label': `${label} ${value} of 6`, dataset: key ? { k: key, v: String(value) } : {} });
  t.append(h('span.xm-track-label', label));
  const cells = h('span.xm-track-cells');
  for (let i = 0; i <= 6; i++) cells.append(h('i', { class: i === value ? 'at' : i < value ? 'past' : '' }, String(i)));
  t.append(cells);
  return t;
}
function seatTag(ctx, s) {
  return h('span.xm-seat', { style: `--seat:${seatColor(s)}`, dataset: { seat: String(s) } }, who(ctx, s));
}
function statLine(a, cur) {
  const st = (k, v, now) => h('span.xm-stat', { title: k }, h('small', k), h('b', { class: now !== undefined && now < v ? 'hurt' : '' }, String(now ?? v)));
  return h('span.xm-stats',
    st('ATK', a.atk, cur && cur[0]), st('DEF', a.def, cur && cur[1]), st('SPD', a.spd, cur && cur[2]), st('RNG', a.range));
}

/** Asks in my prompt with this verb, with their index. */
function asksOf(ctx, verb) {
  const p = ctx.prompt;
  if (!p) return [];
  return p.asks.map((a, i) => ({ ...a, ai: i })).filter((a) => a.verb === verb);
}
/** Clicks a prompt alternative, as a person would (menu button or the form's submit). */
function pressAsk(ai) {
  const area = document.querySelector('.prompt');
  if (!area) return;
  const pick = area.querySelector(`.ask-pick[data-ask="${ai}"]`);
  if (pick) { pick.click(); return; }
  area.querySelector(`form[data-ask="${ai}"] button.submit`)?.click();
}
/** Opens a prompt alternative's form (when several are offered) and returns it. */
function openAsk(ai) {
  const area = document.querySelector('.prompt');
  if (!area) return null;
  const form = area.querySelector(`form[data-ask="${ai}"]`);
  if (form && form.hidden) area.querySelector(`.ask-pick[data-ask="${ai}"]`)?.click();
  return area.querySelector(`form[data-ask="${ai}"]`);
}

// ------------------------------------------------------------ phase banner
function phaseName(view, ctx) {
  const P = view.phase;
  switch (P.phase) {
    case 'pick_school': return ['Setup', 'Choose Schools in order of the setup roll'];
    case 'upkeep': return ['Upkeep', { recover: 'U1 Recover Characters', advance: 'U2 Advance the Revolution', acquire_hope: 'U3 Acquire Hope' }[P.stage] || P.stage];
    case 'plot': return ['Plot Phase', P.chain ? 'an Event is being resolved' : P.request ? 'support requested' : 'turns to act'];
    case 'hand_size': return ['Plot Phase', 'Discard to Hand Size'];
    case 'allegiance': return ['Recruit Phase', 'Change Allegiance'];
    case 'recruit': return ['Recruit Phase', `Recruit and Train: ${recruitName(P.current)}`];
    case 'mc_bid': return ['Mission Phase', 'Bid for Mission Commander'];
    case 'invite': return ['Mission Phase', 'Choose Characters'];
    case 'battle': {
      const name = P.mission ? missionDef(P.mission).name : 'Final Tournament match';
      return [P.mission ? 'Mission Phase' : 'Final Tournament', `${name}: ${P.turn ? `Mission Turn ${P.turn}` : 'Set Up Mission'}`];
    }
    case 'tournament_pick': return ['Final Tournament', 'choosing Characters'];
    case 'over': return ['Game over', ctx.names ? ctx.names(P.summary) : P.summary];
    default: return [P.phase, ''];
  }
}

function awaited(ctx) {
  const P = ctx.pending;
  if (!P) return [];
  switch (P.mode) {
    case 'turn': return [P.seat];
    case 'simultaneous': return P.waiting || [];
    case 'window': return (P.seats || []).filter((s) => !(P.answered || []).includes(s));
    case 'negotiation': return (P.seats || []).filter((s) => !(P.ready || []).includes(s));
    default: return [];
  }
}

function banner(view, ctx) {
  const [phase, step] = phaseName(view, ctx);
  const wait = awaited(ctx);
  const mine = ctx.seat !== null && wait.includes(ctx.seat) && !!ctx.prompt;
  return h('div.xm-banner', { class: `xm-banner${mine ? ' your-move' : ''}`, dataset: { section: 'banner', phase: view.phase.phase, k: 'phase', v: `${view.round}|${phase}|${step}` } },
    h('div.xm-round', view.round ? `Round ${view.round}${view.max_rounds ? ` of at most ${view.max_rounds}` : ''}` : 'Setup'),
    h('div.xm-phase', h('b', phase), step ? h('span', ` · ${step}`) : null),
    wait.length && view.phase.phase !== 'over'
      ? h('div.xm-awaited', mine && !ctx.replay && wait.length === 1 ? h('b', 'Your move') : ['Waiting for ', wait.map((s, i) => [i ? ' ' : '', seatTag(ctx, s)])])
      : null,
    view.round ? h('div.xm-mc', { title: 'Mission Commander', dataset: { k: 'mc', v: String(view.mc) } }, h('span.xm-mc-token', 'MC'), ' ', seatTag(ctx, view.mc)) : null);
}

// ------------------------------------------------------------ schools
function characterRow(c, ctx, pc, seat) {
  const d = charDef(c.id);
  const a = attributes(c);
  return h('li.xm-char', {
    class: `xm-char rank-${d.rank}${c.injured ? ' injured' : ''}`, ...tipProps(d.name, charTip(c)),
    // A recruit arriving, a token spent or gained, an injury, a Training Card: a change to see.
    dataset: { char: c.id, k: `char:${seat}:${c.id}`, v: `${c.power}|${!!c.injured}|${c.training || ''}|${!!c.triumph}` },
  },
    h('span.xm-rank', { title: d.rank }, d.rank[0].toUpperCase()),
    h('span.xm-char-name', d.name,
      c.training ? h('small.xm-training', { title: 'Training Card' }, ` + ${recruitName(c.training)}`) : null),
    h('span.xm-char-tokens',
      pips(c.power, a.limit, 'power', `${c.power} Power Tokens (limit ${a.limit})`),
      c.injured ? h('span.xm-injured', { title: 'Injured' }, 'Injured') : null,
      c.triumph ? h('span.xm-triumph', { title: 'Triumph Token' }, '★') : null),
    statLine(a, pc ? pc.stats : undefined),
    h('span.xm-hopev', { title: 'Hope Value' }, `${a.hope}`, h('small', ' hope')));
}

function schoolBoard(s, view, ctx) {
  const mine = s.seat === ctx.seat;
  const battle = view.phase.phase === 'battle' ? view.phase : null;
  const pcOf = (id) => battle && battle.pcs.find((p) => p.seat === s.seat && p.who === id && p.hex);
  return h('section.xm-school', {
    class: `xm-school${mine ? ' mine' : ''}`, style: `--seat:${seatColor(s.seat)}`,
    dataset: { seat: String(s.seat) }, 'aria-label': `${ctx.seatName(s.seat)}'s School`,
  },
  h('header.xm-school-head',
    h('span.xm-school-name', ctx.presenceDot ? ctx.presenceDot(s.seat) : null, ctx.seatName(s.seat), mine && !ctx.replay ? h('span.you', 'you') : null),
    h('small.xm-school-id', s.school ? tipProps(schoolName(s.school), schoolTip(s.school)) : {}, schoolName(s.school)),
    view.mc === s.seat && view.round ? h('span.xm-mc-token', { title: 'Mission Commander' }, 'MC') : null),
  h('div.xm-school-stats',
    h('span.xm-hope', { title: 'Hope Coins', dataset: { k: `hope:${s.seat}`, v: String(s.hope) } }, h('b', String(s.hope)), ' hope'),
    h('span.xm-handcount', { title: 'Plot cards in hand (count only)', dataset: { handCount: String(s.hand_count), k: `hand-count:${s.seat}`, v: String(s.hand_count) } },
      h('b', String(s.hand_count)), `/${s.hand_size} cards`)),
  s.school && CONTENT.schools[s.school] && CONTENT.schools[s.school].charter ? h('div.xm-charter.small', { title: 'Charter card' }, 'Charter: ', h('b', CONTENT.schools[s.school].charter.name),
    ` (Leader's Power Tokens add ${CONTENT.schools[s.school].charter.op === 'range' ? 'Attack Range' : 'attack dice'} to a Hero or Student in a Mission the Leader is not in)`) : null,
  track(s.rp, 'Revolution', 'rp', `rp:${s.seat}`),
  track(s.pp, 'Plot', 'pp', `pp:${s.seat}`),
  h('ul.xm-chars', s.characters.map((c) => characterRow(c, ctx, pcOf(c.id), s.seat))));
}

// ------------------------------------------------------------ hand
function plotCard(id, extra, key) {
  const d = plotDef(id);
  return h('li.xm-card', { class: `xm-card kind-${d.kind}`, dataset: { card: id, ...(key ? { k: key } : {}) }, ...tipProps(d.name, plotTip(id)) },
    h('div.xm-card-head', h('span.xm-card-name', d.name),
      h('span.xm-card-vals', h('span.xm-pp', { title: 'Plot Points to play' }, `${d.plot}`, h('small', 'P')),
        h('span.xm-hp', { title: 'Hope Value when discarded' }, `${d.hope}`, h('small', 'H')))),
    h('div.xm-card-kind', d.kind === 'reaction' ? 'Reaction' : 'Event'),
    h('p.xm-card-text', plotText(d)),
    extra || null);
}
function hand(view) {
  if (!view.my_hand) return null;
  return h('section.xm-hand', { 'aria-label': 'Your Plot hand', dataset: { section: 'hand' } },
    h('h3', `Your Plot hand (${view.my_hand.length})`, h('small.muted', ' · only you see these')),
    view.my_hand.length
      ? h('ul.xm-cards', view.my_hand.map((id, i) => plotCard(id, null, `hand:${id}#${view.my_hand.slice(0, i).filter((x) => x === id).length}`)))
      : h('p.muted.small', 'No cards in hand.'));
}

// ------------------------------------------------------------ recruit card, mission card
function recruitCard(id) {
  const r = CONTENT.recruit[id];
  if (!r) return h('div.xm-rcard', id);
  const body = [];
  if (r.type === 'training') {
    const m = r.mods || {};
    body.push(h('p', 'Training Card: ', ['atk', 'def', 'spd', 'range'].filter((k) => m[k]).map((k) => `+${m[k]} ${k.toUpperCase()}`).join(', ') || 'no stat change',
      r.restriction && r.restriction !== 'any' ? ` (${r.restriction} only)` : ''));
  } else {
    body.push(statLine({ atk: r.atk, def: r.def, spd: r.spd, range: r.range }));
    body.push(h('p.small', `Power Token limit ${r.power_limit}`));
    for (const p of r.powers || []) body.push(h('p.small.xm-power', powerText(p)));
  }
  return h('div.xm-rcard', { class: `xm-rcard type-${r.type}`, dataset: { recruit: id } },
    h('div.xm-rcard-head', h('b', r.name), h('span.xm-badge', r.type), h('span.xm-hopev', `${r.hope}`, h('small', ' hope'))),
    body);
}
function missionCard(id) {
  const m = missionDef(id);
  const crit = { most_damage: 'most Damage inflicted', most_destroyed: 'most Mission Characters destroyed', most_specials: 'most Special Actions completed' };
  return h('div.xm-mission', { dataset: { mission: id } },
    h('div.xm-mission-head', h('b', m.name)),
    h('ul.xm-mission-tokens', (m.tokens || []).map((t) => h('li',
      h('b', `${t.count}× ${t.name}`), ` · ${t.hp} Damage to destroy · ATK ${t.atk} DEF ${t.def} · moves ${t.move} · range ${t.range} · placed ${t.min_distance}+ hexes away`))),
    h('p.small',
      m.max_characters ? `At most ${m.max_characters} Characters. ` : 'Any number of Characters. ',
      m.leaders_allowed ? 'Leaders allowed. ' : 'No Leaders. ',
      m.hope_per_damaging_attack ? `${m.hope_per_damaging_attack} Hope per damaging attack. ` : '',
      (m.rewards || []).map((r) => `${r.rp} Revolution Point${r.rp === 1 ? '' : 's'} for the ${crit[r.criterion] || r.criterion}`).join('; '), '.'),
    m.special ? h('p.small.xm-mission-special', h('b', `Special Action: ${m.special.name}`),
      ` — ${plural((m.special.hexes || []).length, m.special.objective || 'objective')}; a PC within ${m.special.range ?? 1} hex${(m.special.range ?? 1) === 1 ? '' : 'es'} may deal with one as its action`,
      m.special.hope ? ` for ${m.special.hope} Hope` : '', m.special.ends_mission ? '; dealing with all of them ends the Mission in success' : '', '.') : null);
}

// ------------------------------------------------------------ reveals, attacks, windows
const markName = (ctx, m) => (m && m.pc !== undefined ? who(ctx, m.pc) : null);
/** The view's attack records, newest first, as dice rows. */
function lastAttacks(view, k) {
  const recs = Array.isArray(view.last_attacks) ? view.last_attacks : [];
  const desc = (xs) => [...(xs || [])].sort((a, b) => b - a);
  return recs.map((r, i) => ({ ...r, i })).slice(-k).reverse().map((r) => ({
    rec: r, i: r.i, attacker: r.attacker_name, target: r.target_name,
    atk: desc(r.attack), def: desc(r.defense), dmg: r.damage,
  }));
}
const TRIGGERS = {
  bids_revealed: 'the Bidding Dials were revealed',
  character_defeated: 'a Character was defeated',
  mission_revealed: 'a Mission was revealed',
  pc_attacked: 'a PC is attacked',
};
/** An open Reaction window: its trigger, who is offered it, who answered. */
function windowPanel(view, ctx) {
  const w = view.window;
  if (!w) return null;
  const seats = Array.isArray(w.seats) ? w.seats : [];
  const answered = w.answered || [];
  const mine = ctx.seat !== null && ctx.seat !== undefined ? ctx.seat : null;
  const offeredMe = mine !== null && seats.includes(mine);
  const fits = offeredMe && view.my_hand ? view.my_hand.filter((id) => plotDef(id).trigger === w.trigger) : [];
  let myAnswer = null;
  if (offeredMe && answered[mine]) {
    myAnswer = typeof w.mine === 'string'
      ? ['Your sealed answer: play ', h('b', plotDef(w.mine).name), '.']
      : 'Your sealed answer: no Reaction.';
  } else if (offeredMe) {
    myAnswer = fits.length ? ['Reactions in your hand for this: ', fits.map((id, i) => [i ? ', ' : '', h('b', tipProps(plotDef(id).name, plotTip(id)), plotDef(id).name)]), '.'] : 'No Reaction in your hand answers this trigger.';
  }
  return h('section.xm-window', { 'aria-label': 'Reaction window', dataset: { trigger: w.trigger } },
    h('div.xm-window-head', h('span.xm-badge', 'Reaction window'), ' ', TRIGGERS[w.trigger] || w.trigger.replace(/_/g, ' '),
      w.actor !== null && w.actor !== undefined ? [' (by ', seatTag(ctx, w.actor), ')'] : null,
      w.queued ? h('small.muted', ` · ${plural(w.queued, 'more window')} after this`) : null),
    h('div.xm-window-seats.small', 'Offered to: ',
      seats.length ? seats.map((s, i) => [i ? ', ' : '', h('span.xm-window-seat', { class: `xm-window-seat${answered[s] ? ' answered' : ''}`, dataset: { seat: String(s), answered: String(!!answered[s]) } },
        seatTag(ctx, s), answered[s] ? ' answered' : ' deciding')]) : 'nobody',
      h('span.muted', ' · answers stay sealed until all are in')),
    myAnswer ? h('div.small.xm-window-mine', myAnswer) : null);
}
/** Marks the log's lines by kind so the stylesheet can make it readable. */
function decorateLog() {
  for (const li of document.querySelectorAll('.log-list li:not([data-xm])')) {
    const t = li.textContent;
    let kind = 'plain';
    if (/^Round \d+ begins/.test(t)) kind = 'round';
    else if (/^(Upkeep|Plot Phase|Recruit|Mission Phase|Recruit and Train)/.test(t)) kind = 'phase';
    else if (/^Dials revealed/.test(t)) kind = 'reveal';
    else if (/ attacks .*Damage/.test(t)) kind = 'attack';
    else if (/\bwins?\b|succeeds|fails|defeated|Revolution Point/.test(t)) kind = 'result';
    li.dataset.xm = kind;
  }
  if (CONTENT.loaded) decorateLogTerms(nameTips(), 'xmTerms', (name, tip) => h('span.term', tipProps(name, tip()), name), { skipInsideTips: true });
}

/** Card, Character and School names in the log, as tips (built once from the card data). */
let namesIndex = null;
function nameTips() {
  if (namesIndex) return namesIndex;
  const tips = new Map();
  for (const s of Object.values(CONTENT.schools)) {
    tips.set(s.name, () => schoolTip(s.id));
    if (s.leader) tips.set(s.leader.name, () => charTip({ id: s.leader.id }));
  }
  for (const r of Object.values(CONTENT.recruit)) tips.set(r.name, () => (r.type === 'training' ? `Training Card · ${trainingText(r)} · Hope Value ${r.hope}` : charTip({ id: r.id })));
  for (const p of Object.values(CONTENT.plot)) tips.set(p.name, () => plotTip(p.id));
  namesIndex = termsIndex(tips, 3);
  return namesIndex;
}

// ------------------------------------------------------------ auctions
function dialStates(auction, view, ctx) {
  const rows = [];
  for (let s = 0; s < view.seats; s++) {
    const bidding = auction.bidders.includes(s);
    const mine = s === ctx.seat;
    let st;
    if (!bidding) st = h('span.xm-dial-st.out', 'out of this round');
    else if (mine && auction.my_dial !== null && auction.my_dial !== undefined) st = h('span.xm-dial-st.locked', 'locked in at ', h('b', String(auction.my_dial)));
    else if (auction.committed[s]) st = h('span.xm-dial-st.locked', 'locked in');
    else st = h('span.xm-dial-st.thinking', 'thinking…');
    rows.push(h('li.xm-dial-seat', { class: `xm-dial-seat${mine ? ' mine' : ''}`, dataset: { dialSeat: String(s), committed: String(!!auction.committed[s]), k: `dial:${s}`, v: `${auction.round}|${!!auction.committed[s]}` } },
      seatTag(ctx, s), st,
      auction.escrow[s] ? h('span.xm-escrow', { title: 'Hope escrowed on the board by tie rounds' }, `+${auction.escrow[s]} escrowed`) : null));
  }
  const rounds = auction.revealed.length
    ? h('div.xm-tie-rounds', h('div.small', 'Tie rounds so far (escrow adds these to the next bid):'),
      h('table.xm-table', h('thead', h('tr', h('th', 'Round'), [...Array(view.seats).keys()].map((s) => h('th', ctx.seatName(s))))),
        h('tbody', auction.revealed.map((r, i) => h('tr', h('th', String(i + 1)),
          [...Array(view.seats).keys()].map((s) => h('td', r[String(s)] === undefined ? '—' : String(r[String(s)]))))))))
    : null;
  return h('div.xm-auction', { dataset: { round: String(auction.round) } },
    h('div.xm-auction-head', `Bidding round ${auction.round}`, auction.round > 1 ? h('span.xm-badge.tie', 'tie round') : null),
    h('ul.xm-dials', rows), rounds);
}
let animatedReveal = null; // the reveal already turned over (the board is redrawn on every update)
/**
 * The last reveal, if it still belongs on the board. The reveal of the
 * auction being bid (its tie rounds, or the window opened by the reveal)
 * shows in full; once a new auction is up, the previous one shrinks to a
 * line marked "last auction", and leaves as soon as a dial of the new
 * auction is locked in.
 */
function revealOnBoard(ctx, view) {
  const r = view.last_reveal;
  if (!r || !r.dials) return null;
  const P = view.phase;
  const auction = P.auction;
  const windowOnIt = view.window && view.window.trigger === 'bids_revealed';
  const current = windowOnIt
    || (P.phase === 'recruit' && r.item === P.current && (P.training_for !== null && P.training_for !== undefined || (auction && auction.revealed.length > 0)))
    || (P.phase === 'mc_bid' && r.item === 'mission_commander' && auction && auction.revealed.length > 0);
  if (current) return revealBox(ctx, view);
  const underway = auction && Object.values(auction.committed || {}).some(Boolean);
  return underway ? null : revealBox(ctx, view, { previous: true });
}

/** The view's last reveal of the Bidding Dials: every dial, the escrow, what came of it. */
function revealBox(ctx, view, { previous = false } = {}) {
  const r = view.last_reveal;
  if (!r || !r.dials) return null;
  const dials = Object.entries(r.dials).map(([s, v]) => ({ seat: Number(s), dial: Number(v) })).sort((a, b) => a.seat - b.seat);
  if (!dials.length) return null;
  const escrow = r.escrow || [];
  const best = Math.max(...dials.map((d) => d.dial + (escrow[d.seat] || 0)));
  const what = r.item === 'mission_commander' ? 'Mission Commander' : recruitName(r.item);
  const sig = `${ctx.lobby && ctx.lobby.id}:${view.round}:${r.item}:${r.round}:${JSON.stringify(r.dials)}`;
  const fresh = !previous && animatedReveal !== sig;
  if (!previous) animatedReveal = sig;
  const o = r.outcome || {};
  const names = (xs) => xs.map((s, i) => [i ? (i === xs.length - 1 ? ' and ' : ', ') : '', seatTag(ctx, s)]);
  const result = o.result === 'won'
    ? [seatTag(ctx, o.winner), ` win${o.winner === ctx.seat ? '' : 's'} ${r.item === 'mission_commander' ? 'Mission Commander' : what} for ${o.price} Hope`, o.bonus ? ' and draw' + (o.winner === ctx.seat ? '' : 's') + ' a bonus Plot card' : '', '.']
    : o.result === 'tie'
      ? ['Tie between ', names(o.seats || []), ': they bid again; their dials stay on the board as escrow.']
      : o.result === 'failed' ? 'Every dial was 0: nobody wins.' : null;
  return h('div.xm-reveal', {
    class: `xm-reveal${fresh ? ' fresh' : ''}${previous ? ' previous' : ''}`, 'aria-label': previous ? 'The last auction' : 'Last reveal of the Bidding Dials',
    dataset: { item: r.item, bidRound: String(r.round), result: o.result || '', previous: String(previous) },
  },
  h('div.xm-reveal-title', previous ? h('span.xm-badge', 'last auction') : null, previous ? ' ' : null, `All dials revealed for ${what}`, r.round > 1 ? h('span.xm-badge.tie', `tie round ${r.round - 1}`) : null),
  h('div.xm-reveal-dials', dials.map((d) => h('span.xm-reveal-dial', {
    class: `xm-reveal-dial${d.dial + (escrow[d.seat] || 0) === best && best > 0 ? ' top' : ''}${d.seat === ctx.seat ? ' mine' : ''}${o.result === 'won' && o.winner === d.seat ? ' won' : ''}`,
    style: `--seat:${seatColor(d.seat)}`, dataset: { seat: String(d.seat) },
  }, h('small', who(ctx, d.seat)), h('b', String(d.dial)),
  escrow[d.seat] ? h('small.xm-reveal-escrow', { title: 'Hope already in escrow from tie rounds' }, `+${escrow[d.seat]} escrow`) : null))),
  result ? h('div.xm-reveal-result.small', result) : null);
}

/** The Bidding Dial (shared), with how much this School may bid and its escrow. */
function xmBiddingDial(param, ctx, key) {
  const auction = ctx.view.phase.auction;
  const locked = auction && auction.my_dial !== null && auction.my_dial !== undefined ? auction.my_dial : undefined;
  const maxOk = param.input.max ?? 14;
  const note = h('p.small.muted.xm-dial-note', `You may bid 0–${maxOk} Hope${auction && auction.escrow[ctx.seat] ? ` (plus ${auction.escrow[ctx.seat]} escrowed)` : ''}. Dials stay secret until every bidder is locked in.`);
  return biddingDial(param, ctx, key, { locked, cls: '.xm-dial', note });
}

// ------------------------------------------------------------ the arena
const HEX = 20;
const SQ3 = Math.sqrt(3);
const px = ([q, r]) => [HEX * SQ3 * (q + r / 2), HEX * 1.5 * r];
function hexPoints(cx, cy, s = HEX) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + s * Math.cos(a)).toFixed(2)},${(cy + s * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}
const k2 = (c) => `${c[0]},${c[1]}`;
const hexDistance = (a, b) => (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[0] + a[1] - b[0] - b[1])) / 2;
function initials(name) {
  const w = name.replace(/[^A-Za-z0-9 -]/g, '').split(/[\s-]+/).filter(Boolean);
  return (w.length > 1 ? w[0][0] + w[1][0] : name.slice(0, 2)).toUpperCase();
}

/**
 * The arena SVG. opts: {lit: Set of "q,r" answering a hex param, onHex(cell),
 * targets: Map mark-key -> fn, chosen: [q,r], small}
 */
function arena(view, ctx, opts = {}) {
  const A = arenaGeometry();
  const b = view.phase.phase === 'battle' ? view.phase : null;
  const obstacles = new Set(A.obstacles.map(k2));
  const xs = A.hexes.map((c) => px(c)[0]);
  const ys = A.hexes.map((c) => px(c)[1]);
  const pad = HEX + 4;
  const vb = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad];
  const root = svg('svg', { viewBox: vb.join(' '), class: `xm-arena${opts.small ? ' small' : ''}`, role: 'img', 'aria-label': 'Mission arena' });
  const starts = new Map();
  A.pos.forEach((p, i) => {
    if (Array.isArray(p)) starts.set(k2(p), i + 1);
    else for (const c of Object.values(p)) if (!starts.has(k2(c))) starts.set(k2(c), i + 1);
  });
  const cells = svg('g', { class: 'xm-cells' });
  for (const c of A.hexes) {
    const [x, y] = px(c);
    const key = k2(c);
    const lit = opts.lit && opts.lit.has(key);
    const chosen = opts.chosen && k2(opts.chosen) === key;
    const cls = ['xm-hex', obstacles.has(key) ? 'obstacle' : '', lit ? 'lit' : '', chosen ? 'chosen' : '', starts.has(key) ? 'start' : ''].filter(Boolean).join(' ');
    const poly = svg('polygon', { points: hexPoints(x, y, HEX - 0.8), class: cls, 'data-hex': key });
    if (lit && opts.onHex) {
      poly.setAttribute('tabindex', '0');
      poly.setAttribute('role', 'button');
      poly.setAttribute('aria-label', `Hex ${key}`);
      poly.addEventListener('click', () => opts.onHex(c));
      poly.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); opts.onHex(c); } });
    }
    cells.append(poly);
    if (obstacles.has(key)) cells.append(svg('path', { d: `M ${x - 7} ${y - 7} L ${x + 7} ${y + 7} M ${x + 7} ${y - 7} L ${x - 7} ${y + 7}`, class: 'xm-obstacle-x' }));
    else if (starts.has(key) && !lit) cells.append(svg('text', { x, y: y + 3, class: 'xm-start-num' }, String(starts.get(key))));
  }
  root.append(cells);
  if (!b) return root;
  const acting = b.step && b.step.step === 'act' ? b.step.order[b.step.at] : null;
  const movingToken = b.step && b.step.step === 'tokens' ? b.step.at : null;
  const mission = b.mission ? missionDef(b.mission) : null;
  const pieces = svg('g', { class: 'xm-pieces' });
  const special = mission && mission.special ? mission.special : null;
  (b.objectives || []).forEach((o, i) => {
    if (!o || !o.hex) return;
    const [x, y] = px(o.hex);
    const done = o.done_by !== undefined && o.done_by !== null;
    const label = `${special ? special.objective : 'Objective'} ${i + 1}`;
    pieces.append(svg('g', {
      class: `xm-objective${done ? ' done' : ''}`, 'data-objective': String(i), 'data-hex': k2(o.hex),
      transform: `translate(${x} ${y})`, style: done ? `--seat:${seatColor(o.done_by)}` : null,
    },
    svg('title', {}, done ? `${label}: done by ${ctx.seatName(o.done_by)}`
      : `${label}: ${special ? `${special.name} — a PC within ${special.range ?? 1} hex${(special.range ?? 1) === 1 ? '' : 'es'} may do it as a Special Action${special.hope ? ` (+${special.hope} Hope)` : ''}` : 'open'}`),
    svg('polygon', { points: '0,-11 11,0 0,11 -11,0', class: 'xm-objective-body' }),
    svg('text', { y: 4, class: 'xm-objective-label' }, done ? '✓' : String(i + 1))));
  });
  b.tokens.forEach((t, i) => {
    if (!t.alive) return;
    const spec = mission.tokens[t.spec] || { name: 'Token', hp: 0 };
    const [x, y] = px(t.hex);
    const mark = `token:${i}`;
    const target = opts.targets && opts.targets.get(mark);
    const far = target && opts.targets.far ? opts.targets.far.get(mark) : 0;
    const g = svg('g', { class: `xm-token${target ? ' target' : ''}${far ? ' far' : ''}${movingToken === i ? ' acting' : ''}`, 'data-mark': mark, 'data-need': far ? String(far) : null, transform: `translate(${x} ${y})`, 'data-k': `token:${i}`, 'data-v': `${k2(t.hex)}|${t.damage}` },
      svg('title', {}, `${spec.name} #${i + 1}: ${t.damage} of ${spec.hp} Damage`),
      svg('rect', { x: -12, y: -12, width: 24, height: 24, rx: 4, class: 'xm-token-body' }),
      svg('text', { y: 1, class: 'xm-token-label' }, initials(spec.name)),
      svg('text', { y: 10, class: 'xm-token-hp' }, `${Math.max(0, spec.hp - t.damage)}`));
    if (target) { g.setAttribute('role', 'button'); g.setAttribute('tabindex', '0'); g.addEventListener('click', target); }
    if (far) g.append(farBadge(far));
    pieces.append(g);
  });
  b.pcs.forEach((p, i) => {
    if (!p.hex) return;
    const [x, y] = px(p.hex);
    const mark = `pc:${p.seat}`;
    const target = opts.targets && opts.targets.get(mark);
    const far = target && opts.targets.far ? opts.targets.far.get(mark) : 0;
    const name = charName(p.who);
    const g = svg('g', {
      class: `xm-pc${target ? ' target' : ''}${far ? ' far' : ''}${acting === i ? ' acting' : ''}${p.seat === ctx.seat ? ' mine' : ''}`, 'data-need': far ? String(far) : null,
      'data-k': `pc:${p.seat}`, 'data-v': `${k2(p.hex)}|${p.stats.join(',')}`,
      'data-mark': mark, 'data-pc': p.who, transform: `translate(${x} ${y})`, style: `--seat:${seatColor(p.seat)}`,
    },
    svg('title', {}, `${name} (${ctx.seatName(p.seat)}): ATK ${p.stats[0]} DEF ${p.stats[1]} SPD ${p.stats[2]}, range ${p.range}`),
    svg('circle', { r: 13, class: 'xm-pc-body' }),
    svg('text', { y: 1, class: 'xm-pc-label' }, initials(name)),
    svg('text', { y: 10, class: 'xm-pc-stats' }, p.stats.join('·')));
    if (target) { g.setAttribute('role', 'button'); g.setAttribute('tabindex', '0'); g.addEventListener('click', target); }
    if (far) g.append(farBadge(far));
    pieces.append(g);
  });
  root.append(pieces);
  return root;
}

/** The "+N" on a target beyond Attack Range: the Power Tokens reaching it costs. */
function farBadge(n) {
  return svg('g', { class: 'xm-far-badge', transform: 'translate(12 -12)' },
    svg('title', {}, `beyond Attack Range: costs ${plural(n, 'Power Token')}`),
    svg('circle', { r: 7 }),
    svg('text', { y: 3 }, `+${n}`));
}

/** Which prompt alternative a lit cell answers, and a click handler that answers it. */
function hexAnswers(ctx) {
  const lit = new Map();
  if (!ctx.prompt) return lit;
  ctx.prompt.asks.forEach((a, ai) => {
    for (const p of a.params || []) {
      if (p.input.kind !== 'hex') continue;
      for (const c of p.input.cells) if (!lit.has(k2(c))) lit.set(k2(c), { ai, param: p.name, cell: c });
    }
  });
  return lit;
}
/**
 * What an attack by the acting PC costs in range: its Attack Range, how far
 * each target is, and which Power Tokens can add range (a range Power on
 * the Character, the Charter while the Leader is not in the Mission: +1
 * Attack Range per token, for this attack). Null when no PC is acting.
 */
function attackReach(ctx, ask) {
  const b = ctx.view.phase;
  const step = b.phase === 'battle' ? b.step : null;
  if (!step || step.step !== 'act') return null;
  const actor = b.pcs[step.order[step.at]];
  if (!actor || !actor.hex) return null;
  const d = charDef(actor.who);
  const school = ctx.view.schools[actor.seat] && ctx.view.schools[actor.seat].school;
  const charter = school && CONTENT.schools[school] ? CONTENT.schools[school].charter : null;
  const leader = school && CONTENT.schools[school] ? CONTENT.schools[school].leader : null;
  const param = (name) => ask && (ask.params || []).find((x) => x.name === name && x.input.kind === 'number');
  const atkPower = (d.powers || []).find((p) => p.timing === 'attack');
  const pw = param('power');
  const cp = param('charter');
  const sources = {
    power: pw ? { max: pw.input.max, range: !!atkPower && atkPower.op === 'range', what: atkPower ? atkPower.op : null, whose: `${d.name}'s` } : null,
    charter: cp ? { max: cp.input.max, range: !!charter && charter.op === 'range', what: charter ? charter.op : null, whose: `${leader ? leader.name : 'the Leader'}'s`, via: ' through the Charter' } : null,
  };
  const hexOf = (v) => {
    if (v && v.pc !== undefined) { const q = b.pcs.find((x) => x.seat === v.pc); return q && q.hex; }
    const t = v && v.token !== undefined ? b.tokens[v.token] : null;
    return t && t.hex;
  };
  const dist = (v) => { const there = hexOf(v); return there ? hexDistance(actor.hex, there) : 0; };
  const need = (v) => Math.max(0, dist(v) - actor.range);
  /** The fewest tokens that reach `n` more hexes: the Power first, then the Charter. */
  const plan = (n) => {
    const out = { power: 0, charter: 0, short: n };
    for (const k of ['power', 'charter']) {
      const src = sources[k];
      if (!src || !src.range || out.short <= 0) continue;
      out[k] = Math.min(out.short, src.max);
      out.short -= out[k];
    }
    return out;
  };
  return { actor, name: d.name, sources, dist, need, plan };
}

/** "1 of Cyclops's Power Tokens (+1 Attack Range)" for a plan or the form's numbers. */
function spendWords(R, counts) {
  const bits = [];
  for (const k of ['power', 'charter']) {
    const n = counts[k] || 0;
    const src = R.sources[k];
    if (!n || !src) continue;
    const gives = src.what === 'range' ? `+${n} Attack Range` : src.what === 'attack_dice' ? `+${n} attack ${n === 1 ? 'die' : 'dice'}` : 'its Power';
    bits.push(`${n} of ${src.whose} Power Tokens${src.via || ''} (${gives})`);
  }
  return bits.join(' and ');
}

/**
 * The attack form's Target: each target says before the click whether it
 * is in range or which Power Tokens reaching it costs, and targets beyond
 * range are marked apart. Choosing one puts the tokens it takes on the
 * range Power and the Charter; a line under the form says what the attack
 * spends as it stands.
 */
function attackTargetControl(param, ask, ctx, key) {
  const R = attackReach(ctx, ask);
  if (!R) return null;
  let chosen = ctx.draft[key];
  const same = (x, y) => JSON.stringify(x) === JSON.stringify(y);
  const spend = h('p.small.xm-attack-cost', { role: 'status' });
  const formOf = () => row.closest('form');
  const numOf = (name) => formOf()?.querySelector(`.param[data-param="${name}"] input.num`);
  const counts = () => ({ power: Number(numOf('power')?.value || 0), charter: Number(numOf('charter')?.value || 0) });
  const reachNow = () => {
    const c = counts();
    return R.actor.range + (R.sources.power && R.sources.power.range ? c.power : 0) + (R.sources.charter && R.sources.charter.range ? c.charter : 0);
  };
  const showSpend = () => {
    const words = spendWords(R, counts());
    spend.textContent = words ? `This attack spends ${words}.` : 'This attack spends no Power Tokens.';
  };
  const row = h('div.choices.xm-targets', { role: 'radiogroup', 'aria-label': param.label });
  const buttons = param.input.options.map((o) => {
    const dist = R.dist(o.value);
    const need = R.need(o.value);
    const p = R.plan(need);
    const cost = need === 0
      ? `in range (${plural(dist, 'hex', 'hexes')})`
      : p.short > 0
        ? `${plural(dist, 'hex', 'hexes')}: ${need} beyond Attack Range ${R.actor.range}, more than its Power Tokens reach`
        : `${plural(dist, 'hex', 'hexes')}: ${need} beyond Attack Range ${R.actor.range}, costs ${spendWords(R, p)}`;
    const b = h('button.choice.xm-target', {
      type: 'button', role: 'radio', class: `choice xm-target${need ? ' far' : ''}`, 'aria-checked': String(same(o.value, chosen)), disabled: !!o.disabled,
      dataset: { need: String(need), dist: String(dist) },
      onclick: () => {
        chosen = o.value;
        ctx.draft[key] = chosen;
        for (const x of buttons) x.setAttribute('aria-checked', String(x === b));
        // Put on the range sources just what reaching the target takes.
        for (const k of ['power', 'charter']) {
          const src = R.sources[k];
          const num = numOf(k);
          if (!src || !src.range || !num) continue;
          num.value = String(p[k]);
          num.dispatchEvent(new Event('input', { bubbles: true }));
        }
        showSpend();
        row.dispatchEvent(new Event('pick', { bubbles: true }));
      },
    }, h('span.xm-target-name', o.label), need ? h('span.xm-target-badge', { 'aria-hidden': 'true' }, `+${need}`) : null, h('small.xm-target-cost', o.disabled ? `${cost} · ${o.disabled}` : cost));
    return b;
  });
  row.append(...buttons);
  queueMicrotask(() => { formOf()?.addEventListener('input', showSpend); showSpend(); });
  const el = h('div.xm-attack-target', h('div.param-label', `${param.label} · ${R.name}'s Attack Range is ${R.actor.range}`), row, spend);
  return {
    el,
    labelled: true,
    get: () => chosen,
    problem: () => {
      if (chosen === undefined) return '';
      const dist = R.dist(chosen);
      const reach = reachNow();
      if (dist <= reach) return '';
      return `That target is ${plural(dist, 'hex', 'hexes')} away and the attack reaches ${reach}: put ${dist - reach} more Power Token${dist - reach === 1 ? '' : 's'} on range.`;
    },
  };
}

/** Targets of the acting PC's attack, each with a click handler that aims the attack form at it, and what range beyond it costs. */
function targetAnswers(ctx) {
  const out = new Map();
  const far = new Map();
  const b = ctx.view.phase;
  const step = b.phase === 'battle' ? b.step : null;
  // Targets the acting PC attacked this Mission Turn are not ringed again.
  const done = new Set(step && step.step === 'act' ? (b.pcs[step.order[step.at]].attacked || []).map((m) => (m.pc !== undefined ? `pc:${m.pc}` : `token:${m.token}`)) : []);
  for (const a of asksOf(ctx, 'attack')) {
    const p = (a.params || []).find((x) => x.name === 'target' && x.input.kind === 'one');
    if (!p) continue;
    const R = attackReach(ctx, a);
    p.input.options.forEach((o, idx) => {
      const v = o.value;
      const mark = v && v.pc !== undefined ? `pc:${v.pc}` : v && v.token !== undefined ? `token:${v.token}` : null;
      if (!mark || done.has(mark)) return;
      const need = R ? R.need(v) : 0;
      if (need) far.set(mark, need);
      out.set(mark, () => {
        const form = openAsk(a.ai);
        const wrap = form && form.querySelector('.param[data-param="target"]');
        if (!wrap) return;
        // The form's Target control puts on the Power Tokens it takes.
        const btns = wrap.querySelectorAll('button.choice');
        if (btns.length) btns[idx]?.click();
        else {
          const sel = wrap.querySelector('select');
          if (sel) { sel.value = String(idx); sel.dispatchEvent(new Event('change', { bubbles: true })); }
        }
        form.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      });
    });
  }
  out.far = far;
  return out;
}

function diceRow(a, ctx) {
  const n = Math.max(a.atk.length, a.def.length);
  const pairs = [];
  for (let i = 0; i < n; i++) {
    const x = a.atk[i];
    const y = a.def[i];
    const hit = x !== undefined && (y === undefined ? x >= 3 : x > y);
    pairs.push(h('span.xm-pair', { class: `xm-pair${hit ? ' hit' : ''}` },
      h('span.xm-die.atk', x === undefined ? '·' : String(x)),
      h('span.xm-die.def', y === undefined ? '·' : String(y))));
  }
  const r = a.rec;
  const notes = [];
  if (r.allocation) {
    const lost = ['ATK', 'DEF', 'SPD'].map((n, i) => (r.allocation[i] ? `−${r.allocation[i]} ${n}` : null)).filter(Boolean);
    if (lost.length) notes.push(`${lost.join(', ')}${r.allocated_by !== undefined && r.allocated_by !== null ? ` (allocated by ${who(ctx, r.allocated_by)})` : ''}`);
  } else if (r.target && r.target.pc !== undefined && r.damage > 0 && !r.defeated) notes.push('allocation pending');
  if (r.defeated) notes.push(r.target && r.target.token !== undefined ? 'destroyed' : 'defeated');
  const side = (m) => (m && m.pc !== undefined ? { style: `--seat:${seatColor(m.pc)}`, class: 'xm-side pc' } : { class: 'xm-side token' });
  return h('div.xm-attack', { class: `xm-attack${r.defeated ? ' defeated' : ''}`, dataset: { attack: String(a.i), turn: String(r.turn) } },
    h('div.xm-attack-head', r.turn ? h('small.muted', `T${r.turn} `) : null,
      h('b', side(r.attacker), a.attacker), ' attacks ', h('b', side(r.target), a.target), ': ', h('span.xm-dmg', `${a.dmg} Damage`),
      notes.length ? h('span.small', ` · ${notes.join(' · ')}`) : null),
    h('div.xm-dice', h('span.xm-dice-label', h('small', 'ATK'), h('small', 'DEF')), pairs));
}

function battlePanel(view, ctx) {
  const b = view.phase;
  const mission = b.mission ? missionDef(b.mission) : null;
  const lit = hexAnswers(ctx);
  const targets = targetAnswers(ctx);
  const onHex = (c) => {
    const ans = lit.get(k2(c));
    if (!ans) return;
    const form = openAsk(ans.ai);
    for (const el of document.querySelectorAll('.xm-battle .xm-hex.chosen')) el.classList.remove('chosen');
    document.querySelector(`.xm-battle .xm-arena:not(.small) [data-hex="${k2(c)}"]`)?.classList.add('chosen');
    const cell = form && form.querySelector(`.param[data-param="${ans.param}"] [data-hex="${k2(c)}"]`);
    if (cell) cell.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    form?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };
  const stepText = (() => {
    const s = b.step;
    if (b.interrupt) {
      const I = b.interrupt;
      if (I.kind === 'allocate') {
        const pc = b.pcs[I.pc];
        return [`${charName(pc.who)} takes ${I.damage} Damage: `, seatTag(ctx, I.chooser), ' allocate', I.chooser === ctx.seat ? '' : 's',
          ' it under the Rule of One (no stat drops below 1 until all are 1; then each point zeroes one stat).'];
      }
      if (I.kind === 'guard') {
        const pc = b.pcs[I.pc];
        const by = I.attacker && I.attacker.pc !== undefined ? charName(b.pcs[I.attacker.pc].who)
          : I.attacker && I.attacker.token !== undefined && mission ? `${(mission.tokens[b.tokens[I.attacker.token].spec] || { name: 'a Mission Character' }).name} #${I.attacker.token + 1}` : 'an attacker';
        return [`${by} attacks ${charName(pc.who)}: `, seatTag(ctx, pc.seat), ' may play a Reaction before the dice are rolled.'];
      }
      if (I.kind === 'penalty') return [`${charName(I.who)} is defeated: `, seatTag(ctx, I.seat), ' pays its Hope Value or discards it.'];
      if (I.kind === 'claim') return [seatTag(ctx, I.seat), ` may pay ${I.hope} Hope to recruit ${recruitName(I.who)}.`];
    }
    if (!s) return '';
    if (s.step === 'place') return ['Set Up Mission: ', seatTag(ctx, b.controller), ` places the Mission Tokens (${b.to_place.length} to go).`];
    if (s.step === 'first') return ['Initiative won by ', seatTag(ctx, s.winner), ': choose the PC that acts first.'];
    if (s.step === 'act') {
      const pc = b.pcs[s.order[s.at]];
      return [h('b', charName(pc.who)), ' (', seatTag(ctx, pc.seat), `) acts: ${plural(s.left, 'action')} left`, s.moved ? ', just moved' : '', '.'];
    }
    if (s.step === 'tokens') return ['Mission Characters move and attack, controlled by ', seatTag(ctx, b.controller), '.'];
    return '';
  })();
  const pcsList = h('ul.xm-pcs', b.pcs.map((p, i) => h('li', { class: `${p.hex ? '' : 'gone'}${b.step && b.step.step === 'act' && b.step.order[b.step.at] === i ? ' acting' : ''}`, style: `--seat:${seatColor(p.seat)}` },
    b.step && b.step.step === 'act' && b.step.order.includes(i) ? h('span.xm-init', { title: 'Acting order this Mission Turn' }, `${b.step.order.indexOf(i) + 1}.`) : null,
    h('span.xm-dot'), h('b', charName(p.who)), ' ', h('small', ctx.seatName(p.seat)), ' ',
    p.hex ? statLine({ atk: p.start[0], def: p.start[1], spd: p.start[2], range: p.range }, p.stats) : h('span.xm-injured', 'out'))));
  const tokList = mission && b.tokens.length
    ? h('ul.xm-tokens', b.tokens.map((t, i) => {
      const spec = mission.tokens[t.spec] || { name: '?', hp: 0 };
      return h('li', { class: t.alive ? '' : 'gone' }, h('span.xm-tok'), `${spec.name} #${i + 1}: `,
        t.alive ? `${t.damage}/${spec.hp} Damage` : `destroyed${t.destroyed_by !== undefined ? ` by ${who(ctx, t.destroyed_by)}` : ''}`);
    }))
    : null;
  const attacks = lastAttacks(view, 3);
  const special = mission && mission.special ? mission.special : null;
  const objList = (b.objectives || []).length
    ? h('div.xm-objectives.small', { 'aria-label': 'Mission objectives' },
      h('div', h('b', special ? special.name : 'Objectives'), special && special.ends_mission ? h('span.muted', ' · all done ends the Mission in success') : null),
      h('ul', b.objectives.map((o, i) => h('li', { class: o.done_by !== undefined && o.done_by !== null ? 'done' : '', dataset: { objective: String(i) } },
        h('span.xm-obj-mark', '◆'), ` ${special ? special.objective : 'Objective'} ${i + 1} at ${k2(o.hex)}: `,
        o.done_by !== undefined && o.done_by !== null ? ['done by ', seatTag(ctx, o.done_by)] : 'open'))))
    : null;
  const scores = mission
    ? h('div.xm-mscore.small', 'Damage inflicted: ', b.damage.map((d, s) => [s ? ' · ' : '', seatTag(ctx, s), ` ${d}`]),
      mission.rewards.some((r) => r.criterion === 'most_destroyed') ? [' · destroyed: ', b.destroyed.map((d, s) => `${s ? ', ' : ''}${d}`)] : null,
      b.turn ? ` · quiet turns ${b.quiet}/3` : null)
    : null;
  return h('section.xm-battle', { 'aria-label': 'Mission arena' },
    h('div.xm-battle-head', h('b', mission ? mission.name : 'Final Tournament match'), b.turn ? ` · Mission Turn ${b.turn}` : ' · Set Up Mission',
      mission ? h('span.small.muted', ' · Mission Characters moved by ', seatTag(ctx, b.controller)) : null),
    h('p.xm-step', stepText),
    h('div.xm-battle-grid',
      h('div.xm-arena-wrap', arena(view, ctx, { lit: new Set(lit.keys()), onHex, targets }),
        lit.size || targets.size ? h('p.small.muted.xm-arena-hint', lit.size ? 'Tap a lit hex to choose it. ' : '', targets.size ? `Targets in range are ringed in red; tap one to aim.${targets.far.size ? ' A dashed ring and "+N": beyond Attack Range, it costs N Power Tokens.' : ''}` : '') : null),
      h('div.xm-battle-side', pcsList, tokList, objList, scores, attacks.length ? h('div.xm-attacks', { 'aria-label': 'Last attacks' }, attacks.map((a) => diceRow(a, ctx)), h('div.small.muted', 'Newest first. Highest die against highest, ties to the defender; unopposed attack dice hit on 3+.')) : null)),
    mission ? h('details.xm-mission-details', h('summary', 'Mission card'), missionCard(b.mission)) : null);
}

// ------------------------------------------------------------ step panels
function offersPanel(P, view, ctx) {
  const offers = P.offers || [];
  const row = (o) => {
    const toMe = o.to === ctx.seat;
    const fromMe = o.from === ctx.seat;
    const acc = asksOf(ctx, 'accept').find((a) => a.fixed && a.fixed.from === o.from && a.fixed.n === o.n);
    const rej = asksOf(ctx, 'reject').find((a) => a.fixed && a.fixed.from === o.from && a.fixed.n === o.n);
    const wd = asksOf(ctx, 'withdraw').find((a) => a.fixed && a.fixed.to === o.to && a.fixed.n === o.n);
    const side = (chars, hope) => [chars.map(charName).join(', ') || null, hope ? `${hope} Hope` : null].filter(Boolean).join(' + ') || 'nothing';
    return h('li.xm-offer', { dataset: { from: String(o.from), to: String(o.to), n: String(o.n) } },
      h('div', seatTag(ctx, o.from), ' offers ', seatTag(ctx, o.to), ` (offer ${o.n})`),
      h('div.xm-offer-terms',
        h('span', h('small', `${fromMe ? 'you give' : `${ctx.seatName(o.from)} gives`}`), h('b', side(o.give, o.give_hope))),
        h('span.xm-swap', '⇄'),
        h('span', h('small', `${toMe ? 'you give' : `${ctx.seatName(o.to)} gives`}`), h('b', side(o.take, o.take_hope)))),
      h('div.xm-offer-actions',
        toMe && acc ? h('button.primary.small', { type: 'button', dataset: { offerAccept: '' }, onclick: () => pressAsk(acc.ai) }, 'Accept') : null,
        toMe && rej ? h('button.small', { type: 'button', dataset: { offerDecline: '' }, onclick: () => pressAsk(rej.ai) }, 'Decline') : null,
        fromMe && wd ? h('button.small', { type: 'button', onclick: () => pressAsk(wd.ai) }, 'Withdraw') : null,
        fromMe ? h('span.small.muted', 'waiting for their answer') : null));
  };
  return h('section.xm-allegiance',
    h('p.small', 'Open negotiation: offer Heroes, Students and Hope to another School; trades happen at once when accepted. When you are done, pick up your Bidding Dial.'),
    h('div.xm-ready', [...Array(view.seats).keys()].map((s) => h('span.xm-ready-seat', { class: `xm-ready-seat${P.ready.includes(s) ? ' ready' : ''}` }, seatTag(ctx, s), P.ready.includes(s) ? ' ready' : ' negotiating',
      P.secret[s] ? ` · ${P.secret[s]} on Secret Missions` : ''))),
    h('div.xm-offers', { 'aria-label': 'Trade offers' },
      h('h4', 'Trade offers', h('small.muted', ` · you made ${P.my_offers_made}`)),
      offers.length ? h('ul', offers.map(row)) : h('p.small.muted', 'No open offer involves you.')));
}

function stagePanel(view, ctx) {
  const P = view.phase;
  switch (P.phase) {
    case 'pick_school':
      return h('section.xm-stage', h('p', 'Setup roll: ', P.rolls.map(([s, v], i) => [i ? ', ' : '', seatTag(ctx, s), ` ${v}`])),
        P.order.length ? h('p', 'Still to choose, in order: ', P.order.map((s, i) => [i ? ', ' : '', seatTag(ctx, s)])) : null);
    case 'upkeep':
      return h('section.xm-stage',
        h('p.small', {
          recover: 'Each School recovers up to 3 Characters: an Injured one loses its Injured token, any other gains 1 Power Token (up to its limit). Choices stay sealed until all are in.',
          advance: 'Six different Characters may each spend 1 Power Token to advance the Revolution by 1 point (once per Upkeep).',
          acquire_hope: 'Gain 1 Hope per Student and per Triumph Token, then pay 1 Hope per Hero you keep; unpaid Heroes are discarded. A School left without an Uninjured Hero or Student loses half its Hope or 1 Revolution Point.',
        }[P.stage] || ''),
        h('div.xm-ready', [...Array(view.seats).keys()].map((s) => h('span.xm-ready-seat', { class: `xm-ready-seat${P.committed[s] ? ' ready' : ''}` }, seatTag(ctx, s), P.committed[s] ? ' sealed' : ' choosing'))),
        P.ordered ? h('p.small', 'In clockwise order from the Mission Commander: ', P.ordered[0].map((s, i) => [i ? ' → ' : '', i === P.ordered[1] ? h('b', seatTag(ctx, s)) : seatTag(ctx, s)])) : null);
    case 'plot': {
      const els = [h('p', 'To act: ', seatTag(ctx, P.current), P.passed.length ? [' · passed: ', P.passed.map((s, i) => [i ? ', ' : '', seatTag(ctx, s)])] : null)];
      if (P.request) {
        els.push(h('div.xm-request', seatTag(ctx, P.current), ` asks for ${P.request.amount} Plot Points of support (the card stays secret). Pledges: `,
          Object.keys(P.request.pledges).length ? Object.entries(P.request.pledges).map(([s, n], i) => [i ? ', ' : '', seatTag(ctx, Number(s)), ` ${n}`]) : 'none yet'));
      }
      if (P.chain) {
        els.push(h('div.xm-chain', h('div.small', 'Being resolved:'),
          h('ol', P.chain.cards.map((c, i) => h('li', seatTag(ctx, c.seat), i ? ' cancels it with ' : ' plays ', h('b', tipProps(plotDef(c.card).name, plotTip(c.card)), plotDef(c.card).name), h('small.muted', ` — ${plotText(plotDef(c.card))}`)))),
          P.chain.targets.length ? h('div.small', 'Targets: ', P.chain.targets.map((s, i) => [i ? ', ' : '', seatTag(ctx, s)])) : null,
          P.chain.character ? h('div.small', `Character: ${charName(P.chain.character)}`) : null,
          h('div.small', 'Cancel window: ', P.chain.window.map((s, i) => [i ? ', ' : '', seatTag(ctx, s), P.chain.answered[s] ? ' answered' : ' deciding']))));
      }
      return h('section.xm-stage', els);
    }
    case 'hand_size':
      return h('section.xm-stage', h('p', 'Schools over their Hand Size discard: ', P.over.map((s, i) => [i ? ', ' : '', seatTag(ctx, s), P.committed[s] ? ' done' : ' choosing'])));
    case 'allegiance':
      return offersPanel(P, view, ctx);
    case 'recruit':
      return h('section.xm-stage.xm-recruit',
        h('div.xm-up', h('div.small.muted', `Up for recruitment (${P.row} more face down after it)`), recruitCard(P.current)),
        P.training_for !== null && P.training_for !== undefined ? h('p', seatTag(ctx, P.training_for), ' attaches the Training Card to a Character.') : dialStates(P.auction, view, ctx));
    case 'mc_bid':
      return h('section.xm-stage.xm-recruit',
        h('div.xm-up', h('div.small.muted', 'This round’s Mission; bid for Mission Commander'), missionCard(P.mission)),
        dialStates(P.auction, view, ctx));
    case 'invite':
      return h('section.xm-stage',
        missionCard(P.mission),
        h('p', 'Character Positions: ', P.positions.length ? P.positions.map(([s, c], i) => [i ? ', ' : '', `${i + 1}. `, h('b', charName(c)), ' (', seatTag(ctx, s), ')']) : 'none filled yet'),
        P.asking !== null && P.asking !== undefined
          ? h('p', seatTag(ctx, P.asking), ' is invited: send a Character or refuse.')
          : h('p', seatTag(ctx, view.mc), ' (Mission Commander) invites the next School.'),
        P.invited.length ? h('p.small.muted', 'Invited so far: ', P.invited.map((s, i) => [i ? ', ' : '', seatTag(ctx, s)])) : null);
    case 'battle':
      return battlePanel(view, ctx);
    case 'tournament_pick':
      return h('section.xm-stage', h('p', 'Final Tournament: ', seatTag(ctx, P.pair[0]), ' against ', seatTag(ctx, P.pair[1]), '. Chosen: ', P.chosen.map(charName).join(', ') || 'none yet'));
    case 'over':
      // The result box above the table has the summary and the ranking
      // (a replay's banner the summary): nothing to say twice here.
      return null;
    default:
      return null;
  }
}

function decks(view) {
  const last = view.mission_discard[view.mission_discard.length - 1];
  return h('div.xm-decks.small.muted',
    `Decks: ${view.decks[0]} recruit · ${view.decks[1]} plot · ${view.decks[2]} missions`,
    view.plot_discard.length ? ` · plot discard ${view.plot_discard.length}` : '',
    last && view.phase.phase !== 'battle' && view.phase.phase !== 'invite' && view.phase.phase !== 'mc_bid' ? [' · last Mission: ', missionDef(last).name] : null);
}

/** Damage allocation under the Rule of One: each legal split as the stats it leaves. */
function allocationControl(param, ask, ctx, key) {
  const b = ctx.view.phase;
  const I = b.interrupt;
  if (!I || I.kind !== 'allocate') return null;
  const pc = b.pcs[I.pc];
  let chosen = ctx.draft[key];
  const same = (x, y) => JSON.stringify(x) === JSON.stringify(y);
  const row = h('div.xm-alloc', { role: 'radiogroup', 'aria-label': param.label });
  const names = ['ATK', 'DEF', 'SPD'];
  const buttons = param.input.options.map((o) => {
    const loss = o.value;
    const after = pc.stats.map((v, i) => v - loss[i]);
    const btn = h('button.choice.xm-alloc-opt', {
      type: 'button', role: 'radio', 'aria-checked': String(same(loss, chosen)), 'aria-label': o.label,
      onclick: () => {
        chosen = loss;
        ctx.draft[key] = loss;
        for (const x of buttons) x.setAttribute('aria-checked', String(x === btn));
        row.dispatchEvent(new Event('pick', { bubbles: true }));
      },
    }, names.map((n, i) => h('span.xm-alloc-stat', { class: `xm-alloc-stat${loss[i] ? ' hit' : ''}${after[i] === 0 ? ' zero' : ''}` },
      h('small', n), h('b', String(after[i])), h('small.xm-alloc-loss', loss[i] ? `−${loss[i]}` : '\u00a0'))));
    return btn;
  });
  row.append(...buttons);
  const el = h('div.xm-alloc-wrap',
    h('div.param-label', `${charName(pc.who)} loses ${I.damage} from ATK ${pc.stats[0]} · DEF ${pc.stats[1]} · SPD ${pc.stats[2]}`),
    h('p.small.muted', 'Rule of One: no stat may drop below 1 while another is above 1; once all are 1, each point of Damage zeroes one stat. A PC with every stat at 0 is defeated.'),
    row);
  return { el, labelled: true, get: () => chosen };
}

/** A choice of Characters, each with its rank, stats and tokens. */
function isCharId(v) {
  return typeof v === 'string' && (!!leaderOf(v) || (CONTENT.recruit[v] && CONTENT.recruit[v].type !== 'training'));
}
function characterChoice(param, ctx, key) {
  const mine = ctx.seat !== null ? ctx.view.schools[ctx.seat] : null;
  let chosen = ctx.draft[key];
  const row = h('div.choices.xm-charpick', { role: 'radiogroup', 'aria-label': param.label });
  const buttons = param.input.options.map((o) => {
    const c = (mine && mine.characters.find((x) => x.id === o.value)) || ctx.view.schools.flatMap((x) => x.characters).find((x) => x.id === o.value) || { id: o.value, power: 0 };
    const d = charDef(o.value);
    const a = attributes(c);
    const b = h('button.choice.xm-charopt', {
      type: 'button', role: 'radio', class: `choice xm-charopt rank-${d.rank}`, 'aria-checked': String(chosen === o.value), dataset: { char: o.value }, 'data-tip': charTip(c), 'data-tip-title': d.name,
      disabled: !!o.disabled,
      onclick: () => {
        chosen = o.value;
        ctx.draft[key] = chosen;
        for (const x of buttons) x.setAttribute('aria-checked', String(x === b));
        row.dispatchEvent(new Event('pick', { bubbles: true }));
      },
    },
    h('span.xm-charopt-name', h('span.xm-rank', d.rank[0].toUpperCase()), ' ', o.label),
    h('span.xm-charopt-sub', `ATK ${a.atk} · DEF ${a.def} · SPD ${a.spd} · RNG ${a.range}`, c.power !== undefined ? ` · ${c.power}/${a.limit} power` : '', c.injured ? ' · injured' : ''),
    o.disabled ? h('small.why', o.disabled) : null);
    return b;
  });
  row.append(...buttons);
  return { el: row, get: () => chosen };
}

/** Several Characters (recover, advance, keep, trade): checkboxes with each one's state. */
function characterChecks(param, ctx, key) {
  const i = param.input;
  const all = ctx.view.schools.flatMap((x) => x.characters);
  const chosen = new Set(ctx.draft[key] || []);
  const count = h('span.count');
  const show = () => { count.textContent = `${chosen.size} chosen (${i.min === i.max ? i.min : `${i.min}–${i.max}`})`; };
  const list = h('div.checks.xm-charchecks', i.options.map((o) => {
    const c = all.find((x) => x.id === o.value) || { id: o.value, power: 0 };
    const d = charDef(o.value);
    const a = attributes(c);
    if (o.disabled) chosen.delete(o.value);
    const cb = h('input', { type: 'checkbox', checked: chosen.has(o.value), disabled: !!o.disabled });
    cb.addEventListener('change', () => {
      if (cb.checked) chosen.add(o.value); else chosen.delete(o.value);
      ctx.draft[key] = i.options.filter((x) => chosen.has(x.value)).map((x) => x.value);
      show();
    });
    return h('label.check.xm-charcheck', { class: `check xm-charcheck rank-${d.rank}${c.injured ? ' injured' : ''}`, 'data-tip': charTip(c), 'data-tip-title': d.name }, cb,
      h('span.xm-rank', d.rank[0].toUpperCase()),
      h('span', h('b', o.label), h('small', ` ${a.hope} hope · ${c.power}/${a.limit} power${c.injured ? ' · injured' : ''}`), o.disabled ? h('small.why', ` (${o.disabled})`) : null));
  }), count);
  show();
  return { el: list, get: () => i.options.filter((o) => chosen.has(o.value)).map((o) => o.value) };
}

// ------------------------------------------------------------ register
registerRenderer('xmen-mutant-revolution', {
  /** Schools, Characters, Plot cards and Missions for the rules help. */
  reference,
  /** The seat's School, for the roster. */
  role(view, seat) {
    const s = view.schools && view.schools.find((x) => x.seat === seat);
    return s && s.school ? schoolName(s.school) : null;
  },
  render(view, ctx) {
    decorateLog();
    const P = view.phase;
    const auctionPhase = P.phase === 'recruit' || P.phase === 'mc_bid';
    const reveal = auctionPhase || P.phase === 'invite' || (view.window && view.window.trigger === 'bids_revealed') ? revealOnBoard(ctx, view) : null;
    if (!CONTENT.loaded) loadContent();
    const schools = [...view.schools].sort((a, b) => (a.seat === ctx.seat ? -1 : b.seat === ctx.seat ? 1 : a.seat - b.seat));
    return h('div.xm', { dataset: { phase: P.phase } },
      banner(view, ctx),
      CONTENT.loaded ? null : h('p.small.muted.xm-nocontent', 'The card data has not loaded yet: cards show by id.'),
      windowPanel(view, ctx),
      stagePanel(view, ctx),
      reveal,
      hand(view),
      h('section.xm-schools', { 'aria-label': 'Schools' }, schools.map((s) => schoolBoard(s, view, ctx))),
      decks(view));
  },
  input(param, ask, ctx, key) {
    if (ask.verb === 'bid' && param.name === 'value' && param.input.kind === 'number') return xmBiddingDial(param, ctx, key);
    if (param.input.kind === 'one' && param.input.options.length && param.input.options.every((o) => isCharId(o.value))) return characterChoice(param, ctx, key);
    if (param.input.kind === 'many' && param.input.options.length && param.input.options.every((o) => isCharId(o.value))) return characterChecks(param, ctx, key);
    if (ask.verb === 'attack' && param.name === 'target' && param.input.kind === 'one' && ctx.view.phase.phase === 'battle') {
      const c = attackTargetControl(param, ask, ctx, key);
      if (c) return c;
    }
    if (ask.verb === 'allocate' && param.name === 'loss' && param.input.kind === 'one' && ctx.view.phase.phase === 'battle') return allocationControl(param, ask, ctx, key);
    return null;
  },
  hexBoard(cells, ctx, onPick, chosen) {
    const lit = new Set(cells.map(k2));
    const wrap = h('div.xm-hexboard');
    const draw = (ch) => wrap.replaceChildren(arena(ctx.view, ctx, { lit, chosen: ch, small: true, onHex: (c) => { draw(c); onPick(c); } }));
    draw(chosen);
    return wrap;
  },
});
