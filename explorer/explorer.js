// The rxconf explorer: the schema tree, live values, edit forms made from the
// schema's constraints, rpc and action forms (sent as multipart forms), and
// a notification's live events over SSE. Plain browser JavaScript, no build.
// Every request carries the credentials given at log-in (kept in this tab's
// sessionStorage only); the event stream is read with fetch, so it sends
// them as a header too, never in the URL.

const schemaUrl = new URL('schema.json', location.href).pathname;
const state = { auth: sessionStorage.getItem('rxconf.auth') ?? '', schema: undefined, live: undefined, watch: undefined };

/** An element: el('p', { class: 'x' }, 'text', child). */
const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== undefined) e.append(c);
  return e;
};

// X-Requested-With: a 401 then comes without a challenge, so the browser shows no log-in dialog of its own.
const headers = (extra = {}) => ({ accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(state.auth === '' ? {} : { authorization: state.auth }), ...extra });

/** A request to the server: { status, text, json }. */
const call = async (method, path, body, type) => {
  const r = await fetch(path, { method, headers: headers(type === undefined ? {} : { 'content-type': type }), body });
  const text = await r.text();
  let json;
  try { json = text === '' ? undefined : JSON.parse(text); } catch { json = undefined; }
  return { status: r.status, text, json };
};

/** The RFC 8040 error messages of an answer, readable. */
const errorText = (r) => {
  const errors = r.json?.['ietf-restconf:errors']?.error ?? r.json?.errors?.error;
  if (!Array.isArray(errors)) return `${r.status} ${r.text}`;
  return `${r.status}: ${errors.map((e) => `${e['error-path'] ?? ''} ${e['error-message'] ?? e['error-tag']}`.trim()).join('\n')}`;
};

// ---------------------------------------------------------------- log-in

const showLogin = (message = '') => {
  document.getElementById('login').hidden = false;
  document.getElementById('main').hidden = true;
  document.getElementById('logout').hidden = true;
  document.getElementById('login-error').textContent = message;
};

const start = async () => {
  const r = await call('GET', schemaUrl);
  if (r.status === 401) return showLogin(state.auth === '' ? '' : 'Those credentials were refused.');
  if (r.status !== 200) return showLogin(errorText(r));
  state.schema = r.json;
  document.getElementById('login').hidden = true;
  document.getElementById('main').hidden = false;
  document.getElementById('logout').hidden = state.auth === '';
  document.getElementById('who').textContent = state.auth.startsWith('Basic ') ? atob(state.auth.slice(6)).split(':')[0] : state.auth === '' ? '' : 'token';
  drawTree();
};

document.getElementById('login').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const user = document.getElementById('user').value;
  const password = document.getElementById('password').value;
  const token = document.getElementById('token').value.trim();
  state.auth = token !== '' ? `Bearer ${token}` : user !== '' ? `Basic ${btoa(unescape(encodeURIComponent(`${user}:${password}`)))}` : '';
  sessionStorage.setItem('rxconf.auth', state.auth);
  if (state.auth !== '') void start();
});

document.getElementById('logout').addEventListener('click', () => {
  state.auth = '';
  sessionStorage.removeItem('rxconf.auth');
  stopLive();
  showLogin();
});

// ---------------------------------------------------------------- the tree

/** The api-path step of a node: `module:name` at the top or where the module changes. */
const step = (node, module, top) => (top || (node.module !== undefined && node.module !== module) ? `${node.module ?? module}:${node.name}` : node.name);

/** Schema nodes with what the panel needs: the path template (list steps carry their keys) and the module. */
const walk = (nodes, module, parentPath, top) => nodes.flatMap((n) => {
  if (n.kind === 'choice') return n.cases.flatMap((c) => walk(c.children, module, parentPath, top));
  const own = n.module ?? module;
  const path = [...parentPath, { name: step(n, module, top), list: n.kind === 'list' ? n : undefined }];
  return [{ node: n, module: own, path }];
});

const schemaId = (path) => path.map((s) => s.name).join('/');

