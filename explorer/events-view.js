// A notification's events as they come: SSE read with fetch, so the
// credentials go as a header, never in the URL.
import { el, say } from './dom.js';
import { headers, session } from './http.js';
import { logRequest } from './requests.js';

export const eventsView = (path, state) => {
  const filter = el('input', { id: 'filter', placeholder: 'filter, e.g. value>80', 'aria-label': 'filter' });
  const list = el('ol', { id: 'events' });
  const status = el('p', { id: 'watch-status', role: 'status' });
  const watch = async () => {
    state.stop();
    const abort = new AbortController();
    state.stop = () => abort.abort();
    const query = filter.value.trim() === '' ? '' : `?filter=${encodeURIComponent(filter.value.trim())}`;
    const url = new URL(`/restconf/data/${path}${query}`, location.href).href;
    const entry = logRequest({ method: 'GET', url, auth: session.auth, accept: 'text/event-stream' });
    try {
      const r = await fetch(url, { headers: headers({ accept: 'text/event-stream' }), signal: abort.signal });
      entry.answered(r.status);
      if (!r.ok || r.body === null) return say(status, false, `${r.status} ${await r.text()}`);
      say(status, true, 'watching');
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
      if (!abort.signal.aborted) say(status, false, String(e));
    }
  };
  return el('div', {}, el('p', { class: 'toolbar' }, filter,
    el('button', { type: 'button', id: 'watch', onclick: () => void watch() }, 'Watch'),
    el('button', { type: 'button', id: 'stop', onclick: () => { state.stop(); status.textContent = 'stopped'; } }, 'Stop')), status, list);
};
