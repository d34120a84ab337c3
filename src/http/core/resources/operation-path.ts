/**
 * `{+restconf}/operations/<module>:<rpc>` (RFC 8040 §3.3.2) → the rpc it
 * names, with the same tags as data paths (400 for a name that is no rpc).
 */
import type { Device } from '../../../actors/index.ts';
import { childPath, rootPath } from '../../../data/data-path.ts';
import { parseApiPath } from '../../../parser/expr/index.ts';
import { pathError, type Resolution } from '../api-path/index.ts';

export const resolveOperationPath = (raw: string, device: Device): Resolution => {
  const parsed = parseApiPath(raw);
  if (!parsed.ok) return { ok: false, error: pathError('invalid-value', `the path is not an operation path: ${parsed.message}`) };
  const [segment, ...more] = parsed.value.segments;
  if (segment === undefined || more.length > 0 || segment.keys !== undefined) {
    return { ok: false, error: pathError('invalid-value', 'an operation path is /restconf/operations/<module>:<rpc>') };
  }
  if (segment.module === undefined) return { ok: false, error: pathError('unknown-namespace', `the rpc is named with its module, as "<module>:${segment.name}"`) };
  const browser = device.browser(segment.module);
  if (browser === undefined) return { ok: false, error: pathError('unknown-namespace', `"${segment.module}" is not a module served here`) };
  const rpc = browser.module.rpcs.find((r) => r.name === segment.name);
  if (rpc === undefined) return { ok: false, error: pathError('unknown-element', `module ${segment.module} has no rpc "${segment.name}"`) };
  return { ok: true, target: { kind: 'operation', browser, steps: [{ meta: rpc }], path: childPath(rootPath, rpc), meta: rpc } };
};
