// Mutants: The Card Game (seed 002): the table.
//
// Draws, from the viewer's view only: the banner (round of 5 with what
// first place and the others score this round, the phase, who is asked
// and what, the last public answer), the Power Track (Fury Space first,
// Dread Zone last, every marker in its stack), the boss in Uprising (Life,
// Special Power), and one board per player: Arena slots Left / Active /
// Right (knocked-down Mutants face down but named, as the view keeps their
// identity), Incubator, Cryo Freezer (face-down cards the viewer may not
// know stay backs), the Gene Pool tops with their stack sizes, hand, deck
// and discard counts, Victory Points. The viewer's own hand is drawn as
// cards (with a click to Deploy when that is offered), and in the draft
// the pack held and the picks made. Prompts stay generic (prompt.js).
//
// The view holds card ids only; names, genes and effects come from
// GET /api/games/mutants/content (the server's copy of
// games/mutants/content/*.json). The effects are data; their words are
// written here from the rulebook's keywords, so every card shows its text
// on hover and tap (tips.js `data-tip`). What changes carries
// `data-k`/`data-v` (changes.js). Players are named by their table names
// (ctx.seatName).

import { h } from '../../util.js';
import { registerRenderer } from '../../renderers.js';
import { contentLoader, injectStyle } from '../kit/load.js';
import { genericControl } from '../../prompt.js';
import { termsIndex, decorateLogTerms } from '../../log-terms.js';

const GAME = 'mutants';

// ------------------------------------------------------------ card data
let CONTENT = { cards: {}, bosses: {}, track: null, rounds: [], precons: [], loaded: false };

function indexContent(raw) {
  const cards = {};
  for (const c of (raw && raw.cards) || []) cards[c.id] = c;
  const bosses = {};
  for (const b of (raw && raw.bosses) || []) {
    bosses[b.id] = b;
    for (const c of b.cards || []) cards[c.id] = { ...c, kind: 'boss', boss: b.name };
  }
  return { cards, bosses, track: raw && raw.power_track, rounds: (raw && raw.rounds) || [], precons: (raw && raw.preconstructed) || [], loaded: true };
}

/** Fetches the card data once (the kit's loader: after a failure, again at most every 5 s). */
const loadContent = contentLoader(GAME, 'Mutants card data', (raw) => { CONTENT = indexContent(raw); });
await loadContent();

injectStyle(new URL('./style.css', import.meta.url).href, 'mutants');

