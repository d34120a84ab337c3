/**
 * The schema a server publishes, compiled here: its YANG library
 * (`ietf-yang-library:yang-library`, RFC 8525; the older `modules-state`
 * when that is all it has) names every module with its revision, enabled
 * features and submodules; each source is downloaded from the location
 * the library gives (on this connection's origin) or from
 * `{+restconf}/schema/NAME@REVISION`, written to a folder, and compiled as
 * the server compiled it. With a cache (the rxconf commands use one), the
 * folder is the cache's entry for the library's content-id
 * (schema-cache.ts: a later run downloads nothing), and the compiled
 * schema is kept there too when the build is known (cache-build.ts,
 * compiled-schema-cache.ts: a later run compiles nothing, and loads no
 * compiler); else, or when the server gives no content-id or the cache
 * cannot be written, a private temporary one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RestconfFailure } from '../errors/index.ts';
import type { SchemaContext } from '../meta/meta.ts';
import { answerFailure } from './answer-errors.ts';
import { cacheBuild } from './cache-build.ts';
import type { ClientTransport } from './client-transport.ts';
import { cachedSchema, keepSchema } from './compiled-schema-cache.ts';
import { cachedSources, entryDir, keepSources, schemaKey, stagingDir } from './schema-cache.ts';

interface LibraryModule {
  readonly name: string;
  readonly revision: string | undefined;
  readonly location: string | undefined;
  readonly implemented: boolean;
  readonly features: readonly string[];
}

/** Sources downloaded at once. */
const DOWNLOADS = 4;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? v as Json : {});
const arr = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const member = (o: Json, name: string): unknown => o[`ietf-yang-library:${name}`] ?? o[name];

const entry = (m: Json, implemented: boolean, location: unknown): LibraryModule[] => {
  const name = str(m['name']);
  if (name === undefined) return [];
  const subs = arr(m['submodule']).flatMap((s) => entry(s, false, s['location'] ?? s['schema']));
  const loc = Array.isArray(location) ? str(location[0]) : str(location);
  const features = Array.isArray(m['feature']) ? m['feature'].filter((f): f is string => typeof f === 'string') : [];
  return [{ name, revision: str(m['revision']), location: loc, implemented, features }, ...subs];
};

/** The library's content-id (RFC 8525), or the older module-set-id. */
const contentIdOf = (doc: Json): string | undefined =>
  str(obj(member(doc, 'yang-library'))['content-id']) ?? str(obj(member(doc, 'modules-state'))['module-set-id']);

/** Every module and submodule the library names. */
const libraryModules = (doc: Json): LibraryModule[] => {
  const library = obj(member(doc, 'yang-library'));
  if (Object.keys(library).length > 0) {
    return arr(library['module-set']).flatMap((set) => [
      ...arr(set['module']).flatMap((m) => entry(m, true, m['location'])),
      ...arr(set['import-only-module']).flatMap((m) => entry(m, false, m['location'])),
    ]);
  }
  return arr(obj(member(doc, 'modules-state'))['module'])
    .flatMap((m) => entry(m, m['conformance-type'] !== 'import', m['schema']));
};

const fetchJson = async (transport: ClientTransport, target: string): Promise<Json | undefined> => {
  const a = await transport.request('GET', target, undefined, { accept: 'application/yang-data+json' });
  if (a.status === 404) return undefined;
  if (a.status !== 200) throw answerFailure(a, `GET ${target}`);
  return obj(JSON.parse(a.text));
};

/** Where to download a module: the library's location, on this connection's origin; else the schema resource. */
const sourceTarget = (m: LibraryModule, restconf: string): string => {
  if (m.location !== undefined) {
    try {
      const u = new URL(m.location, 'http://x');
      return `${u.pathname}${u.search}`;
    } catch {
      // not a URL: the schema resource below
    }
  }
  return `${restconf}/schema/${encodeURIComponent(m.name)}${m.revision === undefined ? '' : `@${m.revision}`}`;
};

/** `cache`: the schema cache's folder (schema-cache.ts), or undefined for none. */
export const loadRemoteSchema = async (transport: ClientTransport, restconf: string, cache?: string): Promise<SchemaContext> => {
  const doc = (await fetchJson(transport, `${restconf}/data/ietf-yang-library:yang-library`))
    ?? (await fetchJson(transport, `${restconf}/data/ietf-yang-library:modules-state`));
  if (doc === undefined) throw new Error(`${transport.origin}${restconf} publishes no YANG library (ietf-yang-library), so its schema is unknown`);
  const modules = libraryModules(doc).filter((m, i, all) => all.findIndex((o) => o.name === m.name && o.revision === m.revision) === i);
  const implemented = modules.filter((m) => m.implemented);
  const compile = async (dir: string): Promise<SchemaContext> => {
    // the compiler is loaded only when there is something to compile
    const [{ compileSchema }, { formatDiagnostic }] = await Promise.all([import('../compile/compile-schema.ts'), import('../parser/statement.ts')]);
    const compiled = compileSchema({
      searchPath: [dir],
      modules: implemented.map((m) => (m.revision === undefined ? { name: m.name } : { name: m.name, revision: m.revision })),
      features: new Map(implemented.map((m) => [m.name, new Set(m.features)])),
    });
    if (!compiled.ok) {
      const errors = compiled.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d).replace(`${dir}/`, ''));
      throw new Error(`the modules ${transport.origin} publishes do not compile here:\n${errors.join('\n')}`);
    }
    return compiled.context;
  };
  const contentId = contentIdOf(doc);
  const root = contentId === undefined ? undefined : cache;
  const key = contentId === undefined ? '' : schemaKey(contentId, modules);
  const build = cacheBuild();
  const cached = root === undefined ? undefined : cachedSources(root, key);
  if (cached !== undefined) {
    const kept = build === undefined ? undefined : cachedSchema(cached, build);
    if (kept !== undefined) return kept;
    const context = await compile(cached);
    if (build !== undefined) keepSchema(cached, build, context);
    return context;
  }
  const staged = root === undefined ? undefined : stagingDir(root);
  const dir = staged ?? mkdtempSync(join(tmpdir(), 'rxconf-client-'));
  try {
    const queue = [...modules];
    const download = async (): Promise<void> => {
      for (let m = queue.shift(); m !== undefined; m = queue.shift()) {
        const target = sourceTarget(m, restconf);
        const a = await transport.request('GET', target, undefined, { accept: 'application/yang' });
        if (a.status !== 200) throw new RestconfFailure(answerFailure(a, `the source of ${m.name} (GET ${target})`).errors);
        writeFileSync(join(dir, `${m.name}${m.revision === undefined ? '' : `@${m.revision}`}.yang`), a.text);
      }
    };
    await Promise.all(Array.from({ length: Math.min(DOWNLOADS, modules.length) }, download));
    const context = await compile(dir);
    if (root !== undefined && staged !== undefined && keepSources(root, key, staged) && build !== undefined) keepSchema(entryDir(root, key), build, context);
    return context;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
