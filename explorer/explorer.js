// The rxconf explorer: the schema tree, a panel that shows and edits what
// its path names (a list's entries as a table, an entry's, container's or
// leaf's form), rpc and action forms, a notification's live events, the
// OpenAPI document, and every request the page makes as a curl command.
// Plain browser JavaScript modules, no build, nothing from outside.
import { basicUser } from './credentials.js';
import { el } from './dom.js';
import { call, errorText, session } from './http.js';
import { openPath, panelState, stopView } from './panel.js';
import { drawTree } from './tree.js';

const schemaUrl = new URL('schema.json', location.href).pathname;

const showLogin = (message = '') => {
  document.getElementById('login').hidden = false;
  document.getElementById('main').hidden = true;
  document.getElementById('logout').hidden = true;
  document.getElementById('openapi').hidden = true;
  document.getElementById('login-error').textContent = message;
};

const who = (auth) => basicUser(auth) ?? (auth === '' ? '' : 'token');

const start = async () => {
  const r = await call('GET', schemaUrl);
  if (r.status === 401) return showLogin(session.auth === '' ? '' : 'Those credentials were refused.');
  if (r.status !== 200) return showLogin(errorText(r));
  panelState.schema = r.json;
  document.getElementById('login').hidden = true;
  document.getElementById('main').hidden = false;
  document.getElementById('logout').hidden = session.auth === '';
  document.getElementById('openapi').hidden = false;
  document.getElementById('who').textContent = who(session.auth);
  drawTree(r.json, openPath);
};

document.getElementById('login').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const user = document.getElementById('user').value;
  const password = document.getElementById('password').value;
  const token = document.getElementById('token').value.trim();
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  session.auth = token !== '' ? `Bearer ${token}` : user !== '' ? `Basic ${btoa(String.fromCharCode(...bytes))}` : '';
  sessionStorage.setItem('rxconf.auth', session.auth);
  void start();
});

document.getElementById('logout').addEventListener('click', () => {
  session.auth = '';
  sessionStorage.removeItem('rxconf.auth');
  stopView();
  showLogin();
});

// The OpenAPI document (behind authentication): read with the credentials, shown in the panel, offered as a file.
document.getElementById('openapi').addEventListener('click', async (ev) => {
  ev.preventDefault();
  stopView();
  const href = ev.currentTarget.getAttribute('href');
  const r = await call('GET', href);
  const panel = document.getElementById('panel');
  if (r.status !== 200) return panel.replaceChildren(el('h2', {}, 'OpenAPI document'), el('p', { class: 'error' }, errorText(r)));
  const file = URL.createObjectURL(new Blob([r.text], { type: 'application/json' }));
  panel.replaceChildren(el('h2', {}, 'OpenAPI document'),
    el('p', {}, `The OpenAPI ${r.json?.openapi ?? ''} description of every served module, at `, el('code', {}, href), ' (it needs the same credentials). ',
      el('a', { href: file, download: 'openapi.json', id: 'openapi-download' }, 'Save it as openapi.json')),
    el('pre', { id: 'openapi-document' }, JSON.stringify(r.json, null, 2)));
});

if (session.auth !== '') void start();