// ------------------------------------------------------------ words
const GENE = { cyber: 'Cyber', necro: 'Necro', saber: 'Saber', mythic: 'Mythic', zoomorph: 'Zoomorph', galactic: 'Galactic' };
const SLOTS = ['Left', 'Active', 'Right'];
const SLOT_WORD = { left: 'Left', active: 'Active', right: 'Right', this_slot: 'same' };
const GAIN_TO = { hand: 'your hand', deck_top: 'the top of your deck', incubator: 'your Incubator', discard: 'your discard', freezer: 'your Cryo Freezer' };
const FROM = { hand: 'a card from your hand', this: 'this Mutant', discard: 'a card from your discard', just_discarded: 'one of the cards just discarded', arena: 'a Mutant in your Arena', pool: 'a face-up Mutant of your Gene Pool' };
const COPY_FROM = { arena: 'a face-up Mutant in your Arena', hand: 'a Mutant in your hand (revealed)', discard: 'a Mutant in your discard', pool: 'a face-up Mutant of your Gene Pool' };
const ABILITY = { deploy: 'Deploy', leave: 'Leave', deploy_or_leave: 'Deploy or Leave' };
const WHO = { all: 'each opponent', dominating_you: 'each opponent dominating you', dominated_by_you: 'each opponent you dominate' };
const WEAK = {
  knocked_down: 'when it is knocked down',
  player_deploys_transform: 'when you deploy a Mutant with Transform',
  player_flips_up: 'when you flip a Mutant face-up',
  player_freezes_gene: 'when you freeze a {gene} Mutant',
  player_fury_at_turn_start: 'when you start a turn with Fury',
  player_has_fury: 'while you have Fury',
};
const PHASE = { draft: 'Draft', construct: 'Constructing Gene Pools', mulligan: 'Mulligan', play: 'Play', over: 'Game over' };

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** One effect in the rulebook's keywords. */
function effectText(e, boss) {
  const you = boss ? 'the boss' : 'you';
  switch (e.op) {
    case 'gain_power': return `Gain ${e.n} power`;
    case 'lose_power': return `Lose ${e.n} power`;
    case 'cycle': return `Cycle ${e.n} (draw ${e.n}, then discard ${e.n})`;
    case 'discard': return `Discard ${plural(e.n, 'card', 'cards')}`;
    case 'freeze': return `${e.may ? 'You may Freeze' : 'Freeze'} ${FROM[e.from] || e.from}`;
    case 'gain': return `Gain a face-up Mutant of your Gene Pool into ${GAIN_TO[e.to] || e.to}`;
    case 'pay': return `You may discard ${plural(e.discard, 'card', 'cards')} to: ${(e.then || []).map((x) => effectText(x, boss)).join('; ')}`;
    case 'take_from_discard': return 'Take a Mutant from your discard into your hand';
    case 'attack': return `Attack ${WHO[e.who] || e.who}: ${(e.hit || []).map((x) => hitText(x)).join(', ')}`;
    case 'knock_down': return e.slot === 'this_slot' ? 'knock down their Mutant in the same slot' : `knock down their ${SLOT_WORD[e.slot] || e.slot} Mutant`;
    case 'knock_down_this': return 'Knock this Mutant down';
    case 'transform': return 'Transform';
    case 'copy': return `Copy the ${ABILITY[e.ability] || e.ability} ability of ${e.slot ? `the ${SLOT_WORD[e.slot] || e.slot} card of ${you}` : COPY_FROM[e.from] || e.from}`;
    case 'flip_up': return 'Flip your knocked-down Mutants face-up';
    case 'score': return `Score ${e.n} Victory Points${e.if_fury ? ' if you have Fury' : ''}`;
    case 'gain_life': return `The boss gains ${e.n} Life`;
    case 'reshuffle_discard': return 'Shuffle the boss discard into its deck';
    case 'gain_power_per_face_up': return `Gain ${e.n} power per face-up card in the Arena`;
    case 'on_freeze_gain_power': return `Whenever you freeze a Mutant, gain ${e.n} power`;
    case 'opponents_cannot_incubate': return 'Your opponents cannot Incubate';
    case 'gain_power_on_push': return `Whenever it pushes its Active card, it gains ${e.n} power`;
    case 'gain_power_on_opponent_freeze': return `Whenever you freeze, it gains ${e.n} power`;
    default: return String(e.op || '').replace(/_/g, ' ');
  }
}
function hitText(e) {
  switch (e.op) {
    case 'lose_power': return `they lose ${e.n} power`;
    case 'discard': return `they discard ${plural(e.n, 'card', 'cards')}`;
    default: return effectText(e).replace(/^./, (c) => c.toLowerCase());
  }
}

const card = (id) => CONTENT.cards[id] || { id, name: id, genes: [], kind: 'basic' };
const cardName = (id) => card(id).name;
const freezeText = (c) => (c.freeze === undefined ? '' : typeof c.freeze === 'number' ? `Freeze ${c.freeze}` : `Freeze: 1 per ${GENE[c.freeze.per_gene] || c.freeze.per_gene} gene in the Cryo Freezer`);

/** A card's full text, for its tip and the reference. */
export function cardText(id) {
  const c = card(id);
  const boss = c.kind === 'boss';
  const lines = [];
  if (boss) lines.push(`${c.boss} Action Card · pushes ${c.arrow}`);
  else lines.push([c.kind === 'advanced' ? 'Advanced Mutant' : 'Basic Mutant', (c.genes || []).map((g) => GENE[g] || g).join(' + '), freezeText(c)].filter(Boolean).join(' · '));
  const ab = (label, list) => { if (list && list.length) lines.push(`${label}: ${list.map((e) => effectText(e, boss)).join('; ')}.`); };
  ab('Deploy', c.deploy);
  ab('Leave', c.leave);
  ab('Block', c.block);
  ab('Ongoing', c.ongoing);
  if (c.weakness) lines.push(`Weakness ${c.weakness.v}: ${(WEAK[c.weakness.when] || c.weakness.when).replace('{gene}', GENE[c.weakness.gene] || c.weakness.gene || '')}.`);
  // Where a text comes from (house content, inferred) is the data's and
  // the README's to say, not the table's.
  return lines.join('\n');
}
const tipProps = (title, text) => (text ? { 'data-tip': text, 'data-tip-title': title, tabindex: '0' } : {});
const cardTipProps = (id) => tipProps(cardName(id), cardText(id));

function genes(c) {
  return h('span.mu-genes', (c.genes || []).map((g) => h('i.mu-gene', { class: `mu-gene g-${g}`, title: GENE[g] || g }, (GENE[g] || g).slice(0, 2))));
}

