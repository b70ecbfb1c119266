// End-to-end: Mutants: The Card Game through the web client against the
// real server binary.
//
// 1. One person plays a 2-seat game with Preconstructed Gene Pools against
//    a bot, to the end of the game (5 rounds), answering every prompt
//    through the page's controls (the first Deploy through the hand card's
//    own "Deploy" button). Along the way the page must show the round, the
//    Power Track with every marker where the view puts it, both boards'
//    Arena slots (knocked-down Mutants marked), hand/deck/discard counts,
//    scores, and the person's own hand as cards with their texts as tips.
//    Secrets: once the game is over, its replay gives the bot seat's own
//    view after every move; no frame the person got carries the bot's
//    `hand`, and no Advanced Mutant in the bot's hand that the person could
//    not know (never public, not in their own hand or pool, not named in
//    the log) appears in a frame, in the page's text or in its card
//    attributes.
// 2. Solo (Uprising) against the Singularity Wizard: the lobby form shows
//    the boss and the extra challenges only for 1 player (and the Gene
//    Pools mode only for more); the person builds a Gene Pool in the
//    builder (every card with its genes, Freeze value and text; + and −
//    with at most 2 of a design; live count and legality; a random legal
//    12 and the recommended 12) and plays the match to its end; the boss
//    panel shows its Life as the view has it. A boss left with Life has
//    won: the result says "You lose", puts the boss first and never says
//    "You win!", also in the replay at its end.
// 3. Draft: the pack held is drawn as whole cards in the prompt and picked
//    by tapping one; the draft panel shows the picks made; after 6 picks
//    and the mulligan ("Keep") the Gene Pool holds 12; then round 1 is
//    played to its end.
//
// 4. Breed through the page, part by part: the Breed of a stack (its ask,
//    or the Breed button on that Gene Pool stack of my board) opens a
//    form whose hand cards carry their genes (a card that cannot breed that
//    stack is greyed with the gene it lacks); Breed stays greyed until two
//    cards are ticked; once one is ticked, a card that would leave a gene
//    missing is greyed naming it; a working pair deploys the stack's top.
//
// Run: see README.md. Env: BACKROOM_BIN, CHROMIUM, BACKROOM_URL.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, gameTest, statePoller, promptControls, openGameTable, sticksOut, awaitsSeat } from './helpers.mjs';

const GAME = 'mutants';
const STEP = 20_000;
const BOT_DELAY_MS = 100;
const BOT = 1;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Card ids anyone at the table (seat `me`) may know from this view. */
function knownCards(view, me) {
  const out = new Set();
  view.boards.forEach((b, s) => {
    for (const p of b.arena) if (p) out.add(p.card);
    for (const c of b.discard) out.add(c);
    for (const c of b.freezer) if (c) out.add(c);
    for (const st of b.pool) if (st.top) out.add(st.top);
    if (b.incubator) out.add(b.incubator);
    if (b.leaving) out.add(b.leaving);
    if (s === me) for (const c of [...(b.hand || []), ...(b.pool_cards || [])]) out.add(c);
  });
  if (view.draft) for (const c of [...view.draft.pack, ...view.draft.picks]) out.add(c);
  return out;
}

/** Opens a table from the landing page with the given options, seats a bot if `bots`, starts it. */
function openTable(page, base, { seats, options, bots }) {
  return openGameTable(page, base, { game: GAME, name: 'Mara', seats, fields: options, bots, banner: '.mu-banner' });
}

