/** `rxconf docs [--path DIR] MODULE... --out DIR`: DIR/MODULE.md and DIR/MODULE.html for each module. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { moduleHtml } from '../docs/module-html.ts';
import { moduleMarkdown } from '../docs/module-markdown.ts';
import { compileModules, type ModuleArgs } from './compile-modules.ts';
import { UsageError } from './usage-error.ts';

export interface DocsArgs extends ModuleArgs {
  readonly out: string | undefined;
}

export const docsCommand = (args: DocsArgs, log: (line: string) => void, err: (line: string) => void): number => {
  if (args.out === undefined) throw new UsageError('give the output directory with --out DIR');
  const compiled = compileModules('docs', args, err);
  if (compiled === undefined) return 1;
  mkdirSync(args.out, { recursive: true });
  for (const m of compiled.modules) {
    const md = join(args.out, `${m.name}.md`);
    const html = join(args.out, `${m.name}.html`);
    writeFileSync(md, moduleMarkdown(m, compiled.schema));
    writeFileSync(html, moduleHtml(m, compiled.schema));
    log(md);
    log(html);
  }
  return 0;
};
