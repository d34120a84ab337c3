/**
 * A replica's application notifications shared through the cluster
 * (shared-notifications.ts), once the replica has joined, run while it
 * holds `lease`: none when no served module has a notification. Resolves to what closes it.
 */
import type { Observable } from 'rxjs';
import type { Device } from '../../actors/device.ts';
import type { NotificationMeta, SchemaContext } from '../../meta/meta.ts';
import type { ClusterBackend } from '../cluster-backend.ts';
import { SharedNotifications } from './shared-notifications.ts';
import type { SourceLease } from './source-lease.ts';

export const startSharedNotifications = async (
  device: Device, schema: SchemaContext, backend: ClusterBackend, lease: SourceLease, added: Observable<NotificationMeta>,
  limits: { readonly maxEvents: number; readonly maxAgeMs: number },
): Promise<SharedNotifications | undefined> => {
  const nats = backend.nats;
  if (nats === undefined || !device.all.some((b) => b.module.notifications.length > 0)) return undefined;
  const shared = new SharedNotifications(device, schema, nats.connection, nats.stream, added, lease, { replicas: nats.replicas, ...limits });
  await shared.start();
  return shared;
};
