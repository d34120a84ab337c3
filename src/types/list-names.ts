/** Names listed in a message: `a, b, c`, or the first ten and the count. */
export const listNames = (all: readonly string[]): string =>
  all.length <= 10 ? all.join(', ') : `${all.slice(0, 10).join(', ')}, … (${all.length} in all)`;
