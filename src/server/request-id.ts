/**
 * The request id the access log writes and the transport returns as
 * `x-request-id`: the client's when it is short and plain, else a new one,
 * `<pid in base 36>-<sequence in base 36>`. A new id is its last base-36
 * digit added to the rest, which changes once in 36 ids: one short string
 * joined per request, no number written as text.
 */
import { REQUEST_ID_FIELD, type CoreRequest } from '../http/exchange.ts';

const DIGITS = [...'0123456789abcdefghijklmnopqrstuvwxyz'];
const PLAIN = /^[\w.:-]+$/;
const prefix = `${process.pid.toString(36)}-`;

let sequence = 0;
/** The id's text before its last digit, and for which `sequence / 36`. */
let high = 0;
let before = prefix;

/** The client's `x-request-id` when it is short and plain, else a new one. */
export const requestId = (req: CoreRequest): string => {
  const given = req.headers.get(REQUEST_ID_FIELD);
  if (given !== undefined && given.length <= 64 && PLAIN.test(given)) return given;
  sequence = sequence === Number.MAX_SAFE_INTEGER ? 1 : sequence + 1;
  const low = sequence % 36;
  const upper = (sequence - low) / 36;
  if (upper !== high) {
    high = upper;
    before = upper === 0 ? prefix : prefix + upper.toString(36);
  }
  return before + (DIGITS[low] as string);
};
