// End-to-end: one person plays Marvel: Crisis Protocol against a server bot
// through the web client and the real server binary, from setup through
// activations (moves, attacks) towards the end of the match.
//
// The person creates a 2-seat lobby from the landing page (house round
// limit 6), fills the other seat with a bot and starts, then answers every
// prompt through the page: the secret roster in the builder's cards; the
// battlefield confirmed; the deck choice by its deck panel (each deck's
// crisis cards shown; drawn on the preview page from the deck choice's view
// when the bot had priority), the Maximum Threat by its button, the edge
// by tapping its band on the map (shown in the form, sent by the map's
// Send; drawn on the preview page when the bot had the choice); the first
// deployment typed as x and y off the offered grid (the prompt offers any
// point); mission tokens and other deployments by tapping an offered point on
// the battlefield and the map's Send button; the secret squad in the squad
// builder (character cards within the threat, two Team Tactic cards), once
// the bot's squad is in; activations by tapping a lit base; attacks by tapping a
// ringed target (the form shows the dice pools first), the second step by
// step (the attack's button, then the target on the map); moves by tapping an
// offered end (the first by dragging the moving base to it with the mouse,
// the second with a finger, the page not scrolling, the third free-hand,
// the next by a finger's tap on the dot; later ones head for small terrain);
// a throw of terrain when offered by picking the piece on the map (the
// keyboard) and tapping a direction arrow, the server throwing it that way
// (drawn on the preview page from a real activation's view when the match
// offered none); an enemy thrown on the map (drawn on the preview page):
// the enemy tapped, each direction an arrow to where it lands, the chosen
// one saying what it would hit before the Send; Second Wind played between
// activations by tapping the activated ally it readies (the preview page); the free-hand move: the longest tool taken, dragged out of
// the base toward the goal, bent at its tip handle by about 30° with a
// finger (touch events through the DevTools protocol), the preview
// consulted, and sent by "Move here" at phone width: the server must take
// it and the character end where the plan says; otherwise the end of the
// activation, a pass, or declining a reaction.
//
// On every state the page must draw what the view holds: VP, every base
// on the battlefield, every token, every character's row, every offered
// movement end and target, and the last attack's final dice; and the
// free-hand preview (crisis-protocol/freehand.js) refuses none of the offered plans.
// At the end the log draws its rolls as die symbols, each success (and only
// a success) ringed for its roller, with a legend under the log.
//
// Secrets: no state frame carries the bot's roster, ever; until the squads
// are revealed, no frame carries the bot's committed squad (as the replay
// through its eyes gives it) or Team Tactic cards, no log line names them,
// and no snapshot of the page shows them in the bot's panel or the
// battlefield; its roster's characters never revealed never show there.
//
// Run: see README.md. Env: BACKROOM_BIN, CHROMIUM, BACKROOM_URL, CRISIS_PLAY_MS.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, gameTest, openGameTable, statePoller, watchErrors, drawPreview, withServerAndBrowser } from './helpers.mjs';

const GAME = 'crisis-protocol';
const STEP = 20_000;
const PLAY_MS = Number(process.env.CRISIS_PLAY_MS || 240_000);
const SECRET_PHASES = new Set(['rosters', 'battlefield', 'deck_choice', 'mission_setup', 'threat_choice', 'edge_choice', 'squad_build']);

