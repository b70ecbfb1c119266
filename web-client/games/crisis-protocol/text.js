// Marvel: Crisis Protocol: the public texts the table shows, from the
// engine's own content (GET /api/games/crisis-protocol/content, fetched
// once): stat cards, Team Tactic cards, crisis cards, terrain sets and the
// geometry constants (table size, ranges, tools, token size). Lookups by
// the ids the view carries, and the tip texts written from the cards'
// fields (the content has effects, not printed words, for attacks and
// crises).

import { contentLoader } from '../kit/load.js';

export const GAME = 'crisis-protocol';

export let C = { loaded: false, char: {}, tactic: {}, crisis: {}, layout: {}, chars: [], forms: [], tactics: [], geo: null };

// The digest's numbers, for a table drawn before the content arrives.
const GEO = { tableInches: 36, rangeInches: [2, 4, 6, 8, 10], tools: { S: 3.25, M: 5, L: 7 }, toolWidth: 0.75, tokenDiameter: 1, mmPerInch: 25.4, deployRange: 3 };

function index(raw) {
  const by = (list) => Object.fromEntries((list || []).map((x) => [x.id, x]));
  return {
    loaded: true,
    chars: raw.characters || [],
    tactics: raw.tactics || [],
    forms: raw.forms || [],
    // Other forms (Transform) are stat cards too, never in a roster.
    char: by([...(raw.characters || []), ...(raw.forms || [])]),
    tactic: by(raw.tactics),
    crisis: by(raw.crises),
    layout: by(raw.terrainSets),
    geo: { ...GEO, ...(raw.geometry || {}) },
  };
}

/** Fetches the content once (the kit's loader: after a failure, again at most every 5 s). */
export const loadContent = contentLoader(GAME, 'Crisis Protocol content', (raw) => { C = index(raw); });

export const geo = () => C.geo || GEO;
export const charOf = (id) => C.char[id] || null;
export const charName = (id) => (C.char[id] ? C.char[id].name : String(id));
export const tacticOf = (id) => C.tactic[id] || null;
export const tacticName = (id) => (C.tactic[id] ? C.tactic[id].name : String(id));
export const crisisOf = (id) => C.crisis[id] || null;
export const crisisName = (id) => (C.crisis[id] ? C.crisis[id].name : String(id));

