/**
 * Which rxconf build wrote what the command caches keep (check results,
 * compiled schemas): a cached entry is used only by the build that wrote
 * it. The bundled command (scripts/bundle-cli.mjs) defines
 * `__RXCONF_BUILD__`, a hash of every module of its build. Unbundled
 * sources (rxconf's own tests, a library built with tsc) have no identity:
 * they use these caches only when RXCONF_CACHE_DIR names the folder, as
 * `unbundled`.
 */
declare const __RXCONF_BUILD__: string | undefined;

export const cacheBuild = (env: NodeJS.ProcessEnv = process.env): string | undefined =>
  typeof __RXCONF_BUILD__ === 'string' ? __RXCONF_BUILD__ : env['RXCONF_CACHE_DIR'] === undefined ? undefined : 'unbundled';
