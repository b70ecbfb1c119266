// Who is here, and what happened while you were not.
//
// Presence comes from the lobby frames the server sends whenever someone
// connects, leaves or is handed to a bot (`LobbyInfo.players[].connected`,
// `stand_in`, `away_secs`): the table keeps a roster of the seated players
// with an online dot each, for the whole match, and renderers may put the
// same dot beside a seat's name (`ctx.presenceDot(seat)`).
//
// "While you were away": this browser remembers, per table, how many log
// lines its player has seen (lines drawn while the tab was visible). A
// player who comes back (opens the table again, or returns to a tab hidden
// for a while) gets the lines since in a short panel they can dismiss. The
// lines are the player's own log, so the panel shows nothing the log does
// not.

import { h } from './util.js';

/** A hidden tab counts as "away" once it was hidden this long. */
const AWAY_AFTER_MS = 20_000;
/** Lines shown before "Show all". */
const SHOWN = 5;

/** A bot level as people read it ('strong' → 'Strong'). */
export const LEVELS = ['easy', 'normal', 'strong'];
export function levelWord(level) {
  return level ? level[0].toUpperCase() + level.slice(1) : '';
}

/** A server bot's badge text: "Bot · Strong". */
export function botBadge(p) {
  return p.level ? `Bot · ${levelWord(p.level)}` : 'Bot';
}

/** 'online' | 'away' | 'bot' | 'stand-in': a player's presence in words the stylesheet knows. */
export function presenceOf(p) {
  if (!p) return 'away';
  if (p.bot) return 'bot';
  if (p.stand_in) return 'stand-in';
  return p.connected ? 'online' : 'away';
}

const DOT_TITLE = { online: 'online', away: 'away', bot: 'a bot', 'stand-in': 'away: a bot plays for them' };

/** The online dot for one player (a bot's is always on). */
export function presenceDot(p) {
  const st = presenceOf(p);
  return h('span.dot', { class: `dot presence ${st === 'away' ? 'off' : 'on'} p-${st}`, title: DOT_TITLE[st], role: 'img', 'aria-label': DOT_TITLE[st], dataset: { presence: st } });
}

/**
 * The roster of seated players during the match: dot, name, seat, and
 * what is special about them (you, host, bot, a bot standing in, away for).
 */
export function rosterPanel(lobby, { me, awayFor, roleOf }) {
  const seated = lobby.players.filter((p) => p.seat !== null && p.seat !== undefined).sort((a, b) => a.seat - b.seat);
  const watchers = lobby.players.filter((p) => p.seat === null || p.seat === undefined);
  const row = (p) => {
    const st = presenceOf(p);
    const away = st === 'away' || st === 'stand-in' ? awayFor(p) : 0;
    return h('li.roster-row', { dataset: { seat: String(p.seat), presence: st } },
      presenceDot(p),
      h('span.pname', p.name),
      roleOf && roleOf(p.seat) ? h('span.roster-role.muted.small', roleOf(p.seat)) : null,
      p.id === me ? h('span.badge.you', 'you') : null,
      p.host ? h('span.badge', 'host') : null,
      p.bot ? h('span.badge.bot', { dataset: { level: p.level || '' } }, botBadge(p)) : null,
      p.program ? h('span.badge.bot.program', { title: 'a program someone wrote plays this seat' }, 'program') : null,
      st === 'stand-in' ? h('span.badge.bot', { dataset: { level: p.level || '' } }, `a bot plays for them${p.level ? ` · ${levelWord(p.level)}` : ''}`) : null,
      st === 'away' || st === 'stand-in' ? h('span.roster-away.muted.small', away >= 60 ? `away ${awayWords(away)}` : 'away') : null);
  };
  return [
    h('h2', 'Players'),
    h('ul.roster-list', seated.map(row)),
    watchers.length ? h('p.muted.small', 'Also here, not seated: ', watchers.map((p, i) => [i ? ', ' : '', presenceDot(p), ' ', p.name])) : null,
  ].filter(Boolean);
}

function awayWords(secs) {
  const m = Math.floor(secs / 60);
  if (m < 60) return `${m} min`;
  const hrs = Math.floor(m / 60);
  if (hrs < 48) return `${hrs} h`;
  return `${Math.floor(hrs / 24)} days`;
}

/**
 * Keeps count of the log lines this player has seen at one table, and
 * draws the "while you were away" panel into `box`.
 * `render(line)` turns a log line into text or nodes, as the log does.
 */
export function awayTracker(lobbyId, box, render) {
  const key = `backroom.seen.${lobbyId}`;
  let stored = null;
  try { stored = JSON.parse(localStorage.getItem(key) || 'null'); } catch { stored = null; }
  let seen = stored && Number.isInteger(stored.n) ? stored.n : null; // null: never here before
  let log = [];
  let hiddenAt = document.visibilityState === 'hidden' ? Date.now() : null;
  let opened = false;

  const save = () => {
    seen = log.length;
    try { localStorage.setItem(key, JSON.stringify({ n: seen, at: Date.now() })); } catch { /* private mode */ }
  };

  const show = (lines, since) => {
    const all = lines.map((l) => h('li', render(l)));
    const last = all.slice(-SHOWN);
    const more = all.length > SHOWN
      ? h('details.away-all', h('summary', `Show all ${all.length}`), h('ol.away-lines', all.map((li) => li.cloneNode(true))))
      : null;
    box.hidden = false;
    box.replaceChildren(h('div.away-summary', { role: 'status', dataset: { lines: String(lines.length) } },
      h('div.away-head',
        h('strong', 'While you were away'),
        h('button.link.small.away-dismiss', { type: 'button', onclick: dismiss }, 'Dismiss')),
      h('p.muted.small.away-count', `${lines.length} new log line${lines.length === 1 ? '' : 's'}${since ? ` since ${since}` : ''}${all.length > SHOWN ? `; the last ${SHOWN}:` : ':'}`),
      h('ol.away-lines', last),
      more));
  };
  const dismiss = () => { box.hidden = true; box.replaceChildren(); };

  const sinceWords = (at) => {
    if (!at) return '';
    const d = new Date(at);
    const today = new Date().toDateString() === d.toDateString();
    const hm = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    return today ? hm : `${d.toLocaleDateString([], { month: 'short', day: 'numeric' })} ${hm}`;
  };

  const onVisible = () => {
    if (document.visibilityState === 'hidden') { if (hiddenAt === null) hiddenAt = Date.now(); return; }
    const was = hiddenAt;
    hiddenAt = null;
    if (seen !== null && log.length > seen && was !== null && Date.now() - was >= AWAY_AFTER_MS) show(log.slice(seen), sinceWords(was));
    save();
  };
  document.addEventListener('visibilitychange', onVisible);

  return {
    /** The whole log so far (after new lines arrived). */
    update(all) {
      log = all;
      if (!opened) {
        // The first state of this page: the lines beyond what was seen last time.
        opened = true;
        if (seen !== null && log.length > seen) show(log.slice(seen), sinceWords(stored && stored.at));
      }
      if (document.visibilityState !== 'hidden') save();
    },
    dismiss,
    stop() { document.removeEventListener('visibilitychange', onVisible); },
  };
}
