/** How a JSON value is named in messages: `the string "5"`, `the number 5`, `an array`. */
import { quote } from './value.ts';

export function jsonKind(json: unknown): string {
  if (json === null) return 'null';
  if (Array.isArray(json)) return 'an array';
  if (typeof json === 'object') return 'an object';
  if (typeof json === 'string') return `the string ${quote(json)}`;
  return `the ${typeof json} ${String(json)}`;
}
