// The match as drawn: the head (game, status, who you are, the tools), the
// roster, the renderer's board with its hand and banner moved into place,
// and the replay of a finished match through any seat's eyes.

import { h, api, toast, seatLabel } from '../../util.js';
import { getRenderer } from '../../renderers.js';
import { presenceDot, rosterPanel } from '../../presence.js';
import { rulesButton } from '../../help.js';
import { STATUS_TEXT } from '../page.js';

/** Its part of the table: `T` holds the table's state, elements and helpers, and every part's functions. */
export function viewPart(T) {
  const { S, mine, lobbyId, spectate, head, outcomeBox, replayBox, waitLine, standIns, board, rejectBox, promptArea, roster, handSlot, bannerSlot, tableEl, autoPassToggle, changes, alerts, players, me, mySeat, bySeat, seatName, awayFor, withNames } = T;
  const drawPre = (...a) => T.drawPre(...a);
  const drawWait = (...a) => T.drawWait(...a);
  const drawPrompt = (...a) => T.drawPrompt(...a);
  const drawOutcome = (...a) => T.drawOutcome(...a);
  const drawFair = (...a) => T.drawFair(...a);

  function drawAll() {
    tableEl.classList.toggle('tabbed', !!S.lobby && S.lobby.status !== 'open');
    drawHead();
    drawRoster();
    drawPre();
    drawGame();
    drawFair();
  }

  function drawHead() {
    const L = S.lobby;
    if (!L) return;
    document.title = `${L.game_name} · Backroom`;
    const seat = mySeat();
    head.replaceChildren(
      h('h1', L.game_name),
      h('span.status-pill', { dataset: { status: L.status } }, STATUS_TEXT[L.status] || L.status),
      spectate ? h('span.pill', 'Watching') : seat !== null ? h('span.pill.me', `You: ${me() ? me().name : ''} · ${seatLabel(seat)}`) : h('span.pill', `You: ${me() ? me().name : ''} · not seated`),
      h('span.head-tools', alerts && mySeat() !== null ? alerts.controls : null, mySeat() !== null ? autoPassToggle : null, rulesButton(L.game, L.game_name)),
    );
  }

  /** The players and their online dots, once the match is on. */
  function drawRoster() {
    const L = S.lobby;
    roster.hidden = !L || L.status === 'open';
    if (roster.hidden) return;
    const r = S.renderer;
    const roleOf = r && r.role && S.view ? (s) => { try { return r.role(S.view, s); } catch { return null; } } : null;
    roster.replaceChildren(...rosterPanel(L, { me: S.player, awayFor, roleOf }));
  }

  // ---- the match
  function drawGame() {
    const L = S.lobby;
    if (!L || L.status === 'open') {
      board.hidden = true; waitLine.hidden = true; standIns.hidden = true; outcomeBox.hidden = true; promptArea.replaceChildren(); rejectBox.replaceChildren();
      return;
    }
    if (L.status === 'expired' && S.view === null) {
      board.hidden = false;
      board.replaceChildren(h('p.muted', 'This lobby expired before the match started.'));
      return;
    }
    if (S.view === null || !S.renderer) {
      board.hidden = false;
      board.replaceChildren(h('p.muted', 'Setting up the table…'));
      return;
    }
    // In a replay the board is the replayed view, seen by the chosen seat,
    // with nothing to answer.
    const R = S.replay;
    const view = R ? R.view : S.view;
    const seat = R ? (R.viewer && R.viewer.seat !== undefined ? R.viewer.seat : null) : mySeat();
    const ctx = {
      view, seat, spectator: R ? seat === null : !!spectate, players: players(), seatName, names: withNames, pending: R ? R.pending : S.pending,
      presenceDot: (s) => presenceDot(bySeat(s)),
      prompt: R ? null : S.prompt, outcome: R && R.at < R.moves ? null : S.outcome, lobby: L, version: R ? R.at : S.version, draft: R ? {} : S.drafts,
      log: R ? [] : S.log,
      // In a replay the board is drawn from `seat`'s view, but that seat is
      // not "you": renderers name it (`youAt` says when a seat is you).
      replay: !!R,
      youAt: (s) => !R && s === seat,
    };
    const renderer = S.renderer;
    let el;
    try {
      el = renderer.render(view, ctx);
    } catch (e) {
      console.error(e);
      el = getRenderer('*').render(view, ctx);
    }
    board.hidden = false;
    board.replaceChildren(el);
    handSlot.replaceChildren(...el.querySelectorAll('[data-section="hand"]'));
    bannerSlot.replaceChildren(...el.querySelectorAll('[data-section="banner"]'));
    if (!R) changes.mark([bannerSlot, board, handSlot]);
    drawOutcome();
    drawReplay();
    if (R) {
      waitLine.hidden = true; standIns.hidden = true; rejectBox.replaceChildren();
      const eyes = R.viewer && R.viewer.seat !== undefined ? seatName(R.viewer.seat) : 'a spectator';
      promptArea.replaceChildren(h('p.replay-on', { role: 'status' },
        h('b', 'Replay on: '), `${R.at === 0 ? 'before the first move' : `after move ${R.at} of ${R.moves}`}, seen by ${eyes}. `,
        h('button.link.small', { type: 'button', onclick: () => replayBox.querySelector('.replay-meta button')?.click() }, 'Leave the replay')));
      return;
    }
    drawWait(seat);
    drawPrompt(ctx, renderer);
  }

  /**
   * Replay of a finished match (players only: the request carries the
   * token in its header). Built once when the match is over; each step asks
   * the server for the chosen seat's view after that many moves (the
   * record is public once the match is over) and redraws the board with it.
   */
  function drawReplay() {
    const L = S.lobby;
    if (!mine || !L || L.status !== 'finished') { replayBox.hidden = true; return; }
    replayBox.hidden = false;
    if (replayBox.childElementCount) return;
    const total = L.version;
    const slider = h('input#replay-at', { type: 'range', min: 0, max: total, value: total, 'aria-label': 'Move' });
    const where = h('span.replay-where', `All ${total} moves played`);
    const lines = h('p.replay-lines.muted');
    const seats = players().filter((p) => p.seat !== null && p.seat !== undefined).sort((a, b) => a.seat - b.seat);
    const own = mySeat();
    const eyes = h('select#replay-seat', { 'aria-label': 'Seen by' },
      seats.map((p) => h('option', { value: String(p.seat), selected: p.seat === own }, `${p.name}${p.seat === own ? ' (you)' : ''}`)));
    const back = h('button.small.ghost', { type: 'button', hidden: true }, 'Back to the end');
    let asked = 0;
    async function go(at) {
      at = Math.max(0, Math.min(total, at));
      slider.value = String(at);
      const n = ++asked;
      try {
        const r = await api('GET', `/api/lobbies/${lobbyId}/replay?at=${at}&seat=${eyes.value}`, { token: mine.token });
        if (n !== asked) return; // a later step is on its way
        S.replay = r;
        where.textContent = r.at === 0 ? 'Before the first move' : `After move ${r.at} of ${r.moves}${r.seat !== undefined ? ` (${seatName(r.seat)})` : ''}`;
        // Through another's eyes, nobody is "you": every seat by its name.
        lines.textContent = r.lines.map((l) => withNames(l, null)).join(' ');
        back.hidden = false;
        drawGame();
      } catch (e) {
        toast(e.message, 'error', 6000);
      }
    }
    const step = (d) => () => go(Number(slider.value) + d);
    slider.addEventListener('change', () => go(Number(slider.value)));
    eyes.addEventListener('change', () => go(Number(slider.value)));
    back.addEventListener('click', () => {
      asked++;
      S.replay = null; slider.value = String(total); where.textContent = `All ${total} moves played`; lines.textContent = ''; back.hidden = true;
      drawGame();
    });
    replayBox.append(
      h('h2', 'Replay'),
      h('div.replay-controls',
        h('button.small', { type: 'button', 'aria-label': 'First move', onclick: () => go(0) }, '«'),
        h('button.small', { type: 'button', 'aria-label': 'Previous move', onclick: step(-1) }, '◀'),
        slider,
        h('button.small', { type: 'button', 'aria-label': 'Next move', onclick: step(1) }, '▶'),
        h('button.small', { type: 'button', 'aria-label': 'Last move', onclick: () => go(total) }, '»')),
      h('div.replay-meta', where, h('label', 'Seen by ', eyes), back),
      lines);
  }

  return { drawAll, drawHead, drawRoster, drawGame, drawReplay };
}
