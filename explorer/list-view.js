// A list: its entries in a table (keys and leaves; Open and Delete on each
// row) and a form to create an entry (its keys and configuration leaves;
// POST to the list's parent, so an existing entry is never overwritten).
import { formatPath, member } from './api-path.js';
import { field, jsonValue } from './controls.js';
import { el, say } from './dom.js';
import { call, errorText } from './http.js';
import { readBasis, staleAnswer, STALE } from './stale-guard.js';

const COLUMNS = 6;

const cell = (v) => (v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Draws the list the steps name (the last one without keys) into `view`. */
export const listView = async (view, steps, state) => {
  const last = steps.at(-1);
  const list = last.node;
  const path = formatPath(steps);
  const parent = formatPath(steps.slice(0, -1));
  const entryPath = (entry) => formatPath([...steps.slice(0, -1), { ...last, keys: list.keys.map((k) => cell(entry[k])) }]);
  const status = el('p', { id: 'list-status', role: 'status' });

  const r = await call('GET', `/restconf/data/${path}`);
  const found = r.status === 200 ? Object.values(r.json ?? {})[0] : undefined;
  const entries = Array.isArray(found) ? found : [];
  const leaves = (list.children ?? []).filter((c) => c.kind === 'leaf' || c.kind === 'leaf-list');
  const columns = [...list.keys, ...leaves.map((l) => l.name).filter((n) => !list.keys.includes(n))].slice(0, COLUMNS);

  const remove = async (entry) => {
    const at = entryPath(entry);
    if (!confirm(`Delete ${at}?`)) return;
    // The row is deleted only if the entry is still as the table shows it (deleted or changed meanwhile: said, nothing sent).
    const url = `/restconf/data/${at}`;
    const basis = readBasis({ status: 200, json: { [Object.keys(r.json ?? {})[0] ?? member(last)]: [entry] } });
    const d = await staleAnswer(basis, url, () => call('DELETE', url));
    if (d === undefined) {
      say(status, false, STALE);
      return status.append(' ', el('button', { type: 'button', id: 'reload', onclick: () => void state.open(path) }, 'Reload'));
    }
    if (d.status >= 300) return say(status, false, errorText(d));
    await state.open(path, { note: `deleted ${list.keys.map((k) => cell(entry[k])).join(', ')} (${d.status})` });
  };

  const table = entries.length === 0
    ? el('p', { id: 'no-entries', class: 'notice' }, r.status === 200 || r.status === 404 || r.status === 204 ? `No ${list.name} entries yet${list.config === false ? '.' : ': create one below.'}` : errorText(r))
    : el('div', { class: 'table-box' }, el('table', { id: 'entries' },
      el('thead', {}, el('tr', {}, el('th', {}, el('span', { class: 'sr' }, 'actions')), columns.map((c) => el('th', { scope: 'col' }, c)))),
      el('tbody', {}, entries.map((e) => el('tr', { 'data-key': list.keys.map((k) => cell(e[k])).join(',') },
        // The buttons first: on a narrow screen they stay in sight while the columns scroll.
        el('td', { class: 'row-actions' },
          el('button', { type: 'button', class: 'open', onclick: () => void state.open(entryPath(e)) }, 'Open'),
          list.config === false ? undefined : el('button', { type: 'button', class: 'delete danger', onclick: () => void remove(e) }, 'Delete')),
        columns.map((c) => el('td', {}, cell(e[c]))))))));

  const creatable = list.config !== false;
  const fields = leaves.filter((l) => l.config !== false && l.kind === 'leaf' && l.type.base !== 'binary');
  let create;
  if (creatable) {
    create = el('form', { id: 'create' }, el('strong', {}, `New ${list.name} entry`),
      [...fields.filter((l) => l.key), ...fields.filter((l) => !l.key)].map((l) => field(l, undefined)),
      el('div', { class: 'actions' }, el('button', { type: 'submit' }, 'Create')));
    create.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const entry = {};
      for (const l of fields) {
        const v = jsonValue(l, create.elements.namedItem(l.name));
        if (v !== undefined) entry[l.name] = v;
      }
      const c = await call('POST', `/restconf/data${parent === '' ? '' : `/${parent}`}`, { body: JSON.stringify({ [member(last)]: [entry] }), type: 'application/json' });
      if (c.status >= 300) return say(status, false, errorText(c));
      await state.open(entryPath(entry), { note: `created (${c.status})` });
    });
  }
  view.replaceChildren(...[el('p', { class: 'count' }, `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`), table, status, create].filter((e) => e !== undefined));
};
