/**
 * The cluster tests' NATS: the processes of nats-processes.ts, and
 * `natsTest`, which skips with a visible note where nats-server is not
 * installed (.ci/run installs it).
 */
import test from 'ava';
import { natsBinary } from './nats-processes.ts';

export * from './nats-processes.ts';

let noted = false;
/** `test.serial` when nats-server is installed, else `test.skip` with a note printed once. */
export const natsTest: typeof test.serial = ((): typeof test.serial => {
  if (natsBinary !== undefined) return test.serial;
  if (!noted) {
    noted = true;
    console.log('note: nats-server is not installed (Debian: apt-get install nats-server); the cluster tests are skipped');
  }
  return test.skip as unknown as typeof test.serial;
})();