/** Plays prompts through the page until `done(state)`; checks the page against each view. */
async function playUntil(page, me, done, { limitMs, seen, onDeploy, act }) {
  const states = statePoller(page, { quietMs: 60, settleMs: 120_000 });
  const { refresh, settle } = states;
  const { formOf, fillAndSend } = promptControls(page);

  async function checkPage(m) {
    const v = m.view;
    const got = await page.evaluate(() => ({
      version: window.__states.length ? window.__states[window.__states.length - 1].version : -1,
      round: document.querySelector('.mu-banner')?.dataset.round ?? null,
      hand: [...document.querySelectorAll('.mu-hand .mu-card')].map((e) => e.dataset.card),
      counts: [...document.querySelectorAll('.mu-board')].map((b) => [b.dataset.seat, b.querySelector('.mu-handcount').dataset.handCount, b.querySelector('.mu-deckcount').dataset.deckCount]),
      markers: [...document.querySelectorAll('.mu-cell')].map((c) => [...c.querySelectorAll('.mu-marker')].map((x) => Number(x.dataset.seat))),
      slots: [...document.querySelectorAll('.mu-board')].map((b) => [b.dataset.seat, [...b.querySelectorAll('.mu-slot')].map((s) => { const c = s.querySelector('.mu-mini'); return c ? `${c.dataset.card}${c.classList.contains('down') ? ':down' : ''}` : ''; })]),
      life: document.querySelector('.mu-boss')?.dataset.life ?? null,
      drawn: Object.fromEntries([...document.querySelectorAll('.mu-board')].map((b) => [b.dataset.seat, [...b.querySelectorAll('[data-card]')].map((e) => e.dataset.card).sort()])),
      backs: Object.fromEntries([...document.querySelectorAll('.mu-board')].map((b) => [b.dataset.seat, b.querySelectorAll('.mu-mini.back').length])),
      tips: document.querySelectorAll('.mu [data-tip]').length,
      text: document.querySelector('.table')?.textContent || '',
      cards: [...document.querySelectorAll('[data-card]')].map((e) => e.dataset.card),
    }));
    if (got.version !== m.version) return null;
    assert.equal(got.round, String(v.round), 'the banner shows the round');
    assert.deepEqual(got.hand, v.boards[me].hand, 'the page shows exactly my hand');
    assert.deepEqual(got.counts.sort(), v.boards.map((b, i) => [String(i), String(b.hand_count), String(b.deck_count)]).sort(), 'hand and deck counts of every board');
    assert.deepEqual(got.markers, v.track.map((st) => st.slice().reverse()), 'the Power Track shows every marker, top of a stack first');
    assert.deepEqual(got.slots.sort(), v.boards.map((b, i) => [String(i), b.arena.map((p) => (p ? `${p.card}${p.face_up ? '' : ':down'}` : ''))]).sort(), 'every Arena slot as the view has it');
    // Another seat's board draws its public zones and nothing else: no hand, no deck, no hidden frozen card.
    v.boards.forEach((b, s) => {
      if (s === me) return;
      const pub = [...b.arena.filter(Boolean).map((p) => p.card), ...b.freezer.filter(Boolean), ...b.pool.map((st) => st.top).filter(Boolean)];
      if (b.incubator) pub.push(b.incubator);
      if (b.leaving) pub.push(b.leaving);
      if (b.discard.length) pub.push(b.discard[b.discard.length - 1]);
      assert.deepEqual(got.drawn[String(s)], pub.sort(), `board ${s} draws only its public cards`);
      assert.equal(got.backs[String(s)], b.freezer.filter((c) => !c).length, `board ${s}: face-down frozen cards stay backs`);
      seen.otherBoards = (seen.otherBoards || 0) + 1;
    });
    if (v.boss) assert.equal(got.life, String(v.boss.life), 'the boss panel shows its Life');
    if (got.hand.length) assert.ok(got.tips > 0, 'cards carry their texts as tips');
    if (v.boards.some((b) => b.arena.some((p) => p && !p.face_up))) seen.knockedDown = (seen.knockedDown || 0) + 1;
    seen.checks++;
    return got;
  }

  const until = Date.now() + limitMs;
  const snapshots = [];
  for (;;) {
    assert.ok(Date.now() < until, `not done in ${limitMs / 1000} s; last ${JSON.stringify(states.last && { v: states.last.version, round: states.last.view.round, phase: states.last.view.phase, pending: states.last.pending, prompt: states.last.prompt && states.last.prompt.title })}`);
    await settle();
    const m = states.last;
    const got = await checkPage(m);
    if (got) snapshots.push({ version: m.version, text: got.text, cards: got.cards });
    if (done(m) || m.outcome || m.pending.mode === 'over') return { last: m, snapshots };
    // A committed draft pick may still be changed: act only when the table waits on me.
    const mine = awaitsSeat(m, me) && Array.isArray(m.prompt.asks) && m.prompt.asks.length;
    if (!mine) { await sleep(60); continue; }
    const before = m.version;
    const asks = m.prompt.asks.map((a, ai) => ({ ...a, ai }));
    try {
      const deploy = asks.find((a) => a.verb === 'deploy' && !a.disabled);
      const draft = asks.find((a) => a.verb === 'draft_pick');
      const build = asks.find((a) => a.verb === 'construct');
      if (act && await act(m, asks, { formOf })) {
        // The test's own move, made through the page.
      } else if (draft) {
        // The pack as cards: tap the first, then Pick.
        await formOf(draft.ai).locator('.mu-pickgrid .mu-pickcard').first().click();
        await formOf(draft.ai).locator('button.submit:not([disabled])').click();
        seen.tapped = (seen.tapped || 0) + 1;
      } else if (build) {
        await formOf(build.ai).locator('.mu-build-presets [data-preset="recommended"]').click();
        await formOf(build.ai).locator('button.submit:not([disabled])').click();
      } else if (deploy && !seen.shortcut) {
        // The hand card's own Deploy button fills the prompt's form.
        const id = deploy.params[0].input.options[0].value;
        await page.locator(`.mu-hand .mu-card[data-card="${id}"] .mu-deploy`).first().click();
        await formOf(deploy.ai).locator('button.submit:not([disabled])').click();
        seen.shortcut = id;
        onDeploy?.();
      } else {
        const a = asks.find((x) => !x.disabled && x.verb === 'deploy') || asks.find((x) => !x.disabled);
        if (a.verb === 'mulligan') {
          assert.deepEqual(asks.map((x) => x.label), ['Keep', 'Mulligan the ticked stacks'], 'the mulligan: keep, or mulligan the ticked stacks');
          seen.kept = (seen.kept || 0) + 1;
        }
        if (a.verb === 'choose') seen.titles = [...new Set([...(seen.titles || []), m.prompt.title.split(':')[0]])].slice(0, 12);
        await fillAndSend(a);
      }
    } catch (e) {
      if ((await refresh()).m.version !== before) continue;
      throw e;
    }
    seen.acted++;
    const deadline = Date.now() + STEP;
    while (Date.now() < deadline) {
      if ((await refresh()).m.version > before) break;
      if (await page.locator('.rejected').count()) break;
      await sleep(40);
    }
    if (await page.locator('.rejected').count()) {
      seen.rejected.push((await page.locator('.rejected').innerText()).replace(/\s+/g, ' ').slice(0, 200));
      await page.locator('.rejected button', { hasText: 'Dismiss' }).click();
    }
    if (seen.acted > 800) throw new Error('too many moves');
  }
}

