// Shared by the browser tests: start the real server binary on a free port
// with a fresh SQLite file, wait until it is healthy, stop it (also when the
// test process dies), and launch Debian's Chromium through playwright-core.
//
// Env: BACKROOM_BIN (server binary), CHROMIUM, BACKROOM_URL (use an already
// running server instead of starting one).

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '..', '..');
export const shots = path.join(here, 'screenshots');

// Servers still running when this process ends, for whatever reason, are killed.
const children = new Set();
process.on('exit', () => { for (const c of children) c.kill('SIGKILL'); });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitHealthy(base, child, logFile, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    }
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server not healthy after ${ms} ms:\n${logFile ? fs.readFileSync(logFile, 'utf8').slice(-3000) : ''}`);
}

/**
 * The match seed a test's server uses (`--test-seed`, 64 hex digits): the
 * test's own `seed` when it forces a deal, else BACKROOM_TEST_SEED when set
 * (to replay a red run), else a fresh random one. Every match and the
 * server bots' choices follow from it, so a run printed with its seed can be
 * played again.
 */
export function testSeed(seed) {
  const s = seed || process.env.BACKROOM_TEST_SEED || crypto.randomBytes(32).toString('hex');
  if (!/^[0-9a-f]{64}$/i.test(s)) throw new Error(`a test seed is 64 hex digits, not ${s}`);
  return s.toLowerCase();
}

/** The line a red test prints so that its run can be replayed. */
export const seedLine = (seed) => `match seed ${seed}; replay with BACKROOM_TEST_SEED=${seed}`;

/**
 * Starts the server (again, on the same port and database, when `port` is
 * given) with its database in `tmp`, every match seeded from `seed` (see
 * `testSeed`), or with `fair: true` as for real play: no test seed, so
 * lobbies commit to a server secret and seeds come from the browsers'
 * contributions (README, "Fairness"). Returns {base, stop, logFile, port, seed}.
 */
export async function startServer(tmp, port, { botDelayMs = 50, extraArgs = [], seed, fair = false } = {}) {
  if (process.env.BACKROOM_URL) return { base: process.env.BACKROOM_URL.replace(/\/$/, ''), stop: async () => {}, external: true };
  seed = fair ? undefined : testSeed(seed);
  const bin = process.env.BACKROOM_BIN || path.join(repo, 'target', 'debug', 'backroom');
  if (!fs.existsSync(bin)) throw new Error(`no server binary at ${bin}; build it with: cargo build -p backroom-server`);
  port = port || await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(tmp, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(bin, [
    'serve',
    '--bind', `127.0.0.1:${port}`,
    '--database-url', `sqlite://${path.join(tmp, 'backroom.db')}`,
    '--static-dir', path.join(repo, 'web-client'),
    '--bot-delay-ms', String(botDelayMs),
    ...(seed ? ['--test-seed', seed] : []),
    ...extraArgs,
  ], { stdio: ['ignore', log, log], env: { ...process.env, RUST_LOG: process.env.RUST_LOG || 'info' } });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(t);
    fs.closeSync(log);
  };
  try {
    await waitHealthy(base, child, logFile);
  } catch (e) {
    await stop();
    throw e;
  }
  return { base, stop, logFile, port, seed };
}

