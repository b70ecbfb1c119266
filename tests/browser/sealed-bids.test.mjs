// End-to-end: two people in two browser profiles play Sealed Bids through
// the web client against the real server binary.
//
// Player A (host) creates a lobby from the landing page, copies the invite;
// player B (on a phone-sized screen) opens it, joins and sits; A fills the
// other seats with bots and starts; both bid every round on the Bidding
// Dial. After A locks in and before B bids, B's page (its DOM and every
// WebSocket frame it received) must not contain A's bid. Then: chat, a
// reload of B's page (resume from localStorage), the outcome, final scores
// and the revealed seed.
//
// Run: see README.md. Env: BACKROOM_BIN (server binary), CHROMIUM,
// BACKROOM_URL (use an already running server instead of starting one).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shots, startServer, launchBrowser, watchErrors, takeSeat } from './helpers.mjs';

const ROUNDS = 3;
// A's bids are two-digit values that no score, round number or seat label
// can show during the game; B's are different from A's.
const A_BIDS = [13, 12, 11];
const B_BIDS = [7, 5, 9];
const STEP = 20_000; // longest wait for any single UI step

/** Everything B's page shows as text, minus the places that legitimately hold numbers 0–14 (the dial's labels, revealed rounds, log, chat, hashes). */
async function textOutsideDialAndHistory(page) {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true);
    for (const sel of ['.dial', '.sb-history', '.sb-last', '.log', '.chat', '.fair', 'script', 'style']) {
      body.querySelectorAll(sel).forEach((n) => n.remove());
    }
    return body.textContent;
  });
}