const treeItem = (entry) => {
  const { node, module, path } = entry;
  const children = [
    ...(node.children === undefined ? [] : walk(node.children, module, path, false)),
    ...(node.actions ?? []).map((a) => ({ node: a, module, path: [...path, { name: step(a, module, false) }] })),
    ...(node.notifications ?? []).map((x) => ({ node: x, module, path: [...path, { name: step(x, module, false) }] })),
  ];
  const label = el('button', { type: 'button', 'data-schema': schemaId(path), onclick: (ev) => select(entry, ev.currentTarget) },
    node.name, el('span', { class: `kind${node.config === false && node.kind !== 'rpc' && node.kind !== 'action' && node.kind !== 'notification' ? ' ro' : ''}` }, node.kind === 'list' ? `list [${node.keys.join(' ')}]` : node.config === false && ['leaf', 'leaf-list', 'container', 'list'].includes(node.kind) ? `${node.kind} ro` : node.kind));
  return el('li', {}, label, children.length === 0 ? undefined : el('ul', {}, children.map(treeItem)));
};

const drawTree = () => {
  const tree = document.getElementById('tree');
  // The first module open; the others (the server's own, the protocol modules) a click away.
  tree.replaceChildren(el('ul', {}, state.schema.modules.map((m, i) => el('li', {}, el('details', { open: i === 0 },
    el('summary', {}, el('strong', { title: m.description ?? '' }, m.name), m.revision === undefined ? undefined : el('span', { class: 'kind' }, m.revision)),
    el('ul', {},
      walk(m.children, m.name, [], true).map(treeItem),
      m.rpcs.map((r) => treeItem({ node: r, module: m.name, path: [{ name: `${m.name}:${r.name}` }] })),
      m.notifications.map((n) => treeItem({ node: n, module: m.name, path: [{ name: `${m.name}:${n.name}` }] }))))))));
};

// ---------------------------------------------------------------- constraints and values

const range = (t) => (t.range === undefined ? '' : t.range.map(([a, b]) => (a === b ? a : `${a}..${b}`)).join(' | '));
const scaled = (v, digits) => (digits === undefined ? v : String(Number(v) / 10 ** digits));

const describeType = (t) => [
  t.typedef ?? t.base,
  t.typedef === undefined ? '' : `(${t.base})`,
  t.range === undefined ? '' : `range ${t.range.map(([a, b]) => `${scaled(a, t.fractionDigits)}..${scaled(b, t.fractionDigits)}`).join(' | ')}`,
  t.length === undefined ? '' : `length ${range({ range: t.length })}`,
  (t.patterns ?? []).map((p) => `pattern ${p.invert ? 'not ' : ''}'${p.source}'`).join(' '),
  t.enums === undefined ? '' : `one of ${t.enums.join(', ')}`,
  t.identities === undefined ? '' : `one of ${t.identities.join(', ')}`,
].filter((s) => s !== '').join(' ');

const INTEGERS = new Set(['int8', 'int16', 'int32', 'uint8', 'uint16', 'uint32']);
const WIDE = new Set(['int64', 'uint64']);

/** A pattern the browser can check (XSD patterns mostly are JavaScript ones); undefined when not. */
const htmlPattern = (t) => {
  const p = (t.patterns ?? []).filter((x) => !x.invert);
  if (p.length !== 1) return undefined;
  try {
    new RegExp(`^(?:${p[0].source})$`, 'v');
    return p[0].source;
  } catch {
    return undefined;
  }
};

