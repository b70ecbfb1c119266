// Nefarious Schemes (seed 004): the table.
//
// Draws, from the viewer's view only: the banner (turn, the 13-step turn
// track with the current phase lit, who is awaited and for what), the roll
// being resolved with its dice, each modifier, the total and the table it
// is read on (the row it lands on lit), what the viewer was last shown (a
// look at a hand or at the next 7 cards, a search) and the public notices
// of looks and searches, the two play areas facing each other (the
// opponent's at the top: Heroes with their Vehicles, Weapons, Wounds and
// Invention Markers; Masterminds with their Minions, Minor Villains,
// Locations and Plots with counters), each side's hand and deck counts and
// discard, and the viewer's own hand as cards. Prompts stay generic
// (prompt.js): event windows are the standard prompt list. On a phone, the
// roll being decided on joins the Move tab (as part of the hand section),
// and the lobby names each seat's side (`seatRole`).
//
// The view holds card ids only; names, texts and the tables come from the
// game's data, fetched once from GET /api/games/nefarious-schemes/content
// (the server's copy of games/nefarious-schemes/content/*.json). Every card shows its
// text on hover and on tap (tips.js, `data-tip`); what changes carries
// `data-k`/`data-v` (changes.js). Players are named by their table names
// (ctx.seatName, ctx.names for seat tokens).
//
// Loaded as games/nefarious-schemes/table.js (the game's folder); its
// stylesheet is style.css beside it.

import { h } from '../../util.js';
import { registerRenderer } from '../../renderers.js';
import { contentLoader, injectStyle } from '../kit/load.js';
import { termsIndex, decorateLogTerms } from '../../log-terms.js';
import { isPhone } from '../../tabs.js';

const GAME = 'nefarious-schemes';

// ------------------------------------------------------------ card data
let CONTENT = { cards: {}, tables: {}, rules: {}, loaded: false };

function indexContent(raw) {
  const byId = (list) => Object.fromEntries((Array.isArray(list) ? list : []).filter((x) => x && x.id).map((x) => [x.id, x]));
  return { cards: byId(raw && raw.cards), tables: byId(raw && raw.tables), rules: (raw && raw.rules) || {}, loaded: true };
}

/** Fetches the card data once (the kit's loader: after a failure, again at most every 5 s). */
const loadContent = contentLoader(GAME, 'Nefarious Schemes card data', (raw) => { CONTENT = indexContent(raw); });
await loadContent();

injectStyle(new URL('./style.css', import.meta.url).href, 'schemes');

// ------------------------------------------------------------ words
const HERO = 0;
const VILLAIN = 1;
const TRACK = [
  [1, 'New Day'], [2, 'Genius'], [3, 'Healing'], [4, 'Minion'], [5, 'Invention'], [6, 'Recruit'], [7, 'Plot'],
  [8, 'Spy'], [9, 'Assassin'], [10, 'Plot'], [11, 'Intercept'], [12, 'Track'], [13, 'Attack'],
];
const TRACK_HINT = {
  1: 'Each player draws 1 card.',
  2: 'Each Genius rolls on the Genius table.',
  3: 'Each Wounded Unit makes a Healing Roll (5+ heals; Doctor +2, Immortal +3).',
  4: 'Each Mastermind that Generates gets a Minion.',
  5: 'Each Inventor (Characters and Locations) rolls on the Invention table.',
  6: 'Each player puts cards into play (house limit 2).',
  7: 'The Villain attaches Plots to Masterminds.',
  8: 'Each Spy makes a Spy Roll.',
  9: 'The Villain sends Minions on suicide missions: an Assassin Roll each.',
  10: 'Every Plot gains a counter: a Minor Plot completes at 3, a Major Plot at 4 wins for the Villain.',
  11: 'An event window: Intercept Events may be played.',
  12: 'The Heroes make Track Rolls; then each Mastermind not Thwarted rolls on the Villain table.',
  13: 'The Heroes attack Thwarted Masterminds: Minions first, then Locations, then the Showdown.',
};
const KIND_WORD = { character: 'Character', mastermind: 'Mastermind', vehicle: 'Vehicle', weapon: 'Weapon', location: 'Location', plot: 'Plot', event: 'Event' };
const SKILL_WORD = { genius: 'Genius', doctor: 'Doctor', immortal: 'Immortal', inventor: 'Inventor', spy: 'Spy', generate: 'Generate' };
const ROLE_WORD = ['Heroes', 'Villain'];

