/** The body of a request that has none: ends at once, holds nothing. */
const done: IteratorReturnResult<undefined> = { done: true, value: undefined };

export const emptyBody: AsyncIterable<Uint8Array> = {
  [Symbol.asyncIterator]: () => ({
    next: () => Promise.resolve(done),
    return: () => Promise.resolve(done),
  }),
};
