/**
 * Helpers for the statement-reader tests: read a snippet and look at what
 * came out in a compact form.
 */
import { formatDiagnostic, readYang } from '../../../src/parser/index.ts';
import type { Statement } from '../../../src/parser/index.ts';

export const FILE = 'test.yang';

/** Read `text` as file `test.yang`. */
export const read = (text: string) => readYang(text, FILE);

/** Every diagnostic as `line:col: severity: message`, without the file name. */
export const problems = (text: string): string[] =>
  read(text).diagnostics.map((d) => formatDiagnostic(d).slice(FILE.length + 1));

/** Only `line:col` of each diagnostic. */
export const positions = (text: string): string[] => read(text).diagnostics.map((d) => `${d.loc.line}:${d.loc.col}`);

/** The statement tree of `text`, failing loudly when anything was reported. */
export const tree = (text: string): Statement => {
  const { statement, diagnostics } = read(text);
  if (diagnostics.length > 0) throw new Error(`unexpected diagnostics:\n${diagnostics.map(formatDiagnostic).join('\n')}`);
  if (statement === undefined) throw new Error('no statement');
  return statement;
};

/** A module `m` whose body is `body`. */
export const inModule = (body: string, version = '1.1'): string =>
  `module m {\n  yang-version ${version};\n  namespace "urn:m";\n  prefix m;\n${body}\n}\n`;

/** The first statement with this keyword, depth first. */
export const find = (root: Statement, keyword: string): Statement | undefined => {
  if (root.keyword === keyword) return root;
  for (const s of root.substatements) {
    const hit = find(s, keyword);
    if (hit !== undefined) return hit;
  }
  return undefined;
};

/** The argument of the first `keyword` statement in module body `body`. */
export const argIn = (body: string, keyword: string, version = '1.1'): string | undefined =>
  find(tree(inModule(body, version)), keyword)?.arg;

/** Every statement, depth first, as `keyword@line:col`. */
export const outline = (root: Statement): string[] => {
  const out: string[] = [];
  const walk = (s: Statement): void => {
    out.push(`${s.prefix === undefined ? '' : `${s.prefix}:`}${s.keyword}@${s.loc.line}:${s.loc.col}`);
    s.substatements.forEach(walk);
  };
  walk(root);
  return out;
};
