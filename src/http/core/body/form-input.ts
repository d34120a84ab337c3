/**
 * rpc and action input from an HTML form: `application/x-www-form-urlencoded`
 * or `multipart/form-data`, parsed as it arrives by @fastify/busboy.
 *
 * Text fields (and JSON parts) come first; they are decoded and checked as
 * JSON input would be (form-fields.ts). A file part streams into a binary or
 * anydata input node: the operation runs as soon as it begins, the handler
 * reading the file's bytes while they arrive (form-upload.ts), nothing held
 * whole. One file part per form, and it is the last part (a part after it
 * fails the file's read with 400). The body as a whole stays under the
 * server's max-body-bytes (413); each text field under 1 MiB, 1,000 parts.
 */
import { once } from 'node:events';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import type { RequestContext } from '../../../actors/request-context.ts';
import { withValues } from '../../../actors/request-scope.ts';
import { DataContainer } from '../../../data/data-container.ts';
import { formatPath, type DataPath } from '../../../data/data-path.ts';
import { decodeData } from '../../../data/json/index.ts';
import { restconfError, RestconfFailure, type RestconfError } from '../../../errors/index.ts';
import type { DataNodeMeta, OperationMeta, SchemaContext } from '../../../meta/meta.ts';
import type { CoreRequest } from '../../exchange.ts';
import { fieldTarget, formFieldsJson, takesFile, type FormField } from './form-fields.ts';
import { isFormContent } from './form-media-types.ts';
import { FormUpload } from './form-upload.ts';

/** The request context member holding the form's file, when it has one: `context[UPLOADS]`. */
export const UPLOADS = 'uploads';

/** What a handler finds at `context.uploads`: the file by its input node's member path (`["image"]`). */
export interface FormUploads {
  readonly upload: FormUpload;
  /** JSON member names from the input down to the node the file is for. */
  readonly members: readonly string[];
}

export type RunOperation<T> = (input: DataContainer | undefined, context: RequestContext) => Promise<T>;

export interface FormInput {
  /** Runs the operation with the form's input (and its file in the context), then reads the form to its end. */
  run<T>(operation: RunOperation<T>, context: RequestContext): Promise<T>;
}

const FIELD_BYTES = 1024 * 1024;
const PARTS = 1000;

const malformed = (message: string, at: string): RestconfFailure =>
  new RestconfFailure([restconfError('malformed-message', message, { type: 'rpc', path: at })]);

const describeNode = (meta: DataNodeMeta): string => (meta.kind === 'leaf' ? `${meta.type.base} leaf` : meta.kind);

interface Parsed {
  readonly input: DataContainer | undefined;
  readonly file: FormUploads | undefined;
}

/** Feeds the body into busboy, waiting when it waits (a file read slowly), until the end or until `stop` settles. */
const pump = async (body: AsyncIterable<Uint8Array>, parser: BusboyInstance, stop: Promise<void>): Promise<void> => {
  let stopped = false;
  void stop.then(() => { stopped = true; });
  for await (const chunk of body) {
    if (stopped) return;
    if (!parser.write(chunk)) await Promise.race([once(parser, 'drain'), stop]);
  }
  if (!stopped) parser.end();
};

/**
 * The form input of `op` when the request body is a form; undefined for any
 * other Content-Type. Resolves once the fields before the file (or all of
 * them) are read and decoded; rejects with their errors.
 */