const card = (id) => CONTENT.cards[id] || { id, name: id, kind: 'event', text: '' };
const cardName = (id) => card(id).name;
const pieceLabel = (p) => `${cardName(p.card)} #${p.uid}`;
const who = (ctx, s) => (s === ctx.seat && !ctx.replay ? 'you' : ctx.seatName(s));
const names = (ctx, text) => (ctx.names ? ctx.names(text) : text);
const signed = (n) => (n >= 0 ? `+${n}` : `${n}`);
const tipProps = (title, text) => (text ? { 'data-tip': text, 'data-tip-title': title, tabindex: '0' } : {});

/** A card's text for its tip: type, figures, skills, its own words. */
function cardTip(id) {
  const c = card(id);
  const head = [KIND_WORD[c.kind] || c.kind];
  if (c.kind === 'character' && c.deck === 'villain') head[0] = 'Minor Villain (Character)';
  if (c.plot) head[0] = `${c.plot === 'major' ? 'Major' : 'Minor'} Plot`;
  if (c.fight) head.push(`Fight ${['character', 'mastermind'].includes(c.kind) ? c.fight : signed(c.fight)}`);
  if (c.track) head.push(`Track ${signed(c.track)}`);
  if (c.skills && c.skills.length) head.push(c.skills.map((s) => SKILL_WORD[s] || s).join(', '));
  const lines = [head.join(' · '), c.text];
  if (c.mastermind && c.mastermind.minion) lines.push(`Minions: ${c.mastermind.minion.name}s (Fight ${c.mastermind.minion.fight})`);
  if (c.source === 'house') lines.push('House content.');
  return lines.filter(Boolean).join('\n');
}
const cardTipProps = (id) => tipProps(cardName(id), cardTip(id));

function seatTag(ctx, s) {
  return h('span.ns-seat', { class: `ns-seat side-${s}`, dataset: { seat: String(s) } }, who(ctx, s));
}

// ------------------------------------------------------------ banner and turn track
function stageText(view, ctx) {
  const st = view.stage;
  if (!st) return null;
  const p = (uid) => { const x = view.pieces.find((q) => q.uid === uid); return x ? pieceLabel(x) : `#${uid}`; };
  switch (st.stage) {
    case 'window': return st.intercept ? 'Intercept: Events may be played' : 'Event window: Events may turn the roll';
    case 'doctor': return 'Doctors choose whose Healing Roll gets +2';
    case 'discard': return 'discards 1 card';
    case 'choose_deck': return 'chooses a deck to look at the next 7 cards';
    case 'lure': return 'takes control of a Character';
    case 'search': return st.find === 'gear' ? 'Blueprints: searches the deck for a Vehicle or Weapon' : 'Recruit: searches the deck for a Character';
    case 'build': return 'Build: puts an Invention Marker on a Unit';
    case 'harm': return `${p(st.unit)} is wounded: the Wound or a Vehicle or Weapon`;
    case 'foil': return `Foiled: a Plot of ${p(st.mastermind)} is discarded`;
    case 'wheels': return 'Wheels in Motion: draw 1 or a Plot counter';
    case 'recruit': return `Recruit: ${st.played} of ${CONTENT.rules.recruit_limit ?? 2} cards put into play`;
    case 'plot_attach': return 'attaches Plots to Masterminds';
    case 'assassin': return 'sends Minions on suicide missions';
    case 'track': return 'makes Track Rolls';
    case 'attack': return 'attacks Thwarted Masterminds';
    case 'continue': return `Combat: ${p(st.hero)} may attack ${p(st.mastermind)} again at Fight -${st.penalty + 1}`;
    default: return st.stage.replace(/_/g, ' ');
  }
}

