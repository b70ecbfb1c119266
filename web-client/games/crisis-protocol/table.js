// Marvel: Crisis Protocol: the table.
//
// Draws, from the viewer's view only: the banner (round, phase, priority,
// VP, the two crisis cards and the Maximum Threat, who is awaited), both
// squads (each character's damage of its Stamina, power, conditions,
// Activated, Dazed, KO; the Team Tactic hand once revealed; before the
// reveal only whether the other squad is committed), the attack under way
// and the last attack with its dice, each reroll and cover step as the log
// tells them, the battlefield (field.js) with the chosen
// character's stat card beside it, and the viewer's own Team Tactic cards
// under the prompt (the panels are panels.js).
//
// The battlefield answers the prompt where it can: the offered movement
// plans are drawn as end positions (hover or focus one for its tool path;
// drag from the moving base to the nearest end; or take the free-hand
// tool, lay it from the base and bend it at the pivot, the band where the
// base may end lit, freehand.js), deployment points,
// targets with their dice pools, ready characters, tokens in reach and
// pieces of terrain to throw (a tap on the piece, then on one of the
// directions drawn from the thrower) are lit; a tap chooses in the prompt's
// form and a "Send" button beside the map sends it. Where the rules take
// any value (ruling 28), the form takes it too: a point typed as x and y,
// and a superpower's or card's choice field by field (a character, a
// point, a direction in degrees...) under its ready-made values; a move by
// the free-hand tool. Everything stays in the
// standard prompt (prompt.js) too, with richer controls (controls.js,
// including the secret squad builder; the deck choice as the two decks
// with their crisis cards); a prompt kind this file does not know gets the
// generic form.
//
// Texts come from the engine's content (text.js). Loaded as
// games/crisis-protocol/table.js (the game's folder); its stylesheet is
// style.css beside it.

import { h } from '../../util.js';
import { registerRenderer } from '../../renderers.js';
import { injectStyle } from '../kit/load.js';
import { termsIndex, decorateLogTerms } from '../../log-terms.js';
import { C, loadContent, LETTER_FACE, DICE_LEGEND, geo, charOf, charName, charTip, tacticOf, tacticName, tacticTip, crisisName, crisisTip, layoutName, piecesOf, tipProps } from './text.js';
import { battlefield, seatColor, rangeBand } from './field.js';
import { who, names, seatTag, plural, same, EDGE, MAX_ROUND, poolPreview, squadPanel, attackPanel, statCard, myHand, discards, dice } from './panels.js';
import { controls, choice, squadCharacters, squadTactics } from './controls.js';
import { planOf, startFree, moverOf, tipEnd } from './freehand.js';
import { applyZoom, fitFor, setFull, wireZoom, zoomBar, unitsPerPx, tapPx } from './zoom.js';
import { orientation, U } from './field.js';
import { isPhone } from '../../tabs.js';
import { DIE, dieSuccess } from './text.js';

const GAME = 'crisis-protocol';
await loadContent();

injectStyle(new URL('./style.css', import.meta.url).href, 'crisis');

// ------------------------------------------------------------ the prompt, as the battlefield reads it
const isPoint = (v) => Array.isArray(v) && v.length === 2 && v.every(Number.isFinite);

/** What the viewer's prompt offers on the battlefield, each with its ask and control key. */
function offers(view, ctx) {
  const o = { ends: [], points: [], models: new Map(), targets: new Map(), tokens: new Map(), pieces: new Map(), flings: new Map(), edges: new Map(), mover: null };
  const P = ctx.prompt;
  if (!P || !Array.isArray(P.asks)) return o;
  const open = ctx.draft.__open;
  // Points from one ask only (several deploy asks offer the same grid): the open one, else the first.
  const pointAsk = (a) => a.verb === 'deploy' || (a.params || []).some((p) => (p.input.options || []).length && p.input.options.every((x) => isPoint(x.value)));
  // (A blind ask, with no ready-made point, lights nothing: the first with some.)
  const lit = (a) => pointAsk(a) && (a.params || []).some((p) => (p.input.options || []).length);
  const firstLit = P.asks.findIndex(lit);
  const deployAi = P.asks[open] && pointAsk(P.asks[open]) ? open : firstLit >= 0 ? firstLit : P.asks.findIndex(pointAsk);
  P.asks.forEach((a, ai) => {
    for (const p of a.params || []) {
      const opts = (p.input && p.input.options ? p.input.options : []).filter((x) => !x.disabled);
      const key = `${ai}:${p.name}`;
      const at = { ai, key, name: p.name };
      if (a.verb === 'advance' && p.name === 'plan') {
        o.mover = view.activation ? view.activation.model : null;
        for (const x of opts) o.ends.push({ ...at, value: x.value, label: x.label });
      } else if (a.verb === 'deploy' && ai === deployAi) {
        const m = a.fixed ? view.models[a.fixed.model] : null;
        for (const x of opts) o.points.push({ ...at, p: x.value, value: x.value, label: `${x.label}`, r: m ? m.radius : 0 });
      } else if (a.verb === 'activate' || a.verb === 'choose_leader') {
        for (const x of opts) o.models.set(x.value, { ...at, value: x.value, label: a.verb === 'activate' ? 'Activate' : 'Leader' });
      } else if (opts.length && opts.every((x) => isPoint(x.value)) && ai === deployAi) {
        // Any other choice of points (a dropped token, mission tokens, and
        // placements the engine adds later): squares to tap.
        const r = a.verb === 'place_token' || /token/i.test(a.label) ? (geo().tokenDiameter || 1) / 2 : 0;
        for (const x of opts) o.points.push({ ...at, p: x.value, value: x.value, label: x.label, r });
      } else if (a.verb === 'attack' && p.name === 'target') {
        for (const x of opts) {
          const pool = a.fixed && view.activation ? poolPreview(view, view.activation.model, a.fixed.attack, x.value) : null;
          if (!o.targets.has(x.value) || o.targets.get(x.value).kind !== 'attack') o.targets.set(x.value, { ...at, value: x.value, kind: 'attack', label: pool ? `${pool.attack} v ${pool.defense}` : 'target' });
        }
      } else if (a.verb === 'order_targets' && p.name === 'order') {
        // A beam's or area's order: the targets numbered on the map as the
        // form holds them, the named target (if the attack names one) first.
        const first = view.pending_attack && typeof view.pending_attack.first === 'number' ? view.pending_attack.first : null;
        const now = orderNow(ctx.draft[key], opts);
        if (first !== null) o.targets.set(first, { ...at, value: first, kind: 'order-named', label: '1 named' });
        now.forEach((v, n) => o.targets.set(v, { ...at, value: v, kind: 'order', label: String(n + (first === null ? 1 : 2)) }));
        ordered = o.targets;
      } else if (a.verb === 'choose_edge') {
        for (const x of opts) o.edges.set(x.value, { ...at, value: x.value, label: x.label });
      } else if (a.verb === 'interact') {
        for (const x of opts) o.tokens.set(x.value, { ...at, value: x.value });
      } else if (opts.some((x) => x.value && typeof x.value === 'object' && (Array.isArray(x.value.point) || typeof x.value.target === 'number' || typeof x.value.token === 'number' || typeof x.value.piece === 'number'))) {
        // A superpower's or card's choice (and any later kind that names a
        // point or a character the same way).
        for (const x of opts) {
          const v = x.value || {};
          const mover = typeof v.target === 'number' && view.models[v.target] ? view.models[v.target] : view.activation ? view.models[view.activation.model] : null;
          if (typeof v.piece === 'number') {
            // A thrown piece of terrain: the piece, then its direction
            // (the open ask's offer first when several asks throw it).
            const have = o.pieces.get(v.piece);
            if (!have || (have.ai !== ai && ai === open)) o.pieces.set(v.piece, { ...at, ask: a.label, len: throwLength(view, a), dirs: [] });
            const mine = o.pieces.get(v.piece);
            if (mine.ai === ai) mine.dirs.push({ value: v, angle: v.angle, label: x.label, what: factOf(x, 'Throw') });
          } else if (typeof v.target === 'number' && typeof v.angle === 'number' && !v.point) {
            // An enemy thrown (Hired Muscle): the enemy, then its direction,
            // each arrow ending where the engine foresees it lands.
            if (!o.flings.has(v.target) || (o.flings.get(v.target).ai !== ai && ai === open)) o.flings.set(v.target, { ...at, ask: a.label, dirs: [] });
            const mine = o.flings.get(v.target);
            if (mine.ai === ai) mine.dirs.push({ value: v, angle: v.angle, label: x.label, lands: factOf(x, 'Lands'), what: factOf(x, 'Throw') });
            if (!o.targets.has(v.target)) o.targets.set(v.target, { ...at, value: v, kind: 'throw', label: 'throw' });
          } else if (v.point) o.points.push({ ...at, p: v.point, value: v, label: x.label, r: mover ? mover.radius : 0 });
          else if (typeof v.token === 'number' && !o.tokens.has(v.token)) o.tokens.set(v.token, { ...at, value: v });
          else if (v.target !== undefined && v.target !== null && !o.targets.has(v.target)) o.targets.set(v.target, { ...at, value: v, kind: 'choice', label: a.verb === 'play_tactic' ? 'card' : 'power' });
        }
      }
    }
  });
  return o;
}

