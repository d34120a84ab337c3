/** The data path a request's steps name (the operation or notification with every ancestor and its keys). */
import type { DataPath, PathSegment } from '../../data/data-path.ts';
import type { TargetStep } from '../navigate.ts';

export const targetPath = (steps: readonly TargetStep[]): DataPath => ({
  segments: steps.map((s): PathSegment => ('key' in s && s.key !== undefined ? { meta: s.meta, key: s.key } : { meta: s.meta })),
});