const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
const words = (s) => cap(String(s).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
export const conditionName = (c) => cap(String(c));

export const CONDITION_TEXT = {
  bleed: '1 damage at the end of each of its activations.',
  hex: 'Criticals add no dice (attack, defense, dodge).',
  incinerate: '−1 defense die.',
  judgment: 'No power from enemy attack damage.',
  poison: '−1 power in the Power phase.',
  root: 'Pays 1 power before using an active or reactive superpower.',
  shock: '−1 attack die.',
  slow: 'Moves with the S tool only.',
  stagger: 'Its first action must be a Shake that removes Stagger.',
  stun: 'Any power gain above 1 becomes 1.',
};
export const conditionTip = (c) => CONDITION_TEXT[c] || '';

/** An effect object ({push: {dir, n}}) as words. */
export function effectWords(e) {
  if (!e || typeof e !== 'object') return '';
  return Object.entries(e).map(([k, v]) => {
    const args = v && typeof v === 'object' ? Object.entries(v) : [];
    switch (k) {
      case 'gainPowerFromDamage': return '+⚡ (gains power equal to the damage)';
      case 'gainCondition': return `the target gains ${conditionName(v.condition)}`;
      case 'push': return `push ${v.dir} ${v.n}`;
      case 'throw': return `throw ${v.n} (Size ${v.maxSize} or less)`;
      case 'damageNearby': return `other enemies within R${v.range} suffer ${v.amount}`;
      case 'ignoreCover': return 'ignores cover';
      case 'ignoreLOS': return 'ignores line of sight';
      case 'halveDefense': return "the target's defense pool is halved, rounded up";
      case 'removeDefenseDice': return `the target rolls ${v.n} defense ${v.n === 1 ? 'die' : 'dice'} fewer (never below 1)`;
      case 'namedTargetFirst': return 'the character aimed at is attacked first; the others in the order of the attacker\'s choice';
      default: return args.length ? `${words(k)} (${args.map(([a, x]) => `${words(a)} ${typeof x === 'object' ? JSON.stringify(x) : x}`).join(', ')})` : words(k);
    }
  }).join('; ');
}

const ICON = { wild: 'W', critical: 'C' };
function ruleWords(r) {
  const when = { always: '', beforeDamage: 'before damage', afterAttack: 'after the attack' }[r.when] ?? words(r.when);
  const icons = (r.icons || []).map((i) => ICON[i] || i).join('');
  const head = [icons ? `[${icons}]` : '', when].filter(Boolean).join(' ');
  return `${head ? `${head}: ` : ''}${effectWords(r.do)}`;
}

export function rangeWords(range) {
  if (!range) return '';
  return range.kind === 'normal' ? `R${range.n}` : `${cap(range.kind)} ${range.n}`;
}

/** One attack as a line. */
export function attackLine(a) {
  const rules = (a.rules || []).map(ruleWords).filter(Boolean);
  return `${a.name} (${a.type}, ${rangeWords(a.range)}, strength ${a.strength}, cost ${a.cost})${rules.length ? `: ${rules.join('; ')}` : ''}`;
}

/** A stat card as text (its tip and the rules reference). */
export function charTip(id) {
  const c = charOf(id);
  if (!c) return '';
  const s = c.sides.healthy;
  const lines = [
    `Threat ${c.threat} · ${c.affiliations.join(', ') || 'no affiliation'} · ${c.baseDiameterMm} mm base · alter ego ${c.alterEgo}`,
    `Stamina ${s.stamina} (Injured ${c.sides.injured.stamina}) · Speed ${s.speed} · Size ${s.size} · Defense: physical ${s.defense.physical}, energy ${s.defense.energy}, mystic ${s.defense.mystic}`,
  ];
  if (s.keywords && s.keywords.length) lines.push(`Keywords: ${s.keywords.map(words).join(', ')}`);
  if (s.immunities && s.immunities.length) lines.push(`Immune to ${s.immunities.map(conditionName).join(', ')}`);
  for (const a of s.attacks) lines.push(`Attack: ${attackLine(a)}`);
  for (const p of s.superpowers) lines.push(`${p.name} (${p.kind}${p.cost ? `, ${p.cost} ⚡` : ''}): ${p.text}`);
  if (c.leadership) lines.push(`Leadership: ${c.leadership.name} (${c.leadership.affiliation}): ${c.leadership.text}`);
  if (c.source === 'house') lines.push('House content.');
  return lines.join('\n');
}

export function tacticTip(id) {
  const t = tacticOf(id);
  if (!t) return '';
  return [`${cap(t.kind)} Team Tactic · cost ${t.cost} ⚡${t.affiliation ? ` · ${t.affiliation} only` : ''}`, t.text, t.source === 'house' ? 'House content.' : ''].filter(Boolean).join('\n');
}

export function crisisTip(id) {
  const c = crisisOf(id);
  if (!c) return '';
  const n = c.tokens.length;
  const mode = { secure: 'secured (more Healthy allies than enemies within R1 at Cleanup)', control: 'controlled (your control token on it: secure it once)', pickUp: 'held by a character (interact to pick it up)' }[c.tokenMode] || c.tokenMode;
  const lines = [
    `${cap(c.kind)} crisis · Maximum Threat ${c.maxThreat}`,
    `${n} ${c.token} token${n === 1 ? '' : 's'}; each ${mode} scores ${c.vpPerToken} VP at Cleanup${c.round6VpPerToken ? ` (${c.round6VpPerToken} in Round 6)` : ''}.`,
  ];
  for (const b of c.bonus || []) lines.push(`Token ${b.token + 1}: +${b.vp} VP from Round ${b.fromRound}.`);
  if (c.controlBonus) lines.push(`Controlling ${c.controlBonus.atLeast} or more: +${c.controlBonus.vp} VP.`);
  if (c.enemyHalfBonus) lines.push(`+${c.enemyHalfBonus} VP per token held in the enemy half.`);
  for (const r of c.holderRules || []) lines.push(r === 'noLongTool' ? 'A holder can\'t use the L tool.' : r === 'oneMovePerActivation' ? 'A holder makes one move action per activation.' : words(r));
  if (c.carry) lines.push(`A character holds at most ${c.carry}.`);
  return lines.join('\n');
}

/** The terrain pieces of a layout (the view's own list first, if the engine sends one). */
export function piecesOf(view) {
  if (Array.isArray(view.terrain)) return view.terrain;
  if (Array.isArray(view.pieces)) return view.pieces;
  const l = C.layout[view.layout];
  return l ? l.pieces : [];
}
export const layoutName = (id) => (C.layout[id] ? C.layout[id].name : id === 'generated' ? 'A generated layout' : String(id || ''));

export const DIE = {
  critical: ['✸', 'Critical: a success for both sides; adds a die to the first roll'],
  wild: ['★', 'Wild: a success for both sides'],
  hit: ['✖', 'Hit: an attack success'],
  block: ['⬢', 'Block: a defense success'],
  blank: ['·', 'Blank'],
  failure: ['⊘', 'Failure: can\'t be rerolled or modified'],
};
/** Is a face a success for the side that rolled it ('atk' or 'def'; a dodge is 'def')? */
export const dieSuccess = (face, side) => face === 'critical' || face === 'wild' || face === (side === 'atk' ? 'hit' : 'block');
/** The dice legend, as the table draws them. */
export const DICE_LEGEND = '✸ critical · ★ wild · ✖ hit · ⬢ block · · blank · ⊘ failure; a ringed die is a success for its roller (✖ when attacking, ⬢ when defending or dodging, ✸ and ★ for both).';
/** A die letter of the log ("C W H H B _ F") as a face name. */
export const LETTER_FACE = { C: 'critical', W: 'wild', H: 'hit', B: 'block', _: 'blank', F: 'failure' };

export const tipProps = (title, text) => (text ? { 'data-tip': text, 'data-tip-title': title, tabindex: '0' } : {});