/** The value of an option's fact called `label` (the engine's facts), if any. */
const factOf = (opt, label) => { const f = (opt.facts || []).find((x) => x.label === label); return f ? f.value : undefined; };

/**
 * How far a throw offered by `ask` carries (inches): the tool of the
 * card's or superpower's `throwTerrain` effect (1: S, 2: M, 3: L), drawn
 * from the thrower's base; M when the content does not say.
 */
function throwLength(view, ask) {
  const f = ask.fixed || {};
  let effects = [];
  if (ask.verb === 'play_tactic' && f.card) effects = (tacticOf(f.card) || {}).effects || [];
  else if (ask.verb === 'use_power' && view.activation) {
    const c = charOf(view.models[view.activation.model].card);
    const sp = c && c.sides.healthy.superpowers ? c.sides.healthy.superpowers[f.power] : null;
    effects = (sp && sp.effects) || [];
  }
  const e = effects.map((x) => x && x.throwTerrain).find(Boolean);
  return geo().tools[['S', 'M', 'L'][Math.min(3, Math.max(1, e ? e.n : 2)) - 1]] || 5;
}

// Module state kept across redraws: the base whose card is shown, the
// field's redraw, the free-hand tool ({key, tool, angle, bend, to}; key:
// the mover and where it stands, so a new activation or a move drops it).
let picked = null;
let field = { redraw: null, hint: null };
let free = null;
// The piece of terrain tapped to throw, before its direction: {piece, when}
// (when: the activation and the pieces destroyed, so a later throw starts afresh).
let thrown = null;
// The enemy tapped to throw, before its direction: {target, when}.
let flung = null;

/** Puts `value` into the form of ask `ai` (opening that alternative first); `isFree`: a value outside the offered list. */
function choose(ctx, at, value, isFree = false) {
  openAsk(at.ai);
  const c = controls.get(at.key);
  if (!(c && c.set && c.set(value, isFree))) ctx.draft[at.key] = value;
  if (field.redraw) field.redraw();
}

/** Opens the form of ask `ai` (as its menu button would), if it is not open. */
function openAsk(ai) {
  const area = document.querySelector('.prompt');
  const form = area && area.querySelector(`form[data-ask="${ai}"]`);
  if (form && form.hidden) area.querySelector(`.ask-pick[data-ask="${ai}"]`)?.click();
}

/** Clears the choice under `key` (in its control too). */
function unchoose(ctx, key) {
  delete ctx.draft[key];
  const c = controls.get(key);
  if (c && c.set) c.set(undefined, true);
}

/** The throw shown on the map: the piece picked (in the form, else tapped) and the value chosen, if any. */
function throwNow(view, offer, ctx) {
  for (const [piece, at] of offer.pieces) {
    const v = ctx.draft[at.key];
    if (v && v.piece === piece && at.dirs.some((d) => same(d.value, v))) return { piece, at, value: v };
  }
  if (thrown && thrown.when === activationKey(view) && offer.pieces.has(thrown.piece)) return { piece: thrown.piece, at: offer.pieces.get(thrown.piece), value: undefined };
  return null;
}
/** The enemy throw shown on the map: the enemy picked (in the form, else tapped) and the direction chosen, if any. */
function flingNow(view, offer, ctx) {
  for (const [target, at] of offer.flings) {
    const v = ctx.draft[at.key];
    if (v && v.target === target && typeof v.angle === 'number') {
      const d = at.dirs.find((x) => same(x.value, v));
      if (d) return { target, at, value: v, dir: d };
    }
  }
  if (flung && flung.when === activationKey(view) && offer.flings.has(flung.target)) return { target: flung.target, at: offer.flings.get(flung.target), value: undefined, dir: null };
  return null;
}
const activationKey = (view) => `${view.round}|${view.activation ? view.activation.model : ''}|${(view.destroyed || []).length}`;

/** Sends the form of ask `ai` as its own button would. */
function sendForm(ai) {
  const form = document.querySelector(`.prompt form[data-ask="${ai}"]`);
  const b = form && form.querySelector('button.submit');
  if (b && !b.disabled) b.click();
}

// ------------------------------------------------------------ banner
function phaseWords(view) {
  switch (view.phase) {
    case 'rosters': return ['Setup', 'rosters are built'];
    case 'battlefield': return ['Setup', `the battlefield is agreed (${view.layout_confirmed ? view.layout_confirmed.filter(Boolean).length : 0} of 2 confirmed)`];
    case 'deck_choice': return ['Setup', 'the priority player chooses a crisis deck'];
    case 'mission_setup': return ['Setup', 'crisis tokens are placed'];
    case 'threat_choice': return ['Setup', 'the Maximum Threat is chosen'];
    case 'edge_choice': return ['Setup', 'edges are chosen'];
    case 'squad_build': return ['Setup', 'squads are built in secret'];
    case 'deployment': return ['Deployment', 'characters go on within R3 of their edge'];
    case 'leadership': return ['Setup', 'leaders are chosen'];
    case 'activation': return [`Round ${view.round} of ${MAX_ROUND}`, view.pending_attack ? 'an attack is resolved' : 'Activation phase'];
    case 'over': return ['Game over', ''];
    default: return [String(view.phase).replace(/_/g, ' '), ''];
  }
}

function awaited(ctx) {
  const P = ctx.pending;
  if (!P) return [];
  if (P.mode === 'turn') return [P.seat];
  if (P.mode === 'simultaneous') return P.waiting || [];
  if (P.mode === 'window') return (P.seats || []).filter((s) => !(P.answered || []).includes(s));
  return [];
}

