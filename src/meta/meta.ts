/**
 * The compiled meta model: what the runtime navigates. Imports, includes,
 * typedefs, groupings, uses/refine, augments, deviations and if-features are
 * resolved; every node knows its namespace module and its parent.
 */
import type { SourceLocation, Statement } from '../parser/statement.ts';
import type { XPathExpr } from '../parser/expr/ast.ts';

export type Status = 'current' | 'deprecated' | 'obsolete';

/** An extension statement used on a definition (`oc-ext:telemetry-on-change`). */
export interface ExtensionUse {
  /** Name of the module that defines the extension. */
  readonly module: string;
  readonly name: string;
  readonly arg: string | undefined;
  /** The statement as written, for extensions with substatements. */
  readonly statement: Statement;
}

export interface Documented {
  readonly description: string | undefined;
  readonly reference: string | undefined;
  readonly status: Status;
  readonly extensions: readonly ExtensionUse[];
  /** The definition's own if-feature expressions, as written (all hold, or it would not be compiled). */
  readonly ifFeatures: readonly string[];
  readonly loc: SourceLocation;
}

/** An XPath expression with what is needed to evaluate it. */
export interface XPathMeta {
  readonly text: string;
  readonly expr: XPathExpr;
  /** Prefix to module name, as in force where the expression was written ('' → that module). */
  readonly prefixes: ReadonlyMap<string, string>;
  /** Module whose namespace unprefixed names in the expression belong to. */
  readonly defaultModule: string;
  readonly loc: SourceLocation;
}

export interface WhenMeta extends XPathMeta {
  /**
   * The context node for evaluation. `self` for a when on the node itself;
   * `parent` for a when on a uses or augment that introduced the node (the
   * context is then the schema node the uses/augment is in, which is the
   * data parent of the introduced node, possibly through choice/case).
   */
  readonly context: 'self' | 'parent';
}

export interface MustMeta extends XPathMeta {
  readonly errorMessage: string | undefined;
  readonly errorAppTag: string | undefined;
}

// ---------------------------------------------------------------- types

export type IntegerTypeName =
  | 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64';

export type BuiltinTypeName =
  | IntegerTypeName | 'binary' | 'bits' | 'boolean' | 'decimal64' | 'empty'
  | 'enumeration' | 'identityref' | 'instance-identifier' | 'leafref' | 'string' | 'union';

/** An inclusive interval. For decimal64 the bounds are scaled by 10^fraction-digits. */
export interface Interval {
  readonly min: bigint;
  readonly max: bigint;
}

export interface Restriction<T> {
  readonly value: T;
  readonly errorMessage: string | undefined;
  readonly errorAppTag: string | undefined;
}

export interface PatternMeta {
  /** The XSD regular expression as written in the module. */
  readonly source: string;
  readonly invertMatch: boolean;
  readonly errorMessage: string | undefined;
  readonly errorAppTag: string | undefined;
}

export interface EnumMeta {
  readonly name: string;
  readonly value: number;
  readonly description: string | undefined;
  readonly status: Status;
}

export interface BitMeta {
  readonly name: string;
  readonly position: number;
  readonly description: string | undefined;
  readonly status: Status;
}

