/**
 * translate(s, from, to) (XPath 1.0 §4.2): each character of s found in
 * `from` is replaced by the character at the same position in `to`, or
 * removed when `to` is shorter. The first occurrence in `from` wins.
 */
export function translate(s: string, from: string, to: string): string {
  const map = new Map<string, string>();
  const target = Array.from(to);
  let i = 0;
  for (const c of from) {
    if (!map.has(c)) map.set(c, target[i] ?? '');
    i++;
  }
  let out = '';
  for (const c of s) out += map.get(c) ?? c;
  return out;
}
