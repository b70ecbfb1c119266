// The table on a phone: four tabs instead of one long page.
//
// Every part of the table carries `data-pane` (move, board, players, talk);
// at phone width (the stylesheet's 700px break) the table shows the tab bar
// and only the chosen pane, plus what is always shown (the wait line, the
// notices). Wider screens ignore the tabs and show everything. A tab that
// is not chosen says when something waits there: a dot on "Move" when the
// table waits on you, the count of unread chat lines on "Log & chat".

import { h } from './util.js';

export const TABS = [
  ['move', 'Move'],
  ['board', 'Board'],
  ['players', 'Players'],
  ['talk', 'Log & chat'],
];

/** The tab bar for `table` (the element holding the panes). */
export function phoneTabs(table, { initial = 'move', onSelect } = {}) {
  const buttons = new Map();
  const bar = h('nav.tabbar', { role: 'tablist', 'aria-label': 'Table sections' });
  const select = (name, { scroll = true } = {}) => {
    table.dataset.tab = name;
    for (const [n, b] of buttons) b.setAttribute('aria-selected', String(n === name));
    if (scroll && isPhone()) window.scrollTo({ top: Math.min(window.scrollY, bar.offsetTop), behavior: 'instant' });
    onSelect?.(name);
  };
  for (const [name, label] of TABS) {
    const b = h('button.tab', { type: 'button', role: 'tab', dataset: { tab: name }, onclick: () => select(name) },
      h('span.tab-label', label), h('span.tab-badge', { hidden: true }));
    buttons.set(name, b);
    bar.append(b);
  }
  select(initial, { scroll: false });
  return {
    bar,
    select,
    current: () => table.dataset.tab,
    /** Shows `text` on a tab (a dot for ''), or nothing for null. */
    badge(name, text) {
      const el = buttons.get(name)?.querySelector('.tab-badge');
      if (!el) return;
      el.hidden = text === null || text === undefined;
      el.textContent = text || '';
      el.classList.toggle('dot-only', text === '');
    },
  };
}

/** True at phone width, where the tabs are in use. */
export function isPhone() {
  return window.matchMedia('(max-width: 700px)').matches;
}
