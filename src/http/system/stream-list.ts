/** Every event stream the server serves, as listed in `restconf-state/streams` (RFC 8040 §9.3). */
import type { Device } from '../../actors/device.ts';
import { holdsConfig } from '../../meta/holds-config.ts';
import type { StreamInfo } from './restconf-state.ts';

/**
 * Each top-level notification of every served module (at its data path),
 * and the change stream of each module that holds configuration (a module
 * of state data only, like ietf-yang-library, never commits an edit).
 */
export const streamList = (device: Device, base: string): StreamInfo[] =>
  device.all.flatMap((b) => [
    ...b.module.notifications.map((n) => ({
      name: `${b.module.name}:${n.name}`,
      description: n.description ?? `the ${n.name} notification`,
      location: `${base}/restconf/data/${b.module.name}:${n.name}`,
    })),
    ...(holdsConfig(b.module) ? [{ name: `${b.module.name}/changes`, description: `every committed edit of ${b.module.name}`, location: `${base}/restconf/streams/${b.module.name}/changes` }] : []),
  ]);
