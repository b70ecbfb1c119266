// End-to-end: the web client works under the server's strict browser policy.
//
// Every response carries a Content-Security-Policy (scripts, styles and
// connections from the same origin only, no framing), nosniff and
// no-referrer. A host opens a Sealed Bids table, fills it with bots and
// plays a round: no policy violation is reported (the page's own
// `securitypolicyviolation` events, and the console errors every browser
// test already fails on), and the WebSocket connects under `connect-src
// 'self'`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServerAndBrowser, sealedBidsWithABot } from './helpers.mjs';

test('the client plays a round under the Content-Security-Policy', { timeout: 120_000 }, async () => {
  await withServerAndBrowser({ botDelayMs: 50 }, async ({ base, browser, pageErrors }) => {
    const res = await fetch(`${base}/`);
    const csp = res.headers.get('content-security-policy') || '';
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /connect-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');

    const { page } = await sealedBidsWithABot(browser, base, pageErrors);
    // Violations after the round starts are recorded here; any before are
    // console errors, which fail the test as well.
    await page.evaluate(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const violations = await page.evaluate(() => window.__violations);
    assert.deepEqual(violations, [], 'no Content-Security-Policy violation');
  });
});
