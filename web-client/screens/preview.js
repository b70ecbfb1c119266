// The prompt preview (#/preview[/<game>]): every prompt input kind drawn by
// the generic controls (and a game's renderer, if named), for game authors;
// it talks to no server.

import { h, seatLabel } from '../util.js';
import { renderPrompt } from '../prompt.js';
import { loadRenderer, getRenderer } from '../renderers.js';
import { setPage } from './page.js';

/**
 * #/preview[/<game>]: every prompt input kind drawn by the generic controls
 * (and a game's renderer, if named), with the action each would send. For
 * game authors checking their prompts; it talks to no server.
 */
export async function previewPage(gameId) {
  document.title = 'Prompt preview · Backroom';
  const renderer = gameId ? await loadRenderer(gameId) : getRenderer('*');
  const opts = (...labels) => labels.map((l, i) => ({ value: i, label: l }));
  const prompt = {
    title: 'Every input kind',
    asks: [
      { verb: 'pass', label: 'Pass' },
      { verb: 'claim', label: 'Claim the Mission', disabled: 'costs 5 Hope; you have 4' },
      { verb: 'play', label: 'Play a card', fixed: { from: 'hand' }, params: [
        { name: 'card', label: 'Card', input: { kind: 'one', options: [...opts('Cerebro', 'Danger Room'), { value: 2, label: 'Blackbird', disabled: 'costs 3 Hope; you have 2' }] } },
        { name: 'school', label: 'School', input: { kind: 'one', options: opts('Xavier', 'Massachusetts', 'Hellfire', 'Genosha', 'Weapon X', 'Morlocks', 'Asteroid M') } },
        { name: 'targets', label: 'Targets', input: { kind: 'many', options: opts('Cyclops', 'Storm', 'Rogue', 'Gambit'), min: 1, max: 2 } },
        { name: 'amount', label: 'Hope', input: { kind: 'number', min: 0, max: 6 } },
      ] },
      { verb: 'arrange', label: 'Arrange', params: [
        { name: 'order', label: 'Order', input: { kind: 'order', options: opts('First', 'Second', 'Third') } },
      ] },
      { verb: 'move', label: 'Move', params: [
        { name: 'to', label: 'Hex', input: { kind: 'hex', cells: [[0, 0], [1, 0], [0, 1], [-1, 1]] } },
        { name: 'aim', label: 'Aim', input: { kind: 'point', min_x: 0, min_y: 0, max_x: 10, max_y: 10 } },
        { name: 'note', label: 'Note', input: { kind: 'text', max_len: 40 } },
      ] },
      // A continuous choice: a record of fields, ready-made values as quick picks.
      { verb: 'advance', label: 'Lay a tool', params: [
        { name: 'plan', label: 'Plan', input: { kind: 'record', fields: [
          { name: 'tool', label: 'Tool', input: { kind: 'one', options: [{ value: 'S', label: 'S tool' }, { value: 'M', label: 'M tool' }] } },
          { name: 'angle', label: 'Angle', input: { kind: 'real', min: -360, max: 360 } },
          { name: 'to', label: 'End', input: { kind: 'point', min_x: 0, min_y: 0, max_x: 36, max_y: 36 } },
        ], options: [{ value: { tool: 'S', angle: 0, to: [6, 2] }, label: 'S east to 6, 2' }, { value: { tool: 'M', angle: 90, to: [2, 8] }, label: 'M north to 2, 8' }] } },
      ] },
    ],
  };
  const view = { seats: 3, round: 2, hand: [{ name: 'Cerebro', cost: 2 }, { name: 'Blackbird', cost: 3 }], hope: [4, 2, 5], my_secret: null };
  const out = h('pre.preview-out', 'Submit something to see the action.');
  const ctx = { view, seat: 0, spectator: false, players: [], seatName: seatLabel, pending: null, prompt, outcome: null, lobby: null, version: 0, draft: {} };
  setPage(h('section.panel', h('h1', 'Prompt preview'), h('p.muted.small', 'Generic controls for every input kind; nothing is sent anywhere.')),
    h('div.table-grid',
      h('div.col-main',
        h('section.board', renderer.render(view, ctx)),
        h('div.prompt-area', renderPrompt(prompt, ctx, renderer, async (ask, action) => { out.textContent = JSON.stringify(action, null, 2); }))),
      h('div.col-side', h('section.panel', h('h2', 'Action'), out))));
}