function banner(view, ctx) {
  const [phase, step] = phaseWords(view);
  const wait = awaited(ctx);
  const mine = ctx.seat !== null && ctx.seat !== undefined && wait.includes(ctx.seat) && !!ctx.prompt;
  const crisis = (id, k) => h('span.cp-crisis', { ...tipProps(crisisName(id), crisisTip(id)), class: `cp-crisis crisis-${k}${view.threat_card === k ? ' threat' : ''}`, dataset: { crisis: id } },
    h('i.cp-dot'), crisisName(id), view.threat_card === k ? h('small', ` (threat ${view.max_threat})`) : null);
  return h('div.cp-banner', {
    class: `cp-banner${mine ? ' your-move' : ''}`,
    dataset: { section: 'banner', phase: view.phase, k: 'phase', v: `${view.phase}|${view.round}|${view.turn}` },
  },
  h('div.cp-phase', h('b', { dataset: { round: String(view.round) } }, phase), step ? h('span', ` · ${step}`) : null),
  wait.length && view.phase !== 'over'
    ? h('div.cp-awaited', mine && !ctx.replay && wait.length === 1 ? h('b', 'Your move') : ['Waiting for ', wait.map((s, i) => [i ? ', ' : '', seatTag(ctx, s)])])
    : null,
  h('div.cp-vp', { 'aria-label': 'Victory points' }, [0, 1].map((s) => h('span.cp-vp-s', { style: { '--seat': seatColor(s) }, dataset: { k: `vp:${s}`, v: String(view.vp[s]), vp: String(view.vp[s]), seat: String(s) } },
    who(ctx, s), ' ', h('b', String(view.vp[s])), ' VP'))),
  priorityRolled(view)
    ? h('div.cp-prio', { dataset: { k: 'priority', v: String(view.priority) } }, 'Priority: ', seatTag(ctx, view.priority))
    : h('div.cp-prio.muted', { dataset: { k: 'priority', v: 'unrolled' } }, 'Priority: rolled once the battlefield is agreed'),
  h('div.cp-crises', (view.crises || []).map((id, k) => (id ? crisis(id, k) : null)), view.max_threat ? h('small.muted', ` · Maximum Threat ${view.max_threat}`) : null),
  STAGES[view.phase] ? h('p.cp-stage', { dataset: { stage: view.phase } }, STAGES[view.phase]) : null);
}

/** Priority is rolled once the battlefield is agreed (engine version 4 on): not before. */
const priorityRolled = (view) => view.phase !== 'rosters' && view.phase !== 'battlefield';

/** What each setup stage is for, said where it happens (the rules page has the whole setup). */
const STAGES = {
  rosters: 'Setup 1 of 8, rosters: each player secretly builds a roster of 10 characters (no two sharing a name or an alter ego) and 10 different Team Tactic cards. It is the pool this match\'s squad is chosen from once the crises and the Maximum Threat are known; the opponent never sees it, only the squad taken from it.',
  battlefield: 'Setup 2 of 8, the battlefield: the server proposes a terrain layout (12 pieces, legal by construction). Each player confirms it, or asks for another layout or the house set; after 3 changes the last one stands. Then priority is rolled.',
  deck_choice: 'Setup 3 of 8, crisis decks: the priority player chooses the deck it draws from (Secure or Extraction); the other player draws from the other one. Both cards are revealed together.',
  threat_choice: 'Setup 4 of 8, Maximum Threat: the player without priority chooses which crisis card\'s Maximum Threat applies: the most threat a squad may cost.',
  edge_choice: 'Setup 5 of 8, edges: the player without priority chooses a table edge (tap one on the map); the priority player takes the opposite one. Characters deploy within R3 of their own edge.',
  mission_setup: 'Setup 6 of 8, mission tokens: each player sets up the crisis card it drew, priority player first. Where the card allows, its tokens are placed one by one within its range of the map points (tap a square); otherwise they go on them.',
  squad_build: 'Setup 7 of 8, squads: both players secretly choose a squad from their roster: characters whose threat adds up to at most the Maximum Threat, and up to 5 of the roster\'s Team Tactic cards. Both squads are revealed together.',
  deployment: 'Setup 8 of 8, deployment: players alternate, priority player first, putting one character at a time within R3 of their own edge (the tinted band); a player with characters left deploys them all once the other has finished.',
  leadership: 'Leadership: a player whose squad has several qualifying leaders picks one for the whole match.',
};

// ------------------------------------------------------------ the battlefield and the chosen card
function fieldPanel(view, ctx) {
  const offer = offers(view, ctx);
  const edge = view.edges ? view.edges[ctx.seat ?? 0] : 'south';
  const slot = h('div.cp-field-slot');
  const card = h('div.cp-card-slot');
  const hint = h('div.cp-hint', { role: 'status' });
  if (picked !== null && (!view.models[picked] || !view.models[picked].deployed)) picked = null;
  const freeBar = freeTools(view, ctx, offer);
  // Zoom: on a phone each new decision starts on what it offers (zoom.js).
  const W = geo().tableInches * U;
  setFull([-6, -6, W + 12, W + 12]);
  fitFor(decisionKey(view, ctx), ctx.version, offerBox(view, offer, orientation(edge)), isPhone());
  const zoom = zoomBar(() => draw());
  const draw = () => {
    const endAt = offer.ends[0];
    const pointAt = offer.points[0];
    const chosen = {
      end: endAt ? ctx.draft[endAt.key] : undefined,
      point: pointAt ? ctx.draft[pointAt.key] : undefined,
      model: picked,
    };
    if (chosen.point && pointAt) { const pt = offer.points.find((x) => same(x.value, chosen.point)); chosen.point = pt ? pt.p : undefined; chosen.pointR = pt ? pt.r : 0; }
    const th = throwNow(view, offer, ctx);
    if (th) { chosen.piece = th.piece; chosen.throw = th.value; }
    const fl = flingNow(view, offer, ctx);
    const edgeAt = [...offer.edges.values()][0];
    if (edgeAt) chosen.edge = ctx.draft[edgeAt.key];
    const focus = view.activation ? view.activation.model : picked;
    const svgEl = battlefield(view, {
      me: ctx.seat,
      who: (s, own) => (own ? (s === ctx.seat ? 'Your' : `${ctx.seatName(s)}'s`) : who(ctx, s)),
      edge,
      focus,
      lit: { ends: offer.ends, mover: offer.mover, points: offer.points, models: offer.models, targets: offer.targets, tokens: new Set(offer.tokens.keys()), pieces: offer.pieces, edges: new Map([...offer.edges].map(([e, at]) => [e, at.label])) },
      thrower: view.activation ? view.activation.model : null,
      fling: fl ? { target: fl.target, dirs: fl.at.dirs, value: fl.value } : null,
      finger: fingerUnits(),
      chosen,
      free: free && freeBar.el ? { state: free, onChange: freeBar.change, onPaint: freeBar.paint, handle: freeBar.handle() } : null,
      onEnd: (v) => { const at = offer.ends.find((x) => same(x.value, v)); if (at) { free = null; choose(ctx, at, v); } },
      onPoint: (pt) => choose(ctx, pt, pt.value),
      onEdge: (e) => choose(ctx, offer.edges.get(e), e),
      onModel: (i) => { picked = i; choose(ctx, offer.models.get(i), i); },
      onTarget: (i) => {
        picked = i;
        const t = offer.targets.get(i);
        if (t && t.kind === 'order-named') return;
        if (t && t.kind === 'order') { const next = orderTap(ctx, t, i); renumber(next); choose(ctx, t, next); return; }
        const openAi = ctx.draft.__open;
        const P = ctx.prompt;
        const inOpen = P && P.asks[openAi] && P.asks[openAi].verb === 'attack' && (P.asks[openAi].params[0].input.options || []).some((o) => o.value === i && !o.disabled);
        const fa = offer.flings.get(i);
        if (fa && !inOpen && (t.kind === 'throw' || openAi === fa.ai)) {
          // An enemy to throw: its directions drawn from it (a direction
          // chosen before, of another enemy, is dropped); then a direction.
          flung = { target: i, when: activationKey(view) };
          if (ctx.draft[fa.key] && ctx.draft[fa.key].target !== i) unchoose(ctx, fa.key);
          openAsk(fa.ai);
          draw();
          return;
        }
        choose(ctx, inOpen ? { ai: openAi, key: `${openAi}:target` } : t, t.value);
      },
      onFling: (v) => { flung = { target: v.target, when: activationKey(view) }; choose(ctx, offer.flings.get(v.target), v); },
      onToken: (i) => { const t = offer.tokens.get(i); choose(ctx, t, t.value); },
      // A piece to throw: tapped, its directions drawn from the thrower (a
      // choice made before, of another piece, is dropped); then a direction.
      onPiece: (i, e) => {
        const at = offer.pieces.get(i);
        thrown = { piece: i, when: activationKey(view) };
        for (const key of new Set([...offer.pieces.values()].map((x) => x.key))) if (ctx.draft[key] && ctx.draft[key].piece !== i) unchoose(ctx, key);
        openAsk(at.ai);
        draw();
        // From the keyboard: on to the first direction.
        if (e && e.type === 'keydown') slot.querySelector('.cp-throw-dir')?.focus();
      },
      onThrow: (v) => { thrown = { piece: v.piece, when: activationKey(view) }; choose(ctx, offer.pieces.get(v.piece), v); },
      onPick: (i) => { picked = i; card.replaceChildren(statCard(view, ctx, i) || ''); for (const el of slot.querySelectorAll('.cp-base.chosen')) el.classList.remove('chosen'); slot.querySelector(`.cp-base[data-model="${i}"]`)?.classList.add('chosen'); },
    });
    applyZoom(svgEl);
    wireZoom(svgEl, () => draw());
    slot.replaceChildren(svgEl);
    zoom.show();
    const shown = picked ?? (view.activation ? view.activation.model : null);
    card.replaceChildren(shown !== null ? statCard(view, ctx, shown) || '' : h('p.small.muted', 'Tap a character for its stat card. Hover (or tap) a base for its range rings R1–R5 and the line of sight from the active one: a preview, the server measures.'));
    drawHint(view, ctx, offer, hint);
    freeBar.show();
  };
  field = { redraw: draw, hint };
  draw();
  // On a phone, while the prompt offers something on the map, the map goes
  // to the Move tab (the table's hand slot, above the prompt: style.css),
  // where the decision is made.
  const onMap = !!(ctx.prompt && (offer.ends.length || offer.points.length || offer.models.size || offer.targets.size || offer.tokens.size || offer.pieces.size || offer.flings.size || offer.edges.size));
  const el = h('section.cp-field-panel', { 'aria-label': 'The battlefield', dataset: isPhone() && onMap ? { section: 'hand', map: 'move' } : {} },
    h('div.cp-field-wrap', zoom.el, slot, freeBar.el, hint, h('p.small.muted.cp-legend', `${layoutName(view.layout)}, ${geo().tableInches}" square, your edge at the bottom. Numbers on terrain: Size. Badges: ⚡ power (top right), damage (bottom right), conditions (bottom left), ✓ activated, Z Dazed.`)),
    card);
  placed = { el, onMap, draw };
  return el;
}