export interface TypeMeta {
  /** The built-in type everything derives from. */
  readonly base: BuiltinTypeName;
  /** The nearest typedef, when the type is derived (`inet:ipv4-address` → ietf-inet-types/ipv4-address). */
  readonly typedef: { readonly module: string; readonly name: string } | undefined;
  /** Effective range for integer and decimal64 types (the full type range when unrestricted). */
  readonly range: Restriction<readonly Interval[]> | undefined;
  /** Effective length for string and binary (binary counts octets). max may be 2^64-1. */
  readonly length: Restriction<readonly Interval[]> | undefined;
  /** All patterns of the typedef chain; a value must match every one. */
  readonly patterns: readonly PatternMeta[];
  readonly fractionDigits: number | undefined;
  readonly enums: readonly EnumMeta[] | undefined;
  readonly bits: readonly BitMeta[] | undefined;
  /** identityref bases (a value must derive from every base). */
  readonly bases: readonly IdentityMeta[] | undefined;
  /** leafref path, resolved at compile time. */
  readonly path: XPathMeta | undefined;
  /** The leaf or leaf-list the leafref path points to. */
  readonly target: LeafMeta | LeafListMeta | undefined;
  /** leafref and instance-identifier. */
  readonly requireInstance: boolean;
  /** union member types, in order. */
  readonly members: readonly TypeMeta[] | undefined;
  /** Default from the typedef chain, as written (prefixes resolved against `defaultPrefixes`). */
  readonly default: string | undefined;
  readonly units: string | undefined;
  /** Prefixes in force where the type (or its default) was written, for identityref values ('' → that module). */
  readonly prefixes: ReadonlyMap<string, string>;
}

// ---------------------------------------------------------------- module-level

export interface IdentityMeta extends Documented {
  readonly kind: 'identity';
  readonly name: string;
  readonly module: ModuleMeta;
  readonly bases: readonly IdentityMeta[];
  /** Identities that name this one as a direct base (filled across all modules). */
  readonly derived: readonly IdentityMeta[];
}

export interface FeatureMeta extends Documented {
  readonly kind: 'feature';
  readonly name: string;
  readonly module: ModuleMeta;
  /** Enabled by the feature choice and its own if-feature. */
  readonly enabled: boolean;
}

export interface ExtensionDefMeta extends Documented {
  readonly kind: 'extension';
  readonly name: string;
  readonly argument: string | undefined;
}

export interface RevisionMeta {
  readonly date: string;
  readonly description: string | undefined;
}

export interface ModuleMeta extends Documented {
  readonly kind: 'module';
  readonly name: string;
  readonly prefix: string;
  readonly namespace: string;
  readonly yangVersion: '1' | '1.1';
  /** Newest revision date, if any. */
  readonly revision: string | undefined;
  readonly revisions: readonly RevisionMeta[];
  readonly organization: string | undefined;
  readonly contact: string | undefined;
  /** Prefix → module name for this module's own imports (and its own prefix). */
  readonly prefixes: ReadonlyMap<string, string>;
  readonly imports: readonly { readonly module: string; readonly prefix: string; readonly revision: string | undefined }[];
  readonly submodules: readonly { readonly name: string; readonly revision: string | undefined; readonly file: string }[];
  readonly features: ReadonlyMap<string, FeatureMeta>;
  readonly identities: ReadonlyMap<string, IdentityMeta>;
  readonly extensionDefs: ReadonlyMap<string, ExtensionDefMeta>;
  /** Top-level data nodes in this module's namespace. */
  readonly children: readonly DataDef[];
  readonly rpcs: readonly OperationMeta[];
  readonly notifications: readonly NotificationMeta[];
  /** Modules that deviate this one / augment it (for the YANG library). */
  readonly deviatedBy: readonly string[];
  readonly augmentedBy: readonly string[];
  /** True when its data nodes are served (named, not only imported). */
  readonly implemented: boolean;
  /** The source file and text, for schema download. */
  readonly file: string;
  readonly source: string;
}

// ---------------------------------------------------------------- schema nodes

interface SchemaNodeBase extends Documented {
  readonly name: string;
  /** The module whose namespace this node is in (the augmenting module for augmented nodes). */
  readonly module: ModuleMeta;
  /** Schema parent; undefined for top-level nodes, rpcs and notifications of a module. */
  readonly parent: SchemaParent | undefined;
  readonly when: readonly WhenMeta[];
  readonly musts: readonly MustMeta[];
  /** Effective config (inherited); false for state data and everything under operations/notifications. */
  readonly config: boolean;
  /**
   * True when this node was expanded from a grouping already being expanded
   * above it (the spec's recursive groupings). Its children are compiled on
   * first access; walkers must stop at such nodes unless driven by data.
   */
  readonly recursive: boolean;
}

