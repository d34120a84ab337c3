/**
 * What one validation run shares: the accessible tree, the YANG function
 * hooks, the values of context-free leafref paths, and the errors found;
 * for an edit's validation, the checks already made.
 */
import type { RestconfError } from '../errors/index.ts';
import type { SchemaContext, XPathMeta } from '../meta/meta.ts';
import type { XNode, XPathResult, XPathValue, YangFunctions } from '../xpath/index.ts';
import { compiledXPath } from './compiled-xpath.ts';
import type { SeenChecks } from './seen-checks.ts';
import type { XDataNode } from './x-data-node.ts';
import { yangHooks } from './yang-hooks.ts';

export class ValidationRun {
  readonly errors: RestconfError[] = [];
  // Made when first needed: most edits' validations evaluate no expression.
  #functions: YangFunctions | undefined;
  #targetValues: Map<XPathMeta, Map<string, ReadonlySet<string>>> | undefined;

  constructor(
    readonly root: XDataNode,
    readonly schema: SchemaContext,
    /** An edit's validation: checks already made (each reported once), and references found by key. */
    readonly seen?: SeenChecks,
  ) {}

  get functions(): YangFunctions {
    return (this.#functions ??= yangHooks(this));
  }

  /** The string values a context-free leafref path selects, per path and default module. */
  get targetValues(): Map<XPathMeta, Map<string, ReadonlySet<string>>> {
    return (this.#targetValues ??= new Map());
  }

  /** The value of an expression with `node` as context node and current(); `defaultModule` overrides the expression's. */
  evaluate(x: XPathMeta, node: XNode, defaultModule?: string): XPathResult<XPathValue> {
    const c = compiledXPath(x, this.schema, defaultModule);
    return c.ok ? c.value.evaluate({ node, current: node, functions: this.functions }) : c;
  }

  /** The boolean value of an expression with `node` as context node and current(). */
  test(x: XPathMeta, node: XNode): XPathResult<boolean> {
    const c = compiledXPath(x, this.schema);
    return c.ok ? c.value.evaluateBoolean({ node, current: node, functions: this.functions }) : c;
  }
}
