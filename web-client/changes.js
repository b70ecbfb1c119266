// What changed since your last look, highlighted for a moment.
//
// Renderers mark the things worth watching with a stable key and a value:
// `data-k="rp:2" data-v="3"` (a track), `data-k="hand:cerebro#0"` (a card;
// its arrival is the change), `data-k="power:cyclops" data-v="2"` (tokens).
// After each draw the table compares the keys and values now on screen
// with those at the player's last look: a new key or a new value flashes
// (class `changed`, about two seconds). A redraw in the middle of a flash
// continues it rather than restarting it. While the tab is hidden nothing
// counts as seen, so coming back flashes everything that moved meanwhile.
// Only what the view shows is compared: nothing here knows more than the
// page.

export const FLASH_MS = 2200;

export function changeTracker() {
  let seen = null; // Map key -> value at the last look
  const flashing = new Map(); // key -> time the flash started

  const collect = (roots) => {
    const now = new Map();
    for (const root of roots) {
      if (!root) continue;
      for (const el of root.querySelectorAll('[data-k]')) now.set(el.dataset.k, { v: el.dataset.v ?? '', el });
    }
    return now;
  };

  return {
    /** Compares the drawn `roots` with the last look and marks what changed. */
    mark(roots) {
      const now = collect(roots);
      const looking = document.visibilityState !== 'hidden';
      const t = Date.now();
      if (seen && looking) {
        for (const [k, { v }] of now) {
          if (!seen.has(k) || seen.get(k) !== v) flashing.set(k, t);
        }
      }
      for (const [k, start] of flashing) {
        if (t - start >= FLASH_MS) { flashing.delete(k); continue; }
        const hit = now.get(k);
        if (!hit) continue;
        hit.el.classList.add('changed');
        hit.el.style.setProperty('--flash-delay', `${-(t - start)}ms`);
      }
      if (looking || !seen) seen = new Map([...now].map(([k, { v }]) => [k, v]));
    },
    /** Forget the last look (a replay, another table). */
    reset() { seen = null; flashing.clear(); },
  };
}