test('two players play Sealed Bids through the web client without seeing each other\'s bids', { timeout: 240_000 }, async (t) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-browser-'));
  fs.mkdirSync(shots, { recursive: true });
  let server;
  let browser;
  const t0 = Date.now();
  const pageErrors = [];
  try {
    server = await startServer(tmp);
    const { base } = server;
    browser = await launchBrowser();
    // Two separate profiles: nothing shared (cookies, localStorage).
    const ctxA = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctxA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const ctxB = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    ctxA.setDefaultTimeout(STEP);
    ctxB.setDefaultTimeout(STEP);
    const A = await ctxA.newPage();
    const B = await ctxB.newPage();
    for (const [who, p] of [['A', A], ['B', B]]) watchErrors(p, who, pageErrors);
    // Every frame B's browser receives, to prove the server never sent A's bid.
    const framesB = [];
    B.on('websocket', (ws) => ws.on('framereceived', (f) => framesB.push(String(f.payload))));

    // --- A creates a lobby from the landing page
    await A.goto(`${base}/#/`);
    await A.fill('#name', 'Ana');
    const card = A.locator('[data-game="sealed-bids"]');
    await card.locator('select[name="seats"]').selectOption('4');
    await card.locator('input[name="rounds"]').fill(String(ROUNDS));
    await card.getByRole('button', { name: 'Create lobby' }).click();
    await A.waitForURL(/#\/table\/[0-9a-f-]{36}$/);
    const lobbyId = A.url().split('/').pop();
    await A.locator('#copy-invite').click();
    await A.locator('#copy-invite', { hasText: 'Copied' }).waitFor();
    const invite = await A.evaluate(() => navigator.clipboard.readText());
    assert.equal(invite, await A.locator('#invite-link').inputValue());
    assert.match(invite, new RegExp(`^${base}/#/join/${lobbyId}/[\\w-]+$`), 'the invite link carries its secret in the fragment');

    // --- B opens the invite, joins, takes seat 2
    await B.goto(invite);
    await B.fill('#join-name', 'Bea');
    await B.click('#join');
    await B.waitForURL(new RegExp(`#/table/${lobbyId}$`));
    const seatB = await takeSeat(B);
    await B.screenshot({ path: path.join(shots, 'lobby-phone.png'), fullPage: true });

    // --- A (the host; the server seats its creator) sees B seated
    await A.locator(`.seat-card[data-seat="${seatB}"]`, { hasText: 'Bea' }).waitFor();
    const seatA = await takeSeat(A);
    assert.notEqual(seatA, seatB);
    await A.click('#fill-bots');
    await A.locator('#start:not([disabled])').waitFor();
    await A.screenshot({ path: path.join(shots, 'lobby-host.png'), fullPage: true });
    await A.click('#start');

    // --- the match: both see the Bidding Dial
    await A.locator('.dial').waitFor();
    await B.locator('.dial').waitFor();
    assert.match(await A.locator('#seed-hash').innerText(), /^[0-9a-f]{64}$/, 'seed hash published at the start');

    for (let r = 0; r < ROUNDS; r++) {
      const a = A_BIDS[r];
      const b = B_BIDS[r];
      await A.locator('.sb-round', { hasText: `Round ${r + 1} of ${ROUNDS}` }).waitFor();
      // B is on a phone: the board is on its Board tab, the dial on Move.
      await B.locator('.sb-round', { hasText: `Round ${r + 1} of ${ROUNDS}` }).waitFor({ state: 'attached' });

      // A locks in.
      await A.locator(`.dial-num[data-dial="${a}"]`).click();
      await A.locator('form[data-verb="bid"] button.submit:not([disabled])').click();
      await A.locator('.dial.is-locked').waitFor();
      await A.locator(`[data-seat-status="${seatA}"]`, { hasText: `locked at ${a}` }).waitFor();
      if (r === 0) await A.screenshot({ path: path.join(shots, 'table-host-locked.png') });

      // B sees only *that* A has locked, never the value.
      await B.locator(`[data-seat-status="${seatA}"][data-committed="true"]`).waitFor({ state: 'attached' });
      const status = await B.locator(`[data-seat-status="${seatA}"] .sb-status`).innerText();
      assert.match(status, /locked/);
      assert.doesNotMatch(status, /\d/, `B's view of A's dial shows a number: ${status}`);
      const html = await B.content();
      for (const needle of [`locked at ${a}`, `dial at ${a}`, `"my_bid":${a}`, `my_bid: ${a}`]) {
        assert.ok(!html.includes(needle), `round ${r + 1}: B's page contains "${needle}"`);
      }
      const text = await textOutsideDialAndHistory(B);
      assert.doesNotMatch(text, new RegExp(`\\b${a}\\b`), `round ${r + 1}: B's page shows A's bid ${a} outside the dial and the revealed rounds:\n${text}`);
      assert.equal(await B.locator('.sb-table tbody tr').count(), r, 'only finished rounds are revealed');
      for (const raw of framesB) {
        const m = JSON.parse(raw);
        if (m.type !== 'state') continue;
        assert.ok(m.view.my_bid === null || m.view.my_bid === B_BIDS[m.view.round], `B was sent my_bid=${m.view.my_bid}`);
        assert.equal(m.view.reveals.length, m.view.round, 'a frame held an unrevealed round');
        for (const line of m.log) assert.ok(!line.includes(`dial at ${a}`), `B was sent A's private log line: ${line}`);
        if (m.view.round === r) assert.ok(!raw.includes(`"value":${a}`), `a frame for B held "value":${a}`);
      }
      if (r === 1) await B.screenshot({ path: path.join(shots, 'table-phone.png') });

      if (r === 1 && !server.external) {
        // The server restarts mid-round (A locked, B not yet): both pages
        // notice, reconnect by themselves, and A's lock survives.
        await server.stop();
        await B.locator('#conn:not([data-state="online"])').waitFor();
        await A.locator('#conn:not([data-state="online"])').waitFor();
        server = await startServer(tmp, server.port);
        await A.locator('#conn[data-state="online"]').waitFor();
        await B.locator('#conn[data-state="online"]').waitFor();
        await A.locator(`[data-seat-status="${seatA}"]`, { hasText: `locked at ${a}` }).waitFor();
        await B.locator(`[data-seat-status="${seatA}"][data-committed="true"]`).waitFor({ state: 'attached' });
        assert.doesNotMatch(await B.locator(`[data-seat-status="${seatA}"] .sb-status`).innerText(), /\d/);
      }

      if (r === 0) {
        // A refused move is shown with its rule and message, and changes nothing.
        await B.evaluate((round) => window.backroomTable.act({ type: 'bid', value: 15, round }), r);
        const refusal = B.locator('.rejected');
        await refusal.waitFor();
        assert.match(await refusal.innerText(), /Bidding Dial/);
        await B.screenshot({ path: path.join(shots, 'rejected-phone.png') });
        await B.locator('.rejected button', { hasText: 'Dismiss' }).click();
      }

      // B locks in; the round resolves once the bots have bid too.
      await B.locator(`.dial-num[data-dial="${b}"]`).click();
      await B.locator('form[data-verb="bid"] button.submit:not([disabled])').click();
      const next = r + 1 < ROUNDS ? `Round ${r + 2} of ${ROUNDS}` : `All ${ROUNDS} rounds played`;
      await A.locator('.sb-round', { hasText: next }).waitFor();
      await B.locator('.sb-round', { hasText: next }).waitFor({ state: 'attached' });
      // Now the round is public: B sees A's bid in the revealed row.
      const row = B.locator('.sb-table tbody tr').nth(r);
      assert.equal((await row.locator("td").nth(seatA).textContent()).trim(), String(a));
      assert.equal((await row.locator("td").nth(seatB).textContent()).trim(), String(b));

      if (r === 0) {
        // Chat, then B reloads its tab: the seat, the table and the chat come back.
        await A.fill('#chat-input', 'good luck, Bea');
        await A.press('#chat-input', 'Enter');
        await B.locator('.tab[data-tab="talk"]').click();
        await B.locator('.chat-list li', { hasText: 'good luck, Bea' }).waitFor();
        await B.reload();
        await B.locator('.sb-round', { hasText: `Round 2 of ${ROUNDS}` }).waitFor({ state: 'attached' });
        await B.locator('.tab[data-tab="talk"]').click();
        await B.locator('.chat-list li', { hasText: 'good luck, Bea' }).waitFor();
        await B.locator('.tab[data-tab="move"]').click();
        await B.locator('#conn[data-state="online"]').waitFor();
      }
    }

    // --- the outcome, the final scores and the revealed seed, on both pages
    for (const p of [A, B]) {
      await p.locator('#outcome .outcome').waitFor();
      assert.match(await p.locator('#outcome').innerText(), /Game over/);
      assert.equal(await p.locator('#outcome .ranking li').count() >= 1, true);
      assert.match(await p.locator('#outcome .ranking').innerText(), /pts/);
      if (p === B) await B.locator('.tab[data-tab="players"]').click(); // the fair-shuffle panel
      await p.locator('#seed').waitFor();
      assert.match(await p.locator('#seed').innerText(), /^[0-9a-f]+$/);
      if (p === B) await B.locator('.tab[data-tab="move"]').click();
    }
    // The final scores on the board add up to the rounds that had a winner.
    const scores = await A.locator('.sb-score b').allInnerTexts();
    assert.equal(scores.length, 4);
    const wins = await A.locator('.sb-table td.win').count();
    assert.equal(scores.map(Number).reduce((x, y) => x + y, 0), wins);
    const verdict = await A.locator('.verdict').getAttribute('data-ok');
    assert.notEqual(verdict, 'false', 'the revealed seed does not match its hash');

    await A.screenshot({ path: path.join(shots, 'end-host.png'), fullPage: true });

    // --- the replay: back to the opening, one move on through Bea's eyes,
    // then back to the end.
    await A.getByRole('button', { name: 'First move' }).click();
    await A.locator('.replay-where', { hasText: 'Before the first move' }).waitFor();
    await A.locator('.sb-round', { hasText: `Round 1 of ${ROUNDS}` }).waitFor();
    assert.equal(await A.locator('.sb-table td.win').count(), 0, 'nothing revealed before the first move');
    await A.locator('#replay-seat').selectOption({ label: 'Bea' });
    await A.getByRole('button', { name: 'Next move' }).click();
    await A.locator('.replay-where', { hasText: /^After move 1 of \d+/ }).waitFor();
    assert.match(await A.locator('.replay-lines').innerText(), /locked/);
    await A.screenshot({ path: path.join(shots, 'replay-host.png'), fullPage: true });
    await A.getByRole('button', { name: 'Back to the end' }).click();
    await A.locator('.sb-round', { hasText: `All ${ROUNDS} rounds played` }).waitFor();

    // --- the log A pieced together live (across the restart, resumed with
    // `since`) is what a fresh load gets: nothing lost, nothing twice.
    const pieced = await A.locator('.log-list li').allInnerTexts();
    await A.reload();
    await A.locator('#outcome .outcome').waitFor();
    await A.locator('.log-list li').last().waitFor();
    const fresh = await A.locator('.log-list li').allInnerTexts();
    assert.ok(pieced.length >= ROUNDS * 5, `only ${pieced.length} log lines`);
    assert.deepEqual(fresh.slice(-pieced.length), pieced, 'the live log differs from the full log');
    t.diagnostic(`log: ${pieced.length} lines live, ${fresh.length} on a fresh load`);
    // One name per player: the log names people by their table names and
    // the reader as "you", never by seat number or a raw seat token.
    const logText = fresh.join('\n');
    assert.ok(!/\{seat:|Seat \d/.test(logText), `the log shows a seat number or token:\n${logText}`);
    assert.match(logText, /\bBea\b/, 'the other player is named');
    assert.match(logText, /\b[Yy]ou\b/, 'the reader reads "you"');

    // --- A's seat link opens the same seat in a third, fresh profile (another device)
    const seatLink = await A.locator('.seatlink input').inputValue();
    const ctxC = await browser.newContext({ viewport: { width: 800, height: 700 } });
    ctxC.setDefaultTimeout(STEP);
    const C = await ctxC.newPage();
    await C.goto(seatLink);
    await C.locator('#outcome .you-placed').waitFor();
    assert.match(await C.locator('.pill.me').innerText(), /Ana/);
    assert.ok(!C.url().includes(seatLink.split('/').pop()), 'the token left the address bar');
    await ctxC.close();
    await B.screenshot({ path: path.join(shots, 'end-phone.png'), fullPage: true });

    // --- B asks to play again: a new lobby, same seats, which B hosts; A's
    // page offers to join it, and A lands in the seat A had.
    await B.getByRole('button', { name: 'Play again (same seats)' }).click();
    await B.waitForURL((u) => /#\/table\/[0-9a-f-]{36}$/.test(u.hash) && !u.hash.endsWith(lobbyId));
    const rematchId = B.url().split('/').pop();
    assert.equal(await takeSeat(B), seatB, 'B sits where B sat');
    await B.locator('#start').waitFor();
    await A.getByRole('button', { name: 'Join the rematch' }).click();
    await A.waitForURL(new RegExp(`#/table/${rematchId}$`));
    assert.equal(await takeSeat(A), seatA, 'A sits where A sat');
    assert.match(await A.locator('.pill.me').innerText(), /Ana/);
    await B.screenshot({ path: path.join(shots, 'rematch-phone.png'), fullPage: true });

    // --- "my matches" lists the finished match for A
    await A.goto(`${base}/#/`);
    await A.locator(`.match[data-lobby="${lobbyId}"] .status-pill[data-status="finished"]`).waitFor();
    await A.screenshot({ path: path.join(shots, 'landing.png'), fullPage: true });

    assert.deepEqual(pageErrors, [], 'the pages logged errors');
    t.diagnostic(`played ${ROUNDS} rounds in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    if (browser) await browser.close().catch(() => {});
    if (server) await server.stop().catch(() => {});
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
