/**
 * A replica's source lease (source-lease.ts), once the replica has joined:
 * whoever holds it runs what one replica of the cluster runs at a time
 * (the application's notification sources, the Call Home dialling).
 */
import type { ClusterBackend } from '../cluster-backend.ts';
import { SourceLease } from './source-lease.ts';

export const startSourceLease = async (backend: ClusterBackend): Promise<SourceLease | undefined> => {
  const nats = backend.nats;
  if (nats === undefined) return undefined;
  const lease = new SourceLease(nats.connection, { stream: nats.stream, replica: backend.replica, replicas: nats.replicas });
  await lease.start();
  return lease;
};
