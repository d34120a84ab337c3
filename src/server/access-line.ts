/** What an access log line says of one answered request (access-log.ts). */

/** The fields an access line can carry (`clientGone` and `stream` are added when they apply). */
export const ACCESS_FIELDS = ['reqId', 'method', 'path', 'status', 'durationMs', 'bytes', 'remote', 'user'] as const;
export type AccessField = (typeof ACCESS_FIELDS)[number];

/** The fields of an access log line. */
export type AccessLine = {
  reqId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  /** Body bytes; left out of the line for a streamed answer (`stream` instead). */
  bytes: number | undefined;
  remote: string;
  user: string | undefined;
  clientGone?: true;
  stream?: true;
};
