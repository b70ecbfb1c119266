// Marvel: Crisis Protocol: the table's panels beside the battlefield,
// drawn from the viewer's view only: both squads (each character's damage
// of its Stamina, power, conditions, ready / activated / Dazed / KO; the
// roster and Team Tactic cards as far as the viewer may know them), the
// attack under way with its dice pools and the last attack with each step
// the log tells (roll, rerolls and cover, result) and its final dice,
// reactions waiting, a character's whole stat card, and the viewer's own
// Team Tactic cards. Small shared pieces (names, seat tags) live here too.

import { h } from '../../util.js';
import {
  charOf, charName, charTip, tacticOf, tacticName, tacticTip, conditionName, conditionTip, attackLine, DIE, LETTER_FACE, dieSuccess, DICE_LEGEND, tipProps, rangeWords,
} from './text.js';
import { seatColor } from './field.js';

// ------------------------------------------------------------ small pieces
export const who = (ctx, s) => (s === ctx.seat && !ctx.replay ? 'you' : ctx.seatName(s));
export const names = (ctx, text) => (ctx.names ? ctx.names(text) : text);
export const seatTag = (ctx, s) => h('span.cp-seat', { style: { '--seat': seatColor(s) }, dataset: { seat: String(s) } }, who(ctx, s));
export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
export const EDGE = { south: 'South', north: 'North', west: 'West', east: 'East' };
export const MAX_ROUND = 6;

export function modelTag(view, ctx, i) {
  const m = view.models[i];
  if (!m) return h('span', `#${i}`);
  return h('span.cp-mtag', { ...tipProps(`${charName(m.card)} (${who(ctx, m.owner)})`, charTip(m.card)), style: { '--seat': seatColor(m.owner) }, dataset: { model: String(i) } }, charName(m.card));
}

/** The dice before rolling (preview: cover, leadership and reactions are the server's). */
export function poolPreview(view, attacker, idx, target) {
  const a = view.models[attacker];
  const t = view.models[target];
  const ac = a && charOf(a.card);
  const tc = t && charOf(t.card);
  if (!ac || !tc) return null;
  const atk = ac.sides.healthy.attacks[idx];
  if (!atk) return null;
  const bonus = view.activation && view.activation.model === attacker ? view.activation.bonus_dice || 0 : 0;
  const attack = Math.max(1, atk.strength + bonus - (a.conditions.includes('shock') ? 1 : 0));
  const defense = Math.max(1, tc.sides.healthy.defense[atk.type] - (t.conditions.includes('incinerate') ? 1 : 0));
  return { attack, defense, type: atk.type, name: atk.name };
}

// ------------------------------------------------------------ the squads
function modelRow(view, ctx, m, i, sel) {
  const c = charOf(m.card);
  const state = m.ko ? 'KO' : m.dazed ? 'Dazed' : !m.deployed ? 'not deployed' : m.activated ? 'activated' : 'ready';
  const active = view.activation && view.activation.model === i;
  const pct = m.stamina ? Math.min(100, (m.damage * 100) / m.stamina) : 0;
  return h('li.cp-model', {
    class: `cp-model${m.ko ? ' ko' : ''}${m.dazed ? ' dazed' : ''}${m.activated ? ' activated' : ''}${active ? ' active' : ''}${sel.picked === i ? ' picked' : ''}`,
    dataset: { model: String(i), card: m.card, k: `model:${i}`, v: `${m.damage}|${m.power}|${m.conditions.join(',')}|${state}|${m.injured}` },
    onclick: () => sel.pick(i),
  },
  h('span.cp-model-name', tipProps(charName(m.card), charTip(m.card)), charName(m.card)),
  c ? h('small.cp-model-sub', `T${c.threat} · ${c.baseDiameterMm} mm`) : null,
  h('span.cp-stamina', { title: `${m.injured ? 'Injured' : 'Healthy'}: ${m.damage} damage of ${m.stamina} Stamina`, dataset: { damage: String(m.damage), stamina: String(m.stamina) } },
    h('i', { style: { '--w': `${pct}%` } }), h('small', `${m.damage}/${m.stamina}${m.injured ? ' inj.' : ''}`)),
  h('span.cp-power', { title: 'Power' }, `${m.power}⚡`),
  m.conditions.map((cd) => h('span.cp-cond', tipProps(conditionName(cd), conditionTip(cd)), conditionName(cd))),
  h('span.cp-state', { class: `cp-state ${state.replace(/\s/g, '-')}` }, active ? 'activating' : state));
}

