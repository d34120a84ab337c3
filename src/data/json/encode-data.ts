/**
 * Data tree → JSON: the object of a container's members (a module's top
 * level, a container, a list entry, rpc/action input or output, a
 * notification), in schema order. Strict: RFC 7951 exactly (qualified names
 * at the top level and where the namespace changes; int64, uint64 and
 * decimal64 as strings; empty as `[null]`; identityref qualified when its
 * module differs from the leaf's). Simplified: bare names where unambiguous,
 * 64-bit integers that fit a JavaScript number as numbers.
 *
 * The caller wraps the result where RFC 8040 wants a wrapper
 * (`{"module:container": …}`, `{"module:output": …}`).
 */
import type { DataContainer } from '../data-container.ts';
import { encodeContainer } from './encode-members.ts';
import type { EncodeOptions } from './encode-options.ts';

export const encodeData = (container: DataContainer, options: EncodeOptions): Record<string, unknown> =>
  encodeContainer(container, options);
