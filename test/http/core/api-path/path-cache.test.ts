import test from 'ava';
import { Browser } from '../../../../src/actors/browser.ts';
import { Device } from '../../../../src/actors/device.ts';
import { Datastore } from '../../../../src/actors/nodes/datastore.ts';
import { PathCache } from '../../../../src/http/core/api-path/index.ts';
import type { ModuleMeta } from '../../../../src/meta/meta.ts';
import { schemaOf } from '../../../validate/helpers.ts';

const served = () => {
  const schema = schemaOf('vt-plain');
  const module = schema.modules.get('vt-plain') as ModuleMeta;
  const store = Datastore.load(schema, undefined);
  const device = new Device(schema);
  const browser = (): Browser => new Browser(module, schema, () => store.node(module));
  return { device, browser };
};

const targetOf = (cache: PathCache, raw: string, strict = false) => {
  const r = cache.resolve(raw, strict);
  if (!r.ok) throw new Error(r.error.message);
  return r.target;
};

test('a path asked again, alone or between others, in either mode, resolves to what it named the first time', (t) => {
  const { device, browser } = served();
  device.add(browser());
  const cache = new PathCache(device);
  const name = targetOf(cache, '/vt-plain:settings/name');
  const alias = targetOf(cache, '/vt-plain:settings/alias');
  t.is(name.kind, 'leaf');
  t.is(alias.kind, 'leaf-list');
  for (const [raw, strict, kind] of [['/vt-plain:settings/name', false, 'leaf'], ['/vt-plain:settings/name', false, 'leaf'], ['/vt-plain:settings/name', true, 'leaf'], ['/vt-plain:settings/alias', true, 'leaf-list'], ['/vt-plain:settings/alias', false, 'leaf-list'], [`/vt-plain:settings/${'name'}`, false, 'leaf']] as const) {
    t.is(targetOf(cache, raw, strict).kind, kind, `${raw} ${strict}`);
  }
  t.is(targetOf(cache, '/vt-plain:settings/name'), name, 'the same resolution, not resolved again');
  t.false(cache.resolve('/vt-plain:settings/nope', false).ok);
  t.false(cache.resolve('/vt-plain:settings/nope', false).ok, 'an error asked again is an error again');
});

test('a path asked again right after its module\'s browser was replaced on the device resolves to the new browser', (t) => {
  const { device, browser } = served();
  const first = browser();
  device.add(first);
  const cache = new PathCache(device);
  t.is(targetOf(cache, '/vt-plain:settings/name').browser, first);
  const second = browser();
  device.add(second);
  t.is(targetOf(cache, '/vt-plain:settings/name').browser, second);
  t.is(targetOf(cache, '/vt-plain:settings/name').browser, second);
});
