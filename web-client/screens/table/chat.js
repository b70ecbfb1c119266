// The table's chat: the lines, sending one, and on a phone (or scrolled
// away) the count of lines that arrived unseen.

import { h, toast, seatLabel, clock } from '../../util.js';
import { isPhone } from '../../tabs.js';
import { screen } from '../page.js';

/** Its part of the table: `T` holds the table's state, elements and helpers, and every part's functions. */
export function chatPart(T) {
  const { S, chatList, chatInput, chatSend, chatForm, chatBox, chatDown, tableEl, tabs, conn, me } = T;

  // ---- chat
  function drawChat() {
    const lines = [...S.chat.values()].sort((a, b) => a.seq - b.seq);
    chatList.replaceChildren(...(lines.length ? lines.map((l) => h('li',
      h('span.chat-meta', h('b', l.from), l.seat !== null && l.seat !== undefined ? ` (${seatLabel(l.seat)})` : '', ' · ', clock(l.at)),
      h('span.chat-text', l.text))) : [h('li.muted.small.empty', 'No messages yet.')]));
    chatDown();
  }

  /** Draws the chat and starts counting unseen lines (once, at the table's start). */
  function startChat() {
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
    const prevCleanup = screen.cleanup;
    screen.cleanup = () => { prevCleanup(); chatJump.remove(); };

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

  return { drawChat, startChat };
}
