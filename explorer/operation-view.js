// An rpc's or action's form: the input's leaves as fields (files for
// binary leaves), containers and lists as JSON; sent as multipart/form-data
// (docs/web.md), the output shown.
import { field, jsonValue } from './controls.js';
import { el } from './dom.js';
import { call, errorText } from './http.js';

export const operationView = (op, path) => {
  const out = el('pre', { id: 'output' }, '');
  const leaves = op.input.filter((c) => c.kind === 'leaf' || c.kind === 'leaf-list');
  const others = op.input.filter((c) => c.kind !== 'leaf' && c.kind !== 'leaf-list' && c.kind !== 'choice');
  const form = el('form', { id: 'invoke' },
    el('strong', {}, op.kind === 'rpc' ? 'Run' : 'Run on the instance at the path'),
    leaves.map((l) => field(l, undefined, { files: true })),
    others.map((o) => el('div', { class: 'field' }, el('label', { for: `f-${o.name}` }, `${o.name} (JSON)`), el('textarea', { name: o.name, id: `f-${o.name}`, rows: 3 }))),
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, op.kind === 'rpc' ? 'Call' : 'Invoke')));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const parts = [];
    for (const l of leaves) {
      const input = form.elements.namedItem(l.name);
      if (l.type.base === 'binary' && input.files?.[0] !== undefined) continue;
      const v = jsonValue(l, input);
      if (v === undefined) continue;
      for (const x of Array.isArray(v) && l.kind === 'leaf-list' ? v : [v]) parts.push([l.name, Array.isArray(x) ? 'on' : String(x)]);
    }
    for (const o of others) {
      const text = form.elements.namedItem(o.name).value.trim();
      if (text !== '') parts.push([o.name, { text, type: 'application/json' }]);
    }
    for (const l of leaves) {
      const file = l.type.base === 'binary' ? form.elements.namedItem(l.name).files?.[0] : undefined;
      if (file !== undefined) parts.push([l.name, file]); // the file last (docs/web.md)
    }
    const r = await call('POST', `/restconf/data/${path}`, { parts });
    out.className = r.status < 300 ? 'ok' : 'error';
    out.textContent = r.status === 204 ? '(done, no output)' : r.status < 300 ? JSON.stringify(r.json, null, 2) : errorText(r);
  });
  return el('div', {}, form, el('strong', {}, 'Output'), out);
};
