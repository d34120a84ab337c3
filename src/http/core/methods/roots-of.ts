/** The root selections a read of `target` starts from (the read releases them): every served module for the datastore, else the target's module. */
import type { Selection } from '../../../actors/index.ts';
import type { ResolvedTarget } from '../api-path/index.ts';
import type { Call } from '../call.ts';

export const rootsOf = (call: Call, target: ResolvedTarget): Selection[] =>
  target.browser === undefined ? call.settings.device.all.map((b) => b.root(call.context)) : [target.browser.root(call.context)];
