/** The instance path the steps of a request name (a list entry with its keys, a leaf-list entry with its value). */
import type { DataPath } from '../data/data-path.ts';
import type { TargetStep } from './navigate.ts';

export const stepsPath = (steps: readonly TargetStep[]): DataPath => ({
  segments: steps.map((s) => {
    if ('key' in s && s.key !== undefined) return { meta: s.meta as never, key: s.key };
    if ('value' in s && s.value !== undefined) return { meta: s.meta as never, key: [s.value] };
    return { meta: s.meta as never };
  }),
});
