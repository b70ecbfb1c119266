// What a person at the lobby asks of the server: seat, swap, bots, a
// program seat, start, host, remove, stand-in (one POST each, the answer
// drawn as a lobby frame), leaving, and taking over from a host who is away.

import { h, api, forgetSeat, saveSeat, toast } from '../../util.js';

/** Its part of the table: `T` holds the table's state, elements and helpers, and every part's functions. */
export function lobbyCallsPart(T) {
  const { S, mine, lobbyId, away, players, me, isHost, awayFor } = T;
  const onMsg = (...a) => T.onMsg(...a);
  const drawAll = (...a) => T.drawAll(...a);
  const waitWords = (...a) => T.waitWords(...a);

  async function lobbyCall(what, body) {
    try {
      const info = await api('POST', `/api/lobbies/${lobbyId}/${what}`, { token: mine.token, body: body === undefined ? undefined : body });
      if (info && info.id) onMsg({ type: 'lobby', lobby: info });
    } catch (e) {
      toast(e.message, 'error', 6000);
    }
  }

  /**
   * Holds seat `s` for a program (docs/bots.md). The server shows its link
   * once: it is kept with this browser's seat, so the lobby can show it
   * again after a reload.
   */
  async function holdForProgram(s) {
    try {
      const r = await api('POST', `/api/lobbies/${lobbyId}/program`, { token: mine.token, body: { seat: s } });
      mine.programs = { ...(mine.programs || {}), [s]: { player: r.player, url: r.url } };
      saveSeat(lobbyId, { programs: mine.programs });
      if (r.lobby && r.lobby.id) onMsg({ type: 'lobby', lobby: r.lobby });
    } catch (e) {
      toast(e.message, 'error', 6000);
    }
  }

  function makeHost(p) {
    if (!confirm(`Make ${p.name} the host? They will start the match and you will not be host any more.`)) return;
    lobbyCall('host', { player: p.id });
  }

  /**
   * For a person at the table who is not the host, while the host has no
   * open connection: how long until anyone may take over as host (the
   * server's `stand_in_after_secs`), then the button. Redraws itself when
   * the wait is over.
   */
  let hostTimer = null;
  function hostAwayLine() {
    clearTimeout(hostTimer);
    const hostP = players().find((p) => p.host);
    if (!mine || !me() || isHost() || !hostP || hostP.connected) return null;
    const after = S.lobby.stand_in_after_secs || 0;
    const away = awayFor(hostP);
    if (away < after) {
      hostTimer = setTimeout(drawAll, Math.min(after - away + 0.2, 30) * 1000);
      return h('p.stand-in.away.host-away', `${hostP.name}, the host, is away. Once they have been away ${waitWords(after)}, you can take over as host.`);
    }
    return h('p.stand-in.away.host-away', `${hostP.name}, the host, is away.`,
      h('button.small', { type: 'button', dataset: { takeHost: '' }, onclick: () => lobbyCall('host', { player: S.player }) }, 'Take over as host'));
  }

  function kick(p) {
    if (!p.bot && !confirm(`Remove ${p.name} from the lobby?`)) return;
    lobbyCall('kick', { player: p.id });
  }

  async function leave() {
    if (!confirm('Leave this lobby? You will need the invite link to come back.')) return;
    try {
      await api('POST', `/api/lobbies/${lobbyId}/leave`, { token: mine.token });
      forgetSeat(lobbyId);
      location.hash = '#/';
    } catch (e) {
      toast(e.message, 'error', 6000);
    }
  }

  return { lobbyCall, holdForProgram, makeHost, hostAwayLine, kick, leave };
}
