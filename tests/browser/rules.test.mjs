// End-to-end: rules help and what the X-Men attack form tells before the click.
//
// 1. At a Sealed Bids table the "Rules" button opens the game's rules
//    summary and glossary over the table (the match stays connected); a
//    glossary term in the text shows its meaning on hover.
// 2. #/rules/xmen-mutant-revolution is a page of its own, with the card
//    and School reference drawn from the game's served card data.
// 3. X-Men texts on hover and on tap: the renderer is loaded in a page
//    (the preview route, so no match is needed) and draws a Mission in
//    progress from a view written here: a Character's text shows on a
//    mouse hover, and on a finger tap (a phone has no hover), and a second
//    tap closes it.
// 4. The attack form: Iceman (Attack Range 2, a range Power with 2 Power
//    Tokens; Magneto's Brotherhood Charter, Leader not in the Mission, 3
//    tokens) has three targets: 2, 4 and 5 hexes away. Each says before the
//    click whether it is in range or which tokens reaching it costs; the far
//    ones are marked apart (dashed, "+N") in the form and in the arena;
//    choosing one puts the tokens on, the form says what the attack spends,
//    and taking a token off makes the form say why it cannot be sent.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, withServerAndBrowser, hostSealedBids, takeSeat, watchErrors, sealedBidsWithABot, drawPreview } from './helpers.mjs';

test('the rules summary and glossary open over the table, and as a page', { timeout: 120_000 }, async () => {
  await withServerAndBrowser({ botDelayMs: 50 }, async ({ base, browser, pageErrors }) => {
    const { page } = await sealedBidsWithABot(browser, base, pageErrors);
    await page.getByRole('button', { name: 'Rules' }).click();
    const dlg = page.locator('dialog.rules-dialog');
    await dlg.locator('.rules-section h3', { hasText: 'Scoring' }).waitFor();
    assert.match(await dlg.locator('h2').innerText(), /Sealed Bids: rules/);
    await dlg.locator('.glossary-list dt', { hasText: 'Bidding Dial' }).waitFor();
    // A term in the summary: its meaning on hover.
    const term = dlg.locator('.rules-section .term', { hasText: 'highest unique bid' }).first();
    await term.hover();
    const tip = page.locator('#tip');
    await tip.waitFor();
    assert.match(await tip.innerText(), /exactly one player/);
    // Above the modal dialog, not under it: the tip is what the browser shows at its centre.
    assert.ok(await tip.evaluate((el) => {
      const r = el.getBoundingClientRect();
      el.style.pointerEvents = 'auto'; // the tip lets clicks through; hit-test it for this check only
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      el.style.pointerEvents = '';
      return el.contains(top);
    }), 'the tip shows above the rules dialog');
    await page.screenshot({ path: path.join(shots, 'rules-dialog.png') });
    await dlg.getByRole('button', { name: 'Close' }).click();
    // The dialog leaves on its `close` event, a task after the click.
    await page.locator('dialog.rules-dialog').waitFor({ state: 'detached', timeout: 5_000 });
    assert.equal(await page.locator('dialog.rules-dialog').count(), 0);
    // The table is still there and connected.
    await page.locator('.prompt .dial').waitFor();
    assert.equal(await page.locator('#conn').getAttribute('data-state'), 'online');

    // The X-Men rules as a page of their own, with the card reference.
    const p2 = await page.context().newPage();
    watchErrors(p2, 'rules page', pageErrors);
    await p2.goto(`${base}/#/rules/xmen-mutant-revolution`);
    await p2.locator('h1', { hasText: 'X-Men: Mutant Revolution: rules' }).waitFor();
    await p2.locator('.glossary-list dt', { hasText: 'Rule of One' }).waitFor();
    const schools = p2.locator('.xm-ref summary', { hasText: 'Schools' });
    await schools.click();
    await p2.locator('.xm-ref-list dt', { hasText: "Magneto's School" }).waitFor();
    assert.match(await p2.locator('.xm-ref-list dd').first().innerText(), /Leader .*ATK/);
    await p2.screenshot({ path: path.join(shots, 'rules-page-xmen.png') });
  });
});

