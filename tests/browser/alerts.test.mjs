// End-to-end: "your move" reaches a player whose tab is in the background.
//
// Ana plays Sealed Bids against a bot in a browser that grants the
// notification permission (Playwright's context `permissions`). An init
// script records every `new Notification(...)` and every beep (WebAudio
// oscillators), and lets the test hide the tab (document.visibilityState).
// Ana clicks "Notify me" (the permission is asked from that click) and
// switches the sound on. She bids, hides the tab; when the next round
// starts waiting on her: one notification ("Your move · Sealed Bids"), a
// beep, the title says "● Your move", the favicon has its dot. Back on the
// tab, the notification is closed; after her next bid the favicon is plain
// again. A notification never comes while the tab is visible.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, withServerAndBrowser, takeSeat, bid, watchErrors } from './helpers.mjs';

test('your move: title, favicon, a beep and a notification when the tab is hidden', { timeout: 120_000 }, async () => {
  // The bot bids 1.5 s into a round, after Ana: the table stops waiting on her,
  // then starts again with the next round.
  await withServerAndBrowser({ botDelayMs: 1500 }, async ({ base, browser, pageErrors }) => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['notifications'] });
    ctx.setDefaultTimeout(20_000);
    const page = await ctx.newPage();
    watchErrors(page, 'ana', pageErrors);
    await page.addInitScript(() => {
      window.__notes = [];
      window.__closed = 0;
      window.__beeps = 0;
      const Native = window.Notification;
      class Recorded extends Native {
        constructor(title, options) {
          window.__notes.push({ title, body: options && options.body, hidden: document.visibilityState === 'hidden' });
          super(title, options);
        }
        close() { window.__closed += 1; super.close(); }
      }
      window.Notification = Recorded;
      const AC = window.AudioContext;
      if (AC) {
        const osc = AC.prototype.createOscillator;
        AC.prototype.createOscillator = function (...a) { window.__beeps += 1; return osc.apply(this, a); };
      }
      window.__hidden = false;
      Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get() { return window.__hidden ? 'hidden' : 'visible'; } });
      Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get() { return window.__hidden; } });
      window.__setHidden = (on) => { window.__hidden = on; document.dispatchEvent(new Event('visibilitychange')); };
    });
    await page.goto(`${base}/#/`);
    await page.fill('#name', 'Ana');
    const card = page.locator('[data-game="sealed-bids"]');
    await card.locator('select[name="seats"]').selectOption('2');
    await card.getByRole('button', { name: 'Create lobby' }).click();
    await page.waitForURL(/#\/table\/[0-9a-f-]{36}$/);
    await takeSeat(page);
    await page.click('#fill-bots');
    await page.locator('#start:not([disabled])').click();
    await page.locator('.prompt .dial').waitFor();
    const icon = () => page.evaluate(() => document.querySelector('link[rel="icon"]').getAttribute('href'));
    assert.match(await page.title(), /^● Your move · Sealed Bids/);
    assert.match(await icon(), /circle/, 'the favicon has its dot while the table waits on Ana');

    // Ana allows notifications (a click) and sound.
    await page.getByRole('button', { name: 'Notify me' }).click();
    await page.getByRole('button', { name: 'Notifications on' }).waitFor();
    await page.locator('.sound-toggle input').check();
    const beepsAtStart = await page.evaluate(() => window.__beeps);
    assert.ok(beepsAtStart >= 1, 'switching the sound on plays it once');

    // Round 1 with the tab visible: no notification.
    await bid(page, 14);
    await page.locator('.sb-round', { hasText: 'Round 2' }).waitFor();
    await page.waitForFunction(() => document.title.startsWith('● Your move'));
    assert.equal(await page.evaluate(() => window.__notes.length), 0, 'no notification while the tab is visible');
    const beepsVisible = await page.evaluate(() => window.__beeps);
    assert.ok(beepsVisible > beepsAtStart, 'the beep plays when the table starts waiting on Ana');

    // Ana hides the tab (her bid goes out just before); the next round waits on her.
    await page.evaluate(() => window.__setHidden(true));
    await bid(page, 13);
    await page.locator('.sb-round', { hasText: 'Round 3' }).waitFor();
    await page.waitForFunction(() => window.__notes.length === 1);
    const [note] = await page.evaluate(() => window.__notes);
    assert.equal(note.title, 'Your move · Sealed Bids');
    assert.equal(note.hidden, true);
    assert.match(note.body, /you/i);
    assert.match(await page.title(), /^● Your move · Sealed Bids/);
    assert.match(await icon(), /circle/);
    assert.ok(await page.evaluate(() => window.__beeps) > beepsVisible);

    // Back on the tab: the notification goes; after the bid the favicon is plain.
    await page.evaluate(() => window.__setHidden(false));
    assert.ok(await page.evaluate(() => window.__closed) >= 1);
    await bid(page, 12);
    await page.waitForFunction(() => !document.querySelector('link[rel="icon"]').getAttribute('href').includes('circle') || document.title.startsWith('● Your move'));
    await page.screenshot({ path: path.join(shots, 'alerts-your-move.png') });
  });
});
