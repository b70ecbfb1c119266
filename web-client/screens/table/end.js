// The end of a match: the outcome with its ranking and "Play again", and
// the fair shuffle (the seed hash at the start, the seed at the end,
// checked here) with the match record to download.

import { h, api, saveSeat, toast } from '../../util.js';

/** Its part of the table: `T` holds the table's state, elements and helpers, and every part's functions. */
export function endPart(T) {
  const { S, mine, lobbyId, outcomeBox, fair, me, mySeat, seatName, withNames } = T;

  function drawOutcome() {
    const O = S.outcome;
    if (!O) { outcomeBox.hidden = true; return; }
    outcomeBox.hidden = false;
    const seat = mySeat();
    const ord = (n) => ['1st', '2nd', '3rd'][n] || `${n + 1}th`;
    // When the game itself won (a solo boss), it takes first place and
    // every seat places after it: nobody at the table won.
    const beaten = O.game_winner ? 1 : 0;
    let place = null;
    O.ranking.forEach((g, i) => { if (g.includes(seat)) place = i + beaten; });
    const rows = O.ranking.map((g, i) => h('li', { class: g.includes(seat) ? 'mine' : null },
      h('span.place', ord(i + beaten)),
      h('span.who', g.map((s) => seatName(s)).join(' & ')),
      O.scores && O.scores.length ? h('span.pts', `${O.scores[g[0]]} pt${O.scores[g[0]] === 1 ? '' : 's'}`) : null));
    if (beaten) rows.unshift(h('li.game-winner', h('span.place', ord(0)), h('span.who', O.game_winner)));
    const placed = place === null ? null
      : beaten ? `You lose: ${O.game_winner} wins.`
        : place === 0 ? (O.ranking[0].length > 1 ? 'You share first place!' : 'You win!') : `You placed ${ord(place)}.`;
    outcomeBox.replaceChildren(h('div.outcome', { class: beaten ? 'outcome game-won' : 'outcome' },
      h('h2', 'Game over'),
      h('p.summary', withNames(O.summary)),
      placed ? h('p.you-placed', placed) : null,
      h('ol.ranking', rows),
      h('div.outcome-actions', playAgainButton(), h('a.button', { href: '#/' }, 'Back to my matches'))));
  }

  /**
   * "Play again": the first player to ask makes the next match's lobby
   * (same game, options and seats; they host it) and everyone else is
   * offered to follow. This browser's token for this table is its token
   * there too.
   */
  function playAgainButton() {
    if (!mine || !me()) return null;
    const L = S.lobby;
    const label = L && L.rematch ? 'Join the rematch' : 'Play again (same seats)';
    return h('button', { type: 'button', dataset: { rematch: '' }, onclick: async (e) => {
      e.target.disabled = true;
      try {
        const r = await api('POST', `/api/lobbies/${lobbyId}/rematch`, { token: mine.token });
        saveSeat(r.lobby, {
          token: mine.token, player: mine.player, name: me().name, game: L.game, game_name: L.game_name, host: r.created,
          ...(r.created ? { invite: r.invite, invite_url: r.invite_url, spectate_url: r.spectate_url } : {}),
        });
        location.hash = `#/table/${r.lobby}`;
      } catch (err) {
        e.target.disabled = false;
        toast(err.message, 'error', 6000);
      }
    } }, label);
  }

  // ---- fairness: seed hash at start, seed revealed at the end
  async function drawFair() {
    const L = S.lobby;
    if (!L || (!L.seed_hash && !L.seed)) { fair.hidden = true; return; }
    fair.hidden = false;
    const verdict = h('p.verdict.small');
    const items = [h('h2', 'Fair shuffle')];
    if (L.seed_hash) items.push(h('p.small', 'Seed hash (published at the start): ', h('code.hash#seed-hash', L.seed_hash)));
    if (L.seed) {
      items.push(h('p.small', 'Seed (revealed at the end): ', h('code.hash#seed', L.seed)), verdict);
      if (mine) items.push(h('button.small', { type: 'button', onclick: downloadRecord }, 'Download the match record'));
    } else {
      items.push(h('p.muted.small', 'The seed itself is revealed when the match ends, so anyone can check nothing was changed.'));
    }
    fair.replaceChildren(...items);
    if (L.seed && L.seed_hash) {
      const ok = await verifySeed(L.seed, L.seed_hash);
      verdict.textContent = ok === true ? '✓ SHA-256 of the seed matches the published hash.'
        : ok === false ? '✗ The revealed seed does not match the published hash.' : '(This browser cannot check the hash here.)';
      verdict.dataset.ok = String(ok);
    }
  }

  async function downloadRecord() {
    try {
      const rec = await api('GET', `/api/lobbies/${lobbyId}/record`, { token: mine.token });
      const blob = new Blob([JSON.stringify(rec, null, 2)], { type: 'application/json' });
      const a = h('a', { href: URL.createObjectURL(blob), download: `backroom-${lobbyId}.json` });
      document.body.append(a);
      a.click();
      a.remove();
    } catch (e) {
      toast(e.message, 'error');
    }
  }

  return { drawOutcome, playAgainButton, drawFair, downloadRecord };
}

/** True/false when checked, null when the browser cannot hash here. */
async function verifySeed(seed, hash) {
  if (!(window.crypto && crypto.subtle)) return null;
  const want = hash.toLowerCase();
  const hex = async (bytes) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
  const candidates = [new TextEncoder().encode(seed)];
  if (/^[0-9a-f]+$/i.test(seed) && seed.length % 2 === 0) {
    candidates.unshift(Uint8Array.from(seed.match(/../g).map((x) => parseInt(x, 16))));
  }
  for (const c of candidates) if ((await hex(c)) === want) return true;
  return false;
}
