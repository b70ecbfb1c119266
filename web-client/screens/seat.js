// The seat-link screen (#/seat/<lobby>/<token>): the same seat on another
// device. It checks and saves the token, takes it out of the address bar,
// and hands over to the table. A program seat's link (#/program/...) opened
// in a browser says whom it is for instead.

import { h, api, saveSeat, loadSeat } from '../util.js';
import { screen, setPage, errorBox } from './page.js';

/**
 * #/seat/<lobby>/<token>: the same seat on another device. The token stays
 * in the fragment (never sent in a URL); it is checked, saved, and removed
 * from the address bar and the history.
 */
export async function adoptSeat(lobby, token) {
  history.replaceState(null, '', `/#/table/${lobby}`);
  setPage(h('section.panel.narrow', h('p.muted', 'Opening your seat…')));
  try {
    const info = await api('GET', `/api/lobbies/${lobby}`, { token });
    const old = loadSeat(lobby);
    // The player id comes with the table's welcome; keep an old one only for the same token.
    saveSeat(lobby, { token, player: old && old.token === token ? old.player : null, game: info.game, game_name: info.game_name });
    screen.route();
  } catch (e) {
    setPage(h('section.panel.narrow', h('h1', 'Cannot open this seat'), errorBox(e), h('a.button', { href: '#/' }, 'Home')));
  }
}

/**
 * #/program/<lobby>/<token> opened in a browser: the link is for a program
 * (its token opens only a program's hello, never a browser's), so the page
 * says what to do with it and shows it to copy.
 */
export function programLinkPage(lobby) {
  const link = location.href;
  setPage(h('section.panel.narrow',
    h('h1', 'This link is for a program'),
    h('p', 'The host of this table gave one seat to a program, a bot someone wrote, and this is that seat\'s link. A program plays with it over Backroom\'s public protocol; a browser cannot take the seat with it.'),
    h('p.muted.small', 'Give the whole link to the program, for example python3 examples/bots/bot.py followed by the link in quotes (docs/bots.md tells how).'),
    h('input', { type: 'text', readOnly: true, value: link, 'aria-label': 'Program link', dataset: { lobby }, onfocus: (e) => e.target.select() }),
    h('p', h('a.button', { href: '#/' }, 'Home'))));
}
