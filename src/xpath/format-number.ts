/**
 * Number to string (XPath 1.0 §4.2 string()): NaN, Infinity, -Infinity; both
 * zeros are "0"; integers without a decimal point; never an exponent; as
 * many fraction digits as needed to tell the number apart (the shortest
 * round-trip digits, as in ECMAScript).
 */
export function formatNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === 0) return '0';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  const s = String(n);
  return s.includes('e') ? expandExponent(s) : s;
}

/** "-1.25e+21" → "-1250000000000000000000", "1e-7" → "0.0000001". */
function expandExponent(s: string): string {
  const negative = s.startsWith('-');
  const [mantissa = '', exponent = '0'] = (negative ? s.slice(1) : s).split('e');
  const dot = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const point = (dot < 0 ? mantissa.length : dot) + Number(exponent);
  let body: string;
  if (point <= 0) body = '0.' + '0'.repeat(-point) + digits;
  else if (point >= digits.length) body = digits + '0'.repeat(point - digits.length);
  else body = digits.slice(0, point) + '.' + digits.slice(point);
  return negative ? '-' + body : body;
}
