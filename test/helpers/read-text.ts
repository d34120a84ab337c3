/** Runs a read to its end and returns the whole text. */
import type { TargetStep } from '../../src/actors/navigate.ts';
import { read } from '../../src/actors/read/read.ts';
import { defaultReadOptions, type ReadOptions } from '../../src/actors/read/read-options.ts';
import type { Selection } from '../../src/actors/selection.ts';

export const readText = async (root: Selection, steps: readonly TargetStep[], options: Partial<ReadOptions> = {}, flushAt?: number): Promise<string> => {
  const body = await read([root], steps, { ...defaultReadOptions, ...options }, flushAt);
  if (body.kind === 'whole') return body.text;
  let text = body.first;
  for await (const chunk of body.rest) text += chunk;
  return text;
};
