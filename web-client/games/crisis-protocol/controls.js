// Marvel: Crisis Protocol: prompt controls richer than the generic ones
// (prompt.js), following its control contract ({el, get(), set(v)}, the
// choice kept in ctx.draft[key], a bubbling 'pick' event on change):
//
// * `choice`: one of the offered options, as buttons with their texts (a
//   select when there are many, e.g. the movement plans); the battlefield
//   sets it through `set` when a lit thing is tapped (or, for a free-hand
//   movement plan, `set(plan, true)`: a value outside the list);
// * the squad builder: characters as stat cards with the running threat
//   against the Maximum Threat, shared alter egos and the affiliation more
//   than half the squad shares, and up to 5 Team Tactic cards with their
//   texts (affiliated cards marked when the squad lacks the affiliation).
//   Both are previews: the options are the prompt's, the server judges.

import { h } from '../../util.js';
import { charOf, charTip, tacticOf, tacticTip, tipProps } from './text.js';

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Controls built for the prompt now on screen, by key ("ask:param"). */
export const controls = new Map();

/** One of the options: buttons (draw(o) -> {props, body}) or, past `many`, a select. */
export function choice(param, ctx, key, draw, { many = 14, row = false, onPick, keep = null } = {}) {
  const i = param.input;
  const open = i.options.filter((o) => !o.disabled);
  let chosen = ctx.draft[key] !== undefined ? ctx.draft[key] : open.length === 1 ? open[0].value : undefined;
  // `keep(v)`: a value outside the list that stays chosen (a free-hand plan).
  if (chosen !== undefined && !open.some((o) => same(o.value, chosen)) && !(keep && keep(chosen))) chosen = undefined;
  if (chosen !== undefined) ctx.draft[key] = chosen;
  let el;
  let show;
  if (i.options.length > many) {
    const sel = h('select.cp-select', { 'aria-label': param.label },
      h('option', { value: '' }, `— ${param.label} (${open.length}) —`),
      i.options.map((o, n) => h('option', { value: String(n), disabled: !!o.disabled }, o.disabled ? `${o.label} (${o.disabled})` : o.label)));
    sel.addEventListener('change', () => {
      chosen = sel.value === '' ? undefined : i.options[Number(sel.value)].value;
      ctx.draft[key] = chosen;
      if (onPick) onPick(chosen);
    });
    show = () => { const n = i.options.findIndex((o) => same(o.value, chosen)); sel.value = n < 0 ? '' : String(n); };
    el = sel;
  } else {
    const list = h(row ? 'div.cp-choices.row' : 'div.cp-choices', { role: 'radiogroup', 'aria-label': param.label });
    const buttons = i.options.map((o, n) => {
      const { props = {}, body } = draw ? draw(o) : { body: o.label };
      return h('button.choice.cp-choice', {
        type: 'button', role: 'radio', disabled: !!o.disabled, ...props, dataset: { ...(props.dataset || {}), n: String(n) },
        onclick: () => {
          chosen = o.value;
          ctx.draft[key] = chosen;
          show();
          if (onPick) onPick(chosen);
          list.dispatchEvent(new Event('pick', { bubbles: true }));
        },
      }, body, o.disabled ? h('small.why', ` (${o.disabled})`) : null);
    });
    list.append(...buttons);
    show = () => buttons.forEach((b, n) => b.setAttribute('aria-checked', String(same(i.options[n].value, chosen))));
    el = list;
  }
  show();
  const control = {
    el,
    get: () => chosen,
    // `free`: a value the prompt did not list but the engine takes (a
    // free-hand movement plan); the server judges it.
    set(v, free = false) {
      if (!free && !open.some((o) => same(o.value, v))) return false;
      chosen = v;
      ctx.draft[key] = v;
      show();
      el.dispatchEvent(new Event('pick', { bubbles: true }));
      if (onPick) onPick(v);
      return true;
    },
  };
  controls.set(key, control);
  return control;
}

// ------------------------------------------------------------ the squad builder
/** The characters chosen in the same ask (for the Team Tactic cards' affiliation check). */
const charsOfAsk = (ctx, key) => {
  const ai = key.split(':')[0];
  for (const [k, v] of Object.entries(ctx.draft)) if (k.split(':')[0] === ai && k !== key && Array.isArray(v) && v.every((x) => charOf(x))) return v;
  return [];
};

/** What the chosen characters add up to: threat, shared alter egos, the affiliation of more than half. */
export function squadSummary(ids) {
  const cs = ids.map(charOf).filter(Boolean);
  const threat = cs.reduce((a, c) => a + c.threat, 0);
  const egos = new Map();
  for (const c of cs) egos.set(c.alterEgo, [...(egos.get(c.alterEgo) || []), c.name]);
  const shared = [...egos.values()].filter((n) => n.length > 1);
  const counts = new Map();
  for (const c of cs) for (const a of c.affiliations) counts.set(a, (counts.get(a) || 0) + 1);
  const affiliation = [...counts].find(([, n]) => n * 2 > cs.length);
  return { threat, shared, affiliation: affiliation ? affiliation[0] : null };
}