// The map drawn last, whether the prompt offers something on it, and its
// redraw: when the screen crosses the phone width (turned, resized) it
// moves between the Move tab and the board without waiting for a new state.
let placed = null;
window.matchMedia('(max-width: 700px)').addEventListener('change', () => {
  if (!placed || !placed.el.isConnected) return;
  const { el, onMap, draw } = placed;
  const cp = document.querySelector('.board .cp');
  const slot = document.querySelector('.hand-slot');
  if (isPhone() && onMap && slot && !slot.contains(el)) { el.dataset.section = 'hand'; slot.prepend(el); }
  else if (!isPhone() && cp && !cp.contains(el)) { delete el.dataset.section; cp.insertBefore(el, cp.querySelector('[data-section="hand"]')); }
  draw();
});

/**
 * A tap target's radius in SVG units at the zoom shown: 22 px on a phone
 * or a touch screen (44 px across); 0 with a mouse, where the drawn sizes
 * serve (neighbouring ends, at least 0.8" apart, never cover each other).
 */
function fingerUnits() {
  return tapPx() > 11 ? unitsPerPx() * tapPx() : 0;
}

/** What the decision is (a new one forgets a zoom by hand): each new state is one (after a move, the attack is aimed afresh). */
const decisionKey = (view, ctx) => `${view.phase}|${view.round}|${ctx.version}`;

/** The box (SVG units) round what the prompt offers on the map, or null for the whole table. */
function offerBox(view, offer, O) {
  if (offer.edges.size) return null;
  const at = [];
  const pos = (i) => view.models[i] && view.models[i].deployed && at.push(view.models[i].pos);
  for (const e of offer.ends) at.push(e.value.to);
  for (const p of offer.points) at.push(p.p);
  for (const i of offer.targets.keys()) pos(i);
  for (const i of offer.models.keys()) pos(i);
  for (const t of offer.tokens.keys()) if (view.tokens[t]) at.push(view.tokens[t].pos);
  for (const k of offer.pieces.keys()) { const p = piecesOf(view)[k]; if (p) at.push(p.center); }
  if (view.activation) pos(view.activation.model);
  if (!at.length) return null;
  const xy = at.map((p) => O.to(p));
  const xs = xy.map((p) => p[0]);
  const ys = xy.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The free-hand plan's words (as the engine's option labels). */
const freeWords = (v) => `free-hand ${v.climb ? 'climb with the ' : ''}${v.tool} tool at ${v.angle} degrees${v.bend ? ` bent ${v.bend} degrees` : ''} to ${v.to[0].toFixed(1)}, ${v.to[1].toFixed(1)}`;

/**
 * The free-hand bar under the map, when the active character may advance:
 * one button per tool its offered plans use (S/M/L), "Climb" (the S tool
 * at the climb's movement Size) when climbs are offered, "Off", the preview's
 * verdict and "Move here" (tablets have no drop to send on). Taking a tool
 * lays it from the base (the first offered direction) and puts its plan in
 * the form; each drop of a handle puts the new plan there.
 */
function freeTools(view, ctx, offer) {
  const none = { el: null, show() {}, change() {}, paint() {}, handle: () => 0 };
  if (!offer.ends.length || offer.mover === null || offer.mover === undefined || !view.models[offer.mover]) return none;
  const m = view.models[offer.mover];
  const key = `${offer.mover}|${m.pos.join(',')}|${view.round}`;
  if (free && free.key !== key) free = null;
  const order = ['S', 'M', 'L'];
  const tools = [...new Set(offer.ends.filter((e) => !e.value.climb).map((e) => e.value.tool))].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const climbs = offer.ends.some((e) => e.value.climb);
  if (!tools.length && !climbs) return none;
  const at = offer.ends[0];
  const put = () => choose(ctx, at, planOf(free), true);
  const status = h('span.cp-free-status', { role: 'status' });
  const take = (tool, climb = false) => {
    if (free && free.tool === tool && !!free.climb === climb) return;
    const mv = moverOf(view, offer.mover);
    // Another tool keeps the direction, straightened; the first one starts along an offered plan.
    free = free ? { ...free, tool, climb, bend: 0, to: tipEnd(mv, tool, free.angle, 0) } : { key, ...startFree(view, mv, tool, offer.ends), climb };
    put();
  };
  const buttons = tools.map((t) => h('button.small.cp-free-tool-b', { type: 'button', dataset: { tool: t }, 'aria-pressed': 'false', onclick: () => take(t) }, `${t} ${geo().tools[t]}"`));
  if (climbs) buttons.push(h('button.small.cp-free-tool-b.cp-free-climb', { type: 'button', dataset: { tool: 'S', climb: '1' }, 'aria-pressed': 'false', title: 'The S tool as a climb: over and onto taller terrain', onclick: () => take('S', true) }, `Climb (S ${geo().tools.S}")`));
  const off = h('button.small.cp-free-off', { type: 'button', onclick: () => { free = null; delete ctx.draft[at.key]; const c = controls.get(at.key); if (c && c.set) c.set(undefined, true); if (field.redraw) field.redraw(); } }, 'Off');
  const go = h('button.small.primary.cp-free-go', { type: 'button', onclick: () => { if (!free) return; put(); sendForm(at.ai); } }, 'Move here');
  const el = h('div.cp-free-bar', { role: 'group', 'aria-label': 'Free-hand movement' },
    h('span.cp-free-label', 'Free-hand tool:'), buttons, off, go, status);
  return {
    el,
    show() {
      for (const b of buttons) b.setAttribute('aria-pressed', String(!!free && free.tool === b.dataset.tool && !!free.climb === !!b.dataset.climb));
      off.hidden = !free;
      go.hidden = !free;
      if (!free) status.textContent = 'take a tool, drag it from the base (its pivot handle), bend it at the tip handle, slide the ghost base along it';
    },
    change(f) { free = { ...free, ...f }; put(); },
    paint(plan, why) {
      status.textContent = why ? `preview: ${why} (the server decides)` : 'preview: the base may end here';
      status.dataset.ok = String(!why);
      // The preview already refuses it: the button says so (the server still judges).
      go.textContent = why ? 'Try anyway' : 'Move here';
      go.classList.toggle('primary', !why);
      go.classList.toggle('cp-try', !!why);
      go.title = why ? `The preview says ${why}; the server decides.` : '';
    },
    // Handles at least ~22 px on screen (a finger), in SVG units.
    handle: fingerUnits,
  };
}

