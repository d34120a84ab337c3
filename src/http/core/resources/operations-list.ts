/**
 * The operations resource `{+restconf}/operations` (RFC 8040 §3.3.2): one
 * `"<module>:<rpc>": [null]` member per rpc of the served modules; in the
 * simplified mode plain names, qualified only where two modules share one.
 */
import type { CoreResponse } from '../../exchange.ts';
import { json, type Call } from '../call.ts';

export const operationsList = (call: Call): CoreResponse => {
  const rpcs = call.settings.device.all.flatMap((b) => b.module.rpcs);
  const members: Record<string, [null]> = {};
  for (const rpc of rpcs) {
    const shared = rpcs.filter((r) => r.name === rpc.name).length > 1;
    members[call.strict || shared ? `${rpc.module.name}:${rpc.name}` : rpc.name] = [null];
  }
  return json(call, 200, JSON.stringify({ [call.strict ? 'ietf-restconf:operations' : 'operations']: members }));
};
