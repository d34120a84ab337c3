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
  /**
   * The last path resolved, its mode and resolution. Each request's path is
   * a new string: a Map lookup hashes all of it first, then compares it
   * with the entry found; comparing it with the last path asked alone costs
   * a fraction of that, and a client often asks the same one again.
   */
  private lastRaw: string | undefined;
  private lastStrict = false;
  private last: Resolution | undefined;

  constructor(private readonly device: Device) {}

  resolve(raw: string, strict: boolean): Resolution {
    const last = this.last;
    if (raw === this.lastRaw && strict === this.lastStrict && last !== undefined && this.current(last)) return last;
    const r = this.lookUp(raw, strict);
    this.lastRaw = raw;
    this.lastStrict = strict;
    this.last = r;
    return r;
  }

  private lookUp(raw: string, strict: boolean): Resolution {
    const cache = strict ? this.strict : this.simplified;
    const hit = cache.get(raw);
    if (hit !== undefined && this.current(hit)) return hit;
    const r = resolveApiPath(raw, this.device, strict);
    if (cache.size >= LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(raw, r);
    return r;
  }

  /** Whether a resolution still holds: its module's browser is the one the device serves. */
  private current(r: Resolution): boolean {
    return !r.ok || r.target.browser === undefined || this.device.browser(r.target.browser.module.name) === r.target.browser;
  }
}