test('one person plays Crisis Protocol against a bot: setup, squads, deployment, moves and attacks', { timeout: 360_000 }, async (t) => {
  const t0 = Date.now();
  const seen = { acted: 0, verbs: {}, checks: 0, dragged: 0, touchDragged: 0, touchTapped: 0, freehand: 0, attackDice: 0, rejected: [], rounds: new Set() };
  await gameTest(t, 'crisis', { botDelayMs: 50, stepMs: STEP, viewport: { width: 1280, height: 1000 }, fullShots: true }, async ({ base, browser, page, frames, pageErrors, shot, setReport }) => {
    const states = statePoller(page);
    const report = () => `${JSON.stringify({ ...seen, rounds: [...seen.rounds] })}; last ${JSON.stringify(states.last && { v: states.last.version, phase: states.last.view.phase, round: states.last.view.round, pending: states.last.pending, prompt: states.last.prompt && states.last.prompt.title })}`;
    setReport(report);

    // --- the lobby: 2 seats, round limit 6, a bot opponent
    const { me } = await openGameTable(page, base, { game: GAME, name: 'Cora', fields: { max_rounds: 6 }, banner: '.cp-banner' });
    const bot = 1 - me;
    const content = await (await fetch(`${base}/api/games/${GAME}/content`)).json();
    const charById = Object.fromEntries(content.characters.map((c) => [c.id, c]));
    const tacticById = Object.fromEntries(content.tactics.map((c) => [c.id, c]));

    const prompt = page.locator('.prompt-area .prompt');
    const formOf = (ai) => prompt.locator(`form[data-ask="${ai}"]`);
    const open = async (ai) => {
      const pick = prompt.locator(`.ask-pick[data-ask="${ai}"]`);
      if ((await pick.count()) && (await formOf(ai).isHidden())) await pick.click();
    };
    const submit = async (ai) => formOf(ai).locator('button.submit:not([disabled])').click();
    /** An ask with no parameters is its menu button; otherwise the first option of each parameter. */
    const fillAndSend = async (ask) => {
      const pick = prompt.locator(`.ask-pick[data-ask="${ask.ai}"]`);
      if (!(ask.params && ask.params.length)) {
        if (await pick.count()) await pick.click(); else await submit(ask.ai);
        return;
      }
      await open(ask.ai);
      for (const p of ask.params) {
        const wrap = formOf(ask.ai).locator(`.param[data-param="${p.name}"]`);
        // A point or a record with quick picks is drawn as a one's choices.
        if (p.input.kind === 'one' || ((p.input.kind === 'point' || p.input.kind === 'record') && (p.input.options || []).length)) {
          if (await wrap.locator('select').count()) await wrap.locator('select').selectOption({ index: 1 });
          else if ((await wrap.locator('button.choice[aria-checked="true"]').count()) === 0) await wrap.locator('button.choice:not([disabled])').first().click();
        } else if (p.input.kind === 'many') {
          const boxes = wrap.locator('input[type="checkbox"]:not([disabled])');
          for (let k = 0; k < p.input.min; k++) await boxes.nth(k).check();
        }
      }
      await submit(ask.ai);
    };
    const mapSend = () => page.locator('.cp-hint .cp-send').click();

    // --- what the page shows must match the view it drew
    const snapshots = [];
    async function checkPage(m) {
      const v = m.view;
      const got = await page.evaluate((bot) => {
        const all = (s) => [...document.querySelectorAll(s)];
        return {
          version: window.__states.length ? window.__states[window.__states.length - 1].version : -1,
          vp: all('.cp-vp-s').map((e) => [Number(e.dataset.seat), Number(e.dataset.vp)]),
          bases: all('.cp-field .cp-base').map((e) => Number(e.dataset.model)).sort((a, b) => a - b),
          tokens: all('.cp-field .cp-token').length,
          rows: all('.cp-model').length,
          ends: all('.cp-field .cp-end').reduce((n, e) => n + Number(e.dataset.count || 1), 0),
          targets: all('.cp-field .cp-base.target').map((e) => Number(e.dataset.model)).sort((a, b) => a - b),
          final: all('.cp-final .cp-die').map((e) => e.dataset.face),
          dealt: document.querySelector('.cp-final .cp-dealt')?.dataset.damage ?? null,
          opp: document.querySelector(`.cp-squad[data-seat="${bot}"]`)?.textContent || '',
          oppMarks: all(`.cp-squad[data-seat="${bot}"] [data-tactic], .cp-squad[data-seat="${bot}"] [data-card], .cp-field [data-owner="${bot}"]`).length,
          banner: document.querySelector('.cp-banner')?.textContent || '',
        };
      }, bot);
      if (got.version !== m.version) return; // a newer frame came in: checked next time
      snapshots.push({ version: m.version, phase: v.phase, opp: got.opp, oppMarks: got.oppMarks, banner: got.banner });
      assert.deepEqual(got.vp.sort(), [[0, v.vp[0]], [1, v.vp[1]]], 'the banner shows both VP');
      const present = v.models.map((x, i) => [x, i]).filter(([x]) => x.deployed && !x.ko).map(([, i]) => i);
      assert.deepEqual(got.bases, present, 'every deployed character is on the battlefield');
      assert.equal(got.tokens, v.tokens.length, 'every objective token is drawn');
      assert.equal(got.rows, v.models.length, 'every character has its row');
      const asks = (m.prompt && m.prompt.asks) || [];
      const plan = asks.find((a) => a.verb === 'advance');
      if (plan) assert.equal(got.ends, plan.params[0].input.options.filter((o) => !o.disabled).length, 'every offered movement plan has its end drawn');
      if (plan && v.activation) {
        // The free-hand preview agrees with the server on what it offered: it refuses none of the offered plans, climbs included.
        const plans = plan.params[0].input.options.filter((o) => !o.disabled).map((o) => o.value);
        const falseNo = await page.evaluate(async ([ps, i, view]) => {
          const f = await import(document.querySelector('link[data-crisis-css]').href.replace(/style\.css$/, 'freehand.js'));
          const mv = f.moverOf(view, i);
          return ps.map((p) => [p, f.refusal(view, mv, p)]).filter(([, why]) => why);
        }, [plans, v.activation.model, v]);
        assert.deepEqual(falseNo, [], 'the free-hand preview refuses none of the offered plans');
        seen.previewChecked = (seen.previewChecked || 0) + plans.length;
      }
      const targets = new Set();
      for (const a of asks.filter((x) => x.verb === 'attack')) for (const o of a.params[0].input.options) if (!o.disabled) targets.add(o.value);
      assert.deepEqual(got.targets, [...targets].sort((a, b) => a - b), 'every offered target is ringed');
      if (v.last_attack) {
        assert.deepEqual(got.final, [...v.last_attack.attack_dice, ...v.last_attack.defense_dice], 'the last attack\'s final dice');
        assert.equal(got.dealt, String(v.last_attack.damage), 'the damage dealt');
        seen.attackDice++;
      }
      seen.checks++;
    }

    // --- my moves, through the page
    const d2 = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
    let freeSent = null; // the free-hand plan sent, until its state is checked
    let phoneAfterFree = false; // sent at phone width: back to the desktop after
    const centre = (b) => [b.x + b.width / 2, b.y + b.height / 2];
    async function drag(from, to) {
      await page.mouse.move(...from);
      await page.mouse.down();
      for (let k = 1; k <= 8; k++) await page.mouse.move(from[0] + ((to[0] - from[0]) * k) / 8, from[1] + ((to[1] - from[1]) * k) / 8);
      await page.mouse.up();
    }
    /** The same drag by a finger (touch events through the DevTools protocol: pointer events of type touch). */
    async function touchDrag(from, to) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
      const at = (k) => [{ x: from[0] + ((to[0] - from[0]) * k) / 8, y: from[1] + ((to[1] - from[1]) * k) / 8 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
      for (let k = 1; k <= 8; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(k) });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
      await cdp.detach();
    }
    /** A tap by a finger (touch events through the DevTools protocol). */
    async function touchTap(at) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: at[0], y: at[1] }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
      await cdp.detach();
    }
    /** The asks offering a throw of terrain (choices naming a piece). */
    const throwAsks = (asks) => asks.filter((x) => !x.disabled && (x.params || []).length === 1
      && (x.params[0].input.options || []).some((o) => !o.disabled && o.value && typeof o.value.piece === 'number'));
    /**
     * A throw picked on the map: every offered piece outlined; the first
     * taken by the keyboard (Enter), its directions drawn from the thrower
     * (as many as offered, the first focused); one tapped; the form holds
     * it and the map's Send sends it. The value sent.
     */
    async function throwOnMap(asks) {
      const offered = throwAsks(asks);
      const opts = offered.flatMap((x) => x.params[0].input.options.filter((o) => !o.disabled && o.value && typeof o.value.piece === 'number'));
      const pieces = [...new Set(opts.map((o) => o.value.piece))].sort((a, b) => a - b);
      const lit = await page.locator('.cp-field .cp-piece.lit').evaluateAll((els) => els.map((e) => Number(e.dataset.piece)).sort((a, b) => a - b));
      assert.deepEqual(lit, pieces, 'every piece offered to throw is outlined on the map');
      const piece = pieces[0];
      const el = page.locator(`.cp-field .cp-piece.lit[data-piece="${piece}"]`);
      await el.focus();
      await page.keyboard.press('Enter');
      const first = offered.find((x) => x.params[0].input.options.some((o) => o.value && o.value.piece === piece));
      const dirs = first.params[0].input.options.filter((o) => !o.disabled && o.value && o.value.piece === piece);
      const arrows = page.locator('.cp-field .cp-throw-dir');
      await arrows.first().waitFor();
      assert.equal(await arrows.count(), dirs.length, 'the picked piece\'s directions are drawn');
      assert.ok(await page.locator(`.cp-field .cp-piece.lit.chosen[data-piece="${piece}"]`).count(), 'the picked piece is marked');
      await page.waitForFunction(() => document.activeElement && document.activeElement.classList.contains('cp-throw-dir'));
      assert.match(await page.locator('.cp-hint .cp-throw-hint').innerText(), /Throw the .*tap the direction/);
      const k = dirs.length - 1;
      await arrows.nth(k).locator('.cp-throw-hit').click();
      await page.locator('.cp-field .cp-throw-dir.chosen').waitFor();
      const chosen = JSON.parse(await page.locator('.cp-field .cp-throw-dir.chosen').getAttribute('data-throw'));
      assert.deepEqual(chosen, dirs[k].value, 'the direction tapped is chosen');
      // What the throw would hit (the option's Throw fact), said before the Send.
      const what = (dirs[k].facts || []).find((f) => f.label === 'Throw');
      if (what) {
        assert.ok((await page.locator('.cp-hint .cp-throw-hint').innerText()).includes(what.value), `the hint says what the throw would hit: ${what.value}`);
        assert.equal(await page.locator('.cp-field .cp-throw-dir.chosen .cp-fling-t').textContent(), what.value, 'the map says what the chosen throw would hit');
        seen.throwForeseen = what.value;
      }
      // The form (the fallback) holds the same choice.
      const form = formOf(first.ai);
      assert.ok(!(await form.isHidden()), 'the throw\'s form is open');
      const inForm = await form.evaluate((f, v) => {
        // (The quick picks' list: the record's own entries come after it.)
        const sel = f.querySelector('select.cp-select');
        if (sel) return sel.selectedOptions[0] ? sel.selectedOptions[0].textContent : '';
        return f.querySelector('.cp-choice[aria-checked="true"]')?.textContent || '';
      }, chosen);
      assert.equal(inForm, dirs[k].label, 'the form shows the throw chosen on the map');
      if (!seen.throwShot) { seen.throwShot = 1; await shot('throw-terrain'); }
      await mapSend();
      return { ask: first, value: chosen };
    }
    /** Lays the S tool as a climb (once, when climbs are offered): its plan so marked and named; then the tool is put away. */
    async function layClimb() {
      const climb = page.locator('.cp-free-bar .cp-free-climb');
      if (seen.climbLaid || !(await climb.count())) return;
      await climb.click();
      await page.locator('.cp-free').waitFor();
      const plan = JSON.parse(await page.locator('.cp-free').getAttribute('data-plan'));
      assert.deepEqual([plan.tool, plan.climb], ['S', true], 'the Climb button lays the S tool as a climb');
      assert.equal(await climb.getAttribute('aria-pressed'), 'true');
      assert.match(await page.locator('.cp-hint .cp-chosen').innerText(), /free-hand climb with the S tool/, 'the climb is chosen');
      seen.climbLaid = 1;
      await page.locator('.cp-free-off').click();
      await page.locator('.cp-free').waitFor({ state: 'detached' });
    }

    /**
     * Free-hand: take the longest tool, drag it out of the base toward an
     * offered straight end of that tool (nearest the goal first), bend it at
     * the tip handle by 30° either way, until the preview says the base may
     * end there. The plan, or null when no try looked legal.
     */
    async function freeHand(model, ends, goal) {
      const tools = page.locator('.cp-free-bar .cp-free-tool-b:not(.cp-free-climb)');
      if (!(await tools.count())) return null;
      const tool = await tools.last().getAttribute('data-tool');
      await tools.last().click();
      await page.locator('.cp-free').waitFor();
      const dirs = ends.map((e, k) => [e, k]).filter(([e]) => e.tool === tool && !e.climb && !e.bend)
        .sort(([p], [q]) => d2(p.to, goal) - d2(q.to, goal)).slice(0, 6);
      for (const [, k] of dirs) {
        for (const turn of [30, -30]) {
          const base = centre(await page.locator(`.cp-field .cp-base[data-model="${model}"] .cp-base-c`).boundingBox());
          const to = centre(await page.locator('.cp-field .cp-end').nth(k).boundingBox());
          await drag(base, to); // the first half follows the pointer from the base
          const pivot = centre(await page.locator('.cp-free-h.at-pivot').boundingBox());
          const tip = centre(await page.locator('.cp-free-h.at-tip').boundingBox());
          // Bend from the straight line (base → pivot), whatever the last try left.
          const a = (turn * Math.PI) / 180;
          const len = Math.hypot(tip[0] - pivot[0], tip[1] - pivot[1]);
          const u = [pivot[0] - base[0], pivot[1] - base[1]];
          const n = Math.hypot(...u);
          const w = [(u[0] / n) * len, (u[1] / n) * len];
          // Bent by a finger: pointer events, so touch works as the mouse does.
          await touchDrag(tip, [pivot[0] + w[0] * Math.cos(a) - w[1] * Math.sin(a), pivot[1] + w[0] * Math.sin(a) + w[1] * Math.cos(a)]);
          const g = page.locator('.cp-free');
          const plan = JSON.parse(await g.getAttribute('data-plan'));
          assert.equal(plan.tool, tool, 'the tool taken is laid');
          assert.ok(Math.abs(plan.bend) >= 15 && Math.abs(plan.bend) <= 90, `the tool bends at its pivot: ${plan.bend}`);
          assert.ok((await page.locator('.cp-free-band rect').count()) > 0 || (await g.getAttribute('data-ok')) === 'false', 'the band where the base may end is drawn');
          if ((await g.getAttribute('data-ok')) !== 'true') {
            assert.equal(await page.locator('.cp-free-go').innerText(), 'Try anyway', 'a plan the preview refuses is sent only as "Try anyway"');
            seen.tryAnyway = (seen.tryAnyway || 0) + 1;
            continue;
          }
          // The keyboard bends it too (5° a press), the handle keeping focus: there and back.
          const bendNow = () => page.evaluate(() => JSON.parse(document.querySelector('.cp-free').dataset.plan).bend);
          await page.locator('.cp-free-h.at-tip').focus();
          await page.keyboard.press('ArrowLeft');
          await page.waitForFunction((b) => JSON.parse(document.querySelector('.cp-free').dataset.plan).bend !== b, plan.bend);
          assert.equal(Math.abs((await bendNow()) - plan.bend), 5, 'an arrow key bends the tool by 5°');
          await page.waitForFunction(() => document.activeElement && document.activeElement.getAttribute('data-h') === 'tip');
          await page.keyboard.press('ArrowRight');
          await page.waitForFunction((b) => JSON.parse(document.querySelector('.cp-free').dataset.plan).bend === b, plan.bend);
          assert.deepEqual(JSON.parse(await g.getAttribute('data-plan')), plan, 'and back');
          // The drop put the plan in the form: the map's line names it.
          assert.match(await page.locator('.cp-hint .cp-chosen').innerText(), /free-hand/, 'the free-hand plan is chosen');
          return plan;
        }
      }
      await page.locator('.cp-free-off').click();
      return null;
    }
    // --- a phone (390×844), by touch: activate, move and attack with a finger
    // on the Move tab, where the map is (above the prompt, zoomed onto what
    // the prompt offers), every tap target at least 44 px.
    const phone = { on: false, done: false, activated: 0, moved: 0, attacked: 0, zoom: [], small: [] };
    const act0 = (v) => !!v.activation;
    async function toPhone() {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForFunction(() => document.documentElement.clientWidth <= 390);
      await page.locator('.tabbar button[data-tab="move"]').click();
    }
    /** The tap targets of the Move tab narrower or shorter than 44 px (buttons, the map's hit areas). */
    async function smallTargets() {
      return page.evaluate(() => {
        const seen = (e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden';
        const out = [];
        for (const e of document.querySelectorAll('.tabbar button, .hand-slot button, .prompt-area button')) {
          if (!seen(e)) continue;
          const r = e.getBoundingClientRect();
          if (r.width < 43.5 || r.height < 43.5) out.push(`${e.className || e.tagName} "${e.textContent.trim().slice(0, 20)}" ${Math.round(r.width)}×${Math.round(r.height)}`);
        }
        for (const e of document.querySelectorAll('.hand-slot .cp-field .cp-end-hit, .hand-slot .cp-field .cp-base-hit')) {
          const r = e.getBoundingClientRect();
          if (r.width && r.width < 43.5) out.push(`${e.getAttribute('class')} ${Math.round(r.width)}px`);
        }
        return out;
      });
    }
    /** The map is where the decision is made: on the Move tab, above the prompt. */
    async function mapOnMoveTab() {
      const map = page.locator('.hand-slot .cp-field');
      await map.waitFor();
      const [mb, pb] = [await map.boundingBox(), await prompt.boundingBox()];
      assert.ok(mb && pb && mb.y < pb.y, 'the map is above the prompt on the Move tab');
      assert.ok(mb.width >= 300 && mb.x >= 0 && mb.x + mb.width <= 391, `the map fits the phone: ${JSON.stringify(mb)}`);
      const small = await smallTargets();
      assert.deepEqual(small, [], `tap targets under 44 px on the Move tab: ${small.join(', ')}`);
      phone.checks = (phone.checks || 0) + 1;
    }
    // (Centred on screen first: at the top edge the sticky tab bar would take the tap.)
    const tapEl = async (loc) => {
      await loc.evaluate((e) => e.scrollIntoView({ block: 'center' }));
      await touchTap(centre(await loc.boundingBox()));
    };
    /** One decision of the phone turn, by touch; null to let the desktop code answer it. */
    async function phoneTurn(m, asks, by) {
      const v = m.view;
      let a;
      await page.locator('.tabbar button[data-tab="move"]').click();
      if ((a = by('activate'))) {
        await mapOnMoveTab();
        const lit = page.locator('.cp-field .cp-base.lit').first();
        const model = Number(await lit.getAttribute('data-model'));
        await tapEl(lit.locator('.cp-base-hit, .cp-base-c').first());
        await page.locator(`.cp-field .cp-base.lit.chosen[data-model="${model}"]`).waitFor();
        await tapEl(page.locator('.cp-hint .cp-send'));
        phone.activated++;
        activationAt = m.version;
        if (!phone.shotA) { phone.shotA = 1; await shot('phone-activate', false); }
        return 'activate';
      }
      const act = v.activation;
      if (!act) return null;
      if ((a = by('attack')) && !phone.attacked && attackedIn !== activationAt) {
        attackedIn = activationAt;
        await mapOnMoveTab();
        phone.zoom.push(Number(await page.locator('.hand-slot .cp-field').getAttribute('data-zoom')));
        const target = page.locator('.cp-field .cp-base.target').first();
        const model = Number(await target.getAttribute('data-model'));
        await tapEl(target.locator('.cp-base-hit, .cp-base-c').first());
        const chosen = prompt.locator('form:not([hidden]) .cp-choice[aria-checked="true"]');
        await chosen.waitFor();
        assert.equal(Number(await chosen.getAttribute('data-model')), model, 'the target tapped by a finger is chosen');
        if (!phone.shotT) { phone.shotT = 1; await shot('phone-attack', false); }
        await tapEl(page.locator('.cp-hint .cp-send'));
        phone.attacked++;
        return 'attack';
      }
      if ((a = by('advance')) && movedIn !== activationAt) {
        movedIn = activationAt;
        await mapOnMoveTab();
        const zoom = Number(await page.locator('.hand-slot .cp-field').getAttribute('data-zoom'));
        phone.zoom.push(zoom);
        assert.ok(zoom > 1.2, `the map is zoomed onto the move: ×${zoom}`);
        // Zoomed further by the bar and back to the fit: the buttons work by touch.
        await tapEl(page.locator('.cp-zoom-b[aria-label="Zoom in"]'));
        await page.waitForFunction((z) => Number(document.querySelector('.cp-field').dataset.zoom) > z, zoom);
        await tapEl(page.locator('.cp-zoom-b[aria-label="Zoom out"]'));
        await page.waitForFunction((z) => Math.abs(Number(document.querySelector('.cp-field').dataset.zoom) - z) < 0.05, zoom);
        // Toward the nearest enemy: the offered end closest to it, tapped by a finger.
        const mover = v.models[act.model];
        const enemies = v.models.filter((x) => x.owner === bot && x.deployed && !x.ko).map((x) => x.pos);
        const goal = enemies.sort((p, q) => d2(p, mover.pos) - d2(q, mover.pos))[0] || [18, 18];
        const ends = await page.locator('.cp-field .cp-end').evaluateAll((els) => els.map((e) => JSON.parse(e.dataset.end)));
        let best = 0;
        ends.forEach((e, k) => { if (d2(e.to, goal) < d2(ends[best].to, goal)) best = k; });
        // (A dot under another's hit area takes the tap too: tap its own dot's centre, then check what is chosen.)
        await tapEl(page.locator('.cp-field .cp-end').nth(best).locator('.cp-end-dot'));
        await page.locator('.cp-field .cp-end.chosen').waitFor();
        const picked = JSON.parse(await page.locator('.cp-field .cp-end.chosen').getAttribute('data-end'));
        assert.ok(ends.some((e) => JSON.stringify(e) === JSON.stringify(picked)), 'a finger\'s tap chose an offered move');
        phone.to = picked.to;
        seen.touchTapped++;
        if (!phone.shotM) { phone.shotM = 1; await shot('phone-move', false); }
        await tapEl(page.locator('.cp-hint .cp-send'));
        phone.moved++;
        phone.mover = act.model;
        phone.movedAt = m.version;
        return 'advance';
      }
      return null;
    }

    let throwing = null; // the throw sent from the map, until its state is checked
    let attackedIn = null; // the activation (version it began) that attacked
    let movedIn = null;
    let activationAt = null;
    async function play(m) {
      const v = m.view;
      const asks = m.prompt.asks.map((a, ai) => ({ ...a, ai }));
      const by = (verb) => asks.find((a) => a.verb === verb && !a.disabled);
      await prompt.locator('.prompt-title').waitFor();
      let a;
      if ((a = by('choose_threat'))) {
        await formOf(a.ai).locator('.cp-choice').first().click();
        await submit(a.ai);
        return 'choose_threat';
      }
      if ((a = by('choose_edge'))) {
        // The edge is chosen on the map: each offered edge is a band along
        // the table's side; a tap chooses it in the form, the map's Send sends it.
        const offered = a.params[0].input.options.filter((o) => !o.disabled).map((o) => o.value).sort();
        const bands = page.locator('.cp-field .cp-edge-pick');
        assert.deepEqual((await bands.evaluateAll((els) => els.map((e) => e.dataset.edge))).sort(), offered, 'every edge offered is drawn on the map');
        const edge = await bands.first().getAttribute('data-edge');
        // (The whole table first: a map zoomed in may leave the band off screen; then its name tapped.)
        const whole = page.locator('.cp-field-wrap button', { hasText: 'Whole table' });
        if (await whole.count()) await whole.first().click();
        await bands.first().locator('text').click();
        await page.locator(`.cp-field .cp-edge-pick.chosen[data-edge="${edge}"]`).waitFor();
        const inForm = await formOf(a.ai).locator('.cp-choice[aria-checked="true"], button.choice[aria-checked="true"]').count();
        assert.ok(inForm > 0, 'the edge tapped is chosen in the form too');
        if (!seen.edgeShot) { seen.edgeShot = 1; await shot('edge-choice'); }
        seen.edge = { edge, version: m.version };
        await mapSend();
        return 'choose_edge';
      }
      if ((a = by('choose_deck'))) {
        // The two decks as panels, each with its crisis cards (public content) and who draws what.
        const decks = formOf(a.ai).locator('.cp-deck');
        assert.equal(await decks.count(), 2, 'both decks are shown');
        for (let k = 0; k < 2; k++) {
          const kind = await decks.nth(k).getAttribute('data-deck');
          const want = content.crises.filter((c) => c.kind === kind).map((c) => c.id).sort();
          const got = (await decks.nth(k).locator('.cp-deck-card').evaluateAll((els) => els.map((e) => e.dataset.crisis))).sort();
          assert.deepEqual(got, want, `the ${kind} deck shows its crisis cards`);
        }
        await decks.nth(1).click();
        assert.equal(await decks.nth(1).getAttribute('aria-checked'), 'true', 'the deck tapped is chosen');
        await shot('deck-choice');
        const deck = await decks.nth(1).getAttribute('data-deck');
        await submit(a.ai);
        seen.deck = deck;
        return 'choose_deck';
      }
      if ((a = by('roster'))) {
        // The roster in the builder's cards: the first characters and cards, as many as it takes.
        await open(a.ai);
        for (const p of a.params) {
          const picks = formOf(a.ai).locator(`.param[data-param="${p.name}"] .cp-pick:not([disabled])`);
          for (let k = 0; k < p.input.min; k++) await picks.nth(k).click();
        }
        await shot('roster');
        await submit(a.ai);
        return 'roster';
      }
      if ((a = by('squad'))) {
        // The bot's squad is in and secret: the page says so and shows none of it.
        await page.locator(`.cp-squad[data-seat="${bot}"] .cp-secret[data-committed="true"]`).waitFor();
        await shot('squad-builder');
        const max = v.max_threat;
        const picks = formOf(a.ai).locator('.cp-roster .cp-pick');
        const n = await picks.count();
        let threat = 0;
        let chosen = 0;
        for (let k = 0; k < n && chosen < 3; k++) {
          const b = picks.nth(k);
          if (await b.isDisabled()) continue;
          const id = await b.getAttribute('data-char');
          if (threat + charById[id].threat > max) continue;
          await b.click();
          threat += charById[id].threat;
          chosen++;
        }
        assert.equal(await formOf(a.ai).locator('.cp-squad-note [data-threat]').getAttribute('data-threat'), String(threat), 'the builder adds up the threat');
        const tts = formOf(a.ai).locator('.cp-tactics-pick .cp-pick');
        let cards = 0;
        for (let k = 0; k < (await tts.count()) && cards < 2; k++) {
          const id = await tts.nth(k).getAttribute('data-tactic');
          if (tacticById[id].affiliation) continue;
          await tts.nth(k).click();
          cards++;
        }
        // At phone width the builder stays inside the screen (the prompt is on the Move tab).
        await page.setViewportSize({ width: 390, height: 844 });
        await page.waitForFunction(() => document.documentElement.clientWidth <= 390);
        const wideB = await page.evaluate(() => [...document.querySelectorAll('.prompt *')]
          .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).length);
        assert.equal(wideB, 0, 'the squad builder fits a phone');
        await shot('squad-builder-phone');
        await page.setViewportSize({ width: 1280, height: 1000 });
        await page.waitForFunction(() => document.documentElement.clientWidth > 1000);
        await submit(a.ai);
        return 'squad';
      }
      if ((a = by('deploy')) && !seen.typedPoint) {
        // Any point, not only the offered grid (the prompt's domain is the
        // table): the first deployment typed as x and y, off the grid.
        const p = a.params[0].input.options.find((o) => !o.disabled).value;
        const at = [p[0] + 0.125, p[1]];
        await open(a.ai);
        const nums = formOf(a.ai).locator('.cp-point-n');
        await nums.nth(0).fill(String(at[0]));
        await nums.nth(1).fill(String(at[1]));
        await nums.nth(1).press('Tab');
        assert.match(await page.locator('.cp-hint').innerText(), new RegExp(`at ${at[0]}, ${at[1]}`), 'the typed point is the one chosen');
        await submit(a.ai);
        seen.typedPoint = { model: a.fixed.model, at, version: m.version };
        return 'deploy';
      }
      if ((a = by('deploy')) || (a = by('place_token'))) {
        const pts = page.locator('.cp-field .cp-point');
        assert.ok((await pts.count()) > 0, 'deployment points are drawn');
        await pts.nth(Math.floor((await pts.count()) / 2)).click();
        await mapSend();
        return a.verb;
      }
      if (phone.on && !phone.done && (by('activate') || act0(v))) {
        const did = await phoneTurn(m, asks, by);
        if (did) return did;
      }
      if ((a = by('activate'))) {
        await page.locator('.cp-field .cp-base.lit').first().click();
        await mapSend();
        activationAt = m.version;
        return 'activate';
      }
      if ((a = by('react'))) {
        const decline = asks.find((x) => x.verb === 'react' && !(x.params && x.params.length));
        await fillAndSend(decline || a);
        return 'react';
      }
      const act = v.activation;
      if (act && activationAt === null) activationAt = m.version;
      if (act && !seen.thrown && throwAsks(asks).length) {
        throwing = { ...(await throwOnMap(asks)), version: m.version };
        return 'throw';
      }
      if ((a = by('attack')) && attackedIn !== activationAt && seen.attackShot && !seen.stepAttack) {
        // A composite decision step by step: the attack first (its button
        // opens its form, listing only its own targets), then the target
        // tapped on the map, chosen in that form; the map's Send sends both.
        attackedIn = activationAt;
        const atk = asks.filter((x) => x.verb === 'attack' && !x.disabled).at(-1);
        await open(atk.ai);
        const form = formOf(atk.ai);
        assert.ok(!(await form.isHidden()), 'the attack chosen first opens its form');
        const ids = atk.params[0].input.options.filter((o) => !o.disabled).map((o) => o.value);
        const listed = await form.locator('.cp-choice').evaluateAll((els) => els.map((e) => Number(e.dataset.model)));
        assert.deepEqual(listed.sort(), [...ids].sort(), 'the attack\'s form lists its own targets');
        const tgt = ids[ids.length - 1];
        await page.locator(`.cp-field .cp-base.target[data-model="${tgt}"]`).click();
        const chosen = form.locator('.cp-choice[aria-checked="true"]');
        await chosen.waitFor();
        assert.equal(Number(await chosen.getAttribute('data-model')), tgt, 'the target tapped is chosen in the attack chosen first');
        assert.ok(!(await form.isHidden()), 'the attack chosen first is still the one open');
        await shot('attack-step-by-step');
        await mapSend();
        seen.stepAttack = { version: m.version, attacker: act.model, attack: /^Attack with (.*?), range/.exec(atk.label)[1], target: tgt };
        return 'attack';
      }
      if ((a = by('attack')) && attackedIn !== activationAt) {
        attackedIn = activationAt;
        const target = page.locator('.cp-field .cp-base.target').first();
        const model = Number(await target.getAttribute('data-model'));
        if (!seen.sight) {
          // Hovering the target: its range rings, and the line of sight from the active base with its distance (a preview).
          await target.hover();
          // (Attached, not visible: a line straight up the screen has no width.)
          await page.locator('.cp-overlay .cp-los').waitFor({ state: 'attached' });
          assert.equal(await page.locator('.cp-overlay .cp-ring').count(), 5, 'R1–R5 round the hovered base');
          const label = await page.locator('.cp-overlay .cp-los-t').textContent();
          const [a, b] = [v.models[act.model], v.models[model]];
          const gap = Math.max(0, d2(a.pos, b.pos) - a.radius - b.radius);
          assert.ok(label.startsWith(`${gap.toFixed(1)}"`), `the line of sight says the distance: ${label} (${gap.toFixed(2)})`);
          seen.sight = label;
          await shot('line-of-sight');
        }
        await target.click();
        // The form opened on an attack at that target, its dice pools shown before the roll.
        const chosen = prompt.locator('form:not([hidden]) .cp-choice[aria-checked="true"]');
        await chosen.waitFor();
        assert.equal(Number(await chosen.getAttribute('data-model')), model, 'the tapped target is chosen in the form');
        const pool = chosen.locator('.cp-pool');
        assert.ok(Number(await pool.getAttribute('data-attack')) >= 1 && Number(await pool.getAttribute('data-defense')) >= 1, 'the dice pools are shown');
        if (!seen.attackShot) { seen.attackShot = 1; await shot('attack-target'); }
        await mapSend();
        return 'attack';
      }
      if ((a = by('advance')) && movedIn !== activationAt) {
        movedIn = activationAt;
        // Toward the nearest enemy (or token): the offered end closest to it.
        const mover = v.models[act.model];
        const enemies = v.models.filter((x) => x.owner === bot && x.deployed && !x.ko).map((x) => x.pos);
        let goal = enemies.sort((p, q) => d2(p, mover.pos) - d2(q, mover.pos))[0] || [18, 18];
        // Once the moves by hand are done: toward the nearest small piece of
        // terrain (Improvised Weapon throws Size 2 or less within R1).
        if (seen.touchTapped && !seen.thrown) {
          const small = (v.terrain || []).map((p, k) => [p, k]).filter(([p, k]) => p.size <= 2 && !(v.destroyed || []).includes(k)).map(([p]) => p.center);
          if (small.length) goal = small.sort((p, q) => d2(p, mover.pos) - d2(q, mover.pos))[0];
        }
        await layClimb();
        const ends = await page.locator('.cp-field .cp-end').evaluateAll((els) => els.map((e) => JSON.parse(e.dataset.end)));
        let best = 0;
        ends.forEach((e, k) => { if (d2(e.to, goal) < d2(ends[best].to, goal)) best = k; });
        const end = page.locator('.cp-field .cp-end').nth(best);
        if (seen.dragged && seen.touchDragged && !seen.freehand && !freeSent) {
          const plan = await freeHand(act.model, ends, goal);
          if (plan) {
            freeSent = { model: act.model, plan, version: m.version };
            if (!seen.freeShot) { seen.freeShot = 1; await shot('move-freehand'); }
            // Sent from a phone: the bar fits, the handles are finger-sized, "Move here" sends (no drop needed).
            await page.setViewportSize({ width: 390, height: 844 });
            await page.waitForFunction(() => document.documentElement.clientWidth <= 390);
            // The map is on the Move tab, where the decision is made (no tab to switch to).
            await page.locator('.tabbar button[data-tab="move"]').click();
            await page.locator('.hand-slot .cp-free-bar').waitFor();
            const bar = await page.locator('.cp-free-bar').boundingBox();
            assert.ok(bar.x >= 0 && bar.x + bar.width <= 391, `the free-hand bar fits a phone: ${JSON.stringify(bar)}`);
            const hb = await page.locator('.cp-free-h.at-tip').boundingBox();
            assert.ok(hb.width >= 43.5, `the bend handle is 44 px across on a phone: ${hb.width}px`);
            assert.equal(await page.locator('.cp-free-go').innerText(), 'Move here', 'the preview takes the plan: "Move here"');
            await page.locator('.cp-free-bar').scrollIntoViewIfNeeded();
            await shot('move-freehand-phone', false);
            await page.locator('.cp-free-go').click();
            phoneAfterFree = true;
            return 'advance';
          }
        }
        if (!seen.dragged) {
          // Drag the moving base onto that end.
          const from = await page.locator(`.cp-field .cp-base[data-model="${act.model}"] .cp-base-c`).boundingBox();
          const to = await end.boundingBox();
          await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
          await page.mouse.down();
          for (let k = 1; k <= 8; k++) await page.mouse.move(from.x + from.width / 2 + ((to.x + to.width / 2 - from.x - from.width / 2) * k) / 8, from.y + from.height / 2 + ((to.y + to.height / 2 - from.y - from.height / 2) * k) / 8);
          await page.mouse.up();
          seen.dragged++;
        } else if (!seen.touchDragged) {
          // The same by a finger: the base takes the drag (it does not scroll the page).
          // (A finger touches what is on screen: the map in view first.)
          const y0 = await page.evaluate(() => { document.querySelector('.cp-field').scrollIntoView({ block: 'center' }); return window.scrollY; });
          await touchDrag(centre(await page.locator(`.cp-field .cp-base[data-model="${act.model}"] .cp-base-c`).boundingBox()), centre(await end.boundingBox()));
          assert.equal(await page.evaluate(() => window.scrollY), y0, 'a finger dragging the base does not scroll the page');
          seen.touchDragged++;
        } else if (!seen.touchTapped) {
          // A finger's tap on a dot chooses it.
          await page.evaluate(() => document.querySelector('.cp-field').scrollIntoView({ block: 'center' }));
          await touchTap(centre(await end.boundingBox()));
          seen.touchTapped++;
        } else {
          await end.click();
        }
        await page.locator('.cp-field .cp-end.chosen').waitFor();
        const picked = JSON.parse(await page.locator('.cp-field .cp-end.chosen').getAttribute('data-end'));
        assert.deepEqual(picked, ends[best], 'the end dragged to or tapped is chosen');
        if (!seen.moveShot) { seen.moveShot = 1; await shot('move-plans'); }
        await mapSend();
        return 'advance';
      }
      if ((a = by('end_activation'))) { await fillAndSend(a); activationAt = null; return 'end_activation'; }
      if ((a = by('pass'))) { await fillAndSend(a); return 'pass'; }
      a = asks.find((x) => !x.disabled);
      if (a.verb === 'battlefield' && !seen.fieldShot) { seen.fieldShot = 1; await shot('battlefield-agreement'); }
      await fillAndSend(a);
      return a.verb;
    }

    const until = Date.now() + PLAY_MS;
    let m;
    for (;;) {
      m = await states.settle();
      seen.rounds.add(m.view.round);
      await checkPage(m);
      if (m.outcome || m.pending.mode === 'over') break;
      if (Date.now() > until) break;
      const P = m.pending;
      const mine = m.prompt && ((P.mode === 'turn' && P.seat === me) || (P.mode === 'simultaneous' && P.waiting.includes(me)) || (P.mode === 'window' && P.seats.includes(me)));
      // In the squad step, wait until the bot's squad is in.
      const early = m.view.phase === 'squad_build' && !m.view.squads[bot].committed;
      if (!mine || early) {
        await states.past(m.version, 60_000);
        continue;
      }
      const before = m.version;
      let did;
      try {
        did = await play(m);
      } catch (e) {
        if ((await states.latest()).version !== before) continue; // the table moved on under the click
        throw e;
      }
      seen.acted++;
      seen.verbs[did] = (seen.verbs[did] || 0) + 1;
      if (!(await states.past(before))) {
        if (freeSent) { freeSent = null; seen.freehand = -1; }
        if (throwing) { throwing = null; seen.thrown = 'refused'; }
        const text = await page.locator('.rejected').innerText();
        seen.rejected.push(`${did}: ${text.replace(/\s+/g, ' ').slice(0, 200)}`);
        await page.locator('.rejected button', { hasText: 'Dismiss' }).click();
        if (did === 'advance' || did === 'attack' || did === 'throw') continue;
        throw new Error(`refused: ${text}`);
      }
      if (freeSent) {
        // The state after the free-hand move: the character stands at the plan's end.
        const after = await page.evaluate((v) => window.__states.find((s) => s.version > v), freeSent.version);
        const pos = after.view.models[freeSent.model].pos;
        assert.ok(d2(pos, freeSent.plan.to) < 1e-3, `the character ends where the free-hand plan says: ${pos} v ${freeSent.plan.to}`);
        seen.freehand++;
        seen.freePlan = freeSent.plan;
        freeSent = null;
      }
      if (throwing) {
        // The state after the throw: the piece is destroyed, thrown the way tapped.
        const after = await page.evaluate((v) => window.__states.find((s) => s.version > v), throwing.version);
        assert.ok((after.view.destroyed || []).includes(throwing.value.piece), 'the piece picked on the map was thrown');
        assert.deepEqual(after.view.last_throw, [throwing.value.piece, throwing.value.angle], 'in the direction tapped');
        seen.thrown = throwing.value;
        throwing = null;
      }
      if (phone.movedAt !== undefined && phone.movedAt !== null) {
        const after = await page.evaluate((v) => window.__states.find((s) => s.version > v), phone.movedAt);
        assert.ok(d2(after.view.models[phone.mover].pos, phone.to) < 1e-3, 'the move tapped on the phone was made');
        phone.movedAt = null;
      }
      if (phone.on && !phone.done && phone.moved && phone.attacked) {
        phone.done = true;
        await page.setViewportSize({ width: 1280, height: 1000 });
        await page.waitForFunction(() => document.documentElement.clientWidth > 1000);
      }
      if (!phone.on && seen.freehand > 0 && !phoneAfterFree && !freeSent) { phone.on = true; await toPhone(); }
      if (phoneAfterFree) {
        phoneAfterFree = false;
        await page.locator('.tabbar button[data-tab="move"]').click();
        await page.setViewportSize({ width: 1280, height: 1000 });
        await page.waitForFunction(() => document.documentElement.clientWidth > 1000);
      }
      if (seen.acted > 2000) throw new Error('too many moves');
    }
    await shot('end');
    // The log draws the dice as symbols, each success ringed for the side
    // that rolled it, with a legend under the log.
    const logDice = await page.evaluate(() => [...document.querySelectorAll('.log-list .cp-dice')]
      .map((d) => ({ side: d.classList.contains('def') ? 'def' : 'atk', dice: [...d.querySelectorAll('.cp-die')].map((x) => [x.dataset.face, x.classList.contains('success'), x.textContent]) })));
    const SYMBOL = { critical: '✸', wild: '★', hit: '✖', block: '⬢', blank: '·', failure: '⊘' };
    if (seen.attackDice) {
      assert.ok(logDice.length >= 2, `the log draws an attack's dice as symbols (${logDice.length} rolls)`);
      for (const { side, dice } of logDice) {
        for (const [face, ok, text] of dice) {
          assert.equal(text, SYMBOL[face], `a ${face} die is drawn as ${SYMBOL[face]}`);
          assert.equal(ok, face === 'critical' || face === 'wild' || face === (side === 'atk' ? 'hit' : 'block'), `a ${face} ${side} die is ringed exactly when it is a success`);
        }
      }
      assert.match(await page.locator('.cp-log-legend').first().innerText(), /✸ critical · ★ wild · ✖ hit · ⬢ block.*ringed die is a success/, 'the log has its dice legend');
      seen.logDice = logDice.length;
    }
    if (seen.stepAttack) {
      // The attack chosen first was made at the target tapped after.
      const made = frames.find((f) => f.version > seen.stepAttack.version && f.view.last_attack && f.view.last_attack.attacker === seen.stepAttack.attacker
        && f.view.last_attack.target === seen.stepAttack.target && f.view.last_attack.attack === seen.stepAttack.attack);
      assert.ok(made, `the attack chosen step by step was made: ${JSON.stringify(seen.stepAttack)}`);
    }
    if (seen.typedPoint) {
      const after = frames.find((f) => f.version > seen.typedPoint.version && f.view.models[seen.typedPoint.model] && f.view.models[seen.typedPoint.model].deployed);
      assert.deepEqual(after && after.view.models[seen.typedPoint.model].pos, seen.typedPoint.at, 'the character is deployed at the point typed');
    }
    if (seen.edge) {
      const after = frames.find((f) => f.version > seen.edge.version && f.view.edges && f.view.edges[me]);
      assert.equal(after && after.view.edges[me], seen.edge.edge, 'the edge tapped on the map is the edge taken');
    }
    const finished = !!(m.outcome || m.pending.mode === 'over');
    t.diagnostic(`${finished ? 'the match ended' : 'stopped at the time budget'} after ${((Date.now() - t0) / 1000).toFixed(1)} s: ${report()}`);
    for (const verb of ['squad', 'deploy', 'activate', 'advance', 'attack']) {
      assert.ok(seen.verbs[verb] > 0, `the person played ${verb} through the page`);
    }
    assert.ok(seen.dragged > 0, 'a move was chosen by dragging the base');
    assert.ok(seen.touchDragged > 0, 'a move was chosen by dragging the base with a finger');
    assert.ok(seen.touchTapped > 0, 'a move was chosen by a finger\'s tap on its dot');
    assert.ok(seen.freehand > 0, 'a move was made free-hand, the tool bent, and the server took it');
    assert.ok(seen.attackDice > 0, 'an attack\'s dice were shown');
    t.diagnostic(`phone: ${JSON.stringify(phone)}`);
    if (phone.on) {
      assert.ok(phone.activated > 0, 'a character was activated by touch on a phone');
      assert.ok(phone.moved > 0, 'a move was made by touch on a phone');
      assert.ok(phone.attacked > 0, 'an attack was made by touch on a phone');
    } else assert.ok(!finished, 'the phone part was reached');
    assert.deepEqual(seen.rejected, [], 'the page sent only moves the server accepted');

    // --- secrets: the bot's squad and cards, before the reveal
    const revealed = frames.find((f) => !SECRET_PHASES.has(f.view.phase));
    assert.ok(revealed, 'the squads were revealed');
    const botChars = revealed.view.squads[bot].characters;
    const botCards = [...(revealed.view.squads[bot].tactics || [])];
    assert.ok(botChars && botChars.length, 'the bot\'s squad is known after the reveal');
    // What the person chose themself (squad and roster) may be named in their own lines.
    const myChars = new Set([...revealed.view.squads[me].characters, ...((revealed.view.rosters && revealed.view.rosters[me].characters) || [])]);
    // What the bot had committed at each version before the reveal, through its own eyes
    // (the replay, open to the players once the match is over), besides what was revealed.
    const committed = new Map(); // version -> {chars, cards}
    if (finished) {
      const lobbyId = await page.evaluate(() => location.hash.split('/').pop());
      const token = await page.evaluate((id) => JSON.parse(localStorage.getItem(`backroom.seat.${id}`)).token, lobbyId);
      for (const v of new Set(frames.filter((f) => SECRET_PHASES.has(f.view.phase)).map((f) => f.version))) {
        const r = await fetch(`${base}/api/lobbies/${lobbyId}/replay?at=${v}&seat=${bot}`, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(r.status, 200, `the replay at ${v}`);
        const sq = (await r.json()).view.squads[bot];
        if (sq.characters) committed.set(v, { chars: sq.characters, cards: sq.tactics || [] });
      }
      assert.ok(committed.size > 0, 'the bot\'s squad was committed while the person still chose');
      // Its roster's characters that never came to the table stay unknown: no snapshot of its panel names them.
      const r = await fetch(`${base}/api/lobbies/${lobbyId}/replay?at=${m.version}&seat=${bot}`, { headers: { authorization: `Bearer ${token}` } });
      const roster = (await r.json()).view.rosters;
      if (roster && roster[bot].characters) {
        const left = roster[bot].characters.filter((id) => !botChars.includes(id)).map((id) => charById[id].name);
        for (const snap of snapshots) for (const n of left) assert.ok(!snap.opp.includes(n), `the page at ${snap.version} shows ${n} of the bot's roster`);
        t.diagnostic(`the bot's roster: ${left.length} characters never revealed, kept from ${snapshots.length} snapshots`);
      }
    }
    const secretIds = new Set([...botChars, ...[...committed.values()].flatMap((c) => c.chars)].filter((id) => !myChars.has(id)));
    const secretNames = [...secretIds].map((id) => charById[id].name);
    botCards.push(...[...committed.values()].flatMap((c) => c.cards).filter((id) => !botCards.includes(id)));
    let secretFrames = 0;
    // Rosters are secret all match (the lobby's rosters are not open).
    for (const f of frames) {
      if (!f.view.rosters) continue;
      assert.equal(f.view.rosters[bot].characters, null, `frame ${f.version} carries the bot's roster`);
      assert.equal(f.view.rosters[bot].tactics, null, `frame ${f.version} carries the bot's roster cards`);
    }
    for (const f of frames.filter((x) => SECRET_PHASES.has(x.view.phase))) {
      secretFrames++;
      assert.equal(f.view.squads[bot].characters, null, `frame ${f.version} carries the bot's squad`);
      assert.equal(f.view.squads[bot].tactics, null, `frame ${f.version} carries the bot's Team Tactic cards`);
      assert.equal(f.view.models.length, 0, `frame ${f.version} has characters before the reveal`);
      for (const l of f.log || []) {
        for (const n of secretNames) assert.ok(!l.includes(n), `frame ${f.version}'s log names ${n} of the bot's squad: ${l}`);
        for (const id of botCards) assert.ok(!l.includes(tacticById[id].name), `frame ${f.version}'s log names the bot's card ${tacticById[id].name}`);
      }
    }
    let secretShots = 0;
    for (const s of snapshots.filter((x) => SECRET_PHASES.has(x.phase))) {
      secretShots++;
      assert.equal(s.oppMarks, 0, `the page at ${s.version} draws something of the bot's squad`);
      for (const id of new Set([...botChars, ...[...committed.values()].flatMap((c) => c.chars)])) assert.ok(!s.opp.includes(charById[id].name), `the page at ${s.version} shows ${charById[id].name} in the bot's panel`);
      for (const id of botCards) assert.ok(!s.opp.includes(tacticById[id].name), `the page at ${s.version} shows the bot's card ${tacticById[id].name}`);
    }
    assert.ok(secretFrames > 0 && secretShots > 0, 'frames and snapshots before the reveal were checked');
    t.diagnostic(`secrets: ${secretFrames} frames and ${secretShots} page snapshots before the reveal (${secretNames.length} characters and ${botCards.length} cards kept from them, ${committed.size} commits seen in the replay); ${frames.length} frames and ${seen.checks} page checks in all`);

    // --- texts on hover: a base's stat card
    const baseEl = page.locator('.cp-field .cp-base').first();
    if (await baseEl.count()) {
      const id = await baseEl.getAttribute('data-card');
      await baseEl.hover();
      await page.locator('#tip').waitFor();
      assert.ok((await page.locator('#tip').innerText()).includes(charById[id].name), 'a base shows its stat card on hover');
      await page.mouse.move(2, 2);
    }

    // --- a phone: nothing sticks out sideways; the battlefield on its tab; a tap shows a card
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.documentElement.clientWidth <= 390);
    const wide = await page.evaluate(() => [...document.querySelectorAll('body *')]
      .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .slice(0, 8).map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} right=${Math.round(e.getBoundingClientRect().right)}`));
    assert.deepEqual(wide, [], `elements wider than a phone: ${wide.join(', ')}`);
    await page.locator('.tabbar button[data-tab="board"]').click();
    await page.locator('.cp-field').waitFor();
    const fieldBox = await page.locator('.cp-field').boundingBox();
    assert.ok(fieldBox.width >= 300 && fieldBox.width <= 390, `the battlefield fits the phone: ${fieldBox.width}px`);
    await shot('board-phone');
    await page.locator('.tabbar button[data-tab="move"]').click();

    // --- a tablet (touch, 1024×1366) on this seat's link: the battlefield is big enough to tap, a tap shows a stat card
    const lobbyId = await page.evaluate(() => location.hash.split('/').pop());
    const token = await page.evaluate((id) => JSON.parse(localStorage.getItem(`backroom.seat.${id}`)).token, lobbyId);
    const tablet = await browser.newContext({ viewport: { width: 1024, height: 1366 }, isMobile: true, hasTouch: true });
    tablet.setDefaultTimeout(STEP);
    const tp = await tablet.newPage();
    watchErrors(tp, 'tablet', pageErrors);
    await tp.goto(`${base}/#/seat/${lobbyId}/${token}`);
    await tp.locator('.cp-field').waitFor();
    const tbox = await tp.locator('.cp-field').boundingBox();
    assert.ok(tbox.width >= 560, `the battlefield is wide on a tablet: ${tbox.width}px`);
    const tbase = tp.locator('.cp-field .cp-base').first();
    if (await tbase.count()) {
      const b = await tbase.locator('.cp-base-c').boundingBox();
      assert.ok(b.width >= 20, `a 40 mm base is at least 20 px across on a tablet: ${b.width}`);
      const id = await tbase.getAttribute('data-card');
      await tbase.tap();
      await tp.locator('#tip').waitFor();
      assert.ok((await tp.locator('#tip').innerText()).includes(charById[id].name), 'a tap on a base shows its stat card');
      await tp.locator('.cp-card h3').waitFor();
    }
    await tp.screenshot({ path: path.join(shots, 'crisis-tablet.png'), fullPage: true });
    await tablet.close();

    /** The table drawn on the preview page (nothing sent: the action is window.__sent) for a view and asks. */
    async function drawTable(view, title, asks) {
      // (Once there, the page is drawn over: no second visit.)
      if ((await page.evaluate(() => location.hash)) !== '#/preview') {
        await page.goto(`${base}/#/preview`);
        await page.locator('.preview-out').waitFor();
      }
      await drawPreview(page, { game: 'crisis-protocol', view, prompt: { title, asks }, seat: me, names: me === 0 ? ['Cora', 'Bot 1'] : ['Bot 1', 'Cora'] });
    }

    // --- the deck choice, when the bot had priority: drawn from the deck
    // choice's view with the engine's ask (the same words), as the person would see it.
    if (!seen.deck) {
      const frame = frames.find((f) => f.view.phase === 'deck_choice');
      assert.ok(frame, 'the deck choice was a state');
      const deckPrompt = { title: 'Choose the crisis deck you draw from', asks: [{ verb: 'choose_deck', label: 'Draw from', params: [{ name: 'deck', label: 'Deck', input: { kind: 'one', options: [{ value: 'secure', label: 'Secure deck' }, { value: 'extraction', label: 'Extraction deck' }] } }] }] };
      await drawTable(frame.view, deckPrompt.title, deckPrompt.asks);
      assert.equal(await play({ ...frame, prompt: deckPrompt }), 'choose_deck');
      await page.waitForFunction(() => window.__sent);
      assert.deepEqual(await page.evaluate(() => window.__sent), { type: 'choose_deck', deck: seen.deck }, 'the deck tapped is the action sent');
      seen.deck = `drawn: ${seen.deck}`;
    }

    // --- the edge choice, when the bot had it (the person had priority):
    // drawn from the edge choice's view with the engine's ask, the edge
    // tapped on the map and sent by the map's Send.
    if (!seen.edge) {
      const frame = frames.find((f) => f.view.phase === 'edge_choice');
      assert.ok(frame, 'the edge choice was a state');
      const options = ['south', 'north', 'west', 'east'].map((e) => ({ value: e, label: `${e[0].toUpperCase()}${e.slice(1)} edge` }));
      const edgePrompt = { title: 'Choose your edge', asks: [{ verb: 'choose_edge', label: 'Choose your edge', params: [{ name: 'edge', label: 'Edge', input: { kind: 'one', options } }] }] };
      await drawTable(frame.view, edgePrompt.title, edgePrompt.asks);
      assert.equal(await play({ ...frame, prompt: edgePrompt }), 'choose_edge');
      await page.waitForFunction(() => window.__sent);
      assert.deepEqual(await page.evaluate(() => window.__sent), { type: 'choose_edge', edge: seen.edge.edge }, 'the edge tapped on the map is the action sent');
      seen.edge = `drawn: ${seen.edge.edge}`;
    }

    // --- a throw on the map, when the match offered none: the table drawn
    // (the preview page, nothing sent) from a real activation's view with an
    // Improvised Weapon ask offering every small piece in 8 directions, as
    // the engine words it; the map's pick must make the action.
    if (!seen.thrown) {
      const frame = [...frames].reverse().find((f) => f.view.activation && (f.view.terrain || []).some((p, k) => p.size <= 2 && !(f.view.destroyed || []).includes(k)));
      assert.ok(frame, 'an activation with a small piece of terrain standing');
      const options = frame.view.terrain.flatMap((p, piece) => (p.size > 2 || (frame.view.destroyed || []).includes(piece) ? []
        : [0, 45, 90, 135, 180, 225, 270, 315].map((angle) => ({ value: { piece, angle }, label: `the ${p.name.toLowerCase()} toward ${angle} degrees: hits nothing`, facts: [{ label: 'Throw', value: 'hits nothing' }] }))));
      const asks = [
        { verb: 'play_tactic', label: 'Improvised Weapon, cost 1', fixed: { card: 'improvised-weapon' }, params: [{ name: 'choice', label: 'Choice', input: { kind: 'one', options } }] },
        { verb: 'end_activation', label: 'End the activation' },
      ];
      await drawTable(frame.view, 'Round 1: a throw', asks);
      const { value } = await throwOnMap(asks.map((a, ai) => ({ ...a, ai })));
      await page.waitForFunction(() => window.__sent);
      assert.deepEqual(await page.evaluate(() => window.__sent), { type: 'play_tactic', card: 'improvised-weapon', choice: value }, 'the throw picked on the map is the action sent');
      seen.thrown = 'drawn';
    }
    // --- an enemy thrown on the map (Hired Muscle): drawn on the preview
    // page from a real activation's view with an ask offering an enemy in 8
    // directions, each option carrying the engine's facts (where it lands,
    // what it hits); the enemy tapped, then a direction arrow; the map and
    // the hint say what the throw would hit before the Send; the action
    // sent is the one tapped.
    {
      const live = (m) => m.deployed && !m.ko && !m.dazed;
      const frame = [...frames].reverse().find((f) => f.view.activation && f.view.models.some((m) => m.owner === bot && live(m)));
      assert.ok(frame, 'an activation with an enemy standing');
      const target = frame.view.models.findIndex((m) => m.owner === bot && live(m));
      const m = frame.view.models[target];
      const name = (charById[m.card] || { name: m.card }).name;
      const options = [0, 45, 90, 135, 180, 225, 270, 315].map((angle) => {
        const a = (angle * Math.PI) / 180;
        const lands = [m.pos[0] + 5 * Math.cos(a), m.pos[1] + 5 * Math.sin(a)].map((x) => Math.min(35, Math.max(1, x)));
        const what = angle === 90 ? `hits the car (Size 2): ${name} suffers 1` : 'hits nothing';
        return { value: { target, angle }, label: `${name} toward ${angle} degrees: lands at ${lands.map((x) => x.toFixed(1)).join(', ')}, ${what}`, facts: [{ label: 'Lands', value: lands }, { label: 'Throw', value: what }] };
      });
      const asks = [
        { verb: 'use_power', label: 'Hired Muscle, cost 2', fixed: { power: 0 }, params: [{ name: 'choice', label: 'Choice', input: { kind: 'one', options } }] },
        { verb: 'end_activation', label: 'End the activation' },
      ];
      await drawTable(frame.view, 'Round 1: an enemy throw', asks);
      assert.match(await page.locator('.cp-hint .cp-fling-hint').innerText(), /may be thrown .*tap one/);
      await page.locator(`.cp-field .cp-base[data-model="${target}"] .cp-base-c`).click();
      const arrows = page.locator('.cp-field .cp-fling');
      await arrows.first().waitFor();
      assert.equal(await arrows.count(), 8, 'the enemy\'s directions are drawn, each to where it lands');
      assert.match(await page.locator('.cp-hint .cp-fling-hint').innerText(), /Throw .*: tap a direction/);
      await arrows.nth(2).locator('.cp-throw-hit').click();
      await page.locator('.cp-field .cp-fling.chosen').waitFor();
      assert.match(await page.locator('.cp-field .cp-fling.chosen .cp-fling-t').textContent(), /hits the car \(Size 2\)/, 'the map says what the chosen throw hits');
      assert.match(await page.locator('.cp-hint .cp-fling-hint').innerText(), /toward 90°: it lands at .* hits the car \(Size 2\)/, 'the hint says where it lands and what it hits, before the Send');
      if (!seen.flingShot) { seen.flingShot = 1; await shot('throw-enemy'); }
      await mapSend();
      await page.waitForFunction(() => window.__sent);
      assert.deepEqual(await page.evaluate(() => window.__sent), { type: 'use_power', power: 0, choice: { target, angle: 90 } }, 'the enemy throw picked on the map is the action sent');
      seen.flung = name;
    }
    // --- a Team Tactic card played outside an activation (Second Wind,
    // readying an activated ally): drawn on the preview page from a real
    // view between activations with one of the person's characters
    // activated; the ally ringed on the map is tapped and the map's Send
    // sends the card with it.
    {
      const live = (m) => m.deployed && !m.ko && !m.dazed;
      const frame = [...frames].reverse().find((f) => f.view.phase === 'activation' && !f.view.activation
        && f.view.models.some((m) => m.owner === me && live(m) && m.activated));
      if (frame) {
        const ally = frame.view.models.findIndex((m) => m.owner === me && live(m) && m.activated);
        const ready = frame.view.models.map((m, i) => [m, i]).filter(([m]) => m.owner === me && live(m) && !m.activated);
        const name = (charById[frame.view.models[ally].card] || { name: 'the ally' }).name;
        const asks = [
          ...(ready.length ? [{ verb: 'activate', label: 'Activate a character', params: [{ name: 'model', label: 'Character', input: { kind: 'one', options: ready.map(([m, i]) => ({ value: i, label: (charById[m.card] || { name: m.card }).name })) } }] }] : []),
          { verb: 'play_tactic', label: 'Second Wind, cost 0', fixed: { card: 'second-wind' }, params: [{ name: 'choice', label: 'Choice', input: { kind: 'one', options: [{ value: { target: ally }, label: `ready ${name}` }] } }] },
        ];
        await drawTable(frame.view, 'Round 1: your turn', asks);
        const base = page.locator(`.cp-field .cp-base[data-model="${ally}"]`);
        assert.equal(await base.locator('.cp-choice-ring').count(), 1, 'the ally the card readies is ringed');
        // (The map may be zoomed onto the last decision: the tap is sent to the base itself.)
        await base.dispatchEvent('click');
        await page.locator('.cp-hint .cp-send').waitFor();
        await mapSend();
        await page.waitForFunction(() => window.__sent);
        assert.deepEqual(await page.evaluate(() => window.__sent), { type: 'play_tactic', card: 'second-wind', choice: { target: ally } }, 'the card and the ally tapped are the action sent');
        seen.secondWind = name;
      }
    }
    // --- the reroll and order forms (engine versions 6 and 7): drawn on
    // the preview page from a real activation's view with the prompts as
    // the engine words them. The reroll's dice are symbols, each a button
    // 44 px across at least (a failure disabled), tapped on and sent; the
    // order of a beam's targets is numbered on the map, the named target
    // first and fixed, the others placed by taps in the order tapped.
    {
      const live = (m) => m.deployed && !m.ko && !m.dazed;
      const frame = [...frames].reverse().find((f) => f.view.activation && f.view.models.filter((m) => m.owner === bot && live(m)).length >= 3);
      if (frame) {
        const asks = [
          { verb: 'reroll', label: 'Reroll with Tactician', fixed: { ability: 'Tactician' }, params: [{ name: 'dice', label: 'Dice, up to 1', input: { kind: 'many', min: 1, max: 1, options: [
            { value: 0, label: 'die 1: Failure', disabled: "a failure can't be rerolled" }, { value: 1, label: 'die 2: Blank' }, { value: 2, label: 'die 3: Hit' }] } }] },
          { verb: 'reroll', label: 'Keep the dice' },
        ];
        await drawTable(frame.view, 'Modify your attack dice: attack F _ H against defense B _', asks);
        if (await page.locator('.prompt form[data-ask="0"]').isHidden()) await page.locator('.ask-pick[data-ask="0"]').click();
        const dice = page.locator('.cp-reroll .cp-die-pick');
        assert.equal(await dice.count(), 3, 'every die of the roll is drawn');
        assert.deepEqual(await dice.evaluateAll((els) => els.map((e) => e.dataset.face)), ['failure', 'blank', 'hit']);
        assert.ok(await dice.nth(0).isDisabled(), 'a failure is not tappable');
        for (let k = 0; k < 3; k++) {
          const b = await dice.nth(k).boundingBox();
          assert.ok(b.width >= 44 && b.height >= 44, `die ${k + 1} is a fingertip across: ${b.width}×${b.height}`);
        }
        assert.match(await page.locator('.cp-reroll').innerText(), /Tactician rerolls up to 1 die/);
        await dice.nth(1).click();
        assert.equal(await dice.nth(1).getAttribute('aria-pressed'), 'true', 'the die tapped is chosen');
        await page.locator('.prompt form[data-ask="0"] button.submit').click();
        await page.waitForFunction(() => window.__sent);
        assert.deepEqual(await page.evaluate(() => window.__sent), { type: 'reroll', ability: 'Tactician', dice: [1] }, 'the die tapped is the one sent');

        const [named, x, y] = frame.view.models.map((m, i) => [m, i]).filter(([m]) => m.owner === bot && live(m)).map(([, i]) => i);
        const nameOf = (i) => (charById[frame.view.models[i].card] || { name: 'a target' }).name;
        const view = { ...frame.view, pending_attack: { attacker: frame.view.activation.model, attack: 0, queue: [named, x, y], current: null, allies: [], used: [], extra_defense: 0, defense_rerolls: 0, ordering: true, first: named } };
        const order = [{ verb: 'order_targets', label: 'Attack in this order', params: [{ name: 'order', label: 'Targets, the first attacked first', input: { kind: 'order', options: [{ value: x, label: nameOf(x) }, { value: y, label: nameOf(y) }] } }] }];
        await drawTable(view, `Demolition Line: ${nameOf(named)} is attacked first (the named target); choose the order of the others`, order);
        const label = (i) => page.locator(`.cp-field .cp-base[data-model="${i}"] .cp-target-t`);
        assert.equal(await label(named).textContent(), '1 named', 'the named target is numbered first');
        assert.equal(await label(x).textContent(), '2');
        assert.equal(await label(y).textContent(), '3');
        await page.locator(`.cp-field .cp-base[data-model="${y}"]`).dispatchEvent('click');
        await page.waitForFunction((i) => document.querySelector(`.cp-field .cp-base[data-model="${i}"] .cp-target-t`)?.textContent === '2', y);
        assert.equal(await label(x).textContent(), '3', 'the target tapped first goes next after the named one');
        for (const b of await page.locator('.cp-order-item button').all()) {
          const box = await b.boundingBox();
          assert.ok(box.width >= 44 && box.height >= 44, `an order button is a fingertip across: ${box.width}×${box.height}`);
        }
        await page.locator('.prompt form[data-ask="0"] button.submit').click();
        await page.waitForFunction(() => window.__sent);
        assert.deepEqual(await page.evaluate(() => window.__sent), { type: 'order_targets', order: [y, x] }, 'the order tapped is the order sent');
        seen.forms = `reroll and order (${nameOf(named)} named)`;
      }
    }
    t.diagnostic(`throw: ${JSON.stringify(seen.thrown)} (${seen.throwForeseen || 'not foreseen'}); enemy thrown: ${seen.flung}; Second Wind readied: ${seen.secondWind || 'no view between activations with an activated ally'}; forms: ${seen.forms || 'no activation with three enemies standing'}; deck: ${seen.deck || 'the bot chose'}`);

    // --- a superpower's point typed (Blink's Place takes any point within
    // R2, the prompt any point on the table): the table drawn from a real
    // activation's view with the ask as the engine words it; x and y typed
    // beside the offered ring make the choice sent.
    {
      const frame = [...frames].reverse().find((f) => f.view.activation);
      assert.ok(frame, 'an activation was a state');
      const pos = frame.view.models[frame.view.activation.model].pos;
      const ring = [pos[0] + 2, pos[1]].map((c) => Math.min(35, c));
      const choice = { kind: 'record', fields: [{ name: 'point', label: 'Point', input: { kind: 'point', min_x: 0, min_y: 0, max_x: 36, max_y: 36 } }], options: [{ value: { point: ring }, label: `at ${ring[0].toFixed(1)}, ${ring[1].toFixed(1)}` }] };
      await drawTable(frame.view, 'Round 1: Blink', [
        { verb: 'use_power', label: 'Blink, cost 1', fixed: { power: 0 }, params: [{ name: 'choice', label: 'Choice', input: choice }] },
        { verb: 'end_activation', label: 'End the activation' },
      ]);
      if (await page.locator('.prompt form[data-ask="0"]').isHidden()) await page.locator('.ask-pick[data-ask="0"]').click();
      const at = [Math.round((pos[0] + 0.75) * 8) / 8, Math.round((pos[1] + 0.5) * 8) / 8];
      const nums = page.locator('.prompt form[data-ask="0"] .cp-point-n');
      await nums.nth(0).fill(String(at[0]));
      await nums.nth(1).fill(String(at[1]));
      await nums.nth(1).press('Tab');
      await page.locator('.prompt form[data-ask="0"] button.submit').click();
      await page.waitForFunction(() => window.__sent);
      assert.deepEqual(await page.evaluate(() => window.__sent), { type: 'use_power', power: 0, choice: { point: at } }, 'the point typed is the choice sent');
    }

    // --- a choice that names a character, a point and a direction (the
    // Mind Gem advances an enemy: any enemy, any end, any angle, the
    // engine judges): the table drawn from a real activation's view with
    // the record as the engine builds it and one ready-made plan; the
    // quick pick fills the entries, then the enemy chosen, x, y and the
    // angle typed by hand are the choice sent.
    {
      const live = (m) => m.deployed && !m.ko && !m.dazed;
      const frame = [...frames].reverse().find((f) => f.view.activation && f.view.models.filter((m) => m.owner === bot && live(m)).length >= 2);
      assert.ok(frame, 'an activation with two enemies standing');
      const [first, other] = frame.view.models.map((m, i) => [m, i]).filter(([m]) => m.owner === bot && live(m)).map(([, i]) => i);
      const nameOf = (i) => (charById[frame.view.models[i].card] || { name: frame.view.models[i].card }).name;
      const pos = frame.view.models[first].pos;
      const ready = { target: first, angle: 90, point: [pos[0], Math.min(35, pos[1] + 3)] };
      const choice = { kind: 'record', fields: [
        { name: 'target', label: 'Character', input: { kind: 'one', options: frame.view.models.map((m, i) => ({ value: i, label: nameOf(i) })) } },
        { name: 'angle', label: 'Direction, degrees (0 = +x)', input: { kind: 'real', min: -360, max: 360 } },
        { name: 'point', label: 'Point', input: { kind: 'point', min_x: 0, min_y: 0, max_x: 36, max_y: 36 } },
      ], options: [{ value: ready, label: `${nameOf(first)} to ${ready.point[0].toFixed(1)}, ${ready.point[1].toFixed(1)}` }] };
      await drawTable(frame.view, 'Round 1: Seer activates', [
        { verb: 'use_power', label: 'Mind Gem, cost 2', fixed: { power: 0 }, params: [{ name: 'choice', label: 'Choice', input: choice }] },
        { verb: 'end_activation', label: 'End the activation' },
      ]);
      if (await page.locator('.prompt form[data-ask="0"]').isHidden()) await page.locator('.ask-pick[data-ask="0"]').click();
      const form = page.locator('.prompt form[data-ask="0"]');
      await form.locator('.cp-rec .cp-choice').first().click();
      assert.equal(await form.locator('.cp-rec-f[data-field="angle"] input').inputValue(), '90', 'the quick pick fills the angle');
      assert.equal(await form.locator('.cp-rec-f[data-field="point"] input').first().inputValue(), String(ready.point[0]), 'the quick pick fills the point');
      assert.equal(await form.locator('.cp-rec-f[data-field="target"] select option:checked').textContent(), nameOf(first), 'the quick pick fills the character');
      const pt = [Math.round((frame.view.models[other].pos[0] + 1.25) * 8) / 8, Math.round((frame.view.models[other].pos[1] - 0.5) * 8) / 8].map((c) => Math.min(35, Math.max(1, c)));
      await form.locator('.cp-rec-f[data-field="target"] select').selectOption({ label: nameOf(other) });
      await form.locator('.cp-rec-f[data-field="angle"] input').fill('-37.5');
      await form.locator('.cp-rec-f[data-field="point"] input').nth(0).fill(String(pt[0]));
      await form.locator('.cp-rec-f[data-field="point"] input').nth(1).fill(String(pt[1]));
      await form.locator('.cp-rec-f[data-field="point"] input').nth(1).press('Tab');
      assert.match(await page.locator('.cp-hint').innerText(), /toward -37\.5°/, 'the hint names the direction typed before the Send');
      await form.locator('button.submit').click();
      await page.waitForFunction(() => window.__sent);
      assert.deepEqual(await page.evaluate(() => window.__sent), { type: 'use_power', power: 0, choice: { target: other, angle: -37.5, point: pt } }, 'the character, angle and point entered are the choice sent');
      seen.recordTyped = `${nameOf(other)} toward -37.5° to ${pt.join(', ')}`;
    }

    // --- a move entered by hand (the plan's fields typed: the tool, advance,
    // the direction, the bend and the end): the table drawn from a real
    // activation's view with the advance as the engine builds it and one
    // ready-made plan; the plan typed is laid on the map as the free-hand
    // tool and is the plan sent.
    {
      const frame = [...frames].reverse().find((f) => f.view.activation);
      const mover = frame.view.activation.model;
      const pos = frame.view.models[mover].pos;
      const tools = ['S', 'M', 'L'].map((t) => ({ value: t, label: `${t} tool` }));
      const ready = { tool: 'S', climb: false, angle: 0, bend: 0, to: [Math.min(35, pos[0] + 3), pos[1]] };
      const plan = { kind: 'record', fields: [
        { name: 'tool', label: 'Movement tool', input: { kind: 'one', options: tools } },
        { name: 'climb', label: 'Advance or climb', input: { kind: 'one', options: [{ value: false, label: 'Advance' }, { value: true, label: 'Climb (S tool, movement Size 5)' }] } },
        { name: 'angle', label: 'Direction the tool leaves the base, degrees (0 = +x)', input: { kind: 'real', min: -360, max: 360 } },
        { name: 'bend', label: 'Bend at the pivot, degrees', input: { kind: 'real', min: -90, max: 90 } },
        { name: 'to', label: 'Where the base ends (touching the tool)', input: { kind: 'point', min_x: 0, min_y: 0, max_x: 36, max_y: 36 } },
      ], options: [{ value: ready, label: `Advance with S at 0 degrees to ${ready.to[0].toFixed(1)}, ${ready.to[1].toFixed(1)}` }] };
      await drawTable(frame.view, 'Round 1: a move', [
        { verb: 'advance', label: 'Move', params: [{ name: 'plan', label: 'Movement tool and end', input: plan }] },
        { verb: 'end_activation', label: 'End the activation' },
      ]);
      if (await page.locator('.prompt form[data-ask="0"]').isHidden()) await page.locator('.ask-pick[data-ask="0"]').click();
      const form = page.locator('.prompt form[data-ask="0"]');
      const typed = { tool: 'M', climb: false, angle: 37.5, bend: 10, to: [Math.round((pos[0] + 2.5) * 8) / 8, Math.round((pos[1] + 3.25) * 8) / 8].map((c) => Math.min(35, Math.max(1, c))) };
      await form.locator('.cp-rec-f[data-field="tool"] select').selectOption({ label: 'M tool' });
      await form.locator('.cp-rec-f[data-field="climb"] select').selectOption({ label: 'Advance' });
      await form.locator('.cp-rec-f[data-field="angle"] input').fill('37.5');
      await form.locator('.cp-rec-f[data-field="bend"] input').fill('10');
      await form.locator('.cp-rec-f[data-field="to"] input').nth(0).fill(String(typed.to[0]));
      await form.locator('.cp-rec-f[data-field="to"] input').nth(1).fill(String(typed.to[1]));
      await form.locator('.cp-rec-f[data-field="to"] input').nth(1).press('Tab');
      await page.locator('.cp-field .cp-free-h').first().waitFor();
      assert.match(await page.locator('.cp-hint').innerText(), /free-hand M tool at 37\.5 degrees bent 10 degrees/, 'the plan typed is laid as the free-hand tool, named before the Send');
      await form.locator('button.submit').click();
      await page.waitForFunction(() => window.__sent);
      assert.deepEqual(await page.evaluate(() => window.__sent), { type: 'advance', plan: typed }, 'the plan typed is the plan sent');
      seen.planTyped = typed;
    }

    // --- the rules: summary, glossary and every card
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/#/rules/${GAME}`);
    await page.locator('.rules .glossary-list').waitFor();
    await page.locator('.cp-reference').waitFor();
    assert.ok((await page.locator('.cp-reference dt').count()) >= content.characters.length + content.tactics.length, 'the rules list every stat card and Team Tactic card');

    assert.deepEqual(pageErrors, [], 'the page logged errors');
  });
});

