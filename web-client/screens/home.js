// The landing screen (#/): the games this server offers, each with its
// options and a "Create lobby" button, and this browser's matches (the
// seats it holds). Its own module so that app.js stays the router.

import { renderNames } from '../names.js';
import { LEVELS, levelWord } from '../presence.js';
import { h, api, saveSeat, forgetSeat, allSeats, savedName, saveName, seatLabel } from '../util.js';
import { setPage, errorBox, STATUS_TEXT } from './page.js';

export async function landingPage() {
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
  // The level of the bots that stand in for people who are away and move
  // when a turn clock runs out (the host can change it in the lobby too).
  const standIn = h('select', { name: 'stand_in_level' },
    LEVELS.map((l) => h('option', { value: l, selected: l === 'normal' }, levelWord(l))));
  fields.push(h('label.field', h('span', 'A bot standing in for someone away plays'), standIn));
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
      const j = await api('POST', '/api/lobbies', { body: { game: g.id, seats: Number(seats.value), options, name, spectators: spect.checked, turn_clock_secs: Number(clock.value), stand_in_level: standIn.value, webhook_url: webhook.value.trim() || undefined } });
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
