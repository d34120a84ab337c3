/**
 * Long runs at full strength under RXCONF_SOAK=1 (`.ci/run` sets it), and
 * lighter in a plain `npm test`, which must stay within minutes on two cores.
 */
export const soak = process.env['RXCONF_SOAK'] === '1';

/** A property test's number of runs: `full` under RXCONF_SOAK=1, else a quarter of it (at least `least`). */
export const soakRuns = (full: number, least = 100): number => (soak ? full : Math.max(Math.min(full, least), Math.ceil(full / 4)));
