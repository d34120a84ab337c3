/** State shared by one decoding run: the options and the errors collected so far. */
import { restconfError, type ErrorTag, type RestconfError } from '../../errors/index.ts';
import type { SchemaContext } from '../../meta/meta.ts';
import type { IdentityLookup } from '../../types/index.ts';
import { formatPath, type DataPath } from '../data-path.ts';
import type { DecodeOptions } from './decode-options.ts';
import type { NumberTexts } from './number-texts.ts';

export interface DecodeContext {
  readonly strict: boolean;
  /** True for content 'config'. */
  readonly configOnly: boolean;
  readonly schema: SchemaContext;
  readonly identity: IdentityLookup;
  readonly numbers: NumberTexts | undefined;
  readonly errors: RestconfError[];
}

export const createContext = (options: DecodeOptions): DecodeContext => ({
  strict: options.strict,
  configOnly: options.content === 'config',
  schema: options.schema,
  identity: (module, name) => options.schema.modules.get(module)?.identities.get(name),
  numbers: options.numbers,
  errors: [],
});

/** Records an error of error-type 'application' at a data path. */
export const report = (ctx: DecodeContext, tag: ErrorTag, message: string, path: DataPath, appTag?: string, info?: Record<string, unknown>): void => {
  ctx.errors.push(restconfError(tag, message, { path: formatPath(path), appTag, ...(info === undefined ? {} : { info }) }));
};
