/**
 * The configuration of a module served by application nodes, for an edit's
 * validation: read through the nodes only where the edit and the
 * constraints it can affect look (loaded-data.ts), never in full. Nodes
 * that answer synchronously are read at once; what waits on a Promise or an
 * Observable is noted, and read by `settle()` between two attempts of the
 * validation (validate-candidate.ts tries again until nothing is missing).
 */
import type { DataValue } from '../../data/data-container.ts';
import { childPath } from '../../data/data-path.ts';
import { addEntry, entryKeyString, forgetIndex, keyString } from '../../data/list-index.ts';
import type { DataNodeMeta, ListMeta, SchemaContext } from '../../meta/meta.ts';
import { dataChildren } from '../../meta/navigate.ts';
import { decodeString, type YangValue } from '../../types/index.ts';
import type { Browser } from '../browser.ts';
import { ask, runToEnd, Runner, type Co } from '../co.ts';
import type { ListItem, Node } from '../node.ts';
import { OMITTED } from '../omitted.ts';
import type { RequestContext } from '../request-context.ts';
import type { Selection } from '../selection.ts';
import { LoadedContainer, PartialList, type Loader } from './loaded-data.ts';

const WAITS = 'walk did not complete synchronously';

/** Runs a walk at once; undefined when it has to wait for a node. */
function now<T>(walk: Co<T>): { value: T } | undefined {
  try {
    return { value: new Runner(walk).runSync() };
  } catch (e) {
    if (e instanceof Error && e.message === WAITS) return undefined;
    throw e;
  }
}

export class NodeTree implements Loader {
  readonly root: LoadedContainer;
  private readonly rootSelection: Selection;
  private readonly containers = new Set<LoadedContainer>();
  private readonly keys = new Map<PartialList, Set<string>>();
  private readonly wholeLists = new Set<PartialList>();
  private readonly lists = new Set<PartialList>();
  /** Keys the nodes said they do not have, per list. */
  private readonly absent = new WeakMap<PartialList, Set<string>>();

  constructor(browser: Browser, context: RequestContext, private readonly schema: SchemaContext) {
    this.rootSelection = browser.root(context);
    this.root = new LoadedContainer(browser.module, this.rootSelection, this);
  }

  /** Something was looked at that could not be read at once. */
  get missing(): boolean {
    return this.containers.size > 0 || this.keys.size > 0 || this.wholeLists.size > 0;
  }

  /** Before an attempt: no entry counts as removed. */
  restart(): void {
    for (const l of this.lists) l.restart();
  }

  load(c: LoadedContainer): void {
    if (this.containers.has(c)) return;
    const r = now(this.readHolder(c));
    if (r === undefined) this.containers.add(c);
    else c.fill(r.value);
  }

  fetch(list: PartialList, key: string): LoadedContainer | undefined {
    if (this.absent.get(list)?.has(key) === true || this.keys.get(list)?.has(key) === true) return undefined;
    const r = now(this.readEntry(list, key));
    if (r === undefined) {
      let s = this.keys.get(list);
      if (s === undefined) this.keys.set(list, (s = new Set()));
      s.add(key);
      return undefined;
    }
    return r.value;
  }

  needAll(list: PartialList): void {
    this.wholeLists.add(list);
  }

  /** Reads everything noted as missing (waiting for the nodes). */
  async settle(): Promise<void> {
    const containers = [...this.containers];
    const keys = [...this.keys];
    const lists = [...this.wholeLists];
    this.containers.clear();
    this.keys.clear();
    this.wholeLists.clear();
    for (const c of containers) if (!c.isLoaded) c.fill(await runToEnd(this.readHolder(c)));
    for (const [list, ks] of keys) for (const k of ks) await runToEnd(this.readEntry(list, k));
    for (const list of lists) if (!list.complete) await runToEnd(this.readAll(list));
  }

  release(): void {
    this.rootSelection.node.release?.();
  }

