// Form controls made from a leaf's type (the HTML constraints the type
// allows: number bounds, lengths, a pattern, choices, required), and their
// values back in JSON (RFC 7951, simplified mode).
import { el } from './dom.js';
import { INTEGERS, leafHint, unscale } from './hints.js';

const NARROW = new Set(['int8', 'int16', 'int32', 'uint8', 'uint16', 'uint32']);

/** A pattern the browser can check (XSD patterns mostly are JavaScript ones); undefined when not. */
const htmlPattern = (t) => {
  const p = (t.patterns ?? []).filter((x) => !x.invert);
  if (p.length !== 1) return undefined;
  try {
    new RegExp(`^(?:${p[0].source})$`, 'v');
    return p[0].source;
  } catch {
    return undefined;
  }
};

const shown = (value) => (value === undefined ? '' : String(value));

/**
 * The control of a leaf (a leaf-list: a text area, one value a line)
 * holding `value` (undefined: none; a default is the placeholder). A
 * binary leaf is a file input only in an operation's form (`files`); in an
 * edit form it is its base64 text, so a save never loses it.
 */
export const control = (leaf, value, { id = `f-${leaf.name}`, readonly = false, files = false } = {}) => {
  const t = leaf.type;
  const base = { name: leaf.name, id, title: leaf.description ?? '', required: leaf.mandatory === true || leaf.key === true, readonly };
  const choices = t.enums ?? t.identities ?? (t.base === 'boolean' ? ['true', 'false'] : undefined);
  if (leaf.kind === 'leaf' && choices !== undefined) {
    const none = leaf.default === undefined ? '' : `(default ${leaf.default})`;
    // A stored value the schema's choices do not list (another module's identity, say) stays a choice: never shown as none.
    const all = value === undefined || choices.includes(String(value)) ? choices : [String(value), ...choices];
    return el('select', { ...base, disabled: readonly }, el('option', { value: '' }, none), all.map((c) => el('option', { value: c, selected: value !== undefined && String(value) === c }, c)));
  }
  if (leaf.kind === 'leaf' && t.base === 'empty') return el('input', { ...base, type: 'checkbox', required: false, checked: value !== undefined, disabled: readonly });
  if (leaf.kind === 'leaf' && t.base === 'binary' && files) return el('input', { ...base, type: 'file' });
  if (leaf.kind === 'leaf-list') return el('textarea', { ...base, rows: Math.min(Math.max((value ?? []).length + 1, 2), 8) }, (value ?? []).map(String).join('\n'));
  const attrs = { ...base, value: shown(value), placeholder: leaf.default === undefined ? undefined : `${leaf.default} (default)` };
  if (leaf.kind === 'leaf' && (NARROW.has(t.base) || t.base === 'decimal64') && t.range !== undefined) {
    const d = t.fractionDigits;
    const lo = t.range.map(([a]) => BigInt(a)).reduce((a, b) => (b < a ? b : a));
    const hi = t.range.map(([, b]) => BigInt(b)).reduce((a, b) => (b > a ? b : a));
    return el('input', { ...attrs, type: 'number', min: String(Number(unscale(lo, d))), max: String(Number(unscale(hi, d))), step: d === undefined ? 1 : String(10 ** -d) });
  }
  const length = leaf.kind === 'leaf' ? t.length : undefined;
  return el('input', {
    ...attrs, type: 'text', inputmode: INTEGERS.has(t.base) || t.base === 'decimal64' ? 'decimal' : undefined,
    pattern: leaf.kind === 'leaf' ? htmlPattern(t) : undefined,
    minlength: length === undefined ? undefined : Math.min(...length.map(([a]) => Number(a))),
    maxlength: length === undefined || Number(length.at(-1)[1]) > 1e9 ? undefined : Math.max(...length.map(([, b]) => Number(b))),
  });
};

/** A control's value in JSON: undefined when empty (not given). */
export const jsonValue = (leaf, input) => {
  const t = leaf.type;
  if (t.base === 'empty') return input.checked ? [null] : undefined;
  const text = input.value.trim();
  if (text === '') return undefined;
  const one = (v) => (NARROW.has(t.base) && /^-?\d+$/.test(v) ? Number(v)
    : t.base === 'boolean' ? v === 'true'
    : t.base === 'decimal64' && t.fractionDigits !== undefined && /^-?\d+(\.\d+)?$/.test(v) ? Number(v).toFixed(t.fractionDigits)
    : v);
  return leaf.kind === 'leaf-list' ? text.split(/\r?\n/).map((v) => v.trim()).filter((v) => v !== '').map(one) : one(text);
};

/** A labelled control with its constraints in words and, optionally, buttons beside it. */
export const field = (leaf, value, { buttons = [], readonly = false, isDefault = false, files = false } = {}) => el('div', { class: 'field' },
  el('label', { for: `f-${leaf.name}` }, `${leaf.name}${leaf.mandatory || leaf.key ? ' *' : ''}`),
  el('div', { class: 'control' }, control(leaf, value, { readonly, files }), buttons),
  el('span', { class: 'constraint' }, isDefault ? `${leafHint(leaf)} (the default now)` : leafHint(leaf)));
