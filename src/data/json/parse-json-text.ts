/**
 * Request body text → JSON value, or an RFC 8040 'malformed-message' error
 * (error-type 'protocol') that says where the text goes wrong, by line and
 * column (also in error-info as `line` and `column`).
 *
 * Beyond RFC 8259: a member name given twice in one object is malformed (RFC
 * 7951 data are I-JSON, RFC 7493 §2.3), and nesting deeper than `maxDepth`
 * is 'too-big'. Numbers a JavaScript number cannot hold exactly are parsed as
 * JSON.parse would (rounded) and their exact text is kept in `numbers`: a
 * huge bare number is never an error here; the decoder decides by the type
 * (see `decodeData`).
 */
import { restconfError, type RestconfError } from '../../errors/index.ts';
import { JsonSyntaxError, readJson } from './json-reader.ts';
import type { NumberTexts } from './number-texts.ts';
import { positionAt } from './text-position.ts';

export const DEFAULT_MAX_DEPTH = 1000;

export type ParseJsonResult =
  | { readonly ok: true; readonly value: unknown; readonly numbers: NumberTexts }
  | { readonly ok: false; readonly errors: readonly RestconfError[] };

export const parseJsonText = (text: string, options: { readonly maxDepth?: number } = {}): ParseJsonResult => {
  try {
    const { value, numbers } = readJson(text, options.maxDepth ?? DEFAULT_MAX_DEPTH);
    return { ok: true, value, numbers };
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const { line, column } = positionAt(text, error.offset);
    const tag = error.tooDeep ? 'too-big' : 'malformed-message';
    const message = `malformed JSON at line ${line}, column ${column}: ${error.message}`;
    return { ok: false, errors: [restconfError(tag, message, { type: error.tooDeep ? 'protocol' : 'rpc', info: { line, column } })] };
  }
};
