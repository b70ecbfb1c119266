// Generic prompt controls: every typed input kind of the engine's Prompt
// becomes a control; the answer is the action itself:
// {type: ask.verb, ...ask.fixed, [param.name]: value}.

import { h } from './util.js';

/**
 * Draws a prompt. onSubmit(ask, action) returns a promise that settles when
 * the server answered; the button shows progress meanwhile.
 */
export function renderPrompt(prompt, ctx, renderer, onSubmit) {
  // Only any-time asks (Villains' deals while others play): not your move.
  const anyTimeOnly = prompt.asks.length > 0 && prompt.asks.every((a) => a.any_time);
  const box = h('section.prompt', { 'aria-label': anyTimeOnly ? 'At any time' : 'Your move', class: anyTimeOnly ? 'prompt any-time-only' : 'prompt' });
  box.append(h('h2.prompt-title', prompt.title));
  const draft = ctx.draft || (ctx.draft = {});
  const many = prompt.asks.length > 1;
  const forms = prompt.asks.map((ask, ai) => buildAsk(ask, ai, ctx, renderer, onSubmit, many));
  if (!many) {
    box.append(...forms.map((f) => f.form));
    return box;
  }
  // Several alternatives: a menu of what to do. One without parameters
  // (e.g. "Pass") is sent by its button; one with parameters opens its form.
  // Any-time asks (Villains' deals) sit apart, after the real decision,
  // and never open on their own.
  const turnAsk = (a) => a.params && a.params.length && !a.any_time;
  const withParams = prompt.asks.filter(turnAsk).length;
  if (draft.__open === undefined && withParams === 1) draft.__open = prompt.asks.findIndex(turnAsk);
  const menu = h('div.ask-menu', { role: 'group', 'aria-label': 'What to do' });
  const show = () => {
    forms.forEach((f, ai) => { f.form.hidden = !f.hasParams || draft.__open !== ai; });
    for (const b of menu.children) b.setAttribute('aria-expanded', String(Number(b.dataset.ask) === draft.__open));
  };
  forms.forEach((f, ai) => {
    const ask = prompt.asks[ai];
    // A disabled ask is shown greyed with its reason and price.
    const b = h('button.ask-pick', { type: 'button', dataset: { ask: String(ai), verb: ask.verb }, class: f.hasParams ? 'ask-pick opens' : 'ask-pick', disabled: !!ask.disabled, title: ask.disabled || null },
      ask.label, ask.disabled ? h('small.why', ` (${ask.disabled})`) : null);
    b.addEventListener('click', async () => {
      if (f.hasParams) {
        draft.__open = draft.__open === ai ? undefined : ai;
        show();
        return;
      }
      b.disabled = true;
      const old = b.textContent;
      b.textContent = 'Sending…';
      try { await f.send(); } finally { b.disabled = false; b.textContent = old; }
    });
    if (ask.any_time && !menu.querySelector('.any-time-label')) {
      menu.append(h('span.any-time-label', prompt.asks.some((x) => !x.any_time) ? 'At any time:' : 'Deals, at any time:'));
    }
    if (ask.any_time) b.classList.add('any-time');
    menu.append(b);
  });
  box.append(menu, ...forms.map((f) => f.form));
  show();
  return box;
}

