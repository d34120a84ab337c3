/**
 * The commands that compile YANG (check, tree, validate, openapi, types,
 * docs): one group, loaded together when one of them runs (in a build, one
 * bundle file: scripts/build.mjs), so `--help` and the client commands load
 * no compiler.
 */
export { checkCommand } from './check-command.ts';
export { docsCommand } from './docs-command.ts';
export { openapiCommand } from './openapi-command.ts';
export { treeCommand } from './tree-command.ts';
export { typesCommand } from './types-command.ts';
export { validateCommand } from './validate-command.ts';
