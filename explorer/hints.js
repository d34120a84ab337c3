// A leaf's constraints in words: "string, 1 to 32 characters, matching
// [a-z][a-z0-9-]*", "integer 1 or more", "decimal -1000.0 to 1000.0
// (1 fraction digit)", "one of: temperature, humidity".

const BITS = { int8: 8, int16: 16, int32: 32, int64: 64, uint8: 8, uint16: 16, uint32: 32, uint64: 64 };
export const INTEGERS = new Set(Object.keys(BITS));

/** The built-in bounds of an integer type, or of decimal64's scaled value. */
const bounds = (base) => {
  if (base === 'decimal64') return [-(2n ** 63n), 2n ** 63n - 1n];
  const bits = BigInt(BITS[base]);
  return base.startsWith('u') ? [0n, 2n ** bits - 1n] : [-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n];
};

/** A decimal64 scaled integer as its decimal text: 750, 1 digit → "75.0". */
export const unscale = (v, digits) => {
  if (digits === undefined) return String(v);
  const n = BigInt(v);
  const sign = n < 0n ? '-' : '';
  const text = (n < 0n ? -n : n).toString().padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
};

/**
 * One interval in words, leaving out a bound that is the type's own (so
 * 1..18446744073709551615 of a uint64 is "1 or more"): only 64-bit ones, too long to
 * read; 0 and narrower types' bounds are said.
 */
const interval = ([lo, hi], base, digits, unit = '') => {
  const [min, max] = bounds(base);
  const wide = base === 'decimal64' || BITS[base] === 64;
  const a = BigInt(lo);
  const b = BigInt(hi);
  const open = (v, edge) => v === edge && wide && edge !== 0n;
  const show = (v) => `${unscale(v, digits)}${unit}`;
  if (a === b) return show(a);
  if (open(a, min) && open(b, max)) return '';
  if (open(a, min)) return `${show(b)} or less`;
  if (open(b, max)) return `${show(a)} or more`;
  return `${show(a)} to ${show(b)}`;
};

const intervals = (list, base, digits, unit) => list.map((i) => interval(i, base, digits, unit)).filter((s) => s !== '').join(', or ');

const lengthWords = (length, what) => {
  const words = intervals(length, 'uint64', undefined);
  if (words === '') return '';
  return `${words} ${words === '1' ? what.replace(/s$/, '') : what}`;
};

const patternWords = (patterns) => (patterns ?? []).map((p) => `${p.invert ? 'not matching' : 'matching'} ${p.source}`);

/** A type in words. */
export const typeInWords = (t) => {
  const join = (head, ...rest) => [head, ...rest.filter((s) => s !== '')].join(', ');
  const named = t.typedef === undefined ? '' : ` (${t.typedef.replace(/^[^:]*:/, '')})`;
  if (INTEGERS.has(t.base)) {
    const r = intervals(t.range ?? [[String(bounds(t.base)[0]), String(bounds(t.base)[1])]], t.base, undefined);
    return `integer${r === '' ? '' : ` ${r}`}${named}`;
  }
  switch (t.base) {
    case 'decimal64': {
      const r = t.range === undefined ? '' : intervals(t.range, 'decimal64', t.fractionDigits);
      return `decimal${r === '' ? '' : ` ${r}`}${named}, ${t.fractionDigits} fraction digit${t.fractionDigits === 1 ? '' : 's'}`;
    }
    case 'string':
      return join(`string${named}`, t.length === undefined ? '' : lengthWords(t.length, 'characters'), ...patternWords(t.patterns));
    case 'binary':
      return join(`binary${named} (a file)`, t.length === undefined ? '' : lengthWords(t.length, 'bytes'));
    case 'boolean': return `true or false${named}`;
    case 'empty': return `present or absent${named}`;
    case 'enumeration': return `one of: ${t.enums.join(', ')}${named}`;
    case 'identityref': return `one of: ${t.identities.join(', ')}${named}`;
    case 'bits': return `any of: ${t.bits.join(' ')} (space-separated)${named}`;
    case 'union': return `either ${t.members.map(typeInWords).join('; or ')}`;
    case 'instance-identifier': return `an instance path${named}`;
    default: return `${t.base}${named}`;
  }
};

/** A leaf's whole hint: its type, units, default, whether it is required, whether it refers to another. */
export const leafHint = (leaf) => [
  typeInWords(leaf.type),
  leaf.type.leafref ? 'an existing value of the node it refers to' : '',
  leaf.units === undefined ? '' : `in ${leaf.units}`,
  leaf.default === undefined ? '' : `default ${leaf.default}`,
  leaf.mandatory || leaf.key ? 'required' : '',
  leaf.kind === 'leaf-list' ? 'one value a line' : '',
].filter((s) => s !== '').join('; ');
