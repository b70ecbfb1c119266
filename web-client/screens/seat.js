// The seat-link screen (#/seat/<lobby>/<token>): the same seat on another
// device. It checks and saves the token, takes it out of the address bar,
// and hands over to the table.

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
