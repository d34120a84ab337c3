/**
 * A module's documentation as one HTML file (styles inline, no script, no
 * external resource): header, the schema tree, then one section per node
 * with an anchor by its path.
 */
import type { ModuleMeta, SchemaContext } from '../meta/meta.ts';
import { printTree } from '../meta/tree/print-tree.ts';
import { documentedNodes } from './documented-nodes.ts';
import { nodeFacts } from './node-facts.ts';

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const paragraphs = (text: string | undefined): string =>
  text === undefined ? '' : text.trim().split(/\n\s*\n/).map((p) => `<p>${escapeHtml(p.split('\n').map((l) => l.trim()).join(' '))}</p>`).join('\n');

const STYLE = `body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.4}
pre{background:#f6f8fa;padding:1rem;overflow-x:auto}table{border-collapse:collapse;margin:.5rem 0}
th,td{border:1px solid #ddd;padding:.2rem .6rem;text-align:left;vertical-align:top}th{background:#f6f8fa;font-weight:600}
section{border-top:1px solid #eee;padding-top:.5rem}code{font-family:ui-monospace,monospace}`;

export const moduleHtml = (module: ModuleMeta, schema: SchemaContext): string => {
  const meta: [string, string | undefined][] = [
    ['namespace', module.namespace], ['prefix', module.prefix], ['revision', module.revision],
    ['organization', module.organization?.trim()], ['yang-version', module.yangVersion],
  ];
  const sections = documentedNodes(module, schema).map(({ node, path }) => [
    `<section id="${escapeHtml(path)}">`,
    `<h3><code>${escapeHtml(path)}</code></h3>`,
    paragraphs(node.description),
    '<table>',
    ...nodeFacts(node).map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td><code>${escapeHtml(v)}</code></td></tr>`),
    '</table>',
    '</section>',
  ].filter((l) => l !== '').join('\n'));
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(module.name)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<h1>${escapeHtml(module.name)}</h1>`,
    paragraphs(module.description),
    '<table>',
    ...meta.filter(([, v]) => v !== undefined).map(([k, v]) => `<tr><th>${k}</th><td>${escapeHtml(v ?? '')}</td></tr>`),
    '</table>',
    '<h2>Tree</h2>',
    `<pre>${escapeHtml(printTree(module, schema))}</pre>`,
    '<h2>Nodes</h2>',
    ...sections,
    '</body>',
    '</html>',
    '',
  ].join('\n');
};
