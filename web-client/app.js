// Backroom's thin client: a hash router over four screens.
//   #/                         games, create a lobby, my matches
//   #/join/<lobby>/<invite>    join with the invite (the secret stays in the fragment)
//   #/table/<lobby>            the lobby, then the match (needs this browser's token)
//   #/watch/<lobby>/<secret>   spectator view
//   #/rules/<game>             the game's rules summary and glossary
// The server is authoritative: the client only draws the views it is sent
// and turns prompts into actions; there are no optimistic moves.

import { renderNames, renderPromptNames } from './names.js';
import { h, api, ApiError, saveSeat, loadSeat, forgetSeat, allSeats, savedName, saveName, toast, copyText, seatLabel, clock } from './util.js';
import { Connection } from './net.js';
import { renderPrompt } from './prompt.js';
import { loadRenderer, getRenderer, registerRenderer } from './renderers.js';
import './games/kit/generic.js';
import { presenceDot, rosterPanel, awayTracker } from './presence.js';
import { phoneTabs, isPhone } from './tabs.js';
import { rulesButton, rulesPage } from './help.js';
import { changeTracker } from './changes.js';
import { turnAlerts } from './alerts.js';

export { registerRenderer };

const app = document.getElementById('app');
const connPill = document.getElementById('conn');
let cleanup = null;

const STATUS_TEXT = { open: 'Lobby open', live: 'Match in progress', finished: 'Finished', expired: 'Expired' };

// ---------------------------------------------------------------- router

function route() {
  if (cleanup) { try { cleanup(); } catch { /* ignore */ } cleanup = null; }
  connPill.hidden = true;
  const hash = location.hash || '#/';
  // The server's own invite form: /join#<lobby>.<invite> (or #<lobby>.<invite>).
  const legacy = /^#([0-9a-f-]{36})\.([\w-]+)$/i.exec(hash);
  if (legacy) {
    history.replaceState(null, '', `/#/join/${legacy[1]}/${legacy[2]}`);
    return route();
  }
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  window.scrollTo(0, 0);
  if (parts[0] === 'join' && parts[1] && parts[2]) return joinPage(parts[1], parts[2]);
  if (parts[0] === 'table' && parts[1]) return tablePage(parts[1], {});
  if (parts[0] === 'watch' && parts[1] && parts[2]) return tablePage(parts[1], { spectate: parts[2] });
  if (parts[0] === 'preview') return previewPage(parts[1]);
  if (parts[0] === 'rules' && parts[1]) return rulesPage(app, parts[1]);
  if (parts[0] === 'seat' && parts[1] && parts[2]) return adoptSeat(parts[1], parts[2]);
  return landingPage();
}

window.addEventListener('hashchange', route);
if (location.pathname !== '/' && /^#[0-9a-f-]{36}\./i.test(location.hash)) {
  history.replaceState(null, '', `/${location.hash}`);
}
route();

function setPage(...nodes) {
  app.replaceChildren(...nodes);
}

function errorBox(err) {
  return h('p.error', { role: 'alert' }, err instanceof ApiError || err instanceof Error ? err.message : String(err));
}

// ---------------------------------------------------------------- landing

async function landingPage() {
  document.title = 'Backroom';
  const nameInput = h('input#name', { type: 'text', maxlength: 32, value: savedName(), placeholder: 'e.g. Ana', autocomplete: 'nickname', required: true });
  nameInput.addEventListener('input', () => saveName(nameInput.value.trim()));
  const gamesBox = h('div.games', h('p.muted', 'Loading games…'));
  const matchesBox = h('div.matches');
  setPage(
    h('section.intro',
      h('h1', 'Play with friends, wherever they are'),
      h('p', 'Create a private table, send the invite link, and play. Your seats are kept in this browser, so you can come back to a match days later.'),
      h('label.namefield', h('span', 'Your name at the table'), nameInput)),
    h('section.panel', h('h2', 'My matches'), matchesBox),
    h('section.panel', h('h2', 'Start a new table'), gamesBox),
  );
  drawMatches(matchesBox);
  let cat;
  try {
    cat = await api('GET', '/api/games');
  } catch (e) {
    gamesBox.replaceChildren(errorBox(e), h('button', { onclick: () => landingPage() }, 'Try again'));
    return;
  }
  gamesBox.replaceChildren(...cat.games.map((g) => gameCard(g, nameInput)));
  if (!cat.games.length) gamesBox.replaceChildren(h('p.muted', 'This server offers no games yet.'));
}

function gameCard(g, nameInput) {
  const err = h('div.form-error');
  const seats = h('select', { name: 'seats', 'aria-label': 'Seats' });
  for (let n = g.min_seats; n <= g.max_seats; n++) seats.append(h('option', { value: String(n), selected: n === g.default_seats }, `${n} players`));
  const fields = [h('label.field', h('span', 'Seats'), seats)];
  const readers = [];
  // An option for some seat counts only (a solo boss) shows only while
  // the seat count chosen is one of them, and is sent only then.
  const forSeats = [];
  const applies = (o) => !o.for_seats || (Number(seats.value) >= o.for_seats[0] && Number(seats.value) <= o.for_seats[1]);
  for (const o of g.options || []) {
    const k = o.kind;
    const at = fields.length;
    let read = null;
    if (k.kind === 'bool') {
      const cb = h('input', { type: 'checkbox', name: o.name, checked: !!k.default });
      fields.push(h('label.field.inline', cb, h('span', o.label)));
      read = () => [o.name, cb.checked];
    } else if (k.kind === 'number') {
      const inp = h('input', { type: 'number', name: o.name, min: k.min, max: k.max, step: 1, value: String(k.default), inputmode: 'numeric', required: true });
      fields.push(h('label.field', h('span', o.label.endsWith(')') ? `${o.label}, ${k.min}–${k.max}` : `${o.label} (${k.min}–${k.max})`), inp));
      read = () => {
        const v = Number(inp.value);
        if (!Number.isInteger(v) || v < k.min || v > k.max) throw new Error(`${o.label} must be a whole number from ${k.min} to ${k.max}.`);
        return [o.name, v];
      };
    } else if (k.kind === 'choice') {
      const sel = h('select', { name: o.name }, k.choices.map(([v, label]) => h('option', { value: v, selected: v === k.default }, label)));
      fields.push(h('label.field', h('span', o.label), sel));
      read = () => [o.name, sel.value];
    }
    if (read) readers.push(() => (applies(o) ? read() : null));
    if (read && o.for_seats) forSeats.push([o, fields[at]]);
  }
  const showForSeats = () => { for (const [o, el] of forSeats) el.hidden = !applies(o); };
  seats.addEventListener('change', showForSeats);
  showForSeats();
  const clock = h('select', { name: 'turn_clock' },
    [[0, 'No clock'], [60, '1 minute'], [300, '5 minutes'], [3600, '1 hour'], [86400, '1 day']].map(([v, label]) => h('option', { value: String(v) }, label)));
  fields.push(h('label.field', h('span', 'Turn clock: a bot moves for whoever the table still waits on'), clock));
  const webhook = h('input', { type: 'url', name: 'webhook_url', placeholder: 'https://discord.com/api/webhooks/…', maxlength: '500' });
  fields.push(h('label.field', h('span', 'Webhook (optional): tell a Discord or Slack channel when the table waits on someone who is away'), webhook));
  const spect = h('input', { type: 'checkbox', name: 'spectators' });
  fields.push(h('label.field.inline', spect, h('span', 'Make a spectator link (public view only)')));
  const button = h('button.primary', { type: 'submit' }, 'Create lobby');
  const form = h('form.create', fields, h('div.form-actions', button), err);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.replaceChildren();
    const name = nameInput.value.trim();
    if (!name) {
      err.replaceChildren(errorBox('Enter your name first (at the top of the page).'));
      nameInput.focus();
      return;
    }
    let options;
    try {
      options = Object.fromEntries(readers.map((r) => r()).filter(Boolean));
    } catch (e) {
      err.replaceChildren(errorBox(e));
      return;
    }
    button.disabled = true;
    button.textContent = 'Creating…';
    try {
      const j = await api('POST', '/api/lobbies', { body: { game: g.id, seats: Number(seats.value), options, name, spectators: spect.checked, turn_clock_secs: Number(clock.value), webhook_url: webhook.value.trim() || undefined } });
      saveName(name);
      saveSeat(j.lobby, { token: j.token, player: j.player, invite: j.invite, invite_url: j.invite_url, spectate_url: j.spectate_url, game: g.id, game_name: g.name, name, host: true });
      location.hash = `#/table/${j.lobby}`;
    } catch (e) {
      err.replaceChildren(errorBox(e));
      button.disabled = false;
      button.textContent = 'Create lobby';
    }
  });
  return h('article.game-card', { dataset: { game: g.id } },
    h('h3', g.name),
    h('p', g.summary),
    h('p.muted.small', `${g.min_seats === g.max_seats ? g.min_seats : `${g.min_seats}–${g.max_seats}`} players${g.house_content ? ' · includes house-designed content' : ''} · `,
      h('a', { href: `#/rules/${encodeURIComponent(g.id)}` }, 'Rules')),
    form);
}

