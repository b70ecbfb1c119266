// The desktop log keeps following new lines after the phone layout was used
// in the same tab (issue #29, X-Men: it stopped for the rest of the match).
//
// X-Men, one person and two bots in a desktop tab: once the log scrolls,
// the tab goes to 390×844 (the phone's tabs: the log is on "Log & chat",
// hidden while the person plays on "Move"), lines arrive meanwhile, and it
// comes back to 1280×900. From then on, each time new lines arrive the
// log's scroll stands at its bottom.
//
// Run: see README.md. Env: BACKROOM_BIN, CHROMIUM, BACKROOM_URL.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, withServerAndBrowser, hostXmen, xmenPlayUntil } from './helpers.mjs';

const LINES = { lines: '.log-list li' };

/** The log's line count and how far its scroll is from the bottom, after the page has drawn. */
const logState = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => {
  const s = document.querySelector('.log-scroll');
  resolve({ lines: document.querySelectorAll('.log-list li').length, gap: Math.round(s.scrollHeight - s.scrollTop - s.clientHeight), scrolls: s.scrollHeight > s.clientHeight + 10 });
})));

test('X-Men: after the phone layout was used in the tab, the desktop log keeps following new lines', { timeout: 200_000 }, async () => {
  await withServerAndBrowser({ botDelayMs: 40 }, async ({ base, browser, pageErrors }) => {
    const { page, me } = await hostXmen(browser, base, 'xavier', pageErrors);
    // Enough lines that the desktop log scrolls.
    let m = await xmenPlayUntil(page, me, (s) => s.seen.lines.count >= 25, { peek: LINES });
    let L = await logState(page);
    assert.ok(L.scrolls, `the log scrolls with ${L.lines} lines`);
    assert.ok(L.gap <= 2, `the log follows before the phone layout: ${JSON.stringify(L)}`);

    // The phone layout: the log tab looked at, then the person plays on
    // "Move" while lines arrive behind the hidden log.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.tabbar .tab[data-tab="talk"]').click();
    await page.locator('.log-list').waitFor();
    await page.locator('.tabbar .tab[data-tab="move"]').click();
    const before = m.seen.lines.count;
    m = await xmenPlayUntil(page, me, (s) => s.seen.lines.count >= before + 4, { peek: LINES });

    // Back to the desktop: the log is at its bottom, and stays there as
    // lines keep arriving.
    await page.setViewportSize({ width: 1280, height: 900 });
    L = await logState(page);
    assert.ok(L.gap <= 2, `back on the desktop, the log shows its last line: ${JSON.stringify(L)}`);
    for (let round = 0; round < 3; round++) {
      const n = L.lines;
      m = await xmenPlayUntil(page, me, (s) => s.seen.lines.count > n, { peek: LINES });
      L = await logState(page);
      assert.ok(L.lines > n && L.gap <= 2, `new lines arrived (${n} → ${L.lines}) and the log followed them: ${JSON.stringify(L)}`);
    }
    await page.screenshot({ path: path.join(shots, 'log-follow-desktop.png') });
  });
});
