/**
 * Abstract syntax of the expression languages found inside YANG arguments and
 * RESTCONF URLs. Parsers (nearley grammars) produce these; the compiler and
 * the runtime consume them.
 */

// ---- if-feature (RFC 7950 §7.20.2) ----
export type IfFeatureExpr =
  | { readonly kind: 'feature'; readonly prefix: string | undefined; readonly name: string }
  | { readonly kind: 'not'; readonly expr: IfFeatureExpr }
  | { readonly kind: 'and' | 'or'; readonly left: IfFeatureExpr; readonly right: IfFeatureExpr };

// ---- range / length (RFC 7950 §9.2.4, §9.4.4) ----
export type RangeBound =
  | { readonly kind: 'min' }
  | { readonly kind: 'max' }
  /** The number exactly as written (integer or decimal, maybe signed). */
  | { readonly kind: 'value'; readonly text: string };

export interface RangePart {
  readonly lo: RangeBound;
  /** Equal to lo for a single-value part. */
  readonly hi: RangeBound;
}
export type RangeExpr = readonly RangePart[];

// ---- schema node identifiers (RFC 7950 §6.5) ----
export interface NodeIdStep {
  readonly prefix: string | undefined;
  readonly name: string;
}
export interface SchemaNodeId {
  readonly absolute: boolean;
  readonly steps: readonly NodeIdStep[];
}

// ---- XPath 1.0 (when, must, leafref path, filter) ----
export type Axis =
  | 'ancestor' | 'ancestor-or-self' | 'attribute' | 'child' | 'descendant'
  | 'descendant-or-self' | 'following' | 'following-sibling' | 'namespace'
  | 'parent' | 'preceding' | 'preceding-sibling' | 'self';

export type NodeTest =
  | { readonly kind: 'name'; readonly prefix: string | undefined; readonly name: string }
  | { readonly kind: 'wildcard'; readonly prefix: string | undefined }
  | { readonly kind: 'node' }
  | { readonly kind: 'text' }
  | { readonly kind: 'comment' }
  | { readonly kind: 'processing-instruction'; readonly literal: string | undefined };

export interface Step {
  readonly axis: Axis;
  readonly test: NodeTest;
  readonly predicates: readonly XPathExpr[];
}

export type BinaryOp =
  | 'or' | 'and' | '=' | '!=' | '<' | '<=' | '>' | '>='
  | '+' | '-' | '*' | 'div' | 'mod' | '|';

/**
 * Abbreviations are expanded by the parser: `//` is a descendant-or-self::node()
 * step, `.` is self::node(), `..` is parent::node(), `@x` is attribute::x.
 */
export type XPathExpr =
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: XPathExpr; readonly right: XPathExpr }
  | { readonly kind: 'negate'; readonly expr: XPathExpr }
  /** A location path. */
  | { readonly kind: 'path'; readonly absolute: boolean; readonly steps: readonly Step[] }
  /** A primary expression with predicates, optionally followed by a relative path (`f(x)[1]/a/b`). */
  | { readonly kind: 'filter'; readonly primary: XPathExpr; readonly predicates: readonly XPathExpr[]; readonly steps: readonly Step[] }
  | { readonly kind: 'literal'; readonly value: string }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'variable'; readonly name: string }
  | { readonly kind: 'call'; readonly name: string; readonly args: readonly XPathExpr[] };

// ---- RESTCONF api-path (RFC 8040 §3.5.3) ----
export interface ApiPathSegment {
  /** Module name when the segment is qualified (`ietf-interfaces:interfaces`). */
  readonly module: string | undefined;
  readonly name: string;
  /** Percent-decoded key values of `list=k1,k2`; undefined when no `=` was given. */
  readonly keys: readonly string[] | undefined;
}
export interface ApiPath {
  readonly segments: readonly ApiPathSegment[];
}

// ---- RESTCONF fields (RFC 8040 §4.8.3) ----
export interface FieldsPathStep {
  readonly module: string | undefined;
  readonly name: string;
}
export interface FieldsItem {
  readonly path: readonly FieldsPathStep[];
  /** The `(...)` sub-selection applied below the path. */
  readonly sub: FieldsExpr | undefined;
}
export type FieldsExpr = readonly FieldsItem[];

/** What every expression parser returns: a value or an error with a character offset. */
export type ParseResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message: string; readonly offset: number };
