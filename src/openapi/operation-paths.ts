/**
 * The operations of rpcs and actions (POST, input and output in each mode:
 * strict wrapped in `<module>:input` / `<module>:output`, plain bare) and
 * of notifications (GET, an event stream with `filter`).
 */
import type { NotificationMeta, OperationMeta } from '../meta/meta.ts';
import { modalBody, type BodyMode } from './body-mode.ts';
import type { JsonSchema } from './json-schema.ts';
import { oneLine } from './one-line.ts';
import { errorsOf, type PathContext } from './path-context.ts';
import { STREAM_PARAMETERS } from './query-parameters.ts';

export const operationPost = (ctx: PathContext, op: OperationMeta, schemaPath: string, tag: string): JsonSchema => {
  const c = ctx.components;
  const wrapped = (member: string, schema: JsonSchema, mode: BodyMode, required: boolean): JsonSchema =>
    mode === 'plain' ? schema : { type: 'object', properties: { [`${op.module.name}:${member}`]: schema }, ...(required ? { required: [`${op.module.name}:${member}`] } : {}), additionalProperties: false };
  const input = c.object(op.input, 'create', 'strict');
  const mandatoryInput = input.required !== undefined || input.anyOf !== undefined || input.allOf !== undefined;
  const responses: Record<string, unknown> = op.output.children.length > 0
    ? { 200: modalBody('The output', (mode) => wrapped('output', c.ref(op.output, 'all', mode), mode, true)) }
    : { 204: { description: 'Done, no output' } };
  const description = oneLine(op.description);
  return {
    tags: [tag], operationId: ctx.ids.take('post', schemaPath), summary: `Invoke ${op.kind} ${op.module.name}:${op.name}`, ...(description === undefined ? {} : { description }),
    ...(op.input.children.length > 0 ? { requestBody: { ...modalBody('The input', (mode) => wrapped('input', c.ref(op.input, 'create', mode), mode, mandatoryInput)), required: mandatoryInput } } : {}),
    responses: { ...responses, ...errorsOf(ctx, [400, 401, 403, ...(op.kind === 'action' ? [404 as const] : []), 409, ...(op.input.children.length > 0 ? [415 as const] : []), 500, 501]) },
  };
};

export const notificationGet = (ctx: PathContext, n: NotificationMeta, schemaPath: string, tag: string): JsonSchema => ({
  tags: [tag], operationId: ctx.ids.take('get', schemaPath), summary: `Subscribe to notification ${n.module.name}:${n.name}`,
  parameters: STREAM_PARAMETERS,
  responses: {
    200: {
      description: `Server-Sent Events; each event's data is {"ietf-restconf:notification": {"eventTime": …, "${n.module.name}:${n.name}": …}} (RFC 8040 §6.4)`,
      content: { 'text/event-stream': { schema: { type: 'string' }, 'x-event-schema': ctx.components.ref(n, 'all', 'strict') } },
    },
    ...errorsOf(ctx, [400, 401, 403, 500]),
  },
});
