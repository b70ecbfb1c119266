// The table screen's skeleton: every part of the page the table draws
// into (head, notices, lobby, board, prompt, log, chat, roster, replay…),
// laid out in its two columns, each marked with its phone tab, and put on
// the page. The parts in screens/table/ fill them.

import { h, copyText } from '../../util.js';
import { phoneTabs } from '../../tabs.js';
import { setPage } from '../page.js';

/** Builds the table's elements and puts them on the page; returns them by name. */
export function skeleton({ spectate, mine, lobbyId }) {
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
  return { head, notice, pre, outcomeBox, replayBox, waitLine, clockSpan, standIns, board, rejectBox, promptArea, fair, logList, logBox, logDown, chatList, chatInput, chatSend, chatForm, chatBox, chatDown, roster, awayBox, handSlot, bannerSlot, seatLink, grid, tableEl, tabs };

  function seatLinkBox() {
    const link = `${location.origin}/#/seat/${lobbyId}/${mine.token}`;
    const inp = h('input', { type: 'text', readOnly: true, value: link, 'aria-label': 'Your seat link', onfocus: (e) => e.target.select() });
    return h('details.seatlink.panel',
      h('summary', 'Play this seat on another device'),
      h('p.small', 'Open this link on your other phone or computer to continue as yourself. ',
        h('strong', 'Keep it to yourself:'), ' anyone with it can play your seat.'),
      h('div.copyrow', inp, h('button.small', { type: 'button', onclick: async (e) => { const ok = await copyText(link, inp); e.target.textContent = ok ? 'Copied ✓' : 'Select and copy'; } }, 'Copy')));
  }
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
