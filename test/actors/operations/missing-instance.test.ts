/**
 * An action or a nested notification on an instance that does not exist is
 * 404 invalid-value, its error-path the operation's full path: every list
 * ancestor with its keys (RFC 8040 §3.6, §7.1).
 */
import test from 'ava';
import { firstValueFrom } from 'rxjs';
import { Browser } from '../../../src/actors/browser.ts';
import { invoke, notifications } from '../../../src/actors/operations/index.ts';
import { DataContainerNode } from '../../../src/actors/nodes/data-node.ts';
import type { TargetStep } from '../../../src/actors/navigate.ts';
import { DataContainer } from '../../../src/data/data-container.ts';
import { RestconfFailure } from '../../../src/errors/index.ts';
import type { ListMeta, NotificationMeta } from '../../../src/meta/meta.ts';
import { loadFixture } from '../../helpers/runtime.ts';

const { schema, module } = loadFixture('conformance', 'cf-ops.yang');
const unit = module.children.find((c) => c.name === 'unit') as ListMeta;
const alarm = unit.notifications[0] as NotificationMeta;
const browser = new Browser(module, schema, () => new DataContainerNode(new DataContainer(module)));

test('a nested notification on a missing list entry', async (t) => {
  const steps: TargetStep[] = [{ meta: unit, key: ['u9'] }, { meta: alarm }];
  const e = await t.throwsAsync(firstValueFrom(notifications(browser, steps, {})), { instanceOf: RestconfFailure });
  t.like((e as RestconfFailure).errors[0], {
    tag: 'invalid-value', type: 'protocol', status: 404, path: "/cf-ops:unit[id='u9']/alarm", message: "no data at /cf-ops:unit[id='u9']",
  });
});

test('an rpc whose node runs no operations is operation-not-supported, before its input is checked', async (t) => {
  const run = module.rpcs.find((r) => r.name === 'run');
  if (run === undefined) return t.fail();
  const e = await t.throwsAsync(invoke(browser, { steps: [{ meta: run }], input: undefined, context: {} }), { instanceOf: RestconfFailure });
  t.is((e as RestconfFailure).errors[0]?.tag, 'operation-not-supported', 'no handler: the node has no action');
  return undefined;
});
