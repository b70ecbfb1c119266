// Who the table waits on: the wait line with the turn clock, the "your
// move" alerts, and the away players a bot may stand in for.

import { h } from '../../util.js';

/** Its part of the table: `T` holds the table's state, elements and helpers, and every part's functions. */
export function waitPart(T) {
  const { S, waitLine, clockSpan, standIns, tabs, away, alerts, players, me, mySeat, bySeat, seatName, isHost, awayFor } = T;
  const lobbyCall = (...a) => T.lobbyCall(...a);
  const hostAwayLine = (...a) => T.hostAwayLine(...a);

  function drawWait(seat) {
    const P = S.pending;
    drawStandIns(P);
    if (!P || P.mode === 'over' || S.outcome) { waitLine.hidden = true; document.title = `${S.lobby.game_name} · Backroom`; alerts?.update(false); return; }
    // "you", "you and Bea", "Bea, Cy and you": you last, the others in seat order.
    const names = (arr) => {
      const list = [...arr.filter((s) => s !== seat).map(seatName), ...(arr.includes(seat) ? ['you'] : [])];
      return list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}` : list.join('');
    };
    let text = '';
    if (P.mode === 'turn') text = P.seat === seat ? 'Your turn.' : `${seatName(P.seat)}’s turn.`;
    else if (P.mode === 'simultaneous') {
      text = P.waiting.length ? `Waiting for ${names(P.waiting)}.` : 'Revealing…';
      if (P.waiting.length === 1 && P.waiting[0] === seat && P.committed.length) text = 'Everyone else is locked in: waiting for you.';
      if (seat !== null && P.committed.includes(seat) && P.waiting.length) text = `You are locked in. ${text}`;
    } else if (P.mode === 'window') {
      const left = P.seats.filter((s) => !P.answered.includes(s));
      text = `Waiting for ${names(left)} to answer or pass.`;
    } else if (P.mode === 'negotiation') {
      const left = P.seats.filter((s) => !P.ready.includes(s));
      text = `Negotiating; not ready yet: ${names(left)}.`;
    }
    waitLine.hidden = !text;
    waitLine.textContent = text;
    const secs = S.lobby.turn_clock_secs || 0;
    const person = awaitedSeats(P).some((s) => { const p = bySeat(s); return p && !p.bot && !p.stand_in; });
    if (secs && person && text) waitLine.append(' ', clockSpan);
    clockSpan.dataset.on = secs && person ? '1' : '';
    tickClock();
    const yours = !!S.prompt && seat !== null && awaitedSeats(P).includes(seat);
    waitLine.classList.toggle('your-move', yours);
    tabs.badge('move', yours ? '' : null);
    alerts?.update(yours, text);
    // A background tab shows it in its title.
    document.title = `${yours ? '● Your move · ' : ''}${S.lobby.game_name} · Backroom`;
  }

  /**
   * The turn clock, counted from when this page saw the last move (the
   * server's clock runs from the move itself, so this may show a moment
   * more than is left): "· 4:32 before a bot moves", then "· a bot moves now".
   */
  function tickClock() {
    const secs = (S.lobby && S.lobby.turn_clock_secs) || 0;
    if (!clockSpan.dataset.on || !secs) return;
    const left = Math.max(0, Math.ceil(secs - (Date.now() - (S.movedAt || Date.now())) / 1000));
    const mm = Math.floor(left / 3600) ? `${Math.floor(left / 3600)}:${String(Math.floor(left / 60) % 60).padStart(2, '0')}` : String(Math.floor(left / 60));
    clockSpan.textContent = left > 0 ? `· ${mm}:${String(left % 60).padStart(2, '0')} before a bot moves` : '· a bot moves now';
  }

  /** The seats the table waits on now. */
  function awaitedSeats(P) {
    if (!P) return [];
    if (P.mode === 'turn') return [P.seat];
    if (P.mode === 'simultaneous') return P.waiting;
    if (P.mode === 'window') return P.seats.filter((x) => !P.answered.includes(x));
    if (P.mode === 'negotiation') return P.seats.filter((x) => !P.ready.includes(x));
    return [];
  }

  /**
   * Away players and the bots standing in for them. Everyone sees who a bot
   * is playing for; the host can let a bot play for an away player the table
   * waits on at once, and stop it; anyone else seated can start it once that
   * player has been away the server's `stand_in_after_secs` (so a table
   * whose host is away too is not stuck). The player gets the seat back by
   * coming back.
   */
  let standInTimer = null;
  function drawStandIns(P) {
    clearTimeout(standInTimer);
    const live = P && P.mode !== 'over' && !S.outcome && !S.closed;
    const rows = [];
    const seated = mySeat() !== null && me() !== null;
    if (live) {
      const awaited = new Set(awaitedSeats(P));
      const after = S.lobby.stand_in_after_secs || 0;
      let wake = Infinity;
      for (const p of players()) {
        if (p.bot || p.seat === null || p.seat === undefined) continue;
        if (p.stand_in) {
          rows.push(h('p.stand-in', `A bot is playing for ${p.name} until they come back.`,
            isHost() ? h('button.small.ghost', { type: 'button', dataset: { standIn: String(p.seat) }, onclick: () => lobbyCall('stand-in', { seat: p.seat, on: false }) }, 'Stop the bot') : null));
        } else if (!p.connected && awaited.has(p.seat) && (isHost() || seated)) {
          const away = awayFor(p);
          const offer = h('button.small', { type: 'button', dataset: { standIn: String(p.seat) }, onclick: () => lobbyCall('stand-in', { seat: p.seat, on: true }) }, `Let a bot play for ${p.name}`);
          if (isHost() || away >= after) {
            rows.push(h('p.stand-in.away', `${p.name} is away${away >= 60 ? ` (for ${waitWords(away)})` : ''}.`, offer));
          } else {
            rows.push(h('p.stand-in.away', `${p.name} is away. Once they have been away ${waitWords(after)}, anyone at the table can let a bot play for them.`));
            wake = Math.min(wake, after - away);
          }
        }
      }
      // Offer the button the moment the wait is over (and keep "for N min"
      // current meanwhile).
      if (rows.length) standInTimer = setTimeout(() => drawStandIns(S.pending), Math.min(wake + 0.2, 30) * 1000);
      const hostLine = seated ? hostAwayLine() : null;
      if (hostLine) rows.push(hostLine);
    }
    standIns.hidden = !rows.length;
    standIns.replaceChildren(...rows);
  }

  /** "45 s", "2 min", "2 min 5 s". */
  function waitWords(secs) {
    const s = Math.max(0, Math.ceil(secs));
    const m = Math.floor(s / 60);
    if (!m) return `${s} s`;
    return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
  }

  return { drawWait, tickClock, awaitedSeats, drawStandIns, waitWords };
}
