// Rules help: each game's rules summary and glossary, from its data file
// games/<id>/rules.json ({name, summary, sections: [{title, items}],
// glossary: [{term, text}], cards?}). Shown in a dialog over the table (the
// match stays connected) and as the page #/rules/<id>. Glossary terms in
// the summary are marked and show their meaning on hover and on tap
// (tips.js). With `cards: true` the game's renderer adds its card and
// School reference (`renderer.reference()`).

import { h } from './util.js';
import { loadRenderer } from './renderers.js';
import './tips.js';

const cache = new Map();

/** The game's rules data, or null when it has none. */
export function loadRules(gameId) {
  if (!cache.has(gameId)) {
    cache.set(gameId, fetch(new URL(`./games/${encodeURIComponent(gameId)}/rules.json`, import.meta.url), { cache: 'no-cache' })
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null));
  }
  return cache.get(gameId);
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Text with every glossary term (whole words, any case) marked as a tip. */
function withTerms(text, glossary) {
  if (!glossary.length) return [text];
  const terms = [...glossary].sort((a, b) => b.term.length - a.term.length);
  const re = new RegExp(`\\b(${terms.map((g) => escapeRe(g.term)).join('|')})(s?)\\b`, 'gi');
  const out = [];
  let at = 0;
  let m;
  while ((m = re.exec(text))) {
    const g = terms.find((x) => x.term.toLowerCase() === m[1].toLowerCase());
    out.push(text.slice(at, m.index), h('span.term', { tabindex: '0', 'data-tip': g.text, 'data-tip-title': g.term }, m[0]));
    at = m.index + m[0].length;
  }
  out.push(text.slice(at));
  return out;
}

/** The rules summary, glossary and (if any) card reference as one element. */
export async function rulesContent(gameId) {
  const rules = await loadRules(gameId);
  if (!rules) return h('p.muted', 'This game has no rules summary here yet.');
  const glossary = rules.glossary || [];
  const parts = [
    h('p.rules-summary', rules.summary),
    ...(rules.sections || []).map((s) => h('section.rules-section',
      h('h3', s.title),
      h('ul', s.items.map((t) => h('li', withTerms(t, glossary)))))),
  ];
  if (glossary.length) {
    parts.push(h('section.rules-section.glossary', { id: 'glossary' },
      h('h3', 'Glossary'),
      h('dl.glossary-list', glossary.map((g) => [h('dt', { dataset: { term: g.term } }, g.term), h('dd', g.text)]))));
  }
  if (rules.cards) {
    const r = await loadRenderer(gameId);
    const ref = r && r.reference ? r.reference() : null;
    if (ref) parts.push(h('section.rules-section.cards', h('h3', 'Cards and Schools'), ref));
  }
  return h('div.rules', { dataset: { game: gameId } }, parts);
}

/** Opens the rules over the current page (the table stays as it is). */
export async function openRules(gameId, gameName) {
  document.querySelector('dialog.rules-dialog')?.remove();
  const body = h('div.rules-body', h('p.muted', 'Loading the rules…'));
  const close = h('button.small', { type: 'button', 'aria-label': 'Close the rules' }, 'Close');
  const dlg = h('dialog.rules-dialog', { 'aria-label': `${gameName || 'Game'} rules` },
    h('div.rules-top', h('h2', `${gameName || 'Game'}: rules`),
      h('a.small', { href: `#/rules/${encodeURIComponent(gameId)}`, target: '_blank', rel: 'noopener' }, 'Open in a new tab'),
      close),
    body);
  close.addEventListener('click', () => dlg.close());
  dlg.addEventListener('close', () => dlg.remove());
  // A click on the backdrop closes it.
  dlg.addEventListener('click', (e) => { if (e.target === dlg) dlg.close(); });
  document.body.append(dlg);
  dlg.showModal();
  body.replaceChildren(await rulesContent(gameId));
  return dlg;
}

/** The "Rules" button for a table's head. */
export function rulesButton(gameId, gameName) {
  return h('button.small.rules-button', { type: 'button', dataset: { rules: gameId }, onclick: () => openRules(gameId, gameName) }, 'Rules');
}

/** #/rules/<id>: the rules as a page of its own. */
export async function rulesPage(app, gameId) {
  const rules = await loadRules(gameId);
  const name = rules ? rules.name : gameId;
  document.title = `${name} rules · Backroom`;
  app.replaceChildren(h('section.panel.rules-page', h('h1', `${name}: rules`), await rulesContent(gameId)));
}