async function drawMatches(box) {
  const seats = allSeats();
  if (!seats.length) {
    box.replaceChildren(h('p.muted', 'Tables you create or join appear here, so you can return to them later.'));
    return;
  }
  const list = h('ul.match-list');
  box.replaceChildren(list);
  for (const s of seats) {
    const status = h('span.status-pill', 'checking…');
    const detail = h('span.match-detail.muted.small', `as ${s.name || 'you'}`);
    const resume = h('a.button.primary', { href: `#/table/${s.lobby}` }, 'Resume');
    const forget = h('button.ghost.small', {
      type: 'button',
      onclick: () => {
        if (!confirm('Forget this match in this browser? You will lose your seat unless you have the link.')) return;
        forgetSeat(s.lobby);
        li.remove();
        if (!list.children.length) drawMatches(box);
      },
    }, 'Forget');
    const li = h('li.match', { dataset: { lobby: s.lobby } },
      h('div.match-main', h('strong', s.game_name || s.game || 'Game'), status, detail),
      h('div.match-actions', resume, forget));
    list.append(li);
    api('GET', `/api/lobbies/${s.lobby}`, { token: s.token }).then(
      (info) => {
        status.textContent = STATUS_TEXT[info.status] || info.status;
        status.dataset.status = info.status;
        const me = info.players.find((p) => p.id === s.player);
        const bits = [`as ${me ? me.name : s.name}`];
        if (me && me.seat !== null && me.seat !== undefined) bits.push(seatLabel(me.seat));
        bits.push(`${info.players.filter((p) => p.seat !== null && p.seat !== undefined).length}/${info.seats} seated`);
        if (info.outcome) bits.push(renderNames(info.outcome.summary, (n) => info.players.find((p) => p.seat === n)?.name, me ? me.seat : null));
        detail.textContent = bits.join(' · ');
        if (info.status === 'finished') resume.textContent = 'View result';
        if (info.status === 'expired') resume.textContent = 'Open';
      },
      (e) => {
        status.textContent = e.status === 0 ? 'offline' : 'unavailable';
        status.dataset.status = 'gone';
        if (e.status !== 0) {
          detail.textContent = e.message;
          resume.hidden = true;
        }
      },
    );
  }
}

/**
 * Whether a prompt leaves exactly one thing to do: one enabled ask (any-time
 * asks aside) whose every parameter has a single enabled option. The
 * engine's `Prompt::only_answer`, which the server's Auto-pass answers.
 */
function onlyAnswer(prompt) {
  const open = (prompt?.asks || []).filter((a) => !a.disabled && !a.any_time);
  if (open.length !== 1) return false;
  return onlyValues(open[0].params);
}

/** True when each parameter has one possible value, following the one
 * option's follow-ups (`then`) as the engine's `Prompt::only_answer` does. */
function onlyValues(params) {
  return (params || []).every((p) => {
    if (p.input.kind !== 'one') return false;
    const enabled = p.input.options.filter((o) => !o.disabled);
    return enabled.length === 1 && onlyValues(enabled[0].then);
  });
}

// ---------------------------------------------------------------- join

function joinPage(lobby, invite) {
  document.title = 'Join a table · Backroom';
  const have = loadSeat(lobby);
  const nameInput = h('input#join-name', { type: 'text', maxlength: 32, value: savedName(), placeholder: 'Your name', autocomplete: 'nickname', required: true });
  const err = h('div.form-error');
  const button = h('button.primary#join', { type: 'submit' }, 'Join the table');
  const form = h('form.join', h('label.field', h('span', 'Your name at the table'), nameInput), h('div.form-actions', button), err);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const name = nameInput.value.trim();
    if (!name) { nameInput.focus(); return; }
    if (have && !confirm(`This browser already holds a seat here as ${have.name}. Join again as ${name}? The old seat stays in the lobby.`)) return;
    button.disabled = true;
    button.textContent = 'Joining…';
    err.replaceChildren();
    try {
      const j = await api('POST', `/api/lobbies/${lobby}/join`, { body: { invite, name } });
      saveName(name);
      saveSeat(j.lobby, { token: j.token, player: j.player, name, invite: j.invite || invite, spectate_url: j.spectate_url, host: false });
      location.hash = `#/table/${j.lobby}`;
    } catch (e) {
      let text = e.message;
      if (e.code === 'already_started') text = `${e.message} Ask the host for the spectator link if you want to watch.`;
      if (e.code === 'bad_token' || e.code === 'lobby_not_found') text = `${e.message} Check that you opened the whole link.`;
      err.replaceChildren(errorBox(text));
      button.disabled = false;
      button.textContent = 'Join the table';
    }
  });
  // What the invite is for: the game, the host, the seats still free.
  const facts = h('div.invite-facts', { 'aria-live': 'polite' });
  api('GET', `/api/lobbies/${lobby}?invite=${encodeURIComponent(invite)}`).then((L) => {
    document.title = `Join ${L.game_name} · Backroom`;
    const host = L.players.find((p) => p.host);
    const taken = new Set(L.players.filter((p) => p.seat !== null && p.seat !== undefined).map((p) => p.seat));
    const free = [];
    for (let s = 0; s < L.seats; s++) if (!taken.has(s)) free.push(s + 1);
    const started = L.status !== 'open';
    facts.replaceChildren(
      h('p.invite-game', h('b', L.game_name), host ? [' · hosted by ', h('b', host.name)] : null),
      h('p.small', started ? `The match has ${L.status === 'finished' ? 'ended' : 'started'}: no seat can be taken now.`
        : free.length ? `${free.length === 1 ? 'Seat' : 'Seats'} still free: ${free.join(', ')} of ${L.seats}.` : `All ${L.seats} seats are taken; you can still join and wait for one.`),
      L.players.length ? h('p.small.muted', 'At the table: ', L.players.map((p) => `${p.name}${p.bot ? ' (bot)' : ''}`).join(', ')) : null);
  }).catch(() => { /* the form below still says what went wrong on joining */ });
  setPage(h('section.panel.narrow',
    h('h1', 'You are invited to a table'),
    facts,
    have
      ? h('div.callout', h('p', `This browser already joined this lobby as ${have.name}.`), h('a.button.primary', { href: `#/table/${lobby}` }, 'Go to the table'))
      : h('p', 'Pick the name others will see, then choose a seat.'),
    form));
  if (!have) nameInput.focus();
}

// ---------------------------------------------------------------- seat link

/**
 * #/seat/<lobby>/<token>: the same seat on another device. The token stays
 * in the fragment (never sent in a URL); it is checked, saved, and removed
 * from the address bar and the history.
 */
async function adoptSeat(lobby, token) {
  history.replaceState(null, '', `/#/table/${lobby}`);
  setPage(h('section.panel.narrow', h('p.muted', 'Opening your seat…')));
  try {
    const info = await api('GET', `/api/lobbies/${lobby}`, { token });
    const old = loadSeat(lobby);
    // The player id comes with the table's welcome; keep an old one only for the same token.
    saveSeat(lobby, { token, player: old && old.token === token ? old.player : null, game: info.game, game_name: info.game_name });
    route();
  } catch (e) {
    setPage(h('section.panel.narrow', h('h1', 'Cannot open this seat'), errorBox(e), h('a.button', { href: '#/' }, 'Home')));
  }
}

// ---------------------------------------------------------------- table

