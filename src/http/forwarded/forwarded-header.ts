/**
 * The RFC 7239 `Forwarded` header: a comma-separated list of elements, one
 * per proxy hop (the first added by the proxy nearest the client), each a
 * `;`-separated list of `name=value` pairs whose value is a token or a
 * quoted string (`for="[2001:db8::17]:4711"`). Parameter names are
 * case-insensitive. A malformed element gives no pairs (an empty element):
 * what it said is not believed, and the hops around it keep their place;
 * an empty list element is no hop.
 */

/** One hop: the parameters RFC 7239 §5 defines, as sent (quotes and escapes removed). */
export interface ForwardedElement {
  readonly for?: string;
  readonly by?: string;
  readonly host?: string;
  readonly proto?: string;
}

const TCHAR = /[!#$%&'*+.^_`|~0-9A-Za-z-]/;
type Names = 'for' | 'by' | 'host' | 'proto';
const isName = (n: string): n is Names => n === 'for' || n === 'by' || n === 'host' || n === 'proto';

/** The elements of a `Forwarded` value (repeated header fields joined with `,`), nearest the client first. */
export const parseForwarded = (text: string): ForwardedElement[] => {
  const elements: ForwardedElement[] = [];
  let i = 0;
  const n = text.length;
  const skipSpace = (): void => {
    while (i < n && (text[i] === ' ' || text[i] === '\t')) i++;
  };
  const token = (): string => {
    const from = i;
    while (i < n && TCHAR.test(text[i] as string)) i++;
    return text.slice(from, i);
  };
  const quoted = (): string | undefined => {
    let out = '';
    for (i++; i < n; i++) {
      const c = text[i] as string;
      if (c === '"') {
        i++;
        return out;
      }
      if (c === '\\') i++;
      if (i < n) out += text[i];
    }
    return undefined; // unterminated
  };
  /** Skips to the next element's start; a malformed element counts as empty. */
  const skipElement = (): void => {
    while (i < n && text[i] !== ',') {
      if (text[i] === '"') quoted();
      else i++;
    }
  };
  while (i <= n) {
    const element: Partial<Record<Names, string>> = {};
    let ok = true;
    let pairs = 0;
    for (;;) {
      skipSpace();
      if (i >= n || text[i] === ',') break;
      if (text[i] === ';') {
        i++;
        continue;
      }
      const name = token().toLowerCase();
      skipSpace();
      if (name === '' || text[i] !== '=') {
        ok = false;
        break;
      }
      i++;
      skipSpace();
      const value = text[i] === '"' ? quoted() : token();
      if (value === undefined) {
        ok = false;
        break;
      }
      skipSpace();
      if (i < n && text[i] !== ';' && text[i] !== ',') {
        ok = false;
        break;
      }
      // a parameter given twice in one element makes it malformed (RFC 7239 §4)
      pairs++;
      if (isName(name)) {
        if (element[name] !== undefined) {
          ok = false;
          break;
        }
        element[name] = value;
      }
    }
    if (!ok) skipElement();
    // an empty list element is no hop (RFC 9110 §5.6.1); a malformed one is a hop that tells nothing
    if (!ok) elements.push({});
    else if (pairs > 0) elements.push(element);
    i++; // past ','
  }
  return elements;
};
