// The lobby before the start: the invite and spectator links, the seats
// (sit, move, stand, swap with a bot or offer a person a swap), the host's
// controls (bots and their levels, program seats and their links, start,
// make host, remove),
// taking over from an away host, and leaving (the calls themselves are
// lobby-calls.js).

import { h, copyText, seatLabel } from '../../util.js';
import { LEVELS, levelWord, botBadge } from '../../presence.js';

/** Its part of the table: `T` holds the table's state, elements and helpers, and every part's functions. */
export function lobbyPart(T) {
  const { S, mine, lobbyId, spectate, pre, away, mySeat, bySeat, isHost } = T;
  const drawAll = (...a) => T.drawAll(...a);
  const lobbyCall = (...a) => T.lobbyCall(...a);
  const makeHost = (...a) => T.makeHost(...a);
  const hostAwayLine = (...a) => T.hostAwayLine(...a);
  const kick = (...a) => T.kick(...a);
  const leave = (...a) => T.leave(...a);
  const holdForProgram = (...a) => T.holdForProgram(...a);

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
      // A seat for a program someone wrote (docs/bots.md): the host gets its link.
      if (host && !p) actions.push(h('button.small.ghost', { type: 'button', dataset: { program: String(s) }, title: 'A program you or a friend wrote plays this seat over the public protocol', onclick: () => holdForProgram(s) }, 'Seat a program'));
      // A seated player trades seats with a bot at once, and with a person
      // who accepts the swap they are offered (the server swaps both).
      if (!spectate && p && !isMe && seat !== null) actions.push(...swapActions(p, s));
      if (isMe) actions.push(h('button.small.ghost', { type: 'button', dataset: { stand: '' }, onclick: () => lobbyCall('seat', { seat: null }) }, 'Stand up'));
      if (host && p && !isMe && !p.bot && !p.program) actions.push(h('button.small.ghost', { type: 'button', dataset: { makeHost: p.id }, onclick: () => makeHost(p) }, 'Make host'));
      if (host && p && !isMe) actions.push(h('button.small.ghost.danger', { type: 'button', dataset: { kick: p.id }, onclick: () => kick(p) }, p.bot ? 'Remove bot' : 'Remove'));
      cards.push(h('li.seat-card', { class: `seat-card${p ? '' : ' empty'}${isMe ? ' mine' : ''}`, dataset: { seat: String(s) } },
        seatRoleOf(s) ? h('span.seat-no', { dataset: { role: seatRoleOf(s) } }, `${seatLabel(s)} · ${seatRoleOf(s)}`) : h('span.seat-no', seatLabel(s)),
        // The host chooses each bot's level (easy, normal, strong) on a row
        // of its own (its badge then needs no level); others read the badge.
        p ? personLine(p, !(host && p.bot)) : h('span.muted', 'empty'),
        h('span.seat-actions', actions),
        p && host && p.bot
          ? h('label.bot-level', h('span.small.muted', 'Plays'), levelPicker(`level-${s}`, `Level of ${p.name}`, p.level, (level) => lobbyCall('level', { seat: s, level }), { botLevel: String(s) }))
          : null));
    }
    const standing = L.players.filter((p) => p.seat === null || p.seat === undefined);
    const empty = L.seats - L.players.filter((p) => p.seat !== null && p.seat !== undefined).length;
    const hostP = L.players.find((p) => p.host);
    const ctl = [];
    if (host) {
      if (empty) {
        const fillLevel = levelPicker('fill-level', 'Level of the new bots', fillWith, (level) => { fillWith = level; });
        ctl.push(h('span.fill-row', h('button#fill-bots', { type: 'button', onclick: () => lobbyCall('bots', { level: fillWith }) }, `Fill ${empty} empty seat${empty > 1 ? 's' : ''} with bots`), fillLevel));
      }
      // The level of the bots that stand in for people who are away and
      // move when a turn clock runs out.
      ctl.push(h('label.level-row', { for: 'stand-in-level' }, h('span.small', 'A bot standing in for someone away plays '),
        levelPicker('stand-in-level', 'Level of a bot standing in', L.stand_in_level || 'normal', (level) => lobbyCall('level', { level }))));
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
    const links = programLinks();
    if (links.length) {
      parts.push(h('div.invite.panel.soft.program-links',
        h('h2', 'Program seats'),
        h('p.muted.small', 'Give each link to the program that plays the seat (docs/bots.md tells how a program uses it). It is shown only in this browser.'),
        links.map(({ seat: s, link }) => {
          const inp = h('input', { type: 'text', readOnly: true, value: link, 'aria-label': `Program link for ${seatLabel(s)}`, dataset: { programLink: String(s) }, onfocus: (e) => e.target.select() });
          return h('div.copyrow', h('span.small', seatLabel(s)), inp, h('button', { type: 'button', onclick: async (e) => { const ok = await copyText(link, inp); e.target.textContent = ok ? 'Copied ✓' : 'Select and copy'; } }, 'Copy'));
        })));
    }
    parts.push(h('div.seats.panel',
      h('h2', `Seats (${L.seats - empty}/${L.seats})`),
      h('ol.seat-list', cards),
      standing.length ? h('div.standing', h('span.muted.small', 'In the lobby, not seated: '), standing.map((p) => h('span.person', personLine(p), host && p.id !== S.player ? h('button.small.ghost.danger', { type: 'button', dataset: { kick: p.id }, onclick: () => kick(p) }, 'Remove') : null))) : null,
      h('div.host-controls', ctl),
      !spectate && !host ? h('div.leave-row', h('button.link.small', { type: 'button', onclick: leave }, 'Leave this lobby')) : null));
    const fair = T.fairLine();
    if (fair) parts.push(fair);
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

  /** The program seats' links this browser holds, for seats a program still has. */
  function programLinks() {
    const held = (mine && mine.programs) || {};
    return Object.entries(held)
      .map(([s, v]) => ({ seat: Number(s), player: v.player, link: `${location.origin}${v.url}` }))
      .filter(({ seat: s, player }) => { const p = bySeat(s); return p && p.id === player && p.program; })
      .sort((a, b) => a.seat - b.seat);
  }

  function spectateLink() {
    if (!mine || !mine.spectate_url) return null;
    const u = mine.spectate_url;
    const m = /([0-9a-f-]{36})[/.]([\w-]+)\/?$/i.exec(u);
    if (m) return `${location.origin}/#/watch/${m[1]}/${m[2]}`;
    return u.startsWith('http') ? u : `${location.origin}${u.startsWith('/') ? '' : '/'}${u}`;
  }

  // The level the next "Fill with bots" asks for (kept across redraws).
  let fillWith = 'normal';

  /** A level picker: a small select of easy, normal and strong. */
  function levelPicker(id, label, level, onpick, dataset) {
    return h(`select.level-pick#${id}`, { 'aria-label': label, dataset, onchange: (e) => onpick(e.target.value) },
      LEVELS.map((l) => h('option', { value: l, selected: l === (level || 'normal') }, levelWord(l))));
  }

  /** A person's (or bot's) name and badges; a bot's badge names its level unless `withLevel` is false. */
  function personLine(p, withLevel = true) {
    return h('span.person-line',
      h('span.dot', { class: `dot ${p.bot || p.connected ? 'on' : 'off'}`, title: p.bot ? 'bot' : p.connected ? 'online' : p.program ? 'the program has not connected' : 'offline' }),
      h('span.pname', p.name),
      p.id === S.player ? h('span.badge.you', 'you') : null,
      p.host ? h('span.badge', 'host') : null,
      p.bot ? h('span.badge.bot', { dataset: { level: p.level || '' } }, withLevel ? botBadge(p) : 'Bot') : null,
      p.program ? h('span.badge.bot.program', { title: 'a program someone wrote plays this seat' }, 'program') : null);
  }

  return { drawPre, liveSwaps, swapActions, spectateLink, programLinks, personLine };
}
