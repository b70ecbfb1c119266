// End-to-end: bot levels in the lobby (issue #27).
//
// Ana hosts a 3-seat Sealed Bids table, picks "Strong" for the new bots
// and fills the two empty seats; she turns the bot in the last seat down to
// "Easy" and has stand-ins, which she created the table with at "Easy",
// play "Strong". The seat cards keep what she
// chose; once the match starts, the players panel shows "Bot · Strong" and
// "Bot · Easy", and the Strong bot (a short budget) bids.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, withServerAndBrowser, hostSealedBids, takeSeat, bid } from './helpers.mjs';

test('the host picks each bot\'s level in the lobby and the players panel shows it', { timeout: 120_000 }, async () => {
  await withServerAndBrowser({ botDelayMs: 50, extraArgs: ['--bot-think-ms', '50'] }, async ({ base, browser, pageErrors }) => {
    const { page } = await hostSealedBids(browser, base, 'ana', pageErrors, { seats: 3, fields: { stand_in_level: 'Easy' } });
    await takeSeat(page);
    // The create form's stand-in level is the lobby's.
    assert.equal(await page.locator('#stand-in-level').inputValue(), 'easy');
    await page.locator('#fill-level').selectOption('strong');
    await page.click('#fill-bots');
    await page.locator('select[data-bot-level="2"]').waitFor();
    assert.equal(await page.locator('select[data-bot-level="1"]').inputValue(), 'strong');
    assert.equal(await page.locator('select[data-bot-level="2"]').inputValue(), 'strong');

    // One bot down to Easy, stand-ins up to Strong: the redrawn lobby keeps both.
    await page.locator('select[data-bot-level="2"]').selectOption('easy');
    await page.locator('.seat-card[data-seat="2"] .badge.bot[data-level="easy"]').waitFor();
    await page.locator('#stand-in-level').selectOption('strong');
    await page.waitForFunction(() => document.querySelector('#stand-in-level')?.value === 'strong');
    assert.equal(await page.locator('select[data-bot-level="2"]').inputValue(), 'easy');
    assert.equal(await page.locator('select[data-bot-level="1"]').inputValue(), 'strong');
    await page.screenshot({ path: path.join(shots, 'levels-lobby.png') });
    // On a phone, the pickers fit the seat cards.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(shots, 'levels-lobby-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The match: the players panel names each bot's level.
    await page.locator('#start:not([disabled])').click();
    await page.locator('.dial').waitFor();
    const row = (seat) => page.locator(`.roster .roster-row[data-seat="${seat}"]`);
    await row(2).waitFor({ state: 'attached' });
    assert.match(await row(1).innerText(), /Bot · Strong/);
    assert.match(await row(2).innerText(), /Bot · Easy/);
    assert.doesNotMatch(await row(0).innerText(), /Bot ·/);
    // The bots (the Strong one thinking off the table's task) bid.
    await bid(page, 9);
    await page.locator('.sb-round', { hasText: 'Round 2' }).waitFor();
  });
});
