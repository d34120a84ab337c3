/** JSON shapes as the decoder sees them, and how they are named in messages. */

/** A JSON object (not an array, not null). */
export const isJsonObject = (json: unknown): json is Record<string, unknown> =>
  typeof json === 'object' && json !== null && !Array.isArray(json);

/** `an object`, `an array`, `null`, `the string "x"`, `the number 5`, `the boolean true`. */
export const describeJson = (json: unknown): string => {
  if (json === null) return 'null';
  if (Array.isArray(json)) return 'an array';
  if (typeof json === 'object') return 'an object';
  if (typeof json === 'string') return `the string ${JSON.stringify(json.length > 40 ? `${json.slice(0, 37)}...` : json)}`;
  return `the ${typeof json} ${String(json)}`;
};
