/** An api-path that names no resource: 400, with the tag saying why (see docs/http.md, "Paths"). */
import { restconfError, type ErrorTag, type RestconfError } from '../../../errors/index.ts';

export const pathError = (tag: ErrorTag, message: string, path?: string): RestconfError =>
  restconfError(tag, message, { type: 'protocol', path });