test('one person plays a 2-seat game of Mutants against a bot to the end; the bot\'s hand never shows', { timeout: 420_000 }, async (t) => {
  const seen = { acted: 0, checks: 0, rejected: [] };
  await gameTest(t, 'mutants', { botDelayMs: BOT_DELAY_MS, stepMs: STEP }, async ({ base, page, frames, pageErrors, setReport }) => {
    setReport(() => JSON.stringify(seen));
    const { lobbyId, me } = await openTable(page, base, { seats: 2, options: { gene_pools: 'preconstructed' }, bots: true });
    assert.equal(me, 0);
    await page.screenshot({ path: path.join(shots, 'mutants-start.png'), fullPage: true });
    const { last: end, snapshots } = await playUntil(page, me, () => false, { limitMs: 330_000, seen });
    await page.screenshot({ path: path.join(shots, 'mutants-over.png'), fullPage: true });
    t.diagnostic(`acted ${seen.acted}, page checks ${seen.checks}, knocked-down views ${seen.knockedDown || 0}, round ${end.view.round}, ${end.view.summary || ''}`);
    assert.equal(end.view.phase, 'over', 'the game ended');
    assert.ok(seen.shortcut, 'a Mutant was deployed from its hand card');
    assert.deepEqual(seen.rejected, [], 'the page sent only moves the server accepted');

    // --- secrets: the bot's hand, move by move, through the bot's own eyes
    const token = await page.evaluate((id) => JSON.parse(localStorage.getItem(`backroom.seat.${id}`)).token, lobbyId);
    const botAt = new Map();
    const versions = [...new Set([...frames.map((f) => f.version), ...snapshots.map((s) => s.version)])].sort((a, b) => a - b);
    for (const v of versions) {
      const r = await fetch(`${base}/api/lobbies/${lobbyId}/replay?at=${v}&seat=${BOT}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(r.status, 200, `the replay at ${v}: ${await r.clone().text()}`);
      const step = await r.json();
      assert.ok(Array.isArray(step.view.boards[BOT].hand), 'the bot seat sees its own hand');
      botAt.set(v, step.view.boards[BOT].hand);
    }
    const content = await (await fetch(`${base}/api/games/${GAME}/content`)).json();
    const names = Object.fromEntries(content.cards.map((c) => [c.id, c.name]));
    const advanced = new Set(content.cards.filter((c) => c.kind === 'advanced').map((c) => c.id));
    const known = new Set();
    let logText = '';
    const knownAt = new Map();
    for (const f of [...frames].sort((a, b) => a.version - b.version)) {
      for (const c of knownCards(f.view, me)) known.add(c);
      logText += `\n${(f.log || []).join('\n')}`;
      for (const [id, name] of Object.entries(names)) if (logText.includes(name)) known.add(id);
      knownAt.set(f.version, new Set(known));
    }
    const knownBy = (v) => {
      let best = null;
      for (const [k, s] of knownAt) if (k <= v && (best === null || k > best[0])) best = [k, s];
      return best ? best[1] : new Set();
    };
    let hidden = 0;
    for (const f of frames) {
      if (f.view.phase === 'over') continue;
      assert.ok(!('hand' in f.view.boards[BOT]), 'a frame carries the bot\'s hand');
      const bh = botAt.get(f.version);
      assert.equal(f.view.boards[BOT].hand_count, bh.length, 'the bot\'s hand count matches its own view');
      const mayKnow = knownBy(f.version);
      const raw = JSON.stringify({ view: f.view, prompt: f.prompt, log: f.log });
      for (const c of bh) {
        if (mayKnow.has(c) || !advanced.has(c)) continue;
        hidden++;
        assert.ok(!raw.includes(`"${c}"`), `frame ${f.version} names the bot's hidden card ${c}`);
        assert.ok(!(f.log || []).some((l) => l.includes(names[c])), `frame ${f.version}'s log names the bot's hidden ${names[c]}`);
      }
    }
    for (const s of snapshots) {
      const bh = botAt.get(s.version) || [];
      const mayKnow = knownBy(s.version);
      for (const c of bh) {
        if (mayKnow.has(c) || !advanced.has(c)) continue;
        assert.ok(!s.cards.includes(c), `the page at ${s.version} draws the bot's hidden card ${c}`);
        assert.ok(!s.text.includes(names[c]), `the page at ${s.version} shows the bot's hidden ${names[c]}`);
      }
    }
    assert.ok(seen.otherBoards > 0, 'the bot\'s board was checked against its public zones');
    t.diagnostic(`checked ${frames.length} frames and ${snapshots.length} page snapshots (bot board drawn from public zones only ${seen.otherBoards} times); ${hidden} hidden bot Advanced Mutants never shown`);

    assert.ok((await page.locator('.log-list .term[data-tip]').count()) > 0, 'card names in the log carry their texts');

    // --- a phone: nothing sticks out sideways; a tap on a card shows its text
    await page.setViewportSize({ width: 390, height: 844 });
    await sleep(200);
    const wide = await sticksOut(page);
    assert.deepEqual(wide, [], `elements wider than a phone: ${wide.join(', ')}`);
    await page.locator('.tabbar button[data-tab="board"]').click();
    await page.locator('.mu-boards').waitFor();
    const mini = page.locator('.mu-slot .mu-mini[data-tip]').first();
    if (await mini.count()) {
      await mini.click();
      await page.locator('#tip').waitFor();
      assert.match(await page.locator('#tip').innerText(), /Mutant/, 'a card in the Arena shows its text on tap');
    }
    await page.screenshot({ path: path.join(shots, 'mutants-board-phone.png'), fullPage: true });

    // --- the rules page with every card
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/#/rules/${GAME}`);
    await page.locator('.rules .glossary-list').waitFor();
    await page.locator('.mu-reference').waitFor();
    assert.ok((await page.locator('.mu-reference dt').count()) >= 42, 'the rules list every card');
    await page.screenshot({ path: path.join(shots, 'mutants-rules.png'), fullPage: true });
    assert.deepEqual(pageErrors, [], 'the page logged errors');
  });
});