/** A small card face: name, genes, freeze value; `down` for a knocked-down Mutant. */
function mini(id, { down = false, key = null, cls = '', extra = null } = {}) {
  const c = card(id);
  return h('span.mu-mini', {
    class: `mu-mini kind-${c.kind}${down ? ' down' : ''} ${cls}`,
    dataset: { card: id, ...(key ? { k: key, v: `${id}|${down}` } : {}) },
    ...cardTipProps(id),
  },
  genes(c),
  h('span.mu-mini-name', c.name),
  c.kind === 'boss' ? null : typeof c.freeze === 'number' ? h('small.mu-fv', { title: 'Freeze value' }, String(c.freeze)) : c.freeze ? h('small.mu-fv', { title: freezeText(c) }, '★') : null,
  down ? h('small.mu-down', 'knocked down') : null,
  extra);
}
const back = (label = 'a face-down card') => h('span.mu-mini.back', { title: label }, h('span.mu-mini-name', '?'));

// ------------------------------------------------------------ seats
const isBoss = (view, s) => !!view.boss && s === view.seats;
const seatLabel = (view, ctx, s) => (isBoss(view, s) ? view.boss.name : s === ctx.seat ? 'You' : ctx.seatName(s));
function seatTag(view, ctx, s) {
  return h('span.mu-seat', { class: `mu-seat c-${s}`, dataset: { seat: String(s) } }, seatLabel(view, ctx, s));
}

/** Place on the Power Track of every board (0 = first), from the track's stacks. */
function standing(view) {
  const order = [];
  view.track.forEach((stack) => { for (let i = stack.length - 1; i >= 0; i--) order.push(stack[i]); });
  return order;
}
function cellOf(view, s) {
  return view.track.findIndex((st) => st.includes(s));
}

// ------------------------------------------------------------ parts
function banner(view, ctx) {
  const asked = view.asking ? view.asking[0] : null;
  const mine = asked !== null && asked === ctx.seat;
  const round = CONTENT.rounds[view.round - 1];
  const turnSeat = view.phase === 'play' ? view.turn : null;
  let status = null;
  if (view.summary) status = h('span.mu-ending', h('b', ctx.names ? ctx.names(view.summary) : view.summary));
  else if (view.asking) status = h('span.mu-asked', mine ? h('b', 'You') : seatTag(view, ctx, asked), ': ', view.asking[1]);
  else if (turnSeat !== null && view.boards[turnSeat]) status = h('span.mu-turn', isBoss(view, turnSeat) || turnSeat !== ctx.seat ? [seatTag(view, ctx, turnSeat), '\u2019s turn'] : h('b', 'Your turn'));
  else if (view.phase === 'draft' && view.draft) status = h('span', `Draft pick ${view.draft.pick} of 6 · ${view.draft.committed.filter(Boolean).length} of ${view.draft.committed.length} picked`);
  else if (view.phase === 'construct' && view.constructed) status = h('span', `${view.constructed.filter(Boolean).length} of ${view.constructed.length} Gene Pools built`);
  return h('div.mu-banner', {
    class: `mu-banner${mine ? ' your-move' : ''}`,
    dataset: { section: 'banner', k: 'phase', v: `${view.round}|${view.phase}|${view.turn}|${view.asking ? view.asking.join(':') : ''}`, phase: view.phase, round: String(view.round) },
  },
  h('div.mu-round', h('b', `Round ${view.round} of ${view.rounds}`),
    round ? h('small', { title: 'Power Track scoring this round: first place (red), the others but last (black); last place 0' }, ` · first ${round.red}, others ${round.black}, Crush ${round.black}`) : null),
  h('div.mu-phase', PHASE[view.phase] || view.phase),
  status,
  view.last_choice ? h('div.mu-last.small', seatTag(view, ctx, view.last_choice[0]), ' chose: ', choiceWords(view.last_choice[1])) : null);
}

/** The last public answer (the engine's raw pick): a card by its name, a hidden card as such. */
function choiceWords(v) {
  const raw = String(v).replace(/^"|"$/g, '');
  if (raw === 'hand') return 'a card from their hand';
  if (CONTENT.cards[raw]) return h('span.term', cardTipProps(raw), cardName(raw));
  return raw;
}

