/**
 * The logger rxconf writes to: the subset of pino's interface it uses, so a
 * pino instance can be passed as it is. The default writes one JSON object a
 * line to standard output through a LogSink (log-sink.ts: large writes off
 * the event loop, bounded, drops counted).
 */
import { Buffer } from 'node:buffer';
import { standardOutput, type LogSink } from './log-sink.ts';
import { InfoLine } from './info-line.ts';
import type { FramedMembers } from './line-bytes.ts';
import { wallTimeAt } from './wall-clock.ts';

export interface LogFn {
  (object: Record<string, unknown>, message?: string): void;
  (message: string): void;
}

/** Compatible with pino: `createServer({ logger: pino() })`. */
export interface Logger {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  debug?: LogFn;
}

type Level = 'info' | 'warn' | 'error' | 'debug';
const LEVELS: Readonly<Record<Level, number>> = { debug: 20, info: 30, warn: 40, error: 50 };

/**
 * A JSON logger: its lines are written when `flush()` resolves (a graceful
 * stop awaits it). `infoMembers` takes a line's fields as JSON members that
 * write their own bytes between the line's head and end (`,"a":1,"b":"x"`:
 * none named level, time or msg), for a caller that writes one line per
 * request (the access log), with the `performance.now()` reading it made
 * at the answer (the line's time is that reading's time of day).
 */
export type JsonLogger = Logger & { flush(): void | Promise<void>; infoMembers(members: FramedMembers, message: string, at: number): void };

/** Whether `logger` is a JsonLogger (takes lines written as JSON members). */
export const isJsonLogger = (logger: Logger): logger is JsonLogger => typeof (logger as Partial<JsonLogger>).infoMembers === 'function';

/**
 * A Logger writing JSON lines (pino's field names: level, time, msg) to a
 * LogSink (default: standard output's), or to a function, buffered until
 * the turn ends.
 */
export const jsonLogger = (to: ((text: string) => void) | LogSink = standardOutput(), minimum: Level = 'info'): JsonLogger => {
  const sink = typeof to === 'function' ? turnBuffer(to) : to;
  const line = (level: Level) => {
    const head = `{"level":${LEVELS[level]},"time":`;
    return (a: Record<string, unknown> | string, message?: string): void => {
      if (LEVELS[level] < LEVELS[minimum]) return;
      if (typeof a === 'string') sink.write(`${head}${timeText()},"msg":${JSON.stringify(a)}}\n`);
      // one string, no merged object per line, unless the fields name level, time or msg (each key once in a line)
      else if (namesHead(a, message)) sink.write(`${json({ level: LEVELS[level], time: Date.now(), ...a, ...(message === undefined ? {} : { msg: message }) })}\n`);
      else sink.write(`${head}${timeText()}${members(a)}${message === undefined ? '' : `,"msg":${quoted(message)}`}}\n`);
    };
  };
  const info = new InfoLine(LEVELS.info);
  const infoMembers = LEVELS.info < LEVELS[minimum]
    ? () => undefined
    : (members: FramedMembers, message: string, at: number): void => sink.writeBytes(info.of(wallTimeAt(at), members, message));
  return { info: line('info'), warn: line('warn'), error: line('error'), debug: line('debug'), flush: () => sink.flush(), infoMembers };
};

/** Lines for a function, handed to it once per event-loop turn. */
const turnBuffer = (write: (text: string) => void): Pick<LogSink, 'write' | 'writeBytes'> & { flush(): void } => {
  let pending = '';
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (pending === '') return;
    const text = pending;
    pending = '';
    write(text);
  };
  const take = (text: string): void => {
    pending += text;
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush).unref();
    }
  };
  return {
    write: take,
    writeBytes: (line) => {
      const bytes = Buffer.allocUnsafe(line.most);
      take(bytes.toString('utf8', 0, line.writeInto(bytes, 0)));
    },
    flush,
  };
};

/**
 * Date.now() as text, the last one kept: lines come many to a millisecond,
 * and writing a time (beyond a small integer) as digits costs more than
 * the rest of a line's numbers.
 */
let lastTime = -1;
let lastTimeText = '';
const timeText = (): string => {
  const now = Date.now();
  if (now !== lastTime) {
    lastTime = now;
    lastTimeText = `${now}`;
  }
  return lastTimeText;
};

/** A logger that drops everything. */
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Whether the fields would repeat a key the line writes itself. */
const namesHead = (fields: Record<string, unknown>, message: string | undefined): boolean =>
  Object.hasOwn(fields, 'level') || Object.hasOwn(fields, 'time') || (message !== undefined && Object.hasOwn(fields, 'msg'));

/** `,"a":1,"b":"x"` for the object's fields ('' when none). */
const members = (fields: Record<string, unknown>): string => {
  const text = json(fields);
  return text.length > 2 ? `,${text.slice(1, -1)}` : '';
};

/** The object as JSON: a line of plain values (the access log's) needs no replacer, which stringify would call for every key. */
const json = (fields: Record<string, unknown>): string => (flat(fields) ? JSON.stringify(fields) : JSON.stringify(fields, jsonSafe));

/** The message as a JSON string; the last one is kept (most lines repeat the message of the line before). */
let lastMessage = '';
let lastQuoted = '""';
const quoted = (message: string): string => {
  if (message !== lastMessage) {
    lastMessage = message;
    lastQuoted = JSON.stringify(message);
  }
  return lastQuoted;
};

/** Every value a string, number, boolean, null or undefined (nothing for jsonSafe to change). */
const flat = (fields: Record<string, unknown>): boolean => {
  for (const k in fields) {
    const v = fields[k];
    if (typeof v === 'object' ? v !== null : typeof v === 'bigint') return false;
  }
  return true;
};

const jsonSafe = (_key: string, value: unknown): unknown => {
  if (typeof value === 'bigint') return String(value);
  if (value instanceof Error) return { type: value.name, message: value.message, stack: value.stack };
  return value;
};