/** The form control for a leaf (or leaf-list: comma-separated values), with the type's constraints as HTML ones. */
const control = (leaf, value) => {
  const t = leaf.type;
  const name = leaf.name;
  const base = { name, id: `f-${name}`, title: leaf.description ?? '', required: leaf.mandatory === true || leaf.key === true, readonly: leaf.key === true };
  const choices = t.enums ?? t.identities ?? (t.base === 'boolean' ? ['true', 'false'] : undefined);
  if (leaf.kind === 'leaf' && choices !== undefined) {
    return el('select', base, el('option', { value: '' }, ''), choices.map((c) => el('option', { value: c, selected: value !== undefined && String(value) === c }, c)));
  }
  if (leaf.kind === 'leaf' && t.base === 'empty') return el('input', { ...base, type: 'checkbox', required: false, checked: value !== undefined });
  if (leaf.kind === 'leaf' && t.base === 'binary') return el('input', { ...base, type: 'file' });
  const attrs = { ...base, value: value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value) };
  if (leaf.kind === 'leaf' && (INTEGERS.has(t.base) || t.base === 'decimal64') && t.range !== undefined) {
    const lo = Math.min(...t.range.map(([a]) => Number(a)));
    const hi = Math.max(...t.range.map(([, b]) => Number(b)));
    const d = t.fractionDigits;
    return el('input', { ...attrs, type: 'number', min: scaled(String(lo), d), max: scaled(String(hi), d), step: d === undefined ? 1 : String(10 ** -d) });
  }
  const length = leaf.kind === 'leaf' ? t.length : undefined;
  return el('input', {
    ...attrs, type: 'text',
    pattern: leaf.kind === 'leaf' ? htmlPattern(t) : undefined,
    minlength: length === undefined ? undefined : Math.min(...length.map(([a]) => Number(a))),
    maxlength: length === undefined || Number(length[length.length - 1][1]) > 1e9 ? undefined : Math.max(...length.map(([, b]) => Number(b))),
  });
};

/** A form value in its JSON form (RFC 7951, simplified mode): undefined when not given. */
const jsonValue = (leaf, input) => {
  const t = leaf.type;
  if (t.base === 'empty') return input.checked ? [null] : undefined;
  const text = input.value.trim();
  if (text === '') return undefined;
  const one = (v) => (INTEGERS.has(t.base) && /^-?\d+$/.test(v) ? Number(v) : t.base === 'boolean' ? v === 'true' : t.base === 'decimal64' && t.fractionDigits !== undefined && /^-?\d+(\.\d+)?$/.test(v) ? Number(v).toFixed(t.fractionDigits) : v);
  return leaf.kind === 'leaf-list' ? text.split(',').map((v) => one(v.trim())).filter((v) => v !== '') : one(text);
};

const field = (leaf, value) => el('label', {}, `${leaf.name}${leaf.mandatory ? ' *' : ''}`, control(leaf, value),
  el('span', { class: 'constraint' }, [describeType(leaf.type), leaf.units === undefined ? '' : `units ${leaf.units}`, leaf.default === undefined ? '' : `default ${leaf.default}`].filter((s) => s !== '').join('; ')));

// ---------------------------------------------------------------- the panel

/** The instance path: each list step with its keys, filled with the first entry's when known. */
const fillKeys = async (path) => {
  let out = '';
  for (const s of path) {
    out += (out === '' ? '' : '/') + s.name;
    if (s.list !== undefined) {
      const r = await call('GET', `/restconf/data/${out}?fields=${encodeURIComponent(s.list.keys.join(';'))}`);
      const entries = r.json === undefined ? [] : Object.values(r.json)[0];
      const first = Array.isArray(entries) ? entries[0] : undefined;
      out += `=${s.list.keys.map((k) => encodeURIComponent(String(first?.[k] ?? `{${k}}`))).join(',')}`;
    }
  }
  return out;
};

const stopLive = () => {
  if (state.live !== undefined) clearInterval(state.live);
  state.live = undefined;
  state.watch?.abort();
  state.watch = undefined;
};

const pathInput = (value) => el('input', { id: 'path', class: 'path', value, 'aria-label': 'instance path' });

