// End-to-end: the table on a phone (390×844) is four tabs, not one long page.
//
// Sealed Bids: the tab bar shows once the match starts; "Move" (the
// prompt, the Bidding Dial) is first; "Board", "Players" and "Log & chat"
// each show their part and hide the others; the page stays short and
// nothing sticks out sideways; a chat line from a friend puts a count on
// "Log & chat". X-Men: once the Plot hand is dealt it is in the "Move" tab
// under the prompt, and every card name wraps between words, never inside
// one.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, withServerAndBrowser, hostSealedBids, takeSeat, joinAs, hostXmen, xmenPlayUntil } from './helpers.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Elements wider than the screen, and visible panes. */
const layout = (page) => page.evaluate(() => ({
  height: document.documentElement.scrollHeight,
  out: [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`),
  panes: [...document.querySelectorAll('[data-pane]')].filter((e) => e.offsetParent !== null || e.getClientRects().length).map((e) => e.dataset.pane),
}));

test('at phone width the table is tabs: move, board, players, log and chat', { timeout: 120_000 }, async () => {
  await withServerAndBrowser({ botDelayMs: 50 }, async ({ base, browser, pageErrors }) => {
    const { page: ana } = await hostSealedBids(browser, base, 'ana', pageErrors, { seats: 3 });
    await takeSeat(ana);
    const invite = await ana.locator('#invite-link').inputValue();
    const { page: bea } = await joinAs(browser, invite, 'Bea', 'bea', pageErrors, { phone: true });
    // No tabs in the lobby.
    assert.equal(await bea.locator('.tabbar').isVisible(), false);
    await ana.click('#fill-bots');
    await ana.locator('#start:not([disabled])').click();

    const tabs = bea.locator('.tabbar');
    await tabs.waitFor();
    assert.deepEqual(await tabs.locator('.tab-label').allInnerTexts(), ['Move', 'Board', 'Players', 'Log & chat']);
    // Move: the prompt with its dial; the table waits on Bea (a dot on the tab).
    await bea.locator('.prompt .dial').waitFor();
    assert.equal(await bea.locator('.tab[data-tab="move"]').getAttribute('aria-selected'), 'true');
    assert.equal(await bea.locator('.tab[data-tab="move"] .tab-badge').isVisible(), true);
    let L = await layout(bea);
    assert.deepEqual([...new Set(L.panes)], ['move'], `only the Move pane shows: ${L.panes}`);
    assert.deepEqual(L.out, [], 'nothing sticks out sideways');
    assert.ok(L.height < 1800, `the Move tab is short: ${L.height}px`);
    await bea.screenshot({ path: path.join(shots, 'phone-tab-move.png') });

    // Board: the scoreboard, no prompt.
    await bea.locator('.tab[data-tab="board"]').click();
    await bea.locator('.sb-board').waitFor();
    assert.equal(await bea.locator('.prompt').isVisible(), false);
    assert.deepEqual([...new Set((await layout(bea)).panes)], ['board']);
    await bea.screenshot({ path: path.join(shots, 'phone-tab-board.png') });

    // Players: the roster with online dots.
    await bea.locator('.tab[data-tab="players"]').click();
    await bea.locator('.roster').waitFor();
    assert.equal(await bea.locator('.roster .roster-row').count(), 3);
    assert.equal(await bea.locator('.sb-board').isVisible(), false);
    await bea.screenshot({ path: path.join(shots, 'phone-tab-players.png') });

    // A chat line from Ana counts on "Log & chat" until Bea opens it.
    await ana.fill('#chat-input', 'hello from Ana');
    await ana.click('.chat-form button[type="submit"]');
    await bea.locator('.tab[data-tab="talk"] .tab-badge', { hasText: '1' }).waitFor();
    assert.equal(await bea.locator('.chat-jump').isVisible(), false, 'the tab counts them, no floating button');
    await bea.locator('.tab[data-tab="talk"]').click();
    await bea.locator('.chat-list li', { hasText: 'hello from Ana' }).waitFor();
    await bea.locator('.log').waitFor();
    await bea.locator('.tab[data-tab="talk"] .tab-badge').waitFor({ state: 'hidden' });
    assert.deepEqual([...new Set((await layout(bea)).panes)], ['talk']);
    await bea.screenshot({ path: path.join(shots, 'phone-tab-talk.png') });

    // Back to Move: bid from there.
    await bea.locator('.tab[data-tab="move"]').click();
    await bea.locator('.prompt .dial').waitFor();

    // Wider than a phone, the same page shows every part and no tab bar.
    await bea.setViewportSize({ width: 1200, height: 900 });
    assert.equal(await tabs.isVisible(), false);
    assert.equal(await bea.locator('.sb-board').isVisible(), true);
    assert.equal(await bea.locator('.roster').isVisible(), true);
  });
});

test('on a phone the X-Men Plot hand is in the Move tab and card names wrap between words', { timeout: 150_000 }, async () => {
  await withServerAndBrowser({ botDelayMs: 30 }, async ({ base, browser, pageErrors }) => {
    const { page, me } = await hostXmen(browser, base, 'xavier', pageErrors, { contextOptions: PHONE });
    await xmenPlayUntil(page, me, (m) => Array.isArray(m.view.my_hand) && m.view.my_hand.length > 0);
    const hand = page.locator('.hand-slot .xm-hand');
    await hand.waitFor();
    assert.equal(await page.locator('.board .xm-hand').count(), 0, 'the hand moved out of the board');
    assert.equal(await page.locator('.tab[data-tab="move"]').getAttribute('aria-selected'), 'true');
    assert.equal(await hand.isVisible(), true);
    // Every word of every card name sits on one line.
    const broken = await page.evaluate(() => {
      const out = [];
      for (const el of document.querySelectorAll('.xm-card-name, .xm-char-name')) {
        const node = el.firstChild;
        if (!node || node.nodeType !== Node.TEXT_NODE || !el.getClientRects().length) continue;
        const text = node.textContent;
        const re = /\S+/g;
        let m;
        while ((m = re.exec(text))) {
          const r = document.createRange();
          r.setStart(node, m.index);
          r.setEnd(node, m.index + m[0].length);
          const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
          if (tops.size > 1) out.push(m[0]);
        }
      }
      return out;
    });
    assert.deepEqual(broken, [], 'a card name broke inside a word');
    const L = await layout(page);
    assert.deepEqual(L.out, [], 'nothing sticks out sideways');
    await page.screenshot({ path: path.join(shots, 'phone-xmen-move.png') });
    await page.locator('.tab[data-tab="board"]').click();
    await page.locator('.xm-schools').waitFor();
    await page.screenshot({ path: path.join(shots, 'phone-xmen-board.png') });
  });
});
