// End-to-end: one person and two server bots play a full round of X-Men:
// Mutant Revolution through the web client against the real server binary.
//
// The person creates a 3-seat lobby from the landing page, fills the other
// seats with bots, starts, and answers every prompt through the rendered
// controls with a simple policy (first legal option, pass, decline, bid 0,
// move towards a Mission Token, attack whatever is in range) until round 2
// begins. Along the way:
// - the Bidding Dial shows "locked in" after bidding (bots are slower than
//   the test, so it is seen before the reveal), and all dials are revealed
//   together, matching the server's log line;
// - the arena SVG shows every PC once the Mission starts, and a Mission Turn
//   is played;
// - the opponents' hands are counts only: no frame holds any hand but the
//   viewer's own `my_hand`, and the hand the page shows is exactly it.
//
// Run: see README.md. Env: BACKROOM_BIN, CHROMIUM, BACKROOM_URL.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, gameTest, statePoller, promptControls, openGameTable, awaitsSeat, sticksOut, withServerAndBrowser, watchErrors, drawPreview } from './helpers.mjs';
import { renderNames } from '../../web-client/names.js';

/** The prompt title as the page shows it to seat `me`: its own seat reads
 *  "you", any other seat's token some name (matched loosely). */
function shownTitle(raw, me) {
  const marked = renderNames(raw, () => '\u0001', me);
  const escaped = marked.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/\u0001/g, '.+?'));
}

const GAME = 'xmen-mutant-revolution';
const STEP = 20_000; // longest wait for any single UI step
const PLAY_MS = Number(process.env.XMEN_PLAY_MS || 200_000); // the round must be over by then
const BOT_DELAY_MS = 800; // bots move after this pause; the test is quicker
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const dist = (a, b) => (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[0] + a[1] - b[0] - b[1])) / 2;

