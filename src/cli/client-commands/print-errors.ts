/** How a client command shows RFC 8040 errors: one line each, `PATH: TAG: MESSAGE`, with where the input came from when it was refused here. */
import type { RestconfError } from '../../errors/index.ts';
import { formatRestconfError } from '../../client/answer-errors.ts';

export const printErrors = (errors: readonly RestconfError[], err: (line: string) => void, source?: string): void => {
  for (const e of errors) err(source === undefined ? formatRestconfError(e) : `${source}: ${formatRestconfError(e)}`);
};