export function squadPanel(view, ctx, s, sel) {
  const sq = view.squads[s];
  const mine = s === ctx.seat;
  const models = view.models.map((m, i) => [m, i]).filter(([m]) => m.owner === s);
  const roster = view.rosters && view.rosters[s];
  const rosterLine = !models.length && roster
    ? (roster.characters
      ? h('p.small.cp-roster-line', h('span.muted', mine ? 'Your roster: ' : 'Roster: '),
        roster.characters.map((id, k) => [k ? ', ' : '', h('span', tipProps(charName(id), charTip(id)), charName(id))]),
        roster.tactics && roster.tactics.length ? [h('br'), h('span.muted', 'Team Tactic cards: '), roster.tactics.map((id, k) => [k ? ', ' : '', h('span', tipProps(tacticName(id), tacticTip(id)), tacticName(id))])] : null)
      : h('p.small.muted.cp-roster-line', { dataset: { rosterCommitted: String(!!roster.committed) } }, roster.committed ? 'Roster committed (secret).' : view.phase === 'rosters' ? 'Choosing a roster in secret…' : ''))
    : null;
  const confirmed = view.phase === 'battlefield' && view.layout_confirmed ? h('span.cp-chip', { dataset: { k: `confirmed:${s}`, v: String(view.layout_confirmed[s]) } }, view.layout_confirmed[s] ? 'layout confirmed' : 'layout not confirmed yet') : null;
  let body;
  if (models.length) body = h('ul.cp-models', models.map(([m, i]) => modelRow(view, ctx, m, i, sel)));
  else if (sq.characters) body = h('p.small', mine ? 'Your squad (secret until both are in): ' : 'Squad: ', sq.characters.map((id, k) => [k ? ', ' : '', h('span', tipProps(charName(id), charTip(id)), charName(id))]));
  else body = h('p.small.muted.cp-secret', { dataset: { committed: String(!!sq.committed) } }, sq.committed ? 'Squad committed, secret until both are in.' : view.phase === 'squad_build' ? 'Choosing a squad in secret…' : 'No squad yet.');
  if (!models.length && !sq.characters && !sq.committed && view.phase !== 'squad_build' && rosterLine) body = null;
  const tactics = sq.tactics;
  return h('section.cp-squad', {
    class: `cp-squad seat-${s}${mine ? ' mine' : ''}`, style: { '--seat': seatColor(s) }, dataset: { seat: String(s) }, 'aria-label': `${ctx.seatName(s)}'s squad`,
  },
  h('header.cp-squad-head',
    h('span.cp-squad-name', ctx.presenceDot ? ctx.presenceDot(s) : null, ctx.seatName(s), mine && !ctx.replay ? h('span.you', 'you') : null),
    view.edges ? h('small.cp-edge', `${EDGE[view.edges[s]] || view.edges[s]} edge`) : null,
    view.priority === s && view.phase !== 'rosters' && view.phase !== 'battlefield' ? h('span.cp-prio-mark', { title: 'Priority' }, 'priority') : null,
    view.leaders && view.leaders[s] !== null && view.leaders[s] !== undefined && view.models[view.leaders[s]]
      ? h('span.cp-chip', { title: 'The leader chosen for the game: its Leadership ability works while it is on the battlefield' }, `leader: ${charName(view.models[view.leaders[s]].card)}`) : null,
    view.contest_defense && view.contest_defense[s] ? h('span.cp-chip', { title: 'Hold Together: contesting characters roll more defense dice until Cleanup' }, `+${view.contest_defense[s]} defense contesting`) : null,
    confirmed,
    h('span.cp-squad-vp', { dataset: { k: `vp-squad:${s}`, v: String(view.vp[s]) } }, h('b', String(view.vp[s])), ' VP')),
  rosterLine,
  body,
  tactics && tactics.length ? h('p.small.cp-tt', h('span.muted', mine ? 'Your Team Tactic cards: ' : 'Team Tactic cards: '),
    tactics.map((id, k) => [k ? ', ' : '', h('span.cp-tt-name', { ...tipProps(tacticName(id), tacticTip(id)), dataset: { tactic: id } }, tacticName(id))])) : null);
}

// ------------------------------------------------------------ attacks and dice
export function dice(faces, cls) {
  return h('span.cp-dice', { class: `cp-dice ${cls}` }, faces.map((f) => {
    const [l, t] = DIE[f] || [f, f];
    const ok = dieSuccess(f, cls.includes('def') ? 'def' : 'atk');
    return h('span.cp-die', { class: `cp-die ${f}${ok ? ' success' : ''}`, title: ok ? `${t} (a success)` : t, dataset: { face: f } }, l);
  }));
}
const lettersToFaces = (s) => s.trim().split(/\s+/).filter(Boolean).map((x) => LETTER_FACE[x] || 'blank');

