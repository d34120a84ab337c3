/**
 * An IP address as Node writes it (`socket.remoteAddress`): IPv4 dotted,
 * IPv6 in the RFC 5952 form (lower case, no leading zeros, the longest run
 * of two or more zero groups as `::`), an IPv4-mapped address as
 * `::ffff:a.b.c.d`. uWS gives the address as 4 or 16 bytes; its own text
 * form writes every IPv6 group in full, so the same client would read
 * differently per transport (and miss a configured `::1` or `127.0.0.1`).
 */
export const ipAddressText = (b: Uint8Array): string => {
  if (b.length === 4) return `${b[0]}.${b[1]}.${b[2]}.${b[3]}`;
  if (b.length !== 16) return '';
  if (isV4Mapped(b)) return `::ffff:${b[12]}.${b[13]}.${b[14]}.${b[15]}`;
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((b[i] as number) << 8) | (b[i + 1] as number));
  const [at, length] = longestZeroRun(groups);
  if (length < 2) return groups.map(hex).join(':');
  return `${groups.slice(0, at).map(hex).join(':')}::${groups.slice(at + length).map(hex).join(':')}`;
};

const hex = (g: number): string => g.toString(16);

const isV4Mapped = (b: Uint8Array): boolean => {
  for (let i = 0; i < 10; i++) if (b[i] !== 0) return false;
  return b[10] === 0xff && b[11] === 0xff;
};

/** Where the first longest run of zero groups starts, and its length. */
const longestZeroRun = (groups: readonly number[]): [number, number] => {
  let best = -1;
  let bestLength = 0;
  for (let i = 0; i < groups.length;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === 0) j++;
    if (j - i > bestLength) {
      best = i;
      bestLength = j - i;
    }
    i = j;
  }
  return [best, bestLength];
};

let lastBytes = new Uint8Array(0);
let lastText = '';
/** ipAddressText, the last address kept: most requests in a row come from the same client (comparing 4 or 16 bytes is cheaper than writing the text). */
export const lastAddressText = (b: Uint8Array): string => {
  if (b.length === lastBytes.length) {
    let same = true;
    for (let i = 0; i < b.length; i++) {
      if (b[i] !== lastBytes[i]) {
        same = false;
        break;
      }
    }
    if (same) return lastText;
  }
  lastBytes = b.slice();
  lastText = ipAddressText(b);
  return lastText;
};
