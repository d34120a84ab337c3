/**
 * The XML name characters behind XSD's `\i` and `\c`, as JavaScript
 * character-class bodies (`u` flag). XSD 1.0 points at the XML 1.0 (2nd
 * edition) letter tables; we use the simpler and broader NameStartChar and
 * NameChar productions of XML 1.0 5th edition, which XSD 1.1 adopted.
 */

/** `\i`: NameStartChar. */
export const NAME_START_CHARS =
  ':A-Z_a-z\\u{C0}-\\u{D6}\\u{D8}-\\u{F6}\\u{F8}-\\u{2FF}\\u{370}-\\u{37D}\\u{37F}-\\u{1FFF}' +
  '\\u{200C}-\\u{200D}\\u{2070}-\\u{218F}\\u{2C00}-\\u{2FEF}\\u{3001}-\\u{D7FF}' +
  '\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFFD}\\u{10000}-\\u{EFFFF}';

/** `\c`: NameChar. */
export const NAME_CHARS = `${NAME_START_CHARS}\\-.0-9\\u{B7}\\u{300}-\\u{36F}\\u{203F}-\\u{2040}`;
