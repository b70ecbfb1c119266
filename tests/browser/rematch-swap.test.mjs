// Two people swap seats in a rematch's lobby (issue "The four new tables,
// second pass": the swap works before the start and at a rematch, in every
// game's lobby). Ana (desktop) and Bea (a 390×844 phone), each in a browser
// of their own, play a one-round Sealed Bids; Ana asks for the rematch and
// Bea joins it; in the new lobby Ana offers Bea a swap, Bea's page says so
// with Accept and Decline, Bea accepts, and both pages show the seats
// swapped, the offer gone.
//
// Run: see README.md. Env: BACKROOM_BIN, CHROMIUM, BACKROOM_URL.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gameTest, joinAs, takeSeat, bid } from './helpers.mjs';

test('two people swap seats in the rematch\'s lobby, one offering and the other accepting', { timeout: 120_000 }, async (t) => {
  await gameTest(t, 'rematch-swap', { viewport: { width: 1280, height: 900 } }, async ({ base, browser, page: ana, pageErrors, shot }) => {
    await ana.goto(`${base}/#/`);
    await ana.fill('#name', 'Ana');
    const card = ana.locator('[data-game="sealed-bids"]');
    await card.locator('select[name="seats"]').selectOption('2');
    await card.locator('input[name="rounds"]').fill('1');
    await card.getByRole('button', { name: 'Create lobby' }).click();
    await ana.waitForURL(/#\/table\/[0-9a-f-]{36}$/);
    assert.equal(await takeSeat(ana), 0);
    const invite = await ana.locator('#invite-link').inputValue();
    const { page: bea } = await joinAs(browser, invite, 'Bea', 'bea', pageErrors, { phone: true });
    await bea.locator('.seat-card.mine[data-seat="1"]').waitFor();
    await ana.locator('#start:not([disabled])').click();

    // The one round: each bids, and the match is over.
    await ana.locator('.prompt .dial').waitFor();
    await bid(ana, 3);
    await bea.locator('.prompt .dial').waitFor();
    await bid(bea, 5);
    const first = ana.url();

    // Ana asks for the rematch; Bea's page offers to join it.
    await ana.locator('button[data-rematch]').click();
    await ana.waitForURL((u) => u.toString() !== first && /#\/table\/[0-9a-f-]{36}$/.test(u.toString()));
    await ana.locator('.seat-card.mine[data-seat="0"]').waitFor();
    await bea.locator('button[data-rematch]', { hasText: 'Join the rematch' }).click();
    await bea.waitForURL(ana.url());
    await bea.locator('.seat-card.mine[data-seat="1"]').waitFor();
    await ana.locator('.seat-card[data-seat="1"] .pname', { hasText: 'Bea' }).waitFor();

    // Ana offers the swap; Bea accepts it on her phone.
    await ana.locator('.seat-card[data-seat="1"] button[data-swap="1"]').click();
    await ana.locator('.seat-card[data-seat="1"] .swap-wait', { hasText: 'waiting for Bea' }).waitFor();
    const offer = bea.locator('.callout.swap-offer[data-swap-from="0"]');
    await offer.filter({ hasText: /Ana offers to swap seats: you would take Seat 1 and Ana yours/ }).waitFor();
    await shot('offer-sent');
    await offer.locator('button[data-swap-accept="0"]').click();
    await bea.locator('.seat-card.mine[data-seat="0"]').waitFor();
    await ana.locator('.seat-card.mine[data-seat="1"]').waitFor();
    await offer.waitFor({ state: 'detached' });
    await ana.locator('.swap-wait').waitFor({ state: 'detached' });
    await shot('swapped');
  });
});
