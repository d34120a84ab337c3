/**
 * Each when, must and leafref path compiled once per default module, keyed
 * by its XPathMeta (the schema is immutable, so the cache outlives
 * validation runs).
 *
 * The default module is normally the XPathMeta's. A leafref path is
 * compiled with the module of the leaf that holds it instead: RFC 7950
 * §6.4.1 puts unprefixed names in the module of the current node, which for
 * a typedef or grouping is where it is used, not where it is written.
 */
import type { SchemaContext, XPathMeta } from '../meta/meta.ts';
import { compileXPath, type CompiledXPath, type XPathResult } from '../xpath/index.ts';
import { widenBareIdentities } from './widen-bare-identities.ts';

type Compiled = XPathResult<CompiledXPath>;

const cache = new WeakMap<XPathMeta, Map<string, Compiled>>();

export function compiledXPath(x: XPathMeta, schema: SchemaContext, defaultModule: string = x.defaultModule): Compiled {
  let byModule = cache.get(x);
  if (byModule === undefined) cache.set(x, (byModule = new Map()));
  let c = byModule.get(defaultModule);
  if (c === undefined) {
    c = compileXPath(widenBareIdentities(x, schema), { prefixes: x.prefixes, defaultModule });
    byModule.set(defaultModule, c);
  }
  return c;
}