/** Debian's Chromium, no sandbox (containers), no background traffic. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    timeout: 30_000,
  });
}

/** Collects page errors and console errors (refused WebSocket dials while a server restarts are expected). */
export function watchErrors(page, who, into) {
  page.on('pageerror', (e) => into.push(`${who}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/WebSocket connection to .* failed|ERR_CONNECTION_REFUSED/.test(m.text())) into.push(`${who} console: ${m.text()}`);
  });
}

/**
 * Runs `body({ base, browser, pageErrors })` against a fresh server (a temp
 * dir, `startServer` options as given) and browser, closes both whatever
 * happens, and then checks that no page logged an error.
 */
export async function withServerAndBrowser(serverOptions, body) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-browser-'));
  fs.mkdirSync(shots, { recursive: true });
  let server;
  let browser;
  const pageErrors = [];
  try {
    server = await startServer(tmp, undefined, serverOptions);
    browser = await launchBrowser();
    await body({ base: server.base, browser, pageErrors });
    assert.deepEqual(pageErrors, [], 'the pages logged errors');
  } catch (e) {
    if (server && server.seed) console.error(seedLine(server.seed));
    throw e;
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

/**
 * Makes sure this page's person sits, and returns the seat number. The
 * lobby page first draws without knowing who "you" are; clicking a "Move
 * here" button in that instant would move a host the server had already
 * seated. So: wait until the page shows either your seat or its "Pick a seat
 * below to play." call-out, and only sit in the second case.
 */
export async function takeSeat(page) {
  await page.locator('.seat-card.mine, .callout.pick').first().waitFor();
  if (!(await page.locator('.seat-card.mine').count())) {
    await page.locator('button[data-sit]').first().click();
  }
  await page.locator('.seat-card.mine').waitFor();
  return Number(await page.locator('.seat-card.mine').getAttribute('data-seat'));
}

/**
 * A desktop page that creates a Sealed Bids lobby from the landing page as
 * `name` with `seats` seats and `fields` (lobby options by name: a select
 * is selected by its label, an input filled), and waits for its table.
 * Returns {page, ctx, lobbyId}.
 */
export async function hostSealedBids(browser, base, who, errors, { name = 'Ana', seats, fields = {} } = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  ctx.setDefaultTimeout(20_000);
  const page = await ctx.newPage();
  watchErrors(page, who, errors);
  await page.goto(`${base}/#/`);
  await page.fill('#name', name);
  const card = page.locator('[data-game="sealed-bids"]');
  if (seats) await card.locator('select[name="seats"]').selectOption(String(seats));
  for (const [k, v] of Object.entries(fields)) {
    const select = card.locator(`select[name="${k}"]`);
    if (await select.count()) await select.selectOption({ label: String(v) });
    else await card.locator(`input[name="${k}"]`).fill(String(v));
  }
  await card.getByRole('button', { name: 'Create lobby' }).click();
  await page.waitForURL(/#\/table\/[0-9a-f-]{36}$/);
  return { page, ctx, lobbyId: page.url().split('/').pop() };
}

/**
 * The host's two-seat Sealed Bids table with a bot in the other seat,
 * started, the host's dial on the page. Returns what hostSealedBids does.
 */
export async function sealedBidsWithABot(browser, base, errors) {
  const host = await hostSealedBids(browser, base, 'host', errors, { seats: 2 });
  await takeSeat(host.page);
  await host.page.click('#fill-bots');
  await host.page.locator('#start:not([disabled])').click();
  await host.page.locator('.prompt .dial').waitFor();
  return host;
}

/**
 * A friend opens the invite link in a browser profile of their own, joins
 * as `name` and sits. `phone`: 390×844 with touch. Returns {page, ctx}.
 * `contextOptions` go to browser.newContext (e.g. permissions).
 */
export async function joinAs(browser, invite, name, who, errors, { phone = false, contextOptions = {} } = {}) {
  const ctx = await browser.newContext({
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } }),
    ...contextOptions,
  });
  ctx.setDefaultTimeout(20_000);
  const page = await ctx.newPage();
  watchErrors(page, who, errors);
  await page.goto(invite);
  await page.fill('#join-name', name);
  await page.click('#join');
  await page.waitForURL(/#\/table\/[0-9a-f-]{36}$/);
  await takeSeat(page);
  return { page, ctx };
}

/**
 * Locks `value` on the Bidding Dial of a Sealed Bids table; returns once the
 * dial shows locked or (the last bid in) the next round is up.
 */
export async function bid(page, value) {
  const round = await page.locator('.sb-round').innerText();
  await page.locator(`.dial-num[data-dial="${value}"]`).click();
  await page.locator('form[data-verb="bid"] button.submit:not([disabled])').click();
  await page.waitForFunction((r) => document.querySelector('.dial.is-locked') || document.querySelector('.sb-round')?.textContent !== r, round);
}

/** Records, in the page, every `state` frame its script receives (call before goto). */
/** Every `state` message the page receives over its WebSocket, parsed, as
 * they arrive (what the server sent, before the page's script sees it). */
export function recordStateFrames(page) {
  const frames = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => {
    let m;
    try { m = JSON.parse(String(f.payload)); } catch { return; }
    if (m.type === 'state') frames.push(m);
  }));
  return frames;
}