const select = async (entry, button) => {
  stopLive();
  for (const b of document.querySelectorAll('#tree button.selected')) b.classList.remove('selected');
  button?.classList.add('selected');
  const { node } = entry;
  const panel = document.getElementById('panel');
  const path = await fillKeys(entry.path);
  const head = [
    el('h2', {}, `${node.kind} ${node.name}`),
    node.description === undefined ? undefined : el('p', {}, node.description),
    node.type === undefined ? undefined : el('p', { class: 'kind' }, describeType(node.type)),
  ].filter((e) => e !== undefined);
  if (node.kind === 'rpc' || node.kind === 'action') return panel.replaceChildren(...head, operationPanel(node, path));
  if (node.kind === 'notification') return panel.replaceChildren(...head, eventsPanel(path));
  panel.replaceChildren(...head, dataPanel(node, path));
};

/** Values (read now, or every 2 s while "live"), and the edit form when the node is configuration. */
const dataPanel = (node, initialPath) => {
  const where = pathInput(initialPath);
  const out = el('pre', { id: 'value' }, '…');
  const status = el('p', { id: 'edit-status', role: 'status' });
  const read = async () => {
    const r = await call('GET', `/restconf/data/${where.value}`);
    out.textContent = r.status === 200 ? JSON.stringify(r.json, null, 2) : r.status === 204 ? '(no data)' : errorText(r);
    return r;
  };
  const live = el('input', { type: 'checkbox', id: 'live', onchange: (ev) => {
    if (state.live !== undefined) clearInterval(state.live);
    state.live = ev.currentTarget.checked ? setInterval(read, 2000) : undefined;
  } });
  const parts = [el('label', {}, 'Path ', where), el('p', {}, el('button', { type: 'button', id: 'read', onclick: read }, 'Read'), ' ', el('label', {}, live, ' live (every 2 s)')), out];
  const leaves = node.kind === 'leaf' || node.kind === 'leaf-list' ? [node] : (node.children ?? []).filter((c) => (c.kind === 'leaf' || c.kind === 'leaf-list') && c.config !== false);
  if (node.config !== false && leaves.length > 0) {
    const form = el('form', { id: 'edit' }, el('strong', {}, 'Edit'), leaves.map((l) => field(l)), el('button', { type: 'submit' }, 'Save (PATCH)'), status);
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const values = {};
      for (const l of leaves) {
        const v = jsonValue(l, form.elements.namedItem(l.name));
        if (v !== undefined) values[l.name] = v;
      }
      const last = where.value.split('/').pop() ?? '';
      const eq = last.indexOf('=');
      const member = (eq < 0 ? last : last.slice(0, eq)).replace(/^.*:/, '');
      let body;
      if (node.kind === 'leaf' || node.kind === 'leaf-list') body = { [member]: values[node.name] };
      else if (node.kind === 'list') {
        const keys = last.slice(eq + 1).split(',').map(decodeURIComponent);
        body = { [member]: [{ ...Object.fromEntries(node.keys.map((k, i) => [k, keys[i]])), ...values }] };
      } else body = { [member]: values };
      const r = await call('PATCH', `/restconf/data/${where.value}`, JSON.stringify(body), 'application/json');
      status.className = r.status < 300 ? 'ok' : 'error';
      status.textContent = r.status < 300 ? `saved (${r.status})` : errorText(r);
      if (r.status < 300) await read();
    });
    // The current values in the form.
    void read().then((r) => {
      const data = r.json === undefined ? undefined : Object.values(r.json)[0];
      const current = Array.isArray(data) && node.kind === 'list' ? data[0] : node.kind === 'leaf' || node.kind === 'leaf-list' ? data : data;
      for (const l of leaves) {
        const v = node.kind === 'leaf' || node.kind === 'leaf-list' ? current : current?.[l.name];
        const input = form.elements.namedItem(l.name);
        if (v === undefined || input === null) continue;
        if (input.type === 'checkbox') input.checked = true;
        else input.value = Array.isArray(v) ? v.join(', ') : String(v);
      }
    });
    parts.push(form);
  } else void read();
  return el('div', {}, parts);
};