// The generic controls of a continuous choice (the engine's `record` and
// `real`, a `point`), as every game inherits them, on the preview page's
// "Lay a tool": a quick pick fills every field, a field changed by hand is
// what is sent, and a value out of its domain cannot be sent.
test('a record of fields (a movement plan) is chosen from a quick pick, then field by field', { timeout: 60_000 }, async () => {
  await withServerAndBrowser({}, async ({ base, browser, pageErrors }) => {
    const page = await browser.newPage();
    watchErrors(page, 'preview', pageErrors);
    await page.goto(`${base}/#/preview`);
    await page.locator('.ask-pick', { hasText: 'Lay a tool' }).click();
    const form = page.locator('form.ask[data-verb="advance"]');
    const rec = form.locator('.record');
    // Started from the first quick pick.
    assert.equal(await rec.locator('.param[data-param="angle"] input').inputValue(), '0');
    await rec.locator('select.quick-picks').first().selectOption({ index: 2 });
    assert.equal(await rec.locator('.param[data-param="angle"] input').inputValue(), '90', 'a quick pick fills the angle');
    assert.equal(await rec.locator('.param[data-param="tool"] button[aria-checked="true"]').innerText(), 'M tool', 'and the tool');
    await rec.locator('.param[data-param="angle"] input').fill('37.5');
    await rec.locator('.param[data-param="to"] input[aria-label="End x"]').fill('12.25');
    await form.locator('button.submit').click();
    await page.waitForFunction(() => document.querySelector('.preview-out').textContent.includes('advance'));
    assert.deepEqual(JSON.parse(await page.locator('.preview-out').textContent()), { type: 'advance', plan: { tool: 'M', angle: 37.5, to: [12.25, 8] } }, 'the plan as the fields say');
    await rec.locator('.param[data-param="angle"] input').fill('400');
    assert.ok(await form.locator('button.submit').isDisabled(), 'an angle out of its range cannot be sent');
    assert.match(await form.locator('.hint').innerText(), /Angle goes from -360 to 360/);
    await page.screenshot({ path: path.join(shots, 'prompt-record.png'), fullPage: true });
  });
});
