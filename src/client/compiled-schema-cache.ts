/**
 * A server's compiled schema kept beside its sources in the schema cache
 * (schema-cache.ts), so a client command checks its input without
 * loading the YANG compiler: `compiled.v8` in the entry's folder, the
 * SchemaContext as Node's structured serialization writes it (every node
 * once, with its parent, module and leafref target links, Maps and
 * bigints as they were), after a header line naming what it was made
 * from: the rxconf build (cache-build.ts) and the SHA-256 of the entry's
 * manifest (so of every source file), and the payload's own SHA-256.
 *
 * Used only when all three still match; anything else (another build,
 * sources downloaded again, a damaged or cut file) is compiled again and
 * the file rewritten. Written to a file of its own and renamed into place,
 * so concurrent commands read a whole one or none. A schema that does not
 * serialize as it is (recursive groupings, compiled on first access, or
 * anything but plain objects, arrays, Maps and Sets) is not kept.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { SchemaContext } from '../meta/meta.ts';
import { MANIFEST } from './schema-cache.ts';

const FILE = 'compiled.v8';
const FORMAT = 'rxconf-compiled-schema 1';

interface Header {
  readonly format: string;
  readonly build: string;
  readonly sources: string;
  readonly digest: string;
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

const sourcesDigest = (entry: string): string | undefined => {
  try {
    return sha256(readFileSync(join(entry, MANIFEST)));
  } catch {
    return undefined;
  }
};

const PLAIN = new Set<unknown>([Object.prototype, Array.prototype, Map.prototype, Set.prototype, null]);

/** Whether structured serialization gives the schema back as it is: plain data only, no node compiled on first access. */
export const serializable = (context: SchemaContext): boolean => {
  const seen = new Set<object>();
  const pending: unknown[] = [context];
  for (let v = pending.pop(); v !== undefined || pending.length > 0; v = pending.pop()) {
    if (typeof v === 'function' || typeof v === 'symbol') return false;
    if (typeof v !== 'object' || v === null || seen.has(v)) continue;
    seen.add(v);
    if (!PLAIN.has(Object.getPrototypeOf(v)) || Object.getOwnPropertySymbols(v).length > 0) return false;
    // a recursive grouping's node compiles its children when they are read: reading them all never ends
    if ((v as { recursive?: unknown }).recursive === true) return false;
    if (v instanceof Map) for (const [k, x] of v) pending.push(k, x);
    else if (v instanceof Set) for (const x of v) pending.push(x);
    else for (const d of Object.values(Object.getOwnPropertyDescriptors(v))) {
      if (d.get !== undefined || d.set !== undefined) return false;
      pending.push(d.value);
    }
  }
  return true;
};

/** The compiled schema kept in the entry folder `entry` by this build from its present sources; undefined for none (a damaged file is removed). */
export const cachedSchema = (entry: string, build: string): SchemaContext | undefined => {
  const file = join(entry, FILE);
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  try {
    const eol = data.indexOf(10);
    const header = JSON.parse(data.subarray(0, eol).toString('utf8')) as Partial<Header>;
    if (header.format !== FORMAT || header.build !== build || header.sources !== sourcesDigest(entry)) return undefined;
    const payload = data.subarray(eol + 1);
    if (eol < 0 || header.digest !== sha256(payload)) throw new Error('damaged');
    const context = deserialize(payload) as SchemaContext;
    if (!(context.modules instanceof Map)) throw new Error('damaged');
    return context;
  } catch {
    rmSync(file, { force: true });
    return undefined;
  }
};

/** Keeps `context`, compiled from the sources of the entry folder `entry`, for this build; nothing when it cannot be written or does not serialize. */
export const keepSchema = (entry: string, build: string, context: SchemaContext): void => {
  const sources = sourcesDigest(entry);
  if (sources === undefined || !serializable(context)) return;
  const tmp = join(entry, `.${FILE}.${process.pid}.tmp`);
  try {
    const payload = serialize(context);
    const header: Header = { format: FORMAT, build, sources, digest: sha256(payload) };
    writeFileSync(tmp, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), payload]));
    renameSync(tmp, join(entry, FILE));
  } catch {
    rmSync(tmp, { force: true });
  }
};
