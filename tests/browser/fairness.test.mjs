// End-to-end: a seed nobody picks (README, "Fairness"). On a server run as
// for real play (no test seed), the lobby shows the server's commitment and
// each player's browser adds its share of the seed before the start; two
// people finish a short Sealed Bids match; the end screen reveals the
// server secret, each seat's contribution (the player's own highlighted,
// as this browser sent it) and the seed, and its in-browser check passes.
// The test redoes the derivation itself, in Node, from what the page shows.
//
// Run: see README.md. Env: BACKROOM_BIN (server binary), CHROMIUM.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import path from 'node:path';
import { shots, withServerAndBrowser, hostSealedBids, joinAs, bid } from './helpers.mjs';

const ROUNDS = 2;
const hex64 = /^[0-9a-f]{64}$/;

/** The derivation, written again here: SHA-256("backroom-seed-v1" || u32be(len) || secret || per seat u32be(len) || c). */
function derive(secretHex, contributionsHex) {
  const h = crypto.createHash('sha256').update('backroom-seed-v1');
  for (const part of [secretHex, ...contributionsHex]) {
    const bytes = Buffer.from(part, 'hex');
    const len = Buffer.alloc(4);
    len.writeUInt32BE(bytes.length);
    h.update(len).update(bytes);
  }
  return h.digest('hex');
}

test('the end screen reveals the seed and checks its derivation from every contribution', { timeout: 180_000 }, async () => {
  await withServerAndBrowser({ fair: true }, async ({ base, browser, pageErrors }) => {
    const host = await hostSealedBids(browser, base, 'host', pageErrors, { seats: 2, fields: { rounds: ROUNDS } });
    const A = host.page;
    const invite = await A.locator('#invite-link').inputValue();
    const { page: B } = await joinAs(browser, invite, 'Bea', 'friend', pageErrors);

    // Each browser's share is in before the start (the lobby says so).
    for (const p of [A, B]) await p.locator('.fair-line[data-contribution="in"]').waitFor();
    await A.locator('#start:not([disabled])').click();
    for (const p of [A, B]) await p.locator('.prompt .dial').waitFor();
    assert.match(await A.locator('#server-commitment').innerText(), hex64, 'the commitment is shown during play');
    assert.equal(await A.locator('#server-secret').count(), 0, 'the secret stays hidden during play');

    for (let r = 0; r < ROUNDS; r++) {
      await bid(A, 9 - r);
      await bid(B, 4 + r);
    }

    for (const [who, p] of [['host', A], ['friend', B]]) {
      await p.locator('#outcome .outcome').waitFor();
      await p.locator('.verdict[data-ok="true"]').waitFor();
      const seed = await p.locator('#seed').innerText();
      const secret = await p.locator('#server-secret').innerText();
      const commitmentShown = await p.locator('#server-commitment').innerText();
      const contributions = await p.locator('.contributions li .hash').allInnerTexts();
      assert.match(seed, hex64, `${who}: the seed is revealed`);
      assert.equal(contributions.length, 2, `${who}: one contribution per seat`);
      for (const c of contributions) assert.match(c, hex64, `${who}: each browser sent 32 bytes`);
      assert.notEqual(contributions[0], contributions[1]);
      assert.equal(crypto.createHash('sha256').update(Buffer.from(secret, 'hex')).digest('hex'), commitmentShown, `${who}: the secret matches its commitment`);
      assert.equal(derive(secret, contributions), seed, `${who}: the seed is the derivation`);
      assert.equal(crypto.createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'), await p.locator('#seed-hash').innerText());
      const mine = p.locator('.contributions li.mine');
      assert.equal(await mine.count(), 1, `${who}: their own contribution is highlighted`);
      assert.match(await mine.innerText(), /yours, as this browser sent it/, `${who}: it is what this browser sent`);
    }
    await A.screenshot({ path: path.join(shots, 'fairness-end.png'), fullPage: true });
  });
});
