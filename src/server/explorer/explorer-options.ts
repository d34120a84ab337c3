/** createServer's `explorer`: off (default), on at /explorer/, or on at a path of your own. */
export type ExplorerOptions = boolean | { readonly path?: string };

export const DEFAULT_EXPLORER_PATH = '/explorer';

/** The explorer's path without a trailing slash, or undefined when it is off. */
export const explorerPath = (options: ExplorerOptions | undefined): string | undefined => {
  if (options === undefined || options === false) return undefined;
  const path = options === true ? DEFAULT_EXPLORER_PATH : options.path ?? DEFAULT_EXPLORER_PATH;
  return path.endsWith('/') ? path.slice(0, -1) : path;
};
