/** How a call's bodies are decoded: its mode, the served schema, the exact texts of its numbers. */
import type { JsonBody } from '../body/index.ts';
import type { DecodeScope } from '../body/index.ts';
import type { Call } from '../call.ts';

export const decodeScope = (call: Call, body: JsonBody): DecodeScope => ({
  strict: call.strict,
  schema: call.settings.device.schema,
  numbers: body.numbers,
});