function banner(view, ctx) {
  const mine = view.awaiting !== null && view.awaiting !== undefined && view.awaiting === ctx.seat;
  const track = h('ol.ns-track', { 'aria-label': 'The turn: 13 phases' },
    TRACK.map(([n, name]) => h('li', {
      class: n === view.phase_number ? 'at' : n < view.phase_number ? 'past' : '',
      'aria-current': n === view.phase_number ? 'step' : null,
      ...tipProps(`${n}. ${name} Phase`, TRACK_HINT[n]),
    }, h('b', String(n)), h('span', name))));
  let status;
  if (view.ending) status = h('span.ns-ending', h('b', names(ctx, view.ending.reason)));
  else if (view.awaiting !== null && view.awaiting !== undefined) {
    status = h('span.ns-awaited', mine && !ctx.replay ? h('b', 'Your move') : ['Waiting for ', seatTag(ctx, view.awaiting)], ': ', stageText(view, ctx));
  }
  return h('div.ns-banner', {
    class: `ns-banner${mine ? ' your-move' : ''}`,
    dataset: { section: 'banner', k: 'phase', v: `${view.turn}|${view.phase_number}|${view.stage ? view.stage.stage : ''}`, phase: view.phase },
  },
  h('div.ns-turn', view.phase === 'setup' ? 'Setup: deal 7, mulligan' : `Turn ${view.turn} of ${view.turn_limit}`,
    view.wrong_track ? h('span.ns-chip.bad', { title: 'On the Wrong Track: Track -1 per result this turn' }, `Wrong Track ${-view.wrong_track}`) : null),
  h('div.ns-phase', h('b', view.phase_name), view.phase_number ? h('small', ` · phase ${view.phase_number} of 13`) : null),
  status,
  view.phase_number ? track : null);
}

// ------------------------------------------------------------ the roll and its table
function rollPanel(view, ctx) {
  const r = view.roll;
  if (!r) return null;
  const table = CONTENT.tables[r.kind];
  const total = r.dice.reduce((a, b) => a + b, 0) + r.mods.reduce((a, m) => a + m.value, 0);
  const piece = (uid) => view.pieces.find((q) => q.uid === uid);
  const label = (uid) => { const p = piece(uid); return p ? pieceLabel(p) : `#${uid} (gone)`; };
  const rows = table ? table.rows : [];
  // A 1D6 table read past its ends uses its first or last row (ruling 3).
  let at = rows.findIndex((row) => total >= row.min && total <= row.max);
  if (at < 0 && rows.length) at = total < rows[0].min ? 0 : rows.length - 1;
  const read = r.result ? rows.findIndex((row) => row.name === r.result) : -1;
  const lit = read >= 0 ? read : at;
  const rangeText = (row) => (row.min <= -50 ? `${row.max} or less` : row.max >= 50 ? `${row.min} or more` : row.min === row.max ? `${row.min}` : `${row.min}–${row.max}`);
  // On a phone, the roll being decided on (its event window, or a choice
  // that follows it) goes on the Move tab, above the prompt's hand.
  const deciding = !r.result || (view.awaiting !== null && view.awaiting !== undefined && view.awaiting === ctx.seat);
  const onMove = isPhone() && deciding && ctx.seat !== null && ctx.seat !== undefined && !ctx.replay;
  return h('section.ns-roll', {
    'aria-label': 'The roll',
    dataset: { ...(onMove ? { section: 'hand' } : {}), k: 'roll', v: `${r.kind}|${r.dice.join(',')}|${r.mods.length}|${r.result || ''}`, kind: r.kind, total: String(total), result: r.result || '' },
  },
  h('header.ns-roll-head',
    h('b', table ? table.name : r.kind), ' by ', seatTag(ctx, r.roller),
    r.unit !== undefined && r.unit !== null ? [': ', h('span', piece(r.unit) ? cardTipProps(piece(r.unit).card) : {}, label(r.unit))] : null,
    r.target !== undefined && r.target !== null ? [' against ', h('span', piece(r.target) ? cardTipProps(piece(r.target).card) : {}, label(r.target))] : null),
  h('div.ns-roll-line',
    h('span.ns-dice', r.dice.map((d) => h('span.ns-die', { 'aria-label': `die ${d}` }, String(d)))),
    r.mods.map((m) => h('span.ns-mod', { class: `ns-mod ${m.value < 0 ? 'minus' : 'plus'}` }, `${signed(m.value)} ${m.from}`)),
    h('span.ns-total', '= ', h('b', String(total))),
    r.result ? h('span.ns-result', '→ ', h('b', r.result)) : h('span.ns-pending.small', view.stage && view.stage.stage === 'window' ? '(events may still change it)' : '')),
  rows.length ? h('ol.ns-table', { 'aria-label': table.name },
    rows.map((row, i) => h('li', { class: i === lit ? (read >= 0 ? 'read' : 'would') : '' },
      h('span.ns-range', rangeText(row)), h('b', row.name), h('span.ns-rowtext', row.text)))) : null);
}

