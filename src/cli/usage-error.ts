/**
 * A command line that cannot be run as written: unknown command or option,
 * missing or malformed value. The command prints it on stderr with a pointer
 * to `--help` and exits 2.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
