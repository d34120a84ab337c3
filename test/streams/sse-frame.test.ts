import test from 'ava';
import fc from 'fast-check';
import {
  eventFrame,
  KEEP_ALIVE_FRAME,
  overflowFrame,
  SOURCE_ERROR_FRAME,
  sseComment,
  sseData,
  sseEvent,
} from '../../src/streams/index.ts';

test('one-line data is one data line and a blank line', (t) => {
  t.is(sseData('{"a":1}'), 'data: {"a":1}\n\n');
  t.is(sseData(''), 'data: \n\n');
});

test('multi-line data becomes one data line per line, for LF, CR and CRLF', (t) => {
  t.is(sseData('x\ny\r\nz\rw'), 'data: x\ndata: y\ndata: z\ndata: w\n\n');
  t.is(sseData('x\n'), 'data: x\ndata: \n\n');
});

test('events, comments and the fixed frames have the documented bytes', (t) => {
  t.is(sseEvent('error', '{}'), 'event: error\ndata: {}\n\n');
  t.is(sseComment('keep-alive'), ': keep-alive\n\n');
  t.deepEqual(KEEP_ALIVE_FRAME, { kind: 'comment', text: ': keep-alive\n\n', count: 0 });
  t.deepEqual(eventFrame('1'), { kind: 'event', text: 'data: 1\n\n', count: 1 });
  t.deepEqual(overflowFrame(1000), {
    kind: 'final',
    text: 'event: error\ndata: {"reason":"overflow","max-queued-events":1000}\n\n',
    count: 0,
  });
  t.deepEqual(SOURCE_ERROR_FRAME, { kind: 'final', text: 'event: error\ndata: {"reason":"source-error"}\n\n', count: 0 });
});

test('an event type holding a line break is refused', (t) => {
  t.throws(() => sseEvent('a\nb', '{}'), { instanceOf: RangeError });
  t.throws(() => sseEvent('a\rb', '{}'), { instanceOf: RangeError });
  t.throws(() => sseEvent('a\r\nb', '{}'), { instanceOf: RangeError });
});

test('a value whose only line breaks are CR, or only LF, is split as well', (t) => {
  t.is(sseData('a\rb'), 'data: a\ndata: b\n\n');
  t.is(sseData('a\nb'), 'data: a\ndata: b\n\n');
  t.is(sseComment('a\rb'), ': a\n: b\n\n');
  t.is(sseEvent('error', '\r'), 'event: error\ndata: \ndata: \n\n');
});

/** The client side of the SSE spec, enough for data fields: join data lines with '\n'. */
const parseData = (frame: string): string[] => {
  const events: string[] = [];
  let data: string[] = [];
  for (const line of frame.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (data.length > 0) events.push(data.join('\n'));
      data = [];
    } else if (line.startsWith('data:')) {
      data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    }
  }
  return events;
};

test('any data text (normalising line breaks to LF) survives framing as exactly one event', (t) => {
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom('a', ' ', ':', '\n', '\r', 'é', '{') }), (text) => {
      t.deepEqual(parseData(sseData(text)), [text.replace(/\r\n|\r/g, '\n')]);
    }),
  );
});
