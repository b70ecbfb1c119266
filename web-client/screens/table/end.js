// The end of a match: the outcome with its ranking and "Play again", and
// the fair shuffle (the server's commitment and this browser's share of the
// seed before the start, the seed hash at the start, and at the end the
// secret, every contribution and the seed, checked here) with the match
// record to download.

import { h, api, loadSeat, saveSeat, toast } from '../../util.js';
import { contribute, deriveSeed, fromHex, sha256Hex } from '../../fairness.js';

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

  // ---- fairness: the server's commitment from the lobby's creation, this
  // browser's contribution before the start, the seed hash at the start,
  // and at the end the secret, every contribution and the seed, checked here.

  /** Sends this browser's share of the seed, once per visit, while the lobby is open and committed. */
  function contributeOnce() {
    const L = S.lobby;
    if (!mine || S.contribution || !L || L.status !== 'open' || !L.server_commitment) return;
    S.contribution = 'sending';
    contribute(lobbyId, mine.token).then(() => { S.contribution = 'in'; }, () => { S.contribution = 'failed'; })
      .finally(() => T.drawAll());
  }

  /** The lobby's line about the seed: committed, and whether this browser's randomness is in. */
  function fairLine() {
    const L = S.lobby;
    if (!L || !L.server_commitment) return null;
    const said = { sending: 'is being added…', in: 'is in ✓', failed: 'could not be sent; reload to try again.' }[S.contribution];
    return h('p.small.muted.fair-line', { dataset: { contribution: S.contribution || 'none' } },
      'Fair shuffle: the server has committed to its share of the seed. ',
      mine && said ? `Your browser's share ${said}` : 'Each player\'s browser adds its own before the start.');
  }

  async function drawFair() {
    const L = S.lobby;
    if (!L || (!L.seed_hash && !L.seed)) { fair.hidden = true; return; }
    fair.hidden = false;
    const verdict = h('p.verdict.small');
    const items = [h('h2', 'Fair shuffle')];
    if (L.server_commitment) items.push(h('p.small', 'Server commitment (published when the lobby opened): ', h('code.hash#server-commitment', L.server_commitment)));
    if (L.seed_hash) items.push(h('p.small', 'Seed hash (published at the start): ', h('code.hash#seed-hash', L.seed_hash)));
    const derived = L.seed && L.server_secret && L.contributions;
    if (derived) {
      const sent = (loadSeat(lobbyId) || {}).contribution;
      items.push(h('p.small', 'Server secret (revealed at the end): ', h('code.hash#server-secret', L.server_secret)),
        h('p.small', 'Each seat\'s contribution:'),
        h('ol.contributions', L.contributions.map((c, s) => h('li', { class: s === mySeat() ? 'mine' : null, dataset: { seat: String(s) } },
          h('span.who', seatName(s)),
          s === mySeat() ? h('span.small', sent && sent === c ? ' (yours, as this browser sent it)' : ' (yours)') : null,
          h('code.hash', c || '(none)')))));
    }
    if (L.seed) {
      items.push(h('p.small', 'Seed (revealed at the end): ', h('code.hash#seed', L.seed)), verdict);
      if (mine) items.push(h('button.small', { type: 'button', onclick: downloadRecord }, 'Download the match record'));
    } else {
      items.push(h('p.muted.small', L.server_commitment
        ? 'The seed comes from the server\'s committed secret and every player\'s contribution; all are revealed when the match ends, so anyone can check them.'
        : 'The seed itself is revealed when the match ends, so anyone can check nothing was changed.'));
    }
    fair.replaceChildren(...items);
    if (L.seed && L.seed_hash) {
      const ok = await checkSeed(L);
      verdict.textContent = ok === null ? '(This browser cannot check the hashes here.)'
        : ok === true ? (derived ? '✓ The server secret matches its commitment, the seed is derived from it and every contribution, and its SHA-256 matches the published hash.'
          : '✓ SHA-256 of the seed matches the published hash. (The server picked this seed alone.)')
          : `✗ ${ok}`;
      verdict.dataset.ok = String(ok === true ? true : ok === null ? null : false);
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

  return { drawOutcome, playAgainButton, contributeOnce, fairLine, drawFair, downloadRecord };
}

/**
 * The end's checks, in the browser: true, null when it cannot hash here,
 * else what failed. With a commitment: SHA-256(secret) is the commitment
 * and the seed the derivation (fairness.js); always: SHA-256(seed) is the
 * hash published at the start.
 */
async function checkSeed(L) {
  const seed = fromHex(L.seed);
  if (!seed) return 'The revealed seed is not hex.';
  const hash = await sha256Hex(seed);
  if (hash === null) return null;
  if (L.server_commitment) {
    if (!L.server_secret || !L.contributions) return 'The server committed to a secret but did not reveal it and the contributions.';
    const secret = fromHex(L.server_secret);
    if (!secret || (await sha256Hex(secret)) !== L.server_commitment.toLowerCase()) return 'The revealed server secret does not match its commitment.';
    if ((await deriveSeed(L.server_secret, L.contributions)) !== L.seed.toLowerCase()) return 'The seed is not the derivation of the server secret and the contributions.';
  }
  if (hash !== L.seed_hash.toLowerCase()) return 'The revealed seed does not match the published hash.';
  return true;
}
