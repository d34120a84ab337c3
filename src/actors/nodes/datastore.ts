/**
 * The embedded datastore: every module's configuration and state in memory,
 * persisted to a JSON file atomically (temp file, fsync, rename) before an
 * edit completes. An edit that fails after it began is rolled back to the
 * copy taken at its first beginEdit.
 */
import { open, rename, unlink } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { DataContainer } from '../../data/data-container.ts';
import { decodeData, decodeDatastore, encodeDatastore, parseJsonText } from '../../data/json/index.ts';
import type { ModuleMeta, SchemaContext } from '../../meta/meta.ts';
import type { Node } from '../node.ts';
import type { EditRequest } from '../requests.ts';
import { DataContainerNode } from './data-node.ts';

export class Datastore {
  private readonly roots = new Map<string, DataContainer>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly schema: SchemaContext,
    /** Where edits are persisted; undefined keeps everything in memory. */
    readonly file?: string,
  ) {}

  /** A datastore with the content of `file` when it exists (RFC 7951 form, or plain with module names as keys). */
  static load(schema: SchemaContext, file?: string): Datastore {
    const store = new Datastore(schema, file);
    if (file !== undefined && existsSync(file)) store.replaceAll(readFileSync(file, 'utf8'), file);
    return store;
  }

  /** The root container of a module (created empty when absent). */
  root(module: ModuleMeta): DataContainer {
    let r = this.roots.get(module.name);
    if (r === undefined) {
      r = new DataContainer(module);
      this.roots.set(module.name, r);
    }
    return r;
  }

  /** Every module's root. */
  get all(): ReadonlyMap<string, DataContainer> {
    return this.roots;
  }

  /** The root node of a module for a Browser: reads and edits this datastore. */
  node(module: ModuleMeta): Node {
    return new DatastoreRootNode(this.root(module), this);
  }

  /** Writes the whole datastore (RFC 7951 JSON) atomically; concurrent calls are serialized. */
  persist(): Promise<void> {
    const file = this.file;
    if (file === undefined) return Promise.resolve();
    const text = `${JSON.stringify(encodeDatastore(this.roots, { strict: true, schema: this.schema }), null, 2)}\n`;
    const write = async (): Promise<void> => {
      const tmp = `${file}.${process.pid}.tmp`;
      const fh = await open(tmp, 'w');
      try {
        await fh.writeFile(text);
        await fh.sync();
      } finally {
        await fh.close();
      }
      try {
        await rename(tmp, file);
      } catch (e) {
        await unlink(tmp).catch(() => undefined);
        throw e;
      }
    };
    this.writing = this.writing.then(write, write);
    return this.writing;
  }

  private replaceAll(text: string, file: string): void {
    const parsed = parseJsonText(text);
    if (!parsed.ok) throw new Error(`${file}: ${parsed.errors.map((e) => e.message).join('; ')}`);
    const json = parsed.value;
    const keyedByModule = typeof json === 'object' && json !== null && !Array.isArray(json)
      && Object.keys(json).every((k) => !k.includes(':') && this.schema.modules.has(k));
    if (keyedByModule) {
      for (const [name, body] of Object.entries(json as Record<string, unknown>)) {
        const module = this.schema.modules.get(name) as ModuleMeta;
        const r = decodeData(body, module, { strict: false, content: 'all', schema: this.schema });
        if (!r.ok) throw new Error(`${file}: ${r.errors.map((e) => `${e.path ?? ''} ${e.message}`).join('; ')}`);
        this.roots.set(name, r.value);
      }
      return;
    }
    const strict = decodeDatastore(json, this.schema, { strict: true, content: 'all' });
    const r = strict.ok ? strict : decodeDatastore(json, this.schema, { strict: false, content: 'all' });
    if (!r.ok) throw new Error(`${file}: ${r.errors.map((e) => `${e.path ?? ''} ${e.message}`).join('; ')}`);
    for (const [name, root] of r.value) this.roots.set(name, root);
  }
}

/**
 * A module's root in the datastore: a data-tree node whose first beginEdit
 * takes a copy, and whose endEdit restores it on failure or persists on
 * success (the root is the last node an edit ends).
 */
class DatastoreRootNode extends DataContainerNode {
  private before: DataContainer | undefined;

  constructor(data: DataContainer, private readonly store: Datastore) {
    super(data);
  }

  beginEdit(): void {
    this.before ??= this.data.clone();
  }

  endEdit(r: EditRequest): Promise<void> | undefined {
    const saved = this.before;
    this.before = undefined;
    if (r.failure === undefined) return this.store.file === undefined ? undefined : this.store.persist();
    if (saved !== undefined) {
      this.data.values.clear();
      for (const [m, v] of saved.values) this.data.values.set(m, v);
    }
    return undefined;
  }
}
