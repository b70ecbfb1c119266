// End-to-end: one person plays the Heroes of Nefarious Schemes against the
// Villain bot for two full turns, through the web client against the real
// server binary.
//
// The person creates a 2-seat lobby from the landing page with the house
// turn limit set to 2 (so the match ends at the end of turn 2, or sooner),
// takes the Heroes' seat, fills the Villain's with a bot, starts, and
// answers every prompt through the rendered controls with a simple policy
// (recruit what can be recruited, track and attack with every Hero, pass in
// event windows, otherwise the first option). Along the way the page must
// show the 13-step turn track on the current phase, each roll with the row
// of its table lit (the row the server read, once read), the two play areas
// with their hand and deck counts, and the person's own hand as cards.
//
// Secrets: once the match is over, its replay gives the Villain seat's own
// view after every move. For every state frame the person's browser got
// (from the network) and every snapshot of the page, no card of the
// Villain's hand at that moment that the person could not know (it was never
// in play, in a discard, found by a search or shown by a look) appears: not
// in the frame's view, prompt or log lines, and not in the page's text or
// card attributes. The frames never carry the Villain's `hand` at all.
//
// Run: see README.md. Env: BACKROOM_BIN, CHROMIUM, BACKROOM_URL.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, gameTest, statePoller, promptControls, openGameTable, sticksOut, withServerAndBrowser, drawPreview } from './helpers.mjs';
import { renderNames } from '../../web-client/names.js';

const GAME = 'nefarious-schemes';
const STEP = 20_000;
const PLAY_MS = Number(process.env.SCHEMES_PLAY_MS || 240_000);
const BOT_DELAY_MS = 150;
const HEROES = 0;
const VILLAIN = 1;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// A deal (with the server bots' choices it fixes) in which two turns hold
// rolls, a table row read and Villain cards the Heroes never see, so every
// check below has something to check; BACKROOM_TEST_SEED does not override it.
const SEED = '5c4e3e1b0d2a4f6e8a9b7c1d3e5f70812a3b4c5d6e7f8091a2b3c4d5e6f70819';

/** The prompt title as the page shows it to seat `me`. */
function shownTitle(raw, me) {
  const marked = renderNames(raw, () => '\u0001', me);
  const escaped = marked.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/\u0001/g, '.+?'));
}

/** Card ids anyone at the table may know from this view: in play, discarded, found, or shown to the viewer. */
function publicCards(view) {
  const out = new Set();
  for (const p of view.pieces) out.add(p.card);
  for (const s of view.sides) for (const c of s.discard) out.add(c);
  for (const n of view.notices || []) if (n.found) out.add(n.found);
  if (view.look) for (const c of view.look.cards) out.add(c);
  return out;
}