/** The line under the map: what a tap does now, what is chosen, and a Send button. */
function drawHint(view, ctx, offer, hint) {
  const parts = [];
  const given = new Set(); // asks whose Send is on the line already
  const sendable = (at, what) => {
    const v = ctx.draft[at.key];
    if (v === undefined || given.has(at.ai)) return null;
    given.add(at.ai);
    return [h('span.cp-chosen', `Chosen: ${what(v)}`), ' ', h('button.small.primary.cp-send', { type: 'button', dataset: { ai: String(at.ai) }, onclick: () => sendForm(at.ai) }, 'Send')];
  };
  if (offer.ends.length) {
    const tools = [...new Set(offer.ends.map((e) => e.value.tool))].join('/');
    parts.push(h('span', free
      ? `Free-hand ${free.climb ? 'climb with the ' : ''}${free.tool} tool: drag the moving base or the pivot handle to turn it, the tip handle to bend it, the ghost base to slide the end along it; or tap one of the ${plural(offer.ends.length, 'offered move')} (the dots).`
      : `${plural(offer.ends.length, 'offered move')} (${tools}; the dots, ringed where several end together): hover one for its tool path, tap to choose (again for the next plan there), or drag the moving base.`));
    const at = offer.ends[0];
    const s = sendable(at, (v) => { const e = offer.ends.find((x) => same(x.value, v)); return e ? e.label : v && v.tool ? freeWords(v) : 'a move'; });
    if (s) parts.push(' ', s);
  } else if (offer.points.length) {
    parts.push(h('span', `${plural(offer.points.length, 'place')} offered (the squares): tap one to choose.`));
    const s = sendable(offer.points[0], (v) => { const p = offer.points.find((x) => same(x.value, v)); return p ? p.label : isPoint(v) ? `at ${v[0]}, ${v[1]}` : recordWords(inputAt(ctx, offer.points[0]), v) || 'a place'; });
    if (s) parts.push(' ', s);
  }
  if (offer.pieces.size) {
    const th = throwNow(view, offer, ctx);
    const dir = th && th.value ? th.at.dirs.find((d) => same(d.value, th.value)) : null;
    parts.push(h('span.cp-throw-hint', dir && dir.what
      ? ` Throw the ${pieceName(view, th.piece)} toward ${dir.angle}°: it ${dir.what}.`
      : th
      ? ` Throw the ${pieceName(view, th.piece)}: tap the direction to throw it (the arrows from the thrower${th.at.len ? `, ${th.at.len}" long` : ''}; each says what it would hit), or another outlined piece.`
      : ` ${plural(offer.pieces.size, 'piece')} of terrain may be thrown (outlined gold): tap one, then the direction to throw it.`));
  }
  if (offer.flings.size) {
    const fl = flingNow(view, offer, ctx);
    const name = (i) => charName(view.models[i].card);
    parts.push(h('span.cp-fling-hint', fl && fl.dir
      ? ` Throw ${name(fl.target)} toward ${fl.dir.angle}°: ${fl.dir.lands ? `it lands at ${fl.dir.lands.map((x) => x.toFixed(1)).join(', ')} and ` : ''}${fl.dir.what || 'the server says what it hits'}.`
      : fl
        ? ` Throw ${name(fl.target)}: tap a direction (each arrow ends where it would land, and says what it would hit), or another enemy ringed "throw".`
        : ` ${plural(offer.flings.size, 'enemy', 'enemies')} may be thrown (ringed "throw"): tap one, then the direction to throw it.`));
  }
  if ([...offer.targets.values()].some((t) => t.kind !== 'throw')) parts.push(h('span', ` Targets are ringed red with their dice (attack v defense, before cover and reactions): tap one.`));
  if (offer.models.size) parts.push(h('span', ' Tap one of your lit characters to choose it.'));
  if (offer.tokens.size) parts.push(h('span', ' Tap a lit token to interact with it.'));
  // The form open now (or the only one with choices): its choice, sent from here.
  const P = ctx.prompt;
  const withParams = P ? P.asks.map((x, ai) => ai).filter((ai) => (P.asks[ai].params || []).length === 1) : [];
  const ai = ctx.draft.__open ?? (withParams.length === 1 ? withParams[0] : undefined);
  const ask = P && ai !== undefined ? P.asks[ai] : null;
  if (ask && (ask.params || []).length === 1) {
    const param = ask.params[0];
    const s = sendable({ ai, key: `${ai}:${param.name}` }, (v) => {
      const o = (param.input.options || []).find((x) => same(x.value, v));
      // A point typed (not offered): said by its coordinates; a record's
      // fields entered by hand, each by its value.
      const pt = param.input.kind === 'point' && isPoint(v) ? v : null;
      return `${ask.label}: ${o ? o.label : pt ? `at ${pt[0]}, ${pt[1]}` : param.input.kind === 'record' ? recordWords(param.input, v) : ''}`;
    });
    if (s) parts.push(' ', s);
  }
  hint.replaceChildren(...parts.flat(Infinity).filter((x) => x !== null && x !== undefined));
  hint.hidden = !parts.length;
}

/** The input of the param under `at` ({ai, key}) in the prompt on screen. */
function inputAt(ctx, at) {
  const ask = ctx.prompt && ctx.prompt.asks[at.ai];
  const p = ask && (ask.params || []).find((x) => `${at.ai}:${x.name}` === at.key);
  return p ? p.input : null;
}

/** A record's value entered by hand, in words: each field filled, by its option's label or its value. */
function recordWords(input, v) {
  if (!input || input.kind !== 'record' || !v || typeof v !== 'object') return '';
  return input.fields.filter((f) => v[f.name] !== undefined).map((f) => {
    const x = v[f.name];
    if (isPoint(x)) return `at ${x[0]}, ${x[1]}`;
    if (f.input.kind === 'real') return `toward ${x}°`;
    const o = (f.input.options || []).find((y) => same(y.value, x));
    return o ? o.label : String(x);
  }).join(', ');
}

const pieceName = (view, i) => { const p = piecesOf(view)[i]; return p ? p.name : 'terrain'; };

// ------------------------------------------------------------ the reroll and order forms
/** The order the form holds (`draft`), when it lists every option once; else the options' own. */
function orderNow(draft, opts) {
  const all = opts.map((x) => x.value);
  return Array.isArray(draft) && draft.length === all.length && all.every((v) => draft.includes(v)) ? draft : all;
}

