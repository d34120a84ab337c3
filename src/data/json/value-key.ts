/** A string that is equal for equal runtime values, for duplicate list keys and leaf-list values. */
import type { YangValue } from '../../types/index.ts';

export const valueKey = (value: YangValue): string => {
  if (value === null) return 'e';
  if (Array.isArray(value)) return `a${value.join(' ')}`;
  return `${(typeof value).charAt(0)}${String(value)}`;
};

/** The key of a list entry from its key values. */
export const entryKey = (values: readonly YangValue[]): string => values.map(valueKey).join('\u0000');
