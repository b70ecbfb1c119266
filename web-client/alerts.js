// "Your move", even when the tab is hidden.
//
// When the table starts waiting on this player (it did not a moment ago),
// the favicon gets a gold dot (the title says "● Your move" already, see
// app.js), a short beep plays if the player switched the sound on, and, if
// the tab is hidden and the player allowed notifications, the browser's
// Notification API says the table waits. Permission is asked only from the
// player's click on "Notify me". Both choices are kept in this browser
// (localStorage). A notification says only what the player's own page
// shows: the game, and that it is their move.

import { h } from './util.js';

const SOUND_KEY = 'backroom.alert.sound';
const NOTIFY_KEY = 'backroom.alert.notify';

const BASE_ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%23234'/%3E%3Cpath d='M9 24V8h8a5 5 0 0 1 0 10h-8m8 0 6 6' stroke='%23f5c451' stroke-width='3' fill='none' stroke-linecap='round' stroke-linejoin='round'/%3E%3C/svg%3E";
const YOUR_ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%23234'/%3E%3Cpath d='M9 24V8h8a5 5 0 0 1 0 10h-8m8 0 6 6' stroke='%23f5c451' stroke-width='3' fill='none' stroke-linecap='round' stroke-linejoin='round'/%3E%3Ccircle cx='25' cy='7' r='6.5' fill='%23e8452c' stroke='%23fff' stroke-width='1.5'/%3E%3C/svg%3E";

const pref = (k) => { try { return localStorage.getItem(k) === '1'; } catch { return false; } };
const setPref = (k, on) => { try { localStorage.setItem(k, on ? '1' : '0'); } catch { /* private mode */ } };
const canNotify = () => 'Notification' in window;

let audio = null;
/** An AudioContext made (or resumed) inside a click, as browsers require. */
function unlockAudio() {
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return null;
  if (!audio) audio = new AC();
  if (audio.state === 'suspended') audio.resume().catch(() => {});
  return audio;
}

/** Two short tones, about a third of a second in all. */
export function beep() {
  const ac = audio || unlockAudio();
  if (!ac) return;
  const t = ac.currentTime + 0.01;
  for (const [freq, at] of [[880, 0], [1175, 0.14]]) {
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.type = 'sine';
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t + at);
    gain.gain.exponentialRampToValueAtTime(0.18, t + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + at + 0.16);
    osc.connect(gain).connect(ac.destination);
    osc.start(t + at);
    osc.stop(t + at + 0.18);
  }
}

function setIcon(href) {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = h('link', { rel: 'icon' });
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/**
 * The alerts of one table. `update(yours, text)` after every draw of the
 * wait line; `controls` goes in the table's head; `stop()` on leaving.
 */
export function turnAlerts({ lobbyId, gameName }) {
  let was = null; // null until the first update: opening a table is no news
  const sound = h('input', { type: 'checkbox', checked: pref(SOUND_KEY), 'aria-label': 'Sound when it is your move' });
  sound.addEventListener('change', () => {
    setPref(SOUND_KEY, sound.checked);
    if (sound.checked) { unlockAudio(); beep(); }
  });
  const notifyBtn = h('button.small.ghost.notify-button', { type: 'button' });
  const drawNotify = () => {
    const perm = canNotify() ? Notification.permission : 'unsupported';
    const on = perm === 'granted' && pref(NOTIFY_KEY);
    notifyBtn.hidden = perm === 'unsupported';
    notifyBtn.disabled = perm === 'denied';
    notifyBtn.dataset.on = String(on);
    notifyBtn.textContent = perm === 'denied' ? 'Notifications blocked' : on ? 'Notifications on' : 'Notify me';
    notifyBtn.title = perm === 'denied'
      ? 'This browser blocks notifications from this site; allow them in its site settings.'
      : on ? 'You get a notification when the table waits on you and this tab is in the background. Click to stop.'
        : 'Get a notification when the table waits on you and this tab is in the background.';
  };
  notifyBtn.addEventListener('click', async () => {
    if (!canNotify()) return;
    if (Notification.permission === 'granted' && pref(NOTIFY_KEY)) { setPref(NOTIFY_KEY, false); drawNotify(); return; }
    let perm = Notification.permission;
    if (perm === 'default') {
      try { perm = await Notification.requestPermission(); } catch { perm = Notification.permission; }
    }
    setPref(NOTIFY_KEY, perm === 'granted');
    drawNotify();
  });
  drawNotify();
  const controls = h('span.alert-controls', notifyBtn, h('label.sound-toggle.small', { title: 'A short sound when the table starts waiting on you' }, sound, ' Sound'));

  let shown = null;
  const notify = (text) => {
    if (!canNotify() || Notification.permission !== 'granted' || !pref(NOTIFY_KEY)) return;
    try {
      shown?.close();
      shown = new Notification(`Your move · ${typeof gameName === 'function' ? gameName() : gameName}`, { body: text, tag: `backroom-${lobbyId}` });
      shown.onclick = () => { window.focus(); shown?.close(); };
    } catch { /* some browsers only notify from a service worker */ }
  };
  const onVisible = () => { if (document.visibilityState === 'visible') shown?.close(); };
  document.addEventListener('visibilitychange', onVisible);

  return {
    controls,
    update(yours, text = 'The table is waiting for you.') {
      setIcon(yours ? YOUR_ICON : BASE_ICON);
      const started = was === false && yours;
      was = !!yours;
      if (!started) return;
      if (sound.checked) beep();
      if (document.visibilityState === 'hidden') notify(text);
    },
    stop() {
      setIcon(BASE_ICON);
      shown?.close();
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
