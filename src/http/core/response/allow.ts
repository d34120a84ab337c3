/**
 * The methods each resource answers (the `Allow` header of OPTIONS and 405):
 *
 * | resource | methods |
 * |---|---|
 * | API root, yang-library-version, operations list, host-meta | GET HEAD OPTIONS |
 * | datastore, module root | GET HEAD OPTIONS PUT PATCH POST |
 * | configuration container, list entry | GET HEAD OPTIONS PUT PATCH POST DELETE |
 * | configuration leaf, leaf-list entry, anydata | GET HEAD OPTIONS PUT PATCH DELETE |
 * | a whole list or leaf-list, a list key leaf, and all state data | GET HEAD OPTIONS |
 * | rpc, action | POST OPTIONS |
 * | notification (event stream) | GET HEAD OPTIONS |
 */
import { isConfigTarget, type ResolvedTarget } from '../api-path/index.ts';

export const READ_ONLY = ['GET', 'HEAD', 'OPTIONS'] as const;
const ROOT = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST'] as const;
const NODE = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'] as const;
const FIELD = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE'] as const;
export const OPERATION = ['POST', 'OPTIONS'] as const;

export const allowedMethods = (target: ResolvedTarget): readonly string[] => {
  switch (target.kind) {
    case 'datastore': case 'module': return ROOT;
    case 'operation': return OPERATION;
    case 'notification': case 'list': case 'leaf-list': return READ_ONLY;
    case 'container': case 'list-entry': return isConfigTarget(target) ? NODE : READ_ONLY;
    case 'leaf': case 'leaf-list-entry': case 'anydata':
      return isConfigTarget(target) && !(target.meta?.kind === 'leaf' && target.meta.isKey) ? FIELD : READ_ONLY;
  }
};

/** The Accept-Patch header for resources that take PATCH: plain patch, and YANG Patch (RFC 8072 §2.2). */
export const ACCEPT_PATCH = 'application/yang-data+json, application/json, application/yang-patch+json';
