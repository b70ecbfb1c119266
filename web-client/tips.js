// Texts on hover and on tap. Any element with `data-tip` (a card, a
// Character, a School, a rules term) shows its text in one floating box:
// on hover with a mouse, on focus with the keyboard, and on a tap with a
// finger or pen (phones have no hover; a second tap or a tap elsewhere
// closes it). Installed once for the whole page.

import { h } from './util.js';

let box = null;
let owner = null;
let lastPointer = 'mouse';
let lastPointerAt = 0;

function ensureBox() {
  if (!box) {
    box = h('div#tip.tip', { role: 'tooltip', hidden: true });
    document.body.append(box);
  }
  return box;
}

export function showTip(el) {
  const text = el.getAttribute('data-tip');
  if (!text) return;
  const b = ensureBox();
  // A modal dialog is in the browser's top layer: the tip must be inside it to show above it.
  const host = el.closest('dialog[open]') || document.body;
  if (b.parentNode !== host) host.append(b);
  owner = el;
  const title = el.getAttribute('data-tip-title');
  b.replaceChildren(title ? h('strong.tip-title', title) : null, h('span.tip-text', text));
  b.hidden = false;
  const r = el.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  b.style.maxWidth = `${Math.min(340, vw - 16)}px`;
  const w = b.offsetWidth;
  const hgt = b.offsetHeight;
  const left = Math.max(8, Math.min(vw - w - 8, r.left + r.width / 2 - w / 2));
  const below = r.bottom + 6 + hgt <= vh || r.top - 6 - hgt < 0;
  b.style.left = `${left}px`;
  b.style.top = `${below ? r.bottom + 6 : r.top - 6 - hgt}px`;
}

export function hideTip() {
  if (box) box.hidden = true;
  owner = null;
}

const tipOf = (t) => (t instanceof Element ? t.closest('[data-tip]') : null);

function install() {
  document.addEventListener('pointerdown', (e) => { lastPointer = e.pointerType || 'mouse'; lastPointerAt = Date.now(); }, true);
  document.addEventListener('pointerover', (e) => {
    if (e.pointerType !== 'mouse') return;
    const el = tipOf(e.target);
    if (el && el !== owner) showTip(el);
  });
  document.addEventListener('pointerout', (e) => {
    if (e.pointerType !== 'mouse' || !owner) return;
    const to = e.relatedTarget instanceof Node ? e.relatedTarget : null;
    if (!to || !owner.contains(to)) hideTip();
  });
  document.addEventListener('click', (e) => {
    const el = tipOf(e.target);
    if (lastPointer === 'mouse') {
      // A click elsewhere closes a tip a tap had opened.
      if (!el && owner) hideTip();
      return;
    }
    if (el && el === owner) hideTip();
    else if (el) showTip(el);
    else hideTip();
  });
  document.addEventListener('focusin', (e) => {
    // Focus from the keyboard only: a tap or click is handled above.
    if (Date.now() - lastPointerAt < 600) return;
    const el = tipOf(e.target);
    if (el && el === e.target) showTip(el);
  });
  document.addEventListener('focusout', (e) => { if (owner && e.target === owner) hideTip(); });
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') hideTip(); });
  // Scrolling carries the tip along with its element.
  window.addEventListener('scroll', () => {
    if (!owner || !box || box.hidden) return;
    if (owner.isConnected) showTip(owner); else hideTip();
  }, { passive: true, capture: true });
  window.addEventListener('hashchange', hideTip);
  // A redraw replaces the element a tip belongs to: the tip goes with it,
  // rather than floating over whatever is drawn there now.
  new MutationObserver(() => { if (owner && !owner.isConnected) hideTip(); })
    .observe(document.body, { childList: true, subtree: true });
}

if (!window.__backroomTips) {
  window.__backroomTips = true;
  install();
}
