// A container, a list entry or a leaf: its data as read (defaults included
// and tagged, RFC 6243) and, for configuration, an edit form built from that
// read. A save is one YANG Patch (RFC 8072) at the path shown: merge what
// the form shows (a default shown and left alone stays a default), remove
// what it shows empty, so the stored node becomes what the form shows.
// Nothing overwrites a change made by someone else since the read that
// filled the form: see stale-guard.js.
import { childrenOf, formatPath, member } from './api-path.js';
import { field, jsonValue } from './controls.js';
import { el, say } from './dom.js';
import { call, errorText } from './http.js';
import { readBasis, staleAnswer, STALE } from './stale-guard.js';

const DEFAULT = 'ietf-netconf-with-defaults:default';

/** The read's value of the node (a list entry: the one entry). */
const valueOf = (json, node, keyed) => {
  if (json === undefined) return undefined;
  const name = Object.keys(json).find((k) => !k.startsWith('@'));
  const v = name === undefined ? undefined : json[name];
  if (node.kind === 'leaf' || node.kind === 'leaf-list') return { [node.name]: v, [`@${node.name}`]: json[`@${name}`] };
  return keyed && Array.isArray(v) ? v[0] : v;
};

/** What a control shows, to tell a field left alone from one changed. */
const fieldText = (input) => (input?.type === 'checkbox' ? String(input.checked) : input?.value ?? '');

/** Whether the read tagged the leaf's value as its default (RFC 6243 report-all-tagged). */
const isDefault = (data, leaf) => data?.[`@${leaf.name}`]?.[DEFAULT] === true;

/** The read without its default tags, as a plain read shows it. */
const untagged = (v) => (Array.isArray(v) ? v.map(untagged)
  : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([k, x]) => !(k.startsWith('@') && x?.[DEFAULT] === true)).map(([k, x]) => [k, untagged(x)])) : v);

/** The YANG Patch edits that make the node what the form shows. */
const patchEdits = (steps, leaves, form, stored, initial) => {
  const last = steps.at(-1);
  const node = last.node;
  const values = {};
  const edits = [];
  const enc = (v) => encodeURIComponent(String(v));
  for (const l of leaves) {
    if (l.key) continue;
    const input = form.elements.namedItem(l.name);
    // A field left as it was read sends the value as read (a union's number stays a number).
    const v = stored?.[l.name] !== undefined && initial.get(l.name) === fieldText(input) ? stored[l.name] : jsonValue(l, input);
    const target = node.kind === 'leaf' ? '/' : `/${l.name}`;
    if (l.kind === 'leaf-list') {
      const now = (v ?? []).map(String);
      for (const old of stored?.[l.name] ?? []) if (!now.includes(String(old))) edits.push({ operation: 'remove', target: `${target}=${enc(old)}` });
    }
    if (v === undefined) {
      if (l.kind === 'leaf') edits.push({ operation: 'remove', target });
    } else if (!(isDefault(stored, l) && JSON.stringify(v) === JSON.stringify(stored[l.name]))) values[l.name] = v; // a default shown and kept stays a default
  }
  if (node.kind === 'leaf') {
    if (values[node.name] !== undefined) edits.unshift({ operation: 'merge', target: '/', value: { [member(last)]: values[node.name] } });
  } else if (node.kind === 'list') {
    const keys = Object.fromEntries(node.keys.map((k, i) => [k, last.keys[i]]));
    edits.unshift({ operation: 'merge', target: '/', value: { [member(last)]: [{ ...keys, ...values }] } });
  } else if (Object.keys(values).length > 0) {
    edits.unshift({ operation: 'merge', target: '/', value: { [member(last)]: values } });
  }
  return edits.map((e, i) => ({ 'edit-id': String(i + 1), ...e }));
};

/** The configuration leaves the form edits (a leaf-list is edited in its parent's form). */
const editable = (node) => (node.kind === 'leaf-list' || node.key ? [] : node.kind === 'leaf' ? [node]
  : (node.children ?? []).filter((c) => (c.kind === 'leaf' || c.kind === 'leaf-list') && c.config !== false));

