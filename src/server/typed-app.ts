/**
 * `app.typed(model)`: the application API with the generated types of a
 * module. Handlers get their input in RFC 7951 form, typed, and must answer
 * their output's type (tsc refuses any other shape); at run time the output
 * and every notification event are checked by the generated codec, and a
 * value that does not fit is an 'operation-failed' error listing each
 * problem at its JSON Pointer, never a throw from the codec. `reflect` binds
 * an object of the module's data type (values as RFC 7951 writes them).
 */
import { map, type Observable } from 'rxjs';
import { isLeft } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { Answer } from '../base/answer.ts';
import type { Node } from '../actors/node.ts';
import { mapAnswer } from '../actors/nodes/map-answer.ts';
import { reflectNode } from '../actors/nodes/reflect-node.ts';
import type { ReflectOptions } from '../actors/nodes/reflect-options.ts';
import type { RequestContext } from '../actors/request-context.ts';
import { decodeData, encodeData } from '../data/json/index.ts';
import { restconfError, RestconfFailure } from '../errors/index.ts';
import type { OperationMeta } from '../meta/meta.ts';
import type { AppContext } from './app-context.ts';
import { schemaNodeAt } from './schema-path.ts';
import { decodeWith, formatLocatedErrors, type LocatedError } from '../codegen/runtime/located-error.ts';
import { jsonFields } from '../codegen/runtime/json-fields.ts';
import type {
  ModelData, NotificationOf, NotificationPath, OperationInput, OperationOutput, OperationPath, YangModel,
} from '../codegen/runtime/yang-model.ts';

export interface TypedOperationCall<I> {
  /** The input in RFC 7951 form (`{}` when the operation has no input). */
  readonly input: I;
  readonly context: RequestContext;
  /** RFC 7951 instance-identifier of the operation (for an action, of the node it runs on). */
  readonly path: string;
}

export type TypedOperationHandler<I, O> = (call: TypedOperationCall<I>) => Answer<O>;

export interface TypedApp<M extends YangModel> {
  readonly model: M;
  /** Handles an rpc or action of the model: typed input, typed output. */
  operation<P extends OperationPath<M>>(path: P, handler: TypedOperationHandler<OperationInput<M, P>, OperationOutput<M, P>>): void;
  /** Events of a notification of the model, typed. */
  notification<P extends NotificationPath<M>>(path: P, source: Observable<NotificationOf<M, P>>): void;
  /** A node over `target`, the module's data in RFC 7951 value forms (checked by the model's codec now, by the schema on every read). */
  reflect(target: ModelData<M>, options?: ReflectOptions): Node;
}

const failure = (what: string, path: string, errors: readonly LocatedError[]): RestconfFailure =>
  new RestconfFailure(errors.map((e) => restconfError('operation-failed', `${what}${e.path === '' ? '' : ` at ${e.path}`}: ${e.message}`, { path })));

/** `value` when the codec takes it, else the located errors as an 'operation-failed' failure. */
const checked = <A>(codec: t.Decoder<unknown, A>, value: unknown, what: string, path: string): A => {
  const r = decodeWith(codec, value);
  if (isLeft(r)) throw failure(what, path, r.left);
  return r.right;
};

export const typedApp = <M extends YangModel>(app: AppContext, model: M): TypedApp<M> => ({
  model,
  operation: (path, handler) => {
    const codecs = model.operations[path];
    const meta = schemaNodeAt(app.schema, path);
    if (codecs === undefined || typeof meta === 'string' || (meta.kind !== 'rpc' && meta.kind !== 'action')) {
      throw new Error(`app: "${path}" is not an operation of ${model.module}${typeof meta === 'string' ? ` (${meta})` : ''}`);
    }
    const op: OperationMeta = meta;
    app.operation(path, (call) => {
      const decoded = decodeData(call.input ?? {}, op.input, { strict: false, content: 'all', schema: app.schema });
      const wire = decoded.ok ? encodeData(decoded.value, { strict: true, schema: app.schema }) : {};
      const input = checked(codecs.input, wire, `the input of ${path}`, call.path) as OperationInput<M, typeof path>;
      const answer = handler({ input, context: call.context, path: call.path });
      return mapAnswer(answer, (out) => {
        if (!op.hasOutput) return undefined;
        return checked(codecs.output, out ?? {}, `the ${path} handler answered invalid output`, call.path) as Record<string, unknown>;
      });
    });
  },
  notification: (path, source) => {
    const codec = model.notifications[path];
    if (codec === undefined) throw new Error(`app: "${path}" is not a notification of ${model.module}`);
    app.notification(path, source.pipe(map((e) => checked(codec, e, `an event of ${path}`, path) as Record<string, unknown>)));
  },
  reflect: (target, options = {}) => {
    const bound = decodeWith(model.data, target);
    if (isLeft(bound)) throw new Error(`app: the data bound to ${model.module} does not fit its type:\n${formatLocatedErrors(bound.left)}`);
    const module = app.schema.modules.get(model.module);
    if (module === undefined) throw new Error(`app: module "${model.module}" is not loaded`);
    return reflectNode(target as object, { ...options, fields: { ...jsonFields(module, app.schema), ...options.fields } });
  },
});
