/**
 * The request body as JSON: checked for media type first (415, without
 * reading when a length is declared; an empty body in any type is no body),
 * read up to the adapter's limit (413), decoded as UTF-8 and
 * parsed with positions (400 malformed-message with line and column).
 * Undefined when the request has no body (or only whitespace).
 */
import { Buffer } from 'node:buffer';
import type { NumberTexts } from '../../../data/json/index.ts';
import { parseJsonText } from '../../../data/json/index.ts';
import { restconfError, RestconfFailure } from '../../../errors/index.ts';
import type { CoreRequest } from '../../exchange.ts';
import { isJsonContent } from '../media-type.ts';
import { UnsupportedMediaType } from './unsupported-media-type.ts';

export interface JsonBody {
  readonly value: unknown;
  readonly numbers: NumberTexts;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body's bytes as UTF-8 text. */
const textOf = (chunks: readonly Uint8Array[]): string => {
  const bytes = chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new RestconfFailure([restconfError('malformed-message', 'the request body is not valid UTF-8', { type: 'rpc' })]);
  }
};

/**
 * The body read and parsed by one async function (the public two only
 * name what they need: each async layer costs a Promise and an await per
 * request). `required`: what needs the body, when it may not be absent.
 */
const readBody = async (request: CoreRequest, readable: (contentType: string | undefined) => boolean, required: string | undefined): Promise<JsonBody | undefined> => {
  const contentType = request.headers.get('content-type');
  const json = readable(contentType);
  const declared = request.headers.get('content-length');
  if (!json && declared !== undefined && declared !== '0') throw new UnsupportedMediaType(contentType ?? '');
  const chunks: Uint8Array[] = [];
  for await (const chunk of request.body) chunks.push(chunk);
  const text = textOf(chunks);
  if (text.trim() === '') {
    if (required !== undefined) throw new RestconfFailure([restconfError('malformed-message', `${required} needs a request body`, { type: 'rpc' })]);
    return undefined;
  }
  if (!json) throw new UnsupportedMediaType(contentType ?? '');
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new RestconfFailure(parsed.errors);
  return { value: parsed.value, numbers: parsed.numbers };
};

/** `readable`: the media types the request may carry (the JSON types of data by default; a YANG Patch its own). */
export const readJsonBody = (request: CoreRequest, readable: (contentType: string | undefined) => boolean = isJsonContent): Promise<JsonBody | undefined> =>
  readBody(request, readable, undefined);

/** The body, which the method requires. */
export const requireJsonBody = (request: CoreRequest, what: string, readable: (contentType: string | undefined) => boolean = isJsonContent): Promise<JsonBody> =>
  readBody(request, readable, what) as Promise<JsonBody>;
