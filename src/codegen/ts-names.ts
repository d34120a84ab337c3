/** TypeScript names for YANG names: PascalCase identifiers, made unique per generated file. */

/** `sample-interval.ms` → `SampleIntervalMs`; a leading digit gets an underscore. */
export const pascalCase = (...names: readonly string[]): string => {
  const s = names.flatMap((n) => n.split(/[^A-Za-z0-9]+/)).filter((p) => p !== '')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');
  return /^[0-9]/.test(s) ? `_${s}` : s === '' ? '_' : s;
};

/** A property key as written in an interface or object literal. */
export const propertyKey = (key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key));

/** Globals generated code names, which a YANG name must not shadow (a container `record` is `Record_2`). */
const GLOBALS = [
  'Array', 'Record', 'Object', 'String', 'Number', 'Boolean', 'BigInt', 'Symbol', 'Function', 'Date', 'Map', 'Set',
  'Error', 'Promise', 'JSON', 'Math', 'Partial', 'Readonly', 'Required', 'Pick', 'Omit',
];

/**
 * Hands out names, never the same one twice (a clash gets `_2`, `_3`, ...).
 * A name is given only when its codec's name (`NameC`) is free too.
 */
export class NameAllocator {
  private readonly taken = new Set<string>(GLOBALS);

  constructor(reserved: readonly string[] = []) {
    for (const r of reserved) this.taken.add(r);
  }

  take(wanted: string): string {
    let name = wanted;
    for (let i = 2; this.taken.has(name) || this.taken.has(`${name}C`); i += 1) name = `${wanted}_${i}`;
    this.taken.add(name);
    this.taken.add(`${name}C`);
    return name;
  }
}

/** A description as a JSDoc block (indented), or nothing. */
export const jsDoc = (lines: readonly string[], indent = ''): string => {
  const text = lines.flatMap((l) => l.split('\n')).map((l) => l.trim().replace(/\*\//g, '*\\/'));
  while (text.length > 0 && text.at(-1) === '') text.pop();
  if (text.length === 0) return '';
  return `${indent}/**\n${text.map((l) => `${indent} *${l === '' ? '' : ` ${l}`}`).join('\n')}\n${indent} */\n`;
};
