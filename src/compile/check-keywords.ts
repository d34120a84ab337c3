/** Every keyword of a source must be a YANG keyword (or an extension use, which has a prefix). */
import type { Statement } from '../parser/statement.ts';
import type { Diagnostics } from './diagnostics.ts';

const KEYWORDS = new Set([
  'action', 'anydata', 'anyxml', 'argument', 'augment', 'base', 'belongs-to', 'bit', 'case', 'choice',
  'config', 'contact', 'container', 'default', 'description', 'deviate', 'deviation', 'enum',
  'error-app-tag', 'error-message', 'extension', 'feature', 'fraction-digits', 'grouping', 'identity',
  'if-feature', 'import', 'include', 'input', 'key', 'leaf', 'leaf-list', 'length', 'list', 'mandatory',
  'max-elements', 'min-elements', 'modifier', 'module', 'must', 'namespace', 'notification', 'ordered-by',
  'organization', 'output', 'path', 'pattern', 'position', 'prefix', 'presence', 'range', 'reference',
  'refine', 'require-instance', 'revision', 'revision-date', 'rpc', 'status', 'submodule', 'type',
  'typedef', 'unique', 'units', 'uses', 'value', 'when', 'yang-version', 'yin-element',
]);

export const checkKeywords = (stmt: Statement, diag: Diagnostics): void => {
  for (const c of stmt.substatements) {
    if (c.prefix !== undefined) continue;
    if (!KEYWORDS.has(c.keyword)) diag.error(c.loc, `unknown statement "${c.keyword}" in ${stmt.keyword} "${stmt.arg ?? ''}"`);
    else checkKeywords(c, diag);
  }
};
