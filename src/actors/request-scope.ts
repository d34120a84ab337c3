/**
 * A request's internal decisions, out of reach of the application: who the
 * request is from (as authentication established it), whether it only
 * reads, the data node a read targets (NACM's fast path), the check every
 * edit passes first (NACM's), NACM's dry run of an edit (its ledger),
 * where storage puts the durability Promise of a committed edit and the
 * commit group several modules' edits are stored as.
 *
 * The scope is the request's context object itself (so every node reached
 * with the context carries it), but its decisions are private fields: no
 * string or symbol key names them, spreading a context does not copy them,
 * and an application filter's answer (merged with `mergeAnswer`) adds only
 * values. Only the functions below, which are not part of the package's
 * API, read and set them. A context that is not a scope (one an application
 * made) carries no decisions: no identity, not reading, no checks.
 */
import type { Browser } from './browser.ts';
import type { EditCommand } from './edit/commit-edit.ts';
import type { RequestContext } from './request-context.ts';

/** Who a request is from. */
export interface ScopeIdentity {
  readonly user: string;
  /** Groups (NACM groups; the context's `roles`). */
  readonly groups: readonly string[];
  /** How authentication established it. */
  readonly method: string;
}

/** A check every edit of the request passes before anything of it runs (validation, hooks); it throws to refuse. */
export type AuthorizeEdit = (browser: Browser, cmd: EditCommand) => void | Promise<void>;

/** What access control decided for a request before routing. */
export interface AccessDecision {
  readonly reading: boolean;
  /** The data node a read targets (opaque here: NACM's ReadTarget). */
  readonly readTarget?: object | undefined;
  readonly authorizeEdit?: AuthorizeEdit | undefined;
}

/** Where the signal comes from: the request (made on first use), or the context a scope was made from. */
interface SignalSource {
  readonly signal?: AbortSignal | undefined;
}

/** Sets the request's identity: its decisions, and `user`, `roles`, `authenticatedBy` in the context for nodes. */
export let identify: (scope: RequestScope, identity: ScopeIdentity) => void;
/** Sets what access control decided. */
export let decide: (scope: RequestScope, decision: AccessDecision) => void;
/** A copy of a scope (or a scope made from a plain context) with another context's values, decisions kept. */
let derive: (from: RequestContext, into: RequestContext) => RequestScope;
let setDryRun: (scope: RequestScope, ledger: object) => void;
let setAfterCommit: (scope: RequestScope, durable: Promise<void>[], group: object | undefined) => void;
let merge: (scope: RequestScope, answer: RequestContext) => void;
const NONE = undefined;

/** The identity authentication gave the request. */
export let identityOf: (context: RequestContext) => ScopeIdentity | undefined;
/** Whether the request only reads (GET, HEAD), as access control decided. */
export let isReading: (context: RequestContext) => boolean;
/** The data node a read targets, when access control named one. */
export let readTargetOf: (context: RequestContext) => object | undefined;
/** The check every edit of the request passes first. */
export let editAuthorizerOf: (context: RequestContext) => AuthorizeEdit | undefined;
/** The ledger of access control's dry run of an edit, when this context is one. */
export let dryRunOf: (context: RequestContext) => object | undefined;
/** The array storage pushes a committed edit's durability Promise to, when the caller gave one. */
export let afterCommitOf: (context: RequestContext | undefined) => Promise<void>[] | undefined;
/** The commit group the edits of several modules are stored as (one transaction), when the caller made one. */
export let commitGroupOf: (context: RequestContext | undefined) => object | undefined;
/** The request the context's scope was made for (opaque here: the HTTP layer's CoreRequest), none outside a request. */
export let requestOf: (context: RequestContext) => object | undefined;
/** Whether the context is a request's scope (else it carries no decisions). */
let isScope: (context: RequestContext) => boolean;

/**
 * A class, not an object literal with a getter: V8 makes such a literal on
 * a slow path, about a microsecond each. The signal is read through from
 * the request (adapters make the AbortController behind it on first use,
 * and most requests never need one) unless a value was set.
 */
export class RequestScope implements RequestContext {
  readonly [key: string]: unknown;
  #source: SignalSource | undefined;
  #signal: AbortSignal | undefined = undefined;
  #signalSet = false;
  #identity: ScopeIdentity | undefined = undefined;
  #reading = false;
  #readTarget: object | undefined = undefined;
  #authorizeEdit: AuthorizeEdit | undefined = undefined;
  #dryRun: object | undefined = undefined;
  #afterCommit: Promise<void>[] | undefined = undefined;
  #commitGroup: object | undefined = undefined;
  #request: object | undefined;

