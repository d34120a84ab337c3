/**
 * A JSON (RFC 8259) reader that, unlike JSON.parse, says where a problem is,
 * rejects a member name given twice in one object (RFC 7951 data are I-JSON,
 * RFC 7493 §2.3), bounds the nesting depth and keeps the text of inexact
 * numbers (see `NumberTexts`). It accepts exactly what JSON.parse accepts
 * otherwise, and builds the same values.
 */
import { isInexactNumber, NumberTexts } from './number-texts.ts';

/** A syntax error at a character offset; `tooDeep` for the nesting limit. */
export class JsonSyntaxError extends Error {
  constructor(message: string, readonly offset: number, readonly tooDeep = false) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const HEX4 = /^[0-9a-fA-F]{4}$/;

/** Whether a character (code) could continue a number token: a number followed by one is malformed ("01", "1.", "1e"). */
const continuesNumber = (c: number): boolean => (c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45;

const shown = (text: string, at: number): string => (at >= text.length ? 'the end of the text' : JSON.stringify(text.charAt(at)));

/** Sets a member without ever touching the prototype (a member may be named `__proto__`). */
const define = (obj: Record<string, unknown>, key: string, value: unknown): void => {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
};

class Reader {
  pos = 0;
  /** The text of the last number read when it was inexact; consumed by the container holding it. */
  inexact: string | undefined;

  constructor(readonly text: string, readonly numbers: NumberTexts, readonly maxDepth: number) {}

  fail(message: string, at = this.pos): never {
    throw new JsonSyntaxError(message, at);
  }

  space(): void {
    const t = this.text;
    let c = t.charCodeAt(this.pos);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = t.charCodeAt(++this.pos);
  }

  value(depth: number): unknown {
    this.space();
    const c = this.text.charAt(this.pos);
    if (c === '{') return this.object(depth + 1);
    if (c === '[') return this.array(depth + 1);
    if (c === '"') return this.string();
    if (c === '-' || (c >= '0' && c <= '9')) return this.number();
    if (c === 't') return this.literal('true', true);
    if (c === 'f') return this.literal('false', false);
    if (c === 'n') return this.literal('null', null);
    return this.fail(`expected a value but found ${shown(this.text, this.pos)}`);
  }

  /** Records the exact text of an inexact number just read as `holder[key]`. */
  keep(holder: object, key: string | number): void {
    if (this.inexact !== undefined) this.numbers.set(holder, key, this.inexact);
    this.inexact = undefined;
  }

  enter(depth: number): void {
    if (depth > this.maxDepth) throw new JsonSyntaxError(`JSON nested deeper than ${this.maxDepth} levels`, this.pos, true);
    this.pos++;
  }

  object(depth: number): Record<string, unknown> {
    this.enter(depth);
    const obj: Record<string, unknown> = {};
    this.space();
    if (this.text.charAt(this.pos) === '}') {
      this.pos++;
      return obj;
    }
    for (;;) {
      this.space();
      if (this.text.charAt(this.pos) !== '"') {
        const what = this.text.charAt(this.pos) === '}' ? 'a trailing ","' : shown(this.text, this.pos);
        this.fail(`expected a member name (a string) but found ${what}`);
      }
      const at = this.pos;
      const key = this.string();
      if (obj[key] !== undefined && Object.hasOwn(obj, key)) this.fail(`member ${JSON.stringify(key)} is given twice in one object`, at);
      this.space();
      if (this.text.charAt(this.pos) !== ':') this.fail(`expected ":" after member name ${JSON.stringify(key)} but found ${shown(this.text, this.pos)}`);
      this.pos++;
      define(obj, key, this.value(depth));
      this.keep(obj, key);
      this.space();
      const c = this.text.charAt(this.pos++);
      if (c === '}') return obj;
      if (c !== ',') this.fail(`expected "," or "}" but found ${shown(this.text, this.pos - 1)}`, this.pos - 1);
    }
  }

  array(depth: number): unknown[] {
    this.enter(depth);
    const arr: unknown[] = [];
    this.space();
    if (this.text.charAt(this.pos) === ']') {
      this.pos++;
      return arr;
    }
    for (;;) {
      this.space();
      if (this.text.charAt(this.pos) === ']') this.fail('expected a value but found a trailing ","');
      arr.push(this.value(depth));
      this.keep(arr, arr.length - 1);
      this.space();
      const c = this.text.charAt(this.pos++);
      if (c === ']') return arr;
      if (c !== ',') this.fail(`expected "," or "]" but found ${shown(this.text, this.pos - 1)}`, this.pos - 1);
    }
  }

  string(): string {
    const t = this.text;
    const start = ++this.pos;
    let i = start;
    for (;;) {
      if (i >= t.length) this.fail('unterminated string', start - 1);
      const c = t.charCodeAt(i);
      if (c === 34) {
        this.pos = i + 1;
        return t.slice(start, i);
      }
      if (c === 92) break;
      if (c < 32) this.fail('control character in a string (it must be escaped)', i);
      i++;
    }
    return this.escapedString(start, i);
  }

  /** The rest of a string that holds escapes: `from` is its first character, `at` the first backslash. */
  escapedString(from: number, at: number): string {
    const t = this.text;
    let out = t.slice(from, at);
    let i = at;
    for (;;) {
      if (i >= t.length) this.fail('unterminated string', from - 1);
      const c = t.charAt(i);
      if (c === '"') {
        this.pos = i + 1;
        return out;
      }
      if (c === '\\') {
        const e = t.charAt(i + 1);
        if (e === 'u') {
          const hex = t.slice(i + 2, i + 6);
          if (!HEX4.test(hex)) this.fail('"\\u" must be followed by four hexadecimal digits', i);
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
          continue;
        }
        const decoded = ESCAPES[e];
        if (decoded === undefined) this.fail(`invalid escape "\\${e}" in a string`, i);
        out += decoded;
        i += 2;
        continue;
      }
      let end = i;
      for (let code = t.charCodeAt(end); code !== 34 && code !== 92 && end < t.length; code = t.charCodeAt(++end)) {
        if (code < 32) this.fail('control character in a string (it must be escaped)', end);
      }
      out += t.slice(i, end);
      i = end;
    }
  }

  number(): number {
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.text);
    if (m === null || continuesNumber(this.text.charCodeAt(NUMBER.lastIndex))) return this.fail('invalid number');
    const token = m[0];
    this.pos = NUMBER.lastIndex;
    const value = Number(token);
    this.inexact = isInexactNumber(token, value) ? token : undefined;
    return value;
  }

  literal<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.pos)) this.fail(`invalid literal (expected ${word})`);
    this.pos += word.length;
    return value;
  }
}

/** Reads one JSON text. Throws `JsonSyntaxError`. A leading byte order mark is ignored (RFC 8259 §8.1). */
export const readJson = (text: string, maxDepth: number): { value: unknown; numbers: NumberTexts } => {
  const numbers = new NumberTexts();
  const reader = new Reader(text, numbers, maxDepth);
  if (text.charCodeAt(0) === 0xfeff) reader.pos = 1;
  reader.space();
  if (reader.pos >= text.length) reader.fail('the text is empty; expected a JSON value');
  const value = reader.value(0);
  reader.inexact = undefined;
  reader.space();
  if (reader.pos < text.length) reader.fail(`unexpected ${shown(text, reader.pos)} after the JSON value`);
  return { value, numbers };
};
