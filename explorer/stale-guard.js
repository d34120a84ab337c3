// An edit never overwrites a change made since the read it was based on.
// With an ETag on that read the edit carries If-Match and the server
// answers 412 when the resource changed. Without one (the server gives
// none for the resource) the page reads the resource again just before the
// edit and sends it only if the answer is the same as the first read.
import { call } from './http.js';

export const STALE = 'changed since you read it: reload to see the current values (what you typed is kept here, not sent).';

/** What an edit is checked against: the read's status, its value (as JSON text) and validators. */
export const readBasis = (r) => ({ status: r.status, text: r.json === undefined ? r.text : JSON.stringify(r.json), etag: r.etag, lastModified: r.lastModified });

/**
 * Runs `send` (the edit, with If-Match when `basis` has an ETag) if the
 * resource at `readUrl` is still as `basis` read it. Answers the edit's
 * answer, or undefined when the resource changed (a fresh read differs, or 412).
 */
export const staleAnswer = async (basis, readUrl, send) => {
  if (basis?.etag == null) {
    const now = readBasis(await call('GET', readUrl));
    if (now.status !== basis?.status || now.text !== basis?.text) return undefined;
  }
  const answer = await send();
  return answer.status === 412 ? undefined : answer;
};