function tablePage(lobbyId, { spectate }) {
  const mine = spectate ? null : loadSeat(lobbyId);
  document.title = 'Table · Backroom';
  if (!spectate && !mine) {
    setPage(h('section.panel.narrow',
      h('h1', 'No seat here from this browser'),
      h('p', 'This browser holds no seat at this table. If you were invited, open the invite link the host sent you. If you played from another device, continue there.'),
      h('a.button', { href: '#/' }, 'Back to my matches')));
    return;
  }

  const S = {
    lobby: null, player: mine ? mine.player : null, chat: new Map(), version: null,
    view: null, prompt: null, pending: null, outcome: null, log: [], rejection: null,
    drafts: {}, promptSig: null, renderer: null, closed: null, viewer: null,
  };

  // Skeleton.
  const head = h('div.table-head');
  const notice = h('div.notice-area');
  const pre = h('section.pre', { hidden: true });
  const outcomeBox = h('section#outcome', { hidden: true });
  // A finished match, move by move, through any seat's eyes.
  const replayBox = h('section.replay.panel', { hidden: true });
  const waitLine = h('p.wait-line', { hidden: true, role: 'status' });
  // The turn clock's countdown, inside the wait line (updated every second).
  const clockSpan = h('span.turn-clock', { 'aria-live': 'off' });
  // Seats a bot plays for an away player, and the host's switch for it.
  const standIns = h('div.stand-ins', { hidden: true });
  const board = h('section.board', { hidden: true });
  const rejectBox = h('div.reject-area');
  const promptArea = h('div.prompt-area');
  const fair = h('section.fair.panel', { hidden: true });
  const logList = h('ol.log-list');
  const logBox = h('section.log.panel', { hidden: true }, h('h2', 'Game log'), h('div.log-scroll', logList));
  const logDown = followBottom(logBox.querySelector('.log-scroll'));
  const chatList = h('ol.chat-list');
  const chatInput = h('input#chat-input', { type: 'text', maxlength: 500, placeholder: spectate ? 'Spectators read only' : 'Say something…', autocomplete: 'off', disabled: !!spectate, 'aria-label': 'Chat message' });
  const chatSend = h('button', { type: 'submit', disabled: !!spectate }, 'Send');
  const chatForm = h('form.chat-form', chatInput, chatSend);
  const chatBox = h('section.chat.panel', h('h2', 'Chat'), h('div.chat-scroll', chatList), spectate ? h('p.muted.small', 'You are watching; only players can chat.') : chatForm);
  const chatDown = followBottom(chatBox.querySelector('.chat-scroll'));
  // Who is at the table (online dots), all match long.
  const roster = h('section.roster.panel', { hidden: true });
  // "While you were away": the log lines since this player's last look.
  const awayBox = h('section.away', { hidden: true });
  // The renderer's own-hand part (`data-section="hand"`), moved under the
  // prompt: on a phone, the prompt and the hand make the "Move" tab.
  const handSlot = h('div.hand-slot');
  // The renderer's banner (`data-section="banner"`: round, phase, who is
  // awaited), above the board, and on a phone above every tab's content.
  const bannerSlot = h('div.banner-slot');
  const seatLink = mine ? seatLinkBox() : null;
  const grid = h('div.table-grid',
    h('div.col-main', pre, awayBox, outcomeBox, replayBox, waitLine, standIns, bannerSlot, board, rejectBox, promptArea, handSlot),
    h('div.col-side', roster, logBox, chatBox, fair, seatLink));
  // Which tab each part belongs to on a phone (unmarked parts always show).
  // A refusal belongs to no tab: it shows on the one where the move was made.
  for (const [el, pane] of [[awayBox, 'move'], [outcomeBox, 'move'], [promptArea, 'move'], [handSlot, 'move'],
    [replayBox, 'board'], [board, 'board'], [roster, 'players'], [fair, 'players'], [seatLink, 'players'], [logBox, 'talk'], [chatBox, 'talk']]) {
    if (el) el.dataset.pane = pane;
  }
  const tableEl = h('div.table', head, notice);
  const tabs = phoneTabs(tableEl);
  tableEl.append(tabs.bar, grid);
  setPage(tableEl);
  head.append(h('h1', 'Connecting…'));

  const conn = new Connection({
    lobby: lobbyId,
    token: mine ? mine.token : undefined,
    spectate,
    onMessage: onMsg,
    onStatus: showConn,
  });
  // "Pass for me when I have nothing to decide" (kept in this browser; the
  // server answers such prompts after a short fixed delay, and reaction
  // windows keep answers sealed, so nobody can tell it from a quick pass).
  const AUTO_PASS_KEY = 'backroom.autoPass';
  const AUTO_PASS_HINT_KEY = 'backroom.autoPassHint';
  conn.autoPass = localStorage.getItem(AUTO_PASS_KEY) === '1';
  const autoPass = h('input', { type: 'checkbox', checked: conn.autoPass, 'aria-label': 'Pass for me when I have nothing to decide' });
  autoPass.addEventListener('change', () => {
    localStorage.setItem(AUTO_PASS_KEY, autoPass.checked ? '1' : '0');
    conn.setAutoPass(autoPass.checked);
  });
  const autoPassToggle = h('label.auto-pass-toggle.small', { title: 'When your only choice is to pass (a reaction you cannot play, a step with one option), the table passes for you after a moment.' }, autoPass, ' Auto-pass');
  let statusTick = null;
  const clockTick = setInterval(() => tickClock(), 1000);
  // A handle for scripted checks (tests, the console): send an action
  // exactly as the prompt's submit button does.
  window.backroomTable = { lobby: lobbyId, act: (action) => submitAction(null, action) };
  const away = awayTracker(lobbyId, awayBox, (l) => withNames(l));
  // What changed since the player's last look flashes; coming back to a
  // hidden tab redraws, so what moved meanwhile flashes then.
  const changes = changeTracker();
  // Title, favicon, sound and notification when the table starts waiting on this player.
  const alerts = spectate ? null : turnAlerts({ lobbyId, gameName: () => (S.lobby && S.lobby.game_name) || 'Backroom' });
  const onLook = () => { if (document.visibilityState === 'visible' && S.view) drawGame(); };
  document.addEventListener('visibilitychange', onLook);
  cleanup = () => { conn.stop(); away.stop(); alerts?.stop(); document.removeEventListener('visibilitychange', onLook); clearInterval(statusTick); clearInterval(clockTick); connPill.hidden = true; delete window.backroomTable; };
  conn.start();

  // ---- connection status
  function showConn(st) {
    connPill.hidden = false;
    clearInterval(statusTick);
    connPill.dataset.state = st.state;
    connPill.replaceChildren();
    if (st.state === 'online') {
      connPill.textContent = 'Connected';
      notice.querySelector('.offline')?.remove();
    } else if (st.state === 'connecting') {
      connPill.textContent = st.attempt ? 'Reconnecting…' : 'Connecting…';
    } else if (st.state === 'waiting') {
      const tick = () => {
        const secs = Math.max(0, Math.ceil((st.retryAt - Date.now()) / 1000));
        connPill.replaceChildren(
          st.why === 'restarting' ? 'Server restarting… '
            : st.why === 'busy' ? `Too many connections, retrying in ${secs}s `
            : `Offline, retrying in ${secs}s `,
          h('button.link', { type: 'button', onclick: () => conn.retryNow() }, 'retry now'));
      };
      tick();
      statusTick = setInterval(tick, 500);
      if (!notice.querySelector('.offline') && st.why !== 'restarting') {
        notice.append(h('div.notice.offline', { role: 'status' }, st.why === 'busy'
          ? `${st.text || 'Too many connections from your address: close a Backroom tab you are not using.'} Your seat is safe.`
          : 'Connection lost. Your seat is safe; reconnecting automatically. Anything you send now goes out when we are back.'));
      }
    } else if (st.state === 'closed') {
      connPill.textContent = 'Disconnected';
      S.closed = st.reason;
      notice.replaceChildren(closedNotice(st.reason, st.text));
      // What is on screen is no longer ours to act on.
      promptArea.replaceChildren();
      pre.hidden = true;
      pre.replaceChildren();
      if (!S.lobby) {
        head.replaceChildren(h('h1', 'Cannot open this table'));
        grid.hidden = true;
      } else {
        chatForm.hidden = true;
      }
    }
  }

  function seatLinkBox() {
    const link = `${location.origin}/#/seat/${lobbyId}/${mine.token}`;
    const inp = h('input', { type: 'text', readOnly: true, value: link, 'aria-label': 'Your seat link', onfocus: (e) => e.target.select() });
    return h('details.seatlink.panel',
      h('summary', 'Play this seat on another device'),
      h('p.small', 'Open this link on your other phone or computer to continue as yourself. ',
        h('strong', 'Keep it to yourself:'), ' anyone with it can play your seat.'),
      h('div.copyrow', inp, h('button.small', { type: 'button', onclick: async (e) => { const ok = await copyText(link, inp); e.target.textContent = ok ? 'Copied ✓' : 'Select and copy'; } }, 'Copy')));
  }

  function closedNotice(reason, text) {
    const forget = mine
      ? h('button.small', { type: 'button', onclick: () => { forgetSeat(lobbyId); location.hash = '#/'; } }, 'Forget this table')
      : h('a.button.small', { href: '#/' }, 'Home');
    if (reason === 'kicked') {
      if (mine) saveSeat(lobbyId, { kicked: true });
      return h('div.notice.bad', { role: 'alert' },
        h('strong', text || 'The host removed you from this lobby.'), ' ',
        'Ask the host for the invite link if that was a mistake. ', forget);
    }
    return h('div.notice.bad', { role: 'alert' },
      h('strong', text || (spectate ? 'This spectator link does not work.' : 'This browser’s seat is not valid here.')), ' ',
      text ? '' : 'The link or seat may be wrong, or the lobby has expired. ',
      forget);
  }

  // ---- messages
  function onMsg(m) {
    switch (m.type) {
      case 'welcome':
        S.viewer = m.viewer;
        if (m.player) {
          S.player = m.player;
          if (mine && mine.player !== m.player) saveSeat(lobbyId, { player: m.player });
        }
        for (const line of m.chat || []) S.chat.set(line.seq, line);
        drawChat();
        return;
      case 'lobby': {
        S.lobby = m.lobby;
        // Away times are durations as of sending: count on from arrival.
        S.lobbyAt = Date.now();
        if (m.lobby.outcome) S.outcome = m.lobby.outcome;
        if (!S.rendererLoading) {
          // Draw nothing of the match until the game's own renderer is in,
          // so its controls (not the generic ones) get the first draw.
          S.rendererLoading = loadRenderer(m.lobby.game).then((r) => { S.renderer = r; drawAll(); });
        }
        if (mine) {
          const p = m.lobby.players.find((x) => x.id === S.player);
          saveSeat(lobbyId, { game: m.lobby.game, game_name: m.lobby.game_name, ...(p ? { name: p.name } : {}) });
        }
        // The lobby too: its seats and a swap offer name each seat's side
        // from the renderer (`seatRole`), so the first draw waits for it
        // (it always loads, the generic one at worst) rather than drawing
        // the sides a redraw late.
        if (S.renderer) drawAll();
        return;
      }
      case 'state': {
        // The turn clock runs from the last move; a new version is one.
        if (m.version !== S.version) S.movedAt = Date.now();
        if (S.storeDownAt !== undefined && m.version > S.storeDownAt) storeBack();
        S.version = m.version;
        S.view = m.view;
        S.pending = m.pending;
        if (m.outcome) S.outcome = m.outcome;
        const sig = JSON.stringify(m.prompt ? m.prompt.asks : null);
        if (sig !== S.promptSig) { S.drafts = {}; S.promptSig = sig; }
        S.prompt = m.prompt || null;
        addLog(m.log || []);
        if (!spectate) away.update(S.log);
        if (S.lobby && S.lobby.status === 'open') S.lobby.status = m.outcome ? 'finished' : 'live';
        drawAll();
        return;
      }
      case 'chat':
        if (!S.chat.has(m.line.seq) && S.onChatLine) S.onChatLine(m.line);
        S.chat.set(m.line.seq, m.line);
        drawChat();
        return;
      case 'rejected':
        if (m.rid && m.rid.startsWith('a-')) return; // shown by the submitter
        return;
      case 'store_available':
        storeBack();
        return;
      case 'error':
        if (m.code === 'store_unavailable') { storeDown(); return; }
        // A bad token is explained by the notice shown when the socket closes.
        if (m.code !== 'bad_token' && m.code !== 'not_authenticated' && m.code !== 'lobby_not_found') toast(`${m.message}`, 'error', 6000);
        return;
      default:
    }
  }

  // ---- the store. While the server cannot save (a typed
  // `store_unavailable` error frame, or a move refused with it), a banner
  // above the tabs says so on every tab, until the server says
  // `store_available`; a state frame newer than the version it was raised
  // at (a move was saved) takes it away too, for a server that does not
  // say so.
  function storeDown() {
    S.storeDownAt = typeof S.version === 'number' ? S.version : -1;
    if (notice.querySelector('.store-down')) return;
    notice.append(h('div.notice.store-down', { role: 'status' },
      h('strong', 'Saving is paused:'), ' the game’s database cannot be reached; your table retries and nothing is lost.'));
  }

  function storeBack() {
    S.storeDownAt = undefined;
    notice.querySelector('.store-down')?.remove();
  }

  function addLog(lines) {
    if (!lines.length) return;
    S.log.push(...lines);
    for (const l of lines) logList.append(h('li', withNames(l)));
    logBox.hidden = false;
    logDown();
  }

  // ---- helpers for renderers
  const players = () => (S.lobby ? S.lobby.players : []);
  const me = () => players().find((p) => p.id === S.player) || null;
  const mySeat = () => {
    const p = me();
    if (p && p.seat !== null && p.seat !== undefined) return p.seat;
    if (S.viewer && typeof S.viewer === 'object' && 'seat' in S.viewer) return S.viewer.seat;
    return null;
  };
  const bySeat = (s) => players().find((p) => p.seat === s);
  const seatName = (s) => {
    const p = bySeat(s);
    return p ? p.name : seatLabel(s);
  };
  const isHost = () => !!(me() && me().host);
  // Seconds a person has been away now: the server's figure when the lobby
  // frame was sent, counted on from its arrival (no clock to agree on).
  const awayFor = (p) => (p.away_secs || 0) + (Date.now() - (S.lobbyAt || Date.now())) / 1000;
  // Server text names seats by token ({seat:1}, names.js): the table's
  // names, "you" for the reader. Lines stored before tokens said "Seat 2":
  // those get the name added.
  const withNames = (text, reader = mySeat()) => renderNames(text, (s) => bySeat(s)?.name, reader)
    .replace(/\b[Ss]eat (\d+)\b(?! \()/g, (m, n) => {
      const p = bySeat(Number(n) - 1);
      return p ? `${m} (${p.name})` : m;
    });

  function drawAll() {
    tableEl.classList.toggle('tabbed', !!S.lobby && S.lobby.status !== 'open');
    drawHead();
    drawRoster();
    drawPre();
    drawGame();
    drawFair();
  }

  function drawHead() {
    const L = S.lobby;
    if (!L) return;
    document.title = `${L.game_name} · Backroom`;
    const seat = mySeat();
    head.replaceChildren(
      h('h1', L.game_name),
      h('span.status-pill', { dataset: { status: L.status } }, STATUS_TEXT[L.status] || L.status),
      spectate ? h('span.pill', 'Watching') : seat !== null ? h('span.pill.me', `You: ${me() ? me().name : ''} · ${seatLabel(seat)}`) : h('span.pill', `You: ${me() ? me().name : ''} · not seated`),
      h('span.head-tools', alerts && mySeat() !== null ? alerts.controls : null, mySeat() !== null ? autoPassToggle : null, rulesButton(L.game, L.game_name)),
    );
  }

  /** The players and their online dots, once the match is on. */
  function drawRoster() {
    const L = S.lobby;
    roster.hidden = !L || L.status === 'open';
    if (roster.hidden) return;
    const r = S.renderer;
    const roleOf = r && r.role && S.view ? (s) => { try { return r.role(S.view, s); } catch { return null; } } : null;
    roster.replaceChildren(...rosterPanel(L, { me: S.player, awayFor, roleOf }));
  }

  // ---- before start
  // What the invite's Copy button last said, so that a lobby redraw in the
  // next two seconds (a seat taken, someone online) keeps "Copied ✓".
  let copyNote = { text: 'Copy link', until: 0 };
  function drawPre() {
    const L = S.lobby;
    if (!L || L.status !== 'open' || S.closed) { pre.hidden = true; return; }
    pre.hidden = false;
    const host = isHost();
    const seat = mySeat();
    const parts = [];
    if (mine && mine.invite) {
      const link = `${location.origin}/#/join/${lobbyId}/${mine.invite}`;
      const inp = h('input#invite-link', { type: 'text', readOnly: true, value: link, 'aria-label': 'Invite link', onfocus: (e) => e.target.select() });
      parts.push(h('div.invite.panel',
        h('h2', 'Invite your friends'),
        h('p.muted.small', 'Anyone with this link can join this lobby. Send it privately.'),
        h('div.copyrow', inp, h('button.primary#copy-invite', {
          type: 'button',
          onclick: async () => {
            const ok = await copyText(link, inp);
            copyNote = { text: ok ? 'Copied ✓' : 'Select and copy', until: Date.now() + 2000 };
            const say = (text) => { const b = document.getElementById('copy-invite'); if (b) b.textContent = text; };
            say(copyNote.text);
            setTimeout(() => say('Copy link'), 2000);
          },
        }, Date.now() < copyNote.until ? copyNote.text : 'Copy link'),
        navigator.share ? h('button', {
          type: 'button',
          onclick: () => navigator.share({ title: `${L.game_name} at Backroom`, text: `Join my ${L.game_name} table:`, url: link }).catch(() => {}),
        }, 'Share…') : null)));
    }
    const spectLink = spectateLink();
    if (spectLink) {
      const inp = h('input#spectate-link', { type: 'text', readOnly: true, value: spectLink, 'aria-label': 'Spectator link', onfocus: (e) => e.target.select() });
      parts.push(h('div.invite.panel.soft',
        h('h2', 'Spectator link'),
        h('p.muted.small', 'Watchers see only what every player can see.'),
        h('div.copyrow', inp, h('button', { type: 'button', onclick: async (e) => { const ok = await copyText(spectLink, inp); e.target.textContent = ok ? 'Copied ✓' : 'Select and copy'; } }, 'Copy'))));
    }
    const cards = [];
    // The side each seat plays, when the game names it (renderer.seatRole).
    const seatRoleOf = (s) => { try { return S.renderer && S.renderer.seatRole ? S.renderer.seatRole(s, L.seats) : null; } catch { return null; } };
    for (let s = 0; s < L.seats; s++) {
      const p = bySeat(s);
      const isMe = p && p.id === S.player;
      const actions = [];
      if (!spectate && !p) actions.push(h(seat === null ? 'button.small.primary' : 'button.small.ghost', { type: 'button', dataset: { sit: String(s) }, onclick: () => lobbyCall('seat', { seat: s }) }, seat === null ? 'Sit here' : 'Move here'));
      // A seated player trades seats with a bot at once, and with a person
      // who accepts the swap they are offered (the server swaps both).
      if (!spectate && p && !isMe && seat !== null) actions.push(...swapActions(p, s));
      if (isMe) actions.push(h('button.small.ghost', { type: 'button', dataset: { stand: '' }, onclick: () => lobbyCall('seat', { seat: null }) }, 'Stand up'));
      if (host && p && !isMe && !p.bot) actions.push(h('button.small.ghost', { type: 'button', dataset: { makeHost: p.id }, onclick: () => makeHost(p) }, 'Make host'));
      if (host && p && !isMe) actions.push(h('button.small.ghost.danger', { type: 'button', dataset: { kick: p.id }, onclick: () => kick(p) }, p.bot ? 'Remove bot' : 'Remove'));
      cards.push(h('li.seat-card', { class: `seat-card${p ? '' : ' empty'}${isMe ? ' mine' : ''}`, dataset: { seat: String(s) } },
        seatRoleOf(s) ? h('span.seat-no', { dataset: { role: seatRoleOf(s) } }, `${seatLabel(s)} · ${seatRoleOf(s)}`) : h('span.seat-no', seatLabel(s)),
        p ? personLine(p) : h('span.muted', 'empty'),
        h('span.seat-actions', actions)));
    }
    const standing = L.players.filter((p) => p.seat === null || p.seat === undefined);
    const empty = L.seats - L.players.filter((p) => p.seat !== null && p.seat !== undefined).length;
    const hostP = L.players.find((p) => p.host);
    const ctl = [];
    if (host) {
      if (empty) ctl.push(h('button#fill-bots', { type: 'button', onclick: () => lobbyCall('bots') }, `Fill ${empty} empty seat${empty > 1 ? 's' : ''} with bots`));
      ctl.push(h('button.primary#start', { type: 'button', disabled: empty > 0, onclick: () => lobbyCall('start') }, 'Start the match'));
      ctl.push(h('p.hint', empty > 0 ? `Every seat needs a player or a bot before you start (${empty} empty).` : 'Everyone is seated. Start when ready.'));
    } else if (!spectate) {
      ctl.push(h('p.muted', `Waiting for ${hostP ? hostP.name : 'the host'} to start the match.`));
      const away = hostAwayLine();
      if (away) ctl.push(away);
    }
    if (!spectate && seat === null) parts.unshift(h('div.callout.pick', { role: 'status' }, 'Pick a seat below to play.'));
    for (const o of liveSwaps().filter((o) => o.to === seat && bySeat(o.from))) {
      const from = bySeat(o.from);
      const role = seatRoleOf(o.from);
      parts.unshift(h('div.callout.swap-offer', { role: 'status', dataset: { swapFrom: String(o.from) } },
        h('span', `${from.name} offers to swap seats: you would take ${seatLabel(o.from)}${role ? ` (${role})` : ''} and ${from.name} yours.`),
        h('span.swap-answer',
          h('button.small.primary', { type: 'button', dataset: { swapAccept: String(o.from) }, onclick: () => lobbyCall('swap', { seat: o.from }) }, 'Accept the swap'),
          h('button.small.ghost', { type: 'button', dataset: { swapDecline: String(o.from) }, onclick: () => lobbyCall('swap', { decline: o.from }) }, 'Decline'))));
    }
    parts.push(h('div.seats.panel',
      h('h2', `Seats (${L.seats - empty}/${L.seats})`),
      h('ol.seat-list', cards),
      standing.length ? h('div.standing', h('span.muted.small', 'In the lobby, not seated: '), standing.map((p) => h('span.person', personLine(p), host && p.id !== S.player ? h('button.small.ghost.danger', { type: 'button', dataset: { kick: p.id }, onclick: () => kick(p) }, 'Remove') : null))) : null,
      h('div.host-controls', ctl),
      !spectate && !host ? h('div.leave-row', h('button.link.small', { type: 'button', onclick: leave }, 'Leave this lobby')) : null));
    pre.replaceChildren(...parts);
  }

  /**
   * The seat swaps still open (`LobbyInfo.swaps`): each lasts the seconds
   * the server gave when the lobby frame was sent, counted from its
   * arrival; the lobby redraws when the first one runs out.
   */
  let swapTimer = null;
  function liveSwaps() {
    clearTimeout(swapTimer);
    const L = S.lobby;
    const since = (Date.now() - (S.lobbyAt || Date.now())) / 1000;
    const open = ((L && L.swaps) || []).filter((o) => o.expires_in_secs > since);
    if (open.length) swapTimer = setTimeout(drawAll, (Math.min(...open.map((o) => o.expires_in_secs)) - since) * 1000 + 100);
    return open;
  }

  /** A seat card's swap buttons for the person or bot at seat `s`. */
  function swapActions(p, s) {
    const seat = mySeat();
    if (p.bot) return [h('button.small.ghost', { type: 'button', dataset: { swap: String(s) }, onclick: () => lobbyCall('swap', { seat: s }) }, 'Swap with the bot')];
    const open = liveSwaps();
    if (open.some((o) => o.from === seat && o.to === s)) {
      return [h('span.muted.small.swap-wait', `Swap offered: waiting for ${p.name}`),
        h('button.small.ghost', { type: 'button', dataset: { swapWithdraw: String(s) }, onclick: () => lobbyCall('swap', {}) }, 'Withdraw')];
    }
    if (open.some((o) => o.from === s && o.to === seat)) {
      return [h('button.small.primary', { type: 'button', dataset: { swapAccept: String(s) }, onclick: () => lobbyCall('swap', { seat: s }) }, 'Accept the swap')];
    }
    return [h('button.small.ghost', { type: 'button', dataset: { swap: String(s) }, onclick: () => lobbyCall('swap', { seat: s }) }, `Offer ${p.name} a swap`)];
  }

  function spectateLink() {
    if (!mine || !mine.spectate_url) return null;
    const u = mine.spectate_url;
    const m = /([0-9a-f-]{36})[/.]([\w-]+)\/?$/i.exec(u);
    if (m) return `${location.origin}/#/watch/${m[1]}/${m[2]}`;
    return u.startsWith('http') ? u : `${location.origin}${u.startsWith('/') ? '' : '/'}${u}`;
  }

  function personLine(p) {
    return h('span.person-line',
      h('span.dot', { class: `dot ${p.bot || p.connected ? 'on' : 'off'}`, title: p.bot ? 'bot' : p.connected ? 'online' : 'offline' }),
      h('span.pname', p.name),
      p.id === S.player ? h('span.badge.you', 'you') : null,
      p.host ? h('span.badge', 'host') : null,
      p.bot ? h('span.badge.bot', 'bot') : null);
  }

  async function lobbyCall(what, body) {
    try {
      const info = await api('POST', `/api/lobbies/${lobbyId}/${what}`, { token: mine.token, body: body === undefined ? undefined : body });
      if (info && info.id) onMsg({ type: 'lobby', lobby: info });
    } catch (e) {
      toast(e.message, 'error', 6000);
    }
  }

  function makeHost(p) {
    if (!confirm(`Make ${p.name} the host? They will start the match and you will not be host any more.`)) return;
    lobbyCall('host', { player: p.id });
  }

  /**
   * For a person at the table who is not the host, while the host has no
   * open connection: how long until anyone may take over as host (the
   * server's `stand_in_after_secs`), then the button. Redraws itself when
   * the wait is over.
   */
  let hostTimer = null;
  function hostAwayLine() {
    clearTimeout(hostTimer);
    const hostP = players().find((p) => p.host);
    if (!mine || !me() || isHost() || !hostP || hostP.connected) return null;
    const after = S.lobby.stand_in_after_secs || 0;
    const away = awayFor(hostP);
    if (away < after) {
      hostTimer = setTimeout(drawAll, Math.min(after - away + 0.2, 30) * 1000);
      return h('p.stand-in.away.host-away', `${hostP.name}, the host, is away. Once they have been away ${waitWords(after)}, you can take over as host.`);
    }
    return h('p.stand-in.away.host-away', `${hostP.name}, the host, is away.`,
      h('button.small', { type: 'button', dataset: { takeHost: '' }, onclick: () => lobbyCall('host', { player: S.player }) }, 'Take over as host'));
  }

  function kick(p) {
    if (!p.bot && !confirm(`Remove ${p.name} from the lobby?`)) return;
    lobbyCall('kick', { player: p.id });
  }

  async function leave() {
    if (!confirm('Leave this lobby? You will need the invite link to come back.')) return;
    try {
      await api('POST', `/api/lobbies/${lobbyId}/leave`, { token: mine.token });
      forgetSeat(lobbyId);
      location.hash = '#/';
    } catch (e) {
      toast(e.message, 'error', 6000);
    }
  }

  // ---- the match
  function drawGame() {
    const L = S.lobby;
    if (!L || L.status === 'open') {
      board.hidden = true; waitLine.hidden = true; standIns.hidden = true; outcomeBox.hidden = true; promptArea.replaceChildren(); rejectBox.replaceChildren();
      return;
    }
    if (L.status === 'expired' && S.view === null) {
      board.hidden = false;
      board.replaceChildren(h('p.muted', 'This lobby expired before the match started.'));
      return;
    }
    if (S.view === null || !S.renderer) {
      board.hidden = false;
      board.replaceChildren(h('p.muted', 'Setting up the table…'));
      return;
    }
    // In a replay the board is the replayed view, seen by the chosen seat,
    // with nothing to answer.
    const R = S.replay;
    const view = R ? R.view : S.view;
    const seat = R ? (R.viewer && R.viewer.seat !== undefined ? R.viewer.seat : null) : mySeat();
    const ctx = {
      view, seat, spectator: R ? seat === null : !!spectate, players: players(), seatName, names: withNames, pending: R ? R.pending : S.pending,
      presenceDot: (s) => presenceDot(bySeat(s)),
      prompt: R ? null : S.prompt, outcome: R && R.at < R.moves ? null : S.outcome, lobby: L, version: R ? R.at : S.version, draft: R ? {} : S.drafts,
      log: R ? [] : S.log,
      // In a replay the board is drawn from `seat`'s view, but that seat is
      // not "you": renderers name it (`youAt` says when a seat is you).
      replay: !!R,
      youAt: (s) => !R && s === seat,
    };
    const renderer = S.renderer;
    let el;
    try {
      el = renderer.render(view, ctx);
    } catch (e) {
      console.error(e);
      el = getRenderer('*').render(view, ctx);
    }
    board.hidden = false;
    board.replaceChildren(el);
    handSlot.replaceChildren(...el.querySelectorAll('[data-section="hand"]'));
    bannerSlot.replaceChildren(...el.querySelectorAll('[data-section="banner"]'));
    if (!R) changes.mark([bannerSlot, board, handSlot]);
    drawOutcome();
    drawReplay();
    if (R) {
      waitLine.hidden = true; standIns.hidden = true; rejectBox.replaceChildren();
      const eyes = R.viewer && R.viewer.seat !== undefined ? seatName(R.viewer.seat) : 'a spectator';
      promptArea.replaceChildren(h('p.replay-on', { role: 'status' },
        h('b', 'Replay on: '), `${R.at === 0 ? 'before the first move' : `after move ${R.at} of ${R.moves}`}, seen by ${eyes}. `,
        h('button.link.small', { type: 'button', onclick: () => replayBox.querySelector('.replay-meta button')?.click() }, 'Leave the replay')));
      return;
    }
    drawWait(seat);
    drawPrompt(ctx, renderer);
  }

  /**
   * Replay of a finished match (players only: the request carries the
   * token in its header). Built once when the match is over; each step asks
   * the server for the chosen seat's view after that many moves (the
   * record is public once the match is over) and redraws the board with it.
   */
  function drawReplay() {
    const L = S.lobby;
    if (!mine || !L || L.status !== 'finished') { replayBox.hidden = true; return; }
    replayBox.hidden = false;
    if (replayBox.childElementCount) return;
    const total = L.version;
    const slider = h('input#replay-at', { type: 'range', min: 0, max: total, value: total, 'aria-label': 'Move' });
    const where = h('span.replay-where', `All ${total} moves played`);
    const lines = h('p.replay-lines.muted');
    const seats = players().filter((p) => p.seat !== null && p.seat !== undefined).sort((a, b) => a.seat - b.seat);
    const own = mySeat();
    const eyes = h('select#replay-seat', { 'aria-label': 'Seen by' },
      seats.map((p) => h('option', { value: String(p.seat), selected: p.seat === own }, `${p.name}${p.seat === own ? ' (you)' : ''}`)));
    const back = h('button.small.ghost', { type: 'button', hidden: true }, 'Back to the end');
    let asked = 0;
    async function go(at) {
      at = Math.max(0, Math.min(total, at));
      slider.value = String(at);
      const n = ++asked;
      try {
        const r = await api('GET', `/api/lobbies/${lobbyId}/replay?at=${at}&seat=${eyes.value}`, { token: mine.token });
        if (n !== asked) return; // a later step is on its way
        S.replay = r;
        where.textContent = r.at === 0 ? 'Before the first move' : `After move ${r.at} of ${r.moves}${r.seat !== undefined ? ` (${seatName(r.seat)})` : ''}`;
        // Through another's eyes, nobody is "you": every seat by its name.
        lines.textContent = r.lines.map((l) => withNames(l, null)).join(' ');
        back.hidden = false;
        drawGame();
      } catch (e) {
        toast(e.message, 'error', 6000);
      }
    }
    const step = (d) => () => go(Number(slider.value) + d);
    slider.addEventListener('change', () => go(Number(slider.value)));
    eyes.addEventListener('change', () => go(Number(slider.value)));
    back.addEventListener('click', () => {
      asked++;
      S.replay = null; slider.value = String(total); where.textContent = `All ${total} moves played`; lines.textContent = ''; back.hidden = true;
      drawGame();
    });
    replayBox.append(
      h('h2', 'Replay'),
      h('div.replay-controls',
        h('button.small', { type: 'button', 'aria-label': 'First move', onclick: () => go(0) }, '«'),
        h('button.small', { type: 'button', 'aria-label': 'Previous move', onclick: step(-1) }, '◀'),
        slider,
        h('button.small', { type: 'button', 'aria-label': 'Next move', onclick: step(1) }, '▶'),
        h('button.small', { type: 'button', 'aria-label': 'Last move', onclick: () => go(total) }, '»')),
      h('div.replay-meta', where, h('label', 'Seen by ', eyes), back),
      lines);
  }

  function drawWait(seat) {
    const P = S.pending;
    drawStandIns(P);
    if (!P || P.mode === 'over' || S.outcome) { waitLine.hidden = true; document.title = `${S.lobby.game_name} · Backroom`; alerts?.update(false); return; }
    // "you", "you and Bea", "Bea, Cy and you": you last, the others in seat order.
    const names = (arr) => {
      const list = [...arr.filter((s) => s !== seat).map(seatName), ...(arr.includes(seat) ? ['you'] : [])];
      return list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}` : list.join('');
    };
    let text = '';
    if (P.mode === 'turn') text = P.seat === seat ? 'Your turn.' : `${seatName(P.seat)}’s turn.`;
    else if (P.mode === 'simultaneous') {
      text = P.waiting.length ? `Waiting for ${names(P.waiting)}.` : 'Revealing…';
      if (P.waiting.length === 1 && P.waiting[0] === seat && P.committed.length) text = 'Everyone else is locked in: waiting for you.';
      if (seat !== null && P.committed.includes(seat) && P.waiting.length) text = `You are locked in. ${text}`;
    } else if (P.mode === 'window') {
      const left = P.seats.filter((s) => !P.answered.includes(s));
      text = `Waiting for ${names(left)} to answer or pass.`;
    } else if (P.mode === 'negotiation') {
      const left = P.seats.filter((s) => !P.ready.includes(s));
      text = `Negotiating; not ready yet: ${names(left)}.`;
    }
    waitLine.hidden = !text;
    waitLine.textContent = text;
    const secs = S.lobby.turn_clock_secs || 0;
    const person = awaitedSeats(P).some((s) => { const p = bySeat(s); return p && !p.bot && !p.stand_in; });
    if (secs && person && text) waitLine.append(' ', clockSpan);
    clockSpan.dataset.on = secs && person ? '1' : '';
    tickClock();
    const yours = !!S.prompt && seat !== null && awaitedSeats(P).includes(seat);
    waitLine.classList.toggle('your-move', yours);
    tabs.badge('move', yours ? '' : null);
    alerts?.update(yours, text);
    // A background tab shows it in its title.
    document.title = `${yours ? '● Your move · ' : ''}${S.lobby.game_name} · Backroom`;
  }

  /**
   * The turn clock, counted from when this page saw the last move (the
   * server's clock runs from the move itself, so this may show a moment
   * more than is left): "· 4:32 before a bot moves", then "· a bot moves now".
   */
  function tickClock() {
    const secs = (S.lobby && S.lobby.turn_clock_secs) || 0;
    if (!clockSpan.dataset.on || !secs) return;
    const left = Math.max(0, Math.ceil(secs - (Date.now() - (S.movedAt || Date.now())) / 1000));
    const mm = Math.floor(left / 3600) ? `${Math.floor(left / 3600)}:${String(Math.floor(left / 60) % 60).padStart(2, '0')}` : String(Math.floor(left / 60));
    clockSpan.textContent = left > 0 ? `· ${mm}:${String(left % 60).padStart(2, '0')} before a bot moves` : '· a bot moves now';
  }

  /** The seats the table waits on now. */
  function awaitedSeats(P) {
    if (!P) return [];
    if (P.mode === 'turn') return [P.seat];
    if (P.mode === 'simultaneous') return P.waiting;
    if (P.mode === 'window') return P.seats.filter((x) => !P.answered.includes(x));
    if (P.mode === 'negotiation') return P.seats.filter((x) => !P.ready.includes(x));
    return [];
  }

  /**
   * Away players and the bots standing in for them. Everyone sees who a bot
   * is playing for; the host can let a bot play for an away player the table
   * waits on at once, and stop it; anyone else seated can start it once that
   * player has been away the server's `stand_in_after_secs` (so a table
   * whose host is away too is not stuck). The player gets the seat back by
   * coming back.
   */
  let standInTimer = null;
  function drawStandIns(P) {
    clearTimeout(standInTimer);
    const live = P && P.mode !== 'over' && !S.outcome && !S.closed;
    const rows = [];
    const seated = mySeat() !== null && me() !== null;
    if (live) {
      const awaited = new Set(awaitedSeats(P));
      const after = S.lobby.stand_in_after_secs || 0;
      let wake = Infinity;
      for (const p of players()) {
        if (p.bot || p.seat === null || p.seat === undefined) continue;
        if (p.stand_in) {
          rows.push(h('p.stand-in', `A bot is playing for ${p.name} until they come back.`,
            isHost() ? h('button.small.ghost', { type: 'button', dataset: { standIn: String(p.seat) }, onclick: () => lobbyCall('stand-in', { seat: p.seat, on: false }) }, 'Stop the bot') : null));
        } else if (!p.connected && awaited.has(p.seat) && (isHost() || seated)) {
          const away = awayFor(p);
          const offer = h('button.small', { type: 'button', dataset: { standIn: String(p.seat) }, onclick: () => lobbyCall('stand-in', { seat: p.seat, on: true }) }, `Let a bot play for ${p.name}`);
          if (isHost() || away >= after) {
            rows.push(h('p.stand-in.away', `${p.name} is away${away >= 60 ? ` (for ${waitWords(away)})` : ''}.`, offer));
          } else {
            rows.push(h('p.stand-in.away', `${p.name} is away. Once they have been away ${waitWords(after)}, anyone at the table can let a bot play for them.`));
            wake = Math.min(wake, after - away);
          }
        }
      }
      // Offer the button the moment the wait is over (and keep "for N min"
      // current meanwhile).
      if (rows.length) standInTimer = setTimeout(() => drawStandIns(S.pending), Math.min(wake + 0.2, 30) * 1000);
      const hostLine = seated ? hostAwayLine() : null;
      if (hostLine) rows.push(hostLine);
    }
    standIns.hidden = !rows.length;
    standIns.replaceChildren(...rows);
  }

  /** "45 s", "2 min", "2 min 5 s". */
  function waitWords(secs) {
    const s = Math.max(0, Math.ceil(secs));
    const m = Math.floor(s / 60);
    if (!m) return `${s} s`;
    return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
  }

  function drawPrompt(ctx, renderer) {
    drawRejection();
    if (S.closed) { promptArea.replaceChildren(); return; }
    if (spectate) { promptArea.replaceChildren(h('p.muted.watching', 'You are watching this match.')); return; }
    if (S.outcome) { promptArea.replaceChildren(); return; }
    if (!S.prompt) {
      promptArea.replaceChildren(mySeat() === null ? h('p.muted', 'You are not seated in this match.') : h('p.muted.nothing', 'Nothing for you to do right now.'));
      return;
    }
    const focused = document.activeElement && promptArea.contains(document.activeElement) ? document.activeElement.dataset.dial : undefined;
    const el = renderPrompt(renderPromptNames(S.prompt, (t) => withNames(t)), ctx, renderer, submitAction);
    promptArea.replaceChildren(...[autoPassHint(S.prompt), el].filter(Boolean));
    if (focused !== undefined) promptArea.querySelector(`[data-dial="${focused}"]`)?.focus();
  }

  /**
   * The first time a prompt leaves one thing to do (a reaction window you
   * can only pass, a step with a single option) and Auto-pass is off, say
   * here what the box at the top does; once dismissed or ticked, never again.
   */
  function autoPassHint(prompt) {
    if (conn.autoPass || localStorage.getItem(AUTO_PASS_HINT_KEY) === '1' || !onlyAnswer(prompt)) return null;
    const done = () => { localStorage.setItem(AUTO_PASS_HINT_KEY, '1'); hint.remove(); };
    const hint = h('p.callout.auto-pass-hint.small', { role: 'note' },
      'Nothing to decide here but to answer. Tick ', h('b', 'Auto-pass'), ' at the top and the table answers such prompts for you after a moment (nobody can tell it from a quick answer by hand). ',
      h('button.small', { type: 'button', onclick: () => { autoPass.checked = true; autoPass.dispatchEvent(new Event('change')); done(); } }, 'Turn it on'), ' ',
      h('button.link.small', { type: 'button', onclick: done }, 'No thanks'));
    return hint;
  }

  async function submitAction(ask, action) {
    S.rejection = null;
    drawRejection();
    if (!conn.online) toast('Offline: your move will be sent when the connection is back.', 'info');
    const res = await conn.request({ type: 'act', version: S.version, action });
    if (res.type === 'rejected') {
      S.rejection = res;
      if (res.code === 'store_unavailable') storeDown();
      drawRejection();
      rejectBox.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    }
  }

  function drawRejection() {
    const r = S.rejection;
    if (!r) { rejectBox.replaceChildren(); return; }
    rejectBox.replaceChildren(h('div.rejected', { role: 'alert', dataset: { code: r.code } },
      h('div.rejected-title', 'Not accepted', r.rule ? h('span.rule', ` · rule: ${r.rule}`) : null),
      h('p', r.message),
      h('p.muted.small', r.code === 'stale_version' ? 'The table changed before your move arrived; look again and resend.' : `Nothing changed at the table (${r.code}).`),
      h('button.link.small', { type: 'button', onclick: () => { S.rejection = null; drawRejection(); } }, 'Dismiss')));
  }

  function drawOutcome() {
    const O = S.outcome;
    if (!O) { outcomeBox.hidden = true; return; }
    outcomeBox.hidden = false;
    const seat = mySeat();
    const ord = (n) => ['1st', '2nd', '3rd'][n] || `${n + 1}th`;
    // When the game itself won (a solo boss), it takes first place and
    // every seat places after it: nobody at the table won.
    const beaten = O.game_winner ? 1 : 0;
    let place = null;
    O.ranking.forEach((g, i) => { if (g.includes(seat)) place = i + beaten; });
    const rows = O.ranking.map((g, i) => h('li', { class: g.includes(seat) ? 'mine' : null },
      h('span.place', ord(i + beaten)),
      h('span.who', g.map((s) => seatName(s)).join(' & ')),
      O.scores && O.scores.length ? h('span.pts', `${O.scores[g[0]]} pt${O.scores[g[0]] === 1 ? '' : 's'}`) : null));
    if (beaten) rows.unshift(h('li.game-winner', h('span.place', ord(0)), h('span.who', O.game_winner)));
    const placed = place === null ? null
      : beaten ? `You lose: ${O.game_winner} wins.`
        : place === 0 ? (O.ranking[0].length > 1 ? 'You share first place!' : 'You win!') : `You placed ${ord(place)}.`;
    outcomeBox.replaceChildren(h('div.outcome', { class: beaten ? 'outcome game-won' : 'outcome' },
      h('h2', 'Game over'),
      h('p.summary', withNames(O.summary)),
      placed ? h('p.you-placed', placed) : null,
      h('ol.ranking', rows),
      h('div.outcome-actions', playAgainButton(), h('a.button', { href: '#/' }, 'Back to my matches'))));
  }

  /**
   * "Play again": the first player to ask makes the next match's lobby
   * (same game, options and seats; they host it) and everyone else is
   * offered to follow. This browser's token for this table is its token
   * there too.
   */
  function playAgainButton() {
    if (!mine || !me()) return null;
    const L = S.lobby;
    const label = L && L.rematch ? 'Join the rematch' : 'Play again (same seats)';
    return h('button', { type: 'button', dataset: { rematch: '' }, onclick: async (e) => {
      e.target.disabled = true;
      try {
        const r = await api('POST', `/api/lobbies/${lobbyId}/rematch`, { token: mine.token });
        saveSeat(r.lobby, {
          token: mine.token, player: mine.player, name: me().name, game: L.game, game_name: L.game_name, host: r.created,
          ...(r.created ? { invite: r.invite, invite_url: r.invite_url, spectate_url: r.spectate_url } : {}),
        });
        location.hash = `#/table/${r.lobby}`;
      } catch (err) {
        e.target.disabled = false;
        toast(err.message, 'error', 6000);
      }
    } }, label);
  }

  // ---- fairness: seed hash at start, seed revealed at the end
  async function drawFair() {
    const L = S.lobby;
    if (!L || (!L.seed_hash && !L.seed)) { fair.hidden = true; return; }
    fair.hidden = false;
    const verdict = h('p.verdict.small');
    const items = [h('h2', 'Fair shuffle')];
    if (L.seed_hash) items.push(h('p.small', 'Seed hash (published at the start): ', h('code.hash#seed-hash', L.seed_hash)));
    if (L.seed) {
      items.push(h('p.small', 'Seed (revealed at the end): ', h('code.hash#seed', L.seed)), verdict);
      if (mine) items.push(h('button.small', { type: 'button', onclick: downloadRecord }, 'Download the match record'));
    } else {
      items.push(h('p.muted.small', 'The seed itself is revealed when the match ends, so anyone can check nothing was changed.'));
    }
    fair.replaceChildren(...items);
    if (L.seed && L.seed_hash) {
      const ok = await verifySeed(L.seed, L.seed_hash);
      verdict.textContent = ok === true ? '✓ SHA-256 of the seed matches the published hash.'
        : ok === false ? '✗ The revealed seed does not match the published hash.' : '(This browser cannot check the hash here.)';
      verdict.dataset.ok = String(ok);
    }
  }

  async function downloadRecord() {
    try {
      const rec = await api('GET', `/api/lobbies/${lobbyId}/record`, { token: mine.token });
      const blob = new Blob([JSON.stringify(rec, null, 2)], { type: 'application/json' });
      const a = h('a', { href: URL.createObjectURL(blob), download: `backroom-${lobbyId}.json` });
      document.body.append(a);
      a.click();
      a.remove();
    } catch (e) {
      toast(e.message, 'error');
    }
  }

  // ---- chat
  function drawChat() {
    const lines = [...S.chat.values()].sort((a, b) => a.seq - b.seq);
    chatList.replaceChildren(...(lines.length ? lines.map((l) => h('li',
      h('span.chat-meta', h('b', l.from), l.seat !== null && l.seat !== undefined ? ` (${seatLabel(l.seat)})` : '', ' · ', clock(l.at)),
      h('span.chat-text', l.text))) : [h('li.muted.small.empty', 'No messages yet.')]));
    chatDown();
  }
  drawChat();

  // On a phone the chat is far below the table: count what arrives unseen.
  const chatJump = h('button.chat-jump.small', { type: 'button', hidden: true, onclick: () => {
    if (isPhone() && tableEl.classList.contains('tabbed')) tabs.select('talk');
    chatBox.scrollIntoView({ behavior: 'smooth', block: 'start' });
  } });
  let chatVisible = false;
  let unread = 0;
  const showUnread = () => {
    // On a phone with tabs the "Log & chat" tab counts them instead.
    chatJump.hidden = unread === 0 || (isPhone() && tableEl.classList.contains('tabbed'));
    chatJump.textContent = `Chat: ${unread} new`;
    tabs.badge('talk', unread ? String(unread) : null);
  };
  if ('IntersectionObserver' in window) {
    new IntersectionObserver((entries) => {
      chatVisible = entries.some((e) => e.isIntersecting);
      if (chatVisible) { unread = 0; showUnread(); }
    }).observe(chatList);
  }
  S.onChatLine = (line) => {
    if (chatVisible || line.from === (me() && me().name)) return;
    unread += 1;
    showUnread();
  };
  document.body.append(chatJump);
  const prevCleanup = cleanup;
  cleanup = () => { prevCleanup(); chatJump.remove(); };

  chatForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const text = chatInput.value.trim();
    if (!text) return;
    chatSend.disabled = true;
    const res = await conn.request({ type: 'chat', text });
    chatSend.disabled = false;
    if (res.type === 'ack') {
      if (chatInput.value.trim() === text) chatInput.value = '';
    } else {
      toast(`Chat not sent: ${res.message}`, 'error', 6000);
    }
    chatInput.focus();
  });
}