/** The steps of the newest attack in the log: the roll, rerolls and cover, the result. */
function attackSteps(log) {
  if (!Array.isArray(log)) return [];
  let at = -1;
  for (let i = log.length - 1; i >= 0; i--) if (/^Attack roll: /.test(log[i])) { at = i; break; }
  if (at < 0) return [];
  const out = [];
  for (let i = at; i < log.length; i++) {
    const l = log[i];
    let m;
    if (i > at && /^Attack roll: /.test(l)) break;
    if ((m = /^Attack roll: (.*?)\. Defense roll: (.*?)\.$/.exec(l))) out.push({ what: 'Rolled', a: lettersToFaces(m[1]), d: lettersToFaces(m[2]) });
    else if ((m = /^After (\d+) attack and (\d+) defense rerolls( and cover)?: (.*) against (.*)\.$/.exec(l))) {
      out.push({ what: `After ${plural(Number(m[1]), 'attack reroll')}, ${plural(Number(m[2]), 'defense reroll')}${m[3] ? ' and cover' : ''}`, a: lettersToFaces(m[4]), d: lettersToFaces(m[5]) });
    } else if ((m = /^(\d+) successes against (\d+): (\d+) damage\.$/.exec(l))) out.push({ what: 'Result', text: `${m[1]} successes against ${m[2]}: ${m[3]} damage` });
    else if (/dodges: /.test(l)) out.push({ what: 'Dodge', line: l });
  }
  return out;
}

/** A reaction waiting on a player (Overwatch, a dodge, Last Stand), in words. */
function reactionLine(view, ctx, r) {
  switch (r.kind) {
    case 'overwatch': return [seatTag(ctx, r.seat), ` may react to `, modelTag(view, ctx, r.mover), '\'s advance (Overwatch).'];
    case 'dodge': return [modelTag(view, ctx, r.model), ` dodges ${r.incoming} damage: `, dice(r.dice || [], 'def'), ' (a reroll may still be played).'];
    case 'place_token': return [seatTag(ctx, r.seat), ` ${r.seat === ctx.seat ? 'place' : 'places'} a dropped token within R2 of where its holder was.`];
    case 'last_stand': return [modelTag(view, ctx, r.model), ' would be knocked out: Last Stand may be played.'];
    default: return [String(r.kind || 'A reaction').replace(/_/g, ' '), ' is waiting.'];
  }
}

export function attackPanel(view, ctx) {
  const P = view.pending_attack;
  const L = view.last_attack;
  const R = view.reactions || [];
  if (!P && !L && !R.length) return null;
  const parts = [];
  if (R.length) parts.push(h('ul.cp-reactions', { dataset: { k: 'reactions', v: JSON.stringify(R) } }, R.map((r) => h('li', { dataset: { reaction: r.kind } }, reactionLine(view, ctx, r)))));
  const S = P && P.modify && P.modify.side;
  if (S) {
    // A strike back or an Overwatch attack whose dice are being modified
    // (engine version 7): its own characters, not the attack it answers.
    const sc = charOf(view.models[S.attacker].card);
    const sa = sc ? sc.sides.healthy.attacks[S.attack] : null;
    parts.push(h('div.cp-pending', { dataset: { k: 'pending-attack', v: JSON.stringify(P) } },
      h('b', S.overwatch ? 'Overwatch attack: ' : 'Strike back: '), modelTag(view, ctx, S.attacker), sa ? ` with ${sa.name}` : '', ' at ', modelTag(view, ctx, S.target),
      h('div.small', 'Dice being modified: ', dice(P.modify.attack_dice, 'atk'), h('span.muted', ' vs '), dice(P.modify.defense_dice, 'def'))));
  } else if (P) {
    const cur = P.after ?? P.current;
    const ac = charOf(view.models[P.attacker].card);
    const atk = ac ? ac.sides.healthy.attacks[P.attack] : null;
    const pool = cur !== null && cur !== undefined ? poolPreview(view, P.attacker, P.attack, cur) : null;
    parts.push(h('div.cp-pending', { dataset: { k: 'pending-attack', v: JSON.stringify(P) } },
      h('b', 'Attack under way: '), modelTag(view, ctx, P.attacker), atk ? ` with ${atk.name} (${rangeWords(atk.range)}, ${atk.type})` : '',
      cur !== null && cur !== undefined ? [' at ', modelTag(view, ctx, cur)] : '',
      P.after !== null && P.after !== undefined ? ' · may strike back' : ' · the target may react',
      pool ? h('div.small', `Dice before the roll: ${pool.attack} attack against ${pool.defense}${P.extra_defense ? ` + ${P.extra_defense}` : ''} defense (${pool.type})${P.defense_rerolls ? `, ${plural(P.defense_rerolls, 'defense reroll')}` : ''}; cover and leadership are the server's.`) : null,
      P.queue && P.queue.length ? h('div.small', 'Still to attack: ', P.queue.map((t, k) => [k ? ', ' : '', modelTag(view, ctx, t)])) : null,
      P.used && P.used.length ? h('div.small', `Reactions used: ${P.used.join(', ')}`) : null,
      P.modify ? h('div.small', 'Dice being modified: ', dice(P.modify.attack_dice, 'atk'), h('span.muted', ' vs '), dice(P.modify.defense_dice, 'def')) : null));
  }
  if (L) {
    const steps = attackSteps(ctx.log);
    parts.push(h('div.cp-last', { dataset: { k: 'last-attack', v: JSON.stringify(L) } },
      h('div', h('span.muted', 'Last attack: '), modelTag(view, ctx, L.attacker), ` with ${L.attack} at `, modelTag(view, ctx, L.target),
        L.cover ? h('span.cp-chip', { title: 'The target had cover: a non-success defense die became a block' }, 'cover') : null),
      steps.length ? h('ol.cp-steps', steps.map((st) => h('li', h('span.cp-step', st.what), st.a ? [dice(st.a, 'atk'), h('span.muted', ' vs '), dice(st.d, 'def')] : null,
        st.text ? ` ${st.text}` : '', st.line ? ` ${names(ctx, st.line)}` : ''))) : null,
      h('div.cp-final', h('span.cp-step', 'Final'), dice(L.attack_dice, 'atk'), h('span.muted', ' vs '), dice(L.defense_dice, 'def'),
        h('b.cp-dealt', { dataset: { damage: String(L.damage) } }, ` ${L.damage} damage`)),
      h('p.small.muted.cp-dice-legend', DICE_LEGEND)));
  }
  return h('section.cp-attack', { 'aria-label': 'Attacks' }, parts);
}

