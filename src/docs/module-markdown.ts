/** A module's documentation as Markdown: header, the schema tree (`rxconf tree`'s), then one section per node. */
import type { ModuleMeta, SchemaContext } from '../meta/meta.ts';
import { printTree } from '../meta/tree/print-tree.ts';
import { documentedNodes } from './documented-nodes.ts';
import { nodeFacts } from './node-facts.ts';

/** A table cell: pipes escaped, lines joined. */
const cell = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

const paragraph = (text: string | undefined): string[] =>
  text === undefined ? [] : [text.trim().split('\n').map((l) => l.trim()).join('\n'), ''];

export const moduleMarkdown = (module: ModuleMeta, schema: SchemaContext): string => {
  const lines = [`# ${module.name}`, ''];
  lines.push(...paragraph(module.description));
  const meta: [string, string | undefined][] = [
    ['namespace', module.namespace], ['prefix', module.prefix], ['revision', module.revision],
    ['organization', module.organization?.trim()], ['yang-version', module.yangVersion],
  ];
  lines.push('| | |', '|---|---|', ...meta.filter(([, v]) => v !== undefined).map(([k, v]) => `| ${k} | ${cell(v ?? '')} |`), '');
  lines.push('## Tree', '', '```', printTree(module, schema).trimEnd(), '```', '', '## Nodes', '');
  for (const { node, path } of documentedNodes(module, schema)) {
    lines.push(`### \`${path}\``, '');
    lines.push(...paragraph(node.description));
    lines.push('| | |', '|---|---|', ...nodeFacts(node).map(([k, v]) => `| ${k} | \`${cell(v).replace(/`/g, "'")}\` |`), '');
  }
  return `${lines.join('\n')}`;
};
