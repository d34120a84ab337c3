/** The resources with fixed answers: discovery, the API root and its children (RFC 8040 §3.1-3.3). */
export { apiRoot, yangLibraryVersion } from './api-root.ts';
export { hostMeta, isHostMeta, HOST_META_PATHS } from './host-meta.ts';
export { operationsList } from './operations-list.ts';
export { resolveOperationPath } from './operation-path.ts';
export { YANG_LIBRARY_REVISION } from './yang-library-revision.ts';
