/** What the raw baseline serves (see raw-server-main.ts). */
export interface RawRoute {
  /** The exact URL path (uWS matches it; no query string). */
  readonly path: string;
  /** `bytes`: the file's bytes; `stringify`: JSON.stringify of the file's JSON, per request. */
  readonly answer: 'bytes' | 'stringify';
  readonly file: string;
  readonly contentType: string;
}

export interface RawSpec {
  /** `uws`: uWebSockets.js (the build rxconf loads); `http1`: node:http. */
  readonly transport: 'uws' | 'http1';
  readonly get: readonly RawRoute[];
  /** Answer every PATCH with 204 after reading its body. */
  readonly patch: boolean;
  /**
   * PATCH under `/durable/` (with `patch`): the body is written to this file
   * (filled with zeros ahead, like rxconf's journal) through an O_DSYNC
   * descriptor in libuv's pool before the 204: the least a server that
   * acknowledges only durable edits, and keeps its event loop free, must do
   * per edit (rxconf's journal writes the same way).
   */
  readonly durableFile?: string;
}