test('one person plays the Heroes against the Villain bot for two turns of Nefarious Schemes', { timeout: 330_000 }, async (t) => {
  const t0 = Date.now();
  await gameTest(t, 'schemes', { botDelayMs: BOT_DELAY_MS, stepMs: STEP, seed: SEED }, async ({ base, page, frames, pageErrors, shot, setReport }) => {
    const states = statePoller(page, { quietMs: 60, settleMs: 120_000 });
    const { refresh, settle } = states;

    // --- the lobby: 2 seats, turn limit 2, the Villain a bot
    const { lobbyId, me } = await openGameTable(page, base, { game: GAME, name: 'Hana', fields: { turn_limit: 2 }, banner: '.ns-banner' });
    assert.equal(me, HEROES, 'the host sits in the first seat: the Heroes');

    // --- the prompt, through the page's controls
    const { prompt, send, fillAndSend } = promptControls(page);

    const seen = { acted: 0, verbs: {}, rollsChecked: 0, rowsRead: 0, handChecks: 0, rejected: [], phases: new Set() };
    const snapshots = []; // {version, text, cards}: what the page showed
    const tracked = new Set();
    const attacked = new Set();
    let trackRefused = null;
    const report = () => `acted ${seen.acted}; ${JSON.stringify({ ...seen, phases: [...seen.phases] })}; last ${JSON.stringify(states.last && { v: states.last.version, turn: states.last.view.turn, phase: states.last.view.phase, pending: states.last.pending, prompt: states.last.prompt && states.last.prompt.title })}`;
    setReport(report);

    /** What the page shows must match the view it drew. */
    async function checkPage(m) {
      const v = m.view;
      const got = await page.evaluate(() => {
        const q = (s) => document.querySelector(s);
        return {
          version: window.__states.length ? window.__states[window.__states.length - 1].version : -1,
          at: q('.ns-track li.at b')?.textContent ?? null,
          read: q('.ns-roll .ns-table li.read b')?.textContent ?? null,
          total: q('.ns-roll')?.dataset.total ?? null,
          hand: [...document.querySelectorAll('.ns-hand .ns-card')].map((e) => e.dataset.card),
          counts: [...document.querySelectorAll('.ns-area')].map((a) => [a.dataset.seat, a.querySelector('.ns-handcount').dataset.handCount, a.querySelector('.ns-deckcount').dataset.deckCount]),
          units: [...document.querySelectorAll('.ns-area [data-uid]')].map((e) => Number(e.dataset.uid)).sort((a, b) => a - b),
          tips: document.querySelectorAll('.ns [data-tip]').length,
          text: document.querySelector('.table')?.textContent || '',
          cards: [...document.querySelectorAll('[data-card]')].map((e) => e.dataset.card),
        };
      });
      if (got.version !== m.version) return; // a newer frame came in meanwhile: checked next time
      snapshots.push({ version: m.version, text: got.text, cards: got.cards });
      if (v.phase_number) assert.equal(got.at, String(v.phase_number), 'the turn track lights the current phase');
      if (v.roll) {
        const total = v.roll.dice.reduce((a, b) => a + b, 0) + v.roll.mods.reduce((a, x) => a + x.value, 0);
        assert.equal(got.total, String(total), 'the roll panel shows the total of dice and modifiers');
        seen.rollsChecked++;
        if (v.roll.result) {
          assert.equal(got.read, v.roll.result, 'the table row read is lit');
          seen.rowsRead++;
        }
      }
      assert.deepEqual(got.hand, v.sides[me].hand, 'the page shows exactly my hand');
      assert.deepEqual(got.counts.sort(), v.sides.map((s, i) => [String(i), String(s.hand_count), String(s.deck)]).sort(), 'hand and deck counts of both sides');
      assert.deepEqual(got.units, v.pieces.map((p) => p.uid).sort((a, b) => a - b), 'every card in play is drawn');
      if (v.pieces.length || got.hand.length) assert.ok(got.tips > 0, 'cards carry their texts as tips');
      seen.handChecks++;
    }

    /** Plays my prompt; returns what it did. */
    async function play(m) {
      const asks = m.prompt.asks.map((a, ai) => ({ ...a, ai }));
      const by = (verb) => asks.find((a) => a.verb === verb && !a.disabled);
      await prompt.locator('.prompt-title', { hasText: shownTitle(m.prompt.title, me) }).waitFor();
      const key = `${m.view.turn}|${m.view.phase_number}`;
      let a;
      if ((a = by('recruit'))) { await fillAndSend(a); return 'recruit'; }
      if ((a = by('track')) && !tracked.has(`${key}|${m.version}`) && trackRefused !== key) { tracked.add(`${key}|${m.version}`);
        if (!seen.trackShot) { seen.trackShot = 1; await shot('track-prompt', true); }
        await fillAndSend(a);
        return 'track';
      }
      if ((a = by('attack')) && !attacked.has(`${key}|${m.version}`)) { attacked.add(`${key}|${m.version}`); await fillAndSend(a); return 'attack'; }
      if ((a = by('play_event')) && !eventTried) {
        // Once: play an Event from the window's list; its modifier joins the roll.
        eventTried = true;
        await fillAndSend(a);
        return 'play_event';
      }
      if ((a = by('stop'))) { await send(a); return 'stop'; }
      if ((a = by('pass'))) { await send(a); return 'pass'; }
      if ((a = by('done'))) { await send(a); return 'done'; }
      if ((a = by('wound'))) { await send(a); return 'wound'; }
      a = asks.find((x) => !x.disabled);
      await fillAndSend(a);
      return a.verb;
    }

    const until = Date.now() + PLAY_MS;
    let outcomeShot = false;
    let eventPlayed = null;
    let eventTried = false;
    for (;;) {
      assert.ok(Date.now() < until, `two turns were not over in ${PLAY_MS / 1000} s`);
      await settle();
      const m = states.last;
      seen.phases.add(`${m.view.turn}:${m.view.phase_number}`);
      await checkPage(m);
      if (m.outcome || m.pending.mode === 'over' || m.view.ending) {
        if (!outcomeShot) { outcomeShot = true; await shot('over-desktop', true); }
        break;
      }
      const mine = m.prompt && m.pending.mode === 'turn' && m.pending.seat === me;
      if (!mine) { await sleep(60); continue; }
      if (m.view.roll && !seen.verbs.rollShot) { seen.verbs.rollShot = 1; await page.locator('.ns-roll').screenshot({ path: path.join(shots, 'schemes-roll.png') }); }
      const before = m.version;
      const title = m.prompt.title;
      let did;
      try {
        did = await play(m);
      } catch (e) {
        if ((await refresh()).m.version !== before) continue; // the table moved on under the click
        throw e;
      }
      seen.acted++;
      seen.verbs[did] = (seen.verbs[did] || 0) + 1;
      if (seen.acted === 1) await shot('first-move', true);
      if (did === 'play_event') eventPlayed = { version: before, card: m.prompt.asks.find((x) => x.verb === 'play_event').fixed.card, roll: m.view.roll };
      const deadline = Date.now() + STEP;
      while (Date.now() < deadline) {
        if ((await refresh()).m.version > before) break;
        if (await page.locator('.rejected').count()) break;
        await sleep(40);
      }
      if (await page.locator('.rejected').count()) {
        const text = await page.locator('.rejected').innerText();
        seen.rejected.push(`${title} / ${did}: ${text.replace(/\s+/g, ' ').slice(0, 200)}`);
        if (did === 'track') trackRefused = `${m.view.turn}|${m.view.phase_number}`;
        await page.locator('.rejected button', { hasText: 'Dismiss' }).click();
      }
      if (seen.acted > 1500) throw new Error('too many moves for two turns');
    }
    await settle();
    const end = states.last;
    t.diagnostic(report());
    assert.ok(end.view.ending, 'the match ended (turn limit 2, or sooner)');
    assert.ok(end.view.turn >= 2 || /Mastermind|Character|deck|Plot/.test(end.view.ending.reason), `two full turns were played, or the match was won before: ${end.view.ending.reason}`);
    assert.ok(seen.rollsChecked > 0, 'rolls were shown');
    assert.ok(seen.rowsRead > 0, 'a table row read was shown');
    assert.deepEqual(seen.rejected, [], 'the page sent only moves the server accepted');
    if (eventPlayed) {
      // The Event went to the discard, and a roll's Event shows as a modifier on the next frame.
      const after = frames.filter((f) => f.version > eventPlayed.version).sort((a, b) => a.version - b.version)[0];
      assert.ok(after, 'a frame after the Event');
      assert.ok(after.view.sides[me].discard.includes(eventPlayed.card), 'the Event played is in the discard');
      t.diagnostic(`played ${eventPlayed.card} at ${eventPlayed.version}; modifiers before: ${JSON.stringify(eventPlayed.roll && eventPlayed.roll.mods)}, after: ${JSON.stringify(after.view.roll && after.view.roll.mods)}; log: ${JSON.stringify(after.log)}`);
    }

    // --- secrets: the Villain's hand, move by move, from the replay through the Villain's eyes
    const token = await page.evaluate((id) => JSON.parse(localStorage.getItem(`backroom.seat.${id}`)).token, lobbyId);
    const villainAt = new Map();
    const versions = [...new Set([...frames.map((f) => f.version), ...snapshots.map((s) => s.version)])].sort((a, b) => a - b);
    for (const v of versions) {
      const r = await fetch(`${base}/api/lobbies/${lobbyId}/replay?at=${v}&seat=${VILLAIN}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(r.status, 200, `the replay at ${v}: ${await r.clone().text()}`);
      const step = await r.json();
      const hand = step.view.sides[VILLAIN].hand;
      assert.ok(Array.isArray(hand), 'the Villain seat sees its own hand');
      villainAt.set(v, hand);
    }
    const names = {};
    const content = await (await fetch(`${base}/api/games/${GAME}/content`)).json();
    for (const c of content.cards) names[c.id] = c.name;

    // What the person may know by version v: everything public in any frame up to it, and names in the log lines read.
    const known = new Set();
    let logText = '';
    const knownAt = new Map();
    for (const f of [...frames].sort((a, b) => a.version - b.version)) {
      for (const c of publicCards(f.view)) known.add(c);
      logText += `\n${(f.log || []).join('\n')}`;
      for (const [id, name] of Object.entries(names)) if (logText.includes(name)) known.add(id);
      knownAt.set(f.version, new Set(known));
    }
    const knownBy = (v) => {
      let best = null;
      for (const [k, s] of knownAt) if (k <= v && (best === null || k > best[0])) best = [k, s];
      return best ? best[1] : new Set();
    };
    let hiddenChecked = 0;
    for (const f of frames) {
      assert.ok(!('hand' in f.view.sides[VILLAIN]), 'a frame carries the Villain\'s hand');
      const vh = villainAt.get(f.version);
      assert.equal(f.view.sides[VILLAIN].hand_count, vh.length, 'the Villain\'s hand count matches its own view');
      const mayKnow = knownBy(f.version);
      const raw = JSON.stringify({ view: f.view, prompt: f.prompt, log: f.log });
      for (const c of vh) {
        if (mayKnow.has(c)) continue;
        hiddenChecked++;
        assert.ok(!raw.includes(`"${c}"`), `frame ${f.version} names the Villain's hidden card ${c}`);
        assert.ok(!(f.log || []).some((l) => l.includes(names[c])), `frame ${f.version}'s log names the Villain's hidden card ${names[c]}`);
      }
    }
    for (const s of snapshots) {
      const vh = villainAt.get(s.version);
      const mayKnow = knownBy(s.version);
      for (const c of vh) {
        if (mayKnow.has(c)) continue;
        assert.ok(!s.cards.includes(c), `the page at ${s.version} draws the Villain's hidden card ${c}`);
        assert.ok(!s.text.includes(names[c]), `the page at ${s.version} shows the Villain's hidden card ${names[c]}`);
      }
    }
    assert.ok(hiddenChecked > 0, 'the Villain held cards the person could not know');
    t.diagnostic(`checked ${frames.length} frames and ${snapshots.length} page snapshots; ${hiddenChecked} hidden Villain cards never shown`);

    // --- a phone: nothing sticks out sideways; the board has its tab
    await page.setViewportSize({ width: 390, height: 844 });
    await sleep(200);
    const wide = await sticksOut(page);
    assert.deepEqual(wide, [], `elements wider than a phone: ${wide.join(', ')}`);
    await page.locator('.tabbar button[data-tab="board"]').click();
    await page.locator('.ns-areas').waitFor();
    await shot('board-phone', true);
    // A tap on a card in play shows its text.
    const tip = page.locator('#tip');
    const unit = page.locator('.ns-unit-head[data-tip]').first();
    if (await unit.count()) {
      const id = await unit.evaluate((el) => el.closest('[data-card]').dataset.card);
      await unit.click();
      await tip.waitFor();
      assert.ok((await tip.innerText()).includes(content.cards.find((c) => c.id === id).text), 'the card in play shows its text on tap');
      await page.locator('.ns-area-head').first().click();
      await tip.waitFor({ state: 'hidden' });
    }
    await page.locator('.tabbar button[data-tab="move"]').click();
    const handCard = page.locator('.ns-hand .ns-card').first();
    if (await handCard.count()) {
      const id = await handCard.getAttribute('data-card');
      await handCard.click();
      await tip.waitFor();
      assert.ok((await tip.innerText()).includes(content.cards.find((c) => c.id === id).text), 'a card in hand shows its text on tap');
    }
    await shot('move-phone', true);

    // --- the rules: summary, glossary and every card
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/#/rules/${GAME}`);
    await page.locator('.rules .glossary-list').waitFor();
    await page.locator('.ns-reference').waitFor();
    assert.ok((await page.locator('.ns-reference dt').count()) >= 40, 'the rules list every card and table row');
    await shot('rules', true);

    assert.deepEqual(pageErrors, [], 'the page logged errors');
    t.diagnostic(`two turns in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  });
});

// The page once drew a Weapon carried by a Minor Villain (a card attached to
// a card attached to the Mastermind) nowhere: "every card in play is drawn"
// failed with cards 1-8, 10 and 11 in play and 10 missing. Such a view, drawn
// by the Schemes renderer in the preview page: every piece is on the page.
test('Nefarious Schemes draws every card in play, however deep it is attached', { timeout: 60_000 }, async () => {
  await withServerAndBrowser({}, async ({ base, browser, pageErrors }) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${base}/#/preview`);
    await page.locator('.prompt').waitFor();
    const piece = (uid, card, side, on, extra = {}) => ({ uid, card, owner: side, side, on, wounds: 0, markers: 0, minions: 0, minions_home: 0, counters: 0, idle: 0, interrogation: 0, doctor: false, thwarted: false, acted: false, fight: 2, track: 0, major: false, ...extra });
    const view = {
      you: 0, turn: 1, turn_limit: 2, villain_first: false, phase: 'attack', phase_number: 12, phase_name: 'Attack', awaiting: 0, stage: null,
      sides: [{ role: 'heroes', deck: 20, hand_count: 1, hand: ['rookie'], discard: [] }, { role: 'villain', deck: 20, hand_count: 3, discard: [] }],
      pieces: [
        piece(1, 'prof-volt', 0, null), piece(2, 'dr-mercy', 0, null),
        piece(3, 'doctor-dread', 1, null, { minions: 2 }),
        piece(11, 'hitman', 1, 3), // a Minor Villain under the Mastermind
        piece(10, 'death-ray', 1, 11), // ... carrying a Weapon
        piece(12, 'hover-tank', 0, 1),
      ],
      roll: null, wrong_track: 0, look: null, notices: [], mulligans: [0, 0], ending: null,
    };
    await drawPreview(page, { game: 'nefarious-schemes', view, names: ['Hana', 'Bot'] });
    const drawn = await page.evaluate(() => [...document.querySelectorAll('.ns-area [data-uid]')].map((e) => Number(e.dataset.uid)).sort((a, b) => a - b));
    assert.deepEqual(drawn, [1, 2, 3, 10, 11, 12], 'every card in play is drawn once');
  });
});