// The map's numbered targets (the offer drawn now): a new order renumbers
// them in place before the map is drawn again.
let ordered = null;
function renumber(order) {
  if (!ordered) return;
  const base = [...ordered.values()].some((x) => x.kind === 'order-named') ? 2 : 1;
  order.forEach((v, n) => { const o = ordered.get(v); if (o && o.kind === 'order') o.label = String(n + base); });
}

// Taps on the map give the targets their places, 1, 2, … in the order
// they are tapped (the rest keep theirs after them); a tap once all have
// been tapped, or on one tapped already, starts again.
let tapped = { key: null, list: [] };
function orderTap(ctx, at, i) {
  const opts = ctx.prompt.asks[at.ai].params.find((p) => p.name === 'order').input.options;
  const mark = `${at.key}|${opts.map((o) => o.value).join(',')}`;
  if (tapped.key !== mark || tapped.list.includes(i) || tapped.list.length >= opts.length) tapped = { key: mark, list: [] };
  tapped.list.push(i);
  const rest = orderNow(ctx.draft[at.key], opts).filter((v) => !tapped.list.includes(v));
  return [...tapped.list, ...rest];
}

/**
 * The order of a beam's or area's targets as a numbered list (the named
 * target, fixed, first), each moved up or down by buttons a finger can
 * take; the map numbers the targets the same way and takes taps.
 */
function orderControl(param, ctx, key, onPick) {
  const opts = param.input.options;
  const view = ctx.view;
  const first = view.pending_attack && typeof view.pending_attack.first === 'number' ? view.pending_attack.first : null;
  let items = orderNow(ctx.draft[key], opts);
  ctx.draft[key] = items;
  const list = h('ol.cp-order', { start: first === null ? 1 : 2, 'aria-label': param.label });
  const label = (v) => (opts.find((o) => same(o.value, v)) || { label: String(v) }).label;
  const draw = () => {
    list.replaceChildren(...items.map((v, n) => {
      const move = (d) => {
        const m = n + d;
        if (m < 0 || m >= items.length) return;
        items = items.slice();
        [items[n], items[m]] = [items[m], items[n]];
        ctx.draft[key] = items;
        draw();
        renumber(items);
        if (onPick) onPick(items);
        list.dispatchEvent(new Event('pick', { bubbles: true }));
      };
      return h('li.cp-order-item', { dataset: { model: String(v) } },
        h('span.cp-order-name', label(v)),
        h('button.icon.cp-order-up', { type: 'button', 'aria-label': `Attack ${label(v)} earlier`, disabled: n === 0, onclick: () => move(-1) }, '↑'),
        h('button.icon.cp-order-down', { type: 'button', 'aria-label': `Attack ${label(v)} later`, disabled: n === items.length - 1, onclick: () => move(1) }, '↓'));
    }));
  };
  draw();
  const el = h('div.cp-order-form',
    first !== null && view.models[first] ? h('p.small.cp-order-named', h('b', `1. ${charName(view.models[first].card)}`), ' (the named target, attacked first)') : null,
    list,
    h('p.small.muted', 'Tap the targets on the map in the order to attack them, or move them here.'));
  const c = { el, get: () => items, set: (v) => { if (!Array.isArray(v)) return false; items = orderNow(v, opts); ctx.draft[key] = items; draw(); return true; } };
  controls.set(key, c);
  return c;
}

/**
 * A reroll ability's dice (the modify step, a dodge): the roll drawn as the
 * log draws dice, each die a button to tap (44 px on a phone) that the
 * ability may reroll, a failure or a die it has rerolled already disabled
 * with the reason; the ability named with how many it rerolls.
 */
function rerollDice(param, ask, ctx, key) {
  const i = param.input;
  const side = /attack dice/.test((ctx.prompt && ctx.prompt.title) || '') ? 'atk' : 'def';
  const ability = (ask.fixed && ask.fixed.ability) || 'This ability';
  const faceOf = (o) => { const m = /:\s*(\w+)/.exec(o.label); return m ? m[1].toLowerCase() : 'blank'; };
  const open = (v) => i.options.some((o) => same(o.value, v) && !o.disabled);
  let chosen = Array.isArray(ctx.draft[key]) ? ctx.draft[key].filter(open) : [];
  const note = h('span.cp-reroll-count');
  const buttons = i.options.map((o) => {
    const f = faceOf(o);
    const [sym, tip] = DIE[f] || [f, f];
    const ok = dieSuccess(f, side);
    return h('button.cp-die-pick', {
      type: 'button', class: `cp-die-pick ${f}${ok ? ' success' : ''}`, disabled: !!o.disabled, 'aria-pressed': 'false',
      title: o.disabled ? `Die ${o.value + 1}, ${tip}: ${o.disabled}` : `Die ${o.value + 1}, ${tip}${ok ? ' (a success)' : ''}`,
      'aria-label': `Die ${o.value + 1}: ${f}${o.disabled ? ` (${o.disabled})` : ''}`,
      dataset: { die: String(o.value), face: f },
      onclick: () => toggle(o.value),
    }, h('span.cp-die-sym', sym), h('small', String(o.value + 1)));
  });
  const show = () => {
    buttons.forEach((b, n) => b.setAttribute('aria-pressed', String(chosen.includes(i.options[n].value))));
    note.textContent = ` ${chosen.length} of up to ${i.max} chosen`;
  };
  const el = h('div.cp-reroll', { role: 'group', 'aria-label': `${ability}: the dice to reroll` },
    h('p.small', h('b', ability), ` rerolls up to ${plural(i.max, 'die', 'dice')}: tap ${i.max === 1 ? 'the die' : 'the dice'}.`, note),
    h('div.cp-dice-pick', buttons));
  const toggle = (v) => {
    if (chosen.includes(v)) chosen = chosen.filter((x) => x !== v);
    else if (chosen.length < i.max) chosen = [...chosen, v];
    else if (i.max === 1) chosen = [v];
    ctx.draft[key] = chosen;
    show();
    el.dispatchEvent(new Event('pick', { bubbles: true }));
  };
  show();
  const c = { el, get: () => [...chosen].sort((a, b) => a - b), set: (v) => { chosen = Array.isArray(v) ? v.filter(open) : []; ctx.draft[key] = chosen; show(); return true; } };
  controls.set(key, c);
  return c;
}