// ------------------------------------------------------------ a whole stat card
export function statCard(view, ctx, i) {
  const m = view.models[i];
  if (!m) return null;
  const c = charOf(m.card);
  if (!c) return h('p.small', charName(m.card));
  const s = c.sides.healthy;
  return h('section.cp-card', { 'aria-label': `${c.name}'s stat card`, dataset: { model: String(i), card: m.card }, style: { '--seat': seatColor(m.owner) } },
    h('h3', c.name, h('small', ` · ${who(ctx, m.owner)} · threat ${c.threat}`)),
    h('p.small', `${c.affiliations.join(', ')} · ${c.baseDiameterMm} mm · Size ${s.size} · Speed ${s.speed} · Stamina ${s.stamina} (Injured ${c.sides.injured.stamina})`),
    h('p.small', `Defense: physical ${s.defense.physical}, energy ${s.defense.energy}, mystic ${s.defense.mystic}`,
      s.keywords.length ? ` · ${s.keywords.join(', ')}` : '', s.immunities.length ? ` · immune to ${s.immunities.map(conditionName).join(', ')}` : ''),
    h('p.small', h('b', `${m.injured ? 'Injured' : 'Healthy'}: ${m.damage}/${m.stamina} damage · ${m.power}⚡`),
      m.conditions.length ? ` · ${m.conditions.map(conditionName).join(', ')}` : '', m.dazed ? ' · Dazed' : m.activated ? ' · activated' : ''),
    h('ul.cp-card-lines', s.attacks.map((a) => h('li', h('b', 'Attack: '), attackLine(a))), s.superpowers.map((p) => h('li', h('b', `${p.name}`), ` (${p.kind}${p.cost ? `, ${p.cost}⚡` : ''}): ${p.text}`)),
    c.leadership ? h('li', h('b', `Leadership: ${c.leadership.name}`), ` (${c.leadership.affiliation}): ${c.leadership.text}`) : null));
}

// ------------------------------------------------------------ my hand
export function myHand(view, ctx) {
  if (ctx.seat === null || ctx.seat === undefined) return null;
  const sq = view.squads[ctx.seat];
  if (!sq || !sq.tactics || !sq.tactics.length) return null;
  return h('section.cp-hand', { 'aria-label': 'Your Team Tactic cards', dataset: { section: 'hand' } },
    h('h3', `Your Team Tactic cards (${sq.tactics.length})`, view.phase === 'squad_build' ? h('small.muted', ' · secret until both squads are in') : null),
    h('ul.cp-cards', sq.tactics.map((id) => {
      const t = tacticOf(id);
      return h('li.cp-ttcard', { ...tipProps(tacticName(id), tacticTip(id)), dataset: { tactic: id, k: `tt:${id}` } },
        h('div.cp-ttcard-head', h('b', tacticName(id)), t ? h('span.cp-cost', `${t.cost}⚡`) : null),
        t ? h('small.muted', `${t.kind}${t.affiliation ? ` · ${t.affiliation}` : ''}`) : null,
        t ? h('p.cp-ttcard-text', t.text) : null);
    })));
}

export function discards(view) {
  if (!view.discards || !view.discards.length) return null;
  return h('p.small.cp-discards', h('span.muted', 'Team Tactic cards played: '), view.discards.map((id, k) => [k ? ', ' : '', h('span', tipProps(tacticName(id), tacticTip(id)), tacticName(id))]));
}
