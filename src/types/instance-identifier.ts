/**
 * instance-identifier (RFC 7950 §9.13, RFC 7951 §6.11): checked for syntax,
 * and, when the schema is given (`options.schema`), its key and leaf-list
 * values checked and canonicalised by their types (instance-key-values.ts).
 * Whether the instance exists is the datastore's business.
 *
 * The runtime value is the RFC 7951 form in canonical layout: module names
 * as qualifiers, the first node qualified, any other name qualified only
 * when its module differs from its parent's, no whitespace, predicates as
 * `[key='v']`, `[.='v']` or `[N]`. In a YANG module (qualifier `prefix`)
 * every name must carry a prefix, which is replaced by its module name.
 */
import type { TypeMeta } from '../meta/meta.ts';
import type { Codec } from './codec.ts';
import { jsonKind } from './json-kind.ts';
import { InstanceKeyValues } from './instance-key-values.ts';
import type { JsonDecodeOptions, StringDecodeOptions } from './options.ts';
import { typeName } from './type-name.ts';
import { invalid, ok, quote, type Result, type YangValue } from './value.ts';

/** Maps a qualifier to a module name; undefined when unknown. */
type QualifierMap = (qualifier: string) => string | undefined;

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_.-]*/y;
const POSITION = /[1-9][0-9]*/y;

class Scanner {
  pos = 0;
  constructor(readonly text: string) {}

  peek(): string {
    return this.text.charAt(this.pos);
  }

  skipSpace(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }

  match(regex: RegExp): string | undefined {
    regex.lastIndex = this.pos;
    const m = regex.exec(this.text);
    if (m === null) return undefined;
    this.pos = regex.lastIndex;
    return m[0];
  }

  expect(char: string, what: string): void {
    if (this.peek() !== char) throw new SyntaxError(`expected ${what} at position ${this.pos}`);
    this.pos++;
  }

  /** `[prefix:]identifier`, with the qualifier mapped to a module name; `context` is the parent's module. */
  name(map: QualifierMap, context: string | undefined, requireQualifier: boolean): { module: string; name: string; text: string } {
    const at = this.pos;
    const first = this.match(IDENTIFIER);
    if (first === undefined) throw new SyntaxError(`expected a node name at position ${at}`);
    let qualifier: string | undefined;
    let name = first;
    if (this.peek() === ':') {
      this.pos++;
      qualifier = first;
      name = this.match(IDENTIFIER) ?? '';
      if (name === '') throw new SyntaxError(`expected a node name after "${first}:" at position ${this.pos}`);
    }
    if (qualifier === undefined && (requireQualifier || context === undefined)) {
      throw new SyntaxError(`node name "${name}" at position ${at} must be qualified`);
    }
    const module = qualifier === undefined ? (context as string) : map(qualifier);
    if (module === undefined) throw new SyntaxError(`unknown prefix "${qualifier}" at position ${at}`);
    return { module, name, text: module === context ? name : `${module}:${name}` };
  }

  /** A quoted string's value. */
  quoted(): string {
    const quoteChar = this.peek();
    if (quoteChar !== "'" && quoteChar !== '"') throw new SyntaxError(`expected a quoted value at position ${this.pos}`);
    const end = this.text.indexOf(quoteChar, this.pos + 1);
    if (end < 0) throw new SyntaxError(`unterminated quoted value at position ${this.pos}`);
    const value = this.text.slice(this.pos + 1, end);
    this.pos = end + 1;
    return value;
  }
}

/** A value quoted canonically: single quotes unless it holds one. */
const requote = (value: string): string => (value.includes("'") ? `"${value}"` : `'${value}'`);

function canonicalize(text: string, map: QualifierMap, requireQualifier: boolean, keys?: InstanceKeyValues): string {
  const s = new Scanner(text);
  let out = '';
  let context: string | undefined;
  if (text === '') throw new SyntaxError('empty path');
  while (s.pos < text.length) {
    s.expect('/', '"/"');
    const node = s.name(map, context, requireQualifier);
    out += `/${node.text}`;
    context = node.module;
    keys?.enter(node.module, node.name);
    let kind: 'key' | 'leaf-list' | 'position' | undefined;
    const given: string[] = [];
    while (s.peek() === '[') {
      const at = s.pos++;
      s.skipSpace();
      let predicate: string;
      let predicateKind: typeof kind;
      const position = s.match(POSITION);
      if (position !== undefined) {
        predicateKind = 'position';
        predicate = position;
      } else {
        let key = '.';
        let local = '.';
        if (s.peek() === '.') s.pos++;
        else ({ text: key, name: local } = s.name(map, context, requireQualifier));
        s.skipSpace();
        s.expect('=', '"="');
        s.skipSpace();
        predicateKind = key === '.' ? 'leaf-list' : 'key';
        if (given.includes(key)) throw new SyntaxError(`key "${key}" is given twice at position ${at}`);
        given.push(key);
        const value = s.quoted();
        predicate = `${key}=${requote(keys === undefined ? value : keys.canonical(local, value))}`;
      }
      s.skipSpace();
      s.expect(']', '"]"');
      if (kind !== undefined && (kind !== 'key' || predicateKind !== 'key')) {
        throw new SyntaxError(`a ${predicateKind} predicate cannot follow a ${kind} predicate at position ${at}`);
      }
      kind = predicateKind;
      out += `[${predicate}]`;
    }
  }
  return out;
}

function check(type: TypeMeta, text: string, map: QualifierMap, requireQualifier: boolean, options?: { readonly schema?: JsonDecodeOptions['schema'] }): Result {
  try {
    const keys = options?.schema === undefined ? undefined : new InstanceKeyValues(options.schema);
    return ok(canonicalize(text, map, requireQualifier, keys));
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return invalid(`${quote(text)} is not an instance-identifier: ${error.message} (type ${typeName(type)})`);
  }
}

const byModuleName: QualifierMap = (qualifier) => qualifier;

function decodeString(type: TypeMeta, text: string, options: StringDecodeOptions): Result {
  if (options.qualifier === 'module') return check(type, text, byModuleName, false, options);
  const prefixes = options.prefixes ?? type.prefixes;
  return check(type, text, (prefix) => prefixes.get(prefix), true, options);
}

function validate(type: TypeMeta, value: YangValue): Result {
  if (typeof value !== 'string') return invalid(`a ${typeName(type)} value must be a string`);
  const result = check(type, value, byModuleName, false);
  if (result.ok && result.value !== value) return invalid(`${quote(value)} is not in canonical form ("${String(result.value)}")`);
  return result;
}

export const instanceIdentifierCodec: Codec = {
  decodeJson: (type, json, options) =>
    typeof json === 'string'
      ? check(type, json, byModuleName, false, options)
      : invalid(`expected a string for type ${typeName(type)}, got ${jsonKind(json)}`),
  decodeString,
  encodeJson: (_type, value) => value as string,
  encodeString: (_type, value) => value as string,
  validate,
};