  /** `request`: the transport's request the scope is made for (none for a read outside any request). */
  constructor(source?: SignalSource, request?: object) {
    this.#source = source;
    this.#request = request;
  }

  get signal(): AbortSignal | undefined {
    return this.#signalSet ? this.#signal : this.#source?.signal;
  }

  /** A value in a merged context (`{ signal }`) replaces the request's. */
  set signal(signal: AbortSignal | undefined) {
    this.#signal = signal;
    this.#signalSet = true;
  }

  static {
    identify = (scope, identity) => {
      scope.#identity = identity;
      const values = scope as Record<string, unknown>;
      values['user'] = identity.user;
      values['roles'] = identity.groups;
      values['authenticatedBy'] = identity.method;
    };
    decide = (scope, d) => {
      scope.#reading = d.reading;
      scope.#readTarget = d.readTarget;
      scope.#authorizeEdit = d.authorizeEdit;
    };
    derive = (from, into) => {
      const to = new RequestScope(from);
      if (#source in from) {
        to.#source = from.#source;
        to.#signal = from.#signal;
        to.#signalSet = from.#signalSet;
        to.#identity = from.#identity;
        to.#reading = from.#reading;
        to.#readTarget = from.#readTarget;
        to.#authorizeEdit = from.#authorizeEdit;
        to.#dryRun = from.#dryRun;
        to.#afterCommit = from.#afterCommit;
        to.#commitGroup = from.#commitGroup;
        to.#request = from.#request;
      }
      // a scope's own values are copied (a getter on its prototype is not: the signal stays read through)
      Object.assign(to, into);
      return to;
    };
    setDryRun = (scope, ledger) => {
      scope.#dryRun = ledger;
    };
    setAfterCommit = (scope, durable, group) => {
      scope.#afterCommit = durable;
      scope.#commitGroup = group;
    };
    merge = (scope, answer) => {
      Object.assign(scope, answer);
      const id = scope.#identity;
      if (id !== undefined && (answer.user !== undefined || answer.roles !== undefined || answer['authenticatedBy'] !== undefined)) identify(scope, id);
    };
    identityOf = (c) => (#identity in c ? c.#identity : NONE);
    isReading = (c) => #reading in c && c.#reading;
    readTargetOf = (c) => (#readTarget in c ? c.#readTarget : NONE);
    editAuthorizerOf = (c) => (#authorizeEdit in c ? c.#authorizeEdit : NONE);
    dryRunOf = (c) => (#dryRun in c ? c.#dryRun : NONE);
    afterCommitOf = (c) => (c !== undefined && #afterCommit in c ? c.#afterCommit : NONE);
    commitGroupOf = (c) => (c !== undefined && #commitGroup in c ? c.#commitGroup : NONE);
    requestOf = (c) => (#request in c ? c.#request : NONE);
    isScope = (c) => #source in c;
  }
}

/**
 * `into` (a context a node made, often by spreading `from`) with `from`'s
 * decisions and signal: spreading a scope copies neither (its signal is a
 * getter, its decisions private). A context that is no scope is kept as it
 * is when `from` is none either.
 */
export const extendContext = (from: RequestContext, into: RequestContext): RequestContext => {
  if (into === from) return into;
  if (!isScope(from)) return 'signal' in into || !('signal' in from) ? into : derive(from, into);
  return derive(from, into);
};

/** The context with values added (and the decisions and signal of `context`). */
export const withValues = (context: RequestContext, values: RequestContext): RequestContext => Object.assign(derive(context, context), values);

/** The context of access control's dry run of an edit, noting what it removes in `ledger`. */
export const dryRunContext = (context: RequestContext, ledger: object): RequestContext => {
  const scope = derive(context, context);
  setDryRun(scope, ledger);
  return scope;
};

/** The context in which storage pushes committed edits' durability Promises to `durable` (and, given a group, stores the modules' edits as one). */
export const withAfterCommit = (context: RequestContext, durable: Promise<void>[], group?: object): RequestContext => {
  const scope = derive(context, context);
  setAfterCommit(scope, durable, group);
  return scope;
};

/**
 * An application filter's answer merged into the request's scope: its
 * values only. Once authentication identified the request, `user`, `roles`
 * and `authenticatedBy` stay the identity's (nodes and access control see
 * the same user).
 */
export const mergeAnswer = (scope: RequestScope, answer: RequestContext): void => merge(scope, answer);

/** A read (GET) by `identity` outside any request: a metrics scrape, a subscription's events read with its owner's rights. */
export const readingScope = (identity: ScopeIdentity | undefined): RequestContext => {
  const scope = new RequestScope();
  if (identity !== undefined) identify(scope, identity);
  decide(scope, { reading: true });
  return scope;
};
