/** Parsers and printers of the expression languages inside YANG arguments and RESTCONF URLs. */
export type * from './ast.ts';
export { parseXPath } from './parse-xpath.ts';
export { parseIfFeature } from './parse-if-feature.ts';
export { parseRange } from './parse-range.ts';
export { parseSchemaNodeId } from './parse-schema-node-id.ts';
export { parseApiPath } from './parse-api-path.ts';
export { parseFields } from './parse-fields.ts';
export { printXPath } from './print-xpath.ts';
export { printApiPath } from './print-api-path.ts';
export { percentDecode } from './percent-decode.ts';
