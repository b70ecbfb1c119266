// End-to-end: what changed since your last look is highlighted, and the
// previous Bidding-Dial reveal leaves the X-Men board when a new auction
// is under way.
//
// Sealed Bids, Ana against a bot: when a round is revealed, the new score
// and the reveal flash (class `changed`) on Ana's page, and the flash is
// over a few seconds later. Then Ana bids with her tab hidden: nothing
// counts as seen while it is hidden, and when she comes back the score
// that moved meanwhile flashes then.
//
// X-Men, one person and two bots: once the first recruit auction is won
// and the next card is up, the last reveal shows only as a small "last
// auction" box; as soon as a dial of the new auction is locked in it is
// gone from the board.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, withServerAndBrowser, hostSealedBids, takeSeat, bid, hostXmen, xmenPlayUntil } from './helpers.mjs';

/** Lets the test hide and show the tab (document.visibilityState) as a browser would. */
async function controllableVisibility(page) {
  await page.addInitScript(() => {
    window.__hidden = false;
    Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get() { return window.__hidden ? 'hidden' : 'visible'; } });
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get() { return window.__hidden; } });
    window.__setHidden = (on) => { window.__hidden = on; document.dispatchEvent(new Event('visibilitychange')); };
  });
}

test('Sealed Bids: a new score flashes, also when it moved while the tab was hidden', { timeout: 120_000 }, async () => {
  // The bot waits a second before it bids: sooner, its dial could lock
  // (and rightly flash) before the test takes its first look.
  await withServerAndBrowser({ botDelayMs: 1000 }, async ({ base, browser, pageErrors }) => {
    const { page } = await hostSealedBids(browser, base, 'ana', pageErrors, { seats: 2 });
    await controllableVisibility(page);
    await page.reload();
    await takeSeat(page);
    await page.click('#fill-bots');
    await page.locator('#start:not([disabled])').click();
    await page.locator('.prompt .dial').waitFor();
    assert.equal(await page.locator('.changed').count(), 0, 'nothing flashes at the first look');
    // Ana bids 14: the bot's bid is lower or equal; the reveal is new either way.
    await bid(page, 14);
    await page.locator('.sb-round', { hasText: 'Round 2' }).waitFor();
    await page.locator('.sb-last.changed').waitFor();
    await page.screenshot({ path: path.join(shots, 'changes-flash.png') });
    // The flash ends.
    await page.waitForFunction(() => !document.getAnimations().some((a) => String(a.animationName).startsWith('changed') && a.playState === 'running'), null, { timeout: 8_000 });

    // Hidden: Ana bids (from a script, as a click would), the round is revealed unseen.
    await page.evaluate(() => window.__setHidden(true));
    await bid(page, 13);
    await page.locator('.sb-round', { hasText: 'Round 3' }).waitFor();
    assert.equal(await page.locator('.sb-last.changed').count(), 0, 'no flash while nobody looks');
    await page.waitForTimeout(300);
    // Back: what moved meanwhile flashes now.
    await page.evaluate(() => window.__setHidden(false));
    await page.locator('.sb-last.changed').waitFor();
  });
});

test('X-Men: the previous reveal leaves the board once the new auction is under way', { timeout: 200_000 }, async () => {
  await withServerAndBrowser({ botDelayMs: 400 }, async ({ base, browser, pageErrors }) => {
    const { page, me } = await hostXmen(browser, base, 'xavier', pageErrors);
    // Play until a recruit auction was won and the next card is up, nobody locked in yet.
    const next = (m) => {
      const P = m.view.phase;
      const r = m.view.last_reveal;
      return P.phase === 'recruit' && r && r.item !== P.current && P.auction && !Object.values(P.auction.committed).some(Boolean)
        && (P.training_for === null || P.training_for === undefined);
    };
    // What the page showed is read with the state it drew: a bot's dial,
    // locked a moment later, must not race the check.
    const peek = { previous: '.xm-reveal[data-previous="true"]', current: '.xm-reveal[data-previous="false"]', small: '.xm-reveal.previous' };
    const m = await xmenPlayUntil(page, me, next, { ms: 150_000, peek });
    assert.equal(m.seen.previous.count, 1, 'the last auction shows, small');
    assert.equal(m.seen.current.count, 0);
    assert.match(m.seen.small.text, /last auction/i);
    await page.screenshot({ path: path.join(shots, 'xmen-previous-reveal.png') });
    // Ana locks a dial in the new auction: the previous reveal leaves.
    const ask = m.prompt && m.prompt.asks.find((a) => a.verb === 'bid');
    assert.ok(ask, 'the new auction asks for a bid');
    await page.evaluate((a) => window.backroomTable.act({ type: 'bid', ...(a.fixed || {}), value: 0 }), ask);
    await page.waitForFunction(() => !document.querySelector('.xm-reveal[data-previous="true"]'), null, { timeout: 10_000 });
  });
});