function manyControl(param, ctx, key, { cls, item, summary }) {
  const i = param.input;
  const chosen = new Set((ctx.draft[key] || []).map((v) => JSON.stringify(v)));
  const note = h('div.cp-squad-note', { role: 'status' });
  const values = () => i.options.filter((o) => chosen.has(JSON.stringify(o.value))).map((o) => o.value);
  const refresh = () => {
    for (const b of grid.children) b.setAttribute('aria-pressed', String(chosen.has(b.dataset.v)));
    note.replaceChildren(...summary(values()));
  };
  const grid = h(`div.${cls}`, { role: 'group', 'aria-label': param.label }, i.options.map((o) => {
    const k = JSON.stringify(o.value);
    const { props = {}, body } = item(o);
    return h('button.cp-pick', {
      type: 'button', disabled: !!o.disabled, 'aria-pressed': String(chosen.has(k)), ...props,
      dataset: { ...(props.dataset || {}), v: k },
      onclick: () => {
        if (chosen.has(k)) chosen.delete(k); else chosen.add(k);
        ctx.draft[key] = values();
        refresh();
        grid.dispatchEvent(new Event('pick', { bubbles: true }));
        // The other half of the builder reads this one (threat, affiliation).
        for (const [k2, c] of controls) if (k2 !== key && k2.split(':')[0] === key.split(':')[0] && c.refresh) c.refresh();
      },
    }, body, o.disabled ? h('small.why', ` (${o.disabled})`) : null);
  }));
  refresh();
  const control = { el: h('div.cp-many', grid, note), get: values, refresh };
  controls.set(key, control);
  return control;
}

/** The characters of a secret squad, as stat cards, with the running threat. */
export function squadCharacters(param, ctx, key, { threat = true } = {}) {
  const max = threat ? ctx.view.max_threat || 0 : 0;
  const input = param.input;
  return manyControl(param, ctx, key, {
    cls: 'cp-roster',
    item: (o) => {
      const c = charOf(o.value);
      if (!c) return { body: h('b', o.label) };
      const s = c.sides.healthy;
      return {
        props: { ...tipProps(c.name, charTip(o.value)), dataset: { char: o.value } },
        body: [
          h('span.cp-pick-head', h('b', c.name), h('span.cp-threat', { title: 'Threat' }, String(c.threat))),
          h('small.cp-pick-sub', `${c.affiliations.join(', ')} · ${c.baseDiameterMm} mm · Size ${s.size}`),
          h('small.cp-pick-sub', `Stamina ${s.stamina}/${c.sides.injured.stamina} · Speed ${s.speed} · Def ${s.defense.physical}/${s.defense.energy}/${s.defense.mystic}`),
          h('small.cp-pick-sub', s.attacks.map((a) => a.name).join(', ')),
        ],
      };
    },
    summary: (ids) => {
      const S = squadSummary(ids);
      const count = `${ids.length} character${ids.length === 1 ? '' : 's'} (${input.min === input.max ? input.min : `${input.min}–${input.max}`})`;
      const out = [threat
        ? h('span', { class: S.threat > max && max ? 'cp-over' : 'cp-ok', dataset: { threat: String(S.threat) } }, h('b', `Threat ${S.threat}`), max ? ` of ${max}` : '', ` · ${count}`)
        : h('span', { dataset: { count: String(ids.length) } }, h('b', count))];
      if (max && S.threat > max) out.push(h('span.cp-warn', ` · over the Maximum Threat by ${S.threat - max}`));
      for (const names of S.shared) out.push(h('span.cp-warn', ` · ${names.join(' and ')} share an alter ego`));
      if (threat) out.push(h('span.muted', S.affiliation ? ` · affiliated: ${S.affiliation} (more than half the squad)` : ' · no affiliation shared by more than half'));
      return out;
    },
  });
}

/** Up to 5 Team Tactic cards, with their texts. */
export function squadTactics(param, ctx, key) {
  const input = param.input;
  const control = manyControl(param, ctx, key, {
    cls: 'cp-tactics-pick',
    item: (o) => {
      const t = tacticOf(o.value);
      if (!t) return { body: h('b', o.label) };
      return {
        props: { ...tipProps(t.name, tacticTip(o.value)), dataset: { tactic: o.value } },
        body: [h('span.cp-pick-head', h('b', t.name), h('span.cp-cost', { title: 'Power cost' }, `${t.cost}⚡`)),
          h('small.cp-pick-sub', `${t.kind}${t.affiliation ? ` · ${t.affiliation}` : ''}`), h('small.cp-pick-text', t.text)],
      };
    },
    summary: (ids) => {
      const S = squadSummary(charsOfAsk(ctx, key));
      const out = [h('span', `${ids.length} of at most ${input.max} cards`)];
      const off = ids.map(tacticOf).filter((t) => t && t.affiliation && t.affiliation !== S.affiliation);
      if (off.length) out.push(h('span.cp-warn', ` · ${off.map((t) => t.name).join(', ')} need${off.length === 1 ? 's' : ''} ${off[0].affiliation} shared by more than half the squad`));
      if (ids.length > input.max) out.push(h('span.cp-warn', ` · at most ${input.max}`));
      return out;
    },
  });
  return control;
}