function buildAsk(ask, ai, ctx, renderer, onSubmit, many) {
  const form = h('form.ask', { dataset: { verb: ask.verb, ask: String(ai) } });
  const hasParams = !!(ask.params && ask.params.length);
  if (many && hasParams) form.append(h('h3.ask-label', ask.label));
  const blocks = [];
  for (const param of ask.params || []) {
    const block = paramBlock(param, ask, ctx, renderer, `${ai}:${param.name}`);
    blocks.push(block);
    form.append(block.el);
  }
  const hint = h('p.hint', { role: 'status' });
  const button = h('button.primary.submit', { type: 'submit', dataset: { verb: ask.verb } }, ask.label);
  const problem = () => ask.disabled || blocks.map((b) => b.problem()).find(Boolean);
  const refresh = () => {
    const p = problem();
    button.disabled = !!p || form.classList.contains('sending');
    hint.textContent = p || '';
  };
  const send = async () => {
    const action = { type: ask.verb, ...(ask.fixed || {}) };
    for (const b of blocks) for (const [name, v] of b.fields()) action[name] = v;
    await onSubmit(ask, action);
  };
  form.addEventListener('input', refresh);
  form.addEventListener('change', refresh);
  form.addEventListener('pick', refresh);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    refresh();
    if (button.disabled) return;
    form.classList.add('sending');
    button.disabled = true;
    const old = button.textContent;
    button.textContent = 'Sending…';
    try {
      await send();
    } finally {
      form.classList.remove('sending');
      button.textContent = old;
      refresh();
    }
  });
  form.append(h('div.ask-actions', button, hint));
  queueMicrotask(refresh);
  return { form, send, hasParams };
}

/**
 * One parameter's control, and, when the option chosen carries follow-ups
 * (`then`: a sub-decision, such as the target of the card chosen), those
 * asked next in its place: the choice made stays named at the top with a
 * "Back" that returns to the first choice (clearing it) without sending
 * anything. Each follow-up keeps its draft per option, so going back to
 * an option finds its follow-ups as they were left.
 * Returns {el, fields() -> [[name, value]...], problem() -> ''|why}.
 */
function paramBlock(param, ask, ctx, renderer, key) {
  const draft = ctx.draft || (ctx.draft = {});
  // A parameter's default is where its control starts (e.g. the Heroes
  // that can be paid for, kept).
  if (param.default !== undefined && draft[key] === undefined) draft[key] = param.default;
  const wrap = h('div.param', { dataset: { param: param.name, kind: param.input.kind } });
  let control;
  const build = () => {
    control = (renderer && renderer.input && renderer.input(param, ask, ctx, key)) || genericControl(param, ctx, renderer, key);
    wrap.replaceChildren(...(control.labelled ? [] : [h('div.param-label', param.label)]), control.el);
  };
  build();
  const own = () => (control.problem && control.problem()) || problemOf(param, control.get()) || disabledChosen(param, control.get());
  const options = param.input.kind === 'one' ? param.input.options || [] : [];
  if (!options.some((o) => o.then && o.then.length)) {
    return { el: wrap, fields: () => [[param.name, control.get()]], problem: own };
  }
  const box = h('div.param-steps', { dataset: { param: param.name } }, wrap);
  const step = h('div.follow-ups', { hidden: true, dataset: { followUps: param.name } });
  box.append(step);
  let subs = [];
  const openKey = `${key}>open`;
  const chosenOpt = () => options.find((o) => !o.disabled && same(o.value, control.get()));
  const open = () => {
    const o = chosenOpt();
    subs = [];
    if (!o || !o.then || !o.then.length) {
      step.hidden = true;
      step.replaceChildren();
      wrap.hidden = false;
      delete draft[openKey];
      return;
    }
    draft[openKey] = true;
    const okey = `${key}>${JSON.stringify(o.value)}`;
    subs = o.then.map((p) => paramBlock(p, ask, ctx, renderer, `${okey}:${p.name}`));
    // Back only when there was a choice to make (a single option is chosen already).
    const back = options.filter((x) => !x.disabled).length > 1
      ? h('button.back', {
        type: 'button', 'aria-label': `Back to ${param.label.toLowerCase()}`,
        onclick: () => {
          delete draft[key];
          delete draft[openKey];
          build();
          subs = [];
          step.hidden = true;
          step.replaceChildren();
          wrap.hidden = false;
          wrap.dispatchEvent(new Event('pick', { bubbles: true }));
        },
      }, '← Back')
      : null;
    step.replaceChildren(
      h('div.chosen-step', { style: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '.5rem' } },
        h('span.param-label', `${param.label}:`), h('b.chosen-label', o.label), factsOf(o), back),
      ...subs.map((b) => b.el));
    step.hidden = false;
    wrap.hidden = true;
  };
  // Choosing an option with follow-ups opens them; one without closes them.
  const picked = () => open();
  wrap.addEventListener('pick', picked);
  wrap.addEventListener('change', picked);
  const only = options.filter((o) => !o.disabled);
  if (draft[openKey] || (only.length === 1 && same(only[0].value, control.get()))) open();
  return {
    el: box,
    fields: () => [[param.name, control.get()], ...subs.flatMap((b) => b.fields())],
    problem: () => own() || subs.map((b) => b.problem()).find(Boolean) || '',
  };
}

