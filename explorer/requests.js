// The request log: every request the page makes, newest first, each with
// its status and a "copy as curl" button (the command is shown too, for a
// browser that refuses the clipboard).
import { curlCommand } from './curl.js';
import { el } from './dom.js';

const KEEP = 30;

/** Adds a request to the log; `answered(status)` fills its status in. */
export const logRequest = (request) => {
  const list = document.getElementById('request-list');
  const command = curlCommand(request);
  const status = el('span', { class: 'status' }, '…');
  const shown = el('code', { class: 'curl' }, command);
  const copy = el('button', { type: 'button', class: 'copy-curl', 'data-curl': command, onclick: async (ev) => {
    const b = ev.currentTarget;
    try {
      await navigator.clipboard.writeText(command);
      b.textContent = 'copied';
    } catch {
      getSelection()?.selectAllChildren(shown);
      b.textContent = 'selected: copy it';
    }
    setTimeout(() => { b.textContent = 'copy as curl'; }, 1500);
  } }, 'copy as curl');
  const where = new URL(request.url);
  let path = where.pathname + where.search;
  try { path = decodeURI(path); } catch { /* shown as sent */ }
  const item = el('li', {}, el('div', { class: 'request-line' }, el('strong', {}, request.method), ' ', el('span', { class: 'request-path' }, path), ' ', status, ' ', copy), shown);
  list?.prepend(item);
  while (list !== null && list.children.length > KEEP) list.lastElementChild?.remove();
  const count = document.getElementById('request-count');
  if (count !== null) count.textContent = String(Number(count.textContent) + 1);
  return { answered: (code) => { status.textContent = String(code); status.className = `status ${code < 300 ? 'ok' : 'error'}`; } };
};