// ------------------------------------------------------------ looks and notices
/** "your", "their own" or "Bea's": whose hand or deck, as `reader` reads it. */
function whose(ctx, of, by) {
  if (of === ctx.seat) return 'your';
  if (of === by) return 'their own';
  return `${ctx.seatName(of)}'s`;
}
function lookPanel(view, ctx) {
  const parts = [];
  const L = view.look;
  if (L) {
    const mine = L.of === ctx.seat ? 'your' : `${ctx.seatName(L.of)}'s`;
    const what = {
      hand: `${mine} hand, as it was when you looked`,
      next_seven: `the next ${L.cards.length} cards of ${mine} deck, top first`,
      search: view.stage && view.stage.stage === 'search' && view.stage.seat === ctx.seat
        ? `${mine} deck, sorted (it is shuffled once you take a card)`
        : `${mine} deck when you searched it (sorted; it was shuffled afterwards)`,
    }[L.what] || L.what;
    parts.push(h('div.ns-look', { dataset: { k: 'look', v: `${L.what}|${L.of}|${L.cards.join(',')}`, what: L.what } },
      h('p.small', h('b', 'Only you saw this: '), what, '.'),
      h('ul.ns-minicards', L.cards.map((id) => h('li.ns-mini', { class: `ns-mini kind-${card(id).kind}`, ...cardTipProps(id) }, cardName(id))))));
  }
  if (view.notices && view.notices.length) {
    // The search still open is the searcher's last one: it has found nothing *yet*.
    const st = view.stage;
    const open = st && st.stage === 'search'
      ? view.notices.map((n, i) => (n.what === 'search' && n.by === st.seat ? i : -1)).reduce((a, b) => Math.max(a, b), -1) : -1;
    parts.push(h('ul.ns-notices.small', view.notices.map((n, i) => {
      const by = n.by === ctx.seat ? h('span.ns-seat', { class: `ns-seat side-${n.by}` }, 'You') : seatTag(ctx, n.by);
      const w = whose(ctx, n.of, n.by);
      if (n.what === 'search' && i === open) {
        return h('li', { dataset: { search: 'open' } }, by, n.by === ctx.seat ? ' are searching ' : ' is searching ', `${w} deck…`);
      }
      if (n.what === 'search') {
        return h('li', by, ` searched ${w} deck and found `, n.found ? h('b', cardTipProps(n.found), cardName(n.found)) : 'nothing', '.');
      }
      return h('li', by, n.what === 'hand' ? ` looked at ${w} hand.` : ` looked at the next 7 cards of ${w} deck.`);
    })));
  }
  if (!parts.length) return null;
  return h('section.ns-looks', { 'aria-label': 'Looks and searches' }, h('h3', 'Looks and searches'), parts);
}

