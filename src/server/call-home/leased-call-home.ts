/**
 * Call Home on a cluster replica: the clients are the cluster's (the
 * replicated rxconf-server configuration), and each is dialled by one
 * replica, the holder of the source lease. While this replica holds it, its
 * links run the clients configured; when it loses the lease (another
 * replica claimed it, NATS unreachable for the lease's time) its links stop
 * and their connections close, and the new holder dials.
 */
import type { Observable } from 'rxjs';
import type { CallHome } from './call-home.ts';
import type { CallHomeClient } from './call-home-options.ts';

export const leasedCallHome = (inner: CallHome, held: Observable<boolean>, clients: readonly CallHomeClient[]): CallHome => {
  let wanted = clients;
  let holding = false;
  const watch = held.subscribe((h) => {
    holding = h;
    inner.update(h ? wanted : []);
  });
  return {
    status: () => inner.status(),
    update: (next) => {
      wanted = next;
      if (holding) inner.update(next);
    },
    setTls: (tls) => inner.setTls(tls),
    close: () => {
      watch.unsubscribe();
      inner.close();
    },
  };
};
