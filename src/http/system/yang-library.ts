/**
 * The YANG library (RFC 8525) of a schema: one module set with every
 * implemented module (features enabled, deviations, submodules, where to
 * download each schema) and the import-only ones; one schema; the running
 * and operational datastores; and the legacy `modules-state` tree. Served
 * built in, so the server needs no copy of ietf-yang-library.yang.
 */
import { createHash } from 'node:crypto';
import type { ModuleMeta, SchemaContext } from '../../meta/meta.ts';

/** Where a module's (or submodule's) YANG source can be downloaded. */
export type SchemaLocation = (name: string, revision: string | undefined) => string;

const withRevision = (revision: string | undefined): { revision?: string } => (revision === undefined ? {} : { revision });

const submodules = (m: ModuleMeta, location: SchemaLocation) =>
  m.submodules.map((s) => ({ name: s.name, ...withRevision(s.revision), location: [location(s.name, s.revision)] }));

const moduleEntry = (m: ModuleMeta, location: SchemaLocation) => {
  const features = [...m.features.values()].filter((f) => f.enabled).map((f) => f.name);
  const subs = submodules(m, location);
  return {
    name: m.name,
    ...withRevision(m.revision),
    namespace: m.namespace,
    location: [location(m.name, m.revision)],
    ...(subs.length > 0 ? { submodule: subs } : {}),
    ...(features.length > 0 ? { feature: features } : {}),
    ...(m.deviatedBy.length > 0 ? { deviation: [...m.deviatedBy] } : {}),
  };
};

/** A content-id that changes whenever the set of modules, revisions, features or deviations does. */
export const contentId = (schema: SchemaContext): string => {
  const h = createHash('sha256');
  for (const m of [...schema.modules.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    h.update(`${m.name}@${m.revision ?? ''}:${m.implemented ? 'i' : 'm'}:${[...m.features.values()].filter((f) => f.enabled).map((f) => f.name).join(',')}:${m.deviatedBy.join(',')}\n`);
  }
  return h.digest('hex').slice(0, 16);
};

/** The `ietf-yang-library:yang-library` container (RFC 8525 §3). */
export const yangLibrary = (schema: SchemaContext, location: SchemaLocation): Record<string, unknown> => {
  const modules = [...schema.modules.values()];
  const implemented = modules.filter((m) => m.implemented);
  const importOnly = modules.filter((m) => !m.implemented);
  return {
    'module-set': [{
      name: 'all',
      module: implemented.map((m) => moduleEntry(m, location)),
      ...(importOnly.length > 0 ? {
        'import-only-module': importOnly.map((m) => {
          const subs = submodules(m, location);
          return { name: m.name, revision: m.revision ?? '', namespace: m.namespace, location: [location(m.name, m.revision)], ...(subs.length > 0 ? { submodule: subs } : {}) };
        }),
      } : {}),
    }],
    schema: [{ name: 'all', 'module-set': ['all'] }],
    datastore: [
      { name: 'ietf-datastores:running', schema: 'all' },
      { name: 'ietf-datastores:operational', schema: 'all' },
    ],
    'content-id': contentId(schema),
  };
};

/** The deprecated `ietf-yang-library:modules-state` container (RFC 7895, kept in RFC 8525). */
export const modulesState = (schema: SchemaContext, location: SchemaLocation): Record<string, unknown> => ({
  'module-set-id': contentId(schema),
  module: [...schema.modules.values()].map((m) => ({
    name: m.name,
    revision: m.revision ?? '',
    schema: location(m.name, m.revision),
    namespace: m.namespace,
    ...([...m.features.values()].some((f) => f.enabled) ? { feature: [...m.features.values()].filter((f) => f.enabled).map((f) => f.name) } : {}),
    ...(m.deviatedBy.length > 0 ? {
      deviation: m.deviatedBy.map((d) => ({ name: d, revision: schema.modules.get(d)?.revision ?? '' })),
    } : {}),
    'conformance-type': m.implemented ? 'implement' : 'import',
    ...(m.submodules.length > 0 ? {
      submodule: m.submodules.map((s) => ({ name: s.name, revision: s.revision ?? '', schema: location(s.name, s.revision) })),
    } : {}),
  })),
});

/** Both trees as one RFC 7951 document. */
export const yangLibraryDocument = (schema: SchemaContext, location: SchemaLocation): Record<string, unknown> => ({
  'ietf-yang-library:yang-library': yangLibrary(schema, location),
  'ietf-yang-library:modules-state': modulesState(schema, location),
});