test('solo: one person builds a Gene Pool and plays Uprising against the Singularity Wizard to the end', { timeout: 420_000 }, async (t) => {
  const seen = { acted: 0, checks: 0, rejected: [] };
  await gameTest(t, 'mutants-solo', { botDelayMs: BOT_DELAY_MS, stepMs: STEP }, async ({ base, page, pageErrors, setReport }) => {
    setReport(() => JSON.stringify(seen));
    // --- the lobby form: solo-only options for 1 player only
    await page.goto(`${base}/#/`);
    const form = page.locator(`[data-game="${GAME}"]`);
    const shown = async (name) => form.locator(`[name="${name}"]`).isVisible();
    await form.locator('select[name="seats"]').selectOption('2');
    assert.deepEqual([await shown('gene_pools'), await shown('boss'), await shown('super_tough'), await shown('restricted_gene')], [true, false, false, false], '2 players: the Gene Pools mode, no boss');
    await form.locator('select[name="seats"]').selectOption('1');
    assert.deepEqual([await shown('gene_pools'), await shown('boss'), await shown('super_tough'), await shown('restricted_gene')], [false, true, true, true], '1 player: the boss and the extra challenges, no Gene Pools mode');

    const opened = await openTable(page, base, { seats: 1, options: { boss: 'singularity-wizard' }, bots: false });
    await page.locator('.mu-boss').waitFor();

    // --- the Gene Pool builder
    const builder = page.locator('.prompt-area .mu-builder');
    await builder.waitFor();
    const rows = builder.locator('.mu-build-row');
    const n = await rows.count();
    assert.ok(n >= 30, `the builder offers every design allowed (${n})`);
    for (let k = 0; k < n; k++) {
      const row = rows.nth(k);
      assert.equal(await row.locator('.mu-gene').count(), 2, 'each design shows its two genes');
      assert.match(await row.locator('.mu-card-text').innerText(), /Advanced Mutant · \w+ \+ \w+ · Freeze/, 'each design shows its genes and Freeze value');
      assert.match(await row.locator('.mu-card-text').innerText(), /(Deploy|Leave|Block|Ongoing):/, 'each design shows its text');
    }
    assert.doesNotMatch(await builder.innerText(), /House content|inferred/, 'no provenance notes');
    const status = builder.locator('.mu-build-status b');
    assert.equal(await status.getAttribute('data-count'), '0');
    const submit = page.locator('.prompt-area form[data-verb="construct"] button.submit');
    assert.ok(await submit.isDisabled(), 'an empty list cannot be sent');
    const plus = rows.nth(0).locator('.mu-stepper button').nth(1);
    await plus.click();
    await plus.click();
    assert.equal(await status.getAttribute('data-count'), '2', 'two copies of one design');
    assert.ok(await rows.nth(0).locator('.mu-stepper button').nth(1).isDisabled(), 'no third copy');
    assert.match(await status.innerText(), /2 of 12 chosen · choose 10 more/);
    await builder.locator('[data-preset="random"]').click();
    assert.equal(await status.getAttribute('data-count'), '12');
    assert.equal(await status.getAttribute('data-legal'), 'true');
    assert.match(await status.innerText(), /a legal Gene Pool/);
    assert.ok(await submit.isEnabled(), 'a legal list can be sent');
    const counts = await rows.evaluateAll((els) => els.map((e) => Number(e.dataset.count)));
    assert.ok(counts.every((c) => c <= 2) && counts.reduce((a, b) => a + b, 0) === 12, 'the random 12 is legal');
    // Recommended against this boss: the list measured to do best against
    // the Singularity Wizard (content/bosses.json, figures in the README).
    assert.match(await builder.locator('[data-preset="recommended"]').innerText(), /Recommended 12 \(Breed to Beatdown\)/);
    assert.match(await builder.locator('[data-preset="recommended"]').getAttribute('title'), /does best against Singularity Wizard/);
    await builder.locator('[data-preset="recommended"]').click();
    const rec = await rows.evaluateAll((els) => els.map((e) => Number(e.dataset.count)).filter(Boolean));
    assert.deepEqual(rec, [2, 2, 2, 2, 2, 2], 'the recommended 12: six designs, two of each');
    await page.screenshot({ path: path.join(shots, 'mutants-solo-builder.png'), fullPage: true });

    const { last } = await playUntil(page, opened.me, () => false, { limitMs: 330_000, seen });
    await page.screenshot({ path: path.join(shots, 'mutants-solo.png'), fullPage: true });
    t.diagnostic(`acted ${seen.acted}, page checks ${seen.checks}, round ${last.view.round}, boss Life ${last.view.boss && last.view.boss.life}`);
    assert.equal(last.view.phase, 'over', 'the solo match was played to its end');
    assert.ok(last.view.boss, 'the view has the boss');

    // --- the result reads right: a boss with Life left has won
    const outcome = page.locator('.outcome');
    await outcome.waitFor();
    const result = await outcome.innerText();
    if (last.view.boss.life > 0) {
      assert.equal(last.outcome.game_winner, 'Singularity Wizard', 'the outcome names the boss as the winner');
      assert.match(result, /You lose: Singularity Wizard wins\./);
      assert.doesNotMatch(result, /You win|first place/);
      assert.equal(await outcome.locator('.ranking li').first().innerText().then((x) => x.replace(/\s+/g, ' ')), '1st Singularity Wizard', 'the boss placed first');
      assert.match(await outcome.locator('.ranking li.mine .place').innerText(), /2nd/);
      // The replay at its end shows the same result.
      await page.locator('.replay button', { hasText: '«' }).click().catch(() => {});
      await page.locator('.replay button', { hasText: '»' }).click().catch(() => {});
      await outcome.waitFor();
      assert.match(await outcome.innerText(), /You lose: Singularity Wizard wins\./, 'the replay at its end says so too');
      seen.loss = true;
    } else {
      assert.ok(!last.outcome.game_winner, 'a defeated boss has not won');
      assert.match(result, /You win!/);
      seen.loss = false;
    }
    await page.screenshot({ path: path.join(shots, 'mutants-solo-over.png'), fullPage: true });
    assert.deepEqual(seen.rejected, [], 'the page sent only moves the server accepted');
    assert.deepEqual(pageErrors, [], 'the page logged errors');
  });
});

