// The table's frames, as they arrive on its WebSocket: welcome, lobby,
// state (view, prompt, log lines), chat, refusals and errors, each kept in
// the table's state and drawn.

import { h, saveSeat, toast } from '../../util.js';
import { loadRenderer } from '../../renderers.js';

/** Its part of the table: `T` holds the table's state, elements and helpers, and every part's functions. */
export function messagesPart(T) {
  const { S, mine, lobbyId, spectate, logList, logBox, logDown, away, withNames } = T;
  const storeDown = (...a) => T.storeDown(...a);
  const storeBack = (...a) => T.storeBack(...a);
  const drawAll = (...a) => T.drawAll(...a);
  const drawChat = (...a) => T.drawChat(...a);

  // ---- messages
  function onMsg(m) {
    switch (m.type) {
      case 'welcome':
        S.viewer = m.viewer;
        if (m.player) {
          S.player = m.player;
          if (mine && mine.player !== m.player) saveSeat(lobbyId, { player: m.player });
        }
        for (const line of m.chat || []) S.chat.set(line.seq, line);
        drawChat();
        return;
      case 'lobby': {
        S.lobby = m.lobby;
        // Away times are durations as of sending: count on from arrival.
        S.lobbyAt = Date.now();
        if (m.lobby.outcome) S.outcome = m.lobby.outcome;
        if (!S.rendererLoading) {
          // Draw nothing of the match until the game's own renderer is in,
          // so its controls (not the generic ones) get the first draw.
          S.rendererLoading = loadRenderer(m.lobby.game).then((r) => { S.renderer = r; drawAll(); });
        }
        T.contributeOnce();
        if (mine) {
          const p = m.lobby.players.find((x) => x.id === S.player);
          saveSeat(lobbyId, { game: m.lobby.game, game_name: m.lobby.game_name, ...(p ? { name: p.name } : {}) });
        }
        // The lobby too: its seats and a swap offer name each seat's side
        // from the renderer (`seatRole`), so the first draw waits for it
        // (it always loads, the generic one at worst) rather than drawing
        // the sides a redraw late.
        if (S.renderer) drawAll();
        return;
      }
      case 'state': {
        // The turn clock runs from the last move; a new version is one.
        if (m.version !== S.version) S.movedAt = Date.now();
        if (S.storeDownAt !== undefined && m.version > S.storeDownAt) storeBack();
        S.version = m.version;
        S.view = m.view;
        S.pending = m.pending;
        if (m.outcome) S.outcome = m.outcome;
        const sig = JSON.stringify(m.prompt ? m.prompt.asks : null);
        if (sig !== S.promptSig) { S.drafts = {}; S.promptSig = sig; }
        S.prompt = m.prompt || null;
        addLog(m.log || []);
        if (!spectate) away.update(S.log);
        if (S.lobby && S.lobby.status === 'open') S.lobby.status = m.outcome ? 'finished' : 'live';
        drawAll();
        return;
      }
      case 'chat':
        if (!S.chat.has(m.line.seq) && S.onChatLine) S.onChatLine(m.line);
        S.chat.set(m.line.seq, m.line);
        drawChat();
        return;
      case 'rejected':
        if (m.rid && m.rid.startsWith('a-')) return; // shown by the submitter
        return;
      case 'store_available':
        storeBack();
        return;
      case 'error':
        if (m.code === 'store_unavailable') { storeDown(); return; }
        // A bad token is explained by the notice shown when the socket closes.
        if (m.code !== 'bad_token' && m.code !== 'not_authenticated' && m.code !== 'lobby_not_found') toast(`${m.message}`, 'error', 6000);
        return;
      default:
    }
  }

  function addLog(lines) {
    if (!lines.length) return;
    S.log.push(...lines);
    for (const l of lines) logList.append(h('li', withNames(l)));
    logBox.hidden = false;
    logDown();
  }

  return { onMsg, addLog };
}
