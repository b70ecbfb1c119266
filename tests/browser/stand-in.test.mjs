// End-to-end: a friend who joined never shows up; the host sees them as
// away on the table, lets a bot play for them, and the match moves on.
//
// The host creates a 2-seat Sealed Bids lobby in the browser; the friend
// joins through the API (their seat taken, no socket ever opened) and the
// host starts. The host's page must offer "Let a bot play for Bea"; after
// the click it says a bot is playing for Bea, and the bot's bid leaves the
// host as the one the round waits for.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shots, startServer, launchBrowser, hostSealedBids } from './helpers.mjs';

test('the host lets a bot play for a friend who is away', { timeout: 120_000 }, async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-browser-'));
  fs.mkdirSync(shots, { recursive: true });
  let server;
  let browser;
  const pageErrors = [];
  try {
    server = await startServer(tmp, undefined, { botDelayMs: 50 });
    const { base } = server;
    browser = await launchBrowser();
    const { page: host, lobbyId } = await hostSealedBids(browser, base, 'host', pageErrors, { seats: 2 });
    const invite = (await host.locator('#invite-link').inputValue()).split('/').pop();

    // Bea joins (and so takes the free seat) but never opens the table.
    const joined = await fetch(`${base}/api/lobbies/${lobbyId}/join`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invite, name: 'Bea' }),
    });
    assert.equal(joined.status, 200);
    await host.locator('.seat-card', { hasText: 'Bea' }).waitFor();
    await host.locator('#start:not([disabled])').click();
    await host.locator('.dial').waitFor();

    // The table waits on Bea, who is away: the host may hand her seat to a bot.
    const offer = host.getByRole('button', { name: 'Let a bot play for Bea' });
    await offer.waitFor();
    assert.match(await host.locator('.stand-in.away').innerText(), /Bea is away/);
    await offer.click();
    await host.locator('.stand-in', { hasText: 'A bot is playing for Bea until they come back.' }).waitFor();
    await host.locator('.wait-line', { hasText: 'Everyone else is locked in: waiting for you.' }).waitFor();
    await host.screenshot({ path: path.join(shots, 'stand-in.png') });
    assert.deepEqual(pageErrors, []);
  } finally {
    await browser?.close();
    await server?.stop();
  }
});
