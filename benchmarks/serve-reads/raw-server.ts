/**
 * The baseline of the serve-reads benchmark, in a process of its own: raw
 * uWebSockets.js answering `/fixed/<name>` with the exact bytes rxconf gave
 * for that request, and `/list/<n>` with JSON.stringify of an n-entry array
 * made once (stringified per request, as an application serving its own
 * array would). Reads the fixed bodies as JSON from argv[2]; prints
 * `listening <port>`.
 */
import { readFileSync } from 'node:fs';
import uWS from '@trufflesuite/uws-js-unofficial';
import { tableEntries } from './table-data.ts';

const fixed = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as Record<string, string>;
const sizes = (process.argv[3] ?? '').split(',').filter((s) => s !== '').map(Number);
const lists = new Map(sizes.map((n) => [String(n), tableEntries(n)]));

const app = uWS.App();
app.get('/fixed/:name', (res, req) => {
  const body = fixed[req.getParameter(0) ?? ''];
  if (body === undefined) res.writeStatus('404 Not Found').end();
  else res.writeStatus('200 OK').writeHeader('content-type', 'application/json').end(body);
});
app.get('/list/:n', (res, req) => {
  const entries = lists.get(req.getParameter(0) ?? '');
  if (entries === undefined) res.writeStatus('404 Not Found').end();
  else res.writeStatus('200 OK').writeHeader('content-type', 'application/json').end(JSON.stringify({ 'bench-table:entry': entries }));
});
app.listen('127.0.0.1', 0, (socket) => {
  if (socket === false) {
    console.error('raw server: cannot listen');
    process.exit(1);
  }
  console.log(`listening ${uWS.us_socket_local_port(socket)}`);
});
process.on('SIGTERM', () => process.exit(0));
