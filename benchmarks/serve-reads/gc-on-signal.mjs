// Preloaded into the rxconf serve processes of the serve-reads benchmark (with --expose-gc):
// SIGUSR2 runs a full collection, so that RSS before a measurement holds no garbage from start-up.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
});
