// The replay of a finished match (players only): a slider over the moves
// and the seat whose eyes to see them through; each step asks the server
// for that view and redraws the board with it.

import { h, api, toast } from '../../util.js';

/** Its part of the table: `T` holds the table's state, elements and helpers, and every part's functions. */
export function replayPart(T) {
  const { S, mine, lobbyId, replayBox, players, mySeat, seatName, withNames } = T;
  const drawGame = (...a) => T.drawGame(...a);

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

  return { drawReplay };
}
