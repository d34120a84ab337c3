/** The XPath view of a datastore: order, values, defaults, non-presence containers, identity, paths. */
import test from 'ava';
import { DataContainer } from '../../src/data/data-container.ts';
import { formatPath } from '../../src/data/data-path.ts';
import type { ContainerMeta, ListMeta, ModuleMeta, SchemaContext } from '../../src/meta/meta.ts';
import { findDataChild } from '../../src/meta/navigate.ts';
import { pathOf, xDataRoot, type Content, type XDataNode } from '../../src/validate/index.ts';
import { parseXPath } from '../../src/parser/expr/index.ts';
import { compileXPath, isNodeSet } from '../../src/xpath/index.ts';
import { datastore, schemaOf } from './helpers.ts';

const root = (schema: SchemaContext, roots: ReadonlyMap<string, DataContainer>, content: Content = 'config'): XDataNode =>
  xDataRoot({ roots, schema, content, modules: [...schema.modules.values()].filter((m) => m.implemented) });
const kids = (n: XDataNode): string[] => n.children().map((c) => `${c.kind}:${c.name}${c.implicit ? '*' : ''}`);
const child = (n: XDataNode, name: string, i = 0): XDataNode => {
  const found = n.children().filter((c) => c.name === name)[i];
  if (found === undefined) throw new Error(`no ${name}[${i}] under ${n.name}`);
  return found;
};

const xpath = schemaOf('vt-xpath');
const zooDoc = {
  'vt-xpath:zoo': {
    pen: [{ name: 'b', kind: 'vt-xpath:cat', size: 'large', capacity: 7 }, { name: 'a' }],
    feeds: ['b', 'a'],
  },
};

test('root children: every module\'s top-level nodes; non-presence containers exist without data; config false ones only in "all"', (t) => {
  const roots = datastore(xpath, zooDoc);
  t.deepEqual(kids(root(xpath, roots)), ['container:zoo', 'container:limits*']);
  t.deepEqual(kids(root(xpath, roots, 'all')), ['container:zoo', 'container:limits*', 'container:stats*']);
  const r = root(xpath, roots);
  t.is(r.kind, 'root');
  t.is(r.name, '');
  t.is(child(r, 'zoo').module, 'vt-xpath');
});

test('document order is schema order, then stored order; node identity is stable', (t) => {
  const mod = xpath.modules.get('vt-xpath') as ModuleMeta;
  const zooMeta = mod.children[0] as ContainerMeta;
  const penMeta = findDataChild(zooMeta, undefined, 'pen') as ListMeta;
  const leaf = (name: string) => {
    const m = findDataChild(penMeta, undefined, name);
    if (m === undefined) throw new Error(name);
    return m;
  };
  // Built by hand, members inserted out of schema order.
  const entry = new DataContainer(penMeta).set(leaf('capacity'), 3).set(leaf('kind'), 'vt-xpath:bird').set(leaf('name'), 'p');
  const zoo = new DataContainer(zooMeta).set(penMeta, [entry]);
  const r = root(xpath, new Map([['vt-xpath', new DataContainer(mod).set(zooMeta, zoo)]]));
  const pen = child(child(r, 'zoo'), 'pen');
  // large-only is a non-presence container: it exists without data (its when is not part of the view).
  t.deepEqual(kids(pen), ['leaf:name', 'leaf:kind', 'leaf:capacity', 'container:large-only*']);
  t.deepEqual(pen.children().map((c) => c.siblingIndex), [0, 1, 2, 3]);
  t.is(pen.children()[0], pen.children()[0]);
  t.is(child(r, 'zoo'), child(r, 'zoo'));
  t.is(pen.parent, child(r, 'zoo'));
});

test('list entries and leaf-list entries in stored order; string values in canonical form', (t) => {
  const zoo = child(root(xpath, datastore(xpath, zooDoc)), 'zoo');
  t.deepEqual(kids(zoo), ['list-entry:pen', 'list-entry:pen', 'leaf-list-entry:feeds', 'leaf-list-entry:feeds']);
  t.deepEqual(zoo.children().map((c) => (c.kind === 'list-entry' ? child(c, 'name').stringValue() : c.stringValue())), ['b', 'a', 'b', 'a']);
  const b = child(zoo, 'pen');
  t.is(child(b, 'kind').stringValue(), 'vt-xpath:cat', 'identityref: module:name');
  t.is(child(b, 'size').stringValue(), 'large');
  t.is(child(b, 'capacity').stringValue(), '7');
});

test('defaults in use exist: in the default case, in the active case, in implicit containers', (t) => {
  const plain = schemaOf('vt-plain');
  const settings = (doc: Record<string, unknown>) => child(root(plain, datastore(plain, doc)), 'settings');
  const s0 = settings({});
  t.deepEqual(kids(s0), ['leaf:retries*', 'container:timers*']);
  t.is(child(s0, 'retries').stringValue(), '3');
  t.deepEqual(child(s0, 'timers').children().map((c) => `${c.name}=${c.stringValue()}`), ['hello=10', 'backoff=1', 'backoff=5']);
  t.deepEqual(kids(settings({ 'vt-plain:settings': { custom: 'x' } })), ['leaf:custom', 'leaf:level*', 'container:timers*']);
  const s2 = settings({ 'vt-plain:settings': { timers: { hello: 3, backoff: [2] } } });
  t.deepEqual(child(s2, 'timers').children().map((c) => `${c.name}=${c.stringValue()}${c.implicit ? '*' : ''}`), ['hello=3', 'backoff=2']);
});

test('XPath over the tree: counts, predicates, defaults seen as values', (t) => {
  const r = root(xpath, datastore(xpath, zooDoc));
  const ev = (text: string) => {
    const prefixes = new Map([['vx', 'vt-xpath']]);
    const parsed = compileXPathText(text, prefixes);
    const v = parsed.evaluate({ node: r });
    if (!v.ok) throw new Error(v.message);
    return v.value;
  };
  t.is(ev('count(/vx:zoo/vx:pen)'), 2);
  const hit = ev("/vx:zoo/vx:pen[vx:name = 'a']");
  t.true(isNodeSet(hit) && hit.length === 1 && formatPath(pathOf(hit[0] as XDataNode)) === "/vt-xpath:zoo/pen[name='a']");
  t.is(ev("/vx:zoo/vx:pen[1]/vx:kind = 'vt-xpath:cat'"), true);
});

test('error paths: keys of list entries, values of leaf-list entries, namespace changes', (t) => {
  const zoo = child(root(xpath, datastore(xpath, zooDoc)), 'zoo');
  t.is(formatPath(pathOf(child(child(zoo, 'pen', 1), 'name'))), "/vt-xpath:zoo/pen[name='a']/name");
  t.is(formatPath(pathOf(child(zoo, 'feeds', 1))), "/vt-xpath:zoo/feeds[.='a']");
  const both = schemaOf('vt-base', 'vt-ext');
  const port = child(child(child(root(both, datastore(both, {
    'vt-base:device': { ports: { port: [{ id: 4, speed: 1000, 'vt-ext:fec': true }] } },
  })), 'device'), 'ports'), 'port');
  t.is(formatPath(pathOf(child(port, 'fec'))), "/vt-base:device/ports/port[id='4']/vt-ext:fec");
});

function compileXPathText(text: string, prefixes: ReadonlyMap<string, string>) {
  const p = parseXPath(text);
  if (!p.ok) throw new Error(p.message);
  const c = compileXPath(p.value, { prefixes, defaultModule: 'vt-xpath' });
  if (!c.ok) throw new Error(c.message);
  return c.value;
}
