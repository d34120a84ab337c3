// The panel shows what its path names, and only that: every view is made
// from a fresh read of the path the moment it is opened (Read, Enter, the
// tree, a table's Open). Editing the path disables the view's buttons until
// it is read, so nothing is ever saved to a path other than the one shown.
import { resolvePath, formatPath } from './api-path.js';
import { el } from './dom.js';
import { dataView } from './data-view.js';
import { listView } from './list-view.js';
import { operationView } from './operation-view.js';
import { eventsView } from './events-view.js';
import { typeInWords } from './hints.js';

// Views open other paths through `panelState.open` (set below), not by importing this file.
export const panelState = { schema: undefined, stop: () => undefined, open: undefined };

/** Ends what the open view keeps running (a live read, an event stream). */
export const stopView = () => {
  panelState.stop();
  panelState.stop = () => undefined;
};

const pathBar = (text) => {
  const input = el('input', { id: 'path', class: 'path', value: text, 'aria-label': 'instance path', spellcheck: 'false', autocomplete: 'off' });
  const stale = el('p', { id: 'path-changed', class: 'notice', hidden: true }, 'The path changed: Read it to see and edit what it names.');
  input.addEventListener('input', () => {
    const changed = input.value !== text;
    stale.hidden = !changed;
    for (const b of document.querySelectorAll('#view button, #view input[type="submit"]')) {
      if (changed) { b.dataset.wasDisabled ??= String(b.disabled); b.disabled = true; }
      else if (b.dataset.wasDisabled !== undefined) { b.disabled = b.dataset.wasDisabled === 'true'; delete b.dataset.wasDisabled; }
    }
  });
  input.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); void openPath(input.value); } });
  return el('div', { class: 'path-bar' },
    el('label', { for: 'path' }, 'Path'), input,
    el('button', { type: 'button', id: 'read', onclick: () => void openPath(input.value) }, 'Read'),
    stale);
};

const heading = (node, keys) => [
  el('h2', {}, keys === undefined ? `${node.kind} ${node.name}` : `${node.name} ${keys.join(', ')} (list entry)`),
  node.description === undefined ? undefined : el('p', { class: 'description' }, node.description),
  node.type === undefined ? undefined : el('p', { class: 'kind' }, typeInWords(node.type)),
];

/** Opens a path: resolves it, reads it and draws its view (a table for a list, a form for an entry, container or leaf). */
export const openPath = async (text, { note } = {}) => {
  stopView();
  const panel = document.getElementById('panel');
  const r = resolvePath(panelState.schema, text);
  if (r.error !== undefined) {
    const open = r.list === undefined ? undefined : el('button', { type: 'button', class: 'link', onclick: () => void openPath(formatPath(r.list)) }, `open the list ${r.list.at(-1).node.name}`);
    panel.replaceChildren(pathBar(text), el('p', { class: 'error', role: 'alert', id: 'path-error' }, r.error, ' ', open));
    return;
  }
  const steps = r.steps;
  const path = formatPath(steps);
  const last = steps.at(-1);
  const node = last.node;
  const view = el('div', { id: 'view' });
  panel.replaceChildren(...[pathBar(path), ...heading(node, node.kind === 'list' ? last.keys : undefined), note === undefined ? undefined : el('p', { class: 'notice', id: 'note' }, note), view].filter((e) => e !== undefined));
  panel.scrollTop = 0;
  if (node.kind === 'rpc' || node.kind === 'action') view.append(operationView(node, path));
  else if (node.kind === 'notification') view.append(eventsView(path, panelState));
  else if (node.kind === 'list' && last.keys === undefined) await listView(view, steps, panelState);
  else await dataView(view, steps, panelState);
};

panelState.open = openPath;