test('draft: the page shows the pack held and the picks made, then the drafted Gene Pool, and round 1 is played to its end', { timeout: 300_000 }, async (t) => {
  const seen = { acted: 0, checks: 0, rejected: [] };
  await gameTest(t, 'mutants-draft', { botDelayMs: BOT_DELAY_MS, stepMs: STEP }, async ({ base, page, pageErrors, setReport }) => {
    setReport(() => JSON.stringify(seen));
    const opened = await openTable(page, base, { seats: 2, options: { gene_pools: 'draft' }, bots: true });
    const first = await page.evaluate(() => window.__states[window.__states.length - 1]);
    assert.equal(first.view.phase, 'draft');
    await page.locator('.mu-draft').waitFor();
    await page.locator('.prompt-area .mu-pickgrid').waitFor();
    const pack = await page.locator('.prompt-area .mu-pickgrid .mu-pickcard').evaluateAll((els) => els.map((e) => e.dataset.card).sort());
    assert.deepEqual(pack, [...first.view.draft.pack].sort(), 'the pick shows my pack as cards');
    const texts = await page.locator('.prompt-area .mu-pickgrid .mu-card-text').allInnerTexts();
    assert.ok(texts.every((x) => /Freeze/.test(x) && !/House content|inferred/.test(x)), 'each card with its genes and Freeze value, no provenance notes');
    const drawn = await page.locator('.mu-draft [data-card]').evaluateAll((els) => els.map((e) => e.dataset.card).sort());
    assert.deepEqual(drawn, [...first.view.draft.picks].sort(), 'the draft panel draws my picks');
    await page.screenshot({ path: path.join(shots, 'mutants-draft.png'), fullPage: true });
    const { last } = await playUntil(page, opened.me, (m) => m.view.phase === 'play', { limitMs: 120_000, seen });
    t.diagnostic(`acted ${seen.acted}, page checks ${seen.checks}, phase ${last.view.phase}`);
    assert.equal(seen.tapped, 6, 'six picks, each by tapping a card');
    assert.equal(await page.locator('.mu-draft').count(), 0, 'the draft panel is gone after the draft');
    assert.equal(last.view.boards[opened.me].pool.reduce((a, st) => a + st.size, 0), 12, 'a drafted Gene Pool of 12');
    // On to the end of round 1 with the drafted Gene Pool.
    const { last: after } = await playUntil(page, opened.me, (m) => m.view.round >= 2 || m.view.phase === 'over', { limitMs: 150_000, seen });
    t.diagnostic(`round 1 over: now round ${after.view.round}, phase ${after.view.phase}`);
    assert.ok(after.view.round >= 2 || after.view.phase === 'over', 'round 1 was played to its end');
    assert.deepEqual(seen.rejected, []);
    assert.deepEqual(pageErrors, [], 'the page logged errors');
  });
});

