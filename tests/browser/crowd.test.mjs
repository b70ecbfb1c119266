// End-to-end: an address that holds too many sockets is told so on screen,
// and the tab gets in by itself once another tab closes.
//
// The server allows one socket per address here. The host's first tab holds
// it; a second tab of the same browser opens the table and must say "Too
// many connections" (pill and notice) rather than a bare "Offline"; when the
// first tab closes, the second connects on its own.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, withServerAndBrowser, watchErrors, hostSealedBids } from './helpers.mjs';

test('a tab over the per-address socket cap says why and gets in once another tab closes', { timeout: 120_000 }, async () => {
  await withServerAndBrowser({ extraArgs: ['--max-sockets-per-address', '1'] }, async ({ base, browser, pageErrors }) => {
    const { page: first, ctx } = await hostSealedBids(browser, base, 'first', pageErrors);
    await first.locator('#conn', { hasText: 'Connected' }).waitFor();

    // The same person opens the table in a second tab: one socket too many.
    const second = await ctx.newPage();
    watchErrors(second, 'second', pageErrors);
    await second.goto(first.url());
    await second.locator('#conn', { hasText: 'Too many connections' }).waitFor();
    const notice = await second.locator('.notice.offline').innerText();
    assert.match(notice, /Too many connections from your address \(at most 1 at once\)/);
    assert.match(notice, /Close a tab you are not using/);
    // Said once, in the notice: not also as a toast at every retry.
    assert.equal(await second.locator('.toast').count(), 0, 'no toast repeats the notice');
    await second.screenshot({ path: path.join(shots, 'too-many-connections.png') });

    // The first tab goes away; the second gets in without a click.
    await first.close();
    await second.locator('#conn', { hasText: 'Connected' }).waitFor({ timeout: 60_000 });
    await second.locator('.notice.offline').waitFor({ state: 'detached' });
    // Refused dials are expected noise while the cap holds (watchErrors
    // leaves them out); the helper checks that nothing else was logged.
  });
});
