/** The whole function library: XPath 1.0 core (§4) and YANG 1.1 (RFC 7950 §10). */
import { booleanFunctions } from './boolean-functions.ts';
import { nodeSetFunctions } from './node-set-functions.ts';
import { numberFunctions } from './number-functions.ts';
import { stringFunctions } from './string-functions.ts';
import type { XPathFunction } from './xpath-function.ts';
import { yangFunctions } from './yang-functions.ts';

export const functionTable: ReadonlyMap<string, XPathFunction> = new Map([
  ...nodeSetFunctions, ...stringFunctions, ...booleanFunctions, ...numberFunctions, ...yangFunctions,
]);
