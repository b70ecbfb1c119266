// End-to-end: who is here, all match long, and what a player missed.
//
// Ana hosts a 3-seat Sealed Bids table; Bea joins from her phone; a bot
// takes the last seat. During the match both pages list the players with
// an online dot each (the roster, and the dots beside the names on the
// scoreboard). Bea closes her tab: Ana's page shows her away, Ana lets a
// bot play for her and plays two rounds. Bea opens the table again: her
// page sums up what happened meanwhile ("While you were away", the log
// lines she had not seen) in a panel she dismisses, and Ana's page shows
// her online again.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, withServerAndBrowser, hostSealedBids, takeSeat, joinAs, bid, watchErrors } from './helpers.mjs';

test('online dots all match long, and a "while you were away" summary for a player who comes back', { timeout: 180_000 }, async () => {
  await withServerAndBrowser({ botDelayMs: 50 }, async ({ base, browser, pageErrors }) => {
    const { page: ana, lobbyId } = await hostSealedBids(browser, base, 'ana', pageErrors, { seats: 3 });
    await takeSeat(ana);
    const invite = await ana.locator('#invite-link').inputValue();
    const { page: bea0, ctx: beaCtx } = await joinAs(browser, invite, 'Bea', 'bea', pageErrors, { phone: true });
    await ana.locator('.seat-card', { hasText: 'Bea' }).waitFor();
    await ana.click('#fill-bots');
    await ana.locator('#start:not([disabled])').click();
    await ana.locator('.dial').waitFor();
    await bea0.locator('.dial').waitFor();

    // Both pages: a roster with a dot per player; everyone is online (the bot too).
    for (const p of [ana, bea0]) {
      await p.locator('.roster .roster-row').nth(2).waitFor({ state: 'attached' });
      assert.equal(await p.locator('.roster .roster-row').count(), 3);
      assert.equal(await p.locator('.roster .roster-row[data-presence="online"]').count(), 2);
      assert.equal(await p.locator('.roster .roster-row[data-presence="bot"]').count(), 1);
    }
    assert.equal(await ana.locator('.sb-name .dot.presence.on').count(), 3, 'a dot beside every name on the scoreboard');

    // One round with both here.
    await bid(ana, 9);
    await bid(bea0, 4);
    await ana.locator('.sb-round', { hasText: 'Round 2' }).waitFor();
    await bea0.locator('.sb-round', { hasText: 'Round 2' }).waitFor({ state: 'attached' }); // on the Board tab

    // Bea closes her tab: Ana sees her away, and hands her seat to a bot.
    await bea0.close();
    const beaRow = ana.locator('.roster .roster-row', { hasText: 'Bea' });
    await ana.locator('.roster .roster-row[data-presence="away"]', { hasText: 'Bea' }).waitFor();
    assert.equal(await ana.locator('.sb-name', { hasText: 'Bea' }).locator('.dot.off').count(), 1);
    await ana.getByRole('button', { name: 'Let a bot play for Bea' }).click();
    await ana.locator('.roster .roster-row[data-presence="stand-in"]', { hasText: 'Bea' }).waitFor();
    assert.match(await beaRow.innerText(), /a bot plays for them/);
    await ana.screenshot({ path: path.join(shots, 'presence-host.png') });
    await bid(ana, 11);
    await ana.locator('.sb-round', { hasText: 'Round 3' }).waitFor();
    await bid(ana, 12);
    await ana.locator('.sb-round', { hasText: 'Round 4' }).waitFor();
    const anaLog = await ana.locator('.log-list li').allInnerTexts();

    // Bea comes back (same browser profile): the lines she missed, summed up.
    const bea = await beaCtx.newPage();
    watchErrors(bea, 'bea again', pageErrors);
    await bea.goto(`${base}/#/table/${lobbyId}`);
    const panel = bea.locator('.away-summary');
    await panel.waitFor();
    assert.match(await panel.innerText(), /While you were away/);
    const missed = Number(await panel.getAttribute('data-lines'));
    assert.ok(missed >= 2, `Bea missed two rounds' lines, got ${missed}`);
    const shown = await panel.locator(':scope > ol.away-lines > li').allInnerTexts();
    assert.ok(shown.length >= 1 && shown.length <= missed);
    const beaLog = await bea.locator('.log-list li').allInnerTexts();
    assert.deepEqual(shown, beaLog.slice(-shown.length), 'the summary shows her newest log lines');
    assert.ok(anaLog.length >= 1);
    await bea.screenshot({ path: path.join(shots, 'presence-away-summary-phone.png') });
    // Ana sees her back online; the bot stops playing for her.
    await ana.locator('.roster .roster-row[data-presence="online"]', { hasText: 'Bea' }).waitFor();
    // Dismissed, the panel goes; a reload then has nothing new to sum up.
    await panel.getByRole('button', { name: 'Dismiss' }).click();
    assert.equal(await bea.locator('.away-summary').count(), 0);
    await bea.reload();
    await bea.locator('.dial').waitFor();
    await bea.locator('.log-list li').first().waitFor({ state: 'attached' });
    assert.equal(await bea.locator('.away-summary').count(), 0, 'nothing new since the last look');
  });
});
