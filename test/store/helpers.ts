/** A datastore with a file over the store fixtures, edits through the transaction runtime, and crash images. */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Browser } from '../../src/actors/browser.ts';
import { Device } from '../../src/actors/device.ts';
import { commitEdit } from '../../src/actors/edit/commit-edit.ts';
import { commitEdits } from '../../src/actors/edit/commit-edits.ts';
import type { EditOperation } from '../../src/actors/edit/apply-edit.ts';
import type { TargetStep } from '../../src/actors/navigate.ts';
import { Datastore, type DatastoreOptions } from '../../src/actors/nodes/datastore.ts';
import { decodeData } from '../../src/data/json/index.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { ListMeta, ModuleMeta, SchemaContext } from '../../src/meta/meta.ts';
import { findDataChild } from '../../src/meta/navigate.ts';
import type { YangValue } from '../../src/types/value.ts';
import { encodeDataFile, JournalBackend } from '../../src/store/index.ts';

export const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

const compiled = compileSchema({ searchPath: [fixtures], modules: [{ file: join(fixtures, 'st-store.yang') }, { file: join(fixtures, 'st-aug.yang') }] });
if (!compiled.ok) throw new Error(compiled.diagnostics.map((d) => d.message).join('\n'));
export const schema: SchemaContext = compiled.context;
export const storeModule = schema.modules.get('st-store') as ModuleMeta;
export const augModule = schema.modules.get('st-aug') as ModuleMeta;
export const itemList = findDataChild(storeModule, undefined, 'item') as ListMeta;
export const entryList = findDataChild(storeModule, undefined, 'entry') as ListMeta;

const made: string[] = [];
process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A data file's path in a new directory (removed when the process exits). */
export const tempDataFile = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-store-'));
  made.push(dir);
  return join(dir, 'data.json');
};

export interface OpenStore {
  readonly store: Datastore;
  readonly backend: () => JournalBackend;
  /** Merges (or replaces, creates) `json` at a module's root; resolves when acknowledged (durable). */
  edit(module: ModuleMeta, json: unknown, operation?: EditOperation): Promise<void>;
  /** Merges each `[module, json]` at its module's root, all as one transaction (commitEdits); resolves when acknowledged. */
  editAll(edits: readonly (readonly [ModuleMeta, unknown])[]): Promise<void>;
  /** Deletes an entry of a top-level list. */
  remove(list: ListMeta, key: readonly YangValue[]): Promise<void>;
  /** The whole datastore as the data file would hold it (parsed). */
  state(): unknown;
}

/** A journal backend class (JournalBackend or a test's subclass). */
export type BackendClass = new (...args: ConstructorParameters<typeof JournalBackend>) => JournalBackend;

export const openStore = (file: string, options: DatastoreOptions = {}, Backend: BackendClass = JournalBackend): OpenStore => {
  let backend: JournalBackend | undefined;
  const warnings: string[] = [];
  const store = Datastore.load(schema, file, {
    ...options,
    storage: (live) => (backend = new Backend(schema, file, live, { warn: (m) => warnings.push(m), ...options })),
  });
  const device = new Device(schema);
  const browsers = new Map<string, Browser>();
  for (const m of [storeModule, augModule]) {
    const b = new Browser(m, schema, () => store.node(m));
    browsers.set(m.name, b);
    device.add(b);
  }
  // commitEdit answers once the edit is durable; the module's mailbox takes the next edit meanwhile (group commit).
  const run = async (module: ModuleMeta, steps: TargetStep[], operation: EditOperation, input: Parameters<typeof commitEdit>[2]['input']) => {
    await commitEdit(device, browsers.get(module.name) as Browser, { steps, operation, input, context: {} });
  };
  return {
    store,
    backend: () => backend as JournalBackend,
    edit: (module, json, operation = 'merge') => {
      const r = decodeData(json, module, { strict: false, content: 'config', schema });
      if (!r.ok) return Promise.reject(new Error(JSON.stringify(r.errors)));
      return run(module, [], operation, r.value);
    },
    editAll: async (edits) => {
      const planned = edits.map(([module, json]) => {
        const r = decodeData(json, module, { strict: false, content: 'config', schema });
        if (!r.ok) throw new Error(JSON.stringify(r.errors));
        return { browser: browsers.get(module.name) as Browser, steps: [], operation: 'merge' as const, input: r.value };
      });
      await commitEdits(device, planned, {});
    },
    remove: (list, key) => run(list.module, [{ meta: list, key }], 'delete', undefined),
    state: () => JSON.parse(encodeDataFile(store.all, schema)),
  };
};

/**
 * What a crash would leave: the data file and its journal copied into a new
 * directory, synchronously (no edit, write or sync of this process runs
 * meanwhile; a rename made by a background snapshot may: the copy is taken
 * again when a file vanished under it).
 */
export const crashImage = (file: string): string => {
  for (let attempt = 0; ; attempt++) {
    const into = tempDataFile();
    try {
      for (const name of readdirSync(dirname(file))) {
        if (name === basename(file) || name.startsWith(`${basename(file)}.`)) copyFileSync(join(dirname(file), name), join(dirname(into), name.replace(basename(file), basename(into))));
      }
      return into;
    } catch (e) {
      if ((e as { code?: string }).code !== 'ENOENT' || attempt > 20) throw e;
    }
  }
};

/** The state a data file (and journal) loads to, with the warnings recovery gave. */
export const loadState = (file: string, within: SchemaContext = schema): { state: unknown; warnings: string[]; replayed: number } => {
  const warnings: string[] = [];
  let backend: JournalBackend | undefined;
  const store = Datastore.load(within, file, { storage: (live) => (backend = new JournalBackend(within, file, live, { warn: (m) => warnings.push(m) })) });
  return { state: JSON.parse(encodeDataFile(store.all, within)), warnings, replayed: backend?.recovery.replayed ?? 0 };
};

export const exists = existsSync;
