// End-to-end: prompts offer only what can work. An ask or option the rules
// would refuse for a reason the player can already see is shown greyed,
// with the reason and the price, and cannot be sent. Drawn on the prompt
// preview page (no server state needed), by the same controls every table
// uses.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServerAndBrowser, watchErrors } from './helpers.mjs';

test('a disabled ask and a disabled option show their reason and cannot be chosen', { timeout: 60_000 }, async () => {
  await withServerAndBrowser({}, async ({ base, browser, pageErrors }) => {
    const page = await (await browser.newContext()).newPage();
    watchErrors(page, 'preview', pageErrors);
    await page.goto(`${base}/#/preview`);
    const claim = page.locator('button.ask-pick', { hasText: 'Claim the Mission' });
    await claim.waitFor();
    assert.equal(await claim.isDisabled(), true, 'the unaffordable ask cannot be clicked');
    assert.match(await claim.innerText(), /costs 5 Hope; you have 4/);
    // Open "Play a card": Blackbird is there, greyed, with its price.
    await page.locator('button.ask-pick', { hasText: 'Play a card' }).click();
    const blackbird = page.locator('[role="radio"]', { hasText: 'Blackbird' }).first();
    await blackbird.waitFor();
    assert.equal(await blackbird.isDisabled(), true, 'the unaffordable card cannot be picked');
    assert.match(await blackbird.innerText(), /costs 3 Hope; you have 2/);
  });
});
