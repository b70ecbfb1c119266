// End-to-end: the host picks a turn clock when creating the lobby, and the
// table shows how long the person it waits on has before a bot moves.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, withServerAndBrowser, hostSealedBids } from './helpers.mjs';

test('the turn clock chosen at creation counts down on the table', { timeout: 120_000 }, async () => {
  await withServerAndBrowser({ botDelayMs: 50 }, async ({ base, browser, pageErrors }) => {
    const { page } = await hostSealedBids(browser, base, 'host', pageErrors, { seats: 2, fields: { turn_clock: '1 minute' } });
    await page.locator('#fill-bots').click();
    await page.locator('#start:not([disabled])').click();
    await page.locator('.dial').waitFor();

    // The table waits on Ana: the wait line counts her minute down.
    const clock = page.locator('.wait-line .turn-clock');
    await clock.waitFor();
    assert.match(await clock.innerText(), /^· (1:00|0:5\d) before a bot moves$/);
    const first = await clock.innerText();
    await page.waitForFunction((t) => document.querySelector('.wait-line .turn-clock')?.textContent !== t, first, { timeout: 5_000 });
    await page.screenshot({ path: path.join(shots, 'turn-clock.png') });
  });
});