// ------------------------------------------------------------ play areas
function pips(n, max, cls, label) {
  const el = h(`span.ns-pips.${cls}`, { title: label, 'aria-label': label });
  for (let i = 0; i < Math.max(n, max); i++) el.append(h('i', { class: i < n ? 'on' : '' }));
  return el;
}

/**
 * A card attached to a Unit, with whatever is attached to it in turn (a
 * Weapon on a Minor Villain under a Mastermind): every card in play is
 * drawn, however deep it sits. `depth` guards against a malformed view.
 */
function attachment(p, view, depth = 0) {
  const c = card(p.card);
  const under = depth < 4 ? view.pieces.filter((q) => q.on === p.uid) : [];
  const bits = [];
  if (c.kind === 'plot') {
    const need = p.major ? (CONTENT.rules.major_plot_counters ?? 4) : (CONTENT.rules.minor_plot_counters ?? 3);
    bits.push(h('span.ns-chip', { class: `ns-chip ${p.major ? 'major' : 'minor'}` }, p.major ? 'Major' : 'Minor'));
    if (p.title) bits.push(h('i.ns-title', p.title));
    bits.push(pips(p.counters, need, 'counters', `${p.counters} of ${need} Plot counters`), h('small', ` ${p.counters}/${need}`));
  } else {
    if (c.kind === 'character' || c.kind === 'mastermind') bits.push(h('span.ns-stat', `Fight ${p.fight}`));
    else if (c.fight) bits.push(h('span.ns-stat', `Fight ${signed(c.fight)}`));
    if (c.track) bits.push(h('span.ns-stat', `Track ${signed(c.track)}`));
    if (p.wounds) bits.push(pips(p.wounds, 0, 'wounds', `${p.wounds} Wounds`));
    if (p.markers) bits.push(h('span.ns-chip', { title: 'Invention Markers (Fight +1 each)' }, `⚙ ${p.markers}`));
    if (p.idle) bits.push(h('span.ns-chip.bad', { title: 'Lab Explosion: sits out Invention phases' }, `idle ${p.idle}`));
  }
  return h('li.ns-att', {
    class: `ns-att kind-${c.kind}`,
    dataset: { uid: String(p.uid), card: p.card, k: `piece:${p.uid}`, v: `${p.side}|${p.on}|${p.counters}|${p.wounds}|${p.markers}|${p.idle}` },
    ...cardTipProps(p.card),
  },
  h('span.ns-att-kind', c.kind === 'character' ? (p.side === HERO ? 'Hero' : p.owner === HERO ? 'Minor Villain (a taken Hero)' : 'Minor Villain') : KIND_WORD[c.kind] || c.kind),
  h('span.ns-att-name', c.name, h('small', ` #${p.uid}`)), bits,
  under.length ? h('ul.ns-atts.nested', under.map((q) => attachment(q, view, depth + 1))) : null);
}

/** Cards in play that my prompt offers as a choice (outlined on the board). */
function offeredUids(ctx) {
  const out = new Set();
  const P = ctx.prompt;
  if (!P || !Array.isArray(P.asks)) return out;
  for (const a of P.asks) {
    for (const p of a.params || []) {
      const opts = p.input && p.input.options;
      if (Array.isArray(opts)) for (const o of opts) if (typeof o.value === 'number') out.add(o.value);
    }
  }
  return out;
}

