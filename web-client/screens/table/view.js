// The match as drawn: the head (game, status, who you are, the tools), the
// roster, and the renderer's board with its hand and banner moved into
// place (or, in a replay, the replayed view with nothing to answer).

import { h, seatLabel } from '../../util.js';
import { getRenderer } from '../../renderers.js';
import { presenceDot, rosterPanel } from '../../presence.js';
import { rulesButton } from '../../help.js';
import { STATUS_TEXT } from '../page.js';

/** Its part of the table: `T` holds the table's state, elements and helpers, and every part's functions. */
export function viewPart(T) {
  const { S, spectate, head, outcomeBox, replayBox, waitLine, standIns, board, rejectBox, promptArea, roster, handSlot, bannerSlot, tableEl, autoPassToggle, changes, alerts, players, me, mySeat, bySeat, seatName, awayFor, withNames } = T;
  const drawReplay = (...a) => T.drawReplay(...a);
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

  return { drawAll, drawHead, drawRoster, drawGame };
}