function powerTrack(view, ctx) {
  const t = CONTENT.track || { fury: 0, second: 1, dread_from: 7 };
  return h('section.mu-track', { 'aria-label': 'The Power Track' },
    h('h3', 'Power Track', h('small.muted', ' · Fury Space first, Dread Zone last')),
    h('ol.mu-cells', view.track.map((stack, i) => {
      const kind = i === t.fury ? 'fury' : i === t.second ? 'second' : i >= t.dread_from ? 'dread' : '';
      const word = i === t.fury ? 'Fury' : i === t.second ? '2nd' : i >= t.dread_from ? 'Dread' : String(i);
      return h('li.mu-cell', { class: `mu-cell ${kind}`, dataset: { cell: String(i), k: `cell:${i}`, v: stack.join(',') }, title: kind === 'fury' ? 'Fury Space' : kind === 'dread' ? 'Dread Zone' : kind === 'second' ? 'Second Space' : `Space ${i}` },
        h('small.mu-cell-name', word),
        h('span.mu-stack', stack.slice().reverse().map((s) => h('span.mu-marker', { class: `mu-marker c-${s}`, dataset: { seat: String(s) }, title: seatLabel(view, ctx, s) }, seatLabel(view, ctx, s).slice(0, 3)))));
    })));
}

function bossPanel(view, ctx) {
  const b = view.boss;
  if (!b) return null;
  const info = CONTENT.bosses[b.id];
  const start = info ? info.life : null;
  return h('section.mu-boss', { 'aria-label': 'The boss', dataset: { k: 'boss-life', v: String(b.life), life: String(b.life) } },
    h('b.mu-boss-name', b.name), ' ',
    h('span.mu-life', { title: 'Life left' }, 'Life ', h('b', String(b.life)), start ? h('small.muted', ` (from ${start}${b.life > start ? '+' : ''})`) : null),
    h('p.small', h('i', 'Special Power: '), b.special));
}

function counts(view, ctx, s, b) {
  const mine = s === ctx.seat;
  const discardTip = b.discard.length ? b.discard.map(cardName).join(', ') : 'empty';
  return h('span.mu-counts',
    h('span.mu-handcount', { title: mine ? 'Cards in your hand' : 'Cards in hand (count only)', dataset: { handCount: String(b.hand_count), k: `hand:${s}`, v: String(b.hand_count) } }, h('b', String(b.hand_count)), ' in hand'),
    h('span.mu-deckcount', { title: 'Cards in the deck', dataset: { deckCount: String(b.deck_count), k: `deck:${s}`, v: String(b.deck_count) } }, h('b', String(b.deck_count)), ' in deck'),
    h('span.mu-discard', { ...tipProps('Discard (oldest first)', discardTip), dataset: { k: `discard:${s}`, v: String(b.discard.length) } }, h('b', String(b.discard.length)), ' discarded'),
    isBoss(view, s) ? null : h('span.mu-score', { title: 'Victory Points', dataset: { score: String(b.score), k: `score:${s}`, v: String(b.score) } }, h('b', String(b.score)), ' VP'));
}

