/**
 * OPTIONS (RFC 9110 §9.3.7) of a data resource: 204 with `Allow` and, where
 * PATCH is allowed, `Accept-Patch` (RFC 5789 §3.1). It is also the spec's
 * access test: the target is read as the caller (depth 1), so a node that
 * refuses the caller answers its error (401/403) here; 204 means the caller
 * may reach the path (whether the instance exists or not).
 */
import { RestconfFailure } from '../../../errors/index.ts';
import type { CoreResponse } from '../../exchange.ts';
import type { ResolvedTarget } from '../api-path/index.ts';
import { noContent, type Call } from '../call.ts';
import { andThen, attempt, type Maybe } from '../../../base/maybe.ts';
import { ACCEPT_PATCH, allowedMethods } from '../response/index.ts';
import { targetExists } from './probe-target.ts';

export const optionsHeaders = (methods: readonly string[]): Record<string, string> =>
  methods.includes('PATCH') ? { allow: methods.join(', '), 'accept-patch': ACCEPT_PATCH } : { allow: methods.join(', ') };

const refusesCaller = (error: unknown): boolean => error instanceof RestconfFailure && error.errors[0]?.tag === 'access-denied';

/** What each method needs of access control (NACM operations, RFC 8341 §3.2.2): any one of them. */
const NEEDS: Readonly<Record<string, readonly ('read' | 'create' | 'update' | 'delete' | 'exec')[]>> = {
  GET: ['read'], HEAD: ['read'], OPTIONS: [], PUT: ['create', 'update'], PATCH: ['create', 'update'], DELETE: ['delete'],
};

/** The methods the caller may use on the target. */
const callersMethods = (call: Call, target: ResolvedTarget): readonly string[] => {
  const all = allowedMethods(target);
  const permits = call.settings.permits;
  if (permits === undefined) return all;
  return all.filter((m) => {
    const needs = m === 'POST' ? [target.kind === 'operation' ? 'exec' as const : 'create' as const] : NEEDS[m] ?? [];
    return needs.length === 0 || needs.some((op) => permits(call.context, op, target));
  });
};

export const optionsData = (call: Call, target: ResolvedTarget): Maybe<CoreResponse> => {
  const headers = optionsHeaders(callersMethods(call, target));
  if (target.kind === 'operation' || target.kind === 'notification') return noContent(headers);
  return attempt(
    () => andThen(targetExists(call, target), () => noContent(headers)),
    (error) => {
      if (refusesCaller(error)) throw error;
      return noContent(headers);
    },
  );
};
