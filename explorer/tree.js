// The schema tree: every served module's nodes, rpcs and notifications. A
// click opens the node: a list opens as its table; a node inside a list
// opens in the list's first entry, or, while the list has no entries, the
// list itself (never a placeholder key).
import { childrenOf, formatPath, topOf } from './api-path.js';
import { el } from './dom.js';
import { call } from './http.js';

const kindText = (node) => {
  if (node.kind === 'list') return `list [${node.keys.join(' ')}]${node.config === false ? ' ro' : ''}`;
  if (node.config === false && ['leaf', 'leaf-list', 'container'].includes(node.kind)) return `${node.kind} ro`;
  return node.kind;
};

/** The path a click on the node opens: earlier lists keyed by their first entry. */
const pathOf = async (steps) => {
  const out = [];
  for (const [i, s] of steps.entries()) {
    if (s.node.kind !== 'list' || i === steps.length - 1) { out.push({ ...s, keys: undefined }); continue; }
    const listPath = formatPath([...out, { ...s, keys: undefined }]);
    const r = await call('GET', `/restconf/data/${listPath}?fields=${encodeURIComponent(s.node.keys.join(';'))}`);
    const entries = r.json === undefined ? [] : Object.values(r.json)[0];
    const first = Array.isArray(entries) ? entries[0] : undefined;
    if (first === undefined) return { path: listPath, note: `${s.node.name} has no entries yet: create one to reach ${steps.at(-1).node.name}.` };
    out.push({ ...s, keys: s.node.keys.map((k) => String(first[k])) });
  }
  return { path: formatPath(out) };
};

const item = (steps, open) => {
  const { node, module } = steps.at(-1);
  const below = node.kind === 'rpc' || node.kind === 'action' || node.kind === 'notification' ? [] : childrenOf(node, module);
  const ro = node.config === false && !['rpc', 'action', 'notification'].includes(node.kind);
  const label = el('button', { type: 'button', 'data-schema': steps.map((s, i) => (i === 0 || s.module !== steps[i - 1].module ? `${s.module}:${s.node.name}` : s.node.name)).join('/'), onclick: async (ev) => {
    for (const b of document.querySelectorAll('#tree button.selected')) b.classList.remove('selected');
    ev.currentTarget.classList.add('selected');
    const { path, note } = await pathOf(steps);
    await open(path, { note });
  } }, node.name, el('span', { class: `kind${ro ? ' ro' : ''}` }, kindText(node)));
  return el('li', {}, label, below.length === 0 ? undefined : el('ul', {}, below.map((c) => item([...steps, c], open))));
};

/** Draws the tree into #tree; `open(path, { note })` opens what a click names. */
export const drawTree = (schema, open) => {
  // The first module open; the others (the server's own, the protocol modules) a click away.
  document.getElementById('tree').replaceChildren(el('ul', {}, schema.modules.map((m, i) => el('li', {}, el('details', { open: i === 0 },
    el('summary', {}, el('strong', { title: m.description ?? '' }, m.name), m.revision === undefined ? undefined : el('span', { class: 'kind' }, m.revision)),
    el('ul', {}, topOf(m).map((c) => item([c], open))))))));
};
