/**
 * The SSE reader the client's event streams go through: messages split
 * anywhere across chunks, CR, LF and CRLF line ends (a CRLF split between
 * chunks too), multi-line data joined with '\n', event types, comments
 * (keep-alives) and events without data ignored.
 */
import test from 'ava';
import fc from 'fast-check';
import { parseSse, type SseMessage } from '../../src/client/parse-sse.ts';

const read = (chunks: readonly string[]): SseMessage[] => {
  const out: SseMessage[] = [];
  const feed = parseSse((m) => out.push(m));
  for (const c of chunks) feed(c);
  return out;
};

const WIRE = ': keep-alive\n\ndata: {"a":1}\n\nevent: error\ndata: line one\r\ndata: line two\r\n\r\nretry: 10\n\ndata:no-space\rdata: x\r\r';
const EXPECTED: SseMessage[] = [
  { event: 'message', data: '{"a":1}' },
  { event: 'error', data: 'line one\nline two' },
  { event: 'message', data: 'no-space\nx' },
];

test('a stream read whole', (t) => {
  t.deepEqual(read([WIRE]), EXPECTED);
});

test('the same stream split at every point, and character by character', (t) => {
  for (let i = 0; i <= WIRE.length; i++) t.deepEqual(read([WIRE.slice(0, i), WIRE.slice(i)]), EXPECTED, `split at ${i}`);
  t.deepEqual(read([...WIRE]), EXPECTED);
});

test('random splits of random messages give the messages back', (t) => {
  const line = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ':', '{', '"', 'é') });
  fc.assert(fc.property(fc.array(fc.array(line, { minLength: 1, maxLength: 3 }), { maxLength: 5 }), fc.constantFrom('\n', '\r', '\r\n'), fc.array(fc.nat(), { maxLength: 6 }), (msgs, eol, cuts) => {
    const wire = msgs.map((lines) => lines.map((l) => `data: ${l}${eol}`).join('') + eol).join('');
    const points = [...new Set(cuts.map((c) => c % (wire.length + 1)))].sort((a, b) => a - b);
    const chunks = [0, ...points].map((p, i, all) => wire.slice(p, all[i + 1] ?? wire.length));
    return JSON.stringify(read(chunks)) === JSON.stringify(msgs.map((lines) => ({ event: 'message', data: lines.join('\n') })));
  }));
  t.pass();
});