export async function recordStates(page) {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    window.__states = [];
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => {
          try {
            const m = JSON.parse(e.data);
            if (m.type === 'state') { window.__states.push(m); window.__stateAt = Date.now(); }
          } catch { /* not ours */ }
        });
      }
    };
  });
}

/**
 * Waits on the states a page records (`recordStates`, before goto), by
 * polling inside the page rather than in a test loop. `last` is the newest
 * state seen by the last call.
 * - `refresh()`: reads the newest state; returns {n, m} (how many so far, newest);
 * - `latest()`: the newest state;
 * - `settle(quietMs)`: until a state is in and none came for `quietMs`
 *   (`quietMs` and `settleMs`, the longest wait, as given here unless passed);
 * - `past(version, ms)`: until a state newer than `version` is in, or the
 *   page shows a refusal (`.rejected`); returns false on a refusal.
 */
export function statePoller(page, { quietMs: defaultQuiet = 120, settleMs = 30_000 } = {}) {
  const poller = {
    last: null,
    async refresh() {
      const r = await page.evaluate(() => ({ n: window.__states.length, m: window.__states[window.__states.length - 1] || null }));
      poller.last = r.m;
      return r;
    },
    async latest() {
      return (await poller.refresh()).m;
    },
    async settle(quietMs = defaultQuiet, ms = settleMs) {
      await page.waitForFunction((q) => window.__states.length > 0 && Date.now() - window.__stateAt >= q, quietMs, { polling: 40, timeout: ms });
      return poller.latest();
    },
    async past(version, ms = 20_000) {
      const h = await page.waitForFunction((v) => {
        const s = window.__states[window.__states.length - 1];
        if (s && s.version > v) return 'moved';
        return document.querySelector('.rejected') ? 'rejected' : false;
      }, version, { polling: 40, timeout: ms });
      const why = await h.jsonValue();
      await poller.latest();
      return why === 'moved';
    },
  };
  return poller;
}

/** The default answer to one ask: first option, the minimum, every Hero kept. */
function defaultAction(ask) {
  const action = { type: ask.verb, ...(ask.fixed || {}) };
  for (const p of ask.params || []) {
    const i = p.input;
    if (i.kind === 'one') action[p.name] = i.options[0].value;
    else if (i.kind === 'many') action[p.name] = i.options.slice(0, p.name === 'keep' ? i.max : i.min).map((o) => o.value);
    else if (i.kind === 'number') action[p.name] = i.min;
    else if (i.kind === 'order') action[p.name] = i.options.map((o) => o.value);
    else if (i.kind === 'hex') action[p.name] = i.cells[0];
    else if (i.kind === 'text') action[p.name] = '';
  }
  return action;
}

/** The action taking an ask's first enabled option of each `one` and its
 * first `min` enabled options of each `many` (a plain policy's move). */
export function enabledAction(ask) {
  const action = { type: ask.verb, ...(ask.fixed || {}) };
  for (const p of ask.params || []) {
    const open = (p.input.options || []).filter((o) => !o.disabled);
    action[p.name] = p.input.kind === 'many' ? open.slice(0, p.input.min).map((o) => o.value) : open[0].value;
  }
  return action;
}

/** Sends `action` through the page's table and waits (with a `statePoller`'s
 * `states`) for a state newer than `version`; a refusal fails the test. */
