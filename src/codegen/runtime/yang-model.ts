/**
 * What `rxconf types` generates for each module as `model`, and the types an
 * application derives from it: the codecs by operation and notification path.
 */
import type * as t from 'io-ts';

export interface YangOperationCodecs {
  readonly input: t.Mixed;
  /** `t.void` when the operation declares no output. */
  readonly output: t.Mixed;
}

export interface YangModel {
  readonly module: string;
  /** The module's data with bare top-level names (configuration and state): what `reflect` binds. */
  readonly data: t.Mixed;
  readonly config: t.Mixed;
  /** An RFC 7951 instance document of the module (top-level names qualified). */
  readonly document: t.Mixed;
  readonly configDocument: t.Mixed;
  /** By `module:rpc` or `module:container/list/action`. */
  readonly operations: Readonly<Record<string, YangOperationCodecs>>;
  /** By `module:notification` or the path of a nested one. */
  readonly notifications: Readonly<Record<string, t.Mixed>>;
}

/** The paths of a model's operations. */
export type OperationPath<M extends YangModel> = keyof M['operations'] & string;
export type OperationInput<M extends YangModel, P extends OperationPath<M>> = t.TypeOf<M['operations'][P]['input']>;
export type OperationOutput<M extends YangModel, P extends OperationPath<M>> = t.TypeOf<M['operations'][P]['output']>;
export type NotificationPath<M extends YangModel> = keyof M['notifications'] & string;
export type NotificationOf<M extends YangModel, P extends NotificationPath<M>> = t.TypeOf<M['notifications'][P]>;
/** The module's data (configuration and state, bare top-level names). */
export type ModelData<M extends YangModel> = t.TypeOf<M['data']>;