export const readFormInput = async (
  request: CoreRequest, op: OperationMeta, path: DataPath, schema: SchemaContext,
): Promise<FormInput | undefined> => {
  const contentType = request.headers.get('content-type');
  if (!isFormContent(contentType)) return undefined;
  const at = formatPath(path);
  let parser: BusboyInstance;
  try {
    parser = Busboy({ headers: { 'content-type': contentType as string }, limits: { fieldSize: FIELD_BYTES, parts: PARTS, files: 1 } });
  } catch (e) {
    throw malformed(`the form cannot be read: ${(e as Error).message}`, at);
  }
  const fields: FormField[] = [];
  let file: FormUploads | undefined;
  let failure: unknown;
  let halt!: () => void;
  const stop = new Promise<void>((resolve) => { halt = resolve; });
  let settle: { resolve(p: Parsed): void; reject(e: unknown): void } | undefined;
  const parsed = new Promise<Parsed>((resolve, reject) => { settle = { resolve, reject }; });
  let endForm!: { resolve(): void; reject(e: unknown): void };
  const formEnded = new Promise<void>((resolve, reject) => { endForm = { resolve, reject }; });
  formEnded.catch(() => undefined);

  const fail = (e: unknown): void => {
    failure ??= e;
    halt();
    file?.upload.fail(e);
    endForm.reject(e);
    settle?.reject(e);
    settle = undefined;
  };
  const decodeFields = (): DataContainer | undefined => {
    const errors: RestconfError[] = [];
    const json = formFieldsJson(fields, op, schema, at, errors);
    if (!op.hasInput) {
      if (errors.length === 0 && Object.keys(json).length === 0 && file === undefined) return undefined;
      throw malformed(`${op.kind} "${op.name}" takes no input`, at);
    }
    const r = decodeData(json, op.input, { strict: false, content: 'all', schema, path });
    if (!r.ok || errors.length > 0) throw new RestconfFailure([...errors, ...(r.ok ? [] : r.errors)]);
    return r.value instanceof DataContainer ? r.value : undefined;
  };
  const ready = (): void => {
    if (settle === undefined) return;
    const s = settle;
    settle = undefined;
    try {
      s.resolve({ input: decodeFields(), file });
    } catch (e) {
      halt();
      file?.upload.discard();
      s.reject(e);
    }
  };

  parser.on('field', (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean, _encoding: string, mimeType: string) => {
    if (file !== undefined) return fail(malformed(`form field "${name}" comes after the file part: the file must be the last part`, at));
    if (valueTruncated) return fail(new RestconfFailure([restconfError('too-big', `form field "${name}" is over ${FIELD_BYTES} bytes`, { type: 'application', path: at })]));
    fields.push({ name, value, json: mimeType === 'application/json' });
  });
  parser.on('file', (name: string, stream: BusboyFileStream, filename: string, _encoding: string, mimeType: string) => {
    const target = fieldTarget(op, name);
    const meta = typeof target === 'string' ? undefined : target.meta;
    const problem = typeof target === 'string' ? target : meta === undefined || takesFile(meta) ? undefined : `"${name}" is a ${describeNode(meta)}: files go to binary leaves and anydata`;
    if (typeof target === 'string' || problem !== undefined) {
      stream.resume();
      return fail(new RestconfFailure([restconfError('invalid-value', `form file "${name}": ${problem ?? ''}`, { type: 'application', path: at })]));
    }
    const upload = new FormUpload({ field: name, filename, mediaType: mimeType, stream, meta: target.meta as never, at }, formEnded);
    file = { upload, members: target.members };
    ready();
  });
  parser.on('filesLimit', () => fail(malformed('a form carries at most one file', at)));
  parser.on('partsLimit', () => fail(malformed(`a form carries at most ${PARTS} parts`, at)));
  parser.on('error', (e: unknown) => fail(malformed(`the form cannot be read: ${(e as Error).message}`, at)));
  parser.on('finish', () => {
    ready();
    endForm.resolve();
  });
  const pumped = pump(request.body, parser, stop).catch((e: unknown) => {
    fail(e);
    parser.destroy();
  });
  const { input } = await parsed;
  return {
    run: async <T>(operation: RunOperation<T>, context: RequestContext): Promise<T> => {
      const held = file;
      const outcome = await operation(input, held === undefined ? context : withValues(context, { [UPLOADS]: held }))
        .then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }));
      held?.upload.discard();
      await pumped;
      await formEnded.catch(() => undefined);
      // The form's own failure (413, client gone, malformed) over whatever the handler made of it.
      if (failure !== undefined) throw failure;
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    },
  };
};
