/** RFC 7950 §14 `identifier` and `[prefix ":"] identifier`, as regular expression sources for the lexers. */
export const identifier = '[A-Za-z_][A-Za-z0-9_.\\-]*';
export const prefixedIdentifier = `${identifier}(?::${identifier})?`;

/** Splits `prefix:name` (or `module:name`) at its colon. */
export const splitPrefixed = (text: string): { readonly prefix: string | undefined; readonly name: string } => {
  const colon = text.indexOf(':');
  return colon < 0 ? { prefix: undefined, name: text } : { prefix: text.slice(0, colon), name: text.slice(colon + 1) };
};