function boardPanel(view, ctx, s) {
  const b = view.boards[s];
  const mine = s === ctx.seat;
  const boss = isBoss(view, s);
  const cell = cellOf(view, s);
  const t = CONTENT.track || { fury: 0, dread_from: 7 };
  const place = standing(view).indexOf(s);
  const chips = [];
  if (cell === t.fury) chips.push(h('span.mu-chip.fury', 'Fury'));
  if (cell >= t.dread_from) chips.push(h('span.mu-chip.dread', 'Dread'));
  if (view.phase === 'play' && view.turn === s) chips.push(h('span.mu-chip.turn', 'turn'));
  if (b.list) chips.push(h('span.mu-chip', { title: 'Preconstructed list' }, b.list.replace(/-/g, ' ')));
  const lastTop = b.discard.length ? b.discard[b.discard.length - 1] : null;
  return h('section.mu-board', {
    class: `mu-board c-${s}${mine ? ' mine' : ''}${boss ? ' boss' : ''}`, dataset: { seat: String(s) },
    'aria-label': boss ? view.boss.name : `${ctx.seatName(s)}'s board`,
  },
  h('header.mu-board-head',
    h('span.mu-board-name', !boss && ctx.presenceDot ? ctx.presenceDot(s) : null, boss ? view.boss.name : ctx.seatName(s), mine && !ctx.replay ? h('span.you', 'you') : null),
    h('small.mu-place', { title: 'Place on the Power Track' }, place >= 0 ? `#${place + 1} on the track` : ''),
    chips,
    counts(view, ctx, s, b)),
  h('div.mu-arena', b.arena.map((p, i) => h('div.mu-slot', { class: `mu-slot slot-${i}`, dataset: { slot: SLOTS[i], k: `slot:${s}:${i}`, v: p ? `${p.card}|${p.face_up}` : '' } },
    h('small.mu-slot-name', SLOTS[i]),
    p ? mini(p.card, { down: !p.face_up }) : h('span.mu-empty', 'empty')))),
  b.leaving ? h('p.small.mu-leaving', 'Leaving the Arena: ', mini(b.leaving)) : null,
  h('div.mu-zones',
    boss ? null : h('div.mu-zone.incubator', { dataset: { k: `inc:${s}`, v: b.incubator || '' } }, h('small', 'Incubator'), b.incubator ? mini(b.incubator) : h('span.mu-empty', 'empty')),
    h('div.mu-zone.discard-top', h('small', 'Discard top'), lastTop ? mini(lastTop) : h('span.mu-empty', 'empty')),
    boss ? null : h('div.mu-zone.freezer', { dataset: { k: `freezer:${s}`, v: String(b.freezer.length) } },
      h('small', `Cryo Freezer (${b.freezer.length})`),
      b.freezer.length ? h('span.mu-row', b.freezer.map((id) => (id ? mini(id) : back('frozen from a hand: face down')))) : h('span.mu-empty', 'empty'))),
  b.pool.length && !boss ? h('div.mu-pool', h('small', 'Gene Pool'),
    h('span.mu-row', b.pool.map((st, i) => h('span.mu-stack-top', { dataset: { k: `pool:${s}:${i}`, v: `${st.top || ''}|${st.size}` } },
      h('small', `Stack ${i + 1} · ${st.size}`), st.top ? mini(st.top) : h('span.mu-empty', 'empty'),
      mine ? breedButton(ctx, i + 1) : null)))) : null);
}

/** A Gene Pool top's shortcut to its Breed ask, when my prompt offers it enabled: opens that form. */
function breedButton(ctx, stack) {
  const P = ctx.prompt;
  if (!P || !Array.isArray(P.asks)) return null;
  const ai = P.asks.findIndex((a) => a.verb === 'breed' && !a.disabled && a.fixed && Number(a.fixed.stack) === stack);
  if (ai < 0) return null;
  return h('button.small.mu-breed', {
    type: 'button',
    title: P.asks[ai].label,
    onclick: () => {
      const form = document.querySelector(`.prompt-area .prompt form[data-ask="${ai}"]`);
      const pick = document.querySelector(`.prompt-area .prompt .ask-pick[data-ask="${ai}"]`);
      if (pick && form && form.hidden) pick.click();
      document.querySelector(`.prompt-area .prompt form[data-ask="${ai}"]`)?.scrollIntoView({ block: 'nearest' });
    },
  }, 'Breed');
}

/** The Deploy ask of my prompt, if any, with the hand cards it offers. */
function deployAsk(ctx) {
  const P = ctx.prompt;
  if (!P || !Array.isArray(P.asks)) return null;
  const i = P.asks.findIndex((a) => a.verb === 'deploy' && !a.disabled);
  if (i < 0) return null;
  const param = (P.asks[i].params || []).find((p) => p.name === 'card');
  const opts = (param && param.input && param.input.options) || [];
  const ids = new Map(opts.map((o, n) => [o.value, n]));
  return { i, ids };
}

/** Fills the prompt's Deploy form with `id` and sends it (the standard controls). */
function deployFromHand(ai, n) {
  const form = document.querySelector(`.prompt-area .prompt form[data-ask="${ai}"]`);
  const pick = document.querySelector(`.prompt-area .prompt .ask-pick[data-ask="${ai}"]`);
  if (pick && form && form.hidden) pick.click();
  const f = document.querySelector(`.prompt-area .prompt form[data-ask="${ai}"]`);
  if (!f) return;
  const sel = f.querySelector('.param[data-param="card"] select');
  if (sel) { sel.value = String(n); sel.dispatchEvent(new Event('change', { bubbles: true })); } else {
    const btn = f.querySelectorAll('.param[data-param="card"] button.choice')[n];
    if (btn) btn.click();
  }
  f.scrollIntoView({ block: 'nearest' });
}

