/**
 * The two HTML form media types, read as rpc and action input only (every
 * other body is JSON or 415): `application/x-www-form-urlencoded` and
 * `multipart/form-data` (RFC 7578).
 */
import { essenceOf } from '../media-type.ts';

export const FORM_URLENCODED = 'application/x-www-form-urlencoded';
export const MULTIPART_FORM = 'multipart/form-data';
export const FORM_BODY_TYPES: ReadonlySet<string> = new Set([FORM_URLENCODED, MULTIPART_FORM]);

/** Whether a request body of this Content-Type is a form. */
export const isFormContent = (contentType: string | undefined): boolean =>
  contentType !== undefined && FORM_BODY_TYPES.has(essenceOf(contentType));