/** An rpc or action form: leaves as fields, binary leaves as files, containers and lists as JSON parts; sent as multipart/form-data. */
const operationPanel = (op, initialPath) => {
  const where = pathInput(initialPath);
  const out = el('pre', { id: 'output' }, '');
  const leaves = op.input.filter((c) => c.kind === 'leaf' || c.kind === 'leaf-list');
  const others = op.input.filter((c) => c.kind !== 'leaf' && c.kind !== 'leaf-list' && c.kind !== 'choice');
  const form = el('form', { id: 'invoke' },
    el('strong', {}, op.kind === 'rpc' ? 'Run' : 'Run on the instance at the path'),
    leaves.map((l) => field(l)),
    others.map((o) => el('label', {}, `${o.name} (JSON)`, el('textarea', { name: o.name, 'data-json': true, rows: 3 }))),
    el('button', { type: 'submit' }, op.kind === 'rpc' ? 'Call' : 'Invoke'));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const data = new FormData();
    for (const l of leaves) {
      const input = form.elements.namedItem(l.name);
      if (l.type.base === 'binary' && input.files?.[0] !== undefined) continue;
      const v = jsonValue(l, input);
      if (v === undefined) continue;
      for (const x of Array.isArray(v) && l.kind === 'leaf-list' ? v : [v]) data.append(l.name, Array.isArray(x) ? 'on' : String(x));
    }
    for (const o of others) {
      const text = form.elements.namedItem(o.name).value.trim();
      if (text !== '') data.append(o.name, new Blob([text], { type: 'application/json' }));
    }
    for (const l of leaves) {
      const file = l.type.base === 'binary' ? form.elements.namedItem(l.name).files?.[0] : undefined;
      if (file !== undefined) data.append(l.name, file, file.name); // the file last (docs/web.md)
    }
    const r = await fetch(`/restconf/data/${where.value}`, { method: 'POST', headers: headers(), body: data });
    const text = await r.text();
    out.className = r.ok ? 'ok' : 'error';
    out.textContent = r.status === 204 ? '(done, no output)' : r.ok ? JSON.stringify(JSON.parse(text), null, 2) : errorText({ status: r.status, text, json: (() => { try { return JSON.parse(text); } catch { return undefined; } })() });
  });
  return el('div', {}, el('label', {}, 'Path ', where), form, el('strong', {}, 'Output'), out);
};

/** A notification's events as they come: SSE read with fetch (so the credentials go as a header). */
const eventsPanel = (initialPath) => {
  const where = pathInput(initialPath);
  const filter = el('input', { id: 'filter', placeholder: 'filter, e.g. value>80', 'aria-label': 'filter' });
  const list = el('ol', { id: 'events' });
  const status = el('p', { id: 'watch-status', role: 'status' });
  const watch = async () => {
    stopLive();
    const abort = new AbortController();
    state.watch = abort;
    const query = filter.value.trim() === '' ? '' : `?filter=${encodeURIComponent(filter.value.trim())}`;
    try {
      const r = await fetch(`/restconf/data/${where.value}${query}`, { headers: headers({ accept: 'text/event-stream' }), signal: abort.signal });
      if (!r.ok || r.body === null) {
        status.className = 'error';
        status.textContent = errorText({ status: r.status, text: await r.text() });
        return;
      }
      status.className = 'ok';
      status.textContent = 'watching';
      const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
          const data = frame.split(/\r?\n/).filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n');
          if (data !== '') list.prepend(el('li', { class: 'event' }, `${new Date().toLocaleTimeString()} ${data}`));
        }
      }
      status.textContent = 'the stream ended';
    } catch (e) {
      if (!abort.signal.aborted) {
        status.className = 'error';
        status.textContent = String(e);
      }
    }
  };
  return el('div', {}, el('label', {}, 'Path ', where), el('p', {}, filter, ' ',
    el('button', { type: 'button', id: 'watch', onclick: () => void watch() }, 'Watch'), ' ',
    el('button', { type: 'button', id: 'stop', onclick: () => { stopLive(); status.textContent = 'stopped'; } }, 'Stop')), status, list);
};

if (state.auth !== '') void start();
