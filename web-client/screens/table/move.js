// The viewer's move: the prompt (the renderer's or the generic controls),
// the Auto-pass hint, sending an action, and a refusal's notice.

import { renderPromptNames } from '../../names.js';
import { h, toast } from '../../util.js';
import { renderPrompt } from '../../prompt.js';

/** Its part of the table: `T` holds the table's state, elements and helpers, and every part's functions. */
export function movePart(T) {
  const { S, spectate, rejectBox, promptArea, conn, AUTO_PASS_HINT_KEY, autoPass, mySeat, withNames } = T;
  const storeDown = (...a) => T.storeDown(...a);

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

  return { drawPrompt, autoPassHint, submitAction, drawRejection };
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