/** A Mission Turn in progress, as seat 0 (Magneto's School) sees it: Iceman acts. */
function battleView() {
  const pc = (seat, who, hex, stats, range) => ({ seat, who, hex, stats, start: stats, range, attacked: [] });
  return {
    seats: 3, round: 1, max_rounds: 12, mc: 0, window: null, my_hand: [], decks: [40, 50, 17], plot_discard: [], mission_discard: ['hellfire-sentinel'], last_attacks: [],
    schools: [
      { seat: 0, school: 'magneto', hope: 4, rp: 1, pp: 1, hand_count: 0, hand_size: 6, characters: [{ id: 'magneto', power: 3 }, { id: 'iceman', power: 2 }] },
      { seat: 1, school: 'wolverine', hope: 5, rp: 1, pp: 1, hand_count: 2, hand_size: 6, characters: [{ id: 'wolverine', power: 3 }] },
      { seat: 2, school: 'storm', hope: 5, rp: 1, pp: 1, hand_count: 1, hand_size: 6, characters: [{ id: 'storm', power: 3 }] },
    ],
    phase: {
      phase: 'battle', mission: 'hellfire-sentinel', turn: 1, quiet: 0, controller: 0, to_place: [], interrupt: null, objectives: [],
      damage: [0, 0, 0], destroyed: [0, 0, 0],
      pcs: [pc(0, 'iceman', [-2, 0], [3, 3, 3], 2), pc(1, 'wolverine', [3, -1], [4, 4, 3], 1)],
      tokens: [{ spec: 0, hex: [0, 0], damage: 0, alive: true }, { spec: 0, hex: [2, 0], damage: 0, alive: true }],
      step: { step: 'act', order: [0, 1], at: 0, left: 2, moved: false },
    },
  };
}

const ATTACK = {
  title: 'Iceman acts',
  asks: [
    { verb: 'move', label: 'Move', params: [{ name: 'to', label: 'Hex', input: { kind: 'hex', cells: [[-3, 0], [-2, 1]] } }] },
    { verb: 'attack', label: 'Attack with Iceman', params: [
      { name: 'target', label: 'Target', input: { kind: 'one', options: [
        { value: { token: 0 }, label: 'Hellfire Sentinel #1' },
        { value: { token: 1 }, label: 'Hellfire Sentinel #2' },
        { value: { pc: 1 }, label: 'Wolverine' },
      ] } },
      { name: 'power', label: 'Power Tokens on its Power', input: { kind: 'number', min: 0, max: 2 } },
      { name: 'charter', label: "Leader's Power Tokens on the Charter", input: { kind: 'number', min: 0, max: 3 } },
    ] },
    { verb: 'end', label: 'End activation' },
  ],
};

/** Draws the X-Men board and prompt for `view` in the preview page; the last action sent is window.__sent. */
function drawXmen(page, view, prompt) {
  return drawPreview(page, { game: 'xmen-mutant-revolution', view, prompt });
}