function unitCard(p, view, ctx) {
  const c = card(p.card);
  const atts = view.pieces.filter((q) => q.on === p.uid);
  const order = { character: 0, location: 1, vehicle: 2, weapon: 3, plot: 4 };
  atts.sort((a, b) => (order[card(a.card).kind] ?? 9) - (order[card(b.card).kind] ?? 9) || a.uid - b.uid);
  const isUnit = c.kind === 'character' || c.kind === 'mastermind';
  const minionKind = c.mastermind && c.mastermind.minion ? c.mastermind.minion : null;
  const maxWounds = c.kind === 'mastermind' ? (CONTENT.rules.mastermind_dies_at_wounds ?? 3) : (CONTENT.rules.character_dies_at_wounds ?? 2);
  const status = [];
  if (isUnit) {
    status.push(h('span.ns-stat.fight', { title: 'Fight now (with attachments, Markers, Wounds)' }, h('small', 'Fight '), h('b', String(p.fight))));
    if (p.side === HERO || p.track) status.push(h('span.ns-stat.track', { title: 'Track bonus now' }, h('small', 'Track '), h('b', signed(p.track))));
    status.push(h('span.ns-wounds', { title: `${p.wounds} Wounds (dies at ${maxWounds})` }, h('small', 'Wounds '), pips(p.wounds, maxWounds, 'wounds', `${p.wounds} of ${maxWounds} Wounds`)));
  }
  if (p.markers) status.push(h('span.ns-chip', { title: 'Invention Markers: Fight +1 each' }, `⚙ ${p.markers} Invention Marker${p.markers > 1 ? 's' : ''}`));
  if (c.kind === 'mastermind') {
    const word = minionKind ? minionKind.name : 'Minion';
    status.push(h('span.ns-chip.minions', { title: `${word}s (Fight ${minionKind ? minionKind.fight : (CONTENT.rules.minion_fight ?? 1)} each)`, dataset: { minions: String(p.minions) } },
      `${p.minions} ${word}${p.minions === 1 ? '' : 's'}`, p.minions_home ? ` (${p.minions_home} home)` : ''));
  }
  if (p.thwarted) status.push(h('span.ns-chip.thwarted', { title: 'Thwarted this turn: may be attacked in the Attack Phase' }, 'Thwarted'));
  if (p.idle) status.push(h('span.ns-chip.bad', { title: 'Lab Explosion: sits out Invention phases' }, `idle ${p.idle}`));
  if (p.interrogation) status.push(h('span.ns-chip', { title: 'Interrogation: held for the next Track Roll' }, `Interrogation +${p.interrogation}`));
  if (p.doctor) status.push(h('span.ns-chip', { title: 'Doctor: +2 to its next Healing Roll' }, 'Doctor +2'));
  if (p.acted) status.push(h('span.ns-chip.muted', { title: 'Has tracked or attacked this phase' }, 'acted'));
  if (p.owner !== p.side) status.push(h('span.ns-chip.bad', { title: 'Taken by Lure or Manipulations' }, `taken from ${ROLE_WORD[p.owner]}`));
  return h('li.ns-unit', {
    class: `ns-unit kind-${c.kind}${p.thwarted ? ' thwarted' : ''}${p.wounds ? ' wounded' : ''}${ctx.offered && ctx.offered.has(p.uid) ? ' offered' : ''}`,
    title: ctx.offered && ctx.offered.has(p.uid) ? 'Your move can choose this card' : null,
    dataset: { uid: String(p.uid), card: p.card, k: `piece:${p.uid}`, v: `${p.side}|${p.fight}|${p.track}|${p.wounds}|${p.markers}|${p.minions}|${p.thwarted}|${p.acted}|${p.idle}` },
  },
  h('header.ns-unit-head', cardTipProps(p.card),
    h('span.ns-unit-kind', c.kind === 'character' ? (p.side === HERO ? 'Hero' : 'Character') : KIND_WORD[c.kind] || c.kind),
    h('span.ns-unit-name', c.name, h('small', ` #${p.uid}`)),
    c.skills && c.skills.length ? h('span.ns-skills', c.skills.map((s) => h('span.ns-skill', SKILL_WORD[s] || s))) : null),
  status.length ? h('div.ns-unit-status', status) : null,
  atts.length ? h('ul.ns-atts', atts.map((q) => attachment(q, view))) : null);
}

