// Villains: prompt controls richer than the generic ones (prompt.js): a
// list of choices that stays readable with long labels (activations,
// skills, plan scorings) and carries each choice's text as a tip, and a
// choice of units that says where each one stands and in what state.
// Both follow the prompt.js control contract: {el, get()}, the choice kept
// in ctx.draft[key], a bubbling 'pick' event on change.

import { h } from '../../util.js';
import { areaName } from './text.js';
import { seatColor } from './city.js';

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One choice among the options, each drawn by `draw(o) -> {props, body}`.
 * opts.row: a wrapping row instead of a column; opts.onPick(value);
 * opts.note: a line under the choices.
 */
export function choiceList(param, ctx, key, draw, opts = {}) {
  const i = param.input;
  const open = i.options.filter((o) => !o.disabled);
  let chosen = ctx.draft[key] !== undefined ? ctx.draft[key] : open.length === 1 ? open[0].value : undefined;
  if (chosen !== undefined && !open.some((o) => same(o.value, chosen))) chosen = undefined;
  if (chosen !== undefined) ctx.draft[key] = chosen;
  const list = h(opts.row ? 'div.vl-choices.row' : 'div.vl-choices', { role: 'radiogroup', 'aria-label': param.label });
  const buttons = i.options.map((o, n) => {
    const { props = {}, body } = draw(o);
    const b = h('button.choice.vl-choice', {
      type: 'button', role: 'radio', 'aria-checked': String(same(o.value, chosen)), disabled: !!o.disabled, ...props,
      dataset: { ...(props.dataset || {}), n: String(n) },
      onclick: () => {
        chosen = o.value;
        ctx.draft[key] = chosen;
        for (const x of buttons) x.setAttribute('aria-checked', String(x === b));
        if (opts.onPick) opts.onPick(chosen);
        list.dispatchEvent(new Event('pick', { bubbles: true }));
      },
    }, body, o.disabled ? h('small.why', ` (${o.disabled})`) : null);
    return b;
  });
  list.append(...buttons);
  const el = opts.note ? h('div', list, h('p.small.muted.vl-choice-note', opts.note)) : list;
  return { el, get: () => chosen };
}

/** A choice of units: each with its owner's colour, area and state. */
export function unitChoice(param, ctx, key, view) {
  const where = new Map();
  for (const a of view.areas) for (const u of a.units) where.set(u.uid, { a: a.id, u });
  return choiceList(param, ctx, key, (o) => {
    const w = where.get(o.value);
    const u = w && w.u;
    const state = u ? [u.wounded ? 'wounded' : null, u.readied ? 'readied' : null].filter(Boolean).join(', ') : '';
    return {
      props: { dataset: { unitPick: String(o.value) } },
      body: [u ? h('span.vl-chip', { style: { '--seat': seatColor(u.owner) } }) : null, ' ', h('b', o.label),
        w ? h('small', ` in ${areaName(w.a)}${state ? ` · ${state}` : ''}`) : h('small', ' killed this round, still attacks')],
    };
  }, { row: true });
}