export interface ContainerMeta extends SchemaNodeBase {
  readonly kind: 'container';
  /** The presence statement's argument, undefined for a non-presence container. */
  readonly presence: string | undefined;
  readonly children: readonly DataDef[];
  readonly actions: readonly OperationMeta[];
  readonly notifications: readonly NotificationMeta[];
}

export interface ListMeta extends SchemaNodeBase {
  readonly kind: 'list';
  readonly keys: readonly LeafMeta[];
  /** Each unique constraint: the descendant leaves, with their relative path. */
  readonly unique: readonly (readonly { readonly path: readonly string[]; readonly leaf: LeafMeta }[])[];
  readonly minElements: number;
  readonly maxElements: number | undefined;
  readonly orderedBy: 'system' | 'user';
  readonly children: readonly DataDef[];
  readonly actions: readonly OperationMeta[];
  readonly notifications: readonly NotificationMeta[];
}

export interface LeafMeta extends SchemaNodeBase {
  readonly kind: 'leaf';
  readonly type: TypeMeta;
  /** Effective default (own, else typedef's), as written. */
  readonly default: string | undefined;
  /** Prefixes in force where the default was written. */
  readonly defaultPrefixes: ReadonlyMap<string, string>;
  readonly mandatory: boolean;
  readonly units: string | undefined;
  readonly isKey: boolean;
}

export interface LeafListMeta extends SchemaNodeBase {
  readonly kind: 'leaf-list';
  readonly type: TypeMeta;
  readonly defaults: readonly string[];
  readonly defaultPrefixes: ReadonlyMap<string, string>;
  readonly minElements: number;
  readonly maxElements: number | undefined;
  readonly orderedBy: 'system' | 'user';
  readonly units: string | undefined;
}

export interface ChoiceMeta extends SchemaNodeBase {
  readonly kind: 'choice';
  readonly cases: readonly CaseMeta[];
  readonly defaultCase: CaseMeta | undefined;
  readonly mandatory: boolean;
}

export interface CaseMeta extends SchemaNodeBase {
  readonly kind: 'case';
  readonly children: readonly DataDef[];
}

export interface AnydataMeta extends SchemaNodeBase {
  readonly kind: 'anydata' | 'anyxml';
  readonly mandatory: boolean;
}

export interface IoMeta extends SchemaNodeBase {
  readonly kind: 'input' | 'output';
  readonly children: readonly DataDef[];
}

export interface OperationMeta extends SchemaNodeBase {
  readonly kind: 'rpc' | 'action';
  /** Always present (empty when the definition has no input/output statement). */
  readonly input: IoMeta;
  readonly output: IoMeta;
  /** Whether the definition declared an input / output statement. */
  readonly hasInput: boolean;
  readonly hasOutput: boolean;
}

export interface NotificationMeta extends SchemaNodeBase {
  readonly kind: 'notification';
  readonly children: readonly DataDef[];
}

/** Definitions that can appear among data children. */
export type DataDef =
  | ContainerMeta | ListMeta | LeafMeta | LeafListMeta | ChoiceMeta | AnydataMeta;

/** Data nodes: what appears in instance data (choice and case are not). */
export type DataNodeMeta = ContainerMeta | ListMeta | LeafMeta | LeafListMeta | AnydataMeta;

export type SchemaNode =
  | DataDef | CaseMeta | IoMeta | OperationMeta | NotificationMeta;

export type SchemaParent =
  | ContainerMeta | ListMeta | ChoiceMeta | CaseMeta | IoMeta | OperationMeta | NotificationMeta;

/** Everything that holds data children. */
export type ChildHolder =
  | ModuleMeta | ContainerMeta | ListMeta | CaseMeta | IoMeta | NotificationMeta;

/** A set of compiled modules that resolve against each other. */
export interface SchemaContext {
  readonly modules: ReadonlyMap<string, ModuleMeta>;
}
