/** An application: a function given the AppContext, or a module file whose default export is one. */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppContext } from './app-context.ts';

export type AppFunction = (app: AppContext) => void | Promise<void>;

export const loadApp = async (app: AppFunction | string, context: AppContext): Promise<void> => {
  if (typeof app === 'function') {
    await app(context);
    return;
  }
  const loaded = (await import(pathToFileURL(resolve(app)).href)) as { default?: unknown };
  if (typeof loaded.default !== 'function') throw new Error(`${app} has no default export taking the app context`);
  await (loaded.default as AppFunction)(context);
};