/** Genes of a Breed option (its "Genes" fact, "Cyber + Zoomorph"). */
const genesOf = (o) => String((o.facts || []).find((f) => f.label === 'Genes')?.value || '').split(' + ').filter(Boolean);

/** The genes a Breed ask's Mutant needs (its cards' label: "carry Cyber and Zoomorph between them"). */
const needOf = (ask) => (ask.params[0].label.match(/carry (.+) between them/) || [null, ''])[1].split(' and ');

/** Two values of a Breed ask's cards (a card held twice may stand twice) whose genes cover `need`; `works` false for a pair that does not. */
function pairFor(opts, need, works) {
  const open = opts.filter((o) => !o.disabled);
  for (let i = 0; i < open.length; i++) {
    for (let j = i; j < open.length; j++) {
      if (i === j && (open[i].up_to || 1) < 2) continue;
      const have = new Set([...genesOf(open[i]), ...genesOf(open[j])]);
      if (need.every((g) => have.has(g)) === works) return [open[i], open[j]];
    }
  }
  return null;
}

const esc = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Unticks `values` (a checkbox, or a stepper's −). */
async function untick(form, values) {
  for (const o of values) {
    const row = form.locator(`.param[data-param="cards"] .check[data-value='${JSON.stringify(o.value)}']`);
    if (await row.locator('input[type="checkbox"]').count()) await row.locator('input[type="checkbox"]').uncheck();
    else await row.locator('button.less').click();
  }
}

/** Ticks `values` in a `many` control (a checkbox, or a stepper's + for a card held twice). */
async function tick(form, values) {
  for (const o of values) {
    const row = form.locator(`.param[data-param="cards"] .check[data-value='${JSON.stringify(o.value)}']`);
    if (await row.locator('input[type="checkbox"]').count()) await row.locator('input[type="checkbox"]').check();
    else await row.locator('button.more').click();
  }
}

test('breed: the stack, then two hand cards by their genes, through the page; a card that would leave a gene missing is greyed naming it', { timeout: 300_000 }, async (t) => {
  const seen = { acted: 0, checks: 0, rejected: [] };
  await gameTest(t, 'mutants-breed', { botDelayMs: BOT_DELAY_MS, stepMs: STEP }, async ({ base, page, pageErrors, setReport }) => {
    setReport(() => JSON.stringify(seen));
    const opened = await openTable(page, base, { seats: 2, options: { gene_pools: 'preconstructed' }, bots: true });
    const act = async (m, asks, { formOf }) => {
      const breed = asks.find((a) => a.verb === 'breed' && !a.disabled);
      // Breed the first time it is offered, and again when a pair that lacks a gene can be tried.
      if (!breed || (seen.bred && (seen.narrowed || !pairFor(breed.params[0].input.options, needOf(breed), false)))) return false;
      const stack = breed.fixed.stack;
      const target = m.view.boards[opened.me].pool[stack - 1].top;
      const param = breed.params[0];
      const need = needOf(breed);
      const opts = param.input.options;
      // The ask is the stack: the stack's own Breed button on my board opens
      // its form (first time), else the ask's button; the cards carry their genes.
      if (!seen.bred) {
        await page.locator(`.mu-board.mine .mu-breed[title="${breed.label}"]`).click();
        seen.fromStack = true;
      } else await page.locator(`.prompt-area .ask-pick[data-ask="${breed.ai}"]`).click();
      const form = formOf(breed.ai);
      await form.waitFor({ state: 'visible' });
      const facts = await form.locator('.param[data-param="cards"] .check .fact[data-fact="Genes"] b').allInnerTexts();
      assert.deepEqual(facts, opts.map((o) => genesOf(o).join(' + ')), 'every hand card shows its genes');
      const greyed = opts.filter((o) => o.disabled);
      for (const o of greyed) {
        const row = form.locator(`.param[data-param="cards"] .check[data-value='${JSON.stringify(o.value)}']`);
        assert.match(await row.locator('.why').innerText(), /lacks the \w+( and \w+)? genes? and no other card/, 'a card that cannot breed this stack says which gene it lacks');
      }
      seen.greyed = (seen.greyed || 0) + greyed.length;
      const submit = form.locator('button.submit');
      assert.ok(await submit.isDisabled(), 'Breed is greyed until two cards are ticked');
      // A pair that lacks a gene, if the hand has one: once its first card is
      // ticked, the second is greyed, naming the gene the pair would miss.
      const wrong = pairFor(opts, need, false);
      if (wrong && !seen.narrowed) {
        await tick(form, [wrong[0]]);
        const row = form.locator(`.param[data-param="cards"] .check[data-value='${JSON.stringify(wrong[1].value)}']`);
        const control = row.locator('input[type="checkbox"], button.more');
        assert.ok(await control.first().isDisabled(), `${wrong[1].label} is greyed once ${wrong[0].label} is ticked`);
        const why = await row.locator('.mu-unfit-why').innerText();
        assert.match(why, new RegExp(`with ${esc(wrong[0].label)} it lacks [A-Za-z ]+`), `the reason names the missing gene: ${why}`);
        seen.narrowed = `${wrong[0].label}, then ${wrong[1].label}: ${why.trim()}`;
        await page.screenshot({ path: path.join(shots, 'mutants-breed-narrowed.png'), fullPage: true });
        await untick(form, [wrong[0]]);
        assert.equal(await row.locator('.mu-unfit-why').innerText().catch(() => ''), '', 'untick: the reason goes');
      }
      const pair = pairFor(opts, need, true);
      assert.ok(pair, `some two enabled cards breed ${target} (${need.join(', ')})`);
      await tick(form, pair);
      assert.ok(await form.locator('button.submit').isEnabled(), 'two cards ticked: Breed can be sent');
      await page.screenshot({ path: path.join(shots, 'mutants-breed.png'), fullPage: true });
      await form.locator('button.submit').click();
      seen.breeds = [...(seen.breeds || []), { target, stack, cards: pair.map((o) => o.value) }];
      seen.bred = { target, stack, cards: pair.map((o) => o.value), at: m.version };
      return true;
    };
    const { last } = await playUntil(page, opened.me, (m) => !!seen.bred && !!seen.narrowed && m.version > seen.bred.at, { limitMs: 240_000, seen, act });
    t.diagnostic(`bred ${JSON.stringify(seen.breeds)}; narrowed ${seen.narrowed}; greyed cards ${seen.greyed || 0}; round ${last.view.round}`);
    assert.ok(seen.bred, `a breed was made through the page (round ${last.view.round})`);
    assert.ok(seen.narrowed, 'a card that would leave a gene missing was greyed once the other was ticked');
    assert.ok(seen.fromStack, 'the first Breed was opened from its Gene Pool stack');
    await page.locator('.log-list', { hasText: 'to breed' }).first().waitFor();
    assert.deepEqual(seen.rejected.filter((r) => !/rule: Breed/.test(r)), [], 'no other move was refused');
    assert.deepEqual(pageErrors, [], 'the page logged errors');
  });
});