function hand(view, ctx) {
  if (ctx.seat === null || ctx.seat === undefined) return null;
  const b = view.boards[ctx.seat];
  if (!b || !Array.isArray(b.hand)) return null;
  const dep = deployAsk(ctx);
  const seen = {};
  return h('section.mu-hand', { 'aria-label': 'Your hand', dataset: { section: 'hand' } },
    h('h3', `${ctx.replay ? `${ctx.seatName(ctx.seat)}’s` : 'Your'} hand (${b.hand.length})`, h('small.muted', dep ? ' · only you see these; tap for the text, "Deploy" to choose it' : ' · only you see these; tap a card for its text')),
    b.hand.length
      ? h('ul.mu-cards', b.hand.map((id) => {
        seen[id] = (seen[id] || 0) + 1;
        return h('li.mu-card', { class: `mu-card kind-${card(id).kind}`, dataset: { card: id, k: `hand:${id}#${seen[id] - 1}`, v: id } },
          h('div.mu-card-face', cardTipProps(id), h('div.mu-card-head', h('span.mu-card-name', cardName(id)), genes(card(id))), h('p.mu-card-text', cardText(id))),
          dep && dep.ids.has(id) ? h('button.small.mu-deploy', { type: 'button', onclick: () => deployFromHand(dep.i, dep.ids.get(id)) }, 'Deploy') : null);
      }))
      : h('p.muted.small', 'No cards in hand.'),
    b.pool_cards && b.pool_cards.length ? h('details.mu-poolcards', h('summary.small', `Your Gene Pool (${b.pool_cards.length}, order unknown)`), h('span.mu-row', b.pool_cards.map((id) => mini(id)))) : null);
}

function draftPanel(view, ctx) {
  const d = view.draft;
  if (!d || ctx.seat === null || ctx.seat === undefined) return null;
  return h('section.mu-draft', { 'aria-label': 'The draft', dataset: { k: 'draft', v: `${d.pick}|${d.pack.join(',')}|${d.my_pick || ''}` } },
    h('h3', `Draft: pick ${d.pick} of 6`),
    ctx.prompt ? null : [h('p.small', 'The pack you hold:'), h('span.mu-row', d.pack.map((id) => mini(id, { cls: d.my_pick === id ? 'picked' : '' })))],
    d.picks.length ? [h('p.small', 'Your picks:'), h('span.mu-row', d.picks.map((id) => mini(id)))] : null);
}

function reference() {
  if (!CONTENT.loaded) return h('p.muted', 'The card data has not loaded.');
  const all = Object.values(CONTENT.cards);
  const group = (title, list) => h('details.mu-ref', h('summary', `${title} (${list.length})`),
    h('dl.mu-ref-list', list.map((c) => [h('dt', c.name), h('dd', cardText(c.id))])));
  return h('div.mu-reference',
    group('Basic Mutants', all.filter((c) => c.kind === 'basic')),
    group('Advanced Mutants (two copies each)', all.filter((c) => c.kind === 'advanced')),
    ...Object.values(CONTENT.bosses).map((b) => h('details.mu-ref', h('summary', `Boss: ${b.name} (Life ${b.life})`),
      h('p.small', b.special_text),
      h('dl.mu-ref-list', (b.cards || []).map((c) => [h('dt', c.name), h('dd', cardText(c.id))])))));
}

// ------------------------------------------------------------ pickers
/** A card drawn whole (name, genes, Freeze value, text), as a tap target. */
function cardButton(id, { pressed = false, onclick = null, extra = null } = {}) {
  const c = card(id);
  return h('button.mu-pickcard', {
    type: 'button', class: `mu-pickcard kind-${c.kind}`, dataset: { card: id }, 'aria-pressed': String(pressed), onclick,
  },
  h('span.mu-card-head', h('span.mu-card-name', c.name), genes(c)),
  h('span.mu-card-text', cardText(id)),
  extra);
}

/** The draft pick: the pack held, as cards side by side; tap one, then Pick. */
function draftInput(param, ctx, key) {
  const opts = param.input.options || [];
  let chosen = ctx.draft[key];
  const grid = h('div.mu-pickgrid', { role: 'radiogroup', 'aria-label': 'The pack you hold' });
  const draw = () => grid.replaceChildren(...opts.map((o) => cardButton(o.value, {
    pressed: o.value === chosen,
    onclick: () => { chosen = o.value; ctx.draft[key] = chosen; draw(); grid.dispatchEvent(new Event('pick', { bubbles: true })); },
  })));
  draw();
  return { el: h('div', h('div.param-label', 'The pack you hold: tap a card, then Pick'), grid), get: () => chosen, labelled: true };
}

const GENE_ORDER = ['cyber', 'necro', 'saber', 'mythic', 'zoomorph', 'galactic'];

