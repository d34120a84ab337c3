/** What `decodeData` and `decodeDatastore` are given, and what they give back. */
import type { RestconfError } from '../../errors/index.ts';
import type { SchemaContext } from '../../meta/meta.ts';
import type { HolderMeta } from '../data-container.ts';
import type { DataPath } from '../data-path.ts';
import type { NumberTexts } from './number-texts.ts';

/**
 * The holder whose children a JSON object holds: a module (its top-level
 * nodes), a container, one list entry, rpc/action input or output, or a
 * notification.
 */
export type DecodeTarget = HolderMeta;

export interface DecodeOptions {
  /**
   * True: RFC 7951 exactly (top-level and namespace-changing members
   * qualified, typed values as RFC 7951 §6 says). False (the simplified
   * mode): names may be left unqualified anywhere, a qualifier when given
   * must be right; values decoded leniently (`strict: false` of the codecs).
   */
  readonly strict: boolean;
  /**
   * 'config': a configuration document; any config false member is an error.
   * 'all': configuration and state (and always for rpc/action input and
   * output and notifications, whose nodes are all config false).
   */
  readonly content: 'config' | 'all';
  /** The compiled modules: identities for identityref values, module names for qualifiers. */
  readonly schema: SchemaContext;
  /** Where the target sits, for error paths (default: the datastore root). */
  readonly path?: DataPath;
  /** Exact text of inexact numbers, from `parseJsonText`. */
  readonly numbers?: NumberTexts;
}

export type DecodeResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly errors: readonly RestconfError[] };
