// The table's connection and store notices: the connection pill
// (Connected, Reconnecting…, Offline with a retry countdown), the notice
// when the socket is closed for good (a bad seat, removed by the host), and
// the "Saving is paused" banner while the server cannot save.

import { h, saveSeat, forgetSeat } from '../../util.js';
import { connPill } from '../page.js';

/** Its part of the table: `T` holds the table's state, elements and helpers, and every part's functions. */
export function statusPart(T) {
  const { S, mine, lobbyId, spectate, head, notice, pre, promptArea, chatForm, grid, conn } = T;

  // ---- connection status
  let statusTick = null;
  function showConn(st) {
    connPill.hidden = false;
    clearInterval(statusTick);
    connPill.dataset.state = st.state;
    connPill.replaceChildren();
    if (st.state === 'online') {
      connPill.textContent = 'Connected';
      notice.querySelector('.offline')?.remove();
    } else if (st.state === 'connecting') {
      connPill.textContent = st.attempt ? 'Reconnecting…' : 'Connecting…';
    } else if (st.state === 'waiting') {
      const tick = () => {
        const secs = Math.max(0, Math.ceil((st.retryAt - Date.now()) / 1000));
        connPill.replaceChildren(
          st.why === 'restarting' ? 'Server restarting… '
            : st.why === 'busy' ? `Too many connections, retrying in ${secs}s `
            : `Offline, retrying in ${secs}s `,
          h('button.link', { type: 'button', onclick: () => conn.retryNow() }, 'retry now'));
      };
      tick();
      statusTick = setInterval(tick, 500);
      if (!notice.querySelector('.offline') && st.why !== 'restarting') {
        notice.append(h('div.notice.offline', { role: 'status' }, st.why === 'busy'
          ? `${st.text || 'Too many connections from your address: close a Backroom tab you are not using.'} Your seat is safe.`
          : 'Connection lost. Your seat is safe; reconnecting automatically. Anything you send now goes out when we are back.'));
      }
    } else if (st.state === 'closed') {
      connPill.textContent = 'Disconnected';
      S.closed = st.reason;
      notice.replaceChildren(closedNotice(st.reason, st.text));
      // What is on screen is no longer ours to act on.
      promptArea.replaceChildren();
      pre.hidden = true;
      pre.replaceChildren();
      if (!S.lobby) {
        head.replaceChildren(h('h1', 'Cannot open this table'));
        grid.hidden = true;
      } else {
        chatForm.hidden = true;
      }
    }
  }

  function closedNotice(reason, text) {
    const forget = mine
      ? h('button.small', { type: 'button', onclick: () => { forgetSeat(lobbyId); location.hash = '#/'; } }, 'Forget this table')
      : h('a.button.small', { href: '#/' }, 'Home');
    if (reason === 'kicked') {
      if (mine) saveSeat(lobbyId, { kicked: true });
      return h('div.notice.bad', { role: 'alert' },
        h('strong', text || 'The host removed you from this lobby.'), ' ',
        'Ask the host for the invite link if that was a mistake. ', forget);
    }
    return h('div.notice.bad', { role: 'alert' },
      h('strong', text || (spectate ? 'This spectator link does not work.' : 'This browser’s seat is not valid here.')), ' ',
      text ? '' : 'The link or seat may be wrong, or the lobby has expired. ',
      forget);
  }

  // ---- the store. While the server cannot save (a typed
  // `store_unavailable` error frame, or a move refused with it), a banner
  // above the tabs says so on every tab, until the server says
  // `store_available`; a state frame newer than the version it was raised
  // at (a move was saved) takes it away too, for a server that does not
  // say so.
  function storeDown() {
    S.storeDownAt = typeof S.version === 'number' ? S.version : -1;
    if (notice.querySelector('.store-down')) return;
    notice.append(h('div.notice.store-down', { role: 'status' },
      h('strong', 'Saving is paused:'), ' the game’s database cannot be reached; your table retries and nothing is lost.'));
  }

  function storeBack() {
    S.storeDownAt = undefined;
    notice.querySelector('.store-down')?.remove();
  }

  /** Stops the pill's countdown (the table's cleanup). */
  function stopStatusTick() {
    clearInterval(statusTick);
  }

  return { showConn, closedNotice, storeDown, storeBack, stopStatusTick };
}
