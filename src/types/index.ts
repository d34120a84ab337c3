/**
 * YANG built-in types (RFC 7950 §9) and their JSON encoding (RFC 7951 §6):
 * decoding with every restriction checked, encoding, and the literal
 * parsers the compiler needs.
 */
export type { YangValue, ValueError, Result, Success, Failure } from './value.ts';
export type {
  IdentityLookup, ValueContext, JsonDecodeOptions, StringDecodeOptions, JsonEncodeOptions, Qualifier,
} from './options.ts';
export type { Codec, JsonScalar } from './codec.ts';
export { decodeJson } from './decode-json.ts';
export { decodeString } from './decode-string.ts';
export { encodeJson } from './encode-json.ts';
export { encodeString } from './encode-string.ts';
export { validateValue } from './validate-value.ts';
export { codecFor } from './codec-for.ts';
export { EMPTY_JSON } from './empty.ts';
export { INTEGER_RANGES, isIntegerType } from './integer-ranges.ts';
export { parseIntegerLiteral, type IntegerSyntax } from './integer-literal.ts';
export { parseDecimalLiteral, formatDecimal, decimal64Range, type DecimalSyntax } from './decimal-literal.ts';
export { inIntervals, formatIntervals } from './range-check.ts';
export { isDerivedFrom } from './identity-derivation.ts';
export { leafrefTargetType } from './leafref.ts';
export { patternMatcher } from './pattern-check.ts';
export {
  translateXsdRegex, compileXsdRegex, type XsdRegexTranslation, type XsdRegexCompilation,
} from './xsd-regex.ts';
export {
  compileXsdMatcher, type XsdMatcher, type XsdMatcherCompilation, type XsdMatcherOptions, type WorkMeter,
} from './xsd-matcher.ts';
export { parseXsdRegex, type XsdRegexParse } from './xsd-regex-parse.ts';