// ------------------------------------------------------------ prompt controls
function input(param, ask, ctx, key) {
  const view = ctx.view;
  const i = param.input;
  const redraw = () => { if (field.redraw) field.redraw(); };
  if (ask.verb === 'reroll' && param.name === 'dice' && i.kind === 'many') return rerollDice(param, ask, ctx, key);
  if (ask.verb === 'order_targets' && i.kind === 'order') return orderControl(param, ctx, key, redraw);
  // Characters or Team Tactic cards to pick several of (the squad, and a
  // roster step if the engine offers one): the builder's cards.
  if (i.kind === 'many' && i.options && i.options.length && i.options.every((o) => charOf(o.value))) return squadCharacters(param, ctx, key, { threat: ask.verb === 'squad' });
  if (i.kind === 'many' && i.options && i.options.length && i.options.every((o) => tacticOf(o.value))) return squadTactics(param, ctx, key);
  // A continuous choice (a point, a movement plan, a superpower's point
  // and direction: any value within its domain) comes with ready-made
  // values, its quick picks, drawn and chosen like a `one`'s options; the
  // map's free-hand tool sends any other plan. With no quick pick (a
  // hemmed-in mover, a full deployment grid) the entries alone are drawn.
  const continuous = i.kind === 'point' || i.kind === 'record';
  if (!continuous && (i.kind !== 'one' || !i.options || !i.options.length)) return null;
  if (continuous && !i.options) i.options = [];
  if (i.kind === 'point') return pointChoice(param, ctx, key, redraw);
  // A superpower's choice of a point alone (Place, Transform): the same, as {point}.
  if (i.kind === 'record' && i.fields.length === 1 && i.fields[0].name === 'point') return pointChoice(param, ctx, key, redraw, { bounds: i.fields[0].input, wrap: (p) => ({ point: p }), unwrap: (v) => v && v.point });
  // A superpower's or card's choice naming a point or a direction beside
  // other things (the Mind Gem, the Charge, a throw): the quick picks, and
  // every field of the record entered by hand below them.
  if (i.kind === 'record' && ask.verb !== 'advance') return recordChoice(param, ctx, key, redraw);
  // A movement plan entered by hand (the tool, advance or climb, its
  // direction, bend and end) is the free-hand tool laid there: the map
  // draws it and previews it like one dragged.
  if (i.kind === 'record' && ask.verb === 'advance' && view.activation && view.models[view.activation.model]) {
    const m = view.models[view.activation.model];
    const freeKey = `${view.activation.model}|${m.pos.join(',')}|${view.round}`;
    return recordChoice(param, ctx, key, redraw, {
      keep: (v) => !!(v && v.tool && free),
      entered: (v) => { if (v.tool && typeof v.angle === 'number' && isPoint(v.to)) free = { key: freeKey, bend: 0, climb: false, ...v }; },
    });
  }
  if (ask.verb === 'advance' || ask.verb === 'deploy' || i.options.every((o) => isPoint(o.value)) || i.options.some((o) => o.value && Array.isArray(o.value.point))) {
    // A free-hand plan (an object with a tool) stays chosen when the form is drawn again.
    return choice(param, ctx, key, null, { many: 8, onPick: redraw, keep: ask.verb === 'advance' ? (v) => !!(v && v.tool && free) : null });
  }
  if (ask.verb === 'activate' || ask.verb === 'choose_leader' || (ask.verb === 'attack' && param.name === 'target')) {
    return choice(param, ctx, key, (o) => {
      const m = view.models[o.value];
      if (!m) return { body: o.label };
      const pool = ask.verb === 'attack' && view.activation ? poolPreview(view, view.activation.model, ask.fixed && ask.fixed.attack, o.value) : null;
      const a = view.activation ? view.models[view.activation.model] : null;
      const d = a && ask.verb === 'attack' ? Math.max(0, Math.hypot(a.pos[0] - m.pos[0], a.pos[1] - m.pos[1]) - a.radius - m.radius) : null;
      return {
        props: { ...tipProps(charName(m.card), charTip(m.card)), dataset: { model: String(o.value) }, style: { '--seat': seatColor(m.owner) } },
        body: [h('b', o.label), h('small', ` ${m.damage}/${m.stamina} dmg · ${m.power}⚡`),
          pool ? h('small.cp-pool', { dataset: { attack: String(pool.attack), defense: String(pool.defense) } }, ` · ${pool.attack} attack v ${pool.defense} defense dice`) : null,
          d !== null ? h('small', ` · ${d.toFixed(1)}" (R${rangeBand(d) || '5+'})`) : null],
      };
    }, { row: true, onPick: redraw });
  }
  if (ask.verb === 'interact') {
    return choice(param, ctx, key, (o) => {
      const t = view.tokens[o.value];
      return { props: t ? tipProps(o.label, crisisTip(view.crises[t.crisis])) : {}, body: o.label };
    }, { row: true, onPick: redraw });
  }
  if (i.options.some((o) => o.value && (typeof o.value.piece === 'number' || (typeof o.value.target === 'number' && typeof o.value.angle === 'number')))) {
    // A throw of terrain or of an enemy (the map picks the piece or the
    // enemy, then the direction): the list, kept as the fallback.
    return choice(param, ctx, key, null, { many: 8, onPick: redraw });
  }
  if (ask.verb === 'play_tactic' && param.name === 'card') {
    return choice(param, ctx, key, (o) => ({ props: { ...tipProps(tacticName(o.value), tacticTip(o.value)), dataset: { tactic: o.value } }, body: [h('b', o.label), tacticOf(o.value) ? h('small.cp-pick-text', ` ${tacticOf(o.value).text}`) : null] }));
  }
  if (ask.verb === 'choose_deck') return deckChoice(param, ctx, key);
  // The edges, as buttons the map's bands choose too (a tap on a band shows here).
  if (ask.verb === 'choose_edge') return choice(param, ctx, key, null, { row: true, onPick: redraw });
  if (ask.verb === 'choose_threat') {
    return choice(param, ctx, key, (o) => {
      const id = view.crises[o.value];
      return { props: { ...tipProps(crisisName(id), crisisTip(id)), dataset: { crisis: id } }, body: [h('b', o.label), h('small.cp-pick-text', ` ${crisisTip(id).split('\n').slice(1).join(' ')}`)] };
    });
  }
  return null;
}

/**
 * A point (a deployment, a token placed): the offered points as quick
 * picks (lit on the map too), and any other point within the prompt's
 * bounds typed as x and y (the engine takes any legal point; ruling 28).
 */
function pointChoice(param, ctx, key, redraw, { bounds = param.input, wrap = (p) => p, unwrap = (v) => v } = {}) {
  const i = bounds;
  const num = (axis, min, max) => h('input.num.cp-point-n', { type: 'number', step: 'any', min, max, inputmode: 'decimal', 'aria-label': `${param.label} ${axis}` });
  const x = num('x', i.min_x, i.max_x);
  const y = num('y', i.min_y, i.max_y);
  const show = (v) => { const p = unwrap(v); if (isPoint(p)) { x.value = String(p[0]); y.value = String(p[1]); } };
  const c = choice(param, ctx, key, null, { many: 8, onPick: (v) => { show(v); redraw(); }, keep: (v) => isPoint(unwrap(v)) });
  show(c.get());
  const put = () => { if (x.value !== '' && y.value !== '') c.set(wrap([Number(x.value), Number(y.value)]), true); };
  x.addEventListener('change', put);
  y.addEventListener('change', put);
  const own = h('div.cp-point-free', h('span.muted', 'or any point: '), h('label', 'x ', x), h('label', ' y ', y));
  return { ...c, el: h('div.cp-point', c.el, own) };
}

/**
 * A record's choice (a superpower's or card's point, direction, character,
 * attack, piece or token): the quick picks as a list (lit on the map too),
 * and under them one entry per field over its whole domain (ruling 28): a
 * `one` as a select (— for a field left out), a point as x and y, a
 * direction in degrees. Whatever the entries hold, the fields filled in, is
 * the choice; a quick pick fills them. The server judges the rest.
 */
