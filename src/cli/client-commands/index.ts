/**
 * The client commands as one group, loaded when one of them runs (in a
 * build, one bundle file: scripts/build.mjs): no YANG compiler until a
 * command checks its input.
 */
export { clientCommand } from './client-command.ts';
export { processIo } from './client-io.ts';
