// The table screen (#/table/<lobby>, #/watch/<lobby>/<secret>): the lobby
// before the start, then the match: the renderer's board, the prompt, the
// wait line, the log, the chat, the roster, the outcome and the replay,
// all drawn from the frames of the table's WebSocket. This file wires the
// table together (its state, connection and helpers); its parts, each a
// factory over the shared table object `T`, are in screens/table/.

import { renderNames } from '../names.js';
import { h, loadSeat, seatLabel } from '../util.js';
import { Connection } from '../net.js';
import { awayTracker } from '../presence.js';
import { changeTracker } from '../changes.js';
import { turnAlerts } from '../alerts.js';
import { screen, connPill, setPage } from './page.js';
import { skeleton } from './table/skeleton.js';
import { statusPart } from './table/status.js';
import { messagesPart } from './table/messages.js';
import { viewPart } from './table/view.js';
import { replayPart } from './table/replay.js';
import { lobbyPart } from './table/lobby.js';
import { lobbyCallsPart } from './table/lobby-calls.js';
import { waitPart } from './table/wait.js';
import { movePart } from './table/move.js';
import { endPart } from './table/end.js';
import { chatPart } from './table/chat.js';

export function tablePage(lobbyId, { spectate }) {
  const mine = spectate ? null : loadSeat(lobbyId);
  document.title = 'Table · Backroom';
  if (!spectate && !mine) {
    setPage(h('section.panel.narrow',
      h('h1', 'No seat here from this browser'),
      h('p', 'This browser holds no seat at this table. If you were invited, open the invite link the host sent you. If you played from another device, continue there.'),
      h('a.button', { href: '#/' }, 'Back to my matches')));
    return;
  }

  const S = {
    lobby: null, player: mine ? mine.player : null, chat: new Map(), version: null,
    view: null, prompt: null, pending: null, outcome: null, log: [], rejection: null,
    drafts: {}, promptSig: null, renderer: null, closed: null, viewer: null,
  };

  const els = skeleton({ spectate, mine, lobbyId });
  const { tableEl, awayBox } = els;
  // The table: its state, elements and helpers, then every part's functions.
  const T = { S, mine, lobbyId, spectate, ...els };

  const conn = new Connection({
    lobby: lobbyId,
    token: mine ? mine.token : undefined,
    spectate,
    onMessage: (m) => T.onMsg(m),
    onStatus: (st) => T.showConn(st),
  });
  // "Pass for me when I have nothing to decide" (kept in this browser; the
  // server answers such prompts after a short fixed delay, and reaction
  // windows keep answers sealed, so nobody can tell it from a quick pass).
  const AUTO_PASS_KEY = 'backroom.autoPass';
  const AUTO_PASS_HINT_KEY = 'backroom.autoPassHint';
  conn.autoPass = localStorage.getItem(AUTO_PASS_KEY) === '1';
  const autoPass = h('input', { type: 'checkbox', checked: conn.autoPass, 'aria-label': 'Pass for me when I have nothing to decide' });
  autoPass.addEventListener('change', () => {
    localStorage.setItem(AUTO_PASS_KEY, autoPass.checked ? '1' : '0');
    conn.setAutoPass(autoPass.checked);
  });
  const autoPassToggle = h('label.auto-pass-toggle.small', { title: 'When your only choice is to pass (a reaction you cannot play, a step with one option), the table passes for you after a moment.' }, autoPass, ' Auto-pass');
  const clockTick = setInterval(() => T.tickClock(), 1000);
  // A handle for scripted checks (tests, the console): send an action
  // exactly as the prompt's submit button does.
  window.backroomTable = { lobby: lobbyId, act: (action) => T.submitAction(null, action) };
  const away = awayTracker(lobbyId, awayBox, (l) => withNames(l));
  // What changed since the player's last look flashes; coming back to a
  // hidden tab redraws, so what moved meanwhile flashes then.
  const changes = changeTracker();
  // Title, favicon, sound and notification when the table starts waiting on this player.
  const alerts = spectate ? null : turnAlerts({ lobbyId, gameName: () => (S.lobby && S.lobby.game_name) || 'Backroom' });
  const onLook = () => { if (document.visibilityState === 'visible' && S.view) T.drawGame(); };
  document.addEventListener('visibilitychange', onLook);
  screen.cleanup = () => { conn.stop(); away.stop(); alerts?.stop(); document.removeEventListener('visibilitychange', onLook); T.stopStatusTick(); clearInterval(clockTick); connPill.hidden = true; delete window.backroomTable; };

  // ---- helpers for renderers
  const players = () => (S.lobby ? S.lobby.players : []);
  const me = () => players().find((p) => p.id === S.player) || null;
  const mySeat = () => {
    const p = me();
    if (p && p.seat !== null && p.seat !== undefined) return p.seat;
    if (S.viewer && typeof S.viewer === 'object' && 'seat' in S.viewer) return S.viewer.seat;
    return null;
  };
  const bySeat = (s) => players().find((p) => p.seat === s);
  const seatName = (s) => {
    const p = bySeat(s);
    return p ? p.name : seatLabel(s);
  };
  const isHost = () => !!(me() && me().host);
  // Seconds a person has been away now: the server's figure when the lobby
  // frame was sent, counted on from its arrival (no clock to agree on).
  const awayFor = (p) => (p.away_secs || 0) + (Date.now() - (S.lobbyAt || Date.now())) / 1000;
  // Server text names seats by token ({seat:1}, names.js): the table's
  // names, "you" for the reader. Lines stored before tokens said "Seat 2":
  // those get the name added.
  const withNames = (text, reader = mySeat()) => renderNames(text, (s) => bySeat(s)?.name, reader)
    .replace(/\b[Ss]eat (\d+)\b(?! \()/g, (m, n) => {
      const p = bySeat(Number(n) - 1);
      return p ? `${m} (${p.name})` : m;
    });

  Object.assign(T, {
    conn, tabs: els.tabs, AUTO_PASS_KEY, AUTO_PASS_HINT_KEY, autoPass, autoPassToggle, away, changes, alerts,
    players, me, mySeat, bySeat, seatName, isHost, awayFor, withNames,
  });
  for (const part of [statusPart, messagesPart, viewPart, replayPart, lobbyPart, lobbyCallsPart, waitPart, movePart, endPart, chatPart]) Object.assign(T, part(T));
  conn.start();
  T.startChat();
}