test('one person and two bots play a full round of X-Men through the web client', { timeout: 240_000 }, async (t) => {
  const phaseAt = {};
  const t0 = Date.now();
  await gameTest(t, 'xmen', { botDelayMs: BOT_DELAY_MS, stepMs: STEP }, async ({ base, page, frames, pageErrors, shot, setReport }) => {
    // Every state frame the browser receives (`frames`, from the network, for
    // the leak checks) and, for deciding what to do, the states as the
    // page's own script got them.
    const states = statePoller(page, { quietMs: 80, settleMs: 120_000 });
    const { refresh, settle } = states;
    const latest = () => states.last;

    // --- create the lobby from the landing page, fill with bots, start
    const { me } = await openGameTable(page, base, { game: GAME, name: 'Xavier', seats: 3, banner: '.xm-banner' });
    // Whether the page ever drew my dial "locked in" while others still
    // thought: recorded in the page on every redraw, because a bot may lock
    // in a moment after me and reveal the dials before the test looks.
    await page.evaluate((seat) => {
      window.xmLockedDrawn = 0;
      new MutationObserver(() => {
        const st = document.querySelector(`[data-dial-seat="${seat}"] .xm-dial-st`);
        if (st && /locked in at/.test(st.textContent)) window.xmLockedDrawn++;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, me);

    // --- the policy loop
    const awaitsMe = (m) => awaitsSeat(m, me);
    const { prompt, formOf, open, send, chooseOne } = promptControls(page);
    const checkMany = async (ai, param, ks) => {
      const boxes = formOf(ai).locator(`.param[data-param="${param}"] input[type="checkbox"]`);
      for (const k of ks) await boxes.nth(k).check();
    };

    const seen = { lockedIn: 0, reveals: 0, auctions: 0, missionTurnsMine: 0, attacks: 0, rejected: [] };
    let keepHeroes = true;
    let attackRefused = null;
    let lastRejectedTitle = null;
    let battleShot = false;
    let offered = false;
    let allocShot = false;
    const shotPhases = new Set();
    let phoneShot = false;
    let revealShot = false;

    /** Plays one of my prompts through the page; returns a label of what it did. */
    async function play(m) {
      const asks = m.prompt.asks.map((a, ai) => ({ ...a, ai }));
      const by = (verb, f = () => true) => asks.find((a) => a.verb === verb && f(a));
      const P = m.view.phase;
      await prompt.locator('.prompt-title', { hasText: shownTitle(m.prompt.title, me) }).waitFor();
      let a;
      if ((a = by('pick_school'))) { await chooseOne(a.ai, 'school', 0); await send(a); return 'school'; }
      if ((a = by('recover'))) { await send(a); return 'recover'; }
      if ((a = by('advance', (x) => !(x.params && x.params.length)))) { await send(a); return 'advance'; }
      if ((a = by('acquire_hope'))) {
        // The form starts with the Heroes that can be paid for kept (the
        // prompt's default); after a refusal, keep none.
        if (!keepHeroes || lastRejectedTitle === m.prompt.title) {
          const boxes = formOf(a.ai).locator('.param[data-param="keep"] input[type="checkbox"]:not([disabled])');
          for (let k = 0; k < (await boxes.count()); k++) await boxes.nth(k).uncheck();
        }
        // The penalty is asked only when it can apply.
        if (a.params.some((p) => p.name === 'penalty')) await chooseOne(a.ai, 'penalty', 0);
        await send(a);
        return 'acquire_hope';
      }
      if ((a = by('decline'))) { await send(a); return 'decline'; }
      if ((a = by('pledge'))) { await send(a); return 'pledge 0'; }
      if ((a = by('pass'))) { await send(a); return 'pass'; }
      if ((a = by('discard_to_hand_size'))) {
        await checkMany(a.ai, 'cards', [...Array(a.params[0].input.min).keys()]);
        await send(a);
        return 'discard';
      }
      if (P.phase === 'allegiance') {
        // An offer to me is declined from the offers panel.
        const decline = page.locator('.xm-offer [data-offer-decline]');
        if (await decline.count()) {
          await shot('offer');
          await decline.first().click();
          return 'decline offer';
        }
        const offer = by('offer', (x) => !x.disabled);
        if (offer && !offered && m.view.schools[me].hope > 0) {
          // Once: offer a bot 1 Hope for one of its Characters, from the prompt's form;
          // the offers panel then shows it until the bot answers.
          offered = true;
          await open(offer.ai);
          await formOf(offer.ai).locator('.param[data-param="give_hope"] input.num').fill('1');
          // Ask for a Character the bot may trade: not its last uninjured Hero or Student.
          const ids = offer.params.find((x) => x.name === 'take').input.options.map((o) => o.value);
          const k = await page.evaluate(({ seat, ids }) => {
            const chars = [...document.querySelectorAll(`.xm-school[data-seat="${seat}"] .xm-char`)];
            const rank = (el) => (el.classList.contains('rank-hero') ? 'hero' : 'student');
            return ids.findIndex((id) => {
              const el = chars.find((c) => c.dataset.char === id);
              return el && !el.classList.contains('injured') && chars.filter((c) => rank(c) === rank(el) && !c.classList.contains('rank-leader') && !c.classList.contains('injured')).length > 1;
            });
          }, { seat: offer.fixed.to, ids });
          await checkMany(offer.ai, 'take', [Math.max(0, k)]);
          await send(offer);
          await page.locator(`.xm-offer[data-from="${me}"]`).waitFor({ timeout: BOT_DELAY_MS })
            .then(() => page.locator('.xm-allegiance').screenshot({ path: path.join(shots, 'xmen-offer-made.png') })).catch(() => {});
          return 'offer';
        }
        if ((a = by('ready'))) { await send(a); return 'ready'; }
      }
      if ((a = by('bid'))) {
        seen.auctions++;
        const dial = formOf(a.ai).locator('.dial');
        await dial.locator('.dial-num[data-dial="0"]').click();
        await send(a);
        // Locked in, unless the bots were quicker and the dials are revealed already.
        const locked = page.locator(`.dial[data-locked="true"], [data-dial-seat="${me}"][data-committed="true"]`);
        try {
          await locked.first().waitFor({ timeout: BOT_DELAY_MS });
          assert.match(await page.locator(`[data-dial-seat="${me}"] .xm-dial-st`).innerText(), /locked in at 0/);
          if (seen.lockedIn === 0) await shot('dial-locked');
          seen.lockedIn++;
        } catch (e) {
          if (e instanceof assert.AssertionError) throw e;
        }
        return 'bid 0';
      }
      if ((a = by('train'))) { await chooseOne(a.ai, 'character', 0); await send(a); return 'train'; }
      if ((a = by('invite'))) {
        const opts = a.params[0].input.options;
        const k = Math.max(0, opts.findIndex((o) => o.value === me));
        await chooseOne(a.ai, 'school', k);
        await send(a);
        return 'invite';
      }
      if ((a = by('send'))) { await chooseOne(a.ai, 'character', 0); await send(a); return 'send'; }
      if ((a = by('refuse_invitation'))) { await send(a); return 'refuse'; }
      if ((a = by('allocate'))) {
        await chooseOne(a.ai, 'loss', 0);
        if (!allocShot) { allocShot = true; await formOf(a.ai).screenshot({ path: path.join(shots, 'xmen-allocate.png') }); }
        await send(a);
        return 'allocate';
      }
      if ((a = by('penalty', (x) => !x.disabled && x.fixed.pay === (lastRejectedTitle !== m.prompt.title)) || by('penalty', (x) => !x.disabled))) { await send(a); return 'penalty'; }
      if ((a = by('claim', (x) => x.fixed.recruit === false))) { await send(a); return 'claim: decline'; }
      if ((a = by('first'))) { await chooseOne(a.ai, 'pc', 0); await send(a); return 'first'; }
      // As the Mission Characters' controller: which PC a Mission Character attacks next.
      if ((a = by('token_attack'))) { await chooseOne(a.ai, 'pc', 0); await send(a); return 'token_attack'; }
      if ((a = by('place')) || (a = by('move_token'))) {
        const cells = a.params.find((p) => p.input.kind === 'hex').input.cells;
        await open(a.ai);
        // The lit hex on the board answers the form's hex parameter.
        await page.locator(`.xm-battle .xm-arena:not(.small) [data-hex="${cells[0][0]},${cells[0][1]}"]`).click();
        await send(a);
        return a.verb;
      }
      const key = P.phase === 'battle' ? JSON.stringify([P.turn, P.step.step, P.step.at]) : null;
      if ((a = by('attack')) && key !== attackRefused && (await page.locator('.xm-battle .xm-arena:not(.small) g.target').count())) {
        // A target in range, ringed on the board, answers the form's target.
        const target = page.locator('.xm-battle .xm-arena:not(.small) g.target').first();
        await target.click();
        await formOf(a.ai).locator('.param[data-param="target"] [aria-checked="true"], .param[data-param="target"] select').first().waitFor();
        await send(a);
        seen.attacks++;
        return 'attack';
      }
      const mv = by('move');
      if (mv && P.phase === 'battle' && !P.step.moved) {
        const cells = mv.params[0].input.cells;
        const goals = P.tokens.filter((x) => x.alive).map((x) => x.hex);
        const best = goals.length ? [...cells].sort((x, y) => Math.min(...goals.map((g) => dist(x, g))) - Math.min(...goals.map((g) => dist(y, g))))[0] : cells[0];
        await open(mv.ai);
        await page.locator(`.xm-battle .xm-arena:not(.small) [data-hex="${best[0]},${best[1]}"]`).click();
        await formOf(mv.ai).locator('.hexpick .picked', { hasText: `${best[0]}, ${best[1]}` }).waitFor();
        await send(mv);
        return 'move';
      }
      if ((a = by('end_actions'))) { await send(a); return 'end'; }
      if ((a = by('champion'))) { await chooseOne(a.ai, 'character', 0); await send(a); return 'champion'; }
      throw new Error(`no policy for prompt "${m.prompt.title}": ${asks.map((x) => x.verb).join(', ')}`);
    }

    const until = Date.now() + PLAY_MS;
    const report = () => `acted ${acted} times; ${JSON.stringify({ ...seen, rejected: seen.rejected })}; phases first seen at (s): ${JSON.stringify(phaseAt)}; me ${me}; last pending ${JSON.stringify(latest() && latest().pending)} prompt ${JSON.stringify(latest() && latest().prompt && latest().prompt.title)} v${latest() && latest().version}`;
    setReport(report);
    let acted = 0;
    let missionStarted = false;
    for (;;) {
      assert.ok(Date.now() < until, `the round did not finish in ${PLAY_MS / 1000} s (phase ${latest() && latest().view.phase.phase})`);
      await settle();
      const m = latest();
      const P = m.view.phase;
      if (!(P.phase in phaseAt)) phaseAt[P.phase] = ((Date.now() - t0) / 1000).toFixed(1);
      if (m.view.round >= 2 || P.phase === 'over') break;

      // Checks on what the page shows.
      if (P.phase === 'battle' && P.mission && P.turn >= 1) {
        if (!missionStarted) {
          missionStarted = true;
          const standing = P.pcs.filter((p) => p.hex).length;
          await page.locator('.xm-battle .xm-arena:not(.small) g.xm-pc').nth(standing - 1).waitFor();
          assert.equal(await page.locator('.xm-battle .xm-arena:not(.small) g.xm-pc').count(), standing, 'every standing PC is drawn in the arena');
        }
      }
      if (P.phase === 'mc_bid' || P.phase === 'invite' || P.phase === 'recruit') {
        // The last reveal shows every bidder's dial, as the server's log line
        // says (both read in one go: the board is redrawn on every frame).
        const { line, got, rev } = await page.evaluate(() => {
          const st = window.__states[window.__states.length - 1];
          const box = document.querySelector('.xm-reveal');
          return {
            line: [...document.querySelectorAll('.log-list li')].map((li) => li.textContent).reverse().find((l) => l.startsWith('Dials revealed:')),
            got: box ? [...box.querySelectorAll('.xm-reveal-dial b')].map((b) => b.textContent) : null,
            rev: { view: st && st.view.last_reveal, item: box && box.dataset.item, round: box && box.dataset.bidRound, result: box && box.dataset.result },
          };
        });
        if (got) {
          // The box is drawn from the view's last_reveal: same item, round, dials and outcome.
          const r = rev.view;
          assert.ok(r, 'a reveal box is only drawn from last_reveal');
          assert.deepEqual(got, Object.entries(r.dials).sort((a, b) => a[0] - b[0]).map(([, v]) => String(v)), `the reveal shows ${got} but last_reveal has ${JSON.stringify(r.dials)}`);
          assert.deepEqual([rev.item, rev.round, rev.result], [r.item, String(r.round), r.outcome.result], 'the reveal box names what last_reveal names');
        }
        if (line && got) {
          // "Dials revealed: you 0, Bot 1 (Cyclops) 3 and Bot 2 (Magneto) 3." (seat order).
          const want = line.replace(/^Dials revealed:\s*/, '').replace(/\.$/, '').split(/, | and /).map((x) => (x.trim().match(/(\d+)$/) || [])[1]);
          assert.deepEqual(got, want, `the reveal shows ${got} but the log says ${line}`);
          assert.ok(got.length >= 2, 'all dials are revealed together');
          seen.reveals++;
          if (!revealShot) { revealShot = true; await sleep(600); await shot('reveal'); }
        }
      }

      if (!awaitsMe(m)) { await sleep(100); continue; }
      if (!shotPhases.has(P.phase)) {
        // What each step looks like when it is my move.
        shotPhases.add(P.phase);
        await shot(`step-${P.phase}`);
      }
      const before = m.version;
      const title = m.prompt.title;
      let did;
      try {
        did = await play(m);
      } catch (e) {
        // The table moved on under the click (a bot acted): look again.
        if ((await refresh()).m.version !== before) continue;
        throw e;
      }
      acted++;
      if (P.phase === 'battle' && P.turn >= 1 && ['attack', 'move', 'end'].includes(did)) seen.missionTurnsMine++;
      if (P.phase === 'battle' && !battleShot && did === 'move') {
        battleShot = true;
        await shot('battle-desktop', true);
      }
      if (P.phase === 'battle' && seen.attacks >= 1 && !phoneShot) {
        // The same table on a phone, mid-Mission.
        phoneShot = true;
        await page.setViewportSize({ width: 390, height: 844 });
        await sleep(150);
        await shot('battle-phone', true);
        const wide = await sticksOut(page);
        assert.deepEqual(wide, [], `elements wider than a phone during the Mission: ${wide.join(', ')}`);
        await page.locator('.xm-battle').screenshot({ path: path.join(shots, 'xmen-arena-phone.png'), timeout: 2000 }).catch(() => {}); // the Mission may be over
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      // Wait for the result: a newer state, or a refusal.
      const deadline = Date.now() + STEP;
      while (Date.now() < deadline) {
        if ((await refresh()).m.version > before) break;
        if (await page.locator('.rejected').count()) break;
        await sleep(50);
      }
      if (await page.locator('.rejected').count()) {
        const text = await page.locator('.rejected').innerText();
        seen.rejected.push(`${title} / ${did}: ${text.replace(/\s+/g, ' ')}`);
        if (did === 'acquire_hope') keepHeroes = false;
        if (did === 'attack') attackRefused = JSON.stringify([P.turn, P.step.step, P.step.at]);
        lastRejectedTitle = title;
        await page.locator('.rejected button', { hasText: 'Dismiss' }).click();
      } else {
        lastRejectedTitle = null;
      }
      if (did === 'bid 0' && seen.auctions === 1) await shot('auction', true);
      if (P.phase === 'battle' && P.turn >= 1 && !battleShot) {
        battleShot = true;
        await shot('battle-desktop', true);
      }
    }
    t.diagnostic(report());

    assert.ok(seen.auctions >= 1, 'at least one auction was played');
    // My dial is drawn "locked in" whenever a frame had it so while another
    // seat still thought. Whether such a frame came is the bots' timing: when
    // they all locked in first, my bid revealed the dials at once.
    const lockedFrames = frames.filter((f) => {
      const A = f.view && f.view.phase && f.view.phase.auction;
      return A && A.my_dial !== null && A.my_dial !== undefined && f.pending && f.pending.mode === 'simultaneous' && f.pending.waiting.length > 0;
    }).length;
    const lockedDrawn = await page.evaluate(() => window.xmLockedDrawn);
    t.diagnostic(`frames with my dial locked while others thought: ${lockedFrames}; redraws showing it: ${lockedDrawn}; seen by the loop: ${seen.lockedIn}`);
    if (lockedFrames) assert.ok(lockedDrawn >= 1, 'the dial showed "locked in" after a bid');
    assert.ok(seen.reveals >= 1, 'a reveal of all dials was shown');
    assert.ok(missionStarted, 'the Mission started');
    if (!seen.missionTurnsMine) t.diagnostic('the Mission ended before my PC acted (the round still completed)');

    // --- hands: others' are counts only; the frames hold my hand only; the page shows exactly it
    await settle();
    const m = latest();
    assert.ok(frames.length >= (await refresh()).n, 'the network saw every state the page got');
    for (const s of frames) {
      for (const sc of s.view.schools) {
        assert.ok(!('hand' in sc) && !('my_hand' in sc), 'a School in the view holds a hand');
      }
      const raw = JSON.stringify(s.view);
      assert.equal((raw.match(/"my_hand"/g) || []).length, 1, 'exactly one hand per frame');
      assert.equal(s.view.my_hand.length, s.view.schools[me].hand_count, 'the hand in a frame is the viewer\'s own');
    }
    const shownHand = await page.locator('.xm-hand .xm-card').evaluateAll((els) => els.map((e) => e.dataset.card));
    assert.deepEqual(shownHand, m.view.my_hand, 'the page shows the viewer\'s own hand');
    for (const sc of m.view.schools) {
      if (sc.seat === me) continue;
      const count = page.locator(`.xm-school[data-seat="${sc.seat}"] .xm-handcount`);
      assert.equal(await count.getAttribute('data-hand-count'), String(sc.hand_count));
      assert.equal(await page.locator(`.xm-school[data-seat="${sc.seat}"] .xm-card`).count(), 0, 'no card of another School is drawn');
    }
    // Card, Character and School names in the log carry their texts.
    const term = page.locator('.log-list li .term').first();
    await term.waitFor();
    await term.hover();
    await page.locator('#tip').waitFor();
    await shot('round2-desktop', true);
    await page.setViewportSize({ width: 390, height: 844 });
    await sleep(200);
    await shot('round2-phone', true);
    // Nothing sticks out sideways on a phone.
    const wide = await sticksOut(page);
    assert.deepEqual(wide, [], `elements wider than a phone: ${wide.join(', ')}`);

    assert.deepEqual(pageErrors, [], 'the page logged errors');
    t.diagnostic(`played round 1 in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  });
});

// Discard to Hand Size with two copies of one card (issue "The four new
// tables, second pass", 7): each copy is its own option (`double-cross`,
// `double-cross#2`), so ticking one copy ticks only it, and one copy plus
// another card can be sent. The view and the prompt are the engine's own
// for that moment (scenario `hand-size-two-copies.toml`, seat 1), drawn in
// the preview page (no match needed). The same page draws another School's
// Plot turn: Give Hope alone is an any-time ask, a quiet box, not "your move".

const CHAR = (id, power) => ({ id, injured: false, power, triumph: false });
const SCHOOL = (seat, school, chars, hand_count) => ({ characters: chars, hand_count, hand_size: 6, hope: 5, pp: 1, rp: 1, school, seat });
const TWO_COPIES_VIEW = {
  decks: [56, 60, 18], invite_answers: [], last_attacks: [], last_reveal: null, last_trade: null, max_rounds: 20, mc: 0,
  mission_discard: [], plot_discard: [], recruit_discard: [], round: 1, seats: 3, tournament: null, upkeep_revealed: [], window: null,
  my_hand: ['double-cross', 'fundraiser', 'double-cross', 'sabotage', 'ambush', 'reconnaissance', 'medical-bay', 'public-support'],
  phase: { committed: [false, false, false], mine: null, over: [1], phase: 'hand_size' },
  schools: [
    SCHOOL(0, 'wolverine', [CHAR('wolverine', 3), CHAR('angel', 2), CHAR('wither', 1), CHAR('cloak', 1)], 0),
    SCHOOL(1, 'cyclops', [CHAR('cyclops', 3), CHAR('iceman', 2), CHAR('x-23', 1), CHAR('pixie', 1)], 8),
    SCHOOL(2, 'magneto', [CHAR('magneto', 3), CHAR('havok', 2), CHAR('elixir', 1), CHAR('prodigy', 1)], 0),
  ],
};
const TWO_COPIES_PROMPT = {
  title: 'Discard 2 cards to your Hand Size of 6',
  asks: [{ verb: 'discard_to_hand_size', label: 'Discard', params: [{ name: 'cards', label: 'Cards', input: { kind: 'many', min: 2, max: 2, options: [
    { value: 'double-cross', label: 'Double Cross' }, { value: 'fundraiser', label: 'Fundraiser' }, { value: 'double-cross#2', label: 'Double Cross' },
    { value: 'sabotage', label: 'Sabotage' }, { value: 'ambush', label: 'Ambush' }, { value: 'reconnaissance', label: 'Reconnaissance' },
    { value: 'medical-bay', label: 'Medical Bay' }, { value: 'public-support', label: 'Public Support' },
  ] } }] }],
};

/** Draws the X-Men board and `prompt` for seat `seat` in the preview page; the last action sent is window.__sent. */
function drawXmenAs(page, view, prompt, seat) {
  return drawPreview(page, { game: 'xmen-mutant-revolution', view, prompt, seat, pending: { mode: 'simultaneous', waiting: [seat], committed: [] } });
}

test('X-Men: discarding one of two copies of a card, and another School\'s Plot turn', { timeout: 120_000 }, async () => {
  await withServerAndBrowser({}, async ({ base, browser, pageErrors }) => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    watchErrors(page, 'desktop', pageErrors);
    await page.goto(`${base}/#/preview`);
    await page.locator('.prompt').waitFor();
    await drawXmenAs(page, TWO_COPIES_VIEW, TWO_COPIES_PROMPT, 1);
    const form = page.locator('form[data-verb="discard_to_hand_size"]');
    const boxes = form.locator('.param[data-param="cards"] input[type="checkbox"]');
    assert.equal(await boxes.count(), 8, 'one box per card in the hand');
    const count = form.locator('.param[data-param="cards"] .count');
    // Ticking the second Double Cross ticks it alone.
    await boxes.nth(2).check();
    assert.deepEqual(await boxes.evaluateAll((els) => els.map((e) => e.checked)), [false, false, true, false, false, false, false, false]);
    assert.match(await count.innerText(), /^1 chosen \(2\)/);
    assert.equal(await form.locator('button.submit').isDisabled(), true, 'one card is not enough');
    // One copy and another card: sendable, and sent as those two cards.
    await boxes.nth(4).check();
    assert.match(await count.innerText(), /^2 chosen \(2\)/);
    await form.locator('button.submit:not([disabled])').click();
    assert.deepEqual(await page.evaluate(() => window.__sent), { type: 'discard_to_hand_size', cards: ['double-cross#2', 'ambush'] });
    // Both copies together are two cards too.
    await drawXmenAs(page, TWO_COPIES_VIEW, TWO_COPIES_PROMPT, 1);
    await boxes.nth(0).check();
    await boxes.nth(2).check();
    assert.match(await count.innerText(), /^2 chosen \(2\)/);
    await form.locator('button.submit:not([disabled])').click();
    assert.deepEqual(await page.evaluate(() => window.__sent), { type: 'discard_to_hand_size', cards: ['double-cross', 'double-cross#2'] });
    await page.screenshot({ path: path.join(shots, 'xmen-discard-two-copies.png') });

    // Another School's Plot turn: only Give Hope, at any time, in a quiet box.
    const plotView = { ...TWO_COPIES_VIEW, phase: { phase: 'plot', current: 0, passed: [], request: null, requested: false, chain: null } };
    const giveHope = {
      title: 'Plot Phase: {seat:0(Wolverine)|acts|act} now',
      asks: [{ verb: 'give_hope', label: 'Give Hope Coins', any_time: true, params: [
        { name: 'to', label: 'To', input: { kind: 'one', options: [{ value: 0, label: '{seat:0(Wolverine)}' }, { value: 2, label: '{seat:2(Magneto)}' }] } },
        { name: 'amount', label: 'Hope', input: { kind: 'number', min: 1, max: 5 } },
      ] }],
    };
    await drawXmenAs(page, plotView, giveHope, 1);
    const box = page.locator('section.prompt');
    assert.equal(await box.getAttribute('aria-label'), 'At any time');
    assert.match(await box.getAttribute('class'), /any-time-only/);
    assert.deepEqual(pageErrors, []);
  });
});

