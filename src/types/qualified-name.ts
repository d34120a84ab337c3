/** `prefix:identifier` or `identifier` (RFC 7950 §14 node-identifier). */

export interface QualifiedName {
  /** The prefix or module name before the colon; undefined when unqualified. */
  readonly qualifier: string | undefined;
  readonly name: string;
}

const QNAME = /^(?:([A-Za-z_][A-Za-z0-9_.-]*):)?([A-Za-z_][A-Za-z0-9_.-]*)$/;

/** Splits a (possibly qualified) YANG identifier, or undefined when the text is not one. */
export function parseQualifiedName(text: string): QualifiedName | undefined {
  const m = QNAME.exec(text);
  return m === null ? undefined : { qualifier: m[1], name: m[2] as string };
}