/** Why the current value cannot be sent, or '' when it can. */
function problemOf(param, v) {
  const i = param.input;
  if (v === undefined || v === null || (typeof v === 'number' && Number.isNaN(v))) {
    return `Choose ${param.label.toLowerCase()}.`;
  }
  switch (i.kind) {
    case 'number':
      if (!Number.isInteger(v) || v < i.min || v > i.max) return `${param.label} goes from ${i.min} to ${i.max}.`;
      return '';
    case 'real':
      if (!Number.isFinite(v) || v < i.min || v > i.max) return `${param.label} goes from ${i.min} to ${i.max}.`;
      return '';
    case 'many':
      if (v.length < i.min) return `Choose at least ${i.min}.`;
      if (v.length > i.max) return `Choose at most ${i.max}.`;
      return '';
    case 'point': {
      const [x, y] = v;
      if (![x, y].every(Number.isFinite)) return 'Enter both coordinates.';
      if (x < i.min_x || x > i.max_x || y < i.min_y || y > i.max_y) return 'That point is off the board.';
      return '';
    }
    case 'text':
      if ([...v].length > i.max_len) return `At most ${i.max_len} characters.`;
      return '';
    default:
      return '';
  }
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** A disabled option among the chosen values (a game's own control may still
 * let one be picked): its label and reason, or ''. */
function disabledChosen(param, v) {
  const opts = param.input.options || [];
  const chosen = Array.isArray(v) && param.input.kind === 'many' ? v : [v];
  const o = opts.find((x) => x.disabled && chosen.some((c) => same(c, x.value)));
  return o ? `${o.label}: ${o.disabled}.` : '';
}

/** An option's facts ("Cost 2 · Influence 1"), shown beside its label. */
export function factsOf(o) {
  if (!o.facts || !o.facts.length) return null;
  return h('small.facts', o.facts.map((f) => h('span.fact', { dataset: { fact: f.label } }, h('span.fact-label', `${f.label} `), h('b', String(f.value)))));
}

/** The generic control for one parameter. */
export function genericControl(param, ctx, renderer, key) {
  const draft = ctx.draft || {};
  const i = param.input;
  const keep = (v) => { draft[key] = v; };
  switch (i.kind) {
    case 'one': {
      if (i.options.length <= 6) {
        // A single option is chosen already: one tap to send, not two.
        const open = i.options.filter((o) => !o.disabled);
        let chosen = draft[key] !== undefined ? draft[key] : open.length === 1 ? open[0].value : undefined;
        const row = h('div.choices', { role: 'radiogroup', 'aria-label': param.label });
        const buttons = i.options.map((o) =>
          h('button.choice', {
            type: 'button', role: 'radio', 'aria-checked': String(same(o.value, chosen)), disabled: !!o.disabled, title: o.disabled || null,
            onclick: (ev) => {
              chosen = o.value;
              keep(chosen);
              for (const b of buttons) b.setAttribute('aria-checked', String(b === ev.currentTarget));
              row.dispatchEvent(new Event('pick', { bubbles: true }));
            },
          }, o.label, factsOf(o), o.disabled ? h('small.why', ` (${o.disabled})`) : null),
        );
        row.append(...buttons);
        return { el: row, get: () => chosen };
      }
      const sel = h('select', { 'aria-label': param.label },
        h('option', { value: '' }, `— ${param.label} —`),
        i.options.map((o, n) => h('option', { value: String(n), selected: same(o.value, draft[key]), disabled: !!o.disabled },
          [o.label, ...(o.facts || []).map((f) => ` · ${f.label} ${f.value}`), o.disabled ? ` (${o.disabled})` : ''].join(''))));
      sel.addEventListener('change', () => keep(sel.value === '' ? undefined : i.options[Number(sel.value)].value));
      return { el: sel, get: () => (sel.value === '' ? undefined : i.options[Number(sel.value)].value) };
    }
    case 'many': {
      // How many times each option is chosen (once at most, or up to its
      // `up_to`: a stepper then), kept as the list of values.
      const times = new Map();
      for (const v of draft[key] || []) { const k = JSON.stringify(v); times.set(k, (times.get(k) || 0) + 1); }
      const total = () => [...times.values()].reduce((a, b) => a + b, 0);
      const count = h('span.count');
      const show = () => {
        count.textContent = `${total()} chosen (${i.min === i.max ? i.min : `${i.min}–${i.max}`})`;
        list.classList.toggle('full', total() >= i.max);
      };
      const values = () => i.options.flatMap((o) => Array(times.get(JSON.stringify(o.value)) || 0).fill(o.value));
      const changed = (el) => { keep(values()); show(); el.dispatchEvent(new Event('pick', { bubbles: true })); };
      const list = h('div.checks', i.options.map((o) => {
        const k = JSON.stringify(o.value);
        const up = Math.max(1, o.up_to || 1);
        if (o.disabled) times.delete(k);
        const text = [h('span.check-label', o.label), factsOf(o), o.disabled ? h('small.why', ` (${o.disabled})`) : null];
        if (up === 1) {
          const cb = h('input', { type: 'checkbox', checked: times.has(k) && !o.disabled, disabled: !!o.disabled });
          cb.addEventListener('change', () => {
            if (cb.checked) times.set(k, 1); else times.delete(k);
            changed(cb);
          });
          return h('label.check', { class: o.disabled ? 'check disabled' : 'check', title: o.disabled || null, dataset: { value: k } }, cb, ...text);
        }
        const n = h('output.step-n', String(times.get(k) || 0));
        const step = (d) => (ev) => {
          const now = (times.get(k) || 0) + d;
          if (now < 0 || now > up || (d > 0 && total() >= i.max)) return;
          if (now) times.set(k, now); else times.delete(k);
          n.textContent = String(now);
          changed(ev.currentTarget);
        };
        return h('div.check.stepper', { class: o.disabled ? 'check stepper disabled' : 'check stepper', title: o.disabled || null, dataset: { value: k } },
          h('span.steps', h('button.icon.less', { type: 'button', disabled: !!o.disabled, 'aria-label': `One ${o.label} less`, onclick: step(-1) }, '−'),
            n, h('button.icon.more', { type: 'button', disabled: !!o.disabled, 'aria-label': `One ${o.label} more`, onclick: step(1) }, '+')),
          ...text, h('small.muted', ` up to ${up}`));
      }), count);
      show();
      return { el: list, get: values };
    }
    case 'number': {
      const start = draft[key] ?? i.min;
      const range = h('input', { type: 'range', min: i.min, max: i.max, step: 1, value: String(start), 'aria-label': param.label });
      const num = h('input.num', { type: 'number', min: i.min, max: i.max, step: 1, value: String(start), inputmode: 'numeric', 'aria-label': param.label });
      range.addEventListener('input', () => { num.value = range.value; keep(Number(range.value)); });
      num.addEventListener('input', () => { if (num.value !== '') range.value = num.value; keep(num.value === '' ? undefined : Number(num.value)); });
      const span = i.max - i.min <= 200;
      return {
        el: h('div.number', span ? range : null, num, h('span.range-note', `${i.min}–${i.max}`)),
        get: () => (num.value === '' ? undefined : Number(num.value)),
      };
    }
    case 'order': {
      let items = Array.isArray(draft[key]) && draft[key].length === i.options.length
        ? draft[key].map((v) => i.options.find((o) => same(o.value, v))).filter(Boolean)
        : [...i.options];
      if (items.length !== i.options.length) items = [...i.options];
      const list = h('ol.order');
      let dragFrom = null;
      const draw = () => {
        list.replaceChildren(...items.map((o, n) => {
          const move = (d) => {
            const m = n + d;
            if (m < 0 || m >= items.length) return;
            [items[n], items[m]] = [items[m], items[n]];
            keep(items.map((x) => x.value));
            draw();
            list.dispatchEvent(new Event('pick', { bubbles: true }));
            list.querySelectorAll('li')[m]?.querySelector(d < 0 ? '.up' : '.down')?.focus();
          };
          const li = h('li', { draggable: 'true' },
            h('span.grip', { 'aria-hidden': 'true' }, '⋮⋮'),
            h('span.item', o.label),
            h('button.icon.up', { type: 'button', 'aria-label': `Move ${o.label} up`, disabled: n === 0, onclick: () => move(-1) }, '↑'),
            h('button.icon.down', { type: 'button', 'aria-label': `Move ${o.label} down`, disabled: n === items.length - 1, onclick: () => move(1) }, '↓'));
          li.addEventListener('dragstart', () => { dragFrom = n; li.classList.add('dragging'); });
          li.addEventListener('dragend', () => li.classList.remove('dragging'));
          li.addEventListener('dragover', (e) => e.preventDefault());
          li.addEventListener('drop', (e) => {
            e.preventDefault();
            if (dragFrom === null || dragFrom === n) return;
            const [it] = items.splice(dragFrom, 1);
            items.splice(n, 0, it);
            dragFrom = null;
            keep(items.map((x) => x.value));
            draw();
            list.dispatchEvent(new Event('pick', { bubbles: true }));
          });
          return li;
        }));
      };
      draw();
      return { el: list, get: () => items.map((o) => o.value) };
    }
    case 'hex': {
      let chosen = draft[key];
      const note = h('span.picked', chosen ? `Chosen: ${chosen[0]}, ${chosen[1]}` : 'Nothing chosen yet');
      const pick = (cell, el) => {
        chosen = [cell[0], cell[1]];
        keep(chosen);
        note.textContent = `Chosen: ${cell[0]}, ${cell[1]}`;
        el?.dispatchEvent(new Event('pick', { bubbles: true }));
      };
      const board = renderer && renderer.hexBoard && renderer.hexBoard(i.cells, ctx, (cell) => pick(cell, board), chosen);
      if (board) return { el: h('div.hexpick', board, note), get: () => chosen };
      const list = h('div.choices.hexes');
      list.append(...i.cells.map((c) => h('button.choice', {
        type: 'button', 'aria-checked': String(same(c, chosen)), role: 'radio',
        onclick: (ev) => {
          for (const b of list.children) b.setAttribute('aria-checked', String(b === ev.currentTarget));
          pick(c, list);
        },
      }, `(${c[0]}, ${c[1]})`)));
      return { el: h('div.hexpick', list, note), get: () => chosen };
    }
    case 'real': {
      const start = draft[key] ?? i.min;
      const num = h('input.num', { type: 'number', step: 'any', min: i.min, max: i.max, value: String(start), inputmode: 'decimal', 'aria-label': param.label });
      num.addEventListener('input', () => keep(num.value === '' ? undefined : Number(num.value)));
      return { el: h('div.number', num, h('span.range-note', `${i.min}–${i.max}`)), get: () => (num.value === '' ? undefined : Number(num.value)) };
    }
    case 'record': return recordControl(param, ctx, renderer, key);
    case 'point': {
      if (i.options && i.options.length && !draft[key]) draft[key] = (i.options.find((o) => !o.disabled) || {}).value;
      const [dx, dy] = draft[key] || [i.min_x, i.min_y];
      const x = h('input.num', { type: 'number', step: 'any', min: i.min_x, max: i.max_x, value: String(dx), 'aria-label': `${param.label} x` });
      const y = h('input.num', { type: 'number', step: 'any', min: i.min_y, max: i.max_y, value: String(dy), 'aria-label': `${param.label} y` });
      const get = () => (x.value === '' || y.value === '' ? undefined : [Number(x.value), Number(y.value)]);
      const upd = () => keep(get());
      x.addEventListener('input', upd);
      y.addEventListener('input', upd);
      const board = renderer && renderer.pointBoard && renderer.pointBoard(i, ctx, ([px, py]) => {
        x.value = String(px);
        y.value = String(py);
        upd();
        x.dispatchEvent(new Event('input', { bubbles: true }));
      });
      // Quick picks (the game's ready-made points) fill the entry; any
      // other point within the bounds may be typed.
      const picks = quickPicks(i, param.label, (v) => { x.value = String(v[0]); y.value = String(v[1]); upd(); x.dispatchEvent(new Event('input', { bubbles: true })); }, draft[key]);
      return {
        el: h('div.point', board || null, picks, h('label', 'x ', x), h('label', 'y ', y),
          h('span.range-note', `x ${i.min_x}–${i.max_x}, y ${i.min_y}–${i.max_y}`)),
        get,
      };
    }
    case 'text': {
      const t = h('input.text', { type: 'text', maxlength: i.max_len, value: draft[key] || '', 'aria-label': param.label, autocomplete: 'off' });
      t.addEventListener('input', () => keep(t.value));
      return { el: t, get: () => t.value };
    }
    default:
      return { el: h('p.muted', `This client cannot show a “${i.kind}” choice yet.`), get: () => undefined };
  }
}

/** A select of a continuous input's quick picks (its `options`), or null. */
function quickPicks(i, label, onPick, now) {
  if (!i.options || !i.options.length) return null;
  const sel = h('select.quick-picks', { 'aria-label': `${label}: ready-made` },
    h('option', { value: '' }, `— ready-made (${i.options.filter((o) => !o.disabled).length}) or enter your own —`),
    i.options.map((o, n) => h('option', { value: String(n), selected: same(o.value, now), disabled: !!o.disabled }, o.disabled ? `${o.label} (${o.disabled})` : o.label)));
  sel.addEventListener('change', () => { if (sel.value !== '') onPick(i.options[Number(sel.value)].value); });
  return sel;
}

/**
 * A record: one control per field (each from its own domain, drawn by the
 * generic controls), its value the object of the fields' values. A quick
 * pick fills every field; the fields may then be changed one by one.
 */
function recordControl(param, ctx, renderer, key) {
  const draft = ctx.draft || {};
  const i = param.input;
  if (i.options && i.options.length && !draft[key]) draft[key] = (i.options.find((o) => !o.disabled) || {}).value;
  const box = h('div.record', { role: 'group', 'aria-label': param.label });
  let fields = [];
  const draw = () => {
    const now = draft[key] || {};
    fields = i.fields.map((f) => {
      const fk = `${key}.${f.name}`;
      if (now[f.name] !== undefined) draft[fk] = now[f.name];
      else if (f.default !== undefined && draft[fk] === undefined) draft[fk] = f.default;
      const c = genericControl(f, ctx, null, fk);
      return { f, c, el: h('div.param', { dataset: { param: f.name, kind: f.input.kind } }, h('div.param-label', f.label), c.el) };
    });
    box.replaceChildren(quickPicks(i, param.label, (v) => { draft[key] = v; draw(); box.dispatchEvent(new Event('pick', { bubbles: true })); }, draft[key]) || '', ...fields.map((x) => x.el));
  };
  const get = () => {
    const v = {};
    for (const { f, c } of fields) v[f.name] = c.get();
    return v;
  };
  box.addEventListener('input', () => { draft[key] = get(); });
  box.addEventListener('change', () => { draft[key] = get(); });
  box.addEventListener('pick', () => { draft[key] = get(); });
  draw();
  return {
    el: box,
    get,
    // A field left empty or out of its domain names the field.
    problem: () => fields.map(({ f, c }) => problemOf(f, c.get())).find(Boolean) || '',
  };
}
