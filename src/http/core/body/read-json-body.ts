/**
 * The request body as JSON: checked for media type first (415, without
 * reading when a length is declared; an empty body in any type is no body),
 * read up to the adapter's limit (413), decoded as UTF-8 and
 * parsed with positions (400 malformed-message with line and column).
 * Undefined when the request has no body (or only whitespace).
 */
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

const readText = async (request: CoreRequest): Promise<string> => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of request.body) chunks.push(chunk);
  const bytes = chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new RestconfFailure([restconfError('malformed-message', 'the request body is not valid UTF-8', { type: 'rpc' })]);
  }
};

/** `readable`: the media types the request may carry (the JSON types of data by default; a YANG Patch its own). */
export const readJsonBody = async (request: CoreRequest, readable: (contentType: string | undefined) => boolean = isJsonContent): Promise<JsonBody | undefined> => {
  const contentType = request.headers.get('content-type');
  const json = readable(contentType);
  const declared = request.headers.get('content-length');
  if (!json && declared !== undefined && declared !== '0') throw new UnsupportedMediaType(contentType ?? '');
  const text = await readText(request);
  if (text.trim() === '') return undefined;
  if (!json) throw new UnsupportedMediaType(contentType ?? '');
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new RestconfFailure(parsed.errors);
  return { value: parsed.value, numbers: parsed.numbers };
};

/** The body, which the method requires. */
export const requireJsonBody = async (request: CoreRequest, what: string, readable?: (contentType: string | undefined) => boolean): Promise<JsonBody> => {
  const body = await readJsonBody(request, readable);
  if (body === undefined) throw new RestconfFailure([restconfError('malformed-message', `${what} needs a request body`, { type: 'rpc' })]);
  return body;
};