  /** The configuration children of a container or entry: fields, containers, and lists with their first entry. */
  private *readHolder(c: LoadedContainer): Co<Map<DataNodeMeta, DataValue>> {
    const out = new Map<DataNodeMeta, DataValue>();
    const sel = c.source;
    if (sel === undefined) return out;
    for (const def of dataChildren((c.meta as { children: Parameters<typeof dataChildren>[0] }).children)) {
      if (!def.config) continue;
      const path = childPath(sel.path, def);
      if (def.kind === 'container' || def.kind === 'list') {
        const node = sel.node.child === undefined ? undefined : yield* ask(sel.node.child({ selection: sel, path, meta: def, new: false, delete: false }));
        if (node === undefined || node === OMITTED) continue;
        const child = sel.select(node, def, path);
        if (def.kind === 'container') {
          out.set(def, new LoadedContainer(def, child, this));
          continue;
        }
        const list = new PartialList(def, child, this);
        this.lists.add(list);
        const first = yield* this.row(list, 0);
        if (first !== undefined) {
          list.push(first);
          out.set(def, list);
        }
      } else if (sel.node.field !== undefined) {
        const v = yield* ask(sel.node.field({ selection: sel, path, meta: def, write: false, value: undefined }));
        if (v !== undefined) out.set(def, v as DataValue);
      }
    }
    return out;
  }

  /** The entry of a list selection for a ListItem (its keys from the item, else read). */
  private *entryFor(list: PartialList, item: ListItem, key: readonly YangValue[] | undefined): Co<LoadedContainer> {
    const meta = list.meta;
    const keys = item.key ?? key;
    const base = list.source.path.segments;
    const path = { segments: [...base.slice(0, -1), keys === undefined ? { meta } : { meta, key: keys }] };
    const e = new LoadedContainer(meta, list.source.select(item.node, meta, path, keys), this);
    if (keys !== undefined) meta.keys.forEach((k, i) => e.preset(k, keys[i] as YangValue));
    else e.fill(yield* this.readHolder(e));
    return e;
  }

  private *row(list: PartialList, row: number): Co<LoadedContainer | undefined> {
    const node: Node = list.source.node;
    if (node.next === undefined) return undefined;
    const item = yield* ask(node.next({ selection: list.source, path: list.source.path, meta: list.meta, key: undefined, row, new: false, delete: false }));
    return item === undefined ? undefined : yield* this.entryFor(list, item, undefined);
  }

  /** Reads the entry of key `key` into the list; undefined when the nodes have none. */
  private *readEntry(list: PartialList, key: string): Co<LoadedContainer | undefined> {
    const values = this.keyValues(list.meta, key);
    const node = list.source.node;
    const item = values === undefined || node.next === undefined
      ? undefined
      : yield* ask(node.next({ selection: list.source, path: list.source.path, meta: list.meta, key: values, row: 0, new: false, delete: false }));
    if (item === undefined) {
      let s = this.absent.get(list);
      if (s === undefined) this.absent.set(list, (s = new Set()));
      s.add(key);
      return undefined;
    }
    const e = yield* this.entryFor(list, item, values);
    addEntry(list, list.meta, e);
    return e;
  }

  /** Reads every entry, keeping those read before (and what they hold), in the nodes' order. */
  private *readAll(list: PartialList): Co<void> {
    const known = new Map(list.map((e) => [entryKeyString(e, list.meta), e]));
    const all: LoadedContainer[] = [];
    for (let row = 0; ; row++) {
      const e = yield* this.row(list, row);
      if (e === undefined) break;
      all.push((known.get(entryKeyString(e, list.meta)) as LoadedContainer | undefined) ?? e);
    }
    list.length = 0;
    for (const e of all) list.push(e);
    forgetIndex(list);
    list.complete = true;
  }

  /** The key values a key string (list-index keyString) stands for, decoded by the key leaves' types. */
  private keyValues(meta: ListMeta, key: string): YangValue[] | undefined {
    const texts = meta.keys.length === 1 ? [key] : key.split('\u0000');
    if (texts.length !== meta.keys.length) return undefined;
    const identity = (module: string, name: string) => this.schema.modules.get(module)?.identities.get(name);
    const out: YangValue[] = [];
    for (const [i, k] of meta.keys.entries()) {
      const r = decodeString(k.type, texts[i] as string, { leafModule: k.module.name, identity, qualifier: 'module', schema: this.schema });
      if (!r.ok) return undefined;
      out.push(r.value);
    }
    return keyString(out) === key ? out : undefined;
  }
}
