// End-to-end: the table on a phone (390×844) is four tabs, not one long page.
//
// Sealed Bids: the tab bar shows once the match starts; "Move" (the
// prompt, the Bidding Dial) is first; "Board", "Players" and "Log & chat"
// each show their part and hide the others; the page stays short and
// nothing sticks out sideways; a chat line from a friend puts a count on
// "Log & chat". X-Men: once the Plot hand is dealt it is in the "Move" tab
// under the prompt, and every card name wraps between words, never inside
// one. Villains: every plan name (the plans in hand, the plan to put at
// the bottom, the scored ones) breaks only between words, measured. Every
// button and link of the page's head and the tab bar is at least 44 px
// high.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, withServerAndBrowser, hostSealedBids, takeSeat, joinAs, hostXmen, xmenPlayUntil, gameTest, statePoller, openGameTable, awaitsSeat, enabledAction, actAndAwait } from './helpers.mjs';

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

/**
 * The words of the text directly in `selector`'s elements that sit on more
 * than one line (each word's line boxes, by Range.getClientRects), and the
 * elements whose CSS would break a word anywhere, or that a word sticks out of.
 */
const brokenWords = (page, selector) => page.evaluate((selector) => {
  const out = { broken: [], css: [], wider: [], seen: 0 };
  for (const el of document.querySelectorAll(selector)) {
    if (!el.getClientRects().length) continue;
    out.seen++;
    const cs = getComputedStyle(el);
    if (cs.overflowWrap === 'anywhere' || cs.wordBreak === 'break-all' || cs.wordBreak === 'break-word' || cs.hyphens === 'auto') out.css.push(`${el.textContent}: ${cs.overflowWrap}/${cs.wordBreak}/${cs.hyphens}`);
    const box = el.getBoundingClientRect();
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      const re = /\S+/g;
      let m;
      while ((m = re.exec(node.textContent))) {
        const r = document.createRange();
        r.setStart(node, m.index);
        r.setEnd(node, m.index + m[0].length);
        const rects = [...r.getClientRects()];
        if (new Set(rects.map((x) => Math.round(x.top))).size > 1) out.broken.push(m[0]);
        if (rects.some((x) => x.right > box.right + 1 || x.left < box.left - 1)) out.wider.push(m[0]);
      }
    }
  }
  return out;
}, selector);

test('on a phone Villains plan names break only between words', { timeout: 150_000 }, async (t) => {
  await gameTest(t, 'phone-villains', { botDelayMs: 40, viewport: { width: 390, height: 844 } }, async ({ base, page, shot }) => {
    const states = statePoller(page, { quietMs: 80, settleMs: 60_000 });
    const { me } = await openGameTable(page, base, { game: 'villains', name: 'Vera', seats: 4, banner: '.vl-banner' });
    // Answer with the first open choice until the plans are dealt and the
    // table asks which one goes to the bottom of the deck.
    const until = Date.now() + 90_000;
    let m;
    for (;;) {
      assert.ok(Date.now() < until, 'the plans were dealt within 90 s');
      m = await states.settle();
      if (!awaitsSeat(m, me)) { await page.waitForTimeout(100); continue; }
      if (m.prompt.asks.some((a) => a.verb === 'bottom_plan')) break;
      const ask = m.prompt.asks.find((a) => !a.disabled);
      await actAndAwait(page, states, enabledAction(ask), m.version);
    }
    await page.locator('.hand-slot .vl-plan-name').first().waitFor();
    await page.locator('.prompt-area [data-plan] .vl-plan-ref').first().waitFor();
    const names = await brokenWords(page, '.vl-plan-name, .vl-plan-ref');
    assert.ok(names.seen >= 2, `plan names on the Move tab: ${names.seen}`);
    assert.deepEqual(names.broken, [], 'a plan name broke inside a word');
    assert.deepEqual(names.css, [], 'a plan name may break anywhere');
    assert.deepEqual(names.wider, [], 'a plan name word is wider than its box');
    await shot('plans');
  });
});

test('on a phone every button and link of the page head and the tabs is at least 44 px high', { timeout: 120_000 }, async () => {
  await withServerAndBrowser({ botDelayMs: 50 }, async ({ base, browser, pageErrors }) => {
    const { page: ana } = await hostSealedBids(browser, base, 'ana', pageErrors, { seats: 2 });
    await takeSeat(ana);
    const invite = await ana.locator('#invite-link').inputValue();
    const { page: bea } = await joinAs(browser, invite, 'Bea', 'bea', pageErrors, { phone: true });
    await ana.locator('#start:not([disabled])').click();
    await bea.locator('.tabbar').waitFor();
    await bea.locator('.table-head .rules-button').waitFor();
    const small = await bea.evaluate(() => [...document.querySelectorAll('.topbar a, .topbar button, .table-head button, .table-head a, .table-head label, .tabbar button')]
      .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
      .map((e) => ({ what: `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${e.textContent.trim().slice(0, 20)}"`, h: e.getBoundingClientRect().height }))
      .filter((x) => x.h < 44 - 0.5));
    const seen = await bea.evaluate(() => document.querySelectorAll('.topbar a, .table-head button, .table-head label, .tabbar button').length);
    assert.ok(seen >= 6, `the head and tabs hold the brand, the rules, alerts and the four tabs: ${seen}`);
    assert.deepEqual(small, [], 'tap targets under 44 px');
    await bea.screenshot({ path: path.join(shots, 'phone-head-targets.png') });
  });
});
