/**
 * An operation handler's plain-JSON input with the form's file in place:
 * the FormUpload (an AsyncIterable of the file's chunks) as the value of the
 * binary or anydata node the file part named, so a handler reads
 * `input.image` as it reads any other input value.
 */
import type { RequestContext } from '../../../actors/request-context.ts';
import { UPLOADS, type FormUploads } from './form-input.ts';

type JsonObject = Record<string, unknown>;

export const inputWithUpload = (input: JsonObject | undefined, context: RequestContext): JsonObject | undefined => {
  const file = context[UPLOADS] as FormUploads | undefined;
  if (file === undefined) return input;
  const root: JsonObject = { ...input };
  let at = root;
  const members = file.members;
  for (const m of members.slice(0, -1)) {
    const next = at[m];
    at = at[m] = typeof next === 'object' && next !== null && !Array.isArray(next) ? { ...next as JsonObject } : {};
  }
  at[members[members.length - 1] as string] = file.upload;
  return root;
};
