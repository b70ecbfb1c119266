// What every table does, whatever the game (Sealed Bids, the quickest):
// - the invite page names the game, the host and the seats still free;
// - a refusal shows on the tab where the move was made, not only on "Move";
// - a replay "seen by" another seat names that seat and never calls it
//   "you", and the Move tab says a replay is on;
// - the match's result is logged once.
//
// Run: see README.md. Env: BACKROOM_BIN, CHROMIUM, BACKROOM_URL.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { withServerAndBrowser, hostSealedBids, takeSeat, bid, watchErrors } from './helpers.mjs';

test('the invite page, a refusal on the tab where you acted, replay naming, one result line', { timeout: 120_000 }, async () => {
  // One deal every run (the bot's bid included), so the one-round result
  // and its log lines are the same each time.
  const seed = crypto.createHash('sha256').update('backroom browser test every-table').digest('hex');
  await withServerAndBrowser({ seed }, async ({ base, browser, pageErrors }) => {
    // Ana hosts a 3-seat, 1-round lobby and sits.
    const { page, ctx } = await hostSealedBids(browser, base, 'host', pageErrors, { seats: 3, fields: { rounds: 1 } });
    await takeSeat(page);
    const invite = await page.locator('#invite-link').inputValue();

    // --- the invite page, on a phone
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    phone.setDefaultTimeout(20_000);
    const bp = await phone.newPage();
    watchErrors(bp, 'guest', pageErrors);
    await bp.goto(invite);
    const facts = bp.locator('.invite-facts');
    await facts.locator('.invite-game').waitFor();
    const said = await facts.innerText();
    assert.match(said, /Sealed Bids/, 'the invite names the game');
    assert.match(said, /hosted by\s+Ana/, 'the invite names the host');
    assert.match(said, /Seats still free: 2, 3 of 3/, 'the invite says which seats are free');
    await bp.fill('#join-name', 'Bea');
    await bp.click('#join');
    await bp.waitForURL(/#\/table\/[0-9a-f-]{36}$/);
    const beaSeat = await takeSeat(bp);

    await page.click('#fill-bots');
    await page.locator('#start:not([disabled])').click();
    await page.locator('.prompt .dial').waitFor();
    await bp.locator('.tabbar').waitFor();

    // --- a refusal sent from the Board tab shows there
    await bp.locator('.tabbar button[data-tab="board"]').click();
    await bp.evaluate(() => window.backroomTable.act({ type: 'bid', value: 99, round: 0 }));
    const refusal = bp.locator('.rejected');
    await refusal.waitFor();
    assert.ok(await refusal.isVisible(), 'the refusal shows on the Board tab, where the move was made');
    await bp.locator('.tabbar button[data-tab="talk"]').click();
    assert.ok(await refusal.isVisible(), 'and on any other tab until dismissed');
    await refusal.locator('button', { hasText: 'Dismiss' }).click();
    await bp.locator('.tabbar button[data-tab="move"]').click();

    // --- one round: both people bid, the bot too
    await bid(page, 5);
    await bid(bp, 7);
    await page.locator('#outcome:not([hidden])').waitFor({ timeout: 30_000 });

    // The result is logged once.
    const summary = await page.evaluate(() => document.querySelector('#outcome')?.innerText || '');
    const log = await page.locator('.log-list li').allInnerTexts();
    const winnerLines = log.filter((l) => /\bwins?\b/.test(l));
    assert.equal(winnerLines.length, 1, `one result line in the log: ${JSON.stringify(log.slice(-4))} (outcome: ${summary.slice(0, 80)})`);
    assert.ok(log.some((l) => /seed was [0-9a-f]{64}/.test(l)), 'the seed is revealed in the log');

    // --- Ana replays the match through Bea's eyes
    await page.locator('#replay-seat').selectOption(String(beaSeat));
    const where = page.locator('.replay-where', { hasText: /After move|Before/ });
    await where.waitFor();
    const was = await where.innerText();
    await page.locator('button[aria-label="Previous move"]').click();
    await page.locator('.replay-on').waitFor();
    // Read the lines of the move stepped to, not of the one before it.
    await page.waitForFunction((w) => document.querySelector('.replay-where')?.textContent !== w, was);
    const board = await page.locator('section.board').innerText();
    const lines = await page.locator('.replay-lines').innerText();
    assert.doesNotMatch(lines, /\byou\b/i, `replay lines through Bea's eyes never say "you": ${lines}`);
    assert.equal(await page.locator('section.board .you').count(), 0, `the replayed board marks nobody as "you":\n${board.slice(0, 300)}`);
    assert.match(await page.locator('.replay-on').innerText(), /seen by Bea/, 'the Move tab says a replay is on, and whose eyes');
    // Every move through Bea's eyes, last to first (the players' order
    // varies with the bot's speed): no line says "you", and her own private
    // line names her.
    await page.locator('button[aria-label="Last move"]').click();
    await page.waitForFunction((w) => document.querySelector('.replay-where')?.textContent === w, was);
    const every = [];
    for (let n = 0; n < 8; n++) {
      const now = await page.locator('.replay-where').innerText();
      every.push(await page.locator('.replay-lines').innerText());
      if (now.startsWith('Before')) break;
      await page.locator('button[aria-label="Previous move"]').click();
      await page.waitForFunction((w) => document.querySelector('.replay-where')?.textContent !== w, now);
    }
    for (const l of every) assert.doesNotMatch(l, /\byou\b/i, `no move of the replay through Bea's eyes says "you": ${JSON.stringify(every)}`);
    assert.ok(every.some((l) => l.includes('Bea locked the dial at 7.')), `her own line names her: ${JSON.stringify(every)}`);
    await page.locator('.replay-on button', { hasText: 'Leave the replay' }).click();
    await page.locator('.replay-on').waitFor({ state: 'detached' });
    await ctx.close();
    await phone.close();
  });
});
