// End-to-end: a friend who joined never shows up; the host sees them as
// away on the table, lets a bot play for them, and the match moves on.
//
// The host creates a 2-seat Sealed Bids lobby in the browser; the friend
// joins through the API (their seat taken, no socket ever opened) and the
// host starts. The host's page must offer "Let a bot play for Bea"; after
// the click it says a bot is playing for Bea, and the bot's bid leaves the
// host as the one the round waits for.
//
// Second test: the host is gone too. Cal, a friend at the table, is told how
// long Bea must have been away before anyone may hand her seat to a bot;
// once that wait is over (15 s here, `--stand-in-after-secs 15`) Cal's page
// offers the button, and the bot plays for Bea; once the host has been away
// that long too, Cal takes over as host.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, withServerAndBrowser, hostSealedBids, takeSeat, watchErrors } from './helpers.mjs';

test('the host lets a bot play for a friend who is away', { timeout: 120_000 }, async () => {
  await withServerAndBrowser({ botDelayMs: 50 }, async ({ base, browser, pageErrors }) => {
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
  });
});

test('a friend at the table lets a bot play for someone away long enough when the host is gone', { timeout: 120_000 }, async () => {
  await withServerAndBrowser({ botDelayMs: 50, extraArgs: ['--stand-in-after-secs', '15'] }, async ({ base, browser, pageErrors }) => {
    const { page: host, ctx: hostCtx, lobbyId } = await hostSealedBids(browser, base, 'host', pageErrors, { seats: 3 });
    const invite = await host.locator('#invite-link').inputValue();

    // Cal joins in a browser of their own; Bea joins but never opens the table.
    const ctxC = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    ctxC.setDefaultTimeout(20_000);
    const cal = await ctxC.newPage();
    watchErrors(cal, 'cal', pageErrors);
    await cal.goto(invite);
    await cal.fill('#join-name', 'Cal');
    await cal.click('#join');
    await cal.waitForURL(new RegExp(`#/table/${lobbyId}$`));
    await takeSeat(cal);
    const joined = await fetch(`${base}/api/lobbies/${lobbyId}/join`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invite: invite.split('/').pop(), name: 'Bea' }),
    });
    assert.equal(joined.status, 200);
    await host.locator('.seat-card', { hasText: 'Bea' }).waitFor();
    await host.locator('#start:not([disabled])').click();
    await cal.locator('.dial').waitFor();

    // The host leaves. Cal first reads how long the wait for Bea is...
    await host.locator('.dial').waitFor();
    await hostCtx.close();
    const wait = cal.locator('.stand-in.away', { hasText: 'Bea is away. Once they have been away 15 s,' });
    await wait.waitFor();
    assert.match(await wait.innerText(), /anyone at the table can let a bot play for them/);
    await cal.screenshot({ path: path.join(shots, 'stand-in-wait-phone.png') });

    // ...then, the wait over, gets the button, and the bot plays for Bea.
    const offer = cal.getByRole('button', { name: 'Let a bot play for Bea' });
    await offer.waitFor({ timeout: 30_000 });
    await offer.click();
    await cal.locator('.stand-in', { hasText: 'A bot is playing for Bea until they come back.' }).waitFor();
    assert.equal(await cal.getByRole('button', { name: 'Stop the bot' }).count(), 0, 'stopping the bot is the host\'s');
    await cal.screenshot({ path: path.join(shots, 'stand-in-friend-phone.png') });

    // The host has been away long enough too: Cal takes over as host, and
    // with it the host's switch for the bot.
    await cal.locator('.host-away', { hasText: 'Ana, the host, is away.' }).waitFor();
    const take = cal.getByRole('button', { name: 'Take over as host' });
    await take.waitFor({ timeout: 30_000 });
    await take.click();
    await cal.getByRole('button', { name: 'Stop the bot' }).waitFor();
    assert.equal(await cal.locator('.host-away').count(), 0);
  });
});