/** A random legal list: 12 of the copies offered (each design twice), shuffled. */
function randomList(designs) {
  const copies = designs.flatMap((id) => [id, id]);
  for (let i = copies.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copies[i], copies[j]] = [copies[j], copies[i]];
  }
  const n = {};
  for (const id of copies.slice(0, 12)) n[id] = (n[id] || 0) + 1;
  return n;
}

/**
 * The constructed Gene Pool builder: every design offered with its genes,
 * Freeze value and text, a count of 0–2 each, ready lists (the
 * Preconstructed lists this match allows, the one that does best against
 * the boss recommended (else the first), and a
 * random legal 12), live counts per gene and whether the list is legal.
 * The answer is the engine's: "id" for a first copy, "id:2" for a second.
 */
function builderInput(param, ctx, key) {
  const designs = (param.input.options || []).map((o) => String(o.value)).filter((v) => !v.endsWith(':2'));
  const need = param.input.min;
  const count = {};
  for (const v of ctx.draft[key] || []) { const id = String(v).replace(/:2$/, ''); count[id] = (count[id] || 0) + 1; }
  const allowed = (CONTENT.precons || []).filter((p) => p.cards && p.cards.length && p.cards.every((id) => designs.includes(id)));
  // Against a boss, the list measured to do best against it comes first
  // (its `recommended` lists, in the content); else the first list allowed.
  const bossId = (ctx.view && ctx.view.boss && ctx.view.boss.id) || null;
  const boss = bossId && CONTENT.bosses[bossId];
  const best = ((boss && boss.recommended) || []).map((id) => allowed.find((p) => p.id === id)).find(Boolean);
  const lists = best ? [best, ...allowed.filter((p) => p !== best)] : allowed;
  const values = () => designs.flatMap((id) => (count[id] >= 2 ? [id, `${id}:2`] : count[id] === 1 ? [id] : []));
  const total = () => designs.reduce((n, id) => n + (count[id] || 0), 0);
  const status = h('div.mu-build-status', { role: 'status' });
  const rows = h('div.mu-build-list');
  const changed = () => { ctx.draft[key] = values(); draw(); rows.dispatchEvent(new Event('pick', { bubbles: true })); };
  const setAll = (n) => { for (const id of designs) count[id] = n[id] || 0; changed(); };
  const step = (id, d) => { count[id] = Math.max(0, Math.min(2, (count[id] || 0) + d)); changed(); };
  const draw = () => {
    const n = total();
    const perGene = {};
    for (const id of designs) for (const g of card(id).genes || []) perGene[g] = (perGene[g] || 0) + (count[id] || 0);
    const legal = n === need;
    status.replaceChildren(
      h('b', { class: legal ? 'ok' : 'short', dataset: { count: String(n), legal: String(legal) } },
        `${n} of ${need} chosen · `, legal ? 'a legal Gene Pool' : n < need ? `choose ${need - n} more` : `remove ${n - need}`),
      h('span.mu-build-genes', GENE_ORDER.filter((g) => perGene[g]).map((g) => h('span', h('i.mu-gene', { class: `mu-gene g-${g}`, title: GENE[g] }, GENE[g].slice(0, 2)), ` ${perGene[g]}`))));
    rows.replaceChildren(...designs.map((id) => {
      const k = count[id] || 0;
      return h('div.mu-build-row', { class: k ? 'mu-build-row chosen' : 'mu-build-row', dataset: { card: id, count: String(k) } },
        cardButton(id, { pressed: k > 0, onclick: () => step(id, k >= 2 ? -2 : 1) }),
        h('span.mu-stepper',
          h('button.small', { type: 'button', 'aria-label': `One fewer ${cardName(id)}`, disabled: k === 0, onclick: () => step(id, -1) }, '−'),
          h('b', String(k)),
          h('button.small', { type: 'button', 'aria-label': `One more ${cardName(id)}`, disabled: k >= 2, onclick: () => step(id, 1) }, '+')));
    }));
  };
  const presets = h('div.mu-build-presets',
    lists.length ? h('button', { type: 'button', dataset: { preset: 'recommended' }, title: best ? `The Preconstructed list ${lists[0].name}, which does best against ${boss.name}` : `The Preconstructed list ${lists[0].name}`, onclick: () => setAll(Object.fromEntries(lists[0].cards.map((id) => [id, 2]))) }, `Recommended 12 (${lists[0].name})`) : null,
    h('button', { type: 'button', dataset: { preset: 'random' }, onclick: () => setAll(randomList(designs)) }, 'Random legal 12'),
    lists.slice(1).map((p) => h('button.small', { type: 'button', dataset: { preset: p.id }, onclick: () => setAll(Object.fromEntries(p.cards.map((id) => [id, 2]))) }, p.name)),
    h('button.small', { type: 'button', dataset: { preset: 'clear' }, onclick: () => setAll({}) }, 'Clear'));
  draw();
  return {
    el: h('div.mu-builder', h('div.param-label', `Your Gene Pool: ${need} Advanced Mutants, at most 2 of each design. Tap a card to add it, or start from a ready list.`), presets, status, rows),
    get: values,
    problem: () => (total() === need ? '' : total() < need ? `Choose ${need - total()} more Advanced Mutants.` : `Remove ${total() - need} Advanced Mutants.`),
    labelled: true,
  };
}

