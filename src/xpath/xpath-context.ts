/** What an expression is evaluated against: its static scope, the focus, and the YANG hooks. */
import type { XPathBudget } from './budget.ts';
import type { XNode } from './x-node.ts';

/** Where the expression was written; fixed per expression, used at compile time. */
export interface XPathScope {
  /** Prefix → module name. */
  readonly prefixes: ReadonlyMap<string, string>;
  /**
   * Module of unprefixed names (in name tests, in derived-from arguments).
   * undefined: unprefixed name tests match any module (the event-stream filter).
   */
  readonly defaultModule: string | undefined;
}

/** Hooks for the YANG functions that need the schema (RFC 7950 §10). */
export interface YangFunctions {
  /**
   * Whether identity `value` ("module:identity") is derived from `base`
   * (or is `base` itself, when `orSelf`). Unknown identities: false.
   */
  readonly derivedFrom?: (value: string, base: { readonly module: string; readonly name: string }, orSelf: boolean) => boolean;
  /** The value of the enum a leaf holds; undefined when it is not an enumeration. */
  readonly enumValue?: (node: XNode) => number | undefined;
  /** The nodes a leafref or instance-identifier leaf refers to. */
  readonly deref?: (node: XNode) => readonly XNode[];
}

/** Per-evaluation inputs. */
export interface XPathFocus {
  /** The context node. */
  readonly node: XNode;
  /** The node current() returns; defaults to `node`. */
  readonly current?: XNode;
  readonly functions?: YangFunctions;
  /**
   * A budget to spend from, shared with other evaluations (one for a whole
   * validation run, say). Default: a new one of the compiled expression's
   * `maxSteps` for each evaluation.
   */
  readonly budget?: XPathBudget;
}

/** Everything in one object, as `evaluateXPath` takes it. */
export interface XPathContext extends XPathScope, XPathFocus {}
