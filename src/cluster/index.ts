/** rxconf as one replica of a datastore held in NATS JetStream (docs/cluster.md). */
export type { ClusterOptions } from './cluster-options.ts';
export { ClusterBackend, type ReplicaStatus } from './cluster-backend.ts';
export { CommitLog } from './commit-log.ts';
export { announceApplied } from './announce-applied.ts';
export { feedFromLog } from './events/log-change-feed.ts';
export { startSharedNotifications } from './events/start-shared-notifications.ts';
export type { SharedNotifications } from './events/shared-notifications.ts';
export { startSourceLease } from './events/start-source-lease.ts';
export type { SourceLease } from './events/source-lease.ts';
export { SubscriptionPeers } from './events/subscription-peers.ts';