export async function actAndAwait(page, states, action, version) {
  await page.evaluate((a) => window.backroomTable.act(a), action);
  assert.ok(await states.past(version, 30_000), `refused: ${JSON.stringify(action)}`);
}

/**
 * Plays seat `me` of an X-Men table through `window.backroomTable.act` with
 * a plain policy (the page must have `recordStates`) until `done(state)`
 * holds for the newest state; bots play the other seats. The state
 * returned carries `seen`: what the page showed of it (see `peek`).
 */
export async function xmenPlayUntil(page, me, done, { ms = 90_000, peek = {} } = {}) {
  const until = Date.now() + ms;
  const prefer = ['pick_school', 'recover', 'advance', 'acquire_hope', 'decline', 'pledge', 'pass', 'ready', 'refuse_invitation'];
  let lastVersion = -1;
  while (Date.now() < until) {
    // The newest state and what the page shows of it (`peek`: a name per
    // selector, its elements' count and text), read in one go: the page
    // draws a state as it arrives, so the two belong together even while
    // bots move on.
    const m = await page.evaluate((sel) => {
      const last = window.__states[window.__states.length - 1] || null;
      if (!last) return null;
      const seen = {};
      for (const [k, q] of Object.entries(sel)) {
        const els = [...document.querySelectorAll(q)];
        seen[k] = { count: els.length, text: els.map((e) => e.innerText).join('\n') };
      }
      return { ...last, seen };
    }, peek);
    if (m && done(m)) return m;
    const P = m && m.pending;
    const waitsOnMe = m && m.prompt && P && (
      (P.mode === 'turn' && P.seat === me) || (P.mode === 'simultaneous' && P.waiting.includes(me))
      || (P.mode === 'window' && !P.answered.includes(me) && P.seats.includes(me))
      || (P.mode === 'negotiation' && !P.ready.includes(me) && P.seats.includes(me)));
    if (waitsOnMe && m.version !== lastVersion) {
      lastVersion = m.version;
      const asks = m.prompt.asks;
      const ask = prefer.map((v) => asks.find((a) => a.verb === v && (v !== 'advance' || !(a.params && a.params.length)))).find(Boolean) || asks[0];
      await page.evaluate((a) => window.backroomTable.act(a), defaultAction(ask));
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the X-Men table did not get there in time');
}

/** A page that creates an X-Men lobby with `seats` seats, fills it with bots and starts; returns {page, ctx, me}. */
export async function hostXmen(browser, base, who, errors, { name = 'Xavier', seats = 3, contextOptions = {}, beforeGoto } = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  ctx.setDefaultTimeout(20_000);
  const page = await ctx.newPage();
  watchErrors(page, who, errors);
  await recordStates(page);
  if (beforeGoto) await beforeGoto(page);
  await page.goto(`${base}/#/`);
  await page.fill('#name', name);
  const card = page.locator('[data-game="xmen-mutant-revolution"]');
  await card.locator('select[name="seats"]').selectOption(String(seats));
  await card.getByRole('button', { name: 'Create lobby' }).click();
  await page.waitForURL(/#\/table\/[0-9a-f-]{36}$/);
  const me = await takeSeat(page);
  await page.click('#fill-bots');
  await page.locator('#start:not([disabled])').click();
  await page.locator('.xm-banner').waitFor({ state: 'attached' });
  return { page, ctx, me };
}

/**
 * The generic prompt's controls on a table page: an alternative's form
 * (`formOf`), opening it when the prompt is a menu (`open`), sending an
 * alternative (its menu button when it has no parameters, else its form's
 * submit), choosing option `k` of a `one` parameter (`chooseOne`), and
 * sending an alternative with its first options (`fillAndSend`).
 */
export function promptControls(page) {
  const prompt = page.locator('.prompt-area .prompt');
  const formOf = (ai) => prompt.locator(`form[data-ask="${ai}"]`);
  const open = async (ai) => {
    const pick = prompt.locator(`.ask-pick[data-ask="${ai}"]`);
    if ((await pick.count()) && (await formOf(ai).isHidden())) await pick.click();
  };
  const send = async (ask) => {
    const pick = prompt.locator(`.ask-pick[data-ask="${ask.ai}"]`);
    if (!(ask.params && ask.params.length) && (await pick.count())) await pick.click();
    else await formOf(ask.ai).locator('button.submit:not([disabled])').click();
  };
  const chooseOne = async (ai, param, k) => {
    await open(ai);
    const wrap = formOf(ai).locator(`.param[data-param="${param}"]`);
    if (await wrap.locator('select').count()) await wrap.locator('select').selectOption({ index: k + 1 });
    else await wrap.locator('button.choice').nth(k).click();
  };
  /** Fills every parameter left empty with its first open option (a `many` keeps its minimum) and sends. */
  const fillAndSend = async (ask) => {
    await open(ask.ai);
    for (const p of ask.params || []) {
      const wrap = formOf(ask.ai).locator(`.param[data-param="${p.name}"]`);
      if (p.input.kind === 'one') {
        if (await wrap.locator('select').count()) {
          if ((await wrap.locator('select').inputValue()) === '') await wrap.locator('select').selectOption({ index: 1 });
        } else if ((await wrap.locator('button.choice[aria-checked="true"]').count()) === 0) await wrap.locator('button.choice:not([disabled])').first().click();
      } else if (p.input.kind === 'many') {
        const boxes = wrap.locator('input[type="checkbox"]:not([disabled])');
        for (let k = 0; k < p.input.min; k++) await boxes.nth(k).check();
      }
    }
    await send(ask);
  };
  return { prompt, formOf, open, send, chooseOne, fillAndSend };
}

/** Whether the state's pending decision waits on seat `me` (and it has a prompt). */
export function awaitsSeat(m, me) {
  const P = m && m.pending;
  if (!m || !m.prompt || !P) return false;
  switch (P.mode) {
    case 'turn': return P.seat === me;
    case 'simultaneous': return P.waiting.includes(me);
    case 'window': return P.seats.includes(me) && !P.answered.includes(me);
    case 'negotiation': return P.seats.includes(me) && !P.ready.includes(me);
    default: return false;
  }
}

/** Elements that stick out of the viewport sideways (at most 8, described). */
export function sticksOut(page) {
  return page.evaluate(() => [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .slice(0, 8).map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} right=${Math.round(e.getBoundingClientRect().right)}`));
}

/**
 * Creates a lobby of `game` from the landing page as `name`: `seats` (a
 * select), `fields` (lobby options by name: a select is selected, an input
 * filled), then sits, fills the other seats with bots unless `bots` is
 * false, starts, and waits for `banner` (a selector). Returns {lobbyId, me}.
 */
export async function openGameTable(page, base, { game, name, seats, fields = {}, bots = true, banner }) {
  await page.goto(`${base}/#/`);
  await page.fill('#name', name);
  const card = page.locator(`[data-game="${game}"]`);
  if (seats !== undefined) await card.locator('select[name="seats"]').selectOption(String(seats));
  for (const [k, v] of Object.entries(fields)) {
    const select = card.locator(`select[name="${k}"]`);
    if (await select.count()) await select.selectOption(String(v));
    else await card.locator(`input[name="${k}"]`).fill(String(v));
  }
  await card.getByRole('button', { name: 'Create lobby' }).click();
  await page.waitForURL(/#\/table\/[0-9a-f-]{36}$/);
  const lobbyId = page.url().split('/').pop();
  const me = await takeSeat(page);
  if (bots) await page.click('#fill-bots');
  await page.locator('#start:not([disabled])').click();
  if (banner) await page.locator(banner).waitFor();
  return { lobbyId, me };
}

/**
 * The frame of a whole-game browser test: a fresh server (temp dir,
 * `botDelayMs`) and browser, one desktop page (`viewport`, 1280×900 unless
 * given; `stepMs` per step)
 * that records its state frames from the network (`frames`) and as its
 * script gets them (`recordStates`). `body` gets {base, browser, ctx, page,
 * frames, pageErrors, shot(name, full = fullShots), setReport(fn)}. On failure: a
 * full-page `<prefix>-failure.png`, the report, the match seed and the page errors go to the
 * test's diagnostics. Server, browser and temp dir go whatever happens.
 */
export async function gameTest(t, prefix, { botDelayMs = 50, stepMs = 20_000, viewport = { width: 1280, height: 900 }, fullShots = false, seed } = {}, body) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `backroom-${prefix}-`));
  fs.mkdirSync(shots, { recursive: true });
  let server;
  let browser;
  let page;
  let report = () => '';
  const pageErrors = [];
  try {
    // A whole game plays one deal every run: the test's own seed, else
    // BACKROOM_TEST_SEED, else one fixed by the test's name. A deal that
    // stops showing what the test checks (after a rules change) fails every
    // run, for that reason, and another seed is chosen on purpose.
    seed = seed || process.env.BACKROOM_TEST_SEED || crypto.createHash('sha256').update(`backroom browser test ${prefix}`).digest('hex');
    server = await startServer(tmp, undefined, { botDelayMs, seed });
    browser = await launchBrowser();
    const ctx = await browser.newContext({ viewport });
    ctx.setDefaultTimeout(stepMs);
    page = await ctx.newPage();
    watchErrors(page, 'page', pageErrors);
    const frames = recordStateFrames(page);
    await recordStates(page);
    const shot = (name, full = fullShots) => page.screenshot({ path: path.join(shots, `${prefix}-${name}.png`), fullPage: full });
    await body({ base: server.base, seed: server.seed, browser, ctx, page, frames, pageErrors, shot, setReport: (f) => { report = f; } });
  } catch (e) {
    if (server && server.seed) { t.diagnostic(seedLine(server.seed)); console.error(`${prefix}: ${seedLine(server.seed)}`); }
    if (page) await page.screenshot({ path: path.join(shots, `${prefix}-failure.png`), fullPage: true }).catch(() => {});
    t.diagnostic(report());
    if (pageErrors.length) t.diagnostic(`page errors: ${pageErrors.join(' | ')}`);
    throw e;
  } finally {
    if (browser) await browser.close().catch(() => {});
    if (server) await server.stop().catch(() => {});
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Draws `view` (and `prompt`, when given) with `game`'s own renderer on the
 * preview page (`#/preview`, already open), as seat `seat` seen with
 * `names` and `pending`; nothing is sent anywhere: the last action the
 * prompt's controls send is `window.__sent`. For a board or a form in a
 * state a whole game reaches only by luck.
 */
export function drawPreview(page, { game, view, prompt = null, seat = 0, names = ['Ana', 'Bea', 'Cy'], pending = { mode: 'turn', seat } }) {
  return page.evaluate(async ({ game, view, prompt, seat, names, pending }) => {
    const { loadRenderer } = await import('/renderers.js');
    const { renderPrompt } = await import('/prompt.js');
    const r = await loadRenderer(game);
    const ctx = { view, seat, spectator: false, players: [], seatName: (s) => names[s], pending, prompt, outcome: null, lobby: { id: 'test' }, version: 1, draft: {}, log: [] };
    const board = document.createElement('section');
    board.className = 'board';
    board.append(r.render(view, ctx));
    const parts = [board];
    if (prompt) {
      const area = document.createElement('div');
      area.className = 'prompt-area';
      area.append(renderPrompt(prompt, ctx, r, async (ask, action) => { window.__sent = action; }));
      parts.push(area);
    }
    window.__sent = null;
    document.getElementById('app').replaceChildren(...parts);
  }, { game, view, prompt, seat, names, pending });
}
