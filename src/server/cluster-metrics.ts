/** The metric families of a cluster replica (its state in rxconf-server:server/runtime/cluster, for Prometheus). */
import type { ReplicaStatus } from '../cluster/cluster-backend.ts';
import type { Family } from './prometheus-text.ts';

export const clusterFamilies = (r: ReplicaStatus): Family[] => {
  const labels = { replica: r.replica };
  const gauge = (name: string, help: string, value: number): Family => ({ name, help, type: 'gauge', samples: [{ labels, value }] });
  const counter = (name: string, help: string, value: number): Family => ({ name, help, type: 'counter', samples: [{ labels, value }] });
  return [
    gauge('rxconf_cluster_connected', 'Whether the replica is connected to the commit log (1) or not (0).', r.state === 'connected' ? 1 : 0),
    gauge('rxconf_cluster_applied_sequence', 'The last sequence of the commit log applied here.', r.applied),
    gauge('rxconf_cluster_lag', 'Commits in the log not yet applied here.', Math.max(0, r.seen - r.applied)),
    gauge('rxconf_cluster_apply_delay_ms', 'How long the last commit of another replica waited here before it was applied.', r.applyLagMs.last),
    counter('rxconf_cluster_commits_total', 'Edits this replica committed to the log.', r.commits),
    counter('rxconf_cluster_conflicts_total', 'Publishes refused because another replica committed first.', r.conflicts),
    counter('rxconf_cluster_retries_total', 'Edits made again because another replica committed first.', r.retries),
    counter('rxconf_cluster_unavailable_total', 'Edits refused with 503: the log unreachable or not answering.', r.unavailable),
    counter('rxconf_cluster_history_reloads_total', 'Times the replica found it had followed a history the stream does not hold and loaded the stream\'s again.', r.reloads),
  ];
};
