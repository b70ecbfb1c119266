// Seat tokens in server text, rendered with the table's names.
//
// Engines never know who sits where, so log lines, prompt titles and labels
// and outcome summaries carry tokens (see protocol/README.md, "Names in
// text", and games/engine/src/names.rs, whose renderer this mirrors):
//
//   {seat:N}                 the name at seat N (0-based), "you" for the reader
//   {seat:N(Role)}           "Jean (Role)" for others, "you" for the reader
//   {seat:N|third|second}    "Jean has" / "you have": a verb that agrees
//
// "you" is "You" at the start of the text or of a sentence. Anything that is
// not a well-formed token stays as it is.

const TOKEN = /\{seat:(\d{1,3})(?:\(([^(){}|]*)\))?(?:\|([^{}|]*)\|([^{}|]*))?\}/g;

/**
 * The text with every seat token replaced.
 * @param {string} text
 * @param {(seat: number) => string|undefined} nameOf the name at a seat, if known
 * @param {number|null|undefined} reader the reader's own seat (none for spectators)
 */
export function renderNames(text, nameOf, reader) {
  return String(text).replace(TOKEN, (_m, n, role, third, second, at, whole) => {
    const seat = Number(n);
    const verb = third !== undefined ? second : undefined;
    if (reader !== null && reader !== undefined && seat === Number(reader)) {
      const before = whole.slice(0, at);
      const t = before.trimEnd();
      const start = t === '' || (t.length < before.length && /[.!?]$/.test(t));
      return (start ? 'You' : 'you') + (verb !== undefined ? ` ${verb}` : '');
    }
    const name = nameOf(seat) || `Seat ${seat + 1}`;
    return name + (role ? ` (${role})` : '') + (third !== undefined ? ` ${third}` : '');
  });
}

/**
 * A copy of a prompt whose title and every label (asks, parameters,
 * options) are rendered; values are left as they are.
 */
export function renderPromptNames(prompt, render) {
  const walk = (v) => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const out = {};
    for (const [k, x] of Object.entries(v)) {
      out[k] = (k === 'title' || k === 'label') && typeof x === 'string' ? render(x) : k === 'value' || k === 'fixed' ? x : walk(x);
    }
    return out;
  };
  return prompt ? walk(prompt) : prompt;
}
