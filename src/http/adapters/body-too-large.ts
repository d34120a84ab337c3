/**
 * The request body went over the adapter's byte limit. The body iterable
 * throws it (on the pull that crossed the limit, or on the first pull when
 * the request declared a larger content-length); the core maps it to 413.
 */
export class BodyTooLarge extends Error {
  override readonly name = 'BodyTooLarge';
  /** The limit in bytes that was exceeded. */
  readonly limit: number;

  constructor(limit: number) {
    super(`request body exceeds ${limit} bytes`);
    this.limit = limit;
  }
}