function playArea(view, ctx, s) {
  const side = view.sides[s];
  const mine = s === ctx.seat;
  const tops = view.pieces.filter((p) => p.side === s && (p.on === null || p.on === undefined || !view.pieces.some((q) => q.uid === p.on)));
  const order = { mastermind: 0, character: 1, location: 2 };
  tops.sort((a, b) => (order[card(a.card).kind] ?? 9) - (order[card(b.card).kind] ?? 9) || a.uid - b.uid);
  const discardTip = side.discard.length ? side.discard.map(cardName).join(', ') : 'empty';
  return h('section.ns-area', {
    class: `ns-area side-${s}${mine ? ' mine' : ''}`, dataset: { seat: String(s), role: side.role },
    'aria-label': `${ctx.seatName(s)}: ${ROLE_WORD[s]}`,
  },
  h('header.ns-area-head',
    h('span.ns-area-name', ctx.presenceDot ? ctx.presenceDot(s) : null, ctx.seatName(s), mine && !ctx.replay ? h('span.you', 'you') : null),
    h('span.ns-role', ROLE_WORD[s]),
    h('span.ns-counts',
      h('span.ns-handcount', { title: mine ? 'Cards in your hand' : 'Cards in hand (count only)', dataset: { handCount: String(side.hand_count), k: `hand-count:${s}`, v: String(side.hand_count) } },
        mine ? null : h('span.ns-backs', { 'aria-hidden': 'true' }, Array.from({ length: Math.min(side.hand_count, 12) }, () => h('i'))),
        h('b', String(side.hand_count)), ' in hand'),
      h('span.ns-deckcount', { title: 'Cards left in the deck', dataset: { deckCount: String(side.deck), k: `deck:${s}`, v: String(side.deck) } },
        h('b', String(side.deck)), ' in deck'),
      h('span.ns-discard', { ...tipProps(`${ROLE_WORD[s]}' discard (oldest first)`, discardTip), dataset: { k: `discard:${s}`, v: String(side.discard.length) } },
        h('b', String(side.discard.length)), ' discarded'))),
  view.mulligans && view.mulligans[s] && view.phase === 'setup' ? h('p.small.muted', `Mulligans: ${view.mulligans[s]}`) : null,
  tops.length ? h('ul.ns-units', tops.map((p) => unitCard(p, view, ctx))) : h('p.small.muted', 'Nothing in play.'));
}

// ------------------------------------------------------------ hand
function handCard(id, key) {
  const c = card(id);
  const figs = [];
  if (c.kind === 'character' || c.kind === 'mastermind') figs.push(`Fight ${c.fight || 0}`);
  else if (c.fight) figs.push(`Fight ${signed(c.fight)}`);
  if (c.track) figs.push(`Track ${signed(c.track)}`);
  return h('li.ns-card', { class: `ns-card kind-${c.kind}`, dataset: { card: id, k: key }, ...cardTipProps(id) },
    h('div.ns-card-head', h('span.ns-card-name', c.name), figs.length ? h('span.ns-card-figs', figs.join(' · ')) : null),
    h('div.ns-card-kind', c.plot ? `${c.plot === 'major' ? 'Major' : 'Minor'} Plot` : c.kind === 'character' && c.deck === 'villain' ? 'Minor Villain' : KIND_WORD[c.kind] || c.kind,
      c.skills && c.skills.length ? ` · ${c.skills.map((s) => SKILL_WORD[s] || s).join(', ')}` : ''),
    h('p.ns-card-text', c.text));
}

function hand(view, ctx) {
  if (ctx.seat === null || ctx.seat === undefined) return null;
  const side = view.sides[ctx.seat];
  if (!side || !Array.isArray(side.hand)) return null;
  const seen = {};
  return h('section.ns-hand', { 'aria-label': 'Your hand', dataset: { section: 'hand' } },
    h('h3', `${ctx.replay ? `${ctx.seatName(ctx.seat)}’s` : 'Your'} hand (${side.hand.length})`, h('small.muted', ' · only you see these; tap a card for its text')),
    side.hand.length
      ? h('ul.ns-cards', side.hand.map((id) => { seen[id] = (seen[id] || 0) + 1; return handCard(id, `hand:${id}#${seen[id] - 1}`); }))
      : h('p.muted.small', 'No cards in hand.'));
}

