/** The explorer page: its files, its schema outline, its option. */
export { withExplorerPage, explorerDir } from './explorer-page.ts';
export { withExplorerSchema } from './explorer-schema.ts';
export { schemaOutline, type Outline } from './schema-outline.ts';
export { explorerPath, DEFAULT_EXPLORER_PATH, type ExplorerOptions } from './explorer-options.ts';
