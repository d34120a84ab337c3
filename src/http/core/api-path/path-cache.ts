/**
 * Resolved api-paths by their raw text and mode, so a path asked for again
 * (the usual case: clients poll the same resources) is not parsed and looked
 * up again. Bounded (oldest dropped first); an entry whose module's browser
 * was replaced on the device is resolved afresh.
 */
import type { Device } from '../../../actors/index.ts';
import { resolveApiPath, type Resolution } from './resolve-api-path.ts';

const LIMIT = 2048;

export class PathCache {
  private readonly strict = new Map<string, Resolution>();
  private readonly simplified = new Map<string, Resolution>();

  constructor(private readonly device: Device) {}

  resolve(raw: string, strict: boolean): Resolution {
    const cache = strict ? this.strict : this.simplified;
    const hit = cache.get(raw);
    if (hit !== undefined && (!hit.ok || hit.target.browser === undefined || this.device.browser(hit.target.browser.module.name) === hit.target.browser)) return hit;
    const r = resolveApiPath(raw, this.device, strict);
    if (cache.size >= LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(raw, r);
    return r;
  }
}
