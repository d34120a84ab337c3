/** RFC 8040 §3.5.3 data resource paths resolved against the served modules. */
export { resolveApiPath, type Resolution } from './resolve-api-path.ts';
export { PathCache } from './path-cache.ts';
export { datastoreTarget, isConfigTarget, type ResolvedTarget, type ResourceKind } from './resolved-target.ts';
export { decodeKey } from './decode-key.ts';
export { pathError } from './path-error.ts';
