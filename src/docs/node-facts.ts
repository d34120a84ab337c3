/**
 * What documentation says of one schema node, as label/value rows: kind,
 * type, default, units, config, and every constraint (key, mandatory,
 * range, length, pattern, enums, bits, identity bases, leafref path,
 * min/max-elements, unique, ordered-by, presence, must, when), then status.
 */
import type { SchemaNode, TypeMeta } from '../meta/meta.ts';
import { formatIntervals } from '../types/range-check.ts';
import { typeName } from '../types/type-name.ts';

export type Fact = readonly [label: string, value: string];

const typeFacts = (type: TypeMeta, facts: Fact[], prefix = ''): void => {
  const named = typeName(type);
  facts.push([`${prefix}type`, named === type.base ? type.base : `${named} (${type.base})`]);
  if (type.range !== undefined) facts.push([`${prefix}range`, formatIntervals(type.range.value, type.base === 'decimal64' ? type.fractionDigits : undefined)]);
  if (type.fractionDigits !== undefined) facts.push([`${prefix}fraction-digits`, String(type.fractionDigits)]);
  if (type.length !== undefined) facts.push([`${prefix}length`, formatIntervals(type.length.value)]);
  for (const p of type.patterns) facts.push([`${prefix}pattern`, `${p.invertMatch ? 'not ' : ''}${p.source}`]);
  if (type.enums !== undefined) facts.push([`${prefix}enum`, type.enums.map((e) => `${e.name} (${e.value})`).join(', ')]);
  if (type.bits !== undefined) facts.push([`${prefix}bits`, type.bits.map((b) => `${b.name} (${b.position})`).join(', ')]);
  if (type.bases !== undefined) facts.push([`${prefix}base`, type.bases.map((b) => `${b.module.name}:${b.name}`).join(', ')]);
  if (type.path !== undefined) facts.push([`${prefix}path`, type.path.text]);
  if ((type.base === 'leafref' || type.base === 'instance-identifier') && !type.requireInstance) facts.push([`${prefix}require-instance`, 'false']);
  type.members?.forEach((m, i) => typeFacts(m, facts, `${prefix}member ${i + 1} `));
};

export const nodeFacts = (n: SchemaNode): Fact[] => {
  const facts: Fact[] = [['kind', n.kind]];
  if (n.kind === 'leaf' || n.kind === 'leaf-list') typeFacts(n.type, facts);
  if (n.kind === 'leaf') {
    if (n.isKey) facts.push(['key', 'yes']);
    if (n.default !== undefined) facts.push(['default', n.default]);
  }
  if (n.kind === 'leaf-list' && n.defaults.length > 0) facts.push(['default', n.defaults.join(', ')]);
  if ((n.kind === 'leaf' || n.kind === 'leaf-list') && n.units !== undefined) facts.push(['units', n.units]);
  if (n.kind === 'list') {
    if (n.keys.length > 0) facts.push(['key', n.keys.map((k) => k.name).join(' ')]);
    for (const u of n.unique) facts.push(['unique', u.map((p) => p.path.join('/')).join(' ')]);
  }
  if ((n.kind === 'leaf' || n.kind === 'choice' || n.kind === 'anydata' || n.kind === 'anyxml') && n.mandatory) facts.push(['mandatory', 'true']);
  if (n.kind === 'choice' && n.defaultCase !== undefined) facts.push(['default', n.defaultCase.name]);
  if (n.kind === 'list' || n.kind === 'leaf-list') {
    if (n.minElements > 0) facts.push(['min-elements', String(n.minElements)]);
    if (n.maxElements !== undefined) facts.push(['max-elements', String(n.maxElements)]);
    if (n.orderedBy === 'user') facts.push(['ordered-by', 'user']);
  }
  if (n.kind === 'container' && n.presence !== undefined) facts.push(['presence', n.presence]);
  if (n.kind !== 'rpc' && n.kind !== 'action' && n.kind !== 'notification' && n.kind !== 'input' && n.kind !== 'output') {
    facts.push(['config', String(n.config)]);
  }
  for (const m of n.musts) facts.push(['must', m.errorMessage === undefined ? m.text : `${m.text} (error: ${m.errorMessage})`]);
  for (const w of n.when) facts.push(['when', w.text]);
  if (n.status !== 'current') facts.push(['status', n.status]);
  if (n.reference !== undefined) facts.push(['reference', n.reference.trim()]);
  return facts;
};
