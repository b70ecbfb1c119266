// End-to-end: "Auto-pass" is a per-browser setting the table sends with
// every hello and on change (a `settings` message, acknowledged). The
// server side (a prompt with one thing left to do answered after the fixed
// delay; sealed window answers) is tested in the server's own tests; here
// the page's toggle reaches the server and survives a reload.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServerAndBrowser, sealedBidsWithABot } from './helpers.mjs';

test('the auto-pass toggle is sent to the table and kept across a reload', { timeout: 120_000 }, async () => {
  await withServerAndBrowser({ botDelayMs: 50 }, async ({ base, browser, pageErrors }) => {
    const { page } = await sealedBidsWithABot(browser, base, pageErrors);
    // Record what the page sends over its WebSocket.
    const sent = [];
    page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload))));
    const box = page.getByLabel('Pass for me when I have nothing to decide');
    assert.equal(await box.isChecked(), false);
    await box.check();
    await page.waitForFunction(() => localStorage.getItem('backroom.autoPass') === '1');
    await page.reload();
    await page.locator('.prompt .dial').waitFor();
    assert.equal(await page.getByLabel('Pass for me when I have nothing to decide').isChecked(), true, 'kept across a reload');
    await page.waitForTimeout(300);
    const hello = sent.map((t) => JSON.parse(t)).find((m) => m.type === 'hello');
    assert.equal(hello && hello.auto_pass, true, `the hello after the reload says auto_pass: ${sent.join(' | ')}`);
  });
});
