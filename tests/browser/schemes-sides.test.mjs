// Nefarious Schemes, the sides and the start of a match, on a phone
// (390×844):
// - the lobby names each seat's side (Seat 1 · Heroes, Seat 2 · Villain);
// - a seated player swaps seats with the bot to play the Villain;
// - the log holds the deal and turn 1's first phases, each phase once, and
//   no phase where nothing happened;
// - the Villain's Recruit shows the cards that cannot be put into play,
//   disabled with their reason, and the house mulligan has given the
//   Villain a Mastermind to put into play;
// - when the Villain decides on a roll (its event window), the Move tab
//   shows the roll and its table;
// - at the end, the rematch's lobby names the sides again and the swap
//   takes the player back to the Heroes.
// And two people, each in a browser of their own: Ana (Heroes) offers Bea
// (Villain) a swap; Bea's page says so with Accept and Decline; Bea declines
// a first offer, accepts the second, and both pages show the sides swapped.
//
// Run: see README.md. Env: BACKROOM_BIN, CHROMIUM, BACKROOM_URL.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { gameTest, statePoller, awaitsSeat, sticksOut, joinAs, shots, enabledAction, actAndAwait } from './helpers.mjs';

const GAME = 'nefarious-schemes';
const VILLAIN = 1;

test('Nefarious Schemes: choose the Villain in the lobby, then the log, the Recruit reasons and the roll on the phone Move tab', { timeout: 240_000 }, async (t) => {
  await gameTest(t, 'schemes-sides', { botDelayMs: 60, viewport: { width: 390, height: 844 } }, async ({ base, page, shot, setReport }) => {
    const states = statePoller(page, { quietMs: 80, settleMs: 60_000 });
    const seen = { acted: 0, windows: 0 };
    setReport(() => JSON.stringify({ ...seen, last: states.last && { v: states.last.version, phase: states.last.view && states.last.view.phase, prompt: states.last.prompt && states.last.prompt.title } }));

    // --- the lobby: seats named by side; swap with the bot
    await page.goto(`${base}/#/`);
    await page.fill('#name', 'Bea');
    const card = page.locator(`[data-game="${GAME}"]`);
    await card.locator('input[name="turn_limit"]').fill('2');
    await card.getByRole('button', { name: 'Create lobby' }).click();
    await page.waitForURL(/#\/table\/[0-9a-f-]{36}$/);
    const lobbyId = page.url().split('/').pop();
    await page.locator('.seat-card.mine').waitFor();
    // The renderer (which names the sides) loads with the lobby.
    await page.locator('.seat-card[data-seat="1"] .seat-no[data-role]').waitFor();
    assert.equal(await page.locator('.seat-card[data-seat="0"] .seat-no').innerText(), 'Seat 1 · Heroes');
    assert.equal(await page.locator('.seat-card[data-seat="1"] .seat-no').innerText(), 'Seat 2 · Villain');
    await page.locator('#fill-bots').click();
    await page.locator('button[data-swap="1"]').click();
    await page.locator('.seat-card.mine[data-seat="1"]').waitFor();
    assert.equal(await page.locator('.seat-card[data-seat="0"] .seat-actions button[data-swap]').count(), 1, 'the bot now holds the Heroes, and may be swapped back');
    await shot('lobby-swapped');
    await page.locator('#start:not([disabled])').click();
    await page.locator('.ns-banner').waitFor();

    // --- the log: the deal and turn 1, each phase at most once
    await page.locator('.tabbar [data-tab="talk"]').click();
    const log = page.locator('.log-list');
    await log.getByText('Setup: each player shuffles their deck and draws 7.').waitFor();
    await log.getByText('Turn 1, phase 1: New Day Phase.').waitFor();
    await log.getByText('Turn 1, phase 6: Recruit Phase.').waitFor();
    const lines = await log.locator('li').allInnerTexts();
    for (const n of [2, 3, 4, 5]) assert.ok(!lines.some((l) => l.includes(`Turn 1, phase ${n}:`)), `turn 1 phase ${n} had nothing to do: ${lines.join(' | ')}`);
    await page.locator('.tabbar [data-tab="move"]').click();

    // --- the Villain's Recruit: a Mastermind to put into play, the rest disabled with why
    let m = await states.settle();
    assert.equal(m.view.you, VILLAIN);
    assert.ok(awaitsSeat(m, VILLAIN) && /Recruit Phase/.test(m.prompt.title), `the Villain recruits first: ${m.prompt && m.prompt.title}`);
    const prompt = page.locator('.prompt-area .prompt');
    const disabled = prompt.locator('button.ask-pick[disabled]');
    assert.ok(await disabled.count() > 0, 'cards that cannot be put into play are shown');
    assert.match(await disabled.first().innerText(), /\((an Event|a Plot|needs a Mastermind|no Mastermind)[^)]*\)/);
    const mastermind = m.prompt.asks.findIndex((a) => a.verb === 'recruit' && !a.disabled && !(a.params && a.params.length));
    assert.ok(mastermind >= 0, `the house mulligan left a Mastermind in hand: ${JSON.stringify(m.prompt.asks.map((a) => [a.label, a.disabled]))}`);
    await shot('recruit');

    // --- play on (the first open answer; pass in windows) until the
    // Villain decides in a roll's event window, and look at the Move tab
    const until = Date.now() + 150_000;
    let checked = false;
    while (Date.now() < until) {
      m = await states.settle();
      if (m.outcome || (m.pending && m.pending.mode === 'over')) break;
      if (!awaitsSeat(m, VILLAIN)) { await page.waitForTimeout(100); continue; }
      if (!checked && m.view.stage && m.view.stage.stage === 'window' && m.view.roll && !m.view.roll.result) {
        seen.windows++;
        const roll = page.locator('.hand-slot .ns-roll');
        await roll.waitFor();
        assert.ok(await roll.isVisible(), 'the roll shows on the Move tab');
        assert.ok(await roll.locator('.ns-table li').count() > 0, 'with its table');
        assert.deepEqual(await sticksOut(page), []);
        await shot('window-move-tab');
        checked = true;
      }
      const ask = m.prompt.asks.find((a) => !a.disabled && a.verb === 'pass')
        || m.prompt.asks.find((a) => !a.disabled && a.verb === 'recruit')
        || m.prompt.asks.find((a) => !a.disabled);
      await actAndAwait(page, states, enabledAction(ask), m.version);
      seen.acted++;
    }
    assert.ok(checked, 'the Villain decided in an event window within two turns');

    // --- the match ends (turn limit 2); the rematch's lobby names the sides
    // and keeps the swap, so the sides can be chosen again
    await page.locator('button[data-rematch]').click();
    await page.waitForURL((u) => !u.toString().endsWith(lobbyId) && /#\/table\/[0-9a-f-]{36}$/.test(u.toString()));
    await page.locator('.seat-card.mine[data-seat="1"]').waitFor();
    await page.locator('.seat-card[data-seat="0"] .seat-no[data-role]').waitFor();
    assert.equal(await page.locator('.seat-card[data-seat="0"] .seat-no').innerText(), 'Seat 1 · Heroes');
    await page.locator('button[data-swap="0"]').click();
    await page.locator('.seat-card.mine[data-seat="0"]').waitFor();
    await shot('rematch-swapped');
  });
});

test('Nefarious Schemes: two people swap sides in the lobby, one offering and the other accepting', { timeout: 120_000 }, async (t) => {
  await gameTest(t, 'schemes-swap', { viewport: { width: 1280, height: 900 } }, async ({ base, browser, page: ana, pageErrors, shot }) => {
    await ana.goto(`${base}/#/`);
    await ana.fill('#name', 'Ana');
    await ana.locator(`[data-game="${GAME}"]`).getByRole('button', { name: 'Create lobby' }).click();
    await ana.waitForURL(/#\/table\/[0-9a-f-]{36}$/);
    await ana.locator('.seat-card.mine[data-seat="0"]').waitFor();
    const invite = await ana.locator('#invite-link').inputValue();
    const { page: bea } = await joinAs(browser, invite, 'Bea', 'bea', pageErrors, { phone: true });
    await bea.locator('.seat-card.mine[data-seat="1"]').waitFor();
    await ana.locator('.seat-card[data-seat="1"] .pname', { hasText: 'Bea' }).waitFor();

    // A first offer, declined: nothing moves, and the offer is gone on both pages.
    await ana.locator('.seat-card[data-seat="1"] button[data-swap="1"]').click();
    await ana.locator('.seat-card[data-seat="1"] .swap-wait', { hasText: 'waiting for Bea' }).waitFor();
    const offer = bea.locator('.callout.swap-offer[data-swap-from="0"]');
    await offer.waitFor();
    // The side's name comes with the game's seat names (the renderer's;
    // the lobby's first draw waits for it): wait for the note to name it.
    await offer.filter({ hasText: /Ana offers to swap seats: you would take Seat 1 \(Heroes\)/ }).waitFor();
    await shot('offer-sent');
    await bea.screenshot({ path: path.join(shots, 'schemes-swap-offer-phone.png') });
    await offer.locator('button[data-swap-decline="0"]').click();
    await offer.waitFor({ state: 'detached' });
    await ana.locator('.seat-card[data-seat="1"] .swap-wait').waitFor({ state: 'detached' });
    assert.equal(await ana.locator('.seat-card.mine').getAttribute('data-seat'), '0');

    // Offered again and accepted: both seats change at once.
    await ana.locator('.seat-card[data-seat="1"] button[data-swap="1"]').click();
    await offer.locator('button[data-swap-accept="0"]').click();
    await bea.locator('.seat-card.mine[data-seat="0"]').waitFor();
    await ana.locator('.seat-card.mine[data-seat="1"]').waitFor();
    assert.equal(await ana.locator('.seat-card[data-seat="1"] .seat-no').innerText(), 'Seat 2 · Villain');
    assert.equal(await bea.locator('.callout.swap-offer').count(), 0);
    assert.equal(await ana.locator('.swap-wait').count(), 0);
    await shot('swapped');
  });
});
