// While the server cannot save a table's moves, every tab of the table says
// so in a banner that stays, and the banner goes once a move is saved again
// (issue #23: a typed `store_unavailable`, shown before only as a toast).
//
// The real server, the real frame: a Sealed Bids match against a bot on a
// fresh SQLite file; the test makes the database refuse every new move (a
// trigger that aborts inserts into `actions`, as a full disk or a lost
// primary would), the person bids, the server refuses the move and sends
// `store_unavailable` to the table. The banner shows on the desktop page
// and on each of the phone's four tabs. The trigger goes, the person bids
// again, the move is saved, the server says `store_available` and the
// banner is gone.
//
// Needs the `sqlite3` command. Run: see README.md. Env: BACKROOM_BIN, CHROMIUM.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shots, startServer, launchBrowser, watchErrors, sealedBidsWithABot } from './helpers.mjs';

const SQLITE = ['/usr/bin/sqlite3', '/usr/local/bin/sqlite3'].find((p) => fs.existsSync(p));
const BANNER = 'Saving is paused: the game’s database cannot be reached; your table retries and nothing is lost.';

test('a table whose store refuses moves shows a banner on every tab until a move is saved again', { timeout: 120_000, skip: (!SQLITE || process.env.BACKROOM_URL) && 'needs the sqlite3 command and a server of its own' }, async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-store-down-'));
  fs.mkdirSync(shots, { recursive: true });
  const db = path.join(tmp, 'backroom.db');
  const sql = (statement) => execFileSync(SQLITE, ['-cmd', '.timeout 10000', db, statement]);
  const errors = [];
  const server = await startServer(tmp);
  const browser = await launchBrowser();
  try {
    const { page } = await sealedBidsWithABot(browser, server.base, errors);
    // The store's typed status frames, as the page's socket hears them.
    const told = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => {
      try {
        const m = JSON.parse(f.payload);
        if (m.type === 'store_available' || m.code === 'store_unavailable') told.push(m.type === 'error' ? m.code : m.type);
      } catch { /* not JSON */ }
    }));
    // A socket opened from now on is heard: the table again.
    await page.reload();
    await page.locator('.prompt .dial').waitFor();
    const banner = page.locator('.notice-area .store-down');
    assert.equal(await banner.count(), 0, 'no banner while the store answers');

    sql("CREATE TRIGGER outage BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, 'the disk is full'); END;");
    await page.evaluate(() => window.backroomTable.act({ type: 'bid', value: 1 }));
    await banner.waitFor();
    assert.equal((await banner.innerText()).replace(/\s+/g, ' ').trim(), BANNER);
    await page.screenshot({ path: path.join(shots, 'store-down-desktop.png') });
    // It stays: it is no toast, and the state the table resends after
    // reading the match back (no move saved) does not take it away.
    await page.waitForTimeout(1500);
    assert.equal(await banner.isVisible(), true, 'the banner stays while nothing is saved');

    // On a phone, above every tab.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const tab of ['move', 'board', 'players', 'talk']) {
      await page.locator(`.tabbar .tab[data-tab="${tab}"]`).click();
      assert.equal(await banner.isVisible(), true, `the banner shows on the ${tab} tab`);
    }
    await page.screenshot({ path: path.join(shots, 'store-down-phone.png') });
    await page.locator('.tabbar .tab[data-tab="move"]').click();

    // The store takes moves again: the next move is saved, the banner goes.
    sql('DROP TRIGGER outage;');
    await page.evaluate(() => window.backroomTable.act({ type: 'bid', value: 1 }));
    await banner.waitFor({ state: 'detached' });
    assert.deepEqual([...new Set(told)], ['store_unavailable', 'store_available'], 'the server said the store was down, then back');
    assert.deepEqual(errors, [], 'the page logged errors');
  } finally {
    await browser.close().catch(() => {});
    await server.stop().catch(() => {});
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
