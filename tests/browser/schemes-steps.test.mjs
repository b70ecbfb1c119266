// Nefarious Schemes: a decision made in parts, step by step, on one fixed
// deal (the test's seed, so the bots' choices and the cards are the same
// every run).
//
// The person plays the Heroes against the Villain bot, answering with the
// first open choice, until the Track Phase asks which Hero tracks which
// Mastermind. Then, through the rendered controls:
// - the form asks for the Hero, each choice showing its facts (Fight,
//   Track and the like) beside its name;
// - while a part with more than one open choice is unchosen, "Track a
//   Mastermind" is disabled and the hint says what is missing;
// - each part is chosen in turn (the choice shows as chosen), the button
//   comes alive, and the move made is the one put together: the log's new
//   lines name the Hero or the Mastermind chosen.
// If the deal brings a Recruit whose card is attached to a Unit, that is
// also made in two steps (the card, then "Attach to", with facts).
//
// Run: see README.md. Env: BACKROOM_BIN, CHROMIUM, BACKROOM_URL.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gameTest, statePoller, openGameTable, awaitsSeat, enabledAction, actAndAwait } from './helpers.mjs';

const HEROES = 0;

test('Nefarious Schemes: the Track Phase decision (a Hero, then a Mastermind) is made step by step', { timeout: 240_000 }, async (t) => {
  await gameTest(t, 'schemes-steps', { botDelayMs: 60 }, async ({ base, page, shot, setReport }) => {
    const states = statePoller(page, { quietMs: 80, settleMs: 60_000 });
    const seen = { acted: 0, attached: 0, tracked: 0 };
    setReport(() => JSON.stringify({ ...seen, last: states.last && { v: states.last.version, prompt: states.last.prompt && states.last.prompt.title } }));
    const { me } = await openGameTable(page, base, { game: 'nefarious-schemes', name: 'Hana', fields: { turn_limit: 2 }, banner: '.ns-banner' });
    assert.equal(me, HEROES);
    const prompt = page.locator('.prompt-area .prompt');

    /** Makes `ask` (index `ai`) through its form, one part at a time, checking the form at each step. */
    async function stepByStep(m, ai) {
      const ask = m.prompt.asks[ai];
      const pick = prompt.locator(`.ask-pick[data-ask="${ai}"]`);
      if (await pick.count()) {
        if (await prompt.locator(`form[data-ask="${ai}"]`).isHidden()) await pick.click();
      }
      const form = prompt.locator(`form[data-ask="${ai}"]`);
      await form.waitFor();
      const submit = form.locator('button.submit');
      const chosen = [];
      for (const [k, p] of ask.params.entries()) {
        const open = p.input.options.filter((o) => !o.disabled);
        const wrap = form.locator(`.param[data-param="${p.name}"]`);
        await wrap.waitFor();
        if (open.length > 1) {
          assert.ok(await submit.isDisabled(), `"${ask.label}" waits for ${p.label}`);
          assert.match(await form.locator('.hint').innerText(), /\S/, 'the hint says what is missing');
        }
        if (p.input.options.length <= 6) {
          const buttons = wrap.locator('button.choice');
          assert.equal(await buttons.count(), p.input.options.length, `every ${p.label} is shown`);
          if (open.some((o) => o.facts && o.facts.length)) assert.ok(await wrap.locator('.fact').count() > 0, `${p.label}: each choice shows its facts`);
          const n = p.input.options.findIndex((o) => !o.disabled);
          await buttons.nth(n).click();
          assert.equal(await buttons.nth(n).getAttribute('aria-checked'), 'true');
        } else {
          await wrap.locator('select').selectOption({ index: p.input.options.findIndex((o) => !o.disabled) + 1 });
        }
        chosen.push(open[0].label);
        if (k < ask.params.length - 1 && ask.params.slice(k + 1).some((q) => q.input.options.filter((o) => !o.disabled).length > 1)) {
          assert.ok(await submit.isDisabled(), 'not yet: a later part is still to choose');
        }
      }
      assert.ok(await submit.isEnabled(), `"${ask.label}" can be sent once every part is chosen`);
      const v = m.version;
      const logBefore = await page.locator('.log-list li').count();
      await submit.click();
      assert.ok(await states.past(v, 30_000), `the move was made: ${ask.label} ${chosen.join(' → ')}`);
      assert.equal(await page.locator('.reject-area .rejected').count(), 0, 'nothing refused');
      await states.settle();
      const lines = (await page.locator('.log-list li').allTextContents()).slice(logBefore).join(' | ');
      return { lines, chosen };
    }

    const until = Date.now() + 200_000;
    while (!seen.tracked) {
      assert.ok(Date.now() < until, 'the Heroes reached a Track Phase');
      const m = await states.settle();
      if (m.outcome || (m.pending && m.pending.mode === 'over')) break;
      if (!awaitsSeat(m, me)) { await page.waitForTimeout(100); continue; }
      const asks = m.prompt.asks;
      const track = asks.findIndex((a) => a.verb === 'track' && !a.disabled && a.params && a.params.length === 2);
      const attach = asks.findIndex((a) => a.verb === 'recruit' && !a.disabled && a.params && a.params.some((p) => p.name === 'onto'));
      if (track >= 0) {
        await shot('track-form');
        const { lines, chosen } = await stepByStep(m, track);
        assert.ok(chosen.some((c) => lines.includes(c)), `the log names what was chosen (${chosen.join(', ')}): ${lines}`);
        seen.tracked++;
        await shot('tracked');
        continue;
      }
      if (attach >= 0) {
        await stepByStep(m, attach);
        seen.attached++;
        continue;
      }
      const ask = asks.find((a) => !a.disabled && a.verb === 'recruit') || asks.find((a) => !a.disabled && a.verb === 'pass') || asks.find((a) => !a.disabled);
      await actAndAwait(page, states, enabledAction(ask), m.version);
      seen.acted++;
    }
    assert.equal(seen.tracked, 1, 'a Hero tracked a Mastermind, made step by step');
    t.diagnostic(JSON.stringify(seen));
  });
});