/** True/false when checked, null when the browser cannot hash here. */
async function verifySeed(seed, hash) {
  if (!(window.crypto && crypto.subtle)) return null;
  const want = hash.toLowerCase();
  const hex = async (bytes) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
  const candidates = [new TextEncoder().encode(seed)];
  if (/^[0-9a-f]+$/i.test(seed) && seed.length % 2 === 0) {
    candidates.unshift(Uint8Array.from(seed.match(/../g).map((x) => parseInt(x, 16))));
  }
  for (const c of candidates) if ((await hex(c)) === want) return true;
  return false;
}

// ---------------------------------------------------------------- preview

/**
 * #/preview[/<game>]: every prompt input kind drawn by the generic controls
 * (and a game's renderer, if named), with the action each would send. For
 * game authors checking their prompts; it talks to no server.
 */
async function previewPage(gameId) {
  document.title = 'Prompt preview · Backroom';
  const renderer = gameId ? await loadRenderer(gameId) : getRenderer('*');
  const opts = (...labels) => labels.map((l, i) => ({ value: i, label: l }));
  const prompt = {
    title: 'Every input kind',
    asks: [
      { verb: 'pass', label: 'Pass' },
      { verb: 'claim', label: 'Claim the Mission', disabled: 'costs 5 Hope; you have 4' },
      { verb: 'play', label: 'Play a card', fixed: { from: 'hand' }, params: [
        { name: 'card', label: 'Card', input: { kind: 'one', options: [...opts('Cerebro', 'Danger Room'), { value: 2, label: 'Blackbird', disabled: 'costs 3 Hope; you have 2' }] } },
        { name: 'school', label: 'School', input: { kind: 'one', options: opts('Xavier', 'Massachusetts', 'Hellfire', 'Genosha', 'Weapon X', 'Morlocks', 'Asteroid M') } },
        { name: 'targets', label: 'Targets', input: { kind: 'many', options: opts('Cyclops', 'Storm', 'Rogue', 'Gambit'), min: 1, max: 2 } },
        { name: 'amount', label: 'Hope', input: { kind: 'number', min: 0, max: 6 } },
      ] },
      { verb: 'arrange', label: 'Arrange', params: [
        { name: 'order', label: 'Order', input: { kind: 'order', options: opts('First', 'Second', 'Third') } },
      ] },
      { verb: 'move', label: 'Move', params: [
        { name: 'to', label: 'Hex', input: { kind: 'hex', cells: [[0, 0], [1, 0], [0, 1], [-1, 1]] } },
        { name: 'aim', label: 'Aim', input: { kind: 'point', min_x: 0, min_y: 0, max_x: 10, max_y: 10 } },
        { name: 'note', label: 'Note', input: { kind: 'text', max_len: 40 } },
      ] },
      // A continuous choice: a record of fields, ready-made values as quick picks.
      { verb: 'advance', label: 'Lay a tool', params: [
        { name: 'plan', label: 'Plan', input: { kind: 'record', fields: [
          { name: 'tool', label: 'Tool', input: { kind: 'one', options: [{ value: 'S', label: 'S tool' }, { value: 'M', label: 'M tool' }] } },
          { name: 'angle', label: 'Angle', input: { kind: 'real', min: -360, max: 360 } },
          { name: 'to', label: 'End', input: { kind: 'point', min_x: 0, min_y: 0, max_x: 36, max_y: 36 } },
        ], options: [{ value: { tool: 'S', angle: 0, to: [6, 2] }, label: 'S east to 6, 2' }, { value: { tool: 'M', angle: 90, to: [2, 8] }, label: 'M north to 2, 8' }] } },
      ] },
    ],
  };
  const view = { seats: 3, round: 2, hand: [{ name: 'Cerebro', cost: 2 }, { name: 'Blackbird', cost: 3 }], hope: [4, 2, 5], my_secret: null };
  const out = h('pre.preview-out', 'Submit something to see the action.');
  const ctx = { view, seat: 0, spectator: false, players: [], seatName: seatLabel, pending: null, prompt, outcome: null, lobby: null, version: 0, draft: {} };
  setPage(h('section.panel', h('h1', 'Prompt preview'), h('p.muted.small', 'Generic controls for every input kind; nothing is sent anywhere.')),
    h('div.table-grid',
      h('div.col-main',
        h('section.board', renderer.render(view, ctx)),
        h('div.prompt-area', renderPrompt(prompt, ctx, renderer, async (ask, action) => { out.textContent = JSON.stringify(action, null, 2); }))),
      h('div.col-side', h('section.panel', h('h2', 'Action'), out))));
}

/**
 * A scrolled list (the log, the chat) that follows new lines unless its
 * reader scrolled up to read back. Whether it follows is remembered from
 * the reader's own scrolling, never measured when a line arrives: a list
 * hidden behind a phone tab measures 0 high, and the phone layout changes
 * its height, so a measurement then would stop it following for good.
 * Shown again or resized, a following list goes back to its last line.
 * Returns the call that brings it down after lines are added.
 */
function followBottom(scroller) {
  let follows = true;
  scroller.addEventListener('scroll', () => {
    if (scroller.clientHeight) follows = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 30;
  });
  const down = () => { if (follows) scroller.scrollTop = scroller.scrollHeight; };
  if (typeof ResizeObserver === 'function') new ResizeObserver(down).observe(scroller);
  return down;
}
