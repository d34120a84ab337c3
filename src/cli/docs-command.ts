/** `rxconf docs [--path DIR] MODULE... --out DIR`: DIR/MODULE.md and DIR/MODULE.html for each module. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { moduleHtml } from '../docs/module-html.ts';
import { moduleMarkdown } from '../docs/module-markdown.ts';
import { compileModules, type OutputArgs } from './compile-modules.ts';

export const docsCommand = (args: OutputArgs, log: (line: string) => void, err: (line: string) => void): number => {
  const compiled = compileModules('docs', args, err);
  if (compiled === undefined) return 1;
  for (const m of compiled.modules) {
    const md = join(compiled.out, `${m.name}.md`);
    const html = join(compiled.out, `${m.name}.html`);
    writeFileSync(md, moduleMarkdown(m, compiled.schema));
    writeFileSync(html, moduleHtml(m, compiled.schema));
    log(md);
    log(html);
  }
  return 0;
};
