/** Whether a module holds configuration (some top-level data node is config): a state-only module does not. */
import type { ModuleMeta } from './meta.ts';

export const holdsConfig = (module: ModuleMeta): boolean => module.children.some((c) => c.config);