test('X-Men: texts on hover and tap, and the attack form prices targets beyond range', { timeout: 120_000 }, async () => {
  await withServerAndBrowser({}, async ({ base, browser, pageErrors }) => {
    // A phone: tap to read a Character's text.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const tp = await phone.newPage();
    watchErrors(tp, 'phone', pageErrors);
    await tp.goto(`${base}/#/preview`);
    await tp.locator('.prompt').waitFor();
    await drawXmen(tp, battleView(), ATTACK);
    const iceRow = tp.locator('.xm-school[data-seat="0"] .xm-char[data-char="iceman"]');
    await iceRow.tap();
    const tip = tp.locator('#tip');
    await tip.waitFor();
    assert.match(await tip.innerText(), /Iceman[\s\S]*Student|Hero/);
    assert.match(await tip.innerText(), /\+1 Attack Range per Power Token/);
    await tp.screenshot({ path: path.join(shots, 'xmen-tip-tap-phone.png') });
    await iceRow.tap();
    await tip.waitFor({ state: 'hidden' });
    // The School's text: Leader, Charter, Hand Size.
    await tp.locator('.xm-school[data-seat="0"] .xm-school-id').tap();
    await tip.waitFor();
    assert.match(await tip.innerText(), /Charter Brotherhood of Mutants/);

    // A desktop: hover.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await desk.newPage();
    watchErrors(page, 'desktop', pageErrors);
    await page.goto(`${base}/#/preview`);
    await page.locator('.prompt').waitFor();
    await drawXmen(page, battleView(), ATTACK);
    await page.locator('.xm-school[data-seat="1"] .xm-char[data-char="wolverine"]').hover();
    await page.locator('#tip').waitFor();
    assert.match(await page.locator('#tip').innerText(), /Leader · ATK/);

    // The attack form, before any click: in range, or the tokens it costs.
    await page.locator('.ask-pick[data-verb="attack"]').click();
    const form = page.locator('form[data-verb="attack"]');
    const targets = form.locator('.xm-target');
    assert.equal(await targets.count(), 3);
    assert.deepEqual(await targets.evaluateAll((els) => els.map((e) => [e.dataset.dist, e.dataset.need, e.classList.contains('far')])),
      [['2', '0', false], ['4', '2', true], ['5', '3', true]]);
    assert.match(await targets.nth(0).innerText(), /in range \(2 hexes\)/);
    assert.match(await targets.nth(1).innerText(), /2 beyond Attack Range 2, costs 2 of Iceman's Power Tokens \(\+2 Attack Range\)/);
    assert.match(await targets.nth(2).innerText(), /3 beyond Attack Range 2, costs 2 of Iceman's Power Tokens \(\+2 Attack Range\) and 1 of Magneto's Power Tokens through the Charter \(\+1 Attack Range\)/);
    assert.match(await form.locator('.xm-attack-cost').innerText(), /spends no Power Tokens/);
    // The arena marks the far ones apart, with what they cost.
    const arena = page.locator('.xm-battle .xm-arena:not(.small)');
    assert.equal(await arena.locator('[data-mark="token:0"].target:not(.far)').count(), 1);
    assert.equal(await arena.locator('[data-mark="token:1"].target.far').getAttribute('data-need'), '2');
    assert.equal(await arena.locator('[data-mark="pc:1"].target.far').getAttribute('data-need'), '3');
    assert.match(await page.locator('.xm-arena-hint').innerText(), /beyond Attack Range/);

    // Choosing the 4-hex target puts 2 tokens on the range Power.
    await targets.nth(1).click();
    assert.equal(await form.locator('.param[data-param="power"] input.num').inputValue(), '2');
    assert.equal(await form.locator('.param[data-param="charter"] input.num').inputValue(), '0');
    assert.match(await form.locator('.xm-attack-cost').innerText(), /This attack spends 2 of Iceman's Power Tokens \(\+2 Attack Range\)\./);
    await form.locator('button.submit:not([disabled])').waitFor();
    await form.screenshot({ path: path.join(shots, 'xmen-attack-form.png') });
    // One token off: the form says why it cannot go.
    await form.locator('.param[data-param="power"] input.num').fill('1');
    assert.equal(await form.locator('button.submit').isDisabled(), true);
    assert.match(await form.locator('.hint').innerText(), /4 hexes away and the attack reaches 3: put 1 more Power Token on range/);
    // Aiming from the arena at the farthest target: the Charter adds the rest.
    await arena.locator('[data-mark="pc:1"]').click();
    assert.equal(await form.locator('.param[data-param="power"] input.num').inputValue(), '2');
    assert.equal(await form.locator('.param[data-param="charter"] input.num').inputValue(), '1');
    await form.locator('button.submit:not([disabled])').click();
    assert.deepEqual(await page.evaluate(() => window.__sent), { type: 'attack', target: { pc: 1 }, power: 2, charter: 1 });
    await page.screenshot({ path: path.join(shots, 'xmen-attack-arena.png') });
  });
});