/** Draws the view of the node the steps name into `view`. */
export const dataView = async (view, steps, state) => {
  const path = formatPath(steps);
  const last = steps.at(-1);
  const node = last.node;
  const keyed = node.kind === 'list';
  const url = `/restconf/data/${path}`;
  const out = el('pre', { id: 'value' }, '…');
  const status = el('p', { id: 'edit-status', role: 'status' });
  const holder = el('div', { id: 'form-holder' });
  const underneath = el('p', { id: 'changed-underneath', class: 'notice', hidden: true }, 'The data changed since the form was filled (shown below as read). ',
    el('button', { type: 'button', class: 'link', onclick: () => void load() }, 'Reload'), ' to edit the current values (what you typed is then lost).');
  const readUrl = `${url}?with-defaults=report-all-tagged`;
  let touched = false;
  let stored;
  let basis; // the read that filled the form

  const read = async () => {
    const r = await call('GET', readUrl);
    out.textContent = r.status === 200 ? JSON.stringify(untagged(r.json), null, 2) : r.status === 204 ? '(no data)' : errorText(r);
    return r;
  };

  /** Shows that the stored node changed since the form was read; the form (and what was typed) stays. */
  const stale = () => {
    say(status, false, STALE);
    status.append(' ', el('button', { type: 'button', id: 'reload', onclick: async () => {
      await load();
      say(status, true, 'reloaded: the form shows the current values');
    } }, 'Reload'));
  };

  /**
   * Sends an edit only if the node is still as the form read it: with
   * If-Match when the read had an ETag, else after a fresh read equal to it.
   * Answers the edit's answer, or undefined when it was refused as stale.
   */
  const guarded = async (method, target, options = {}) => {
    const answer = await staleAnswer(basis, readUrl, () => call(method, target, { ...options, ifMatch: basis.etag }));
    if (answer === undefined) stale();
    return answer;
  };

  const leaves = editable(node);
  const canEdit = node.config !== false && leaves.length > 0;

  /** A leaf's reset (to its default) or delete button, when it holds a value of its own. */
  const resetButton = (l) => {
    if (l.key || l.mandatory || stored?.[l.name] === undefined || isDefault(stored, l)) return undefined;
    const target = node.kind === 'leaf' ? url : `${url}/${l.name}`;
    const label = l.default === undefined ? 'Delete' : 'Reset to default';
    return el('button', { type: 'button', class: 'reset', 'data-leaf': l.name, title: l.default === undefined ? `delete ${l.name}` : `reset ${l.name} to ${l.default}`, onclick: async () => {
      const r = await guarded('DELETE', target);
      if (r === undefined) return;
      // the form shows what is now in effect before the status says so
      await load();
      say(status, r.status < 300, r.status < 300 ? `${l.name}: ${l.default === undefined ? 'deleted' : `reset to ${l.default}`} (${r.status})` : errorText(r));
    } }, label);
  };

  const drawForm = () => {
    const form = el('form', { id: 'edit', 'data-path': path },
      el('strong', {}, keyed ? 'Edit this entry' : 'Edit'),
      leaves.map((l) => field(l, stored?.[l.name], { readonly: l.key === true, buttons: [resetButton(l)], isDefault: isDefault(stored, l) })),
      el('div', { class: 'actions' }, el('button', { type: 'submit' }, 'Save'),
        keyed ? el('button', { type: 'button', id: 'delete-entry', class: 'danger', onclick: deleteEntry }, 'Delete this entry') : undefined));
    const initial = new Map(leaves.map((l) => [l.name, fieldText(form.elements.namedItem(l.name))]));
    form.addEventListener('input', () => { touched = true; });
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const edits = patchEdits(steps, leaves, form, stored, initial);
      const body = JSON.stringify({ 'ietf-yang-patch:yang-patch': { 'patch-id': 'explorer', edit: edits } });
      const r = await guarded('PATCH', url, { body, type: 'application/yang-patch+json' });
      if (r === undefined) return;
      if (r.status < 300) await load();
      say(status, r.status < 300, r.status < 300 ? `saved (${r.status})` : errorText(r));
    });
    holder.replaceChildren(form);
  };

  const deleteEntry = async () => {
    if (!confirm(`Delete ${path}?`)) return;
    const r = await guarded('DELETE', url);
    if (r === undefined) return;
    if (r.status >= 300) return say(status, false, errorText(r));
    await state.open(formatPath(steps.map((s, i) => (i === steps.length - 1 ? { ...s, keys: undefined } : s))), { note: `deleted ${last.node.name} ${last.keys.join(', ')} (${r.status})` });
  };

  const load = async () => {
    const r = await read();
    basis = readBasis(r);
    stored = r.status === 200 ? valueOf(r.json, node, keyed) : undefined;
    touched = false;
    underneath.hidden = true;
    if (canEdit) drawForm();
    return r;
  };

  const live = el('input', { type: 'checkbox', id: 'live', onchange: (ev) => {
    state.stop();
    if (!ev.currentTarget.checked) return;
    // While the user types the form is not rebuilt; a change underneath is said instead.
    const timer = setInterval(() => void (touched ? read().then((r) => { underneath.hidden = readBasis(r).text === basis?.text; }) : load()), 2000);
    state.stop = () => clearInterval(timer);
  } });
  const below = node.kind === 'leaf' || node.kind === 'leaf-list' ? [] : childrenOf(node, last.module).filter((c) => !['leaf', 'leaf-list'].includes(c.node.kind));
  const links = below.length === 0 ? undefined : el('p', { class: 'below' }, 'Inside: ', below.map((c) => el('button', { type: 'button', class: 'link', 'data-open': c.node.name, onclick: () => void state.open(formatPath([...steps, { node: c.node, module: c.module, keys: undefined }])) }, `${c.node.name} (${c.node.kind})`)));
  const back = keyed ? el('button', { type: 'button', class: 'link', id: 'back-to-list', onclick: () => void state.open(formatPath(steps.map((s, i) => (i === steps.length - 1 ? { ...s, keys: undefined } : s)))) }, `all ${node.name} entries`) : undefined;
  view.replaceChildren(...[
    el('p', { class: 'toolbar' }, back, el('label', {}, live, ' live (every 2 s)')),
    underneath, holder, status, links, el('details', { open: !canEdit, id: 'value-box' }, el('summary', {}, 'As read (JSON, defaults included)'), out)].filter((e) => e !== undefined));
  await load();
};
