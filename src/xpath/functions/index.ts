export { functionTable } from './function-table.ts';
export type { XPathFunction } from './xpath-function.ts';
export { resolveIdentity } from './yang-functions.ts';
export { xsdMatcher } from './xsd-pattern.ts';