/**
 * Breed's two cards: the standard ticks (genes as facts, a card held twice
 * on a stepper, a card that cannot breed this stack greyed with the gene
 * it lacks), narrowed as you tick: once one card is ticked, a card that
 * would not complete the pair with it is greyed too, naming the gene the
 * pair would miss. The stack's Mutant and its genes come from the view and
 * the card data.
 */
function breedInput(param, ask, ctx, key) {
  const board = ctx.view && ctx.view.boards && ctx.view.boards[ctx.seat];
  const top = board && board.pool && (board.pool[Number(ask.fixed.stack) - 1] || {}).top;
  if (!top) return null;
  const need = [...new Set(card(top).genes || [])];
  const control = genericControl(param, ctx, null, key);
  const byValue = new Map(param.input.options.map((o) => [JSON.stringify(o.value), o]));
  const narrow = () => {
    const chosen = control.get() || [];
    for (const row of control.el.querySelectorAll('.check[data-value]')) {
      const o = byValue.get(row.dataset.value);
      if (!o || o.disabled) continue;
      let why = '';
      const ticked = chosen.length === 1 && JSON.stringify(chosen[0]) === row.dataset.value;
      if (chosen.length === 1 && !(ticked && (o.up_to || 1) < 2)) {
        const have = new Set([...(card(chosen[0]).genes || []), ...(card(o.value).genes || [])]);
        const missing = need.filter((g) => !have.has(g));
        if (missing.length) why = `with ${card(chosen[0]).name} it lacks ${missing.map((g) => GENE[g] || g).join(' and ')}`;
      }
      const box = row.querySelector('input[type="checkbox"]');
      if (box) box.disabled = !!why && !box.checked;
      const more = row.querySelector('button.more');
      if (more) more.disabled = !!why;
      row.classList.toggle('mu-unfit', !!why);
      let note = row.querySelector('.mu-unfit-why');
      if (why && !note) row.append(note = h('small.why.mu-unfit-why'));
      if (note) note.textContent = why ? ` (${why})` : '';
    }
  };
  control.el.addEventListener('pick', narrow);
  narrow();
  return control;
}

/** The table's own controls for the draft pick, the constructed list and Breed's cards. */
function input(param, ask, ctx, key) {
  if (!CONTENT.loaded || !ctx.draft) return null;
  if (ask.verb === 'draft_pick' && param.name === 'card') return draftInput(param, ctx, key);
  if (ask.verb === 'construct' && param.name === 'cards') return builderInput(param, ctx, key);
  if (ask.verb === 'breed' && param.name === 'cards') return breedInput(param, ask, ctx, key);
  return null;
}

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
  decorateLogTerms(nameTips(), 'mu', (name, id) => h('span.term', cardTipProps(id), name), { skipInsideTips: true });
}

registerRenderer(GAME, {
  reference,
  input,
  render(view, ctx) {
    if (!CONTENT.loaded) loadContent();
    decorateLog();
    const order = [];
    const n = view.boards.length;
    const me = ctx.seat !== null && ctx.seat !== undefined && ctx.seat < view.seats ? ctx.seat : null;
    if (me !== null) order.push(me);
    for (let i = 0; i < n; i++) if (i !== me) order.push(i);
    return h('div.mu', { dataset: { phase: view.phase } },
      banner(view, ctx),
      CONTENT.loaded ? null : h('p.small.muted', 'The card data has not loaded yet: cards show by id.'),
      draftPanel(view, ctx),
      hand(view, ctx),
      bossPanel(view, ctx),
      powerTrack(view, ctx),
      h('div.mu-boards', order.slice().reverse().map((s) => boardPanel(view, ctx, s))));
  },
});