// ------------------------------------------------------------ rules help: every card and table
function reference() {
  if (!CONTENT.loaded) return h('p.muted', 'The card data has not loaded.');
  const cards = Object.values(CONTENT.cards);
  const group = (title, list) => h('details.ns-ref', h('summary', `${title} (${list.length})`),
    h('dl.ns-ref-list', list.map((c) => [h('dt', c.name, c.copies ? h('small.muted', ` ×${c.copies}`) : null), h('dd', cardTip(c.id))])));
  const tables = Object.values(CONTENT.tables).map((t) => h('details.ns-ref', h('summary', `${t.name} (${t.dice}D6)`),
    h('dl.ns-ref-list', t.rows.map((r) => [h('dt', `${r.min <= -50 ? `${r.max} or less` : r.max >= 50 ? `${r.min} or more` : r.min === r.max ? r.min : `${r.min}–${r.max}`}: ${r.name}`), h('dd', r.text)]))));
  const start = h('details.ns-ref', { open: true }, h('summary', 'Sides and the start of a match'),
    h('ul.small',
      h('li', 'Seat 1 plays the Heroes, seat 2 the Villain. In the lobby, move to the other seat (or "Swap with the bot") to play the other side.'),
      h('li', 'Each player shuffles their 40-card deck and draws 7. A hand with no Character is shown, discarded and 7 more are drawn (for the Villain a Mastermind counts as a Character).'),
      h('li', 'House mulligan (a lobby option, on by default): the Villain\'s hand must hold a Mastermind, since Minor Villains, Locations, Plots, Vehicles and Weapons all go on one. A hand without one goes back into the deck, which is shuffled, and 7 are drawn again; nothing is discarded.'),
      h('li', `Recruit Phase: put up to ${CONTENT.rules.recruit_limit ?? 2} cards into play. Cards that cannot go into play now are listed greyed, with the reason.`)));
  return h('div.ns-reference',
    start,
    group('Hero deck (house content)', cards.filter((c) => c.deck === 'hero')),
    group('Villain deck (house content)', cards.filter((c) => c.deck === 'villain')),
    tables);
}

// ------------------------------------------------------------ the log: card names as tips
/** Card names in a text, as tips (built once from the card data). */
let namesIndex = null;
function nameTips() {
  if (namesIndex) return namesIndex;
  namesIndex = termsIndex(new Map(Object.values(CONTENT.cards).map((c) => [c.name, c.id])), 3);
  return namesIndex;
}
/** Marks the card names in the log's new lines, so their texts show on hover and tap. */
function decorateLog() {
  if (!CONTENT.loaded) return;
  decorateLogTerms(nameTips(), 'ns', (name, id) => h('span.term', cardTipProps(id), name), { skipInsideTips: true });
}

// ------------------------------------------------------------ register
registerRenderer(GAME, {
  reference,
  role(view, seat) { return ROLE_WORD[seat] || null; },
  // Seat 1 plays the Heroes, seat 2 the Villain: the lobby says so.
  seatRole(seat) { return ROLE_WORD[seat] || null; },
  render(view, ctx) {
    if (!CONTENT.loaded) loadContent();
    decorateLog();
    const me = ctx.seat === HERO || ctx.seat === VILLAIN ? ctx.seat : null;
    // The opponent's area at the top, the viewer's at the bottom, facing it.
    const top = me === null ? VILLAIN : 1 - me;
    ctx = { ...ctx, offered: offeredUids(ctx) };
    return h('div.ns', { dataset: { phase: view.phase } },
      banner(view, ctx),
      CONTENT.loaded ? null : h('p.small.muted', 'The card data has not loaded yet: cards show by id.'),
      rollPanel(view, ctx),
      lookPanel(view, ctx),
      hand(view, ctx),
      h('div.ns-areas', playArea(view, ctx, top), playArea(view, ctx, 1 - top)));
  },
});