function recordChoice(param, ctx, key, redraw, { keep = null, entered = () => {} } = {}) {
  const i = param.input;
  const entries = i.fields.map((f) => {
    const label = (s) => `${param.label}: ${f.label}${s}`;
    const num = (axis, min, max) => h('input.num.cp-rec-n', { type: 'number', step: 'any', min, max, inputmode: 'decimal', 'aria-label': label(axis) });
    const k = f.input.kind;
    if (k === 'point') {
      const x = num(' x', f.input.min_x, f.input.max_x);
      const y = num(' y', f.input.min_y, f.input.max_y);
      return { f, el: h('span.cp-rec-f', { dataset: { field: f.name } }, h('label', `${f.label} x `, x), h('label', ' y ', y)),
        get: () => (x.value === '' || y.value === '' ? undefined : [Number(x.value), Number(y.value)]),
        put: (v) => { x.value = isPoint(v) ? String(v[0]) : ''; y.value = isPoint(v) ? String(v[1]) : ''; } };
    }
    if (k === 'real') {
      const n = num('', f.input.min, f.input.max);
      return { f, el: h('span.cp-rec-f', { dataset: { field: f.name } }, h('label', `${f.label} `, n)),
        get: () => (n.value === '' ? undefined : Number(n.value)), put: (v) => { n.value = typeof v === 'number' ? String(v) : ''; } };
    }
    const opts = f.input.options || [];
    const sel = h('select.cp-rec-s', { 'aria-label': label('') }, h('option', { value: '' }, '—'), opts.map((o, n) => h('option', { value: String(n) }, o.label)));
    return { f, el: h('span.cp-rec-f', { dataset: { field: f.name } }, h('label', `${f.label} `, sel)),
      get: () => (sel.value === '' ? undefined : opts[Number(sel.value)].value), put: (v) => { const n = opts.findIndex((o) => same(o.value, v)); sel.value = n < 0 ? '' : String(n); } };
  });
  const show = (v) => { for (const e of entries) e.put(v && typeof v === 'object' ? v[e.f.name] : undefined); };
  const isRecord = (v) => !!v && typeof v === 'object' && !Array.isArray(v);
  const c = choice(param, ctx, key, null, { many: 8, onPick: (v) => { show(v); redraw(); }, keep: keep || isRecord });
  show(c.get());
  const put = () => {
    const v = {};
    for (const e of entries) { const x = e.get(); if (x !== undefined) v[e.f.name] = x; }
    if (Object.keys(v).length) { entered(v); c.set(v, true); }
  };
  for (const e of entries) e.el.addEventListener('change', put);
  const own = h('div.cp-rec-free', h('span.muted', 'or your own: '), entries.map((e) => e.el));
  return { ...c, el: h('div.cp-rec', c.el, own) };
}

/**
 * The deck choice as two decks side by side: each deck's crisis cards (the
 * house decks are public content, the whole deck of each kind; which card
 * is drawn is not known until both are drawn and revealed together) with
 * their Maximum Threat and tokens, and who draws from which.
 */
function deckChoice(param, ctx, key) {
  const opp = ctx.seatName(1 - (ctx.seat ?? 0));
  const control = choice(param, ctx, key, (o) => {
    const cards = Object.values(C.crisis).filter((k) => k.kind === o.value);
    const other = o.value === 'secure' ? 'Extraction' : 'Secure';
    // Spans, not a list: a button holds phrasing content only (the texts are
    // read with it; each card's whole text is its tip).
    return {
      props: { dataset: { deck: String(o.value) }, class: 'choice cp-choice cp-deck' },
      body: [
        h('span.cp-deck-head', h('b', o.label), h('small', ` · ${plural(cards.length, 'crisis card')}`)),
        h('small.cp-deck-who', `You draw one of these at random, ${opp} one from the ${other} deck; both are revealed together.`),
        h('span.cp-deck-cards', cards.map((k) => h('span.cp-deck-card', { dataset: { crisis: k.id, tip: crisisTip(k.id), tipTitle: k.name } },
          h('span.cp-deck-card-head', h('b', k.name), h('span.cp-threat', { title: 'Maximum Threat' }, `Threat ${k.maxThreat}`)),
          h('small', crisisTip(k.id).split('\n').slice(1).join(' '))))),
      ],
    };
  }, { row: true });
  control.el.classList.add('cp-decks');
  return control;
}

// ------------------------------------------------------------ rules help: every card
function reference() {
  if (!C.loaded) return h('p.muted', 'The card data has not loaded.');
  const group = (title, list, tipOf) => h('details.cp-ref', h('summary', `${title} (${list.length})`),
    h('dl.cp-ref-list', list.map((x) => [h('dt', x.name), h('dd', tipOf(x.id))])));
  const layouts = Object.values(C.layout).map((l) => h('details.cp-ref', h('summary', `Terrain: ${l.name}`),
    h('ul', l.pieces.map((p) => h('li', `${p.name}: Size ${p.size}, ${p.w}" × ${p.h}" at (${p.center.join(', ')})${p.standable === false ? ', not standable' : ''}`)))));
  return h('div.cp-reference',
    group('Stat cards (house content)', C.chars, charTip),
    C.forms.length ? group('Other forms (Transform)', C.forms, charTip) : null,
    group('Team Tactic cards', C.tactics, tacticTip),
    group('Crisis cards', Object.values(C.crisis), crisisTip),
    layouts);
}

// ------------------------------------------------------------ the log: names with their texts
let namesIndex = null;
function nameTips() {
  if (namesIndex) return namesIndex;
  const tips = new Map();
  for (const c of C.chars) tips.set(c.name, [c.name, () => charTip(c.id)]);
  for (const t of C.tactics) tips.set(t.name, [t.name, () => tacticTip(t.id)]);
  for (const k of Object.values(C.crisis)) tips.set(k.name, [k.name, () => crisisTip(k.id)]);
  namesIndex = termsIndex(tips);
  return namesIndex;
}
// The dice in the log's roll lines ("Attack roll: C H _. Defense roll: B _.",
// the rerolls and cover, a dodge) drawn as the attack panel draws them:
// symbols, each success ringed for the side that rolled it (the legend
// under the log and under the last attack, and each die's tip).
const SEQ = '[CWHB_F](?: [CWHB_F])*';
const DICE_LINES = [
  new RegExp(`^(.*?Attack roll: )(${SEQ})(\\. Defense roll: )(${SEQ})(.*)$`, 's'),
  new RegExp(`^(.*?rerolls(?: and cover)?: )(${SEQ})( against )(${SEQ})(.*)$`, 's'),
  new RegExp(`^(.*?dodges: )(${SEQ})(.*)$`, 's'),
];
function decorateDice() {
  const faces = (seq) => seq.split(' ').map((x) => LETTER_FACE[x] || 'blank');
  for (const li of document.querySelectorAll('.log-list li:not([data-cp-dice])')) {
    li.dataset.cpDice = '1';
    const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
    const nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    for (const node of nodes) {
      const re = DICE_LINES.find((r) => r.test(node.textContent));
      if (!re) continue;
      const m = node.textContent.match(re);
      const g = m.slice(1);
      // Groups alternate text and dice: attack dice first, then defense (a dodge's are defense).
      const sides = g.length === 3 ? ['def'] : ['atk', 'def'];
      let k = 0;
      node.replaceWith(...g.map((x, i) => (i % 2 ? dice(faces(x), sides[k++]) : x)));
    }
  }
  // Under a log that draws dice, what the symbols and rings mean.
  for (const list of document.querySelectorAll('.log-list')) {
    const legend = list.parentElement && list.parentElement.querySelector(':scope > .cp-log-legend');
    if (list.querySelector('.cp-dice') && !legend) list.after(h('p.small.muted.cp-dice-legend.cp-log-legend', `Dice: ${DICE_LEGEND}`));
  }
}

function decorateLog() {
  decorateDice();
  if (!C.loaded) return;
  decorateLogTerms(nameTips(), 'cp', (name, [title, tip]) => h('span.term', tipProps(title, tip()), name));
}

// ------------------------------------------------------------ register
registerRenderer(GAME, {
  reference,
  role(view, seat) {
    return view.edges && view.edges[seat] ? `${EDGE[view.edges[seat]] || view.edges[seat]} edge` : null;
  },
  render(view, ctx) {
    if (!C.loaded) loadContent();
    queueMicrotask(decorateLog);
    controls.clear();
    const me = ctx.seat === 0 || ctx.seat === 1 ? ctx.seat : null;
    const order = me === null ? [0, 1] : [me, 1 - me];
    return h('div.cp', { dataset: { phase: view.phase } },
      banner(view, ctx),
      C.loaded ? null : h('p.small.muted', 'The card data has not loaded yet: characters show by id.'),
      h('div.cp-squads', order.map((s) => squadPanel(view, ctx, s, { picked, pick: (i) => { picked = i; if (field.redraw) field.redraw(); } }))),
      discards(view),
      attackPanel(view, ctx),
      // The battlefield last, right above the prompt it answers.
      fieldPanel(view, ctx),
      myHand(view, ctx));
  },
  input,
});

