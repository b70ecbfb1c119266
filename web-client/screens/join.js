// The join screen (#/join/<lobby>/<invite>): what the invite is for, the
// name to sit down with, and the join request. The invite stays in the URL
// fragment and goes to the server in the request body, never in a URL.

import { h, api, saveSeat, loadSeat, savedName, saveName } from '../util.js';
import { setPage, errorBox } from './page.js';

export function joinPage(lobby, invite) {
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
      L.players.length ? h('p.small.muted', 'At the table: ', L.players.map((p) => `${p.name}${p.bot ? ' (bot)' : p.program ? ' (program)' : ''}`).join(', ')) : null);
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
